"""PAL-ROUND-SEQUENCE, PAL-ROUND-EXTRA-APM, PAL-ROUND-END, PAL-APM-H2H, PAL-APM-UNTRAINED."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import TurnPassed
from events.palladium import FighterReadied

from .conftest import Fight, of


def acting(fight: Fight) -> str | None:
    value = fight.status()["acting"]
    assert value is None or isinstance(value, str)
    return value


def test_PAL_ROUND_SEQUENCE_one_on_one_alternates_one_attack_each(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    seen = []
    for _ in range(4):
        who = acting(fight)
        assert who is not None
        seen.append(who)
        fight.spend(who, "b" if who == "a" else "a")
    assert seen == ["a", "b", "a", "b"]
    assert fight.who("a")["apm_left"] == 2
    assert fight.who("b")["apm_left"] == 2


def test_PAL_ROUND_SEQUENCE_EXTRA_APM_END_cycle_skips_the_spent(fight: Fight) -> None:
    """Three fighters: one attack each in initiative order, the spent are skipped, the one
    with more attacks keeps going alone (PAL-ROUND-EXTRA-APM), then nobody acts
    (PAL-ROUND-END)."""
    fight.new()
    fight.add("brawler", "a")  # 4 attacks
    fight.add("civilian", "b")  # 1 attack
    fight.add("civilian", "c")  # 1 attack
    fight.initiative(18, 10, 3)  # civilians +1: a 18, b 11, c 4
    assert fight.status()["order"] == ["a", "b", "c"]
    turns = []
    while (who := acting(fight)) is not None:
        turns.append(who)
        fight.spend(who, "a" if who != "a" else "b")
    assert turns == ["a", "b", "c", "a", "a", "a"]
    assert [fight.who(c)["apm_left"] for c in ("a", "b", "c")] == [0, 0, 0]
    assert of(fight.events(), TurnPassed)[-1].to is None


def test_PAL_ROUND_SEQUENCE_acting_out_of_turn_is_refused_and_nothing_written(
    fight: Fight,
) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"it is Brawler's turn \(a\).*PAL-ROUND-SEQUENCE"):
        fight.strike("b", "a", 12)
    assert fight.head() == head
    assert fight.who("b")["apm_left"] == 4


def test_PAL_ROUND_SEQUENCE_no_strike_before_initiative(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    with pytest.raises(IllegalAction, match="initiative"):
        fight.strike("a", "b", 12)


def test_PAL_ROUND_END_no_strike_once_every_attack_is_spent(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "a")
    fight.add("civilian", "b")
    fight.initiative(15, 5)
    fight.spend("a", "b")
    fight.spend("b", "a")
    assert acting(fight) is None
    head = fight.head()
    with pytest.raises(IllegalAction, match="PAL-ROUND-END"):
        fight.strike("a", "b", 12)
    assert fight.head() == head


def test_PAL_ROUND_SEQUENCE_combatant_added_mid_round_acts_from_the_next(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "a")
    fight.add("civilian", "b")
    fight.initiative(15, 5)
    fight.add("brawler", "late")
    assert fight.status()["order"] == ["a", "b"]
    fight.spend("a", "b")
    fight.spend("b", "a")
    assert acting(fight) is None
    fight.initiative(3, 2, 20)
    assert fight.status()["order"] == ["late", "a", "b"]


@pytest.mark.parametrize(
    ("style", "level", "apm"),
    [
        ("basic", 1, 4),
        ("basic", 4, 5),
        ("basic", 9, 6),
        ("basic", 15, 7),
        ("expert", 14, 7),
        ("martial_arts", 9, 6),
        ("assassin", 1, 3),
        ("assassin", 2, 5),
        ("assassin", 13, 8),
        ("commando", 8, 6),
        ("commando", 13, 7),
    ],
)
def test_PAL_APM_H2H_attacks_per_melee_from_style_and_level(
    fight: Fight, style: str, level: int, apm: int
) -> None:
    fight.new()
    fight.add("brawler", "a", hand_to_hand={"style": style, "level": level})
    assert (fight.who("a")["apm_total"], fight.who("a")["apm_left"]) == (apm, apm)


@pytest.mark.parametrize(("level", "apm"), [(1, 1), (2, 1), (3, 2), (8, 2), (9, 3), (15, 3)])
def test_PAL_APM_UNTRAINED_one_attack_plus_one_at_levels_3_and_9(
    fight: Fight, level: int, apm: int
) -> None:
    fight.new()
    fight.add("brawler", "a", hand_to_hand={"style": "none", "level": level})
    assert fight.who("a")["apm_total"] == apm


def test_PAL_APM_H2H_sheet_extra_attacks_add_to_the_style(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a", bonuses={"apm": 2})
    assert fight.who("a")["apm_total"] == 6
    readied = of(fight.events(), FighterReadied)[0]
    assert [(m.source, m.value, m.rule) for m in readied.profile.attacks] == [
        ("hand_to_hand", 4, "PAL-APM-H2H"),
        ("sheet", 2, "PAL-APM-H2H"),
    ]


def test_PAL_ROUND_END_a_round_with_nobody_left_to_fight_ends(fight: Fight) -> None:
    """The last fighter standing has nothing to spend his attacks on: the round ends, and the
    next `initiative` is accepted instead of being refused as "still running"."""
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b", pools={"hp": 1, "sdc": 0}, attributes={"pe": 1})
    fight.initiative(15, 5)
    assert acting(fight) == "a"
    fight.strike("a", "b", 20, 4, defend="none")  # natural 20: critical, 1D4 shows 4
    b = fight.who("b")
    assert b["alive"] is False and "dead" in [k["name"] for k in b["conditions"]]
    assert fight.who("a")["apm_left"] > 0
    assert fight.status()["acting"] is None
    fight.initiative(9)
    assert fight.status()["round"] == 2
