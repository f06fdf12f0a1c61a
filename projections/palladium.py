"""Reducers and read models for the Palladium pack: attacks per melee, pools, actions in progress.

Units: ``sdc``/``hp`` are S.D.C./H.P.; ``mdc`` (a Mega-Damage being's body) and
``armor_mdc`` are M.D.C.; ``armor_sdc`` is the S.D.C. of S.D.C. armor.
"""

from __future__ import annotations

from typing import Any, cast

import attrs
import msgspec
from msgspec.structs import replace

from events import palladium as pe
from events.core import Event
from projections.fold import Reducer
from projections.state import CombatantState, FightState


class InProgress(msgspec.Struct, frozen=True, kw_only=True):
    """A multi-attack action declared and partly paid (PAL-COST-MULTI-LANDING)."""

    action: str
    target: str
    cost: int
    paid: int = 0
    kick: bool = False
    defend: str | None = None


class Fighter(msgspec.Struct, frozen=True, kw_only=True):
    """A Palladium combatant's changing numbers, plus the profile derived at join.

    A msgspec struct rather than attrs: the rebuild loop replaces it on most events, and
    ``msgspec.structs.replace`` costs about a tenth of ``attrs.evolve`` (bench/run.py).
    """

    profile: pe.Profile
    apm_total: int
    apm_left: int
    owed: int = 0
    hp: int = 0
    sdc: int = 0
    mdc: int | None = None
    armor_mdc: int | None = None
    armor_sdc: int | None = None
    initiative: int | None = None
    in_progress: InProgress | None = None


def fighter(c: CombatantState) -> Fighter:
    """The Palladium record of a combatant."""
    return cast(Fighter, c.data)


def _update(state: FightState, cid: str, **changes: Any) -> FightState:
    c = state.combatants[cid]
    return state.with_combatant(attrs.evolve(c, data=replace(fighter(c), **changes)))


def on_fighter_readied(state: FightState, e: pe.FighterReadied) -> FightState:
    """Set up the combatant's record from its profile: full attacks and pools."""
    p = e.profile
    apm = sum(m.value for m in p.attacks)
    record = Fighter(
        profile=p,
        apm_total=apm,
        apm_left=apm,
        hp=p.hp,
        sdc=p.sdc,
        mdc=p.mdc,
        armor_mdc=p.armor.mdc if p.armor else None,
        armor_sdc=p.armor.sdc if p.armor else None,
    )
    c = state.combatants[e.combatant]
    return state.with_combatant(attrs.evolve(c, data=record))


def on_initiative_rolled(state: FightState, e: pe.InitiativeRolled) -> FightState:
    """Remember the combatant's latest initiative total."""
    return _update(state, e.combatant, initiative=e.roll.total)


def on_attacks_refreshed(state: FightState, e: pe.AttacksRefreshed) -> FightState:
    """A new round's attacks (PAL-ROUND-OUT-OF-ATTACKS: owed dodges already taken off)."""
    return _update(state, e.combatant, apm_left=e.apm, owed=e.owed, in_progress=None)


def on_action_started(state: FightState, e: pe.ActionStarted) -> FightState:
    """A multi-attack action is under way."""
    ip = InProgress(action=e.action, target=e.target, cost=e.cost, kick=e.kick, defend=e.defend)
    return _update(state, e.actor, in_progress=ip)


def on_apm_spent(state: FightState, e: pe.ApmSpent) -> FightState:
    """Attacks spent now, and any taken on credit from next round."""
    f = fighter(state.combatants[e.combatant])
    ip = f.in_progress
    if ip is not None and e.on == ip.action:
        ip = replace(ip, paid=ip.paid + e.amount)
    return _update(
        state,
        e.combatant,
        apm_left=f.apm_left - (e.amount - e.owed),
        owed=f.owed + e.owed,
        in_progress=ip,
    )


def on_action_abandoned(state: FightState, e: pe.ActionAbandoned) -> FightState:
    """The action in progress is gone."""
    return _update(state, e.actor, in_progress=None)


def on_strike_rolled(state: FightState, e: pe.StrikeRolled) -> FightState:
    """The striker's multi-attack action has landed, if this strike is that action (another
    strike, such as a simultaneous attack made meanwhile, leaves it under way)."""
    ip = fighter(state.combatants[e.actor]).in_progress
    if ip is None or ip.action != e.action:
        return state
    return _update(state, e.actor, in_progress=None)


_POOL_FIELD = {"armor": "armor_mdc", "sdc": "sdc", "hp": "hp", "mdc": "mdc"}


def on_damage_applied(state: FightState, e: pe.DamageApplied) -> FightState:
    """A pool drops to ``after``."""
    f = fighter(state.combatants[e.target])
    field = _POOL_FIELD[e.pool]
    if e.pool == "armor" and f.armor_mdc is None:
        field = "armor_sdc"
    return _update(state, e.target, **{field: e.after})


def status_fields(c: CombatantState) -> dict[str, Any]:
    """The Palladium part of a combatant's ``status --json`` entry (schema in the README)."""
    f = fighter(c)
    armor = f.profile.armor
    armor_doc: dict[str, Any] | None = None
    if armor is not None:
        armor_doc = {"name": armor.name}
        if armor.mdc is not None:
            armor_doc["mdc"] = f.armor_mdc
        else:
            armor_doc["sdc"] = f.armor_sdc
            armor_doc["ar"] = armor.ar
    ip = f.in_progress
    return {
        "apm_total": f.apm_total,
        "apm_left": f.apm_left,
        "apm_owed": f.owed,
        "initiative": f.initiative,
        "hp": f.hp if f.mdc is None else None,
        "sdc": f.sdc if f.mdc is None else None,
        "mdc": f.mdc,
        "armor": armor_doc,
        "in_progress": None
        if ip is None
        else {"action": ip.action, "target": ip.target, "cost": ip.cost, "paid": ip.paid},
    }


def _r(fn: Any) -> Reducer:
    return cast(Reducer, fn)


REDUCERS: dict[type[Event], Reducer] = {
    pe.FighterReadied: _r(on_fighter_readied),
    pe.InitiativeRolled: _r(on_initiative_rolled),
    pe.AttacksRefreshed: _r(on_attacks_refreshed),
    pe.ActionStarted: _r(on_action_started),
    pe.ApmSpent: _r(on_apm_spent),
    pe.ActionAbandoned: _r(on_action_abandoned),
    pe.StrikeRolled: _r(on_strike_rolled),
    pe.DamageApplied: _r(on_damage_applied),
}
