"""The GURPS reducer of a new sheet mid-fight (``gurps.fighter_resheeted``): the record a join
would make of the new profile, with what the fighter has lost and what he is doing carried
over."""

# No `from __future__ import annotations`: see projections/gurps.py.

from typing import Any, cast

from msgspec.structs import replace

from events import gurps as ge
from events.core import Event
from projections.fold import Reducer
from projections.gurps import gurps
from projections.resheet import carried, less
from projections.state import FightState, evolve


def on_fighter_resheeted(state: FightState, e: ge.FighterResheeted) -> FightState:
    """He fights on from the new profile: his posture, stun, shock, crippled limbs, maneuver,
    aim, feints, grapples and weapons' states stand (those of weapons the new sheet lacks
    go). Unless ``reset``, the HP and FP he has lost stay lost against the new maxima (they
    may go below zero, as injury and fatigue take them) and so do the shots he has fired."""
    c = state.combatants[e.combatant]
    old, p = gurps(c), e.profile
    names = {w.name for w in p.weapons}
    shots = {w.name: w.shots for w in p.weapons if w.shots}
    changes: dict[str, Any] = {
        "profile": p,
        "parries": {w: n for w, n in old.parries.items() if w in names},
        "reloading": {w: n for w, n in old.reloading.items() if w in names},
        "weapon_states": {w: s for w, s in old.weapon_states.items() if w in names},
        "jams": {w: j for w, j in old.jams.items() if w in names},
        "attacked_with": old.attacked_with if old.attacked_with in names else None,
    }
    if e.reset:
        changes.update(hp=p.hp, fp=p.fp, shots=shots)
    else:
        was = {w.name: w.shots for w in old.profile.weapons if w.shots}
        changes.update(
            hp=less(p.hp, old.profile.hp, old.hp, floor=None),
            fp=less(p.fp, old.profile.fp, old.fp, floor=None),
            shots=carried(shots, was, old.shots),
        )
    return state.with_combatant(evolve(c, data=replace(old, **changes)))


REDUCERS: dict[type[Event], Reducer] = {
    ge.FighterResheeted: cast(Reducer, on_fighter_resheeted),
}
