"""PAL-INIT-ROLL and PAL-HR-INIT-NPC-FIXED with forced dice."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.explain import lines
from engine.rules import IllegalAction
from engine.rules.palladium import PACK
from events.core import Event, RoundStarted, TurnPassed
from events.palladium import AttacksRefreshed, InitiativeRolled

from .conftest import Fight, of, one


def totals(events: Sequence[Event]) -> list[tuple[str, int, int]]:
    """(combatant, attempt, total) of each initiative roll."""
    return [(e.combatant, e.attempt, e.roll.total) for e in of(events, InitiativeRolled)]


def test_PAL_INIT_ROLL_1d20_plus_bonus_highest_acts_first(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("expert", "x")  # +2 initiative on the sheet
    result = fight.initiative(14, 13)  # one d20 each, in join order
    rolls = of(result.events, InitiativeRolled)
    assert [(r.combatant, r.roll.faces, r.roll.total) for r in rolls] == [
        ("a", (14,), 14),
        ("x", (13,), 15),
    ]
    assert all(r.roll.rule == "PAL-INIT-ROLL" for r in rolls)
    assert one(result.events, RoundStarted).order == ("x", "a")
    status = fight.status()
    assert (status["round"], status["order"], status["acting"]) == (1, ["x", "a"], "x")
    assert fight.who("x")["initiative"] == 15


def test_PAL_INIT_ROLL_ties_rerolled_among_the_tied_only(fight: Fight) -> None:
    fight.new()
    for cid in ("a", "b", "c"):
        fight.add("brawler", cid)
    # a and b tie on 10; c is clear on 15 and rolls no more; the re-roll puts b before a.
    result = fight.initiative(10, 10, 15, 3, 8)
    assert totals(result.events) == [
        ("a", 1, 10),
        ("b", 1, 10),
        ("c", 1, 15),
        ("a", 2, 3),
        ("b", 2, 8),
    ]
    assert one(result.events, RoundStarted).order == ("c", "b", "a")


def test_PAL_INIT_ROLL_still_tied_rerolls_again(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    result = fight.initiative(10, 10, 5, 5, 2, 9)
    assert [(c, n) for c, n, _ in totals(result.events)] == [
        ("a", 1),
        ("b", 1),
        ("a", 2),
        ("b", 2),
        ("a", 3),
        ("b", 3),
    ]
    assert one(result.events, RoundStarted).order == ("b", "a")


def test_PAL_INIT_ROLL_tie_between_different_bonuses_compares_totals(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("expert", "x")  # +2: a natural 10 ties the brawler's natural 12
    result = fight.initiative(12, 10, 4, 1)  # re-roll: 4 vs 1 + 2 = 3
    assert totals(result.events)[2:] == [("a", 2, 4), ("x", 2, 3)]
    assert one(result.events, RoundStarted).order == ("a", "x")


def test_PAL_INIT_ROLL_order_is_fixed_and_initiative_refused_mid_round(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    fight.spend("a", "b")
    head = fight.head()
    with pytest.raises(IllegalAction, match="PAL-ROUND-END"):
        fight.initiative(1, 20)
    assert fight.head() == head  # nothing written
    assert fight.status()["order"] == ["a", "b"]


def test_PAL_INIT_ROLL_rolled_again_each_round_once_every_attack_is_spent(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "c")  # one attack each
    fight.add("civilian", "d")
    fight.initiative(15, 5)
    fight.spend("c", "d")
    fight.spend("d", "c")
    assert fight.status()["acting"] is None
    result = fight.initiative(2, 12)  # the new round's order is the new roll's
    assert one(result.events, RoundStarted) == RoundStarted(round=2, order=("d", "c"))
    assert [e.apm for e in of(result.events, AttacksRefreshed)] == [1, 1]
    assert of(result.events, TurnPassed)[-1].to == "d"


def test_PAL_HR_INIT_NPC_FIXED_npc_takes_10_plus_bonus_without_a_die(fight: Fight) -> None:
    fight.new("house")
    fight.add("brawler", "pc")
    fight.add("civilian", "npc")  # an NPC with +1 initiative
    result = fight.initiative(12)  # only the PC's die
    pc, npc = of(result.events, InitiativeRolled)
    assert (pc.roll.faces, pc.roll.total) == ((12,), 12)
    assert (npc.roll.faces, npc.roll.total, npc.roll.rule) == ((), 11, "PAL-HR-INIT-NPC-FIXED")
    assert one(result.events, RoundStarted).order == ("pc", "npc")


def test_PAL_HR_INIT_NPC_FIXED_off_under_raw_everyone_rolls(fight: Fight) -> None:
    fight.new("raw")
    fight.add("brawler", "pc")
    fight.add("civilian", "npc")
    result = fight.initiative(12, 15)
    assert totals(result.events) == [("pc", 1, 12), ("npc", 1, 16)]


def test_PAL_HR_INIT_NPC_FIXED_as_an_option_of_the_raw_variant(fight: Fight) -> None:
    fight.new("raw", npc_fixed_initiative=True)
    fight.add("civilian", "npc")
    fight.add("brawler", "pc")
    result = fight.initiative(9)
    assert totals(result.events) == [("npc", 1, 11), ("pc", 1, 9)]
    assert one(result.events, RoundStarted).order == ("npc", "pc")


def pc_and_npcs(fight: Fight, ties: str) -> None:
    """House rules, option ``fixed_initiative_ties``: a PC (rolls) and two NPCs, both fixed
    at 10 (PAL-HR-INIT-NPC-FIXED)."""
    fight.new("house", fixed_initiative_ties=ties)
    fight.add("brawler", "n1", kind="npc")
    fight.add("brawler", "p")
    fight.add("brawler", "n2", kind="npc")


@pytest.mark.parametrize(
    ("ties", "order"),
    [("rollers_first", ["p", "n1", "n2"]), ("fixed_first", ["n1", "n2", "p"])],
)
def test_PAL_HR_INIT_ROLL_a_fixed_initiative_never_rolls_to_break_a_tie(
    fight: Fight, ties: str, order: list[str]
) -> None:
    pc_and_npcs(fight, ties)
    result = fight.initiative(10)  # the PC's die only: he ties the NPCs' 10
    assert totals(result.events) == [("n1", 1, 10), ("p", 1, 10), ("n2", 1, 10)]
    assert fight.status()["order"] == order


def test_PAL_HR_INIT_ROLL_house_default_puts_the_roller_first(fight: Fight) -> None:
    fight.new("house")
    fight.add("brawler", "n1", kind="npc")
    fight.add("brawler", "p")
    fight.initiative(10)
    assert fight.status()["order"] == ["p", "n1"]


def test_PAL_HR_INIT_ROLL_reroll_rolls_a_fixed_initiative_only_to_break_the_tie(
    fight: Fight,
) -> None:
    pc_and_npcs(fight, "reroll")
    result = fight.initiative(10, 5, 15, 9)  # then n1, p, n2 re-roll
    rerolls = [(e.combatant, e.roll.total, e.fixed) for e in of(result.events, InitiativeRolled)]
    assert rerolls[3:] == [("n1", 5, True), ("p", 15, False), ("n2", 9, True)]
    assert fight.status()["order"] == ["p", "n2", "n1"]
    view = fight.table.explain(str(fight.head()))
    explained = [line for e in view.events for line in lines(PACK, e, view.before)]
    assert any("a fixed initiative rolls only to break the tie" in t for t in explained)
