"""Knockouts and death blows with forced dice: PAL-DMG-KO and PAL-DMG-DEATHBLOW as written
(the blow is one as it lands), PAL-HR-KO and PAL-HR-DEATHBLOW (the striker is asked and pays
one more attack), PAL-COND-DAZED for the knockout's 1D4 rounds."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import ConditionChanged, ReactionRequested
from events.palladium import (
    ActivateDeclared,
    ApmSpent,
    BlowChoice,
    BlowLanded,
    DamageApplied,
    DamageRolled,
)

from .conftest import Fight, of, one

TOUGH = {"hp": 60, "sdc": 30}


def brawl(fight: Fight, style: str, level: int, variant: str = "raw", **b: object) -> None:
    fight.new(variant)
    fight.add("brawler", "a", hand_to_hand={"style": style, "level": level})
    fight.add("brawler", "b", pools=TOUGH, **b)
    fight.initiative(18, 2)


def activate(fight: Fight, choice: BlowChoice, *faces: int) -> list[object]:
    return list(fight.declare(ActivateDeclared(actor="a", choice=choice), faces).events)


def test_PAL_DMG_KO_as_written_a_natural_in_range_knocks_out_as_it_lands(fight: Fight) -> None:
    brawl(fight, "expert", 11)  # knockout on a natural 18-20
    result = fight.strike("a", "b", 18, 3, 2, defend="none")  # strike, 1D4 punch, 1D4 rounds
    landed = one(result.events, BlowLanded)
    assert (landed.blow, landed.rule, landed.roll and landed.roll.total) == (
        "knockout",
        "PAL-DMG-KO",
        2,
    )
    dazed = [e for e in of(result.events, ConditionChanged) if e.condition == "dazed"]
    assert [(e.combatant, e.rounds, e.rule) for e in dazed] == [("b", 2, "PAL-DMG-KO")]
    assert fight.who("b")["conditions"] == [{"name": "dazed", "rounds_left": 2}]
    # no extra attack as written: a pays for the strike only
    assert [e.on for e in of(result.events, ApmSpent) if e.combatant == "a"] == ["strike"]


def test_PAL_DMG_KO_a_natural_under_the_range_is_an_ordinary_blow(fight: Fight) -> None:
    brawl(fight, "expert", 11)
    result = fight.strike("a", "b", 17, 3, defend="none")
    assert of(result.events, BlowLanded) == []


def test_PAL_DMG_KO_a_parried_blow_knocks_nobody_out(fight: Fight) -> None:
    brawl(fight, "expert", 11)
    result = fight.strike("a", "b", 18, 20, defend="parry")
    assert of(result.events, BlowLanded) == []


def test_PAL_HR_KO_the_striker_is_asked_and_pays_one_more_attack(fight: Fight) -> None:
    brawl(fight, "expert", 11, variant="house")
    struck = fight.strike("a", "b", 18, defend="none")
    asked = one(struck.events, ReactionRequested)
    assert (asked.kind, asked.reactor, asked.actor) == ("activate", "a", "b")
    assert of(struck.events, DamageRolled) == []  # the damage waits for the answer
    assert fight.who("a")["apm_by_pass"][0] == 1
    events = activate(fight, "knockout", 3, 4)
    paid = [e for e in of(events, ApmSpent) if e.combatant == "a"]
    assert [(e.amount, e.on, e.rule) for e in paid] == [(1, "knockout", "PAL-HR-KO")]
    assert fight.who("a")["apm_by_pass"][0] == 0  # the extra attack came out of his pass
    assert one(events, BlowLanded).roll is not None
    assert fight.who("b")["conditions"] == [{"name": "dazed", "rounds_left": 4}]


def test_PAL_HR_KO_declining_costs_nothing(fight: Fight) -> None:
    brawl(fight, "expert", 11, variant="house")
    fight.strike("a", "b", 19, defend="none")
    left = fight.who("a")["apm_left"]
    events = activate(fight, "no", 3)
    assert [e for e in of(events, ApmSpent) if e.combatant == "a"] == []
    assert of(events, BlowLanded) == []
    assert one(events, DamageRolled).roll.total >= 3
    assert fight.who("a")["apm_left"] == left


def test_activate_refuses_a_blow_not_open_and_when_nothing_waits(fight: Fight) -> None:
    brawl(fight, "expert", 11, variant="house")
    head = fight.head()
    with pytest.raises(IllegalAction, match="no knockout or death-blow chance is waiting"):
        activate(fight, "knockout", 3, 2)
    fight.strike("a", "b", 18, defend="none")
    head = fight.head()
    with pytest.raises(IllegalAction, match="opens knockout, not death-blow"):
        activate(fight, "death-blow", 3)
    assert fight.head() == head


def test_PAL_DMG_DEATHBLOW_double_damage_straight_off_hit_points(fight: Fight) -> None:
    brawl(fight, "commando", 9)  # death blow on a natural 18-20
    result = fight.strike("a", "b", 18, 3, defend="none")
    dmg = one(result.events, DamageRolled)
    assert [(m.value, m.rule) for m in dmg.roll.modifiers if m.op == "mul"] == [
        (2, "PAL-DMG-DEATHBLOW")
    ]
    total = dmg.roll.total
    assert total == (3 + 2) * 2  # Commando L7 +2 damage, doubled
    assert [(e.pool, e.amount, e.rule) for e in of(result.events, DamageApplied)] == [
        ("hp", total, "PAL-DMG-DEATHBLOW, PAL-DMG-POOLS")
    ]
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (30, 60 - total)


def test_PAL_DMG_DEATHBLOW_does_not_work_through_armor(fight: Fight) -> None:
    armor = {"name": "padded jacket", "sdc": 20, "ar": 9}
    brawl(fight, "commando", 9, armor=armor)
    result = fight.strike("a", "b", 18, 3, defend="none")
    assert "through armor" in one(result.events, BlowLanded).note
    dmg = one(result.events, DamageRolled)
    assert [m for m in dmg.roll.modifiers if m.op == "mul"] == []


def test_PAL_DMG_KO_and_DEATHBLOW_both_open_the_striker_chooses(fight: Fight) -> None:
    """Martial Arts level 15: knockout 18-20 and death blow on a natural 20; even as written
    the striker is asked which, and the answer costs nothing."""
    brawl(fight, "martial_arts", 15)
    struck = fight.strike("a", "b", 20, defend="none")
    assert one(struck.events, ReactionRequested).kind == "activate"
    events = activate(fight, "death-blow", 3)
    assert [e for e in of(events, ApmSpent) if e.combatant == "a"] == []
    assert one(events, BlowLanded).blow == "death-blow"


@pytest.mark.parametrize(
    ("choice", "critical", "dazed"), [("knockout", False, True), ("no", True, False)]
)
def test_PAL_DMG_CRIT_BEHIND_from_behind_a_critical_or_a_knockout(
    fight: Fight, choice: str, critical: bool, dazed: bool
) -> None:
    fight.new("raw")
    fight.add("brawler", "a", hand_to_hand={"style": "basic", "level": 13})
    fight.add("brawler", "b", pools={"hp": 300, "sdc": 300})
    fight.initiative(18, 2)
    asked = fight.strike("a", "b", 10, from_behind=True)
    pending = fight.status()["pending"]
    assert pending is not None and pending["kind"] == "activate"
    assert not of(asked.events, DamageRolled)
    faces = (3, 2) if dazed else (3,)
    result = fight.declare(ActivateDeclared(actor="a", choice=choice), faces)  # type: ignore[arg-type]
    dmg = one(result.events, DamageRolled)
    assert any(m.rule == "PAL-DMG-CRIT-BEHIND" or m.name == "critical strike"
               for m in dmg.roll.modifiers) is critical  # fmt: skip
    assert ("dazed" in [k["name"] for k in fight.who("b")["conditions"]]) is dazed


@pytest.mark.parametrize(("variant", "knocked_out"), [("raw", True), ("house", False)])
def test_PAL_DEF_SIMULTANEOUS_a_knockout_in_the_exchange_only_when_it_makes_itself(
    fight: Fight, variant: str, knocked_out: bool
) -> None:
    """Nobody can be asked mid-exchange: as written the knockout lands by itself; under the
    house rules (it must be paid for on being asked) it is an ordinary blow."""
    brawl(fight, "expert", 11, variant)
    if variant == "house":  # b needs an attack in hand to strike back: his pass-1 turn
        fight.pass_("a")
        fight.pass_("b")
    fight.strike("a", "b", 18)
    # b strikes back (10); a's punch 3, the knockout's 1D4 = 2 (as written); b's punch 1
    faces = (10, 3, 2, 1) if knocked_out else (10, 3, 1)
    result = fight.defend("b", "simultaneous", *faces)
    assert bool(of(result.events, BlowLanded)) is knocked_out
    names = [k["name"] for k in fight.who("b")["conditions"]]
    assert ("dazed" in names) is knocked_out
    assert len(of(result.events, DamageRolled)) == 2


@pytest.mark.parametrize("rounds", [1, 2])
def test_PAL_COND_DAZED_a_knockouts_rounds_and_the_attacks_counted_agree(
    fight: Fight, rounds: int
) -> None:
    """Issue 23: a RAW knockout in round 1 dazes for 1D4 rounds, round 1 the first. For 1,
    round 2 is counted without it (``status`` shows no daze and all his attacks); for 2,
    ``status`` shows it all of round 2 and he has one attack in it."""
    brawl(fight, "expert", 11)  # b: brawler, 4 attacks
    fight.strike("a", "b", 18, 3, rounds, defend="none")  # knockout; 1D4 = rounds
    assert fight.who("b")["conditions"] == [{"name": "dazed", "rounds_left": rounds}]
    while fight.status()["acting"] is not None:
        fight.pass_()
    fight.initiative(18, 2)
    b = fight.who("b")
    if rounds == 1:
        assert (b["conditions"], b["apm_left"]) == ([], 4)
    else:
        assert (b["conditions"], b["apm_left"]) == ([{"name": "dazed", "rounds_left": 1}], 1)
        fight.pass_()  # a's turn; b's comes
        assert fight.who("b")["conditions"] == [{"name": "dazed", "rounds_left": 1}]
