"""Firing at a volley with forced dice: shots at its missiles and the 30/60/100 table, own
missiles at 75 % (PAL-MSL-SHOOT-DOWN); the house counter-volley and shot against 9 or 15 plus
speed and the d100 + 5 a missile table, defenders in turn against the shrinking volley
(PAL-HR-MSL-COUNTER-VOLLEY, PAL-HR-MSL-SHOOT-DOWN)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from engine.table import PlyResult
from events.palladium import (
    ApmSpent,
    DamageApplied,
    DefendDeclared,
    DefenseDeclined,
    LaunchDeclared,
    MissilesSpent,
    ShotsSpent,
    StrikeRolled,
    VolleyThinned,
)

from .conftest import Fight, of, one

TOUGH = {"hp": 500, "sdc": 500}


def rocket(name: str = "rocket", **extra: Any) -> dict[str, Any]:
    return {"name": name, "type": "short", "damage": "1D6", "mega_damage": False,
            "blast_radius": 10, "speed": 500, "mdc": 5, "count": 16, **extra}  # fmt: skip


def pod(missiles: str = "rocket", rate: int = 8) -> dict[str, Any]:
    return {"name": "pod", "kind": "launcher", "missiles": missiles, "rate": rate}


GUN = {"name": "gun", "kind": "ranged", "damage": "1D6", "mega_damage": True, "payload": 10}


def armed(fight: Fight, variant: str = "raw", *, incoming: dict[str, Any] | None = None,
          **options: Any) -> None:  # fmt: skip
    """``s`` fires at ``t``, who has a gun and his own missiles; ``b`` has missiles too."""
    fight.new(variant, **options)
    fight.add("brawler", "s", weapons=[pod()], missiles=[rocket(**(incoming or {}))])
    fight.add("brawler", "t", pools=TOUGH, weapons=[GUN, pod("flak")],
              missiles=[rocket("flak", speed=450, mega_damage=True)])  # fmt: skip
    fight.add("brawler", "b", pools=TOUGH, weapons=[pod("flak")],
              missiles=[rocket("flak", speed=450, mega_damage=True)])  # fmt: skip
    fight.initiative(18, 10, 2)


def launch(fight: Fight, n: int, *faces: int) -> PlyResult:
    return fight.declare(LaunchDeclared(actor="s", target="t", missiles=n), faces)


def counter(fight: Fight, who: str, n: int, *faces: int) -> PlyResult:
    return fight.declare(DefendDeclared(defender=who, choice="counter-volley", missiles=n), faces)


def left(fight: Fight) -> int | None:
    volley = fight.status()["volley"]
    return None if volley is None else int(volley["left"])


@pytest.mark.parametrize(("table", "gone"), [(30, 2), (31, 4), (60, 4), (61, 6)])
def test_PAL_MSL_SHOOT_DOWN_a_destroyed_missile_and_the_table(
    fight: Fight, table: int, gone: int
) -> None:
    armed(fight)
    launch(fight, 6, 12)
    result = fight.defend("t", "shoot-down", 8, 5, table, weapon="gun")  # 8 hits; 5 M.D. >= 5
    thinned = one(result.events, VolleyThinned)
    assert (thinned.destroyed, thinned.left) == (gone, 6 - gone)
    assert left(fight) == (6 - gone or None)
    assert one(result.events, ShotsSpent).left == 9
    assert [e.on for e in of(result.events, ApmSpent)] == ["a shot at a missile"]


def test_PAL_MSL_SHOOT_DOWN_half_in_all_under_the_option(fight: Fight) -> None:
    armed(fight, shoot_down_half="in_all")
    launch(fight, 6, 12)
    assert one(fight.defend("t", "shoot-down", 8, 5, 45).events, VolleyThinned).destroyed == 3


def test_PAL_MSL_SHOOT_DOWN_a_damaged_missile_flies_on_and_keeps_its_damage(
    fight: Fight,
) -> None:
    armed(fight)
    launch(fight, 2, 12)
    hurt = one(fight.defend("t", "shoot-down", 8, 3, weapon="gun").events, VolleyThinned)
    assert (hurt.destroyed, hurt.wounded, left(fight)) == (0, 3, 2)
    gone = one(fight.defend("t", "shoot-down", 8, 2, 10).events, VolleyThinned)
    assert (gone.destroyed, gone.left, left(fight)) == (2, 0, None)  # two: "one more" is both


def test_PAL_MSL_SHOOT_DOWN_one_or_two_shots_and_only_its_target_as_written(
    fight: Fight,
) -> None:
    armed(fight, shoot_down_attacks=1)
    launch(fight, 3, 12)
    fight.defend("t", "shoot-down", 3)  # a miss
    head = fight.head()
    with pytest.raises(IllegalAction, match="only 1"):
        fight.defend("t", "shoot-down", 12, 6, 99)
    with pytest.raises(IllegalAction, match="as written only"):
        counter(fight, "b", 1, 50)
    assert fight.head() == head


@pytest.mark.parametrize(("own", "faces", "gone"), [(1, (75,), 3), (1, (76,), 0), (3, (), 3)])
def test_PAL_MSL_SHOOT_DOWN_own_missiles_75_percent_or_certain_with_as_many(
    fight: Fight, own: int, faces: tuple[int, ...], gone: int
) -> None:
    armed(fight)
    launch(fight, 3, 12)
    result = counter(fight, "t", own, *faces)
    assert one(result.events, VolleyThinned).destroyed == gone
    assert one(result.events, MissilesSpent).count == own
    assert left(fight) == (None if gone else 3)


def test_PAL_HR_MSL_COUNTER_VOLLEY_two_defenders_in_turn_against_the_shrinking_volley(
    fight: Fight,
) -> None:
    """The house table step by step: 8 dumb missiles at 500 mph against flak at 450."""
    armed(fight, "house")
    launch(fight, 8, 10)  # 10 + 8 = 18
    # t: 1 missile, strike 8 + 1 = 9 vs 9 (dumb; 500 - 450 = 50 mph: +0); 5 damage >= 5 M.D.C.;
    # d100 25 + 5 = 30: 1D4 (3) more: 4 gone, 4 left
    first = counter(fight, "t", 1, 8, 5, 25, 3)
    s = one(first.events, StrikeRolled)
    assert (s.roll.total, s.roll.target, s.hits) == (9, 9, True)
    thinned = one(first.events, VolleyThinned)
    assert (thinned.destroyed, thinned.left) == (4, 4)
    assert [r.total for r in thinned.rolls] == [5, 30, 3]
    assert fight.status()["volley"]["multiple"] == 4
    # b: 2 missiles, strike 7 + 2; d100 50 + 10 = 60: 4D4 (1, 1, 1, 1) more: 5 >= 4 left
    second = counter(fight, "b", 2, 7, 6, 50, 1, 1, 1, 1)
    assert one(second.events, VolleyThinned).left == 0
    assert left(fight) is None and fight.status()["pending"] is None
    assert not of(second.events, DamageApplied)


@pytest.mark.parametrize(("d100", "gone"), [(15, 1), (56, 7)])
def test_PAL_HR_MSL_COUNTER_VOLLEY_the_table_ends(fight: Fight, d100: int, gone: int) -> None:
    armed(fight, "house")
    launch(fight, 7, 10)
    assert one(counter(fight, "t", 1, 12, 5, d100).events, VolleyThinned).destroyed == gone


def test_PAL_HR_MSL_RADIUS_a_thinned_volley_has_a_smaller_blast(fight: Fight) -> None:
    armed(fight, "house")
    launch(fight, 8, 10)
    assert fight.status()["volley"]["radius"] == 40  # 10 ft x (1 + 3)
    counter(fight, "t", 1, 12, 5, 25, 4)  # 30: 1D4 (4) more: 5 gone, 3 left
    assert (fight.status()["volley"]["left"], fight.status()["volley"]["radius"]) == (3, 20)


def test_PAL_MSL_SHOOT_DOWN_what_cannot_blow_up_a_missile_is_refused(fight: Fight) -> None:
    fight.new("house")
    fight.add("brawler", "s", weapons=[pod()], missiles=[rocket()])
    fight.add("brawler", "x", weapons=[pod("smoke")], missiles=[rocket("smoke", damage=None)])
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 10, 2)
    fight.declare(LaunchDeclared(actor="s", target="t", missiles=2), [10])
    head = fight.head()
    with pytest.raises(IllegalAction, match="does no damage and cannot blow up a missile"):
        counter(fight, "x", 1, 12)
    with pytest.raises(UsageError, match="name the launcher with --launcher"):
        fight.declare(DefendDeclared(defender="t", choice="counter-volley", weapon="gun"), [12])
    assert fight.head() == head


def test_PAL_HR_MSL_COUNTER_VOLLEY_smart_and_faster_missiles_are_harder(fight: Fight) -> None:
    armed(fight, "house", incoming={"type": "long", "smart": True, "speed": 2010})
    launch(fight, 2, 10)
    s = one(counter(fight, "t", 1, 12).events, StrikeRolled)
    assert (s.roll.target, s.hits) == (15 + (2010 - 450) // 100, False)  # 30, as the text's
    assert left(fight) == 2  # missed: the volley waits for the next answer


def test_PAL_HR_MSL_SHOOT_DOWN_the_missiles_whole_speed(fight: Fight) -> None:
    armed(fight, "house")
    launch(fight, 2, 10)
    s = one(fight.defend("t", "shoot-down", 13, weapon="gun").events, StrikeRolled)
    assert (s.roll.total, s.roll.target, s.hits) == (13, 9 + 500 // 100, False)


def test_PAL_HR_MSL_COUNTER_VOLLEY_only_with_this_rounds_attacks(fight: Fight) -> None:
    armed(fight, "house")
    launch(fight, 2, 10)
    while fight.who("b")["apm_left"] + sum(fight.who("b")["apm_by_pass"][1:]) > 0:
        counter(fight, "b", 1, 1)  # misses, each for an attack
    head = fight.head()
    with pytest.raises(IllegalAction, match="no attack left this round"):
        counter(fight, "b", 1, 12, 5, 90)
    assert fight.head() == head


def test_PAL_HR_MSL_COUNTER_VOLLEY_others_may_fire_at_a_volley_on_a_helpless_target(
    fight: Fight,
) -> None:
    """Under the house rules a volley at someone who cannot defend still waits for others'
    counter-volleys; his own answer is then only to take it."""
    armed(fight, "house")
    fight.ruling("t", condition="unconscious")
    launch(fight, 2, 10)
    assert left(fight) == 2
    counter(fight, "b", 1, 12, 5, 90)  # 90 + 5: the rest goes up too
    assert left(fight) is None
    launch(fight, 1, 10)  # his second attack of the pass
    taken = fight.defend("t", "dodge", 6)  # no dodge is rolled: the blast only
    assert "cannot defend" in one(taken.events, DefenseDeclined).reason


@pytest.mark.parametrize(("likewise", "gone"), [("with_first", 4), ("others_only", 3)])
def test_PAL_HR_MSL_COUNTER_VOLLEY_likewise_under_the_option(
    fight: Fight, likewise: str, gone: int
) -> None:
    armed(fight, "house", counter_volley_likewise=likewise)
    launch(fight, 8, 10)
    thinned = one(counter(fight, "t", 1, 8, 5, 25, 3).events, VolleyThinned)  # 30: 1D4 3
    assert (thinned.destroyed, thinned.left) == (gone, 8 - gone)


def test_PAL_HR_MSL_COUNTER_VOLLEY_the_table_on_a_hit_under_the_option(fight: Fight) -> None:
    """A counter-volley that hits but leaves the missile flying: no table (the reading), or
    the table all the same (option counter_volley_table = on_hit)."""
    armed(fight, "house", incoming={"mdc": 10}, counter_volley_table="on_hit")
    launch(fight, 4, 10)
    thinned = one(counter(fight, "t", 1, 8, 5, 35, 2).events, VolleyThinned)  # 40: 1D4 2
    assert (thinned.destroyed, thinned.left, thinned.wounded) == (2, 2, 5)


def test_PAL_HR_MSL_RADIUS_smooth_between_the_doublings(fight: Fight) -> None:
    armed(fight, "house", volley_radius="doubling_smooth")
    launch(fight, 3, 10)
    assert fight.status()["volley"]["radius"] == 25  # 10 x (1 + log2 3) = 25.8
