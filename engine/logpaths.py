"""Walking a path of the log (a :class:`engine.logreads.Reader`'s queries of it): a ply's
ancestor by the skip pointers, and the rows of the path from a ply up to a depth.

Along one path ids rise with depth, so a path is read as a few ranges of ids rather than by a
recursive query; the recursive query is the fallback, and confirms what the skip pointers
found (they are a fast way there, not the truth).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from pathlib import Path
from typing import Protocol

from engine.chain import Tampered
from engine.logfile import NotFracas
from engine.logrows import PlyRow, skip_depth

_DEPTH = itemgetter(3)  # a ply row's depth (PLY_COLUMNS)
_CHANGED = "the log was changed outside fracas (`fracas replay --verify` names the first change)"


class _Rows(Protocol):
    """What the path reads need of their reader."""

    path: Path
    _seen: dict[object, tuple[object, ...]]
    _select_ply: str
    _PATH: str

    def _all(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]: ...

    def row(self, raw: tuple[object, ...]) -> PlyRow: ...

    def path_rows(
        self, head: int, above: int = -1, depth: int | None = None
    ) -> list[tuple[object, ...]]: ...

    def _walk(self, head: int, above: int, depth: int | None) -> list[tuple[object, ...]]: ...

    def ancestor(self, ply_id: int, depth: int) -> int: ...

    def _links(self, ply_id: int) -> tuple[int, int | None, int | None]: ...


class PathReads:
    """The path reads of :class:`engine.logreads.Reader`."""

    def ancestor(self: _Rows, ply_id: int, depth: int) -> int:
        """The ply at ``depth`` on the path to ``ply_id`` (about log2(depth)**2 / 4 lookups at
        worst, see :func:`skip_depth`)."""
        at, parent, skip = self._links(ply_id)
        if depth > at or depth < 0:
            raise ValueError(f"no ancestor at depth {depth} of a ply at depth {at}")
        while at > depth:
            step: int | None = parent
            expected = at - 1
            if skip is not None and skip_depth(at) >= depth:
                step, expected = skip, skip_depth(at)
            if step is None:
                raise Tampered(f"{self.path}: ply #{at} has no parent: {_CHANGED}")
            found = self._links(step)
            if found[0] != expected:  # every step goes up to its own depth: no loop, no jump
                raise Tampered(
                    f"{self.path}: the pointers of ply #{at} lead to ply #{found[0]}, not "
                    f"#{expected}: {_CHANGED}"
                )
            ply_id, (at, parent, skip) = step, found
        return ply_id

    def ancestor_on_path(self: _Rows, ply_id: int, depth: int) -> int:
        """:meth:`ancestor`, confirmed by walking the parents (the skip pointers are a fast
        way there, not the truth): a ply reached through a changed pointer is refused."""
        found = self.ancestor(ply_id, depth)
        rows = self._all(
            self._PATH + "SELECT id FROM up WHERE depth = ?", (ply_id, depth - 1, depth - 1, depth)
        )
        if not rows or rows[0][0] != found:
            raise Tampered(
                f"{self.path}: ply #{depth} reached by the skip pointers is not on the path: "
                f"{_CHANGED}"
            )
        return found

    def _links(self: _Rows, ply_id: int) -> tuple[int, int | None, int | None]:
        raw = self._seen.get(ply_id)
        if raw is not None:
            return raw[3], raw[2], raw[4]  # type: ignore[return-value]
        rows = self._all("SELECT depth, parent, skip FROM plies WHERE id = ?", (ply_id,))
        if not rows:
            raise NotFracas(f"{self.path}: ply {ply_id} is missing (a pointer to it remains)")
        depth, parent, skip = rows[0]
        if type(depth) is not int or not all(type(p) is int or p is None for p in (parent, skip)):
            raise Tampered(f"{self.path}: ply {ply_id}'s pointers are not ply ids: {_CHANGED}")
        return depth, parent, skip  # type: ignore[return-value]

    # The path up from a ply: parent by parent while the ply is deeper than a given depth
    # (-1: to the encounter's start). Bounded by the snapshot a command starts from.
    # Each step must go exactly one depth up, so that a changed parent pointer (a cycle, a
    # jump) ends the path instead of looping: the path read then lacks its start, and the
    # chain check refuses it.
    _PATH = (
        "WITH RECURSIVE up(id, depth, parent) AS (SELECT id, depth, parent FROM plies "
        "WHERE id = ? AND depth > ? UNION ALL SELECT q.id, q.depth, q.parent FROM up "
        "JOIN plies q ON q.id = up.parent WHERE q.depth = up.depth - 1 AND q.depth > ?) "
    )

    def path_to(self: _Rows, head: int, above: int = -1) -> list[PlyRow]:
        """The plies to ``head`` deeper than depth ``above`` (-1: from the start), in order."""
        return [self.row(r) for r in self.path_rows(head, above)]

    def path_rows(
        self: _Rows, head: int, above: int = -1, depth: int | None = None
    ) -> list[tuple[object, ...]]:
        """:meth:`path_to` as raw rows (``PLY_COLUMNS`` and the hash): a long rebuild reads
        thousands and needs few of their fields. ``depth``: the depth ``head`` must have (a
        walk resumed at a parent), None for any.

        Parent by parent, as :attr:`_PATH` walks it, each step exactly one depth up; but the
        rows are read as ranges of ids ending at the ply wanted next, sized by the depths
        still to go (along one path ids rise with depth, so a fight's path is a few ranges),
        rather than by a recursive query, which SQLite compiles anew in every command. A
        path woven through many other plies falls back to the recursive query, as does a range
        holding a row that cannot be read (another branch's damage is not this path's).
        """
        out: list[tuple[object, ...]] = []
        fetched: dict[object, tuple[object, ...]] = {}
        want: object = head
        read = 0
        while depth is None or depth > above:  # the next ply is still wanted
            row = fetched.get(want) or self._seen.get(want)
            if row is None:
                if type(want) is not int:
                    break
                if read > 2 * len(out) + 256:  # mostly other branches' plies: walk in SQL
                    out += self._walk(want, above, depth)
                    break
                span = 1 if depth is None else max(depth - above, 1)  # None: the head alone first
                try:
                    rows = self._all(
                        self._select_ply + " WHERE plies.id BETWEEN ? AND ?",
                        (want - span + 1, want),
                    )
                except NotFracas:  # a row in the range cannot be read: maybe not the path's
                    out += self._walk(want, above, depth)
                    break
                read += len(rows)
                fetched = {r[0]: r for r in rows}
                row = fetched.get(want)
                if row is None:
                    break
            at = row[3]
            if (depth is not None and at != depth) or type(at) is not int or at <= above:
                break
            out.append(row)
            want, depth = row[2], at - 1
        out.reverse()
        return out

    def _walk(self: _Rows, head: int, above: int, depth: int | None) -> list[tuple[object, ...]]:
        """:meth:`path_rows` by the recursive query, deepest first."""
        rows = self._all(
            self._PATH
            + self._select_ply.replace("FROM plies", "FROM up JOIN plies ON plies.id = up.id"),
            (head, above, above),
        )
        rows.sort(key=_DEPTH, reverse=True)
        if rows and depth is not None and rows[0][3] != depth:
            return []
        return rows
