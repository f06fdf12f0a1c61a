"""What a library :class:`Table` hands from one call to the next (engine/tablebase.py): the
state at the plies its last call folded or appended, used only if the file is as that call
left it and the ply is checked against its hash again; anything else is read afresh.

Fights are built through ``Table``; the file is changed the way another program could
(tests/tamper.py).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import pytest

from engine.chain import Tampered
from engine.session import file_mark
from engine.table import Table
from tests import tamper

SHEETS = Path(__file__).resolve().parents[2] / "examples" / "sheets"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Encounter ``bar`` (seed 7) with Marcus Kell (ply #1)."""
    path = tmp_path / "fight.db"
    t = Table(path)
    t.new("bar", 7)
    t.add(SHEETS / "marcus_kell.toml", cid="marcus")
    return path


def unseen(t: Table, db: Path, change: tuple[str, tuple[object, ...]]) -> None:
    """Make ``change`` as a file system with coarse times would let it pass: ``t`` is told the
    file is as its last call left it, so that what is tested is the hash check of the handed
    state itself."""
    tamper.execute(db, change)
    t._left_as = file_mark(db)


def test_an_action_after_an_action_starts_from_the_state_the_first_left(db: Path) -> None:
    t = Table(db)
    added = t.add(SHEETS / "brodkil.json", cid="brodkil")
    assert t.state() is added.state  # handed over, nothing folded
    assert Table(db).state() == added.state  # what a fresh read of the file gives


def test_a_table_another_writer_got_to_first_reads_the_file_afresh(db: Path) -> None:
    t = Table(db)
    mine = t.add(SHEETS / "brodkil.json", cid="brodkil")
    theirs = Table(db).add(SHEETS / "brodkil.json", cid="brodkil-2")
    now = t.state()
    assert now is not mine.state and now == theirs.state
    assert sorted(now.combatants) == ["brodkil", "brodkil-2", "marcus"]


def test_a_head_changed_unseen_by_the_file_system_is_still_refused(db: Path) -> None:
    """The handed state's ply is hashed again: a changed event body at the head is exit 5
    (Tampered) although the file's size and times are as the table left them."""
    t = Table(db)
    t.add(SHEETS / "brodkil.json", cid="brodkil")
    head = tamper.head_of(db)
    unseen(
        t,
        db,
        ("UPDATE events SET body = replace(body, 'brodkil', 'brodkix') WHERE ply = ?", (head,)),
    )
    for table in (t, Table(db)):  # as a fresh table refuses it
        with pytest.raises(Tampered, match=r"ply #2 does not match its hash"):
            table.state()


def test_a_rehashed_head_is_another_ply_and_is_read_afresh(db: Path) -> None:
    """A head whose stored hash changed (a forger recomputed it) is not the ply the state
    was kept for: the table folds what the file holds now."""
    t = Table(db)
    added = t.add(SHEETS / "brodkil.json", cid="brodkil")
    head = tamper.head_of(db)
    unseen(
        t,
        db,
        ("UPDATE events SET body = replace(body, 'brodkil', 'brodkix') WHERE ply = ?", (head,)),
    )
    unseen(t, db, ("UPDATE hashes SET hash = ? WHERE ply = ?", (tamper.true_hash(db, head), head)))
    now = t.state()
    assert now != added.state and "brodkix" in now.combatants
    assert now == Table(db).state()


def test_another_file_at_the_same_path_is_read_afresh(db: Path, tmp_path: Path) -> None:
    """Ply ids repeat from file to file: a state kept for ply 2 of one file is never the
    state at ply 2 of the file that replaced it."""
    t = Table(db)
    t.add(SHEETS / "brodkil.json", cid="brodkil")
    other = tmp_path / "other.db"
    o = Table(other)
    o.new("cellar", 11)
    o.add(SHEETS / "marcus_kell.toml", cid="kell")
    replaced = o.add(SHEETS / "brodkil.json", cid="brute")
    os.replace(other, db)
    assert t.state() == replaced.state
    assert sorted(t.state().combatants) == ["brute", "kell"]


def test_an_older_ply_changed_between_two_calls_is_refused(db: Path) -> None:
    """The handed state's ply is the head; a change below it is seen by the file's mark,
    and the state read afresh meets it."""
    t = Table(db)
    t.add(SHEETS / "brodkil.json", cid="brodkil")
    tamper.execute(
        db, ("UPDATE events SET body = replace(body, 'marcus', 'marcos') WHERE ply = 2", ())
    )
    with pytest.raises(Tampered, match=r"ply #1 does not match its hash"):
        t.state()


def test_a_change_with_its_modification_time_put_back_is_still_seen(db: Path) -> None:
    """``os.utime`` puts the modification time back, not the change time: a held table does
    not write on a file every fresh table refuses."""
    t = Table(db)
    t.state()
    st = os.stat(db)
    tamper.execute(db, ("UPDATE encounters SET seed = 8", ()))
    os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns))
    before = plies(db)
    with pytest.raises(Tampered, match=r"ply #0 does not match its hash"):
        t.add(SHEETS / "brodkil.json", cid="brodkil")
    assert plies(db) == before


def plies(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        return int(conn.execute("SELECT count(*) FROM plies").fetchone()[0])


def test_another_threads_call_in_an_as_one_block_opens_the_file_for_itself(db: Path) -> None:
    """The block's connection is its thread's (SQLite's objects stay in the thread that made
    them): another thread's call reads as a fresh table does, not a refusal."""
    t = Table(db)
    seen: list[object] = []
    with t.as_one():
        mine = t.status()
        other = threading.Thread(target=lambda: seen.append(t.status()))
        other.start()
        other.join()
    assert seen == [mine]
