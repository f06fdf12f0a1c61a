"""d100 under a skill: the five tiers, automatic successes and failures, the modifier algebra
(difficulty grades first, Easy and Difficult cancelling, then flat percentages), and the
resistance table (BRP §1.2; [GK] readings in docs/RULES-brp.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules.brp.tables import TIER_RANK, resistance_chance, tier
from events.brp import AttackRolled

from .conftest import Fight, one


@pytest.mark.parametrize(
    ("roll", "skill", "expected"),
    [
        (1, 55, "critical"), (3, 55, "critical"), (4, 55, "special"), (11, 55, "special"),
        (12, 55, "success"), (55, 55, "success"), (56, 55, "failure"), (97, 55, "failure"),
        (98, 55, "fumble"), (100, 55, "fumble"),
        (1, 10, "critical"), (2, 10, "special"), (5, 10, "success"), (6, 10, "success"),
        (11, 10, "failure"), (96, 10, "fumble"),
        (99, 60, "fumble"), (98, 60, "failure"),
        (97, 150, "failure"), (99, 150, "failure"), (100, 150, "fumble"),
        (8, 150, "critical"), (30, 150, "special"),
        (5, 0, "success"), (6, 0, "failure"),
        (95, 490, "special"), (96, 490, "failure"), (97, 490, "failure"), (25, 490, "critical"),
    ],
)  # fmt: skip
def test_tiers(roll: int, skill: int, expected: str) -> None:
    """Critical at a twentieth, special at a fifth (L428, L538), fumble the top twentieth
    of the failures and 00 always; 01-05 always succeed, 96-00 always fail."""
    assert tier(roll, skill) == expected


@given(st.integers(1, 100), st.integers(0, 600))
def test_tiers_are_ordered_by_the_roll(roll: int, skill: int) -> None:
    better = tier(roll, skill)
    worse = tier(min(100, roll + 1), skill)
    assert TIER_RANK[better] >= TIER_RANK[worse]


@pytest.mark.parametrize(
    ("active", "passive", "chance"),
    [(10, 10, 50), (12, 10, 60), (8, 10, 40), (20, 10, 100), (25, 10, 100), (0, 10, 0), (1, 12, 0)],
)
def test_resistance_table(active: int, passive: int, chance: int) -> None:
    assert resistance_chance(active, passive) == chance


def test_grades_come_first_and_easy_cancels_difficult(duel: Fight) -> None:
    """BRP-COVER: Difficult halves (72 -> 36, here 55 -> 28 rounded up); flats after; an Easy
    and a Difficult cancel (L478)."""
    r = one(duel.attack("ilsa", "t", 28, 5, 3, difficulty="difficult", mod=10,
                        defend="none").events, AttackRolled).roll  # fmt: skip
    assert (r.judged, r.base, r.target) == ("under", 55, 38)
    assert [m.op for m in r.target_modifiers] == ["div_up", "add"]
    assert (r.tier, r.margin) == ("success", 10)


def test_an_easy_and_a_difficult_cancel(fight: Fight) -> None:
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    fight.ruling("t", condition="stunned", rounds=2)
    fight.round()
    r = one(fight.attack("ilsa", "t", 60, difficulty="difficult").events, AttackRolled).roll
    assert r.target == 55 and r.tier == "failure"
    assert "cancel" in r.target_modifiers[0].name
