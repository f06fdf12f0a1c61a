"""Changing a fracas file the way another program could: raw SQL with the append-only
triggers dropped. ``rehash`` makes a change look like an honest writer's (a newer fracas),
so that what is tested is what follows the hash check, not the check itself."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from engine.chain import encounter_hash, layout_of, ply_hash


def execute(db: Path, *statements: tuple[str, tuple[object, ...]]) -> None:
    """Run raw statements on ``db`` with every append-only trigger dropped."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("BEGIN")
        for (name,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'trigger'"
        ).fetchall():
            conn.execute(f"DROP TRIGGER {name}")
        for sql, params in statements:
            conn.execute(sql, params)
        conn.execute("COMMIT")
    finally:
        conn.close()


def stored_hash(db: Path, ply: int) -> bytes:
    conn = sqlite3.connect(db)
    try:
        return bytes(conn.execute("SELECT hash FROM hashes WHERE ply = ?", (ply,)).fetchone()[0])
    finally:
        conn.close()


def true_hash(db: Path, ply: int) -> bytes:
    """The hash ``ply`` would have if an honest writer had written it as it now stands."""
    conn = sqlite3.connect(db)
    try:
        row = conn.execute(
            "SELECT encounter, parent, depth, skip, seed, salt, rules_version, command, dice, "
            "created_at FROM plies WHERE id = ?",
            (ply,),
        ).fetchone()
        encounter, parent, *content = row
        if parent is None:
            e = conn.execute(
                "SELECT name, seed, system, rules_version, created_at FROM encounters WHERE id = ?",
                (encounter,),
            ).fetchone()
            base = encounter_hash(*e)
        else:
            base = bytes(
                conn.execute("SELECT hash FROM hashes WHERE ply = ?", (parent,)).fetchone()[0]
            )
        events = conn.execute(
            "SELECT ply, tag, version, body FROM events WHERE ply = ? ORDER BY idx", (ply,)
        ).fetchall()
        layout = layout_of(conn.execute("PRAGMA user_version").fetchone()[0])
        state = None
        if layout >= 3:  # the state the ply carries, as stored (engine/chain.py)
            found = conn.execute(
                "SELECT state_key, state_digest FROM hashes WHERE ply = ?", (ply,)
            ).fetchone()
            if found is not None and found[0] is not None:
                state = (found[0], bytes(found[1]))
    finally:
        conn.close()
    return ply_hash(base, *content, events, layout, state)


def rehash_from(db: Path, ply: int) -> None:
    """Store the hash ``ply`` now has, and every ply after it (by id) that of its own: the
    chain a forger who recomputes every hash leaves (a consistent file, another head hash)."""
    conn = sqlite3.connect(db)
    try:
        later = [
            r[0] for r in conn.execute("SELECT id FROM plies WHERE id >= ? ORDER BY id", (ply,))
        ]
    finally:
        conn.close()
    for p in later:
        rehash(db, p)


def rehash(db: Path, ply: int) -> None:
    """Store the hash ``ply`` now has (its descendants keep theirs)."""
    execute(db, ("UPDATE hashes SET hash = ? WHERE ply = ?", (true_hash(db, ply), ply)))


def head_of(db: Path, branch: str = "main") -> int:
    conn = sqlite3.connect(db)
    try:
        return int(
            conn.execute("SELECT head FROM branches WHERE name = ?", (branch,)).fetchone()[0]
        )
    finally:
        conn.close()


def depth_of(db: Path, ply: int) -> int:
    conn = sqlite3.connect(db)
    try:
        return int(conn.execute("SELECT depth FROM plies WHERE id = ?", (ply,)).fetchone()[0])
    finally:
        conn.close()


def reforge(db: Path, ply: int) -> None:
    """What a forger with fracas at hand leaves after changing ``ply`` (or its encounter):
    every hash from it recomputed, and every state a ply from it carries (schema 4) made the
    state the forged log folds to there, its snapshot too, so that the file is one fracas
    could have written."""
    from engine.table import Table

    rehash_from(db, ply)
    conn = sqlite3.connect(db)
    try:
        carrying = [
            r[0]
            for r in conn.execute(
                "SELECT ply FROM hashes WHERE ply >= ? AND state_key IS NOT NULL ORDER BY ply",
                (ply,),
            )
        ]
    finally:
        conn.close()
    for at in carrying:
        with Table(db).scene() as sc:
            state = sc.kernel.rebuild(sc.store, at, snapshots=False)
            key, body, digest = sc.kernel.snapshots.seal(state)
        execute(
            db,
            (
                "UPDATE hashes SET state_key = ?, state_digest = ? WHERE ply = ?",
                (key, digest, at),
            ),
            (
                "UPDATE snapshots SET body = ?, digest = ? WHERE ply = ? AND key = ?",
                (body, hashlib.sha256(body).digest(), at, key),
            ),
        )
        rehash_from(db, at)
