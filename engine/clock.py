"""The fight's clock: after a decision, pass the turn to whoever acts next.

The core owns the order, the passes and the cut-ins; a rules pack says who can take a turn
(``can_act``) and what happens when a turn begins (``on_turn``). Two shapes of round:

* ``passes == 0``: the order cycles, one turn each, skipping those who cannot act, until no
  one can; then the round is spent and ``acting`` is None.
* ``passes > 0``: each pass is one sweep of the order; after the last pass the round is spent.

A cut-in (a released hold, a won interrupt, a counter) gives someone the turn now and keeps
the one acting on a stack; when the cut-in ends, he carries on, or, if his turn was already
over, the turn moves on from him. A queued cut-in (a lost interrupt) goes as soon as the
current action has resolved.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Dice
from engine.rules import Advance, Decision, RulesPack, TurnKind
from events.core import Event, PassStarted, TurnPassed
from projections.state import FightState

Apply = Callable[[FightState, list[Event]], FightState]


def next_actor(state: FightState, pack: RulesPack, after: str | None) -> str | None:
    """The next combatant in a cycling order after ``after`` (from the top if None) who can
    act, or None when nobody can."""
    order = state.clock.order
    if not order:
        return None
    start = 0 if after is None or after not in order else order.index(after) + 1
    for i in range(len(order)):
        cid = order[(start + i) % len(order)]
        if pack.can_act(state, cid):
            return cid
    return None


def next_turn(
    state: FightState, pack: RulesPack, after: str | None, apply: Apply
) -> tuple[FightState, list[Event]]:
    """The events that move the clock to the next turn after ``after`` (None: from the top):
    a ``TurnPassed``, preceded by ``PassStarted`` for each pass begun on the way."""
    clock = state.clock
    if clock.passes == 0:
        passed: list[Event] = [TurnPassed(to=next_actor(state, pack, after))]
        return apply(state, passed), passed
    produced: list[Event] = []
    order = clock.order
    start = 0 if after is None or after not in order else order.index(after) + 1
    while True:
        for cid in order[start:]:
            if pack.can_act(state, cid):
                passed = [TurnPassed(to=cid)]
                return apply(state, passed), produced + passed
        if state.clock.pass_ >= state.clock.passes:
            passed = [TurnPassed(to=None)]
            return apply(state, passed), produced + passed
        began: list[Event] = [PassStarted(round=state.clock.round, number=state.clock.pass_ + 1)]
        state = apply(state, began)
        produced += began
        start = 0


def settle(
    state: FightState,
    pack: RulesPack,
    dice: Dice,
    decision: Decision,
    apply: Apply,
) -> tuple[FightState, list[Event]]:
    """Move the clock as ``decision`` says, letting the pack act on each turn it begins."""
    produced: list[Event] = []
    advance: Advance = decision.advance
    cut_in = decision.cut_in
    resolved = decision.resolved
    while state.pending is None:
        clock = state.clock
        kind: TurnKind = "turn"
        if cut_in is not None:
            passed: list[Event] = [TurnPassed(to=cut_in, cut_in=True, turn_over=advance == "next")]
            state = apply(state, passed)
            kind = "cut_in"
        elif clock.queued and resolved and advance != "start" and clock.acting is not None:
            passed = [TurnPassed(to=clock.queued[0], cut_in=True, turn_over=advance == "next")]
            state = apply(state, passed)
            kind = "cut_in"
        elif advance == "none":
            break
        elif advance == "next" and clock.resume:
            who, turn_over = clock.resume[-1]
            passed = [TurnPassed(to=who, resumed=True)]
            state = apply(state, passed)
            if who is not None and turn_over:  # his turn was over: move on from him
                state, more = next_turn(state, pack, who, apply)
                passed += more
            else:
                kind = "resume"
        else:
            after = None if advance == "start" else clock.acting
            state, passed = next_turn(state, pack, after, apply)
        produced += passed
        to = state.clock.acting
        if to is None:
            break
        auto = pack.on_turn(state, to, dice, kind)
        state = apply(state, auto.events)
        produced += auto.events
        advance, cut_in, resolved = auto.advance, auto.cut_in, auto.resolved
    return state, produced
