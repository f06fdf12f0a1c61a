"""Defending against an attacker one cannot see (GURPS-VIS-DEFEND-UNSEEN): `attack --unseen
aware|unaware`."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import ReactionRequested
from events.gurps import DefenseDeclined, DefenseRolled, SuccessRolled

from .conftest import Fight, of, one, sheet


def _fight(fight: Fight) -> Fight:
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"broadsword": 18}))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight


def test_heard_he_parries_at_minus_4(fight: Fight) -> None:
    """GURPS-VIS-DEFEND-UNSEEN: b's Hearing (Per 10 - 2 = 8) rolls 6: made; he may dodge or
    parry, each at -4: his Parry 9 is 5."""
    _fight(fight)
    out = fight.attack("a", "b", 2, 2, 2, 3, 3, 3, unseen="aware").events
    hearing = one(out, SuccessRolled)
    assert (hearing.combatant, hearing.roll.target, hearing.success) == ("b", 8, True)
    assert one(out, ReactionRequested).detail.allowed == ("dodge", "parry")
    parried = one(fight.defend("b", "parry", 6, 6, 6, 1).events, DefenseRolled).roll
    assert parried.target == 5
    assert [(m.value, m.rule) for m in parried.target_modifiers] == [
        (-4, "GURPS-VIS-DEFEND-UNSEEN")
    ]


def test_not_heard_he_may_only_dodge(fight: Fight) -> None:
    """GURPS-VIS-DEFEND-UNSEEN: Hearing missed (18): a dodge at -4 only (8 - 4 = 4)."""
    _fight(fight)
    out = fight.attack("a", "b", 6, 6, 6, 3, 3, 3, unseen="aware").events
    assert one(out, ReactionRequested).detail.allowed == ("dodge",)
    with pytest.raises(IllegalAction, match="cannot parry"):
        fight.defend("b", "parry", 3, 3, 3)
    assert one(fight.defend("b", "dodge", 6, 6, 6, 1).events, DefenseRolled).roll.target == 4


def test_unaware_he_has_no_defence(fight: Fight) -> None:
    """GURPS-VIS-DEFEND-UNSEEN: unaware: no Hearing roll, no defence; the blow lands."""
    _fight(fight)
    out = fight.attack("a", "b", 3, 3, 3, 1, unseen="unaware").events
    assert of(out, SuccessRolled) == []
    assert "GURPS-VIS-DEFEND-UNSEEN" in one(out, DefenseDeclined).reason
