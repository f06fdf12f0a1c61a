"""Size classes with forced dice (PAL-HR-SIZE-CLASS, house): a ranged attack gains the gap
between the target's class and the attacker's (his weapon's, where it has one), loses it
against a smaller target; the rules as written ignore size."""

from __future__ import annotations

from typing import Any

import pytest

from events.core import Modifier
from events.palladium import LaunchDeclared, StrikeRolled, ThrowDeclared

from .conftest import Fight, one

RIFLE = {"name": "rifle", "kind": "ranged", "damage": "2D6", "wp": "energy_rifle", "range": 2000}
KNIFE = {"name": "knife", "kind": "melee", "damage": "1D6", "thrown": 0, "range": 60}
POD = {"name": "pod", "kind": "launcher", "missiles": "rocket", "rate": 2}
ROCKET = {"name": "rocket", "type": "short", "damage": "1D6", "blast_radius": 10, "count": 4}


def sized(mods: tuple[Modifier, ...]) -> list[tuple[int, str]]:
    return [(m.value, m.name) for m in mods if m.rule == "PAL-HR-SIZE-CLASS"]


def duel(fight: Fight, variant: str, target_size: int, **gunner: Any) -> None:
    fight.new(variant)
    fight.add("gunner", "g", **gunner)
    fight.add("brawler", "t", size=target_size, pools={"hp": 500, "sdc": 500})
    fight.initiative(18, 2)


@pytest.mark.parametrize(
    ("variant", "size", "expected"),
    [("house", 5, [2]), ("house", 1, [-2]), ("house", 3, []), ("raw", 6, [])],
)
def test_PAL_HR_SIZE_CLASS_a_shot_gains_or_loses_the_gap(
    fight: Fight, variant: str, size: int, expected: list[int]
) -> None:
    duel(fight, variant, size)
    s = one(fight.shoot("g", "t", 12, 3, 3, range=100, defend="none").events, StrikeRolled)
    assert [v for v, _ in sized(s.roll.modifiers)] == expected


def test_PAL_HR_SIZE_CLASS_the_weapon_built_for_another_size_counts(fight: Fight) -> None:
    duel(fight, "house", 3, weapons=[{**RIFLE, "size": 5}])
    s = one(fight.shoot("g", "t", 12, 3, 3, range=100, defend="none").events, StrikeRolled)
    assert sized(s.roll.modifiers) == [(-2, "a smaller target: size class 3, the rifle's 5")]


def test_PAL_HR_SIZE_CLASS_throws_and_volleys_too(fight: Fight) -> None:
    duel(fight, "house", 6, weapons=[KNIFE, POD], missiles=[ROCKET], size=2)
    thrown = fight.declare(
        ThrowDeclared(actor="g", target="t", weapon="knife", defend="none"), [12, 3]
    )
    assert [v for v, _ in sized(one(thrown.events, StrikeRolled).roll.modifiers)] == [4]
    launched = fight.declare(
        LaunchDeclared(actor="g", target="t", missiles=1, defend="none"), [12, 3]
    )
    assert [v for v, _ in sized(one(launched.events, StrikeRolled).roll.modifiers)] == [4]


def test_PAL_HR_SIZE_CLASS_hand_to_hand_ignores_size(fight: Fight) -> None:
    duel(fight, "house", 6)
    s = one(fight.strike("g", "t", 12, 3, defend="none").events, StrikeRolled)
    assert sized(s.roll.modifiers) == []
