"""The sides' initiative in a partial surprise (GURPS-INIT-PARTIAL), through `surprise
partial --leaders A --leaders B`, and the recovery that follows (GURPS-SURPRISE-PARTIAL-RECOVER)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UsageError
from events.gurps import PartialInitiativeRolled, SurpriseApplied, SurpriseDeclared

from .conftest import Fight, of, one, sheet


def _sides(fight: Fight, a_traits: dict[str, bool], a_tactics: int = 0, **options: str) -> None:
    fight.new(**options)
    skills = {"broadsword": 12, **({"tactics": a_tactics} if a_tactics else {})}
    fight.add("a", sheet("A", attributes={"iq": 12}, traits=a_traits, skills=skills), side="pcs")
    fight.add("p", sheet("P", skills={"broadsword": 12, "tactics": 20}), side="pcs")
    fight.add("b", sheet("B"), side="npcs")
    fight.add("c", sheet("C"), side="npcs")


def _roll(fight: Fight, *faces: int, leaders: tuple[str, ...] = ("a", "b")):  # type: ignore[no-untyped-def]
    return fight.declare(SurpriseDeclared(kind="partial", leaders=leaders), faces)


def test_the_sides_leaders_roll_and_the_losers_are_surprised(fight: Fight) -> None:
    """GURPS-INIT-PARTIAL: a (IQ 12, Combat Reflexes, Tactics 14) rolls 3 +2 +1 +1 = 7; b (IQ
    10) rolls 4: a's side wins, and b and c (the other side) are partially surprised."""
    _sides(fight, {"combat_reflexes": True}, 14)
    out = _roll(fight, 3, 4).events
    rolled = one(out, PartialInitiativeRolled)
    first, second = rolled.rolls
    assert (first.total, second.total, rolled.winner) == (7, 4, "pcs")
    assert [m.value for m in first.modifiers] == [2, 1, 1]
    assert {m.rule for m in first.modifiers} == {"GURPS-INIT-PARTIAL"}
    surprised = of(out, SurpriseApplied)
    assert [(s.combatant, s.kind, s.frozen) for s in surprised] == [
        ("b", "partial", 0),
        ("c", "partial", 0),
    ]
    assert fight.who("c")["stun"] == "mental"


def test_a_tie_surprises_nobody(fight: Fight) -> None:
    """GURPS-INIT-PARTIAL: a (IQ 12: +1) rolls 3 = 4 and b 4 = 4: a tie, nobody surprised."""
    _sides(fight, {})
    out = _roll(fight, 3, 4).events
    assert one(out, PartialInitiativeRolled).winner is None
    assert of(out, SurpriseApplied) == []


@pytest.mark.parametrize(
    ("tactics_of", "tactics_20", "total"),
    [("leader", "two_in_total", 4), ("side", "two_in_total", 6), ("side", "one_more", 7)],
)
def test_options_partial_tactics_and_tactics_20(
    fight: Fight, tactics_of: str, tactics_20: str, total: int
) -> None:
    """GURPS-INIT-PARTIAL, options partial_tactics and tactics_20: p's Tactics 20 counts only
    when the side's best counts: +2 in all, or +3 (one more); a's 3 +1 (IQ) = 4 without it."""
    _sides(fight, {}, partial_tactics=tactics_of, tactics_20=tactics_20)
    rolled = one(_roll(fight, 3, 6).events, PartialInitiativeRolled)
    assert rolled.rolls[0].total == total


def test_refusals(fight: Fight) -> None:
    """GURPS-INIT-PARTIAL: two leaders of one side, leaders with a total surprise, or one
    leader are refused."""
    _sides(fight, {})
    with pytest.raises(IllegalAction, match="one side"):
        _roll(fight, 3, 4, leaders=("a", "p"))
    with pytest.raises(UsageError):
        fight.declare(SurpriseDeclared(kind="total", leaders=("a", "b")), (3, 4))
    with pytest.raises(UsageError):
        _roll(fight, 3, leaders=("a",))
