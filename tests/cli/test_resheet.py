"""`fracas resheet C FILE` through the real command line (issue 23): a sheet mended mid-fight as
a ply, in every system. The old sheet stays in the log (in the join), the new one is embedded in
the ply; what changes is listed (sheet, profile, status); what was lost stays lost against the
new maxima (damage, attacks spent, shots fired) unless --reset; id, name and side stay; it works
on the combatant's own turn, and is refused while a reaction waits on him; undo restores the old
sheet exactly, redo re-applies it, replay --verify reproduces it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import SHEETS, CliResult, GmCli, assert_one_line_error

Invoke = Callable[..., CliResult]


def variant(tmp_path: Path, source: Path, name: str, *swaps: tuple[str, str]) -> Path:
    """A copy of an example sheet with some text swapped (each swap must apply)."""
    text = source.read_text(encoding="utf-8")
    for old, new in swaps:
        assert old in text, old
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def entry(doc: dict[str, Any], cid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in doc["combatants"] if c["id"] == cid)
    return found


def bar_fight(gm: GmCli) -> None:
    """RAW: Marcus knifes the grunt (armor 50 -> 45), the Brodkil hits Marcus, the grunt
    shoots the Brodkil once (29 shots left); Marcus acts again (plies 1-7)."""
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("add", str(SHEETS / "brodkil.json"), "--id", "brodkil")
    gm("initiative", "--dice", "15,3,9")  # Marcus, Brodkil, Vance
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none",
       "--dice", "14,5")  # fmt: skip
    gm("strike", "brodkil", "marcus", "--defend", "none", "--dice", "12,2,2")
    gm("shoot", "vance", "brodkil", "--weapon", "energy rifle", "--defend", "none",
       "--dice", "15,2,2,2")  # fmt: skip


def grunt_fixed(tmp_path: Path) -> Path:
    """The grunt as he should have been: more H.P., armor, a bigger clip, one more level of
    hand to hand (5 attacks), and a name the GM's sheet gives otherwise."""
    return variant(
        tmp_path,
        SHEETS / "cs_grunt.yaml",
        "grunt_fixed.yaml",
        ("name: CS Grunt Vance", "name: Vance (corrected)"),
        ("hp: 22", "hp: 26"),
        ("  level: 2", "  level: 4"),
        ("payload: 30", "payload: 40"),
        ("mdc: 50", "mdc: 60"),
    )


def test_resheet_keeps_what_was_lost_and_lists_what_changes(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    bar_fight(gm)
    gm("rename", "vance", "Sergeant Vance")  # ply 8: the name he goes by now
    before = gm.json("status")
    was = entry(before, "vance")
    assert (was["armor"]["mdc"], was["payload"]["energy rifle"], was["apm_left"]) == (45, 29, 3)
    doc = gm.json("resheet", "vance", str(grunt_fixed(tmp_path)))
    assert doc["ply"] == 9 and doc["branch"] == "main"
    types = [e["type"] for e in doc["events"]]
    assert types[:3] == [
        "core.resheet_declared",
        "core.sheet_replaced",
        "palladium.fighter_resheeted",
    ]
    assert doc["events"][0]["sheet"]["pools"]["hp"] == 26  # the new sheet, embedded
    changed = {(c["part"], c["field"]): (c["old"], c["new"]) for c in doc["changes"]}
    assert changed[("sheet", "pools.hp")] == (22, 26)
    assert changed[("sheet", "hand_to_hand.level")] == (2, 4)
    assert changed[("sheet", "weapons[energy rifle].payload")] == (30, 40)
    assert changed[("profile", "hp")] == (22, 26)
    assert changed[("status", "armor.mdc")] == (45, 55)  # 5 taken of 50, now of 60
    assert changed[("status", "payload.energy rifle")] == (29, 39)  # one shot fired of 30
    now = entry(gm.json("status"), "vance")
    assert (now["hp"], now["armor"]["mdc"], now["payload"]["energy rifle"]) == (26, 55, 39)
    assert now["apm_total"] > was["apm_total"]
    spent = was["apm_total"] - was["apm_left"]
    assert now["apm_left"] == now["apm_total"] - spent  # the attack he spent stays spent
    # id, name and side stay
    assert (now["id"], now["name"], now["side"]) == ("vance", "Sergeant Vance", "opponents")
    text = gm("log")
    assert "Sergeant Vance" in text and "Vance (corrected)" not in text
    # the old sheet stays in the log, in the join
    log = gm.json("log")
    join = next(e for e in log[2]["events"] if e["type"] == "core.join_declared")
    assert join["sheet"]["pools"]["hp"] == 22
    assert "verified 10 plies" in gm("replay", "--verify")


def test_resheet_text_lists_the_changes_and_explain_tells_it(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    bar_fight(gm)
    text = gm("resheet", "vance", str(grunt_fixed(tmp_path)))
    assert text.startswith("ply #8 on main:")
    assert "The GM gives CS Grunt Vance a new sheet from" in text
    assert "what was lost stays lost against its maxima" in text
    assert "what changes:" in text
    assert "  sheet   pools.hp: 22 -> 26" in text
    assert "  status  armor.mdc: 45 -> 55" in text
    explained = gm("explain", "8")
    assert "a new sheet" in explained and "attacks per melee" in explained


def test_reset_starts_the_pools_afresh(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    bar_fight(gm)
    doc = gm.json("resheet", "vance", str(grunt_fixed(tmp_path)), "--reset")
    assert doc["events"][1]["reset"] is True
    now = entry(gm.json("status"), "vance")
    assert (now["hp"], now["armor"]["mdc"], now["payload"]["energy rifle"]) == (26, 60, 40)
    # the same sheet again, with --reset: the armor taken since comes back
    same = fracas_inprocess("resheet", "vance", str(SHEETS / "cs_grunt.yaml"), db=gm.db)
    assert same.code == 0, same
    again = fracas_inprocess("resheet", "vance", str(SHEETS / "cs_grunt.yaml"), db=gm.db)
    assert_one_line_error(again, 1, "changes nothing", "--reset")
    gm("resheet", "vance", str(SHEETS / "cs_grunt.yaml"), "--reset")
    assert entry(gm.json("status"), "vance")["armor"]["mdc"] == 50


def test_undo_restores_the_old_sheet_exactly_and_redo_reapplies(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    bar_fight(gm)
    before = gm.json("status")
    gm("resheet", "vance", str(grunt_fixed(tmp_path)))
    after = gm.json("status")
    assert after != before
    gm("undo")
    assert gm.json("status") == before  # the head hash too: the very ply we had
    gm("redo")
    assert gm.json("status") == after
    # the fight goes on with the new sheet, and verifies from its seed
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none",
       "--dice", "14,6")  # fmt: skip
    assert entry(gm.json("status"), "vance")["armor"]["mdc"] == 49
    assert "verified 10 plies" in gm("replay", "--verify")


def test_resheet_on_his_own_turn_and_while_another_reaction_waits(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "f.db"
    gm = GmCli(fracas_inprocess, db)
    bar_fight(gm)
    assert gm.json("status")["acting"] == "marcus"
    tougher = variant(tmp_path, SHEETS / "marcus_kell.toml", "m.toml", ("pp = 16", "pp = 18"))
    gm("resheet", "marcus", str(tougher))  # his own turn: it stays his
    assert gm.json("status")["acting"] == "marcus"
    gm("strike", "marcus", "brodkil", "--weapon", "vibro-knife", "--dice", "15")  # waits
    # the strike waits on the Brodkil and Marcus: both refused, nothing written
    for who, sheet in (("brodkil", SHEETS / "brodkil.json"), ("marcus", tougher)):
        before = db.read_bytes()
        refused = fracas_inprocess("resheet", who, str(sheet), "--reset", db=db)
        assert_one_line_error(refused, 1, "reaction waiting", "answer it first", "amend")
        assert db.read_bytes() == before
    gm("resheet", "vance", str(grunt_fixed(tmp_path)))  # not in it: allowed
    assert gm.json("status")["pending"]["reactor"] == "brodkil"
    assert "verified" in gm("replay", "--verify")


def test_resheet_refusals_write_nothing(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    gm = GmCli(fracas_inprocess, db)
    bar_fight(gm)
    gm("pass", "marcus")
    gm("pass", "brodkil")
    gm("shoot", "vance", "brodkil", "--weapon", "energy rifle", "--aimed")  # 2 attacks: under way
    no_rifle = variant(
        tmp_path, SHEETS / "cs_grunt.yaml", "no_rifle.yaml", ("energy rifle", "plasma rifle")
    )
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "X"\nkind = "pc"\n[attributes]\npp = "high"\n', encoding="utf-8")
    before = db.read_bytes()
    for args, code, words in (
        (("vance", str(no_rifle)), 1, "no 'energy rifle' (the shoot under way)"),
        (("ghost", str(SHEETS / "rook.toml")), 2, "unknown combatant 'ghost'"),
        (("vance", str(tmp_path / "missing.toml")), 2, "missing.toml"),
        (("vance", str(bad)), 2, "attributes.pp"),
        (("vance", str(SHEETS / "cs_grunt.yaml")), 1, "changes nothing"),
    ):
        assert_one_line_error(fracas_inprocess("resheet", *args, db=db), code, *words)
        assert db.read_bytes() == before


def test_add_of_a_taken_id_hints_at_resheet(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    gm = GmCli(fracas_inprocess, db)
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "rook.toml"), "--id", "kira")
    sheet = str(SHEETS / "jade_tiger.toml")
    done = fracas_inprocess("add", sheet, "--id", "kira", db=db)
    assert_one_line_error(done, 2, "'kira' is taken", f"`fracas resheet kira {sheet}`")


def test_brp_resheet_keeps_hp_lost_and_shots_fired(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    gm("new", "duel", "--seed", "9", "--system", "brp")
    gm("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit")
    gm("ruling", "bandit", "--damage", "4", "--note", "an old wound")
    before = gm.json("status")
    was = entry(before, "bandit")
    tougher = variant(
        tmp_path, SHEETS / "brp" / "bandit.yaml", "bandit.yaml", ("con: 13", "con: 17")
    )
    doc = gm.json("resheet", "bandit", str(tougher))
    assert doc["events"][2]["type"] == "brp.fighter_resheeted"
    now = entry(gm.json("status"), "bandit")
    assert now["hp_max"] > was["hp_max"]
    assert now["hp_max"] - now["hp"] == was["hp_max"] - was["hp"] == 4
    gm("undo")
    assert gm.json("status") == before
    gm("redo")
    gm("resheet", "bandit", str(tougher), "--reset")
    assert entry(gm.json("status"), "bandit")["hp"] == now["hp_max"]
    assert "verified" in gm("replay", "--verify")


def test_gurps_resheet_keeps_hp_lost_and_shots_fired(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "f.db")
    gm("new", "duel", "--seed", "12", "--system", "gurps")
    gm("add", str(SHEETS / "gurps" / "sir_aldric.toml"), "--id", "aldric")
    gm("add", str(SHEETS / "gurps" / "vic_moran.json"), "--id", "vic")
    gm("ruling", "vic", "--damage", "3", "--note", "grazed before the fight")
    before = gm.json("status")
    was = entry(before, "vic")
    fixed = variant(
        tmp_path,
        SHEETS / "gurps" / "vic_moran.json",
        "vic.json",
        ('"ht": 11', '"ht": 13'),
        ('"shots": "9(3)"', '"shots": "12(3)"'),
    )
    doc = gm.json("resheet", "vic", str(fixed))
    changed = {(c["part"], c["field"]): (c["old"], c["new"]) for c in doc["changes"]}
    assert changed[("sheet", "attributes.ht")] == (11, 13)
    now = entry(gm.json("status"), "vic")
    assert now["hp_max"] - now["hp"] == was["hp_max"] - was["hp"] == 3
    assert now["shots"]["pistol"] == 12
    gm("undo")
    assert gm.json("status") == before
    gm("redo")
    assert "verified" in gm("replay", "--verify")
