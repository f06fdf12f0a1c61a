"""The fight log in SQLite: opening a file and writing to it (the reads are
:mod:`engine.logreads`, the schema :mod:`engine.logfile`; no other module queries the file).

One file holds any number of encounters. Plies and events are append-only (triggers refuse
UPDATE and DELETE); a branch is a named pointer to a ply and moves by compare-and-set inside a
``BEGIN IMMEDIATE`` transaction. The file carries our ``application_id`` and a schema version
in ``PRAGMA user_version``; both are read from the file header in Python before SQLite opens it
for writing, so a foreign, empty, corrupt or newer file is refused with its bytes unchanged.

Every ply has a hash chained from its parent's (engine/chain.py). A file of schema 1, from
before the chain, is upgraded inside its first write transaction: the new tables are created
and every ply's hash computed from the rows as they are, none of which is rewritten.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from engine.chain import LAYOUT, State, Tampered, encounter_hash, layout_of, ply_hash
from engine.logfile import APPLICATION_ID as APPLICATION_ID
from engine.logfile import BUSY_TIMEOUT_S as BUSY_TIMEOUT_S
from engine.logfile import CHAINED_SCHEMA, translate
from engine.logfile import OLDEST_SCHEMA as OLDEST_SCHEMA
from engine.logfile import SCHEMA_VERSION as SCHEMA_VERSION
from engine.logfile import Busy as Busy
from engine.logfile import Conflict as Conflict
from engine.logfile import DiskError as DiskError
from engine.logfile import NoDatabase as NoDatabase
from engine.logfile import NotFracas as NotFracas
from engine.logfile import SchemaMismatch as SchemaMismatch
from engine.logfile import StoreError as StoreError
from engine.logheader import check_header as check_header
from engine.logheader import look
from engine.logopen import Opened, close, connect, create
from engine.logreads import Reader
from engine.logrows import BranchRow as BranchRow
from engine.logrows import EncounterRow as EncounterRow
from engine.logrows import PlyRow as PlyRow
from engine.logrows import StoredEvent as StoredEvent
from engine.logrows import free_name
from engine.logrows import skip_depth as skip_depth
from engine.logupgrade import add_states, add_views, check_pages, stamp, upgrade
from engine.sha import sha256

#: A snapshot of the state after a ply being appended: ``(key, body, digest)``
#: (``engine.snapshots.SnapshotCodec.seal``).
Snapshot = tuple[str, bytes, bytes]

#: A ply to insert: ``(seed, salt, rules_version, command, dice, events)``, and optionally the
#: :data:`Snapshot` of the state after it, which it then carries in the chain.
NewPly = (
    tuple[int, int, int, str, Sequence[int], Sequence[tuple[str, int, str]]]
    | tuple[int, int, int, str, Sequence[int], Sequence[tuple[str, int, str]], Snapshot | None]
)


def _carried(snapshot: Snapshot | None) -> State:
    """The state a ply with ``snapshot`` carries in the chain: its key and digest."""
    return None if snapshot is None else (snapshot[0], snapshot[2])


def _now() -> str:
    import datetime  # here: only a write needs it, and importing it costs a read ~1 ms

    return datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")


class Store(Reader):
    """The SQLite log of one file. Open with :meth:`open`; writes are single transactions."""

    #: Why the file takes no writes (exit 7: read-only, or a full disk), or None.
    read_only: str | None = None
    #: SQLite's check of the file's pages passed on this connection (engine/logupgrade.py:
    #: ``check_pages``): once a command, or once while a shell keeps the file open.
    checked = False
    #: A write was committed through this store.
    wrote = False
    _opened: Opened | None = None

    @classmethod
    def open(cls, path: Path, *, create: bool = False) -> Store:
        """Open ``path``; with ``create`` make a new fracas file if none exists there.

        What is checked before SQLite touches the file, and how it is opened (to write, or
        only to read, leaving nothing beside it), is engine/logopen.py."""
        if not look(path):
            if not create:
                raise NoDatabase(
                    f"{path}: no fracas database here; start one with "
                    "`fracas new NAME --seed N` (or pass --db PATH)"
                )
            return cls._create(path)
        opened = connect(path)
        conn = opened.conn
        version = opened.header.version
        chained = version >= CHAINED_SCHEMA
        try:
            if (
                not chained
                and conn.execute(
                    "SELECT 1 FROM sqlite_master WHERE name IN ('hashes', 'snapshots')"
                ).fetchone()
            ):
                raise NotFracas(
                    f"{path}: the file says schema {version} but holds the hash chain of schema "
                    f"{CHAINED_SCHEMA} or later: it was changed outside fracas"
                )
        except BaseException as err:
            close(opened, wrote=False)  # closed now, not by a collection at exit
            if isinstance(err, sqlite3.Error):
                raise translate(err, path) from None
            raise
        store = cls(path, conn, chained=chained, layout=layout_of(version), uri=opened.uri)
        store._opened, store.read_only = opened, opened.read_only
        return store

    def close(self) -> None:
        """Close the file as engine/logopen.py's ``close`` says."""
        if self._opened is None:
            self._conn.close()
        else:
            close(self._opened, self.wrote)

    @classmethod
    def _create(cls, path: Path) -> Store:
        """Make a new fracas file at ``path`` (engine/logopen.py: ``create``) and open it."""
        create(path)
        return cls.open(path)

    # --- writes -------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: refused (exit 7) if the file takes no writes; then SQLite's
        check of the file's pages (once for this store), the file's stamp, and a schema-1
        file upgraded and the read-only views added, before what the caller writes."""
        if self.read_only is not None:
            raise DiskError(self.read_only)
        conn = self._conn
        was = (self.chained, self.layout)
        try:
            conn.execute("BEGIN IMMEDIATE")
            if not self.checked:
                check_pages(conn, self.path)
                self.checked = True
            if not self.chained:
                upgrade(conn)
                self._set_chained(True, LAYOUT)
            elif self.layout == 2 and add_states(conn):  # schema 3 -> 4: no hash changes
                self._set_chained(True, LAYOUT)
            add_views(conn)
            stamp(conn)
            yield conn
            conn.execute("COMMIT")
        except BaseException as err:
            if conn.in_transaction:  # a failed COMMIT may have rolled back already
                conn.execute("ROLLBACK")
            self._set_chained(*was)
            if isinstance(err, sqlite3.Error):
                raise translate(err, self.path) from None
            raise
        self.wrote = True

    def keep_cache(self) -> None:
        """Write the snapshots a command's rebuilds found worth keeping, if the file lets us
        at once: a read-only file or a busy lock means no cache, never a failed command."""
        if not self.cache:
            return
        conn = self._conn
        try:
            conn.execute("PRAGMA busy_timeout = 0")
            with self._write() as conn:
                self._put_cache(conn)
        except (StoreError, sqlite3.Error):
            self.cache.clear()
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")

    def _put_cache(self, conn: sqlite3.Connection) -> None:
        if not self.cache:
            return
        conn.executemany(
            "INSERT OR REPLACE INTO snapshots (ply, key, ply_hash, digest, body) "
            "VALUES (?, ?, ?, ?, ?)",
            [(p, k, h, sha256(b), b) for p, k, h, b in self.cache],
        )
        self.cache.clear()

    def _parent_hash(self, encounter: int, parent: PlyRow | None) -> bytes:
        """What a new ply chains from: its parent's stored hash, or its encounter's."""
        if parent is None:
            e = self.encounter_by_id(encounter)
            return encounter_hash(e.name, e.seed, e.system, e.rules_version, e.created_at)
        if parent.hash is None:
            raise Tampered(
                f"{self.path}: ply #{parent.depth} has no hash: the log was changed outside "
                "fracas; nothing was written (`fracas replay --verify` finds the first change)"
            )
        return parent.hash

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
        state: State = None,
    ) -> int:
        """Insert one ply, its events and its hash (and, in layout 3, the ``state`` it
        carries: the key and digest of the state after it); its id."""
        if parent is not None and parent.rules_version > rules_version:
            raise SchemaMismatch(
                f"{self.path}: ply #{parent.depth} of this fight was written under rules "
                f"version {parent.rules_version}, newer than this fracas's ({rules_version}); "
                "upgrade fracas; nothing was written"
            )
        if self.layout < 3:  # layout 1 has no place for it (a schema-2 file stays so)
            state = None
        depth = 0 if parent is None else parent.depth + 1
        skip = None if parent is None else self.ancestor(parent.id, skip_depth(depth))
        dice_text = "[" + ", ".join(str(int(f)) for f in dice) + "]"  # as json.dumps has it
        created = _now()
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
                dice_text,
                created,
            ),
        )
        ply_id = cur.lastrowid
        assert ply_id is not None
        conn.executemany(
            "INSERT INTO events (ply, idx, tag, version, body) VALUES (?, ?, ?, ?, ?)",
            [(ply_id, i, tag, ver, body) for i, (tag, ver, body) in enumerate(events)],
        )
        stored = [(ply_id, tag, ver, body) for tag, ver, body in events]
        digest = ply_hash(
            self._parent_hash(encounter, parent),
            depth,
            skip,
            seed,
            salt,
            rules_version,
            command,
            dice_text,
            created,
            stored,
            self.layout,
            state,
        )
        if state is None:
            conn.execute("INSERT INTO hashes (ply, hash) VALUES (?, ?)", (ply_id, digest))
        else:
            conn.execute(
                "INSERT INTO hashes (ply, hash, state_key, state_digest) VALUES (?, ?, ?, ?)",
                (ply_id, digest, *state),
            )
        self.last_hash = digest
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
        snapshot: Snapshot | None = None,
    ) -> int:
        """Append one ply after ``branch.head`` and move the head to it, or raise Conflict.

        If the branch had undone plies (its tip is ahead of its head), they stay reachable
        under an automatic branch ``NAME-undone-K`` forked at the head. ``snapshot`` is
        ``(key, body, digest)`` of the state after the new ply: the ply carries the key and
        digest in the chain (layout 3) and the snapshot is kept with it; the rebuild's own
        snapshots (:attr:`cache`) are written in the same transaction.
        """
        try:
            with self._write() as conn:
                current = head_and_tip(conn, self.path, branch)
                parent = self.ply(branch.head)
                ply_id = self._insertply_row(
                    conn, branch.encounter, parent, seed, salt, rules_version, command, dice,
                    events, _carried(snapshot),
                )  # fmt: skip
                if current[1] != branch.head:
                    self._keep_undone(conn, branch, current[1])
                self._keep_snapshot(ply_id, snapshot)
                self._put_cache(conn)
                conn.execute(
                    "UPDATE branches SET head = ?, tip = ? "
                    "WHERE encounter = ? AND name = ? AND head = ?",
                    (ply_id, ply_id, branch.encounter, branch.name, branch.head),
                )
        except sqlite3.Error as err:
            raise translate(err, self.path) from None
        return ply_id

    def _keep_snapshot(self, ply_id: int, snapshot: Snapshot | None) -> None:
        """Keep the snapshot of the ply just inserted, if it carries its state (layout 3: a
        snapshot of a ply that does not is never used)."""
        if snapshot is not None and self.layout >= 3:
            self.cache.append((ply_id, snapshot[0], self.last_hash, snapshot[1]))

    def _keep_undone(self, conn: sqlite3.Connection, branch: BranchRow, tip: int) -> None:
        taken = {
            r[0]
            for r in conn.execute(
                "SELECT name FROM branches WHERE encounter = ?", (branch.encounter,)
            )
        }
        conn.execute(
            "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (branch.encounter, free_name(taken, f"{branch.name}-undone"), tip, tip,
             branch.head, _now()),
        )  # fmt: skip

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
        plies: Sequence[NewPly],
    ) -> int:
        """Create branch ``name`` forked at ``fork`` holding new plies, in one transaction.

        Each ply is a :data:`NewPly`; used by replay.
        """
        try:
            with self._write() as conn:
                exists = conn.execute(
                    "SELECT 1 FROM branches WHERE encounter = ? AND name = ?", (encounter, name)
                ).fetchone()
                if exists:
                    raise Conflict(f"{self.path}: a branch called {name!r} already exists")
                head = self.insert_line(conn, encounter, fork, plies)
                conn.execute(
                    "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (encounter, name, head, head, fork, _now()),
                )
        except sqlite3.Error as err:
            raise translate(err, self.path) from None
        return head

    def insert_line(
        self, conn: sqlite3.Connection, encounter: int, fork: int, plies: Sequence[NewPly]
    ) -> int:
        """Insert ``plies`` one after another from ``fork`` (inside a write), each with the
        state it carries and its snapshot; the last one's id."""
        head = fork
        for seed, salt, version, command, dice, events, *snap in plies:
            snapshot = snap[0] if snap else None
            head = self._insertply_row(
                conn, encounter, self.ply(head), seed, salt, version, command, dice, events,
                _carried(snapshot),
            )  # fmt: skip
            self._keep_snapshot(head, snapshot)
        self._put_cache(conn)
        return head

    def set_cursor(self, key: str, value: str) -> None:
        """Remember a selection (``use``, ``switch``)."""
        try:
            with self._write() as conn:
                _set_cursor(conn, key, value)
        except sqlite3.Error as err:
            raise translate(err, self.path) from None


def head_and_tip(conn: sqlite3.Connection, path: Path, branch: BranchRow) -> tuple[int, int]:
    """The branch's head and tip as stored, refused (Conflict) if the head moved since
    ``branch`` was read: the compare of every compare-and-set write."""
    current = conn.execute(
        "SELECT head, tip FROM branches WHERE encounter = ? AND name = ?",
        (branch.encounter, branch.name),
    ).fetchone()
    if current is None or current[0] != branch.head:
        raise Conflict(
            f"{path}: branch {branch.name!r} moved while this command ran "
            "(another fracas appended); nothing was written, run it again"
        )
    return int(current[0]), int(current[1])


def _set_cursor(conn: sqlite3.Connection, key: str, value: str) -> None:
    conn.execute(
        "INSERT INTO cursor (key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )
