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
    "round_structure": (
        ("cycle", "passes"),
        "cycle",
        "passes",
        "PAL-ROUND-SEQUENCE / PAL-HR-ROUND-PASSES",
        "one attack per turn, cycling the order until all are spent (RAW); or three passes, "
        "each a turn per fighter with that pass's share of his attacks",
    ),
    "surprise": (
        ("ambush_initiative", "free_pass"),
        "ambush_initiative",
        "free_pass",
        "PAL-INIT-AUTO-SNEAK / PAL-HR-SURPRISE",
        "`fracas surprise`: the ambushers act first in a normal round and their first attack "
        "cannot be parried or dodged (RAW); or a free single-pass round for them alone",
    ),
    "surprised_may_defend": (
        (True, False),
        False,
        False,
        "PAL-HR-SURPRISE",
        "in a free surprise pass, surprised fighters not named --aware may still parry or "
        "dodge (the text only says aware targets may)",
    ),
    "ranged_auto_initiative": (
        ("unseen_only", "any_long_range"),
        "unseen_only",
        "unseen_only",
        "PAL-INIT-AUTO-RANGED",
        "automatic initiative only for an unseen long-range attacker (the catalogue's "
        "reading of 000:L293), or for any long-range attacker (000:L21, L273)",
    ),
    "lose_initiative": (
        ("last_this_round", "house"),
        "last_this_round",
        "house",
        "PAL-COND-KNOCKDOWN / PAL-HR-LOSE-INIT",
        "losing initiative moves the fighter to the end of this round's order (RAW reading); "
        "house: initiative 0 now if he has not acted this round, else 0 next round",
    ),
    "holds": (
        (True, False),
        False,
        True,
        "PAL-HR-HOLD / PAL-HR-INTERRUPT / PAL-HR-COUNTER",
        "held actions with a trigger, interrupts by 1D100 + Spd, and counters",
    ),
    "apm_ledger": (
        (True, False),
        False,
        True,
        "PAL-HR-APM-LEDGER / PAL-HR-APM-BOXING / PAL-HR-APM-H2H-RANGED-CAP / PAL-HR-APM-RPA",
        "restricted attacks: Boxing only for punches, at most half the hand-to-hand attacks "
        "on gunshots (more are shot wild), machine attacks only for the machine",
    ),
    "psi_cost": (
        ("flat", "escalating"),
        "flat",
        "escalating",
        "PAL-PSI-ACTION / PAL-HR-PSI-COST",
        "a psionic activation costs 1 attack (RAW), or 1, 2, 3 ... within the window below",
    ),
    "psi_cost_window": (
        ("turn", "pass", "round"),
        "round",
        "round",
        "PAL-HR-PSI-COST",
        "over what the escalating psionic cost counts activations (the text does not say)",
    ),
    "range_bands": (
        (True, False),
        False,
        True,
        "PAL-STRIKE-RANGED-TARGET / PAL-HR-STRIKE-RANGE-BANDS",
        "a shot needs 8 (RAW); or 5 at punching range (and may be parried), 8 to half the "
        "weapon's range, 13 beyond",
    ),
    "called_location_total": (
        tuple(range(0, 31)),
        0,
        12,
        "PAL-STRIKE-CALLED / PAL-HR-STRIKE-CALLED-12",
        "the total a called shot needs to strike the called location (0: none beyond the hit, "
        "RAW); below it the defender picks where the hit lands",
    ),
    "point_blank_feet": (
        (3, 5, 10),
        5,
        5,
        "PAL-HR-STRIKE-RANGE-BANDS",
        "how near, in feet, counts as punching range for a shot (the text gives no figure)",
    ),
    "beyond_range_shot": (
        (True, False),
        True,
        True,
        "PAL-RNG-BEYOND-RANGE",
        "a shot up to 30% past the weapon's range at -5 (RAW); the house rules do not say "
        "whether it stays",
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
        elif isinstance(value, str) and value.isdigit():
            value = int(value)
        if value not in allowed or (
            isinstance(value, bool) and not any(isinstance(a, bool) for a in allowed)
        ):
            raise OptionError(
                f"option {name}={value!r} is not one of {', '.join(map(str, allowed))}"
            )
        chosen[name] = value
    return chosen
