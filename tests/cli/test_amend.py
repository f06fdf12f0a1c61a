"""`fracas amend` through the real command line (issue 11): a past ply replaced (or dropped)
and every later declaration re-resolved with its own dice; what the change makes illegal
listed and skipped, its depth kept by a note; the old line kept as a branch and restored by an
undo right after; --dry-run writes nothing; replay --verify holds on the new line."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.conftest import SHEETS, CliResult, GmCli, assert_one_line_error

Invoke = Callable[..., CliResult]


Gm = GmCli


def knife_fight(gm: Gm) -> None:
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("initiative", "--dice", "15,3")
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--dice", "14")  # ply 4, waits
    gm("defend", "vance", "dodge", "--dice", "5,3")  # ply 5: fails, 3 damage
    gm("next")  # ply 6
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none", "--dice", "12,4")


def rolls(gm: Gm, branch: str, depth: int) -> list[list[int]]:
    plies = gm.json("log", "--branch", branch)
    return [e["roll"]["faces"] for e in plies[depth]["events"] if "roll" in e]


def test_amend_replaces_a_ply_and_re_resolves_the_rest_with_their_dice(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    before = gm.json("status")
    report = gm.json("amend", "4", "strike", "marcus", "vance", "--weapon", "vibro-knife",
                     "--dice", "16")  # fmt: skip
    assert report["ply"] == 4 and report["written"] and report["skipped"] == []
    assert [d for d, _ in report["replayed"]] == [5, 6, 7]
    assert report["saved_as"] == "main-before-amend-1"
    assert rolls(gm, "main", 4) == [[16]]
    for depth in (5, 7):  # each later ply with its own dice: the same faces as before
        assert rolls(gm, "main", depth) == rolls(gm, "main-before-amend-1", depth)
    assert "verified 8 plies" in gm("replay", "--verify")
    assert gm("undo").startswith("the amend is taken back")  # the old line back, exactly
    assert gm.json("status") | {"head_hash": None} == before | {"head_hash": None}
    assert gm.json("status")["head_hash"] == before["head_hash"]
    names = {b["name"] for b in gm.json("branches")}
    assert {"main-before-amend-1", "main-amend-1"} <= names


def test_amend_lists_and_skips_what_the_change_makes_illegal(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    report = gm.json("amend", "4", "strike", "marcus", "vance", "--weapon", "vibro-knife",
                     "--defend", "none", "--dice", "14,2")  # fmt: skip
    (skipped,) = report["skipped"]
    assert skipped[0] == 5 and "defend vance dodge" in skipped[1]
    log = gm.json("log")
    assert len(log) == 8  # the depths kept: ply 5 is a note naming what it was
    note = log[5]["events"][0]
    assert note["type"] == "core.ruling_declared" and "skipped after an amend" in note["text"]
    assert "verified 8 plies" in gm("replay", "--verify")


def test_amend_drop_and_dry_run(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    gm = Gm(fracas_inprocess, db)
    knife_fight(gm)
    bytes_before = db.read_bytes()
    dry = gm.json("amend", "6", "--drop", "--dry-run")
    assert dry["dropped"] and not dry["written"] and db.read_bytes() == bytes_before
    text = gm("amend", "6", "--drop")
    assert "ply #6 of 'main' is dropped" in text
    assert "the GM drops ply #6" in gm.json("log")[6]["events"][0]["text"]


def test_amend_refusals_write_nothing(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    gm = Gm(fracas_inprocess, db)
    knife_fight(gm)
    before = db.read_bytes()
    for args, code, words in (
        (("4",), 2, "or --drop"),
        (("4", "--drop", "next"), 2, "not both"),
        (("4", "status"), 2, "'status' is not an action verb"),
        (("0", "next"), 2, "encounter's start"),
        (("4", "strike", "vance", "vance"), 1, "refused"),
        (("9", "next"), 2, "no ply #9"),
    ):
        assert_one_line_error(fracas_inprocess("amend", *args, db=db), code, *words)
        assert db.read_bytes() == before


def test_amend_checks_the_dice_it_is_given(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    gm = Gm(fracas_inprocess, db)
    knife_fight(gm)
    before = db.read_bytes()
    for dice, words in (("25", "25"), ("5,3,1,1", "unused")):
        done = fracas_inprocess("amend", "5", "defend", "vance", "dodge", "--dice", dice, db=db)
        assert_one_line_error(done, 2, words)
        assert db.read_bytes() == before
    gm("amend", "5", "defend", "vance", "parry", "--dice", "5,3")
    assert gm.json("log")[5]["command"].endswith("fracas defend vance parry --dice 5,3")


def test_only_an_undo_right_after_takes_an_amend_back(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    gm("amend", "6", "--drop")
    gm("strike", "vance", "marcus", "--defend", "none")  # a ply after the amend
    head = gm.json("status")["head"]
    gm("undo")
    said = gm("undo")  # an ordinary undo now: the amended line stays
    assert said.startswith("undid 1") and gm.json("status")["head"] == head - 2
    assert "the GM drops ply #6" in gm.json("log")[6]["events"][0]["text"]


def test_redo_after_an_undone_amend_names_the_branch_that_keeps_it(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "f.db"
    gm = Gm(fracas_inprocess, db)
    knife_fight(gm)
    gm("amend", "6", "--drop")
    said = gm("undo")
    assert "main-amend-1 keeps it" in said
    before = db.read_bytes()
    line = assert_one_line_error(fracas_inprocess("redo", db=db), 1)
    assert line == (
        "fracas: error: refused: nothing to redo on main; the amended line is kept as branch "
        "main-amend-1 (`fracas switch main-amend-1` to get it back); nothing was written"
    )
    assert db.read_bytes() == before
    gm("undo", "2")  # two more undone: redo can bring those, not more
    assert_one_line_error(
        fracas_inprocess("redo", "3", db=db),
        1,
        "cannot redo 3: branch 'main' has 2 undone plies",
        "the amended line is kept as branch main-amend-1",
    )
    gm("redo", "2")
    gm("switch", "main-amend-1")  # the amended line, as the message says
    assert "the GM drops ply #6" in gm.json("log")[6]["events"][0]["text"]
    gm("switch", "main")
    gm("next")  # a new ply on main: the message no longer applies
    gm("undo")
    line = assert_one_line_error(fracas_inprocess("redo", "2", db=db), 1)
    assert "amended" not in line and "has 1 undone plies" in line


def test_amend_shows_the_replaced_rolls_beside_the_new(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "f.db"
    gm = Gm(fracas_inprocess, db)
    knife_fight(gm)
    args = ("amend", "5", "defend", "vance", "parry", "--dice", "16")
    dry = gm.json(*args, "--dry-run")
    old, new = dry["old_rolls"], dry["new_rolls"]
    assert [(r["who"], r["purpose"], r["faces"]) for r in old] == [
        ("vance", "dodge", [5]),
        ("marcus", "damage", [3]),
    ]
    assert old[0]["outcome"] == "failure" and old[1]["outcome"] is None
    assert [(r["who"], r["purpose"], r["faces"], r["outcome"]) for r in new] == [
        ("vance", "parry", [16], "success")
    ]
    assert new[0]["total"] >= 16 and new[0]["target"] is not None
    text = gm(*args[:-2], "--dice", "16", "--dry-run")
    assert "  rolls of ply #5, before -> after:" in text
    assert "    vance dodge: 1D20 [5] = " in text and "failure -> vance parry: 1D20 [16] = " in text
    assert "    marcus damage: 1D6 [3] = 3 -> -" in text
    written = gm.json(*args)
    assert written["old_rolls"] == old and written["new_rolls"] == new


def test_amend_of_an_add_mends_the_sheet_and_re_resolves_what_followed(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """The GM typed a wrong sheet at the start: he amends the join instead of retyping the
    fight (issue 23)."""
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    old = {c["id"]: c for c in gm.json("status")["combatants"]}["vance"]
    fixed = tmp_path / "grunt.yaml"
    fixed.write_text(
        (SHEETS / "cs_grunt.yaml").read_text().replace("mdc: 50", "mdc: 80"), encoding="utf-8"
    )
    report = gm.json("amend", "2", "add", str(fixed), "--id", "vance")
    assert report["skipped"] == [] and [d for d, _ in report["replayed"]] == [3, 4, 5, 6, 7]
    log = gm.json("log")
    assert log[2]["command"] == f"fracas add {fixed} --id vance"
    assert log[2]["events"][0]["sheet"]["armor"]["mdc"] == 80
    now = {c["id"]: c for c in gm.json("status")["combatants"]}["vance"]
    assert 80 - now["armor"]["mdc"] == 50 - old["armor"]["mdc"]  # the same blows, same dice
    assert "verified 8 plies" in gm("replay", "--verify")
    gm("undo")  # the amend taken back: the old sheet, exactly
    assert {c["id"]: c for c in gm.json("status")["combatants"]}["vance"] == old
    # amend the join with another id: what named the old one is skipped, its depth kept
    report = gm.json("amend", "2", "add", str(fixed), "--id", "grunt")
    assert {d for d, _, _ in report["skipped"]} >= {4, 5}
    assert "verified 8 plies" in gm("replay", "--verify")


def test_amend_to_a_resheet(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    fixed = tmp_path / "grunt.yaml"
    fixed.write_text(
        (SHEETS / "cs_grunt.yaml").read_text().replace("mdc: 50", "mdc: 80"), encoding="utf-8"
    )
    # the GM's `next` (ply 6) should have been the new sheet: Vance's turn then runs on, so
    # Marcus's strike on it (ply 7) is skipped, its place kept
    report = gm.json("amend", "6", "resheet", "vance", str(fixed))
    assert [(d, "Vance's turn" in why) for d, _, why in report["skipped"]] == [(7, True)]
    log = gm.json("log")
    assert log[6]["events"][0]["type"] == "core.resheet_declared"
    assert log[6]["command"] == f"fracas resheet vance {fixed}"
    vance = {c["id"]: c for c in gm.json("status")["combatants"]}["vance"]
    assert vance["armor"]["mdc"] == 80 - 3  # the blow taken before the new sheet stays taken
    assert "verified 8 plies" in gm("replay", "--verify")
    db = gm.db
    before = db.read_bytes()
    refused = fracas_inprocess("amend", "2", "resheet", "vance", str(fixed), db=db)
    assert_one_line_error(refused, 2, "unknown combatant 'vance'")  # not yet in the fight
    assert db.read_bytes() == before
