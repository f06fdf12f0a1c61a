"""Damage with forced dice: PAL-DMG-BASE-TABLE, -PS-BONUS, -CRIT, -POWER, PAL-COST-MULTI-LANDING,
-POOLS, -COMA-DEATH, -MDC-ARMOR, -MDC-LASTPOINT, -SDC-VS-MDC, -MD-TO-SDC, -AR-SDC,
-MDC-BEING-ZERO and -MDC-ARMOR-ZERO."""

from __future__ import annotations

from typing import Any

import pytest

from engine.dice import DiceError
from engine.rules import IllegalAction
from events.core import ConditionChanged, Event
from events.palladium import (
    ActionAbandoned,
    ActionStarted,
    ApmSpent,
    DamageApplied,
    DamageIgnored,
    DamageRolled,
    DefenseDeclined,
    StrikeRolled,
)

from .conftest import Fight, not_applied, of, one

TOUGH = {"hp": 300, "sdc": 50}


def applied(events: list[Event]) -> list[tuple[str, int, int, int, str]]:
    """(pool, amount, before, after, rule) of each DamageApplied."""
    return [(e.pool, e.amount, e.before, e.after, e.rule) for e in of(events, DamageApplied)]


def expert_vs(fight: Fight, sheet: str = "brawler", **target: Any) -> None:
    """The Expert (acts first) against ``sheet`` as ``b``."""
    fight.new()
    fight.add("expert", "x")
    fight.add(sheet, "b", **target)
    fight.initiative(15, 1)


def test_PAL_DMG_BASE_TABLE_punch_is_1d4(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    head = fight.head()
    with pytest.raises(DiceError, match="D4"):
        fight.strike("a", "b", 12, 5, defend="none")
    assert fight.head() == head
    dmg = one(fight.strike("a", "b", 12, 4, defend="none").events, DamageRolled)
    assert (dmg.roll.spec, dmg.roll.total, dmg.unit) == ("1D4", 4, "SDC")
    assert dmg.roll.rule == "PAL-DMG-BASE-TABLE"


def test_PAL_DMG_PS_BONUS_added_to_punches(fight: Fight) -> None:
    expert_vs(fight)
    dmg = one(fight.strike("x", "b", 12, 3, defend="none").events, DamageRolled)
    assert [(m.source, m.value, m.rule) for m in dmg.roll.modifiers] == [
        ("sheet", 5, "PAL-DMG-PS-BONUS")
    ]
    assert dmg.roll.total == 8
    assert fight.who("b")["sdc"] == 2


def test_PAL_DMG_PS_BONUS_added_to_melee_weapons_not_to_guns(fight: Fight) -> None:
    expert_vs(fight, pools=TOUGH)
    knife = one(fight.strike("x", "b", 12, 3, weapon="knife", defend="none").events, DamageRolled)
    assert (knife.roll.spec, knife.roll.total) == ("1D6", 8)
    fight.spend("b", "x")
    gun = fight.strike("x", "b", 12, 3, 3, weapon="pistol", defend="none")
    assert one(gun.events, DamageRolled).roll.total == 6


def test_PAL_DMG_PS_BONUS_never_added_to_mega_damage(fight: Fight) -> None:
    expert_vs(fight, "demon")
    result = fight.strike("x", "b", 12, 3, weapon="vibro-knife", defend="none")
    dmg = one(result.events, DamageRolled)
    assert (dmg.roll.total, dmg.unit) == (3, "MD")
    assert [m for m in dmg.roll.modifiers if m.op != "skip"] == []
    # the S.D.C. bonus is shown, as not added to Mega-Damage
    assert not_applied(dmg.roll.modifiers) == [("sheet", 5, "PAL-DMG-SDC-VS-MDC")]
    assert fight.who("b")["mdc"] == 27


def test_PAL_DMG_CRIT_bonus_added_before_doubling(fight: Fight) -> None:
    expert_vs(fight, pools=TOUGH)
    dmg = one(fight.strike("x", "b", 20, 3, defend="none").events, DamageRolled)
    assert [(m.op, m.value, m.rule) for m in dmg.roll.modifiers] == [
        ("add", 5, "PAL-DMG-PS-BONUS"),
        ("mul", 2, "PAL-DMG-CRIT"),
    ]
    assert dmg.roll.total == 16  # (3 + 5) x 2


def test_PAL_DMG_POWER_two_attacks_lands_on_the_second_without_a_command(fight: Fight) -> None:
    expert_vs(fight)
    started = fight.power("x", "b", defend="none")  # no dice: nothing lands yet
    assert one(started.events, ActionStarted).cost == 2
    assert of(started.events, StrikeRolled) == []
    x = fight.who("x")
    assert (x["apm_left"], x["in_progress"]) == (
        4,
        {"action": "power_punch", "target": "b", "cost": 2, "paid": 1},
    )
    assert fight.status()["acting"] == "b"
    # b's miss passes the turn back: the punch lands (its strike 14, damage 3) in b's command.
    landed = fight.strike("b", "x", 1, 14, 3)
    blow = of(landed.events, StrikeRolled)[1]
    assert (blow.actor, blow.action) == ("x", "power_punch")
    assert [e.combatant for e in of(landed.events, ApmSpent)] == ["b", "x"]
    dmg = one(landed.events, DamageRolled)
    assert [(m.op, m.value, m.rule) for m in dmg.roll.modifiers] == [
        ("mul", 2, "PAL-DMG-POWER"),
        ("add", 5, "PAL-DMG-PS-BONUS"),
    ]
    assert dmg.roll.total == 11  # 3 x 2 + 5
    assert (fight.who("x")["apm_left"], fight.who("x")["in_progress"]) == (3, None)
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (0, 19)


def test_PAL_DMG_POWER_power_kick_doubles_the_kick_dice(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "c")
    fight.add("expert", "x")
    fight.initiative(15, 1)
    fight.spend("c", "x")
    result = fight.power("x", "c", 14, 7, kick=True, defend="none")
    dmg = one(result.events, DamageRolled)
    assert (dmg.roll.spec, dmg.roll.total) == ("1D8", 19)  # 7 x 2 + 5


def test_PAL_DMG_POWER_basic_style_has_no_power_kick(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    head = fight.head()
    with pytest.raises(IllegalAction, match="no power kick"):
        fight.power("a", "b", kick=True)
    assert fight.head() == head
    assert one(fight.power("a", "b").events, ActionStarted).action == "power_punch"


def test_PAL_COST_MULTI_LANDING_lands_in_the_same_command_when_the_rest_are_spent(
    fight: Fight,
) -> None:
    fight.new()
    fight.add("civilian", "c")
    fight.add("expert", "x")
    fight.initiative(15, 1)
    fight.spend("c", "x")
    result = fight.power("x", "c", 14)  # both attacks paid, strike 14 waits for c's answer
    assert [(e.combatant, e.rule) for e in of(result.events, ApmSpent)] == [
        ("x", "PAL-COST-MULTI-LANDING"),
        ("x", "PAL-COST-MULTI-LANDING"),
    ]
    assert one(result.events, StrikeRolled).action == "power_punch"
    assert fight.status()["pending"]["reactor"] == "c"
    assert fight.who("x")["apm_left"] == 3
    answered = fight.defend("c", "none", 3)
    assert one(answered.events, DamageRolled).roll.total == 11


def test_PAL_COST_MULTI_LANDING_refused_with_fewer_than_two_attacks_left(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "c")
    fight.add("expert", "x")
    fight.initiative(15, 1)
    fight.spend("c", "x")
    for _ in range(4):
        fight.spend("x", "c")
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"costs 2 attacks.*1 left.*PAL-COST-MULTI-LANDING"):
        fight.power("x", "c")
    assert fight.head() == head


def test_PAL_COST_MULTI_LANDING_a_simultaneous_answer_meanwhile_keeps_the_blow_coming(
    fight: Fight,
) -> None:
    """Striking back simultaneously (PAL-DEF-SIMULTANEOUS) while a power punch is wound up
    spends another attack but does not cancel the punch: it still lands on its second."""
    expert_vs(fight, pools=TOUGH)
    fight.power("x", "b", defend="none")
    fight.strike("b", "x", 12)
    # x's answer misses (1), b's punch lands (2); then x's turn: the power punch (14, 3).
    result = fight.defend("x", "simultaneous", 1, 2, 14, 3)
    assert [(s.actor, s.action) for s in of(result.events, StrikeRolled)] == [
        ("x", "strike"),
        ("x", "power_punch"),
    ]
    assert [(d.actor, d.roll.total) for d in of(result.events, DamageRolled)] == [
        ("b", 2),
        ("x", 11),
    ]
    assert (fight.who("x")["apm_left"], fight.who("x")["in_progress"]) == (2, None)


def test_PAL_COST_MULTI_LANDING_a_dodge_meanwhile_with_attacks_to_spare_keeps_the_blow(
    fight: Fight,
) -> None:
    expert_vs(fight)
    fight.power("x", "b", defend="none")
    fight.strike("b", "x", 12)
    landed = fight.defend("x", "dodge", 13, 14, 3)  # the dodge, then x's turn: the punch
    assert [s.action for s in of(landed.events, StrikeRolled)] == ["power_punch"]
    assert one(landed.events, DamageRolled).roll.total == 11
    assert fight.who("x")["apm_left"] == 5 - 3


def test_PAL_COST_MULTI_LANDING_blow_without_its_second_attack_is_abandoned(
    fight: Fight,
) -> None:
    fight.new()
    fight.add("expert", "x", bonuses={"apm": -3})  # 2 attacks
    fight.add("brawler", "b")
    fight.initiative(15, 1)
    fight.power("x", "b", defend="none")
    fight.strike("b", "x", 12)
    fight.defend("x", "dodge", 13)  # the last attack goes on the dodge
    assert fight.who("x")["apm_left"] == 0
    for _ in range(3):
        fight.spend("b", "x")
    assert fight.status()["acting"] is None
    result = fight.initiative(15, 1)
    abandoned = one(result.events, ActionAbandoned)
    assert (abandoned.actor, abandoned.action) == ("x", "power_punch")
    assert fight.who("x")["in_progress"] is None


@pytest.mark.parametrize(("option", "total"), [("double_total", 22), ("no_extra", 11)])
def test_PAL_DMG_POWER_critical_power_punch_is_the_option_power_punch_critical(
    fight: Fight, option: str, total: int
) -> None:
    fight.new("raw", power_punch_critical=option)
    fight.add("civilian", "c", pools={"hp": 50})
    fight.add("expert", "x")
    fight.initiative(15, 1)
    fight.spend("c", "x")
    result = fight.power("x", "c", 20, 3, defend="none")
    assert one(result.events, DamageRolled).roll.total == total  # (3 x 2 + 5) [x 2]


def test_PAL_DMG_POOLS_sdc_first_then_hit_points(fight: Fight) -> None:
    expert_vs(fight)
    result = fight.strike("x", "b", 12, 6, weapon="knife", defend="none")  # 6 + 5 = 11
    assert applied(result.events) == [
        ("sdc", 10, 10, 0, "PAL-DMG-POOLS"),
        ("hp", 1, 20, 19, "PAL-DMG-POOLS"),
    ]
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (0, 19)


@pytest.mark.parametrize(
    ("face", "hp", "conditions", "alive"),
    [
        (1, 0, ["bleeding", "coma"], True),  # 0 H.P.: coma; a knife's cut bleeds
        (5, -9, ["bleeding", "coma"], True),  # P.E. 9: alive at -9
        (6, -10, ["dead"], False),  # dead at -10: beyond help, not in a coma
    ],
)
def test_PAL_DMG_COMA_DEATH_coma_at_0_dead_below_minus_pe(
    fight: Fight, face: int, hp: int, conditions: list[str], alive: bool
) -> None:
    start = 1 if face > 1 else 6  # so that the knife (face + 5) leaves ``hp``
    expert_vs(fight, pools={"hp": start, "sdc": 0})
    result = fight.strike("x", "b", 12, face, weapon="knife", defend="none")
    assert one(result.events, DamageRolled).roll.total == start - hp
    b = fight.who("b")
    names = [k["name"] for k in b["conditions"]]
    assert (b["hp"], names, b["alive"]) == (hp, conditions, alive)
    rules = {e.condition: e.rule for e in of(result.events, ConditionChanged)}
    assert rules.pop("bleeding", "PAL-DMG-BLEED-WOUNDS") == "PAL-DMG-BLEED-WOUNDS"
    assert set(rules.values()) == {"PAL-DMG-COMA-DEATH"}


def test_PAL_DMG_COMA_DEATH_comatose_fighter_neither_acts_nor_defends(fight: Fight) -> None:
    expert_vs(fight, pools={"hp": 1, "sdc": 0})
    fight.strike("x", "b", 12, 1, weapon="knife", defend="none")  # 6: -5, coma
    assert fight.status()["acting"] == "x"  # b is skipped
    result = fight.strike("x", "b", 12, 1, weapon="knife", defend="dodge")  # no defence die
    assert "coma" in one(result.events, DefenseDeclined).reason
    assert fight.who("b")["hp"] == -11
    assert fight.who("b")["alive"] is False  # below -9 (P.E. 9)


def demon_first(fight: Fight, **target: Any) -> None:
    fight.new()
    fight.add("demon", "d")
    fight.add("brawler", "b", **target)
    fight.initiative(15, 1)


def test_PAL_DMG_MDC_ARMOR_and_LASTPOINT_armor_first_last_hit_absorbed_then_body(
    fight: Fight,
) -> None:
    demon_first(fight, pools=TOUGH, armor={"name": "plate", "mdc": 10})
    first = fight.strike("d", "b", 12, 6, defend="none")
    assert applied(first.events) == [("armor", 6, 10, 4, "PAL-DMG-MDC-ARMOR")]
    fight.spend("b", "d")
    last = fight.strike("d", "b", 12, 6, defend="none")  # 6 M.D. on 4 left: all absorbed
    assert applied(last.events) == [("armor", 4, 4, 0, "PAL-DMG-MDC-LASTPOINT")]
    assert (fight.who("b")["armor"]["mdc"], fight.who("b")["sdc"]) == (0, 50)
    fight.spend("b", "d")
    body = fight.strike("d", "b", 12, 1, defend="none")  # 1 M.D. = 100 S.D.C.
    assert applied(body.events) == [
        ("sdc", 50, 50, 0, "PAL-DMG-MD-TO-SDC, PAL-DMG-POOLS"),
        ("hp", 50, 300, 250, "PAL-DMG-MD-TO-SDC, PAL-DMG-POOLS"),
    ]


def test_PAL_DMG_MD_TO_SDC_one_md_is_100_sdc(fight: Fight) -> None:
    demon_first(fight, pools=TOUGH)
    result = fight.strike("d", "b", 12, 2, defend="none")
    assert one(result.events, DamageRolled).unit == "MD"
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (0, 150)


@pytest.mark.parametrize(
    "target", [{"sheet": "demon"}, {"sheet": "brawler", "armor": {"name": "plate", "mdc": 10}}]
)
def test_PAL_DMG_SDC_VS_MDC_sdc_attack_under_100_does_nothing(
    fight: Fight, target: dict[str, Any]
) -> None:
    fight.new()
    fight.add("expert", "x")
    sections = dict(target)
    fight.add(sections.pop("sheet"), "b", **sections)
    fight.initiative(15, 1)
    result = fight.strike("x", "b", 12, 6, weapon="knife", defend="none")  # 11 S.D.C.
    ignored = one(result.events, DamageIgnored)
    assert (ignored.amount, ignored.rule) == (11, "PAL-DMG-SDC-VS-MDC")
    assert of(result.events, DamageApplied) == []
    b = fight.who("b")
    assert (b["mdc"], b["armor"]) in [(30, None), (None, {"name": "plate", "mdc": 10})]


@pytest.mark.parametrize(
    ("rounding", "face", "mdc"),
    [("down", 1, 30), ("down", 2, 29), ("down", 3, 29), ("nearest", 3, 28), ("nearest", 2, 29)],
)
def test_PAL_DMG_SDC_VS_MDC_100_or_more_converts_rounding_is_an_option(
    fight: Fight, rounding: str, face: int, mdc: int
) -> None:
    fight.new("raw", sdc_vs_mdc_rounding=rounding)
    ball = {"name": "wrecking ball", "kind": "melee", "damage": "1D6x50"}
    fight.add("brawler", "a", weapons=[ball])
    fight.add("demon", "d")
    fight.initiative(15, 1)
    fight.strike("a", "d", 12, face, weapon="wrecking ball", defend="none")  # 50 x face S.D.C.
    assert fight.who("d")["mdc"] == mdc


def test_PAL_DMG_AR_SDC_strike_at_or_under_ar_hits_only_the_armor(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b", armor={"name": "vest", "sdc": 20, "ar": 12})
    fight.initiative(15, 5)
    under = fight.strike("a", "b", 12, 4, defend="none")
    assert applied(under.events) == [("armor", 4, 20, 16, "PAL-DMG-AR-SDC")]
    fight.spend("b", "a")
    over = fight.strike("a", "b", 13, 4, defend="none")
    assert applied(over.events) == [("sdc", 4, 10, 6, "PAL-DMG-POOLS")]
    assert fight.who("b")["armor"] == {"name": "vest", "sdc": 16, "ar": 12}


def test_PAL_DMG_AR_SDC_destroyed_armor_gives_no_ar(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b", armor={"name": "vest", "sdc": 3, "ar": 12})
    fight.initiative(15, 5)
    zeroing = fight.strike("a", "b", 6, 4, defend="none")  # the zeroing hit is absorbed whole
    assert applied(zeroing.events) == [("armor", 3, 3, 0, "PAL-DMG-AR-SDC")]
    fight.spend("b", "a")
    after = fight.strike("a", "b", 6, 4, defend="none")
    assert applied(after.events) == [("sdc", 4, 10, 6, "PAL-DMG-POOLS")]


def test_PAL_DMG_MDC_BEING_ZERO_coma_at_0_mdc(fight: Fight) -> None:
    expert_vs(fight, "demon", pools={"mdc": 3})
    result = fight.strike("x", "b", 12, 4, weapon="vibro-knife", defend="none")
    assert applied(result.events) == [("mdc", 4, 3, -1, "PAL-DMG-POOLS")]
    coma = one(result.events, ConditionChanged)
    assert (coma.condition, coma.rule) == ("coma", "PAL-DMG-MDC-BEING-ZERO")
    b = fight.who("b")
    names = [k["name"] for k in b["conditions"]]
    assert (b["mdc"], names, b["alive"]) == (-1, ["coma"], True)
    assert fight.status()["acting"] == "x"


def armor_destroyed(fight: Fight, option: str) -> None:
    """Demon ``d`` zeroes ``b``'s 1 M.D.C. armor; brawler ``a`` acts next."""
    fight.new("raw", destroyed_mdc_armor=option)
    fight.add("demon", "d")
    fight.add("brawler", "a")
    fight.add("brawler", "b", pools=TOUGH, armor={"name": "plate", "mdc": 1})
    fight.initiative(18, 10, 1)
    fight.strike("d", "b", 12, 1, defend="none")
    assert fight.who("b")["armor"]["mdc"] == 0


@pytest.mark.parametrize(
    ("option", "natural", "reaches"),
    [
        ("no_protection", 7, True),
        ("stops_7_or_less", 7, False),
        ("stops_7_or_less", 8, True),
    ],
)
def test_PAL_DMG_MDC_ARMOR_ZERO_destroyed_armor_reading_is_an_option(
    fight: Fight, option: str, natural: int, reaches: bool
) -> None:
    armor_destroyed(fight, option)
    result = fight.strike("a", "b", natural, 3, defend="none")
    if reaches:
        assert applied(result.events) == [("sdc", 3, 50, 47, "PAL-DMG-POOLS")]
    else:
        assert one(result.events, DamageIgnored).rule == "PAL-DMG-MDC-ARMOR-ZERO"
        assert fight.who("b")["sdc"] == 50


def test_PAL_DMG_MDC_ARMOR_ZERO_stops_only_sdc_attacks_not_mega_damage(fight: Fight) -> None:
    armor_destroyed(fight, "stops_7_or_less")
    fight.spend("a", "b")
    fight.spend("b", "a")
    result = fight.strike("d", "b", 7, 1, defend="none")  # a 7, but M.D.
    assert of(result.events, DamageIgnored) == []
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (0, 250)
