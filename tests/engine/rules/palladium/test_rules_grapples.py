"""Grapples and holds, entanglements, disarms and body blocks with forced dice:
PAL-COND-HELD (holds, escape, letting go), PAL-DEF-ENTANGLE / PAL-COND-ENTANGLED (the
defence, its upkeep, pulling free), PAL-DEF-DISARM / PAL-HR-DEF-DISARM (as an attack and in
place of a parry), PAL-DMG-BODYBLOCK / PAL-HR-DMG-BODYBLOCK / PAL-DEF-BODYBLOCK."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.core import ConditionChanged, PassDeclared
from events.palladium import (
    ApmSpent,
    BalanceRolled,
    BodyBlockDeclared,
    ContestRolled,
    DamageRolled,
    DefenseDeclined,
    DefenseRolled,
    DisarmDeclared,
    Entangled,
    EscapeDeclared,
    FreeDeclared,
    GrappleDeclared,
    HoldReleased,
    HoldTaken,
    PickUpDeclared,
    ReleaseHoldDeclared,
    WeaponDropped,
)

from .conftest import Fight, of, one

TOUGH = {"hp": 300, "sdc": 300}
MA7 = {"style": "martial_arts", "level": 7}  # holds from Martial Arts level 7
KNIFE = [{"name": "knife", "kind": "melee", "damage": "1D6"}]


def holds_fight(fight: Fight, variant: str = "raw", **options: Any) -> None:
    """``a`` (Martial Arts 7, P.P. 14, hold +2) first, ``b`` (Basic, P.P. 10), ``c`` last."""
    fight.new(variant, **options)
    fight.add("brawler", "a", hand_to_hand=MA7, attributes={"pp": 14, "pe": 9}, bonuses={"hold": 2})
    fight.add("brawler", "b", pools=TOUGH)
    fight.add("brawler", "c", pools=TOUGH)
    fight.initiative(18, 10, 2)


def grab(fight: Fight, hold: str = "arm") -> None:
    fight.declare(GrappleDeclared(actor="a", target="b", hold=hold, defend="none"), [15])  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_COND_HELD_a_hold_that_lands_holds_both(fight: Fight, variant: str) -> None:
    holds_fight(fight, variant)
    result = fight.declare(GrappleDeclared(actor="a", target="b", hold="leg", defend="none"), [15])
    taken = one(result.events, HoldTaken)
    assert (taken.holder, taken.victim, taken.hold) == ("a", "b", "leg")
    assert not of(result.events, DamageRolled)  # holds do no damage
    assert fight.who("b")["holds"] == [{"holder": "a", "victim": "b", "hold": "leg"}]
    assert fight.who("a")["holds"] == [{"holder": "a", "victim": "b", "hold": "leg"}]
    assert "held" in [k["name"] for k in fight.who("b")["conditions"]]
    assert "holding" in [k["name"] for k in fight.who("a")["conditions"]]


def test_PAL_COND_HELD_the_strike_adds_hold_bonuses(fight: Fight) -> None:
    holds_fight(fight)
    result = fight.declare(GrappleDeclared(actor="a", target="b", hold="arm", defend="none"), [3])
    strike = result.events[1:]
    rolled = next(e for e in strike if hasattr(e, "roll") and e.roll.purpose == "strike")  # type: ignore[attr-defined]
    names = [(m.name, m.value) for m in rolled.roll.modifiers]  # type: ignore[attr-defined]
    assert ("sheet bonus", 2) in names  # the sheet's hold bonus
    assert rolled.roll.total == 3 + sum(v for _, v in names)  # type: ignore[attr-defined]


def test_PAL_COND_HELD_only_a_style_that_grants_holds_may_hold(fight: Fight) -> None:
    fight.new("raw")
    fight.add("brawler", "a", hand_to_hand={"style": "martial_arts", "level": 6})
    fight.add("brawler", "b")
    fight.initiative(18, 2)
    head = fight.head()
    with pytest.raises(IllegalAction, match="does not grant holds"):
        fight.declare(GrappleDeclared(actor="a", target="b", hold="arm"), [15])
    assert fight.head() == head


def test_PAL_COND_HELD_neither_side_attacks_and_others_strike_the_victim_unopposed(
    fight: Fight,
) -> None:
    holds_fight(fight)
    grab(fight)
    with pytest.raises(IllegalAction, match="is held and cannot attack"):
        fight.strike("b", "a", 15)
    fight.pass_("b")
    third = fight.strike("c", "b", 12, 3)
    declined = one(third.events, DefenseDeclined)
    assert "held and cannot defend (PAL-COND-HELD)" in declined.reason
    assert one(third.events, DamageRolled).roll.total >= 3
    with pytest.raises(IllegalAction, match="holding someone and cannot attack"):
        fight.strike("a", "c", 15)


@pytest.mark.parametrize(
    ("mine", "theirs", "ties", "breaks"),
    [
        (18, 3, "holder", True),  # 18 + 10 = 28 against 3 + 14 + 2 = 19
        (5, 3, "holder", False),  # 15 against 19
        (11, 5, "holder", False),  # 21 against 21: the tie keeps the hold
        (11, 5, "victim", True),  # ... or breaks it, under the option
    ],
)
def test_PAL_COND_HELD_escape_is_pp_against_pp_and_hold_bonuses(
    fight: Fight, mine: int, theirs: int, ties: str, breaks: bool
) -> None:
    holds_fight(fight, hold_escape_ties=ties)
    grab(fight)
    result = fight.declare(EscapeDeclared(actor="b"), [mine, theirs])
    contest = one(result.events, ContestRolled)
    assert contest.roll.total == mine + 10
    assert contest.opposed is not None and contest.opposed.total == theirs + 14 + 2
    assert contest.success is breaks
    assert bool(of(result.events, HoldReleased)) is breaks
    assert one(result.events, ApmSpent).amount == 1
    assert (fight.who("b")["holds"] == []) is breaks


def test_PAL_COND_HELD_the_victims_escape_bonus_counts(fight: Fight) -> None:
    fight.new("raw")
    fight.add("brawler", "a", hand_to_hand=MA7, attributes={"pp": 14, "pe": 9}, bonuses={"hold": 2})
    fight.add("brawler", "b", pools=TOUGH, bonuses={"escape": 3})
    fight.initiative(18, 10)
    grab(fight)
    result = fight.declare(EscapeDeclared(actor="b"), [8, 5])  # 8 + 10 + 3 = 21 vs 21
    contest = one(result.events, ContestRolled)
    assert contest.roll.total == 21 and not contest.success  # the tie keeps the hold


def test_PAL_COND_HELD_release_hold_lets_go_for_nothing(fight: Fight) -> None:
    holds_fight(fight)
    grab(fight)
    fight.pass_("b")
    fight.pass_("c")
    result = fight.declare(ReleaseHoldDeclared(actor="a"), [])
    assert one(result.events, HoldReleased).reason == "Brawler let go"
    assert not of(result.events, ApmSpent)
    assert fight.who("a")["holds"] == [] and fight.who("b")["holds"] == []
    with pytest.raises(IllegalAction, match="holds and entangles nobody"):
        fight.declare(ReleaseHoldDeclared(actor="a"), [])


def test_PAL_COND_HELD_a_hold_ends_when_the_holder_is_down(fight: Fight) -> None:
    holds_fight(fight)
    grab(fight)
    fight.ruling("a", condition="unconscious", rounds=2)
    result = fight.pass_("b")
    assert one(result.events, HoldReleased).reason == "Brawler is down"
    assert fight.who("b")["holds"] == []


def entangle_fight(fight: Fight, variant: str = "raw", **options: Any) -> None:
    """``b`` (Martial Arts 5: entangle +2) answers ``a``'s strikes."""
    fight.new(variant, **options)
    fight.add("brawler", "a", pools=TOUGH)
    fight.add("brawler", "b", pools=TOUGH, hand_to_hand={"style": "martial_arts", "level": 5})
    fight.initiative(18, 2)


@pytest.mark.parametrize(
    ("face", "ties", "caught"),
    [(16, "defender", True), (15, "defender", True), (15, "striker", False), (9, "striker", False)],
)
def test_PAL_DEF_ENTANGLE_pins_the_attacker_on_a_roll_over_the_strike(
    fight: Fight, face: int, ties: str, caught: bool
) -> None:
    entangle_fight(fight, entangle_ties=ties)
    fight.strike("a", "b", 15)  # total 15
    bonus = 2
    result = fight.defend("b", "entangle", face - bonus, *([1] if not caught else []))
    rolled = one(result.events, DefenseRolled)
    assert (rolled.kind, rolled.roll.total, rolled.success) == ("entangle", face, caught)
    assert one(result.events, ApmSpent).on == "entangle"
    assert bool(of(result.events, Entangled)) is caught
    assert (fight.who("a")["entangled"] is not None) is caught


def test_PAL_COND_ENTANGLED_no_strike_no_parry_and_free_is_a_dodge(fight: Fight) -> None:
    entangle_fight(fight)
    fight.strike("a", "b", 15)
    fight.defend("b", "entangle", 14)  # 16 > 15
    assert fight.who("a")["entangled"] == {"by": "b", "total": 16}
    fight.pass_("b")
    with pytest.raises(IllegalAction, match="entangled and cannot attack"):
        fight.strike("a", "b", 15)
    result = fight.declare(FreeDeclared(actor="a"), [16])  # Basic dodge +0: 16 ties 16
    contest = one(result.events, ContestRolled)
    assert contest.success  # the dodge wins ties
    assert fight.who("a")["entangled"] is None


def test_PAL_COND_ENTANGLED_is_kept_each_round_for_an_attack_and_a_new_roll(
    fight: Fight,
) -> None:
    entangle_fight(fight)
    fight.strike("a", "b", 15)
    fight.defend("b", "entangle", 14)
    for _ in range(20):  # to the end of the round
        if fight.status()["acting"] is None:
            break
        fight.declare(PassDeclared(), [])
    fight.initiative(18, 2)
    result = fight.pass_("a", 11)  # b's first turn of round 2: he keeps it
    kept = one(result.events, Entangled)
    assert kept.roll is not None and kept.total == 11 + 2
    spent = [e for e in of(result.events, ApmSpent) if e.combatant == "b"]
    assert [(e.on, e.amount) for e in spent] == [("keep the entanglement", 1)]
    assert fight.who("a")["entangled"] == {"by": "b", "total": 13}


def disarm_fight(fight: Fight, variant: str = "raw", **options: Any) -> None:
    """``a`` (Expert 5: disarm +1 from level... the sheet's +3) and ``b`` with a knife."""
    fight.new(variant, **options)
    fight.add("brawler", "a", pools=TOUGH, bonuses={"disarm": 3}, weapons=KNIFE)
    fight.add("brawler", "b", pools=TOUGH, weapons=KNIFE)
    fight.initiative(18, 2)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_DEF_DISARM_as_an_attack_knocks_the_weapon_away(fight: Fight, variant: str) -> None:
    disarm_fight(fight, variant)
    result = fight.declare(DisarmDeclared(actor="a", target="b", defend="none"), [4])
    dropped = one(result.events, WeaponDropped)
    assert (dropped.target, dropped.weapon) == ("b", "knife")
    assert not of(result.events, DamageRolled)
    assert fight.who("b")["dropped"] == ["knife"]
    fight.pass_("a") if variant == "house" else None
    with pytest.raises(IllegalAction, match="lies on the ground"):
        fight.strike("b", "a", 15, weapon="knife")
    picked = fight.declare(PickUpDeclared(actor="b"), [])
    assert [e.condition for e in of(picked.events, ConditionChanged)] == ["disarmed"]
    assert fight.who("b")["dropped"] == []


@pytest.mark.parametrize(("face", "disarms"), [(19, True), (18, False)])
def test_PAL_DEF_DISARM_in_place_of_a_parry_works_on_a_natural_19(
    fight: Fight, face: int, disarms: bool
) -> None:
    disarm_fight(fight)
    fight.pass_("a")
    fight.strike("b", "a", 5, weapon="knife")  # total 5
    result = fight.defend("a", "disarm", face, *([] if disarms else [2]))
    assert one(result.events, DefenseRolled).success is disarms
    assert bool(of(result.events, WeaponDropped)) is disarms
    assert bool(of(result.events, DamageRolled)) is not disarms  # RAW: else the blow lands


def test_PAL_HR_DEF_DISARM_as_a_parry_needs_only_the_strike_total(fight: Fight) -> None:
    disarm_fight(fight, "house")
    fight.pass_("a")
    fight.strike("b", "a", 9, weapon="knife")  # total 9
    result = fight.defend("a", "disarm", 6)  # 6 + 3 = 9: ties go to the defender
    rolled = one(result.events, DefenseRolled)
    assert rolled.success and rolled.roll.total == 9
    assert one(result.events, WeaponDropped).rule == "PAL-HR-DEF-DISARM"
    assert not of(result.events, ApmSpent)  # trained: like a parry, free


@pytest.mark.parametrize(("variant", "cost", "damage"), [("raw", 2, True), ("house", 1, False)])
def test_PAL_DMG_BODYBLOCK_cost_damage_and_knockdown(
    fight: Fight, variant: str, cost: int, damage: bool
) -> None:
    fight.new(variant)
    fight.add("brawler", "a", pools=TOUGH, attributes={"ps": 30, "pe": 9})
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 2)
    declare = BodyBlockDeclared(actor="a", target="b", defend="none")
    if variant == "raw":
        fight.declare(declare, [])  # the first of two attacks
        result = fight.pass_("b", 15, 3, 60)  # a's next turn: it lands
    else:
        result = fight.declare(declare, [15, 40])
    assert sum(e.amount for e in of(fight.events(), ApmSpent) if e.on == "body_block") == cost
    assert bool(of(result.events, DamageRolled)) is damage
    balance = one(result.events, BalanceRolled)
    # RAW: P.S. 30 makes the chance 60 %, and 60 does not exceed it; house: 50 + 2 x 20 = 90
    assert balance.chance == (60 if variant == "raw" else 90)
    assert balance.fell
    assert "knocked down" in [k["name"] for k in fight.who("b")["conditions"]]


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_DEF_BODYBLOCK_is_dodged_never_parried_now_or_when_asked(
    fight: Fight, variant: str
) -> None:
    fight.new(variant)
    fight.add("brawler", "a")
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 2)
    with pytest.raises(IllegalAction, match=r"a body block cannot be answered with parry"):
        fight.declare(BodyBlockDeclared(actor="a", target="b", defend="parry"), [15])
    with pytest.raises(IllegalAction, match="cannot be answered with entangle"):
        fight.declare(BodyBlockDeclared(actor="a", target="b", defend="entangle"), [15])
    if variant == "raw":  # two attacks: it lands on a's next turn and waits for b's answer
        fight.declare(BodyBlockDeclared(actor="a", target="b"), [])
        fight.pass_("b", 15)
    else:  # one attack: it waits for b's answer at once
        fight.declare(BodyBlockDeclared(actor="a", target="b"), [15])
    pending = fight.status()["pending"]
    assert pending is not None and pending["detail"]["purpose"] == "body-block"
    head = fight.head()
    with pytest.raises(IllegalAction, match="answer dodge, none, roll, back-flip"):
        fight.defend("b", "parry", 20)
    assert fight.head() == head


@pytest.mark.parametrize("purpose", ["grapple", "disarm"])
def test_PAL_DEF_ROLL_IMPACT_nothing_to_roll_with_in_a_hold_or_a_disarm(
    fight: Fight, purpose: str
) -> None:
    if purpose == "grapple":
        holds_fight(fight)
    else:
        disarm_fight(fight)
    declared = (
        GrappleDeclared(actor="a", target="b", hold="arm", defend="roll")
        if purpose == "grapple"
        else DisarmDeclared(actor="a", target="b", defend="roll")
    )
    with pytest.raises(IllegalAction, match="cannot be answered with roll"):
        fight.declare(declared, [12, 18])


def test_PAL_COND_HELD_a_ruling_ends_a_hold_on_both_sides_but_cannot_give_one(
    fight: Fight,
) -> None:
    holds_fight(fight)
    with pytest.raises(IllegalAction, match="use `fracas grapple`"):
        fight.ruling("b", condition="held")
    grab(fight)
    result = fight.ruling("b", end_condition="held", text="the floor gives way")
    assert one(result.events, HoldReleased).reason == "the GM ends it"
    ended = [(e.combatant, e.condition) for e in of(result.events, ConditionChanged)]
    assert sorted(ended) == [("a", "holding"), ("b", "held")]  # each once
    assert fight.who("a")["holds"] == [] and fight.who("b")["holds"] == []


def test_PAL_COND_HELD_a_held_fighter_cannot_pick_up_his_weapon(fight: Fight) -> None:
    fight.new("raw")
    fight.add("brawler", "a", hand_to_hand=MA7, pools=TOUGH)
    fight.add("brawler", "b", pools=TOUGH, weapons=KNIFE)
    fight.add("brawler", "c", pools=TOUGH)
    fight.initiative(18, 10, 2)
    grab(fight)
    fight.pass_("b")
    fight.declare(DisarmDeclared(actor="c", target="b", defend="none"), [10])
    fight.pass_("a")
    with pytest.raises(IllegalAction, match="is held and cannot pick anything up"):
        fight.declare(PickUpDeclared(actor="b"), [])
