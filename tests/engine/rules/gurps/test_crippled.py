"""What crippled limbs do (GURPS-HITLOC-LIMB): a crippled arm or hand wields, parries and blocks
nothing it holds; a crippled leg fells him and leaves him crawling; a crippled eye is the Basic
Set's One Eye; the shield arm and hand are harder to hit; a male's groin doubles crushing shock
(GURPS-HITLOC-TABLE)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.gurps import (
    AttackRolled,
    Crippled,
    DisarmDeclared,
    InjuryApplied,
    ManeuverDeclared,
    PostureChanged,
)

from .conftest import SHIELD, Fight, of, one, sheet


def _fight(fight: Fight, b: dict[str, Any] | None = None, weapon: str = "sw+1 cut") -> Fight:
    """``a`` (DX 12, broadsword 12, ``weapon``) acts first against ``b``."""
    w = {"name": "w", "skill": "broadsword", "damage": weapon, "reach": "1", "parry": 0}
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12, "ht": 11}, weapons=[w]))
    fight.add("b", b or sheet("B"))
    fight.start(1, 1)
    return fight


def _cripple(fight: Fight, where: str) -> list[Any]:
    """a's 1d+1 cut rolls 3 at ``where``: 4 cut is 6 injury, over 1/2 of B's 10 HP: crippled
    (a major wound: the knockdown roll 9 is made)."""
    return list(fight.attack("a", "b", 3, 3, 3, 3, 3, 3, 3, location=where, defend="none").events)


def test_a_crippled_arm_cannot_attack_or_parry_with_its_weapon(fight: Fight) -> None:
    """GURPS-HITLOC-LIMB: B's right arm crippled (6 injury > 5): his broadsword (right hand)
    cannot attack nor strike at a weapon; a punch (the sound left hand) can; nor can it parry
    a's next blow."""
    _fight(fight)
    assert one(_cripple(fight, "right_arm"), Crippled).location == "right_arm"
    with pytest.raises(IllegalAction, match=r"right arm or hand is crippled.*GURPS-HITLOC-LIMB"):
        fight.attack("b", "a", 3, 3, 3, weapon="broadsword")
    with pytest.raises(IllegalAction, match="cannot attack with the broadsword"):
        fight.declare(DisarmDeclared(actor="b", target="a", weapon="broadsword"))
    punch = one(fight.attack("b", "a", 5, 5, 5, weapon="punch").events, AttackRolled)
    assert punch.roll.total == 15
    with pytest.raises(IllegalAction, match="cannot parry with the broadsword"):
        fight.attack("a", "b", 3, 3, 3, defend="parry")


def test_a_shield_on_a_crippled_left_arm_cannot_block(fight: Fight) -> None:
    """GURPS-HITLOC-LIMB (reading: the shield is on the left arm): B's left arm crippled, his
    shield cannot block."""
    b = sheet("B", skills={"broadsword": 12, "shield": 12})
    b["weapons"] = [*b["weapons"], SHIELD]
    _fight(fight, b)
    attack = one(
        fight.attack("a", "b", 2, 3, 3, 3, 3, 3, 3, location="left_arm", defend="none").events,
        AttackRolled,
    )
    assert [(m.value, m.rule) for m in attack.roll.target_modifiers] == [
        (-2, "GURPS-HITLOC-LIMB"),
        (-4 + 2, "GURPS-HITLOC-LIMB"),
    ]
    fight.next()
    with pytest.raises(IllegalAction, match="cannot block with the shield"):
        fight.attack("a", "b", 3, 3, 3, defend="block")


def test_the_shield_hand_is_minus_8(fight: Fight) -> None:
    """GURPS-HITLOC-LIMB: aiming at the hand of a foe with a shield: -4 and -4 more (-8):
    broadsword 12 is 4, and 15 misses."""
    b = sheet("B")
    b["weapons"] = [*b["weapons"], SHIELD]
    _fight(fight, b)
    r = one(fight.attack("a", "b", 5, 5, 5, location="left_hand").events, AttackRolled).roll
    assert (r.target, [m.value for m in r.target_modifiers]) == (4, [-4, -4])


def test_a_crippled_leg_fells_him_and_he_crawls(fight: Fight) -> None:
    """GURPS-HITLOC-LIMB: B's right leg crippled: prone, Move 1; he may kneel but not stand."""
    _fight(fight)
    events = _cripple(fight, "right_leg")
    fell = one(events, PostureChanged)
    assert (fell.posture, fell.rule) == ("prone", "GURPS-HITLOC-LIMB")
    b = fight.who("b")
    assert (b["posture"], b["move"]) == ("prone", 1)
    with pytest.raises(IllegalAction, match="right leg is crippled: they cannot stand"):
        fight.declare(ManeuverDeclared(actor="b", maneuver="change-posture", posture="standing"))
    fight.declare(ManeuverDeclared(actor="b", maneuver="change-posture", posture="kneeling"))
    assert fight.who("b")["posture"] == "kneeling"


def test_a_crippled_eye_is_one_eye(fight: Fight) -> None:
    """GURPS-HITLOC-LIMB (reading: One Eye): a's 1d imp at B's eye, 1 rolled: 4 injury
    (x4) > HP/10 cripples it; B's broadsword at a: shock -4 and one eye -1: 12 -> 7."""
    _fight(fight, weapon="1d imp")
    events = fight.attack("a", "b", 1, 1, 1, 1, 1, 1, 1, location="eye").events
    assert one(events, Crippled).location == "eye"
    r = one(fight.attack("b", "a", 5, 5, 5).events, AttackRolled).roll
    assert (r.target, [(m.value, m.rule) for m in r.target_modifiers]) == (
        7,
        [(-4, "GURPS-SHOCK"), (-1, "GURPS-HITLOC-LIMB")],
    )


@pytest.mark.parametrize(("male", "shock"), [(True, 8), (False, 4)])
def test_a_males_groin_doubles_crushing_shock(fight: Fight, male: bool, shock: int) -> None:
    """GURPS-HITLOC-TABLE: 2d cr rolls 4 at the groin: 4 injury, shock -4; on a male (the
    sheet's trait ``male``) doubled to -8."""
    _fight(fight, sheet("B", traits={"male": male}), weapon="2d cr")
    events = fight.attack("a", "b", 3, 3, 3, 2, 2, location="groin", defend="none").events
    e = one(events, InjuryApplied)
    assert (e.amount, e.shock) == (4, shock)
    assert fight.who("b")["shock"] == shock
    assert of(events, Crippled) == []
