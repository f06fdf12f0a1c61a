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


def acting(gm: GmCli) -> tuple[list[str], str | None]:
    doc = gm.json("status")
    return doc["order"], doc["acting"]


def test_remove_on_his_own_turn_passes_the_turn_on_rules_as_written(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """RAW cycles the order: the turn goes to whoever stood after him (issue 23)."""
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    three(gm)
    gm("initiative", "--dice", "15,3,9")  # Marcus, the Brodkil, Vance
    before = gm.json("status")
    assert acting(gm) == (["marcus", "oops", "vance"], "marcus")
    text = gm("remove", "marcus")
    assert "-> Brodkil Raider acts" in text
    assert acting(gm) == (["oops", "vance"], "oops")
    gm("pass", "oops")
    gm("remove", "vance")  # on his turn, the last of his foes: nobody left to fight
    assert acting(gm) == (["oops"], None)  # the round is spent
    gm("undo", "3")
    assert gm.json("status") == before
    assert "verified" in gm("replay", "--verify")


def test_remove_on_his_own_turn_under_passes_and_after_a_cut_in(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """House rules' passes: the pass goes on from his place. A turn a cut-in interrupted
    cannot lose its owner until the cut-in ends; the one cutting in can go (the turn goes
    back to the one he cut in on)."""
    db = tmp_path / "f.db"
    gm = GmCli(fracas_inprocess, db)
    gm("new", "duel", "--seed", "7", "--variant", "house")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("add", str(SHEETS / "brodkil.json"), "--id", "brodkil")
    gm("add", str(SHEETS / "rook.toml"), "--id", "rook", "--side", "players")
    gm("initiative", "--dice", "15")
    order, who = acting(gm)
    assert who == order[0] == "marcus"
    gm("hold", "marcus", "--until", "the next one moves")
    second = order[1]
    assert acting(gm)[1] == second
    gm("release", "marcus")  # Marcus cuts in on the second's turn
    before = db.read_bytes()
    assert_one_line_error(
        fracas_inprocess("remove", second, db=db), 1, "cut-in to end", "`fracas next` first"
    )
    assert db.read_bytes() == before
    gm("remove", "marcus")  # the one cutting in goes: the turn is the second's again
    assert acting(gm) == (order[1:], second)
    gm("remove", second)  # now on his own turn, in pass 1: the third acts
    assert acting(gm) == (order[2:], order[2])
    assert gm.json("status")["pass"] == 1
    assert "verified" in gm("replay", "--verify")


def test_remove_on_his_own_turn_in_timed_rounds(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    """Basic Roleplaying's DEX ranks and GURPS's seconds: the next in time acts."""
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    gm("new", "b", "--seed", "9", "--system", "brp")
    gm("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit")
    gm("add", str(SHEETS / "brp" / "gunman.json"), "--id", "mara", "--side", "players")
    gm("initiative")
    gm("next")
    gm("next")  # the turns begin: Ilsa at DEX rank 15
    assert acting(gm)[1] == "ilsa"
    assert "-> Mara Quist acts at 14" in gm("remove", "ilsa")
    assert acting(gm) == (["mara", "bandit"], "mara")
    assert "verified" in gm("replay", "--verify")
    gm("new", "g", "--seed", "12", "--system", "gurps")
    gm("add", str(SHEETS / "gurps" / "sir_aldric.toml"), "--id", "aldric")
    gm("add", str(SHEETS / "gurps" / "bruno.yaml"), "--id", "bruno")
    gm("add", str(SHEETS / "gurps" / "vic_moran.json"), "--id", "vic", "--side", "players")
    gm("initiative", "--dice", "3,4,5")
    order, who = acting(gm)
    assert who == order[0]
    gm("remove", who)
    assert acting(gm) == (order[1:], order[1])
    gm("undo")
    assert acting(gm) == (order, who)
    assert "verified" in gm("replay", "--verify")
