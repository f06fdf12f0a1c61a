"""Reading a path: the events a path read gives each ply are exactly that ply's own, in order,
whether the path is one run of ply ids (read as ranges) or woven through another branch's
plies (read by listed ids), and a rebuild from them equals a fold of the plies one by one."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest

from engine import logreads
from engine.rebuild import read_path
from engine.table import Table
from projections.state import FightState
from tests.cli.test_tamper import play
from tests.conftest import SHEETS


@pytest.fixture
def woven(tmp_path: Path) -> Table:
    """Branches `main` and `what-if` extended in turn, so that neither path's plies have
    consecutive ids: each path is one run of ids per ply."""
    table = Table(tmp_path / "woven.db")
    table.new("bar", seed=7)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    table.branch("what-if")
    for _ in range(70):
        for name in ("main", "what-if"):
            table.switch(name)
            play(table, table.status()["head"] + 1)
    return table


@pytest.mark.parametrize("runs", [1, 64])
@pytest.mark.parametrize("branch", ["main", "what-if"])
def test_each_ply_gets_exactly_its_own_events(
    woven: Table, branch: str, runs: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logreads, "_RUNS", runs)  # 1: listed ids; 64: ranges where it can
    monkeypatch.setattr(logreads, "_CHUNK", 7)  # several listed-id queries
    with woven.scene(branch) as sc:
        reads = read_path(sc.store, sc.branch.head)
        assert len(reads) == sc.store.ply(sc.branch.head).depth + 1
        for read in reads:
            own = [(e.ply, e.tag, e.version, e.body) for e in sc.store.events_of(read.id)]
            assert read.events == own, read.depth
        one_by_one = FightState()
        for read in reads:
            one_by_one = sc.kernel.apply(one_by_one, sc.kernel.codec.decode_stored(read.events))
        assert sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False) == one_by_one


def test_a_woven_path_is_read_by_listed_ids(woven: Table) -> None:
    with woven.scene("what-if") as sc:
        ids = [r.id for r in read_path(sc.store, sc.branch.head)]
    gaps = sum(1 for a, b in pairwise(ids) if b != a + 1)
    assert gaps > logreads._RUNS  # so the test above covers the listed-id read at 64 too
