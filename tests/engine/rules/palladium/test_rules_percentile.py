"""Every percentile roll of the Palladium pack records how it was judged, through the real
command line with forced dice: "under" its chance with the target and the margin (a body
block's knockdown, a balance save, a counter-volley's 75 %), "under" the top of the band of a
table it is read on with the band as its tier (what else goes up), and an interrupt's 1D100 +
Spd, a contest, "over" the other's total (PAL-HR-DMG-BODYBLOCK, PAL-DMG-BODYBLOCK,
PAL-MSL-SHOOT-DOWN, PAL-HR-MSL-COUNTER-VOLLEY, PAL-HR-INTERRUPT)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.table import Table

from .conftest import SHEETS, sheet_file
from .test_rules_cli import Cli, typed

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "sheets"


def judged(r: dict[str, Any]) -> tuple[Any, ...]:
    return (r["judged"], r["total"], r["target"], r["margin"])


def fight(tmp: Path, variant: str, balance: int | None = None) -> Cli:
    """Brawler ``a`` (P.S. 10; a balance skill if given) and Expert ``x`` (P.S. 20)."""
    cli = Cli(tmp)
    table = Table(cli.db)
    table.new("block", 3, variant=variant)
    skills = {"skills": {"balance": balance}} if balance is not None else {}
    table.add(sheet_file(tmp, "brawler", **skills), cid="a", side="a")
    table.add(SHEETS / "expert.toml", cid="x", side="x")
    return cli


@pytest.mark.parametrize(("d100", "fell", "margin"), [(30, True, 0), (31, False, -1)])
def test_PAL_HR_DMG_BODYBLOCK_the_knockdown_is_judged_under_its_chance(
    tmp_path: Path, d100: int, fell: bool, margin: int
) -> None:
    """House: 50 % + 2 x (P.S. 10 - 20) = 30 %; 30 knocks him down, 31 does not. The roll
    says so: judged under 30 (the 50 and its step recorded), the margin to it."""
    cli = fight(tmp_path, "house")
    cli.run("initiative", "--dice", "18,2")
    events = cli.events("body-block", "a", "x", "--defend", "none", "--dice", f"10,{d100}")
    block = typed(events, "balance_rolled")[0]
    r = block["roll"]
    assert judged(r) == ("under", d100, 30, margin)
    assert (r["base"], [(m["name"], m["value"]) for m in r["target_modifiers"]]) == (
        50,
        [("2 x (P.S. 10 - 20)", -20)],
    )
    assert (block["fell"], block["chance"]) == (fell, 30)


def test_PAL_HR_DMG_BODYBLOCK_a_balance_save_is_judged_under_the_skill(tmp_path: Path) -> None:
    """Knocked down (x's 70 % on a), a's balance 45 % saves: under it, strictly (44, read
    from "under his skill"): knocked back, not down."""
    cli = fight(tmp_path, "house", balance=45)
    cli.run("initiative", "--dice", "2,18")
    events = cli.events("body-block", "x", "a", "--defend", "none", "--dice", "10,70,44")
    down, save = typed(events, "balance_rolled")
    assert judged(down["roll"]) == ("under", 70, 70, 0)
    assert judged(save["roll"]) == ("under", 44, 44, 0)
    assert [(m["value"], m["rule"]) for m in save["roll"]["target_modifiers"]] == [
        (-1, "PAL-HR-DMG-BODYBLOCK")
    ]
    assert save["fell"] is False
    assert "knocked down" not in {
        c["name"] for c in cli.json("status")["combatants"][0]["conditions"]
    }


@pytest.mark.parametrize(("d100", "fell", "margin"), [(50, True, 0), (51, False, -1)])
def test_PAL_DMG_BODYBLOCK_as_written_he_must_roll_above_the_chance(
    tmp_path: Path, d100: int, fell: bool, margin: int
) -> None:
    """As written a body block (two attacks: it lands on x's next turn) knocks down on 01-50
    (x's P.S. 20 adds nothing): the roll is the knockdown chance's, judged under 50; he keeps
    his feet only above it."""
    cli = fight(tmp_path, "raw")
    cli.run("initiative", "--dice", "2,18")
    cli.run("body-block", "x", "a", "--defend", "none")
    events = cli.events("pass", "a", "--dice", f"10,2,{d100}")
    block = typed(events, "balance_rolled")[0]
    assert block["roll"]["purpose"] == "knocked down"
    assert judged(block["roll"]) == ("under", d100, 50, margin)
    assert block["fell"] is fell


@pytest.mark.parametrize(("d100", "fell"), [(59, False), (60, True)])
def test_PAL_DMG_BODYBLOCK_as_written_a_balance_skill_is_rolled_under(
    tmp_path: Path, d100: int, fell: bool
) -> None:
    cli = fight(tmp_path, "raw", balance=60)
    cli.run("initiative", "--dice", "2,18")
    cli.run("body-block", "x", "a", "--defend", "none")
    block = typed(cli.events("pass", "a", "--dice", f"10,2,{d100}"), "balance_rolled")[0]
    assert judged(block["roll"]) == ("under", d100, 59, 59 - d100)
    assert block["fell"] is fell


def test_PAL_HR_INTERRUPT_a_contest_is_judged_over_the_other_total(tmp_path: Path) -> None:
    """1D100 + Spd each: x's 50 must beat a's 40 (target 41), a's 40 would keep his place
    by reaching x's 50."""
    cli = fight(tmp_path, "house")
    cli.run("initiative", "--dice", "2,18")
    cli.run("hold", "x", "--until", "a moves")
    rolled = typed(cli.events("interrupt", "x", "--dice", "40,30"), "interrupt_rolled")[0]
    assert judged(rolled["roll"]) == ("over", 50, 41, 9)
    assert judged(rolled["against_roll"]) == ("over", 40, 50, -10)
    assert rolled["wins"] is True


def volley(tmp: Path, variant: str) -> Cli:
    """A Skull Walker's volley of four at Dorn (SAMAS), waiting for his answer."""
    cli = Cli(tmp)
    table = Table(cli.db)
    table.new("volley", 11, variant=variant)
    table.add(EXAMPLES / "skull_walker.toml", cid="walker", side="o")
    table.add(EXAMPLES / "samas_pilot.toml", cid="dorn", side="p")
    if variant == "raw":
        cli.run("initiative", "--dice", "15,2")
        cli.run("launch", "walker", "dorn", "--missiles", "4", "--dice", "14")
    else:
        cli.run("initiative", "--dice", "2")
        cli.run("launch", "walker", "dorn", "--missiles", "4", "--range", "3000", "--dice", "14")
    return cli


@pytest.mark.parametrize(("d100", "gone"), [(75, 4), (76, 0)])
def test_PAL_MSL_SHOOT_DOWN_a_counter_volley_is_judged_under_75(
    tmp_path: Path, d100: int, gone: int
) -> None:
    cli = volley(tmp_path, "raw")
    events = cli.events("defend", "dorn", "counter-volley", "--dice", str(d100))
    thinned = typed(events, "volley_thinned")[0]
    assert judged(thinned["rolls"][0]) == ("under", d100, 75, 75 - d100)
    assert thinned["destroyed"] == gone


@pytest.mark.parametrize(
    ("d100", "top", "band"),
    [(30, 30, "one more"), (45, 60, "half the volley"), (61, 100, "the whole volley")],
)
def test_PAL_MSL_SHOOT_DOWN_the_table_roll_is_judged_under_its_band(
    tmp_path: Path, d100: int, top: int, band: str
) -> None:
    """A shot destroys one missile (40 M.D.), then 01-30 / 31-60 / 61-00: judged under the
    top of the band the roll falls in, the band its tier."""
    cli = volley(tmp_path, "raw")
    events = cli.events("defend", "dorn", "shoot-down", "--dice", f"18,4,{d100}")
    table = typed(events, "volley_thinned")[0]["rolls"][-1]
    assert table["purpose"] == "what else goes up"
    assert (*judged(table), table["tier"]) == ("under", d100, top, top - d100, band)
    assert f"{d100} vs {top}: {band.upper()}" in cli.run("explain", "5").stdout


def test_PAL_HR_MSL_COUNTER_VOLLEY_the_table_counts_its_plus_5s_and_is_judged(
    tmp_path: Path,
) -> None:
    """House: d100 + 5 a missile of his own volley, read on 20/40/60/more: 30 + 10 = 40 is the
    1D4 band, top 40."""
    cli = volley(tmp_path, "house")
    events = cli.events("defend", "dorn", "counter-volley", "--missiles", "2",
                        "--dice", "15,5,30,2")  # fmt: skip
    table = typed(events, "volley_thinned")[0]["rolls"][1]
    assert (*judged(table), table["tier"]) == ("under", 40, 40, 0, "1D4 more")
    assert [(m["value"], m["rule"]) for m in table["modifiers"]] == [
        (10, "PAL-HR-MSL-COUNTER-VOLLEY")
    ]
