"""The state a snapshot caches, carried in the chain (schema 4, hash layout 3: README
"Snapshots" and "A tamper-evident log"): which plies carry one, that a snapshot is used only
if it holds it, and files from before it (schema 3, whose snapshots no ply carries): read as
they are, made schema 4 by their first write with every hash unchanged."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.chain import Tampered
from engine.replay import kernel_for
from engine.rules import get_pack
from engine.table import Table
from tests import tamper
from tests.cli.test_forgery import build, forge_snapshot, says
from tests.cli.test_tamper import ply_id
from tests.conftest import CliResult, file_state

Cli = Callable[..., CliResult]
GOLDEN = Path(__file__).parents[1] / "golden_logs"


def rows(db: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def carrying(db: Path) -> list[int]:
    """The depths of the plies that carry their state, on any branch."""
    found = rows(
        db,
        "SELECT depth FROM plies JOIN hashes ON hashes.ply = plies.id "
        "WHERE state_key IS NOT NULL ORDER BY plies.id",
    )
    return [r[0] for r in found]


def schema(db: Path) -> int:
    return int(rows(db, "PRAGMA user_version")[0][0])


def as_schema_3(db: Path) -> None:
    """``db`` as the fracas before schema 4 would have left it: no ply carries a state (the
    hashes of those that did recomputed, which layout 2 gives), the state's columns gone,
    user_version 3; its snapshots stay, as that fracas kept them."""
    first = rows(db, "SELECT min(ply) FROM hashes WHERE state_key IS NOT NULL")[0][0]
    tamper.execute(db, ("UPDATE hashes SET state_key = NULL, state_digest = NULL", ()))
    if first is not None:
        tamper.rehash_from(db, first)
    tamper.execute(
        db,
        ("ALTER TABLE hashes DROP COLUMN state_key", ()),
        ("ALTER TABLE hashes DROP COLUMN state_digest", ()),
    )
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA user_version = 3")
    conn.close()


def status(cli: Cli, db: Path) -> dict[str, Any]:
    result = cli("--json", "status", db=db)
    assert result.code == 0, result
    doc: dict[str, Any] = json.loads(result.stdout)
    return doc


@says(
    "The ply a snapshot caches carries the digest of its state in the chain (its hash covers "
    "it), written with the ply; a snapshot is used only if it holds that very state."
)
def test_the_ply_a_snapshot_caches_carries_its_state_and_the_snapshot_must_hold_it(
    tmp_path: Path,
) -> None:
    db = build(tmp_path / "fight.db", plies=40, undo=0)
    assert carrying(db) == [16, 32]
    table = Table(db)
    with table.scene() as sc:
        snaps = sc.kernel.snapshots
        for depth in (16, 32):
            ply = sc.store.ply(sc.store.ancestor(sc.branch.head, depth))
            [(key, digest)] = rows(
                db, "SELECT state_key, state_digest FROM hashes WHERE ply = ?", (ply.id,)
            )
            assert key == snaps.key
            folded = sc.kernel.rebuild(sc.store, ply.id, snapshots=False)
            assert snaps.digest(folded) == bytes(digest)  # the state the log folds to
            row = sc.store.snapshot(ply.id, key)
            assert snaps.held(row, ply.hash, (key, bytes(digest)), db, depth) == folded
    # the digest is in the hash: a state changed without it is a changed ply
    ply = ply_id(db, 32)
    tamper.execute(db, ("UPDATE hashes SET state_digest = zeroblob(32) WHERE ply = ?", (ply,)))
    with pytest.raises(Tampered, match="ply #32 does not match its hash"):
        Table(db).status()


def test_a_snapshot_and_the_state_its_ply_carries_rewritten_is_a_changed_ply(
    tmp_path: Path,
) -> None:
    """Both rewritten to agree, the hashes not recomputed: the ply the snapshot caches is
    checked against its hash before the snapshot is used, so the forged state is refused,
    never shown, and its hash (the one published) never vouches for it."""
    db = build(tmp_path / "fight.db", plies=40, undo=0)
    ply = ply_id(db, 32)
    snaps = kernel_for(get_pack("palladium")).snapshots
    held = snaps.decode(forge_snapshot(db, ply))
    assert held is not None
    digest = snaps.digest(held)
    tamper.execute(db, ("UPDATE hashes SET state_digest = ? WHERE ply = ?", (digest, ply)))
    before = file_state(db)
    with pytest.raises(Tampered, match="ply #32 does not match its hash"):
        Table(db).status()
    assert file_state(db) == before


def test_the_digest_is_the_same_in_any_process_whatever_order_a_set_was_built_in() -> None:
    """A condition set iterates in an order the hash seed picks: the digest sorts it."""
    from projections.state import CombatantState, FightState

    def _someone_(cid: str, conditions: frozenset[str] = frozenset()) -> CombatantState:
        return CombatantState(id=cid, name=cid, side="s", kind="npc", conditions=conditions)

    snaps = kernel_for(get_pack("palladium")).snapshots
    one = FightState(combatants={"a": _someone_("a", frozenset(["x", "y"]))})
    other = FightState(combatants={"a": _someone_("a", frozenset(["y", "x"]))})
    assert snaps.digest(one) == snaps.digest(other)
    two = FightState(combatants={"b": _someone_("b"), "a": _someone_("a")})
    swapped = FightState(combatants={"a": _someone_("a"), "b": _someone_("b")})
    assert snaps.digest(two) != snaps.digest(swapped)  # the join order is the rules'


@says(
    "A ply carries its state at each 16th ply, and at once when the command appending it "
    "found none within 16 plies below (a schema-3 file's first write, or a new version of "
    "fracas whose states differ)."
)
def test_a_ply_carries_its_state_at_once_when_none_is_carried_near_below(
    tmp_path: Path, fracas_inprocess: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = build(tmp_path / "fight.db", plies=40, undo=0)
    snaps = kernel_for(get_pack("palladium")).snapshots
    monkeypatch.setattr(snaps, "key", "palladium/a-newer-fracas")  # its states differ
    before = status(fracas_inprocess, db)
    assert before["chain_checked"] is True  # no state it can use: folded from the start
    assert fracas_inprocess("ruling", "marcus", "--note", "n", db=db).code == 0
    assert carrying(db) == [16, 32, 41]
    [(key,)] = rows(db, "SELECT state_key FROM hashes WHERE ply = ?", (ply_id(db, 41),))
    assert key == "palladium/a-newer-fracas"
    assert status(fracas_inprocess, db)["chain_checked"] is False  # from ply #41's snapshot
    for _ in range(7):
        assert fracas_inprocess("ruling", "marcus", "--note", "n", db=db).code == 0
    assert carrying(db) == [16, 32, 41, 48]  # then each 16th
    assert fracas_inprocess("replay", "--verify", db=db).code == 0


@says(
    "Until then a file's old snapshots, which no ply carries, are not used: its commands fold "
    "from the start."
)
def test_a_schema_3_files_snapshots_are_not_used_so_a_forged_one_is_never_shown(
    tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = build(tmp_path / "fight.db", plies=40, undo=0)
    honest = status(fracas_inprocess, db)
    as_schema_3(db)
    forge_snapshot(db, ply_id(db, 32))  # nothing in the file says what it should hold
    before = file_state(db)
    shown = status(fracas_inprocess, db)
    assert shown["chain_checked"] is True  # folded from the start
    for field in ("combatants", "round", "head"):
        assert shown[field] == honest[field], field
    assert "Kelp" not in json.dumps(shown)
    verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
    assert (verified["difference"], verified["snapshots"], verified["snapshots_ignored"]) == (
        None,
        0,
        2,
    )
    assert file_state(db) == before  # reads write nothing, and leave it schema 3
    assert schema(db) == 3


@says(
    "New files (schema 4) also chain the state a snapshot caches (below); a schema-3 file "
    "becomes schema 4 at its first write, every hash it had unchanged."
)
@pytest.mark.parametrize("source", ["gurps-v4.db (written by fracas 9e76275)", "made here"])
def test_a_schema_3_file_becomes_schema_4_at_its_first_write_every_hash_unchanged(
    source: str, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = tmp_path / "old.db"
    if source.startswith("gurps"):
        shutil.copy(GOLDEN / "gurps-v4.db", db)
    else:
        build(db, plies=40, undo=0)
        as_schema_3(db)
    assert schema(db) == 3
    hashes = rows(db, "SELECT ply, hash FROM hashes ORDER BY ply")
    branches = json.loads(fracas_inprocess("--json", "branches", db=db).stdout)
    assert fracas_inprocess("ruling", *_someone(db), "--note", "n", db=db).code == 0
    assert schema(db) == 4
    assert rows(db, "SELECT ply, hash FROM hashes ORDER BY ply")[: len(hashes)] == hashes
    assert carrying(db) == ([] if source.startswith("gurps") else [41])  # 13 plies: none near
    after = {b["name"]: b for b in json.loads(fracas_inprocess("--json", "branches", db=db).stdout)}
    for b in branches:  # the current branch has a ply more; the others are as they were
        if not b["current"]:
            assert after[b["name"]]["head_hash"] == b["head_hash"]
    verified = fracas_inprocess("--json", "replay", "--verify", db=db)
    assert verified.code == 0, verified
    assert json.loads(verified.stdout)["difference"] is None


def _someone(db: Path) -> list[str]:
    """A combatant of the selected encounter (for a ruling)."""
    state = Table(db).state()
    return [next(iter(state.combatants))]


@pytest.fixture
def small_snapshots() -> Iterator[None]:
    snaps = kernel_for(get_pack("palladium")).snapshots
    every, snaps.every = snaps.every, 4
    yield
    snaps.every = every


@pytest.mark.usefixtures("small_snapshots")
def test_amend_and_replay_into_write_lines_whose_plies_carry_their_states(
    tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """The writers of many plies at once (`amend`, `replay --into`) give each 4th (here) its
    state, and `replay --verify` proves each against the log."""
    db = build(tmp_path / "fight.db", plies=10, undo=0)
    assert fracas_inprocess("amend", "3", "--drop", db=db).code == 0
    argv = ["replay", "--seed", "3", "--from", "1", "--into", "luckier"]
    assert fracas_inprocess(*argv, db=db).code == 0
    depths = carrying(db)
    assert depths.count(4) == 3 and depths.count(8) == 3, depths  # main, amended, luckier
    for branch in ("main", "main-before-amend-1", "luckier"):
        found = fracas_inprocess("--json", "replay", "--verify", "--branch", branch, db=db)
        assert found.code == 0, found
        assert json.loads(found.stdout)["snapshots"] >= 1
