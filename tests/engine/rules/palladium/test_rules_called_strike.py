"""Called strikes in hand to hand through the real command line, with forced dice
(PAL-HR-STRIKE-CALLED-12, PAL-STRIKE-CALLED, PAL-STRIKE-NAT20, PAL-RNG-TARGET-WEAPON).

``strike A B --called LOCATION``: under the house rules one attack more, a hit on 5 as ever and
the called spot only on a total of 12 (below it the defender picks where); as written (the
quick called shot read for a blow, option ``melee_called``) one attack more, paid a turn at a
time, landing where called. Brawler ``a`` (Basic 1: no strike bonus, so the die is the total)
strikes Expert ``x`` (a knife, +4 with it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.table import Table

from .conftest import SHEETS, sheet_file
from .test_rules_cli import Cli, typed

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "sheets"


def duel(tmp: Path, variant: str, *options: str, knife_mdc: bool = False) -> Cli:
    """``a`` (4 attacks) first, ``x`` second; the round under way."""
    cli = Cli(tmp)
    opts = {k: v for k, v in (o.split("=") for o in options)}
    typed_opts: dict[str, Any] = {k: int(v) if v.isdigit() else v for k, v in opts.items()}
    table = Table(cli.db)
    table.new("duel", 7, variant=variant, options=typed_opts)
    table.add(SHEETS / "brawler.toml", cid="a", side="a")
    weapons = [
        {"name": "knife", "kind": "melee", "damage": "1D6", "strike": 1, "parry": 1,
         **({"mdc": 10, "mega_damage": True} if knife_mdc else {})},
        {"name": "pistol", "kind": "ranged", "damage": "2D6", "wp": "energy_pistol"},
    ]  # fmt: skip
    expert = sheet_file(tmp, "expert", weapons=weapons, weapon_proficiencies={"energy_pistol": 2})
    table.add(expert, cid="x", side="x")
    cli.run("initiative", "--dice", "18,2")
    return cli


def entry(cli: Cli, cid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in cli.json("status")["combatants"] if c["id"] == cid)
    return found


@pytest.mark.parametrize(
    ("die", "location", "why"),
    [
        (12, "head", "total 12 reaches 12: lands on the called head (PAL-HR-STRIKE-CALLED-12)"),
        (11, "defender's choice", "total 11 is under 12: it hits, but not the called head"),
    ],
)
def test_PAL_HR_STRIKE_CALLED_12_a_called_strike_costs_two_and_needs_12_for_its_spot(
    tmp_path: Path, die: int, location: str, why: str
) -> None:
    """PAL-HR-STRIKE-CALLED-12: two attacks, paid at once from the pass's two; 5 hits, 12
    strikes the head, 11 hits where the defender chooses."""
    cli = duel(tmp_path, "house")
    events = cli.events("strike", "a", "x", "--called", "head", "--defend", "none",
                        "--dice", f"{die},3")  # fmt: skip
    spent = typed(events, "apm_spent")
    assert [(s["amount"], s["on"], s["rule"]) for s in spent] == [
        (2, "called strike", "PAL-HR-STRIKE-CALLED-12")
    ]
    s = typed(events, "strike_rolled")[0]
    assert (s["hits"], s["called"], s["location"]) == (True, "head", location)
    assert why in s["reason"]
    assert typed(events, "damage_applied")[0]["amount"] == 3  # a hit all the same
    assert entry(cli, "a")["apm_by_pass"] == [0, 1, 1]


def test_PAL_HR_STRIKE_CALLED_12_a_total_under_5_misses_called_or_not(tmp_path: Path) -> None:
    cli = duel(tmp_path, "house")
    events = cli.events("strike", "a", "x", "--called", "head", "--dice", "4")
    s = typed(events, "strike_rolled")[0]
    assert (s["hits"], s["location"]) == (False, None)
    assert typed(events, "reaction_requested") == []


def test_PAL_STRIKE_NAT20_a_natural_20_hits_the_called_spot_whatever_the_number(
    tmp_path: Path,
) -> None:
    """A natural 20 lands on the called spot even when the called number is out of reach."""
    cli = duel(tmp_path, "house", "called_location_total=25")
    events = cli.events("strike", "a", "x", "--called", "throat", "--defend", "none",
                        "--dice", "20,2")  # fmt: skip
    s = typed(events, "strike_rolled")[0]
    assert (s["location"], s["critical"]) == ("throat", True)
    assert "a natural 20 hits the called throat (PAL-STRIKE-NAT20)" in s["reason"]


def test_PAL_STRIKE_CALLED_as_written_two_attacks_one_a_turn_landing_where_called(
    tmp_path: Path,
) -> None:
    """As written (option melee_called=extra_attack, the quick called shot read for a blow):
    the first attack is paid now, the blow lands on the next turn of ``a`` and on the called
    spot with no number beyond the hit; its dice go to the command that brings that turn."""
    cli = duel(tmp_path, "raw")
    first = cli.events("strike", "a", "x", "--called", "sword arm", "--defend", "none")
    started = typed(first, "action_started")[0]
    assert (started["action"], started["cost"], started["called"]) == ("called strike", 2,
                                                                       "sword arm")  # fmt: skip
    assert typed(first, "strike_rolled") == []
    assert typed(first, "apm_spent")[0]["rule"] == "PAL-COST-MULTI-LANDING"
    landed = cli.events("pass", "x", "--dice", "6,2")
    s = typed(landed, "strike_rolled")[0]
    assert (s["actor"], s["location"]) == ("a", "sword arm")
    assert "the called strike lands on the sword arm (PAL-STRIKE-CALLED)" in s["reason"]
    assert entry(cli, "a")["apm_left"] == 2  # four, less the two the called strike took
    assert entry(cli, "x")["sdc"] == 18


def test_PAL_STRIKE_CALLED_as_written_must_fit_in_the_round(tmp_path: Path) -> None:
    """A called strike costs two: with one attack left in the round it is refused."""
    cli = duel(tmp_path, "raw")
    for _ in range(3):  # a spends three of his four, x passes his turns
        cli.run("strike", "a", "x", "--defend", "none", "--dice", "2")
        cli.run("pass", "x")
    before = len(cli.json("log"))
    refused = cli.run("strike", "a", "x", "--called", "head", code=1)
    assert "a called strike costs 2 attacks" in refused.stderr
    assert len(cli.json("log")) == before


def test_PAL_HR_STRIKE_CALLED_12_answered_later_with_a_dodge(tmp_path: Path) -> None:
    """Without --defend the called strike waits for the answer, as any strike does."""
    cli = duel(tmp_path, "house")
    events = cli.events("strike", "a", "x", "--called", "knee", "--dice", "15")
    assert typed(events, "strike_rolled")[0]["location"] == "knee"
    assert cli.json("status")["pending"]["reactor"] == "x"
    answered = cli.events("defend", "x", "dodge", "--dice", "3,4")
    assert typed(answered, "defense_rolled")[0]["success"] is False
    assert typed(answered, "damage_applied")[0]["amount"] == 4


def test_PAL_HR_STRIKE_CALLED_12_at_a_weapon_in_hand_minus_3_and_the_weapon_takes_it(
    tmp_path: Path,
) -> None:
    """PAL-RNG-TARGET-WEAPON: a called strike at his knife is -3 (15 - 3 = 12, just enough
    for the called spot) and its damage comes off the knife's M.D.C., not off him."""
    cli = duel(tmp_path, "house", knife_mdc=True)
    events = cli.events("strike", "a", "x", "--called", "knife", "--at-weapon",
                        "--defend", "none", "--dice", "15,4")  # fmt: skip
    s = typed(events, "strike_rolled")[0]
    assert s["roll"]["total"] == 12
    assert [(m["value"], m["rule"]) for m in s["roll"]["modifiers"]] == [
        (-3, "PAL-RNG-TARGET-WEAPON")
    ]
    assert s["location"] == "knife"
    hit = typed(events, "weapon_damaged")[0]
    assert (hit["weapon"], hit["before"], hit["after"]) == ("knife", 10, 10 - hit["amount"])
    assert typed(events, "damage_applied") == []
    assert entry(cli, "x")["sdc"] == 20


def test_PAL_HR_STRIKE_CALLED_12_at_a_weapon_under_12_hits_him_instead(tmp_path: Path) -> None:
    """14 - 3 = 11: a hit, but not on the knife; the defender picks where, and the blow hurts
    him as any blow."""
    cli = duel(tmp_path, "house", knife_mdc=True)
    events = cli.events("strike", "a", "x", "--called", "knife", "--at-weapon",
                        "--defend", "none", "--dice", "14,4")  # fmt: skip
    assert typed(events, "strike_rolled")[0]["location"] == "defender's choice"
    assert typed(events, "weapon_damaged") == []
    assert typed(events, "damage_applied")[0]["amount"] == 4


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_HR_STRIKE_CALLED_12_with_a_move_one_attack_more_than_the_move(
    tmp_path: Path, variant: str
) -> None:
    """A called karate kick (Jade Tiger, Martial Arts 13) costs 2; the move's damage and
    bonuses stand."""
    cli = Cli(tmp_path)
    table = Table(cli.db)
    table.new("kick", 3, variant=variant)
    table.add(EXAMPLES / "jade_tiger.toml", cid="jade", side="j")
    table.add(EXAMPLES / "rook.toml", cid="rook", side="r")
    cli.run("initiative", "--dice", "18,2" if variant == "raw" else "18")  # house: NPCs fixed
    refused = cli.run("strike", "jade", "rook", "--move", "trip", "--called", "ankle", code=1)
    assert "cannot be called" in refused.stderr and "nothing was written" in refused.stderr
    kick = ("strike", "jade", "rook", "--move", "karate-kick", "--called", "head",
            "--defend", "none")  # fmt: skip
    if variant == "raw":  # one attack now, the kick on jade's next turn
        events = cli.events(*kick)
        assert typed(events, "action_started")[0]["cost"] == 2
        events = cli.events("pass", "rook", "--dice", "10,3,3")
    else:
        events = cli.events(*kick, "--dice", "10,3,3")
        assert typed(events, "apm_spent")[0]["amount"] == 2
    s = typed(events, "strike_rolled")[0]
    assert (s["move"], s["location"]) == ("karate-kick", "head")


def test_PAL_STRIKE_CALLED_option_melee_called_prices_or_refuses_it(tmp_path: Path) -> None:
    """melee_called=no_extra: one attack; melee_called=none: refused, nothing written."""
    (tmp_path / "free").mkdir()
    free = duel(tmp_path / "free", "house", "melee_called=no_extra")
    events = free.events("strike", "a", "x", "--called", "head", "--defend", "none",
                         "--dice", "12,1")  # fmt: skip
    assert typed(events, "apm_spent")[0]["amount"] == 1
    assert typed(events, "strike_rolled")[0]["location"] == "head"
    (tmp_path / "none").mkdir()
    none = duel(tmp_path / "none", "raw", "melee_called=none")
    before = len(none.json("log"))
    refused = none.run("strike", "a", "x", "--called", "head", code=1)
    assert "no called strike in hand to hand (PAL-STRIKE-CALLED)" in refused.stderr
    assert len(none.json("log")) == before


def test_PAL_RNG_TARGET_WEAPON_bad_calls_are_usage_errors_that_write_nothing(
    tmp_path: Path,
) -> None:
    cli = duel(tmp_path, "house")
    before = len(cli.json("log"))
    lone = cli.run("strike", "a", "x", "--at-weapon", code=2)
    assert "add --called" in lone.stderr
    empty = cli.run("strike", "a", "x", "--called", " ", code=2)
    assert "names what it aims at" in empty.stderr
    assert len(cli.json("log")) == before


def test_PAL_STRIKE_CALLED_a_strike_with_a_gun_is_a_called_shot(tmp_path: Path) -> None:
    """`strike --weapon GUN --called` is `shoot --called`: a called shot, two attacks."""
    cli = duel(tmp_path, "raw")
    cli.run("pass", "a")
    events = cli.events("strike", "x", "a", "--weapon", "pistol", "--called", "head")
    assert typed(events, "action_started")[0]["action"] == "called shot"
    assert typed(events, "action_started")[0]["called"] == "head"


def test_PAL_HR_STRIKE_CALLED_12_shows_in_log_and_explain(tmp_path: Path) -> None:
    cli = duel(tmp_path, "house")
    cli.run("strike", "a", "x", "--called", "head", "--defend", "none", "--dice", "11,3")
    log = cli.run("log").stdout.splitlines()[-1]
    assert "(called: head)" in log
    explained = cli.run("explain", "4").stdout
    assert "spends 2 attack(s) on called strike (PAL-HR-STRIKE-CALLED-12)" in explained
    assert "it hits, but not the called head; the defender chooses where" in explained
    rules = cli.run("explain", "4", "--rules").stdout
    assert "  PAL-HR-STRIKE-CALLED-12 — " in rules
