"""Logs written by an older fracas open, verify and show the same fight (tests/golden_logs/).

The promise of DESIGN §3: a log written today replays in five years. The files were written by
commit da4302b; their README says how. For every encounter and branch: ``replay --verify``
verifies as many plies as it did then, and ``status --json`` keeps every field and value it
had (new fields may be added). Then the fight goes on: a new ply appended to an old log
verifies too.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.logfile import SCHEMA_VERSION
from tests.conftest import CliResult

HERE = Path(__file__).parent / "golden_logs"
EXPECTED: dict[str, dict[str, dict[str, dict[str, Any]]]] = json.loads(
    (HERE / "expected-v1.json").read_text()
)
CASES = [
    (log, encounter, branch)
    for log, encounters in EXPECTED.items()
    for encounter, branches in encounters.items()
    for branch in branches
]


def missing(old: Any, new: Any, path: str = "") -> list[str]:
    """Where ``new`` lacks a field of ``old`` or holds another value (extra fields are fine).

    One deliberate change of the document is allowed: a combatant's ``conditions``, once a
    list of names, are objects ``{name, rounds_left}`` now (issue 9); each must carry the name
    it had.
    """
    if (
        isinstance(old, str)
        and isinstance(new, dict)
        and path.split(".")[-1].startswith("conditions[")
    ):
        return [] if new.get("name") == old else [f"{path}: was {old!r}, now {new!r}"]
    if isinstance(old, dict):
        if not isinstance(new, dict):
            return [f"{path or '.'}: was a table, now {new!r}"]
        found = []
        for key, value in old.items():
            if key not in new:
                found.append(f"{path}.{key}: missing")
            else:
                found += missing(value, new[key], f"{path}.{key}")
        return found
    if isinstance(old, list):
        if not isinstance(new, list) or len(new) != len(old):
            return [f"{path}: was {old!r}, now {new!r}"]
        return [
            p
            for i, (a, b) in enumerate(zip(old, new, strict=True))
            for p in missing(a, b, f"{path}[{i}]")
        ]
    return [] if old == new and type(old) is type(new) else [f"{path}: was {old!r}, now {new!r}"]


@pytest.fixture
def old_log(tmp_path: Path) -> Callable[[str], Path]:
    def copy(name: str) -> Path:
        target = tmp_path / f"{name}.db"
        shutil.copyfile(HERE / f"{name}-v1.db", target)
        return target

    return copy


@pytest.mark.parametrize(("log", "encounter", "branch"), CASES, ids=lambda v: str(v))
def test_an_old_log_verifies_and_shows_the_same_fight(
    log: str,
    encounter: str,
    branch: str,
    old_log: Callable[[str], Path],
    fracas_inprocess: Callable[..., CliResult],
) -> None:
    db = old_log(log)
    expected = EXPECTED[log][encounter][branch]
    assert fracas_inprocess("use", encounter, db=db).code == 0
    assert fracas_inprocess("switch", branch, db=db).code == 0
    verified = fracas_inprocess("--json", "replay", "--verify", db=db)
    assert verified.code == 0, verified
    found = json.loads(verified.stdout)
    assert (found["verified"], found["difference"]) == (expected["verified"], None)
    assert re.fullmatch("[0-9a-f]{64}", found["head_hash"])
    status = fracas_inprocess("--json", "status", db=db)
    assert status.code == 0, status
    assert missing(expected["status"], json.loads(status.stdout)) == []


@pytest.mark.parametrize("log", sorted(EXPECTED))
def test_an_old_log_goes_on(
    log: str, old_log: Callable[[str], Path], fracas_inprocess: Callable[..., CliResult]
) -> None:
    db = old_log(log)
    main = EXPECTED[log][next(iter(EXPECTED[log]))]["main"]
    who = main["status"]["combatants"][0]["id"]
    added = fracas_inprocess("ruling", who, "--note", "a new ply on an old log", db=db)
    assert added.code == 0, added
    verified = fracas_inprocess("--json", "replay", "--verify", db=db)
    found = json.loads(verified.stdout)
    assert (found["verified"], found["difference"]) == (main["verified"] + 1, None)
    assert fracas_inprocess("undo", db=db).code == 0
    assert fracas_inprocess("log", db=db).code == 0


def _rows(db: Path) -> list[Any]:
    """Every row the old fracas wrote, read without fracas."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [
            conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2").fetchall()
            for table in ("encounters", "plies", "events", "branches")
        ]
    finally:
        conn.close()


@pytest.mark.parametrize("log", sorted(EXPECTED))
def test_an_old_log_gains_the_hash_chain_without_a_row_rewritten(
    log: str, old_log: Callable[[str], Path], fracas_inprocess: Callable[..., CliResult]
) -> None:
    """A file from before the chain (schema 1): reading it writes nothing and still gives a
    head hash, computed from its rows; its first write upgrades it to the current schema (new
    tables only) and stores that same chain, which then verifies and checks every ply read."""
    db = old_log(log)
    rows, raw = _rows(db), db.read_bytes()
    read = fracas_inprocess("--json", "status", db=db)
    assert read.code == 0, read
    assert db.read_bytes() == raw, "a read command on an old file wrote to it"
    head_hash = json.loads(read.stdout)["head_hash"]
    assert re.fullmatch("[0-9a-f]{64}", head_hash)
    encounter = next(iter(EXPECTED[log]))
    assert fracas_inprocess("use", encounter, db=db).code == 0  # a write: the upgrade
    assert _rows(db) == rows, "the upgrade rewrote an old row"
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("SELECT count(*) FROM hashes").fetchone()[0] == len(rows[1])
    finally:
        conn.close()
    again = json.loads(fracas_inprocess("--json", "status", db=db).stdout)
    assert again["head_hash"] == head_hash
    verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
    assert (verified["difference"], verified["head_hash"]) == (None, head_hash)


@pytest.mark.parametrize("log", sorted(EXPECTED))
def test_an_old_log_changed_outside_fracas_is_not_upgraded(
    log: str, old_log: Callable[[str], Path], fracas_inprocess: Callable[..., CliResult]
) -> None:
    """A schema-1 file whose ply points to a parent that does not exist: the upgrade cannot
    chain it, so the write is refused (exit 5) and the file left as it was."""
    from tests import tamper

    db = old_log(log)
    tamper.execute(
        db, ("UPDATE plies SET parent = 99999 WHERE id = (SELECT max(id) FROM plies)", ())
    )
    raw = db.read_bytes()
    encounter = next(iter(EXPECTED[log]))
    result = fracas_inprocess("use", encounter, db=db)
    assert result.code == 5, result
    assert "changed outside fracas" in result.stderr
    assert db.read_bytes() == raw


SCHEMA_2: dict[str, dict[str, dict[str, Any]]] = json.loads((HERE / "expected-v2.json").read_text())


@pytest.mark.parametrize("encounter", sorted(SCHEMA_2))
def test_a_schema_2_file_keeps_its_chain_and_its_layout(
    encounter: str, tmp_path: Path, fracas_inprocess: Callable[..., CliResult]
) -> None:
    """``raw-v2.db``: ``raw-v1.db`` upgraded, and a ply added, by the fracas of schema 2 (hash
    layout 1, engine/chain.py). Every branch verifies with the head hash that fracas printed,
    and a ply added today chains in the same layout: the file stays schema 2."""
    db = tmp_path / "raw-v2.db"
    shutil.copyfile(HERE / "raw-v2.db", db)
    assert fracas_inprocess("use", encounter, db=db).code == 0
    for branch, expected in SCHEMA_2[encounter].items():
        assert fracas_inprocess("switch", branch, db=db).code == 0
        verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
        assert (verified["difference"], verified["head_hash"]) == (None, expected["head_hash"])
        assert verified["verified"] == expected["length"] + 1  # the root ply too
    who = json.loads(fracas_inprocess("--json", "status", db=db).stdout)["combatants"][0]["id"]
    assert fracas_inprocess("ruling", who, "--note", "a ply added today", db=db).code == 0
    verified = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
    assert verified["difference"] is None, verified
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    finally:
        conn.close()


GURPS_V4: dict[str, Any] = json.loads((HERE / "expected-gurps-v4.json").read_text())


def test_a_gurps_version_4_log_keeps_its_outcomes(
    tmp_path: Path, fracas_inprocess: Callable[..., CliResult]
) -> None:
    """A GURPS log written under pack version 4 (tests/golden_logs/make_gurps_v4.sh) verifies
    under version 5: Bruno's fist parry of a broadsword (9 then; 6 and his arm now,
    GURPS-PARRY-UNARMED) and the blows at a troll of SM +2 (no +2 then, GURPS-SIZE-MODIFIER)
    keep what they recorded and are counted as older rules, the first at ply #6; the status
    is the one the old fracas printed. A ply appended today verifies as today's."""
    db = tmp_path / "gurps-v4.db"
    shutil.copyfile(HERE / "gurps-v4.db", db)
    expected = GURPS_V4["gurps"]["dojo"]["main"]
    verified = fracas_inprocess("--json", "replay", "--verify", db=db)
    assert verified.code == 0, verified
    found = json.loads(verified.stdout)
    assert (found["verified"], found["difference"]) == (expected["verified"], None)
    assert found["older_rules"] >= 2 and found["older_rules_first"]["ply"] == 6
    status = json.loads(fracas_inprocess("--json", "status", db=db).stdout)
    assert missing(expected["status"], status) == []
    bruno = next(c for c in status["combatants"] if c["id"] == "bruno")
    assert bruno["hp"] == bruno["hp_max"]  # the parry stood as recorded
    assert fracas_inprocess("ruling", "aldric", "--note", "today's ply", db=db).code == 0
    again = json.loads(fracas_inprocess("--json", "replay", "--verify", db=db).stdout)
    assert (again["verified"], again["difference"]) == (expected["verified"] + 1, None)
    assert again["older_rules"] == found["older_rules"]
