"""A stray shot with forced dice (PAL-STRIKE-STRAY, the GM's option): a shot that misses
strikes the bystander the GM named, without a defence or a critical; a hit leaves him be."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UnknownName, UsageError
from events.palladium import DamageApplied, DefenseDeclined, ShootDeclared, StrikeRolled

from .conftest import Fight, of, one

TOUGH = {"hp": 300, "sdc": 300}


def crowd(fight: Fight, variant: str = "raw") -> None:
    fight.new(variant)
    fight.add("gunner", "g")
    fight.add("brawler", "t", pools=TOUGH)
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 10, 2)


def shoot(fight: Fight, *faces: int, stray: str | None = "b") -> list[object]:
    d = ShootDeclared(actor="g", target="t", range=100, defend="none", stray=stray)
    return list(fight.declare(d, faces).events)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_STRIKE_STRAY_a_miss_strikes_the_bystander_named(fight: Fight, variant: str) -> None:
    crowd(fight, variant)
    events = shoot(fight, 2, 3, 4)
    assert not one(events, StrikeRolled).hits
    declined = one(events, DefenseDeclined)
    assert declined.defender == "b" and "strikes Brawler (PAL-STRIKE-STRAY)" in declined.reason
    assert [(e.target, e.amount) for e in of(events, DamageApplied)] == [("b", 7)]


def test_PAL_STRIKE_STRAY_a_hit_leaves_him_be(fight: Fight) -> None:
    crowd(fight)
    events = shoot(fight, 15, 3, 4)
    assert [(e.target, e.amount) for e in of(events, DamageApplied)] == [("t", 7)]
    assert [e.defender for e in of(events, DefenseDeclined)] == ["t"]  # takes the hit


def test_PAL_STRIKE_STRAY_only_a_living_other(fight: Fight) -> None:
    crowd(fight)
    head = fight.head()
    with pytest.raises(UsageError, match="someone other than the two"):
        shoot(fight, 2, stray="t")
    with pytest.raises(UnknownName, match="unknown combatant 'nobody'"):
        shoot(fight, 2, stray="nobody")
    assert fight.head() == head
    fight.ruling("b", text="a stray grenade earlier", damage=700)  # past -P.E.: dead
    with pytest.raises(IllegalAction, match="--stray b: Brawler is dead"):
        shoot(fight, 2)
