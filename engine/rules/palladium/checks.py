"""The checks every Palladium action on one's own turn makes before anything is rolled: the
actor (alive, able, his turn, not busy, free to attack, attacks enough) and the target, and
that a weapon is in hand. Refusals are IllegalAction (exit 1), unknown names UnknownName."""

from __future__ import annotations

from engine.pronouns import of as pronoun
from engine.rules import IllegalAction
from engine.rules.palladium import combat, conditions
from engine.rules.palladium.apm import passes_mode
from engine.rules.palladium.kinds import KINDS
from engine.turns import known
from events.palladium import WeaponProfile
from projections.palladium import Fighter, fighter
from projections.state import FightState


def busy(state: FightState, actor: str) -> None:
    """Refuse while ``actor`` is in the middle of an action he is still paying for."""
    ip = fighter(state.combatants[actor]).in_progress
    if ip is not None:
        name = state.combatants[actor].name
        raise IllegalAction(
            f"{name} is in the middle of {KINDS[ip.action].label} ({ip.cost - ip.paid} of "
            f"{ip.cost} attacks still to pay); it goes on at {pronoun(state, actor).their} next "
            "turn (PAL-HR-LONG-ACTION)"
        )


def check_actor(
    state: FightState, actor: str, cost: int, what: str, *, attack: bool = True
) -> None:
    """The checks every action on one's own turn makes (PAL-ROUND-SEQUENCE).

    In a cycling round (RAW) the whole cost must be left this round: a multi-attack action
    lands on its last attack within the round (PAL-COST-MULTI-LANDING). In a round of passes
    one attack in hand is enough to begin: what the pass cannot pay is paid on later turns
    (PAL-HR-LONG-ACTION); with none in hand the only choice is to pass (PAL-HR-PASS-TURN).
    """
    known(state, actor)
    c = state.combatants[actor]
    if not c.alive:
        raise IllegalAction(f"{c.name} is dead")
    out = conditions.out_of_action(c)
    if out is not None:
        raise IllegalAction(f"{c.name} is {out.said} and cannot act ({out.rule})")
    clock = state.clock
    if clock.round == 0 and clock.acting is None:
        raise IllegalAction("no melee round is running: roll `fracas initiative` first")
    if clock.acting is None:
        spent = "turn" if clock.passes else "attack"
        over = "is over" if clock.passes else "is spent"
        raise IllegalAction(
            f"every {spent} of round {clock.round} {over}: roll `fracas initiative` "
            "for the next round (PAL-ROUND-END)"
        )
    if clock.acting != actor:
        if actor not in clock.order and clock.round:
            raise IllegalAction(not_in_order(state, actor))
        raise IllegalAction(
            f"it is {state.combatants[clock.acting].name}'s turn ({clock.acting}), "
            f"not {c.name}'s (PAL-ROUND-SEQUENCE)"
        )
    busy(state, actor)
    bound = conditions.cannot_attack(c) if attack else None
    if bound is not None:
        raise IllegalAction(f"{c.name} is {bound.said} and cannot attack ({bound.rule})")
    left = fighter(c).apm_left
    if passes_mode(state):
        if left < 1 and cost > 0:
            raise IllegalAction(
                f"{c.name} has no attacks in hand this pass: `fracas pass {actor}` "
                "(PAL-HR-PASS-TURN)"
            )
    elif left < cost:
        raise IllegalAction(
            f"{what} costs {cost} attacks and {c.name} has {left} left this melee round "
            "(PAL-COST-MULTI-LANDING)"
        )


def not_in_order(state: FightState, cid: str) -> str:
    """Why ``cid``, alive and able now, has no place in this round's order: he joined after
    its initiative, or he was out of the fight (unconscious, stunned …) when it began or was
    put out during it (the clock takes him out, engine/clock.py)."""
    c = state.combatants[cid]
    clock = state.clock
    if c.joined == clock.round:
        return (
            f"{c.name} joined after round {clock.round}'s initiative and acts from the next round"
        )
    return (
        f"{c.name} has no place in round {clock.round}'s order: he was out of the fight when "
        "it began or was put out during it, and acts from the next round"
    )


def check_target(state: FightState, actor: str, target: str) -> None:
    """A target is a living combatant other than the actor."""
    known(state, target)
    if target == actor:
        who = state.combatants[actor]
        raise IllegalAction(f"{who.name} cannot strike {pronoun(state, actor).themselves}")
    if not state.combatants[target].alive:
        raise IllegalAction(f"{state.combatants[target].name} is dead")


DEATH_BLOW_COST = 2  # PAL-DMG-DEATHBLOW: a death blow at will takes two attacks


def in_hand(f: Fighter, weapon: WeaponProfile | None) -> None:
    """Refuse a weapon knocked out of his hand (PAL-DEF-DISARM) or still stowed."""
    combat.in_hand(f.profile, f.dropped, weapon, f.stowed, f.destroyed())
