"""The fracas file's read-only views (issue 11): ``v_plies`` and ``v_rolls`` show a branch to
``sqlite3`` or Datasette without a recursive query. Real fights with two branches under each
rules system, read with plain sqlite3 (``mode=ro``) and the ``sqlite3`` program; a file from
before the views gains them at its first write, no row rewritten, its chain and ``replay
--verify`` untouched; a read command, or a read-only file, writes nothing."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DUEL_WITH_WHAT_IF, REPO, SHEETS, CliResult, play

Invoke = Callable[..., CliResult]
GOLDEN = Path(__file__).resolve().parent.parent / "golden_logs"
TABLES = ("encounters", "plies", "events", "branches", "hashes")


def query(db: Path, sql: str, *params: object) -> list[tuple[Any, ...]]:
    """``sql`` on a read-only connection: what Datasette or a reader's sqlite3 would do."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def views(db: Path) -> list[str]:
    found = query(db, "SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY 1")
    return [r[0] for r in found]


def rows(db: Path) -> list[list[tuple[Any, ...]]]:
    return [query(db, f"SELECT * FROM {t} ORDER BY 1, 2") for t in TABLES if t in tables(db)]


def tables(db: Path) -> set[str]:
    return {r[0] for r in query(db, "SELECT name FROM sqlite_master WHERE type = 'table'")}


def head_hash(invoke: Invoke, db: Path, branch: str) -> str:
    doc = json.loads(invoke("--json", "branches", db=db).stdout)
    [found] = [b["head_hash"] for b in doc if b["name"] == branch]
    return str(found)


@pytest.fixture
def palladium(fracas_inprocess: Invoke, tmp_path: Path) -> Path:
    """Marcus's strike on main (Vance takes it); on what-if, forked at ply #3, Vance dodges."""
    db = tmp_path / "p.db"
    play(fracas_inprocess, db, *DUEL_WITH_WHAT_IF)
    return db


def test_v_plies_shows_each_branch_as_log_numbers_it(
    palladium: Path, fracas_inprocess: Invoke
) -> None:
    db = palladium
    assert views(db) == ["v_plies", "v_rolls"]  # a new file has them
    before = db.read_bytes()
    main = query(db, "SELECT ply, ply_id, action, actor, target, events FROM v_plies "
                     "WHERE encounter = 'duel' AND branch = 'main'")  # fmt: skip
    assert main == [
        (0, 1, "encounter_started", None, None, 1),
        (1, 2, "join", "marcus", None, 3),
        (2, 3, "join", "vance", None, 3),
        (3, 4, "initiative", None, None, 7),
        (4, 5, "strike", "marcus", "vance", 7),
    ]
    what_if = query(db, "SELECT ply, ply_id FROM v_plies WHERE branch = 'what-if'")
    assert what_if == [(0, 1), (1, 2), (2, 3), (3, 4), (4, 6)]  # shares #0-#3 with main
    [(command, declaration, depth, dice)] = query(
        db, "SELECT command, declaration, depth, dice FROM v_plies "
            "WHERE branch = 'what-if' AND ply = 4")  # fmt: skip
    assert command.endswith("strike marcus vance --weapon vibro-knife --defend dodge --dice 14,17")
    assert (declaration, depth, dice) == ("palladium.strike_declared", 4, "[14, 17]")
    # the hash column is the chain `branches --json` publishes
    for branch in ("main", "what-if"):
        [(at_head,)] = query(
            db, "SELECT hash FROM v_plies WHERE branch = ? ORDER BY ply DESC LIMIT 1", branch
        )
        assert at_head == head_hash(fracas_inprocess, db, branch)
    assert db.read_bytes() == before  # reading the views writes nothing


def test_v_rolls_gives_every_roll_of_a_branch_rule_ids_cited(palladium: Path) -> None:
    """PAL-STRIKE-MELEE-TARGET, PAL-DEF-DODGE and PAL-DMG-BASE-TABLE rolls, as entered with
    --dice: main's strike is taken (damage 3), what-if's is dodged (17 +2 = 19 against 18)."""
    sql = ("SELECT ply, event, field, who, purpose, spec, faces, source, total, target, margin, "
           "rule FROM v_rolls WHERE branch = ? AND ply = 4")  # fmt: skip
    assert query(palladium, sql, "main") == [
        (4, 2, "roll", "marcus", "strike", "1D20", "[14]", "physical", 18, 5, 13,
         "PAL-STRIKE-MELEE-TARGET"),
        (4, 4, "roll", "marcus", "damage", "1D6", "[3]", "physical", 3, None, None,
         "PAL-DMG-BASE-TABLE"),
    ]  # fmt: skip
    assert query(palladium, sql, "what-if")[1] == (
        4, 4, "roll", "vance", "dodge", "1D20", "[17]", "physical", 19, 18, 1, "PAL-DEF-DODGE"
    )  # fmt: skip
    [(modifiers,)] = query(
        palladium, "SELECT modifiers FROM v_rolls WHERE branch = 'what-if' AND purpose = 'dodge'"
    )
    assert [(m["value"], m["rule"]) for m in json.loads(modifiers)] == [(2, "PAL-DEF-DODGE")]
    counts = query(palladium, "SELECT branch, count(*) FROM v_rolls GROUP BY branch")
    assert counts == [("main", 4), ("what-if", 4)]  # two initiative rolls each, then the ply's


def test_brp_views_two_branches(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    """Basic Roleplaying alike: Ilsa's attack (40 of 55) parried on main (30 of 45), the
    bandit's dodge failing on `dodged` (90 of 30); tiers and skills in the roll columns."""
    db = tmp_path / "b.db"
    play(fracas_inprocess, db,
         ("new", "brp-duel", "--seed", "77", "--system", "brp"),
         ("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa"),
         ("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit"),
         ("initiative",), ("next",), ("next",),
         ("attack", "ilsa", "bandit", "--dice", "40"),
         ("defend", "bandit", "parry", "--weapon", "round shield", "--dice", "30"),
         ("branch", "dodged", "--at", "6", "--switch"),
         ("defend", "bandit", "dodge", "--dice", "90"))  # fmt: skip
    assert query(db, "SELECT branch, ply, ply_id, action, actor FROM v_plies WHERE ply >= 6") == [
        ("dodged", 6, 7, "attack", "ilsa"),
        ("dodged", 7, 9, "defend", "bandit"),
        ("main", 6, 7, "attack", "ilsa"),
        ("main", 7, 8, "defend", "bandit"),
    ]
    sql = ("SELECT who, purpose, faces, total, target, base, margin, tier FROM v_rolls "
           "WHERE branch = ? AND ply = 7 AND event = 3")  # fmt: skip
    assert query(db, sql, "main") == [("bandit", "parry", "[30]", 30, 45, 45, 15, "success")]
    assert query(db, sql, "dodged") == [("bandit", "dodge", "[90]", 90, 30, 30, -60, "failure")]
    verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
    assert verified["difference"] is None


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="no sqlite3 program on PATH")
def test_the_sqlite3_program_reads_a_branch(palladium: Path) -> None:
    out = subprocess.run(
        ["sqlite3", "-readonly", str(palladium),
         "SELECT ply, action, actor FROM v_plies WHERE branch = 'what-if' AND ply > 2;"
         "SELECT purpose, faces FROM v_rolls WHERE branch = 'what-if' AND ply = 4;"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout  # fmt: skip
    assert out.splitlines() == ["3|initiative|", "4|strike|marcus", "strike|[14]", "dodge|[17]"]


@pytest.mark.parametrize("log", ["raw", "house"])
def test_an_old_file_gains_the_views_at_its_first_write(
    log: str, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """A schema-1 file from an older fracas (tests/golden_logs/): a read leaves it as it was;
    its first write adds the chain and the views, no row rewritten; each branch's rows in
    ``v_plies`` are its path (what `log` lists), and verify still passes."""
    db = tmp_path / f"{log}.db"
    shutil.copyfile(GOLDEN / f"{log}-v1.db", db)
    raw, old = db.read_bytes(), rows(db)
    assert views(db) == []
    assert fracas_inprocess("status", db=db).code == 0
    assert db.read_bytes() == raw  # a read command on an old file writes nothing
    encounter = query(db, "SELECT name FROM encounters ORDER BY id LIMIT 1")[0][0]
    assert fracas_inprocess("use", encounter, db=db).code == 0  # the first write
    assert views(db) == ["v_plies", "v_rolls"]
    assert rows(db)[:4] == old[:4]  # encounters, plies, events, branches as they were
    for (branch,) in query(db, "SELECT name FROM branches WHERE encounter = 1"):
        listed = query(db, "SELECT ply, command FROM v_plies WHERE encounter = ? AND branch = ?",
                       encounter, branch)  # fmt: skip
        log_doc = json.loads(fracas_inprocess("--json", "log", "--branch", branch, db=db).stdout)
        assert listed == [(p["ply"], p["command"]) for p in log_doc], branch
    assert query(db, "SELECT count(*) FROM v_rolls")[0][0] > 0  # old bodies: rolls found
    verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
    assert verified["difference"] is None


def test_a_file_without_views_or_with_old_ones_gets_todays(
    palladium: Path, fracas_inprocess: Invoke
) -> None:
    """A schema-2 file written before the views (or holding another definition of them)
    gains today's at its next write; its head hash does not move and verify passes."""
    db = palladium
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP VIEW v_rolls")
    conn.execute("DROP VIEW v_plies")
    conn.execute("CREATE VIEW v_plies AS SELECT 1 AS old")
    conn.close()
    hashed = head_hash(fracas_inprocess, db, "what-if")
    before = rows(db)
    assert fracas_inprocess("switch", "main", db=db).code == 0  # a write (the cursor)
    assert views(db) == ["v_plies", "v_rolls"]
    assert query(db, "SELECT count(*) FROM v_plies WHERE branch = 'main'") == [(5,)]
    assert rows(db) == before
    assert head_hash(fracas_inprocess, db, "what-if") == hashed
    verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
    assert verified["difference"] is None


def test_a_table_of_another_program_under_a_view_name_is_left_alone(
    palladium: Path, fracas_inprocess: Invoke
) -> None:
    db = palladium
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP VIEW v_rolls")
    conn.execute("CREATE TABLE v_rolls (mine TEXT)")
    conn.execute("INSERT INTO v_rolls VALUES ('kept')")
    conn.close()
    assert fracas_inprocess("ruling", "marcus", "--note", "n", db=db).code == 0
    assert query(db, "SELECT * FROM v_rolls") == [("kept",)]
    assert views(db) == ["v_plies"]


def _read_only(folder: Path, argv: list[str]) -> subprocess.CompletedProcess[str]:
    """``fracas ARGV`` on a file the process may not write: made read-only (``chmod``), or,
    for root, who writes any file, in a read-only bind mount of its folder."""
    fracas = [sys.executable, "-c", "import sys; from cli.main import run; run()"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    if os.geteuid() != 0:
        (folder / "f.db").chmod(0o444)
        folder.chmod(0o555)
        try:
            return subprocess.run(
                [*fracas, "--db", str(folder / "f.db"), *argv],
                env=env,
                capture_output=True,
                text=True,
                timeout=120,
                check=False,
            )
        finally:
            folder.chmod(0o755)
            (folder / "f.db").chmod(0o644)
    mount = folder.parent / "ro"
    mount.mkdir(exist_ok=True)
    script = (
        f"mount --bind {shlex.quote(str(folder))} {shlex.quote(str(mount))} && "
        f'mount -o remount,bind,ro {shlex.quote(str(mount))} && exec "$@"'
    )
    return subprocess.run(
        ["unshare", "--mount", "sh", "-c", script, "sh", *fracas, "--db", str(mount / "f.db"),
         *argv], env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def _can_mount(tmp_path: Path) -> bool:
    if os.name != "posix" or (os.geteuid() == 0 and shutil.which("unshare") is None):
        return False
    if os.geteuid() != 0:
        return True
    probe = subprocess.run(["unshare", "--mount", "sh", "-c",
                            f"mount --bind {tmp_path} {tmp_path} && mount -o remount,bind,ro "
                            f"{tmp_path} && ! touch {tmp_path}/probe"],
                           capture_output=True, check=False)  # fmt: skip
    return probe.returncode == 0


def test_a_read_only_file_without_views_is_read(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    """A file from before the views, 18 plies, its snapshot cache emptied: on a file it may
    not write, a read folds past ply #16 and tries to keep that snapshot (and so to add the
    views): it cannot, and the command answers all the same, the file's bytes unchanged."""
    if not _can_mount(tmp_path):
        pytest.skip("no read-only file here (root without `unshare --mount`)")
    folder = tmp_path / "rw"
    folder.mkdir()
    db = folder / "f.db"
    play(fracas_inprocess, db,
         ("new", "duel", "--seed", "7"),
         ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
         ("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance"),
         *[("ruling", "marcus", "--note", f"note {k}") for k in range(15)])  # fmt: skip
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("DROP VIEW v_rolls")
    conn.execute("DROP VIEW v_plies")
    conn.execute("DELETE FROM snapshots")
    conn.execute("PRAGMA journal_mode=DELETE")  # a read-only WAL file needs its -shm written
    conn.close()
    raw = db.read_bytes()
    for argv in (["--json", "status"], ["log"], ["replay", "--verify"]):
        done = _read_only(folder, argv)
        assert done.returncode == 0, (argv, done.stderr)
    assert json.loads(_read_only(folder, ["--json", "status"]).stdout)["head"] == 17
    assert db.read_bytes() == raw and views(db) == []
    assert fracas_inprocess("--json", "status", db=db).code == 0  # writable again: a read
    assert views(db) == ["v_plies", "v_rolls"]  # that kept its snapshot added the views too
