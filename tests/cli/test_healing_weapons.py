"""A weapon that heals, through the real command line with forced dice (README, "Sheets"):
its sheet says ``healing = true`` and its damage is negative (``-1D6``); a hit gives back what
the dice take away, as ``ruling --heal`` does (Palladium: H.P. then S.D.C., or M.D.C. for a
Mega-Damage being, PAL-DMG-POOLS; Basic Roleplaying: the total HP), with no damage bonus
(PAL-DMG-PS-BONUS; BRP's damage modifier) and no armor. What the sign says goes: a roll that
comes out above 0 hurts as any hit. Undo, redo and ``replay --verify`` hold.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from tests.conftest import SHEETS, CliResult, GmCli

Invoke = Callable[..., CliResult]


def _sheet(tmp: Path, source: Path, name: str, **weapon: Any) -> Path:
    """``source`` as JSON with its first weapon changed by ``weapon``."""
    text = source.read_text()
    data: dict[str, Any] = tomllib.loads(text) if source.suffix == ".toml" else yaml.safe_load(text)
    data["weapons"][0] = {**data["weapons"][0], **weapon}
    out = tmp / f"{name}.json"
    out.write_text(json.dumps(data))
    return out


def _entry(gm: GmCli, cid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in gm.json("status")["combatants"] if c["id"] == cid)
    return found


def palladium(fracas_inprocess: Invoke, tmp_path: Path, damage: str = "-1D6") -> GmCli:
    """Marcus (P.S. damage bonus +5) with a healing knife, Rook hurt for 10 S.D.C., Brodkil
    (80 M.D.C.) hurt for 10 M.D.; Marcus acts first."""
    gm = GmCli(fracas_inprocess, tmp_path / "heal.db")
    medic = _sheet(
        tmp_path, SHEETS / "marcus_kell.toml", "medic", damage=damage, healing=True,
        mega_damage=False,
    )  # fmt: skip
    gm("new", "clinic", "--seed", "7")
    gm("add", str(medic), "--id", "medic")
    gm("add", str(SHEETS / "rook.toml"), "--id", "rook")
    gm("ruling", "rook", "--damage", "10")
    gm("initiative", "--dice", "20,1")
    return gm


def test_PAL_DMG_POOLS_a_healing_weapon_heals_what_its_dice_take_away(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = palladium(fracas_inprocess, tmp_path)
    assert _entry(gm, "rook")["sdc"] == 10
    text = gm("strike", "medic", "rook", "--weapon", "vibro-knife", "--defend", "none",
              "--dice", "15,4")  # fmt: skip
    assert "-1D6 [4]" in text and "= -4" in text
    assert "not added to a healing weapon's dice [sheet, PAL-DMG-PS-BONUS]" in text
    assert "Rook S.D.C.: 10 -> 14 (+4)" in text
    assert _entry(gm, "rook")["sdc"] == 14
    line = gm("log").splitlines()[-1]
    assert "-1D6 = -4" in line and "Rook S.D.C. 10 → 14" in line
    doc = gm.json("log")[-1]
    healed = [e for e in doc["events"] if e["type"] == "palladium.healed"]
    assert [(e["pool"], e["amount"], e["before"], e["after"]) for e in healed] == [
        ("sdc", 4, 10, 14)
    ]
    assert "verified" in gm("replay", "--verify")
    gm("undo")
    assert _entry(gm, "rook")["sdc"] == 10
    gm("redo")
    assert _entry(gm, "rook")["sdc"] == 14


def test_PAL_DMG_POOLS_healing_fills_hit_points_first_and_never_past_the_sheet(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = palladium(fracas_inprocess, tmp_path, damage="-3D6")
    gm("ruling", "rook", "--damage", "13")  # S.D.C. 10 -> 0, then H.P. 25 -> 22
    before = _entry(gm, "rook")
    assert (before["hp"], before["sdc"]) == (22, 0)
    gm("strike", "medic", "rook", "--weapon", "vibro-knife", "--defend", "none",
       "--dice", "15,6,6,6")  # fmt: skip  # -18: 3 H.P. to the sheet's 25, then 15 S.D.C.
    after = _entry(gm, "rook")
    assert (after["hp"], after["sdc"]) == (25, 15)


def test_PAL_DMG_POOLS_a_healing_hit_on_one_at_full_health_heals_nothing(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = palladium(fracas_inprocess, tmp_path)
    gm("ruling", "rook", "--heal", "10")
    text = gm("strike", "medic", "rook", "--weapon", "vibro-knife", "--defend", "none",
              "--dice", "15,4")  # fmt: skip
    assert "= -4" in text and "S.D.C.:" not in text
    assert _entry(gm, "rook")["sdc"] == 20


def test_PAL_DMG_POOLS_what_the_sign_says_goes_a_roll_above_0_hurts(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = palladium(fracas_inprocess, tmp_path, damage="-1D6+1D8")
    gm("strike", "medic", "rook", "--weapon", "vibro-knife", "--defend", "none",
       "--dice", "15,1,8")  # fmt: skip  # -1 + 8 = 7: a wound, no bonus added
    assert _entry(gm, "rook")["sdc"] == 3


def test_a_healing_weapon_in_basic_roleplaying_heals_the_total_hp(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    gm = GmCli(fracas_inprocess, tmp_path / "brp.db")
    healer = _sheet(tmp_path, SHEETS / "brp" / "ilsa_varg.toml", "healer", damage="-1D8",
                    healing=True)  # fmt: skip
    gm("new", "clinic", "--seed", "3", "--system", "brp")
    gm("add", str(healer), "--id", "ilsa")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit")  # armor 2, HP 13
    gm("ruling", "bandit", "--damage", "5")
    gm("initiative")
    gm("next")
    gm("next")
    text = gm("attack", "ilsa", "bandit", "--defend", "none", "--dice", "10,3")
    assert "-1D8 [3] = -3" in text and "a healing weapon: its own dice" in text
    assert "Hollow-Eyed Bandit HP 8 -> 11 (+3)" in text
    assert "armor" not in text.split("damage to")[1]  # no armor against a healing hit
    assert _entry(gm, "bandit")["hp"] == 11
    assert "verified" in gm("replay", "--verify")
    gm("undo")
    assert _entry(gm, "bandit")["hp"] == 8
