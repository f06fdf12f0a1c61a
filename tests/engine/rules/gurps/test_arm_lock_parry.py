"""The arm lock after a barehanded parry, through the public Table API with forced dice
(GURPS-ARM-LOCK, GURPS-PARRY-UNARMED). ``a`` (DX 12, Judo 14 or another skill, no weapon)
acts first and does nothing; ``b`` (broadsword 12) attacks him; ``a`` parries barehanded
(Judo: 3 + 7 = 10); on ``a``'s next turn ``grapple a b --lock arm`` is the arm lock."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import PassDeclared
from events.gurps import (
    AttackRolled,
    BreakFreeDeclared,
    BreakFreeFailed,
    ContestRolled,
    DefenseRolled,
    Grappled,
    GrappleDeclared,
    InjuryApplied,
    ManeuverDeclared,
)

from .conftest import Fight, one, sheet


def _parried(fight: Fight, skills: dict[str, int], *parry: int) -> DefenseRolled:
    """``a`` does nothing; ``b`` hits with 3,3,3; ``a`` parries with ``parry``; a new second
    begins: ``a``'s turn."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12, "ht": 11}, skills=skills, weapons=[]))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    fight.declare(ManeuverDeclared(actor="a", maneuver="do-nothing"))
    fight.attack("b", "a", 3, 3, 3)
    return one(fight.defend("a", "parry", *parry).events, DefenseRolled)


def _lock(fight: Fight, *rolled: int, defend: str | None = "none") -> list[object]:
    return list(
        fight.declare(
            GrappleDeclared(actor="a", target="b", lock="arm", defend=defend),  # type: ignore[arg-type]
            rolled,
        ).events
    )


def test_a_judo_parry_opens_the_arm_lock_on_his_next_turn(fight: Fight) -> None:
    """GURPS-ARM-LOCK: the Judo parry (10: 3,3,3) stops the blow and opens the lock; status
    says so; on a's next turn the lock is a Judo attack (14: 3,4,4 hits), b does not defend,
    and b's right arm is locked: held, not merely grappled."""
    d = _parried(fight, {"judo": 14}, 3, 3, 3)
    assert (d.skill, d.stopped, d.arm_lock) == ("judo", 1, True)
    assert "arm-lock" in d.reason
    assert fight.who("a")["arm_lock_chance"] == ["b"]
    assert fight.status()["acting"] == "a"
    out = _lock(fight, 3, 4, 4)
    rolled = next(e for e in out if isinstance(e, AttackRolled))
    assert (rolled.roll.target, rolled.roll.rule, rolled.weapon) == (
        14,
        "GURPS-ARM-LOCK",
        "arm lock",
    )
    assert "after their barehanded parry" in rolled.reason
    grabbed = next(e for e in out if isinstance(e, Grappled))
    assert (grabbed.hold, grabbed.location, grabbed.rule) == (
        "arm_lock",
        "right_arm",
        "GURPS-ARM-LOCK",
    )
    assert fight.who("a")["holding"] == {"victim": "b", "hold": "arm_lock", "location": "right_arm"}
    assert fight.who("b")["held_by"] == "a"


def test_breaking_the_lock_is_at_plus_4_and_a_growing_minus_1(fight: Fight) -> None:
    """GURPS-ARM-LOCK, as written: b breaks free against a's Judo 14 +4 (18); failing, his
    next try is at -1; a's next turn squeezes the arm (Judo 14 against b's ST 10; the
    crippling injury's knockdown roll 3,3,3)."""
    _parried(fight, {"judo": 14}, 3, 3, 3)
    _lock(fight, 3, 4, 4)
    out = fight.declare(BreakFreeDeclared(actor="b"), (3, 3, 3, 3, 3, 3)).events
    c = one(out, ContestRolled)
    assert c.passive_roll.target == 18
    assert [(m.value, m.rule) for m in c.passive_roll.target_modifiers] == [(4, "GURPS-ARM-LOCK")]
    assert one(out, BreakFreeFailed).tries == 1
    squeeze = fight.declare(
        GrappleDeclared(actor="a", target="b", lock="arm"), (3, 3, 3, 6, 6, 5, 3, 3, 3)
    )
    assert one(squeeze.events, ContestRolled).winner == "a"
    assert one(squeeze.events, InjuryApplied).location == "right_arm"
    again = fight.declare(BreakFreeDeclared(actor="b"), (3, 3, 3, 3, 3, 3)).events
    mine = one(again, ContestRolled).active_roll
    assert [(m.value, m.rule) for m in mine.target_modifiers] == [(-1, "GURPS-ARM-LOCK")]


def test_a_wrestling_parry_opens_it_too(fight: Fight) -> None:
    """GURPS-ARM-LOCK: a barehanded Wrestling parry (3 + 7 - 3 = 7 against the broadsword)
    opens the lock, rolled against Wrestling 14."""
    d = _parried(fight, {"wrestling": 14}, 2, 2, 2)
    assert (d.skill, d.arm_lock) == ("wrestling", True)
    out = _lock(fight, 3, 4, 4)
    rolled = next(e for e in out if isinstance(e, AttackRolled))
    assert rolled.roll.purpose == "arm lock (wrestling)"


@pytest.mark.parametrize("skill", ["karate", "brawling"])
def test_other_parries_open_no_arm_lock(fight: Fight, skill: str) -> None:
    """GURPS-ARM-LOCK: only a Judo or Wrestling parry opens it; Karate's or Brawling's does
    not, and the lock is refused (exit 1) for a foe he does not hold."""
    d = _parried(fight, {skill: 16, "judo": 8}, 1, 1, 1)
    assert (d.skill, d.arm_lock) == (skill, False)
    with pytest.raises(IllegalAction, match="GURPS-ARM-LOCK"):
        _lock(fight, 3, 3, 3)


def test_a_failed_parry_opens_nothing(fight: Fight) -> None:
    """GURPS-ARM-LOCK: the parry must succeed."""
    d = _parried(fight, {"judo": 14}, 6, 6, 5, 1)
    assert (d.stopped, d.arm_lock) == (0, False)
    with pytest.raises(IllegalAction, match="GURPS-ARM-LOCK"):
        _lock(fight, 3, 3, 3)


def test_the_lock_is_open_on_his_first_turn_after_the_parry_only(fight: Fight) -> None:
    """GURPS-ARM-LOCK (reading): the chance is a's first turn after the parry; he lets it
    pass, b passes too, and on a's turn after that the lock is refused."""
    _parried(fight, {"judo": 14}, 3, 3, 3)
    fight.declare(PassDeclared())  # a's turn goes by (Do Nothing)
    assert fight.who("a")["arm_lock_chance"] == []
    fight.declare(PassDeclared())  # b's
    assert fight.status()["acting"] == "a"
    with pytest.raises(IllegalAction, match="GURPS-ARM-LOCK"):
        _lock(fight, 3, 3, 3)


def test_the_foe_may_defend_the_lock(fight: Fight) -> None:
    """GURPS-ARM-LOCK: the lock is an attack the foe may dodge or parry (any defence): b
    parries it with his broadsword (3 + 6 = 9: 3,3,3) and is not held."""
    _parried(fight, {"judo": 14}, 3, 3, 3)
    out = _lock(fight, 3, 4, 4, 3, 3, 3, defend="parry")
    assert one(out, DefenseRolled).stopped == 1  # type: ignore[arg-type]
    assert [e for e in out if isinstance(e, Grappled)] == []
    assert fight.who("b")["held_by"] is None
