"""The answers beside parry and dodge, with forced dice: PAL-DEF-ROLL-IMPACT /
PAL-HR-DEF-ROLL / PAL-DEF-ROLL-SPECIAL (roll with the impact), PAL-DEF-BACKFLIP /
PAL-HR-NO-BACKFLIP, PAL-DEF-PAIRED (parry and strike back), and PAL-DMG-DEATHBLOW's death
blow at will."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.core import ConditionChanged
from events.palladium import (
    ApmSpent,
    BlowLanded,
    DamageApplied,
    DamageRolled,
    DefenseRolled,
    StrikeDeclared,
    StrikeRolled,
)

from .conftest import Fight, of, one

TOUGH = {"hp": 300, "sdc": 300}
KNIFE = {"name": "knife", "kind": "melee", "damage": "1D6"}
CLUB = {"name": "club", "kind": "melee", "damage": "1D6", "blunt": True}


def duel(fight: Fight, variant: str = "raw", a: Any = None, b: Any = None, **options: Any) -> None:
    """``a`` strikes first at ``b`` (both Basic 1, tough, with the given sections)."""
    fight.new(variant, **options)
    fight.add("brawler", "a", pools=TOUGH, **(a or {}))
    fight.add("brawler", "b", pools=TOUGH, **(b or {}))
    fight.initiative(18, 2)


@pytest.mark.parametrize(
    ("face", "ties", "halved"), [(10, "match", True), (10, "beat", False), (9, "match", False)]
)
def test_PAL_DEF_ROLL_IMPACT_halves_a_blow_rolled_with(
    fight: Fight, face: int, ties: str, halved: bool
) -> None:
    duel(fight, roll_with_impact_ties=ties)
    fight.strike("a", "b", 12)  # total 12
    result = fight.defend("b", "roll", face, 4)  # + Basic's roll +2; then 1D4 = 4
    rolled = one(result.events, DefenseRolled)
    assert (rolled.kind, rolled.success) == ("roll", halved)
    assert one(result.events, DamageRolled).roll.total == (2 if halved else 4)
    assert [e.on for e in of(result.events, ApmSpent)] == ["roll with impact"]  # RAW: paid


def test_PAL_HR_DEF_ROLL_is_free_with_training(fight: Fight) -> None:
    duel(fight, "house")
    fight.strike("a", "b", 12)
    result = fight.defend("b", "roll", 3, 4)  # fails, and costs nothing to the trained
    assert not one(result.events, DefenseRolled).success
    assert not of(result.events, ApmSpent)
    assert one(result.events, DamageRolled).roll.total == 4


def test_PAL_DEF_ROLL_IMPACT_not_against_a_blade(fight: Fight) -> None:
    duel(fight, a={"weapons": [KNIFE, CLUB]})
    fight.strike("a", "b", 12, weapon="knife")
    head = fight.head()
    with pytest.raises(IllegalAction, match="not a blunt weapon"):
        fight.defend("b", "roll", 15)
    assert fight.head() == head
    fight.defend("b", "none", 2)
    fight.pass_("b")
    fight.strike("a", "b", 12, weapon="club")
    assert one(fight.defend("b", "roll", 15, 6).events, DamageRolled).roll.total == 3


def test_PAL_DEF_ROLL_SPECIAL_a_knockout_rolled_with_does_double_damage(fight: Fight) -> None:
    knockout = {"hand_to_hand": {"style": "basic", "level": 1, "knockout": 18}}
    duel(fight, a=knockout)
    fight.strike("a", "b", 18)
    result = fight.defend("b", "roll", 18, 3)
    landed = one(result.events, BlowLanded)
    assert "not dazed" in landed.note and landed.blow == "knockout"
    assert one(result.events, DamageRolled).roll.total == 6  # 3 x 2, not halved
    assert "dazed" not in [e.condition for e in of(result.events, ConditionChanged)]


def test_PAL_DEF_ROLL_SPECIAL_a_death_blow_rolled_with_takes_half_what_is_left(
    fight: Fight,
) -> None:
    death = {"hand_to_hand": {"style": "basic", "level": 1, "death_blow": 18}}
    duel(fight, a=death)
    fight.strike("a", "b", 19)
    result = fight.defend("b", "roll", 19)  # RAW: the only blow open is made one at once
    assert one(result.events, BlowLanded).blow == "death-blow"
    applied = one(result.events, DamageApplied)
    assert (applied.pool, applied.amount) == ("sdc", 150)  # half of 300 S.D.C.


@pytest.mark.parametrize(("face", "flips"), [(13, True), (12, False)])
def test_PAL_DEF_BACKFLIP_the_natural_die_must_beat_the_strike(
    fight: Fight, face: int, flips: bool
) -> None:
    flipper = {"hand_to_hand": {"style": "martial_arts", "level": 8}}
    duel(fight, b=flipper)
    fight.strike("a", "b", 12)
    result = fight.defend("b", "back-flip", face, *([] if flips else [4]))
    rolled = one(result.events, DefenseRolled)
    assert (rolled.kind, rolled.success) == ("back-flip", flips)
    assert all(m.op == "skip" for m in rolled.roll.modifiers if m.value > 0)  # no bonuses
    assert bool(of(result.events, DamageRolled)) is not flips


def test_PAL_HR_NO_BACKFLIP_refuses_it(fight: Fight) -> None:
    duel(fight, "house", b={"hand_to_hand": {"style": "martial_arts", "level": 8}})
    fight.strike("a", "b", 12)
    with pytest.raises(IllegalAction, match="PAL-HR-NO-BACKFLIP"):
        fight.defend("b", "back-flip", 15)


def test_PAL_DEF_BACKFLIP_needs_the_style(fight: Fight) -> None:
    duel(fight)
    fight.strike("a", "b", 12)
    with pytest.raises(IllegalAction, match="does not grant a back flip"):
        fight.defend("b", "back-flip", 15)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_DEF_PAIRED_parries_with_one_and_strikes_with_the_other(
    fight: Fight, variant: str
) -> None:
    twin = {"weapons": [KNIFE, {**CLUB, "name": "baton"}], "hand_to_hand": {
        "style": "basic", "level": 1, "paired_weapons": True}}  # fmt: skip
    duel(fight, variant, b=twin)
    if variant == "house":  # b needs an attack in hand: his pass-1 turn gives him one
        fight.pass_("a")
        fight.pass_("b")
    fight.strike("a", "b", 12)
    result = fight.defend("b", "paired", 14, 12, 5)  # parry 14; strike back 12; 1D6 = 5
    parry = one(result.events, DefenseRolled)
    assert (parry.kind, parry.success) == ("parry", True)
    back = [e for e in of(result.events, StrikeRolled) if e.actor == "b"]
    assert back and back[0].weapon == "baton" and back[0].hits
    assert one(result.events, DamageRolled).target == "a"
    assert [e.on for e in of(result.events, ApmSpent)] == ["paired strike"]


def test_PAL_DEF_PAIRED_needs_the_proficiency(fight: Fight) -> None:
    duel(fight, b={"weapons": [KNIFE, {**CLUB, "name": "baton"}]})
    fight.strike("a", "b", 12)
    with pytest.raises(IllegalAction, match=r"no W\.P\. Paired Weapons"):
        fight.defend("b", "paired", 14)


def test_PAL_DMG_DEATHBLOW_at_will_costs_two_attacks(fight: Fight) -> None:
    at_will = {"hand_to_hand": {"style": "basic", "level": 1, "death_blow_at_will": True}}
    duel(fight, "house", a=at_will)
    result = fight.declare(
        StrikeDeclared(actor="a", target="b", defend="none", death_blow=True), [12, 3]
    )
    assert sum(e.amount for e in of(result.events, ApmSpent)) == 2
    assert one(result.events, BlowLanded).blow == "death-blow"
    applied = one(result.events, DamageApplied)
    assert (applied.pool, applied.amount) == ("hp", 6)  # 3 x 2, straight off H.P.


def test_PAL_DMG_DEATHBLOW_at_will_needs_the_sheet(fight: Fight) -> None:
    duel(fight)
    with pytest.raises(IllegalAction, match="no death blow at will"):
        fight.declare(StrikeDeclared(actor="a", target="b", death_blow=True), [12, 3])


def test_PAL_DEF_PAIRED_a_simultaneous_answer_strikes_with_both(fight: Fight) -> None:
    twin = {"weapons": [KNIFE, {**CLUB, "name": "baton"}], "hand_to_hand": {
        "style": "basic", "level": 1, "paired_weapons": True}}  # fmt: skip
    duel(fight, b=twin)
    fight.strike("a", "b", 12)
    # b's two strikes (15, 14), a's punch (1D4 = 2), then b's knife (3) and baton (4)
    result = fight.defend("b", "simultaneous", 15, 14, 2, 3, 4)
    back = [e for e in of(result.events, StrikeRolled) if e.actor == "b"]
    assert [(e.weapon, e.hits) for e in back] == [("knife", True), ("baton", True)]
    assert [e.on for e in of(result.events, ApmSpent)] == ["simultaneous attack"]  # one attack
    assert [e.target for e in of(result.events, DamageRolled)] == ["b", "a", "a"]


def test_PAL_DMG_DEATHBLOW_at_will_is_not_pulled(fight: Fight) -> None:
    at_will = {"hand_to_hand": {"style": "basic", "level": 1, "death_blow_at_will": True}}
    duel(fight, a=at_will)
    with pytest.raises(UsageError, match="--pull and --death-blow"):
        fight.declare(StrikeDeclared(actor="a", target="b", death_blow=True, pull=2), [12])
