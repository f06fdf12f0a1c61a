"""Who holds whom in a GURPS fight (GURPS-GRAPPLE, GURPS-ARM-LOCK, GURPS-CHOKE-HOLD), FP lost
to a choke hold, and weapons stuck in a foe (GURPS-PICK-STUCK): the reducers of the melee
situations' events, and their part of ``status``."""

# No `from __future__ import annotations`: see projections/gurps.py.

from typing import Any

from events import gurps as ge
from events.core import Event
from projections.gurps import GurpsFighter, gurps, update
from projections.state import FightState


def on_grappled(state: FightState, e: ge.Grappled) -> FightState:
    """The holder holds the victim in that hold; a new kind of hold starts its break-free
    count again."""
    was = gurps(state.combatants[e.victim])
    tries = was.break_free_tries if gurps(state.combatants[e.holder]).hold == e.hold else 0
    state = update(state, e.holder, holding=e.victim, hold=e.hold, hold_location=e.location)
    return update(state, e.victim, held_by=e.holder, break_free_tries=tries)


def on_grapple_ended(state: FightState, e: ge.GrappleEnded) -> FightState:
    """Neither holds the other any more."""
    state = update(state, e.holder, holding=None, hold=None, hold_location=None)
    return update(state, e.victim, held_by=None, break_free_tries=0)


def on_break_free_failed(state: FightState, e: ge.BreakFreeFailed) -> FightState:
    """One more failed try against this hold."""
    return update(state, e.victim, break_free_tries=e.tries)


def on_fatigue_lost(state: FightState, e: ge.FatigueLost) -> FightState:
    """FP drop."""
    return update(state, e.combatant, fp=e.after)


def on_healed(state: FightState, e: ge.Healed) -> FightState:
    """HP or FP back (GURPS-HEALING)."""
    return update(state, e.combatant, **{e.pool: e.after})


def on_weapon_stuck(state: FightState, e: ge.WeaponStuck) -> FightState:
    """The weapon is stuck in the foe: not ready until pulled free."""
    f = gurps(state.combatants[e.combatant])
    return update(
        state,
        e.combatant,
        weapon_states={**f.weapon_states, e.weapon: "stuck"},
        stuck={**f.stuck, e.weapon: (e.victim, e.location, e.injury)},
    )


#: What a pull leaves the weapon as (None: ready in hand again).
_PULLED: dict[str, str | None] = {
    "free": None,
    "stuck": "stuck",
    "stuck_for_good": "stuck for good",
    "let_go": "dropped",
}


def on_weapon_pulled(state: FightState, e: ge.WeaponPulled) -> FightState:
    """Free in hand again, still stuck, stuck for good, or left in the foe."""
    f = gurps(state.combatants[e.combatant])
    now = _PULLED[e.outcome]
    states = {k: v for k, v in f.weapon_states.items() if k != e.weapon}
    if now is not None:
        states[e.weapon] = now
    stuck = dict(f.stuck)
    if now in (None, "dropped"):
        stuck.pop(e.weapon, None)
    return update(state, e.combatant, weapon_states=states, stuck=stuck)


def on_dual_hand(state: FightState, e: ge.DualHand) -> FightState:
    """One more hand of this turn's dual-weapon attack."""
    f = gurps(state.combatants[e.combatant])
    return update(state, e.combatant, dual=(*f.dual, (e.weapon, e.hand, e.target)))


def grapple_fields(f: GurpsFighter) -> dict[str, Any]:
    """``holding`` (the victim, the hold and the part grabbed, or null) and ``held_by`` (the
    holder's id, or null) for ``status --json``."""
    holding = None
    if f.holding is not None:
        holding = {"victim": f.holding, "hold": f.hold, "location": f.hold_location}
    return {"holding": holding, "held_by": f.held_by}


GRAPPLE_REDUCERS: dict[type[Event], Any] = {
    ge.Grappled: on_grappled,
    ge.GrappleEnded: on_grapple_ended,
    ge.BreakFreeFailed: on_break_free_failed,
    ge.FatigueLost: on_fatigue_lost,
    ge.Healed: on_healed,
    ge.WeaponStuck: on_weapon_stuck,
    ge.WeaponPulled: on_weapon_pulled,
    ge.DualHand: on_dual_hand,
}
