"""The melee-side situational rules' part of an attack: what holds do to the attacks and
defences of the two they bind (GURPS-GRAPPLE, GURPS-ARM-LOCK, GURPS-CHOKE-HOLD), a
dual-weapon attack's hands (GURPS-DUAL-WEAPON, :mod:`dual`) and an unseen foe (GURPS-VIS-BLIND,
-INVISIBLE, -KNOWN-HEX, -LIGHT, :mod:`sight`). ``attack`` asks :func:`prepare` and
:func:`melee_extras` once each and passes what they say to ``attack.resolve``; the grapple
verbs (:mod:`grappling`) ask :func:`melee_situation`.
"""

from __future__ import annotations

from typing import TypedDict

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction
from engine.rules.gurps import ambush, dual, heights, sight
from engine.rules.gurps import unseen as not_seen
from engine.rules.gurps.common import fighter
from engine.rules.gurps.maneuvers import Row
from engine.rules.gurps.situations import grapple as sg
from engine.rules.gurps.situations.common import situation
from events.core import Event, Modifier
from events.gurps import AttackDeclared, GurpsWeapon
from projections.state import FightState

_G = "GURPS-GRAPPLE"
#: A held fighter's attacks (reading: the Basic Set's -4 DX, on every attack he makes).
GRAPPLED = -4
#: Maneuvers a held fighter cannot take: he cannot move away (GURPS-GRAPPLE).
MOVING = ("move", "move-and-attack")


class Extras(TypedDict):
    """What the situational rules add to an attack: ``extra`` modifiers to the roll,
    ``defence_mods`` to the defence against it, the defences left (``only``; None: all the
    rules allow) or none (``no_defence``: why)."""

    extra: list[Modifier]
    defence_mods: list[Modifier]
    only: tuple[str, ...] | None
    no_defence: str | None


def melee_extras(
    state: FightState, d: AttackDeclared, weapon: GurpsWeapon, events: list[Event]
) -> Extras:
    """The situational modifiers of an ``attack``, for ``attack.resolve``; ``events`` are the
    ones before its roll (:func:`prepare`'s)."""
    extra, defence_mods = melee_situation(state, d.actor, d.target, weapon)
    hand, divided = dual.modifiers(state, d, weapon)
    unseen = sight.modifiers(state, d)
    height, guard = heights.modifiers(state, d, weapon)
    blind = not_seen.defence(state, d, events)
    dropping, overhead, surprised = ambush.defence(state, d, events)
    return Extras(
        extra=[*hand, *unseen, *height, *dropping, *extra],
        defence_mods=[*divided, *guard, *overhead, *blind["defence_mods"], *defence_mods],
        only=blind["only"],
        no_defence=surprised or blind["no_defence"],
    )


def prepare(
    state: FightState,
    d: AttackDeclared,
    weapon: GurpsWeapon,
    r: Row,
    dice: Dice,
    events: list[Event],
) -> tuple[AttackDeclared, Row, list[Event]]:
    """The attack as it is made (an unseen foe: a random location), the maneuver row it is
    judged by (a dual-weapon attack's), and the events before its roll (an unseen attacker's
    foe's Hearing roll)."""
    heights.check(state, d, weapon)
    r, events = dual.prepare(state, d, weapon, r, events)
    made = sight.prepare(state, d)
    before = [*ambush.contest(state, d, dice), *not_seen.hearing(state, d, dice)]
    return made, r, [*events, *before]


def melee_situation(
    state: FightState, actor: str, target: str, weapon: GurpsWeapon
) -> tuple[list[Modifier], list[Modifier]]:
    """What holds do to an attack of ``actor``'s on ``target``: the modifiers to the attack
    (held: -4; in a choke hold, at the holder: -4, GURPS-CHOKE-HOLD) and to the defence (his
    arm locked by the attacker, against a close-combat attack: -4, GURPS-ARM-LOCK)."""
    f = fighter(state, actor)
    extra: list[Modifier] = []
    if f.held_by is not None:
        holder = fighter(state, f.held_by)
        if holder.hold == "choke_hold" and f.held_by == target:
            extra.append(sg.choked_attack())
        else:
            extra.append(situation(GRAPPLED, "grappled: -4 DX", _G))
    defence_mods: list[Modifier] = []
    if f.holding == target and f.hold == "arm_lock" and "C" in weapon.reach.split(","):
        defence_mods.append(sg.locked_defence())
    return extra, defence_mods


def check_maneuver(state: FightState, actor: str, maneuver: str) -> None:
    """Refuse a Move for a fighter held (GURPS-GRAPPLE)."""
    held_by = fighter(state, actor).held_by
    if held_by is not None and maneuver in MOVING:
        raise IllegalAction(
            f"{state.combatants[actor].name} is held by {state.combatants[held_by].name}: "
            f"{pronoun(state, actor).they} cannot move away "
            f"(`fracas break-free {actor}` first, {_G})"
        )


def holder_turn(state: FightState, cid: str, dice: Dice) -> list[Event]:
    """As a choke holder's turn begins, his victim loses 1 FP (GURPS-CHOKE-HOLD), through the
    one fatigue path (GURPS-FATIGUE: at 0 FP or below it costs HP too)."""
    from engine.rules.gurps.fatigue import lose_fp

    f = fighter(state, cid)
    if f.holding is None or f.hold != "choke_hold":
        return []
    lost, _ = sg.choke_hold_turn()
    return lose_fp(state, dice, f.holding, lost, "GURPS-CHOKE-HOLD")
