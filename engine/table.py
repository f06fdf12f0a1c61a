"""The game master's table: the library API the command line is a thin layer over.

Each method opens the store, rebuilds the state it needs from the log, does one thing, and
closes the store. Every change to the fight is one ply appended by compare-and-set; undo, redo
and branches move pointers and never rewrite a row.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs

from engine.dice import Dice
from engine.log import BranchRow, EncounterRow, PlyRow, Store
from engine.replay import Difference, Kernel, encode_all, verify
from engine.rules import (
    DEFAULT_SYSTEM,
    IllegalAction,
    UnknownName,
    UsageError,
    check_name,
    get_pack,
)
from engine.rules import options as pack_options

__all__ = ["PlyResult", "Table", "UsageError", "check_name"]
from events.core import Declaration, EncounterStarted, Event, JoinDeclared
from projections.state import FightState
from projections.views import status_document


@attrs.frozen
class Scene:
    """An open encounter on a branch: everything a command needs to act."""

    store: Store
    encounter: EncounterRow
    branch: BranchRow
    kernel: Kernel


@attrs.frozen
class PlyResult:
    """What one command appended: its ply number, its events, and the state after it."""

    number: int
    branch: str
    events: list[Event]
    state: FightState


@attrs.frozen
class PlyView:
    """A ply as ``log`` and ``explain`` show it."""

    number: int
    row: PlyRow
    events: list[Event]
    before: FightState


@attrs.frozen
class BranchView:
    """A branch as ``branches`` lists it: head and fork as ply numbers, length in plies."""

    name: str
    head: int
    fork: int | None
    length: int
    current: bool
    redo: int


@attrs.frozen
class ReplayReport:
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


class Table:
    """A fracas database file seen as a game master's table of encounters."""

    def __init__(self, db: Path) -> None:
        self.db = db

    # --- opening -------------------------------------------------------------------------

    @contextmanager
    def _store(self, *, create: bool = False) -> Iterator[Store]:
        store = Store.open(self.db, create=create)
        try:
            yield store
        finally:
            store.close()

    def _scene(self, store: Store, branch: str | None = None) -> Scene:
        name = store.get_cursor("encounter")
        if name is None:
            raise UsageError(f"{self.db}: no encounter selected; `fracas new NAME --seed N`")
        encounter = store.encounter(name)
        if encounter is None:
            raise UsageError(f"{self.db}: the selected encounter {name!r} does not exist")
        branch_name = branch or store.get_cursor(f"branch:{encounter.id}") or "main"
        row = store.branch(encounter.id, branch_name)
        if row is None:
            raise UnknownName(f"no branch called {branch_name!r} in {encounter.name!r}")
        return Scene(store, encounter, row, Kernel(get_pack(encounter.system)))

    @contextmanager
    def scene(self, branch: str | None = None) -> Iterator[Scene]:
        """The selected encounter on the current (or given) branch."""
        with self._store() as store:
            yield self._scene(store, branch)

    def state(self, branch: str | None = None) -> FightState:
        """The state at the head of the current (or given) branch, rebuilt from the log."""
        with self.scene(branch) as sc:
            return sc.kernel.rebuild(sc.store, sc.branch.head)

    def status(self, branch: str | None = None) -> dict[str, Any]:
        """The ``status`` document of the current (or given) branch's head."""
        with self.scene(branch) as sc:
            state = sc.kernel.rebuild(sc.store, sc.branch.head)
            head = sc.store.ply(sc.branch.head).depth
            view = sc.kernel.pack.status
            return status_document(
                state,
                sc.branch.name,
                head,
                lambda c: view.combatant(state, c.id),
                pack_options.values(state.options),
                view.fight(state) if view.fight is not None else {},
            )

    def system(self) -> str | None:
        """The rules system of the selected encounter (None: the file has no encounter
        selected, or does not exist yet)."""
        if not self.db.exists():
            return None
        with self._store() as store:
            name = store.get_cursor("encounter")
            encounter = store.encounter(name) if name is not None else None
            return encounter.system if encounter is not None else None

    # --- encounters ----------------------------------------------------------------------

    def new(
        self,
        name: str,
        seed: int,
        *,
        system: str = DEFAULT_SYSTEM,
        variant: str | None = None,
        options: Mapping[str, Any] | None = None,
        command: str = "",
    ) -> FightState:
        """Start an encounter (creating the file if needed) and select it."""
        check_name("encounter", name)
        pack = get_pack(system)
        variant = variant or next(iter(pack.variants))
        try:
            chosen = pack_options.options_for(pack, variant, options or {})
        except pack_options.OptionError as err:
            raise UsageError(str(err)) from None
        start = EncounterStarted(
            name=name,
            seed=seed,
            system=system,
            rules_version=pack.version,
            variant=variant,
            options=chosen,
        )
        with self._store(create=True) as store:
            store.create_encounter(
                name, seed, system, pack.version, command or f"new {name}", encode_all([start])
            )
        return Kernel(pack).apply(FightState(), [start])

    def use(self, name: str) -> EncounterRow:
        """Select another encounter of this file."""
        with self._store() as store:
            encounter = store.encounter(name)
            if encounter is None:
                known = ", ".join(e.name for e in store.encounters()) or "none"
                raise UnknownName(f"no encounter called {name!r} (encounters: {known})")
            store.set_cursor("encounter", name)
            return encounter

    def encounters(self) -> tuple[list[EncounterRow], str | None]:
        """Every encounter, and the selected one's name."""
        with self._store() as store:
            return store.encounters(), store.get_cursor("encounter")

    # --- acting --------------------------------------------------------------------------

    def declare(
        self,
        declaration: Declaration,
        *,
        physical: Sequence[int] = (),
        reroll: bool = False,
        command: str = "",
    ) -> PlyResult:
        """Resolve one declaration and append it, with every event it produced, as one ply."""
        with self.scene() as sc:
            state = sc.kernel.rebuild(sc.store, sc.branch.head)
            head = sc.store.ply(sc.branch.head)
            depth = head.depth + 1
            salt = sc.store.next_salt(sc.encounter.id, depth) if reroll else 0
            dice = Dice(sc.encounter.seed, depth, salt, physical)
            events, after = sc.kernel.resolve(state, declaration, dice)
            sc.store.append(
                sc.branch,
                sc.encounter.seed,
                salt,
                sc.kernel.pack.version,
                command or type(declaration).__name__,
                tuple(physical),
                encode_all(events),
            )
            return PlyResult(depth, sc.branch.name, events, after)

    def add(
        self,
        sheet: Path,
        *,
        cid: str | None = None,
        side: str | None = None,
        physical: Sequence[int] = (),
        command: str = "",
    ) -> PlyResult:
        """Add a combatant from a sheet file (validated once, embedded in the log)."""
        with self.scene() as sc:
            data = sc.kernel.pack.load_sheet(sheet)
        name = str(getattr(data, "name", "") or sheet.stem)
        ident = cid if cid is not None else _slug(name)
        declaration = JoinDeclared(
            combatant=ident,
            side=side or ("players" if getattr(data, "kind", "") == "pc" else "opponents"),
            sheet=data,
            source_file=str(sheet),
        )
        return self.declare(declaration, physical=physical, command=command)

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
            target = sc.store.ancestor(head.id, head.depth - n)
            sc.store.move_head(sc.branch, target)
            state = sc.kernel.rebuild(sc.store, target)
            return PlyResult(head.depth - n, sc.branch.name, [], state)

    def redo(self, n: int = 1) -> PlyResult:
        """Move the current branch's head forward ``n`` plies toward what was undone."""
        if n < 1:
            raise UsageError("redo N: N must be 1 or more")
        with self.scene() as sc:
            head = sc.store.ply(sc.branch.head)
            tip = sc.store.ply(sc.branch.tip)
            if head.depth + n > tip.depth:
                raise IllegalAction(
                    f"cannot redo {n}: branch {sc.branch.name!r} has "
                    f"{tip.depth - head.depth} undone plies"
                )
            target = sc.store.ancestor(tip.id, head.depth + n)
            sc.store.move_head(sc.branch, target)
            state = sc.kernel.rebuild(sc.store, target)
            return PlyResult(head.depth + n, sc.branch.name, [], state)

    def resolve_ref(self, sc: Scene, ref: str) -> PlyRow:
        """A ply from ``N`` (a number as ``log`` shows it) or ``BRANCH~K`` / ``BRANCH``."""
        ref = ref.strip()
        if ref.isdigit():
            head = sc.store.ply(sc.branch.head)
            depth = int(ref)
            if depth > head.depth:
                raise UnknownName(
                    f"no ply #{depth} on branch {sc.branch.name!r} (its head is #{head.depth})"
                )
            return sc.store.ply(sc.store.ancestor(head.id, depth))
        name, _, back = ref.partition("~")
        row = sc.store.branch(sc.encounter.id, name)
        if row is None:
            raise UnknownName(f"no branch called {name!r} (ref {ref!r}; use N or BRANCH~K)")
        k = 0
        if back:
            if not back.isdigit():
                raise UsageError(f"ref {ref!r}: K in BRANCH~K must be a number")
            k = int(back)
        head = sc.store.ply(row.head)
        if k > head.depth:
            raise UnknownName(f"ref {ref!r}: branch {name!r} has only {head.depth} plies")
        return sc.store.ply(sc.store.ancestor(head.id, head.depth - k))

    def branch(self, name: str, at: str | None = None, *, switch: bool = False) -> BranchView:
        """Create a branch at the current head (or at ``at``) without copying anything."""
        check_branch_name(name)
        with self.scene() as sc:
            ply = self.resolve_ref(sc, at) if at else sc.store.ply(sc.branch.head)
            if sc.store.branch(sc.encounter.id, name) is not None:
                raise UsageError(f"a branch called {name!r} already exists")
            sc.store.create_branch(sc.encounter.id, name, ply.id, switch=switch)
            return BranchView(name, ply.depth, ply.depth, ply.depth, switch, 0)

    def switch(self, name: str) -> BranchView:
        """Make ``name`` the current branch."""
        with self.scene() as sc:
            row = sc.store.branch(sc.encounter.id, name)
            if row is None:
                known = ", ".join(b.name for b in sc.store.branches(sc.encounter.id))
                raise UnknownName(f"no branch called {name!r} (branches: {known})")
            sc.store.set_cursor(f"branch:{sc.encounter.id}", name)
            return self._view(sc.store, row, True)

    def branches(self) -> list[BranchView]:
        """Every branch of the encounter with head, fork point and length."""
        with self.scene() as sc:
            return [
                self._view(sc.store, b, b.name == sc.branch.name)
                for b in sc.store.branches(sc.encounter.id)
            ]

    @staticmethod
    def _view(store: Store, b: BranchRow, current: bool) -> BranchView:
        head = store.ply(b.head)
        tip = store.ply(b.tip)
        fork = store.ply(b.fork).depth if b.fork is not None else None
        return BranchView(b.name, head.depth, fork, head.depth, current, tip.depth - head.depth)

    def log(self, branch: str | None = None) -> list[PlyView]:
        """Every ply of the branch with its events and the state before it."""
        with self.scene(branch) as sc:
            views = []
            state = FightState()
            for ply, ply_events in sc.kernel.history(sc.store, sc.branch.head):
                views.append(PlyView(ply.depth, ply, ply_events, state))
                state = sc.kernel.apply(state, ply_events)
            return views

    def explain(self, ref: str) -> PlyView:
        """One ply with its events and the state before it."""
        with self.scene() as sc:
            ply = self.resolve_ref(sc, ref)
            before = (
                sc.kernel.rebuild(sc.store, ply.parent) if ply.parent is not None else FightState()
            )
            stored = sc.store.events_of(ply.id)
            events = [sc.kernel.codec.decode(s.tag, s.version, s.body) for s in stored]
            return PlyView(ply.depth, ply, events, before)

    # --- replay --------------------------------------------------------------------------

    def verify(self, branch: str | None = None) -> tuple[int, Difference | None]:
        """Re-resolve every ply of the branch from its seed and compare with the log."""
        with self.scene(branch) as sc:
            return verify(sc.kernel, sc.store, sc.branch.head)

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
            new_plies: list[tuple[int, int, int, str, Sequence[int], list[tuple[str, int, str]]]]
            new_plies = []
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
                    (seed, 0, sc.kernel.pack.version, ply.command, (), encode_all(events))
                )
            sc.store.branch_with_plies(sc.encounter.id, into, fork.id, new_plies)
            return ReplayReport(into, depth, len(new_plies), skipped)


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug[:64] or "combatant"
