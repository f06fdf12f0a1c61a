"""Skill rolls: d100 under a skill, with the modifier algebra of Basic Roleplaying.

The order is the rules': difficulty grades first (Easy doubles a skill, Difficult halves it;
an Easy and a Difficult cancel, L478), then flat percentages (the aim bonus after the
difficulty, L82), then caps (a skill limited to another). Every step is recorded, in order,
in the roll (``Roll.target_modifiers``), and the roll's success tier with it (tables.tier).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from engine.dice import Dice
from engine.rolls import roll_under
from engine.rules.brp.options import opts
from engine.rules.brp.tables import resistance_chance, tier
from events.core import Modifier, ModifierOp, Roll
from projections.state import FightState


@attrs.frozen
class Grade:
    """An Easy or Difficult condition on a roll, why, and the rule that makes it so."""

    easy: bool
    why: str
    rule: str


@attrs.frozen
class Flat:
    """A flat percentage on a roll, why, and its rule."""

    value: int
    why: str
    rule: str


@attrs.frozen
class Cap:
    """A skill held at most at ``value`` (e.g. the long range's 1/5, which is a division)."""

    value: int
    why: str
    rule: str
    divide: int = 0


def easy(why: str, rule: str) -> Grade:
    """An Easy condition."""
    return Grade(True, why, rule)


def difficult(why: str, rule: str) -> Grade:
    """A Difficult condition."""
    return Grade(False, why, rule)


def grade_steps(state: FightState, grades: Sequence[Grade]) -> list[Modifier]:
    """Grades as recorded steps: each Easy cancels a Difficult (recorded as x1), and what is
    left doubles or halves the skill, once or each time (option ``grades``)."""
    options = opts(state)
    eases = [g for g in grades if g.easy]
    hards = [g for g in grades if not g.easy]
    steps: list[Modifier] = []
    for e, h in zip(eases, hards, strict=False):
        steps.append(
            Modifier(
                name=f"Easy ({e.why}) and Difficult ({h.why}) cancel",
                value=1,
                source="situation",
                rule=f"{e.rule}, {h.rule}",
                op="mul",
            )
        )
    n = min(len(eases), len(hards))
    left = eases[n:] or hards[n:]
    applied = left if options.grades == "each" else left[:1]
    halve: ModifierOp = "div_up" if options.halving == "up" else "div"
    for g in applied:
        name = f"{'Easy' if g.easy else 'Difficult'}: {g.why}"
        op: ModifierOp = "mul" if g.easy else halve
        steps.append(Modifier(name=name, value=2, source="situation", rule=g.rule, op=op))
    rest = left[len(applied) :]
    if rest:
        steps.append(
            Modifier(
                name="also " + "; ".join(g.why for g in rest) + " (a grade applies once)",
                value=1,
                source="situation",
                rule=", ".join(g.rule for g in rest),
                op="mul",
            )
        )
    return steps


def skill_roll(
    state: FightState,
    dice: Dice,
    purpose: str,
    base: int,
    grades: Sequence[Grade] = (),
    flats: Sequence[Flat] = (),
    caps: Sequence[Cap] = (),
    rule: str = "",
) -> Roll:
    """Roll 1D100 under ``base`` after the grades, flats and caps, in that order; the roll
    records each step and its success tier."""
    options = opts(state)
    steps = grade_steps(state, grades)
    steps += [Modifier(name=f.why, value=f.value, source="situation", rule=f.rule) for f in flats]
    for c in caps:
        if c.divide:
            steps.append(
                Modifier(name=c.why, value=c.divide, source="situation", rule=c.rule, op="div_up")
            )
        else:
            steps.append(
                Modifier(name=c.why, value=c.value, source="situation", rule=c.rule, op="cap")
            )

    def judge(total: int, target: int) -> str:
        return tier(total, target, options.auto_success, options.auto_failure)

    return roll_under(dice, purpose, "1D100", base, steps, rule=rule, tier=judge)


def resistance(dice: Dice, purpose: str, active: int, passive: int, rule: str) -> tuple[Roll, bool]:
    """A resistance roll, active against passive [GK]: the chance, then 1D100 under it."""
    chance = resistance_chance(active, passive)
    r = roll_under(
        dice,
        purpose,
        "1D100",
        chance,
        rule=rule,
    )
    return r, r.total <= chance
