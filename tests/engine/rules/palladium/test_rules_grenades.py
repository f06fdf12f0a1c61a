"""Grenades with forced dice: thrown as a throw (PAL-STRIKE-THROW; under the house rules with
P.P. and Targeting only, PAL-HR-GRENADE-TARGET), going off where they land as written or at the
round's end (PAL-HR-GRENADE-DELAY), scattering (PAL-HR-GRENADE-SCATTER), and their blast on the
target and on those caught near it (PAL-MSL-DIRECT, PAL-MSL-RADIUS, PAL-MSL-NAT20), rolled with
or dodged (PAL-MSL-ROLL, PAL-MSL-DODGE, PAL-HR-MSL-DODGE)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.dicespec import DiceError
from engine.rules import IllegalAction, UsageError
from engine.table import PlyResult
from events.core import PassDeclared
from events.palladium import (
    DamageApplied,
    DefenseRolled,
    GrenadeArmed,
    GrenadeExploded,
    ReloadDeclared,
    StrikeRolled,
    ThrowDeclared,
)

from .conftest import Fight, of, one

GRENADE = {"name": "grenade", "kind": "grenade", "damage": "2D6", "blast_radius": 10,
           "scatter": "hand", "count": 2, "range": 100}  # fmt: skip
TOUGH = {"hp": 300, "sdc": 300}


def armed(fight: Fight, variant: str, **options: Any) -> None:
    fight.new(variant, **options)
    fight.add("brawler", "g", weapons=[GRENADE], bonuses={"strike": 3, "pp_strike": 1},
              skills={"targeting": 1})  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH)
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 10, 2)


def throw(fight: Fight, *faces: int, **kw: Any) -> PlyResult:
    return fight.declare(
        ThrowDeclared(actor="g", target="t", weapon="grenade", range=30, **kw), faces
    )


def damage_to(events: list[Any], cid: str) -> int:
    return sum(e.amount for e in of(events, DamageApplied) if e.target == cid)


@pytest.mark.parametrize(("natural", "taken"), [(12, 7), (20, 14), (1, 0)])
def test_PAL_STRIKE_THROW_a_grenade_goes_off_where_it_lands_as_written(
    fight: Fight, natural: int, taken: int
) -> None:
    armed(fight, "raw")
    result = throw(fight, natural, 3, 4, caught=("b",)) if taken else throw(fight, natural)
    assert one(result.events, StrikeRolled).action == "grenade"
    went = one(result.events, GrenadeExploded)
    assert went.how == ("direct" if taken else "miss")
    assert damage_to(result.events, "t") == taken  # a natural 20 doubles (PAL-MSL-NAT20)
    assert damage_to(result.events, "b") == (3 if taken else 0)  # half of 7
    assert fight.who("g")["payload"] == {"grenade": 1}


def test_PAL_HR_GRENADE_TARGET_pp_and_targeting_only(fight: Fight) -> None:
    armed(fight, "house")
    s = one(throw(fight, 6).events, StrikeRolled)
    assert [(m.name, m.value, m.op) for m in s.roll.modifiers] == [
        ("P.P. strike bonus", 1, "add"), ("Targeting", 1, "add"),
        ("sheet bonus: only P.P. and Targeting", 3, "skip"),
    ]  # fmt: skip
    assert (s.roll.total, s.roll.target, s.hits) == (8, 8, True)


def to_round_end(fight: Fight, faces: tuple[int, ...]) -> PlyResult:
    """Pass turns until the ply that ends the round, which takes ``faces`` (the grenade's); a
    pass that does not end it leaves them unused and is refused, so it is passed without."""
    for _ in range(30):
        acting = fight.status()["acting"]
        assert acting is not None, "the round ended without the grenade"
        try:
            return fight.table.declare(PassDeclared(actor=acting), physical=faces)
        except DiceError:
            fight.pass_(acting)
    raise AssertionError("the round never ended")


@pytest.mark.parametrize(
    ("faces", "how", "taken"),
    [
        ((2, 3, 4), "direct", 7),  # a bull's-eye on the direction die
        ((5, 3, 3, 4), "radius", 3),  # 3 yd = 9 ft, within 10 ft: half of 7
        ((5, 4, 3, 4), "clear", 0),  # 4 yd = 12 ft: beyond the blast
    ],
)
def test_PAL_HR_GRENADE_DELAY_and_SCATTER_it_goes_off_at_the_rounds_end(
    fight: Fight, faces: tuple[int, ...], how: str, taken: int
) -> None:
    armed(fight, "house")
    thrown = throw(fight, 12, caught=("b",))
    assert one(thrown.events, GrenadeArmed).grenade.target == "t"
    assert not of(thrown.events, GrenadeExploded)
    assert fight.status()["grenades"] == [
        {"thrower": "g", "target": "t", "weapon": "grenade", "caught": ["b"]}
    ]
    ended = to_round_end(fight, faces)
    went = one(ended.events, GrenadeExploded)
    assert went.how == how
    assert [r.total for r in went.rolls] == list(faces[: len(went.rolls)])
    assert damage_to(list(ended.events), "t") == taken
    assert damage_to(list(ended.events), "b") == 3  # caught near where it lands: half of 7
    assert fight.table.state().combatants["g"].data.grenades == ()


def test_PAL_HR_GRENADE_SCATTER_a_miss_lands_nowhere_near(fight: Fight) -> None:
    armed(fight, "house", grenade_delay=False)
    went = one(throw(fight, 3).events, GrenadeExploded)
    assert (went.how, went.rolls) == ("miss", ())


def test_PAL_HR_GRENADE_SCATTER_on_a_miss_only_under_the_option(fight: Fight) -> None:
    armed(fight, "house", grenade_delay=False, grenade_scatter="on_miss")
    went = one(throw(fight, 3, 6, 1, 3, 4).events, GrenadeExploded)
    assert went.how == "radius"  # 1 yd = 3 ft from him


def test_grenades_run_out_are_not_reloaded_and_take_no_answer(fight: Fight) -> None:
    armed(fight, "raw")
    with pytest.raises(UsageError, match="each fighter once"):
        fight.declare(
            ThrowDeclared(actor="g", target="t", weapon="grenade", caught=("b", "b")), [12]
        )
    throw(fight, 1)  # a natural 1 misses as written: it lands nowhere near
    fight.pass_("t")
    fight.pass_("b")
    throw(fight, 1)
    for _ in range(3):
        if fight.status()["acting"] == "g":
            break
        fight.pass_(fight.status()["acting"])
    head = fight.head()
    with pytest.raises(IllegalAction, match="no grenade left"):
        throw(fight, 12)
    with pytest.raises(IllegalAction, match="nothing to reload"):
        fight.declare(ReloadDeclared(actor="g", weapon="grenade"), [])
    with pytest.raises(UsageError, match="a grenade is not parried"):
        fight.declare(ThrowDeclared(actor="g", target="t", weapon="grenade", defend="parry"), [])
    assert fight.head() == head


@pytest.mark.parametrize(("face", "taken"), [(20, 3), (1, 7)])
def test_PAL_MSL_ROLL_the_target_rolls_with_a_grenades_blast(
    fight: Fight, face: int, taken: int
) -> None:
    armed(fight, "raw")
    result = throw(fight, 12, face, 3, 4, defend="roll")
    assert one(result.events, DefenseRolled).success is (face == 20)
    assert damage_to(result.events, "t") == taken


@pytest.mark.parametrize(
    ("radius", "dodge", "how", "taken"),
    [(10, 20, "clear", 0), (20, 20, "radius", 3), (10, 2, "direct", 7)],
)
def test_PAL_MSL_DODGE_a_grenade_dodged_as_written(
    fight: Fight, radius: int, dodge: int, how: str, taken: int
) -> None:
    """A dodge gets him out of the direct hit, and out of a blast under 12 ft; a larger one
    still catches him for half."""
    fight.new("raw")
    fight.add("brawler", "g", weapons=[{**GRENADE, "blast_radius": radius}])
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 10)
    result = throw(fight, 12, dodge, 3, 4, defend="dodge")
    assert one(result.events, DefenseRolled).kind == "dodge"
    went = one(result.events, GrenadeExploded)
    assert went.how == "direct"  # where it lands; the dodge says what reaches him
    assert ("they dodged it" in went.reason) is (how != "direct")
    assert ("clear of its blast" in went.reason) is (how == "clear")
    assert damage_to(result.events, "t") == taken


def test_PAL_HR_MSL_DODGE_a_delayed_grenade_dodged_at_the_throw_clears_him(fight: Fight) -> None:
    armed(fight, "house", grenade_scatter="none")
    thrown = throw(fight, 12, 20, defend="dodge")
    assert one(thrown.events, DefenseRolled).success
    assert one(thrown.events, GrenadeArmed).grenade.dodged == "clear"
    went = to_round_end(fight, (3, 4))
    assert "they dodged it: clear of its blast" in one(went.events, GrenadeExploded).reason
    assert damage_to(went.events, "t") == 0


def test_PAL_MSL_DODGE_a_grenade_that_misses_needs_no_dodge(fight: Fight) -> None:
    armed(fight, "raw")
    result = throw(fight, 1, defend="dodge")
    assert not of(result.events, DefenseRolled)
    assert one(result.events, GrenadeExploded).how == "miss"
