"""A gun's payload with forced dice: PAL-RNG-PAYLOAD (each shot spends one, an empty gun is
refused with the way to reload it), PAL-HR-MISC-COSTS (a reload costs one attack unless the
weapon's sheet says otherwise), and ``status --json``'s ``payload``."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UnknownName
from events.palladium import ApmSpent, ReloadDeclared, Reloaded, ShotsSpent, StrikeDeclared

from .conftest import Fight, of, one

TOUGH = {"hp": 300, "sdc": 300}


def rifle(**extra: Any) -> dict[str, Any]:
    return {"name": "rifle", "kind": "ranged", "damage": "2D6", "range": 2000, **extra}


def gunfight(fight: Fight, variant: str = "raw", **gun: Any) -> None:
    fight.new(variant)
    fight.add("brawler", "g", weapons=[rifle(payload=2, **gun), {"name": "knife",
              "kind": "melee", "damage": "1D6"}])  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 2)


def to(fight: Fight, cid: str) -> None:
    for _ in range(12):
        acting = fight.status()["acting"]
        if acting == cid:
            return
        if acting is None:
            fight.initiative(18, 2)
        else:
            fight.pass_(acting)
    raise AssertionError(f"{cid}'s turn never came")


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_RNG_PAYLOAD_each_shot_spends_one_and_empty_is_refused(
    fight: Fight, variant: str
) -> None:
    gunfight(fight, variant)
    assert fight.who("g")["payload"] == {"rifle": 2}
    first = fight.shoot("g", "t", 12, 3, 3, weapon="rifle", range=100, defend="none")
    assert (one(first.events, ShotsSpent).left, fight.who("g")["payload"]) == (1, {"rifle": 1})
    to(fight, "g")
    fight.declare(  # a strike with the gun is a shot, and spends one too
        StrikeDeclared(actor="g", target="t", weapon="rifle", range=100, defend="none"),
        [12, 3, 3],
    )
    assert fight.who("g")["payload"] == {"rifle": 0}
    to(fight, "g")
    head = fight.head()
    with pytest.raises(
        IllegalAction, match=r'0 shot\(s\) left .*`fracas reload g --weapon "rifle"`'
    ):
        fight.shoot("g", "t", 12, weapon="rifle", range=100)
    assert fight.head() == head


@pytest.mark.parametrize(("cost", "variant"), [(1, "raw"), (1, "house"), (2, "raw")])
def test_PAL_HR_MISC_COSTS_a_reload_costs_what_the_weapon_says(
    fight: Fight, cost: int, variant: str
) -> None:
    gunfight(fight, variant, reload=cost)
    fight.shoot("g", "t", 12, 3, 3, weapon="rifle", range=100, defend="none")
    to(fight, "g")
    result = fight.declare(ReloadDeclared(actor="g"), [])
    if cost == 2 and variant == "raw":  # two attacks: paid now and on his next turn
        to(fight, "g") if fight.status()["acting"] != "g" else None
        assert not of(result.events, Reloaded)
        events = [e for e in fight.events() if isinstance(e, Reloaded)]
    else:
        events = of(result.events, Reloaded)
    assert events and events[-1].shots == 2
    assert fight.who("g")["payload"] == {"rifle": 2}
    paid = [e.amount for e in of(fight.events(), ApmSpent) if e.on == "reload"]
    assert sum(paid) == cost


def test_PAL_RNG_PAYLOAD_reload_refuses_a_full_gun_and_one_that_keeps_no_count(
    fight: Fight,
) -> None:
    gunfight(fight)
    with pytest.raises(IllegalAction, match="rifle is full"):
        fight.declare(ReloadDeclared(actor="g", weapon="rifle"), [])
    with pytest.raises(UnknownName, match="knife keeps no payload"):
        fight.declare(ReloadDeclared(actor="g", weapon="knife"), [])
    with pytest.raises(IllegalAction, match="no weapon to reload"):
        fight.declare(ReloadDeclared(actor="g"), [])
