"""The GURPS sheet: derived values (GURPS-DERIVED), thrust and swing by ST
(GURPS-DAMAGE-TABLE), damage strings, and strict errors with dotted paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rules.gurps.profile import build_profile, weapon_damage
from engine.rules.gurps.sheet_io import load_sheet
from engine.rules.gurps.tables import swing, thrust
from engine.sheets import SheetError

from .conftest import PISTOL, sheet

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "sheets" / "gurps"


def _load(tmp_path: Path, data: dict[str, object]):  # type: ignore[no-untyped-def]
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    return load_sheet(path)


@pytest.mark.parametrize(
    ("st", "thr", "sw"),
    [(1, (1, -6), (1, -5)), (10, (1, -2), (1, 0)), (12, (1, -1), (1, 2)), (13, (1, 0), (2, -1)),
     (17, (1, 2), (3, -1)), (20, (2, -1), (3, 2)), (40, (4, 1), (7, -1))],
)  # fmt: skip
def test_thrust_and_swing_by_st(st: int, thr: tuple[int, int], sw: tuple[int, int]) -> None:
    """GURPS-DAMAGE-TABLE: ST 12 thrusts 1d-1 and swings 1d+2; ST 20 2d-1 and 3d+2."""
    assert (thrust(st), swing(st)) == (thr, sw)


@pytest.mark.parametrize(
    ("text", "st", "dice", "kind", "divisor", "explosive"),
    [
        ("sw+1 cut", 12, "1D6+3", "cut", 1, False),
        ("thr+1 imp", 12, "1D6", "imp", 1, False),
        ("2d pi", 12, "2D6", "pi", 1, False),
        ("3d cr ex", 10, "3D6", "cr", 1, True),
        ("6d(2) pi", 10, "6D6", "pi", 2, False),
        ("sw cr", 14, "2D6", "cr", 1, False),
        ("1d-1 pi+", 10, "1D6-1", "pi+", 1, False),
    ],
)
def test_damage_strings(
    text: str, st: int, dice: str, kind: str, divisor: int, explosive: bool
) -> None:
    """GURPS-DAMAGE-TABLE: a weapon's damage worked out for its wielder once, at join."""
    damage, rolled = weapon_damage(text, st)
    assert (rolled, damage.type, damage.divisor, damage.explosive) == (
        dice,
        kind,
        divisor,
        explosive,
    )


def test_derived_values(tmp_path: Path) -> None:
    """GURPS-DERIVED: HP = ST, FP = HT, Will = Per = IQ, Basic Speed (DX+HT)/4, Move its whole
    part; a sheet may set them (here Per and Basic Speed)."""
    p = build_profile(_load(tmp_path, sheet("x", attributes={"st": 12, "dx": 13, "ht": 12})))
    assert (p.hp, p.fp, p.will, p.per, p.basic_speed, p.basic_move) == (12, 12, 10, 10, 6.25, 6)
    p = build_profile(_load(tmp_path, sheet("x", attributes={"per": 14, "basic_speed": 7.5})))
    assert (p.per, p.basic_speed, p.basic_move, p.overridden) == (
        14,
        7.5,
        7,
        ("per", "basic_speed"),
    )


def test_ranged_weapon_and_dr(tmp_path: Path) -> None:
    """A ranged weapon keeps its Acc, RoF, Recoil and shots; DR by location with "all"."""
    data = sheet("x", skills={"guns": 14}, weapons=[PISTOL], dr={"all": 2, "skull": 4})
    p = build_profile(_load(tmp_path, data))
    w = p.weapons[0]
    assert (w.acc, w.rof, w.recoil, w.shots, w.level, w.ranged) == (2, 3, 2, 9, 14, True)
    assert p.dr == {"all": 2, "skull": 4}


def test_every_example_sheet_loads() -> None:
    names = {build_profile(load_sheet(p)).name for p in EXAMPLES.glob("*.*")}
    assert names == {"Sir Aldric", "Vic Moran", "Bruno", "Kenji Mori"}


def test_every_problem_at_once_with_its_path(tmp_path: Path) -> None:
    bad = sheet(
        "x",
        attributes={"st": 0},
        skills={"Guns": 3},
        traits={"lucky": True},
        dr={"tail": 1},
        weapons=[{"name": "gun", "skill": "guns", "damage": "2d laser", "acc": 1}],
    )
    with pytest.raises(SheetError) as err:
        _load(tmp_path, bad)
    text = str(err.value)
    for path in ("attributes.st", "skills.Guns", "traits.lucky", "dr.tail", "weapons[0].damage"):
        assert path in text


ISSUE_SHEET = """
name = "Sir Aldric"
kind = "pc"
[attributes]
st = 12
dx = 13
iq = 10
ht = 12
[skills]
broadsword = 15
shield = 14
[traits]
combat_reflexes = true
[dr]
all = 2
skull = 4
[[weapons]]
name = "broadsword"
skill = "broadsword"
damage = "sw+1 cut"
reach = "1"
parry = 0
[[weapons]]
name = "pistol"
skill = "guns"
damage = "2d pi"
acc = 2
rof = "3"
recoil = 2
shots = 9
half_damage = 150
max = 1900
malf = 17
"""


def test_the_issue_sheet_loads_and_an_unlisted_skill_defaults(tmp_path: Path) -> None:
    """GURPS-DERIVED: the sheet of the issue as written; its pistol's Guns, not listed,
    defaults to DX-4 = 9."""
    path = tmp_path / "aldric.toml"
    path.write_text(ISSUE_SHEET)
    p = build_profile(load_sheet(path))
    assert [(w.name, w.level, w.dice) for w in p.weapons] == [
        ("broadsword", 15, "1D6+3"),
        ("pistol", 9, "2D6"),
    ]
    assert p.dr == {"all": 2, "skull": 4} and p.traits == ("combat_reflexes",)


def test_reach_and_rof_may_be_numbers(tmp_path: Path) -> None:
    """A reach of 1 and a RoF of 3 read as "1" and "3"."""
    data = sheet("x", skills={"guns": 12})
    data["weapons"] = [
        {**data["weapons"][0], "reach": 1},
        {**PISTOL, "rof": 3},
    ]
    p = build_profile(_load(tmp_path, data))
    assert (p.weapons[0].reach, p.weapons[1].rof) == ("1", 3)
