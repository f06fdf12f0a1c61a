"""Attack, defence and damage with forced dice: the defence matrix ([GK], option
``defence_matrix``), special and critical damage (L82: a critical ignores armor), two of
attack, parry and dodge (L316), parrying weapons' HP (BRP-BROKEN-WEAPON), hit locations and
the limb cap (L440), major wounds, unconsciousness and death."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from events.brp import (
    ArmorRolled,
    AttackRolled,
    DamageApplied,
    DamageRolled,
    DefenseRolled,
    LocationRolled,
    WeaponChanged,
)
from events.core import ReactionRequested

from .conftest import Fight, of, one


def test_a_parry_stops_an_attack_of_no_higher_tier(duel: Fight) -> None:
    events = duel.attack("ilsa", "t", 30).events
    assert one(events, AttackRolled).tier == "success"
    assert one(events, ReactionRequested).reactor == "t"
    events = duel.defend("t", "parry", 20, 3, 2).events  # shield 40; the blow 3+1+2 = 6 < 15
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, parry.tier, parry.stops) == (40, "success", True)
    assert of(events, DamageApplied) == []
    assert duel.who("t")["hp"] == 12
    assert duel.who("t")["actions_used"] == ["parry"]


def test_a_special_attack_gets_through_a_plain_parry(duel: Fight) -> None:
    """A special (at most 55/5 = 11) beats a success; the broadsword slashes: its dice twice."""
    duel.attack("ilsa", "t", 8)
    events = duel.defend("t", "parry", 20, 4, 5, 2).events
    assert one(events, DefenseRolled).stops is False
    dmg = one(events, DamageRolled)
    assert (dmg.roll.spec, dmg.roll.total, dmg.effect) == (
        "1D8+1+1D8+1+1D4",
        13,
        "slash: the weapon's dice twice",
    )
    assert one(events, DamageApplied).amount == 11  # armor 2
    assert duel.conditions("t") == {"major wound": None, "unconscious": None}


def test_any_success_reading_stops_every_hit(fight: Fight) -> None:
    fight.new(defence_matrix="any_success")
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    fight.round()
    fight.attack("ilsa", "t", 8)
    assert one(fight.defend("t", "parry", 20, 4, 5, 2).events, DefenseRolled).stops


def test_a_failed_dodge_takes_the_blow_less_armor(duel: Fight) -> None:
    duel.attack("ilsa", "t", 30)
    events = duel.defend("t", "dodge", 40, 3, 2).events
    assert one(events, DefenseRolled).tier == "failure"
    applied = one(events, DamageApplied)
    assert (applied.amount, applied.before, applied.after) == (4, 12, 8)


def test_a_critical_ignores_armor(duel: Fight) -> None:
    """L82: a critical bypasses armor; it does the weapon's special damage too."""
    events = duel.attack("ilsa", "t", 2, 1, 1, 1, defend="none").events
    assert one(events, AttackRolled).tier == "critical"
    assert one(events, ArmorRolled).ignored.startswith("a critical ignores armor")
    assert one(events, DamageApplied).amount == 5


def test_a_fumble_misses(duel: Fight) -> None:
    events = duel.attack("ilsa", "t", 98).events
    roll = one(events, AttackRolled)
    assert (roll.tier, roll.hits) == ("fumble", False)
    assert of(events, ReactionRequested) == []
    assert duel.status()["acting"] == "t"


@pytest.fixture
def melee(fight: Fight) -> Fight:
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("shooter", "s")
    fight.add("target", "t")
    fight.round()
    return fight


def test_two_of_attack_parry_and_dodge_a_third_is_refused(melee: Fight) -> None:
    """L316: two of attack, parry and dodge a round."""
    melee.attack("ilsa", "t", 30)
    melee.defend("t", "parry", 20, 3, 2)
    melee.attack("s", "t", 30, range=10)
    melee.defend("t", "dodge", 10)
    with pytest.raises(IllegalAction, match="two of attack, parry and dodge"):
        melee.attack("t", "ilsa", 10)


def test_the_same_defence_twice_is_refused_unless_the_option_allows(melee: Fight) -> None:
    melee.attack("ilsa", "t", 30)
    melee.defend("t", "parry", 20, 3, 2)
    melee.attack("s", "t", 30, range=10)
    with pytest.raises(IllegalAction, match="two_of_three=distinct"):
        melee.defend("t", "parry", 10)


def test_hit_locations_melee_table_and_location_armor(fight: Fight) -> None:
    fight.new(hit_locations=True)
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    fight.round()
    events = fight.attack("ilsa", "t", 30, 12, 3, 2, defend="none").events
    loc = one(events, LocationRolled)
    assert (loc.location, loc.roll.total if loc.roll else None) == ("chest", 12)
    applied = one(events, DamageApplied)
    assert (applied.location, applied.location_before, applied.location_after) == ("chest", 5, 1)
    assert (applied.before, applied.after) == (12, 8)
    assert fight.who("t")["locations"]["chest"] == {"hp": 1, "hp_max": 5, "armor": "2"}


def test_a_limb_passes_at_most_twice_its_hp_to_the_total(fight: Fight) -> None:
    """L440: a limb takes at most twice its HP; past 0 it is disabled (a leg: prone), past
    minus its HP maimed; the blow is a major wound whatever the cap passes on."""
    fight.new(hit_locations=True)
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    fight.round()
    events = fight.attack("ilsa", "t", 8, 1, 8, 8, 4, defend="none").events  # special: 22
    applied = one(events, DamageApplied)
    assert (applied.location, applied.location_after, applied.amount) == ("right_leg", -16, 8)
    assert fight.who("t")["hp"] == 4
    assert set(fight.conditions("t")) == {
        "right leg disabled",
        "prone",
        "right leg maimed",
        "major wound",  # 20 in one blow: half the total HP or more
    }


def test_a_parry_above_the_weapons_hp_costs_it_and_passes_the_excess(fight: Fight) -> None:
    """BRP-BROKEN-WEAPON: the sword (HP 3 here) blocks 3 of 6; it loses 1 HP; 3 get through."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t", weapons=[{"name": "sword", "skill": 50, "damage": "1D6+1", "hp": 3}])
    fight.round()
    fight.attack("ilsa", "t", 30)
    events = fight.defend("t", "parry", 20, 3, 2).events
    changed = one(events, WeaponChanged)
    assert (changed.hp, changed.broken) == (2, False)
    assert one(events, DamageApplied).amount == 3


def test_a_broken_weapon_attacks_difficult_and_deals_half(fight: Fight) -> None:
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t", weapons=[{"name": "sword", "skill": 50, "damage": "1D6+1", "hp": 1}])
    fight.round()
    fight.attack("ilsa", "t", 30)
    events = fight.defend("t", "parry", 20, 3, 2).events
    assert one(events, WeaponChanged).broken
    events = fight.attack("t", "ilsa", 25).events
    roll = one(events, AttackRolled).roll
    assert roll.target == 25 and "broken" in roll.target_modifiers[0].name
    events = fight.defend("ilsa", "none", 6, 3).events  # damage D6, armor 1D8-1
    dmg = one(events, DamageRolled).roll
    assert (dmg.total, dmg.modifiers[-1].op) == (4, "div_up")  # (6+1)/2 rounded up
    assert one(events, DamageApplied).amount == 2


def test_unconscious_at_two_hp_and_dead_at_zero(duel: Fight) -> None:
    duel.ruling("t", damage=10)
    assert duel.conditions("t") == {"unconscious": None, "major wound": None}
    duel.ruling("t", damage=2)
    assert "dead" in duel.conditions("t") and duel.who("t")["alive"] is False
