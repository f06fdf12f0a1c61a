"""Horror Factor, the coma's clock and recovery, and bleeding, with forced dice:
PAL-COND-HORROR, PAL-DMG-COMA-TIME, PAL-DMG-COMA-RECOVERY, PAL-DMG-BLEED-WOUNDS,
PAL-DMG-BLOODLOSS."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import ConditionChanged, PassDeclared
from events.palladium import (
    ApmSpent,
    DamageApplied,
    DefenseDeclined,
    Healed,
    HorrorSaved,
    InitiativeRolled,
    RecoverDeclared,
    RecoveryRolled,
)

from .conftest import Fight, of, one

TOUGH = {"hp": 300, "sdc": 300}
KNIFE = [{"name": "knife", "kind": "melee", "damage": "1D6"}]
BLEED = "PAL-DMG-BLEED-WOUNDS"


def horror_fight(fight: Fight, variant: str = "raw") -> None:
    """``m`` is a creature of Horror Factor 12; ``a`` (save +2) and ``b`` meet it; ``m2`` is
    its ally and never saves."""
    fight.new(variant)
    fight.add("brawler", "m", side="monsters", pools=TOUGH, horror_factor=12)
    fight.add("brawler", "a", side="players", pools=TOUGH, bonuses={"save_horror_factor": 2})
    fight.add("brawler", "b", side="players", pools=TOUGH)
    fight.add("brawler", "m2", side="monsters", pools=TOUGH)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_COND_HORROR_a_failed_save_costs_initiative_an_attack_and_the_first_defence(
    fight: Fight, variant: str
) -> None:
    horror_fight(fight, variant)
    # saves first (a: 10 + 2 = 12 keeps his nerve; b: 11 fails), then initiative m, a, m2
    result = fight.initiative(10, 11, 18, 9, 5)
    saved = of(result.events, HorrorSaved)
    assert [(e.combatant, e.creature, e.roll.total, e.success) for e in saved] == [
        ("a", "m", 12, True),
        ("b", "m", 11, False),
    ]
    frozen = [e for e in of(result.events, InitiativeRolled) if e.combatant == "b"]
    assert frozen[0].lost and frozen[0].roll.total == 0
    assert fight.status()["order"][-1] == "b"
    lost = [e for e in of(result.events, ApmSpent) if e.combatant == "b"]
    assert [(e.amount, e.rule) for e in lost] == [(1, "PAL-COND-HORROR")]
    if variant == "house":
        fight.pass_("m")
        fight.pass_("a")
        fight.pass_("m2")
        fight.pass_("b")
    first = fight.strike("m", "b", 12, 3)
    assert "Horror Factor" in one(first.events, DefenseDeclined).reason
    fight.pass_("m") if fight.status()["acting"] == "m" else None
    while fight.status()["acting"] != "m":
        fight.declare(PassDeclared(), [])
    second = fight.strike("m", "b", 12)  # his second attack may be defended
    assert not of(second.events, DefenseDeclined)


def test_PAL_COND_HORROR_each_fighter_saves_once(fight: Fight) -> None:
    horror_fight(fight)
    fight.initiative(10, 11, 18, 9, 5)
    while fight.status()["acting"] is not None:
        fight.declare(PassDeclared(), [])
    again = fight.initiative(18, 9, 5, 4)  # no saves this time: four initiative dice
    assert not of(again.events, HorrorSaved)
    assert "horrified" not in [k["name"] for k in fight.who("b")["conditions"]]


def coma_fight(fight: Fight, **options: object) -> None:
    fight.new("raw", **options)
    fight.add("brawler", "a", weapons=KNIFE, pools=TOUGH)
    fight.add("brawler", "b", pools={"hp": 20, "sdc": 0})  # P.E. 9
    fight.initiative(18, 2)


def test_PAL_DMG_COMA_TIME_a_coma_lasts_pe_hours_of_rounds(fight: Fight) -> None:
    coma_fight(fight)
    fight.ruling("b", damage=25)
    coma = [k for k in fight.who("b")["conditions"] if k["name"] == "coma"]
    assert coma == [{"name": "coma", "rounds_left": 9 * 240}]


def test_PAL_DMG_COMA_RECOVERY_two_of_three_stabilize(fight: Fight) -> None:
    coma_fight(fight)
    fight.ruling("b", damage=25)  # -5 H.P.: a coma
    failed = fight.declare(RecoverDeclared(combatant="b", care="doctor"), [10, 50, 90])
    assert not one(failed.events, RecoveryRolled).stabilized
    result = fight.declare(RecoverDeclared(combatant="b", care="doctor"), [46, 47, 12])
    rolled = one(result.events, RecoveryRolled)
    assert rolled.chance == 46 and rolled.stabilized
    healed = one(result.events, Healed)
    assert (healed.before, healed.after) == (-5, 1)
    assert fight.who("b")["hp"] == 1 and "coma" not in fight.who("b")["conditions"]
    assert fight.who("b")["apm_left"] == 0  # an hour on: nothing left of this round
    with pytest.raises(IllegalAction, match="not in a coma"):
        fight.declare(RecoverDeclared(combatant="b", care="nurse"), [1, 1, 1])


def test_PAL_DMG_BLEED_WOUNDS_a_cut_to_hit_points_bleeds_a_point_a_minute(
    fight: Fight,
) -> None:
    coma_fight(fight)
    hit = fight.strike("a", "b", 15, 4, weapon="knife", defend="none")  # 4 off H.P.
    bleeding = [e for e in of(hit.events, ConditionChanged) if e.condition == "bleeding"]
    assert [e.rule for e in bleeding] == ["PAL-DMG-BLEED-WOUNDS"]
    hp = fight.who("b")["hp"]
    for new_round in (2, 3, 4):
        while fight.status()["acting"] is not None:
            fight.declare(PassDeclared(), [])
        result = fight.initiative(18, 2)
        lost = [e for e in of(result.events, DamageApplied) if BLEED in e.rule]
        assert len(lost) == (1 if new_round == 4 else 0)
    assert fight.who("b")["hp"] == hp - 1


def test_PAL_DMG_BLEED_WOUNDS_a_punch_does_not_bleed(fight: Fight) -> None:
    coma_fight(fight)
    hit = fight.strike("a", "b", 15, 4, defend="none")
    assert "bleeding" not in [e.condition for e in of(hit.events, ConditionChanged)]


def test_PAL_DMG_BLOODLOSS_a_coma_bleeds_under_the_option(fight: Fight) -> None:
    coma_fight(fight, blood_loss="on")
    result = fight.ruling("b", damage=25)
    assert "bleeding" in [e.condition for e in of(result.events, ConditionChanged)]
