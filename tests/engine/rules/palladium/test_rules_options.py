"""The pack's options: every reading of a catalogue ❓/⚠ is a named option, recorded in the
EncounterStarted event and reported by status; unknown options and values are refused."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine.rules import UsageError
from engine.rules.options import describe
from engine.rules.palladium import PACK
from engine.table import Table
from events.core import EncounterStarted

from .conftest import Fight

RAW = {
    "nat1_always_misses": True,
    "npc_fixed_initiative": False,
    "gunfire_dodge_h2h": False,
    "defence_nat20_beats_all": True,
    "destroyed_mdc_armor": "no_protection",
    "sdc_vs_mdc_rounding": "down",
    "h2h_gun_strike_bonus": True,
    "power_punch_critical": "double_total",
    "round_structure": "cycle",
    "surprise": "ambush_initiative",
    "surprised_may_defend": False,
    "ranged_auto_initiative": "unseen_only",
    "lose_initiative": "last_this_round",
    "holds": False,
    "apm_ledger": False,
    "psi_cost": "flat",
    "psi_cost_window": "round",
    "range_bands": False,
    "called_location_total": 0,
    "point_blank_feet": 5,
    "beyond_range_shot": True,
    "leap_kick_critical": "triple",
    "pull_punch_floor": 0,
    "parry_limit_reset": "round",
    "fixed_initiative_ties": "reroll",
    "special_blows": "automatic",
    "hold_escape_ties": "holder",
    "roll_with_impact": "action",
    "roll_with_impact_ties": "match",
    "entangle_ties": "defender",
    "defensive_disarm": "natural_19",
    "back_flip": "rules",
    "body_block": "balance",
    "blood_loss": False,
    "gunfire_dodge_50_feet": "within",
    "moving_shooter": "wild",
    "pulse": "heavy_blast",
    "cover_penalty": False,
    "missile_strike": "five",
    "volley_damage": "each_rolled",
    "volley_radius": "warhead",
    "missile_dodge": "as_written",
    "missile_radius_escape": "caught",
    "shoot_down": "as_written",
    "shoot_down_target": 8,
    "shoot_down_attacks": 2,
    "shoot_down_half": "besides",
    "thrown_target": 5,
    "thrown_bonus": "strike",
    "bow_strike": "weapon",
    "grenade_delay": False,
    "grenade_scatter": "none",
    "covering_fire_misses": False,
    "counter_volley_likewise": "with_first",
    "counter_volley_table": "on_destroy",
    "multi_warhead": "releases",
    "smart_passes": 2,
    "size_classes": False,
    "missile_block": "undodgeable",
    "nat1_setback": "off",  # PAL-STRIKE-NAT1: no critical failures as written
    "melee_called": "extra_attack",  # PAL-STRIKE-CALLED read for a blow
}
HOUSE = {
    **RAW,
    "nat1_always_misses": False,  # PAL-HR-STRIKE-NAT1
    "npc_fixed_initiative": True,  # PAL-HR-INIT-NPC-FIXED
    "gunfire_dodge_h2h": True,  # PAL-HR-DEF-GUNFIRE-DODGE
    "round_structure": "passes",  # PAL-HR-ROUND-PASSES
    "surprise": "free_pass",  # PAL-HR-SURPRISE
    "lose_initiative": "house",  # PAL-HR-LOSE-INIT
    "holds": True,  # PAL-HR-HOLD, -INTERRUPT, -COUNTER
    "apm_ledger": True,  # PAL-HR-APM-LEDGER
    "psi_cost": "escalating",  # PAL-HR-PSI-COST
    "range_bands": True,  # PAL-HR-STRIKE-RANGE-BANDS
    "called_location_total": 12,  # PAL-HR-STRIKE-CALLED-12
    "parry_limit_reset": "turn",  # PAL-DEF-MULTI-3 as the house rules reset it
    "fixed_initiative_ties": "rollers_first",  # PAL-HR-INIT-NPC-FIXED: NPCs never roll
    "special_blows": "activate",  # PAL-HR-KO, PAL-HR-DEATHBLOW
    "roll_with_impact": "free_if_trained",  # PAL-HR-DEF-ROLL
    "defensive_disarm": "beat_strike",  # PAL-HR-DEF-DISARM
    "back_flip": "narrated",  # PAL-HR-NO-BACKFLIP
    "body_block": "strength",  # PAL-HR-DMG-BODYBLOCK
    "gunfire_dodge_50_feet": "under",  # PAL-HR-DEF-GUNFIRE-DODGE
    "moving_shooter": "moving_target",  # PAL-HR-RNG-MOVING-SHOOTER
    "cover_penalty": True,  # PAL-RNG-COVER (house)
    "size_classes": True,  # PAL-HR-SIZE-CLASS
    "nat1_setback": "always",  # PAL-HR-STRIKE-NAT1
    "missile_strike": "volley_bonus",  # PAL-HR-MSL-STRIKE
    "volley_damage": "multiple",  # PAL-HR-MSL-DAMAGE-MULT
    "volley_radius": "doubling",  # PAL-HR-MSL-RADIUS
    "missile_dodge": "house",  # PAL-HR-MSL-DODGE
    "shoot_down": "house",  # PAL-HR-MSL-COUNTER-VOLLEY, PAL-HR-MSL-SHOOT-DOWN
    "thrown_bonus": "pp",  # PAL-HR-STRIKE-THROWN
    "bow_strike": "pp_capped",  # PAL-HR-STRIKE-BOWS
    "grenade_delay": True,  # PAL-HR-GRENADE-DELAY
    "grenade_scatter": "always",  # PAL-HR-GRENADE-SCATTER
}


def recorded(fight: Fight) -> EncounterStarted:
    start = fight.table.log()[0].events[0]
    assert isinstance(start, EncounterStarted)
    return start


@pytest.mark.parametrize(("variant", "expected"), [("raw", RAW), ("house", HOUSE)])
def test_options_of_each_variant_are_recorded_and_reported(
    fight: Fight, variant: str, expected: dict[str, Any]
) -> None:
    """Catalogue K: PAL-STRIKE-NAT1, PAL-HR-INIT-NPC-FIXED, PAL-DEF-GUNFIRE-DODGE and the
    other readings, recorded in EncounterStarted and reported by status."""
    fight.new(variant)
    start = recorded(fight)
    assert (start.variant, msgspec.to_builtins(start.options)) == (variant, expected)
    status = fight.status()
    assert (status["variant"], status["options"]) == (variant, expected)


def test_an_override_is_recorded_and_reported(fight: Fight) -> None:
    """PAL-DMG-MDC-ARMOR-ZERO and PAL-STRIKE-NAT1 readings chosen by the GM ("off" is False)."""
    fight.new("raw", destroyed_mdc_armor="stops_7_or_less", nat1_always_misses="off")
    want = {**RAW, "destroyed_mdc_armor": "stops_7_or_less", "nat1_always_misses": False}
    assert msgspec.to_builtins(recorded(fight).options) == want
    assert fight.status()["options"] == want


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"nat20_is_triple": True}, r"unknown option 'nat20_is_triple'"),
        ({"destroyed_mdc_armor": "stops_9"}, r"destroyed_mdc_armor='stops_9' is not allowed"),
        (
            {"nat1_always_misses": "maybe"},
            r"nat1_always_misses='maybe' is not allowed: .*on or off",
        ),
        ({"round_structure": "phases"}, r"round_structure='phases' is not allowed: .*cycle"),
        ({"called_location_total": True}, r"called_location_total=True is not allowed"),
        ({"called_location_total": "31"}, r"called_location_total='31' is not allowed: .* 0 to 30"),
        ({"called_location_total": "١٢"}, r"called_location_total='١٢' is not allowed"),
    ],
)
def test_unknown_option_or_value_is_refused_and_nothing_created(
    tmp_path: Path, options: dict[str, Any], message: str
) -> None:
    """Catalogue K: only the named readings exist (PAL-DMG-MDC-ARMOR-ZERO, PAL-STRIKE-NAT1)."""
    with pytest.raises(UsageError, match=message):
        Table(tmp_path / "f.db").new("test", 1, options=options)
    assert not (tmp_path / "f.db").exists()


def test_every_option_names_its_rule_ids_and_offers_its_defaults() -> None:
    """Every option cites the PAL-… rule ids whose ❓/⚠ it settles."""
    described = describe(PACK)
    for name, takes, by_variant, rules, what in described:
        assert re.fullmatch(r"PAL-[A-Z0-9-]+( / PAL-[A-Z0-9-]+)*", rules), name
        assert by_variant == {"raw": RAW[name], "house": HOUSE[name]}, name
        assert takes and what, name
    assert [d[0] for d in described] == list(RAW)
