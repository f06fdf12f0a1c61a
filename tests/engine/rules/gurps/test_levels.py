"""Melee at different heights (GURPS-LEVELS): `attack --height FEET`."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UsageError
from events.gurps import AttackRolled, DefenseRolled

from .conftest import PISTOL, Fight, one, sheet

SPEAR = {"name": "spear", "skill": "broadsword", "damage": "thr+2 imp", "reach": "1,2", "parry": 0}


def _fight(fight: Fight, **options: object) -> Fight:
    fight.new(**options)
    sword = sheet("A")["weapons"][0]
    a = sheet("A", attributes={"dx": 12}, skills={"broadsword": 18, "guns": 12},
              weapons=[sword, SPEAR, PISTOL])  # fmt: skip
    fight.add("a", a)
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight


def _mods(fight: Fight, *rolled: int, **kw: object) -> list[tuple[int, str]]:
    r = one(fight.attack("a", "b", *rolled, **kw).events, AttackRolled).roll  # type: ignore[arg-type]
    return [(m.value, m.rule) for m in r.target_modifiers]


def test_two_feet_above_the_head_is_plus_1(fight: Fight) -> None:
    """GURPS-LEVELS: 2 ft above, the skull's -7 and +1 for the head: 18 - 6 = 12."""
    _fight(fight)
    assert _mods(fight, 6, 6, 6, location="skull", height=2) == [
        (-7, "GURPS-HITLOC-TABLE"),
        (1, "GURPS-LEVELS"),
    ]


def test_three_feet_below_defends_at_minus_1(fight: Fight) -> None:
    """GURPS-LEVELS: a strikes from 3 ft above: b, lower, dodges at 8 - 1 = 7."""
    _fight(fight)
    out = fight.attack("a", "b", 3, 3, 3, 6, 6, 6, 1, height=3, defend="dodge").events
    d = one(out, DefenseRolled).roll
    assert d.target == 7
    assert [(m.value, m.rule) for m in d.target_modifiers] == [(-1, "GURPS-LEVELS")]


def test_out_of_reach(fight: Fight) -> None:
    """GURPS-LEVELS: 4 ft above, the legs are out of reach; 5 ft below, the skull; 7 ft, the
    foe; a spear (reach 2) brings 7 ft to 4."""
    _fight(fight)
    with pytest.raises(IllegalAction, match="GURPS-LEVELS"):
        fight.attack("a", "b", 6, 6, 6, location="left_leg", height=4)
    with pytest.raises(IllegalAction, match="GURPS-LEVELS"):
        fight.attack("a", "b", 6, 6, 6, location="skull", height=-5)
    with pytest.raises(IllegalAction, match="out of reach in melee"):
        fight.attack("a", "b", 6, 6, 6, height=7)
    assert _mods(fight, 6, 6, 6, weapon="spear", height=7) == []


@pytest.mark.parametrize(
    ("on", "mods"),
    [
        (True, [(-7, "GURPS-HITLOC-TABLE"), (1, "GURPS-LEVELS")]),
        (False, [(-7, "GURPS-HITLOC-TABLE")]),
    ],
)
def test_option_levels_5ft_locations(fight: Fight, on: bool, mods: list[tuple[int, str]]) -> None:
    """GURPS-LEVELS, option levels_5ft_locations: 5 ft above, the head's +1 holds, or not."""
    _fight(fight, levels_5ft_locations=on)
    assert _mods(fight, 6, 6, 6, location="skull", height=5) == mods


def test_height_is_for_melee(fight: Fight) -> None:
    """GURPS-LEVELS: --height with a pistol is refused (GURPS-FIRE-ELEVATION is not yet)."""
    _fight(fight)
    with pytest.raises(UsageError, match="--height"):
        fight.attack("a", "b", 6, 6, 6, weapon="pistol", height=3)
