"""Conditions with real clocks and their effects, with forced dice: a condition for N rounds
holds through the end of its Nth round, the round running counting as the first
(engine/turns.py: for_rounds); PAL-COND-DAZED, PAL-COND-STUN-IMPACT, PAL-COND-KO-FALL,
PAL-COND-BLIND and PAL-DMG-COMA-DEATH as the engine applies them; ``status`` shows each
condition with its rounds left, and no attacks for one who cannot act."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.core import ConditionChanged
from events.palladium import (
    ApmSpent,
    DefenseDeclined,
    DefenseRolled,
    InitiativeRolled,
    StrikeRolled,
)

from .conftest import Fight, not_applied, of, one


def conditions(fight: Fight, cid: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = fight.who(cid)["conditions"]
    return found


def finish_round(fight: Fight) -> None:
    while fight.status()["acting"] is not None:
        fight.pass_()


def test_a_condition_lasts_through_its_last_round_and_ends_as_that_round_ends(
    fight: Fight,
) -> None:
    """Given at the third turn of round 1 for 2 rounds: it holds through round 2 and ends as
    round 2's last turn is over, in that ply, so round 3 is counted without it; ``status``
    counts its rounds from the round running."""
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)  # turn 1: a
    fight.strike("a", "b", 1)  # turn 2: b
    fight.strike("b", "a", 1)  # turn 3: a
    fight.ruling("b", condition="winded", rounds=2)
    assert conditions(fight, "b") == [{"name": "winded", "rounds_left": 2}]
    finish_round(fight)
    assert conditions(fight, "b") == [{"name": "winded", "rounds_left": 1}]  # round 2 to come
    fight.initiative(15, 5)  # round 2
    assert conditions(fight, "b") == [{"name": "winded", "rounds_left": 1}]
    while fight.status()["acting"] is not None:
        last = fight.pass_()
    ended = [(e.combatant, e.condition, e.present) for e in of(last.events, ConditionChanged)]
    assert ended == [("b", "winded", False)]  # as round 2's last turn ends
    assert conditions(fight, "b") == []
    rolled = fight.initiative(15, 5)
    assert of(rolled.events, ConditionChanged) == []


def test_a_condition_given_before_any_round_counts_from_the_first(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.ruling("b", condition="winded", rounds=1)  # before the first round
    assert conditions(fight, "b") == [{"name": "winded", "rounds_left": 1}]
    fight.initiative(15, 5)
    assert conditions(fight, "b") == [{"name": "winded", "rounds_left": 1}]
    finish_round(fight)
    assert conditions(fight, "b") == []


def test_a_condition_given_between_rounds_counts_from_the_next(fight: Fight) -> None:
    """Once every turn of round 1 is over, the next round is the first of a condition given:
    stunned for 1 round then keeps him out of round 2, and round 3 counts him again."""
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    finish_round(fight)
    fight.ruling("b", condition="stunned", rounds=1, rule="PAL-COND-STUN-IMPACT")
    assert conditions(fight, "b") == [{"name": "stunned", "rounds_left": 1}]
    rolled = fight.initiative(15)
    assert [e.combatant for e in of(rolled.events, InitiativeRolled)] == ["a"]
    assert (fight.status()["order"], fight.who("b")["apm_left"]) == (["a"], 0)
    finish_round(fight)
    assert conditions(fight, "b") == []
    fight.initiative(15, 5)
    assert fight.status()["order"] == ["a", "b"]
    assert fight.who("b")["apm_left"] == 4


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_COND_STUN_IMPACT_a_stun_for_one_round_is_over_when_the_next_round_is_counted(
    fight: Fight, variant: str
) -> None:
    """Issue 23: stunned for 1 round in round 1; as round 2 begins ``status`` shows no stun,
    and he is in round 2's order with his attacks, and strikes on his turn (he was left out
    of the order and refused as "joined after initiative" while ``status`` said nothing)."""
    fight.new(variant)
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    fight.ruling("b", condition="stunned", rounds=1, rule="PAL-COND-STUN-IMPACT")
    assert fight.status()["order"] == ["a"]  # out of action: out of the order at once
    finish_round(fight)
    assert conditions(fight, "b") == []
    fight.initiative(5, 15)  # b first
    status = fight.status()
    assert (status["order"], status["acting"]) == (["b", "a"], "b")
    assert fight.who("b")["apm_left"] == (4 if variant == "raw" else 2)
    struck = one(fight.strike("b", "a", 3).events, StrikeRolled)
    assert (struck.actor, struck.natural) == ("b", 3)


def test_PAL_COND_DAZED_a_knockouts_daze_holds_every_round_status_lists_it(fight: Fight) -> None:
    """PAL-COND-DAZED for 1 round given in round 1: one attack while it lasts; round 2 is
    counted without it (4 attacks) and ``status`` shows none; for 2 rounds: one attack in
    round 2 too, with ``status`` showing it all round."""
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    fight.ruling("b", condition="dazed", rounds=2, rule="PAL-DMG-KO")
    assert fight.who("b")["apm_left"] == 1
    finish_round(fight)
    fight.initiative(15, 5)
    assert conditions(fight, "b") == [{"name": "dazed", "rounds_left": 1}]
    assert fight.who("b")["apm_left"] == 1
    fight.strike("a", "b", 1)
    assert conditions(fight, "b") == [{"name": "dazed", "rounds_left": 1}]  # all round
    finish_round(fight)
    fight.initiative(15, 5)
    assert (conditions(fight, "b"), fight.who("b")["apm_left"]) == ([], 4)


def test_PAL_COND_DAZED_one_attack_and_no_combat_bonuses(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("expert", "x")  # 5 attacks, +3 strike in all
    fight.initiative(15, 1)
    given = fight.ruling("x", condition="dazed", rounds=2, rule="PAL-DMG-KO")
    lost = [e for e in of(given.events, ApmSpent) if e.combatant == "x"]
    assert [(e.amount, e.rule) for e in lost] == [(4, "PAL-COND-DAZED")]
    assert fight.who("x")["apm_left"] == 1
    fight.strike("a", "x", 1)
    struck = one(fight.strike("x", "a", 10, 2, defend="none").events, StrikeRolled)
    assert [m for m in struck.roll.modifiers if m.op == "add"] == []
    assert not_applied(struck.roll.modifiers) == [
        ("hand_to_hand", 2, "PAL-COND-DAZED"),
        ("sheet", 1, "PAL-COND-DAZED"),
    ]
    assert struck.roll.total == 10
    while fight.status()["acting"] is not None:
        fight.pass_()
    fight.initiative(15, 1)
    assert fight.who("x")["apm_left"] == 1  # still dazed: one attack this round


@pytest.mark.parametrize("condition", ["unconscious", "stunned"])
def test_out_of_action_no_turns_and_no_attacks(fight: Fight, condition: str) -> None:
    """PAL-COND-KO-FALL (unconscious) and PAL-COND-STUN-IMPACT (stunned: no attacks)."""
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.add("brawler", "c")
    fight.initiative(15, 10, 5)
    fight.ruling("b", condition=condition, rounds=3)
    assert fight.who("b")["apm_left"] == 0
    fight.strike("a", "c", 1)  # b is skipped: c's turn
    assert fight.status()["acting"] == "c"
    with pytest.raises(IllegalAction, match=f"is {condition} and cannot act"):
        fight.strike("b", "a", 12)
    while fight.status()["acting"] is not None:
        fight.pass_()
    rolled = fight.initiative(15, 5)  # b rolls no initiative
    assert [e.combatant for e in of(rolled.events, InitiativeRolled)] == ["a", "c"]
    assert "b" not in fight.status()["order"]


def test_PAL_COND_KO_FALL_the_unconscious_cannot_defend(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    fight.ruling("b", condition="unconscious", rounds=2)
    result = fight.strike("a", "b", 12, 3, defend="parry")
    assert "PAL-COND-KO-FALL" in one(result.events, DefenseDeclined).reason


def test_PAL_COND_STUN_IMPACT_the_stunned_defends_at_minus_9(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    fight.ruling("b", condition="stunned", rounds=2)
    result = fight.strike("a", "b", 12, 20, defend="dodge")
    dodge = one(result.events, DefenseRolled)
    assert [(m.value, m.rule) for m in dodge.roll.modifiers if m.source == "condition"] == [
        (-9, "PAL-COND-STUN-IMPACT")
    ]


def test_PAL_COND_BLIND_no_bonuses_and_minus_10(fight: Fight) -> None:
    fight.new()
    fight.add("expert", "x")
    fight.add("brawler", "b")
    fight.initiative(15, 1)
    fight.ruling("x", condition="blind")
    struck = one(fight.strike("x", "b", 18).events, StrikeRolled)
    assert [(m.value, m.rule) for m in struck.roll.modifiers if m.op == "add"] == [
        (-10, "PAL-COND-BLIND")
    ]
    assert struck.roll.total == 8
    assert conditions(fight, "x") == [{"name": "blind", "rounds_left": None}]


def test_PAL_DMG_COMA_DEATH_the_dead_and_the_comatose_have_no_attacks(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")  # 10 S.D.C., 20 H.P., P.E. 9
    fight.initiative(15, 5)
    fight.ruling("b", damage=30)  # H.P. 0: coma
    assert (fight.who("b")["apm_left"], conditions(fight, "b")) == (
        0,
        [{"name": "coma", "rounds_left": 9 * 240}],  # P.E. hours (PAL-DMG-COMA-TIME)
    )
    fight.ruling("b", damage=20)  # below -P.E.: dead
    assert fight.who("b")["apm_left"] == 0
    assert "dead" in [k["name"] for k in conditions(fight, "b")]


@pytest.mark.parametrize(("lose", "left", "owed"), [(3, 1, 0), (5, 0, 1)])
def test_PAL_COND_DAZED_with_lost_attacks_in_one_ruling_takes_each_attack_once(
    fight: Fight, lose: int, left: int, owed: int
) -> None:
    """The cap counts what the ruling's other effects already took (found by the machine:
    an attack taken twice left -1 in hand)."""
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")  # 4 attacks
    fight.initiative(15, 5)
    fight.ruling("b", lose_attacks=lose, condition="dazed", rounds=2)
    assert (fight.who("b")["apm_left"], fight.who("b")["apm_owed"]) == (left, owed)
