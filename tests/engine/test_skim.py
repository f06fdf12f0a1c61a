"""The skim (engine/skim.py): a path of a file in hash layout 2 read as one text per ply,
hashed and decoded as it comes. It must fold to what the rows fold to, and give way to the
row-by-row read (which names the ply at fault) at anything unusual."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.chain import Tampered
from engine.rebuild import path_of, root_hash
from engine.skim import SKIM_FROM, skim
from engine.table import Table
from projections.state import FightState
from tests import tamper
from tests.cli.test_tamper import play
from tests.conftest import bar_table

HERE = Path(__file__).parent.parent / "golden_logs"


@pytest.fixture
def table(tmp_path: Path) -> Table:
    table: Table = bar_table(tmp_path / "fight.db")
    play(table, 30)
    return table


def _skimmed(table: Table) -> tuple[object, FightState]:
    """(what the skim gave, the state every decoded event of the path folds to)."""
    with table.scene() as sc:
        store, kernel, head = sc.store, sc.kernel, sc.branch.head
        rows = path_of(store, head)
        got = skim(
            kernel, store, rows, root_hash(store, store.row(rows[0])), sc.encounter.rules_version
        )
        events = [e for _, evs in kernel.history(store, head) for e in evs]
        return got, kernel.apply(FightState(), events)


def test_an_honest_path_is_skimmed_and_folds_as_its_rows_do(table: Table) -> None:
    got, folded = _skimmed(table)
    assert got is not None
    with table.scene() as sc:
        rows = path_of(sc.store, sc.branch.head)
        assert got.hashes == [r[11] for r in rows]  # type: ignore[attr-defined]
        assert len(got.ends) == len(rows) == 31  # type: ignore[attr-defined]
        assert sc.kernel.apply(FightState(), got.events) == folded  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE events SET body = body || ' ' WHERE ply = ? AND idx = 1",
        "UPDATE events SET tag = 'core.turn_passed' WHERE ply = ? AND idx = 0",
        "UPDATE events SET version = 2 WHERE ply = ? AND idx = 0",
        "UPDATE events SET version = '1x' WHERE ply = ? AND idx = 0",
        "DELETE FROM events WHERE ply = ? AND idx = 1",
        "UPDATE events SET idx = idx + 10 WHERE ply = ? AND idx = 0",
    ],
)
def test_a_changed_event_is_not_skimmed_and_the_rows_name_its_ply(
    table: Table, change: str
) -> None:
    """Body, tag, version, an event gone or moved to the end: the skim gives way, and the
    row-by-row read refuses the ply by the number `log` gives it."""
    with table.scene() as sc:
        ply = sc.store.ancestor(sc.branch.head, 20)
    tamper.execute(table.db, (change, (ply,)))
    got, _ = _skimmed_or_refused(table)
    assert got is None
    with table.scene() as sc, pytest.raises(Tampered, match=r"ply #20 "):
        sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False)


def test_a_long_rebuild_skims_and_a_changed_ply_in_it_is_still_named(tmp_path: Path) -> None:
    """Past SKIM_FROM plies a rebuild skims; a change deep in such a path makes it give way
    to the rows, which name the ply."""
    table: Table = bar_table(tmp_path / "long.db", "long", seed=3)
    play(table, SKIM_FROM + 20)
    with table.scene() as sc:
        rows = path_of(sc.store, sc.branch.head)
        assert len(rows) > SKIM_FROM
        honest = sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False)
        got = skim(
            sc.kernel,
            sc.store,
            rows,
            root_hash(sc.store, sc.store.row(rows[0])),
            sc.encounter.rules_version,
        )
        assert got is not None
        assert sc.kernel.apply(FightState(), got.events) == honest
        ply = sc.store.ancestor(sc.branch.head, 100)
    tamper.execute(table.db, ("UPDATE events SET body = body || ' ' WHERE ply = ?", (ply,)))
    with table.scene() as sc, pytest.raises(Tampered, match=r"ply #100 "):
        sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False)


def _skimmed_or_refused(table: Table) -> tuple[object, None]:
    with table.scene() as sc:
        store, head = sc.store, sc.branch.head
        rows = path_of(store, head)
        return skim(
            sc.kernel, store, rows, root_hash(store, store.row(rows[0])), sc.encounter.rules_version
        ), None


def test_an_event_of_an_older_version_is_read_row_by_row(table: Table) -> None:
    """A version this fracas would upcast (here one it does not know, made to look honest):
    the skim gives way rather than decode it as the current shape."""
    with table.scene() as sc:
        head = sc.branch.head
        assert sc.kernel.codec.all_current("core.turn_passed", "1")
        assert not sc.kernel.codec.all_current("core.turn_passed", "7")
        assert not sc.kernel.codec.all_current("core.turn_passed,core.turn_passed", "1")
        assert not sc.kernel.codec.all_current("core.turn_passed", "1" * 5000)
        assert not sc.kernel.codec.all_current("core.turn_passed", "\u0661")
    tamper.execute(table.db, ("UPDATE events SET version = 0 WHERE ply = ?", (head,)))
    tamper.rehash(table.db, head)
    got, _ = _skimmed_or_refused(table)
    assert got is None


def test_a_file_in_layout_1_is_read_row_by_row(tmp_path: Path) -> None:
    db = tmp_path / "raw-v2.db"
    shutil.copyfile(HERE / "raw-v2.db", db)
    table = Table(db)
    with table.scene() as sc:
        assert sc.store.layout == 1
        rows = path_of(sc.store, sc.branch.head)
        assert skim(sc.kernel, sc.store, rows, b"", 0) is None


def test_a_body_stored_as_a_blob_of_the_same_bytes_is_refused_by_the_rows(table: Table) -> None:
    """Layout 2 hashes each value's text, which a blob of the same bytes keeps: the skim,
    which reads text, folds the same fight; the row-by-row reads (`log`, `explain`,
    `replay --verify`), which see SQLite's storage class, refuse the ply."""
    with table.scene() as sc:
        ply = sc.store.ancestor(sc.branch.head, 20)
        honest = sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False)
    change = "UPDATE events SET body = CAST(body AS BLOB) WHERE ply = ? AND idx = 1"
    tamper.execute(table.db, (change, (ply,)))
    got, _ = _skimmed_or_refused(table)
    assert got is not None
    with table.scene() as sc:
        assert sc.kernel.apply(FightState(), got.events) == honest  # type: ignore[attr-defined]
        with pytest.raises(Tampered, match=r"ply #20 "):
            sc.kernel.history(sc.store, sc.branch.head)
