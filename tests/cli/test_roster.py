"""`remove ID` and `rename ID NAME` through the real command line (issue 11): plies like any
other, undone like any other; a removal refused, writing nothing, while anything still points at
the combatant; a name checked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import SHEETS, CliResult, GmCli, assert_one_line_error

Invoke = Callable[..., CliResult]


def three(gm: GmCli) -> None:
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("add", str(SHEETS / "brodkil.json"), "--id", "oops")


def test_remove_and_rename_are_plies_undone_like_any(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    three(gm)
    before = gm.json("status")
    assert "out of the fight" in gm("remove", "oops")
    assert "marcus" in gm("rename", "marcus", "Marcus the Bold")
    doc = gm.json("status")
    assert [c["id"] for c in doc["combatants"]] == ["marcus", "vance"]
    assert doc["combatants"][0]["name"] == "Marcus the Bold"
    assert "order: Marcus the Bold, CS Grunt Vance" in gm("initiative", "--dice", "15,3")
    gm("undo", "3")
    assert gm.json("status") | {"head_hash": ""} == before | {"head_hash": ""}
    assert "verified" in gm("replay", "--verify")


def test_remove_refused_while_something_points_at_him(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "f.db"
    gm = GmCli(fracas_inprocess, db)
    three(gm)
    gm("remove", "oops")
    gm("initiative", "--dice", "15,3")
    before = db.read_bytes()
    for args, code, words in (
        (("remove", "marcus"), 1, "Marcus Kell's turn"),
        (("remove", "nobody"), 2, "unknown combatant 'nobody'"),
        (("rename", "vance", " "), 2, "1 to 64 printable characters"),
        (("rename", "vance", "bad\x1bname"), 2, "printable"),
    ):
        assert_one_line_error(fracas_inprocess(*args, db=db), code, *words)
        assert db.read_bytes() == before
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife")  # waits for vance's answer
    before = db.read_bytes()
    assert_one_line_error(fracas_inprocess("remove", "vance", db=db), 1, "waiting")
    assert db.read_bytes() == before
