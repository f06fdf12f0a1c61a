"""The history half of :class:`engine.table.Table`: undo and redo, branches, the log and
explain, and replay (verify, and the same choices with other dice)."""

from __future__ import annotations

import msgspec

from engine.chain import publish_hash
from engine.dice import Dice
from engine.log import BranchRow, NewPly, PlyRow, Store
from engine.rebuild import chain_hash, checked_plies, read_path
from engine.replay import encode_all
from engine.rules import (
    IllegalAction,
    UnknownName,
    UsageError,
)
from engine.tablebase import (
    BranchView,
    PlyResult,
    PlyView,
    ReplayReport,
    TableBase,
    check_branch_name,
)
from engine.verify import Verified, verify
from engine.wholepath import check_whole
from events.core import Declaration
from projections.state import FightState


def stepped_off(store: Store, head: PlyRow, target: int) -> None:
    """Check the plies an undo steps off against their hashes: a changed ply is refused,
    not moved off the branch where only ``redo`` would meet it again."""
    base = store.ply(target)
    if base.hash is None:  # a file from before the chain: the whole path, computed
        read_path(store, head.id)
    else:
        read_path(store, head.id, base.depth, base.hash)


class TableHistory(TableBase):
    """Moving along the log and reading it back; nothing here rewrites a row."""

    # --- history -------------------------------------------------------------------------

    def undo(self, n: int = 1) -> PlyResult:
        """Move the current branch's head back ``n`` plies (nothing is deleted)."""
        if n < 1:
            raise UsageError("undo N: N must be 1 or more")
        with self.scene() as sc:
            head = sc.store.ply(sc.branch.head)
            if n > head.depth:
                raise IllegalAction(
                    f"cannot undo {n}: branch {sc.branch.name!r} has {head.depth} plies after "
                    "the encounter's start"
                )
            target = sc.store.ancestor_on_path(head.id, head.depth - n)
            state = sc.kernel.rebuild(sc.store, target)  # every check before the write
            stepped_off(sc.store, head, target)
            sc.store.move_head(sc.branch, target)
            return PlyResult(head.depth - n, sc.branch.name, [], state)

    def redo(self, n: int = 1) -> PlyResult:
        """Move the current branch's head forward ``n`` plies toward what was undone."""
        if n < 1:
            raise UsageError("redo N: N must be 1 or more")
        with self.scene() as sc:
            head = sc.store.ply(sc.branch.head)
            tip = sc.store.ply(sc.branch.tip)
            if head.depth + n > tip.depth:
                raise IllegalAction(self.redo_refusal(sc, n, tip.depth - head.depth))
            target = sc.store.ancestor_on_path(tip.id, head.depth + n)
            state = sc.kernel.rebuild(sc.store, target)  # every check before the write
            sc.store.move_head(sc.branch, target)
            return PlyResult(head.depth + n, sc.branch.name, [], state)

    def branch(self, name: str, at: str | None = None, *, switch: bool = False) -> BranchView:
        """Create a branch at the current head (or at ``at``) without copying anything."""
        check_branch_name(name)
        with self.scene() as sc:
            ply = self.resolve_ref(sc, at) if at is not None else sc.store.ply(sc.branch.head)
            if sc.store.branch(sc.encounter.id, name) is not None:
                raise UsageError(f"a branch called {name!r} already exists")
            sc.kernel.rebuild(sc.store, ply.id)  # a branch never grows from a changed ply
            sc.store.create_branch(sc.encounter.id, name, ply.id, switch=switch)
            return BranchView(name, ply.depth, ply.depth, ply.depth, switch, 0)

    def switch(self, name: str) -> BranchView:
        """Make ``name`` the current branch."""
        with self._store() as store:  # the current branch need not be readable
            encounter = self._encounter(store)
            row = store.branch(encounter.id, name)
            if row is None:
                known = ", ".join(b.name for b in store.branches(encounter.id))
                raise UnknownName(f"no branch called {name!r} (branches: {known})")
            store.set_cursor(f"branch:{encounter.id}", name)
            return self._view(store, row, True)

    def branches(self) -> list[BranchView]:
        """Every branch of the encounter with head, fork point and length, and its head, tip
        and publish hashes, given only once every ply from the encounter's start to its tip
        has been checked against its hash (each ply once: branches share their first
        plies)."""
        with self._store() as store:  # the current branch need not be readable
            encounter = self._encounter(store)
            current = self._current(store, encounter)
            checked: dict[object, bytes] = {}
            return [
                self._view(store, b, b.name == current, checked)
                for b in store.branches(encounter.id)
            ]

    def _view(
        self, store: Store, b: BranchRow, current: bool, checked: dict[object, bytes] | None = None
    ) -> BranchView:
        """``b`` as listed; with ``checked`` (what :func:`check_whole` has checked so far)
        its hashes once the whole path to its tip is checked, else its head's alone, checked
        against its row and its parent's hash (``chain_checked`` false)."""
        head = store.ply(b.head)
        tip = store.ply(b.tip)
        fork = store.ply(b.fork).depth if b.fork is not None else None
        view = BranchView(b.name, head.depth, fork, head.depth, current, tip.depth - head.depth)
        if checked is None:
            return msgspec.structs.replace(view, head_hash=chain_hash(store, head).hex())
        self._check_branch(store, store.encounter_by_id(b.encounter), b)  # tip after head
        check_whole(store, tip.id, checked)
        head_hash, tip_hash = checked[head.id], checked[tip.id]
        return msgspec.structs.replace(
            view,
            head_hash=head_hash.hex(),
            tip_hash=tip_hash.hex(),
            publish_hash=publish_hash(head_hash, tip_hash).hex(),
            chain_checked=True,
        )

    def log(
        self,
        branch: str | None = None,
        *,
        round_: int | None = None,
        actor: str | None = None,
        involving: str | None = None,
    ) -> list[PlyView]:
        """Every ply of the branch with its events and the state before it; or only those of
        round ``round_``, those ``actor`` declared, those by or at ``involving``
        (engine/plyfilter.py; an id the branch never had is refused, UnknownName)."""
        with self.scene(branch) as sc:
            views = []
            state = FightState()
            for ply, ply_events in sc.kernel.history(sc.store, sc.branch.head):
                views.append(PlyView(ply.depth, ply, ply_events, state))
                state = sc.kernel.fold_stored(sc.store, state, ply_events)
        if round_ is None and actor is None and involving is None:
            return views
        from engine.plyfilter import pick

        return pick(views, round_, actor, involving)

    def explain(self, ref: str) -> PlyView:
        """One ply with its events and the state before it."""
        with self.scene() as sc:
            ply = self.resolve_ref(sc, ref)
            before = (
                sc.kernel.rebuild(sc.store, ply.parent) if ply.parent is not None else FightState()
            )
            parent = sc.store.ply(ply.parent) if ply.parent is not None else None
            base = chain_hash(sc.store, parent) if parent is not None else None
            [(_, stored, _)] = checked_plies(sc.store, ply.id, ply.depth - 1, base)
            events = sc.kernel.codec.decode_stored(stored)
            return PlyView(ply.depth, ply, events, before)

    # --- replay --------------------------------------------------------------------------

    def verify(self, branch: str | None = None) -> Verified:
        """Check the branch's hash chain to its tip and its snapshots, re-resolve every ply
        (the undone ones too) from its seed and compare with the log."""
        with self.scene(branch) as sc:
            return verify(sc.kernel, sc.store, sc.branch.head, tip=sc.branch.tip)

    def head_hash(self, branch: str | None = None) -> str:
        """The hex SHA-256 of the branch head's ply: it chains over the whole path."""
        with self.scene(branch) as sc:
            return chain_hash(sc.store, sc.store.ply(sc.branch.head)).hex()

    def replay_into(self, seed: int, start: str, into: str) -> ReplayReport:
        """Re-resolve the declarations after ``start`` with seed ``seed`` into branch ``into``.

        The same choices, different luck: entered dice are not reused. A declaration the new
        luck makes illegal (a defence with no strike waiting, a dead target) is skipped and
        reported.
        """
        check_branch_name(into)
        with self.scene() as sc:
            if sc.store.branch(sc.encounter.id, into) is not None:
                raise UsageError(f"a branch called {into!r} already exists")
            fork = self.resolve_ref(sc, start)
            history = sc.kernel.history(sc.store, sc.branch.head)
            if fork.depth >= len(history) or history[fork.depth][0].id != fork.id:
                raise UsageError(
                    f"--from {start}: ply #{fork.depth} of that ref is not on branch "
                    f"{sc.branch.name!r}; switch to its branch first, or give a ply of this one"
                )
            state = sc.kernel.rebuild(sc.store, fork.id)
            new_plies: list[NewPly] = []
            skipped: list[tuple[int, str]] = []
            depth = fork.depth
            for ply, recorded in history[fork.depth + 1 :]:
                declaration = recorded[0]
                assert isinstance(declaration, Declaration)
                dice = Dice(seed, depth + 1, 0)
                try:
                    events, state = sc.kernel.resolve(state, declaration, dice)
                except (IllegalAction, UnknownName) as err:
                    skipped.append((ply.depth, str(err)))
                    continue
                depth += 1
                new_plies.append(
                    (seed, 0, sc.kernel.pack.version, ply.command, (), encode_all(events),
                     sc.kernel.snapshots.for_ply(depth, state))
                )  # fmt: skip
            sc.store.branch_with_plies(sc.encounter.id, into, fork.id, new_plies)
            return ReplayReport(into, depth, len(new_plies), skipped)
