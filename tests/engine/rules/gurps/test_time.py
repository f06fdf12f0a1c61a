"""Time (GURPS-SEQUENCE): the turn sequence set once, seconds that follow by themselves, and
what the start of a turn brings: shock for that turn only (GURPS-SHOCK), a stunned fighter's
recovery roll (GURPS-STUN), the 0 HP consciousness roll (GURPS-ZERO-HP), and Wait
(GURPS-WAIT)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import ConditionChanged, HoldDeclared, ReleaseDeclared, RulingDeclared
from events.gurps import (
    AttackRolled,
    InitiativeRolled,
    ManeuverChosen,
    StunChanged,
    SuccessRolled,
    TurnBegan,
)

from .conftest import Fight, of, one, sheet


def test_sequence_by_speed_then_dx_then_a_roll(fight: Fight) -> None:
    """GURPS-SEQUENCE: Basic Speed first (6 beats 5.75), then DX (12 beats 11 at 5.75), then
    the 1d (5 beats 2)."""
    fight.new()
    fight.add("slow", sheet("Slow", attributes={"dx": 11, "ht": 12}))  # 5.75
    fight.add("fast", sheet("Fast", attributes={"dx": 12, "ht": 12}))  # 6
    fight.add("deft", sheet("Deft", attributes={"dx": 12, "ht": 11}))  # 5.75, DX 12
    fight.add("lucky", sheet("Lucky", attributes={"dx": 11, "ht": 12}))  # as Slow
    result = fight.start(2, 1, 1, 5)
    assert [e.roll.total for e in of(result.events, InitiativeRolled)] == [2, 1, 1, 5]
    doc = fight.status()
    assert doc["order"] == ["fast", "deft", "lucky", "slow"]
    assert (doc["second"], doc["acting"]) == (1, "fast")


def test_the_next_second_begins_by_itself(duel: Fight) -> None:
    """GURPS-SEQUENCE: after the last turn of a second, the next begins, same sequence; a
    second `initiative` is refused."""
    duel.next()
    assert (duel.status()["second"], duel.status()["acting"]) == (1, "b")
    result = duel.next()
    assert [e.second for e in of(result.events, TurnBegan)] == [2]
    assert (duel.status()["second"], duel.status()["acting"]) == (2, "a")
    with pytest.raises(IllegalAction, match=r"sequence is set|still running"):
        duel.start()


def test_shock_is_for_the_next_turn_only(duel: Fight) -> None:
    """GURPS-SHOCK: 2 cut x1.5 = 3 injury gives -3 on b's next turn (his attack at 12 - 3 =
    9), gone on the turn after."""
    duel.attack("a", "b", 3, 3, 3, 1, defend="none")
    assert duel.who("b")["shock"] == 3
    r = one(duel.attack("b", "a", 3, 3, 3, 1, defend="none").events, AttackRolled).roll
    assert r.target == 9 and [m.value for m in r.target_modifiers] == [-3]
    began = one(duel.next().events, TurnBegan)  # a's turn of second 2 ends: b's begins
    assert (began.combatant, began.second, began.shock) == ("b", 2, 0)
    assert duel.who("b")["shock"] == 0


def test_high_pain_threshold_takes_no_shock(fight: Fight) -> None:
    """GURPS-SHOCK: High Pain Threshold: no shock."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}))
    fight.add("b", sheet("B", traits={"high_pain_threshold": True}))
    fight.start(1, 1)
    fight.attack("a", "b", 3, 3, 3, 1, defend="none")
    assert fight.who("b")["shock"] == 0 and fight.who("b")["hp"] == 7


def test_stunned_does_nothing_and_rolls_to_recover(duel: Fight) -> None:
    """GURPS-STUN, GURPS-KNOCKDOWN: 4 cut x1.5 = 6 injury is a major wound on 10 HP; HT 10
    rolled 12 fails: stunned and prone. On his turn he does nothing and rolls HT (9): he
    recovers at its end."""
    result = duel.attack("a", "b", 3, 3, 3, 3, 6, 5, 1, 3, 3, 3, defend="none")
    assert [e.stun for e in of(result.events, StunChanged)] == ["physical", "none"]
    chosen = [e for e in of(result.events, ManeuverChosen) if e.combatant == "b"]
    assert [e.maneuver for e in chosen] == ["do-nothing"]
    rolls = [e.roll.total for e in of(result.events, SuccessRolled)]
    assert rolls == [12, 9]
    b = duel.who("b")
    assert (b["stun"], b["posture"], b["hp"]) == ("none", "prone", 4)
    assert duel.status()["acting"] == "a" and duel.status()["second"] == 2


def test_zero_hp_rolls_ht_each_turn(duel: Fight) -> None:
    """GURPS-ZERO-HP: at -12 HP (10 HP: one full multiple below zero) HT 10 - 1 at the start
    of his turn; 18 fails: unconscious, and his turns are skipped."""
    duel.declare(RulingDeclared(combatant="b", damage=22, text="a fall"))
    result = duel.next(6, 6, 6)
    r = one(result.events, SuccessRolled).roll
    assert (r.target, r.tier) == (9, "fumble")
    assert any(e.condition == "unconscious" for e in of(result.events, ConditionChanged))
    assert duel.status()["acting"] == "a" and duel.status()["second"] == 2


def test_wait_then_release_is_an_attack(duel: Fight) -> None:
    """GURPS-WAIT: a hold is the Wait maneuver; released on b's turn, a attacks."""
    held = duel.declare(HoldDeclared(actor="a", trigger="b comes close"))
    assert one(held.events, ManeuverChosen).maneuver == "wait"
    duel.declare(ReleaseDeclared(actor="a"))
    result = duel.attack("a", "b", 6, 6, 6)
    assert one(result.events, AttackRolled).hits == 0
    assert duel.status()["acting"] == "b"
