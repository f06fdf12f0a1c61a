"""Suppression fire (GURPS-SUPPRESS): All-Out Attack (Suppression Fire) covers a zone until the
shooter's next turn, and whoever the GM says enters it is attacked.

``fracas suppress A [--shots N]`` takes the maneuver (unless chosen already) and fires RoF 5+
into the zone; ``fracas enter-zone B A`` is the GM's word that B enters it: an attack through
the pack's attack (:func:`engine.rules.gurps.attack.resolve`) at an effective skill no better
than 6 + the RoF bonus of the zone's shots (8 + for a mounted weapon), at a random hit
location, its rapid-fire hits drawn from the shots not yet used, until all have hit. The
numbers are :mod:`engine.rules.gurps.situations.volleys`.
"""

from __future__ import annotations

import attrs
from msgspec.structs import replace

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.attack import resolve
from engine.rules.gurps.common import able, check_turn, choose, fighter, find_weapon
from engine.rules.gurps.limbs import gun_in_hand
from engine.rules.gurps.malfunctions import refuse_jammed
from engine.rules.gurps.maneuvers import row
from engine.rules.gurps.sheet import rof_parts
from engine.rules.gurps.situations import volleys
from engine.rules.gurps.situations.common import situation
from engine.rules.gurps.tables import rof_bonus
from engine.rules.pack import Decision
from engine.turns import known
from events.core import Event
from events.gurps import (
    AttackDeclared,
    AttackRolled,
    EnterZoneDeclared,
    ShotsSpent,
    SuppressDeclared,
    ZoneCovered,
    ZoneFired,
)
from projections.state import FightState

_MANEUVER = ("all-out-attack", "suppression")
RULE = "GURPS-SUPPRESS"


def decide_suppress(state: FightState, d: SuppressDeclared, dice: Dice) -> Decision:
    """Fire a suppression burst into a zone; the turn ends."""
    check_turn(state, d.actor)
    weapon = gun_in_hand(state, d.actor, d.weapon, RULE)
    refuse_jammed(state, d.actor, weapon)
    f = fighter(state, d.actor)
    events: list[Event] = []
    if f.maneuver is None:
        events.append(choose(state, d.actor, "all-out-attack", "suppression", weapon=weapon.name))
    elif (f.maneuver, f.mode) != _MANEUVER:
        raise IllegalAction(
            f"{state.combatants[d.actor].name} took {f.maneuver} this turn: suppression fire is "
            "All-Out Attack (Suppression Fire) (GURPS-SUPPRESS)"
        )
    rof, full_auto, _ = rof_parts(weapon.rof_text or str(weapon.rof))
    left = f.shots.get(weapon.name, 0) if weapon.shots else rof
    shots = d.shots if d.shots is not None else min(rof, left)
    volleys.suppression_zones(rof, (shots,))
    r = row(*_MANEUVER)
    if shots < r.rof_at_least:
        raise IllegalAction(f"{r.title} fires RoF {r.rof_at_least}+, not {shots} ({r.rule})")
    least = volleys.minimum_rof(rof, left, full_auto_only=full_auto)
    if shots < least:
        raise IllegalAction(f"the {weapon.name} fires at least {least} (GURPS-RF-FULLAUTO)")
    if weapon.shots:
        if left < shots:
            raise IllegalAction(f"the {weapon.name} has {left} shot(s) left, not {shots}")
        events.append(
            ShotsSpent(combatant=d.actor, weapon=weapon.name, spent=shots, left=left - shots)
        )
    cap = volleys.suppression_cap(rof_bonus(shots), mounted=d.mounted)
    events.append(
        ZoneCovered(combatant=d.actor, weapon=weapon.name, shots=shots, cap=cap.value, zone=d.zone)
    )
    return Decision(events, advance="next")


def decide_enter_zone(state: FightState, d: EnterZoneDeclared, dice: Dice) -> Decision:
    """The GM says ``victim`` enters ``shooter``'s zone: the zone's attack on him."""
    known(state, d.shooter)
    known(state, d.victim)
    if d.victim == d.shooter:
        raise UsageError(
            f"{state.combatants[d.shooter].name} does not enter "
            f"{pronoun(state, d.shooter).their} own zone"
        )
    able(state, d.shooter)
    f = fighter(state, d.shooter)
    zone = f.zone
    name = state.combatants[d.shooter].name
    if zone is None:
        raise IllegalAction(f"{name} covers no zone now (GURPS-SUPPRESS)")
    left = volleys.suppression_shots_left(zone.left, 0)
    if left == 0:
        raise IllegalAction(f"all the shots into {name}'s zone have hit (GURPS-SUPPRESS)")
    weapon = find_weapon(state, d.shooter, zone.weapon)
    fired = replace(weapon, shots=0, rof_text=str(left))  # spent when the zone was covered
    r = attrs.evolve(row(*_MANEUVER), attacks=f.attacks + 1, rof_at_least=0)
    attack = AttackDeclared(
        actor=d.shooter,
        target=d.victim,
        weapon=weapon.name,
        location="random",
        rof=left,
        range=d.range,
        mod=d.mod,
        defend=d.defend,
        retreat=d.retreat,
        drop=d.drop,
    )
    extra = [situation(zone.cap, f"suppression fire: at most {zone.cap}", RULE, op="cap")]
    events, _ = resolve(state, attack, fired, r, dice, [], extra=extra)
    hits = next(e.hits for e in events if isinstance(e, AttackRolled))
    fired_at = ZoneFired(shooter=d.shooter, victim=d.victim, hits=hits, left=left - hits)
    return Decision([fired_at, *events], advance="none")
