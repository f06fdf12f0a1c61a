"""``replay --verify`` in stretches side by side (engine/verifyparts.py) gives the answer one
pass gives: the same counts and head hash on an intact log, the same first changed ply, the
same first difference, the same snapshot refused, wherever the stretches are cut."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.log import NotFracas
from engine.rebuild import bulk, path_of
from engine.table import Table
from engine.verify import Verified
from engine.verifyparts import _cuts, verify_parts
from tests import tamper
from tests.cli.test_tamper import play, ply_id
from tests.conftest import SHEETS

PLIES = 200


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("parts") / "fight.db"
    table = Table(db)
    table.new("bar", seed=7)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    play(table, PLIES)
    return db


@pytest.fixture
def fight(built: Path, tmp_path: Path) -> Iterator[Path]:
    db = tmp_path / "fight.db"
    shutil.copy(built, db)
    yield db


def _verify(db: Path, workers: int) -> Verified | tuple[type, str]:
    table = Table(db)
    with table.scene() as sc, bulk():
        try:
            return verify_parts(sc.kernel, sc.store, sc.branch.head, workers, min_stretch=16)
        except NotFracas as err:
            return type(err), str(err)


def _both(db: Path) -> Verified | tuple[type, str]:
    one = _verify(db, 1)
    for workers in (2, 3, 5):
        assert _verify(db, workers) == one, workers
    return one


def _cut_depths(db: Path, workers: int) -> list[int]:
    table = Table(db)
    with table.scene() as sc:
        rows = path_of(sc.store, sc.branch.head)
        snaps = sc.store.snapshots_on_path(sc.branch.head, sc.kernel.snapshots.key)
        cuts = _cuts(sc.kernel, sc.store, rows, snaps, workers, 16)
        return [rows[at - 1][3] for at, _ in cuts]  # type: ignore[misc]


def _rehash_from(db: Path, depth: int) -> None:
    """Store honest-looking hashes from ``depth`` to the head: a forger's consistent chain."""
    for d in range(depth, PLIES + 1):
        tamper.rehash(db, ply_id(db, d))


def test_an_intact_log_gives_the_same_answer_in_stretches(fight: Path) -> None:
    assert len(_cut_depths(fight, 3)) == 2  # the log is long enough to be cut
    assert all(d % 16 == 0 for d in _cut_depths(fight, 3))
    found = _both(fight)
    assert isinstance(found, Verified)
    assert (found.plies, found.difference) == (PLIES + 1, None)
    assert found.snapshots == PLIES // 16


@pytest.mark.parametrize("depth", [5, 70, 150, PLIES])
def test_the_first_changed_ply_is_named_whichever_stretch_holds_it(fight: Path, depth: int) -> None:
    ply = ply_id(fight, depth)
    tamper.execute(fight, ("UPDATE plies SET seed = seed + 1 WHERE id = ?", (ply,)))
    tamper.execute(fight, ("UPDATE plies SET seed = seed + 1 WHERE id = ?", (ply_id(fight, 180),)))
    found = _both(fight)
    assert isinstance(found, tuple) and found[0].__name__ == "Tampered"
    assert f"ply #{min(depth, 180)} " in found[1]


def test_the_first_difference_is_the_one_reported_when_later_stretches_differ_too(
    fight: Path,
) -> None:
    for depth in (170, 90):  # both re-rolled, the chain forged over them
        ply = ply_id(fight, depth)
        tamper.execute(fight, ("UPDATE plies SET seed = seed + 1 WHERE id = ?", (ply,)))
    _rehash_from(fight, 90)
    found = _both(fight)
    assert isinstance(found, Verified) and found.difference is not None
    assert found.difference.ply == 90
    assert found.plies == 90  # the plies before it


def test_a_forged_snapshot_where_a_stretch_begins_is_refused_by_the_stretch_before(
    fight: Path,
) -> None:
    import hashlib

    [first, _] = _cut_depths(fight, 3)
    ply = ply_id(fight, first)
    conn = sqlite3.connect(fight)
    (body,) = conn.execute("SELECT body FROM snapshots WHERE ply = ?", (ply,)).fetchone()
    conn.close()
    forged = bytes(body).replace(b"marcus", b"marcuz", 1)
    assert forged != bytes(body)
    tamper.execute(
        fight,
        (
            "UPDATE snapshots SET body = ?, digest = ? WHERE ply = ?",
            (forged, hashlib.sha256(forged).digest(), ply),
        ),
    )
    found = _both(fight)
    assert isinstance(found, tuple) and found[0].__name__ == "SnapshotMismatch"
    assert f"ply #{first} " in found[1]


def test_a_broken_snapshot_is_never_where_a_stretch_begins(fight: Path) -> None:
    [first, _] = _cut_depths(fight, 3)
    tamper.execute(
        fight, ("UPDATE snapshots SET body = X'00' WHERE ply = ?", (ply_id(fight, first),))
    )
    assert first not in _cut_depths(fight, 3)
    found = _both(fight)
    assert isinstance(found, Verified) and found.difference is None
    assert found.ignored == 1
