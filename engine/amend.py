"""Amend a past ruling (``fracas amend REF VERB ARGS…`` or ``amend REF --drop``): replace one
ply of the current branch and re-resolve every later declaration with its own dice.

The new line forks at the amended ply's parent. The amended ply is the new declaration,
resolved with the old ply's seed, depth and salt (and the faces the amend command enters); a
dropped ply becomes a GM's note that says so, so that every later ply keeps its depth and with
it its dice. Each later declaration is re-resolved with its own seed, depth, salt and the faces
entered by hand for it (those it no longer uses are let go: a parry with no strike to stop
rolls nothing). A declaration the amended history makes illegal is never changed: it is listed
and its place taken by a note naming it and why, its depth kept. The old line stays reachable
as branch ``NAME-before-amend-K``; an ``undo`` right after the amend restores it exactly (the
amended line kept as ``NAME-amend-K``, which a ``redo`` with nothing to redo then names). The
new declaration may be any a ply holds: an action, a join (``add``: a sheet mended from the
start) or a new sheet (``resheet``). The report gives the replaced ply's rolls beside the new
ply's. ``dry_run`` reports all this and writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.dice import Dice, DiceError
from engine.log import NewPly
from engine.logamend import amend_branch, amend_cursor, amended_cursor, restore_branch
from engine.logrows import BranchRow, PlyRow, free_name
from engine.replay import Kernel, encode_all
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.tablebase import Scene, TableBase
from events.core import Declaration, Event, Roll, RulingDeclared
from projections.state import FightState


class AmendRoll(msgspec.Struct, frozen=True):
    """One roll of the amended ply, before or after the amend: who rolled (None: the GM's
    or nobody's), what for, the dice and faces, the total, the number it was judged against
    and its outcome (the pack's tier, else ``success`` or ``failure``; None: nothing to
    reach, such as damage)."""

    who: str | None
    purpose: str
    spec: str
    faces: tuple[int, ...]
    total: int
    target: int | None
    outcome: str | None


class Amended(msgspec.Struct, frozen=True):
    """What an amend did (or would do): the ply replaced, the later plies re-resolved and
    those skipped (depth, command, why), the branch keeping the old line, the new head, and
    the replaced ply's rolls beside the new ply's (``old_rolls``, ``new_rolls``)."""

    branch: str
    ply: int
    dropped: bool
    replayed: list[tuple[int, str]]
    skipped: list[tuple[int, str, str]]
    saved_as: str
    head: int
    written: bool
    old_rolls: list[AmendRoll] = msgspec.field(default_factory=list)
    new_rolls: list[AmendRoll] = msgspec.field(default_factory=list)


def _who(e: Event) -> str | None:
    for name in ("actor", "combatant", "defender", "target"):
        value = getattr(e, name, None)
        if isinstance(value, str) and value:
            return value
    return None


def rolls_of(events: Sequence[Event]) -> list[AmendRoll]:
    """Every roll a ply's events hold, in order (a roll field, or a list of them)."""
    out: list[AmendRoll] = []
    for e in events:
        for field in msgspec.structs.fields(e):
            value = getattr(e, field.name)
            found = value if isinstance(value, tuple | list) else (value,)
            for r in found:
                if isinstance(r, Roll):
                    outcome = r.tier or (
                        None if r.margin is None else "success" if r.margin >= 0 else "failure"
                    )
                    out.append(
                        AmendRoll(_who(e), r.purpose, r.spec, r.faces, r.total, r.target, outcome)
                    )
    return out


def _resolve(
    kernel: Kernel, state: FightState, declaration: Declaration, ply: PlyRow, faces: Sequence[int]
) -> tuple[list[Event], FightState, tuple[int, ...]]:
    """Resolve with the ply's own dice; entered faces it no longer uses are let go."""
    faces = tuple(faces)
    while True:
        dice = Dice(ply.seed, ply.depth, ply.salt, faces)
        try:
            events, after = kernel.resolve(state, declaration, dice)
            return events, after, faces
        except DiceError:
            if dice.physical_left <= 0:
                raise
            faces = faces[: len(faces) - dice.physical_left]


def _free_name(sc: Scene, stem: str) -> str:
    return free_name({b.name for b in sc.store.branches(sc.encounter.id)}, stem)


class TableAmend(TableBase):
    """``Table.amend`` and the undo that takes an amend back."""

    def amend(
        self,
        ref: str,
        declaration: Declaration | None,
        physical: Sequence[int] = (),
        *,
        dry_run: bool = False,
        command: str = "",
    ) -> Amended:
        """Replace ply ``ref`` of the current branch with ``declaration`` (None: drop it)
        and re-resolve what followed (module docstring). A refused new declaration writes
        nothing."""
        with self.scene() as sc:
            target = self.resolve_ref(sc, ref)
            history = sc.kernel.history(sc.store, sc.branch.head)
            if target.depth >= len(history) or history[target.depth][0].id != target.id:
                raise UsageError(f"{ref}: ply #{target.depth} is not on branch {sc.branch.name!r}")
            if target.parent is None or not isinstance(history[target.depth][1][0], Declaration):
                raise UsageError(f"{ref}: the encounter's start cannot be amended")
            state = sc.kernel.rebuild(sc.store, target.parent)
            dropped = declaration is None
            if declaration is None:
                note = f"the GM drops ply #{target.depth} (`{target.command}`)"
                declaration, physical = RulingDeclared(text=note), ()
            dice = Dice(target.seed, target.depth, target.salt, tuple(physical))
            events, state = sc.kernel.resolve(state, declaration, dice)  # every face checked
            rolls = (rolls_of(history[target.depth][1]), rolls_of(events))
            used = tuple(physical)
            version = sc.kernel.pack.version
            carry = sc.kernel.snapshots.for_ply  # the plies at multiples of 16 carry their state
            plies: list[NewPly] = [
                (target.seed, target.salt, version, command or target.command, used,
                 encode_all(events), carry(target.depth, state))
            ]  # fmt: skip
            replayed: list[tuple[int, str]] = []
            skipped: list[tuple[int, str, str]] = []
            for ply, recorded in history[target.depth + 1 :]:
                later = recorded[0]
                assert isinstance(later, Declaration)
                try:
                    events, state, used = _resolve(sc.kernel, state, later, ply, ply.dice)
                    plies.append(
                        (ply.seed, ply.salt, version, ply.command, used, encode_all(events),
                         carry(ply.depth, state))
                    )  # fmt: skip
                    replayed.append((ply.depth, ply.command))
                except (IllegalAction, UnknownName, UsageError) as err:
                    skipped.append((ply.depth, ply.command, str(err)))
                    told = RulingDeclared(text=f"skipped after an amend: `{ply.command}` ({err})")
                    events, state, _ = _resolve(sc.kernel, state, told, ply, ())
                    plies.append(
                        (ply.seed, ply.salt, version, ply.command, (), encode_all(events),
                         carry(ply.depth, state))
                    )  # fmt: skip
            saved_as = _free_name(sc, f"{sc.branch.name}-before-amend")
            head = target.depth + len(plies) - 1
            report = Amended(
                sc.branch.name, target.depth, dropped, replayed, skipped, saved_as, head,
                not dry_run, *rolls,
            )  # fmt: skip
            if dry_run:
                sc.store.cache.clear()  # a dry run writes nothing, not even a snapshot
            else:
                amend_branch(sc.store, sc.branch, target.parent, plies, saved_as)
            return report

    def undo_amend(self, sc: Scene) -> BranchRow | None:
        """The line the branch's last amend replaced, if the branch's head is still the
        amended line's end (None: no amend to take back)."""
        mark = sc.store.get_cursor(amend_cursor(sc.branch))
        if mark is None:
            return None
        head, _, saved_name = mark.partition(":")
        saved = sc.store.branch(sc.encounter.id, saved_name)
        right_after = head == str(sc.branch.head) and sc.branch.tip == sc.branch.head
        return saved if saved is not None and right_after else None

    def redo_refusal(self, sc: Scene, n: int, undone: int) -> str:
        """Why ``redo n`` cannot be, naming the branch that keeps the amended line when an
        undo took an amend back and nothing has been declared since."""
        said = super().redo_refusal(sc, n, undone)
        mark = sc.store.get_cursor(amended_cursor(sc.branch))
        if mark is None:
            return said
        tip, _, kept = mark.partition(":")
        if tip != str(sc.branch.tip) or sc.store.branch(sc.encounter.id, kept) is None:
            return said
        where = f"the amended line is kept as branch {kept} (`fracas switch {kept}` to get it back)"
        if undone == 0:
            return f"nothing to redo on {sc.branch.name}; {where}"
        return f"{said}; {where}"

    def restore_amended(self, sc: Scene, saved: BranchRow) -> str:
        """Take the amend back: the old line returns, the amended one kept as
        ``NAME-amend-K`` (its name returned)."""
        kept = _free_name(sc, f"{sc.branch.name}-amend")
        restore_branch(sc.store, sc.branch, saved, kept)
        return kept
