"""Suppression fire (GURPS-SUPPRESS), forced dice through the public Table API."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules import IllegalAction
from events.gurps import (
    AttackRolled,
    EnterZoneDeclared,
    InjuryApplied,
    LocationRolled,
    ManeuverChosen,
    ShotsSpent,
    SuppressDeclared,
    ZoneCovered,
    ZoneFired,
)

from .conftest import SMG, Fight, gunfight, of, one


def _fight(tmp: Path) -> Fight:
    return gunfight(tmp, SMG)


def test_a_zone_covered_until_his_next_turn(tmp_path: Path) -> None:
    """GURPS-SUPPRESS: 12 shots into the doorway (30 -> 18) take All-Out Attack (Suppression
    Fire); RoF 12 is +2, so its attacks are at most 6 + 2 = 8. B enters: guns 12 + 2 capped
    at 8, 6 is margin 2: 1 + 2/2 = 2 hits, each at a random location (10: torso), 1 + 1 = 2
    injury each; 10 shots left. C enters and is missed (17). At A's next turn the zone is
    gone."""
    fight = _fight(tmp_path)
    result = fight.declare(SuppressDeclared(actor="a", weapon="smg", shots=12, zone="the doorway"))
    chosen = one(result.events, ManeuverChosen)
    assert (chosen.maneuver, chosen.mode) == ("all-out-attack", "suppression")
    assert (one(result.events, ShotsSpent).left, one(result.events, ZoneCovered).cap) == (18, 8)
    assert fight.who("a")["zone"] == {"weapon": "smg", "shots": 12, "left": 12, "cap": 8,
                                      "zone": "the doorway"}  # fmt: skip
    result = fight.declare(
        EnterZoneDeclared(victim="b", shooter="a", defend="none"),
        (2, 2, 2, 3, 3, 4, 1, 1, 3, 3, 4, 1, 1),
    )
    rolled = one(result.events, AttackRolled)
    assert (rolled.roll.target, rolled.shots, rolled.hits) == (8, 12, 2)
    assert [(m.value, m.op) for m in rolled.roll.target_modifiers][-1] == (8, "cap")
    assert [loc.location for loc in of(result.events, LocationRolled)] == ["torso", "torso"]
    assert [i.amount for i in of(result.events, InjuryApplied)] == [2, 2]
    assert (one(result.events, ZoneFired).left, fight.status()["acting"]) == (10, "b")
    missed = fight.declare(EnterZoneDeclared(victim="c", shooter="a", defend="none"), (6, 6, 5))
    assert one(missed.events, ZoneFired).hits == 0
    fight.maneuver("b", "do-nothing")
    fight.maneuver("c", "do-nothing")
    assert fight.who("a")["zone"] is None
    with pytest.raises(IllegalAction, match="covers no zone"):
        fight.declare(EnterZoneDeclared(victim="c", shooter="a", defend="none"), (3, 3, 3))


def test_suppression_needs_rof_five_and_that_maneuver(tmp_path: Path) -> None:
    """GURPS-SUPPRESS: 4 shots are refused (RoF 5+); after taking Attack, so is the burst."""
    fight = _fight(tmp_path)
    with pytest.raises(IllegalAction, match="RoF 5"):
        fight.declare(SuppressDeclared(actor="a", weapon="smg", shots=4))
    fight.maneuver("a", "attack")
    with pytest.raises(IllegalAction, match="All-Out Attack"):
        fight.declare(SuppressDeclared(actor="a", weapon="smg"))
