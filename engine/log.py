"""The fight log in SQLite: the only module that queries it (its schema is :mod:`engine.logfile`).

One file holds any number of encounters. Plies and events are append-only (triggers refuse
UPDATE and DELETE); a branch is a named pointer to a ply and moves by compare-and-set inside a
``BEGIN IMMEDIATE`` transaction. The file carries our ``application_id`` and a schema version
in ``PRAGMA user_version``; both are read from the file header in Python before SQLite opens it
for writing, so a foreign, empty, corrupt or newer file is refused with its bytes unchanged.
"""

from __future__ import annotations

import datetime as _dt
import json
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from engine.logfile import APPLICATION_ID as APPLICATION_ID
from engine.logfile import BUSY_TIMEOUT_S as BUSY_TIMEOUT_S
from engine.logfile import SCHEMA, publish, translate
from engine.logfile import SCHEMA_VERSION as SCHEMA_VERSION
from engine.logfile import Busy as Busy
from engine.logfile import Conflict as Conflict
from engine.logfile import DiskError as DiskError
from engine.logfile import NoDatabase as NoDatabase
from engine.logfile import NotFracas as NotFracas
from engine.logfile import SchemaMismatch as SchemaMismatch
from engine.logfile import StoreError as StoreError
from engine.logfile import check_header as check_header
from engine.logrows import BranchRow as BranchRow
from engine.logrows import EncounterRow as EncounterRow
from engine.logrows import PlyRow as PlyRow
from engine.logrows import StoredEvent as StoredEvent
from engine.logrows import as_int, ply_row
from engine.logrows import skip_depth as skip_depth


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


class Store:
    """The SQLite log of one file. Open with :meth:`open`; writes are single transactions."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self._conn = conn

    @classmethod
    def open(cls, path: Path, *, create: bool = False) -> Store:
        """Open ``path``; with ``create`` make a new fracas file if none exists there."""
        if not path.exists():
            if not create:
                raise NoDatabase(
                    f"{path}: no fracas database here; start one with "
                    "`fracas new NAME --seed N` (or pass --db PATH)"
                )
            return cls._create(path)
        check_header(path)
        try:
            conn = sqlite3.connect(
                f"file:{path}?mode=rw", uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_S
            )
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("SELECT count(*) FROM branches").fetchone()
        except sqlite3.Error as err:
            raise translate(err, path) from None
        return cls(path, conn)

    @classmethod
    def _create(cls, path: Path) -> Store:
        """Build a complete new file under a private name, then publish it at ``path``.

        Another fracas racing to create the same file must never see it half made (empty, or
        without its schema version): it would refuse the file as foreign. Publishing is a hard
        link, which fails if ``path`` appeared meanwhile; then the other process's file is used.
        """
        if not path.parent.is_dir():
            raise DiskError(f"{path}: folder {path.parent} does not exist")
        tmp = path.with_name(f".{path.name}.creating-{uuid.uuid4().hex}")
        try:
            conn = sqlite3.connect(tmp, isolation_level=None, timeout=BUSY_TIMEOUT_S)
            try:
                conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
                conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                conn.executescript("BEGIN;" + SCHEMA + "COMMIT;")
                conn.execute("PRAGMA journal_mode=WAL")
            finally:
                conn.close()
            publish(tmp, path)
        except sqlite3.Error as err:
            raise translate(err, path) from None
        except OSError as err:
            raise DiskError(f"{path}: cannot create ({err.strerror or err})") from None
        finally:
            for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm"), Path(f"{tmp}-journal")):
                leftover.unlink(missing_ok=True)
        return cls.open(path)

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    # --- reads --------------------------------------------------------------------------

    def _all(self, sql: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.Error as err:
            raise translate(err, self.path) from None

    def encounters(self) -> list[EncounterRow]:
        """Every encounter in the file, oldest first."""
        rows = self._all("SELECT * FROM encounters ORDER BY id")
        return [EncounterRow(*r) for r in rows]  # type: ignore[arg-type]

    def encounter(self, name: str) -> EncounterRow | None:
        """The encounter called ``name``, if any."""
        rows = self._all("SELECT * FROM encounters WHERE name = ?", (name,))
        return EncounterRow(*rows[0]) if rows else None  # type: ignore[arg-type]

    def ply(self, ply_id: int) -> PlyRow:
        """One ply by id."""
        rows = self._all("SELECT * FROM plies WHERE id = ?", (ply_id,))
        return ply_row(rows[0])

    def branches(self, encounter: int) -> list[BranchRow]:
        """The branches of an encounter, in creation order."""
        rows = self._all(
            "SELECT * FROM branches WHERE encounter = ? ORDER BY created_at, name", (encounter,)
        )
        return [BranchRow(*r) for r in rows]  # type: ignore[arg-type]

    def branch(self, encounter: int, name: str) -> BranchRow | None:
        """One branch by name."""
        rows = self._all(
            "SELECT * FROM branches WHERE encounter = ? AND name = ?", (encounter, name)
        )
        return BranchRow(*rows[0]) if rows else None  # type: ignore[arg-type]

    def ancestor(self, ply_id: int, depth: int) -> int:
        """The ply at ``depth`` on the path to ``ply_id`` (about log2(depth)**2 / 4 lookups at
        worst, see :func:`skip_depth`)."""
        row = self.ply(ply_id)
        if depth > row.depth or depth < 0:
            raise ValueError(f"no ancestor at depth {depth} of a ply at depth {row.depth}")
        while row.depth > depth:
            if row.skip is not None and skip_depth(row.depth) >= depth:
                row = self.ply(row.skip)
            else:
                assert row.parent is not None
                row = self.ply(row.parent)
        return row.id

    def path_to(self, head: int) -> list[PlyRow]:
        """The plies from the encounter's start to ``head``, in order."""
        rows = self._all(
            "WITH RECURSIVE up(id) AS (SELECT ? UNION ALL "
            "SELECT p.parent FROM plies p JOIN up ON p.id = up.id WHERE p.parent IS NOT NULL) "
            "SELECT plies.* FROM up JOIN plies ON plies.id = up.id ORDER BY plies.depth",
            (head,),
        )
        return [ply_row(r) for r in rows]

    _PATH = (
        "WITH RECURSIVE up(id) AS (SELECT ? UNION ALL "
        "SELECT p.parent FROM plies p JOIN up ON p.id = up.id WHERE p.parent IS NOT NULL) "
    )

    def events_on_path(self, head: int) -> list[StoredEvent]:
        """Every event from the encounter's start to ``head``, in log order.

        A child ply is always inserted after its parent, so along one path ply ids rise with
        depth and ``ORDER BY ply, idx`` is log order (and the events table's own key order).
        """
        rows = self._all(
            self._PATH + "SELECT ply, idx, tag, version, body FROM events "
            "WHERE ply IN (SELECT id FROM up) ORDER BY ply, idx",
            (head,),
        )
        return [StoredEvent(*r) for r in rows]  # type: ignore[arg-type]

    def event_bodies(self, head: int, skip: Sequence[str] = ()) -> list[tuple[str, int, str]]:
        """``(tag, version, body)`` of the events to ``head`` in log order, for a rebuild.

        Events whose tag is in ``skip`` are left out: a rebuild skips what no reducer reads
        (and still sees any tag it does not know, so that it can refuse it).
        """
        sql = self._PATH + "SELECT tag, version, body FROM events WHERE ply IN (SELECT id FROM up)"
        params: list[object] = [head]
        if skip:
            sql += f" AND tag NOT IN ({', '.join('?' * len(skip))})"
            params += list(skip)
        return self._all(sql + " ORDER BY ply, idx", params)  # type: ignore[return-value]

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
        if table not in {"encounters", "plies", "events", "branches"}:
            raise ValueError(table)
        return as_int(self._all(f"SELECT count(*) FROM {table}")[0][0])

    def get_cursor(self, key: str) -> str | None:
        """A remembered selection (current encounter, current branch)."""
        rows = self._all("SELECT value FROM cursor WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    # --- writes -------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise translate(err, self.path) from None
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as err:
            conn.execute("ROLLBACK")
            raise translate(err, self.path) from None

    def _insertply_row(
        self,
        conn: sqlite3.Connection,
        encounter: int,
        parent: PlyRow | None,
        seed: int,
        salt: int,
        rules_version: int,
        command: str,
        dice: Sequence[int],
        events: Sequence[tuple[str, int, str]],
    ) -> int:
        depth = 0 if parent is None else parent.depth + 1
        skip = None if parent is None else self.ancestor(parent.id, skip_depth(depth))
        cur = conn.execute(
            "INSERT INTO plies (encounter, parent, depth, skip, seed, salt, rules_version, "
            "command, dice, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                encounter,
                None if parent is None else parent.id,
                depth,
                skip,
                seed,
                salt,
                rules_version,
                command,
                json.dumps(list(dice)),
                _now(),
            ),
        )
        ply_id = cur.lastrowid
        assert ply_id is not None
        conn.executemany(
            "INSERT INTO events (ply, idx, tag, version, body) VALUES (?, ?, ?, ?, ?)",
            [(ply_id, i, tag, ver, body) for i, (tag, ver, body) in enumerate(events)],
        )
        return ply_id

    def create_encounter(
        self,
        name: str,
        seed: int,
        system: str,
        rules_version: int,
        command: str,
        events: Sequence[tuple[str, int, str]],
    ) -> tuple[int, int]:
        """Start an encounter: its row, its root ply, and its ``main`` branch."""
        try:
            with self._write() as conn:
                if conn.execute("SELECT 1 FROM encounters WHERE name = ?", (name,)).fetchone():
                    raise Conflict(f"{self.path}: an encounter called {name!r} already exists")
                cur = conn.execute(
                    "INSERT INTO encounters (name, seed, system, rules_version, created_at) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (name, seed, system, rules_version, _now()),
                )
                enc = cur.lastrowid
                assert enc is not None
                root = self._insertply_row(
                    conn, enc, None, seed, 0, rules_version, command, (), events
                )
                conn.execute(
                    "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
                    "VALUES (?, 'main', ?, ?, NULL, ?)",
                    (enc, root, root, _now()),
                )
                _set_cursor(conn, "encounter", name)
                _set_cursor(conn, f"branch:{enc}", "main")
        except sqlite3.Error as err:
            raise translate(err, self.path) from None
        return enc, root

    def append(
        self,
        branch: BranchRow,
        seed: int,
        salt: int,
        rules_version: int,
        command: str,
        dice: Sequence[int],
        events: Sequence[tuple[str, int, str]],
    ) -> int:
        """Append one ply after ``branch.head`` and move the head to it, or raise Conflict.

        If the branch had undone plies (its tip is ahead of its head), they stay reachable
        under an automatic branch ``NAME-undone-K`` forked at the head.
        """
        try:
            with self._write() as conn:
                current = conn.execute(
                    "SELECT head, tip FROM branches WHERE encounter = ? AND name = ?",
                    (branch.encounter, branch.name),
                ).fetchone()
                if current is None or current[0] != branch.head:
                    raise Conflict(
                        f"{self.path}: branch {branch.name!r} moved while this command ran "
                        "(another fracas appended); nothing was written, run it again"
                    )
                parent = self.ply(branch.head)
                ply_id = self._insertply_row(
                    conn, branch.encounter, parent, seed, salt, rules_version, command, dice, events
                )
                if current[1] != branch.head:
                    self._keep_undone(conn, branch, current[1])
                conn.execute(
                    "UPDATE branches SET head = ?, tip = ? "
                    "WHERE encounter = ? AND name = ? AND head = ?",
                    (ply_id, ply_id, branch.encounter, branch.name, branch.head),
                )
        except sqlite3.Error as err:
            raise translate(err, self.path) from None
        return ply_id

    def _keep_undone(self, conn: sqlite3.Connection, branch: BranchRow, tip: int) -> None:
        taken = {
            r[0]
            for r in conn.execute(
                "SELECT name FROM branches WHERE encounter = ?", (branch.encounter,)
            )
        }
        k = 1
        while f"{branch.name}-undone-{k}" in taken:
            k += 1
        conn.execute(
            "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (branch.encounter, f"{branch.name}-undone-{k}", tip, tip, branch.head, _now()),
        )

    def move_head(self, branch: BranchRow, new_head: int) -> None:
        """Move a branch's head (undo/redo) by compare-and-set; the tip stays."""
        try:
            with self._write() as conn:
                cur = conn.execute(
                    "UPDATE branches SET head = ? WHERE encounter = ? AND name = ? AND head = ?",
                    (new_head, branch.encounter, branch.name, branch.head),
                )
                if cur.rowcount != 1:
                    raise Conflict(
                        f"{self.path}: branch {branch.name!r} moved while this command ran; "
                        "nothing changed, run it again"
                    )
        except sqlite3.Error as err:
            raise translate(err, self.path) from None

    def create_branch(self, encounter: int, name: str, head: int, *, switch: bool) -> None:
        """A new branch pointing at ``head`` (forked there); optionally make it current."""
        try:
            with self._write() as conn:
                exists = conn.execute(
                    "SELECT 1 FROM branches WHERE encounter = ? AND name = ?", (encounter, name)
                ).fetchone()
                if exists:
                    raise Conflict(f"{self.path}: a branch called {name!r} already exists")
                conn.execute(
                    "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (encounter, name, head, head, head, _now()),
                )
                if switch:
                    _set_cursor(conn, f"branch:{encounter}", name)
        except sqlite3.Error as err:
            raise translate(err, self.path) from None

    def branch_with_plies(
        self,
        encounter: int,
        name: str,
        fork: int,
        plies: Sequence[tuple[int, int, int, str, Sequence[int], Sequence[tuple[str, int, str]]]],
    ) -> int:
        """Create branch ``name`` forked at ``fork`` holding new plies, in one transaction.

        Each ply is ``(seed, salt, rules_version, command, dice, events)``; used by replay.
        """
        try:
            with self._write() as conn:
                exists = conn.execute(
                    "SELECT 1 FROM branches WHERE encounter = ? AND name = ?", (encounter, name)
                ).fetchone()
                if exists:
                    raise Conflict(f"{self.path}: a branch called {name!r} already exists")
                head = fork
                for seed, salt, version, command, dice, events in plies:
                    head = self._insertply_row(
                        conn, encounter, self.ply(head), seed, salt, version, command, dice, events
                    )
                conn.execute(
                    "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (encounter, name, head, head, fork, _now()),
                )
        except sqlite3.Error as err:
            raise translate(err, self.path) from None
        return head

    def set_cursor(self, key: str, value: str) -> None:
        """Remember a selection (``use``, ``switch``)."""
        try:
            with self._write() as conn:
                _set_cursor(conn, key, value)
        except sqlite3.Error as err:
            raise translate(err, self.path) from None


def _set_cursor(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO cursor (key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )
