"""Reducers for the core events: encounter, combatants, clock, conditions, pending reactions."""

from __future__ import annotations

from typing import Any, cast

from events import core as ev
from projections.fold import Reducer
from projections.state import Clock, CombatantState, FightState, Pending, evolve


def on_encounter_started(state: FightState, e: ev.EncounterStarted[Any]) -> FightState:
    """A fresh fight with the encounter's identity and options."""
    return FightState(
        encounter=e.name,
        system=e.system,
        variant=e.variant,
        seed=e.seed,
        rules_version=e.rules_version,
        options=e.options,
    )


def on_combatant_joined(state: FightState, e: ev.CombatantJoined) -> FightState:
    """Add the combatant, in the round the clock is in; his side has now been in the fight.
    The rules pack's reducer fills in his record."""
    joined = CombatantState(
        id=e.combatant,
        name=e.name,
        side=e.side,
        kind=e.kind,
        pronoun=e.pronoun,
        joined=state.clock.round,
    )
    state = state.with_combatant(joined)
    if e.side not in state.sides:
        state = evolve(state, sides=(*state.sides, e.side))
    return state


def on_combatant_removed(state: FightState, e: ev.CombatantRemoved) -> FightState:
    """He is out of the fight: no longer a combatant, nor in the order or a queue. Removed on
    his own turn, nobody acts until the clock passes the turn on from his place
    (``Decision.place``)."""
    combatants = {cid: c for cid, c in state.combatants.items() if cid != e.combatant}
    clock = state.clock
    clock = evolve(
        clock,
        acting=None if clock.acting == e.combatant else clock.acting,
        order=tuple(c for c in clock.order if c != e.combatant),
        queued=tuple(c for c in clock.queued if c != e.combatant),
        at={c: t for c, t in clock.at.items() if c != e.combatant},
    )
    return evolve(state, combatants=combatants, clock=clock)


def on_combatant_renamed(state: FightState, e: ev.CombatantRenamed) -> FightState:
    """His new name."""
    return state.with_combatant(evolve(state.combatants[e.combatant], name=e.name))


def on_sheet_replaced(state: FightState, e: ev.SheetReplaced) -> FightState:
    """He is of the new sheet's kind; the pack's events carry the rest."""
    return state.with_combatant(evolve(state.combatants[e.combatant], kind=e.kind))


def on_round_started(state: FightState, e: ev.RoundStarted) -> FightState:
    """A new round with its turn order (in pass 1 if it has passes, with everyone's time if
    timed, in its first phase if it has phases); nobody acts until the clock passes the turn.
    Pending cut-ins do not outlive the round."""
    clock = Clock(
        round=e.round,
        order=e.order,
        acting=None,
        passes=e.passes,
        pass_=1 if e.passes else 0,
        turn=state.clock.turn,
        label=e.label,
        timed=e.timed,
        at=dict(e.at),
        phase=e.phase,
    )
    return evolve(state, clock=clock)


def on_phase_started(state: FightState, e: ev.PhaseStarted) -> FightState:
    """The round moves to phase ``phase`` ("": the turns)."""
    return evolve(state, clock=evolve(state.clock, phase=e.phase, acting=None))


def on_turn_scheduled(state: FightState, e: ev.TurnScheduled) -> FightState:
    """``combatant`` acts next at ``at``, or not again this round."""
    at = {k: v for k, v in state.clock.at.items() if k != e.combatant}
    if e.at is not None:
        at[e.combatant] = e.at
    return evolve(state, clock=evolve(state.clock, at=at))


def on_pass_started(state: FightState, e: ev.PassStarted) -> FightState:
    """The next pass: turns start again from the top of the order."""
    return evolve(state, clock=evolve(state.clock, pass_=e.number, acting=None))


def on_order_changed(state: FightState, e: ev.OrderChanged) -> FightState:
    """The round's order is now ``order``."""
    return evolve(state, clock=evolve(state.clock, order=e.order))


def on_cut_in_queued(state: FightState, e: ev.CutInQueued) -> FightState:
    """``combatant`` cuts in once the current action has resolved."""
    clock = state.clock
    return evolve(state, clock=evolve(clock, queued=(*clock.queued, e.combatant)))


def on_turn_passed(state: FightState, e: ev.TurnPassed) -> FightState:
    """The clock moves to ``to`` (or stops: the round is spent, nobody is left to act).

    A cut-in keeps the one acting now on the resume stack (and leaves the queue if it was
    queued); a resumed turn takes him back off; an ordinary pass begins a new turn."""
    clock = state.clock
    if e.cut_in:
        queued = clock.queued
        if queued and queued[0] == e.to:
            queued = queued[1:]
        resume = (*clock.resume, (clock.acting, e.turn_over))
        clock = evolve(clock, acting=e.to, resume=resume, queued=queued)
    elif e.resumed:
        who, _ = clock.resume[-1]
        new_turn = e.to is not None and e.to != who
        clock = evolve(clock, acting=e.to, resume=clock.resume[:-1], turn=clock.turn + new_turn)
    else:
        clock = evolve(clock, acting=e.to, turn=clock.turn + (e.to is not None))
    if e.at is not None:
        clock = evolve(clock, now=e.at)
    if e.to is None and clock.round:
        clock = evolve(clock, spent=True)
    return evolve(state, clock=clock)


def on_action_held(state: FightState, e: ev.ActionHeld) -> FightState:
    """A held action waits for its trigger."""
    return state.with_combatant(evolve(state.combatants[e.combatant], held=e.trigger))


def on_hold_ended(state: FightState, e: ev.HoldEnded) -> FightState:
    """No held action any more."""
    return state.with_combatant(evolve(state.combatants[e.combatant], held=None))


def on_condition_changed(state: FightState, e: ev.ConditionChanged) -> FightState:
    """Gain or lose a condition; one gained for some rounds holds through its last round
    (an event without ``last_round``, from an older log: ``rounds`` counted from the round
    the clock is in, the first before any)."""
    c = state.combatants[e.combatant]
    conditions = c.conditions | {e.condition} if e.present else c.conditions - {e.condition}
    lasts = {k: v for k, v in c.lasts.items() if k != e.condition}
    if e.present and e.rounds:
        lasts[e.condition] = e.last_round or max(state.clock.round, 1) + e.rounds - 1
    return state.with_combatant(evolve(c, conditions=conditions, lasts=lasts))


def on_reaction_requested(state: FightState, e: ev.ReactionRequested[Any]) -> FightState:
    """The fight now waits for ``reactor``."""
    pending = Pending(actor=e.actor, reactor=e.reactor, kind=e.kind, detail=e.detail)
    return evolve(state, pending=pending)


def on_reaction_resolved(state: FightState, e: ev.ReactionResolved) -> FightState:
    """Nothing is pending any more."""
    return evolve(state, pending=None)


def _r(fn: Any) -> Reducer:
    return cast(Reducer, fn)


REDUCERS: dict[type[ev.Event], Reducer] = {
    ev.EncounterStarted: _r(on_encounter_started),
    ev.CombatantJoined: _r(on_combatant_joined),
    ev.CombatantRemoved: _r(on_combatant_removed),
    ev.CombatantRenamed: _r(on_combatant_renamed),
    ev.SheetReplaced: _r(on_sheet_replaced),
    ev.RoundStarted: _r(on_round_started),
    ev.PassStarted: _r(on_pass_started),
    ev.PhaseStarted: _r(on_phase_started),
    ev.TurnScheduled: _r(on_turn_scheduled),
    ev.ActionHeld: _r(on_action_held),
    ev.HoldEnded: _r(on_hold_ended),
    ev.OrderChanged: _r(on_order_changed),
    ev.CutInQueued: _r(on_cut_in_queued),
    ev.TurnPassed: _r(on_turn_passed),
    ev.ConditionChanged: _r(on_condition_changed),
    ev.ReactionRequested: _r(on_reaction_requested),
    ev.ReactionResolved: _r(on_reaction_resolved),
}
