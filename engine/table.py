"""The game master's table: the library API the command line is a thin layer over.

Each method opens the store, rebuilds the state it needs from the log (or takes the state the
table's last method left, its ply checked again: engine/tablebase.py), does one thing, and
closes the store. Every change to the fight is one ply appended by compare-and-set; undo, redo
and branches move pointers and never rewrite a row.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.amend import Amended as Amended
from engine.amend import TableAmend
from engine.dice import Dice
from engine.log import EncounterRow, NotFracas, PlyRow, StoreError
from engine.odds import TableOdds
from engine.outcome import over
from engine.rebuild import chain_hash, kept_at, remember
from engine.replay import encode_all, kernel_for
from engine.rules import (
    DEFAULT_SYSTEM,
    UnknownName,
    UsageError,
    check_name,
    get_pack,
)
from engine.rules import options as pack_options
from engine.tablebase import BranchView as BranchView
from engine.tablebase import DiffView as DiffView
from engine.tablebase import PlyResult as PlyResult
from engine.tablebase import PlyView as PlyView
from engine.tablebase import ReplayReport as ReplayReport
from engine.tablebase import Scene as Scene
from engine.tablebase import check_branch_name as check_branch_name
from engine.tablehistory import TableHistory
from events.core import Declaration, EncounterStarted, JoinDeclared, ResheetDeclared
from projections.state import FightState
from projections.views import status_document

if TYPE_CHECKING:
    from engine.resheet import Resheeted

__all__ = ["PlyResult", "Table", "UsageError", "check_name"]


class Table(TableHistory, TableOdds, TableAmend):
    """A fracas database file seen as a game master's table of encounters."""

    def state(self, branch: str | None = None) -> FightState:
        """The state at the head of the current (or given) branch, rebuilt from the log."""
        with self.scene(branch) as sc:
            return sc.kernel.rebuild(sc.store, sc.branch.head)

    def status(self, branch: str | None = None) -> dict[str, Any]:
        """The ``status`` document of the current (or given) branch's head."""
        with self.scene(branch) as sc:
            state = sc.kernel.rebuild(sc.store, sc.branch.head)
            head = sc.store.ply(sc.branch.head)
            view = sc.kernel.pack.status
            doc = status_document(
                state,
                sc.branch.name,
                head.depth,
                lambda c: view.combatant(state, c.id),
                pack_options.values(state.options),
                view.fight(state) if view.fight is not None else {},
            )
            doc.update(_hashes(sc, head))
            doc["over"] = over(state, view.down)
            return doc

    def diff(self, a: str, b: str) -> DiffView:
        """Branches ``a`` and ``b`` side by side: where they part, the plies only on each,
        and the state at each head (a status document each)."""
        from engine.inputs import check_label

        with self.as_one():
            views_a = self.log(check_label("branch", a))
            views_b = self.log(check_label("branch", b))
            status_a, status_b = self.status(a), self.status(b)
        shared = 0
        for va, vb in zip(views_a, views_b, strict=False):
            if va.row.id != vb.row.id:
                break
            shared += 1
        return DiffView(
            fork=shared - 1,
            a=a,
            b=b,
            a_head=views_a[-1].number,
            b_head=views_b[-1].number,
            only_a=views_a[shared:],
            only_b=views_b[shared:],
            status_a=status_a,
            status_b=status_b,
        )

    def undo(self, n: int = 1) -> PlyResult:
        """Move the current branch's head back ``n`` plies (nothing is deleted); right after
        an amend, one undo restores the line the amend replaced (:mod:`engine.amend`)."""
        if n != 1:
            return super().undo(n)
        with self.as_one(), self.scene() as sc:
            saved = self.undo_amend(sc)
            if saved is None:
                return super().undo(n)
            head = sc.store.ply(saved.head)
            state = sc.kernel.rebuild(sc.store, saved.head)  # every check first
            kept = self.restore_amended(sc, saved)
            said = f"the amend is taken back: the line it replaced is back ({kept} keeps it)"
            return PlyResult(head.depth, sc.branch.name, [], state, note=said)

    def system(self) -> str | None:
        """The rules system of the selected encounter (None: the file has no encounter
        selected, or does not exist yet); NotFracas (exit 5) if the file selects what fracas
        never would, or names a system this fracas lacks."""
        if not self.db.exists():
            return None
        with self._store() as store:
            encounter = self._selected(store)
            return None if encounter is None else self._pack(encounter).name

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
        from engine.inputs import check_seed

        check_seed(seed)  # before the store opens: a refused `new` leaves no file behind
        check_name("encounter", name)
        pack = get_pack(system)
        variant = next(iter(pack.variants)) if variant is None else variant
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
        if self._taken(name):
            raise UsageError(
                f"{self.db}: an encounter called {name!r} already exists; `fracas use {name}` "
                "selects it, or give the new one another name"
            )
        with self._store(create=True) as store:
            store.create_encounter(
                name, seed, system, pack.version, command or f"new {name}", encode_all([start])
            )
        return kernel_for(pack).apply(FightState(), [start])

    def _taken(self, name: str) -> bool:
        """Whether the file already has an encounter ``name`` (a usage error); a file that
        cannot be read now (busy, being made) is left to the write's own check (a conflict,
        or its refusal)."""
        if not self.db.is_file():
            return False
        try:
            with self._store() as store:
                return store.encounter(name) is not None
        except StoreError:
            return False

    def use(self, name: str) -> EncounterRow:
        """Select another encounter of this file."""
        with self._store() as store:
            encounter = store.encounter(name)
            if encounter is None:
                names = [e.name for e in store.encounters()]
                if name in names:  # listed, yet not found by its name: SQLite's index of it
                    raise NotFracas(
                        f"{self.db}: the database is corrupt (encounter {name!r} is in it but "
                        "its index does not find it); nothing was written"
                    )
                known = ", ".join(names) or "none"
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
            kept = kept_at(sc.kernel, sc.store, sc.branch.head)
            head = sc.store.ply(sc.branch.head)
            depth = head.depth + 1
            salt = sc.store.next_salt(sc.encounter.id, depth) if reroll else 0
            dice = Dice(sc.encounter.seed, depth, salt, physical)
            events, after = sc.kernel.resolve(state, declaration, dice)
            # a ply far above any carried state carries its own (a file just upgraded)
            carried = kept.carried if kept is not None else -1
            snapshot = sc.kernel.snapshots.for_ply(depth, after, carried)
            ply_id = sc.store.append(
                sc.branch,
                sc.encounter.seed,
                salt,
                sc.kernel.pack.version,
                command or type(declaration).__name__,
                tuple(physical),
                encode_all(events),
                snapshot,
            )
            whole = kept is not None and kept.whole
            if snapshot is not None and sc.store.layout >= 3:  # it carries its state: the
                carried, whole = depth, False  # next command starts from its snapshot
            remember(  # the next starts here
                sc.kernel, sc.store, ply_id, after, sc.store.last_hash, carried=carried, whole=whole
            )
            down = sc.kernel.pack.status.down
            ended = over(after, down) if over(state, down) is None else None
            return PlyResult(depth, sc.branch.name, events, after, ended, before=state)

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
        with self.as_one():
            declaration = self.join_declaration(sheet, cid=cid, side=side)
            return self.declare(declaration, physical=physical, command=command)

    def join_declaration(
        self, sheet: Path, *, cid: str | None = None, side: str | None = None
    ) -> JoinDeclared[Any]:
        """What ``add`` declares: the sheet file read and validated by the encounter's rules
        pack, the id (default: from the sheet's name) and the side (default: players for a
        pc, else opponents). Declares nothing (``amend REF add FILE`` uses it)."""
        with self.scene() as sc:
            data = sc.kernel.pack.load_sheet(sheet)
        name = str(getattr(data, "name", "") or sheet.stem)
        return JoinDeclared(
            combatant=cid if cid is not None else _slug(name),
            side=side or ("players" if getattr(data, "kind", "") == "pc" else "opponents"),
            sheet=data,
            source_file=str(sheet),
        )

    def resheet_declaration(
        self, cid: str, sheet: Path, *, reset: bool = False
    ) -> ResheetDeclared[Any]:
        """What ``resheet`` declares: the new sheet file read and validated by the
        encounter's rules pack. Declares nothing (``amend REF resheet C FILE`` uses it)."""
        with self.scene() as sc:
            data = sc.kernel.pack.load_sheet(sheet)
        return ResheetDeclared(combatant=cid, sheet=data, source_file=str(sheet), reset=reset)

    def resheet(
        self, cid: str, sheet: Path, *, reset: bool = False, command: str = ""
    ) -> Resheeted:
        """Replace combatant ``cid``'s sheet with the one in ``sheet``, as a ply: his id, name
        and side stay; what he has lost stays lost against the new maxima (``reset``: his
        pools start afresh). The old sheet stays in the log where it was given; the ply
        embeds the new one. Returns the ply and what changes (:mod:`engine.resheet`)."""
        from engine.resheet import Resheeted, changes, last_sheet

        with self.as_one():
            declaration = self.resheet_declaration(cid, sheet, reset=reset)
            with self.scene() as sc:
                old = last_sheet(sc.kernel.history(sc.store, sc.branch.head), cid)
                view = sc.kernel.pack.status.combatant
            result = self.declare(declaration, command=command)
        assert result.before is not None
        found = changes(cid, old, declaration.sheet, result.before, result.state, view)
        return Resheeted(result, found)


def _hashes(sc: Scene, head: PlyRow) -> dict[str, Any]:
    """``status``'s hash of the branch's head, and whether every ply from the encounter's
    start to it was checked against its hash (``chain_checked``: false when the state came
    from a snapshot, whose plies below were not read; ``branches`` and ``replay --verify``
    check them all, and give the hash to publish)."""
    kept = kept_at(sc.kernel, sc.store, head.id)
    return {
        "head_hash": chain_hash(sc.store, head).hex(),
        "chain_checked": kept is not None and kept.whole,
    }


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return slug[:64] or "combatant"
