"""Attacking a foe one cannot see (GURPS-VIS-BLIND, GURPS-VIS-INVISIBLE, GURPS-VIS-KNOWN-HEX,
GURPS-VIS-LIGHT): `attack --sight blind|invisible|known-hex [--light]`."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UsageError
from events.gurps import AttackRolled, LocationRolled

from .conftest import Fight, one, sheet


def _fight(fight: Fight, traits: dict[str, bool] | None = None) -> Fight:
    fight.new()
    fight.add(
        "a", sheet("A", attributes={"dx": 12}, skills={"broadsword": 18}, traits=traits or {})
    )
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight


@pytest.mark.parametrize(
    ("sight", "value", "rule"),
    [
        ("blind", -10, "GURPS-VIS-BLIND"),
        ("invisible", -6, "GURPS-VIS-INVISIBLE"),
        ("known-hex", -4, "GURPS-VIS-KNOWN-HEX"),
    ],
)
def test_unseen_foes_are_harder_to_hit(fight: Fight, sight: str, value: int, rule: str) -> None:
    """GURPS-VIS-BLIND -10, GURPS-VIS-INVISIBLE -6, GURPS-VIS-KNOWN-HEX -4 on broadsword 18."""
    _fight(fight)
    r = one(fight.attack("a", "b", 6, 6, 6, sight=sight).events, AttackRolled).roll
    assert r.target == 18 + value
    assert [(m.value, m.rule) for m in r.target_modifiers] == [(value, rule)]


def test_an_unseen_foe_is_hit_at_a_random_location(fight: Fight) -> None:
    """GURPS-VIS-INVISIBLE: the hit's location is rolled (3,3,4 = 10: the torso); an aimed
    location is refused."""
    _fight(fight)
    with pytest.raises(IllegalAction, match="random"):
        fight.attack("a", "b", 3, 3, 3, sight="invisible", location="skull")
    out = fight.attack("a", "b", 3, 3, 3, 3, 3, 4, 1, sight="invisible", defend="none").events
    assert one(out, LocationRolled).location == "torso"


def test_used_to_blindness_is_minus_6(fight: Fight) -> None:
    """GURPS-VIS-BLIND: with the trait accustomed_to_blindness, -6: 12."""
    _fight(fight, {"accustomed_to_blindness": True})
    assert (
        one(fight.attack("a", "b", 6, 6, 6, sight="blind").events, AttackRolled).roll.target == 12
    )


def test_a_light_in_sight_makes_darkness_minus_3(fight: Fight) -> None:
    """GURPS-VIS-LIGHT: a light in sight in total darkness: -3 (15), and the foe is seen: the
    location may be aimed at; --light without --sight blind is refused."""
    _fight(fight)
    r = one(
        fight.attack("a", "b", 6, 6, 6, sight="blind", light=True, location="skull").events,
        AttackRolled,
    )
    assert [(m.value, m.rule) for m in r.roll.target_modifiers] == [
        (-7, "GURPS-HITLOC-TABLE"),
        (-3, "GURPS-VIS-LIGHT"),
    ]


def test_light_needs_darkness(fight: Fight) -> None:
    """GURPS-VIS-LIGHT: --light goes with --sight blind."""
    _fight(fight)
    with pytest.raises(UsageError, match="--light"):
        fight.attack("a", "b", 6, 6, 6, light=True)
