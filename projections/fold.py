"""Folding events into state: one loop, one dispatch table, no dice, no I/O."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from events.core import Event
from projections.state import FightState

Reducer = Callable[[FightState, Event], FightState]


def fold(
    state: FightState, events: Iterable[Event], reducers: Mapping[type[Event], Reducer]
) -> FightState:
    """Apply ``events`` in order; an event without a reducer (a declaration) changes nothing."""
    find = reducers.get  # bound once: a rebuild folds a hundred thousand events
    for event in events:
        reducer = find(type(event))
        if reducer is not None:
            state = reducer(state, event)
    return state
