"""Cover and overpenetration (seed 002 lines 69-71; catalogue §2.1): GURPS-COVER (exposure,
the three ways to shoot at someone behind cover, structure cover DR) and GURPS-OVERPEN
(cover DR by body, the seed's worked example of the agent and the VIP)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import IllegalAction
from engine.rules.gurps.situations.cover import (
    aimed_at,
    behind_dr,
    can_overpenetrate,
    cover_dr,
    exposure,
    overpenetrates,
    random_hit_strikes_cover,
    shoot_through,
    structure_cover_dr,
)


def test_looking_out_shows_the_head_and_neck_gurps_cover() -> None:
    """GURPS-COVER: skull, eyes, face and neck, nothing else."""
    assert exposure("looking") == dict.fromkeys(("skull", "eyes", "face", "neck"), "full")


def test_firing_one_handed_shows_the_weapon_arm_gurps_cover() -> None:
    """GURPS-COVER: plus the weapon arm and hand (the left, for a left-handed shot)."""
    shown = exposure("one_handed", weapon_side="left")
    assert shown["left_arm"] == shown["left_hand"] == "full"
    assert "right_arm" not in shown and "torso" not in shown


def test_firing_two_handed_shows_half_the_torso_gurps_cover() -> None:
    """GURPS-COVER: both arms and hands, half the torso and vitals; groin and legs hidden;
    through a narrow slit, no torso."""
    shown = exposure("two_handed")
    assert {k: v for k, v in shown.items() if v == "half"} == {"torso": "half", "vitals": "half"}
    assert shown["right_hand"] == shown["left_arm"] == "full"
    assert not {"groin", "right_leg", "left_foot"} & set(shown)
    assert "torso" not in exposure("slit")


def test_aiming_at_a_half_exposed_location_is_minus_2_more_gurps_cover() -> None:
    """GURPS-COVER: half exposed -2 on top of the location's penalty; fully exposed nothing;
    hidden refused."""
    m = aimed_at("torso", "half")
    assert m is not None and (m.value, m.rule) == (-2, "GURPS-COVER")
    assert aimed_at("skull", "full") is None
    with pytest.raises(IllegalAction, match="the groin is behind cover"):
        aimed_at("groin", "hidden")


@pytest.mark.parametrize(("roll", "cover"), [(1, False), (3, False), (4, True), (6, True)])
def test_a_random_hit_on_a_half_exposed_location_hits_cover_on_4_to_6_gurps_cover(
    roll: int, cover: bool
) -> None:
    """GURPS-COVER: 1d: 1-3 the target, 4-6 the cover."""
    assert random_hit_strikes_cover("half", roll) is cover


def test_a_random_hit_on_a_covered_location_hits_cover_gurps_cover() -> None:
    """GURPS-COVER: hidden always hits cover, exposed never."""
    assert random_hit_strikes_cover("hidden") and not random_hit_strikes_cover("full")
    with pytest.raises(IllegalAction, match="needs a 1d roll"):
        random_hit_strikes_cover("half")


def test_shooting_through_cover_gurps_cover() -> None:
    """GURPS-COVER: -2; at a foe completely hidden, blind fire at -10."""
    assert (shoot_through().value, shoot_through(completely_hidden=True).value) == (-2, -10)


def test_structure_cover_dr_is_dr_plus_a_quarter_of_hp_gurps_cover() -> None:
    """GURPS-COVER: DR 4 and HP 30: 4 + 7 = 11 (HP/4 rounded down)."""
    assert structure_cover_dr(4, 30) == 11
    assert structure_cover_dr(4, 32) == 12


def test_the_agent_and_the_vip_gurps_overpen() -> None:
    """GURPS-OVERPEN, the seed's example: a 7d(2) pi- bullet rolling 20 at an agent in a DR
    8 vest with 12 HP: cover DR (16 + 12) / 2 = 14; 20 > 14 goes through; the unarmored VIP
    behind faces DR 14 and takes 6 (halved for pi-: 3)."""
    assert can_overpenetrate("pi-", ranged=True)
    cover = cover_dr(8, 12, "flesh", armor_divisor=2)
    assert cover == 14
    assert overpenetrates(20, cover)
    assert 20 - behind_dr(cover, 0) == 6


@pytest.mark.parametrize(
    ("body", "dr"),
    [("flesh", 2 * 3 + 20), ("unliving", 3 + 10), ("homogenous", 3 + 5), ("thin_slab", 3)],
)
def test_cover_dr_by_what_is_hit_gurps_overpen(body: str, dr: int) -> None:
    """GURPS-OVERPEN: DR 3 and HP 20: flesh (armor both sides) 26, unliving 13, homogenous
    8, thin slab 3."""
    assert cover_dr(3, 20, body) == dr  # type: ignore[arg-type]


def test_basic_damage_must_exceed_cover_dr_gurps_overpen() -> None:
    """GURPS-OVERPEN: 14 against 14 stops; 15 goes through."""
    assert not overpenetrates(14, 14) and overpenetrates(15, 14)


def test_only_ranged_piercing_impaling_or_tight_beams_go_through_gurps_overpen() -> None:
    """GURPS-OVERPEN: an arrow (imp) yes; a thrown rock (cr), a spear thrust (melee) and a
    flamethrower (burn, not tight) no; a laser (tight-beam burn) yes."""
    assert can_overpenetrate("imp", ranged=True)
    assert not can_overpenetrate("cr", ranged=True)
    assert not can_overpenetrate("imp", ranged=False)
    assert not can_overpenetrate("burn", ranged=True)
    assert can_overpenetrate("burn", ranged=True, tight_beam=True)


@given(st.integers(0, 50), st.integers(1, 40), st.sampled_from([1, 2, 3, 5, 10]))
def test_a_bigger_divisor_never_raises_cover_dr(dr: int, hp: int, divisor: int) -> None:
    """GURPS-OVERPEN: the armor divisor only ever lowers cover DR."""
    assert cover_dr(dr, hp, "flesh", armor_divisor=divisor) <= cover_dr(dr, hp, "flesh")
