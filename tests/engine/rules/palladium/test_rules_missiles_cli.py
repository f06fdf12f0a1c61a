"""Issue 10's later rows through the real command line, with the shipped sheets and --dice:
a volley blocked with power armor arms (PAL-MSL-BLOCK), a multi-warhead's release
(PAL-MSL-MULTI-WARHEAD), a stray shot (PAL-STRIKE-STRAY), a grenade dodged (PAL-MSL-DODGE),
and the house size classes (PAL-HR-SIZE-CLASS); each ply's text and `explain` render."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

FRACAS = Path(sys.executable).parent / "fracas"
SHEETS = Path(__file__).resolve().parents[4] / "examples" / "sheets"


class Cli:
    def __init__(self, tmp: Path) -> None:
        self.db = tmp / "f.db"

    def run(self, *args: str, code: int = 0) -> str:
        done = subprocess.run(
            [str(FRACAS), "--db", str(self.db), *args], capture_output=True, text=True, check=False
        )
        assert done.returncode == code, (done.stdout, done.stderr)
        return done.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self.run("--json", *args))


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    """Dorn (SAMAS, class 4, arms 50 M.D.C.), the Skull Walker (class 6) and Vance (a grunt);
    the walker acts first, then Dorn, then Vance."""
    c = Cli(tmp_path)
    c.run("new", "t", "--seed", "3", "--variant", "raw")
    c.run("add", str(SHEETS / "samas_pilot.toml"), "--id", "dorn")
    c.run("add", str(SHEETS / "skull_walker.toml"), "--id", "walker")
    c.run("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance")
    c.run("initiative", "--dice", "5,18,3")
    return c


def who(cli: Cli, cid: str) -> dict[str, Any]:
    doc = cli.json("status")
    return next(c for c in doc["combatants"] if c["id"] == cid)


def test_PAL_MSL_BLOCK_cli_the_suits_arms_take_the_volley(cli: Cli) -> None:
    dice = "12," + ",".join(["2"] * 12)  # strike 12; 4 x 3D6x10 at 2s: 240 M.D.
    text = cli.run("launch", "walker", "dorn", "--missiles", "4", "--defend", "block",
                   "--dice", dice)  # fmt: skip
    assert "Sgt. Ilsa Dorn arms (M.D.C.): 50 -> 0 (-50; PAL-MSL-BLOCK)" in text
    assert "Sgt. Ilsa Dorn: arms destroyed (PAL-MSL-BLOCK)" in text
    dorn = who(cli, "dorn")
    assert dorn["arms"] == 0 and dorn["armor"]["mdc"] == 250
    assert "arms (M.D.C.)" in cli.run("explain", "5")


def test_PAL_MSL_MULTI_WARHEAD_cli_the_rail_lets_four_go(cli: Cli) -> None:
    text = cli.run("launch", "walker", "dorn", "--launcher", "multi-warhead rail", "--dice", "14")
    assert "they release 4 medium-range missile (HE heavy) at her (PAL-MSL-MULTI-WARHEAD)" in text
    volley = cli.json("status")["volley"]
    assert (volley["missile"], volley["left"]) == ("medium-range missile (HE heavy)", 4)
    assert who(cli, "walker")["missiles"]["multi-warhead missile"] == 1


def test_PAL_STRIKE_STRAY_cli_a_miss_strikes_the_grunt(cli: Cli) -> None:
    text = cli.run("shoot", "walker", "dorn", "--weapon", "laser turret", "--range", "500",
                   "--stray", "vance", "--dice", "2,3")  # fmt: skip
    assert "a stray shot: the miss strikes CS Grunt Vance (PAL-STRIKE-STRAY)" in text
    assert who(cli, "vance")["armor"]["mdc"] == 50 - 30


def test_PAL_MSL_DODGE_cli_a_grenade_dodged(cli: Cli) -> None:
    cli.run("next")
    text = cli.run("throw", "dorn", "vance", "--weapon", "frag grenade", "--range", "60",
                   "--defend", "dodge", "--dice", "15,20,3,3")  # fmt: skip
    assert "he dodged it: still in its blast radius: half (PAL-MSL-DODGE)" in text


def test_PAL_HR_SIZE_CLASS_cli_house_rules_weigh_the_walker(tmp_path: Path) -> None:
    c = Cli(tmp_path)
    c.run("new", "t", "--seed", "3", "--variant", "house")
    c.run("add", str(SHEETS / "samas_pilot.toml"), "--id", "dorn")
    c.run("add", str(SHEETS / "skull_walker.toml"), "--id", "walker")
    c.run("initiative", "--dice", "18")  # the walker, an N.P.C., keeps a fixed number
    text = c.run("shoot", "dorn", "walker", "--range", "500", "--defend", "none",
                 "--dice", "12,1")  # fmt: skip
    assert "+2 a larger target: size class 6, her 4 [rules, PAL-HR-SIZE-CLASS]" in text
