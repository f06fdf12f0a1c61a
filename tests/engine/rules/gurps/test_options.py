"""Every option of the GURPS pack changes what it says it changes (docs/RULES-gurps.md)."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.core import RulingDeclared
from events.gurps import (
    InjuryApplied,
    LocationRolled,
    ManeuverChosen,
    SuccessRolled,
)

from .conftest import PISTOL, Fight, of, one, sheet


def _duel(fight: Fight, b: dict[str, object] | None = None, **options: str) -> Fight:
    fight.new(**options)
    fight.add("a", sheet("A", attributes={"dx": 12}))
    fight.add("b", b or sheet("B"))
    fight.start(1, 1)
    return fight


@pytest.mark.parametrize(("scale", "shock"), [("per_tenth_hp", 3), ("per_hp", 4)])
def test_shock_scale(fight: Fight, scale: str, shock: int) -> None:
    """GURPS-SHOCK, option shock_scale: 6 injury on 20 HP is -3 per HP/10, or -4 (capped)
    per HP."""
    w = {"name": "w", "skill": "broadsword", "damage": "2d cr", "reach": "1", "parry": 0}
    fight.new(shock_scale=scale)
    fight.add("a", sheet("A", attributes={"dx": 12}, weapons=[w]))
    fight.add("b", sheet("B", attributes={"st": 20}))
    fight.start(1, 1)
    e = one(fight.attack("a", "b", 3, 3, 3, 3, 3, defend="none").events, InjuryApplied)
    assert (e.amount, e.shock) == (6, shock)


@pytest.mark.parametrize(("on", "rolls"), [("on", 1), ("off", 0)])
def test_head_knockdown(fight: Fight, on: str, rolls: int) -> None:
    """GURPS-KNOCKDOWN, option head_knockdown: a small blow to the face calls for the
    knockdown roll, or only a major wound does."""
    _duel(fight, sheet("B", attributes={"st": 20}), head_knockdown=on)
    faces = (2, 2, 2, 1) + (1, 1, 2) * rolls
    result = fight.attack("a", "b", *faces, location="face", defend="none")
    assert one(result.events, InjuryApplied).amount == 3
    assert len(of(result.events, SuccessRolled)) == rolls


@pytest.mark.parametrize(
    ("side", "faces", "where"),
    [("roll", (5, 5, 6, 6), "left_foot"), ("right", (5, 5, 6), "right_foot")],
)
def test_random_side(fight: Fight, side: str, faces: tuple[int, ...], where: str) -> None:
    """GURPS-RANDOM-LOC, option random_side: 16 is a foot; 1d 6 the left, or always the
    right."""
    _duel(fight, sheet("B", attributes={"st": 20}), random_side=side)
    result = fight.attack("a", "b", 3, 3, 3, *faces, 1, location="random", defend="none")
    assert one(result.events, LocationRolled).location == where


def test_zero_hp_unless_do_nothing(fight: Fight) -> None:
    """GURPS-ZERO-HP, option zero_hp=unless_do_nothing: after a turn of Do Nothing no
    consciousness roll."""
    _duel(fight, zero_hp="unless_do_nothing")
    fight.declare(RulingDeclared(combatant="b", damage=12, text="a fall"))
    fight.next(3, 3, 3)  # b's turn: he rolls (he has not done nothing yet), then passes
    result = fight.next()  # b passed: Do Nothing
    assert one(result.events, ManeuverChosen).maneuver == "do-nothing"
    result = fight.next()  # a passes; b's turn: no roll this time
    assert of(result.events, SuccessRolled) == []


@pytest.mark.parametrize("option", ["any", "not_that_weapon"])
def test_move_attack_parry(fight: Fight, option: str) -> None:
    """GURPS-MOVE-AND-ATTACK, option move_attack_parry: after Move and Attack, a parry with
    that weapon is refused, or allowed."""
    _duel(fight, move_attack_parry=option)
    fight.maneuver("a", "move-and-attack")
    fight.attack("a", "b", 6, 6, 6)
    fight.attack("b", "a", 3, 3, 3)
    if option == "any":
        fight.defend("a", "parry", 3, 3, 3)
    else:
        with pytest.raises(IllegalAction):
            fight.defend("a", "parry", 3, 3, 3)


@pytest.mark.parametrize(("option", "allowed"), [("thrown_only", ["dodge", "parry"]),
                                                 ("never", ["dodge"])])  # fmt: skip
def test_ranged_parry(fight: Fight, option: str, allowed: list[str]) -> None:
    """GURPS-ACTIVE-DEFENSE, option ranged_parry: a thrown weapon (no shots) may be parried,
    or no ranged attack may; a gun never."""
    knife = {"name": "knife", "skill": "knife", "damage": "thr imp", "acc": 0, "max": 20}
    fight.new(ranged_parry=option)
    fight.add("a", sheet("A", attributes={"dx": 12}, skills={"knife": 12, "guns": 12},
                         weapons=[knife, PISTOL]))  # fmt: skip
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    fight.attack("a", "b", 3, 3, 3, weapon="knife", range=2)
    assert list(fight.status()["pending"]["detail"]["allowed"]) == allowed
