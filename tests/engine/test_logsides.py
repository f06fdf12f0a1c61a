"""engine/logsides.py: a -wal read as SQLite's recovery reads it (the transactions it would
apply, and the file's stamp in each), judged against the file it stands beside; the locks
that say whether a process holds the file. Each checked against SQLite itself on real files.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.logsides import (
    NO_STAMP,
    STAMP_KEY,
    held_by_others,
    judge,
    read_wal,
    split_stamp,
    stamp_on,
    stamps_on_pages,
)
from tests import faults

PAGE = faults.PAGE


@pytest.fixture(scope="module")
def assets(tmp_path_factory: pytest.TempPathFactory) -> faults.Assets:
    return faults.build_assets(tmp_path_factory.mktemp("assets"))


def _stamp_of(db: Path) -> str:
    """The file's stamp as SQLite reads the file alone."""
    with sqlite3.connect(f"file:{db}?immutable=1", uri=True) as conn:
        row = conn.execute("SELECT value FROM cursor WHERE key = ?", (STAMP_KEY,)).fetchone()
    return split_stamp(row[0])[1] if row else NO_STAMP


def _plies_sqlite_recovers(db: bytes, wal: bytes, where: Path) -> int:
    """How many plies SQLite reads from the file and this -wal (its recovery, on a copy)."""
    where.mkdir()
    (where / "f.db").write_bytes(db)
    (where / "f.db-wal").write_bytes(wal)
    with sqlite3.connect(where / "f.db") as conn:
        return int(conn.execute("SELECT count(*) FROM plies").fetchone()[0])


def test_every_fracas_write_is_one_stamped_transaction_chained_from_the_file(
    tmp_path: Path, assets: faults.Assets
) -> None:
    db = tmp_path / "fight.db"
    db.write_bytes(assets.fight)
    before = _stamp_of(db)
    faults.caught(db, faults.GROWTH, tmp_path / "caught")
    wal = read_wal(tmp_path / "caught" / "fight.db-wal", PAGE)
    assert wal.foreign == ""
    assert len(wal.transactions) == len(faults.GROWTH)
    stamps = [s for s in wal.transactions if s is not None]
    assert len(stamps) == len(faults.GROWTH)
    assert stamps[0][0] == before  # the first found the file's
    for (_, made), (found, _) in itertools.pairwise(stamps):
        assert found == made  # each found the one before it made
    assert _stamp_of(db) == stamps[-1][1]  # checkpointed since: the file holds the last
    assert stamps_on_pages(db, PAGE) >= {stamps[-1][1]}


@pytest.mark.parametrize("cut", ["mid-frame", "flipped byte"])
def test_a_damaged_wal_holds_what_sqlites_recovery_applies(
    cut: str, tmp_path: Path, assets: faults.Assets
) -> None:
    """A -wal cut short in a frame, or with a byte of a frame changed: SQLite applies the
    transactions before the damage only, and so many are read here."""
    wal = bytearray(assets.later["-wal"])
    frame = 24 + PAGE
    frames = (len(wal) - 32) // frame
    if cut == "mid-frame":
        wal = wal[: len(wal) - frame // 2]
    else:
        wal[32 + (frames // 2) * frame + 24 + 100] ^= 0xFF
    path = tmp_path / "cut.db-wal"
    path.write_bytes(bytes(wal))
    found = read_wal(path, PAGE)
    base = _plies_sqlite_recovers(assets.later[""], b"", tmp_path / "base")
    recovered = _plies_sqlite_recovers(assets.later[""], bytes(wal), tmp_path / "with")
    assert recovered - base == len(found.transactions) < len(faults.GROWTH)


def test_a_wal_is_judged_against_the_file_it_stands_beside(
    tmp_path: Path, assets: faults.Assets
) -> None:
    db = tmp_path / "fight.db"
    wal = Path(f"{db}-wal")

    def verdict(data: bytes, beside: bytes) -> tuple[str, bool]:
        db.write_bytes(beside)
        wal.write_bytes(data)
        return judge(db, PAGE, lambda: {_stamp_of(db)})

    assert verdict(assets.later["-wal"], assets.later[""]) == ("", True)  # its own
    assert verdict(b"", assets.fight) == ("", False)  # nothing in it
    assert verdict(assets.later["-wal"][:20], assets.fight) == ("", False)  # no header yet
    why, _ = verdict(assets.stale_wal, assets.fight)
    assert "does not continue fight.db" in why
    why, _ = verdict(assets.twin_wal, assets.fight)
    assert "does not continue fight.db" in why
    why, _ = verdict(assets.foreign_wal, assets.fight)
    assert "fracas did not write" in why
    why, _ = verdict(os.urandom(3 * PAGE), assets.fight)
    assert "not a write-ahead log of fight.db" in why
    other_size = bytearray(assets.later["-wal"])
    other_size[8:12] = (1024).to_bytes(4, "big")
    why, _ = verdict(bytes(other_size), assets.fight)
    assert "not a write-ahead log" in why  # the header's checksum no longer holds


def test_the_stamp_is_read_off_a_page_as_sqlite_stored_it(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE cursor (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        conn.executemany(
            "INSERT INTO cursor VALUES (?, ?)",
            [("encounter", "bar"), (STAMP_KEY, "00ff00ff00ff00ff 1234567890abcdef"), ("x", "y")],
        )
    data = db.read_bytes()
    found = [stamp_on(data[at : at + PAGE], 0) for at in range(PAGE, len(data), PAGE)]
    assert ("00ff00ff00ff00ff", "1234567890abcdef") in found
    assert stamp_on(bytes(PAGE), 0) is None
    assert split_stamp("written by hand") == ("written by hand", "written by hand")


def test_the_locks_say_who_holds_the_file(tmp_path: Path, assets: faults.Assets) -> None:
    db = tmp_path / "fight.db"
    db.write_bytes(assets.fight)

    def held() -> bool:
        fd = os.open(db, os.O_RDONLY)
        try:
            return held_by_others(fd)
        finally:
            os.close(fd)

    assert not held()
    other = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "c.execute('SELECT 1 FROM plies').fetchall(); print('in', flush=True); "
            "sys.stdin.readline()",
            str(db),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "in"
        assert held()  # another process
    finally:
        other.communicate("go\n", timeout=30)
    assert not held()
    if sys.platform.startswith("linux"):
        with faults.held(db):
            assert held()  # this process's own connection, on Linux
