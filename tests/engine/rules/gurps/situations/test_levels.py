"""Melee at different heights (seed 002 lines 51-53; catalogue §2.1, GURPS-LEVELS): every band
from 1 to 6 feet and beyond, its edges, reach bringing the foe closer for one fighter only."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import UsageError
from engine.rules.gurps.situations.levels import (
    can_reach,
    defence_modifier,
    levels,
    location_modifier,
)

PLACES = ("skull", "face", "eyes", "neck", "torso", "vitals", "groin", "right_arm", "left_hand")
LOW = ("right_leg", "left_foot")


def _mod(feet: float, location: str, **kw: Any) -> int:
    m = location_modifier(levels(feet, **kw), location)
    assert m is None or m.rule == "GURPS-LEVELS"
    return 0 if m is None else m.value


def _defence(feet: float, defender: bool = True, **kw: Any) -> int:
    m = defence_modifier(levels(feet, **kw), defender)
    return 0 if m is None else m.value


@pytest.mark.parametrize("feet", [0, 0.5, 1, -1])
def test_a_foot_or_less_is_ignored_gurps_levels(feet: float) -> None:
    """GURPS-LEVELS: up to 1 ft: no modifier anywhere, everything reachable."""
    fight = levels(feet)
    assert fight.possible
    assert all(_mod(feet, p) == 0 and can_reach(fight, p) for p in (*PLACES, *LOW))
    assert _defence(feet) == 0 and _defence(feet, defender=False) == 0


def test_two_feet_higher_location_modifiers_gurps_levels() -> None:
    """GURPS-LEVELS: 2 ft above: -2 at legs and feet, +1 at skull, face, eyes and neck."""
    assert [_mod(2, p) for p in ("right_leg", "left_foot", "skull", "face", "eyes", "neck")] == [
        -2,
        -2,
        1,
        1,
        1,
        1,
    ]
    assert [_mod(2, p) for p in ("torso", "vitals", "groin", "right_arm")] == [0, 0, 0, 0]


def test_two_feet_lower_location_modifiers_gurps_levels() -> None:
    """GURPS-LEVELS: 2 ft below: +2 at legs and feet, -2 at the head; the neck is not the
    head (reading)."""
    assert [_mod(-2, p) for p in ("left_leg", "right_foot", "skull", "face", "eye", "neck")] == [
        2,
        2,
        -2,
        -2,
        -2,
        0,
    ]


def test_two_feet_has_no_defence_modifier_gurps_levels() -> None:
    """GURPS-LEVELS: the defence modifiers start in the 3-foot band; 2.5 ft is in it."""
    assert _defence(2) == 0
    assert (_defence(2.5), _defence(2.5, defender=False)) == (-1, 1)


@pytest.mark.parametrize(("feet", "lower"), [(3, -1), (4, -2), (5, -3), (6, -3)])
def test_defence_modifiers_by_band_gurps_levels(feet: int, lower: int) -> None:
    """GURPS-LEVELS: the lower fighter defends at -1/-2/-3/-3, the higher at +1/+2/+3/+3,
    whoever attacks."""
    assert _defence(feet) == lower  # the higher attacks: the defender is lower
    assert _defence(feet, defender=False) == -lower
    assert _defence(-feet) == -lower  # the lower attacks: the defender is higher
    assert _defence(-feet, defender=False) == lower


def test_four_feet_the_higher_cannot_reach_legs_or_feet_gurps_levels() -> None:
    """GURPS-LEVELS: at 4 ft the higher fighter cannot strike feet or legs; the lower
    still reaches the head (at -2)."""
    assert not can_reach(levels(4), "right_leg") and not can_reach(levels(4), "left_foot")
    assert can_reach(levels(-4), "skull") and _mod(-4, "skull") == -2
    assert _mod(4, "neck") == 1


def test_five_feet_the_lower_cannot_reach_the_head_gurps_levels() -> None:
    """GURPS-LEVELS: at 5 ft the lower cannot strike the head; the location modifiers still
    apply (the [AMB] default) unless read otherwise."""
    low = levels(-5)
    assert not any(can_reach(low, p) for p in ("skull", "face", "eyes"))
    assert can_reach(low, "neck") and can_reach(low, "torso")
    assert not can_reach(levels(5), "left_leg")
    assert (_mod(-5, "right_leg"), _mod(5, "skull")) == (2, 1)
    assert (
        _mod(-5, "right_leg", location_mods_at_5ft=False),
        _mod(5, "skull", location_mods_at_5ft=False),
    ) == (0, 0)
    assert _defence(5, location_mods_at_5ft=False) == -3


def test_six_feet_head_only_from_above_legs_only_from_below_gurps_levels() -> None:
    """GURPS-LEVELS: at 6 ft the higher reaches only the head, the lower only legs and feet,
    with no location modifiers."""
    high, low = levels(6), levels(-6)
    assert [p for p in (*PLACES, *LOW) if can_reach(high, p)] == ["skull", "face", "eyes"]
    assert [p for p in (*PLACES, *LOW) if can_reach(low, p)] == list(LOW)
    assert _mod(6, "skull") == 0 and _mod(-6, "right_leg") == 0


@pytest.mark.parametrize("feet", [6.5, 7, -8])
def test_over_six_feet_melee_is_impossible_gurps_levels(feet: float) -> None:
    """GURPS-LEVELS: beyond 6 ft nobody reaches anything."""
    fight = levels(feet)
    assert not fight.possible
    assert not any(can_reach(fight, p) for p in (*PLACES, *LOW))
    assert defence_modifier(fight) is None


def test_reach_two_fights_six_feet_as_three_for_him_only_gurps_levels() -> None:
    """GURPS-LEVELS: the seed's greatsword 6 ft below fights as if 3 ft below; his foe above
    with a reach-1 weapon still fights at 6 ft."""
    greatsword = levels(-6, reach=2)
    assert greatsword.feet == 3
    assert can_reach(greatsword, "skull") and _mod(-6, "skull", reach=2) == -2
    assert _defence(-6, reach=2) == 1  # the foe above defends at +1 (3-ft band)
    foe = levels(6, reach=1)
    assert foe.feet == 6 and not can_reach(foe, "torso")


def test_reach_three_from_nine_feet_is_in_the_three_foot_band_gurps_levels() -> None:
    """GURPS-LEVELS: a 3-yard reach is 6 ft closer: 9 ft fights as 3, 13 ft is still out."""
    assert levels(9, reach=3).possible and _defence(9, reach=3) == -1
    assert not levels(13, reach=3).possible


def test_lying_at_the_edge_brings_him_three_feet_closer_gurps_levels() -> None:
    """GURPS-LEVELS: lying at the edge of a 9-ft drop: fought as 6 ft."""
    assert not levels(9).possible
    assert levels(9, closer_feet=3).feet == 6


def test_an_unknown_location_is_refused() -> None:
    """GURPS-LEVELS: a location the table does not know is named in the error."""
    with pytest.raises(UsageError, match="unknown hit location 'tail'"):
        location_modifier(levels(2), "tail")


@given(st.floats(-12, 12, allow_nan=False), st.integers(1, 4))
def test_the_two_fighters_defence_modifiers_are_opposite(feet: float, reach: int) -> None:
    """GURPS-LEVELS: whatever the band, the higher gains what the lower loses."""
    assert _defence(feet, True, reach=reach) == -_defence(feet, False, reach=reach)


@given(st.floats(0, 6, allow_nan=False), st.floats(0, 6, allow_nan=False))
def test_the_defence_penalty_only_grows_with_height(a: float, b: float) -> None:
    """GURPS-LEVELS: a greater height difference never makes the lower fighter's defence
    better (up to 6 ft, where melee ends)."""
    low, high = sorted((a, b))
    assert _defence(high) <= _defence(low)
