"""The Palladium pack's variants, and its options as the rules read them.

The options are :class:`events.palladium.PalladiumOptions`, recorded in the encounter's first
event; their defaults are the rules as written (seed 000, variant ``raw``). ``house`` applies
the house rules of seed 001 this pack implements. Where the rule text is ambiguous the reading
is a named option (catalogue ❓ and ⚠ entries), never a silent guess. Readings too small for an
option are stated, with their rule ids, in the docstring of the function that takes them: tie
re-rolls (``round.begin_round``), the turn cycle (``round.can_act``), the simultaneous
attack's cost (``strikes.simultaneous``), criticals of a wider range (``combat.strike``),
defence costs (``combat._spend_defence``), S.D.C. armor (``damage._sdc_target``).
"""

from __future__ import annotations

from typing import Any

from events.palladium import PalladiumOptions
from projections.state import FightState

#: variant -> the options it sets otherwise than the rules as written.
VARIANTS: dict[str, dict[str, Any]] = {
    "raw": {},
    "house": {
        "nat1_always_misses": False,
        "nat1_setback": "always",
        "npc_fixed_initiative": True,
        "gunfire_dodge_h2h": True,
        "round_structure": "passes",
        "surprise": "free_pass",
        "lose_initiative": "house",
        "holds": True,
        "apm_ledger": True,
        "psi_cost": "escalating",
        "range_bands": True,
        "called_location_total": 12,
        "parry_limit_reset": "turn",
        "fixed_initiative_ties": "rollers_first",
        "special_blows": "activate",
        "roll_with_impact": "free_if_trained",
        "defensive_disarm": "beat_strike",
        "back_flip": "narrated",
        "body_block": "strength",
        "gunfire_dodge_50_feet": "under",
        "moving_shooter": "moving_target",
        "cover_penalty": True,
        "missile_strike": "volley_bonus",
        "volley_damage": "multiple",
        "volley_radius": "doubling",
        "missile_dodge": "house",
        "shoot_down": "house",
        "thrown_bonus": "pp",
        "bow_strike": "pp_capped",
        "grenade_delay": True,
        "grenade_scatter": "always",
        "size_classes": True,
    },
}

_DEFAULT = PalladiumOptions()


def opts(state: FightState) -> PalladiumOptions:
    """The encounter's options (the rules as written before an encounter starts)."""
    options = state.options
    return options if isinstance(options, PalladiumOptions) else _DEFAULT
