"""Thrown weapons and bows with forced dice: PAL-STRIKE-THROW (rolled like a strike with the
W.P.'s thrown bonus, 5 or 8 by option ``thrown_target``), PAL-HR-STRIKE-THROWN (P.P. and the
thrown bonus only, the gun range numbers), PAL-HR-STRIKE-BOWS (W.P. Archery and Targeting, P.P.
capped at the Archery bonus)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.explain import lines
from engine.rules import IllegalAction
from engine.rules.palladium import PACK as PALLADIUM
from events.core import ConditionChanged
from events.palladium import (
    DamageApplied,
    DrawDeclared,
    PickUpDeclared,
    ShootDeclared,
    StrikeRolled,
    ThrowDeclared,
    WeaponDropped,
)

from .conftest import Fight, of, one

KNIFE = {"name": "knife", "kind": "melee", "damage": "1D6", "thrown": 2, "range": 60}
BOW = {"name": "bow", "kind": "ranged", "damage": "2D6", "bow": True, "strike": 2, "range": 600}
TOUGH = {"hp": 300, "sdc": 300}


def thrower(fight: Fight, variant: str, **sheet: Any) -> None:
    fight.new(variant)
    fight.add("brawler", "g", weapons=[KNIFE, BOW, {"name": "club", "kind": "melee",
              "damage": "1D6"}], bonuses={"strike": 3, "pp_strike": 2}, **sheet)  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 2)


def throw(fight: Fight, *faces: int, **kw: Any) -> StrikeRolled:
    result = fight.declare(
        ThrowDeclared(actor="g", target="t", weapon="knife", defend="none", **kw), faces
    )
    return one(result.events, StrikeRolled)


def counted(s: StrikeRolled) -> list[tuple[str, int]]:
    return [(m.name, m.value) for m in s.roll.modifiers if m.op == "add"]


@pytest.mark.parametrize(("target", "natural", "hits"), [(5, 1 + 1, True), (8, 2, False)])
def test_PAL_STRIKE_THROW_rolled_like_a_strike_with_the_thrown_bonus(
    fight: Fight, target: int, natural: int, hits: bool
) -> None:
    fight.new("raw", thrown_target=target)
    fight.add("brawler", "g", weapons=[KNIFE], bonuses={"strike": 1})
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 2)
    result = fight.declare(
        ThrowDeclared(actor="g", target="t", weapon="knife", defend="none"),
        [natural, 4] if hits else [natural],
    )
    s = one(result.events, StrikeRolled)
    assert s.action == "throw" and s.roll.target == target
    assert sum(v for _, v in counted(s)) == 1 + 2  # the strike bonus and the thrown bonus
    assert s.hits is hits
    assert one(result.events, WeaponDropped).weapon == "knife"  # it left his hand
    assert fight.who("g")["dropped"] == ["knife"]
    assert bool(of(result.events, DamageApplied)) is hits


def test_PAL_HR_STRIKE_THROWN_pp_and_the_thrown_bonus_on_the_range_bands(fight: Fight) -> None:
    thrower(fight, "house")
    s = throw(fight, 4, range=40)  # past half the knife's 60 ft: 13
    assert s.roll.target == 13
    assert counted(s) == [("P.P. strike bonus", 2), ("knife: W.P. thrown bonus", 2)]
    assert (s.roll.total, s.hits) == (8, False)


def test_PAL_STRIKE_THROW_only_a_throwing_weapon_and_no_farther_than_it_carries(
    fight: Fight,
) -> None:
    thrower(fight, "raw")
    head = fight.head()
    with pytest.raises(IllegalAction, match="not a throwing weapon"):
        fight.declare(ThrowDeclared(actor="g", target="t", weapon="club"), [12])
    with pytest.raises(IllegalAction, match="carries 60 ft at most"):
        fight.declare(ThrowDeclared(actor="g", target="t", weapon="knife", range=80), [12])
    assert fight.head() == head


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        ("raw", [("bow: W.P. Archery", 2)]),
        # Targeting 1, and P.P. 2 capped at the Archery bonus of 2
        ("house", [("bow: W.P. Archery", 2), ("Targeting", 1),
                   ("P.P. 2, at most the Archery bonus", 2)]),
    ],
)  # fmt: skip
def test_PAL_HR_STRIKE_BOWS_archery_targeting_and_pp_capped(
    fight: Fight, variant: str, expected: list[tuple[str, int]]
) -> None:
    thrower(fight, variant, skills={"targeting": 1})
    result = fight.declare(
        ShootDeclared(actor="g", target="t", weapon="bow", range=100, defend="none"), [10, 3, 3]
    )
    assert counted(one(result.events, StrikeRolled)) == expected


def test_PAL_HR_STRIKE_BOWS_a_bow_may_be_aimed_with_its_archery(fight: Fight) -> None:
    """The sheet's bow is shot with W.P. Archery (the Ancient W.P.s are not in the rules text):
    no modern W.P. is asked for an aimed shot."""
    thrower(fight, "house")
    result = fight.declare(
        ShootDeclared(actor="g", target="t", weapon="bow", range=100, aimed=True, defend="none"),
        [10, 3, 3],
    )
    assert ("aimed shot", 2) in counted(one(result.events, StrikeRolled))


def test_PAL_STRIKE_THROW_nobody_strikes_back_at_or_pins_a_thrown_weapon(fight: Fight) -> None:
    """A thrown knife is parried, dodged or taken; a shot from beyond punching range is not
    struck back at, entangled or disarmed either (PAL-DEF-SIMULTANEOUS, PAL-DEF-ENTANGLE)."""
    thrower(fight, "raw")
    fight.declare(ThrowDeclared(actor="g", target="t", weapon="knife"), [12])
    head = fight.head()
    for choice in ("simultaneous", "entangle", "disarm"):
        with pytest.raises(IllegalAction, match="cannot be answered with"):
            fight.defend("t", choice, 12)  # type: ignore[arg-type]
    assert fight.head() == head
    fight.defend("t", "none", 3)
    fight.pass_("t")
    fight.declare(ShootDeclared(actor="g", target="t", weapon="bow", range=100), [12])
    with pytest.raises(IllegalAction, match="out of reach"):
        fight.defend("t", "simultaneous", 12)


def test_PAL_DEF_DISARM_a_thrown_weapon_lies_on_the_ground_not_in_a_sheath(fight: Fight) -> None:
    thrower(fight, "raw")
    fight.declare(ThrowDeclared(actor="g", target="t", weapon="knife", defend="none"), [1])
    fight.pass_("t")
    with pytest.raises(IllegalAction, match="lies on the ground: `fracas pick-up`"):
        fight.declare(DrawDeclared(actor="g", weapon="knife"), [])


def test_PAL_STRIKE_THROW_a_thrown_weapon_picked_up_leaves_no_disarm_behind(fight: Fight) -> None:
    """Throwing is not being disarmed: the log says he threw it, and picking it up ends no
    disarm he never had."""
    thrower(fight, "raw")
    fight.declare(ThrowDeclared(actor="g", target="t", weapon="knife", defend="none"), [1])
    view = fight.table.explain(str(fight.head()))
    text = "\n".join(line for e in view.events for line in lines(PALLADIUM, e, view.before))
    assert "throws the knife: out of their hand" in text and "knocked to the ground" not in text
    fight.pass_("t")
    picked = fight.declare(PickUpDeclared(actor="g", weapon="knife"), [])
    assert not [e for e in of(picked.events, ConditionChanged) if e.condition == "disarmed"]
    assert fight.who("g")["dropped"] == []
