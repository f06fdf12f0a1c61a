"""The fight's clock: after a decision, pass the turn to whoever acts next.

The core owns the order (PAL-ROUND-SEQUENCE is one pack's reading of it): combatants act in
initiative order, one turn each per cycle, skipping those the pack says cannot act, until no
one can; then the round is spent and ``acting`` is None (PAL-ROUND-END). When the turn reaches
someone, the pack may act for him at once (a multi-attack action landing, PAL-COST-MULTI-LANDING).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Dice
from engine.rules import Advance, RulesPack
from events.core import Event, TurnPassed
from projections.state import FightState

Apply = Callable[[FightState, list[Event]], FightState]


def next_actor(state: FightState, pack: RulesPack, after: str | None) -> str | None:
    """The next combatant in order after ``after`` (from the top if None) who can act."""
    order = state.clock.order
    if not order:
        return None
    start = 0 if after is None or after not in order else order.index(after) + 1
    for i in range(len(order)):
        cid = order[(start + i) % len(order)]
        if pack.can_act(state, cid):
            return cid
    return None


def settle(
    state: FightState, pack: RulesPack, dice: Dice, advance: Advance, apply: Apply
) -> tuple[FightState, list[Event]]:
    """Move the clock as ``advance`` says, letting the pack act automatically on each turn."""
    produced: list[Event] = []
    while advance != "none" and state.pending is None:
        after = None if advance == "start" else state.clock.acting
        to = next_actor(state, pack, after)
        passed: list[Event] = [TurnPassed(to=to)]
        state = apply(state, passed)
        produced += passed
        if to is None:
            break
        auto = pack.on_turn(state, to, dice)
        state = apply(state, auto.events)
        produced += auto.events
        advance = auto.advance
    return state, produced
