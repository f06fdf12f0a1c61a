"""A stun weapon through the real command line, with forced dice (BRP-STUN-WEAPON): the
damage less armor against the target's current HP on the resistance table; won, he is
stunned for as many rounds and takes only the weapon's least damage; resisted, the stun does
nothing at all ("if the attack fails, the target takes no damage and is not stunned")."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from tests.engine.rules.palladium.test_rules_cli import Cli

from .conftest import SHEETS


def stun_duel(tmp: Path) -> Cli:
    """The shooter (DEX 12) with a stun rod, 2D6, against the target (12 HP, armor 2); the
    ranks under way, the shooter to act."""
    data = tomllib.loads((SHEETS / "shooter.toml").read_text())
    data["weapons"] = [
        {"name": "stun rod", "skill": 50, "damage": "2D6", "length": "short", "stun": True}
    ]
    rod = tmp / "stunner.json"
    rod.write_text(json.dumps(data))
    cli = Cli(tmp)
    cli.run("new", "stun", "--seed", "1", "--system", "brp")
    cli.run("add", str(rod), "--id", "s", "--side", "law")
    cli.run("add", str(SHEETS / "target.toml"), "--id", "t", "--side", "crooks")
    for step in ("initiative", "next", "next"):
        cli.run(step)
    return cli


def brp(events: list[dict[str, Any]], tag: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == f"brp.{tag}"]


def hp(cli: Cli, cid: str) -> int:
    found: int = next(c for c in cli.json("status")["combatants"] if c["id"] == cid)["hp"]
    return found


@pytest.mark.parametrize(("d100", "stunned"), [(36, False), (20, True)])
def test_BRP_STUN_WEAPON_a_resisted_stun_does_nothing(
    tmp_path: Path, d100: int, stunned: bool
) -> None:
    """8 rolled less armor 2 is 6 against 12 HP: 20 %. 36 resists: no damage, not stunned,
    and the ply says so; 20 stuns him 6 rounds for the rod's least, 2, less armor: 0."""
    cli = stun_duel(tmp_path)
    done = cli.run("attack", "s", "t", "--weapon", "stun rod", "--defend", "none",
                   "--dice", f"30,6,2,{d100}")  # fmt: skip
    events = cli.json("log")[-1]["events"]
    res = brp(events, "resistance_rolled")[0]
    assert (res["active"], res["success"]) == ("stun damage 6", stunned)
    r = res["roll"]
    assert (r["judged"], r["total"], r["target"], r["margin"]) == ("under", d100, 20, 20 - d100)
    assert hp(cli, "t") == 12
    conditions = {
        c["name"]: c["rounds_left"] for c in cli.json("status")["combatants"][1]["conditions"]
    }
    if stunned:
        assert conditions == {"stunned": 6}
        assert [e["amount"] for e in brp(events, "damage_applied")] == [0]
    else:
        assert conditions == {}
        assert brp(events, "damage_applied") == []
        assert (
            "resisted: Target shrugs it off: no damage, not stunned (BRP-STUN-WEAPON)"
            in done.stdout
        )
