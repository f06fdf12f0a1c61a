"""What a write transaction that :class:`engine.log.Store` has begun does first: SQLite's check
of the file's pages (:func:`check_pages`), the file's stamp (:func:`stamp`), and upgrading the
file. A schema-1 file (from before the hash chain) is brought to the current schema: the chain's
tables are created and every ply's hash computed from its rows as they stand, in the current
layout (a schema-2 file keeps its chain and its layout, engine/chain.py). A schema-3 file
gains the columns of the state a ply carries in layout 3 (schema 4): layout 3 hashes a ply
without one as layout 2 did, so no hash changes. A file without this fracas's read-only views
(``v_plies``, ``v_rolls``: engine/logfile.py) gains them. No existing row is rewritten."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from engine.chain import LAYOUT, encounter_hash, ply_hash
from engine.logfile import (
    CHAIN,
    CHAINED_SCHEMA,
    SCHEMA_VERSION,
    STATES,
    STATES_SCHEMA,
    VIEW_NAMES,
    VIEWS,
    NotFracas,
)
from engine.logsides import NO_STAMP, STAMP_KEY, split_stamp


def statements(script: str) -> Iterator[str]:
    """The SQL statements of ``script`` one by one (a trigger's body holds semicolons)."""
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if buf.strip() and sqlite3.complete_statement(buf):
            yield buf
            buf = ""


def add_states(conn: sqlite3.Connection) -> bool:
    """Give a schema-3 file the columns of the chained state (schema 4); True if it gained
    them now. A schema-2 file keeps layout 1 and schema 2 for ever (its published hashes)."""
    if conn.execute("PRAGMA user_version").fetchone()[0] != STATES_SCHEMA - 1:
        return False
    for statement in statements(STATES):
        conn.execute(statement)
    conn.execute(f"PRAGMA user_version={STATES_SCHEMA}")
    return True


def upgrade(conn: sqlite3.Connection) -> bool:
    """Give a file without the hash chain the current schema; True if it was upgraded now."""
    if conn.execute("PRAGMA user_version").fetchone()[0] >= CHAINED_SCHEMA:
        return False
    for statement in statements(CHAIN):
        conn.execute(statement)
    roots = {
        row[0]: encounter_hash(*row[1:])
        for row in conn.execute(
            "SELECT id, name, seed, system, rules_version, created_at FROM encounters"
        )
    }
    events: dict[int, list[tuple[int, str, int, str]]] = {}
    for row in conn.execute("SELECT ply, tag, version, body FROM events ORDER BY ply, idx"):
        events.setdefault(row[0], []).append(row)
    hashes: dict[int, bytes] = {}
    for ply_id, encounter, parent, depth, skip, *row in conn.execute(
        "SELECT id, encounter, parent, depth, skip, seed, salt, rules_version, command, dice, "
        "created_at FROM plies ORDER BY id"
    ).fetchall():
        base = roots.get(encounter) if parent is None else hashes.get(parent)
        if base is None:  # a parent after its child, or no encounter: not as fracas wrote it
            raise NotFracas(
                f"ply {ply_id} of this schema-1 file has no parent or encounter before it: "
                "the file was changed outside fracas; nothing was written"
            )
        seed, salt, version, command, dice, at = row
        stored = events.get(ply_id, [])
        hashes[ply_id] = ply_hash(
            base, depth, skip, seed, salt, version, command, dice, at, stored, LAYOUT
        )
    conn.executemany("INSERT INTO hashes (ply, hash) VALUES (?, ?)", hashes.items())
    conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
    return True


#: Each view's SQL as SQLite keeps it in ``sqlite_master`` (the statement without its ``;``).
_VIEWS = {
    name: sql
    for name, sql in zip(
        VIEW_NAMES, (s.strip().removesuffix(";") for s in statements(VIEWS)), strict=True
    )
}


def add_views(conn: sqlite3.Connection) -> bool:
    """Give the file this fracas's read-only views if it lacks them or holds another
    definition of them (an older fracas's); True if it changed now. A name some other program
    gave a table of its own is left alone, and the views with it."""
    marks = ",".join("?" * len(VIEW_NAMES))
    found = {
        name: (kind, sql)
        for name, kind, sql in conn.execute(
            f"SELECT name, type, sql FROM sqlite_master WHERE name IN ({marks})", VIEW_NAMES
        )
    }
    if all(found.get(name) == ("view", sql) for name, sql in _VIEWS.items()):
        return False
    if any(kind != "view" for kind, _ in found.values()):
        return False
    for name in reversed(VIEW_NAMES):  # v_rolls reads v_plies
        conn.execute(f"DROP VIEW IF EXISTS {name}")
    for sql in _VIEWS.values():
        conn.execute(sql)
    return True


#: The largest file whose every page a write checks first: 16 MiB (about 6,000 plies; the
#: check costs about 25 ms there). Past it every write would pay more and more, and a fight's
#: commands must cost the same at any length.
PAGE_CHECK_LIMIT = 16 * 1024 * 1024


def check_pages(conn: sqlite3.Connection, path: Path) -> None:
    """SQLite's own check of every page of the file (``PRAGMA quick_check``: the b-trees,
    their pages and cells, the free list; not an index against its table), inside the
    write's transaction: a damaged file is refused (exit 5) before anything is written
    into it, though the damage lies where the write would never read. A file over
    :data:`PAGE_CHECK_LIMIT` is not checked whole (it would cost a long fight's every write
    about 1.5 ms a megabyte); SQLite's own errors still refuse what a write reads."""
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    size = conn.execute("PRAGMA page_size").fetchone()[0]
    if pages * size > PAGE_CHECK_LIMIT:
        return
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if rows and rows[0][0] == "ok":
        return
    found = "; ".join(str(r[0]) for r in rows[:2])
    raise NotFracas(
        f"{path}: the database is corrupt (SQLite's check of its pages: {found[:300]}); "
        "nothing was written"
    )


def stamp(conn: sqlite3.Connection) -> None:
    """Stamp the file in the write's transaction (engine/logsides.py): the stamp it had,
    then a new one."""
    row = conn.execute("SELECT value FROM cursor WHERE key = ?", (STAMP_KEY,)).fetchone()
    found = split_stamp(str(row[0]))[1] if row else NO_STAMP
    conn.execute(
        "INSERT INTO cursor (key, value) VALUES (?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (STAMP_KEY, f"{found} {os.urandom(8).hex()}"),
    )
