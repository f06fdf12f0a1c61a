"""The Palladium pack's variants and options, recorded when an encounter starts.

Where the rule text is ambiguous, the reading is a named option here (catalogue ❓ and ⚠
entries), never a silent guess. ``raw`` follows seed 000; ``house`` applies the house rules of
seed 001 that this pack implements so far. Readings too small for an option are stated, with
their rule ids, in the docstring of the function that takes them: tie re-rolls
(``actions.decide_initiative``), the turn cycle (``actions.can_act``), the simultaneous
attack's cost (``actions._simultaneous``), criticals of a wider range (``combat.strike``),
defence costs (``combat._spend_defence``), S.D.C. armor (``damage._sdc_target``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

VARIANTS = ("raw", "house")

#: option -> (allowed values, raw default, house default, rule ids, what it decides)
OPTIONS: dict[str, tuple[tuple[Any, ...], Any, Any, str, str]] = {
    "nat1_always_misses": (
        (True, False),
        True,
        False,
        "PAL-STRIKE-NAT1 / PAL-HR-STRIKE-NAT1",
        "a natural 1 misses whatever the total (RAW); house: only if the total misses",
    ),
    "npc_fixed_initiative": (
        (True, False),
        False,
        True,
        "PAL-INIT-ROLL / PAL-HR-INIT-NPC-FIXED",
        "NPCs take 10 + initiative bonuses instead of rolling",
    ),
    "gunfire_dodge_h2h": (
        (True, False),
        False,
        True,
        "PAL-DEF-GUNFIRE-DODGE / PAL-HR-DEF-GUNFIRE-DODGE",
        "hand-to-hand dodge bonuses count against gunfire",
    ),
    "defence_nat20_beats_all": (
        (True, False),
        True,
        True,
        "PAL-DEF-NAT20",
        "a natural 20 defence stops any strike that is not itself a natural 20 (reading)",
    ),
    "destroyed_mdc_armor": (
        ("no_protection", "stops_7_or_less"),
        "no_protection",
        "no_protection",
        "PAL-DMG-MDC-ARMOR-ZERO",
        "what M.D.C. armor at 0 still does against S.D.C. strikes (000:L49 vs L995)",
    ),
    "sdc_vs_mdc_rounding": (
        ("down", "nearest"),
        "down",
        "down",
        "PAL-DMG-SDC-VS-MDC",
        "an S.D.C. hit of 100+ on M.D.C. becomes M.D. rounded down (150 -> 1) or to the "
        "nearest point (150 -> 2); the text only fixes 100 -> 1",
    ),
    "h2h_gun_strike_bonus": (
        (True, False),
        True,
        True,
        "PAL-STRIKE-BONUS-GUNS",
        "hand-to-hand grants that name guns (Assassin L8, L11, L15) count on gun strikes, "
        "the one exception to 'no H2H bonus with guns' (catalogue L.10)",
    ),
    "power_punch_critical": (
        ("double_total", "no_extra"),
        "double_total",
        "double_total",
        "PAL-DMG-POWER / PAL-DMG-CRIT",
        "a critical power punch doubles the power punch's total, or adds nothing",
    ),
}


class OptionError(ValueError):
    """An unknown option, or a value it does not take."""


def options_for(variant: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a new encounter: the variant's defaults with the GM's overrides."""
    if variant not in VARIANTS:
        raise OptionError(f"unknown variant {variant!r} (choose from {', '.join(VARIANTS)})")
    chosen = {
        name: (raw if variant == "raw" else house)
        for name, (_, raw, house, _r, _d) in OPTIONS.items()
    }
    for name, value in overrides.items():
        if name not in OPTIONS:
            raise OptionError(f"unknown option {name!r} (options: {', '.join(OPTIONS)})")
        allowed = OPTIONS[name][0]
        if isinstance(value, str) and value.lower() in {"true", "false", "on", "off"}:
            value = value.lower() in {"true", "on"}
        if value not in allowed:
            raise OptionError(
                f"option {name}={value!r} is not one of {', '.join(map(str, allowed))}"
            )
        chosen[name] = value
    return chosen
