"""Holds, entanglements, disarms and the new answers through the real command line, in both
variants: PAL-COND-HELD, PAL-DEF-ENTANGLE, PAL-COND-ENTANGLED, PAL-DEF-DISARM,
PAL-DEF-ROLL-IMPACT, PAL-HR-NO-BACKFLIP (exit codes, one-line refusals, ``status --json``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.table import Table

from .conftest import SHEETS
from .test_rules_cli import Cli, typed

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "sheets"


@pytest.fixture(params=["raw", "house"])
def brawl(request: pytest.FixtureRequest, tmp_path: Path) -> Cli:
    """Jade Tiger (Martial Arts 13: holds) first, Rook, and a Basic brawler ``b``."""
    c = Cli(tmp_path)
    table = Table(c.db)
    table.new("brawl", 3, variant=request.param)
    table.add(EXAMPLES / "jade_tiger.toml", cid="jade")
    table.add(EXAMPLES / "rook.toml", cid="rook")
    table.add(SHEETS / "brawler.toml", cid="b")
    c.run("initiative", "--dice", "18,5" if request.param == "house" else "18,5,2")
    return c


def to_turn(cli: Cli, cid: str) -> None:
    """End turns until it is ``cid``'s (a new round if need be)."""
    for _ in range(12):
        acting = cli.json("status")["acting"]
        if acting == cid:
            return
        if acting is None:
            cli.run("initiative", "--dice", "18,5,2")
        else:
            cli.run("next")
    raise AssertionError(f"{cid}'s turn never came")


def entry(cli: Cli, cid: str) -> dict[str, object]:
    return next(c for c in cli.json("status")["combatants"] if c["id"] == cid)


def test_PAL_COND_HELD_cli_grapple_status_escape_and_release(brawl: Cli) -> None:
    events = brawl.events("grapple", "jade", "rook", "--hold", "neck", "--defend", "none",
                          "--dice", "12")  # fmt: skip
    assert typed(events, "hold_taken")[0]["hold"] == "neck"
    rook = entry(brawl, "rook")
    assert rook["holds"] == [{"holder": "jade", "victim": "rook", "hold": "neck"}]
    assert {"name": "held", "rounds_left": None} in rook["conditions"]  # type: ignore[operator]
    to_turn(brawl, "rook")
    refused = brawl.run("strike", "rook", "jade", "--dice", "15", code=1)
    assert "cannot attack (PAL-COND-HELD)" in refused.stderr
    assert "holds rook (neck hold)" in brawl.run("status").stdout
    to_turn(brawl, "jade")
    done = brawl.run("release-hold", "jade")
    assert "let go" in done.stdout
    assert entry(brawl, "rook")["holds"] == []


def test_PAL_COND_HELD_cli_refusals_write_nothing(brawl: Cli) -> None:
    before = len(brawl.json("log"))
    bad = brawl.run("grapple", "jade", "rook", "--hold", "tail", code=2)
    assert "tail" in bad.stderr
    no_style = brawl.run("pass", "jade")  # to Rook (Basic 4): no holds
    assert no_style.returncode == 0
    before = len(brawl.json("log"))
    refused = brawl.run("grapple", "rook", "jade", "--hold", "arm", code=1)
    assert "does not grant holds" in refused.stderr and "nothing was written" in refused.stderr
    loose = brawl.run("escape", "rook", code=1)
    assert "is not held" in loose.stderr
    assert len(brawl.json("log")) == before


def test_PAL_DEF_ENTANGLE_cli_entangle_status_and_free(brawl: Cli) -> None:
    brawl.run("pass", "jade")
    brawl.run("strike", "rook", "jade", "--dice", "9")  # total 9
    brawl.run("defend", "jade", "entangle", "--dice", "15")
    assert entry(brawl, "rook")["entangled"] == {"by": "jade", "total": 17}
    assert entry(brawl, "jade")["entangling"] == "rook"
    if brawl.json("status")["acting"] != "rook":
        to_turn(brawl, "rook")
    events = brawl.events("free", "rook", "--dice", "20")
    assert typed(events, "contest_rolled")[0]["success"] is True
    assert entry(brawl, "rook")["entangled"] is None


def test_PAL_DEF_ROLL_IMPACT_cli_halves_the_blow(brawl: Cli) -> None:
    events = brawl.events("strike", "jade", "rook", "--defend", "roll", "--dice", "5,19,3")
    assert typed(events, "defense_rolled")[0]["kind"] == "roll"
    damage = typed(events, "damage_rolled")[0]["roll"]
    assert damage["modifiers"][-1]["op"] == "div" and damage["modifiers"][-1]["value"] == 2


def test_PAL_HR_NO_BACKFLIP_cli(brawl: Cli) -> None:
    brawl.run("pass", "jade")
    brawl.run("strike", "rook", "jade", "--dice", "9")
    house = brawl.json("status")["variant"] == "house"
    done = brawl.run("defend", "jade", "back-flip", "--dice", "15", code=1 if house else 0)
    if house:
        assert "PAL-HR-NO-BACKFLIP" in done.stderr
    else:
        assert "back-flip" in done.stdout
