"""Malfunctions (seed 002 line 69; catalogue §2.1, GURPS-MALF): Malf by TL and quality, the
unmodified roll, the 3d table at every edge, explosions by TL and design, what clears each."""

from __future__ import annotations

import pytest

from engine.rules import UsageError
from engine.rules.gurps.situations.malfunction import (
    EXPLOSION_DAMAGE,
    malf_number,
    malfunction,
    malfunctions,
    remedy,
)


@pytest.mark.parametrize(("tl", "malf"), [(3, 12), (4, 14), (5, 16), (6, 17), (8, 17), (12, 17)])
def test_malf_by_tech_level_gurps_malf(tl: int, malf: int) -> None:
    """GURPS-MALF: TL3 12, TL4 14, TL5 16, TL6 and up 17."""
    assert malf_number(tl) == malf


@pytest.mark.parametrize(
    ("quality", "malf"), [("cheap", 13), ("good", 14), ("fine", 15), ("very_fine", 15)]
)
def test_fine_plus_1_cheap_minus_1_gurps_malf(quality: str, malf: int) -> None:
    """GURPS-MALF: a TL4 gun: cheap 13, fine or very fine 15."""
    assert malf_number(4, quality) == malf  # type: ignore[arg-type]


def test_before_tl3_there_is_no_malf() -> None:
    """GURPS-MALF: the table starts at TL3; TL2 is refused, naming it."""
    with pytest.raises(UsageError, match="TL 2"):
        malf_number(2)


def test_a_roll_at_or_over_malf_malfunctions_gurps_malf() -> None:
    """GURPS-MALF: Malf 17: a 16 fires, a 17 and an 18 malfunction, whatever the skill."""
    assert (malfunctions(16, 17), malfunctions(17, 17), malfunctions(18, 17)) == (
        False,
        True,
        True,
    )


@pytest.mark.parametrize(
    ("roll", "kind"),
    [
        (3, "mechanical"),
        (4, "mechanical"),
        (5, "misfire"),
        (8, "misfire"),
        (9, "stoppage"),
        (11, "stoppage"),
        (12, "misfire"),
        (14, "misfire"),
        (15, "mechanical"),
        (18, "mechanical"),
    ],
)
def test_the_malfunction_table_of_a_modern_gun_gurps_malf(roll: int, kind: str) -> None:
    """GURPS-MALF: 3-4 mechanical, 5-8 misfire, 9-11 stoppage, 12-14 misfire, 15-18
    mechanical (a TL6 gun never explodes)."""
    assert malfunction(roll, tl=6) == kind


@pytest.mark.parametrize(
    ("tl", "design", "kind"),
    [
        (3, "firearm", "explosion"),
        (4, "firearm", "mechanical"),
        (4, "breechloader", "explosion"),
        (4, "repeater", "explosion"),
        (4, "grenade", "explosion"),
        (5, "repeater", "mechanical"),
        (5, "grenade", "late"),
    ],
)
def test_15_to_18_explodes_only_for_old_designs_gurps_malf(tl: int, design: str, kind: str) -> None:
    """GURPS-MALF: a TL3 gun, or a TL4 grenade, breechloader or repeater, may blow up
    (1d+2 cr ex [2d]); a TL4 muzzle-loader and anything TL5+ has a mechanical problem (a
    grenade's is a late detonation)."""
    assert malfunction(16, tl=tl, design=design) == kind  # type: ignore[arg-type]
    assert EXPLOSION_DAMAGE == "1d+2 cr ex [2d]"


def test_grenades_and_beams_read_the_table_their_way_gurps_malf() -> None:
    """GURPS-MALF: a grenade's misfire or stoppage is a dud, its mechanical problem goes
    off 1d seconds late; a beam weapon's stoppage is a mechanical problem."""
    assert malfunction(6, tl=7, design="grenade") == "dud"
    assert malfunction(10, tl=7, design="grenade") == "dud"
    assert malfunction(3, tl=7, design="grenade") == "late"
    assert malfunction(10, tl=9, design="beam") == "mechanical"


@pytest.mark.parametrize("roll", [2, 19])
def test_a_malfunction_roll_off_3d_is_refused(roll: int) -> None:
    """GURPS-MALF: the table is 3d."""
    with pytest.raises(UsageError, match=f"the malfunction roll: {roll} is not a 3d roll"):
        malfunction(roll, tl=6)


def test_what_a_misfire_needs_gurps_malf() -> None:
    """GURPS-MALF: a Ready and Armoury+2 (or IQ-based skill) to find it; three Readies, two
    hands, Armoury+2 to fix; a critical failure makes it mechanical; a revolver needs nothing
    but the next pull."""
    r = remedy("misfire")
    assert (r.diagnose, r.fix, r.hands, r.on_critical_failure) == (
        (1, 2, 0),
        (3, 2, 0),
        2,
        "mechanical",
    )
    assert remedy("misfire", "revolver").fix is None


def test_what_a_stoppage_needs_gurps_malf() -> None:
    """GURPS-MALF: one shot fires; three Readies, two hands, Armoury or IQ-based skill -4."""
    r = remedy("stoppage")
    assert (r.shot_fires, r.fix, r.hands, r.on_critical_failure) == (
        True,
        (3, 0, -4),
        2,
        "mechanical",
    )


def test_what_a_mechanical_problem_needs_gurps_malf() -> None:
    """GURPS-MALF: a Ready to diagnose, then Armoury rolls of an hour each; a critical
    failure destroys the weapon."""
    r = remedy("mechanical")
    assert (r.diagnose, r.fix, r.hours, r.on_critical_failure) == (
        (1, 0, 0),
        (0, 0, None),
        1,
        "destroyed",
    )


@pytest.mark.parametrize("kind", ["explosion", "late", "dud"])
def test_some_results_are_never_cleared_gurps_malf(kind: str) -> None:
    """GURPS-MALF: an exploded gun, a late grenade and a dud have no remedy."""
    r = remedy(kind)  # type: ignore[arg-type]
    assert (r.diagnose, r.fix) == (None, None)
