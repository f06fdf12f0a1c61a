"""Explosions and fragments (seed 002 lines 93-99; catalogue §2.1): GURPS-EXPLOSION (radius,
damage by distance in air, water and vacuum, smothering, internal blasts) and GURPS-FRAG
(radius, the skill-15 attack, fragments per margin), with the rolled damage forced."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules.gurps.situations.explosions import (
    COLLATERAL,
    FRAGMENT_DAMAGE_TYPE,
    FRAGMENT_DEFENCE,
    INTERNAL,
    Medium,
    blast_radius,
    collateral_damage,
    fragment_attack,
    fragment_radius,
    fragments,
    maximum_damage,
    smothered_cover_dr,
)

MEDIA: tuple[Medium, ...] = ("underwater", "air", "vacuum")


def test_the_collateral_radius_is_2_yards_a_die_gurps_explosion() -> None:
    """GURPS-EXPLOSION: the seed's 6d x 2 (12 dice) reaches 24 yards; a 3d grenade 6."""
    assert (blast_radius(12), blast_radius(3)) == (24, 6)


@pytest.mark.parametrize(("yards", "damage"), [(1, 10), (2, 5), (3, 3), (4, 2), (5, 2), (6, 1)])
def test_damage_falls_with_3_x_yards_gurps_explosion(yards: int, damage: int) -> None:
    """GURPS-EXPLOSION: a 10d blast (radius 20 yd) rolling 30: 30 / 3 = 10 at 1 yd, 5 at 2,
    3 at 3, 2 at 4 and at 5 (rounded down), 1 at 6."""
    assert collateral_damage(30, yards, 10) == damage


def test_beyond_the_radius_nothing_gurps_explosion() -> None:
    """GURPS-EXPLOSION: a 3d blast (6 yd) rolling 18: 1 at 6 yd, 0 at 7."""
    assert (collateral_damage(18, 6, 3), collateral_damage(18, 7, 3)) == (1, 0)


def test_closer_than_a_yard_counts_as_one() -> None:
    """GURPS-EXPLOSION (reading): half a yard from the centre takes the 1-yard share."""
    assert collateral_damage(30, 0.5, 10) == 10


def test_underwater_and_vacuum_gurps_explosion() -> None:
    """GURPS-EXPLOSION: 30 rolled at 2 yd: 15 underwater (/ yards), 1 in vacuum (/ 10 x
    yards), 5 in air."""
    assert [collateral_damage(30, 2, 10, m) for m in MEDIA] == [15, 5, 1]


def test_collateral_uses_torso_dr_and_no_divisor_gurps_explosion() -> None:
    """GURPS-EXPLOSION: torso DR, the blast's armor divisor does not apply."""
    assert (COLLATERAL.dr_location, COLLATERAL.armor_divisor) == ("torso", False)


def test_smothering_a_grenade_gurps_explosion() -> None:
    """GURPS-EXPLOSION: the volunteer takes the most 4d+1 can do (25); the others get his
    torso DR 2 + HP 11 = 13 as cover DR."""
    assert maximum_damage(4, 1) == 25
    assert smothered_cover_dr(2, 11) == 13


def test_an_internal_blast_ignores_dr_and_hits_the_vitals_gurps_explosion() -> None:
    """GURPS-EXPLOSION: DR 0, vitals, x3."""
    assert (INTERNAL.dr, INTERNAL.location, INTERNAL.wounding) == (0, "vitals", 3)


@given(
    st.integers(0, 200),
    st.integers(1, 20),
    st.floats(0, 60, allow_nan=False),
    st.floats(0, 60, allow_nan=False),
    st.sampled_from(MEDIA),
)
def test_blast_damage_never_grows_with_distance(
    rolled: int, dice: int, a: float, b: float, medium: Medium
) -> None:
    """GURPS-EXPLOSION: farther is never worse, in any medium."""
    near, far = sorted((a, b))
    assert collateral_damage(rolled, far, dice, medium) <= collateral_damage(
        rolled, near, dice, medium
    )


@given(st.integers(0, 200), st.integers(1, 20), st.floats(0, 40, allow_nan=False))
def test_water_carries_a_blast_best_and_vacuum_worst(rolled: int, dice: int, y: float) -> None:
    """GURPS-EXPLOSION: underwater >= air >= vacuum at the same distance."""
    water, air, vacuum = (
        collateral_damage(rolled, y, dice, m) for m in ("underwater", "air", "vacuum")
    )
    assert water >= air >= vacuum


def test_the_fragment_radius_is_5_yards_a_die_gurps_frag() -> None:
    """GURPS-FRAG: the seed's [2d] throws fragments 10 yards."""
    assert fragment_radius(2) == 10


def test_fragments_attack_at_15_with_three_modifiers_gurps_frag() -> None:
    """GURPS-FRAG: at 7 yd (range -3), prone (-2), SM 0: 15 - 5 = 10; every step cited."""
    a = fragment_attack(range_modifier=-3, posture_modifier=-2, sm=0)
    assert (a.skill, a.target) == (15, 10)
    assert [(m.value, m.rule) for m in a.modifiers] == [(-3, "GURPS-FRAG"), (-2, "GURPS-FRAG")]


def test_posture_does_not_count_against_an_airburst_gurps_frag() -> None:
    """GURPS-FRAG: the same prone man under an airburst: 15 - 3 = 12; a big target (SM +1)
    13."""
    assert fragment_attack(range_modifier=-3, posture_modifier=-2, airburst=True).target == 12
    assert fragment_attack(range_modifier=-3, sm=1, airburst=True).target == 13


@pytest.mark.parametrize(("margin", "hits"), [(0, 1), (2, 1), (3, 2), (5, 2), (6, 3), (9, 4)])
def test_one_more_fragment_per_3_margin_gurps_frag(margin: int, hits: int) -> None:
    """GURPS-FRAG: margin 0-2 one fragment, 3-5 two, 6-8 three, 9 four."""
    assert fragments(4, 2, succeeded=True, margin=margin) == hits


def test_a_miss_or_a_far_target_takes_none_and_the_struck_one_always_gurps_frag() -> None:
    """GURPS-FRAG: a failed roll: none; 11 yd from a [2d]: none; the one struck: hit."""
    assert fragments(4, 2, succeeded=False, margin=-1) == 0
    assert fragments(11, 2, succeeded=True, margin=9) == 0
    assert fragments(0, 2, struck=True) == 1


def test_fragments_cut_and_only_dodge_and_drop_avoids_them_gurps_frag() -> None:
    """GURPS-FRAG: cutting damage; the one defence is Dodge and Drop."""
    assert (FRAGMENT_DAMAGE_TYPE, FRAGMENT_DEFENCE) == ("cut", "dodge_and_drop")
