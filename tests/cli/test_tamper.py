"""The tamper-evident log: every ply a command reads is checked against its hash, a changed
row is exit 5 naming the ply as `log` numbers it, and a refused command writes nothing.

Changes are made the way another program could: raw SQL with the append-only triggers
dropped (tests/tamper.py).
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.replay import kernel_for
from engine.rules import get_pack
from engine.table import Table
from events.core import InitiativeDeclared
from events.palladium import StrikeDeclared
from tests import tamper
from tests.conftest import SHEETS, CliResult, assert_one_line_error, file_state

Cli = Callable[..., CliResult]

#: The ply every case below changes (the fight has 10; none is a snapshot's).
CHANGED = 4


def play(table: Table, plies: int) -> None:
    """Initiative, then strikes answered at once, until the branch has ``plies`` plies."""
    while table.status()["head"] < plies:
        state = table.state()
        acting = state.clock.acting
        if acting is None:
            table.declare(InitiativeDeclared())
            continue
        target = next(c for c in state.combatants if c != acting)
        table.declare(StrikeDeclared(actor=acting, target=target, defend="none"))


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    """Encounter `bar`: Marcus Kell and a Brodkil, 10 plies on main, the last one undone (so
    that redo has something to do)."""
    db = tmp_path / "fight.db"
    table = Table(db)
    table.new("bar", seed=7)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    play(table, 11)
    table.undo()
    return db


def ply_id(db: Path, depth: int) -> int:
    conn = sqlite3.connect(db)
    try:
        head = tamper.head_of(db)
        row = conn.execute(
            "WITH RECURSIVE up(id) AS (SELECT ? UNION ALL SELECT p.parent FROM plies p "
            "JOIN up ON p.id = up.id WHERE p.parent IS NOT NULL) "
            "SELECT plies.id FROM up JOIN plies ON plies.id = up.id WHERE depth = ?",
            (head, depth),
        ).fetchone()
        return int(row[0])
    finally:
        conn.close()


def _body(db: Path, ply: int, idx: int) -> str:
    conn = sqlite3.connect(db)
    try:
        return str(
            conn.execute(
                "SELECT body FROM events WHERE ply = ? AND idx = ?", (ply, idx)
            ).fetchone()[0]
        )
    finally:
        conn.close()


def change(db: Path, kind: str, depth: int = CHANGED) -> None:
    """One kind of change to the ply at ``depth`` on main."""
    ply = ply_id(db, depth)
    last = _body(db, ply, 1)
    statements = {
        "a folded event's body": (
            "UPDATE events SET body = ? WHERE ply = ? AND idx = 1",
            (last.replace(":", ": ", 1), ply),
        ),
        "the declaration's body (never decoded by status)": (
            "UPDATE events SET body = ? WHERE ply = ? AND idx = 0",
            (_body(db, ply, 0).replace(":", ": ", 1), ply),
        ),
        "a body that is not JSON": (
            "UPDATE events SET body = '{' WHERE ply = ? AND idx = 1",
            (ply,),
        ),
        "an event deleted": ("DELETE FROM events WHERE ply = ? AND idx = 1", (ply,)),
        "the entered dice": ("UPDATE plies SET dice = '[6]' WHERE id = ?", (ply,)),
        "the seed": ("UPDATE plies SET seed = seed + 1 WHERE id = ?", (ply,)),
        "the stored hash": ("UPDATE hashes SET hash = zeroblob(32) WHERE ply = ?", (ply,)),
        "the hash deleted": ("DELETE FROM hashes WHERE ply = ?", (ply,)),
    }
    tamper.execute(db, statements[kind])


KINDS = [
    "a folded event's body",
    "the declaration's body (never decoded by status)",
    "a body that is not JSON",
    "an event deleted",
    "the entered dice",
    "the seed",
    "the stored hash",
    "the hash deleted",
]

#: Every command that reads the changed ply, as the GM types it.
COMMANDS = {
    "status": ["status"],
    "status --json": ["--json", "status"],
    "strike": ["strike", "marcus", "brodkil", "--defend", "none"],
    "initiative": ["initiative"],
    "ruling": ["ruling", "marcus", "--note", "a ruling"],
    "add": ["add", str(SHEETS / "cs_grunt.yaml")],
    "undo": ["undo"],
    "redo": ["redo"],
    "log": ["log"],
    "explain": ["explain", str(CHANGED)],
    "replay --verify": ["replay", "--verify"],
    "replay --seed": ["replay", "--seed", "3", "--from", "1", "--into", "luckier"],
    "branch": ["branch", "what-if"],
    "branch --at": ["branch", "what-if", "--at", str(CHANGED + 1)],
    "next": ["next"],
    "pass": ["pass", "marcus"],
    "hold": ["hold", "marcus", "--until", "the brodkil moves"],
    "interrupt": ["interrupt", "marcus"],
    "power-punch": ["power-punch", "marcus", "brodkil"],
    "shoot": ["shoot", "marcus", "brodkil"],
    "act": ["act", "marcus", "--note", "reloads"],
    "surprise": ["surprise", "marcus"],
    "diff": ["diff", "main", "main"],
    "odds": ["odds", "--runs", "2", "--seed", "1"],
    "amend": ["amend", str(CHANGED + 1), "--drop"],
    "amend --dry-run": ["amend", str(CHANGED + 1), "--drop", "--dry-run"],
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_changed_ply_is_refused_by_every_command_that_reads_it_and_nothing_is_written(
    kind: str, command: str, fight: Path, fracas_inprocess: Cli
) -> None:
    change(fight, kind)
    before = file_state(fight)
    result = fracas_inprocess(*COMMANDS[command], db=fight)
    assert_one_line_error(result, 5, str(fight), f"ply #{CHANGED}")
    assert file_state(fight) == before, "a refused command wrote"


def test_an_intact_log_says_so_with_its_head_hash(fight: Path, fracas_inprocess: Cli) -> None:
    status = json.loads(fracas_inprocess("--json", "status", db=fight).stdout)
    branches = json.loads(fracas_inprocess("--json", "branches", db=fight).stdout)
    verified = fracas_inprocess("replay", "--verify", db=fight)
    assert verified.code == 0, verified
    assert re.fullmatch("[0-9a-f]{64}", status["head_hash"])
    [main] = [b for b in branches if b["name"] == "main"]
    assert main["head_hash"] == status["head_hash"]
    assert f"log intact, head hash {status['head_hash']}" in verified.stdout
    # the undone ply's branch head chains one further: another hash
    undone = [b for b in branches if b["name"] != "main"]
    assert all(b["head_hash"] != status["head_hash"] for b in undone)


def test_the_head_hash_changes_with_every_ply_and_is_the_same_from_any_process(
    fight: Path, fracas_inprocess: Cli, fracas_cli: Cli
) -> None:
    seen = set()
    for _ in range(3):
        status = json.loads(fracas_inprocess("--json", "status", db=fight).stdout)
        elsewhere = json.loads(fracas_cli("--json", "status", db=fight).stdout)
        assert elsewhere["head_hash"] == status["head_hash"]
        seen.add(status["head_hash"])
        assert fracas_inprocess("ruling", "marcus", "--note", "n", db=fight).code == 0
    assert len(seen) == 3


@pytest.fixture
def small_snapshots() -> Iterator[None]:
    """Snapshots each 4 plies in this process (16 in use)."""
    snaps = kernel_for(get_pack("palladium")).snapshots
    every, snaps.every = snaps.every, 4
    yield
    snaps.every = every


@pytest.mark.usefixtures("small_snapshots")
def test_a_change_a_snapshot_hides_is_never_laundered(fight: Path, fracas_inprocess: Cli) -> None:
    """A command that starts from a snapshot after the changed ply does not read it, and may
    append; the new ply chains over the stored hashes, so verify names the changed ply for
    ever after (PROJECT: a changed row is never laundered)."""
    assert fracas_inprocess("status", db=fight).code == 0  # folds, keeps snapshots at 4 and 8
    change(fight, "a folded event's body", depth=2)
    assert fracas_inprocess("status", db=fight).code == 0
    assert fracas_inprocess("ruling", "marcus", "--note", "after", db=fight).code == 0
    assert fracas_inprocess("ruling", "marcus", "--note", "and again", db=fight).code == 0
    before = file_state(fight)
    for argv in (["replay", "--verify"], ["log"], ["explain", "2"]):
        result = fracas_inprocess(*argv, db=fight)
        assert_one_line_error(result, 5, "ply #2", "hash")
    assert file_state(fight) == before


def test_a_change_with_its_hash_recomputed_is_found_at_the_next_ply(
    fight: Path, fracas_inprocess: Cli
) -> None:
    """Whoever changes a ply and stores its new hash still breaks the chain: the child's
    hash was made over the old one."""
    change(fight, "a folded event's body")
    tamper.rehash(fight, ply_id(fight, CHANGED))
    result = fracas_inprocess("replay", "--verify", db=fight)
    assert_one_line_error(result, 5, f"ply #{CHANGED + 1}", "hash")


def test_a_snapshot_changed_with_a_valid_digest_is_caught_by_verify(
    small_snapshots: None, fight: Path, fracas_inprocess: Cli
) -> None:
    """A snapshot is a cache: a forged one (digest recomputed) is what replay --verify
    proves against the fold."""
    import hashlib

    assert fracas_inprocess("status", db=fight).code == 0
    conn = sqlite3.connect(fight)
    ply, body = conn.execute("SELECT ply, body FROM snapshots ORDER BY ply LIMIT 1").fetchone()
    conn.close()
    forged = bytes(body).replace(b"marcus", b"marcuz", 1)
    assert forged != bytes(body)
    digest = hashlib.sha256(forged).digest()
    tamper.execute(
        fight,
        ("UPDATE snapshots SET body = ?, digest = ? WHERE ply = ?", (forged, digest, ply)),
    )
    result = fracas_inprocess("replay", "--verify", db=fight)
    assert_one_line_error(result, 5, "snapshot", "ply #4")


def _snapshot_bodies(db: Path) -> list[bytes]:
    conn = sqlite3.connect(db)
    try:
        return [bytes(r[0]) for r in conn.execute("SELECT body FROM snapshots ORDER BY ply")]
    finally:
        conn.close()


def test_a_broken_snapshot_is_ignored_and_the_state_folded_from_the_log(
    small_snapshots: None, fight: Path, fracas_inprocess: Cli
) -> None:
    before = json.loads(fracas_inprocess("--json", "status", db=fight).stdout)
    tamper.execute(fight, ("UPDATE snapshots SET body = X'00'", ()))  # digest no longer fits
    assert json.loads(fracas_inprocess("--json", "status", db=fight).stdout) == before
    assert _snapshot_bodies(fight) != [b"\x00", b"\x00"], "status did not fold and keep anew"
    tamper.execute(fight, ("UPDATE snapshots SET body = X'00'", ()))
    verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=fight).stdout)
    assert (verified["snapshots"], verified["snapshots_ignored"]) == (0, 2)
    tamper.execute(
        fight, ("UPDATE snapshots SET key = 'palladium/0/s0/eold'", ())
    )  # another version's: stale
    assert json.loads(fracas_inprocess("--json", "status", db=fight).stdout) == before
    assert fracas_inprocess("replay", "--verify", db=fight).code == 0


def test_a_file_whose_chain_table_was_dropped_is_refused_as_corrupt(
    fight: Path, fracas_inprocess: Cli
) -> None:
    tamper.execute(fight, ("DROP TABLE hashes", ()))
    before = file_state(fight)
    for argv in (["status"], ["ruling", "marcus", "--note", "n"], ["undo"]):
        assert_one_line_error(fracas_inprocess(*argv, db=fight), 5, str(fight), "hashes")
    assert file_state(fight) == before


# --- pointers: parent, skip, head (found by a review: each used to mislead, loop or crash) ---


POINTER_CASES = {
    # the head's skip pointer sent to an older ply: undo 8 would land there, not at #2
    "skip to another ply": lambda db: (
        "UPDATE plies SET skip = ? WHERE id = ?",
        (ply_id(db, 1), ply_id(db, 10)),
    ),
    "skip to itself": lambda db: (
        "UPDATE plies SET skip = id WHERE id = ?",
        (ply_id(db, 10),),
    ),
    "parent to itself": lambda db: (
        "UPDATE plies SET parent = id WHERE id = ?",
        (ply_id(db, 6),),
    ),
    "no parent": lambda db: (
        "UPDATE plies SET parent = NULL, skip = NULL WHERE id = ?",
        (ply_id(db, 10),),
    ),
}


@pytest.mark.parametrize("case", sorted(POINTER_CASES))
@pytest.mark.parametrize(
    "argv", [["undo", "8"], ["explain", "2"], ["branch", "x", "--at", "2"], ["status"], ["log"]]
)
def test_a_changed_pointer_is_refused_never_followed(
    case: str, argv: list[str], fight: Path, fracas_cli: Cli
) -> None:
    """Run as a real process with a timeout: a pointer that loops must not hang a command."""
    tamper.execute(fight, POINTER_CASES[case](fight))
    before = file_state(fight)
    result = fracas_cli(*argv, db=fight, timeout=30)
    assert_one_line_error(result, 5, str(fight), "changed outside fracas")
    assert file_state(fight) == before


def test_a_branch_head_pointing_nowhere_is_refused(fight: Path, fracas_inprocess: Cli) -> None:
    tamper.execute(fight, ("UPDATE branches SET head = 99999 WHERE name = 'main'", ()))
    for argv in (["status"], ["log"], ["replay", "--verify"], ["branches"]):
        assert_one_line_error(fracas_inprocess(*argv, db=fight), 5, str(fight))


def test_branches_checks_the_head_hash_it_prints(fight: Path, fracas_inprocess: Cli) -> None:
    """A GM publishes what `branches --json` prints: it is checked like any ply read."""
    head = tamper.head_of(fight)
    tamper.execute(fight, ("UPDATE hashes SET hash = zeroblob(32) WHERE ply = ?", (head,)))
    assert_one_line_error(fracas_inprocess("--json", "branches", db=fight), 5, "hash")


def test_a_schema_1_label_on_a_chained_file_is_refused(fight: Path, fracas_inprocess: Cli) -> None:
    """Setting user_version back to 1 would switch the checks off: refused."""
    conn = sqlite3.connect(fight, isolation_level=None)
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    before = file_state(fight)
    for argv in (["status"], ["replay", "--verify"], ["ruling", "marcus", "--note", "n"]):
        assert_one_line_error(fracas_inprocess(*argv, db=fight), 5, str(fight), "schema")
    assert file_state(fight) == before


def test_a_dice_column_that_is_not_faces_names_the_ply_and_the_file(
    fight: Path, fracas_inprocess: Cli
) -> None:
    tamper.execute(
        fight, ("UPDATE plies SET dice = '[\"a\"]' WHERE id = ?", (ply_id(fight, CHANGED),))
    )
    result = fracas_inprocess("status", db=fight)
    assert_one_line_error(result, 5, str(fight), f"ply #{CHANGED}", "dice")
