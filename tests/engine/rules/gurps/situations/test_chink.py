"""Chinks in armor (seed 002 line 35; catalogue §2.1, GURPS-CHINK): which attacks may, the
penalty replacing the location's, DR halved on top of the armor divisor."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import IllegalAction
from engine.rules.gurps.situations.chink import can_target_chink, chink_dr, chink_penalty


@pytest.mark.parametrize("kind", ["pi-", "pi", "pi+", "pi++", "imp"])
def test_piercing_and_impaling_may_aim_at_chinks_gurps_chink(kind: str) -> None:
    """GURPS-CHINK: every piercing size and impaling."""
    assert can_target_chink(kind)


@pytest.mark.parametrize("kind", ["cr", "cut", "cor", "tox", "fat"])
def test_other_damage_types_may_not_gurps_chink(kind: str) -> None:
    """GURPS-CHINK: crushing, cutting and the rest are refused, citing the rule."""
    assert not can_target_chink(kind)
    with pytest.raises(IllegalAction, match=f"a {kind} attack cannot target a chink"):
        chink_penalty("torso", kind)


def test_burning_only_from_a_tight_beam_gurps_chink() -> None:
    """GURPS-CHINK: a laser may, a flamethrower may not."""
    assert can_target_chink("burn", tight_beam=True)
    assert not can_target_chink("burn")


def test_the_torso_chink_is_minus_8_gurps_chink() -> None:
    """GURPS-CHINK: -8 for the torso, in place of its 0."""
    m = chink_penalty("torso", "imp")
    assert (m.value, m.rule, m.op) == (-8, "GURPS-CHINK", "add")


@pytest.mark.parametrize("place", ["face", "eyes", "vitals", "right_arm", "neck", "skull"])
def test_any_other_chink_is_minus_10_gurps_chink(place: str) -> None:
    """GURPS-CHINK: -10 elsewhere, even where the location's own penalty is smaller (vitals
    -3) or similar (eyes -9)."""
    assert chink_penalty(place, "pi").value == -10


@pytest.mark.parametrize(
    ("dr", "divisor", "halved"),
    [(6, 1, 3), (7, 1, 3), (8, 2, 2), (7, 2, 1), (12, 3, 2), (3, 0.5, 3)],
)
def test_a_chink_halves_dr_with_the_armor_divisor_gurps_chink(
    dr: int, divisor: float, halved: int
) -> None:
    """GURPS-CHINK: DR 6 -> 3, 7 -> 3 (rounded down), with (2): 8 -> 2, with (3): 12 -> 2;
    a (0.5) divisor doubles it back: 3 -> 3."""
    assert chink_dr(dr, divisor) == halved


def test_rounding_up_is_the_other_reading_gurps_chink() -> None:
    """GURPS-CHINK: DR 7 halved, rounded up: 4."""
    assert chink_dr(7, rounding="up") == 4


def test_a_divisor_that_is_not_positive_is_refused() -> None:
    """GURPS-CHINK: an armor divisor of 0 is an error naming it."""
    with pytest.raises(IllegalAction, match="armor divisor 0"):
        chink_dr(5, 0)


@given(st.integers(0, 100), st.sampled_from([1, 2, 3, 5, 10, 0.5, 0.2]))
def test_a_chink_never_protects_more_than_half(dr: int, divisor: float) -> None:
    """GURPS-CHINK: the DR against a chink hit is at most half of what the divisor leaves."""
    assert 0 <= chink_dr(dr, divisor) <= dr / (2 * divisor)
