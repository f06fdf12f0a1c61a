"""Damage and injury: DR and the armor divisor (GURPS-DAMAGE), wounding multipliers
(GURPS-WOUNDING), hit locations (GURPS-HITLOC-TABLE, GURPS-HITLOC-LIMB, GURPS-RANDOM-LOC),
chinks (GURPS-CHINK), major wounds and knockdown (GURPS-MAJOR-WOUND, GURPS-KNOCKDOWN), death
checks (GURPS-DEATH-CHECK) and rapid fire (GURPS-RAPID-FIRE)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.core import ConditionChanged, RulingDeclared
from events.gurps import (
    AttackRolled,
    Crippled,
    DefenseRolled,
    InjuryApplied,
    LocationRolled,
    ShotsSpent,
    StunChanged,
    SuccessRolled,
)

from .conftest import SMG, Fight, of, one, sheet


def _fight(fight: Fight, weapon: str, target: dict[str, Any] | None = None) -> Fight:
    """``a`` (DX 12) with a melee weapon of damage ``weapon`` against ``b``."""
    w = {"name": "w", "skill": "broadsword", "damage": weapon, "reach": "1", "parry": 0}
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, weapons=[w]))
    fight.add("b", target or sheet("B"))
    fight.start(1, 1)
    return fight


@pytest.mark.parametrize(
    ("kind", "injury"),
    [("cr", 4), ("cut", 6), ("imp", 8), ("pi-", 2), ("pi", 4), ("pi+", 6), ("pi++", 8),
     ("burn", 4)],
)  # fmt: skip
def test_wounding_multipliers(fight: Fight, kind: str, injury: int) -> None:
    """GURPS-WOUNDING: 4 penetrating is 4 crushing, 6 cutting, 8 impaling, 2 small piercing,
    4 piercing, 6 large, 8 huge (a 20 HP target: no major wound)."""
    _fight(fight, f"2d {kind}", sheet("B", attributes={"st": 20}))
    result = fight.attack("a", "b", 3, 3, 3, 2, 2, defend="none")
    e = one(result.events, InjuryApplied)
    assert (e.penetrating, e.amount, e.after) == (4, injury, 20 - injury)


def test_dr_armor_divisor_and_the_least_injury(fight: Fight) -> None:
    """GURPS-DAMAGE: DR 5 with an armor divisor of 2 stops 2: 6 gets 4 through; small
    piercing that gets 1 through still injures 1."""
    _fight(fight, "2d(2) pi", sheet("B", dr={"all": 5}))
    e = one(fight.attack("a", "b", 3, 3, 3, 3, 3, defend="none").events, InjuryApplied)
    assert (e.dr, e.penetrating, e.amount) == (2, 4, 4)
    fight.next()
    fight.declare(RulingDeclared(combatant="b", text="reset"))  # a note: nothing changes


def test_small_piercing_penetrating_one_injures_one(fight: Fight) -> None:
    """GURPS-WOUNDING: 1 x 0.5 rounds to 0, but anything that penetrates injures at least 1."""
    _fight(fight, "2d pi-", sheet("B", dr={"all": 5}))
    e = one(fight.attack("a", "b", 3, 3, 3, 3, 3, defend="none").events, InjuryApplied)
    assert (e.penetrating, e.amount) == (1, 1)


def test_skull(fight: Fight) -> None:
    """GURPS-HITLOC-TABLE: the skull is -7 to hit, has 2 DR of its own, takes x4, and its
    knockdown roll is at -10: HT 10 - 10 = 0, a 9 fails by 9: unconscious."""
    _fight(fight, "sw+1 cut")
    result = fight.attack("a", "b", 2, 2, 1, 3, 3, 3, 3, location="skull", defend="none")
    assert one(result.events, AttackRolled).roll.target == 5
    e = one(result.events, InjuryApplied)
    assert (e.basic, e.dr, e.penetrating, e.amount) == (4, 2, 2, 8)
    knock = one(result.events, SuccessRolled)
    assert (knock.roll.target, knock.success) == (0, False)
    assert any(c.condition == "unconscious" for c in of(result.events, ConditionChanged))


def test_limbs_cripple_and_cap(fight: Fight) -> None:
    """GURPS-HITLOC-LIMB: an arm (-2) takes at most 6 on 10 HP (what cripples it: more than
    5), and is crippled; a hand (-4) at most 4 (more than 1/3 HP)."""
    _fight(fight, "sw+1 cut")
    result = fight.attack("a", "b", 3, 3, 3, 6, 3, 3, 3, location="left_arm", defend="none")
    e = one(result.events, InjuryApplied)
    assert (e.penetrating, e.amount, e.major) == (7, 6, True)
    assert one(result.events, Crippled).location == "left_arm"
    assert one(result.events, AttackRolled).roll.target == 10
    fight.next()
    result = fight.attack(
        "a", "b", 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, location="right_hand", defend="none"
    )
    e = one(result.events, InjuryApplied)
    assert (e.amount, e.after) == (4, 0)
    assert fight.who("b")["crippled"] == ["left_arm", "right_hand"]


def test_the_eye_takes_only_some_damage_types(fight: Fight) -> None:
    """GURPS-HITLOC-TABLE: a cutting blow cannot target the eye."""
    _fight(fight, "sw+1 cut")
    with pytest.raises(IllegalAction, match="cannot target the eye"):
        fight.attack("a", "b", 3, 3, 3, location="eye")


def test_chink_in_armor(fight: Fight) -> None:
    """GURPS-CHINK: -8 at the torso's chink, and its DR is halved (6 -> 3): 6 impaling gets 3
    through, x2 = 6. A cutting blow finds no chink."""
    _fight(fight, "2d imp", sheet("B", attributes={"st": 14}, dr={"all": 6}))
    result = fight.attack("a", "b", 1, 1, 1, 3, 3, chink=True, defend="none")
    assert one(result.events, AttackRolled).roll.target == 4
    e = one(result.events, InjuryApplied)
    assert (e.dr, e.penetrating, e.amount) == (3, 3, 6)


def test_random_location(fight: Fight) -> None:
    """GURPS-RANDOM-LOC: no penalty to hit; 3d of 15 is a hand, 1d of 5 the left."""
    _fight(fight, "sw+1 cut", sheet("B", attributes={"st": 14}))
    result = fight.attack("a", "b", 6, 2, 2, 5, 5, 5, 5, 1, location="random", defend="none")
    assert one(result.events, AttackRolled).roll.target == 12
    assert one(result.events, LocationRolled).location == "left_hand"
    assert one(result.events, InjuryApplied).amount == 3


def test_major_wound_knockdown(duel: Fight) -> None:
    """GURPS-MAJOR-WOUND, GURPS-KNOCKDOWN: 6 injury on 10 HP is more than half: HT 10, a 12
    fails by 2: physically stunned and prone."""
    result = duel.attack("a", "b", 3, 3, 3, 3, 6, 5, 1, 6, 6, 6, defend="none")
    assert one(result.events, InjuryApplied).major
    assert [e.stun for e in of(result.events, StunChanged)] == ["physical"]
    assert duel.who("b")["posture"] == "prone"


def test_death_checks(duel: Fight) -> None:
    """GURPS-DEATH-CHECK: from 0 to -10 HP (10 HP) crosses -1 x HP: an HT roll, 18 fails:
    dead (and the dead make no knockdown roll)."""
    duel.declare(RulingDeclared(combatant="b", damage=10, text="bleeding"))
    result = duel.attack("a", "b", 3, 3, 3, 6, 6, 6, 6, defend="none")
    checks = [e for e in of(result.events, SuccessRolled) if e.rule == "GURPS-DEATH-CHECK"]
    assert [e.success for e in checks] == [False]
    assert not duel.who("b")["alive"]


def test_dead_at_five_times_minus_hp(duel: Fight) -> None:
    """GURPS-DEATH-CHECK: at -5 x HP dead without a roll."""
    duel.declare(RulingDeclared(combatant="b", damage=50, text="crushed"))
    result = duel.attack("a", "b", 3, 3, 3, 6, defend="none")
    assert any(e.condition == "dead" for e in of(result.events, ConditionChanged))
    assert of(result.events, SuccessRolled) == []


def test_rapid_fire(fight: Fight) -> None:
    """GURPS-RAPID-FIRE: 10 shots are +2 (14 + 2 = 16); 7 makes it by 9, Recoil 2: 1 + 4 = 5
    hits; a dodge made by 2 stops 3 of them, 2 land."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"guns": 14}, weapons=[SMG]))
    fight.add("b", sheet("B", attributes={"st": 30}))
    fight.start(1, 1)
    result = fight.attack("a", "b", 3, 2, 2, weapon="smg", rof=10)
    rolled = one(result.events, AttackRolled)
    assert (rolled.roll.target, rolled.hits, rolled.shots) == (16, 5, 10)
    assert one(result.events, ShotsSpent).left == 20
    result = fight.defend("b", "dodge", 2, 2, 2, *([1, 1] * 2))
    assert one(result.events, DefenseRolled).stopped == 3
    assert len(of(result.events, InjuryApplied)) == 2


def test_the_eye_is_blinded_but_not_capped(fight: Fight) -> None:
    """GURPS-HITLOC-TABLE: the eye (-9) takes x4 with no skull DR; more than HP/10 cripples
    it (blinds), and the rest is not lost: 4 impaling is 16 injury."""
    _fight(fight, "2d imp", sheet("B", attributes={"st": 20}))
    result = fight.attack("a", "b", 1, 1, 1, 2, 2, 3, 3, 3, location="eye", defend="none")
    assert one(result.events, AttackRolled).roll.target == 3
    e = one(result.events, InjuryApplied)
    assert (e.dr, e.penetrating, e.amount) == (0, 4, 16)
    assert one(result.events, Crippled).location == "eye"
