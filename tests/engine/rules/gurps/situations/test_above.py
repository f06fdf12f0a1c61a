"""Attacks from above (seed 002 line 47; catalogue §2.1, GURPS-ATTACK-FROM-ABOVE): the
Stealth-Vision contest with its modifiers, what winning and losing leave the victim, and
dropping on him."""

from __future__ import annotations

import pytest

from engine.rules.gurps.situations.above import (
    drop,
    from_above,
    own_level_modifier,
    vision_modifier,
)
from engine.rules.gurps.situations.common import Side, quick_contest


def test_the_victims_vision_gurps_attack_from_above() -> None:
    """GURPS-ATTACK-FROM-ABOVE: -2 to spot someone overhead, +2 if he watches above (then
    -2 on his own level)."""
    assert vision_modifier(watching_above=False).value == -2
    assert vision_modifier(watching_above=True).value == 2
    m = own_level_modifier()
    assert (m.value, m.rule) == (-2, "GURPS-ATTACK-FROM-ABOVE")


def test_winning_the_contest_leaves_no_defence_gurps_attack_from_above() -> None:
    """GURPS-ATTACK-FROM-ABOVE: Stealth by 4 against Vision by 1: no active defence."""
    r = from_above(quick_contest(Side(True, 4), Side(True, 1)))
    assert (r.defence_allowed, r.modifiers) == (False, ())


@pytest.mark.parametrize(("stealth", "vision"), [(1, 4), (2, 2), (-1, 0)])
def test_losing_or_tying_leaves_him_defending_at_minus_2_gurps_attack_from_above(
    stealth: int, vision: int
) -> None:
    """GURPS-ATTACK-FROM-ABOVE: a loss, or a tie (reading): he defends, at -2."""
    r = from_above(quick_contest(Side(stealth >= 0, stealth), Side(vision >= 0, vision)))
    assert r.defence_allowed
    assert [(m.value, m.rule) for m in r.modifiers] == [(-2, "GURPS-ATTACK-FROM-ABOVE")]


def test_a_warned_victim_defends_at_minus_2_whatever_the_contest_gurps_attack_from_above() -> None:
    """GURPS-ATTACK-FROM-ABOVE: warned, he still has his defence, at -2."""
    r = from_above(quick_contest(Side(True, 5), Side(False, -3)), warned=True)
    assert r.defence_allowed and [m.value for m in r.modifiers] == [-2]


@pytest.mark.parametrize(("yards", "falls"), [(1, False), (2, False), (2.5, True), (4, True)])
def test_dropping_is_minus_2_and_hurts_beyond_2_yards_gurps_attack_from_above(
    yards: float, falls: bool
) -> None:
    """GURPS-ATTACK-FROM-ABOVE: -2 to hit; falling damage only from more than 2 yards."""
    d = drop(yards)
    assert (d.modifier.value, d.falling_damage) == (-2, falls)
