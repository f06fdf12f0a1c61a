"""What a fracas file is: its SQLite schema, how a new one is published, and the errors a
file can raise (with the README's exit codes); how it is recognised before SQLite opens it is
engine/logheader.py, how it is opened engine/logopen.py.

:mod:`engine.log` is the store over such a file; the SQL of the schema is here, every query
there.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

APPLICATION_ID = 0x46524143  # "FRAC"
SCHEMA_VERSION = 4
#: The first schema with the hash chain: schema 2 holds it in layout 1, schema 3 in layout 2,
#: schema 4 in layout 3 (engine/chain.py); a schema-2 file stays schema 2, its published
#: hashes unchanged.
CHAINED_SCHEMA = 2
#: The first schema whose plies may carry the state a snapshot caches, in the chain (layout
#: 3): a schema-3 file becomes schema 4 on its first write (two columns added, no row
#: rewritten, no hash changed).
STATES_SCHEMA = 4
#: The oldest schema this fracas opens; an older file is upgraded in place on its first write
#: (new tables only: no row of it is rewritten).
OLDEST_SCHEMA = 1
BUSY_TIMEOUT_S = 5.0
SQLITE_HEADER = b"SQLite format 3\x00"

SCHEMA = """
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

#: Schema 2: the hash chain (engine/chain.py), and snapshots of state (engine/snapshots.py),
#: a cache keyed by ply and by the versions that shaped it, never the truth. Schema 4: the
#: state a ply carries in the chain (``state_key``, ``state_digest``; NULL for none), which a
#: snapshot of that ply must hold to be used.
CHAIN = """
CREATE TABLE hashes (
    ply INTEGER PRIMARY KEY REFERENCES plies(id),
    hash BLOB NOT NULL,
    state_key TEXT,
    state_digest BLOB
);
CREATE TABLE snapshots (
    ply INTEGER NOT NULL REFERENCES plies(id),
    key TEXT NOT NULL,
    ply_hash BLOB NOT NULL,
    digest BLOB NOT NULL,
    body BLOB NOT NULL,
    PRIMARY KEY (ply, key)
) WITHOUT ROWID;
CREATE TRIGGER hashes_append_only_u BEFORE UPDATE ON hashes
    BEGIN SELECT RAISE(ABORT, 'hashes are append-only'); END;
CREATE TRIGGER hashes_append_only_d BEFORE DELETE ON hashes
    BEGIN SELECT RAISE(ABORT, 'hashes are append-only'); END;
"""

#: Schema 3 to 4: the chained state's columns (engine/logupgrade.py).
STATES = """
ALTER TABLE hashes ADD COLUMN state_key TEXT;
ALTER TABLE hashes ADD COLUMN state_digest BLOB;
"""

#: Read-only views for other readers (``sqlite3``, Datasette): a branch's plies and rolls
#: without writing a recursive query. ``v_plies``: one row per ply on each branch's path (the
#: encounter, the branch, ``ply`` as ``log`` numbers it, the declaration's action, actor and
#: target, the command as typed, the ply's stored fields and its hash in hex). ``v_rolls``: one
#: row per roll of each such ply (``field``: the event's field that holds it, ``roll`` or
#: ``rolls[1]``), read from the JSON bodies. fracas never reads them, so they are no part of
#: :data:`SCHEMA_VERSION`: a file gains them, or this fracas's definition of them, in its first
#: write transaction (engine/logupgrade.py: ``add_views``), no row rewritten.
VIEWS = """
CREATE VIEW v_plies AS
WITH RECURSIVE path(encounter, branch, id, parent, depth) AS (
    SELECT b.encounter, b.name, p.id, p.parent, p.depth
    FROM branches b JOIN plies p ON p.id = b.head
    UNION ALL
    SELECT path.encounter, path.branch, q.id, q.parent, q.depth
    FROM path JOIN plies q ON q.id = path.parent AND q.depth = path.depth - 1
)
SELECT e.name AS encounter, path.branch AS branch, p.depth AS ply, p.id AS ply_id,
    p.depth AS depth, p.parent AS parent_id,
    replace(substr(d.tag, instr(d.tag, '.') + 1), '_declared', '') AS action,
    coalesce(json_extract(d.body, '$.actor'), json_extract(d.body, '$.combatant'),
        json_extract(d.body, '$.defender')) AS actor,
    json_extract(d.body, '$.target') AS target,
    p.command AS command, d.tag AS declaration, d.body AS declared,
    (SELECT count(*) FROM events n WHERE n.ply = p.id) AS events,
    p.seed AS seed, p.salt AS salt, p.dice AS dice, p.rules_version AS rules_version,
    p.created_at AS created_at, lower(hex(h.hash)) AS hash
FROM path
JOIN plies p ON p.id = path.id
JOIN encounters e ON e.id = path.encounter
LEFT JOIN events d ON d.ply = p.id AND d.idx = 0
LEFT JOIN hashes h ON h.ply = p.id
ORDER BY e.id, path.branch, p.depth;
CREATE VIEW v_rolls AS
SELECT v.encounter AS encounter, v.branch AS branch, v.ply AS ply, v.ply_id AS ply_id,
    e.idx AS event, e.tag AS event_type, substr(r.fullkey, 3) AS field,
    coalesce(json_extract(e.body, '$.actor'), json_extract(e.body, '$.combatant'),
        json_extract(e.body, '$.defender'), json_extract(e.body, '$.target')) AS who,
    json_extract(r.value, '$.purpose') AS purpose,
    json_extract(r.value, '$.spec') AS spec,
    json_extract(r.value, '$.faces') AS faces,
    json_extract(r.value, '$.sides') AS sides,
    json_extract(r.value, '$.source') AS source,
    json_extract(r.value, '$.modifiers') AS modifiers,
    json_extract(r.value, '$.total') AS total,
    json_extract(r.value, '$.judged') AS judged,
    json_extract(r.value, '$.target') AS target,
    json_extract(r.value, '$.base') AS base,
    json_extract(r.value, '$.target_modifiers') AS target_modifiers,
    json_extract(r.value, '$.margin') AS margin,
    json_extract(r.value, '$.tier') AS tier,
    json_extract(r.value, '$.rule') AS rule
FROM v_plies v
JOIN events e ON e.ply = v.ply_id AND e.body LIKE '%"faces":%'
JOIN json_tree(e.body) r
WHERE r.type = 'object' AND json_type(r.value, '$.faces') = 'array'
    AND json_type(r.value, '$.spec') = 'text'
ORDER BY v.encounter, v.branch, v.ply, e.idx, r.id;
"""
VIEW_NAMES = ("v_plies", "v_rolls")


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


def translate(err: sqlite3.Error, path: Path) -> StoreError:
    """The store error an SQLite error means for the file at ``path``."""
    text = str(err)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return Busy(f"{path}: the database is busy (another fracas is writing); try again")
    if "no such table" in low or "no such column" in low:
        return NotFracas(
            f"{path}: the database is corrupt (part of its schema is missing: {text}); "
            "nothing was written"
        )
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return NotFracas(f"{path}: the database is corrupt ({text}); nothing was written")
    if "could not decode to utf-8" in low:  # sqlite3 names the column, then prints the bytes
        column = text.split("column", 1)[-1].split("with text", 1)[0].strip(" '")
        return NotFracas(
            f"{path}: a text column ({column[:40]}) holds bytes that are not UTF-8: the log "
            "was changed outside fracas"
        )
    if "full" in low or ("i/o" in low and disk_full(path, DIAGNOSE_FULL)):
        return DiskError(full(path))
    if "readonly" in low or "read-only" in low:
        return DiskError(f"{path}: the file or its folder is read-only ({text})")
    if isinstance(err, sqlite3.OperationalError) or "disk" in low:
        return DiskError(f"{path}: {text}")
    return NotFracas(f"{path}: {text}")


#: Below this many free bytes a file system is full to fracas: SQLite could not make the
#: index of its -wal (32 KiB), nor write a ply. An I/O error with less than
#: :data:`DIAGNOSE_FULL` free is put down to a full disk.
FULL_BELOW = 64 * 1024
DIAGNOSE_FULL = 1024 * 1024


def full(path: Path) -> str:
    """The message of a full disk (exit 7)."""
    return f"the disk is full ({path}); nothing was written"


def disk_full(path: Path, below: int = FULL_BELOW) -> bool:
    """Whether the file system of ``path``'s folder has less than ``below`` bytes free (to
    this user: root may use the blocks kept back for it)."""
    try:
        fs = os.statvfs(Path(os.path.realpath(path)).parent)
    except OSError:
        return False
    blocks = fs.f_bfree if os.geteuid() == 0 else fs.f_bavail
    return blocks * fs.f_frsize < below


def is_database(path: Path) -> bool:
    """Whether ``path`` is a regular file that begins as an SQLite database does (any, not
    only a fracas file); OSError if it cannot be read."""
    if not path.is_file():
        return False
    with path.open("rb") as f:
        return f.read(len(SQLITE_HEADER)) == SQLITE_HEADER


def publish(tmp: Path, path: Path) -> None:
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
