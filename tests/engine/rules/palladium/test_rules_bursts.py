"""Bursts and pulses with forced dice: PAL-RNG-BURST (the W.P. bonus halved, -3 without the
W.P.; the weapon's payload spends what the burst fires), PAL-RNG-GUN-APM (a short burst or a
pulse one attack, a long burst two), PAL-RNG-PULSE (option ``pulse``), PAL-RNG-AIMED and
PAL-STRIKE-CALLED (never an aimed or called burst)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.core import Modifier
from events.palladium import ApmSpent, DamageRolled, ShootDeclared, ShotsSpent, StrikeRolled

from .conftest import Fight, of, one

TOUGH = {"hp": 300, "sdc": 300}


def gun(**extra: Any) -> dict[str, Any]:
    return {"name": "rifle", "kind": "ranged", "damage": "2D6", "range": 2000,
            "wp": "energy_rifle", "payload": 30, "burst": {"short": 3, "long": 10, "pulse": 3},
            **extra}  # fmt: skip


def fire(fight: Fight, variant: str = "raw", wp: int = 4, **options: Any) -> None:
    """``g`` (W.P. Energy Rifle ``wp``: +2 at level 4, none at 0) fires first at ``t``."""
    fight.new(variant, **options)
    proficiencies = {"energy_rifle": wp} if wp else {}
    fight.add("brawler", "g", weapons=[gun()], weapon_proficiencies=proficiencies)
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 2)


def burst(fight: Fight, kind: str, *faces: int, **more: Any) -> Any:
    return fight.declare(
        ShootDeclared(actor="g", target="t", weapon="rifle", range=100, defend="none",
                      burst=kind, **more),  # type: ignore[arg-type]
        faces,
    )  # fmt: skip


def another(fight: Fight) -> Fight:
    """A second encounter beside the first, in its own file."""
    where = fight.tmp / "also"
    where.mkdir()
    return Fight(where)


def rules(ms: tuple[Modifier, ...]) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in ms if m.source == "rules"]


@pytest.mark.parametrize(("wp", "penalty"), [(4, -1), (0, -3), (1, None)])
def test_PAL_RNG_BURST_halves_the_wp_bonus_or_minus_3_without_it(
    fight: Fight, wp: int, penalty: int | None
) -> None:
    """With the W.P. at a level whose bonus is 0 there is nothing to halve: no -3."""
    fire(fight, wp=wp)
    result = burst(fight, "short", 20, 3, 3)
    struck = one(result.events, StrikeRolled)
    assert struck.action == "short burst"
    expected = [] if penalty is None else [(penalty, "PAL-RNG-BURST")]
    assert rules(struck.roll.modifiers) == expected
    spent = one(result.events, ShotsSpent)
    assert (spent.shots, spent.left) == (3, 27)
    assert fight.who("g")["payload"] == {"rifle": 27}


@pytest.mark.parametrize(("kind", "cost", "shots"), [("short", 1, 3), ("long", 2, 10)])
def test_PAL_RNG_GUN_APM_a_long_burst_takes_two_attacks(
    fight: Fight, kind: str, cost: int, shots: int
) -> None:
    fire(fight, "house")  # both attacks in hand in pass 1 (Basic 1: 2/1/1)
    result = burst(fight, kind, 20, 3, 3)
    assert sum(e.amount for e in of(result.events, ApmSpent)) == cost
    assert one(result.events, ShotsSpent).shots == shots


@pytest.mark.parametrize(
    ("option", "aimed", "penalty"),
    [("heavy_blast", False, []), ("heavy_blast", True, [(-1, "PAL-RNG-PULSE")]),
     ("short_burst", False, [(-1, "PAL-RNG-PULSE")])],
)  # fmt: skip
def test_PAL_RNG_PULSE_one_heavy_blast_or_a_short_burst(
    fight: Fight, option: str, aimed: bool, penalty: list[tuple[int, str]]
) -> None:
    fire(fight, "house", pulse=option)
    result = burst(fight, "pulse", 20, 3, 3, aimed=aimed)
    got = [m for m in rules(one(result.events, StrikeRolled).roll.modifiers)
           if m[1] != "PAL-STRIKE-CALLED"]  # fmt: skip
    assert got == penalty


def test_PAL_RNG_AIMED_no_aimed_burst_and_only_the_bursts_the_weapon_fires(
    fight: Fight,
) -> None:
    fight.new("raw")
    fight.add("brawler", "g", weapons=[gun(burst={"short": 3})],
              weapon_proficiencies={"energy_rifle": 4})  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 2)
    head = fight.head()
    with pytest.raises(IllegalAction, match="fires no long burst"):
        burst(fight, "long", 20)
    with pytest.raises(IllegalAction, match="never aimed"):
        burst(fight, "short", 20, aimed=True)
    with pytest.raises(IllegalAction, match=r"never called.*PAL-STRIKE-CALLED"):
        burst(fight, "short", 20, called="head")
    assert fight.head() == head


def test_PAL_RNG_PULSE_a_pulse_aimed_or_called_costs_what_the_single_shot_does(
    fight: Fight,
) -> None:
    """An aimed or called pulse is one heavy blast: it takes the aimed or called shot's
    attacks, 2 (3 both), and lands on the last; read as a short burst it is never aimed."""
    fire(fight)
    begun = burst(fight, "pulse", called="head")
    assert sum(e.amount for e in of(begun.events, ApmSpent)) == 1
    assert not of(begun.events, StrikeRolled)
    landed = fight.pass_("t", 20, 3, 3)
    assert one(landed.events, StrikeRolled).action == "pulse"
    assert one(landed.events, ShotsSpent).shots == 3
    burst_read = another(fight)
    fire(burst_read, pulse="short_burst")
    with pytest.raises(IllegalAction, match="never aimed"):
        burst(burst_read, "pulse", 20, aimed=True)


def test_PAL_RNG_DUAL_a_twin_blast_is_both_barrels_for_one_attack(fight: Fight) -> None:
    fight.new("raw")
    fight.add("brawler", "g", weapons=[gun(twin=True)], weapon_proficiencies={"energy_rifle": 4})
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 2)
    result = fight.declare(
        ShootDeclared(actor="g", target="t", weapon="rifle", twin=True, defend="none"),
        [12, 3, 4],
    )
    assert [e.amount for e in of(result.events, ApmSpent)] == [1]
    assert one(result.events, ShotsSpent).shots == 2
    damage = one(result.events, DamageRolled).roll
    assert damage.total == (3 + 4) * 2
    assert [(m.value, m.rule) for m in damage.modifiers if m.op == "mul"] == [(2, "PAL-RNG-DUAL")]


def test_PAL_RNG_DUAL_needs_two_barrels(fight: Fight) -> None:
    fire(fight)
    with pytest.raises(IllegalAction, match="has one barrel"):
        fight.declare(ShootDeclared(actor="g", target="t", weapon="rifle", twin=True), [12])


@pytest.mark.parametrize(("kind", "cost"), [("short", 1), ("long", 2)])
def test_PAL_RNG_BURST_a_list_of_burst_names_on_a_gun_that_keeps_no_count(
    fight: Fight, kind: str, cost: int
) -> None:
    """``burst = ["short", "long"]`` without a payload: the gun fires those bursts, with their
    rules (the W.P. bonus halved, PAL-RNG-BURST; a long burst two attacks, PAL-RNG-GUN-APM),
    and spends no counted shots; a burst it does not name is refused."""
    fight.new("house")
    uncounted = {key: value for key, value in gun().items() if key != "payload"}
    fight.add("brawler", "g", weapons=[{**uncounted, "burst": ["short", "long"]}],
              weapon_proficiencies={"energy_rifle": 4})  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 2)
    with pytest.raises(
        IllegalAction, match=r"fires no pulse burst \(its sheet's burst: long, short"
    ):
        burst(fight, "pulse", 20)
    result = burst(fight, kind, 20, 3, 3)
    struck = one(result.events, StrikeRolled)
    assert struck.action == f"{kind} burst"
    assert rules(struck.roll.modifiers) == [(-1, "PAL-RNG-BURST")]
    assert sum(e.amount for e in of(result.events, ApmSpent)) == cost
    assert not of(result.events, ShotsSpent)
    assert fight.who("g")["payload"] == {}
