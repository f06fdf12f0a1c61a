"""The state after some events, for a decision that must see its own first events before it
rolls more (the second hit of a burst after the first one's injury)."""

from __future__ import annotations

from collections.abc import Sequence

from events.core import Event
from projections import core, gurps
from projections.fold import Reducer, fold
from projections.state import FightState

REDUCERS: dict[type[Event], Reducer] = {**core.REDUCERS, **gurps.REDUCERS}


def fold_gurps(state: FightState, events: Sequence[Event]) -> FightState:
    """Fold ``events`` with the core's and the pack's reducers."""
    return fold(state, events, REDUCERS)
