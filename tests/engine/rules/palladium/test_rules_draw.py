"""Drawing a stowed weapon with forced dice: PAL-HR-MISC-COSTS (one attack from a holster or
sling, two or more from a pack; read for RAW too, which prices no draw); a stowed weapon is
refused until it is drawn, and `status` lists what is stowed."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UsageError
from events.palladium import ApmSpent, DrawDeclared, ShootDeclared, StrikeDeclared, WeaponDrawn

from .conftest import Fight, of, one

PISTOL = {"name": "pistol", "kind": "ranged", "damage": "2D6", "stowed": "ready"}
SWORD = {"name": "sword", "kind": "melee", "damage": "2D6", "stowed": "pack"}


def armed(fight: Fight, variant: str) -> None:
    fight.new(variant)
    fight.add("brawler", "g", weapons=[PISTOL, SWORD])
    fight.add("brawler", "t", pools={"hp": 300, "sdc": 300})
    fight.initiative(18, 2)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_HR_MISC_COSTS_a_stowed_weapon_is_drawn_before_it_is_used(
    fight: Fight, variant: str
) -> None:
    armed(fight, variant)
    assert fight.who("g")["stowed"] == {"pistol": "ready", "sword": "pack"}
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"pistol is not in hand: `fracas draw`"):
        fight.declare(ShootDeclared(actor="g", target="t", weapon="pistol"), [12])
    with pytest.raises(IllegalAction, match=r"sword is not in hand"):
        fight.declare(StrikeDeclared(actor="g", target="t", weapon="sword"), [12])
    assert fight.head() == head
    result = fight.declare(DrawDeclared(actor="g", weapon="pistol"), [])
    assert one(result.events, WeaponDrawn).stowed == "ready"
    assert [e.amount for e in of(result.events, ApmSpent)] == [1]
    assert fight.who("g")["stowed"] == {"sword": "pack"}


@pytest.mark.parametrize(("cost", "paid"), [(None, 2), (3, 3)])
def test_PAL_HR_MISC_COSTS_from_a_pack_two_attacks_or_more(
    fight: Fight, cost: int | None, paid: int
) -> None:
    armed(fight, "house")  # under the passes a long draw goes on over later turns
    fight.declare(DrawDeclared(actor="g", weapon="sword", cost=cost), [])
    for _ in range(8):
        if "sword" not in fight.who("g")["stowed"]:
            break
        fight.pass_(fight.status()["acting"]) if fight.status()["acting"] else fight.initiative(
            18, 2
        )
    assert "sword" not in fight.who("g")["stowed"]
    spent = [e.amount for e in of(fight.events(), ApmSpent) if e.on == "draw"]
    assert sum(spent) == paid


def test_PAL_HR_MISC_COSTS_a_draw_refused_writes_nothing(fight: Fight) -> None:
    armed(fight, "raw")
    head = fight.head()
    with pytest.raises(UsageError, match="only a draw from a pack takes more"):
        fight.declare(DrawDeclared(actor="g", weapon="pistol", cost=2), [])
    with pytest.raises(UsageError, match="at least 2"):
        fight.declare(DrawDeclared(actor="g", weapon="sword", cost=1), [])
    fight.declare(DrawDeclared(actor="g", weapon="pistol"), [])
    fight.pass_("t")
    head = fight.head()
    with pytest.raises(IllegalAction, match="already in hand"):
        fight.declare(DrawDeclared(actor="g", weapon="pistol"), [])
    assert fight.head() == head
