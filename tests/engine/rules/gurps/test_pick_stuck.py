"""A weapon stuck in a foe (GURPS-PICK-STUCK): a swung impaling weapon that penetrated and
injured sticks; a Ready's ST roll pulls it free for half the injury going in, or it stays;
letting go leaves it in the foe."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.gurps import (
    InjuryApplied,
    LetGoDeclared,
    SuccessRolled,
    WeaponPulled,
    WeaponStuck,
)

from .conftest import Fight, of, one, sheet

PICK = {"name": "pick", "skill": "broadsword", "damage": "sw+1 imp", "reach": "1", "parry": -1}
SPEAR = {"name": "spear", "skill": "broadsword", "damage": "thr+2 imp", "reach": "1", "parry": 0}


def _struck(fight: Fight, weapon: dict[str, object] = PICK) -> list[object]:
    """a (ST 10: swing 1d) hits b with 3,3,3, no defence; damage 1d = 1: 1+1 = 2 imp x2 = 4
    (b's HP 10 -> 6); then b's turn passes: a's turn."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, weapons=[weapon]))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    out = list(fight.attack("a", "b", 3, 3, 3, 1, defend="none").events)
    fight.next()
    return out


def test_a_swung_pick_that_injured_sticks(fight: Fight) -> None:
    """GURPS-PICK-STUCK: 4 injury to the torso: the pick is stuck in b; it cannot strike."""
    out = _struck(fight)
    stuck = one(out, WeaponStuck)
    assert (stuck.victim, stuck.location, stuck.injury) == ("b", "torso", 4)
    assert fight.who("a")["weapons"] == {"pick": "stuck"}
    with pytest.raises(IllegalAction, match="stuck"):
        fight.attack("a", "b", 3, 3, 3, weapon="pick")


def test_a_thrust_does_not_stick(fight: Fight) -> None:
    """GURPS-PICK-STUCK: a thrust impaling spear does not stick."""
    assert of(_struck(fight, SPEAR), WeaponStuck) == []


def test_a_ready_pulls_it_free_for_half_the_injury(fight: Fight) -> None:
    """GURPS-PICK-STUCK: ST 10 rolls 9: free, and coming out it does half the 4: b 6 -> 4."""
    _struck(fight)
    out = fight.maneuver("a", "ready", 3, 3, 3, weapon="pick").events
    assert one(out, SuccessRolled).roll.target == 10
    assert one(out, WeaponPulled).outcome == "free"
    hurt = one(out, InjuryApplied)
    assert (hurt.amount, hurt.before, hurt.after) == (2, 6, 4)
    assert fight.who("a")["weapons"] == {"pick": "ready"}


@pytest.mark.parametrize(
    ("faces", "outcome"), [((6, 5, 5), "stuck"), ((6, 6, 6), "stuck_for_good")]
)
def test_a_failed_pull_leaves_it_stuck(fight: Fight, faces: tuple[int, ...], outcome: str) -> None:
    """GURPS-PICK-STUCK: 16 fails (still stuck, no injury); 18 is a critical failure: stuck
    for good, and no more pulling."""
    _struck(fight)
    out = fight.maneuver("a", "ready", *faces, weapon="pick").events
    assert one(out, WeaponPulled).outcome == outcome
    assert of(out, InjuryApplied) == []
    assert fight.who("b")["hp"] == 6


def test_letting_go_leaves_it_in_the_foe(fight: Fight) -> None:
    """GURPS-PICK-STUCK: free, on his turn: the pick stays in b (dropped for a)."""
    _struck(fight)
    out = fight.declare(LetGoDeclared(actor="a", weapon="pick")).events
    assert one(out, WeaponPulled).outcome == "let_go"
    assert fight.who("a")["weapons"] == {"pick": "dropped"}
    assert fight.status()["acting"] == "a"
    with pytest.raises(IllegalAction, match="stuck in nobody"):
        fight.declare(LetGoDeclared(actor="a", weapon="pick"))
