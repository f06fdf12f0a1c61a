"""Penalties of the moment: a roll under the fighter's conditions (section G: bonuses a
condition takes away shown as not applying, and each condition's penalty, ``conditions.py``),
and defending against a shot from close by."""

from __future__ import annotations

from engine.rolls import skipped
from engine.rules.palladium import conditions
from events.core import Modifier
from events.palladium import StrikeDetail
from projections.state import CombatantState

CLOSE_FEET = 10  # PAL-DEF-GUNFIRE-DODGE: -10 within 10 ft
NEAR_FEET = 50  # and -5 within 50 ft


def close_range(detail: StrikeDetail, fifty: str, what: str, rule: str) -> list[Modifier]:
    """The penalty to dodge a shot from close by (-10 within 10 ft, -5 within 50 ft,
    PAL-DEF-GUNFIRE-DODGE; the house rules' energy parry the same, PAL-HR-DEF-PARRY-ENERGY);
    ``fifty``: whether exactly 50 ft is "within" or not ("under", option
    ``gunfire_dodge_50_feet``). Nothing when the shot gives no range."""
    feet = detail.range_ft
    if not detail.ranged or feet is None:
        return []
    if feet <= CLOSE_FEET:
        value = -10
    elif feet < NEAR_FEET or (feet == NEAR_FEET and fifty == "within"):
        value = -5
    else:
        return []
    return [Modifier(name=f"{what} a shot from {feet} ft", value=value, source="rules", rule=rule)]


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
