"""`fracas export DB_OUT [--csv DIR]` through the real command line (issue 11): flat tables
with foreign keys and full-text search, read back with sqlite-utils; CSV files; an existing
file refused; every rules system alike."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import sqlite_utils

from tests.conftest import SHEETS, CliResult, assert_one_line_error

Invoke = Callable[..., CliResult]


def play(invoke: Invoke, db: Path, *plies: tuple[str, ...]) -> None:
    for args in plies:
        done = invoke(*args, db=db)
        assert done.code == 0, done


def test_export_writes_flat_tables_with_keys_and_search(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db, out = tmp_path / "f.db", tmp_path / "tables.db"
    play(fracas_inprocess, db,
         ("new", "duel", "--seed", "7"),
         ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
         ("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance"),
         ("initiative", "--dice", "15,3"),
         ("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none",
          "--dice", "14,3"),
         ("branch", "what-if", "--at", "3", "--switch"),
         ("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "dodge",
          "--dice", "14,17"))  # fmt: skip
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
    assert len(found) == 1 and "answers dodge" in found[0]
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
