"""Active defences (GURPS-ACTIVE-DEFENSE): Dodge, Parry and Block with Combat Reflexes and a
shield's DB, retreat, Dodge and Drop, the multiple-parry penalty (GURPS-MULTIPLE-PARRY,
halved for fencing weapons, GURPS-FENCING), no defence after an All-Out Attack or against a
critical hit (GURPS-CRITICAL), and a halved Dodge below 1/3 HP (GURPS-LOW-HP)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import RulingDeclared
from events.gurps import DefenseDeclined, DefenseRolled, PostureChanged

from .conftest import PISTOL, SHIELD, Fight, of, one, sheet


@pytest.fixture
def knight(fight: Fight) -> Fight:
    """``a`` attacks ``k``: Combat Reflexes, broadsword 12, shield 12 (DB 2), Basic Speed 5."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}))
    k = sheet("K", skills={"broadsword": 12, "shield": 12}, traits={"combat_reflexes": True})
    k["weapons"] = [*k["weapons"], SHIELD]
    fight.add("k", k)
    fight.start(1, 1)
    return fight


@pytest.mark.parametrize(
    ("choice", "retreat", "target"),
    [("dodge", False, 11), ("dodge", True, 14), ("parry", False, 12), ("parry", True, 13),
     ("block", False, 12), ("block", True, 15)],
)  # fmt: skip
def test_defence_levels(knight: Fight, choice: str, retreat: bool, target: int) -> None:
    """GURPS-ACTIVE-DEFENSE: Dodge 5 + 3, Parry 3 + 12/2, Block 3 + 12/2; +1 Combat
    Reflexes, +2 the shield's DB; a retreat +3 to Dodge and Block, +1 to Parry."""
    knight.attack("a", "k", 3, 3, 3)
    result = knight.defend("k", choice, 3, 3, 3, retreat=retreat)
    r = one(result.events, DefenseRolled).roll
    assert (r.target, r.tier) == (target, "success")


def test_multiple_parries_and_fencing(fight: Fight) -> None:
    """GURPS-MULTIPLE-PARRY: a second parry with the same weapon before his turn is at -4;
    with a fencing weapon -2 (GURPS-FENCING), and a fencing retreat is +3."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}))
    rapier = {"name": "rapier", "skill": "rapier", "damage": "thr+1 imp", "reach": "1",
              "parry": 0, "fencing": True}  # fmt: skip
    fight.add("b", sheet("B", skills={"broadsword": 12, "rapier": 12}))
    fight.add("f", sheet("F", skills={"rapier": 12}, weapons=[rapier]))
    fight.start(1, 1, 1)
    fight.maneuver("a", "all-out-attack", mode="double")
    fight.attack("a", "b", 3, 3, 3)
    first = one(fight.defend("b", "parry", 3, 3, 3).events, DefenseRolled).roll
    fight.attack("a", "b", 3, 3, 3)
    second = one(fight.defend("b", "parry", 3, 3, 3, 1).events, DefenseRolled).roll
    assert (first.target, second.target) == (9, 5)
    fight.next()  # b's turn: he passes; f's turn
    fight.next()  # second 2: a
    fight.maneuver("a", "all-out-attack", mode="double")
    fight.attack("a", "f", 3, 3, 3)
    one_ = one(fight.defend("f", "parry", 3, 3, 3, retreat=True).events, DefenseRolled).roll
    fight.attack("a", "f", 3, 3, 3)
    two = one(fight.defend("f", "parry", 3, 3, 3, 1).events, DefenseRolled).roll
    assert (one_.target, two.target) == (12, 7)


def test_all_out_attacker_has_no_defence(duel: Fight) -> None:
    """GURPS-ALL-OUT-ATTACK: until his next turn an All-Out Attacker cannot defend."""
    duel.maneuver("a", "all-out-attack", mode="determined")
    duel.attack("a", "b", 6, 6, 6)
    result = duel.attack("b", "a", 3, 3, 3, 1, defend="dodge")
    assert "All-Out Attack" in one(result.events, DefenseDeclined).reason
    assert duel.who("a")["hp"] == 7


def test_a_critical_hit_allows_no_defence(duel: Fight) -> None:
    """GURPS-CRITICAL: a critical hit (3-4) allows no defence."""
    result = duel.attack("a", "b", 1, 1, 2, 1, defend="parry")
    assert "critical" in one(result.events, DefenseDeclined).reason
    assert of(result.events, DefenseRolled) == []


def test_dodge_is_halved_below_a_third_of_hp(duel: Fight) -> None:
    """GURPS-LOW-HP: at 3 HP of 10, Dodge 8 is halved to 4, and Move 5 to 3."""
    assert duel.who("b")["move"] == 5
    duel.declare(RulingDeclared(combatant="b", damage=7, text="old wounds"))
    assert duel.who("b")["move"] == 3
    duel.attack("a", "b", 3, 3, 3)
    r = one(duel.defend("b", "dodge", 1, 1, 1).events, DefenseRolled).roll
    assert r.target == 4


def test_dodge_and_drop(fight: Fight) -> None:
    """GURPS-ACTIVE-DEFENSE: Dodge and Drop, against a shot, is +3 and leaves him prone:
    Basic Speed 5, dodge 8, 11 with the drop."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"guns": 12}, weapons=[PISTOL]))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    fight.attack("a", "b", 2, 2, 3, weapon="pistol", range=10)  # 7 against 12 - 4 range
    result = fight.defend("b", "dodge", 3, 3, 3, drop=True)
    assert one(result.events, DefenseRolled).roll.target == 11
    assert one(result.events, PostureChanged).posture == "prone"


def test_dodge_and_drop_is_a_dodge_against_a_ranged_attack(duel: Fight) -> None:
    """GURPS-ACTIVE-DEFENSE: Dodge and Drop is a dodge, and only against ranged attacks: a
    melee blow is refused it (Basic Set)."""
    duel.attack("a", "b", 3, 3, 3)
    with pytest.raises(IllegalAction, match="Dodge and Drop is a dodge"):
        duel.defend("b", "parry", 3, 3, 3, drop=True)
    with pytest.raises(IllegalAction, match="against ranged attacks"):
        duel.defend("b", "dodge", 3, 3, 3, drop=True)
    assert duel.status()["pending"]["reactor"] == "b"


def test_one_retreat_a_turn(knight: Fight) -> None:
    """GURPS-ACTIVE-DEFENSE: one retreat until his next turn."""
    knight.maneuver("a", "all-out-attack", mode="double")
    knight.attack("a", "k", 3, 3, 3)
    knight.defend("k", "dodge", 3, 3, 3, retreat=True)
    knight.attack("a", "k", 3, 3, 3)
    with pytest.raises(IllegalAction, match="retreated already"):
        knight.defend("k", "dodge", 3, 3, 3, retreat=True)
