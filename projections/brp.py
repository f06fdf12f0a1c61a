"""Reducers and read models for the Basic Roleplaying pack: hit points (total and by
location), weapons, the round's attack, parry and dodge, intents, aim and hazards."""

# No `from __future__ import annotations`: msgspec reads these records' annotations to decode
# snapshots, and evaluating them from strings costs about 1 ms a command.

from typing import Any, cast

import msgspec
from msgspec.structs import replace

from events import brp as be
from events.core import Event
from projections.fold import Reducer
from projections.resheet import carried, less
from projections.state import CombatantState, FightState, evolve, rounds_left


class WeaponState(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon now: in hand or not, shots left in the magazine, its HP, broken."""

    drawn: bool
    shots: int = 0
    hp: int | None = None
    broken: bool = False


class Exposure(msgspec.Struct, frozen=True, kw_only=True):
    """A hazard a fighter is exposed to (BRP-FIRE, BRP-ASPHYX): the CON multiplier of his next
    breath roll, rounds his armor still keeps fire off, whether a breath roll has failed."""

    hazard: be.Hazard
    breath: int = 0
    armor_rounds: int = 0
    failed: bool = False


class BrpFighter(msgspec.Struct, frozen=True, kw_only=True):
    """A Basic Roleplaying combatant's changing numbers, plus the profile derived at join."""

    profile: be.BrpProfile
    hp: int
    locations: dict[str, int]
    weapons: dict[str, WeaponState]
    #: attack, parry, dodge used this round (two of the three).
    used: tuple[str, ...] = ()
    #: The round's statement of intent: intent -> target ("" for none).
    intents: dict[str, str] = msgspec.field(default_factory=dict)
    #: Attacks rolled this round (volley fire counts them).
    attacks: int = 0
    #: The attack an aim waits for (BRP-AIM-TIME).
    aiming: be.AttackDeclared | None = None
    exposures: dict[str, Exposure] = msgspec.field(default_factory=dict)


def brp(c: CombatantState) -> BrpFighter:
    """The Basic Roleplaying record of a combatant."""
    return cast(BrpFighter, c.data)


def _update(state: FightState, cid: str, **changes: Any) -> FightState:
    c = state.combatants[cid]
    return state.with_combatant(evolve(c, data=replace(brp(c), **changes)))


def on_fighter_readied(state: FightState, e: be.FighterReadied) -> FightState:
    """Full HP everywhere; weapons as the sheet has them."""
    p = e.profile
    record = BrpFighter(
        profile=p,
        hp=p.hp,
        locations=dict(p.locations),
        weapons={w.name: WeaponState(drawn=w.drawn, shots=w.shots, hp=w.hp) for w in p.weapons},
    )
    c = state.combatants[e.combatant]
    return state.with_combatant(evolve(c, data=record))


def on_fighter_resheeted(state: FightState, e: be.FighterResheeted) -> FightState:
    """He fights on from the new profile: what he is doing this round stands (actions used,
    intents, an aim, hazards). Unless ``reset``, the HP he has lost, in all and by location,
    stays lost against the new maxima (it may go below zero, as damage takes it), and so do
    each weapon's shots fired and HP lost (those stop at 0; a broken weapon stays broken).
    A weapon he still has stays drawn or not as it was; a new one is as its sheet says."""
    c = state.combatants[e.combatant]
    old, p = brp(c), e.profile
    was = {w.name: w for w in old.profile.weapons}
    weapons: dict[str, WeaponState] = {}
    for w in p.weapons:
        had, now = was.get(w.name), old.weapons.get(w.name)
        if had is None or now is None:
            weapons[w.name] = WeaponState(drawn=w.drawn, shots=w.shots, hp=w.hp)
        elif e.reset:
            weapons[w.name] = WeaponState(drawn=now.drawn, shots=w.shots, hp=w.hp)
        else:
            shots = less(w.shots, had.shots, now.shots)
            hp = less(w.hp, had.hp, now.hp)
            weapons[w.name] = WeaponState(
                drawn=now.drawn, shots=shots or 0, hp=hp, broken=now.broken
            )
    if e.reset:
        hp, locations = p.hp, dict(p.locations)
    else:
        hp = p.hp - (old.profile.hp - old.hp)
        locations = carried(p.locations, old.profile.locations, old.locations, floor=None)
    record = replace(old, profile=p, hp=hp, locations=locations, weapons=weapons)
    return state.with_combatant(evolve(c, data=record))


def on_round_refreshed(state: FightState, e: be.RoundRefreshed) -> FightState:
    """A new round: attack, parry and dodge free again; intents and volleys cleared."""
    return _update(state, e.combatant, used=(), intents={}, attacks=0)


def on_action_used(state: FightState, e: be.ActionUsed) -> FightState:
    """One of the round's two actions is used."""
    f = brp(state.combatants[e.combatant])
    return _update(state, e.combatant, used=(*f.used, e.action))


def on_attack_rolled(state: FightState, e: be.AttackRolled) -> FightState:
    """Another attack this round."""
    f = brp(state.combatants[e.actor])
    return _update(state, e.actor, attacks=f.attacks + 1)


def on_intent_stated(state: FightState, e: be.IntentStated) -> FightState:
    """The intent is on record for the round."""
    f = brp(state.combatants[e.combatant])
    return _update(state, e.combatant, intents={**f.intents, e.intent: e.target})


def on_aim_started(state: FightState, e: be.AimStarted) -> FightState:
    """The attack waits for its DEX rank."""
    return _update(state, e.actor, aiming=e.attack)


def on_aim_ended(state: FightState, e: be.AimEnded) -> FightState:
    """No attack waits any more."""
    return _update(state, e.actor, aiming=None)


def on_damage_applied(state: FightState, e: be.DamageApplied) -> FightState:
    """Total HP, and the location's, drop."""
    f = brp(state.combatants[e.target])
    locations = f.locations
    if e.location is not None and e.location_after is not None:
        locations = {**locations, e.location: e.location_after}
    return _update(state, e.target, hp=e.after, locations=locations)


def on_healed(state: FightState, e: be.Healed) -> FightState:
    """Total HP rises."""
    return _update(state, e.target, hp=e.after)


def on_weapon_changed(state: FightState, e: be.WeaponChanged) -> FightState:
    """The weapon's state is the event's."""
    f = brp(state.combatants[e.combatant])
    ws = WeaponState(drawn=e.drawn, shots=e.shots, hp=e.hp, broken=e.broken)
    return _update(state, e.combatant, weapons={**f.weapons, e.weapon: ws})


def on_exposure_changed(state: FightState, e: be.ExposureChanged) -> FightState:
    """Exposed to a hazard, with its state, or no longer."""
    f = brp(state.combatants[e.combatant])
    exposures = {k: v for k, v in f.exposures.items() if k != e.hazard}
    if e.present:
        exposures[e.hazard] = Exposure(
            hazard=e.hazard, breath=e.breath, armor_rounds=e.armor_rounds, failed=e.failed
        )
    return _update(state, e.combatant, exposures=exposures)


def conditions(state: FightState, c: CombatantState) -> list[dict[str, Any]]:
    """``[{name, rounds_left}]``: rounds left counting this one, None while it lasts."""
    return [
        {"name": name, "rounds_left": rounds_left(state.clock, c, name)}
        for name in sorted(c.conditions)
    ]


def status_fields(state: FightState, c: CombatantState) -> dict[str, Any]:
    """The Basic Roleplaying part of a combatant's ``status --json`` entry (README)."""
    f = brp(c)
    p = f.profile
    armor = p.armor
    hit_locations = bool(getattr(state.options, "hit_locations", False))
    locations = None
    if hit_locations:
        locations = {
            loc: {
                "hp": f.locations[loc],
                "hp_max": p.locations[loc],
                "armor": armor.value
                if armor is not None and (not armor.locations or loc in armor.locations)
                else "0",
            }
            for loc in p.locations
        }
    return {
        "hp": f.hp,
        "hp_max": p.hp,
        "locations": locations,
        "conditions": conditions(state, c),
        "actions_used": list(f.used),
        "weapons": {
            name: {"drawn": w.drawn, "shots": w.shots, "hp": w.hp, "broken": w.broken}
            for name, w in f.weapons.items()
        },
        "dex": p.dex_rank,
        # one out of the order (fallen, knocked out) acts at no rank
        "next_rank": state.clock.at.get(c.id) if c.id in state.clock.order else None,
        "damage_modifier": p.damage_modifier or None,
        "armor": None if armor is None else {"name": armor.name, "value": armor.value},
        "intents": dict(f.intents),
        "aiming": None
        if f.aiming is None
        else {"target": f.aiming.target, "weapon": f.aiming.weapon},
        "exposures": sorted(f.exposures),
    }


def _r(fn: Any) -> Reducer:
    return cast(Reducer, fn)


REDUCERS: dict[type[Event], Reducer] = {
    be.FighterReadied: _r(on_fighter_readied),
    be.FighterResheeted: _r(on_fighter_resheeted),
    be.RoundRefreshed: _r(on_round_refreshed),
    be.ActionUsed: _r(on_action_used),
    be.AttackRolled: _r(on_attack_rolled),
    be.IntentStated: _r(on_intent_stated),
    be.AimStarted: _r(on_aim_started),
    be.AimEnded: _r(on_aim_ended),
    be.DamageApplied: _r(on_damage_applied),
    be.Healed: _r(on_healed),
    be.WeaponChanged: _r(on_weapon_changed),
    be.ExposureChanged: _r(on_exposure_changed),
}
