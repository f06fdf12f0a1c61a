"""A roll under the fighter's conditions (section G): bonuses a condition takes away shown as
not applying, and each condition's penalty (``conditions.py`` says which)."""

from __future__ import annotations

from engine.rolls import skipped
from engine.rules.palladium import conditions
from events.core import Modifier
from projections.state import CombatantState


def condition_modifiers(c: CombatantState, mods: list[Modifier]) -> list[Modifier]:
    """A roll's modifiers under ``c``'s conditions: bonuses shown as not applying where a
    condition takes them away, and each condition's penalty."""
    out = list(mods)
    for k in conditions.of(c):
        if not k.bonuses:
            kept = [m for m in out if m.op != "add" or m.value < 0]
            out = kept + skipped(
                [m for m in out if m.op == "add" and m.value > 0],
                f"no combat bonuses while {k.said}",
                k.rule,
            )
        if k.penalty:
            out.append(Modifier(name=k.name, value=k.penalty, source="condition", rule=k.rule))
    return out
