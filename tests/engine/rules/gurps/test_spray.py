"""Spraying fire (GURPS-SPRAY), forced dice through the public Table API."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from engine.table import PlyResult
from events.gurps import AttackRolled, InjuryApplied, ShotsSpent, SprayDeclared

from .conftest import SMG, Fight, gunfight, of


def _fight(tmp: Path, **options: Any) -> Fight:
    return gunfight(tmp, SMG, **options)


def _spray(fight: Fight, *rolled: int, **kw: Any) -> PlyResult:
    kw.setdefault("defend", "dodge")
    return fight.declare(SprayDeclared(actor="a", weapon="smg", **kw), rolled)


def test_spray_shares_the_burst_wastes_a_yard_and_worsens_recoil(tmp_path: Path) -> None:
    """GURPS-SPRAY: 5 shots at B, then 4 at C 2 yards on: the yard between wastes 1 (30 ->
    25 -> 24 -> 20). B: RoF 5 is +1 (13), 17 misses. C: RoF 4, no bonus (12), 8 is margin 4
    with Recoil 2 + 1 = 3: 1 + 4/3 = 2 hits (3 at Recoil 2); C's dodge (8) fails on 18, and
    each 2d of 1 + 1 is 2 injury: HP 10 -> 6."""
    fight = _fight(tmp_path)
    result = _spray(fight, 6, 6, 5, 3, 3, 2, 6, 6, 6, 1, 1, 1, 1, at=("b:5", "c:4:2"))
    assert [(s.spent, s.left) for s in of(result.events, ShotsSpent)] == [(5, 25), (1, 24),
                                                                         (4, 20)]  # fmt: skip
    on_b, on_c = of(result.events, AttackRolled)
    assert (on_b.target, on_b.shots, on_b.roll.target, on_b.hits) == ("b", 5, 13, 0)
    assert (on_c.target, on_c.shots, on_c.roll.target, on_c.roll.margin) == ("c", 4, 12, 4)
    assert on_c.hits == 2
    assert "Recoil 3" in on_c.reason
    assert [i.amount for i in of(result.events, InjuryApplied)] == [2, 2]
    assert fight.who("c")["hp"] == 6
    assert fight.status()["acting"] == "b"


def test_gap_reading_and_what_a_spray_needs(tmp_path: Path) -> None:
    """GURPS-SPRAY, option ``spray_gap``: a burst of 10 holds 5 + 1 wasted + 4; read as the
    separation, 2 yards waste 2 and 11 does not fit. A spray needs two targets and RoF 5+."""
    (tmp_path / "x").mkdir()
    fight = _fight(tmp_path / "x")
    with pytest.raises(UsageError, match="two targets"):
        _spray(fight, at=("b:5",))
    with pytest.raises(UsageError, match="TARGET:SHOTS:YARDS"):
        _spray(fight, at=("b:5", "c:4"))
    with pytest.raises(IllegalAction, match="RoF 5"):
        _spray(fight, at=("b:2", "c:2:1"), rof=4)
    (tmp_path / "y").mkdir()
    other = _fight(tmp_path / "y", spray_gap="separation")
    with pytest.raises(IllegalAction, match="9 shots and 2 wasted is more than RoF 10"):
        _spray(other, at=("b:5", "c:4:2"), rof=10)
    result = _spray(fight, 6, 6, 5, 6, 6, 5, at=("b:5", "c:4:2"), rof=10)
    assert sum(s.spent for s in of(result.events, ShotsSpent)) == 10
