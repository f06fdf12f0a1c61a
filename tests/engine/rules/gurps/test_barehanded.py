"""Parrying barehanded through the public Table API with forced dice (GURPS-PARRY-UNARMED,
GURPS-MULTIPLE-PARRY, GURPS-ACTIVE-DEFENSE). ``a`` (DX 12, broadsword 12, swung sw+1 cut)
attacks first; ``b`` (DX 10) answers with bare hands: 3 + half his DX or unarmed skill."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UnknownName, UsageError
from events.gurps import DefenseRolled, InjuryApplied, ManeuverDeclared

from .conftest import PISTOL, Fight, of, one, sheet

SPEAR = {"name": "spear", "skill": "spear", "damage": "thr+2 imp", "reach": "1", "parry": 0}
FIST = {"name": "fist", "skill": "brawling", "damage": "thr-1 cr", "reach": "C", "parry": 0}
CLUB = {"name": "club", "skill": "axe_mace", "damage": "sw+1 cr", "reach": "1", "parry": 0}
RULE = "GURPS-PARRY-UNARMED"


def _duel(
    fight: Fight,
    b_skills: dict[str, int],
    *,
    b_weapons: list[dict[str, Any]] | None = None,
    a_weapons: list[dict[str, Any]] | None = None,
    **options: str,
) -> Fight:
    fight.new(**options)
    a_skills = {"broadsword": 12, "spear": 12, "guns": 12}
    a = sheet("A", attributes={"dx": 12, "ht": 11}, skills=a_skills)
    if a_weapons is not None:
        a["weapons"] = a_weapons
    fight.add("a", a)
    fight.add("b", sheet("B", skills=b_skills, weapons=b_weapons or []))
    fight.start(1, 1)
    return fight


def _parry(fight: Fight, *rolled: int, weapon: str = "broadsword", **kw: Any) -> DefenseRolled:
    """``a`` hits with 3,3,3 (9 against 12); ``b`` parries with ``rolled``."""
    fight.attack("a", "b", 3, 3, 3, weapon=weapon)
    return one(fight.defend("b", "parry", *rolled, **kw).events, DefenseRolled)


def _rules(d: DefenseRolled) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in d.roll.target_modifiers]


def test_brawling_parries_a_swung_weapon_at_minus_3(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED: no weapon in hand, so the parry is barehanded; Brawling 12 is
    3 + 6 = 9, -3 against the swung broadsword: 6 (better than DX 10's 8 - 3 = 5)."""
    _duel(fight, {"brawling": 12})
    d = _parry(fight, 2, 2, 2)
    assert (d.weapon, d.skill, d.roll.base, d.roll.target) == ("hands", "brawling", 9, 6)
    assert _rules(d) == [(-3, RULE)]
    assert d.roll.target_modifiers[0].source == "situation"
    assert d.roll.rule == RULE and "Brawling 12" in d.roll.purpose
    assert d.stopped == 1 and d.arm is None


@pytest.mark.parametrize("skill", ["judo", "karate"])
def test_judo_and_karate_parry_a_weapon_at_no_penalty(fight: Fight, skill: str) -> None:
    """GURPS-PARRY-UNARMED: Judo or Karate 12 parries the broadsword at 3 + 6 = 9, no -3."""
    _duel(fight, {skill: 12})
    d = _parry(fight, 3, 3, 3)
    assert (d.skill, d.roll.target, _rules(d)) == (skill, 9, [])


@pytest.mark.parametrize(("reading", "target"), [("swung", 9), ("any", 6)])
def test_a_thrust_is_parried_barehanded_without_the_minus_3(
    fight: Fight, reading: str, target: int
) -> None:
    """GURPS-PARRY-UNARMED, option bare_parry_weapons: Brawling 12 against a spear's thrust
    (thr+2 imp) is 9 as the Basic Set reads it; 6 when every weapon is -3."""
    _duel(fight, {"brawling": 12}, a_weapons=[SPEAR], bare_parry_weapons=reading)
    d = _parry(fight, 2, 2, 2, weapon="spear")
    assert d.roll.target == target


def test_dx_parries_barehanded(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED: with no unarmed skill, DX 10: 3 + 5 - 3 = 5."""
    _duel(fight, {})
    d = _parry(fight, 1, 1, 3)
    assert (d.skill, d.roll.base, d.roll.target) == ("dx", 8, 5)


def test_a_barehanded_parry_skill_may_be_named(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED: `--skill dx` makes a fighter with Brawling 14 parry at DX
    (5); a skill not on his sheet is refused, naming his; --skill goes with a parry."""
    _duel(fight, {"brawling": 14})
    fight.declare(ManeuverDeclared(actor="a", maneuver="all-out-attack", mode="double"))
    d = _parry(fight, 1, 1, 3, skill="dx")
    assert (d.skill, d.roll.target) == ("dx", 5)
    fight.attack("a", "b", 3, 3, 3)
    with pytest.raises(UnknownName, match=r"no Judo on the sheet.*brawling, dx"):
        fight.defend("b", "parry", 3, 3, 3, skill="judo")
    with pytest.raises(UsageError, match="--skill goes with a barehanded parry"):
        fight.defend("b", "dodge", 3, 3, 3, skill="judo")


@pytest.mark.parametrize(
    ("weapon", "skill", "target"), [("broadsword", "judo", 10), ("punch", "brawling", 11)]
)
def test_the_best_barehanded_parry_is_taken(
    fight: Fight, weapon: str, skill: str, target: int
) -> None:
    """GURPS-PARRY-UNARMED: Brawling 16 (11 - 3 = 8) against Judo 14 (10, no -3) and a
    broadsword: Judo; against a bare fist (no -3 for anyone) Brawling's 11."""
    _duel(fight, {"brawling": 16, "judo": 14})
    d = _parry(fight, 3, 3, 3, weapon=weapon)
    assert (d.skill, d.roll.target, _rules(d)) == (skill, target, [])


def test_a_failed_brawling_parry_lets_the_blow_land_on_the_arm(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED, option bare_parry_arm "arm": Brawling's failed parry of the
    broadsword (6: 5,5,5 = 15) puts the blow on his right arm, not the torso aimed at."""
    _duel(fight, {"brawling": 12})
    fight.attack("a", "b", 3, 3, 3)
    out = fight.defend("b", "parry", 5, 5, 5, 2).events
    d = one(out, DefenseRolled)
    assert (d.stopped, d.arm) == (0, "right_arm")
    assert "right arm" in d.reason
    assert one(out, InjuryApplied).location == "right_arm"


def test_a_failed_judo_parry_leaves_the_blow_where_it_was_aimed(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED: Judo does not risk the arm: the blow lands on the torso."""
    _duel(fight, {"judo": 12})
    fight.attack("a", "b", 3, 3, 3)
    out = fight.defend("b", "parry", 5, 5, 5, 2).events
    assert one(out, DefenseRolled).arm is None
    assert one(out, InjuryApplied).location == "torso"


@pytest.mark.parametrize(
    ("reading", "faces", "where"),
    [
        ("by_3", (3, 3, 3), "right_arm"),  # 9 against 6: by 3
        ("by_3", (3, 3, 4), "torso"),  # 10: by 4
        ("aimed", (3, 3, 3), "torso"),
    ],
)
def test_option_bare_parry_arm(
    fight: Fight, reading: str, faces: tuple[int, ...], where: str
) -> None:
    """GURPS-PARRY-UNARMED, option bare_parry_arm: only a failure by 3 or less lands on the
    arm ("by_3"), or the blow always lands where aimed ("aimed")."""
    _duel(fight, {"brawling": 12}, bare_parry_arm=reading)
    fight.attack("a", "b", 3, 3, 3)
    out = fight.defend("b", "parry", *faces, 2).events
    assert one(out, InjuryApplied).location == where


def test_the_parrying_hand_is_the_free_one(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED: a club ready in his right hand, he parries with the left
    (`--weapon hands`); failed, the blow lands on his left arm."""
    _duel(fight, {"brawling": 12, "axe_mace": 12}, b_weapons=[CLUB])
    fight.attack("a", "b", 3, 3, 3)
    out = fight.defend("b", "parry", 5, 5, 5, 2, weapon="hands").events
    assert one(out, DefenseRolled).skill == "brawling"
    assert one(out, InjuryApplied).location == "left_arm"


def test_an_unarmed_sheet_weapon_parries_barehanded(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED: the sheet's `fist` (Brawling) is his first weapon; its parry is
    barehanded: 3 + 6, -3 against the broadsword, counted with his hands."""
    _duel(fight, {"brawling": 12}, b_weapons=[FIST])
    d = _parry(fight, 2, 2, 2)
    assert (d.weapon, d.skill, d.roll.target) == ("hands", "brawling", 6)
    assert "the fist" in d.roll.purpose


@pytest.mark.parametrize(("skill", "bonus"), [("judo", 3), ("karate", 3), ("boxing", 3),
                                               ("brawling", 1), ("wrestling", 1)])  # fmt: skip
def test_the_retreat_bonus_by_skill(fight: Fight, skill: str, bonus: int) -> None:
    """GURPS-PARRY-UNARMED, GURPS-ACTIVE-DEFENSE: Judo, Karate and Boxing retreat for +3,
    Brawling and Wrestling for +1."""
    _duel(fight, {skill: 12})
    d = _parry(fight, 1, 1, 1, retreat=True)
    assert [m.value for m in d.roll.target_modifiers if m.name == "retreat"] == [bonus]


@pytest.mark.parametrize(
    ("skill", "reading", "second"),
    [("judo", "skill", 9), ("brawling", "skill", 2), ("brawling", "each_hand", 6)],
)
def test_barehanded_parries_and_the_multiple_parry_penalty(
    fight: Fight, skill: str, reading: str, second: int
) -> None:
    """GURPS-MULTIPLE-PARRY, option bare_parry_hands: an All-Out Attack (Double) is parried
    twice; Judo parries once with each hand (9 both times), Brawling's second is -4 (6 - 4);
    with "each_hand" every skill parries once a hand."""
    _duel(fight, {skill: 12}, bare_parry_hands=reading)
    fight.declare(ManeuverDeclared(actor="a", maneuver="all-out-attack", mode="double"))
    first = _parry(fight, 1, 1, 1)
    assert fight.who("b")["parries"] == {"hands": 1}
    again = _parry(fight, 1, 1, 1)
    assert first.roll.target == (9 if skill == "judo" else 6)
    assert again.roll.target == second


def test_a_grapple_is_parried_barehanded_at_no_penalty(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED: a grapple is no weapon: Brawling 12 parries it at 9."""
    from events.gurps import GrappleDeclared

    _duel(fight, {"brawling": 12})
    fight.declare(GrappleDeclared(actor="a", target="b"), (3, 3, 3))
    d = one(fight.defend("b", "parry", 3, 3, 3).events, DefenseRolled)
    assert (d.skill, d.roll.target) == ("brawling", 9)


def test_no_barehanded_parry_against_a_missile(fight: Fight) -> None:
    """GURPS-PARRY-UNARMED (reading): a bare hand parries melee attacks; a shot is not
    parried (exit 1), and the pending answer lists only dodge."""
    _duel(fight, {"judo": 14}, a_weapons=[PISTOL])
    result = fight.attack("a", "b", 3, 3, 3, weapon="pistol")
    assert of(result.events, DefenseRolled) == []
    assert tuple(fight.status()["pending"]["detail"]["allowed"]) == ("dodge",)
    with pytest.raises(IllegalAction, match="cannot parry"):
        fight.defend("b", "parry", 3, 3, 3)
