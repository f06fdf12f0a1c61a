"""The kernel: one rules pack wired to the core, rebuilding state and re-resolving
declarations from the seed.

* ``rebuild``: fold the stored events (engine/rebuild.py); no dice, no rules. Every command.
* ``resolve``: run a declaration through the rules pack and the clock with the ply's dice.
* ``verify`` (engine/verify.py): re-resolve every ply of a branch and compare with the log.

The actions table and the clock are imported on first use: a command that only reads the
fight (``status``) decides nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.dice import Dice  # engine.table, which every command imports, imports it anyway
from engine.log import NotFracas, PlyRow, Store
from engine.rebuild import bulk, checked_plies, state_at
from engine.rules import IllegalAction
from engine.rules.pack import Action, Decision, Pack
from engine.snapshots import SnapshotCodec
from events.codec import Codec, encode, tag_of
from events.core import CORE_EVENTS, Declaration, Event, PhaseStarted
from projections import core as core_reducers
from projections.fold import Reducer, fold
from projections.state import FightState

if TYPE_CHECKING:
    from engine.clock import Apply


class Unfoldable(NotFracas):
    """Stored events that pass the hash check but do not fold (exit 5)."""


class Kernel:
    """One rules pack wired to the core: its decoder, its merged reducers, its actions table."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.codec = Codec(
            pack.events,
            pack.upcasts,
            {"options": pack.options, "pending": pack.pending},
            lambda: {"sheet": pack.sheet},
            folded={*core_reducers.REDUCERS, *pack.reducers},
            unread=pack.unread,
        )
        self._reducers: dict[type[Event], Reducer] = {**core_reducers.REDUCERS, **pack.reducers}
        self.reducers: Mapping[type[Event], Reducer] = self._reducers
        self.snapshots = SnapshotCodec(pack, self.codec)
        #: declaration type -> its row (None: a core declaration no verb makes), as found.
        self._rows: dict[type, Action | None] = {}
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
        from engine.actiontable import actions_table

        return actions_table(self.pack)

    @functools.cached_property
    def _other(self) -> Mapping[type, Any]:
        """Deciders of core declarations no verb makes (a join, a ruling)."""
        from engine.actiontable import core_deciders

        return core_deciders(self.pack)

    @functools.cached_property
    def _settle(
        self,
    ) -> Callable[[FightState, Pack, Dice, Decision, Apply], tuple[FightState, list[Event]]]:
        """:func:`engine.clock.settle`, imported once (an import in a function costs about a
        microsecond on every call, and a replay resolves every ply)."""
        from engine.clock import settle

        return settle

    @functools.cached_property
    def _known_names(self) -> Callable[[FightState, Event], None]:
        """:func:`engine.turns.known_names`, imported once, as :attr:`_settle` is."""
        from engine.turns import known_names

        return known_names

    @functools.cached_property
    def _by_type(self) -> dict[type, Action]:
        from engine.actiontable import core_actions

        by_type: dict[type, Action] = {}
        for row in self.actions.values():
            by_type.setdefault(row.declaration, row)
        for core in core_actions(self.pack):  # a core declaration whose verb the pack took over
            by_type.setdefault(core.declaration, self.actions[core.verb])
        return by_type

    @functools.cached_property
    def skim_decoder(self) -> Callable[[bytes], list[Event]]:
        """The codec's skim (events/codec.py), built on the first long read, with each lean
        copy of an event type it decodes folded by that type's reducer."""
        reducers = self._reducers
        reducers.update({lean: reducers[t] for t, lean in self.codec.slimmed.items()})
        return self.codec.skim

    def apply(self, state: FightState, events: Sequence[Event]) -> FightState:
        """Fold ``events`` into ``state``."""
        return fold(state, events, self.reducers)

    def fold_stored(self, store: Store, state: FightState, events: Sequence[Event]) -> FightState:
        """:meth:`apply` for events read back from ``store``. They passed the hash check, so
        a reducer failing on them (an event naming nobody in the fight, a number no pool
        holds) means the log was changed with its hashes recomputed, or a bug: refused, exit
        5, naming what failed, rather than a crash."""
        try:
            return fold(state, events, self.reducers)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, ArithmeticError) as e:
            raise Unfoldable(
                f"{store.path}: the log does not fold ({type(e).__name__}: {str(e)[:80]}): its "
                "events were changed outside fracas with their hashes recomputed, or this is a "
                "bug in fracas; nothing was written (`fracas replay --verify` re-resolves them)"
            ) from None

    def rebuild(self, store: Store, head: int, *, snapshots: bool = True) -> FightState:
        """The state at ``head``: the nearest snapshot on its path and the stored events
        after it, every ply read checked against its hash (no dice, no rules)."""
        return state_at(self, store, head, snapshots=snapshots)

    def history(self, store: Store, head: int) -> list[tuple[PlyRow, list[Event]]]:
        """Every ply from the encounter's start to ``head`` with all its events, decoded,
        each ply checked against its hash first."""
        with bulk():
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
        kind = type(declaration)
        if kind in self._rows:  # a replay asks this of every ply
            return self._rows[kind]
        for cls in kind.__mro__:
            row = self._by_type.get(cls)
            if row is not None:
                self._rows[kind] = row
                return row
        if kind in self._other:
            self._rows[kind] = None
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
        settle = self._settle
        self._known_names(state, declaration)
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
        from engine.clock import settle

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


def dice_for(ply: PlyRow) -> Dice:
    """The dice a ply was resolved with: its seed, depth and salt, and its entered faces."""
    return Dice(ply.seed, ply.depth, ply.salt, ply.dice)


def encode_all(events: Sequence[Event]) -> list[tuple[str, int, str]]:
    """Encode a ply's events for the store."""
    return [encode(e) for e in events]
