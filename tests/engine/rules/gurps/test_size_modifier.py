"""The target's Size Modifier on every attack roll at him (GURPS-SIZE-MODIFIER), through the
public Table API with forced dice: melee and ranged attacks, rapid fire, a spray, suppression
fire, a grapple, a disarm (option ``weapon_sm``), a dual-weapon blow."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from events.core import Modifier
from events.gurps import (
    AttackRolled,
    DisarmDeclared,
    EnterZoneDeclared,
    GrappleDeclared,
    SprayDeclared,
    SuppressDeclared,
)

from .conftest import PISTOL, SMG, Fight, of, one, sheet

RULE = "GURPS-SIZE-MODIFIER"


def _fight(
    tmp: Path, b_sm: int, *, weapons: list[dict[str, Any]] | None = None, **options: str
) -> Fight:
    """``a`` (DX 12, HT 11; broadsword, guns and judo 12) acts first; ``b`` has SM ``b_sm``;
    ``c`` (SM 0) is on b's side."""
    fight = Fight(tmp).new(**options)
    a = sheet("A", attributes={"dx": 12, "ht": 11}, skills={"broadsword": 12, "guns": 12})
    if weapons is not None:
        a["weapons"] = [sheet("A")["weapons"][0], *weapons]
    fight.add("a", a)
    fight.add("b", sheet("B", attributes={"sm": b_sm}))
    fight.add("c", sheet("C"), side="b")
    fight.start(1, 1, 1)
    return fight


def _sm(mods: tuple[Modifier, ...]) -> list[tuple[int, str, str]]:
    return [(m.value, m.source, m.name) for m in mods if m.rule == RULE]


@pytest.mark.parametrize(("sm", "target"), [(2, 14), (-1, 11), (0, 12)])
def test_sm_on_a_melee_attack(tmp_path: Path, sm: int, target: int) -> None:
    """GURPS-SIZE-MODIFIER: broadsword 12 at an SM +2 foe is 14, at SM -1 11; SM 0 adds no
    modifier at all."""
    fight = _fight(tmp_path, sm)
    rolled = one(
        fight.attack("a", "b", 3, 3, 3, defend="none", location="skull").events, AttackRolled
    )
    assert rolled.roll.target == target - 7  # the skull's -7 too
    expected = [(sm, "situation", f"B's SM {sm:+d}")] if sm else []
    assert _sm(rolled.roll.target_modifiers) == expected


def test_sm_on_a_ranged_attack_and_rapid_fire(tmp_path: Path) -> None:
    """GURPS-SIZE-MODIFIER: an SMG burst of 5 at an SM +3 foe 10 yards off: 12 - 4 (range)
    + 3 (SM) + 1 (RoF 5) = 12; 3,3,3 is margin 3: 1 + 3/2 = 2 hits."""
    fight = _fight(tmp_path, 3, weapons=[SMG])
    result = fight.attack("a", "b", 3, 3, 3, weapon="smg", rof=5, range=10)
    rolled = one(result.events, AttackRolled)
    assert (rolled.roll.target, rolled.hits) == (12, 2)
    assert _sm(rolled.roll.target_modifiers) == [(3, "situation", "B's SM +3")]


def test_sm_on_each_target_of_a_spray(tmp_path: Path) -> None:
    """GURPS-SIZE-MODIFIER, GURPS-SPRAY: 5 shots at b (SM +2), 4 at c (SM 0) a yard on: b's
    attack is 12 + 1 (RoF 5) + 2 = 15, c's 12."""
    fight = _fight(tmp_path, 2, weapons=[SMG])
    result = fight.declare(
        SprayDeclared(actor="a", at=("b:5", "c:4:1"), defend="none", weapon="smg"),
        (6, 6, 5, 6, 6, 5),
    )
    on_b, on_c = of(result.events, AttackRolled)
    assert (on_b.roll.target, on_c.roll.target) == (15, 12)
    assert _sm(on_b.roll.target_modifiers) == [(2, "situation", "B's SM +2")]
    assert _sm(on_c.roll.target_modifiers) == []


def test_sm_on_suppression_fire_comes_before_its_cap(tmp_path: Path) -> None:
    """GURPS-SIZE-MODIFIER, GURPS-SUPPRESS: all normal modifiers apply, then the cap: 12 shots
    (+2) into the zone, b (SM +2) enters: 12 + 2 + 2 = 16, at most 6 + 2 = 8."""
    fight = _fight(tmp_path, 2, weapons=[SMG])
    fight.declare(SuppressDeclared(actor="a", weapon="smg", shots=12))
    result = fight.declare(EnterZoneDeclared(victim="b", shooter="a", defend="none"), (6, 6, 5))
    rolled = one(result.events, AttackRolled)
    mods = rolled.roll.target_modifiers
    assert _sm(mods) == [(2, "situation", "B's SM +2")]
    assert [m.op for m in mods][-1] == "cap" and rolled.roll.target == 8
    assert [m.rule for m in mods].index(RULE) < len(mods) - 1


def test_sm_on_a_grapple(tmp_path: Path) -> None:
    """GURPS-SIZE-MODIFIER, GURPS-GRAPPLE: grappling an SM +1 foe at DX 12 is 13."""
    fight = _fight(tmp_path, 1)
    result = fight.declare(GrappleDeclared(actor="a", target="b", defend="none"), (3, 3, 3))
    rolled = one(result.events, AttackRolled)
    assert rolled.roll.target == 13
    assert _sm(rolled.roll.target_modifiers) == [(1, "situation", "B's SM +1")]


@pytest.mark.parametrize(("reading", "target", "counted"), [("wielder", 8, 1), ("none", 6, 0)])
def test_sm_on_a_disarm(tmp_path: Path, reading: str, target: int, counted: int) -> None:
    """GURPS-SIZE-MODIFIER, GURPS-DISARM, option weapon_sm: striking at an SM +2 foe's
    broadsword (reach 1: -4, and -2 to disarm) with broadsword 12 is 8 when his weapon is
    scaled to him, 6 when only the weapon's size counts."""
    fight = _fight(tmp_path, 2, weapon_sm=reading)
    result = fight.declare(DisarmDeclared(actor="a", target="b"), (6, 6, 6))
    rolled = one(result.events, AttackRolled)
    assert rolled.roll.target == target
    assert len(_sm(rolled.roll.target_modifiers)) == counted


def test_sm_on_a_dual_weapon_blow(tmp_path: Path) -> None:
    """GURPS-SIZE-MODIFIER, GURPS-DUAL-WEAPON: the main hand's blow at an SM +2 foe: 12 - 4
    (dual) + 2 = 10."""
    fight = _fight(tmp_path, 2, weapons=[PISTOL])
    rolled = one(
        fight.attack("a", "b", 6, 6, 6, weapon="broadsword", dual="main").events, AttackRolled
    )
    assert rolled.roll.target == 10
    assert _sm(rolled.roll.target_modifiers) == [(2, "situation", "B's SM +2")]
