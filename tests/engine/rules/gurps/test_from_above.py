"""Attacking from above (GURPS-ATTACK-FROM-ABOVE): `attack --from-above
unwatched|watching|warned [--dropping YARDS]`."""

from __future__ import annotations

import pytest

from engine.rules import UsageError
from events.gurps import AttackRolled, ContestRolled, DefenseDeclined, DefenseRolled

from .conftest import Fight, of, one, sheet


def _fight(fight: Fight) -> Fight:
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"broadsword": 18, "stealth": 14}))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight


def test_unseen_from_above_he_has_no_defence(fight: Fight) -> None:
    """GURPS-ATTACK-FROM-ABOVE: Stealth 14 rolls 9 against b's Vision 10 - 2 (not watching
    overhead) = 8 rolling 15: a wins; the blow lands undefended."""
    _fight(fight)
    out = fight.attack("a", "b", 3, 3, 3, 5, 5, 5, 3, 3, 3, 1, from_above="unwatched").events
    c = one(out, ContestRolled)
    assert (c.active_roll.target, c.passive_roll.target, c.winner) == (14, 8, "a")
    assert "GURPS-ATTACK-FROM-ABOVE" in one(out, DefenseDeclined).reason


def test_seen_coming_he_defends_at_minus_2(fight: Fight) -> None:
    """GURPS-ATTACK-FROM-ABOVE: watching overhead, Vision 10 + 2 = 12 rolls 9 and wins: he
    dodges at 8 - 2 = 6."""
    _fight(fight)
    out = fight.attack("a", "b", 6, 6, 5, 3, 3, 3, 3, 3, 3, from_above="watching").events
    c = one(out, ContestRolled)
    assert (c.passive_roll.target, c.winner) == (12, "b")
    d = one(fight.defend("b", "dodge", 6, 6, 6, 1).events, DefenseRolled).roll
    assert d.target == 6
    assert [(m.value, m.rule) for m in d.target_modifiers] == [(-2, "GURPS-ATTACK-FROM-ABOVE")]


def test_warned_and_dropping(fight: Fight) -> None:
    """GURPS-ATTACK-FROM-ABOVE: a warned victim: no contest, -2 to his defence; dropping 3
    yards onto him first is -2 to hit: 16."""
    _fight(fight)
    with pytest.raises(UsageError, match="--dropping"):
        fight.attack("a", "b", 6, 6, 6, dropping=3)
    out = fight.attack("a", "b", 6, 6, 6, from_above="warned", dropping=3).events
    assert of(out, ContestRolled) == []
    r = one(out, AttackRolled).roll
    assert (r.target, [(m.value, m.rule) for m in r.target_modifiers]) == (
        16,
        [(-2, "GURPS-ATTACK-FROM-ABOVE")],
    )
