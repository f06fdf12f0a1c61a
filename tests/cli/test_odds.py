"""`fracas odds` through the real command line (issue 11): the branches' declarations after a
ply re-resolved with many seeds in this process; per branch, side by side, how often each
combatant ends standing, unconscious or dead, his pools and the fight's length; the same
report for the same --seed; illegal re-resolutions skipped and counted; pack-neutral."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.conftest import SHEETS, CliResult, GmCli, assert_one_line_error

Invoke = Callable[..., CliResult]


Gm = GmCli


def odds(gm: GmCli, *args: str) -> dict[str, Any]:
    doc: dict[str, Any] = gm.json("odds", *args)
    return doc


def knife_fight(gm: Gm) -> None:
    """Marcus knifes the grunt three times; on the what-if the grunt dodges each time."""
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("initiative", "--dice", "15,3")
    gm("branch", "what-if")
    for answer in ("none", "none", "none"):
        gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", answer)
        gm("next")
    gm("switch", "what-if")
    for answer in ("dodge", "dodge", "dodge"):
        gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", answer)
        gm("next")


def test_odds_side_by_side_shares_and_pools(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    doc = odds(gm, "main", "what-if", "--runs", "120", "--seed", "5")
    assert (doc["runs"], doc["seed"], doc["start"], doc["until"]) == (120, 5, 3, None)
    assert [b["branch"] for b in doc["branches"]] == ["main", "what-if"]
    for b in doc["branches"]:
        assert b["declarations"] == 6 and 0 <= b["skipped"] <= 6 * 120
        for c in b["combatants"]:
            shares = (c["standing"], c["unconscious"], c["dead"])
            assert all(0 <= s <= 1 for s in shares) and abs(sum(shares) - 1) < 1e-9
            for p in c["pools"].values():
                assert p["min"] <= p["p10"] <= p["p50"] <= p["p90"] <= p["max"]
    armor = [
        next(c for c in b["combatants"] if c["id"] == "vance")["pools"]["armor"]["mean"]
        for b in doc["branches"]
    ]
    assert armor[0] < armor[1]  # taking every blow costs more armor than dodging some
    assert doc == odds(gm, "main", "what-if", "--runs", "120", "--seed", "5")  # deterministic
    assert doc != odds(gm, "main", "what-if", "--runs", "120", "--seed", "6")
    text = gm("odds", "main", "what-if", "--runs", "20", "--seed", "5")
    assert "odds over 20 runs (seed 5) from after ply #3" in text
    assert "CS Grunt Vance (vance)" in text and "declarations skipped" in text
    # the fight's own figures stand under a heading of their own, not under the last combatant
    assert text.splitlines()[-3:][0] == "the fight"


def test_odds_one_branch_from_its_start_and_until_a_round(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    whole = odds(gm, "--runs", "10", "--seed", "1")
    assert whole["start"] == 0 and whole["branches"][0]["branch"] == "what-if"
    early = odds(gm, "--runs", "10", "--seed", "1", "--until", "round 0")
    assert early["until"] == 0
    assert early["branches"][0]["rounds"]["max"] <= 1
    picked = json.loads(gm("--json", "odds", "--runs", "2"))
    assert 0 <= picked["seed"] < 2**63


def test_odds_refusals(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    gm = Gm(fracas_inprocess, db)
    knife_fight(gm)
    for args, words in (
        (("main", "nope"), "no branch called 'nope'"),
        (("--until", "soon"), "--until 'soon'"),
        (("--runs", "0"), "--runs"),
        (("--from", "99"), "no ply #99"),
    ):
        assert_one_line_error(fracas_inprocess("odds", *args, db=db), 2, *words)


def test_odds_is_pack_neutral_brp(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "b.db")
    gm("new", "brp-duel", "--seed", "77", "--system", "brp")
    gm("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit")
    gm("initiative")
    doc = odds(gm, "--runs", "30", "--seed", "3")
    ilsa = next(c for c in doc["branches"][0]["combatants"] if c["id"] == "ilsa")
    assert set(ilsa["pools"]) == {"hp"} and ilsa["standing"] == 1.0


def test_odds_until_a_round_stops_before_the_next(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    knife_fight(gm)
    doc = odds(gm, "--runs", "5", "--seed", "2", "--until", "round 0")  # from the start
    assert doc["branches"][0]["rounds"]["max"] == 0  # stopped before round 1 began
    late = fracas_inprocess("odds", "--from", "3", "--until", "round 0", db=gm.db)
    assert_one_line_error(late, 2, "start in round 1")


def three_in_turn(gm: Gm) -> None:
    """Three fighters strike in the order their initiative gave them; other luck gives
    another order, which makes most of those strikes someone else's turn."""
    gm("new", "melee", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("add", str(SHEETS / "rook.toml"), "--id", "rook", "--side", "opponents")
    gm("initiative", "--dice", "15,3,9")  # Marcus, Rook, Vance
    for _ in range(2):
        gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none")
        gm("strike", "rook", "marcus", "--defend", "none")
        gm("strike", "vance", "marcus", "--defend", "none")


def test_odds_says_how_many_declarations_were_skipped_and_warns(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    three_in_turn(gm)
    doc = odds(gm, "--runs", "30", "--seed", "1")
    (b,) = doc["branches"]
    assert b["declarations"] == 10 and b["skipped"] > 0.1 * 10 * 30  # joins, initiative too
    assert b["skipped_share"] == round(b["skipped"] / (10 * 30), 4)
    first = b["first_skipped"]
    assert set(first) == {"ply", "command", "why", "run"}
    assert first["ply"] in range(5, 11) and first["run"] >= 1
    assert "strike" in first["command"] and "turn" in first["why"]
    assert b["warning"].startswith(f"main: {b['skipped']} of 300 declarations (")
    assert f"the first: ply #{first['ply']}" in b["warning"]
    text = gm("odds", "--runs", "30", "--seed", "1")
    assert text.splitlines()[-1] == f"warning: {b['warning']}"
    assert f"{b['skipped']}/300" in text
    # from after the initiative, the same order every run: nothing skipped, no warning
    calm = odds(gm, "--runs", "30", "--seed", "1", "--from", "4")["branches"][0]
    assert (calm["skipped"], calm["skipped_share"], calm["first_skipped"], calm["warning"]) == (
        0,
        0.0,
        None,
        None,
    )
    assert "warning" not in gm("odds", "--runs", "30", "--seed", "1", "--from", "4")
