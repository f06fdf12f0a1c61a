"""Disarming on one implementation, situations/weapons.py (GURPS-DISARM, GURPS-STRIKE-WEAPON):
what the pack gained from it."""

from __future__ import annotations

from events.gurps import ContestRolled, DefenseRolled, DisarmDeclared

from .conftest import SHIELD, Fight, one, sheet

SAI = {"name": "sai", "skill": "jitte_sai", "damage": "thr cr", "reach": "1", "parry": 0}


def test_a_shield_adds_no_db_against_a_disarm(fight: Fight) -> None:
    """GURPS-STRIKE-WEAPON: b parries the disarm with his broadsword (3 + 12/2 = 9); his
    shield's DB 2 does not count when a weapon is struck at."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}))
    broadsword = sheet("B")["weapons"][0]
    fight.add(
        "b", sheet("B", skills={"broadsword": 12, "shield": 12}, weapons=[broadsword, SHIELD])
    )
    fight.start(1, 1)
    fight.declare(DisarmDeclared(actor="a", target="b", at="broadsword"), (2, 2, 2))
    d = one(fight.defend("b", "parry", 3, 3, 3).events, DefenseRolled).roll
    assert d.target == 9
    assert d.target_modifiers == ()


def test_jitte_sai_is_plus_2_in_the_contest(fight: Fight) -> None:
    """GURPS-DISARM: disarming with Jitte/Sai 12 rolls the contest at 14."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"jitte_sai": 12}, weapons=[SAI]))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    out = fight.declare(
        DisarmDeclared(actor="a", target="b", defend="none"), (2, 2, 2, 3, 3, 3, 3, 3, 3)
    ).events
    c = one(out, ContestRolled)
    assert c.active_roll.target == 14
    assert [(m.value, m.rule) for m in c.active_roll.target_modifiers] == [(2, "GURPS-DISARM")]
