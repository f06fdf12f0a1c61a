"""Arm locks, choke holds and grappled locations (seed 002 lines 53-55, 37; catalogue §2.1):
GURPS-ARM-LOCK, GURPS-CHOKE-HOLD and GURPS-GRAPPLE-LOC."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import IllegalAction
from engine.rules.gurps.situations.common import Side, quick_contest
from engine.rules.gurps.situations.grapple import (
    arm_lock_allowed,
    arm_lock_damage,
    arm_lock_dr,
    arm_lock_resistance,
    arm_lock_skill,
    break_free_modifiers,
    choke_hold_attack,
    choke_hold_turn,
    choked_attack,
    grapple_location,
    locked_defence,
)


def test_an_arm_lock_needs_two_hands_a_parry_and_a_yard_gurps_arm_lock() -> None:
    """GURPS-ARM-LOCK: two free hands, last turn's barehanded parry, within 1 yd."""
    assert arm_lock_allowed(free_hands=2, parried_barehanded=True, within_yards=1)
    assert not arm_lock_allowed(free_hands=1, parried_barehanded=True, within_yards=1)
    assert not arm_lock_allowed(free_hands=2, parried_barehanded=False, within_yards=0)
    assert not arm_lock_allowed(free_hands=2, parried_barehanded=True, within_yards=2)


def test_breaking_an_arm_lock_the_holder_is_at_plus_4_gurps_arm_lock() -> None:
    """GURPS-ARM-LOCK: +4 to the holder; after 3 failed tries the victim is at -3."""
    holder, victim = break_free_modifiers("arm_lock")
    assert [(m.value, m.rule) for m in holder] == [(4, "GURPS-ARM-LOCK")]
    assert victim == ()
    holder, victim = break_free_modifiers("arm_lock", failures=3)
    assert [(m.value, m.rule) for m in victim] == [(-3, "GURPS-ARM-LOCK")]


def test_the_damage_contest_sides_gurps_arm_lock() -> None:
    """GURPS-ARM-LOCK: best of Judo 14, Wrestling 0, ST 11 = 14; the victim's better of ST 12
    and HT 13 = 13."""
    assert arm_lock_skill(judo=14, st=11) == 14
    assert arm_lock_skill(wrestling=10, st=13) == 13
    assert arm_lock_resistance(st=12, ht=13) == 13


def test_the_margin_of_victory_is_crushing_damage_gurps_arm_lock() -> None:
    """GURPS-ARM-LOCK: the holder succeeds by 5, the victim by 1: 4 crushing; a tie or a
    loss does none."""
    assert arm_lock_damage(quick_contest(Side(True, 5), Side(True, 1))) == 4
    assert arm_lock_damage(quick_contest(Side(True, 3), Side(False, -2))) == 5
    assert arm_lock_damage(quick_contest(Side(True, 2), Side(True, 2))) == 0
    assert arm_lock_damage(quick_contest(Side(False, -1), Side(True, 0))) == 0


def test_only_natural_and_rigid_dr_count_gurps_arm_lock() -> None:
    """GURPS-ARM-LOCK: natural DR 2 and rigid armor 4 protect (6); Tough Skin's natural DR
    does not (4); flexible armor is never passed in."""
    assert arm_lock_dr(natural=2, rigid_armor=4) == 6
    assert arm_lock_dr(natural=2, rigid_armor=4, tough_skin=True) == 4


def test_the_locked_victim_defends_at_minus_4_gurps_arm_lock() -> None:
    """GURPS-ARM-LOCK: -4 against the holder's close-combat attacks."""
    m = locked_defence()
    assert (m.value, m.rule) == (-4, "GURPS-ARM-LOCK")


@pytest.mark.parametrize(("skill", "value"), [("judo", -2), ("wrestling", -3)])
def test_the_choke_hold_attack_gurps_choke_hold(skill: str, value: int) -> None:
    """GURPS-CHOKE-HOLD: Judo-2 or Wrestling-3, two hands."""
    m = choke_hold_attack(skill, hands=2)  # type: ignore[arg-type]
    assert (m.value, m.rule) == (value, "GURPS-CHOKE-HOLD")


def test_a_one_handed_choke_hold_is_refused_gurps_choke_hold() -> None:
    """GURPS-CHOKE-HOLD: it takes both hands."""
    with pytest.raises(IllegalAction, match="both hands"):
        choke_hold_attack("judo", hands=1)


def test_choke_hold_numbers_gurps_choke_hold() -> None:
    """GURPS-CHOKE-HOLD: +5 against breaking free (no cumulative penalty), 1 FP a turn, +3
    ST to choke, the victim strikes back at -4."""
    holder, victim = break_free_modifiers("choke_hold", failures=2)
    assert ([m.value for m in holder], victim) == ([5], ())
    fp, st_bonus = choke_hold_turn()
    assert (fp, st_bonus.value, st_bonus.rule) == (1, 3, "GURPS-CHOKE-HOLD")
    assert choked_attack().value == -4


@pytest.mark.parametrize(
    ("penalty", "half"), [(0, 0), (-2, -1), (-3, -2), (-4, -2), (-5, -3), (-7, -4), (-9, -5)]
)
def test_grappling_a_location_halves_its_penalty_rounded_up_gurps_grapple_loc(
    penalty: int, half: int
) -> None:
    """GURPS-GRAPPLE-LOC: arm -2 -> -1, vitals -3 -> -2, neck -5 -> -3 ([AMB] default),
    skull -7 -> -4, eye -9 -> -5."""
    m = grapple_location(penalty)
    assert (m.value, m.rule) == (half, "GURPS-GRAPPLE-LOC")


def test_the_other_rounding_reading_gurps_grapple_loc() -> None:
    """GURPS-GRAPPLE-LOC [AMB]: read toward zero, -5 -> -2 and -3 -> -1."""
    assert grapple_location(-5, rounding="toward_zero").value == -2
    assert grapple_location(-3, rounding="toward_zero").value == -1


def test_grabbing_a_weapon_is_not_halved_gurps_grapple_loc() -> None:
    """GURPS-GRAPPLE-LOC: a weapon grabbed keeps its whole penalty (-4)."""
    assert grapple_location(-4, grabbing_weapon=True).value == -4


@given(st.integers(-20, 0))
def test_a_grappled_location_is_never_harder(penalty: int) -> None:
    """GURPS-GRAPPLE-LOC: the halved penalty is between the whole one and zero."""
    assert penalty <= grapple_location(penalty).value <= 0
