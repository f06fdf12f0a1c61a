"""Maneuvers (GURPS-MANEUVERS): one a turn, each with its limits and its effect on attacks and
defences — All-Out Attack (GURPS-ALL-OUT-ATTACK), All-Out Defense (GURPS-ALL-OUT-DEFENSE),
Move and Attack (GURPS-MOVE-AND-ATTACK), Evaluate (GURPS-EVALUATE), Aim (GURPS-AIM), Feint
(GURPS-FEINT), Change Posture (GURPS-POSTURE)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UsageError
from events.gurps import (
    AttackRolled,
    ContestRolled,
    DamageRolled,
    DefenseRolled,
    FeintApplied,
)

from .conftest import PISTOL, Fight, one, sheet


def _mods(result) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    r = one(result.events, AttackRolled).roll
    return [(m.name, m.value) for m in r.target_modifiers]


def test_one_maneuver_a_turn(duel: Fight) -> None:
    """GURPS-MANEUVERS: a second maneuver in the same turn is refused; a maneuver that does
    not attack ends the turn (the next second begins)."""
    duel.maneuver("a", "attack")
    with pytest.raises(IllegalAction, match="one maneuver a turn"):
        duel.maneuver("a", "move")
    duel.attack("a", "b", 6, 6, 6)
    duel.maneuver("b", "move")
    assert (duel.status()["second"], duel.status()["acting"]) == (2, "a")
    with pytest.raises(IllegalAction, match="not B's"):
        duel.attack("b", "a", 3, 3, 3)


def test_all_out_attack_determined(duel: Fight) -> None:
    """GURPS-ALL-OUT-ATTACK: Determined is +4 to a melee attack (12 + 4 = 16)."""
    duel.maneuver("a", "all-out-attack", mode="determined")
    result = duel.attack("a", "b", 6, 6, 6)
    assert one(result.events, AttackRolled).roll.target == 16
    with pytest.raises(UsageError, match="--mode"):
        duel.maneuver("b", "all-out-attack")


def test_all_out_attack_strong(duel: Fight) -> None:
    """GURPS-ALL-OUT-ATTACK: Strong is +2 damage (1d+1 becomes 1d+3)."""
    duel.maneuver("a", "all-out-attack", mode="strong")
    result = duel.attack("a", "b", 3, 3, 3, 1, 3, 3, 3, defend="none")
    dmg = one(result.events, DamageRolled).roll
    assert (dmg.spec, dmg.total) == ("1D6+3", 4)


def test_all_out_defense_adds_two(duel: Fight) -> None:
    """GURPS-ALL-OUT-DEFENSE: +2 to the chosen defence until his next turn (Dodge 8 -> 10)."""
    duel.next()
    duel.maneuver("b", "all-out-defense", mode="dodge")
    duel.attack("a", "b", 3, 3, 3)
    r = one(duel.defend("b", "dodge", 3, 3, 3).events, DefenseRolled).roll
    assert r.target == 10


def test_move_and_attack(fight: Fight) -> None:
    """GURPS-MOVE-AND-ATTACK: -4 and at most 9 in melee (15 - 4 = 11, held to 9); no parry
    with that weapon until his next turn."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"broadsword": 15}))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    fight.maneuver("a", "move-and-attack")
    result = fight.attack("a", "b", 6, 6, 6)
    r = one(result.events, AttackRolled).roll
    assert r.target == 9 and [m.op for m in r.target_modifiers] == ["add", "cap"]
    fight.attack("b", "a", 3, 3, 3)
    with pytest.raises(IllegalAction, match="no parry with it"):
        fight.defend("a", "parry", 3, 3, 3)
    fight.defend("a", "dodge", 2, 2, 2)


def test_evaluate_adds_one_to_the_next_attack(duel: Fight) -> None:
    """GURPS-EVALUATE: +1 to the next attack on the foe studied."""
    duel.maneuver("a", "evaluate", target="b")
    duel.next()
    result = duel.attack("a", "b", 6, 6, 6)
    assert ("Evaluate", 1) in _mods(result)


def test_aim_adds_acc_then_more(fight: Fight) -> None:
    """GURPS-AIM: one second of aim adds Acc 2; three seconds add Acc 2 + 2; range 10 yd is
    -4 (GURPS-RANGE)."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"guns": 12}, weapons=[PISTOL]))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    for _ in range(3):
        fight.aim("a", weapon="pistol", target="b")
        fight.next()
    result = fight.attack("a", "b", 6, 6, 6, weapon="pistol", range=10)
    assert _mods(result) == [("Acc (aimed)", 2), ("aimed 3 seconds", 2), ("range 10 yd", -4)]
    assert one(result.events, AttackRolled).roll.target == 12


def test_feint_against_a_foe_who_failed_takes_the_feinters_margin(duel: Fight) -> None:
    """GURPS-FEINT: a Quick Contest, broadsword 12 rolled 6 (by 6) against broadsword 12
    rolled 15 (missed by 3): won by 9, but the foe failed, so the penalty is the feinter's
    own margin, 6; b's next parry against a is 9 - 6 = 3."""
    result = duel.feint("a", "b", 2, 2, 2, 5, 5, 5)
    assert one(result.events, ContestRolled).margin == 9
    assert one(result.events, FeintApplied).penalty == 6
    duel.next()
    duel.attack("a", "b", 3, 3, 3)
    r = one(duel.defend("b", "parry", 3, 3, 3, 1).events, DefenseRolled).roll
    assert (r.target, r.tier) == (3, "failure")
    assert duel.who("b")["feinted"] == {}


def test_feint_when_both_succeed_takes_the_margin_of_victory(duel: Fight) -> None:
    """GURPS-FEINT: broadsword 12 rolled 6 (by 6) against 12 rolled 10 (by 2): both
    succeeded, so the penalty is the difference, 4."""
    result = duel.feint("a", "b", 2, 2, 2, 3, 3, 4)
    assert one(result.events, FeintApplied).penalty == 4


def test_change_posture(duel: Fight) -> None:
    """GURPS-POSTURE: kneeling is -2 to melee attacks and to defences; from prone one kneels,
    crawls or sits before standing."""
    duel.maneuver("a", "change-posture", posture="kneeling")
    duel.attack("b", "a", 3, 3, 3)
    r = one(duel.defend("a", "dodge", 1, 2, 2).events, DefenseRolled).roll
    assert r.target == 6  # Basic Speed 5.75: 5 + 3, kneeling -2
    result = duel.attack("a", "b", 6, 6, 6)
    assert ("kneeling", -2) in _mods(result)


def test_all_out_attack_feint_then_the_attack(duel: Fight) -> None:
    """GURPS-ALL-OUT-ATTACK, GURPS-FEINT: All-Out Attack (Feint) is a feint and then the
    attack, in the same turn; a second feint is refused."""
    duel.maneuver("a", "all-out-attack", mode="feint")
    duel.feint("a", "b", 2, 2, 2, 5, 5, 5)
    assert duel.status()["acting"] == "a"
    with pytest.raises(IllegalAction, match="one feint"):
        duel.feint("a", "b", 2, 2, 2, 5, 5, 5)
    duel.attack("a", "b", 3, 3, 3)
    r = one(duel.defend("b", "parry", 3, 3, 3, 1).events, DefenseRolled).roll
    assert r.target == 3  # parry 9, less the feinter's margin of 6 (b failed his roll)


def test_from_prone_one_kneels_first(duel: Fight) -> None:
    """GURPS-POSTURE: lying prone he cannot stand in one maneuver."""
    duel.maneuver("a", "change-posture", posture="prone")
    duel.next()
    with pytest.raises(IllegalAction, match="they first kneel, crawl or sit"):
        duel.maneuver("a", "change-posture", posture="standing")
    duel.maneuver("a", "change-posture", posture="kneeling")
    assert duel.who("a")["posture"] == "kneeling"
