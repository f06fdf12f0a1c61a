"""Basic Roleplaying sheets: what is derived (HP, damage modifier, location HP, characteristic
rolls, Dodge), what a sheet may override, and every problem of a bad sheet at once (BRP §1.2,
[GK] readings in docs/RULES-brp.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules.brp.profile import build_profile
from engine.rules.brp.sheet_io import load_sheet, sheet_to_dict
from engine.rules.brp.tables import damage_modifier, location_hp
from engine.sheets import SheetError

from .conftest import SHEETS, Fight

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "sheets" / "brp"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.*")), ids=lambda p: p.name)
def test_every_example_sheet_loads(path: Path) -> None:
    sheet = load_sheet(path)
    assert build_profile(sheet).hp >= 1


def test_derived_values_of_the_issue_sheet() -> None:
    p = build_profile(load_sheet(SHEETS / "swordsman.toml"))
    assert p.hp == 12  # (CON 12 + SIZ 12) / 2
    assert p.damage_modifier == "+1D4"  # STR 13 + SIZ 12 = 25
    assert p.dex_rank == 15
    assert p.locations == {"right_leg": 4, "left_leg": 4, "abdomen": 4, "chest": 5,
                           "right_arm": 3, "left_arm": 3, "head": 4}  # fmt: skip
    assert p.rolls == {"effort": 65, "stamina": 60, "idea": 70, "luck": 55, "agility": 75,
                       "charisma": 50}  # fmt: skip
    assert p.skills["dodge"] == 40  # on the sheet


@pytest.mark.parametrize(
    ("str_siz", "db"),
    [(12, "-1D6"), (13, "-1D4"), (16, "-1D4"), (17, ""), (24, ""), (25, "+1D4"), (32, "+1D4"),
     (33, "+1D6"), (40, "+1D6"), (41, "+2D6"), (56, "+2D6"), (57, "+3D6"), (88, "+4D6"),
     (89, "+5D6"), (104, "+5D6"), (105, "+6D6")],
)  # fmt: skip
def test_damage_modifier_table(str_siz: int, db: str) -> None:
    assert damage_modifier(str_siz) == db


def test_location_hp_fractions_round_up() -> None:
    assert [location_hp(13, loc) for loc in ("head", "chest", "right_arm")] == [5, 6, 4]


def test_dodge_is_dex_x2_when_the_sheet_gives_none(fight: Fight) -> None:
    p = build_profile(load_sheet(SHEETS / "shooter.toml"))
    assert p.skills["dodge"] == 30
    fight.new()
    fight.add("target", "t", skills={"spot": 30})
    assert fight.who("t")["hp_max"] == 12


def test_a_sheet_overrides_derived_values(tmp_path: Path) -> None:
    text = (SHEETS / "target.toml").read_text() + (
        '\n[derived]\nhp = 20\ndamage_modifier = "+1D6"\n[derived.locations]\nhead = 9\n'
    )
    path = tmp_path / "big.toml"
    path.write_text(text)
    p = build_profile(load_sheet(path))
    assert (p.hp, p.damage_modifier, p.locations["head"], p.locations["chest"]) == (
        20,
        "+1D6",
        9,
        8,
    )
    assert set(p.overridden) == {"hp", "damage_modifier", "locations.head"}


def test_a_sheet_round_trips_through_the_log(fight: Fight) -> None:
    sheet = load_sheet(SHEETS / "swordsman.toml")
    data = sheet_to_dict(sheet)
    assert data["characteristics"]["str"] == 13 and data["armor"]["value"] == "1D8-1"


def test_every_problem_of_a_bad_sheet_at_once(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'name = ""\nkind = "boss"\n[characteristics]\nstr = "high"\ncon = 10\nsiz = 10\n'
        "int = 10\npow = 10\ndex = 0\n[skills]\nDodge = 40\n"
        '[[weapons]]\nname = "bow"\nskill = 40\ndamage = "1D8"\nkind = "missile"\n'
        '[[weapons]]\nname = "Bow"\nskill = 40\ndamage = "1D6"\nshots = 3\n'
        '[armor]\nvalue = "lots"\n'
    )
    with pytest.raises(SheetError) as err:
        load_sheet(path)
    problems = err.value.problems
    for where in ("name", "kind", "characteristics.str", "characteristics.dex",
                  "characteristics.cha", "weapons[0].base_range", "weapons[1].shots",
                  "weapons[1].name", "skills.Dodge", "armor.value"):  # fmt: skip
        assert any(p.startswith(where + ":") for p in problems), (where, problems)
