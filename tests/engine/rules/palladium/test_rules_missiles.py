"""Missiles with forced dice: a volley launched (PAL-MSL-VOLLEY, PAL-MSL-STRIKE-TARGET,
PAL-MSL-BONUS, PAL-HR-MSL-STRIKE), its damage (PAL-MSL-DIRECT, PAL-MSL-RADIUS, PAL-MSL-NAT20,
PAL-MSL-AP, PAL-HR-MSL-DAMAGE-MULT, PAL-HR-MSL-RADIUS) and the answers it waits for: dodge
(PAL-MSL-DODGE, PAL-HR-MSL-DODGE), roll (PAL-MSL-ROLL); shots and counter-volleys are in
test_rules_interceptions.py."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UnknownName, UsageError
from engine.table import PlyResult
from events.palladium import (
    ApmSpent,
    DamageApplied,
    DamageRolled,
    DefendDeclared,
    LaunchDeclared,
    MissilesSpent,
    StrikeDeclared,
    StrikeRolled,
)

from .conftest import Fight, of, one

TOUGH = {"hp": 500, "sdc": 500}


def missile(**extra: Any) -> dict[str, Any]:
    """An S.D.C. missile, so damage reads straight off the dice."""
    return {"name": "rocket", "type": "short", "damage": "1D6", "mega_damage": False,
            "blast_radius": 10, "speed": 500, "mdc": 5, "count": 16, **extra}  # fmt: skip


def launcher(**extra: Any) -> dict[str, Any]:
    return {"name": "pod", "kind": "launcher", "missiles": "rocket", "rate": 8, **extra}


def armed(fight: Fight, variant: str = "raw", *, rocket: dict[str, Any] | None = None,
          pod: dict[str, Any] | None = None, target: dict[str, Any] | None = None,
          **options: Any) -> None:  # fmt: skip
    """``s`` fires at ``t``; ``b`` stands by. ``s`` acts first."""
    fight.new(variant, **options)
    fight.add("brawler", "s", weapons=[launcher(**(pod or {}))],
              missiles=[missile(**(rocket or {}))])  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH, **(target or {}))
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 10, 2)


def another(fight: Fight) -> Fight:
    """A second encounter beside the first, in its own file."""
    where = fight.tmp / f"also{len(list(fight.tmp.glob('also*')))}"
    where.mkdir()
    return Fight(where)


def launch(fight: Fight, n: int, *faces: int, **kw: Any) -> PlyResult:
    return fight.declare(LaunchDeclared(actor="s", target="t", missiles=n, **kw), faces)


def damage_to(result: PlyResult, cid: str) -> int:
    return sum(e.amount for e in of(result.events, DamageApplied) if e.target == cid)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_MSL_VOLLEY_one_attack_one_roll_and_the_missiles_are_spent(
    fight: Fight, variant: str
) -> None:
    armed(fight, variant)
    result = launch(fight, 3, 12)
    assert [e.amount for e in of(result.events, ApmSpent)] == [1]
    assert one(result.events, MissilesSpent).left == 13
    assert len(of(result.events, StrikeRolled)) == 1
    status = fight.status()
    assert status["volley"] == {
        "shooter": "s", "target": "t", "missile": "rocket", "launched": 3, "left": 3,
        "multiple": 3, "radius": 10 if variant == "raw" else 20, "caught": [], "strike": 12
        + (3 if variant == "house" else 0), "wounded": 0,
    }  # fmt: skip
    assert fight.who("s")["missiles"] == {"rocket": 13}
    assert status["pending"]["reactor"] == "t"


def test_PAL_MSL_STRIKE_TARGET_a_missile_hits_on_5_and_a_miss_is_all_of_them(
    fight: Fight,
) -> None:
    armed(fight)
    missed = launch(fight, 2, 4)
    s = one(missed.events, StrikeRolled)
    assert (s.hits, s.roll.target) == (False, 5)
    assert fight.status()["pending"] is None and fight.who("s")["missiles"] == {"rocket": 14}
    fight.pass_("t")
    fight.pass_("b")
    hit = launch(fight, 2, 5)
    assert one(hit.events, StrikeRolled).hits and fight.status()["volley"]["left"] == 2


def test_PAL_HR_MSL_STRIKE_plus_one_a_missile_on_the_gun_numbers(fight: Fight) -> None:
    armed(fight, "house", pod={"range": 2000})
    missed = launch(fight, 3, 4, range=500)  # 4 + 3 = 7, under 8 within half range
    s = one(missed.events, StrikeRolled)
    assert (s.roll.total, s.roll.target, s.hits) == (7, 8, False)
    assert [(m.value, m.rule) for m in s.roll.modifiers] == [(3, "PAL-HR-MSL-STRIKE")]
    unranged = one(launch(fight, 1, 12).events, StrikeRolled)  # his second attack of the pass
    assert "no range given (--range): needs 8" in unranged.reason


def test_PAL_MSL_BONUS_launcher_guided_smart_and_the_WP_for_minis(fight: Fight) -> None:
    armed(fight, rocket={"type": "mini", "smart": False, "guided": True},
          pod={"strike": 1, "wp": "heavy_mega_damage"})  # fmt: skip
    s = one(launch(fight, 1, 2).events, StrikeRolled)
    # the sheet lacks the W.P. the pod names, so no W.P. bonus
    assert [(m.name, m.value, m.op) for m in s.roll.modifiers] == [
        ("pod (targeting)", 1, "add"), ("a guided missile", 3, "add")
    ]  # fmt: skip
    house = another(fight)
    armed(house, "house", rocket={"type": "long", "smart": True}, smart_passes=1)
    s = one(launch(house, 2, 2).events, StrikeRolled)
    assert [(m.value, m.op, m.rule) for m in s.roll.modifiers] == [
        (5, "skip", "PAL-HR-MSL-STRIKE"), (2, "add", "PAL-HR-MSL-STRIKE")
    ]  # fmt: skip


def test_PAL_MSL_DIRECT_every_missile_rolled_and_PAL_MSL_RADIUS_half_to_the_caught(
    fight: Fight,
) -> None:
    armed(fight)
    launch(fight, 3, 12, caught=("b",))
    result = fight.defend("t", "none", 2, 3, 4)
    assert damage_to(result, "t") == 9
    assert damage_to(result, "b") == 4  # half of 9, rounded down
    assert fight.status()["pending"] is None


def test_PAL_MSL_RADIUS_the_caught_see_the_dice_when_the_target_escapes(fight: Fight) -> None:
    armed(fight, rocket={"blast_radius": 5})
    launch(fight, 2, 12, caught=("b",))
    result = fight.defend("t", "dodge", 15, 5, 6)
    assert damage_to(result, "t") == 0
    (half,) = [e.roll for e in of(result.events, DamageRolled) if e.target == "b"]
    assert (half.faces, half.total) == ((5, 6), 5)


def test_PAL_HR_MSL_DAMAGE_MULT_one_missile_times_the_multiple(fight: Fight) -> None:
    armed(fight, "house")
    launch(fight, 3, 12)
    result = fight.defend("t", "none", 4)
    r = next(e.roll for e in of(result.events, DamageRolled) if e.target == "t")
    assert (r.faces, r.total) == ((4,), 12)
    assert damage_to(result, "t") == 12


@pytest.mark.parametrize(("count", "radius"), [(1, 10), (2, 20), (3, 20), (4, 30), (8, 40)])
def test_PAL_HR_MSL_RADIUS_grows_at_each_doubling(fight: Fight, count: int, radius: int) -> None:
    armed(fight, "house")
    launch(fight, count, 15)
    assert fight.status()["volley"]["radius"] == radius


def test_PAL_MSL_NAT20_doubles_and_PAL_MSL_AP_triples_on_the_direct_hit_only(
    fight: Fight,
) -> None:
    armed(fight, rocket={"warhead": "armor_piercing"})
    launch(fight, 1, 20, caught=("b",))
    result = fight.defend("t", "none", 5)
    assert (damage_to(result, "t"), damage_to(result, "b")) == (15, 2)


@pytest.mark.parametrize(("natural", "times"), [(17, 1), (18, 2)])
def test_PAL_MSL_AP_a_bullseye_of_18_or_more_doubles(
    fight: Fight, natural: int, times: int
) -> None:
    armed(fight, rocket={"warhead": "armor_piercing"})
    launch(fight, 1, natural)
    assert damage_to(fight.defend("t", "none", 5), "t") == 5 * times


def test_PAL_MSL_DODGE_four_or_more_cannot_be_dodged(fight: Fight) -> None:
    armed(fight)
    launch(fight, 4, 12)
    head = fight.head()
    with pytest.raises(IllegalAction, match="volley of 4 missiles cannot be dodged"):
        fight.defend("t", "dodge", 20)
    assert fight.head() == head


@pytest.mark.parametrize(
    ("radius", "escape", "dodge", "taken", "cost"),
    [
        (10, "caught", 15, 0, 1),  # under 12 ft: one dodge clears it
        (20, "caught", 15, 3, 1),  # out of the direct hit, still in the radius: half
        (20, "two_actions", 15, 0, 2),  # the GM's two actions clear it
        (20, "caught", 9, 6, 1),  # a failed dodge: the direct hit
    ],
)
def test_PAL_MSL_DODGE_escapes_the_direct_hit_and_a_small_radius(
    fight: Fight, radius: int, escape: str, dodge: int, taken: int, cost: int
) -> None:
    armed(fight, rocket={"blast_radius": radius}, missile_radius_escape=escape)
    launch(fight, 1, 12)
    result = fight.defend("t", "dodge", dodge, 6)
    assert damage_to(result, "t") == taken
    assert sum(e.amount for e in of(result.events, ApmSpent) if e.combatant == "t") == cost


def test_PAL_MSL_DODGE_the_second_action_comes_after_the_first(fight: Fight) -> None:
    """Two dodge actions with one attack left: the second is owed by the next round."""
    armed(fight, rocket={"blast_radius": 20}, missile_radius_escape="two_actions")
    fight.ruling("t", lose_attacks=3)
    assert fight.who("t")["apm_left"] == 1
    launch(fight, 1, 12)
    fight.defend("t", "dodge", 15, 6)
    t = fight.who("t")
    assert (t["apm_left"], t["apm_owed"]) == (0, 1)


@pytest.mark.parametrize(("dodge", "taken"), [(15, 0), (9, 4 * 6)])
def test_PAL_HR_MSL_DODGE_a_volley_two_dodges_one_roll_no_damage_or_full(
    fight: Fight, dodge: int, taken: int
) -> None:
    armed(fight, "house", rocket={"blast_radius": 40})
    launch(fight, 4, 8)  # 8 + 4 = 12
    result = fight.defend("t", "dodge", dodge, 6)
    assert damage_to(result, "t") == taken
    assert sum(e.amount for e in of(result.events, ApmSpent) if e.combatant == "t") == 2


@pytest.mark.parametrize(("roll", "taken"), [(12, 3), (9, 6)])
def test_PAL_MSL_ROLL_matching_the_strike_halves_the_explosion(
    fight: Fight, roll: int, taken: int
) -> None:
    armed(fight)
    launch(fight, 1, 12)
    assert damage_to(fight.defend("t", "roll", roll, 6), "t") == taken


def test_PAL_HR_MSL_DODGE_only_an_MDC_body_or_armor_rolls_with_a_missile(fight: Fight) -> None:
    armed(fight, "house")
    launch(fight, 1, 12)
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"no M\.D\.C\. body or armor"):
        fight.defend("t", "roll", 15)
    assert fight.head() == head
    armored = another(fight)
    armed(armored, "house", rocket={"mega_damage": True},
          target={"armor": {"name": "plate", "mdc": 40}})  # fmt: skip
    launch(armored, 1, 12)
    assert of(armored.defend("t", "roll", 15, 6).events, DamageApplied)


def test_PAL_MSL_VOLLEY_refusals_write_nothing(fight: Fight) -> None:
    armed(fight, pod={"rate": 2}, rocket={"count": 3})
    head = fight.head()
    for declaration, error, match in (
        (LaunchDeclared(actor="s", target="t", missiles=3), IllegalAction, "at most 2"),
        (LaunchDeclared(actor="s", target="t", missiles=0), UsageError, "at least one"),
        (LaunchDeclared(actor="s", target="t", launcher="fist"), UnknownName, "no weapon"),
        (LaunchDeclared(actor="t", target="s"), IllegalAction, "turn"),
        (LaunchDeclared(actor="s", target="t", caught=("t",)), UsageError, "others"),
        (LaunchDeclared(actor="s", target="t", defend="parry"), UsageError, "dodge, roll"),
        (StrikeDeclared(actor="s", target="t", weapon="pod"), IllegalAction, "`fracas launch`"),
    ):
        with pytest.raises(error, match=match):
            fight.declare(declaration, [12])
    assert fight.head() == head
    launch(fight, 2, 12)
    fight.defend("t", "none", 1, 1)
    fight.pass_("t")
    fight.pass_("b")
    with pytest.raises(IllegalAction, match="has 1 rocket left, not 2"):
        launch(fight, 2, 12)
    launch(fight, 1, 12)
    for choice, match in (("parry", "cannot be answered with parry"),
                          ("simultaneous", "cannot be answered")):  # fmt: skip
        with pytest.raises(IllegalAction, match=match):
            fight.defend("t", choice, 12)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="only they may dodge"):
        fight.defend("b", "dodge", 12)
    with pytest.raises(UsageError, match="takes no --weapon, --missiles"):
        fight.declare(DefendDeclared(defender="t", choice="none", missiles=2), [1])
    with pytest.raises(UsageError, match="takes no --weapon"):
        fight.declare(DefendDeclared(defender="t", choice="roll", weapon="pod"), [1])


def test_a_launcher_needs_no_attack_to_be_refused_without_a_launcher(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "s")
    fight.add("brawler", "t")
    fight.initiative(18, 2)
    with pytest.raises(UnknownName, match="no missile launcher"):
        launch(fight, 1, 12)
