"""The fight's clock: after a decision, pass the turn to whoever acts next.

The core owns the order, the passes, the time within a round and the cut-ins; a rules pack
says who can take a turn (``can_act``) and what happens when a turn begins (``on_turn``).
Three shapes of round:

* ``passes == 0``: the order cycles, one turn each, skipping those who cannot act, until no
  one can; then the round is spent and ``acting`` is None.
* ``passes > 0``: each pass is one sweep of the order; after the last pass the round is spent.
* ``timed``: turns come by time counted down (a rank countdown): the combatant whose time
  (``Clock.at``) is highest acts next, ties in order; the pack moves a combatant's time with
  ``TurnScheduled`` events; when nobody has a time left the round is spent. A fighter who
  can no longer act (he fell on his own turn) gives it up by himself.

A cut-in (a released hold, a won interrupt, a counter) gives someone the turn now and keeps
the one acting on a stack; when the cut-in ends, he carries on, or, if his turn was already
over, the turn moves on from him. A queued cut-in (a lost interrupt) goes as soon as the
current action has resolved. When a round is spent the pack may close it (``on_round_end``:
what burns or chokes at the end of a round, and the conditions whose last round it was); a
pack whose clock runs on by itself (one second after another) begins the next round there,
and its first turn follows at once.

Whoever the pack's conditions keep from taking turns (``TurnRules.out``: dead, unconscious,
in a coma, stunned …) has no place in the order: a round's order leaves him out, and the
ply that puts him out of the fight takes him out of the order (``OrderChanged``), so an
undo puts him back. One put out on his own turn gives it up at once; he leaves the order as
the turn moves on from him (after a reaction still waiting, if one is), and so does one
whose turn a cut-in interrupted, when the cut-in is over.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Dice
from engine.rules.pack import Advance, Decision, Pack, TurnKind
from events.core import Event, OrderChanged, PassStarted, TurnPassed
from projections.state import FightState

Apply = Callable[[FightState, list[Event]], FightState]


def _start(order: tuple[str, ...], after: str | None, place: int | None) -> int:
    """Where a sweep of ``order`` begins: at ``place`` (where one who left it stood), else
    right after ``after``, else at the top."""
    if place is not None:
        return place
    return 0 if after is None or after not in order else order.index(after) + 1


def next_actor(
    state: FightState, pack: Pack, after: str | None, place: int | None = None
) -> str | None:
    """The next combatant in a cycling order after ``after`` (from ``place``, or from the top
    if None) who can act, or None when nobody can."""
    order = state.clock.order
    if not order:
        return None
    start = _start(order, after, place)
    for i in range(len(order)):
        cid = order[(start + i) % len(order)]
        if pack.turns.can_act(state, cid):
            return cid
    return None


def next_in_time(state: FightState, pack: Pack) -> TurnPassed:
    """In a timed round, the turn of whoever acts at the highest time left (ties in order)."""
    best: tuple[int, str] | None = None
    for cid in state.clock.order:
        at = state.clock.at.get(cid)
        if at is None or not pack.turns.can_act(state, cid):
            continue
        if best is None or at > best[0]:
            best = (at, cid)
    return TurnPassed(to=None) if best is None else TurnPassed(to=best[1], at=best[0])


def next_turn(
    state: FightState, pack: Pack, after: str | None, apply: Apply, place: int | None = None
) -> tuple[FightState, list[Event]]:
    """The events that move the clock to the next turn after ``after`` (None: from
    ``place``, else from the top): a ``TurnPassed``, preceded by ``PassStarted`` for each
    pass begun on the way."""
    clock = state.clock
    if clock.timed:
        passed: list[Event] = [next_in_time(state, pack)]
        return apply(state, passed), passed
    if clock.passes == 0:
        passed = [TurnPassed(to=next_actor(state, pack, after, place))]
        return apply(state, passed), passed
    produced: list[Event] = []
    order = clock.order
    start = _start(order, after, place)
    while True:
        for cid in order[start:]:
            if pack.turns.can_act(state, cid):
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
    pack: Pack,
    dice: Dice,
    decision: Decision,
    apply: Apply,
) -> tuple[FightState, list[Event]]:
    """Move the clock as ``decision`` says, letting the pack act on each turn it begins."""
    produced: list[Event] = []
    advance: Advance = decision.advance
    cut_in = decision.cut_in
    resolved = decision.resolved
    place = decision.place
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
        elif (
            advance == "none"
            and clock.timed
            and clock.acting
            and not pack.turns.can_act(state, clock.acting)
        ):
            # in a timed round the turn of one who can no longer act (fell, was knocked out)
            # moves on by itself
            state, passed = next_turn(state, pack, clock.acting, apply)
        elif advance == "none" and clock.acting and pack.turns.out(state, clock.acting):
            # put out of the fight on his own turn: it moves on as `next` would move it
            advance = "next"
            continue
        elif advance == "none" or clock.phase:
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
            state, passed = next_turn(state, pack, after, apply, place)
        place = None  # where one who left stood counts for the first move only
        produced += passed
        to = state.clock.acting
        if to is None:
            spent = state.clock.round
            ended = pack.turns.on_round_end(state, dice) if spent else []
            state = apply(state, ended)
            produced += ended
            if state.clock.round > spent and not state.clock.phase:
                # the pack began the next round itself (a clock that runs on, second by
                # second): its first turn comes now
                advance, cut_in, resolved = "start", None, True
                continue
            break
        auto = pack.turns.on_turn(state, to, dice, kind)
        state = apply(state, auto.events)
        produced += auto.events
        advance, cut_in, resolved = auto.advance, auto.cut_in, auto.resolved
    out = taken_out(state, pack)
    if out:
        state = apply(state, out)
        produced += out
    return state, produced


def taken_out(state: FightState, pack: Pack) -> list[Event]:
    """The order without those whom a condition now keeps from taking turns
    (``TurnRules.out``), but the one acting and those a cut-in interrupted: the turn moves on
    from them first (the clock needs their place in the order to find the next)."""
    clock = state.clock
    if not clock.order:
        return []
    keep = {clock.acting, *(who for who, _ in clock.resume)}
    why = {cid: pack.turns.out(state, cid) for cid in clock.order if cid not in keep}
    gone = {cid: w for cid, w in why.items() if w}
    if not gone:
        return []
    said = ", ".join(f"{state.combatants[cid].name} is {w}" for cid, w in gone.items())
    order = tuple(cid for cid in clock.order if cid not in gone)
    return [OrderChanged(order=order, reason=f"out of the fight: {said}")]
