"""`fracas export DB_OUT [--csv DIR]` through the real command line (issue 11): flat tables
with foreign keys and full-text search, read back with sqlite-utils; CSV files; an existing
file refused; every rules system alike."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import sqlite_utils

from tests.conftest import DUEL_WITH_WHAT_IF, SHEETS, CliResult, assert_one_line_error, play

Invoke = Callable[..., CliResult]


def test_export_writes_flat_tables_with_keys_and_search(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db, out = tmp_path / "f.db", tmp_path / "tables.db"
    play(fracas_inprocess, db, *DUEL_WITH_WHAT_IF)
    before = db.read_bytes()
    done = fracas_inprocess("--json", "export", str(out), "--csv", str(tmp_path / "csv"), db=db)
    assert done.code == 0, done
    doc = json.loads(done.stdout)
    assert doc["tables"]["plies"] == 6 and doc["tables"]["branches"] == 2
    assert db.read_bytes() == before  # the fracas file is only read
    t = sqlite_utils.Database(out)
    assert [r["depth"] for r in t["plies"].rows_where(order_by="id")] == [0, 1, 2, 3, 4, 4]
    rolls = list(t["rolls"].rows)
    assert {r["purpose"] for r in rolls} >= {"initiative", "strike", "dodge", "damage"}
    assert {fk.other_table for fk in t["rolls"].foreign_keys} == {"plies"}
    assert {fk.other_table for fk in t["modifiers"].foreign_keys} == {"rolls"}
    damage = list(t["damage"].rows)
    assert [(d["target"], d["amount"]) for d in damage] == [("vance", 3)]
    found = [r["text"] for r in t["plies"].search("dodge")]
    assert len(found) == 1 and "vs dodge 19, dodged" in found[0]  # the line `log` gives
    assert {b["name"] for b in t["branches"].rows} == {"main", "what-if"}
    with (tmp_path / "csv" / "rolls.csv").open(newline="") as f:
        assert len(list(csv.DictReader(f))) == len(rolls)
    again = fracas_inprocess("export", str(out), db=db)
    assert_one_line_error(again, 2, str(out), "exists")


def test_export_is_pack_neutral_brp(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db, out = tmp_path / "b.db", tmp_path / "b-tables.db"
    play(fracas_inprocess, db,
         ("new", "brp-duel", "--seed", "77", "--system", "brp"),
         ("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa"),
         ("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit"),
         ("initiative",))  # fmt: skip
    assert fracas_inprocess("export", str(out), db=db).code == 0
    assert sqlite_utils.Database(out)["plies"].count == 4


def test_export_refusals_write_nothing(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    play(fracas_inprocess, db, ("new", "duel", "--seed", "7"))
    missing = tmp_path / "no-such-folder" / "x.db"
    assert_one_line_error(fracas_inprocess("export", str(missing), db=db), 2, "no folder")
    (tmp_path / "file.txt").write_text("hi")
    out = tmp_path / "t.db"
    done = fracas_inprocess("export", str(out), "--csv", str(tmp_path / "file.txt"), db=db)
    assert_one_line_error(done, 2, "not a folder")
    assert not out.exists() and not missing.parent.exists()


def test_export_numbers_plies_as_log_does_and_says_which_branches_hold_them(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """A Datasette reader filters a branch's plies and rolls by name (the ``branches`` array,
    or ``branch_plies``) and reads each ply's number as `log` prints it; every foreign key
    holds (PAL-DEF-DODGE: 17 +2 = 19 against the strike's 18 on what-if)."""
    db, out = tmp_path / "f.db", tmp_path / "tables.db"
    play(fracas_inprocess, db, *DUEL_WITH_WHAT_IF)
    assert fracas_inprocess("export", str(out), "--csv", str(tmp_path / "csv"), db=db).code == 0
    t = sqlite_utils.Database(out)
    on = "EXISTS (SELECT 1 FROM json_each({}.branches) WHERE value = ?)"  # Datasette's filter
    what_if = t.execute(
        f"SELECT ply, id, text FROM plies WHERE {on.format('plies')} ORDER BY ply", ["what-if"]
    ).fetchall()
    assert [(n, i) for n, i, _ in what_if] == [(0, 1), (1, 2), (2, 3), (3, 4), (4, 6)]
    assert ", dodged" in what_if[-1][2]  # the outcome line `log` gives
    main = t.execute(
        "SELECT bp.ply, p.id, p.parent_id, p.branches FROM branch_plies bp "
        "JOIN plies p ON p.id = bp.ply_id WHERE bp.branch = 'main' ORDER BY bp.ply"
    ).fetchall()
    assert main == [(0, 1, None, '["main", "what-if"]'), (1, 2, 1, '["main", "what-if"]'),
                    (2, 3, 2, '["main", "what-if"]'), (3, 4, 3, '["main", "what-if"]'),
                    (4, 5, 4, '["main"]')]  # fmt: skip
    rolls = t.execute(
        "SELECT ply, event, event_type, field, who, purpose, faces, total, target, margin "
        f"FROM rolls WHERE {on.format('rolls')} AND ply = 4 ORDER BY event",
        ["what-if"],
    ).fetchall()
    assert rolls == [
        (4, 2, "palladium.strike_rolled", "roll", "marcus", "strike", "[14]", 18, 5, 13),
        (4, 4, "palladium.defense_rolled", "roll", "vance", "dodge", "[17]", 19, 18, 1),
    ]
    assert t.execute(
        "SELECT name, head, tip, fork, head_id, fork_id FROM branches ORDER BY name"
    ).fetchall() == [("main", 4, 4, None, 5, None), ("what-if", 4, 4, 3, 6, 4)]
    damage = t.execute("SELECT ply, branches, target, pool, amount, before, after FROM damage")
    assert damage.fetchall() == [(4, '["main"]', "vance", "armor", 3, 50, 47)]
    assert t.execute("PRAGMA foreign_key_check").fetchall() == []
    for name in ("rolls", "damage", "conditions"):
        assert [(fk.column, fk.other_table) for fk in t[name].foreign_keys] == [("ply_id", "plies")]
    assert {(fk.column, fk.other_table) for fk in t["branch_plies"].foreign_keys} == {
        ("branch", "branches"), ("ply_id", "plies")}  # fmt: skip
    with (tmp_path / "csv" / "branch_plies.csv").open(newline="") as f:
        assert len(list(csv.DictReader(f))) == 10
    with (tmp_path / "csv" / "conditions.csv").open(newline="") as f:  # empty: its header
        assert next(csv.reader(f))[:3] == ["ply_id", "ply", "branches"]


def test_export_brp_branches_damage_and_a_branch_with_plies_to_redo(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """Basic Roleplaying: the bandit's failed dodge (90 of 30) costs him 10 HP (13 -> 3) on
    `dodged`; main, one ply undone, exports its head and its tip as `log` numbers them."""
    db, out = tmp_path / "b.db", tmp_path / "b-tables.db"
    play(fracas_inprocess, db,
         ("new", "brp-duel", "--seed", "77", "--system", "brp"),
         ("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa"),
         ("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit"),
         ("initiative",), ("next",), ("next",),
         ("attack", "ilsa", "bandit", "--dice", "40"),
         ("defend", "bandit", "parry", "--weapon", "round shield", "--dice", "30"),
         ("undo",),
         ("branch", "dodged", "--switch"),
         ("defend", "bandit", "dodge", "--dice", "90"))  # fmt: skip
    assert fracas_inprocess("export", str(out), db=db).code == 0
    t = sqlite_utils.Database(out)
    assert t.execute(
        "SELECT name, head, tip, fork, head_id, fork_id FROM branches ORDER BY name"
    ).fetchall() == [("dodged", 7, 7, 6, 9, 7), ("main", 6, 7, None, 7, None)]
    assert t.execute(
        "SELECT ply, branches, event_type, target, amount, before, after FROM damage"
    ).fetchall() == [(7, '["dodged"]', "brp.damage_applied", "bandit", 10, 13, 3)]
    assert t.execute(
        "SELECT who, purpose, faces, total, target, base, tier FROM rolls WHERE ply = 7 "
        "AND purpose = 'dodge'"
    ).fetchall() == [("bandit", "dodge", "[90]", 90, 30, 30, "failure")]
    assert t.execute("PRAGMA foreign_key_check").fetchall() == []
