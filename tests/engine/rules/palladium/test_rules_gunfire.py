"""Gunfire with forced dice: PAL-DEF-GUNFIRE-DODGE (-10 within 10 ft, -5 within 50 ft),
PAL-HR-DEF-GUNFIRE-DODGE (under 50 ft; option ``gunfire_dodge_50_feet``),
PAL-HR-DEF-PARRY-ENERGY (a point-blank parry at -10), PAL-RNG-SINGLE (a strike with a gun is
a shot)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.core import Modifier
from events.palladium import ApmSpent, DefenseRolled, ShootDeclared, StrikeDeclared, StrikeRolled

from .conftest import Fight, of, one

RIFLE = {"name": "rifle", "kind": "ranged", "damage": "2D6", "range": 2000, "wp": "energy_rifle",
         "burst": {"short": 3}}  # fmt: skip


def duel(fight: Fight, variant: str) -> None:
    """``g`` shoots first at ``d`` (Basic 1, a sheet dodge bonus of 19)."""
    fight.new(variant)
    fight.add("brawler", "g", weapons=[RIFLE], weapon_proficiencies={"energy_rifle": 1})
    fight.add("brawler", "d", bonuses={"dodge": 19}, pools={"hp": 300, "sdc": 300})
    fight.initiative(18, 2)


def penalties(ms: tuple[Modifier, ...]) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in ms if m.source == "rules"]


@pytest.mark.parametrize(
    ("variant", "feet", "penalty"),
    [
        ("raw", 8, -10),
        ("raw", 10, -10),
        ("raw", 11, -5),
        ("raw", 50, -5),  # within 50 ft (RAW)
        ("raw", 51, 0),
        ("house", 8, -10),
        ("house", 49, -5),
        ("house", 50, 0),  # the house -5 is for under 50 ft
        ("raw", None, 0),  # no range given: no distance to judge
    ],
)
def test_PAL_DEF_GUNFIRE_DODGE_close_shots_are_harder_to_dodge(
    fight: Fight, variant: str, feet: int | None, penalty: int
) -> None:
    duel(fight, variant)
    damage = (3, 3) if penalty == -10 else ()  # 1 + 19 - 10 misses the strike's 11
    result = fight.shoot("g", "d", 11, 1, *damage, weapon="rifle", range=feet, defend="dodge")
    dodge = one(result.events, DefenseRolled)
    rule = "PAL-HR-DEF-GUNFIRE-DODGE" if variant == "house" else "PAL-DEF-GUNFIRE-DODGE"
    assert penalties(dodge.roll.modifiers) == ([(penalty, rule)] if penalty else [])
    bonuses = sum(m.value for m in dodge.roll.modifiers if m.op == "add" and m.source != "rules")
    assert dodge.roll.total == 1 + bonuses + penalty


def test_PAL_DEF_GUNFIRE_DODGE_the_issue_example(fight: Fight) -> None:
    """Shooter total 11 at 8 ft; a dodge of 17 + 2 is 9 as written, and fails."""
    duel(fight, "raw")
    fight.add("brawler", "e", bonuses={"dodge": 2})
    result = fight.shoot("g", "e", 11, 17, 3, 3, weapon="rifle", range=8, defend="dodge")
    dodge = one(result.events, DefenseRolled)
    assert (dodge.roll.total, dodge.success) == (9, False)


def test_PAL_HR_DEF_PARRY_ENERGY_a_point_blank_parry_is_at_minus_10(fight: Fight) -> None:
    duel(fight, "house")
    result = fight.shoot("g", "d", 11, 19, 3, 3, weapon="rifle", range=3, defend="parry")
    parry = one(result.events, DefenseRolled)
    assert parry.kind == "parry" and not parry.success  # 19 - 10 (Basic 1 has no parry bonus)
    assert penalties(parry.roll.modifiers) == [(-10, "PAL-HR-DEF-PARRY-ENERGY")]
    assert parry.roll.total == 9


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_RNG_SINGLE_a_strike_with_a_gun_is_a_shot(fight: Fight, variant: str) -> None:
    """`strike --weapon GUN --range N` goes through the shooting rules: the ranged target
    number, the range bands (house), the close-range dodge penalty, and the ledger's ranged
    attacks."""
    duel(fight, variant)
    result = fight.declare(
        StrikeDeclared(actor="g", target="d", weapon="rifle", range=8, defend="dodge"),
        [11, 1, 3, 3],  # the dodge 1 + 19 - 10 misses 11: 2D6 damage
    )
    struck = one(result.events, StrikeRolled)
    assert struck.roll.rule in ("PAL-STRIKE-RANGED-TARGET", "PAL-HR-STRIKE-RANGE-BANDS")
    assert [e.on for e in of(result.events, ApmSpent) if e.combatant == "g"] == ["shot"]
    rule = "PAL-HR-DEF-GUNFIRE-DODGE" if variant == "house" else "PAL-DEF-GUNFIRE-DODGE"
    assert penalties(one(result.events, DefenseRolled).roll.modifiers) == [(-10, rule)]


def test_PAL_RNG_SINGLE_a_gun_takes_no_blow_flags_and_a_blow_no_range(fight: Fight) -> None:
    duel(fight, "raw")
    fight.add("brawler", "k", weapons=[{"name": "knife", "kind": "melee", "damage": "1D6"}])
    head = fight.head()
    with pytest.raises(UsageError, match="--pull is for a blow"):
        fight.declare(StrikeDeclared(actor="g", target="d", weapon="rifle", pull=2), [11])
    with pytest.raises(UsageError, match="--range is the distance of a shot"):
        fight.declare(StrikeDeclared(actor="g", target="d", range=8), [11])
    assert fight.head() == head


def shot_mods(fight: Fight, **situation: Any) -> list[tuple[int, str]]:
    result = fight.declare(
        ShootDeclared(actor="g", target="d", weapon="rifle", range=100, defend="none",
                      **situation),
        [20, 3, 3],  # a natural 20 always hits, whatever the penalties
    )  # fmt: skip
    return penalties(one(result.events, StrikeRolled).roll.modifiers)


@pytest.mark.parametrize(
    ("variant", "situation", "expected"),
    [
        ("raw", {"wild": True}, [(-6, "PAL-RNG-WILD")]),
        ("raw", {"blind": True}, [(-10, "PAL-RNG-BLIND")]),
        ("raw", {"moving": True}, [(-6, "PAL-RNG-WILD")]),
        ("house", {"moving": True}, [(-1, "PAL-HR-RNG-MOVING-SHOOTER")]),
        ("raw", {"target_moving": 0}, []),  # standing still: no penalty
        ("raw", {"target_moving": 15}, [(-1, "PAL-RNG-MOVING-TARGET")]),
        ("raw", {"target_moving": 120}, [(-3, "PAL-RNG-MOVING-TARGET")]),
        # a called shot is 2 attacks: under the house passes both are in hand, so it fires now
        ("house", {"at_weapon": True, "called": "pistol"}, [(-3, "PAL-RNG-TARGET-WEAPON")]),
        # spraying an area is fired wild; W.P. Energy Rifle 1 has no bonus for a burst to halve
        ("raw", {"spray": True, "burst": "short"}, [(-6, "PAL-RNG-WILD")]),
        (
            "house",
            {"spray": True, "burst": "short", "moving": True},
            [(-6, "PAL-RNG-WILD"), (-1, "PAL-HR-RNG-MOVING-SHOOTER")],
        ),
        # penalties stack, each shown on its own; wild for two reasons counts once
        (
            "raw",
            {"wild": True, "moving": True, "blind": True, "target_moving": 30},
            [(-6, "PAL-RNG-WILD"), (-10, "PAL-RNG-BLIND"), (-1, "PAL-RNG-MOVING-TARGET")],
        ),
    ],
)
def test_PAL_RNG_PENALTY_STACK_the_moments_penalties_one_by_one(
    fight: Fight, variant: str, situation: dict[str, Any], expected: list[tuple[int, str]]
) -> None:
    duel(fight, variant)
    got = shot_mods(fight, **situation)
    assert got == expected


def test_PAL_RNG_AIMED_never_wild_and_a_weapon_is_a_called_target(fight: Fight) -> None:
    duel(fight, "raw")
    head = fight.head()
    with pytest.raises(IllegalAction, match="never fired wild"):
        fight.declare(
            ShootDeclared(actor="g", target="d", weapon="rifle", aimed=True, wild=True), [12]
        )
    with pytest.raises(IllegalAction, match="is a called shot"):
        fight.declare(ShootDeclared(actor="g", target="d", weapon="rifle", at_weapon=True), [12])
    with pytest.raises(IllegalAction, match="spraying an area is automatic fire"):
        fight.declare(ShootDeclared(actor="g", target="d", weapon="rifle", spray=True), [12])
    assert fight.head() == head


@pytest.mark.parametrize(("variant", "applied"), [("raw", False), ("house", True)])
def test_PAL_RNG_COVER_a_called_shot_and_the_house_penalty(
    fight: Fight, variant: str, applied: bool
) -> None:
    duel(fight, variant)
    head = fight.head()
    with pytest.raises(IllegalAction, match="only by a called shot"):
        fight.declare(
            ShootDeclared(actor="g", target="d", weapon="rifle", range=100, cover=4), [12]
        )
    assert fight.head() == head
    result = fight.declare(
        ShootDeclared(actor="g", target="d", weapon="rifle", range=100, called="head", cover=4,
                      defend="none"),
        [20, 3, 3],  # a called shot: two attacks; a natural 20 hits whatever the penalties
    ) if variant == "house" else None  # fmt: skip
    if result is None:  # RAW: the called shot lands on g's next turn (two attacks)
        fight.declare(
            ShootDeclared(actor="g", target="d", weapon="rifle", range=100, called="head",
                          cover=4, defend="none"),
            [],
        )  # fmt: skip
        result = fight.pass_("d", 20, 3, 3)
    cover = [
        m for m in one(result.events, StrikeRolled).roll.modifiers if m.rule == "PAL-RNG-COVER"
    ]
    assert [(m.value, m.op) for m in cover] == [(-4, "add" if applied else "skip")]
