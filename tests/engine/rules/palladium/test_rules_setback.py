"""The house natural-1 setback through the real command line, with forced dice
(PAL-HR-STRIKE-NAT1, PAL-STRIKE-NAT1; option ``nat1_setback``).

Under the house rules a natural 1 on an attack misses only if its total misses, and, hit or
miss, something goes wrong for the attacker: a setback the GM narrates, recorded in the ply
(``palladium.natural_one_setback``), shown by the ply's output, by ``explain`` and under its
ply in ``log``. Expert ``x`` (+4 with his knife: a natural 1 still makes 5) and Brawler ``a``
(no bonus: a natural 1 misses).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.table import Table

from .conftest import SHEETS
from .test_rules_cli import Cli, typed

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "sheets"


def duel(tmp: Path, variant: str, **options: Any) -> Cli:
    """``x`` first (initiative 18 + 2), then ``a``."""
    cli = Cli(tmp)
    table = Table(cli.db)
    table.new("nat1", 5, variant=variant, options=options)
    table.add(SHEETS / "brawler.toml", cid="a", side="a")
    table.add(SHEETS / "expert.toml", cid="x", side="x")
    cli.run("initiative", "--dice", "2,18")
    return cli


def setbacks(events: list[dict[str, Any]]) -> list[tuple[str, str, bool | None]]:
    return [(e["actor"], e["action"], e["hits"]) for e in typed(events, "natural_one_setback")]


def test_PAL_HR_STRIKE_NAT1_a_natural_1_that_hits_still_brings_a_setback(tmp_path: Path) -> None:
    """1 + 4 = 5: the strike hits and does its damage, and the setback comes right after the
    roll that causes it; the ply's output, explain and log all show it."""
    cli = duel(tmp_path, "house")
    done = cli.run("strike", "x", "a", "--weapon", "knife", "--defend", "none", "--dice", "1,3")
    assert "SETBACK: a natural 1 on Expert Ace's strike (it hits all the same)" in done.stdout
    events = cli.json("log")[-1]["events"]
    assert setbacks(events) == [("x", "strike", True)]
    kinds = [e["type"] for e in events]
    assert (
        kinds.index("palladium.natural_one_setback") == kinds.index("palladium.strike_rolled") + 1
    )
    setback = typed(events, "natural_one_setback")[0]
    assert (setback["weapon"], setback["rule"]) == ("knife", "PAL-HR-STRIKE-NAT1")
    assert typed(events, "damage_applied")[0]["amount"] == 8  # 3 + 5: a hit all the same
    log = cli.run("log").stdout.splitlines()
    assert log[-1].startswith("      !  SETBACK: a natural 1 on Expert Ace's strike")
    assert "(PAL-HR-STRIKE-NAT1)" in cli.run("explain", "4").stdout


def test_PAL_HR_STRIKE_NAT1_a_natural_1_that_misses_brings_one_too(tmp_path: Path) -> None:
    cli = duel(tmp_path, "house")
    cli.run("pass", "x")
    events = cli.events("strike", "a", "x", "--dice", "1")
    assert typed(events, "strike_rolled")[0]["hits"] is False
    assert setbacks(events) == [("a", "strike", False)]


def test_PAL_STRIKE_NAT1_as_written_a_natural_1_misses_and_brings_no_setback(
    tmp_path: Path,
) -> None:
    """Rules as written: no critical failures; a natural 1 always misses."""
    cli = duel(tmp_path, "raw")
    events = cli.events("strike", "x", "a", "--weapon", "knife", "--dice", "1")
    s = typed(events, "strike_rolled")[0]
    assert (s["hits"], s["reason"]) == (False, "natural 1 always misses (PAL-STRIKE-NAT1)")
    assert setbacks(events) == []


@pytest.mark.parametrize(
    ("option", "x_hits", "a_misses"),
    [
        ("off", [], []),
        ("on_miss", [], [("a", "strike", False)]),
        ("always", [("x", "strike", True)], [("a", "strike", False)]),
    ],
)
def test_PAL_HR_STRIKE_NAT1_option_nat1_setback(
    tmp_path: Path, option: str, x_hits: list[Any], a_misses: list[Any]
) -> None:
    """``off`` turns it off; ``on_miss`` (001:L152's reading) gives it only to a miss."""
    cli = duel(tmp_path, "house", nat1_setback=option)
    hit = cli.events("strike", "x", "a", "--weapon", "knife", "--defend", "none",
                     "--dice", "1,3")  # fmt: skip
    assert setbacks(hit) == x_hits
    cli.run("pass", "x")
    miss = cli.events("strike", "a", "x", "--dice", "1")
    assert setbacks(miss) == a_misses


def test_PAL_HR_STRIKE_NAT1_as_written_with_the_option_on(tmp_path: Path) -> None:
    """A RAW table that wants the setback: the natural 1 misses as written, and brings it."""
    cli = duel(tmp_path, "raw", nat1_setback="always")
    events = cli.events("strike", "x", "a", "--weapon", "knife", "--dice", "1")
    assert setbacks(events) == [("x", "strike", False)]


def test_PAL_HR_STRIKE_NAT1_a_strike_back_is_an_attack_too(tmp_path: Path) -> None:
    """The defender who answers with a simultaneous strike and rolls a natural 1 has the
    setback, in the ply of his answer (a RAW table with the option on: the natural 1 misses
    as written)."""
    cli = duel(tmp_path, "raw", nat1_setback="always")
    cli.run("strike", "x", "a", "--weapon", "knife", "--dice", "12")
    events = cli.events("defend", "a", "simultaneous", "--dice", "1,3")
    assert setbacks(events) == [("a", "strike", False)]
    kinds = [e["type"] for e in events]
    assert (
        kinds.index("palladium.natural_one_setback") == kinds.index("palladium.strike_rolled") + 1
    )


def test_PAL_HR_STRIKE_NAT1_a_shot_and_covering_fire(tmp_path: Path) -> None:
    """A gun's natural 1 (Vance's energy rifle, W.P. +1: 2 misses 8), and a burst of
    covering fire's: its hit is settled as someone crosses (``hits`` null)."""
    cli = Cli(tmp_path)
    table = Table(cli.db)
    table.new("guns", 5, variant="house")
    table.add(EXAMPLES / "samas_pilot.toml", cid="dorn", side="p")
    table.add(EXAMPLES / "cs_grunt.yaml", cid="vance", side="o")
    cli.run("initiative", "--dice", "15")
    cli.run("pass", "dorn")
    shot = cli.events("shoot", "vance", "dorn", "--weapon", "energy rifle", "--range", "100",
                      "--dice", "1")  # fmt: skip
    assert setbacks(shot) == [("vance", "shot", False)]
    cli.run("next")
    cover = cli.events("cover", "dorn", "--attacks", "1", "--dice", "1")
    assert setbacks(cover) == [("dorn", "covering fire", None)]
