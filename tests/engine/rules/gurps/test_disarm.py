"""Striking at a weapon to knock it away (GURPS-DISARM, GURPS-STRIKE-WEAPON)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.gurps import (
    AttackRolled,
    ContestRolled,
    DefenseRolled,
    DisarmDeclared,
    ManeuverDeclared,
    WeaponState,
)

from .conftest import PISTOL, Fight, one, sheet

RAPIER = {"name": "rapier", "skill": "broadsword", "damage": "thr+1 imp", "reach": "1",
          "parry": 0, "fencing": True}  # fmt: skip
SPEAR = {"name": "spear", "skill": "broadsword", "damage": "thr+2 imp", "reach": "1,2",
         "parry": 0}  # fmt: skip


def _disarm(fight: Fight, *rolled: int, **kw: object):  # type: ignore[no-untyped-def]
    return fight.declare(DisarmDeclared(actor="a", target="b", **kw), rolled)  # type: ignore[arg-type]


def test_size_penalty_and_the_disarm_penalty(duel: Fight) -> None:
    """GURPS-STRIKE-WEAPON, GURPS-DISARM: a broadsword (reach 1) is -4 to strike at, and a
    disarm -2 more: 12 - 6 = 6."""
    r = one(_disarm(duel, 6, 6, 6).events, AttackRolled).roll
    assert r.target == 6
    assert [(m.value, m.rule) for m in r.target_modifiers] == [
        (-4, "GURPS-STRIKE-WEAPON"),
        (-2, "GURPS-DISARM"),
    ]


def test_fencing_weapons_skip_the_penalty_and_sizes(fight: Fight) -> None:
    """GURPS-DISARM, GURPS-STRIKE-WEAPON: a fencing weapon has no -2; a reach-2 spear is -3,
    a pistol -5."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, weapons=[RAPIER]))
    fight.add("b", sheet("B", skills={"broadsword": 12, "guns": 12}, weapons=[SPEAR, PISTOL]))
    fight.start(1, 1)
    r = one(_disarm(fight, 6, 6, 6).events, AttackRolled).roll
    assert r.target == 9  # 12 - 3, no -2
    fight.next()
    r = one(_disarm(fight, 6, 6, 6, at="pistol").events, AttackRolled).roll
    assert r.target == 7  # 12 - 5


def test_won_contest_knocks_the_weapon_away(duel: Fight) -> None:
    """GURPS-DISARM: a hit, a failed parry with the weapon struck at, then the Quick Contest
    (broadsword 12 against broadsword 12): by 6 against a miss by 3: the weapon flies; a Ready
    picks it up."""
    _disarm(duel, 2, 2, 2)
    result = duel.defend("b", "parry", 6, 6, 6, 2, 2, 2, 5, 5, 5)
    assert one(result.events, DefenseRolled).weapon == "broadsword"
    assert one(result.events, ContestRolled).winner == "a"
    assert one(result.events, WeaponState).state == "dropped"
    assert duel.who("b")["weapons"] == {"broadsword": "dropped"}
    with pytest.raises(IllegalAction, match="dropped"):
        duel.attack("b", "a", 3, 3, 3, weapon="broadsword")
    duel.declare(ManeuverDeclared(actor="b", maneuver="ready", weapon="broadsword"))
    assert duel.who("b")["weapons"] == {"broadsword": "ready"}


def test_lost_contest_leaves_it_unready_unless_won_by_three(duel: Fight) -> None:
    """GURPS-DISARM: the defender wins by 1 (12 against 11, both made): he keeps it, unready;
    by 3 or more he keeps it ready."""
    result = _disarm(duel, 2, 2, 2, 4, 4, 4, 4, 4, 3, defend="none")
    contest = one(result.events, ContestRolled)
    assert (contest.winner, contest.margin) == ("b", 1)
    assert one(result.events, WeaponState).state == "unready"
    duel.declare(ManeuverDeclared(actor="b", maneuver="ready", weapon="broadsword"))
    result = _disarm(duel, 2, 2, 2, 5, 5, 4, 3, 3, 3, defend="none")
    contest = one(result.events, ContestRolled)
    assert (contest.winner, contest.margin) == ("b", 5)
    assert [e for e in result.events if isinstance(e, WeaponState)] == []


def test_no_block_against_a_disarm(duel: Fight) -> None:
    """GURPS-STRIKE-WEAPON: only a dodge or a parry with that weapon."""
    _disarm(duel, 2, 2, 2)
    assert list(duel.status()["pending"]["detail"]["allowed"]) == ["dodge", "parry"]
    with pytest.raises(IllegalAction, match="cannot block"):
        duel.defend("b", "block", 3, 3, 3)
