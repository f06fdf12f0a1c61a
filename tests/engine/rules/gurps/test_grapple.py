"""Grappling through the public Table API with forced dice (GURPS-GRAPPLE, GURPS-GRAPPLE-LOC,
GURPS-ARM-LOCK, GURPS-CHOKE-HOLD). ``a`` (DX 12, ST 10) acts first, ``b`` (DX 10, ST 10, HT
10, Dodge 8) second."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.core import PassDeclared, ReactionRequested
from events.gurps import (
    AttackRolled,
    BreakFreeDeclared,
    BreakFreeFailed,
    ContestRolled,
    DefenseDeclined,
    DefenseRolled,
    FatigueLost,
    Grappled,
    GrappleDeclared,
    GrappleEnded,
    GurpsRulingDeclared,
    InjuryApplied,
    LetGoDeclared,
)

from .conftest import Fight, of, one, sheet


def _fight(fight: Fight, a: dict[str, Any] | None = None, **options: str) -> Fight:
    fight.new(**options)
    fight.add("a", sheet("A", attributes={"dx": 12}, skills=a or {"broadsword": 12}))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight


def _grapple(fight: Fight, *rolled: int, actor: str = "a", target: str = "b", **kw: Any):  # type: ignore[no-untyped-def]
    return fight.declare(GrappleDeclared(actor=actor, target=target, **kw), rolled)


def _break_free(fight: Fight, *rolled: int, actor: str = "b"):  # type: ignore[no-untyped-def]
    return fight.declare(BreakFreeDeclared(actor=actor), rolled)


def _round(fight: Fight) -> None:
    """``b`` passes his turn: a new second, ``a``'s turn."""
    fight.declare(PassDeclared())


def _held(fight: Fight, *rolled: int, **kw: Any) -> None:
    """``a`` holds ``b`` in a grapple (3,3,3 against DX 12, no defence); ``b``'s turn."""
    _grapple(fight, 3, 3, 3, defend="none", **kw)


def test_a_grapple_is_rolled_against_dx_and_holds(fight: Fight) -> None:
    """GURPS-GRAPPLE: DX 12, no grappling skill: 3,4,5 = 12 hits; taken: a holds b, and
    status says so on both sides."""
    _fight(fight)
    out = _grapple(fight, 3, 4, 5, defend="none").events
    roll = one(out, AttackRolled).roll
    assert (roll.target, roll.total, roll.rule) == (12, 12, "GURPS-GRAPPLE")
    held = one(out, Grappled)
    assert (held.holder, held.victim, held.hold, held.location) == ("a", "b", "grapple", None)
    assert fight.who("a")["holding"] == {"victim": "b", "hold": "grapple", "location": None}
    assert fight.who("b")["held_by"] == "a"


def test_a_grapple_uses_the_best_grappling_skill(fight: Fight) -> None:
    """GURPS-GRAPPLE: Wrestling 14 beats DX 12; Brawling 16 does not count by default."""
    _fight(fight, {"wrestling": 14, "brawling": 16})
    assert one(_grapple(fight, 6, 6, 6).events, AttackRolled).roll.target == 14


def test_option_grapple_skills_with_brawling(fight: Fight) -> None:
    """GURPS-GRAPPLE, option grapple_skills=with_brawling: Brawling 16 is the grapple's 16."""
    _fight(fight, {"wrestling": 14, "brawling": 16}, grapple_skills="with_brawling")
    assert one(_grapple(fight, 6, 6, 6).events, AttackRolled).roll.target == 16


@pytest.mark.parametrize(("rounding", "value"), [("away_from_zero", -3), ("toward_zero", -2)])
def test_grappling_the_face_halves_its_penalty(fight: Fight, rounding: str, value: int) -> None:
    """GURPS-GRAPPLE-LOC, option grapple_rounding: the face's -5 halved is -3 (rounded away
    from zero) or -2; DX 12 grapples the face at 9 or 10, and the hold names the face."""
    _fight(fight, grapple_rounding=rounding)
    out = _grapple(fight, 2, 2, 2, location="face", defend="none").events
    roll = one(out, AttackRolled).roll
    assert [(m.value, m.rule) for m in roll.target_modifiers] == [(value, "GURPS-GRAPPLE-LOC")]
    assert roll.target == 12 + value
    assert one(out, Grappled).location == "face"


def test_a_grapple_may_be_dodged(fight: Fight) -> None:
    """GURPS-GRAPPLE: answered by a dodge (8): 2,2,2 = 6 stops it; nobody is held."""
    _fight(fight)
    waiting = one(_grapple(fight, 3, 3, 3).events, ReactionRequested)
    assert waiting.detail.allowed == ("dodge", "parry")
    answered = fight.defend("b", "dodge", 2, 2, 2).events
    assert one(answered, DefenseRolled).roll.target == 8
    assert not of(answered, Grappled)
    assert fight.who("a")["holding"] is None


def test_held_attacks_are_at_minus_4_and_he_cannot_move(fight: Fight) -> None:
    """GURPS-GRAPPLE: held, b's broadsword 12 attacks at 8; a Move is refused."""
    _fight(fight)
    _held(fight)
    with pytest.raises(IllegalAction, match="cannot move away"):
        fight.maneuver("b", "move")
    roll = one(fight.attack("b", "a", 6, 6, 6).events, AttackRolled).roll
    assert roll.target == 8
    assert [(m.value, m.rule) for m in roll.target_modifiers] == [(-4, "GURPS-GRAPPLE")]


def test_breaking_free_of_a_grapple(fight: Fight) -> None:
    """GURPS-GRAPPLE: a Quick Contest of ST 10 against ST 10: b's 9 (by 1) beats a's 15 (a
    failure): the grapple ends."""
    _fight(fight)
    _held(fight)
    out = _break_free(fight, 3, 3, 3, 5, 5, 5).events
    c = one(out, ContestRolled)
    assert (c.active_roll.target, c.passive_roll.target, c.winner) == (10, 10, "b")
    assert one(out, GrappleEnded).reason == "breaks free by 6"
    assert fight.who("b")["held_by"] is None
    assert fight.who("a")["holding"] is None


def test_a_failed_try_to_break_free_is_counted(fight: Fight) -> None:
    """GURPS-GRAPPLE: b's 15 (a failure) loses to a's 9: still held, one failed try."""
    _fight(fight)
    _held(fight)
    out = _break_free(fight, 5, 5, 5, 3, 3, 3).events
    assert one(out, BreakFreeFailed).tries == 1
    assert fight.who("b")["held_by"] == "a"


def test_let_go(fight: Fight) -> None:
    """GURPS-GRAPPLE: the holder lets go on his turn; his turn goes on."""
    _fight(fight)
    _held(fight)
    _round(fight)
    out = fight.declare(LetGoDeclared(actor="a")).events
    assert one(out, GrappleEnded).reason == "lets go"
    assert fight.status()["acting"] == "a"
    with pytest.raises(IllegalAction, match="holds nobody"):
        fight.declare(LetGoDeclared(actor="a"))


def test_an_arm_lock_needs_a_grapple_and_judo_or_wrestling(fight: Fight) -> None:
    """GURPS-ARM-LOCK: refused before a is holding b, and refused without Judo or Wrestling."""
    _fight(fight)
    with pytest.raises(IllegalAction, match="starts from a grapple"):
        _grapple(fight, 3, 3, 3, lock="arm")
    _held(fight)
    _round(fight)
    with pytest.raises(IllegalAction, match="neither Judo nor Wrestling"):
        _grapple(fight, 3, 3, 3, lock="arm")


def _locked(fight: Fight) -> list[Any]:
    """a (Judo 14) holds b, then locks his left arm (3,3,3 against Judo 14, no defence)."""
    _fight(fight, {"judo": 14})
    _held(fight)
    _round(fight)
    return _grapple(fight, 3, 3, 3, lock="arm", location="left_arm", defend="none").events


def test_an_arm_lock_from_a_grapple(fight: Fight) -> None:
    """GURPS-ARM-LOCK: from a grapple, a Judo attack at 14 locks the left arm."""
    out = _locked(fight)
    roll = one(out, AttackRolled).roll
    assert (roll.target, roll.rule) == (14, "GURPS-ARM-LOCK")
    held = one(out, Grappled)
    assert (held.hold, held.location, held.rule) == ("arm_lock", "left_arm", "GURPS-ARM-LOCK")


def test_breaking_an_arm_lock_is_at_plus_4_and_minus_1_a_failure(fight: Fight) -> None:
    """GURPS-ARM-LOCK: the holder's best of ST and Judo, 14, +4 = 18 against b's ST 10; the
    second try is at 10 - 1 = 9."""
    _locked(fight)
    first = one(_break_free(fight, 3, 3, 3, 5, 5, 5).events, ContestRolled)
    assert (first.active_roll.target, first.passive_roll.target) == (10, 18)
    assert [(m.value, m.rule) for m in first.passive_roll.target_modifiers] == [
        (4, "GURPS-ARM-LOCK")
    ]
    assert first.winner == "a"
    fight.declare(PassDeclared())  # a's turn passes
    second = one(_break_free(fight, 3, 3, 3, 5, 5, 5).events, ContestRolled)
    assert second.active_roll.target == 9
    assert [(m.value, m.rule) for m in second.active_roll.target_modifiers] == [
        (-1, "GURPS-ARM-LOCK")
    ]


def test_wrenching_a_locked_arm(fight: Fight) -> None:
    """GURPS-ARM-LOCK: Judo 14 rolls 15 (by -1) against b's better of ST and HT, 10, rolling
    12 (by -2): a wins by 1, 1 crushing damage to the left arm (no DR): HP 10 -> 9."""
    _locked(fight)
    _round(fight)
    out = _grapple(fight, 5, 5, 5, 4, 4, 4, lock="arm").events
    c = one(out, ContestRolled)
    assert (c.active_roll.target, c.passive_roll.target, c.winner, c.margin) == (14, 10, "a", 1)
    hurt = one(out, InjuryApplied)
    assert (hurt.location, hurt.basic, hurt.amount, hurt.before, hurt.after) == (
        "left_arm",
        1,
        1,
        10,
        9,
    )


def test_a_locked_arm_defends_at_minus_4_against_close_combat(fight: Fight) -> None:
    """GURPS-ARM-LOCK: a's punch (reach C) at b in his arm lock: b's Dodge 8 - 4 = 4."""
    _locked(fight)
    _round(fight)
    out = fight.attack("a", "b", 3, 3, 3, 5, 5, 5, 4, weapon="punch", defend="dodge").events
    d = one(out, DefenseRolled).roll
    assert d.target == 4
    assert [(m.value, m.rule) for m in d.target_modifiers] == [(-4, "GURPS-ARM-LOCK")]


def _choked(fight: Fight, **options: str) -> list[Any]:
    _fight(fight, {"wrestling": 14}, **options)
    return _grapple(fight, 3, 4, 4, lock="choke").events


def test_a_choke_hold_is_wrestling_minus_3_and_undefended(fight: Fight) -> None:
    """GURPS-CHOKE-HOLD: Wrestling 14 - 3 = 11: 3,4,4 holds; from behind, no defence (option
    choke_from_behind); b's FP drop by 1 as each of a's turns begins."""
    out = _choked(fight)
    roll = one(out, AttackRolled).roll
    assert roll.target == 11
    assert [(m.value, m.rule) for m in roll.target_modifiers] == [(-3, "GURPS-CHOKE-HOLD")]
    assert "choke hold from behind" in one(out, DefenseDeclined).reason
    assert one(out, Grappled).hold == "choke_hold"
    lost = one(fight.declare(PassDeclared()).events, FatigueLost)
    assert (lost.combatant, lost.before, lost.after) == ("b", 10, 9)
    assert fight.who("b")["fp"] == 9


def test_option_choke_from_behind_defends(fight: Fight) -> None:
    """GURPS-CHOKE-HOLD, option choke_from_behind=defends: the choke waits for b's answer."""
    out = _choked(fight, choke_from_behind="defends")
    assert one(out, ReactionRequested).reactor == "b"


def test_breaking_a_choke_hold_is_at_plus_5(fight: Fight) -> None:
    """GURPS-CHOKE-HOLD: the holder's Wrestling 14 + 5 = 19 against b's ST 10."""
    _choked(fight)
    c = one(_break_free(fight, 3, 3, 3, 5, 5, 5).events, ContestRolled)
    assert c.passive_roll.target == 19
    assert [(m.value, m.rule) for m in c.passive_roll.target_modifiers] == [(5, "GURPS-CHOKE-HOLD")]


def test_the_choked_strike_back_at_minus_4(fight: Fight) -> None:
    """GURPS-CHOKE-HOLD: b's broadsword 12 at his choker is at -4 (8), not -8."""
    _choked(fight)
    roll = one(fight.attack("b", "a", 6, 6, 6).events, AttackRolled).roll
    assert roll.target == 8
    assert [(m.value, m.rule) for m in roll.target_modifiers] == [(-4, "GURPS-CHOKE-HOLD")]


def test_choking_for_damage(fight: Fight) -> None:
    """GURPS-CHOKE-HOLD: a's ST 10 + 3 = 13 rolls 9 (by 4) against b's 10 rolling 12 (by
    -2): 6 crushing at the neck, x1.5 = 9: HP 10 -> 1."""
    _choked(fight)
    fight.declare(PassDeclared())
    out = _grapple(fight, 3, 3, 3, 4, 4, 4, 6, 6, 6, lock="choke").events
    c = one(out, ContestRolled)
    assert (c.active_roll.target, c.winner, c.margin) == (13, "a", 6)
    assert [(m.value, m.rule) for m in c.active_roll.target_modifiers] == [(3, "GURPS-CHOKE-HOLD")]
    hurt = one(out, InjuryApplied)
    assert (hurt.location, hurt.basic, hurt.amount, hurt.after) == ("neck", 6, 9, 1)


def test_grapple_refusals(fight: Fight) -> None:
    """GURPS-GRAPPLE: no grappling oneself; a second grapple of one held is refused; nobody
    holds b: no breaking free."""
    _fight(fight)
    with pytest.raises(UsageError):
        _grapple(fight, actor="a", target="a")
    _held(fight)
    _round(fight)
    with pytest.raises(IllegalAction, match="already"):
        _grapple(fight, 3, 3, 3)
    with pytest.raises(UsageError, match="an arm lock takes an arm"):
        _grapple(fight, 3, 3, 3, lock="arm", location="skull")
    fight.declare(LetGoDeclared(actor="a"))
    fight.declare(PassDeclared())
    with pytest.raises(IllegalAction, match="held by nobody"):
        _break_free(fight)


def test_a_choke_at_zero_fp_costs_hp_too(fight: Fight) -> None:
    """GURPS-CHOKE-HOLD through the one fatigue path (GURPS-FATIGUE): b at 0 FP (a ruling)
    loses the choke's 1 FP (0 -> -1) and it costs 1 HP (10 -> 9)."""
    _choked(fight)
    fight.declare(GurpsRulingDeclared(combatant="b", damage=10, fp=True))
    out = fight.declare(PassDeclared()).events
    lost = one(out, FatigueLost)
    assert (lost.before, lost.after, lost.rule) == (0, -1, "GURPS-CHOKE-HOLD")
    hurt = one(out, InjuryApplied)
    assert (hurt.amount, hurt.before, hurt.after) == (1, 10, 9)
