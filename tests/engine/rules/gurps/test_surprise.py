"""Surprise as the GM rules it (GURPS-SURPRISE-GRANT): a total surprise's freeze and IQ rolls
(GURPS-SURPRISE-TOTAL), Combat Reflexes (GURPS-SURPRISE-CR), a partial surprise's growing
bonus (GURPS-SURPRISE-PARTIAL-RECOVER)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UnknownName
from events.gurps import SuccessRolled, SurpriseApplied, SurpriseDeclared, SurpriseTurn

from .conftest import Fight, of, one, sheet


def _surprise(fight: Fight, kind: str, *victims: str, rolled: tuple[int, ...] = ()):  # type: ignore[no-untyped-def]
    return fight.declare(SurpriseDeclared(kind=kind, victims=victims), rolled)  # type: ignore[arg-type]


def test_total_surprise_freezes_then_iq_each_turn(duel: Fight) -> None:
    """GURPS-SURPRISE-TOTAL: frozen 1d = 2 seconds (no roll, Do Nothing), then IQ 10 at the
    start of each turn, no bonus growing: 13 fails, 9 recovers at that turn's end."""
    applied = one(_surprise(duel, "total", "b", rolled=(2,)).events, SurpriseApplied)
    assert (applied.kind, applied.frozen) == ("total", 2)
    assert duel.who("b")["stun"] == "mental"
    for left in (1, 0):
        turn = one(duel.next().events, SurpriseTurn)
        assert (turn.frozen_left, turn.attempt) == (left, 0)
    failed = duel.next(6, 6, 1)
    r = one(failed.events, SuccessRolled).roll
    assert (r.target, r.total, r.target_modifiers) == (10, 13, ())
    assert duel.who("b")["stun"] == "mental"
    recovered = duel.next(3, 3, 3)
    assert one(recovered.events, SurpriseTurn).recovered
    assert one(recovered.events, SuccessRolled).roll.target == 10
    assert (duel.who("b")["stun"], duel.who("b")["surprise"]) == ("none", None)


def test_combat_reflexes_never_freezes(fight: Fight) -> None:
    """GURPS-SURPRISE-CR: with Combat Reflexes a total surprise is partial (no freeze, no
    die rolled) and recovery rolls are +6."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}))
    fight.add("b", sheet("B", traits={"combat_reflexes": True}))
    fight.start(1, 1)
    applied = one(_surprise(fight, "total", "b").events, SurpriseApplied)
    assert (applied.kind, applied.frozen, applied.rule) == ("partial", 0, "GURPS-SURPRISE-CR")
    r = one(fight.next(6, 6, 4).events, SuccessRolled).roll
    assert (r.target, r.total, r.tier) == (16, 16, "success")


def test_partial_surprise_bonus_grows(duel: Fight) -> None:
    """GURPS-SURPRISE-PARTIAL-RECOVER: no freeze; the second roll is +1, the third +2."""
    _surprise(duel, "partial", "b")
    targets = []
    for faces in ((6, 6, 6), (6, 6, 5), (6, 5, 1)):
        result = duel.next(*faces)
        targets.append(one(result.events, SuccessRolled).roll.target)
    assert targets == [10, 11, 12]
    assert duel.who("b")["stun"] == "none"


def test_the_gm_names_the_victims(duel: Fight) -> None:
    """GURPS-SURPRISE-GRANT: the GM's ruling; an unknown victim is refused; a surprised
    fighter can only do nothing."""
    with pytest.raises(UnknownName):
        _surprise(duel, "partial", "nobody")
    result = _surprise(duel, "partial", "a", "b")
    assert len(of(result.events, SurpriseApplied)) == 2
    with pytest.raises(IllegalAction, match="stunned"):
        duel.attack("a", "b", 3, 3, 3)
