"""Healing and fatigue: a GM's ruling heals HP or FP up to the sheet's (GURPS-HEALING), FP
lost by a ruling, fatigue damage or a choke go one path (GURPS-FATIGUE): below 1/3 FP Move and
Dodge halve, at 0 FP or below every FP lost costs 1 HP and each turn begins with a Will roll,
at -1 x FP he falls unconscious."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction, UsageError
from events.core import ConditionChanged, RulingDeclared
from events.gurps import (
    DefenseRolled,
    FatigueLost,
    GurpsRulingDeclared,
    Healed,
    InjuryApplied,
    SuccessRolled,
)

from .conftest import Fight, of, one, sheet


def _rule(fight: Fight, **kw: object) -> list[object]:
    return list(fight.declare(GurpsRulingDeclared(combatant="b", **kw)).events)  # type: ignore[arg-type]


def test_healing_gives_hp_back_up_to_the_sheets_and_ends_low_hp(duel: Fight) -> None:
    """GURPS-HEALING, GURPS-LOW-HP: B (10 HP, Move 5) takes 8: 2 HP, Move 3 (halved, rounded
    up); healed 5: 7 HP, Move 5 again; healed 10: only 3 back (10 of 10); then nothing to heal."""
    duel.declare(RulingDeclared(combatant="b", damage=8))
    assert (duel.who("b")["hp"], duel.who("b")["move"]) == (2, 3)
    e = one(_rule(duel, heal=5), Healed)  # type: ignore[type-var]
    assert (e.pool, e.amount, e.before, e.after) == ("hp", 5, 2, 7)
    assert (duel.who("b")["hp"], duel.who("b")["move"]) == (7, 5)
    e = one(duel.declare(RulingDeclared(combatant="b", heal=10)).events, Healed)
    assert (e.amount, e.after) == (3, 10)
    with pytest.raises(IllegalAction, match=r"full HP \(10 of 10\): nothing to heal"):
        duel.declare(RulingDeclared(combatant="b", heal=1))


def test_a_ruling_to_minus_five_times_hp_kills_outright(duel: Fight) -> None:
    """GURPS-DEATH-CHECK: a ruling rolls nothing, but B (10 HP) ruled down to -40 HP is still
    alive (the death checks are the GM's), and 10 more (-50: -5 x HP) kill him outright."""
    duel.declare(RulingDeclared(combatant="b", damage=50))
    assert (duel.who("b")["hp"], duel.who("b")["alive"]) == (-40, True)
    dead = one(duel.declare(RulingDeclared(combatant="b", damage=10)).events, ConditionChanged)
    assert (dead.condition, dead.present, dead.rule) == ("dead", True, "GURPS-DEATH-CHECK")
    assert (duel.who("b")["hp"], duel.who("b")["alive"]) == (-50, False)


def test_healing_above_zero_hp_wakes_him(duel: Fight) -> None:
    """GURPS-HEALING (reading): B at -2 HP and unconscious, healed 3: 1 HP, awake."""
    duel.declare(RulingDeclared(combatant="b", damage=12, condition="unconscious"))
    assert "unconscious" in duel.who("b")["conditions"]
    events = _rule(duel, heal=3)
    woke = one(events, ConditionChanged)  # type: ignore[type-var]
    assert (woke.condition, woke.present) == ("unconscious", False)
    assert duel.who("b")["hp"] == 1 and duel.who("b")["conditions"] == []


def test_fp_ruling_low_fp_halves_move_and_dodge(duel: Fight) -> None:
    """GURPS-FATIGUE: B (FP 10) loses 7 FP by a ruling: 3 FP is below 1/3: Move 5 -> 3, and
    his Dodge 8 is halved to 4; healed 2 FP: 5 FP, Move 5."""
    e = one(_rule(duel, damage=7, fp=True), FatigueLost)  # type: ignore[type-var]
    assert (e.before, e.after) == (10, 3)
    assert (duel.who("b")["fp"], duel.who("b")["hp"], duel.who("b")["move"]) == (3, 10, 3)
    d = one(duel.attack("a", "b", 3, 4, 4, 1, 1, 2, defend="dodge").events, DefenseRolled)
    assert d.roll.target == 4
    assert [(m.name, m.op) for m in d.roll.target_modifiers if m.rule == "GURPS-FATIGUE"] == [
        ("below 1/3 FP: halved", "div_up")
    ]
    duel.next()
    h = one(duel.declare(GurpsRulingDeclared(combatant="b", heal=2, fp=True)).events, Healed)
    assert (h.pool, h.after) == ("fp", 5)
    assert duel.who("b")["move"] == 5


def test_fp_lost_at_zero_or_below_costs_hp_and_minus_fp_knocks_out(duel: Fight) -> None:
    """GURPS-FATIGUE: B at 3 FP loses 5: -2 FP and the 2 lost below 0 cost 2 HP (10 -> 8);
    loses 8 more: -10 FP (-1 x FP): 8 HP more (0 HP) and unconscious."""
    _rule(duel, damage=7, fp=True)
    events = _rule(duel, damage=5, fp=True)
    hurt = one(events, InjuryApplied)  # type: ignore[type-var]
    assert (hurt.amount, hurt.before, hurt.after) == (2, 10, 8)
    assert (duel.who("b")["fp"], duel.who("b")["hp"]) == (-2, 8)
    events = _rule(duel, damage=8, fp=True)
    out = one(events, ConditionChanged)  # type: ignore[type-var]
    assert (out.condition, out.rule) == ("unconscious", "GURPS-FATIGUE")
    assert (duel.who("b")["fp"], duel.who("b")["hp"]) == (-10, 0)


def test_zero_fp_will_roll_as_his_turn_begins(duel: Fight) -> None:
    """GURPS-FATIGUE: B at 0 FP; as his turn begins a Will roll (Will 10): 17 fails, he
    collapses unconscious."""
    _rule(duel, damage=10, fp=True)
    events = duel.next(6, 6, 5).events
    r = one(events, SuccessRolled)
    assert (r.rule, r.roll.target, r.success) == ("GURPS-FATIGUE", 10, False)
    assert one(events, ConditionChanged).condition == "unconscious"


def test_zero_fp_will_roll_made_he_acts(duel: Fight) -> None:
    """GURPS-FATIGUE: B at 0 FP makes his Will roll (10 against 10): his turn goes on."""
    _rule(duel, damage=10, fp=True)
    events = duel.next(3, 3, 4).events
    assert one(events, SuccessRolled).success is True
    assert of(events, ConditionChanged) == []
    assert duel.status()["acting"] == "b"


def test_fatigue_damage_comes_off_fp_without_shock(fight: Fight) -> None:
    """GURPS-FATIGUE: "2d fat" rolling 4 against no DR: B's FP 10 -> 6, HP untouched, no
    shock."""
    w = {"name": "taser", "skill": "broadsword", "damage": "2d fat", "reach": "1", "parry": 0}
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12}, weapons=[w]))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    e = one(fight.attack("a", "b", 3, 3, 3, 2, 2, defend="none").events, InjuryApplied)
    assert (e.pool, e.amount, e.before, e.after, e.shock) == ("fp", 4, 10, 6, 0)
    b = fight.who("b")
    assert (b["fp"], b["hp"], b["shock"]) == (6, 10, 0)


def test_fp_option_needs_an_amount(duel: Fight) -> None:
    """GURPS-FATIGUE: --fp alone is refused (usage)."""
    with pytest.raises(UsageError, match="--fp goes with"):
        duel.declare(GurpsRulingDeclared(combatant="b", fp=True, text="tired"))
