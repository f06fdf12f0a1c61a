"""A weapon's ST requirement (GURPS-ST-REQ): -1 to the skill a point of ST short, recorded with
its source; the parry worked from that skill; ST halved below 1/3 FP (GURPS-FATIGUE)."""

from __future__ import annotations

from typing import Any

from events.gurps import AttackRolled, DefenseRolled, GurpsRulingDeclared

from .conftest import Fight, one, sheet


def _sword(st: int) -> dict[str, Any]:
    return {
        "name": "greatsword",
        "skill": "broadsword",
        "damage": "sw+1 cut",
        "reach": "1",
        "parry": 0,
        "st": st,
    }


def _fight(fight: Fight, a: dict[str, Any], b: dict[str, Any]) -> Fight:
    fight.new()
    fight.add("a", a)
    fight.add("b", b)
    fight.start(1, 1)
    return fight


def test_st_short_is_minus_one_a_point(fight: Fight) -> None:
    """GURPS-ST-REQ: ST 10 with a ST 12 sword: broadsword 12 - 2 = 10."""
    _fight(fight, sheet("A", attributes={"dx": 12, "ht": 11}, weapons=[_sword(12)]), sheet("B"))
    r = one(fight.attack("a", "b", 5, 5, 5).events, AttackRolled).roll
    assert r.target == 10
    assert [(m.name, m.value, m.source, m.rule) for m in r.target_modifiers] == [
        ("ST 10, the greatsword needs ST 12", -2, "weapon", "GURPS-ST-REQ")
    ]


def test_the_parry_is_worked_from_the_lower_skill(fight: Fight) -> None:
    """GURPS-ST-REQ: B (ST 10, broadsword 12) parries with a ST 13 sword: skill 9, parry
    3 + 4 = 7 rather than 9."""
    b = sheet("B", weapons=[_sword(13)])
    _fight(fight, sheet("A", attributes={"dx": 12, "ht": 11}), b)
    d = one(fight.attack("a", "b", 3, 4, 4, 1, 1, 2, defend="parry").events, DefenseRolled)
    assert d.roll.target == 7
    assert [(m.value, m.rule) for m in d.roll.target_modifiers] == [(-2, "GURPS-ST-REQ")]


def test_st_halves_below_a_third_of_fp(fight: Fight) -> None:
    """GURPS-ST-REQ, GURPS-FATIGUE: ST 12 wields a ST 10 sword freely; at 3 of 11 FP his ST is
    6: 4 short, broadsword 12 - 4 = 8."""
    a = sheet("A", attributes={"st": 12, "dx": 12, "ht": 11}, weapons=[_sword(10)])
    _fight(fight, a, sheet("B"))
    fight.declare(GurpsRulingDeclared(combatant="a", damage=8, fp=True))
    r = one(fight.attack("a", "b", 5, 5, 5).events, AttackRolled).roll
    assert (r.target, [m.value for m in r.target_modifiers]) == (8, [-4])
