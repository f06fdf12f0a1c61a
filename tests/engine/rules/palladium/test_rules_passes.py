"""The house round (seed 001) and the RAW clock it replaces: passes, the APM split, long
actions, overdrafts, gains and losses, losing initiative, holds, interrupts, counters,
surprise, psionic costs and the ledger. The catalogue's worked figures of sections A and B
are each a test here, named by rule id, with forced dice."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from engine.rules.palladium.apm import split
from events.core import (
    CutInQueued,
    HoldEnded,
    OrderChanged,
    PassStarted,
    ReactionRequested,
    TurnPassed,
)
from events.palladium import (
    ActionAbandoned,
    ActionCompleted,
    ActionStarted,
    ApmSpent,
    AttacksGained,
    DefenseDeclined,
    InitiativeLost,
    InitiativeRolled,
    InterruptRolled,
    MeleeRoundDeclared,
    StrikeRolled,
    SurpriseDeclared,
    TurnBegan,
)

from .conftest import Fight, of, one


def duel(
    fight: Fight, variant: str = "house", apm_a: int = 0, apm_b: int = 0, **options: Any
) -> None:
    """a (Basic L1, 4 attacks + ``apm_a``) acts first, b (4 + ``apm_b``) second."""
    fight.new(variant, **options)
    fight.add("brawler", "a", bonuses={"apm": apm_a, "initiative": 5})
    fight.add("brawler", "b", bonuses={"apm": apm_b})
    fight.initiative(10, 10)


def by_pass(fight: Fight, cid: str) -> list[int]:
    value = fight.who(cid)["apm_by_pass"]
    assert isinstance(value, list)
    return value


def acting(fight: Fight) -> str | None:
    value = fight.status()["acting"]
    assert value is None or isinstance(value, str)
    return value


def where(fight: Fight) -> tuple[int, int | None, str | None]:
    st = fight.status()
    return st["round"], st["pass"], st["acting"]


# --- PAL-HR-APM-SPLIT, PAL-HR-ROUND-PASSES, PAL-HR-APM-RESET --------------------------------


@pytest.mark.parametrize(
    ("apm", "shares"),
    [(4, (2, 1, 1)), (5, (2, 2, 1)), (8, (3, 3, 2)), (3, (1, 1, 1)), (1, (1, 0, 0))],
)
def test_PAL_HR_APM_SPLIT_remainder_goes_to_the_earliest_passes(
    apm: int, shares: tuple[int, ...]
) -> None:
    assert split(apm) == shares


@pytest.mark.parametrize(("extra", "shares"), [(0, [2, 1, 1]), (1, [2, 2, 1]), (4, [3, 3, 2])])
def test_PAL_HR_APM_SPLIT_worked_figures_in_a_fight(
    fight: Fight, extra: int, shares: list[int]
) -> None:
    """Catalogue B3: 4 -> 2/1/1, 5 -> 2/2/1, 8 -> 3/3/2, shown before the fighter's turn."""
    duel(fight, apm_b=extra)
    assert by_pass(fight, "b") == shares
    assert fight.who("b")["apm_left"] == 0  # nothing in hand before his first turn


def test_PAL_HR_ROUND_PASSES_each_pass_is_one_turn_each_in_order(fight: Fight) -> None:
    """Three passes, each a turn per fighter in initiative order; a turn goes on while
    attacks are in hand and ends by itself when they are spent; after pass 3 the round is
    over until initiative is rolled again."""
    duel(fight)
    assert where(fight) == (1, 1, "a")
    fight.spend("a", "b")
    assert where(fight) == (1, 1, "a")  # one of two spent: still his turn
    fight.spend("a", "b")
    assert where(fight) == (1, 1, "b")  # pass allotment spent: the turn ended by itself
    fight.spend("b", "a")
    fight.spend("b", "a")
    assert where(fight) == (1, 2, "a")
    fight.strike("a", "b", 1)
    assert where(fight) == (1, 2, "b")
    fight.strike("b", "a", 1)
    assert where(fight) == (1, 3, "a")
    fight.strike("a", "b", 1)
    last = fight.strike("b", "a", 1)
    assert where(fight) == (1, 3, None)
    assert of(last.events, TurnPassed)[-1].to is None
    with pytest.raises(IllegalAction, match="every turn of round 1 is over"):
        fight.strike("a", "b", 10)
    fight.initiative(10, 10)
    assert where(fight) == (2, 1, "a")


def test_PAL_HR_APM_RESET_leftovers_defend_until_the_next_turn_then_vanish(fight: Fight) -> None:
    duel(fight)
    fight.pass_("a")  # keeps 2 in hand for defences
    assert fight.who("a")["apm_left"] == 2
    fight.pass_("b")
    turn = [e for e in fight.events() if isinstance(e, TurnBegan) and e.combatant == "a"][-1]
    assert (turn.pass_number, turn.apm, turn.vanished) == (2, 1, 2)
    assert fight.who("a")["apm_left"] == 1


def test_PAL_HR_PASS_TURN_with_no_attacks_the_only_choice_is_to_pass(fight: Fight) -> None:
    duel(fight, apm_a=-3)  # 1 attack: 1/0/0
    fight.spend("a", "b")
    fight.pass_("b")
    # pass 2: a's turn comes with nothing in hand and ends by itself
    assert where(fight) == (1, 2, "b")
    with pytest.raises(IllegalAction, match="it is"):
        fight.strike("a", "b", 10)


# --- PAL-HR-LONG-ACTION, PAL-COST-MULTI-LANDING -------------------------------------------


def test_PAL_HR_LONG_ACTION_three_attack_action_begun_with_two_fires_next_pass(
    fight: Fight,
) -> None:
    """Catalogue B3 example 1: 4 attacks (2/1/1), a 3-attack action: 2 paid in pass 1, the
    last paid and the action done on the next turn (pass 2)."""
    duel(fight)
    begun = fight.act("a", 3, "aimed and called shot")
    started = one(begun.events, ActionStarted)
    assert (started.cost, one(begun.events, ApmSpent).amount) == (3, 2)
    assert one(begun.events, ApmSpent).rule == "PAL-HR-LONG-ACTION"
    assert fight.who("a")["long_action"]["left"] == 1
    assert acting(fight) == "b"
    done = fight.pass_("b")
    mine = [e for e in done.events if getattr(e, "combatant", getattr(e, "actor", "")) == "a"]
    assert [type(e) for e in mine] == [TurnBegan, ApmSpent, ActionCompleted]
    assert where(fight) == (1, 2, "b")  # a's pass-2 attack went on it: his turn ended
    assert fight.who("a")["long_action"] is None


def test_PAL_HR_LONG_ACTION_five_attacks_with_four_fires_at_the_start_of_next_round(
    fight: Fight,
) -> None:
    """Catalogue B3 example 2: 4 attacks, a 5-attack action begun on the first turn of the
    round is done at the start of the first turn of the next round."""
    duel(fight)
    fight.act("a", 5, "a five-attack spell")
    for _ in range(5):
        if acting(fight) == "b":
            fight.pass_("b")
    assert where(fight) == (1, 3, None)
    assert fight.who("a")["long_action"]["left"] == 1
    nxt = fight.initiative(10, 10)
    done = one(nxt.events, ActionCompleted)
    assert done.note == "a five-attack spell"
    assert fight.who("a")["apm_left"] == 1  # 2 of pass 1, one went on the spell
    assert where(fight) == (2, 1, "a")


def test_PAL_HR_LONG_ACTION_interrupt_may_break_it_and_the_attacks_are_lost(fight: Fight) -> None:
    """b's 4-attack spell is under way between his turns (2 paid); during c's turn a cuts in
    against it and wins; the GM rules it broken (``--breaks``): the paid attacks are lost."""
    trio(fight)
    fight.pass_("a")  # a keeps 2 in hand
    fight.act("b", 4, "a long spell")  # 2 paid; c's turn now
    result = fight.interrupt("a", 90, 1, allowed=True, against="b", breaks=True)
    gone = one(result.events, ActionAbandoned)
    assert (gone.actor, gone.action) == ("b", "act")
    assert "2 paid attacks are lost" in gone.reason
    assert fight.who("b")["long_action"] is None
    assert acting(fight) == "a" and fight.status()["cut_in"] is True
    fight.strike("a", "b", 1)
    assert acting(fight) == "c"


def test_PAL_HR_INTERRUPT_lost_leaves_the_long_action_and_queues_the_interrupter(
    fight: Fight,
) -> None:
    trio(fight)
    fight.pass_("a")
    fight.act("b", 4, "a long spell")
    result = fight.interrupt("a", 1, 90, allowed=True, against="b", breaks=True)
    assert of(result.events, ActionAbandoned) == []
    assert one(result.events, CutInQueued).combatant == "a"
    assert fight.who("b")["long_action"]["paid"] == 2


def test_PAL_COST_MULTI_LANDING_raw_action_pays_one_attack_per_cycle(fight: Fight) -> None:
    """RAW: a 3-attack action takes one attack on each of the actor's turns and happens on
    the last (the catalogue's reading of PAL-COST-MULTI-LANDING for 2- and 3-attack actions)."""
    duel(fight, "raw")
    first = fight.act("a", 3, "a 3-attack action")
    assert one(first.events, ApmSpent).amount == 1
    fight.spend("b", "a")
    assert fight.who("a")["long_action"]["paid"] == 2
    last = fight.strike("b", "a", 1)
    assert one(last.events, ActionCompleted).actor == "a"
    assert fight.who("a")["apm_left"] == 1


def test_PAL_COST_MULTI_LANDING_raw_refuses_what_the_round_cannot_pay(fight: Fight) -> None:
    duel(fight, "raw")
    with pytest.raises(IllegalAction, match="costs 5 attacks"):
        fight.act("a", 5, "a five-attack spell")


# --- PAL-HR-DEF-OVERDRAFT, PAL-ROUND-OUT-OF-ATTACKS ----------------------------------------


def test_PAL_HR_DEF_OVERDRAFT_dodges_borrow_from_later_passes_then_rounds(fight: Fight) -> None:
    """Catalogue B3: defences come from hand, then later passes in order, then later rounds,
    without limit. a spends his pass-1 pair, then dodges four times: pass 2, pass 3, and two
    owed by the next round, which starts 0/1/1."""
    duel(fight)
    fight.spend("a", "b")
    fight.spend("a", "b")
    fight.strike("b", "a", 12, 15, defend="dodge")
    fight.strike("b", "a", 12, 15, defend="dodge")
    # b has 2 in pass 1: two strikes, two dodges
    assert by_pass(fight, "a") == [0, 0, 0]
    assert fight.who("a")["overdraft"] == 0
    spent = [e for e in fight.events() if isinstance(e, ApmSpent) and e.on == "dodge"]
    assert [e.later for e in spent] == [(0, 1, 0), (0, 0, 1)]


def test_PAL_HR_DEF_OVERDRAFT_into_the_next_round(fight: Fight) -> None:
    duel(fight, apm_b=4)  # b: 8 attacks, 3/3/2
    fight.spend("a", "b")
    fight.spend("a", "b")
    for _ in range(3):
        fight.strike("b", "a", 12, 15, defend="dodge")
    assert by_pass(fight, "a") == [0, 0, 0]
    assert fight.who("a")["overdraft"] == 1
    owed = [e for e in fight.events() if isinstance(e, ApmSpent) and e.on == "dodge"][-1]
    assert (owed.owed, owed.later) == (1, ())
    # play out the round, then the next one starts a short
    while acting(fight) is not None:
        fight.pass_()
    fight.initiative(10, 10)
    assert by_pass(fight, "a") == [1, 1, 1]
    assert fight.who("a")["overdraft"] == 0


def test_PAL_ROUND_OUT_OF_ATTACKS_raw_dodge_with_none_left_comes_off_next_round(
    fight: Fight,
) -> None:
    duel(fight, "raw", apm_a=-3, apm_b=1)  # a: 1 attack, b: 5
    fight.spend("a", "b")
    fight.strike("b", "a", 12, 15, defend="dodge")
    assert fight.who("a")["overdraft"] == 1
    while acting(fight) is not None:
        fight.pass_()
    fight.initiative(10, 10)
    assert fight.who("a")["apm_left"] == 0
    assert fight.who("a")["overdraft"] == 0


# --- PAL-HR-APM-GAIN-LOSE, PAL-COND-* mechanism (B5) ---------------------------------------


def test_PAL_HR_APM_GAIN_LOSE_gained_on_own_turn_joins_the_hand(fight: Fight) -> None:
    duel(fight)
    gained = one(fight.ruling("a", gain_attacks=1, text="haste").events, AttacksGained)
    assert gained.into == "now"
    assert fight.who("a")["apm_left"] == 3


def test_PAL_HR_APM_GAIN_LOSE_gained_off_turn_joins_the_next_turn(fight: Fight) -> None:
    duel(fight)
    gained = one(fight.ruling("b", gain_attacks=1).events, AttacksGained)
    assert (gained.into, gained.pass_number) == ("pass", 1)  # b's pass-1 turn is still to come
    assert by_pass(fight, "b") == [3, 1, 1]
    fight.pass_("a")
    fight.pass_("b")
    gained = one(fight.ruling("b", gain_attacks=1).events, AttacksGained)
    assert (gained.into, gained.pass_number) == ("pass", 2)


def test_PAL_HR_APM_GAIN_LOSE_lost_comes_from_hand_then_the_next_passes(fight: Fight) -> None:
    """A knockdown (PAL-COND-KNOCKDOWN: lose 1 attack), ruled twice: from hand, then from the
    next pass."""
    duel(fight)
    fight.spend("a", "b")
    lost = one(fight.ruling("a", lose_attacks=1, rule="PAL-COND-KNOCKDOWN").events, ApmSpent)
    assert (lost.amount, lost.later, lost.owed, lost.rule) == (1, (), 0, "PAL-COND-KNOCKDOWN")
    lost = one(fight.ruling("a", lose_attacks=2, rule="PAL-COND-KNOCKDOWN").events, ApmSpent)
    assert (lost.later, lost.owed) == ((0, 1, 1), 0)
    assert by_pass(fight, "a") == [0, 0, 0]


def test_PAL_COND_lost_attacks_under_raw_come_off_this_round_then_the_next(fight: Fight) -> None:
    """B5 under RAW: a Horror Factor failure costs an attack this round (PAL-COND-HORROR)."""
    duel(fight, "raw")
    fight.ruling("b", lose_attacks=1, rule="PAL-COND-HORROR")
    assert fight.who("b")["apm_left"] == 3
    fight.ruling("b", lose_attacks=4, rule="PAL-COND-HORROR")
    assert (fight.who("b")["apm_left"], fight.who("b")["overdraft"]) == (0, 1)


# --- PAL-HR-LOSE-INIT, PAL-COND-KNOCKDOWN ----------------------------------------------------


def trio(fight: Fight, variant: str = "house") -> None:
    fight.new(variant)
    fight.add("brawler", "a", bonuses={"initiative": 5})
    fight.add("brawler", "b", bonuses={"initiative": 3})
    fight.add("brawler", "c")
    fight.initiative(10, 10, 10)


def test_PAL_HR_LOSE_INIT_before_acting_goes_to_zero_now(fight: Fight) -> None:
    trio(fight)
    result = fight.ruling("b", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert one(result.events, InitiativeLost).when == "now"
    assert one(result.events, OrderChanged).order == ("a", "c", "b")
    assert fight.who("b")["initiative"] == 0
    # no stacking: a second effect changes nothing, so the ruling is refused, nothing written
    head = fight.head()
    with pytest.raises(IllegalAction, match="does not stack"):
        fight.ruling("b", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert fight.head() == head


def test_PAL_HR_LOSE_INIT_after_acting_starts_next_round_at_zero_without_a_roll(
    fight: Fight,
) -> None:
    trio(fight)
    fight.pass_("a")
    result = fight.ruling("a", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert one(result.events, InitiativeLost).when == "next_round"
    assert fight.status()["order"] == ["a", "b", "c"]  # this round's order stands
    while acting(fight) is not None:
        fight.pass_()
    nxt = fight.initiative(10, 10)  # only b and c roll
    rolls = {e.combatant: e.roll for e in of(nxt.events, InitiativeRolled)}
    assert rolls["a"].faces == () and rolls["a"].total == 0
    assert rolls["a"].rule == "PAL-HR-LOSE-INIT"
    assert fight.status()["order"] == ["b", "c", "a"]
    # lost for this round too: no stacking
    with pytest.raises(IllegalAction, match="does not stack"):
        fight.ruling("a", lose_initiative=True)


def test_PAL_COND_KNOCKDOWN_raw_reading_moves_to_the_end_of_this_round(fight: Fight) -> None:
    trio(fight, "raw")
    fight.spend("a", "b")
    result = fight.ruling("a", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert one(result.events, InitiativeLost).when == "now"
    assert fight.status()["order"] == ["b", "c", "a"]


def test_PAL_COND_KNOCKDOWN_raw_reading_last_this_round_moves_one_yet_to_act(
    fight: Fight,
) -> None:
    """The default reading: he goes to the end of this round's order even before he acts."""
    trio(fight, "raw")
    result = fight.ruling("c", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert one(result.events, InitiativeLost).when == "now"
    assert fight.status()["order"] == ["a", "b", "c"]  # already last: no OrderChanged
    result = fight.ruling("b", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert one(result.events, OrderChanged).order == ("a", "c", "b")


def test_PAL_COND_KNOCKDOWN_only_if_acted_one_yet_to_act_keeps_his_place(fight: Fight) -> None:
    """lose_initiative=only_if_acted: "loses initiative (if he had it)" read as "if he has
    acted this round". b has not acted: he had none to lose and keeps his place; a ruling
    asking only for it changes nothing and is refused with that reason."""
    fight.new("raw", lose_initiative="only_if_acted")
    fight.add("brawler", "a", bonuses={"initiative": 5})
    fight.add("brawler", "b", bonuses={"initiative": 3})
    fight.add("brawler", "c")
    fight.initiative(10, 10, 10)
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"has not acted this round.*keeps his place"):
        fight.ruling("b", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert fight.head() == head
    assert fight.status()["order"] == ["a", "b", "c"]
    # a knockdown's lost attack still comes off; only the initiative is kept
    result = fight.ruling("b", lose_initiative=True, lose_attacks=1, rule="PAL-COND-KNOCKDOWN")
    assert of(result.events, InitiativeLost) == []
    assert (fight.status()["order"], fight.who("b")["lost_initiative"]) == (["a", "b", "c"], None)


def test_PAL_COND_KNOCKDOWN_only_if_acted_one_who_has_acted_goes_to_the_end(
    fight: Fight,
) -> None:
    """lose_initiative=only_if_acted: a has struck this round (he had the initiative): he
    loses it, to the end of this round's order, as under the default reading."""
    fight.new("raw", lose_initiative="only_if_acted")
    fight.add("brawler", "a", bonuses={"initiative": 5})
    fight.add("brawler", "b", bonuses={"initiative": 3})
    fight.add("brawler", "c")
    fight.initiative(10, 10, 10)
    fight.spend("a", "b")
    result = fight.ruling("a", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")
    assert one(result.events, InitiativeLost).when == "now"
    assert one(result.events, OrderChanged).order == ("b", "c", "a")


def test_PAL_COND_KNOCKDOWN_as_written_nothing_is_lost_between_rounds(fight: Fight) -> None:
    """Once every attack of the round is used, a lost initiative as written reaches nothing:
    the ruling is refused saying so, not as a loss that 'does not stack'."""
    trio(fight, "raw")
    while acting(fight) is not None:
        fight.pass_()
    with pytest.raises(IllegalAction, match="does not reach into the next round"):
        fight.ruling("b", lose_initiative=True, rule="PAL-COND-KNOCKDOWN")


# --- PAL-HR-HOLD, PAL-HR-INTERRUPT, PAL-HR-COUNTER ------------------------------------------


def test_PAL_HR_HOLD_then_release_cuts_in_and_the_turn_comes_back(fight: Fight) -> None:
    trio(fight)
    fight.hold("a", "someone opens the door")
    assert fight.who("a")["held"] == "someone opens the door"
    assert acting(fight) == "b"
    fight.release("a")
    assert acting(fight) == "a" and fight.status()["cut_in"] is True
    fight.strike("a", "c", 1)  # one action, then back to b's turn
    assert acting(fight) == "b" and fight.status()["cut_in"] is False
    assert fight.who("a")["held"] is None
    assert fight.who("a")["apm_left"] == 1


def test_PAL_HR_HOLD_lasts_until_the_holders_next_turn(fight: Fight) -> None:
    trio(fight)
    fight.hold("a", "the door opens")
    fight.pass_("b")
    lapse = fight.pass_("c")
    ended = one(lapse.events, HoldEnded)
    assert (ended.combatant, ended.released) == ("a", False)


def test_PAL_HR_HOLD_across_rounds(fight: Fight) -> None:
    """A hold made on the last turn of a round lasts into the next: initiative is rolled
    and attacks reset as normal, and it lapses at the holder's next turn."""
    trio(fight)
    while where(fight)[1] != 3 or acting(fight) != "c":
        fight.pass_()
    fight.hold("c", "the door opens")
    assert acting(fight) is None
    nxt = fight.initiative(10, 10, 10)
    assert fight.who("c")["held"] == "the door opens"
    assert of(nxt.events, HoldEnded) == []


def test_PAL_HR_HOLD_is_refused_under_raw_and_without_attacks(fight: Fight) -> None:
    trio(fight, "raw")
    with pytest.raises(IllegalAction, match="PAL-HR-HOLD"):
        fight.hold("a")


def test_PAL_HR_INTERRUPT_strictly_higher_goes_first(fight: Fight) -> None:
    trio(fight)
    fight.hold("a", "b raises his gun")
    result = fight.interrupt("a", 50, 50 + 10 - 10 + 1)  # a: 50+10, b: 51+10 -> b higher
    rolled = one(result.events, InterruptRolled)
    assert (rolled.roll.total, rolled.against_roll.total, rolled.wins) == (60, 61, False)
    assert one(result.events, CutInQueued).combatant == "a"
    assert acting(fight) == "b"
    after = fight.strike("b", "c", 1)  # b's action resolves, then a goes
    assert of(after.events, TurnPassed)[0].cut_in
    assert acting(fight) == "a"


def test_PAL_HR_INTERRUPT_a_tie_goes_to_the_one_interrupted(fight: Fight) -> None:
    trio(fight)
    fight.hold("a", "b moves")
    result = fight.interrupt("a", 40, 40)
    assert one(result.events, InterruptRolled).wins is False


def test_PAL_HR_INTERRUPT_win_cuts_in_now_and_may_break_a_long_action(fight: Fight) -> None:
    trio(fight)
    fight.hold("a", "b starts his spell")
    fight.act("b", 3, "a spell")  # b: 2 paid, the rest later; c's turn now
    fight.pass_("c")
    # pass 2: a's hold lapses at his turn; hold again, and interrupt b's turn
    fight.hold("a", "b finishes the spell")
    assert acting(fight) == "b" or fight.who("b")["long_action"] is None


def test_PAL_HR_INTERRUPT_needs_a_hold_or_the_gms_leave(fight: Fight) -> None:
    trio(fight)
    fight.pass_("a")
    fight.pass_("b")  # b keeps his 2 for later
    with pytest.raises(IllegalAction, match="holds no action"):
        fight.interrupt("b", 60, 1)
    result = fight.interrupt("b", 60, 1, allowed=True)
    assert one(result.events, InterruptRolled).wins is True
    assert acting(fight) == "b" and fight.status()["cut_in"] is True
    fight.strike("b", "c", 1)
    assert acting(fight) == "c"  # back to c's turn


def test_PAL_HR_INTERRUPT_needs_attacks_in_hand(fight: Fight) -> None:
    """Out of turn only what is in hand pays for an action (PAL-HR-SPEND-OFF-TURN); before
    his first turn a fighter has nothing in hand."""
    trio(fight)
    with pytest.raises(IllegalAction, match="no attacks in hand"):
        fight.interrupt("c", 60, 1, allowed=True)


def test_PAL_HR_COUNTER_acts_right_after_the_triggering_action(fight: Fight) -> None:
    trio(fight)
    fight.pass_("a")
    fight.pass_("b")
    fight.pass_("c")
    fight.strike("a", "b", 1)  # pass 2: a's only attack; his turn ends, b's begins
    fight.counter("c")
    assert acting(fight) == "c" and fight.status()["cut_in"] is True
    fight.strike("c", "a", 1)
    assert acting(fight) == "b"


# --- PAL-HR-SURPRISE, PAL-INIT-AUTO-SNEAK ----------------------------------------------------


def test_PAL_HR_SURPRISE_free_single_pass_round_for_the_surprisers(fight: Fight) -> None:
    fight.new("house")
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.add("brawler", "c")
    fight.surprise("a", aware=("c",))
    st = fight.status()
    assert (st["round"], st["round_label"], st["passes"], st["order"]) == (1, "surprise", 1, ["a"])
    assert by_pass(fight, "a") == [2]
    hit = fight.strike("a", "b", 12, 4)  # b is surprised: cannot defend
    assert "PAL-HR-SURPRISE" in one(hit.events, DefenseDeclined).reason
    waits = fight.strike("a", "c", 12)  # c is aware: his answer is awaited
    assert fight.status()["pending"]["reactor"] == "c"
    assert waits is not None
    fight.defend("c", "none", 3)
    assert acting(fight) is None
    fight.initiative(15, 10, 5)
    assert fight.status()["round"] == 2
    assert "surprised" not in names(fight.who("b"))


def test_PAL_INIT_AUTO_SNEAK_ambusher_first_and_first_attack_undefendable(fight: Fight) -> None:
    fight.new("raw")
    fight.add("brawler", "a")
    fight.add("brawler", "b", bonuses={"initiative": 10})
    fight.declare(SurpriseDeclared(attackers=("a",)), (15,))
    assert fight.status()["order"] == ["a", "b"]
    first = fight.strike("a", "b", 12, 3)
    assert "PAL-DEF-SNEAK" in one(first.events, DefenseDeclined).reason
    fight.spend("b", "a")
    fight.strike("a", "b", 12)
    assert fight.status()["pending"] is not None  # the second attack may be defended


# --- PAL-HR-PSI-COST, PAL-PSI-ACTION --------------------------------------------------------


def test_PAL_HR_PSI_COST_escalates_within_the_round(fight: Fight) -> None:
    duel(fight, apm_a=4)  # 8 attacks: 3/3/2
    first = fight.act("a", None, "mind bolt", psionic=True)
    assert one(first.events, ApmSpent).amount == 1
    second = fight.act("a", None, "telekinesis", psionic=True)
    assert one(second.events, ApmSpent).amount == 2
    assert acting(fight) == "b"


def test_PAL_HR_PSI_COST_window_pass_counts_again_each_pass(fight: Fight) -> None:
    duel(fight, apm_a=4, psi_cost_window="pass")
    fight.act("a", None, "mind bolt", psionic=True)
    fight.act("a", None, "mind bolt", psionic=True)
    fight.pass_("b")
    again = fight.act("a", None, "mind bolt", psionic=True)
    assert one(again.events, ApmSpent).amount == 1


def test_PAL_PSI_ACTION_raw_costs_one_each(fight: Fight) -> None:
    duel(fight, "raw")
    assert one(fight.act("a", None, "mind bolt", psionic=True).events, ApmSpent).amount == 1
    fight.spend("b", "a")
    assert one(fight.act("a", None, "mind bolt", psionic=True).events, ApmSpent).amount == 1


# --- PAL-HR-APM-LEDGER, -BOXING ---------------------------------------------------------------


def test_PAL_HR_APM_BOXING_boxing_attack_pays_only_for_punches(fight: Fight) -> None:
    fight.new("house")
    fight.add("brawler", "a", bonuses={"initiative": 5}, apm_sources={"boxing": 1}, weapons=[KNIFE])
    fight.add("brawler", "b")
    fight.initiative(10, 10)
    assert fight.who("a")["apm_total"] == 5
    for _ in range(4):
        while acting(fight) != "a":
            fight.pass_()
        fight.strike("a", "b", 1, weapon="knife")
    while acting(fight) != "a":
        fight.pass_()
    with pytest.raises(IllegalAction, match="PAL-HR-APM-LEDGER"):
        fight.strike("a", "b", 1, weapon="knife")
    punch = fight.strike("a", "b", 1)
    assert one(punch.events, ApmSpent).ledger == {"boxing": 1}


KNIFE = {"name": "knife", "kind": "melee", "damage": "1D6"}


# --- GM rulings ------------------------------------------------------------------------------


def test_ruling_damage_heal_and_a_condition_for_rounds(fight: Fight) -> None:
    duel(fight, "raw")
    fight.ruling("b", damage=15, text="falls off the roof")
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (0, 15)
    fight.ruling("b", heal=8)
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (3, 20)
    fight.ruling("b", condition="winded", rounds=2, rule="GM ruling")
    assert "winded" in names(fight.who("b"))
    while acting(fight) is not None:
        fight.pass_()
    fight.initiative(10, 10)  # round 2: still stunned
    assert "winded" in names(fight.who("b"))
    while acting(fight) is not None:
        fight.pass_()
    fight.initiative(10, 10)  # round 3: gone
    assert "winded" not in names(fight.who("b"))


def test_ruling_with_an_unknown_effect_or_combatant_is_refused(fight: Fight) -> None:
    """Effects are typed fields: an unknown one cannot even be declared (the command line
    refuses an unknown option, exit 2, tests/cli)."""
    duel(fight, "raw")
    with pytest.raises(TypeError, match="teleport"):
        fight.ruling("b", teleport=True)
    head = fight.head()
    with pytest.raises(Exception, match="unknown combatant"):
        fight.ruling("zz", damage=1)
    assert fight.head() == head


def test_raw_pass_lets_the_attack_go(fight: Fight) -> None:
    """RAW reading: a turn is one attack; passing it lets that attack go (PAL-ROUND-END)."""
    duel(fight, "raw")
    fight.pass_("a")
    assert fight.who("a")["apm_left"] == 3
    assert acting(fight) == "b"


def test_undo_of_the_ply_that_ended_a_pass_restores_the_clock_exactly(fight: Fight) -> None:
    duel(fight)
    fight.act("a", 3, "long")
    fight.ruling("a", lose_attacks=1)
    before = fight.status()
    ended = fight.pass_("b")
    assert of(ended.events, PassStarted)
    fight.table.undo()
    assert fight.status() == before
    fight.table.redo()
    assert fight.status()["pass"] == 2


# --- shots on the clock: PAL-STRIKE-CALLED costs, B4 --------------------------------------


def gunfight(fight: Fight, variant: str = "house", boxing: int = 0, **options: Any) -> None:
    """g: the gunner (energy rifle W.P. 4, Basic 1: 4 attacks + ``boxing``) first; b second."""
    fight.new(variant, **options)
    fight.add("gunner", "g", bonuses={"initiative": 5}, apm_sources={"boxing": boxing})
    fight.add("brawler", "b")
    fight.initiative(10, 10)


def test_PAL_HR_LONG_ACTION_aimed_called_shot_begun_with_two_fires_next_pass(fight: Fight) -> None:
    """Catalogue B3 example 1 with a real shot: 4 attacks (2/1/1), an aimed and called shot
    (3 attacks, +2, PAL-STRIKE-CALLED): 2 paid in pass 1, the last in pass 2, and the shot is
    rolled then; the head is struck only on a total of 12 (PAL-HR-STRIKE-CALLED-12)."""
    gunfight(fight)
    begun = fight.shoot("g", "b", aimed=True, called="head", range=300)
    assert (one(begun.events, ActionStarted).cost, one(begun.events, ApmSpent).amount) == (3, 2)
    assert of(begun.events, StrikeRolled) == []
    fired = fight.pass_("b", 9)  # strike 9 +2 W.P. +2 aimed = 13: b's answer awaited
    assert fight.status()["pending"]["reactor"] == "b"
    shot = one(fired.events, StrikeRolled)
    assert (shot.action, shot.roll.total, shot.location) == ("aimed called shot", 13, "head")
    assert [e.amount for e in of(fired.events, ApmSpent) if e.combatant == "g"] == [1]


def test_PAL_COST_MULTI_LANDING_raw_aimed_shot_lands_on_its_second_attack(fight: Fight) -> None:
    gunfight(fight, "raw")
    begun = fight.shoot("g", "b", aimed=True, defend="none")
    assert of(begun.events, StrikeRolled) == []
    landed = fight.strike("b", "g", 1, 10, 3, 3)  # b misses; g's turn: the aimed shot lands
    shot = next(e for e in of(landed.events, StrikeRolled) if e.actor == "g")
    assert (shot.action, shot.roll.total) == ("aimed shot", 14)
    assert fight.who("g")["apm_left"] == 2


def test_PAL_HR_APM_H2H_RANGED_CAP_shots_past_half_the_h2h_attacks_go_wild(fight: Fight) -> None:
    """4 hand-to-hand attacks: 2 shots at most are ordinary; the third is shot wild (-6)."""
    gunfight(fight)
    for _ in range(2):
        s = one(fight.shoot("g", "b", 10, 3, 3, range=300, defend="none").events, StrikeRolled)
        assert "shot wild" not in [m.name for m in s.roll.modifiers]
    fight.pass_("b")
    third = one(fight.shoot("g", "b", 15, 3, 3, range=300, defend="none").events, StrikeRolled)
    assert ("shot wild", -6) in [(m.name, m.value) for m in third.roll.modifiers]


def test_PAL_HR_APM_H2H_RANGED_CAP_aimed_shot_cannot_be_paid_wild(fight: Fight) -> None:
    gunfight(fight)
    fight.shoot("g", "b", 10, 3, 3, range=300, defend="none")
    fight.shoot("g", "b", 10, 3, 3, range=300, defend="none")
    fight.pass_("b")
    with pytest.raises(IllegalAction, match="cannot be"):
        fight.shoot("g", "b", aimed=True, range=300)


def test_PAL_HR_APM_LEDGER_off_under_raw_no_shot_goes_wild(fight: Fight) -> None:
    gunfight(fight, "raw")
    for _ in range(3):
        s = one(fight.shoot("g", "b", 10, 3, 3, defend="none").events, StrikeRolled)
        assert "shot wild" not in [m.name for m in s.roll.modifiers]
        fight.strike("b", "g", 1)


def test_PAL_INIT_AUTO_RANGED_unseen_shooter_first_target_loses_initiative_and_cannot_dodge(
    fight: Fight,
) -> None:
    fight.new("raw")
    fight.add("brawler", "b", bonuses={"initiative": 10})
    fight.add("gunner", "g")
    fight.add("brawler", "c")
    fight.declare(MeleeRoundDeclared(unseen=("g",)), (15, 5))
    assert fight.status()["order"][0] == "g"
    first = fight.shoot("g", "b", 12, 3, 3)
    assert one(first.events, InitiativeLost).combatant == "b"
    assert "PAL-INIT-AUTO-RANGED" in one(first.events, DefenseDeclined).reason
    assert fight.status()["order"] == ["g", "c", "b"]
    fight.strike("c", "g", 1)
    fight.strike("b", "g", 1)
    second = fight.shoot("g", "b", 12)
    assert of(second.events, DefenseDeclined) == []
    assert fight.status()["pending"]["reactor"] == "b"


def test_PAL_INIT_AUTO_RANGED_seen_long_range_attacker_needs_the_other_reading(
    fight: Fight,
) -> None:
    fight.new("raw")
    fight.add("gunner", "g")
    fight.add("brawler", "b")
    with pytest.raises(IllegalAction, match="ranged_auto_initiative"):
        fight.declare(MeleeRoundDeclared(long_range=("g",)), (15,))


def test_PAL_INIT_AUTO_RANGED_any_long_range_reading(fight: Fight) -> None:
    fight.new("raw", ranged_auto_initiative="any_long_range")
    fight.add("brawler", "b", bonuses={"initiative": 10})
    fight.add("gunner", "g")
    fight.declare(MeleeRoundDeclared(long_range=("g",)), (15,))
    assert fight.status()["order"] == ["g", "b"]


def test_PAL_HR_APM_LEDGER_worked_figure_4_h2h_1_boxing_1_general(fight: Fight) -> None:
    """Catalogue B2: 4 (H2H) + 1 (Boxing) + 1 (general) = 6 attacks (2/2/2); at most 3 of them
    ordinary gunshots (half of 4, plus the general one), and 1 only for a punch."""
    fight.new("house")
    fight.add("gunner", "g", bonuses={"initiative": 5, "apm": 1}, apm_sources={"boxing": 1})
    fight.add("brawler", "b")
    fight.initiative(10, 10)
    assert (fight.who("g")["apm_total"], by_pass(fight, "g")) == (6, [2, 2, 2])
    wild = []
    for _ in range(4):
        while acting(fight) != "g":
            fight.pass_()
        s = one(fight.shoot("g", "b", 15, 3, 3, range=300, defend="none").events, StrikeRolled)
        wild.append("shot wild" in [m.name for m in s.roll.modifiers])
    assert wild == [False, False, False, True]
    while acting(fight) != "g":
        fight.pass_()
    fight.act("g", 1, "reloads")  # the last hand-to-hand attack
    with pytest.raises(IllegalAction, match="PAL-HR-APM-LEDGER"):
        fight.act("g", 1, "reloads again")  # only the Boxing attack is left
    punch = fight.strike("g", "b", 1)
    assert one(punch.events, ApmSpent).ledger == {"boxing": 1}
    assert fight.who("g")["apm_spent_by_source"] == {
        "hand_to_hand": 4,
        "general": 1,
        "boxing": 1,
        "ranged_h2h": 3,
    }


def test_PAL_HR_APM_GAIN_LOSE_gained_after_the_round_goes_to_next_round(fight: Fight) -> None:
    """Found by the invariants: with every turn of the round over, a gain off turn joins the
    next turn, which is next round's first, never a pass that will not come."""
    duel(fight)
    while acting(fight) is not None:
        fight.pass_()
    gained = one(fight.ruling("b", gain_attacks=1).events, AttacksGained)
    assert gained.into == "next_round"
    fight.initiative(10, 10)
    assert by_pass(fight, "b") == [3, 1, 1]


def test_PAL_COST_MULTI_LANDING_an_answer_refused_at_landing_is_asked_for_instead(
    fight: Fight,
) -> None:
    """A power punch declared with the defender's parry, against which the defender has no
    M.D. item when the M.D. blow lands (PAL-DEF-PARRY-MD): the clock does not stick; the
    strike waits for the defender's answer."""
    fight.new("raw")
    fight.add("demon", "d", bonuses={"initiative": 10})
    fight.add("brawler", "b")
    fight.initiative(10, 10)
    fight.power("d", "b", defend="parry")
    landed = fight.strike("b", "d", 1, 12)  # b misses; d's turn: the blow lands, a hit
    assert of(landed.events, DefenseDeclined) == []
    assert one(landed.events, ReactionRequested).reactor == "b"
    assert fight.status()["pending"]["reactor"] == "b"


def names(who: dict[str, Any]) -> list[str]:
    """The names of a combatant's conditions in ``status``."""
    return [k["name"] for k in who["conditions"]]
