"""Disarming on one implementation, situations/weapons.py (GURPS-DISARM, GURPS-STRIKE-WEAPON):
what the pack gained from it."""

from __future__ import annotations

import pytest

from events.gurps import AttackRolled, ContestRolled, DefenseRolled, DisarmDeclared

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


GREATSWORD = {"name": "greatsword", "skill": "two_handed_sword", "damage": "sw+3 cut",
              "reach": "1,2", "parry": 0}  # fmt: skip


@pytest.mark.parametrize(("two_handed", "keep"), [(True, 14), (False, 12)])
def test_a_two_handed_weapon_is_plus_2_to_keep(fight: Fight, two_handed: bool, keep: int) -> None:
    """GURPS-DISARM: the defender is +2 in the Quick Contest with a two-handed weapon (the
    sheet's ``two_handed``): b's greatsword 12 keeps at 14; one-handed, at 12. The strike at
    it (reach 2: -3, and -2 to disarm) is broadsword 12 - 5 = 7."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}))
    weapon = {**GREATSWORD, "two_handed": two_handed}
    fight.add("b", sheet("B", skills={"two_handed_sword": 12}, weapons=[weapon]))
    fight.start(1, 1)
    out = fight.declare(
        DisarmDeclared(actor="a", target="b", defend="none"), (2, 2, 2, 3, 3, 3, 3, 3, 3)
    ).events
    assert one(out, AttackRolled).roll.target == 7
    theirs = one(out, ContestRolled).passive_roll
    assert theirs.target == keep
    expected = [(2, "GURPS-DISARM", "holding a two-handed weapon")] if two_handed else []
    assert [(m.value, m.rule, m.name) for m in theirs.target_modifiers] == expected
