"""Reading the fight log: :class:`Reader`, the queries every command runs (the writes, and
opening a file, are :class:`engine.log.Store`, a Reader that also writes)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from engine.chain import LAYOUT, PlyText
from engine.logfile import BUSY_TIMEOUT_S, NotFracas, translate
from engine.logpaths import PathReads
from engine.logrows import (
    PLY_COLUMNS,
    BranchRow,
    EncounterRow,
    PlyRow,
    StoredEvent,
    as_int,
    branch_row,
    encounter_row,
    ply_row,
)

#: Up to how many runs of consecutive ply ids :meth:`Reader.stored_events` reads as ranges,
#: and how many ids it lists in one query beyond that (under SQLite's oldest parameter cap).
_RUNS = 64
_CHUNK = 500


#: A ply's events as layout 2 hashes them; the separators are :data:`engine.chain.BODY_JOIN`.
_TEXTS = (
    "SELECT ply, count(*), group_concat(tag, ','), group_concat(version, ','), "
    "CAST(group_concat(body, '\n') AS BLOB), "
    "sum((tag IS NULL) + (version IS NULL) + (body IS NULL)) "
    "FROM events WHERE ply BETWEEN ? AND ? GROUP BY ply"
)


def _runs(plies: Sequence[int]) -> list[tuple[int, int]]:
    """``plies`` (ids rising) as runs of consecutive ids ``(first, last)``."""
    runs: list[tuple[int, int]] = []
    for ply in plies:
        if runs and runs[-1][1] == ply - 1:
            runs[-1] = (runs[-1][0], ply)
        else:
            runs.append((ply, ply))
    return runs


class Reader(PathReads):
    """The queries over one open fracas file."""

    def __init__(
        self,
        path: Path,
        conn: sqlite3.Connection,
        *,
        chained: bool = True,
        layout: int = LAYOUT,
        uri: str = "",
    ) -> None:
        self.path = path
        self._conn = conn
        #: The URI the connection was opened by (engine/logopen.py): a forked reader's too.
        self.uri = uri or f"file:{path}?mode=rw"
        #: False for a schema-1 file not yet upgraded: no stored hashes, no snapshots.
        self.chained = chained
        #: The layout of the file's hash chain (engine/chain.py: ``layout_of``).
        self.layout = layout
        self._select_ply = ""
        self._set_chained(chained)
        #: Snapshots a rebuild found worth keeping ``(ply, key, ply_hash, body)``: written by
        #: the next append, or by :meth:`keep_cache` once a command has succeeded.
        self.cache: list[tuple[int, str, bytes, bytes]] = []
        #: The hash of the last ply this store wrote.
        self.last_hash = b""
        #: Ply rows read so far, by id (rows are append-only: a command reads each once).
        self._seen: dict[object, tuple[object, ...]] = {}
        #: What the layers above derived from plies read through this connection in the
        #: command running, by a key of theirs (engine/rebuild.py: the state at a ply).
        self.kept: dict[object, object] = {}
        #: What the command before kept (:attr:`kept`), handed to this one: not trusted
        #: until the ply it is for is checked again (engine/rebuild.py: ``state_at``).
        self.handed: dict[object, object] = {}

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def data_version(self) -> int:
        """SQLite's ``PRAGMA data_version``: it changes when another connection (another
        process) has committed to the file since the last call, never for this one's own
        writes. One read of the shared memory, no page read."""
        return as_int(self._all("PRAGMA data_version")[0][0])

    def reopened(self) -> Reader:
        """A reader of the same file on a connection of its own, for a forked process (a
        connection must never cross a fork). It reads rows this reader has already found
        (plies and their events are append-only, so any later snapshot of the file holds
        them unchanged); close it when done."""
        try:
            conn = sqlite3.connect(self.uri, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_S)
        except sqlite3.Error as err:
            raise translate(err, self.path) from None
        return Reader(self.path, conn, chained=self.chained, layout=self.layout, uri=self.uri)

    # --- reads --------------------------------------------------------------------------

    def _all(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as err:
            raise translate(err, self.path) from None

    def encounters(self) -> list[EncounterRow]:
        """Every encounter in the file, oldest first."""
        rows = self._all("SELECT * FROM encounters ORDER BY id")
        return [self._encounter(r) for r in rows]

    def encounter(self, name: str) -> EncounterRow | None:
        """The encounter called ``name``, if any."""
        rows = self._all("SELECT * FROM encounters WHERE name = ?", (name,))
        return self._encounter(rows[0]) if rows else None

    def encounter_by_id(self, encounter: int) -> EncounterRow:
        """The encounter with row id ``encounter``."""
        rows = self._all("SELECT * FROM encounters WHERE id = ?", (encounter,))
        if not rows:
            raise NotFracas(f"{self.path}: a ply names encounter {encounter}, which is missing")
        return self._encounter(rows[0])

    def ply(self, ply_id: int) -> PlyRow:
        """One ply by id, with its stored hash."""
        raw = self._seen.get(ply_id)
        if raw is None:
            rows = self._all(self._select_ply + " WHERE plies.id = ?", (ply_id,))
            if not rows:
                raise NotFracas(f"{self.path}: ply {ply_id} is missing (a pointer to it remains)")
            raw = self._seen[ply_id] = rows[0]
        return self.row(raw)

    def read_ahead(self, ply_id: int, before: int) -> None:
        """Read the rows of ``ply_id`` and the ``before`` ids below it in one query, for the
        :meth:`ply` and :meth:`path_rows` to come (a command's path read, its head first).
        The range may hold another branch's or encounter's plies: if one of them cannot be
        read (text that is not UTF-8), nothing is read ahead, and only the plies the command
        reads one by one can refuse it."""
        if ply_id not in self._seen:
            try:
                rows = self._all(
                    self._select_ply + " WHERE plies.id BETWEEN ? AND ?", (ply_id - before, ply_id)
                )
            except NotFracas:
                return
            self._seen.update((r[0], r) for r in rows)

    def row(self, raw: tuple[object, ...]) -> PlyRow:
        """A PlyRow from a raw row; a row that does not fit is refused naming this file."""
        try:
            return ply_row(raw)
        except NotFracas as err:
            raise NotFracas(f"{self.path}: {err}") from None

    def branches(self, encounter: int) -> list[BranchRow]:
        """The branches of an encounter, in creation order."""
        rows = self._all(
            "SELECT * FROM branches WHERE encounter = ? ORDER BY created_at, name", (encounter,)
        )
        return [self._branch(r) for r in rows]

    def branch(self, encounter: int, name: str) -> BranchRow | None:
        """One branch by name."""
        rows = self._all(
            "SELECT * FROM branches WHERE encounter = ? AND name = ?", (encounter, name)
        )
        return self._branch(rows[0]) if rows else None

    def _encounter(self, raw: tuple[object, ...]) -> EncounterRow:
        try:
            return encounter_row(raw)
        except NotFracas as err:
            raise NotFracas(f"{self.path}: {err}") from None

    def _branch(self, raw: tuple[object, ...]) -> BranchRow:
        try:
            return branch_row(raw)
        except NotFracas as err:
            raise NotFracas(f"{self.path}: {err}") from None

    def ply_texts(self, plies: Sequence[int]) -> dict[int, PlyText] | None:
        """Each of ``plies``' events as one row of text, as hash layout 2 covers them
        (engine/chain.py: count, tags, versions, bodies; and how many of their values are
        NULL, which ``group_concat`` skips): no Python object per event. A ply
        without events has no entry. SQLite does not promise ``group_concat``'s order, but
        gives the key's here; a ply whose text came out otherwise fails its hash, and the
        caller reads it row by row. None: the path is woven through many other plies."""
        runs = _runs(plies)
        if len(runs) > _RUNS:
            return None
        out: dict[int, PlyText] = {}
        for first, last in runs:
            out.update((r[0], r[1:]) for r in self._all(_TEXTS, (first, last)))  # type: ignore[misc]
        return out

    def stored_events(self, plies: Sequence[int]) -> list[tuple[int, str, int, str]]:
        """``(ply, tag, version, body)`` of every event of ``plies`` (ids rising, as a path
        read gives them), in log order: what a ply's hash covers, before any decoding.

        A child ply is always inserted after its parent, so along one path ply ids rise with
        depth, a fight's path is a few runs of consecutive ids (one per branch point), and
        each run is one range of the events table's key. A path woven through other
        branches' plies is read id by id.
        """
        runs = _runs(plies)
        select = "SELECT ply, tag, version, body FROM events WHERE "
        out: list[tuple[object, ...]] = []
        if len(runs) <= _RUNS:
            for first, last in runs:
                out += self._all(select + "ply BETWEEN ? AND ? ORDER BY ply, idx", (first, last))
            return out  # type: ignore[return-value]
        for at in range(0, len(plies), _CHUNK):
            chunk = plies[at : at + _CHUNK]
            marks = ",".join("?" * len(chunk))
            out += self._all(select + f"ply IN ({marks}) ORDER BY ply, idx", chunk)
        return out  # type: ignore[return-value]

    def events_of(self, ply_id: int) -> list[StoredEvent]:
        """The events of one ply, in order."""
        rows = self._all(
            "SELECT ply, idx, tag, version, body FROM events WHERE ply = ? ORDER BY idx",
            (ply_id,),
        )
        return [StoredEvent(*r) for r in rows]  # type: ignore[arg-type]

    def next_salt(self, encounter: int, depth: int) -> int:
        """A salt no ply of this encounter at ``depth`` has used yet (for ``--reroll``)."""
        rows = self._all(
            "SELECT coalesce(max(salt), -1) + 1 FROM plies WHERE encounter = ? AND depth = ?",
            (encounter, depth),
        )
        return as_int(rows[0][0])

    def count(self, table: str) -> int:
        """Rows in one of our tables (for tests and benchmarks)."""
        if table not in {"encounters", "plies", "events", "branches", "hashes", "snapshots"}:
            raise ValueError(table)
        return as_int(self._all(f"SELECT count(*) FROM {table}")[0][0])

    def snapshot(self, ply_id: int, key: str) -> tuple[bytes, bytes, bytes] | None:
        """``(ply_hash, digest, body)`` of the snapshot of ``ply_id`` under ``key``, if any."""
        if not self.chained:
            return None
        rows = self._all(
            "SELECT ply_hash, digest, body FROM snapshots WHERE ply = ? AND key = ?",
            (ply_id, key),
        )
        return rows[0] if rows else None  # type: ignore[return-value]

    def snapshots_of(self, plies: Sequence[int], key: str) -> dict[int, tuple[bytes, bytes, bytes]]:
        """The snapshots under ``key`` of ``plies``: ``{ply: (ply_hash, digest, body)}``."""
        if not self.chained or not plies:
            return {}
        rows = self._snapshots(
            f"WHERE key = ? AND ply IN ({','.join('?' * len(plies))})", (key, *plies)
        )
        return {r[0]: r[1:] for r in rows}  # type: ignore[misc]

    def _snapshots(self, where: str, params: Sequence[object]) -> list[tuple[object, ...]]:
        """Snapshot rows; none if one of them cannot be read (text that is not UTF-8): the
        cache is unreadable, so there is none, never a refused command."""
        try:
            return self._all("SELECT ply, ply_hash, digest, body FROM snapshots " + where, params)
        except NotFracas:
            return []

    def snapshots_on_path(
        self, head: int, key: str, plies: Sequence[int] | None = None
    ) -> dict[int, tuple[bytes, bytes, bytes]]:
        """Every snapshot under ``key`` of a ply on the path to ``head``, by ply id;
        ``plies``: the path's ply ids if the caller has read them. One range query over the
        path's ids, filtered here (other branches' snapshots in that range are few)."""
        if not self.chained:
            return {}
        if plies is None:
            plies = [r[0] for r in self.path_rows(head)]  # type: ignore[misc]
        if not plies:
            return {}
        on_path = set(plies)
        rows = self._snapshots(
            "WHERE key = ? AND ply BETWEEN ? AND ?", (key, min(plies), max(plies))
        )
        return {r[0]: r[1:] for r in rows if r[0] in on_path}  # type: ignore[misc]

    def get_cursor(self, key: str) -> str | None:
        """A remembered selection (current encounter, current branch)."""
        rows = self._all("SELECT value FROM cursor WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def _set_chained(self, chained: bool, layout: int | None = None) -> None:
        self.chained = chained
        if layout is not None:
            self.layout = layout
        self._seen = {}  # read without their hashes, or before an upgrade stored them
        # the state a ply carries (layout 3) after the hash; NULL where the file has none
        state = "hashes.state_key, hashes.state_digest" if self.layout >= 3 else "NULL, NULL"
        self._select_ply = (
            f"SELECT {PLY_COLUMNS}, hashes.hash, {state} FROM plies "
            "LEFT JOIN hashes ON hashes.ply = plies.id"
            if chained
            else f"SELECT {PLY_COLUMNS} FROM plies"
        )
