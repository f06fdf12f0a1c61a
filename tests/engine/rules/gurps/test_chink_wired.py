"""Chinks in armor through the one implementation, situations/chink.py (GURPS-CHINK)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.gurps import AttackRolled, InjuryApplied

from .conftest import Fight, one, sheet

SPEAR = {"name": "spear", "skill": "broadsword", "damage": "thr+2 imp", "reach": "1", "parry": 0}
AP = {"name": "ap", "skill": "broadsword", "damage": "1d(2) pi", "reach": "1", "parry": 0}


def _fight(fight: Fight, weapon: dict[str, object], dr: dict[str, int]) -> Fight:
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"broadsword": 18}, weapons=[weapon]))
    fight.add("b", sheet("B", dr=dr))
    fight.start(1, 1)
    return fight


def test_a_chink_elsewhere_than_the_torso_is_minus_10(fight: Fight) -> None:
    """GURPS-CHINK: the vitals' chink is -10 in place of the vitals' -3: 18 - 10 = 8."""
    _fight(fight, SPEAR, {"all": 6})
    roll = one(fight.attack("a", "b", 6, 6, 6, location="vitals", chink=True).events, AttackRolled)
    assert roll.roll.target == 8
    assert [(m.value, m.rule) for m in roll.roll.target_modifiers] == [(-10, "GURPS-CHINK")]


def test_a_chink_halves_dr_with_the_armor_divisor_at_once(fight: Fight) -> None:
    """GURPS-CHINK: DR 7 at a chink, armor divisor 2: 7 / 4 rounded down = 1; 6 piercing
    gets 5 through."""
    _fight(fight, AP, {"all": 7})
    out = fight.attack("a", "b", 1, 1, 1, 6, chink=True, defend="none").events
    hurt = one(out, InjuryApplied)
    assert (hurt.basic, hurt.dr, hurt.penetrating) == (6, 1, 5)


def test_crushing_finds_no_chink(fight: Fight) -> None:
    """GURPS-CHINK: a crushing blow cannot aim at a chink."""
    club = {"name": "club", "skill": "broadsword", "damage": "sw cr", "reach": "1", "parry": 0}
    _fight(fight, club, {"all": 2})
    with pytest.raises(IllegalAction, match="GURPS-CHINK"):
        fight.attack("a", "b", 6, 6, 6, chink=True)
