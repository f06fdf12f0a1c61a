"""The fight log in SQLite: the only module that writes SQL.

One file holds any number of encounters. Plies and events are append-only (triggers refuse
UPDATE and DELETE); a branch is a named pointer to a ply and moves by compare-and-set inside a
``BEGIN IMMEDIATE`` transaction. The file carries our ``application_id`` and a schema version
in ``PRAGMA user_version``; both are read from the file header in Python before SQLite opens it
for writing, so a foreign, empty, corrupt or newer file is refused with its bytes unchanged.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sqlite3
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import attrs

APPLICATION_ID = 0x46524143  # "FRAC"
SCHEMA_VERSION = 1
BUSY_TIMEOUT_S = 5.0
_HEADER = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE encounters (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    seed INTEGER NOT NULL,
    system TEXT NOT NULL,
    rules_version INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE plies (
    id INTEGER PRIMARY KEY,
    encounter INTEGER NOT NULL REFERENCES encounters(id),
    parent INTEGER REFERENCES plies(id),
    depth INTEGER NOT NULL,
    skip INTEGER REFERENCES plies(id),
    seed INTEGER NOT NULL,
    salt INTEGER NOT NULL,
    rules_version INTEGER NOT NULL,
    command TEXT NOT NULL,
    dice TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX plies_by_depth ON plies(encounter, depth);
CREATE TABLE events (
    ply INTEGER NOT NULL REFERENCES plies(id),
    idx INTEGER NOT NULL,
    tag TEXT NOT NULL,
    version INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (ply, idx)
) WITHOUT ROWID;
CREATE TABLE branches (
    encounter INTEGER NOT NULL REFERENCES encounters(id),
    name TEXT NOT NULL,
    head INTEGER NOT NULL REFERENCES plies(id),
    tip INTEGER NOT NULL REFERENCES plies(id),
    fork INTEGER REFERENCES plies(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (encounter, name)
);
CREATE TABLE cursor (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TRIGGER plies_append_only_u BEFORE UPDATE ON plies
    BEGIN SELECT RAISE(ABORT, 'plies are append-only'); END;
CREATE TRIGGER plies_append_only_d BEFORE DELETE ON plies
    BEGIN SELECT RAISE(ABORT, 'plies are append-only'); END;
CREATE TRIGGER events_append_only_u BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_append_only_d BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER encounters_append_only_d BEFORE DELETE ON encounters
    BEGIN SELECT RAISE(ABORT, 'encounters are append-only'); END;
"""


class StoreError(Exception):
    """A problem with the database file itself; ``exit_code`` follows the README's table."""

    exit_code = 7


class NoDatabase(StoreError):
    """There is no fracas file at the path (exit 2: start one with ``fracas new``)."""

    exit_code = 2


class NotFracas(StoreError):
    """The file is empty, corrupt, or not a fracas database (exit 5)."""

    exit_code = 5


class SchemaMismatch(StoreError):
    """The file's schema is newer (or older) than this fracas reads (exit 6)."""

    exit_code = 6


class Conflict(StoreError):
    """The branch head moved since the command read it: another process appended (exit 3)."""

    exit_code = 3


class Busy(StoreError):
    """Another process held the database longer than the busy timeout (exit 4)."""

    exit_code = 4


class DiskError(StoreError):
    """The disk refused: full, read-only, or an I/O error (exit 7)."""

    exit_code = 7


@attrs.frozen
class EncounterRow:
    """An encounter: its name, seed and rules system."""

    id: int
    name: str
    seed: int
    system: str
    rules_version: int
    created_at: str


@attrs.frozen
class PlyRow:
    """One ply: the unit of undo. ``depth`` 0 is the encounter's start.

    Its dice are keyed by ``(seed, depth, salt)``; ``dice`` holds faces entered by hand.
    """

    id: int
    encounter: int
    parent: int | None
    depth: int
    skip: int | None
    seed: int
    salt: int
    rules_version: int
    command: str
    dice: tuple[int, ...]
    created_at: str


@attrs.frozen
class BranchRow:
    """A named pointer to a ply; ``tip`` remembers where redo leads, ``fork`` where it began."""

    encounter: int
    name: str
    head: int
    tip: int
    fork: int | None
    created_at: str


@attrs.frozen
class StoredEvent:
    """An event as stored: its tag, schema version of that tag, and JSON body."""

    ply: int
    idx: int
    tag: str
    version: int
    body: str


def _now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


def skip_depth(depth: int) -> int:
    """The depth the skip pointer of a ply at ``depth`` points to (a deterministic skip list).

    This is the skip list Bitcoin uses for block ancestors. Following parent and skip pointers
    reaches any ancestor in a number of steps that grows like ``log2(depth)**2 / 4`` in the worst
    case (53 lookups at depth 4096, 87 at 65536; usually far fewer), so a branch made ``--at`` a
    ply far back costs about the same on a short fight and a long one.
    """

    def lowest_off(n: int) -> int:
        return n & (n - 1)

    if depth < 2:
        return 0
    if depth & 1:
        return lowest_off(lowest_off(depth - 1)) + 1
    return lowest_off(depth)


def _translate(err: sqlite3.Error, path: Path) -> StoreError:
    text = str(err)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return Busy(f"{path}: the database is busy (another fracas is writing); try again")
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return NotFracas(f"{path}: the database is corrupt ({text})")
    if isinstance(err, sqlite3.OperationalError) or "disk" in low or "readonly" in low:
        return DiskError(f"{path}: {text}")
    return NotFracas(f"{path}: {text}")


def check_header(path: Path) -> None:
    """Refuse a file that is not ours before SQLite touches it (exit 5 or 6)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(100)
    except IsADirectoryError:
        raise NotFracas(f"{path}: is a directory, not a fracas database") from None
    except OSError as err:
        raise DiskError(f"{path}: cannot read ({err.strerror})") from None
    if not head:
        raise NotFracas(f"{path}: the file is empty, not a fracas database")
    if len(head) < 100 or not head.startswith(_HEADER):
        raise NotFracas(f"{path}: not a fracas database (not an SQLite file, or corrupt)")
    app_id = int.from_bytes(head[68:72], "big")
    if app_id != APPLICATION_ID:
        raise NotFracas(
            f"{path}: not a fracas database (SQLite application_id 0x{app_id:08x}, "
            f"fracas uses 0x{APPLICATION_ID:08x})"
        )
    version = int.from_bytes(head[60:64], "big")
    if version > SCHEMA_VERSION:
        raise SchemaMismatch(
            f"{path}: written by a newer fracas (schema {version}; this one reads up to "
            f"{SCHEMA_VERSION}); upgrade fracas"
        )
    if version < SCHEMA_VERSION:
        raise SchemaMismatch(f"{path}: schema {version} is older than {SCHEMA_VERSION}")


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
            raise _translate(err, path) from None
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
                conn.executescript("BEGIN;" + _SCHEMA + "COMMIT;")
                conn.execute("PRAGMA journal_mode=WAL")
            finally:
                conn.close()
            _publish(tmp, path)
        except sqlite3.Error as err:
            raise _translate(err, path) from None
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
            raise _translate(err, self.path) from None

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
        return _ply(rows[0])

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
        return [_ply(r) for r in rows]

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
        return _int(rows[0][0])

    def count(self, table: str) -> int:
        """Rows in one of our tables (for tests and benchmarks)."""
        if table not in {"encounters", "plies", "events", "branches"}:
            raise ValueError(table)
        return _int(self._all(f"SELECT count(*) FROM {table}")[0][0])

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
            raise _translate(err, self.path) from None
        try:
            yield conn
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as err:
            conn.execute("ROLLBACK")
            raise _translate(err, self.path) from None

    def _insert_ply(
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
                root = self._insert_ply(
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
            raise _translate(err, self.path) from None
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
                ply_id = self._insert_ply(
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
            raise _translate(err, self.path) from None
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
            raise _translate(err, self.path) from None

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
            raise _translate(err, self.path) from None

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
                    head = self._insert_ply(
                        conn, encounter, self.ply(head), seed, salt, version, command, dice, events
                    )
                conn.execute(
                    "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (encounter, name, head, head, fork, _now()),
                )
        except sqlite3.Error as err:
            raise _translate(err, self.path) from None
        return head

    def set_cursor(self, key: str, value: str) -> None:
        """Remember a selection (``use``, ``switch``)."""
        try:
            with self._write() as conn:
                _set_cursor(conn, key, value)
        except sqlite3.Error as err:
            raise _translate(err, self.path) from None


def _publish(tmp: Path, path: Path) -> None:
    """Give the finished file ``tmp`` the name ``path`` unless a file got there first."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        return  # another fracas created it first: use theirs
    except OSError:
        # No hard links on this file system (some network or FAT mounts): a plain rename,
        # with a short window in which two creators could race.
        if path.exists():
            return
        os.replace(tmp, path)
    try:  # make the new name durable, not only the file's contents
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _set_cursor(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO cursor (key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def _int(value: object) -> int:
    if not isinstance(value, int):
        raise NotFracas(f"expected an integer from SQLite, got {value!r}")
    return value


def _ply(row: tuple[object, ...]) -> PlyRow:
    values = list(row)
    values[9] = tuple(json.loads(str(values[9])))
    return PlyRow(*values)  # type: ignore[arg-type]
