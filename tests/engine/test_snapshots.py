"""Snapshots: a cache that is never the truth. Written when a command folds past a multiple
of ``every`` plies, kept only once the command has succeeded, never waited for, and read back
as exactly the state the log folds to."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.replay import kernel_for
from engine.rules import UnknownName, get_pack
from engine.table import Table
from events.palladium import StrikeDeclared
from tests.cli.test_tamper import play
from tests.conftest import bar_table

EVERY = 4


@pytest.fixture(autouse=True)
def small_snapshots() -> Iterator[None]:
    snaps = kernel_for(get_pack("palladium")).snapshots
    every, snaps.every = snaps.every, EVERY
    yield
    snaps.every = every


def _snapshot_depths(db: Path) -> list[int]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "SELECT depth FROM snapshots JOIN plies ON plies.id = snapshots.ply ORDER BY depth"
        ).fetchall()
        return [r[0] for r in rows]
    finally:
        conn.close()


@pytest.fixture
def table(tmp_path: Path) -> Table:
    made: Table = bar_table(tmp_path / "fight.db")
    return made


def test_appending_keeps_a_snapshot_at_each_multiple_and_it_holds_the_folded_state(
    table: Table,
) -> None:
    play(table, 13)
    assert _snapshot_depths(table.db) == [4, 8, 12]
    with table.scene() as sc:
        for depth in (4, 8, 12):
            ply = sc.store.ply(sc.store.ancestor(sc.branch.head, depth))
            row = sc.store.snapshot(ply.id, sc.kernel.snapshots.key)
            assert row is not None and sc.kernel.snapshots.usable(row, ply.hash)
            held = sc.kernel.snapshots.decode(row[2])
            assert held == sc.kernel.rebuild(sc.store, ply.id, snapshots=False)


def test_a_file_without_snapshots_gains_them_from_the_first_command_that_folds_far(
    table: Table,
) -> None:
    play(table, 13)
    tamper_all = sqlite3.connect(table.db)
    tamper_all.execute("DELETE FROM snapshots")
    tamper_all.commit()
    tamper_all.close()
    assert _snapshot_depths(table.db) == []
    table.status()  # a read command: folds from the start, keeps what it passed
    assert _snapshot_depths(table.db) == [4, 8, 12]


def test_a_refused_command_keeps_no_snapshot(table: Table) -> None:
    play(table, 9)
    tamper_all = sqlite3.connect(table.db)
    tamper_all.execute("DELETE FROM snapshots")
    tamper_all.commit()
    tamper_all.close()
    with pytest.raises(UnknownName):
        table.declare(StrikeDeclared(actor="marcus", target="nobody-here", defend="none"))
    assert _snapshot_depths(table.db) == []


def test_a_read_command_never_waits_for_the_lock_to_keep_a_snapshot(table: Table) -> None:
    """Another fracas holds the write lock: status answers at once (not after the 5 s busy
    timeout) and keeps no snapshot; once the lock is free, the next one does."""
    play(table, 9)
    conn = sqlite3.connect(table.db, isolation_level=None)
    conn.execute("DELETE FROM snapshots")
    conn.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        status = table.status()
        assert time.monotonic() - started < 4.0, "status waited for the lock"
    finally:
        conn.execute("ROLLBACK")
        conn.close()
    assert _snapshot_depths(table.db) == []
    assert table.status() == status
    assert _snapshot_depths(table.db) == [4, 8]
