"""Kernel invariants of `amend` (issue 11), as hypothesis properties over random fights: the
amended line re-resolves from its seeds (`replay --verify` reproduces it), every ply after the
amended one keeps its depth, the old line stays reachable unchanged, an undo right after the
amend restores the branch exactly (the same status, the same head hash), and the state folded
from a snapshot and a tail equals the fold from the start on both lines (issue 8)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.replay import kernel_for
from engine.rules import IllegalAction, get_pack
from engine.table import Table
from events.core import Declaration, InitiativeDeclared, PassDeclared
from events.palladium import DefendDeclared, StrikeDeclared
from tests.conftest import SHEETS

ANSWERS = ("none", "dodge", "parry")


def step(choice: int, answer: str) -> Declaration:
    """A strike answered now, a strike left waiting, an answer, or the GM ending the turn."""
    if choice == 0:
        return StrikeDeclared(actor="marcus", target="vance", weapon="vibro-knife", defend=answer)
    if choice == 1:
        return StrikeDeclared(actor="vance", target="marcus")
    if choice == 2:
        return DefendDeclared(defender="marcus", choice=answer)  # type: ignore[arg-type]
    return PassDeclared()


@pytest.fixture(autouse=True)
def snapshot_every_third_ply() -> Iterator[None]:
    """Snapshots every 3 plies, so that these short fights fold from snapshots and tails."""
    snaps = kernel_for(get_pack("palladium")).snapshots
    every, snaps.every = snaps.every, 3
    yield
    snaps.every = every


def folds_agree(table: Table, branch: str) -> None:
    """Snapshot plus tail folds to what the whole path folds to, on ``branch``."""
    with table.scene(branch) as sc:
        cached = sc.kernel.rebuild(sc.store, sc.branch.head)
        full = sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False)
        assert sc.store.snapshots_on_path(sc.branch.head, sc.kernel.snapshots.key), branch
    assert cached == full, branch


def fight(db: Path, moves: list[tuple[int, str]]) -> Table:
    table = Table(db)
    table.new("duel", 11)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "cs_grunt.yaml", cid="vance")
    table.declare(InitiativeDeclared())
    for choice, answer in moves:
        try:
            table.declare(step(choice, answer))
        except IllegalAction:
            continue
    return table


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    moves=st.lists(st.tuples(st.integers(0, 3), st.sampled_from(ANSWERS)), min_size=2, max_size=8),
    at=st.integers(4, 12),
    drop=st.booleans(),
    answer=st.sampled_from(ANSWERS),
)
def test_amend_verifies_keeps_depths_and_undoes_exactly(
    tmp_path_factory: object, moves: list[tuple[int, str]], at: int, drop: bool, answer: str
) -> None:
    db = tmp_path_factory.mktemp("amend") / "f.db"  # type: ignore[attr-defined]
    table = fight(db, moves)
    head = int(table.status()["head"])
    if at > head:
        at = head
    before_status, before_hash = table.status(), table.head_hash()
    old_log = [(v.number, v.row.id) for v in table.log()]
    new = None if drop else step(0, answer)
    try:
        report = table.amend(str(at), new)
    except IllegalAction:
        assert table.head_hash() == before_hash  # refused: nothing written
        return
    assert report.head == head  # every later ply kept its depth
    assert table.verify().difference is None
    saved = table.log(report.saved_as)
    assert [(v.number, v.row.id) for v in saved] == old_log  # the old line, untouched
    folds_agree(table, table.status()["branch"])
    folds_agree(table, report.saved_as)
    table.undo()
    assert table.head_hash() == before_hash
    assert table.status() == before_status
