"""Rebuilding state from stored events, and re-resolving declarations from the seed.

* ``rebuild``: fold the stored events; no dice, no rules. Every command does this.
* ``resolve``: run a declaration through the rules pack and the clock with the ply's dice.
* ``verify``: re-resolve every ply of a branch and compare with what the log recorded; the
  first difference is reported as (ply, event, field).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from engine.actiontable import actions_table, core_actions, core_deciders
from engine.clock import settle
from engine.dice import Dice
from engine.log import NotFracas, PlyRow, Store
from engine.rebuild import checked_plies, state_at
from engine.rules import IllegalAction
from engine.rules.pack import Action, Decision, Pack
from engine.snapshots import SnapshotCodec
from events.codec import Codec, encode, tag_of, to_builtins
from events.core import CORE_EVENTS, Declaration, Event, PhaseStarted
from projections import core as core_reducers
from projections.fold import Reducer, fold
from projections.state import FightState


class Kernel:
    """One rules pack wired to the core: its decoder, its merged reducers, its actions table."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.codec = Codec(pack.events, pack.upcasts, pack.records)
        self.reducers: Mapping[type[Event], Reducer] = {
            **core_reducers.REDUCERS,
            **pack.reducers,
        }
        self._other = core_deciders(pack)
        self.snapshots = SnapshotCodec(pack, self.codec)
        #: Known tags no reducer reads (declarations, rolls): a rebuild need not decode them.
        #: Unknown tags are still read, so a log from a newer fracas is refused, not misread.
        types = {tag_of(t): t for t in (*CORE_EVENTS, *pack.events)}
        retired = {
            tag: types.get(step.to_tag)
            for (tag, _), step in self.codec.upcasts.items()
            if tag not in types
        }
        self.unfolded_tags: frozenset[str] = frozenset(
            sorted(
                tag
                for tag, t in (*types.items(), *retired.items())
                if t is not None and t not in self.reducers
            )
        )

    # The actions table is built on first use: reading a fight needs no decider, and
    # importing a pack's deciders costs more than the rest of `fracas status`.
    @functools.cached_property
    def actions(self) -> Mapping[str, Action]:
        """verb -> row: the core's turn verbs (or the pack's replacement rows) and the
        pack's."""
        return actions_table(self.pack)

    @functools.cached_property
    def _by_type(self) -> dict[type, Action]:
        by_type: dict[type, Action] = {}
        for row in self.actions.values():
            by_type.setdefault(row.declaration, row)
        for core in core_actions(self.pack):  # a core declaration whose verb the pack took over
            by_type.setdefault(core.declaration, self.actions[core.verb])
        return by_type

    def apply(self, state: FightState, events: Sequence[Event]) -> FightState:
        """Fold ``events`` into ``state``."""
        return fold(state, events, self.reducers)

    def rebuild(self, store: Store, head: int, *, snapshots: bool = True) -> FightState:
        """The state at ``head``: the nearest snapshot on its path and the stored events
        after it, every ply read checked against its hash (no dice, no rules)."""
        return state_at(self, store, head, snapshots=snapshots)

    def history(self, store: Store, head: int) -> list[tuple[PlyRow, list[Event]]]:
        """Every ply from the encounter's start to ``head`` with all its events, decoded,
        each ply checked against its hash first."""
        plies = checked_plies(store, head)
        events = self.codec.decode_stored([e for _, stored, _ in plies for e in stored])
        out: list[tuple[PlyRow, list[Event]]] = []
        at = 0
        for ply, stored, _ in plies:
            out.append((ply, events[at : at + len(stored)]))
            at += len(stored)
        return out

    def row(self, declaration: Declaration) -> Action | None:
        """The actions-table row that decides ``declaration`` (None: a core declaration no
        verb makes, such as a join)."""
        for cls in type(declaration).__mro__:
            row = self._by_type.get(cls)
            if row is not None:
                return row
        if type(declaration) in self._other:
            return None
        raise IllegalAction(f"the {self.pack.name} rules do not know {type(declaration).__name__}")

    def resolve(
        self, state: FightState, declaration: Declaration, dice: Dice
    ) -> tuple[list[Event], FightState]:
        """Decide ``declaration``, move the clock, and check every entered die was used.

        The decider is a lookup in the actions table. While a reaction is pending only an
        answer (or a ruling) may be declared. A declaration that belongs to a later phase of
        the round moves the round on to it first, in the same ply.
        """
        row = self.row(declaration)
        moved: list[Event] = []
        if row is None:
            decision = self._other[type(declaration)](state, declaration, dice)
        else:
            if row.phase is not None and row.phase != state.clock.phase and state.clock.round:
                state, moved = self._to_phase(state, row.phase, dice)
            if state.pending is not None and not row.while_pending:
                raise IllegalAction(self.pack.turns.waiting(state))
            assert row.decide is not None  # the table gives every row a decider
            decision = row.decide(state, declaration, dice)
        state = self.apply(state, decision.events)
        state, more = settle(state, self.pack, dice, decision, self.apply)
        dice.check_all_used()
        return [declaration, *moved, *decision.events, *more], state

    def _to_phase(
        self, state: FightState, target: str, dice: Dice
    ) -> tuple[FightState, list[Event]]:
        """Move a round still in an earlier phase on to ``target`` ("": the turns)."""
        phases = (*self.pack.phases, "")
        clock = state.clock
        here = phases.index(clock.phase) if clock.phase in phases else 0
        if target not in phases or phases.index(target) < here:
            where = f"the {target} phase" if target else "the turns"
            now = f"in its {clock.phase} phase" if clock.phase else "past its phases"
            raise IllegalAction(
                f"round {clock.round} is {now}: {where} cannot come now (`fracas initiative` "
                "begins the next round)"
            )
        events: list[Event] = []
        for phase in phases[here + 1 : phases.index(target) + 1]:
            began: list[Event] = [PhaseStarted(round=clock.round, phase=phase)]
            state = self.apply(state, began)
            events += began
        if target == "":
            state, more = settle(state, self.pack, dice, Decision([], advance="start"), self.apply)
            events += more
        return state, events


_KERNELS: dict[int, Kernel] = {}


def kernel_for(pack: Pack) -> Kernel:
    """The kernel of ``pack``, built once per process (decoders, tables, snapshot codec)."""
    kernel = _KERNELS.get(id(pack))
    if kernel is None or kernel.pack is not pack:
        kernel = _KERNELS[id(pack)] = Kernel(pack)
    return kernel


@attrs.frozen
class Difference:
    """Where a re-resolved ply first differs from the log."""

    ply: int
    event: int
    field: str
    recorded: Any
    resolved: Any

    def describe(self) -> str:
        """One line for the GM."""
        return (
            f"ply #{self.ply}, event {self.event}, field {self.field}: "
            f"log has {self.recorded!r}, the rules now give {self.resolved!r}"
        )


def _first_difference(
    depth: int, recorded: Sequence[dict[str, Any]], resolved: Sequence[dict[str, Any]]
) -> Difference | None:
    for i in range(max(len(recorded), len(resolved))):
        if i >= len(recorded):
            return Difference(depth, i, "type", None, resolved[i].get("type"))
        if i >= len(resolved):
            return Difference(depth, i, "type", recorded[i].get("type"), None)
        diff = _diff_value(recorded[i], resolved[i], "")
        if diff is not None:
            return Difference(depth, i, diff[0] or "(event)", diff[1], diff[2])
    return None


def _diff_value(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=lambda k: (k != "type", k)):
            sub = _diff_value(a.get(key), b.get(key), f"{path}.{key}" if path else key)
            if sub is not None:
                return sub
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            sub = _diff_value(x, y, f"{path}[{i}]")
            if sub is not None:
                return sub
        return None
    return None if a == b else (path, a, b)


@attrs.frozen
class Verified:
    """What ``replay --verify`` found: plies re-resolved, the first difference (None: the
    log is reproduced), the head's hash, and how many snapshots on the path were proved."""

    plies: int
    difference: Difference | None
    head_hash: bytes
    snapshots: int

    @property
    def outcome(self) -> tuple[int, Difference | None]:
        """Plies verified and the first difference."""
        return self.plies, self.difference


class SnapshotMismatch(NotFracas):
    """A snapshot on the path does not hold the state the log folds to (exit 5)."""


def verify(kernel: Kernel, store: Store, head: int) -> Verified:
    """Check the whole chain to ``head``, re-resolve every ply from its seed and compare it
    with the log, and prove every snapshot on the path against the state folded there.

    Each ply is folded once: when the re-resolved events encode to the stored bytes the state
    the rules produced is the state the log folds to; only a mismatch is decoded and diffed
    field by field.
    """
    plies = checked_plies(store, head)  # raises Tampered, naming the first changed ply
    snaps = kernel.snapshots
    stored_snaps = store.snapshots_on_path(head, snaps.key)
    decode, decode_stored = kernel.codec.decode, kernel.codec.decode_stored
    state = FightState()
    checked = proved = 0
    for ply, stored, _ in plies:
        if ply.parent is None:
            state = kernel.apply(state, decode_stored(stored))
        else:
            first = decode(*stored[0][1:]) if stored else None
            if not isinstance(first, Declaration):
                return Verified(
                    checked,
                    Difference(ply.depth, 0, "type", None, "a declaration"),
                    plies[-1][2],
                    proved,
                )
            try:
                events, after = kernel.resolve(state, first, dice_for(ply))
            except Exception as err:  # the rules now refuse what was once allowed
                diff = Difference(ply.depth, 0, "(refused)", "accepted", str(err))
                return Verified(checked, diff, plies[-1][2], proved)
            if encode_all(events) == [row[1:] for row in stored]:
                state = after
            else:
                recorded = decode_stored(stored)
                found = _first_difference(
                    ply.depth, [to_builtins(e) for e in recorded], [to_builtins(e) for e in events]
                )
                if found is not None:
                    return Verified(checked, found, plies[-1][2], proved)
                state = kernel.apply(state, recorded)  # an older encoding of the same events
        checked += 1
        snapshot = stored_snaps.get(ply.id)
        if snapshot is not None:
            held = snaps.decode(snapshot[2]) if snaps.usable(snapshot, ply.hash) else None
            if held is not None and (
                held != state or list(held.combatants) != list(state.combatants)
            ):
                raise SnapshotMismatch(
                    f"{store.path}: the snapshot of ply #{ply.depth} does not hold the state the "
                    "log folds to there (the cache was changed outside fracas)"
                )
            proved += held is not None
    return Verified(checked, None, plies[-1][2], proved)


def dice_for(ply: PlyRow) -> Dice:
    """The dice a ply was resolved with: its seed, depth and salt, and its entered faces."""
    return Dice(ply.seed, ply.depth, ply.salt, ply.dice)


def encode_all(events: Sequence[Event]) -> list[tuple[str, int, str]]:
    """Encode a ply's events for the store."""
    return [encode(e) for e in events]
