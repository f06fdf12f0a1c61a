"""Rapid fire's special cases (GURPS-RF-FULLAUTO, GURPS-RF-STATIONARY, GURPS-SHOTGUN), forced
dice through the public Table API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.gurps import AttackRolled, DamageRolled, InjuryApplied, ShotsSpent

from .conftest import PISTOL, SMG, Fight, one, sheet

SHOTGUN = {"name": "shotgun", "skill": "guns", "damage": "1d+1 pi", "acc": 3, "rof": "3x9",
           "recoil": 1, "shots": 5, "half_damage": 50, "max": 125}  # fmt: skip


def _fight(tmp: Path, name: str, *, b: dict[str, Any] | None = None, **options: Any) -> Fight:
    """``a`` (guns 12, pistol, SMG, shotgun) acts first against ``b``."""
    (tmp / name).mkdir()
    fight = Fight(tmp / name).new(**options)
    weapons = [PISTOL, SMG, SHOTGUN]
    fight.add("a", sheet("A", attributes={"dx": 12, "ht": 11}, skills={"guns": 12},
                         weapons=weapons))  # fmt: skip
    fight.add("b", sheet("B", **(b or {})))
    fight.start(1, 1)
    return fight


def test_full_auto_minimum_is_a_quarter_of_rof(tmp_path: Path) -> None:
    """GURPS-RF-FULLAUTO: the SMG (RoF 13!) fires at least 13/4 rounded up = 4 shots: 3 is
    refused; with no --rof it fires 4, 30 - 4 = 26 left, and 9 against 12 hits 1 + 3/2 = 2."""
    fight = _fight(tmp_path, "f")
    with pytest.raises(IllegalAction, match=r"at least 4 shots.*GURPS-RF-FULLAUTO"):
        fight.attack("a", "b", 3, 3, 3, weapon="smg", rof=3)
    result = fight.attack("a", "b", 3, 3, 3, weapon="smg")
    spent = one(result.events, ShotsSpent)
    assert (spent.spent, spent.left) == (4, 26)
    rolled = one(result.events, AttackRolled)
    assert (rolled.shots, rolled.hits, rolled.roll.target) == (4, 2, 12)


def test_selective_fire_may_fire_one(tmp_path: Path) -> None:
    """GURPS-RF-FULLAUTO: a weapon without "!" (the pistol, RoF 3) fires one shot by default."""
    fight = _fight(tmp_path, "f")
    spent = one(fight.attack("a", "b", 3, 3, 3, weapon="pistol").events, ShotsSpent)
    assert (spent.spent, spent.left) == (1, 8)


def test_stationary_target_takes_half_or_all(tmp_path: Path) -> None:
    """GURPS-RF-STATIONARY: 3 pistol shots at an immobile target (SM 0, no range penalty):
    a success by 1 puts in half, rounded up: 2 (rapid fire alone would be 1 + 1/2 = 1); by
    Recoil 2: all 3."""
    fight = _fight(tmp_path, "f")
    rolled = one(fight.attack("a", "b", 3, 4, 4, weapon="pistol", rof=3, stationary=True).events,
                 AttackRolled)  # fmt: skip
    assert (rolled.roll.margin, rolled.hits) == (1, 2)
    assert "GURPS-RF-STATIONARY" in rolled.reason
    fight = _fight(tmp_path, "g")
    rolled = one(fight.attack("a", "b", 3, 3, 4, weapon="pistol", rof=3, stationary=True).events,
                 AttackRolled)  # fmt: skip
    assert (rolled.roll.margin, rolled.hits) == (2, 3)


def test_stationary_needs_sm_to_cancel_range(tmp_path: Path) -> None:
    """GURPS-RF-STATIONARY: at 10 yards (-4) a man (SM 0) is refused; a SM +4 target is
    not (4 - 4 = 0). His SM is on the roll too (GURPS-SIZE-MODIFIER): 12 - 4 + 4 = 12, and
    4,4,4 (margin 0, under Recoil 2) puts half the 3 shots in, rounded up."""
    fight = _fight(tmp_path, "f")
    with pytest.raises(IllegalAction, match=r"SM \+0 does not cancel the range modifier -4"):
        fight.attack("a", "b", 3, 3, 3, weapon="pistol", rof=3, range=10, stationary=True)
    with pytest.raises(UsageError, match="stationary"):
        fight.attack("a", "b", 3, 3, 3, weapon="punch", stationary=True)
    fight = _fight(tmp_path, "g", b={"attributes": {"sm": 4}})
    rolled = one(
        fight.attack("a", "b", 4, 4, 4, weapon="pistol", rof=3, range=10, stationary=True).events,
        AttackRolled,
    )
    assert (rolled.roll.target, rolled.roll.margin, rolled.hits) == (12, 0, 2)
    sm = [m for m in rolled.roll.target_modifiers if m.rule == "GURPS-SIZE-MODIFIER"]
    assert [(m.value, m.source) for m in sm] == [(4, "situation")]


def test_shotgun_beyond_close_range(tmp_path: Path) -> None:
    """GURPS-SHOTGUN: RoF 3x9, 2 shots at 10 yards: 2 shells spent (5 - 2 = 3 left), RoF
    18 for the bonus (+4) and the hits: 12 - 4 (range) + 4 = 12; 9 hits 1 + 3/1 = 4."""
    fight = _fight(tmp_path, "f")
    result = fight.attack("a", "b", 3, 3, 3, weapon="shotgun", rof=2, range=10)
    spent = one(result.events, ShotsSpent)
    assert (spent.spent, spent.left) == (2, 3)
    rolled = one(result.events, AttackRolled)
    assert (rolled.roll.target, rolled.shots, rolled.hits) == (12, 18, 4)


def test_shotgun_close_multiplies_dice_and_dr(tmp_path: Path) -> None:
    """GURPS-SHOTGUN: at 4 yards, under a tenth of 1/2D 50, 2 shells are RoF 2 (no bonus),
    12 - 2 (range) = 10, and each hit's dice and DR are x 9/2 = 4: 1d+1 is 4d+4, DR 2 is 8;
    4 + 4 = 8 against DR 8 gets nothing through."""
    fight = _fight(tmp_path, "f", b={"dr": {"all": 2}})
    result = fight.attack("a", "b", 3, 3, 4, 1, 1, 1, 1, weapon="shotgun", rof=2, range=4,
                          defend="none")  # fmt: skip
    rolled = one(result.events, AttackRolled)
    assert (rolled.roll.target, rolled.shots, rolled.hits) == (10, 2, 1)
    assert one(result.events, DamageRolled).roll.spec == "4D6+4"
    injury = one(result.events, InjuryApplied)
    assert (injury.basic, injury.dr, injury.amount) == (8, 8, 0)
    assert "DR x4: shotgun at close range (GURPS-SHOTGUN)" in injury.steps


def test_shotgun_close_edge_option(tmp_path: Path) -> None:
    """GURPS-SHOTGUN, option ``shotgun_close``: at exactly 5 yards (a tenth of 1/2D 50) the
    text's reading spreads the pellets (RoF 9 for one shell), the example's does not (RoF 1)."""
    fight = _fight(tmp_path, "f")
    rolled = one(fight.attack("a", "b", 3, 3, 3, weapon="shotgun", range=5).events, AttackRolled)
    assert rolled.shots == 9
    fight = _fight(tmp_path, "g", shotgun_close="at_or_below")
    rolled = one(fight.attack("a", "b", 3, 3, 3, weapon="shotgun", range=5).events, AttackRolled)
    assert rolled.shots == 1
