"""`fracas diff A B` through the real command line (issue 11): the fork, the plies only on each
branch, every combatant at both heads with differences marked, the same for every rules system;
`--json` gives {fork, a: {branch, head}, b: {branch, head}, only_a, only_b, combatants: [{id,
a, b, differs}]}; an unknown branch is a usage error."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.conftest import SHEETS, CliResult, GmCli, assert_one_line_error

Invoke = Callable[..., CliResult]
BRP = SHEETS / "brp"


Gm = GmCli


def palladium(gm: Gm) -> None:
    """Marcus strikes the grunt: taken on main, dodged on the what-if."""
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    gm("initiative", "--dice", "15,3")
    gm("branch", "what-if")
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none", "--dice", "14,3")
    gm("switch", "what-if")
    gm("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "dodge",
       "--dice", "14,19")  # fmt: skip


def test_diff_json_has_the_fork_each_side_and_every_combatant(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    palladium(gm)
    doc = json.loads(gm("--json", "diff", "main", "what-if"))
    assert set(doc) == {"fork", "a", "b", "only_a", "only_b", "combatants"}
    assert doc["fork"] == 3
    assert doc["a"] == {"branch": "main", "head": 4} and doc["b"] == {
        "branch": "what-if",
        "head": 4,
    }
    assert [p["ply"] for p in doc["only_a"]] == [4] and [p["ply"] for p in doc["only_b"]] == [4]
    assert "--defend none" in doc["only_a"][0]["command"]
    by_id = {c["id"]: c for c in doc["combatants"]}
    assert set(by_id) == {"marcus", "vance"}
    for c in doc["combatants"]:
        assert set(c) == {"id", "a", "b", "differs"}
        assert c["differs"] is (c["a"] != c["b"])
    vance = by_id["vance"]
    assert vance["differs"] and vance["a"]["armor"] != vance["b"]["armor"]
    status_b = json.loads(gm("--json", "status"))  # what-if is the current branch
    assert next(c for c in status_b["combatants"] if c["id"] == "vance") == vance["b"]


def test_diff_text_marks_who_differs_and_says_where_they_part(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    palladium(gm)
    text = gm("diff", "main", "what-if")
    assert text.startswith("diff 'main' (head #4) and 'what-if' (head #4): they part after ply #3")
    assert "only on 'main':" in text and "only on 'what-if':" in text
    lines = text.splitlines()
    assert any(line.startswith("* vance  (") and "armor" in line for line in lines), text
    assert "  marcus" in lines
    same = gm("diff", "main", "main")
    assert "only on 'main': nothing" in same
    assert not [line for line in same.splitlines() if line.startswith("* ")]


def test_diff_is_pack_neutral_brp(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "b.db")
    gm("new", "brp-duel", "--seed", "77", "--system", "brp")
    gm("add", str(BRP / "ilsa_varg.toml"), "--id", "ilsa")
    gm("add", str(BRP / "bandit.yaml"), "--id", "bandit")
    gm("branch", "what-if")
    gm("initiative")
    doc = json.loads(gm("--json", "diff", "main", "what-if"))
    assert doc["fork"] == 2 and doc["only_b"] == [] and len(doc["only_a"]) == 1
    assert "HP " in gm("diff", "main", "what-if")


def test_diff_unknown_branch_is_a_usage_error(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    gm = Gm(fracas_inprocess, tmp_path / "f.db")
    gm("new", "duel", "--seed", "7")
    done = fracas_inprocess("diff", "main", "nope", db=tmp_path / "f.db")
    assert_one_line_error(done, 2, "no branch called 'nope'")
