"""What every :class:`engine.table.Table` method stands on: opening the store, the selected
encounter and branch as a :class:`Scene`, refs to plies, and the records the methods return."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from engine.log import BranchRow, EncounterRow, NotFracas, PlyRow, Store
from engine.rebuild import hand_on
from engine.replay import Kernel, kernel_for
from engine.rules import (
    SYSTEMS,
    UnknownName,
    UsageError,
    check_name,
    get_pack,
)
from engine.session import FileMark, Session, file_mark, session_for
from events.core import Event
from projections.state import FightState

if TYPE_CHECKING:
    from engine.rules.pack import Pack


class Scene(msgspec.Struct, frozen=True):
    """An open encounter on a branch: everything a command needs to act."""

    store: Store
    encounter: EncounterRow
    branch: BranchRow
    kernel: Kernel


class PlyResult(msgspec.Struct, frozen=True):
    """What one command appended: its ply number, its events, and the state after it."""

    number: int
    branch: str
    events: list[Event]
    state: FightState
    #: This ply ended the fight: ``{"winner", "sides_standing"}`` (engine/outcome.py).
    ended: dict[str, Any] | None = None
    #: What the command did beyond its plies, in words (an undo that took back an amend).
    note: str = ""
    #: The state before the ply (None: the command appended nothing), which its words are
    #: told against, as ``log`` tells them: whose turn "the GM ends" is that one's.
    before: FightState | None = None


class PlyView(msgspec.Struct, frozen=True):
    """A ply as ``log`` and ``explain`` show it."""

    number: int
    row: PlyRow
    events: list[Event]
    before: FightState


class DiffView(msgspec.Struct, frozen=True):
    """Two branches side by side (``fracas diff A B``): the last ply they share (``fork``,
    as ``log`` numbers it), each head, the plies only on each side, and each head's
    ``status`` document."""

    fork: int
    a: str
    b: str
    a_head: int
    b_head: int
    only_a: list[PlyView]
    only_b: list[PlyView]
    status_a: dict[str, Any]
    status_b: dict[str, Any]


class BranchView(msgspec.Struct, frozen=True):
    """A branch as ``branches`` lists it: head and fork as ply numbers, length in plies."""

    name: str
    head: int
    fork: int | None
    length: int
    current: bool
    redo: int
    #: Hex SHA-256 of the head ply, chained over the branch's whole path.
    head_hash: str = ""
    #: Hex SHA-256 of the tip, the last ply ``redo`` reaches (the head's with nothing to
    #: redo), and the hash to publish, over both (``engine.chain.publish_hash``).
    tip_hash: str = ""
    publish_hash: str = ""
    #: Whether every ply from the encounter's start to the tip was checked against its hash
    #: before these hashes were given (``branches`` checks them all).
    chain_checked: bool = False


class ReplayReport(msgspec.Struct, frozen=True):
    """The outcome of ``replay --seed … --into``: the new branch and what was skipped."""

    branch: str
    head: int
    replayed: int
    skipped: list[tuple[int, str]]


def check_branch_name(name: str) -> str:
    """A branch name is a name, and not a number: ``N`` in a ref always means ply #N."""
    check_name("branch", name)
    if name.isdigit():
        raise UsageError(
            f"branch name {name!r} is not allowed: a number means a ply (`--at {name}`); "
            "use a name such as what-if-" + name
        )
    return name


class TableBase:
    """A fracas database file; the methods are :class:`engine.table.Table`'s.

    Each method opens the file and closes it (unless a session is in force over it: a
    shell's). What a method's reads and writes kept (the state at the plies folded or
    appended) is handed to the table's next method if the file is as the method left it
    (engine/session.py: ``file_mark``); there the ply a state is for is checked against its
    hash again before the state is used (engine/rebuild.py: ``state_at``). So an action after
    an action folds nothing, and a file changed meanwhile is read afresh."""

    def __init__(self, db: Path, session: Session | None = None) -> None:
        self.db = db
        #: The open file this table's commands share (``fracas shell``); None: the session
        #: in force over ``db`` when a method runs, if any, else each method opens the file
        #: and closes it (the CLI).
        self.session = session
        #: What the last method kept, and the file as it left it closed.
        self._kept: dict[object, object] = {}
        self._left_as: FileMark | None = None
        #: SQLite's check of the file's pages passed as the last method left it.
        self._checked = False
        #: The thread running an :meth:`as_one` block, and its store, if one is.
        self._shared: tuple[int, Store] | None = None

    # --- opening -------------------------------------------------------------------------

    @contextmanager
    def as_one(self) -> Iterator[None]:
        """Run the methods called in the block, in this thread, as one command: the file is
        opened once, and what their reads found worth keeping (snapshots) is written at the
        end only if the whole block succeeded, so a refusal by the last of them writes
        nothing (``diff``, ``report``, ``export``). A method that appends writes them with its
        ply, so a block that writes does so last (``add``, ``undo``)."""
        if self._shared is not None and self._shared[0] == threading.get_ident():
            yield
            return
        with self._store() as store:
            self._shared = (threading.get_ident(), store)
            try:
                yield
            finally:
                self._shared = None

    @contextmanager
    def _store(self, *, create: bool = False) -> Iterator[Store]:
        shared = self._shared
        if shared is not None and shared[0] == threading.get_ident():  # other threads: own
            assert not create, "an as_one block opens an existing file"
            yield shared[1]
            return
        session = self.session or session_for(self.db)
        if session is not None:
            held = session.store(create=create)
            try:
                yield held
            except BaseException as err:
                session.failed(err)
                raise
            else:
                held.keep_cache()
                session.settle()
            finally:  # the next command checks each state again before it uses it
                held.handed, held.kept = hand_on(held), {}
            return
        same = self._left_as is not None and file_mark(self.db) == self._left_as
        handed, self._kept, self._left_as = (self._kept if same else {}), {}, None
        checked, self._checked = same and self._checked, False
        store = Store.open(self.db, create=create)
        store.handed = handed
        store.checked = store.checked or checked  # the file as that check left it
        try:
            yield store
            store.keep_cache()  # only once the command has succeeded: a refusal writes nothing
        finally:
            store.close()
        self._kept, self._left_as = hand_on(store), file_mark(self.db)
        self._checked = store.checked

    def _scene(self, store: Store, branch: str | None = None) -> Scene:
        encounter = self._encounter(store)
        pack = self._pack(encounter)
        current = self._current(store, encounter)
        row = store.branch(encounter.id, current if branch is None else branch)
        if row is None and branch is not None:
            raise UnknownName(f"no branch called {branch!r} in {encounter.name!r}")
        if row is None:  # fracas never deletes a branch, nor selects one it has not made
            from engine.inputs import escaped  # here: every command imports this module

            others = store.branches(encounter.id)
            hint = "`fracas switch NAME` selects another" if others else "it has no branch left"
            raise NotFracas(
                f"{self.db}: the current branch {escaped(current)} of {encounter.name!r} is not "
                f"in the file: it was changed outside fracas; nothing was written ({hint})"
            )
        self._check_branch(store, encounter, row)
        return Scene(store, encounter, row, kernel_for(pack))

    def _check_branch(self, store: Store, encounter: EncounterRow, row: BranchRow) -> None:
        """A branch's head is a ply of its encounter, and its tip (the furthest ply redo
        reaches) is the head or a ply after it on one path: fracas writes nothing else."""
        head = store.ply(row.head)
        why = ""
        if head.encounter != encounter.id:
            why = "head is a ply of another encounter"
        elif row.tip != row.head:
            tip = store.ply(row.tip)
            if tip.encounter != encounter.id or tip.depth <= head.depth:
                why = "redo end (tip) is not after its head"
            elif store.ancestor(tip.id, head.depth) != head.id:
                why = "redo end (tip) is not on a path through its head"
        if why:
            raise NotFracas(
                f"{self.db}: branch {row.name!r}'s {why}: the file was changed outside fracas; "
                "nothing was written"
            )

    def _encounter(self, store: Store) -> EncounterRow:
        """The selected encounter, which there must be."""
        encounter = self._selected(store)
        if encounter is None and store.encounters():  # fracas selects the one it makes
            raise NotFracas(
                f"{self.db}: no encounter is selected though the file holds some: it was "
                "changed outside fracas; nothing was written (`fracas encounters` lists them, "
                "`fracas use NAME` selects one)"
            )
        if encounter is None:
            raise UsageError(f"{self.db}: no encounter selected; `fracas new NAME --seed N`")
        return encounter

    @staticmethod
    def _current(store: Store, encounter: EncounterRow) -> str:
        """The name of the encounter's current branch."""
        return store.get_cursor(f"branch:{encounter.id}") or "main"

    def _selected(self, store: Store) -> EncounterRow | None:
        """The selected encounter (None: none is; a file made by a ``new`` that failed)."""
        name = store.get_cursor("encounter")
        if name is None:
            return None
        encounter = store.encounter(name)
        if encounter is None:  # fracas never deletes an encounter, nor selects one it has not
            from engine.inputs import escaped

            raise NotFracas(
                f"{self.db}: the selected encounter {escaped(name)} is not in the file: it was "
                "changed outside fracas; nothing was written (`fracas encounters` lists the "
                "others, `fracas use NAME` selects one)"
            )
        return encounter

    def _pack(self, encounter: EncounterRow) -> Pack:
        """The encounter's rules pack; a system this fracas lacks is the file's fault."""
        try:
            return get_pack(encounter.system)
        except UnknownName:
            from engine.inputs import escaped

            raise NotFracas(
                f"{self.db}: encounter {encounter.name!r} is played under rules system "
                f"{escaped(encounter.system)}, which this fracas does not have (it has "
                f"{', '.join(sorted(SYSTEMS))}): a fracas with that system wrote it, or it was "
                "changed outside fracas; nothing was written"
            ) from None

    @contextmanager
    def scene(self, branch: str | None = None) -> Iterator[Scene]:
        """The selected encounter on the current (or given) branch."""
        with self._store() as store:
            yield self._scene(store, branch)

    def resolve_ref(self, sc: Scene, ref: str) -> PlyRow:
        """A ply from ``N`` (a number as ``log`` shows it) or ``BRANCH~K`` / ``BRANCH``."""
        from engine.inputs import MAX_COUNT, escaped, parse_int

        ref = ref.strip()
        if not ref:
            raise UsageError(
                "an empty ply reference: give N (a ply number as `log` shows it) or BRANCH~K"
            )
        if ref.isdigit():  # any Unicode digit; parse_int takes ASCII digits only
            head = sc.store.ply(sc.branch.head)
            depth = parse_int(ref, "ply number", 0, MAX_COUNT)
            if depth > head.depth:
                raise UnknownName(
                    f"no ply #{depth} on branch {sc.branch.name!r} (its head is #{head.depth})"
                )
            return sc.store.ply(sc.store.ancestor_on_path(head.id, depth))
        name, tilde, back = ref.partition("~")
        if tilde and not back.strip():
            raise UsageError(
                f"ref {escaped(ref)}: K in BRANCH~K is missing (main~2: two plies before "
                "main's head; the head itself is BRANCH or BRANCH~0)"
            )
        row = sc.store.branch(sc.encounter.id, name)
        if row is None:
            raise UnknownName(
                f"no branch called {escaped(name)} (ref {escaped(ref)}; use N or BRANCH~K)"
            )
        k = 0
        if back:
            if not back.isdigit():
                raise UsageError(f"ref {escaped(ref)}: K in BRANCH~K must be a number")
            k = parse_int(back, f"ref {escaped(ref)}: K in BRANCH~K", 0, MAX_COUNT)
        head = sc.store.ply(row.head)
        if k > head.depth:
            raise UnknownName(f"ref {escaped(ref)}: branch {name!r} has only {head.depth} plies")
        return sc.store.ply(sc.store.ancestor_on_path(head.id, head.depth - k))

    def redo_refusal(self, sc: Scene, n: int, undone: int) -> str:
        """Why ``redo n`` cannot be, with ``undone`` plies to redo on the branch."""
        return f"cannot redo {n}: branch {sc.branch.name!r} has {undone} undone plies"
