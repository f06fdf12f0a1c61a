"""Reducers for the core events: encounter, combatants, clock, conditions, pending reactions."""

from __future__ import annotations

from typing import Any, cast

import attrs

from events import core as ev
from projections.fold import Reducer
from projections.state import Clock, CombatantState, FightState, Pending


def on_encounter_started(state: FightState, e: ev.EncounterStarted) -> FightState:
    """A fresh fight with the encounter's identity and options."""
    return FightState(
        encounter=e.name,
        system=e.system,
        variant=e.variant,
        seed=e.seed,
        rules_version=e.rules_version,
        options=dict(e.options),
    )


def on_combatant_joined(state: FightState, e: ev.CombatantJoined) -> FightState:
    """Add the combatant; the rules pack's reducer fills in its record."""
    return state.with_combatant(
        CombatantState(id=e.combatant, name=e.name, side=e.side, kind=e.kind)
    )


def on_round_started(state: FightState, e: ev.RoundStarted) -> FightState:
    """A new round with its turn order; nobody acts until the clock passes the turn."""
    return attrs.evolve(state, clock=Clock(round=e.round, order=e.order, acting=None))


def on_turn_passed(state: FightState, e: ev.TurnPassed) -> FightState:
    """The clock moves to ``to`` (or stops: the round is spent)."""
    return attrs.evolve(state, clock=attrs.evolve(state.clock, acting=e.to))


def on_condition_changed(state: FightState, e: ev.ConditionChanged) -> FightState:
    """Gain or lose a condition."""
    c = state.combatants[e.combatant]
    conditions = c.conditions | {e.condition} if e.present else c.conditions - {e.condition}
    return state.with_combatant(attrs.evolve(c, conditions=conditions))


def on_reaction_requested(state: FightState, e: ev.ReactionRequested) -> FightState:
    """The fight now waits for ``reactor``."""
    pending = Pending(actor=e.actor, reactor=e.reactor, kind=e.kind, detail=dict(e.detail))
    return attrs.evolve(state, pending=pending)


def on_reaction_resolved(state: FightState, e: ev.ReactionResolved) -> FightState:
    """Nothing is pending any more."""
    return attrs.evolve(state, pending=None)


def _r(fn: Any) -> Reducer:
    return cast(Reducer, fn)


REDUCERS: dict[type[ev.Event], Reducer] = {
    ev.EncounterStarted: _r(on_encounter_started),
    ev.CombatantJoined: _r(on_combatant_joined),
    ev.RoundStarted: _r(on_round_started),
    ev.TurnPassed: _r(on_turn_passed),
    ev.ConditionChanged: _r(on_condition_changed),
    ev.ReactionRequested: _r(on_reaction_requested),
    ev.ReactionResolved: _r(on_reaction_resolved),
}
