"""Dual-weapon attacks (GURPS-DUAL-WEAPON): `attack --dual main` then `--dual off`, two rolls in
one Attack maneuver."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.gurps import AttackRolled, DefenseRolled, DualHand

from .conftest import Fight, one, sheet

KNIFE = {"name": "knife", "skill": "broadsword", "damage": "thr imp", "reach": "C,1", "parry": -1}
RIFLE = {"name": "rifle", "skill": "broadsword", "damage": "7d pi", "acc": 4, "bulk": -5,
         "shots": 5, "half_damage": 500, "max": 3000}  # fmt: skip


def _fight(fight: Fight, skill: int = 12, traits: dict[str, Any] | None = None) -> Fight:
    fight.new()
    sword = sheet("A")["weapons"][0]
    a = sheet(
        "A",
        attributes={"dx": 12},
        skills={"broadsword": skill},
        weapons=[sword, KNIFE, RIFLE],
        traits=traits or {},
    )
    fight.add("a", a)
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight


def test_each_hand_is_minus_4_and_the_off_hand_minus_4_more(fight: Fight) -> None:
    """GURPS-DUAL-WEAPON: broadsword 12 in the main hand at 8, the knife in the off hand at
    4; two rolls, and the turn ends after the second."""
    _fight(fight)
    first = fight.attack("a", "b", 6, 6, 6, weapon="broadsword", dual="main").events
    r = one(first, AttackRolled).roll
    assert (r.target, [(m.value, m.rule) for m in r.target_modifiers]) == (
        8,
        [(-4, "GURPS-DUAL-WEAPON")],
    )
    assert one(first, DualHand).hand == "main"
    assert fight.status()["acting"] == "a"
    second = one(fight.attack("a", "b", 6, 6, 6, weapon="knife", dual="off").events, AttackRolled)
    assert second.roll.target == 4
    assert [m.value for m in second.roll.target_modifiers] == [-4, -4]
    assert fight.status()["acting"] == "b"


def test_ambidexterity_drops_the_off_hands_extra_minus_4(fight: Fight) -> None:
    """GURPS-DUAL-WEAPON: with Ambidexterity the off hand is at -4 only: 8."""
    _fight(fight, traits={"ambidexterity": True})
    r = one(fight.attack("a", "b", 6, 6, 6, weapon="knife", dual="off").events, AttackRolled)
    assert r.roll.target == 8


def test_both_blows_at_one_foe_cost_him_1_on_defence(fight: Fight) -> None:
    """GURPS-DUAL-WEAPON: broadsword 18: the off-hand knife at 10 hits with 9; b's Dodge 8 is
    7 against the second blow at him."""
    _fight(fight, skill=18)
    fight.attack("a", "b", 6, 6, 6, weapon="broadsword", dual="main")
    out = fight.attack("a", "b", 3, 3, 3, 6, 6, 6, 4, weapon="knife", dual="off", defend="dodge")
    d = one(out.events, DefenseRolled).roll
    assert d.target == 7
    assert [(m.value, m.rule) for m in d.target_modifiers] == [(-1, "GURPS-DUAL-WEAPON")]


def test_dual_weapon_refusals(fight: Fight) -> None:
    """GURPS-DUAL-WEAPON: no rifle; after the main hand, a plain attack, the main hand again
    or the same weapon are refused."""
    _fight(fight)
    with pytest.raises(IllegalAction, match="not for a dual-weapon attack"):
        fight.attack("a", "b", 6, 6, 6, weapon="rifle", dual="main")
    fight.attack("a", "b", 6, 6, 6, weapon="broadsword", dual="main")
    with pytest.raises(IllegalAction, match="other hand"):
        fight.attack("a", "b", 6, 6, 6, weapon="knife")
    with pytest.raises(IllegalAction, match="other hand"):
        fight.attack("a", "b", 6, 6, 6, weapon="knife", dual="main")
    with pytest.raises(IllegalAction, match="other hand"):
        fight.attack("a", "b", 6, 6, 6, weapon="broadsword", dual="off")
