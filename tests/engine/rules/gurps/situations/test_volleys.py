"""Rapid fire's special cases (seed 002 lines 71-75; catalogue §2.1): GURPS-RF-FULLAUTO,
GURPS-RF-STATIONARY, GURPS-SHOTGUN (Father O'Leary), GURPS-SPRAY (Sgt. Kelly) and
GURPS-SUPPRESS, with the seed's worked examples and the bands' edges."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import IllegalAction
from engine.rules.gurps.situations.volleys import (
    minimum_rof,
    shotgun,
    spray,
    stationary_applies,
    stationary_hits,
    suppression_cap,
    suppression_shots_left,
    suppression_zones,
)


@pytest.mark.parametrize(
    ("rof", "left", "least"), [(20, 30, 5), (21, 30, 6), (16, 30, 4), (17, 30, 5), (20, 3, 3)]
)
def test_full_auto_only_fires_a_quarter_rounded_up_gurps_rf_fullauto(
    rof: int, left: int, least: int
) -> None:
    """GURPS-RF-FULLAUTO: RoF 20! -> 5, 21! -> 6, 16! -> 4, 17! -> 5; with 3 left, 3."""
    assert minimum_rof(rof, left, full_auto_only=True) == least


def test_a_selective_weapon_may_fire_one_gurps_rf_fullauto() -> None:
    """GURPS-RF-FULLAUTO: without "!" the minimum is a single shot."""
    assert minimum_rof(20, 30, full_auto_only=False) == 1


def test_the_door_and_the_man_gurps_rf_stationary() -> None:
    """GURPS-RF-STATIONARY, the seed's example: a door (SM +2) up to 5 yd (range -2); a bound
    man (SM 0) only up to 2 yd (range 0); a man at 3 yd (-1) or a moving one: no."""
    assert stationary_applies(immobile=True, sm=2, range_modifier=-2)
    assert not stationary_applies(immobile=True, sm=2, range_modifier=-3)
    assert stationary_applies(immobile=True, sm=0, range_modifier=0)
    assert not stationary_applies(immobile=True, sm=0, range_modifier=-1)
    assert not stationary_applies(immobile=False, sm=4, range_modifier=0)


@pytest.mark.parametrize(
    ("shots", "margin", "hits"), [(7, 0, 4), (7, 2, 4), (7, 3, 7), (8, 1, 4), (1, 0, 1)]
)
def test_half_the_shots_or_all_by_recoil_gurps_rf_stationary(
    shots: int, margin: int, hits: int
) -> None:
    """GURPS-RF-STATIONARY: Recoil 3: 7 shots at margin 0 or 2 -> 4 (half, up), margin 3 ->
    all 7; 8 shots -> 4."""
    assert stationary_hits(shots, succeeded=True, margin=margin, recoil=3) == hits


def test_a_miss_is_still_a_miss_gurps_rf_stationary() -> None:
    """GURPS-RF-STATIONARY: a failed roll hits nothing."""
    assert stationary_hits(7, succeeded=False, margin=-1, recoil=3) == 0


def test_father_olearys_shotgun_at_range_gurps_shotgun() -> None:
    """GURPS-SHOTGUN: RoF 3x9, three shells at 20 yd: 3 shells spent, RoF 27, no multiplier."""
    s = shotgun(3, 9, range_yards=20, half_damage=50)
    assert (s.ammunition, s.rof, s.multiplier) == (3, 27, 1)


def test_father_olearys_shotgun_up_close_gurps_shotgun() -> None:
    """GURPS-SHOTGUN: inside 5 yd (a tenth of 1/2D 50): RoF 3, damage and DR x4 (9 // 2):
    1d+1 becomes 4d+4, the demon's DR 3 becomes 12."""
    s = shotgun(3, 9, range_yards=4, half_damage=50)
    assert (s.ammunition, s.rof, s.multiplier) == (3, 3, 4)
    assert 3 * s.multiplier == 12


def test_exactly_a_tenth_of_half_damage_gurps_shotgun() -> None:
    """GURPS-SHOTGUN: at exactly 5 yd the text ("less than") spreads the pellets; the
    example's "within 5 yards" reading does not."""
    assert shotgun(3, 9, range_yards=5, half_damage=50).rof == 27
    assert shotgun(3, 9, range_yards=5, half_damage=50, close_edge="at_or_below").rof == 3


def test_sergeant_kellys_spray_gurps_spray() -> None:
    """GURPS-SPRAY, the seed's example: RoF 15, Recoil 2; 5 shots, 1 wasted over 2 yd, 4
    shots, 3 wasted over 4 yd, 2 shots: RoF 5 at Recoil 2, 4 at 3, 2 at 4."""
    bursts = spray(15, (5, 4, 2), (2, 4), recoil=2)
    assert [(b.shots, b.recoil, b.wasted) for b in bursts] == [(5, 2, 0), (4, 3, 1), (2, 4, 3)]
    assert bursts[0].modifier is None
    assert [(b.modifier.value, b.modifier.rule) for b in bursts[1:] if b.modifier] == [
        (1, "GURPS-SPRAY"),
        (2, "GURPS-SPRAY"),
    ]


def test_the_separation_reading_wastes_more_gurps_spray() -> None:
    """GURPS-SPRAY [AMB]: read as the whole separation, 2 yd and 4 yd waste 2 and 4: Kelly's
    burst would be 17 shots, more than RoF 15, and is refused (4 + 4 + 2 fits RoF 16)."""
    bursts = spray(16, (4, 4, 2), (2, 4), recoil=2, gap_reading="separation")
    assert [b.wasted for b in bursts] == [0, 2, 4]
    with pytest.raises(IllegalAction, match="more than RoF 15"):
        spray(15, (5, 4, 2), (2, 4), recoil=2, gap_reading="separation")


@pytest.mark.parametrize(("rof", "per_yard"), [(15, 1), (16, 1), (17, 2), (30, 2)])
def test_two_shots_a_yard_at_high_rof_gurps_spray(rof: int, per_yard: int) -> None:
    """GURPS-SPRAY [AMB]: 3 yd between two targets (2 yd gap): 1 shot a yard up to RoF 16
    (the default reading), 2 from 17."""
    assert spray(rof, (2, 2), (3,), recoil=2)[1].wasted == 2 * per_yard


def test_rof_16_wastes_two_when_read_in_the_upper_band_gurps_spray() -> None:
    """GURPS-SPRAY [AMB]: RoF 16 in the "16+" band: 2 a yard."""
    assert spray(16, (2, 2), (3,), recoil=2, two_per_yard_from=16)[1].wasted == 4


def test_adjacent_targets_waste_nothing_gurps_spray() -> None:
    """GURPS-SPRAY: targets a yard apart are next to each other: nothing wasted."""
    assert [b.wasted for b in spray(6, (3, 3), (1,), recoil=1)] == [0, 0]


def test_spraying_needs_rof_5_gurps_spray() -> None:
    """GURPS-SPRAY: RoF 4 cannot spray; a target with no shot is refused."""
    with pytest.raises(IllegalAction, match="RoF 5"):
        spray(4, (2, 2), (1,), recoil=1)
    with pytest.raises(IllegalAction, match="every target needs a shot"):
        spray(10, (5, 0), (1,), recoil=1)


@given(
    st.lists(st.integers(1, 5), min_size=1, max_size=4),
    st.lists(st.integers(0, 6), min_size=3, max_size=3),
    st.integers(1, 4),
)
def test_a_spray_fits_its_rof_and_recoil_climbs(shots: list[int], gaps: list[int], r: int) -> None:
    """GURPS-SPRAY: every shot fired or wasted comes out of the RoF, and each later target's
    Recoil is one more than the one before."""
    rof = 60
    bursts = spray(rof, tuple(shots), tuple(gaps[: len(shots) - 1]), recoil=r)
    assert sum(b.shots + b.wasted for b in bursts) <= rof
    assert [b.recoil for b in bursts] == [r + i for i in range(len(shots))]


def test_suppression_needs_rof_5_gurps_suppress() -> None:
    """GURPS-SUPPRESS: RoF 5+; RoF 4 refused."""
    assert suppression_zones(5, (5,)) == 5
    with pytest.raises(IllegalAction, match="RoF 5"):
        suppression_zones(4, (4,))


def test_several_zones_need_rof_10_and_5_shots_each_gurps_suppress() -> None:
    """GURPS-SUPPRESS: RoF 10 into two zones of 5; RoF 9 or a zone of 4 refused."""
    assert suppression_zones(10, (5, 5)) == 10
    with pytest.raises(IllegalAction, match="RoF 10"):
        suppression_zones(9, (5, 4))
    with pytest.raises(IllegalAction, match="5\\+ shots"):
        suppression_zones(20, (16, 4))


def test_the_skill_cap_is_6_or_8_plus_the_rof_bonus_gurps_suppress() -> None:
    """GURPS-SUPPRESS: 10 shots in a zone (RoF bonus +2): skill capped at 8, 10 mounted."""
    m = suppression_cap(2)
    assert (m.value, m.op, m.rule) == (8, "cap", "GURPS-SUPPRESS")
    assert suppression_cap(2, mounted=True).value == 10


def test_suppression_stops_when_every_shot_has_hit_gurps_suppress() -> None:
    """GURPS-SUPPRESS: 10 shots, 7 hits so far: 3 left; 10 hits: none."""
    assert (suppression_shots_left(10, 7), suppression_shots_left(10, 10)) == (3, 0)
