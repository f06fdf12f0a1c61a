"""Malfunctions and clearing them (GURPS-MALF), forced dice through the public Table API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.rules import IllegalAction
from events.gurps import (
    AttackRolled,
    ClearDeclared,
    InjuryApplied,
    MalfunctionRolled,
    ShotsSpent,
    WeaponCleared,
)

from .conftest import PISTOL, Fight, of, one, sheet


def _fight(tmp: Path, gun: dict[str, Any], **skills: int) -> Fight:
    """``a`` (DX 12, IQ 10, guns 12 and ``skills``) with ``gun`` acts first against ``b``."""
    fight = Fight(tmp).new()
    fight.add("a", sheet("A", attributes={"dx": 12, "ht": 11}, skills={"guns": 12, **skills},
                         weapons=[gun]))  # fmt: skip
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight


def _round(fight: Fight) -> None:
    """``b`` does nothing: ``a``'s turn again."""
    fight.maneuver("b", "do-nothing")


def _clear(fight: Fight, *rolled: int, **kw: Any) -> WeaponCleared:
    return one(fight.declare(ClearDeclared(actor="a", **kw), rolled).events, WeaponCleared)


def test_stoppage_fires_one_then_three_readies(tmp_path: Path) -> None:
    """GURPS-MALF: an unmodified 17 reaches the pistol's Malf 17; the table's 10 is a
    stoppage: one shot goes off (9 - 1 = 8 left) and misses (17 fails); the pistol is refused
    until 3 Readies and IQ-based Guns - 4 (12 - 2 - 4 = 6, better than Armoury's IQ-5 = 5)."""
    fight = _fight(tmp_path, {**PISTOL, "malf": 17})
    result = fight.attack("a", "b", 6, 6, 5, 3, 3, 4, weapon="pistol")
    malf = one(result.events, MalfunctionRolled)
    assert (malf.attack, malf.roll.total, malf.kind, malf.jam, malf.step, malf.readies) == (
        17, 10, "stoppage", "stoppage", "fix", 3,
    )  # fmt: skip
    assert one(result.events, ShotsSpent).left == 8
    assert one(result.events, AttackRolled).hits == 0
    assert fight.who("a")["weapons"] == {"pistol": "stoppage"}
    _round(fight)
    with pytest.raises(IllegalAction, match=r"has a stoppage: `fracas clear a"):
        fight.attack("a", "b", 3, 3, 3, weapon="pistol")
    assert (_clear(fight).done, fight.who("a")["jams"]["pistol"]["readies"]) == (1, 1)
    _round(fight)
    _clear(fight)
    _round(fight)
    last = _clear(fight, 1, 2, 2)
    assert last.roll is not None
    assert last.roll.target == 6
    assert [(m.name, m.value) for m in last.roll.target_modifiers] == [
        ("IQ-based", -2),
        ("clearing", -4),
    ]
    assert (last.success, last.jam) == (True, None)
    assert fight.who("a")["weapons"] == {"pistol": "ready"}
    _round(fight)
    assert one(fight.attack("a", "b", 3, 3, 3, weapon="pistol").events, AttackRolled).hits == 1


def test_misfire_found_then_a_fumble_makes_it_mechanical(tmp_path: Path) -> None:
    """GURPS-MALF: a TL4 repeater's Malf is 14 from its TL; a 14 that would hit (against 12)
    malfunctions instead, no shot spent; the table's 7 is a misfire. One Ready and Armoury+2
    (11 + 2 = 13) find it; three Readies and the fix roll: an 18 makes it a mechanical
    problem, found with one Ready, whose fix is an hour's work: refused."""
    rifle = {**PISTOL, "name": "rifle", "tl": 4, "design": "repeater"}
    fight = _fight(tmp_path, rifle, armoury=11)
    result = fight.attack("a", "b", 5, 5, 4, 2, 3, 2, weapon="rifle")
    malf = one(result.events, MalfunctionRolled)
    assert (malf.malf, malf.kind, malf.step, malf.readies) == (14, "misfire", "diagnose", 1)
    assert of(result.events, ShotsSpent) == []
    _round(fight)
    found = _clear(fight, 3, 3, 3)
    assert found.roll is not None
    assert (found.roll.target, found.success, found.step_now) == (13, True, "fix")
    for _ in range(2):
        _round(fight)
        assert _clear(fight).roll is None
    _round(fight)
    worse = _clear(fight, 6, 6, 6)
    assert (worse.success, worse.jam, worse.step_now) == (False, "mechanical", "diagnose")
    _round(fight)
    assert _clear(fight, 3, 3, 3, skill="armoury").step_now == "fix"
    _round(fight)
    with pytest.raises(IllegalAction, match="an hour's repair"):
        fight.declare(ClearDeclared(actor="a"))


def test_tl3_firearm_explodes_in_his_hands(tmp_path: Path) -> None:
    """GURPS-MALF: a TL3 firearm (Malf 12) rolling 12, then 16 on the table: it explodes,
    1d+2 cr on his torso (3 + 2 = 5: HP 10 -> 5) and one fragment, 2d cut at a random
    location (10: torso; 1 + 1 = 2, x1.5 = 3: HP 5 -> 2); the gun is destroyed."""
    musket = {**PISTOL, "name": "musket", "tl": 3, "design": "firearm"}
    fight = _fight(tmp_path, musket)
    result = fight.attack("a", "b", 4, 4, 4, 6, 5, 5, 3, 3, 4, 3, 1, 1, weapon="musket")
    malf = one(result.events, MalfunctionRolled)
    assert (malf.malf, malf.kind, malf.jam, malf.step) == (12, "explosion", "destroyed", None)
    blast, shard = of(result.events, InjuryApplied)
    assert (blast.target, blast.location, blast.basic, blast.after) == ("a", "torso", 5, 5)
    assert (shard.location, shard.basic, shard.amount, shard.after) == ("torso", 2, 3, 2)
    assert fight.who("a")["weapons"] == {"musket": "destroyed"}
    _round(fight)
    with pytest.raises(IllegalAction, match="destroyed"):
        fight.attack("a", "b", 3, 3, 3, weapon="musket")


def test_revolver_misfire_fires_next_time(tmp_path: Path) -> None:
    """GURPS-MALF: a revolver's misfire (table 12) needs no clearing: the next shot fires;
    a weapon without Malf or design (a bow) never malfunctions on an 18."""
    revolver = {**PISTOL, "name": "revolver", "malf": 16, "design": "revolver"}
    bow = {**PISTOL, "name": "bow", "shots": 0}
    fight = _fight(tmp_path, revolver)
    malf = one(fight.attack("a", "b", 6, 6, 4, 4, 4, 4, weapon="revolver").events,
               MalfunctionRolled)  # fmt: skip
    assert (malf.kind, malf.jam) == ("misfire", None)
    _round(fight)
    assert one(fight.attack("a", "b", 3, 3, 3, weapon="revolver").events, AttackRolled).hits == 1
    other = Fight(tmp_path / "bow")
    (tmp_path / "bow").mkdir()
    other.new()
    other.add("a", sheet("A", attributes={"dx": 12, "ht": 11}, skills={"guns": 12}, weapons=[bow]))
    other.add("b", sheet("B"))
    other.start(1, 1)
    assert of(other.attack("a", "b", 6, 6, 6, weapon="bow").events, MalfunctionRolled) == []
