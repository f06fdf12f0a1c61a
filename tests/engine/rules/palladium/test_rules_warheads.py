"""Warheads with forced dice: M.D. plasma incinerates S.D.C. and H.P. bodies it reaches and
spares beings immune to fire (PAL-MSL-PLASMA); a multi-warhead releases its warheads on
arrival (PAL-MSL-MULTI-WARHEAD); a smart missile comes round after a miss or a dodge and
dodges shots at it (PAL-MSL-SMART, PAL-MSL-BONUS); a robot's or a cyborg's arms take a volley
in place of his main body (PAL-MSL-BLOCK)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from engine.table import PlyResult
from events.core import ConditionChanged
from events.palladium import (
    ApmSpent,
    DamageApplied,
    DamageIgnored,
    DamageRolled,
    MissilesSpent,
    StrikeRolled,
    VolleyThinned,
)

from . import test_rules_interceptions as at_volleys
from .conftest import Fight, of, one
from .test_rules_missiles import TOUGH, another, armed, damage_to, launch, launcher, missile

PLASMA = {"warhead": "plasma", "mega_damage": True, "damage": "1D6"}


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_MSL_PLASMA_incinerates_an_sdc_body_it_reaches_and_those_caught(
    fight: Fight, variant: str
) -> None:
    armed(fight, variant, rocket=PLASMA)
    launch(fight, 1, 12, caught=("b",))
    result = fight.defend("t", "none", 2)
    assert damage_to(result, "t") == 200  # 2 M.D. = 200 S.D.C., of 1,000 (PAL-DMG-MD-TO-SDC)
    dead = [e for e in of(result.events, ConditionChanged) if e.condition == "dead"]
    assert [(e.combatant, e.rule) for e in dead] == [
        ("t", "PAL-MSL-PLASMA"),
        ("b", "PAL-MSL-PLASMA"),
    ]
    people = {c["id"]: c for c in fight.status()["combatants"]}
    assert not people["t"]["alive"] and not people["b"]["alive"]


def test_PAL_MSL_PLASMA_mdc_armor_that_holds_saves_its_wearer(fight: Fight) -> None:
    armed(fight, rocket=PLASMA, target={"armor": {"name": "plate", "mdc": 50}})
    launch(fight, 1, 12)
    result = fight.defend("t", "none", 4)
    hit = one(result.events, DamageApplied)
    assert (hit.pool, hit.amount) == ("armor", 4)
    assert not [e for e in of(result.events, ConditionChanged) if e.condition == "dead"]


def test_PAL_MSL_PLASMA_armor_gone_then_the_body_burns(fight: Fight) -> None:
    armed(fight, rocket=PLASMA, target={"armor": {"name": "plate", "mdc": 3}})
    launch(fight, 1, 12)
    first = fight.defend("t", "none", 6)  # the last point absorbs the whole hit
    assert not [e for e in of(first.events, ConditionChanged) if e.condition == "dead"]
    fight.pass_("t")
    fight.pass_("b")
    launch(fight, 1, 12)
    second = fight.defend("t", "none", 1)
    assert [e.rule for e in of(second.events, ConditionChanged) if e.condition == "dead"] == [
        "PAL-MSL-PLASMA"
    ]


def test_PAL_MSL_PLASMA_a_fire_immune_being_is_unharmed(fight: Fight) -> None:
    armed(fight, rocket=PLASMA, target={"fire_immune": True})
    launch(fight, 1, 12, caught=("b",))
    result = fight.defend("t", "none", 5)
    ignored = one(result.events, DamageIgnored)
    assert (ignored.target, ignored.amount, ignored.rule) == ("t", 5, "PAL-MSL-PLASMA")
    assert damage_to(result, "t") == 0
    assert damage_to(result, "b") == 200  # half of 5 M.D., rounded down, as S.D.C.


def test_PAL_MSL_PLASMA_other_warheads_leave_a_survivor_alive(fight: Fight) -> None:
    armed(fight, rocket={**PLASMA, "warhead": "high_explosive"})
    launch(fight, 1, 12)
    result = fight.defend("t", "none", 2)
    assert damage_to(result, "t") == 200
    assert not of(result.events, ConditionChanged)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_MSL_MULTI_WARHEAD_the_target_answers_the_four_it_releases(
    fight: Fight, variant: str
) -> None:
    fight.new(variant)
    warhead = missile(name="warhead", damage="1D6", blast_radius=20, count=0)
    carrier = missile(releases="warhead", guided=True, count=2, damage="5D6")
    fight.add("brawler", "s", weapons=[launcher()], missiles=[carrier, warhead])
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 10)
    result = launch(fight, 1, 12)
    strike = one(result.events, StrikeRolled)
    assert "release 4 warhead" in strike.reason and "PAL-MSL-MULTI-WARHEAD" in strike.reason
    assert one(result.events, MissilesSpent).missile == "rocket"
    volley = fight.status()["volley"]
    assert (volley["missile"], volley["launched"], volley["left"]) == ("warhead", 4, 4)
    faces, expected = ((1, 2, 3, 4), 10) if variant == "raw" else ((3,), 12)  # house: 3 x 4
    assert damage_to(fight.defend("t", "none", *faces), "t") == expected


def test_PAL_MSL_MULTI_WARHEAD_four_released_cannot_be_dodged_as_written(fight: Fight) -> None:
    fight.new("raw")
    warhead = missile(name="warhead", count=0)
    fight.add("brawler", "s", weapons=[launcher()],
              missiles=[missile(releases="warhead", count=2), warhead])  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 10)
    launch(fight, 1, 12)
    with pytest.raises(IllegalAction, match="volley of 4 missiles cannot be dodged"):
        fight.defend("t", "dodge", 20)


def test_PAL_MSL_MULTI_WARHEAD_option_own_damage_hits_as_one_missile(fight: Fight) -> None:
    fight.new("raw", multi_warhead="own_damage")
    warhead = missile(name="warhead", count=0)
    carrier = missile(releases="warhead", damage="2D6", count=2)
    fight.add("brawler", "s", weapons=[launcher()], missiles=[carrier, warhead])
    fight.add("brawler", "t", pools=TOUGH)
    fight.initiative(18, 10)
    launch(fight, 1, 12)
    assert fight.status()["volley"]["missile"] == "rocket"
    assert damage_to(fight.defend("t", "none", 5, 6), "t") == 11


SMART = {"type": "long", "smart": True}


def volley_strikes(result: PlyResult) -> list[StrikeRolled]:
    return [e for e in of(result.events, StrikeRolled) if e.action == "volley"]


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_MSL_SMART_a_miss_comes_round_for_a_second_pass(fight: Fight, variant: str) -> None:
    armed(fight, variant, rocket=SMART)
    result = launch(fight, 1, 1, 14)  # a natural 1 misses (house: 1 + 1 under 8), then 14
    first, second = volley_strikes(result)
    assert (first.hits, second.hits) == (False, True)
    assert "turns for another pass" in first.reason
    assert "pass 2 of 2 (PAL-MSL-SMART)" in second.reason
    assert fight.status()["volley"]["strike"] == second.roll.total


def test_PAL_MSL_SMART_its_passes_are_an_option_and_then_it_is_spent(fight: Fight) -> None:
    armed(fight, rocket=SMART, smart_passes=3)
    result = launch(fight, 1, 1, 1, 1)
    assert [s.hits for s in volley_strikes(result)] == [False, False, False]
    assert "near miss" in volley_strikes(result)[-1].reason
    assert fight.status()["volley"] is None
    once = another(fight)
    armed(once, rocket=SMART, smart_passes=1)
    assert len(volley_strikes(launch(once, 1, 1))) == 1
    dumb = another(fight)
    armed(dumb, smart_passes=3)
    assert len(volley_strikes(launch(dumb, 1, 1))) == 1  # only smart missiles come round


def test_PAL_MSL_SMART_a_dodged_volley_turns_and_strikes_again(fight: Fight) -> None:
    armed(fight, rocket=SMART)
    launch(fight, 1, 12)
    dodged = fight.defend("t", "dodge", 20, 13)  # dodged; it comes round: 13 + 5 hits
    assert damage_to(dodged, "t") == 0
    (again,) = volley_strikes(dodged)
    assert again.hits and "pass 2 of 2" in again.reason
    assert fight.status()["pending"] is not None
    assert damage_to(fight.defend("t", "none", 4), "t") == 4  # its last pass lands


def test_PAL_MSL_SMART_a_dodge_of_its_last_pass_clears_it(fight: Fight) -> None:
    armed(fight, rocket=SMART)
    launch(fight, 1, 1, 12)  # missed, came round: its passes are spent
    cleared = fight.defend("t", "dodge", 20)
    assert damage_to(cleared, "t") == 0 and not volley_strikes(cleared)
    assert fight.status()["pending"] is None


def test_PAL_MSL_SMART_dodges_a_shot_at_it_at_plus_4(fight: Fight) -> None:
    at_volleys.armed(fight, incoming=SMART)
    at_volleys.launch(fight, 2, 12)
    dodged = fight.defend("t", "shoot-down", 8, 4, weapon="gun")  # 8 hits; 4 + 4 ties: dodged
    thinned = one(dodged.events, VolleyThinned)
    assert (thinned.destroyed, thinned.left, thinned.rule) == (0, 2, "PAL-MSL-SMART")
    assert [(r.total, r.target) for r in thinned.rolls] == [(8, 8)]
    assert not of(dodged.events, DamageRolled)
    shot = fight.defend("t", "shoot-down", 10, 5, 5, 30, weapon="gun")  # 5 + 4 under 10: hit
    missed, gone = of(shot.events, VolleyThinned)
    assert "fails to dodge" in missed.reason and [r.total for r in missed.rolls] == [9]
    assert (gone.destroyed, gone.left, gone.rule) == (2, 0, "PAL-MSL-SHOOT-DOWN")


def blocker(fight: Fight, variant: str = "raw", arms: int = 40, **options: Any) -> None:
    """``s`` fires M.D. rockets at ``t``, a cyborg in 200 M.D.C. of armor whose arms have
    ``arms`` M.D.C."""
    fight.new(variant, **options)
    fight.add("brawler", "s", weapons=[launcher()], missiles=[missile(mega_damage=True)])
    fight.add("brawler", "t", pools={**TOUGH, "arms": arms}, armor={"name": "hull", "mdc": 200})
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 10, 2)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_MSL_BLOCK_the_arms_take_the_volley_instead_of_the_body(
    fight: Fight, variant: str
) -> None:
    blocker(fight, variant)
    launch(fight, 4, 12, caught=("b",))
    faces = (3, 4, 5, 6) if variant == "raw" else (6,)  # 18 M.D., or 6 x 4 = 24 (house)
    result = fight.defend("t", "block", *faces)
    arms = [e for e in of(result.events, DamageApplied) if e.target == "t"]
    expected = 18 if variant == "raw" else 24
    assert [(e.pool, e.amount, e.after, e.rule) for e in arms] == [
        ("arms", expected, 40 - expected, "PAL-MSL-BLOCK")
    ]
    assert fight.who("t")["armor"]["mdc"] == 200 and fight.who("t")["arms"] == 40 - expected
    assert damage_to(result, "b") == expected // 2 * 100  # the caught: half, M.D. as S.D.C.


def test_PAL_MSL_BLOCK_arms_blown_apart_take_no_more_than_they_had(fight: Fight) -> None:
    blocker(fight, arms=10)
    launch(fight, 4, 12)
    result = fight.defend("t", "block", 6, 6, 6, 6)
    hit = one(result.events, DamageApplied)
    assert (hit.pool, hit.amount, hit.after) == ("arms", 10, 0)
    assert "arms destroyed" in [c["name"] for c in fight.who("t")["conditions"]]
    assert fight.who("t")["armor"]["mdc"] == 200
    fight.pass_("t")
    fight.pass_("b")
    launch(fight, 4, 12)
    with pytest.raises(IllegalAction, match="no arms left"):
        fight.defend("t", "block")


def test_PAL_MSL_BLOCK_only_against_what_cannot_be_dodged_as_written(fight: Fight) -> None:
    blocker(fight)
    launch(fight, 3, 12)
    with pytest.raises(IllegalAction, match=r"volley of 3 may be dodged.*option missile_block"):
        fight.defend("t", "block", 1, 1, 1)
    anyway = another(fight)
    blocker(anyway, missile_block="any")
    launch(anyway, 3, 12)
    assert damage_to(anyway.defend("t", "block", 1, 1, 1), "t") == 3


def test_PAL_MSL_BLOCK_needs_arms_on_the_sheet(fight: Fight) -> None:
    armed(fight)
    launch(fight, 4, 12)
    with pytest.raises(IllegalAction, match=r"no robot or bionic arms \(pools.arms\)"):
        fight.defend("t", "block")
    struck = another(fight)
    blocker(struck)
    struck.strike("s", "t", 12)
    with pytest.raises(IllegalAction, match="cannot be answered with block"):
        struck.defend("t", "block")  # a block answers missiles, not a punch


def test_PAL_MSL_SMART_a_dodge_it_turns_from_needs_no_second_action(fight: Fight) -> None:
    """Under missile_radius_escape = two_actions a second action clears the blast; a smart
    missile that turns leaves no blast to clear, so its dodge costs the one action."""
    armed(fight, rocket={**SMART, "blast_radius": 20}, missile_radius_escape="two_actions")
    launch(fight, 1, 12)
    dodged = fight.defend("t", "dodge", 20, 13)
    assert [e.amount for e in of(dodged.events, ApmSpent) if e.combatant == "t"] == [1]
    last = fight.defend("t", "dodge", 20)  # its last pass: the blast is there to clear
    assert [e.amount for e in of(last.events, ApmSpent) if e.combatant == "t"] == [1, 1]


def test_PAL_MSL_PLASMA_a_body_it_kills_outright_is_incinerated_too(fight: Fight) -> None:
    """Damage alone past -P.E. would be death by PAL-DMG-COMA-DEATH; plasma says how."""
    fight.new("raw")
    fight.add("brawler", "s", weapons=[launcher()], missiles=[missile(**PLASMA)])
    fight.add("brawler", "t")  # 20 H.P., 10 S.D.C., P.E. 9
    fight.initiative(18, 10)
    launch(fight, 1, 12)
    result = fight.defend("t", "none", 6)
    conditions = [(e.condition, e.present, e.rule) for e in of(result.events, ConditionChanged)]
    assert conditions == [("dead", True, "PAL-MSL-PLASMA")]
