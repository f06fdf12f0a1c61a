"""Reducers of the Palladium grips and afflictions: holds, entanglements, dropped weapons,
Horror Factor met, on the fighters' records (``projections/palladium.py`` has the rest). The
conditions that come with them (held, holding, entangled, disarmed, horrified) are the core's
``ConditionChanged``."""

# No `from __future__ import annotations` (see projections/palladium.py).

from typing import cast

from events import palladium as pe
from events.core import Event
from projections.fold import Reducer
from projections.palladium import fighter, update
from projections.state import FightState


def on_hold_taken(state: FightState, e: pe.HoldTaken) -> FightState:
    """Both are in the hold (PAL-COND-HELD)."""
    state = update(state, e.holder, holding=(e.victim, e.hold))
    return update(state, e.victim, held_by=(e.holder, e.hold))


def on_hold_released(state: FightState, e: pe.HoldReleased) -> FightState:
    """Neither is in the hold any more."""
    state = update(state, e.holder, holding=None)
    return update(state, e.victim, held_by=None)


def on_entangled(state: FightState, e: pe.Entangled) -> FightState:
    """The victim's arm or weapon is pinned until he dodges above ``total``
    (PAL-DEF-ENTANGLE); kept this round."""
    state = update(state, e.entangler, entangling=e.victim, entangle_round=state.clock.round)
    return update(state, e.victim, entangled_by=(e.entangler, e.total))


def on_entangle_ended(state: FightState, e: pe.EntangleEnded) -> FightState:
    """The pinned arm is free."""
    state = update(state, e.entangler, entangling=None)
    return update(state, e.victim, entangled_by=None)


def on_weapon_dropped(state: FightState, e: pe.WeaponDropped) -> FightState:
    """The weapon lies on the ground (PAL-DEF-DISARM)."""
    f = fighter(state.combatants[e.target])
    return update(state, e.target, dropped=(*f.dropped, e.weapon))


def on_weapon_picked_up(state: FightState, e: pe.WeaponPickedUp) -> FightState:
    """The weapon is in hand again."""
    f = fighter(state.combatants[e.actor])
    return update(state, e.actor, dropped=tuple(w for w in f.dropped if w != e.weapon))


def on_horror_saved(state: FightState, e: pe.HorrorSaved) -> FightState:
    """He has met the creature; failing, its first attack this round finds him frozen
    (PAL-COND-HORROR)."""
    f = fighter(state.combatants[e.combatant])
    frightened = f.frightened if e.success else (*f.frightened, e.creature)
    return update(state, e.combatant, faced=(*f.faced, e.creature), frightened=frightened)


def on_shots_spent(state: FightState, e: pe.ShotsSpent) -> FightState:
    """Fewer shots in the clip (PAL-RNG-PAYLOAD)."""
    shots = {**fighter(state.combatants[e.actor]).shots, e.weapon: e.left}
    return update(state, e.actor, shots=shots)


def on_reloaded(state: FightState, e: pe.Reloaded) -> FightState:
    """A full clip."""
    shots = {**fighter(state.combatants[e.actor]).shots, e.weapon: e.shots}
    return update(state, e.actor, shots=shots)


def on_missiles_spent(state: FightState, e: pe.MissilesSpent) -> FightState:
    """Fewer missiles of that kind (PAL-MSL-VOLLEY)."""
    missiles = {**fighter(state.combatants[e.actor]).missiles, e.missile: e.left}
    return update(state, e.actor, missiles=missiles)


def on_weapon_drawn(state: FightState, e: pe.WeaponDrawn) -> FightState:
    """The weapon is in his hand now."""
    f = fighter(state.combatants[e.actor])
    return update(state, e.actor, stowed={w: at for w, at in f.stowed.items() if w != e.weapon})


def on_grenade_armed(state: FightState, e: pe.GrenadeArmed) -> FightState:
    """A grenade on its way, to go off at the round's end."""
    f = fighter(state.combatants[e.actor])
    return update(state, e.actor, grenades=(*f.grenades, e.grenade))


def on_grenade_exploded(state: FightState, e: pe.GrenadeExploded) -> FightState:
    """The first of his grenades at that target goes off."""
    f = fighter(state.combatants[e.actor])
    live = list(f.grenades)
    for i, g in enumerate(live):
        if (g.target, g.weapon) == (e.target, e.weapon):
            del live[i]
            return update(state, e.actor, grenades=tuple(live))
    return state


def on_cover_opened(state: FightState, e: pe.CoverOpened) -> FightState:
    """His covering fire is down: a hit for each committed burst's roll."""
    covering = pe.Covering(
        weapon=e.weapon,
        totals=tuple(r.total for r in e.rolls),
        naturals=tuple(r.faces[0] for r in e.rolls),
    )
    return update(state, e.actor, covering=covering)


def on_cover_ended(state: FightState, e: pe.CoverEnded) -> FightState:
    """No more covering fire."""
    return update(state, e.actor, covering=None)


def on_weapon_damaged(state: FightState, e: pe.WeaponDamaged) -> FightState:
    """The weapon has ``after`` M.D.C. left; 0: destroyed (PAL-RNG-TARGET-WEAPON)."""
    f = fighter(state.combatants[e.target])
    return update(state, e.target, weapon_mdc={**f.weapon_mdc, e.weapon: e.after})


def _r(fn: object) -> Reducer:
    return cast(Reducer, fn)


REDUCERS: dict[type[Event], Reducer] = {
    pe.HoldTaken: _r(on_hold_taken),
    pe.HoldReleased: _r(on_hold_released),
    pe.Entangled: _r(on_entangled),
    pe.EntangleEnded: _r(on_entangle_ended),
    pe.WeaponDropped: _r(on_weapon_dropped),
    pe.WeaponPickedUp: _r(on_weapon_picked_up),
    pe.HorrorSaved: _r(on_horror_saved),
    pe.ShotsSpent: _r(on_shots_spent),
    pe.Reloaded: _r(on_reloaded),
    pe.MissilesSpent: _r(on_missiles_spent),
    pe.WeaponDrawn: _r(on_weapon_drawn),
    pe.GrenadeArmed: _r(on_grenade_armed),
    pe.CoverOpened: _r(on_cover_opened),
    pe.CoverEnded: _r(on_cover_ended),
    pe.GrenadeExploded: _r(on_grenade_exploded),
    pe.WeaponDamaged: _r(on_weapon_damaged),
}
