"""Knockouts and death blows: a natural strike in the range a style grants (PAL-DMG-KO,
PAL-DMG-DEATHBLOW) makes a blow that lands more than a blow.

:func:`land` is how every melee blow that gets through is hurt: when the striker's natural
roll opened a special blow he has not answered yet, the fight waits for him (``activate A
knockout|death-blow|no``, like a pending defence), unless the rules as written settle it
(option ``special_blows``: "automatic" makes the only blow open to him one; "activate", the
house rules, asks and charges one more attack, PAL-HR-KO, PAL-HR-DEATHBLOW).

Readings: the chance is judged on the strike's natural die and only for a blow that gets
through (a parried knockout is no knockout); a knockout dazes for 1D4 melee rounds from that
moment (PAL-COND-DAZED) after the blow's damage; a death blow doubles the damage with its
bonuses and takes it straight off Hit Points, except through armor that still stands, from an
S.D.C. striker against a Mega-Damage being, or with a gun, where it is an ordinary blow and
says why. Rolled with (``defend B roll``), a knockout does double damage and dazes nobody,
and a death blow takes half of what is left instead (PAL-DEF-ROLL-SPECIAL).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import msgspec

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rolls import roll
from engine.rules import IllegalAction
from engine.rules.palladium import apm, damage, grips, handtohand, throws, weaponshots
from engine.rules.palladium.options import opts
from engine.turns import for_rounds
from events.core import Event, Modifier, ReactionRequested, Roll
from events.palladium import BlowLanded, DamageApplied, StrikeDetail
from projections.palladium import fighter
from projections.state import FightState

#: How a chosen blow lands: (state, striker, target, strike, dice, the ply's earlier events).
Hit = Callable[[FightState, str, str, StrikeDetail, Dice, Sequence[Event]], list[Event]]


class Blow(NamedTuple):
    """One row: the profile's field holding the lowest natural roll that opens the blow, its
    rule as written, the house rule that charges an attack for it, and how it lands."""

    least: str
    rule: str
    house_rule: str
    hit: Hit
    #: Opened by a critical from behind where the style grants it (PAL-DMG-CRIT-BEHIND).
    from_behind: bool = False


KO_DICE = "1D4"  # PAL-DMG-KO: dazed for 1D4 melee rounds


def open_to(state: FightState, attacker: str, detail: StrikeDetail) -> list[str]:
    """The special blows this strike's natural roll opens to the striker, in table order; a
    critical from behind by a style that grants it opens a knockout instead
    (PAL-DMG-CRIT-BEHIND: "critical strike or knockout"), and the striker is always asked."""
    if detail.ranged or detail.purpose:
        return []  # a hold, a disarm or a body block is no blow to knock out with
    p = fighter(state.combatants[attacker]).profile
    return [
        blow
        for blow, row in BLOWS.items()
        if ((least := getattr(p, row.least)) is not None and detail.natural >= least)
        or (row.from_behind and detail.behind and detail.critical)
    ]


def land(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """A blow that gets through: damage, or first the striker's answer to a special blow.
    ``earlier``: the ply's events before it (a defence the target paid for)."""
    if not detail.blow:
        opened = open_to(state, attacker, detail)
        made = by_itself(state, attacker, detail, opened)
        if made is not None:
            detail = made
        elif opened:
            asked = msgspec.structs.replace(detail, target=target)
            return [
                ReactionRequested(actor=target, reactor=attacker, kind="activate", detail=asked)
            ]
    return _hit(state, attacker, target, detail, dice, earlier)


def exchanged(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """A blow of a simultaneous exchange, where nobody can be asked mid-way: the special blow
    its natural roll opens is made one only when the rules as written make it one by itself
    (option ``special_blows`` "automatic", one blow open); otherwise it is an ordinary blow
    (reading; PAL-DEF-SIMULTANEOUS, PAL-DMG-KO)."""
    return _hit(
        state, attacker, target, by_itself(state, attacker, detail) or detail, dice, earlier
    )


def by_itself(
    state: FightState, attacker: str, detail: StrikeDetail, opened: list[str] | None = None
) -> StrikeDetail | None:
    """The strike as the special blow it makes by itself, with nobody asked: under the option
    ``special_blows`` "automatic", the only blow its roll opens; never from behind, where the
    critical or the knockout is the striker's pick (PAL-DMG-CRIT-BEHIND). None otherwise.
    ``opened``: :func:`open_to`'s answer, if the caller has it."""
    blows = open_to(state, attacker, detail) if opened is None else opened
    if opts(state).special_blows == "automatic" and len(blows) == 1 and not detail.behind:
        return msgspec.structs.replace(detail, blow=blows[0])
    return None


def answer(
    state: FightState, attacker: str, choice: str, detail: StrikeDetail, dice: Dice
) -> list[Event]:
    """The striker's answer (``activate``): the blow he chose if it is open to him, paid for
    with one more attack under the house rules; ``no``, an ordinary blow."""
    events: list[Event] = []
    if choice != "no":
        blows = open_to(state, attacker, detail)
        if choice not in blows:
            open_ = " or ".join(blows) or "nothing"
            raise IllegalAction(
                f"this strike's natural {detail.natural} opens {open_}, not {choice}"
            )
        if opts(state).special_blows == "activate":
            rule = BLOWS[choice].house_rule
            f = fighter(state.combatants[attacker])
            if f.apm_left < 1:
                raise IllegalAction(
                    f"{f.profile.name} has no attack left to make it {choice} ({rule}); "
                    f"`fracas activate {attacker} no`"
                )
            events.append(apm.spend_off_turn(state, attacker, 1, choice, rule, "other"))
    chosen = msgspec.structs.replace(detail, blow=choice)
    least = fighter(state.combatants[attacker]).profile.knockout_min
    by_roll = least is not None and detail.natural >= least
    if choice == "knockout" and not by_roll:  # from behind: instead of the critical
        chosen = msgspec.structs.replace(chosen, critical=False)
    return events + _hit(state, attacker, detail.target, chosen, dice, events)


def _hit(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """The blow's damage, as the chosen special blow makes it (an ordinary one: none)."""
    purpose = PURPOSES.get(detail.purpose)
    if purpose is not None:
        return purpose(state, attacker, target, detail, dice, earlier)
    row = BLOWS.get(detail.blow)
    if row is None:
        return damage.damage(state, attacker, target, detail, dice, earlier=earlier)
    return row.hit(state, attacker, target, detail, dice, earlier)


def _landed(
    attacker: str, target: str, blow: str, note: str, rounds: Roll | None = None
) -> BlowLanded:
    return BlowLanded(
        actor=attacker, target=target, blow=blow, rule=BLOWS[blow].rule, roll=rounds, note=note
    )


def knockout(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """The blow's damage, then dazed for 1D4 melee rounds from now: one attack, no combat
    bonuses (PAL-DMG-KO, PAL-COND-DAZED). Reading: a blow his armor takes whole (or that does
    nothing to him) knocks nobody out."""
    if detail.rolled:  # rolled with it: double damage instead (PAL-DEF-ROLL-SPECIAL)
        twice = Modifier(
            name="rolled with a knockout", value=2, source="rules", rule=ROLLED, op="mul"
        )
        events = damage.damage(
            state, attacker, target, detail, dice, earlier=earlier, extra=[twice]
        )
        p = pronoun(state, target)
        note = f"{p.they} rolled with it: double damage, and {p.they_are()} not dazed"
        return [*events, _landed(attacker, target, "knockout", f"{note} ({ROLLED})")]
    events = damage.damage(state, attacker, target, detail, dice, earlier=earlier)
    if not any(isinstance(e, DamageApplied) and e.pool != "armor" for e in events):
        p = pronoun(state, target)
        note = f"the blow does not reach {p.them} through {p.their} armor: no knockout"
        return [*events, _landed(attacker, target, "knockout", note)]
    rounds = roll(dice, "knockout", KO_DICE, rule="PAL-COND-DAZED")
    events.append(
        _landed(attacker, target, "knockout", f"dazed for {rounds.total} melee rounds", rounds)
    )
    if not state.combatants[target].alive:
        return events
    dazed = for_rounds(state, target, "dazed", rounds.total, "PAL-DMG-KO")
    return [*events, dazed, *handtohand.capped(state, target, "dazed", earlier)]


def death_blow(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """Double damage with its bonuses, straight off Hit Points (PAL-DMG-DEATHBLOW), where the
    rules let it; otherwise an ordinary blow that says why."""
    why = _no_death_blow(state, attacker, target)
    if detail.rolled and not why:  # rolled with it: half of what is left (PAL-DEF-ROLL-SPECIAL)
        p = pronoun(state, target)
        note = (
            f"{p.they} rolled with it: {p.they} {p.agree('loses', 'lose')} half of what "
            f"{p.they} {p.have} left ({ROLLED})"
        )
        return [
            _landed(attacker, target, "death-blow", note),
            *damage.lose_half(state, target, ROLLED),
        ]
    landed = _landed(attacker, target, "death-blow", why or DEATH_BLOW)
    hurt = damage.damage(state, attacker, target, detail, dice, death_blow=not why, earlier=earlier)
    return [landed, *hurt]


def _no_death_blow(state: FightState, attacker: str, target: str) -> str:
    """Why a death blow is an ordinary blow against ``target``, or ""."""
    f = fighter(state.combatants[target])
    if (f.armor_mdc or 0) > 0 or (f.armor_sdc or 0) > 0:
        return "it does not work through armor: an ordinary blow"
    if f.mdc is not None and fighter(state.combatants[attacker]).profile.mdc is None:
        return "only a Mega-Damage being deals one to a Mega-Damage being: an ordinary blow"
    return ""


DEATH_BLOW = "double damage, straight off Hit Points"
ROLLED = "PAL-DEF-ROLL-SPECIAL"

#: What a strike made for more than a blow does when it gets through (a hold, a disarm, a
#: body block; ``grips.py``, ``throws.py``).
PURPOSES: dict[str, Hit] = {
    "hold": grips.take_hold,
    "disarm": throws.disarm_lands,
    "body-block": throws.body_block_lands,
    weaponshots.PURPOSE: weaponshots.weapon_struck,
}

#: The special blows, in the order a striker is offered them.
BLOWS: dict[str, Blow] = {
    "knockout": Blow("knockout_min", "PAL-DMG-KO", "PAL-HR-KO", knockout, from_behind=True),
    "death-blow": Blow("death_blow_min", "PAL-DMG-DEATHBLOW", "PAL-HR-DEATHBLOW", death_blow),
}
