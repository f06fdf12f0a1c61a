"""The combat round (BRP §1.2): statement of intent, powers phase, then DEX ranks counted
down; costs in ranks (BRP-DRAW: draw 5, sheathe and draw 10, 0 at 101%+; standing 5,
BRP-PRONE); passing; what expires when the next round begins."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.brp import AttackDeclared, IntentDeclared, PowerDeclared, SkillRolled, WeaponChanged
from events.core import (
    ConditionChanged,
    InitiativeDeclared,
    PhaseStarted,
    RoundStarted,
    TurnPassed,
    TurnScheduled,
)

from .conftest import Fight, of, one


@pytest.fixture
def three(fight: Fight) -> Fight:
    fight.new()
    fight.add("target", "t")  # DEX 10, joined first
    fight.add("swordsman", "ilsa")  # DEX 15
    fight.add("shooter", "s")  # DEX 12
    return fight


def test_initiative_orders_by_dex_and_begins_with_the_statement_of_intent(three: Fight) -> None:
    events = three.declare(InitiativeDeclared()).events
    started = one(events, RoundStarted)
    assert started.order == ("ilsa", "s", "t")
    assert (started.timed, started.at, started.phase) == (True, {"ilsa": 15, "s": 12, "t": 10},
                                                          "intent")  # fmt: skip
    st = three.status()
    assert (st["phase"], st["acting"], st["dex_rank"]) == ("intent", None, None)
    assert [c["next_rank"] for c in st["combatants"]] == [10, 15, 12]


def test_next_moves_through_the_phases_to_the_first_rank(three: Fight) -> None:
    three.declare(InitiativeDeclared())
    assert one(three.pass_().events, PhaseStarted).phase == "powers"
    events = three.pass_().events
    assert one(events, PhaseStarted).phase == ""
    assert events[-1] == TurnPassed(to="ilsa", at=15)
    assert (three.status()["dex_rank"], three.status()["acting"]) == (15, "ilsa")


def test_an_action_of_a_later_phase_moves_the_round_on(three: Fight) -> None:
    three.declare(InitiativeDeclared())
    three.declare(IntentDeclared(actor="s", intent="volley"))
    events = three.declare(PowerDeclared(actor="ilsa", note="Fly", skill=60), (20,)).events
    assert one(events, PhaseStarted).phase == "powers"
    assert one(events, SkillRolled).success
    events = three.declare(AttackDeclared(actor="ilsa", target="t"), (70,)).events
    assert one(events, PhaseStarted).phase == ""
    with pytest.raises(IllegalAction, match="intent phase cannot come now"):
        three.declare(IntentDeclared(actor="t", intent="knockout"))
    assert [t.to for t in of(events, TurnPassed)] == ["ilsa", "s"]


def test_no_new_round_while_one_runs(three: Fight) -> None:
    three.declare(InitiativeDeclared())
    with pytest.raises(IllegalAction, match="intent phase"):
        three.declare(InitiativeDeclared())
    three.pass_()
    three.pass_()
    with pytest.raises(IllegalAction, match="still running"):
        three.declare(InitiativeDeclared())


def test_only_the_one_at_the_rank_acts(three: Fight) -> None:
    three.round()
    with pytest.raises(IllegalAction, match=r"it is Ilsa Varg's turn .* DEX rank 15"):
        three.attack("t", "ilsa", 10)


def test_BRP_DRAW_five_ranks_then_acts_again(three: Fight) -> None:
    three.round()
    events = three.draw("ilsa", "light crossbow").events
    assert one(events, WeaponChanged).drawn
    assert one(events, TurnScheduled).at == 10
    assert three.status()["acting"] == "s"
    three.pass_("s")
    assert (three.status()["acting"], three.status()["dex_rank"]) == ("ilsa", 10)  # ties: order


def test_BRP_DRAW_swap_is_ten_and_drop_is_five(three: Fight) -> None:
    three.round()
    events = three.draw("ilsa", "light crossbow", swap=True).events
    assert [(w.weapon, w.drawn) for w in of(events, WeaponChanged)] == [
        ("broadsword", False),
        ("light crossbow", True),
    ]
    assert one(events, TurnScheduled).at == 5
    three.pass_("s")
    three.pass_("t")
    assert three.status()["acting"] == "ilsa"
    events = three.draw("ilsa", "broadsword", drop=True).events
    assert [w.reason for w in of(events, WeaponChanged)] == ["dropped", "drawn (5 DEX ranks)"]
    assert one(events, TurnScheduled).at is None  # 5 - 5 = 0: no rank left


def test_BRP_DRAW_is_free_past_100_percent(fight: Fight) -> None:
    fight.new()
    fight.add(
        "swordsman",
        "ilsa",
        weapons=[{"name": "blade", "skill": 101, "damage": "1D8", "drawn": False}],
    )
    fight.add("target", "t")
    fight.round()
    assert one(fight.draw("ilsa", "blade").events, TurnScheduled).at == 15


def test_BRP_PRONE_standing_takes_five_ranks_and_the_attack(three: Fight) -> None:
    three.ruling("ilsa", condition="prone")
    three.round()
    events = three.stand("ilsa").events
    assert one(events, TurnScheduled).at == 10
    assert three.conditions("ilsa") == {"getting up": 1}
    assert three.who("ilsa")["actions_used"] == ["attack"]
    three.pass_("s")
    with pytest.raises(IllegalAction, match="getting up"):
        three.attack("ilsa", "t", 10)


def test_pass_ends_the_ranks_and_the_round_ends_when_nobody_has_one(three: Fight) -> None:
    three.round()
    three.pass_("ilsa")
    three.pass_("s")
    events = three.pass_().events
    assert events[-1] == TurnPassed(to=None)
    assert three.status()["acting"] is None


def test_conditions_for_n_rounds_end_when_their_rounds_are_over(three: Fight) -> None:
    """Given in round 1 for 1 round, it ends as round 1's last rank is done (not as round 2
    begins), so round 2 is counted without it."""
    three.round()
    three.ruling("t", condition="stunned", rounds=1)
    assert three.conditions("t") == {"stunned": 1}
    three.pass_("ilsa")
    three.pass_("s")
    events = three.pass_("t").events
    assert ConditionChanged(combatant="t", condition="stunned", present=False,
                            rule="its rounds are over") in events  # fmt: skip
    assert three.conditions("t") == {}
    events = three.declare(InitiativeDeclared()).events
    assert not of(events, ConditionChanged)


def test_a_cost_past_rank_one_ends_the_round_for_him(three: Fight) -> None:
    three.round()
    from events.brp import ActDeclared

    events = three.declare(ActDeclared(actor="ilsa", note="runs", ranks=20)).events
    assert one(events, TurnScheduled).at is None
