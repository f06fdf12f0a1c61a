"""The melee spot rules of seed 004 with forced dice: knockback, knockout, stun weapons and
the stunned state, disarming, entangling (BRP-KNOCKBACK, -KNOCKOUT, -STUN-WEAPON, -STUNNED,
-DISARM, -ENTANGLE); two weapons, backstabs and helpless targets, superior position, size,
close combat and weapon length, quickdraws, fighting prone (BRP-TWO-WEAPONS, -BACKSTAB,
-HELPLESS, -SUPERIOR-POS, -SIZE-MOD, -CLOSE-COMBAT, -WEAPON-LENGTH, -QUICKDRAW, -PRONE).

Each test names its rule id; the figures are the rules' (``shared/rules/gurps-brp.md`` §2.2),
worked out by hand from the sheets: Ilsa (swordsman: DEX 15, broadsword 55% 1D8+1, +1D4, HP
12, dodge 40, armor 1D8-1), the target (DEX 10, sword 50% 1D6+1 HP 12, shield 40%, STR 12,
SIZ 12, HP 12, dodge 30, Idea 60, armor 2), the shooter (DEX 12, SIZ 10, no damage modifier)
and the brute (DEX 9, maul 60% 2D6+2 two-handed, +1D6, SIZ 16, armor 1).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.brp import (
    ArmorRolled,
    AttackRolled,
    DamageApplied,
    DamageRolled,
    DefenseDeclined,
    DefenseRolled,
    FirstStrike,
    KnockedBack,
    LocationRolled,
    ResistanceRolled,
    SkillRolled,
    WeaponChanged,
)
from events.core import (
    CutInQueued,
    HoldDeclared,
    InitiativeDeclared,
    InterruptDeclared,
    ReactionRequested,
    Roll,
    TurnScheduled,
)

from .conftest import Fight, of, one


def steps(r: Roll) -> list[tuple[str, int, str]]:
    """A roll's target modifiers as (op, value, rule), in the order applied."""
    return [(m.op, m.value, m.rule) for m in r.target_modifiers]


def begin(fight: Fight, *intents: tuple[str, str, str]) -> None:
    """``initiative``, the statement of intent (actor, intent, target), then ``next`` twice:
    the DEX ranks begin."""
    fight.declare(InitiativeDeclared())
    for actor, intent, target in intents:
        fight.intent(actor, intent, target)
    fight.pass_()
    fight.pass_()


def attack_roll(fight: Fight, actor: str, target: str, *faces: int, **kw: Any) -> Roll:
    """The attack's d100 roll (its target after every modifier)."""
    return one(fight.attack(actor, target, *faces, **kw).events, AttackRolled).roll


# --- BRP-KNOCKBACK -------------------------------------------------------------------------


@pytest.fixture
def brute(fight: Fight) -> Fight:
    """The brute (acts first) against the target, made slower (DEX 8: Agility 40) and tougher
    (HP 30) so a big blow leaves him standing."""
    fight.new()
    fight.add("brute", "b")
    fight.add("target", "t", characteristics={"dex": 8}, derived={"hp": 30})
    return fight


def test_BRP_KNOCKBACK_damage_against_siz_lost_goes_back_and_agility_keeps_him_up(
    brute: Fight,
) -> None:
    """BRP-KNOCKBACK: the final damage (after armor) resists the target's SIZ; he loses, so
    he goes back 1 m for each 5 points over his SIZ and rolls Agility to stay up, taking the
    damage as well."""
    begin(brute, ("b", "knockback", "t"))
    events = brute.attack("b", "t", 30, 6, 6, 5, 75, 40, knockback=True, defend="none").events
    assert one(events, DamageRolled).roll.total == 19  # 2D6+2 (6, 6) + 1D6 (5)
    assert one(events, DamageApplied).amount == 17  # armor 2
    res = one(events, ResistanceRolled)
    assert (res.active, res.passive, res.roll.target, res.success) == (
        "damage 17",
        "Target's SIZ 12",
        75,  # 50% + 5% x (17 - 12)
        True,
    )
    assert one(events, KnockedBack).metres == 1  # 5 over SIZ 12
    agility = one(events, SkillRolled)
    assert (agility.skill, agility.roll.target, agility.success) == ("agility", 40, True)
    assert brute.who("t")["hp"] == 13
    assert "prone" not in brute.conditions("t")


def test_BRP_KNOCKBACK_a_won_resistance_roll_means_no_knockback(brute: Fight) -> None:
    """BRP-KNOCKBACK: the target wins the resistance roll (76 against 75): the damage only."""
    begin(brute, ("b", "knockback", "t"))
    events = brute.attack("b", "t", 30, 6, 6, 5, 76, knockback=True, defend="none").events
    assert one(events, ResistanceRolled).success is False
    assert of(events, KnockedBack) == [] and of(events, SkillRolled) == []
    assert brute.who("t")["hp"] == 13


@pytest.mark.parametrize(
    ("dice", "chance", "metres"),
    [((6, 6, 5), 95, 1), ((6, 6, 6), 100, 2)],
    ids=["9-over-is-1-m", "10-over-is-2-m"],
)
def test_BRP_KNOCKBACK_one_metre_per_five_points_over_siz_and_a_failed_agility_is_prone(
    fight: Fight, dice: tuple[int, int, int], chance: int, metres: int
) -> None:
    """BRP-KNOCKBACK: against SIZ 8, 17 damage is 9 over (95%, 1 m), 18 is 10 over (certain,
    2 m); a failed Agility roll leaves him prone."""
    fight.new()
    fight.add("brute", "b")
    fight.add("target", "t", characteristics={"dex": 8, "siz": 8}, derived={"hp": 30})
    begin(fight, ("b", "knockback", "t"))
    events = fight.attack("b", "t", 30, *dice, chance, 41, knockback=True, defend="none").events
    res = one(events, ResistanceRolled)
    assert (res.roll.target, res.success) == (chance, True)
    assert one(events, KnockedBack).metres == metres
    assert one(events, SkillRolled).success is False  # 41 against Agility 40
    assert "prone" in fight.conditions("t")


def test_BRP_KNOCKBACK_must_be_stated_in_the_intent(brute: Fight) -> None:
    """BRP-KNOCKBACK: a knockback is designated (option intent_required, on by default)."""
    brute.round()
    with pytest.raises(IllegalAction, match="did not state this knockback"):
        brute.attack("b", "t", 30, knockback=True)


def test_BRP_KNOCKBACK_unstated_with_option_intent_required_off(fight: Fight) -> None:
    fight.new(intent_required=False)
    fight.add("brute", "b")
    fight.add("target", "t", characteristics={"dex": 8}, derived={"hp": 30})
    fight.round()
    events = fight.attack("b", "t", 30, 6, 6, 5, 75, 40, knockback=True, defend="none").events
    assert one(events, KnockedBack).metres == 1


# --- BRP-KNOCKOUT --------------------------------------------------------------------------


@pytest.fixture
def knockout(fight: Fight) -> Fight:
    """The target (sword 50%, 1D6+1, no damage modifier) will knock Ilsa (HP 12, armor 1D8-1)
    out; Ilsa passes her rank first."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("t", "knockout", "ilsa"))
    fight.pass_("ilsa")
    return fight


def test_BRP_KNOCKOUT_a_major_wound_does_one_point_and_knocks_out_1d10_plus_10_rounds(
    knockout: Fight,
) -> None:
    """BRP-KNOCKOUT: the attack is Difficult (50 -> 25); armor counts; 6 after armor is half
    Ilsa's 12 HP, a major wound: she takes 1 damage and is knocked out for 1D10+10 (7+10)
    rounds. BRP-HELPLESS: the next round, attacks on her are Easy and undefended."""
    events = knockout.attack("t", "ilsa", 25, 5, 1, 7, knockout=True, defend="none").events
    roll = one(events, AttackRolled).roll
    assert (roll.target, roll.tier) == (25, "success")
    assert steps(roll) == [("div_up", 2, "BRP-KNOCKOUT")]
    assert one(events, DamageRolled).roll.total == 6  # 1D6+1 (5)
    assert one(events, ArmorRolled).roll.total == 0  # 1D8-1 (1)
    applied = one(events, DamageApplied)
    assert (applied.amount, applied.before, applied.after) == (1, 12, 11)
    # 17 rounds, round 1 the first: its last rank is done, so 16 are left, from round 2
    assert knockout.conditions("ilsa") == {"knocked out": 16}
    knockout.declare(InitiativeDeclared())
    assert knockout.conditions("ilsa") == {"knocked out": 16}
    knockout.pass_()
    knockout.pass_()
    assert knockout.status()["acting"] == "t"  # she takes no turn
    events = knockout.attack("t", "ilsa", 90, 3, 1).events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (100, [("mul", 2, "BRP-HELPLESS")])
    assert "knocked out" in one(events, DefenseDeclined).reason
    assert of(events, ReactionRequested) == []


@pytest.mark.parametrize(
    ("dice", "taken"),
    [((4, 1), 2), ((4, 2), 1)],
    ids=["5-after-armor-0", "4-after-armor-1"],
)
def test_BRP_KNOCKOUT_a_minor_wound_does_only_the_weapons_minimum_after_armor(
    knockout: Fight, dice: tuple[int, int], taken: int
) -> None:
    """BRP-KNOCKOUT: 5 (or 4) after armor is under half of 12 HP, a minor wound: the rolled
    damage is ignored and the sword's minimum, 2 (1D6+1), less the armor rolled, is dealt; no
    knockout."""
    events = knockout.attack("t", "ilsa", 25, *dice, knockout=True, defend="none").events
    assert one(events, DamageApplied).amount == taken
    assert knockout.who("ilsa")["hp"] == 12 - taken
    assert knockout.conditions("ilsa") == {}


def test_BRP_KNOCKOUT_a_critical_bypasses_armor(fight: Fight) -> None:
    """BRP-KNOCKOUT: a critical's effects apply: 2 is a critical of the Difficult 25; the
    club's 6 ignores Ilsa's armor (no armor die), a major wound: knocked out 5+10 rounds."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t", weapons=[{"name": "club", "skill": 50, "damage": "1D6"}])
    begin(fight, ("t", "knockout", "ilsa"))
    fight.pass_("ilsa")
    events = fight.attack("t", "ilsa", 2, 6, 5, knockout=True, defend="none").events
    assert one(events, AttackRolled).tier == "critical"
    assert one(events, ArmorRolled).ignored.startswith("a critical ignores armor")
    assert one(events, DamageApplied).amount == 1
    assert fight.conditions("ilsa") == {"knocked out": 14}  # round 1 of 15 is over


def test_BRP_KNOCKOUT_must_be_stated_in_the_intent(duel: Fight) -> None:
    """BRP-KNOCKOUT: the intent is declared at the beginning of the round."""
    with pytest.raises(IllegalAction, match="did not state this knockout"):
        duel.attack("ilsa", "t", 10, knockout=True)


def test_BRP_KNOCKOUT_major_wound_by_the_heads_hp_with_option_location_hp(fight: Fight) -> None:
    """BRP-KNOCKOUT, option knockout_major=location_hp: with hit locations on the blow lands
    on the head (Ilsa's armor does not cover it); 4 is the head's 4 HP, a major wound there,
    though under half her total HP."""
    fight.new(hit_locations=True, knockout_major="location_hp")
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("t", "knockout", "ilsa"))
    fight.pass_("ilsa")
    events = fight.attack("t", "ilsa", 25, 3, 2, knockout=True, defend="none").events
    assert one(events, LocationRolled).location == "head"
    assert one(events, ArmorRolled).ignored.startswith("the leather does not cover")
    applied = one(events, DamageApplied)
    assert (applied.amount, applied.location_before, applied.location_after) == (1, 4, 3)
    assert fight.conditions("ilsa") == {"knocked out": 11}  # round 1 of 12 is over


def test_BRP_KNOCKOUT_by_half_total_hp_a_head_blow_of_four_is_minor(fight: Fight) -> None:
    """BRP-KNOCKOUT, option knockout_major=half_hp (the default) with hit locations on: 4 on
    the head is under half of 12 HP, a minor wound: the sword's minimum 2, no knockout."""
    fight.new(hit_locations=True)
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("t", "knockout", "ilsa"))
    fight.pass_("ilsa")
    events = fight.attack("t", "ilsa", 25, 3, knockout=True, defend="none").events
    applied = one(events, DamageApplied)
    assert (applied.location, applied.amount, applied.location_after) == ("head", 2, 2)
    assert fight.conditions("ilsa") == {}


def test_BRP_KNOCKOUT_at_the_head_is_one_difficult_grade_even_when_each_grade_counts(
    fight: Fight,
) -> None:
    """BRP-KNOCKOUT: the knockout's Difficult is that of a blow aimed at the head; naming the
    head as well does not halve the skill twice (option grades=each)."""
    fight.new(grades="each")
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("t", "knockout", "ilsa"))
    fight.pass_("ilsa")
    roll = attack_roll(fight, "t", "ilsa", 90, knockout=True, location="head")
    assert (roll.target, steps(roll)) == (25, [("div_up", 2, "BRP-KNOCKOUT")])


# --- BRP-STUN-WEAPON and BRP-STUNNED -------------------------------------------------------


def stunner(fight: Fight, damage: str) -> Fight:
    """The shooter (DEX 12, acts first) with a stun rod of ``damage`` against the target in
    armor 1; the round under way."""
    fight.new()
    rod = {"name": "stun rod", "skill": 50, "damage": damage, "length": "short", "stun": True}
    fight.add("shooter", "s", weapons=[rod])
    fight.add("target", "t", armor={"value": 1})
    fight.round()
    return fight


def test_BRP_STUN_WEAPON_damage_less_armor_against_current_hp_stuns_that_many_rounds(
    fight: Fight,
) -> None:
    """BRP-STUN-WEAPON: 8 rolled less armor 1 is 7, against his current 10 HP: 35%; he is
    stunned 7 rounds and takes only the rod's minimum, 2, less armor: 1."""
    stunner(fight, "2D6")
    fight.ruling("t", damage=2)
    events = fight.attack("s", "t", 30, 6, 2, 35, defend="none").events
    res = one(events, ResistanceRolled)
    assert (res.active, res.passive, res.roll.target, res.success) == (
        "stun damage 7",
        "Target's HP 10",
        35,
        True,
    )
    applied = one(events, DamageApplied)
    assert (applied.amount, applied.after) == (1, 9)
    assert fight.conditions("t") == {"stunned": 7}


def test_BRP_STUN_WEAPON_a_blow_that_would_leave_two_hp_knocks_out_instead(fight: Fight) -> None:
    """BRP-STUN-WEAPON: 9 less armor 1 would take 10 HP to 2: knocked out, not stunned (the
    previous test's 7 leaves 3: stunned)."""
    stunner(fight, "2D6")
    fight.ruling("t", damage=2)
    events = fight.attack("s", "t", 30, 6, 3, 40, defend="none").events
    assert one(events, ResistanceRolled).roll.target == 40
    assert one(events, DamageApplied).after == 9
    assert fight.conditions("t") == {"knocked out": None}


def test_BRP_STUN_WEAPON_a_lost_resistance_roll_does_nothing(fight: Fight) -> None:
    """BRP-STUN-WEAPON: 36 against 35%: he resists, so he is neither stunned nor hurt (the
    weapon's least damage is taken only by one it stuns)."""
    stunner(fight, "2D6")
    fight.ruling("t", damage=2)
    events = fight.attack("s", "t", 30, 6, 2, 36, defend="none").events
    res = one(events, ResistanceRolled)
    assert (res.success, res.roll.total, res.roll.target) == (False, 36, 35)
    assert "no damage, not stunned" in res.note
    assert of(events, DamageApplied) == []
    assert fight.conditions("t") == {}
    hp = next(c for c in fight.status()["combatants"] if c["id"] == "t")["hp"]
    assert hp == 10  # 12 less the ruling's 2; the resisted stun took nothing


def test_BRP_STUN_WEAPON_a_special_counts_the_maximum_instead_of_rolling(fight: Fight) -> None:
    """BRP-STUN-WEAPON: a special (10, a fifth of 50) counts the rod's most, 6, without a damage
    roll: 5 after armor against 10 HP is 25%; stunned 5 rounds; the minimum 1 less armor 1 is
    0."""
    stunner(fight, "1D6")
    fight.ruling("t", damage=2)
    events = fight.attack("s", "t", 10, 25, defend="none").events
    assert one(events, AttackRolled).tier == "special"
    dmg = one(events, DamageRolled).roll
    assert (dmg.faces, dmg.total) == ((), 6)
    assert one(events, ResistanceRolled).roll.target == 25
    assert one(events, DamageApplied).amount == 0
    assert fight.conditions("t") == {"stunned": 5}


def test_BRP_STUN_WEAPON_a_critical_is_the_maximum_plus_a_roll_and_ignores_armor(
    fight: Fight,
) -> None:
    """BRP-STUN-WEAPON: a critical (3, a twentieth of 50) does the most, 6, plus a roll, 1: 7,
    armor ignored (L82); against 12 HP, 25%; stunned 7 rounds; the minimum 1 gets through."""
    stunner(fight, "1D6")
    events = fight.attack("s", "t", 3, 1, 25, defend="none").events
    assert one(events, AttackRolled).tier == "critical"
    assert one(events, DamageRolled).roll.total == 7
    assert one(events, ResistanceRolled).roll.target == 25
    assert one(events, DamageApplied).amount == 1
    assert fight.conditions("t") == {"stunned": 7}


def test_BRP_STUNNED_a_stunned_fighter_cannot_attack(duel: Fight) -> None:
    """BRP-STUNNED: a stunned fighter cannot attack."""
    duel.ruling("t", condition="stunned", rounds=2)
    duel.pass_("ilsa")
    with pytest.raises(IllegalAction, match="stunned and cannot attack"):
        duel.attack("t", "ilsa", 10)


def test_BRP_STUNNED_attacks_on_him_are_easy_and_a_failed_idea_roll_means_no_defence(
    duel: Fight,
) -> None:
    """BRP-STUNNED: Ilsa's 55 doubles to 110; to parry he must first make an Idea roll (INT
    12 x5 = 60): 61 fails, and the blow (3+1+2, armor 2) lands."""
    duel.ruling("t", condition="stunned", rounds=2)
    roll = attack_roll(duel, "ilsa", "t", 30)
    assert (roll.target, steps(roll)) == (110, [("mul", 2, "BRP-STUNNED")])
    events = duel.defend("t", "parry", 61, 3, 2).events
    idea = one(events, SkillRolled)
    assert (idea.skill, idea.roll.target, idea.success) == ("idea", 60, False)
    assert of(events, DefenseRolled) == []
    assert one(events, DamageApplied).amount == 4


def test_BRP_STUNNED_a_made_idea_roll_lets_him_parry(duel: Fight) -> None:
    """BRP-STUNNED: 60 makes the Idea roll; then the shield's 40% parries."""
    duel.ruling("t", condition="stunned", rounds=2)
    duel.attack("ilsa", "t", 30)
    events = duel.defend("t", "parry", 60, 20, 3, 2).events
    assert one(events, SkillRolled).success
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, parry.stops) == (40, True)


# --- BRP-DISARM ----------------------------------------------------------------------------


@pytest.fixture
def disarm(fight: Fight) -> Fight:
    """Ilsa has stated a disarm of the target (sword in hand: HP 12; STR 12)."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("ilsa", "disarm", "t"))
    return fight


def test_BRP_DISARM_difficult_only_a_dodge_and_the_damage_resists_str(disarm: Fight) -> None:
    """BRP-DISARM: the attack is Difficult (55 -> 28); a parry has no effect, a dodge may
    negate it; 13 damage (8+1+4) against STR 12 is 55%: won, the sword drops, its holder
    unhurt, and the 1 point over its 12 HP comes off the sword."""
    events = disarm.attack("ilsa", "t", 28, disarm=True).events
    roll = one(events, AttackRolled).roll
    assert (roll.target, roll.tier, steps(roll)) == (28, "success", [("div_up", 2, "BRP-DISARM")])
    assert one(events, ReactionRequested).detail.allowed == ("dodge",)
    with pytest.raises(IllegalAction, match="cannot parry this attack"):
        disarm.defend("t", "parry", 20)
    events = disarm.defend("t", "none", 8, 4, 55).events
    res = one(events, ResistanceRolled)
    assert (res.active, res.passive, res.roll.target, res.success) == (
        "damage 13",
        "Target's STR 12",
        55,
        True,
    )
    changed = one(events, WeaponChanged)
    assert (changed.weapon, changed.drawn, changed.hp, changed.broken) == (
        "sword",
        False,
        11,
        False,
    )
    assert of(events, DamageApplied) == []
    assert disarm.who("t")["hp"] == 12
    assert disarm.who("t")["weapons"]["sword"] == {
        "drawn": False,
        "shots": 0,
        "hp": 11,
        "broken": False,
    }


def test_BRP_DISARM_damage_equal_to_the_weapons_hp_costs_it_nothing(disarm: Fight) -> None:
    """BRP-DISARM: 12 damage (7+1+4) is not above the sword's 12 HP; 50% (50 made)."""
    disarm.attack("ilsa", "t", 28, disarm=True)
    events = disarm.defend("t", "none", 7, 4, 50).events
    assert one(events, ResistanceRolled).roll.target == 50
    assert disarm.who("t")["weapons"]["sword"]["drawn"] is False
    assert disarm.who("t")["weapons"]["sword"]["hp"] == 12


def test_BRP_DISARM_a_lost_resistance_roll_keeps_the_weapon_in_hand(disarm: Fight) -> None:
    disarm.attack("ilsa", "t", 28, disarm=True)
    events = disarm.defend("t", "none", 8, 4, 56).events
    assert one(events, ResistanceRolled).success is False
    assert of(events, WeaponChanged) == []
    assert disarm.who("t")["weapons"]["sword"]["drawn"] is True


def test_BRP_DISARM_a_successful_dodge_negates_it(disarm: Fight) -> None:
    disarm.attack("ilsa", "t", 28, disarm=True)
    events = disarm.defend("t", "dodge", 30).events
    dodge = one(events, DefenseRolled)
    assert (dodge.roll.target, dodge.stops) == (30, True)
    assert of(events, ResistanceRolled) == []
    assert disarm.who("t")["weapons"]["sword"]["drawn"] is True


def test_BRP_DISARM_with_option_attacker_str_the_attackers_str_resists(fight: Fight) -> None:
    """BRP-DISARM, option disarm_active=attacker_str: Ilsa's STR 13 against 12 is 55%, however
    little damage (3) was rolled."""
    fight.new(disarm_active="attacker_str")
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("ilsa", "disarm", "t"))
    events = fight.attack("ilsa", "t", 28, 1, 1, 55, disarm=True, defend="none").events
    res = one(events, ResistanceRolled)
    assert (res.active, res.roll.target, res.success) == ("Ilsa Varg's STR 13", 55, True)
    assert fight.who("t")["weapons"]["sword"] == {
        "drawn": False,
        "shots": 0,
        "hp": 12,
        "broken": False,
    }


def test_BRP_DISARM_strikes_the_weapon_no_location_no_armor(fight: Fight) -> None:
    """BRP-DISARM: the blow is at the weapon: with hit locations on no location is rolled and
    Ilsa's armor (1D8-1) is not; 7 (6+1) against her STR 13 is 20%: 20 makes it, the
    broadsword (HP 15) drops."""
    fight.new(hit_locations=True)
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("t", "disarm", "ilsa"))
    fight.pass_("ilsa")
    events = fight.attack("t", "ilsa", 25, 6, 20, disarm=True, defend="none").events
    assert of(events, LocationRolled) == [] and of(events, ArmorRolled) == []
    assert one(events, ResistanceRolled).roll.target == 20
    assert fight.who("ilsa")["weapons"]["broadsword"] == {
        "drawn": False,
        "shots": 0,
        "hp": 15,
        "broken": False,
    }
    assert fight.who("ilsa")["hp"] == 12


def test_BRP_DISARM_must_be_stated_in_the_intent(duel: Fight) -> None:
    """BRP-DISARM: the intent is announced at the beginning of the round."""
    with pytest.raises(IllegalAction, match="did not state this disarm"):
        duel.attack("ilsa", "t", 10, disarm=True)


# --- BRP-ENTANGLE --------------------------------------------------------------------------


def test_BRP_ENTANGLE_is_difficult_does_no_damage_and_entangles(fight: Fight) -> None:
    """BRP-ENTANGLE: a declared entangle is Difficult (55 -> 28) and, landed, does no damage:
    the target is entangled."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    begin(fight, ("ilsa", "entangle", "t"))
    events = fight.attack("ilsa", "t", 28, entangle=True, defend="none").events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (28, [("div_up", 2, "BRP-ENTANGLE")])
    assert of(events, DamageRolled) == [] and of(events, DamageApplied) == []
    assert fight.conditions("t") == {"entangled": None}
    assert fight.who("t")["hp"] == 12


def test_BRP_ENTANGLE_must_be_declared(duel: Fight) -> None:
    with pytest.raises(IllegalAction, match="did not state this entangle"):
        duel.attack("ilsa", "t", 10, entangle=True)


# --- BRP-TWO-WEAPONS -----------------------------------------------------------------------


def two_weapons(fight: Fight, main: int, off: int, **options: Any) -> Fight:
    """Ilsa with a rapier (``main``%) and a dagger (``off``%), against the target."""
    fight.new(**options)
    fight.add(
        "swordsman",
        "ilsa",
        weapons=[
            {"name": "rapier", "skill": main, "damage": "1D6+1"},
            {"name": "dagger", "skill": off, "damage": "1D4+2", "length": "short"},
        ],
    )
    fight.add("target", "t")
    fight.round()
    return fight


def test_BRP_TWO_WEAPONS_a_split_is_two_difficult_attacks_five_ranks_apart(fight: Fight) -> None:
    """BRP-TWO-WEAPONS, the seed's example: rapier 102% and dagger 110% split: 51% and 55%,
    the dagger (110%) with no off-hand penalty, the second attack 5 DEX ranks later; one of
    the round's two actions; then no more attacks."""
    two_weapons(fight, 102, 110)
    events = fight.attack("ilsa", "t", 97, weapon="rapier", split=True).events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (51, [("div_up", 2, "BRP-TWO-WEAPONS")])
    assert one(events, TurnScheduled).at == 10
    assert fight.status()["acting"] == "ilsa"  # rank 10; ties keep the joining order
    events = fight.attack("ilsa", "t", 97, weapon="dagger", split=True, off_hand=True).events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (55, [("div_up", 2, "BRP-TWO-WEAPONS")])
    assert one(events, TurnScheduled).at is None
    assert fight.who("ilsa")["actions_used"] == ["attack"]


@pytest.mark.parametrize(
    ("skill", "halving", "split"),
    [(100, "up", 50), (101, "up", 51), (101, "down", 50), (110, "up", 55)],
)
def test_BRP_TWO_WEAPONS_a_split_skill_is_halved_option_halving(
    fight: Fight, skill: int, halving: str, split: int
) -> None:
    """BRP-TWO-WEAPONS: 100% or more may split; each half by option halving (up or down)."""
    two_weapons(fight, skill, 110, halving=halving)
    assert attack_roll(fight, "ilsa", "t", 97, weapon="rapier", split=True).target == split


def test_BRP_TWO_WEAPONS_a_split_needs_100_percent(fight: Fight) -> None:
    two_weapons(fight, 99, 110)
    with pytest.raises(IllegalAction, match="a split attack needs 100%"):
        fight.attack("ilsa", "t", 10, weapon="rapier", split=True)


@pytest.mark.parametrize(
    ("skill", "target", "grade"),
    [(99, 50, [("div_up", 2, "BRP-TWO-WEAPONS")]), (100, 100, [])],
)
def test_BRP_TWO_WEAPONS_the_off_hand_is_difficult_below_100_percent(
    fight: Fight, skill: int, target: int, grade: list[tuple[str, int, str]]
) -> None:
    """BRP-TWO-WEAPONS: the secondary hand is Difficult unless the skill is 100% or more."""
    two_weapons(fight, 55, skill)
    roll = attack_roll(fight, "ilsa", "t", 99, weapon="dagger", off_hand=True)
    assert (roll.target, steps(roll)) == (target, grade)


# --- BRP-BACKSTAB and BRP-HELPLESS ---------------------------------------------------------


def test_BRP_BACKSTAB_is_easy_and_the_defence_difficult(duel: Fight) -> None:
    """BRP-BACKSTAB: from behind in melee the attack is Easy (55 -> 110); the target's
    defence, if any, is Difficult; no extra damage (3+1+2, armor 2)."""
    events = duel.attack("ilsa", "t", 30, backstab=True).events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (110, [("mul", 2, "BRP-BACKSTAB")])
    assert one(events, ReactionRequested).detail.defence_grade == "difficult"
    assert one(duel.defend("t", "none", 3, 2).events, DamageApplied).amount == 4


def test_BRP_BACKSTAB_a_difficult_listen_roll_comes_before_the_difficult_parry(
    duel: Fight,
) -> None:
    """BRP-BACKSTAB: the target may parry or dodge only after a Difficult Listen or Sense
    roll (Listen 30 -> 15, made with 15); then the parry is Difficult (shield 40 -> 20: 21
    fails) and the blow (3+1+2, armor 2) lands."""
    duel.attack("ilsa", "t", 30, backstab=True)
    events = duel.defend("t", "parry", 15, 21, 3, 2).events
    sense = one(events, SkillRolled)
    assert (sense.skill, sense.roll.target, sense.success) == ("listen", 15, True)
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, parry.tier, parry.stops) == (20, "failure", False)
    assert one(events, DamageApplied).amount == 4


def test_BRP_BACKSTAB_a_failed_listen_roll_leaves_no_defence(duel: Fight) -> None:
    """BRP-BACKSTAB: Listen 30 -> 15 Difficult; 16 fails, so the parry is never rolled and the
    blow (3+1+2, armor 2) lands."""
    duel.attack("ilsa", "t", 30, backstab=True)
    events = duel.defend("t", "parry", 16, 3, 2).events
    sense = one(events, SkillRolled)
    assert (sense.skill, sense.roll.target, sense.success, sense.rule) == (
        "listen",
        15,
        False,
        "BRP-BACKSTAB",
    )
    assert "did not hear it coming" in one(events, DefenseDeclined).reason
    assert of(events, DefenseRolled) == []
    assert one(events, DamageApplied).amount == 4


def test_BRP_BACKSTAB_is_hand_to_hand_only(fight: Fight) -> None:
    fight.new()
    fight.add("shooter", "s")
    fight.add("target", "t")
    fight.round()
    with pytest.raises(UsageError, match="hand-to-hand"):
        fight.attack("s", "t", 10, range=5, backstab=True)


@pytest.mark.parametrize("state", ["asleep", "bound", "unconscious"])
def test_BRP_HELPLESS_easy_and_no_defence(duel: Fight, state: str) -> None:
    """BRP-HELPLESS: a target unable to move, dodge or parry is attacked Easy (110) and gets
    no defence, even when one is asked for."""
    duel.ruling("t", condition=state)
    events = duel.attack("ilsa", "t", 30, 3, 2, defend="parry").events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (110, [("mul", 2, "BRP-HELPLESS")])
    assert f"helpless ({state})" in one(events, DefenseDeclined).reason
    assert of(events, DefenseRolled) == []
    assert one(events, DamageApplied).amount == 4


# --- BRP-SUPERIOR-POS ----------------------------------------------------------------------


def test_BRP_SUPERIOR_POS_adds_ten_percent_to_the_attack(duel: Fight) -> None:
    roll = attack_roll(duel, "ilsa", "t", 97, superior=True)
    assert (roll.target, steps(roll)) == (65, [("add", 10, "BRP-SUPERIOR-POS")])


@pytest.mark.parametrize(
    ("superior", "face", "total", "location"),
    [(False, 18, 18, "left_arm"), (True, 18, 19, "head"), (True, 20, 20, "head")],
    ids=["18-left-arm", "18+1-head", "20+1-is-20"],
)
def test_BRP_SUPERIOR_POS_adds_one_to_the_location_roll_at_most_20(
    fight: Fight, superior: bool, face: int, total: int, location: str
) -> None:
    """BRP-SUPERIOR-POS, option hit_locations=on: +1 on the D20 (18 left arm, 19 head); a roll
    over 20 counts as 20."""
    fight.new(hit_locations=True)
    fight.add("swordsman", "ilsa")
    fight.add("target", "t", derived={"hp": 30})
    fight.round()
    events = fight.attack("ilsa", "t", 30, face, 1, 1, superior=superior, defend="none").events
    loc = one(events, LocationRolled)
    assert loc.roll is not None
    assert (loc.roll.total, loc.location) == (total, location)


@pytest.mark.parametrize("hit_locations", [False, True])
def test_BRP_SUPERIOR_POS_void_when_only_the_lower_fighter_has_a_long_weapon(
    fight: Fight, hit_locations: bool
) -> None:
    """BRP-SUPERIOR-POS: the bonus does not apply when the fighter below has a long weapon and
    the one above has not: no +10%, no +1 on the location roll (18: the left arm)."""
    fight.new(hit_locations=hit_locations)
    fight.add("swordsman", "ilsa")
    spear = {"name": "spear", "skill": 50, "damage": "1D8+1", "length": "long"}
    fight.add("target", "t", weapons=[spear], derived={"hp": 30})
    fight.round()
    faces = (30, 18, 1, 1) if hit_locations else (30, 1, 1)
    events = fight.attack("ilsa", "t", *faces, superior=True, defend="none").events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (55, [])
    if hit_locations:
        assert one(events, LocationRolled).location == "left_arm"


def test_BRP_SUPERIOR_POS_applies_when_both_have_long_weapons(fight: Fight) -> None:
    fight.new()
    spear = {"name": "spear", "skill": 55, "damage": "1D8+1", "length": "long"}
    fight.add("swordsman", "ilsa", weapons=[spear])
    fight.add("target", "t", weapons=[{**spear, "skill": 50}])
    fight.round()
    assert attack_roll(fight, "ilsa", "t", 97, superior=True).target == 65


# --- BRP-SIZE-MOD --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "target", "mod"),
    [
        (12, 25, 75, [("add", 20, "BRP-SIZE-MOD")]),  # more than twice 12
        (12, 24, 55, []),  # exactly twice: no modifier
        (12, 5, 35, [("add", -20, "BRP-SIZE-MOD")]),  # less than half (6)
        (12, 6, 55, []),  # exactly half
        (13, 6, 35, [("add", -20, "BRP-SIZE-MOD")]),  # half of 13 rounds up to 7
        (13, 7, 55, []),
    ],
)
def test_BRP_SIZE_MOD_twice_the_siz_is_plus_20_under_half_rounded_up_minus_20(
    fight: Fight, mine: int, theirs: int, target: int, mod: list[tuple[str, int, str]]
) -> None:
    """BRP-SIZE-MOD: a target of more than twice the attacker's SIZ +20%; of less than half
    his SIZ (rounded up) -20%."""
    fight.new()
    fight.add("swordsman", "ilsa", characteristics={"siz": mine})
    fight.add("target", "t", characteristics={"siz": theirs})
    fight.round()
    roll = attack_roll(fight, "ilsa", "t", 97)
    assert (roll.target, steps(roll)) == (target, mod)


# --- BRP-CLOSE-COMBAT and BRP-WEAPON-LENGTH ------------------------------------------------

DAGGER = {"name": "dagger", "skill": 60, "damage": "1D4+2", "length": "short", "hp": 8}
SPEAR = {"name": "spear", "skill": 50, "damage": "1D8+1", "length": "long", "hp": 10}


def guard(fight: Fight, **options: Any) -> Fight:
    """Ilsa (DEX 15) with a dagger against the shooter (DEX 12) with a spear; ranks begun."""
    fight.new(**options)
    fight.add("swordsman", "ilsa", weapons=[DAGGER])
    fight.add("shooter", "p", weapons=[SPEAR])
    fight.round()
    return fight


def test_BRP_WEAPON_LENGTH_inside_the_guard_easy_on_him_difficult_for_him(fight: Fight) -> None:
    """BRP-WEAPON-LENGTH (L766), option inside_guard=length_table: inside a long weapon's
    guard, attacks on its user are Easy (60 -> 120), his parries Difficult (50 -> 25,
    BRP-CLOSE-COMBAT) and his attacks on the short weapon's user Difficult (50 -> 25)."""
    guard(fight)
    roll = attack_roll(fight, "ilsa", "p", 50, inside=True)
    assert (roll.target, steps(roll)) == (120, [("mul", 2, "BRP-WEAPON-LENGTH")])
    events = fight.defend("p", "parry", 26, 2, 1).events
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, steps(parry.roll)) == (25, [("div_up", 2, "BRP-CLOSE-COMBAT")])
    assert one(events, DamageApplied).amount == 5  # 1D4+2 (2) + 1D4 (1), no armor
    roll = attack_roll(fight, "p", "ilsa", 90, inside=True)
    assert (roll.target, steps(roll)) == (25, [("div_up", 2, "BRP-WEAPON-LENGTH")])


def test_BRP_CLOSE_COMBAT_option_parries_difficult_only_his_parries(fight: Fight) -> None:
    """BRP-CLOSE-COMBAT (L306), option inside_guard=parries_difficult: inside the guard only
    the long weapon's parries are Difficult; attacks either way are unmodified."""
    guard(fight, inside_guard="parries_difficult")
    assert steps(attack_roll(fight, "ilsa", "p", 50, inside=True)) == []
    events = fight.defend("p", "parry", 26, 2, 1).events
    assert one(events, DefenseRolled).roll.target == 25
    roll = attack_roll(fight, "p", "ilsa", 90, inside=True)
    assert (roll.target, steps(roll)) == (50, [])


def test_BRP_WEAPON_LENGTH_medium_against_short_is_not_modified(fight: Fight) -> None:
    fight.new()
    fight.add("swordsman", "ilsa", weapons=[DAGGER])
    fight.add("target", "t")  # a sword: medium
    fight.round()
    roll = attack_roll(fight, "ilsa", "t", 97, inside=True)
    assert (roll.target, steps(roll)) == (60, [])


def test_BRP_WEAPON_LENGTH_a_long_weapon_strikes_first_against_a_shorter_one(
    fight: Fight,
) -> None:
    """BRP-WEAPON-LENGTH: not yet closed, the spear (DEX 12) strikes before the dagger (DEX
    15): the GM allows the cut-in; then Ilsa acts at her rank."""
    guard(fight)
    events = fight.declare(InterruptDeclared(actor="p", allowed=True)).events
    first = one(events, FirstStrike)
    assert (first.interrupter, first.against, first.wins, first.rule) == (
        "p",
        "ilsa",
        True,
        "BRP-WEAPON-LENGTH",
    )
    assert fight.status()["acting"] == "p"
    roll = attack_roll(fight, "p", "ilsa", 90)
    assert (roll.target, steps(roll)) == (50, [])
    assert fight.status()["acting"] == "ilsa"


@pytest.mark.parametrize(
    "theirs",
    [DAGGER, {**SPEAR, "skill": 55}],
    ids=["short-does-not-cut-in", "long-against-long"],
)
def test_BRP_WEAPON_LENGTH_no_first_strike_but_a_long_weapon_against_a_shorter(
    fight: Fight, theirs: dict[str, Any]
) -> None:
    """BRP-WEAPON-LENGTH: normal DEX ranks for short against short … and long against long."""
    fight.new()
    fight.add("swordsman", "ilsa", weapons=[theirs])
    fight.add("shooter", "p", weapons=[DAGGER if theirs is DAGGER else SPEAR])
    fight.round()
    with pytest.raises(IllegalAction, match="cannot cut in ahead"):
        fight.declare(InterruptDeclared(actor="p", allowed=True))


def test_BRP_WEAPON_LENGTH_a_first_strike_needs_the_gms_leave(fight: Fight) -> None:
    guard(fight)
    with pytest.raises(IllegalAction, match="holds no action"):
        fight.declare(InterruptDeclared(actor="p"))


def test_BRP_CLOSE_COMBAT_two_parries_with_option_any_then_a_third_action_refused(
    fight: Fight,
) -> None:
    """BRP-CLOSE-COMBAT (L316), option two_of_three=any: any two of attack, parry and dodge,
    the same one twice too; never a third."""
    fight.new(two_of_three="any")
    fight.add("swordsman", "ilsa")
    fight.add("shooter", "s", weapons=[DAGGER])
    fight.add("target", "t")
    fight.round()
    fight.attack("ilsa", "t", 30)
    fight.defend("t", "parry", 20, 3, 2)
    fight.attack("s", "t", 30)
    fight.defend("t", "parry", 20, 3)  # the dagger's 1D4+2 against the shield
    assert fight.who("t")["actions_used"] == ["parry", "parry"]
    with pytest.raises(IllegalAction, match="two of attack, parry and dodge"):
        fight.attack("t", "ilsa", 10)


# --- BRP-QUICKDRAW -------------------------------------------------------------------------


@pytest.fixture
def quickdraw(fight: Fight) -> Fight:
    """Ilsa (DEX 15) and the target (DEX 14 here, Spot 30) both hold their actions; the
    shooter (DEX 12) is acting."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t", characteristics={"dex": 14})
    fight.add("shooter", "s")
    fight.round()
    fight.declare(HoldDeclared(actor="ilsa", trigger="the target draws"))
    fight.declare(HoldDeclared(actor="t", trigger="Ilsa draws"))
    assert fight.status()["acting"] == "s"
    return fight


def test_BRP_QUICKDRAW_a_made_spot_then_dex_against_dex_decides(quickdraw: Fight) -> None:
    """BRP-QUICKDRAW: the other's Spot is Easy (30 -> 60, 60 made); then DEX 15 against 14 is
    55%: 55 wins, Ilsa strikes first."""
    events = quickdraw.declare(InterruptDeclared(actor="ilsa", against="t"), (60, 55)).events
    spot = one(events, SkillRolled)
    assert (spot.combatant, spot.skill, spot.roll.target, spot.success) == ("t", "spot", 60, True)
    assert steps(spot.roll) == [("mul", 2, "BRP-QUICKDRAW")]
    res = one(events, ResistanceRolled)
    assert (res.active, res.passive, res.roll.target, res.success) == ("DEX 15", "DEX 14", 55, True)
    assert one(events, FirstStrike).wins
    assert quickdraw.status()["acting"] == "ilsa"


def test_BRP_QUICKDRAW_a_lost_dex_roll_does_not_strike_first(quickdraw: Fight) -> None:
    events = quickdraw.declare(InterruptDeclared(actor="ilsa", against="t"), (60, 56)).events
    assert one(events, FirstStrike).wins is False
    assert one(events, CutInQueued).combatant == "ilsa"
    assert quickdraw.status()["acting"] == "s"


def test_BRP_QUICKDRAW_a_failed_spot_leaves_the_first_attack_undefended(quickdraw: Fight) -> None:
    """BRP-QUICKDRAW: 61 fails the Easy Spot (60): Ilsa's attack cannot be dodged or parried;
    it is not Easy for that (55)."""
    events = quickdraw.declare(InterruptDeclared(actor="ilsa", against="t"), (61,)).events
    assert one(events, SkillRolled).success is False
    assert one(events, FirstStrike).wins
    events = quickdraw.attack("ilsa", "t", 30, 3, 2).events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (55, [])
    assert "BRP-QUICKDRAW" in one(events, DefenseDeclined).reason
    assert of(events, ReactionRequested) == []
    assert one(events, DamageApplied).amount == 4
    assert quickdraw.status()["acting"] == "s"  # the cut-in is over
    events = quickdraw.attack("s", "t", 30, range=10).events
    assert one(events, ReactionRequested).reactor == "t"  # only the first attack


def test_BRP_QUICKDRAW_needs_both_to_hold(fight: Fight) -> None:
    """BRP-QUICKDRAW: only two who hold their actions draw against each other."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t", characteristics={"dex": 14})
    fight.round()
    fight.declare(HoldDeclared(actor="ilsa", trigger="the target draws"))
    with pytest.raises(IllegalAction, match="cannot cut in ahead"):
        fight.declare(InterruptDeclared(actor="ilsa", against="t"))


# --- BRP-PRONE -----------------------------------------------------------------------------


def test_BRP_PRONE_melee_attacks_on_a_prone_target_are_easy(duel: Fight) -> None:
    duel.ruling("t", condition="prone")
    roll = attack_roll(duel, "ilsa", "t", 97)
    assert (roll.target, steps(roll)) == (110, [("mul", 2, "BRP-PRONE")])


def test_BRP_PRONE_his_attacks_are_difficult_with_no_positive_damage_modifier(
    duel: Fight,
) -> None:
    """BRP-PRONE: prone, Ilsa attacks Difficult (55 -> 28) and without her +1D4: 1D8+1."""
    duel.ruling("ilsa", condition="prone")
    events = duel.attack("ilsa", "t", 28, 3, defend="none").events
    roll = one(events, AttackRolled).roll
    assert (roll.target, steps(roll)) == (28, [("div_up", 2, "BRP-PRONE")])
    dmg = one(events, DamageRolled).roll
    assert (dmg.spec, dmg.total) == ("1D8+1", 4)
    assert one(events, DamageApplied).amount == 2


def test_BRP_PRONE_a_negative_damage_modifier_still_applies(fight: Fight) -> None:
    """BRP-PRONE: STR 5 + SIZ 8 = 13 gives -1D4, which stays while prone: 5+1-2 = 4."""
    fight.new()
    fight.add("swordsman", "ilsa", characteristics={"str": 5, "siz": 8})
    fight.add("target", "t")
    fight.round()
    fight.ruling("ilsa", condition="prone")
    events = fight.attack("ilsa", "t", 28, 5, 2, defend="none").events
    dmg = one(events, DamageRolled).roll
    assert (dmg.spec, dmg.total) == ("1D8+1-1D4", 4)


def test_BRP_PRONE_prone_against_prone_easy_and_difficult_cancel(duel: Fight) -> None:
    duel.ruling("ilsa", condition="prone")
    duel.ruling("t", condition="prone")
    roll = attack_roll(duel, "ilsa", "t", 97)
    assert (roll.target, steps(roll)) == (55, [("mul", 1, "BRP-PRONE, BRP-PRONE")])


def test_BRP_PRONE_two_handed_refused_with_option_cannot(fight: Fight) -> None:
    """BRP-PRONE, option prone_two_handed=cannot (L450): no attack with the two-handed maul."""
    fight.new(prone_two_handed="cannot")
    fight.add("brute", "b")
    fight.add("target", "t", characteristics={"dex": 8})
    fight.round()
    fight.ruling("b", condition="prone")
    with pytest.raises(IllegalAction, match="prone_two_handed=cannot"):
        fight.attack("b", "t", 10)


def test_BRP_PRONE_two_handed_difficult_with_option_difficult(brute: Fight) -> None:
    """BRP-PRONE, option prone_two_handed=difficult (L597, the default): Difficult (60 -> 30),
    as any prone attack, not halved twice."""
    brute.round()
    brute.ruling("b", condition="prone")
    roll = attack_roll(brute, "b", "t", 97)
    assert (roll.target, steps(roll)) == (30, [("div_up", 2, "BRP-PRONE")])


def test_BRP_PRONE_getting_up_opens_him_to_easy_attacks_and_difficult_parries(
    duel: Fight,
) -> None:
    """BRP-PRONE: standing takes the attack and 5 ranks; meanwhile attacks on him are Easy
    (50 -> 100) and his parries Difficult (55 -> 28)."""
    duel.ruling("ilsa", condition="prone")
    assert one(duel.stand("ilsa").events, TurnScheduled).at == 10
    duel.pass_("ilsa")  # rank 10: getting up, she cannot attack
    roll = attack_roll(duel, "t", "ilsa", 30)
    assert (roll.target, steps(roll)) == (100, [("mul", 2, "BRP-PRONE")])
    events = duel.defend("ilsa", "parry", 29, 3, 1).events
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, parry.stops) == (28, False)
    assert one(events, DamageApplied).amount == 4  # 1D6+1 (3), armor 1D8-1 (1)


@pytest.mark.parametrize(("agility", "up"), [(75, True), (76, False)])
def test_BRP_PRONE_stand_with_a_dodge_and_an_agility_roll(
    duel: Fight, agility: int, up: bool
) -> None:
    """BRP-PRONE: a Dodge (40) and an Agility roll (DEX 15 x5 = 75), both unmodified, get him
    up with no Easy opening; the Agility roll takes the attack's place."""
    duel.ruling("ilsa", condition="prone")
    events = duel.stand("ilsa", 40, agility, dodge=True).events
    rolls = [(s.skill, s.roll.target, steps(s.roll), s.success) for s in of(events, SkillRolled)]
    assert rolls == [("dodge", 40, [], True), ("agility", 75, [], up)]
    assert duel.conditions("ilsa") == ({} if up else {"prone": None})
    assert duel.who("ilsa")["actions_used"] == ["attack"]


def test_BRP_PRONE_a_difficult_dodge_when_attacked_gets_him_up(duel: Fight) -> None:
    """BRP-PRONE: attacked (Easy, 110), a prone target's Dodge is Difficult (30 -> 15); made,
    he is up, unhurt."""
    duel.ruling("t", condition="prone")
    duel.attack("ilsa", "t", 50)
    events = duel.defend("t", "dodge", 15).events
    dodge = one(events, DefenseRolled)
    assert (dodge.roll.target, steps(dodge.roll), dodge.stops) == (
        15,
        [("div_up", 2, "BRP-PRONE")],
        True,
    )
    assert duel.conditions("t") == {}
