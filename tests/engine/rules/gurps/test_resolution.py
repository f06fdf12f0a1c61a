"""Success rolls on 3d6 (GURPS-SUCCESS-ROLL), criticals by the effective skill
(GURPS-CRITICAL), Quick and Regular Contests (GURPS-QUICK-CONTEST, GURPS-REGULAR-CONTEST)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.dice import Dice
from engine.rules.gurps.resolution import mod, quick_contest, regular_contest, success_roll, tier
from events.gurps import AttackRolled

from .conftest import Fight, one


@pytest.mark.parametrize(
    ("total", "skill", "expected"),
    [
        (3, 3, "critical"), (4, 2, "critical"), (5, 14, "success"), (5, 15, "critical"),
        (6, 15, "success"), (6, 16, "critical"), (10, 10, "success"), (11, 10, "failure"),
        (16, 20, "success"), (17, 16, "failure"), (17, 15, "fumble"), (18, 25, "fumble"),
        (15, 5, "fumble"), (14, 5, "failure"), (3, -2, "critical"),
    ],
)  # fmt: skip
def test_criticals_by_the_effective_skill(total: int, skill: int, expected: str) -> None:
    """GURPS-CRITICAL: 3-4 always critical, 5 at 15+, 6 at 16+; 18 always a critical failure,
    17 at 15 or less, or 10 or more over the skill; 17 fails even at skill 16."""
    assert tier(total, skill) == expected


@given(st.integers(3, 18), st.integers(-5, 30))
def test_a_success_never_exceeds_the_skill_but_for_3_and_4(total: int, skill: int) -> None:
    """GURPS-SUCCESS-ROLL: success means at or under the skill, or a 3-4."""
    t = tier(total, skill)
    if t in ("critical", "success"):
        assert total <= skill or total <= 4
    else:
        assert total > skill or total >= 17


def _roll(faces: tuple[int, ...], skill: int, *mods: int):  # type: ignore[no-untyped-def]
    return success_roll(
        Dice(1, 1, 0, faces), "test", skill, [mod(f"m{i}", m, "gm") for i, m in enumerate(mods)]
    )


def test_margin_is_the_effective_skill_less_the_roll() -> None:
    """GURPS-SUCCESS-ROLL: 12 with -2 and +1 is 11; a roll of 3+4+2 = 9 makes it by 2."""
    r = _roll((3, 4, 2), 12, -2, 1)
    assert (r.total, r.target, r.margin, r.tier, r.judged) == (9, 11, 2, "success", "under")
    assert [m.value for m in r.target_modifiers] == [-2, 1]


def test_quick_contest() -> None:
    """GURPS-QUICK-CONTEST: a success beats a failure; two successes, the larger margin wins,
    by the difference; equal margins tie."""
    a, b = _roll((3, 3, 3), 12), _roll((6, 6, 1), 12)  # 9 (by 3) against 13 (missed by 1)
    assert quick_contest(a, b) == (1, 4)
    a, b = _roll((3, 3, 3), 12), _roll((2, 2, 2), 12)  # by 3 against by 6
    assert quick_contest(a, b) == (-1, 3)
    a, b = _roll((3, 3, 3), 12), _roll((3, 3, 3), 12)
    assert quick_contest(a, b) == (0, 0)


def test_regular_contest() -> None:
    """GURPS-REGULAR-CONTEST: decided only when one succeeds and the other fails."""
    win, lose = _roll((3, 3, 3), 12), _roll((6, 6, 6), 12)
    assert regular_contest(win, lose) == 1
    assert regular_contest(lose, win) == -1
    assert regular_contest(win, _roll((3, 3, 3), 12)) == 0


def test_an_attack_roll_in_the_log_has_target_margin_and_tier(duel: Fight) -> None:
    """GURPS-SUCCESS-ROLL: the attack roll is judged under the skill with its margin and
    tier: broadsword 12, 2+2+1 = 5, made by 7."""
    result = duel.attack("a", "b", 2, 2, 1)
    r = one(result.events, AttackRolled).roll
    assert (r.judged, r.target, r.margin, r.tier, r.faces) == ("under", 12, 7, "success", (2, 2, 1))
