"""Shots with forced dice: shots.shot and shots.check_shot on a fight built through the Table.

Rule ids: PAL-STRIKE-BONUS-GUNS, PAL-STRIKE-NO-WP, PAL-STRIKE-WP-PROGRESSION,
PAL-STRIKE-RANGED-TARGET, PAL-STRIKE-CALLED, PAL-HR-STRIKE-RANGE-BANDS, PAL-HR-STRIKE-CALLED-12,
PAL-HR-HIT-LOCATION, PAL-RNG-MAIN-BODY, PAL-RNG-BEYOND-RANGE, PAL-HR-APM-H2H-RANGED-CAP,
PAL-STRIKE-NAT1, PAL-STRIKE-NAT20. The shooter is the ``gunner`` test sheet (W.P. Energy Rifle
4: +2; a 2,000 ft rifle with no bonus of its own); the target a ``brawler``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.palladium.combat import (
    defend,
    find_weapon,
    strike,
    strike_detail,
    strike_modifiers,
)
from engine.rules.palladium.shots import check_shot, point_blank, shot
from events.core import Modifier
from events.palladium import ApmSpent, DefenseRolled, StrikeRolled, WeaponProfile
from projections.palladium import fighter
from projections.state import FightState

from .conftest import Fight

RIFLE = {"name": "rifle", "kind": "ranged", "damage": "2D6", "wp": "energy_rifle", "range": 2000}
NO_RANGE = {key: value for key, value in RIFLE.items() if key != "range"}
NO_WP = {key: value for key, value in RIFLE.items() if key != "wp"} | {"name": "rail gun"}


def setup(fight: Fight, variant: str = "raw", g: Any = None, **options: Any) -> FightState:
    """The gunner ``g`` (each key of ``g`` replaces or merges a sheet section) and a brawler
    ``b``, in a new encounter; the state after both joined."""
    fight.new(variant, **options)
    fight.add("gunner", "g", **(g or {}))
    fight.add("brawler", "b")
    return fight.table.state()


def another(fight: Fight, name: str) -> Fight:
    """A second fight in its own folder, for a test that compares two encounters."""
    folder = fight.tmp / name
    folder.mkdir()
    return Fight(folder)


def weapon(state: FightState, name: str = "rifle", cid: str = "g") -> WeaponProfile:
    w = find_weapon(fighter(state.combatants[cid]).profile, name)
    assert w is not None
    return w


def fire(
    state: FightState,
    *faces: int,
    gun: str = "rifle",
    aimed: bool = False,
    called: str | None = None,
    range_ft: int | None = None,
    wild: bool = False,
) -> StrikeRolled:
    """One shot by ``g`` at ``b`` that must roll exactly ``faces``."""
    dice = Dice(1, 1, 0, physical=faces)
    s = shot(
        state,
        "g",
        "b",
        weapon(state, gun),
        aimed=aimed,
        called=called,
        range_ft=range_ft,
        wild=wild,
        dice=dice,
    )
    dice.check_all_used()
    assert s.roll.source == "physical"
    return s


def refused(
    state: FightState,
    w: WeaponProfile | None,
    *,
    aimed: bool = False,
    called: str | None = None,
    range_ft: int | None = None,
) -> str:
    """check_shot's refusal, also raised by shot() itself before any die is rolled."""
    with pytest.raises((IllegalAction, UsageError)) as info:
        check_shot(state, "g", w, aimed=aimed, called=called, range_ft=range_ft)
    message = str(info.value)
    assert "\n" not in message
    if w is not None:
        dice = Dice(1, 1, 0, physical=(10,))
        with pytest.raises(IllegalAction):
            shot(
                state,
                "g",
                "b",
                w,
                aimed=aimed,
                called=called,
                range_ft=range_ft,
                wild=False,
                dice=dice,
            )
        assert dice.physical_left == 1  # nothing rolled
    return message


def mods(ms: tuple[Modifier, ...] | list[Modifier]) -> list[tuple[str, int, str]]:
    """The modifiers applied (a bonus shown as not applying is :func:`not_applied`'s)."""
    return [(m.source, m.value, m.rule) for m in ms if m.op != "skip"]


# --- bonuses --------------------------------------------------------------------------------


def test_PAL_STRIKE_WP_PROGRESSION_energy_rifle_level_4_is_plus_2(fight: Fight) -> None:
    state = setup(fight)
    s = fire(state, 10)
    assert mods(s.roll.modifiers) == [("sheet", 2, "PAL-STRIKE-WP-PROGRESSION")]
    assert s.roll.modifiers[0].name == "W.P. Energy Rifle level 4"
    assert (s.roll.total, s.roll.target) == (12, 8)


@pytest.mark.parametrize(("wp", "level", "bonus"), [("heavy_mega_damage", 7, 3), ("rifles", 1, 1)])
def test_PAL_STRIKE_WP_PROGRESSION_the_table_gives_the_bonus(
    fight: Fight, wp: str, level: int, bonus: int
) -> None:
    """Heavy Mega-Damage 7: +1 at 2, 4 and 7; Rifles 1: +1 at level 1."""
    state = setup(
        fight,
        g={"weapon_proficiencies": {wp: level}, "weapons": [{**RIFLE, "wp": wp}]},
    )
    s = fire(state, 10)
    assert mods(s.roll.modifiers) == [("sheet", bonus, "PAL-STRIKE-WP-PROGRESSION")]
    assert s.roll.total == 10 + bonus


def test_PAL_STRIKE_WP_PROGRESSION_level_with_no_bonus_yet_adds_no_modifier(fight: Fight) -> None:
    """Energy Rifle 1 has the W.P. (so may aim) but no bonus until level 2."""
    state = setup(fight, g={"weapon_proficiencies": {"energy_rifle": 1}})
    s = fire(state, 10, aimed=True)
    assert mods(s.roll.modifiers) == [("rules", 2, "PAL-STRIKE-CALLED")]


def test_PAL_STRIKE_BONUS_GUNS_no_pp_or_hand_to_hand_bonus_weapon_bonus_counts(
    fight: Fight,
) -> None:
    """Sheet (P.P.) +3 and Expert 6's +2 strike never count; the rifle's own +1 does."""
    state = setup(
        fight,
        g={
            "bonuses": {"strike": 3},
            "hand_to_hand": {"style": "expert", "level": 6},
            "weapons": [{**RIFLE, "strike": 1}],
        },
    )
    s = fire(state, 10)
    assert mods(s.roll.modifiers) == [
        ("sheet", 2, "PAL-STRIKE-WP-PROGRESSION"),
        ("weapon", 1, "PAL-STRIKE-BONUS-GUNS"),
    ]
    assert s.roll.total == 13


@pytest.mark.parametrize("allowed", [True, False])
def test_PAL_STRIKE_BONUS_GUNS_assassin_gun_grant_is_the_option_h2h_gun_strike_bonus(
    fight: Fight, allowed: bool
) -> None:
    """Assassin 8: +1 strike with guns, counted only under h2h_gun_strike_bonus."""
    state = setup(
        fight,
        g={"hand_to_hand": {"style": "assassin", "level": 8}},
        h2h_gun_strike_bonus=allowed,
    )
    s = fire(state, 10)
    expected = [("sheet", 2, "PAL-STRIKE-WP-PROGRESSION")]
    if allowed:
        expected.append(("hand_to_hand", 1, "PAL-STRIKE-BONUS-GUNS"))
    assert mods(s.roll.modifiers) == expected


def test_PAL_STRIKE_NO_WP_untrained_gets_no_wp_bonus(fight: Fight) -> None:
    """A rifle whose W.P. the shooter lacks: no W.P. bonus (its own +1 still counts, reading)."""
    state = setup(
        fight,
        g={"weapons": [{**RIFLE, "wp": "rifles", "strike": 1}]},
    )
    assert weapon(state).wp_level == 0
    s = fire(state, 10)
    assert mods(s.roll.modifiers) == [("weapon", 1, "PAL-STRIKE-BONUS-GUNS")]


def test_PAL_STRIKE_NO_WP_untrained_heavy_weapon_is_minus_5(fight: Fight) -> None:
    """Without W.P. Heavy Mega-Damage Weapons a rail gun is -5 to strike."""
    state = setup(fight, g={"weapons": [{**RIFLE, "wp": "heavy_mega_damage"}]})
    s = fire(state, 15)
    assert mods(s.roll.modifiers) == [("rules", -5, "PAL-STRIKE-NO-WP")]
    assert (s.roll.total, s.hits) == (10, True)


def test_PAL_STRIKE_CALLED_aimed_shot_is_plus_2(fight: Fight) -> None:
    state = setup(fight)
    s = fire(state, 4, aimed=True)
    assert mods(s.roll.modifiers)[-1] == ("rules", 2, "PAL-STRIKE-CALLED")
    assert s.roll.modifiers[-1].name == "aimed shot"
    assert (s.action, s.roll.total, s.hits) == ("aimed shot", 8, True)


def test_PAL_HR_APM_H2H_RANGED_CAP_shot_wild_is_minus_6(fight: Fight) -> None:
    state = setup(fight, "house")
    s = fire(state, 14, wild=True, range_ft=100)
    assert mods(s.roll.modifiers) == [
        ("sheet", 2, "PAL-STRIKE-WP-PROGRESSION"),
        ("rules", -6, "PAL-HR-APM-H2H-RANGED-CAP"),
    ]
    assert (s.roll.total, s.hits) == (10, True)
    assert not fire(state, 11, wild=True, range_ft=100).hits  # 11 + 2 - 6 = 7


def test_PAL_RNG_BEYOND_RANGE_up_to_30_percent_past_at_minus_5(fight: Fight) -> None:
    state = setup(fight)
    s = fire(state, 11, range_ft=2600)
    assert mods(s.roll.modifiers)[-1] == ("rules", -5, "PAL-RNG-BEYOND-RANGE")
    assert (s.roll.total, s.roll.target, s.hits) == (8, 8, True)
    within = fire(state, 11, range_ft=2000)
    assert mods(within.roll.modifiers) == [("sheet", 2, "PAL-STRIKE-WP-PROGRESSION")]


def test_PAL_STRIKE_BONUS_GUNS_plain_strike_with_a_gun_also_takes_the_wp_table(
    fight: Fight,
) -> None:
    """PAL-STRIKE-WP-PROGRESSION: `strike` with a ranged weapon counts the W.P. table too, so
    the example grunt keeps his +1 now that his sheet says W.P. Energy Rifle 2."""
    state = setup(fight, g={"bonuses": {"strike": 3}})
    p = fighter(state.combatants["g"]).profile
    assert mods(strike_modifiers(state, p, weapon(state))) == [
        ("sheet", 2, "PAL-STRIKE-WP-PROGRESSION")
    ]
    dice = Dice(1, 1, 0, physical=(6,))
    s = strike(state, "g", "b", "strike", weapon(state), dice)
    assert (s.roll.total, s.roll.target, s.hits) == (8, 8, True)


# --- target numbers -------------------------------------------------------------------------


@pytest.mark.parametrize("range_ft", [None, 3, 1000, 2000])
def test_PAL_STRIKE_RANGED_TARGET_raw_needs_8_at_any_range(
    fight: Fight, range_ft: int | None
) -> None:
    state = setup(fight)
    miss = fire(state, 5, range_ft=range_ft)  # 5 + 2 = 7
    hit = fire(state, 6, range_ft=range_ft)  # 8
    assert (miss.roll.target, miss.roll.rule, miss.hits) == (8, "PAL-STRIKE-RANGED-TARGET", False)
    assert (hit.roll.total, hit.hits) == (8, True)
    assert "needs 8" in hit.reason
    assert not point_blank(state, weapon(state, "rifle"), range_ft)


@pytest.mark.parametrize(
    ("range_ft", "number"),
    [(1, 5), (5, 5), (6, 8), (999, 8), (1000, 8), (1001, 13), (2000, 13), (2600, 13)],
)
def test_PAL_HR_STRIKE_RANGE_BANDS_5_8_13(fight: Fight, range_ft: int, number: int) -> None:
    """Punching range (5 ft) 5; out to half the 2,000 ft range 8; beyond it 13."""
    state = setup(fight, "house")
    beyond = -5 if range_ft > 2000 else 0
    face_hit = number - 2 - beyond
    miss = fire(state, face_hit - 1, range_ft=range_ft)
    hit = fire(state, face_hit, range_ft=range_ft)
    assert (hit.roll.target, hit.roll.rule) == (number, "PAL-HR-STRIKE-RANGE-BANDS")
    assert (hit.roll.total, hit.hits, miss.hits) == (number, True, False)
    assert f"needs {number}" in hit.reason and "PAL-HR-STRIKE-RANGE-BANDS" in hit.reason


@pytest.mark.parametrize(("feet", "range_ft", "number"), [(10, 10, 5), (10, 11, 8), (3, 4, 8)])
def test_PAL_HR_STRIKE_RANGE_BANDS_point_blank_is_the_option_point_blank_feet(
    fight: Fight, feet: int, range_ft: int, number: int
) -> None:
    state = setup(fight, "house", point_blank_feet=feet)
    assert fire(state, 10, range_ft=range_ft).roll.target == number


def test_PAL_HR_STRIKE_RANGE_BANDS_no_range_known_uses_8_and_says_so(fight: Fight) -> None:
    """A weapon with no range on its sheet, shot without --range: 8, and the reason says why."""
    state = setup(fight, "house", g={"weapons": [NO_RANGE]})
    s = fire(state, 6)
    assert (s.roll.target, s.hits) == (8, True)
    assert "sheet gives no range: needs 8" in s.reason


def test_PAL_HR_STRIKE_RANGE_BANDS_point_blank_shot_may_be_parried(fight: Fight) -> None:
    """At punching range the defender may parry a shot (house); detail says parry_allowed."""
    state = setup(fight, "house")
    s = fire(state, 10, range_ft=4)  # 12 vs 5
    assert point_blank(state, weapon(state, "rifle"), 4)
    detail = strike_detail(s, True, point_blank(state, weapon(state, "rifle"), 4))
    assert detail.parry_allowed is True
    dice = Dice(1, 1, 0, physical=(12,))
    events, stopped = defend(state, "g", "b", "parry", detail, dice)
    parry = events[-1]
    assert isinstance(parry, DefenseRolled)
    # bare hands against a weapon: no parry bonus (PAL-DEF-PARRY-BAREHAND), ties to the defender
    assert (parry.kind, parry.roll.total, parry.roll.rule, stopped) == (
        "parry",
        12,
        "PAL-DEF-PARRY-BAREHAND",
        True,
    )


def test_PAL_HR_STRIKE_RANGE_BANDS_no_parry_beyond_punching_range(fight: Fight) -> None:
    """PAL-DEF-PARRY: a shot from 6 ft (or any shot under RAW) still cannot be parried."""
    state = setup(fight, "house")
    s = fire(state, 10, range_ft=6)
    assert not point_blank(state, weapon(state, "rifle"), 6)
    detail = strike_detail(s, True, point_blank(state, weapon(state, "rifle"), 6))
    assert detail.parry_allowed is False
    with pytest.raises(IllegalAction, match="cannot parry a shot"):
        defend(state, "g", "b", "parry", detail, Dice(1, 1, 0, physical=(12,)))
    raw = setup(another(fight, "raw"), "raw")
    assert not point_blank(raw, weapon(raw, "rifle"), 4)


def test_PAL_HR_STRIKE_RANGE_BANDS_point_blank_md_shot_still_needs_an_md_parry(
    fight: Fight,
) -> None:
    """PAL-DEF-PARRY-MD is kept: a Mega-Damage shot at point-blank needs an M.D. item."""
    state = setup(fight, "house", g={"weapons": [{**RIFLE, "mega_damage": True}]})
    detail = strike_detail(fire(state, 10, range_ft=2), True, True)
    with pytest.raises(IllegalAction, match="PAL-DEF-PARRY-MD"):
        defend(state, "g", "b", "parry", detail, Dice(1, 1, 0, physical=(12,)))


def test_PAL_HR_STRIKE_RANGE_BANDS_strike_detail_parry_allowed_can_be_forced(
    fight: Fight,
) -> None:
    state = setup(fight, "house")
    s = fire(state, 10, range_ft=4)
    assert strike_detail(s, True, parry_allowed=False).parry_allowed is False
    far = fire(state, 10, range_ft=500)
    assert strike_detail(far, True, parry_allowed=True).parry_allowed is True
    assert strike_detail(s, False, parry_allowed=True).parry_allowed is False  # not ranged


# --- naturals -------------------------------------------------------------------------------


def test_PAL_STRIKE_NAT20_a_shot_always_hits_and_is_critical(fight: Fight) -> None:
    """Even at 13 with -6 wild and -5 past the range: 20 + 2 - 11 = 11, still a hit."""
    state = setup(fight, "house")
    s = fire(state, 20, range_ft=2500, wild=True)
    assert (s.roll.total, s.roll.target, s.hits, s.critical) == (11, 13, True, True)
    assert "PAL-STRIKE-NAT20" in s.reason


def test_PAL_STRIKE_CRIT_RANGE_hand_to_hand_critical_range_never_counts_for_guns(
    fight: Fight,
) -> None:
    """Expert 6 criticals on 18-20 in melee; a shot on a natural 18 is a plain hit."""
    state = setup(fight, g={"hand_to_hand": {"style": "expert", "level": 6}})
    s = fire(state, 18)
    assert (s.hits, s.critical) == (True, False)


def test_PAL_STRIKE_NAT1_raw_a_natural_1_shot_misses_whatever_the_total(fight: Fight) -> None:
    state = setup(fight, g={"weapons": [{**RIFLE, "strike": 10}]})
    s = fire(state, 1)
    assert (s.roll.total, s.hits, s.location) == (13, False, None)
    assert "PAL-STRIKE-NAT1" in s.reason


def test_PAL_HR_STRIKE_NAT1_house_a_natural_1_shot_hits_if_the_total_does(fight: Fight) -> None:
    state = setup(fight, "house", g={"weapons": [{**RIFLE, "strike": 10}]})
    s = fire(state, 1, range_ft=100)
    assert (s.roll.total, s.roll.target, s.hits) == (13, 8, True)


def test_PAL_HR_STRIKE_NAT1_house_natural_1_under_the_long_range_13_misses(fight: Fight) -> None:
    state = setup(fight, "house", g={"weapons": [{**RIFLE, "strike": 9}]})
    s = fire(state, 1, range_ft=1500)
    assert (s.roll.total, s.roll.target, s.hits) == (12, 13, False)


# --- location -------------------------------------------------------------------------------


def test_PAL_RNG_MAIN_BODY_raw_uncalled_hit_lands_on_the_main_body(fight: Fight) -> None:
    state = setup(fight)
    s = fire(state, 10)
    assert (s.action, s.called, s.location) == ("shot", None, "main body")
    assert "main body" in s.reason
    assert fire(state, 2).location is None  # a miss lands nowhere


def test_PAL_HR_HIT_LOCATION_house_uncalled_hit_lands_where_the_defender_chooses(
    fight: Fight,
) -> None:
    state = setup(fight, "house")
    s = fire(state, 18, range_ft=100)
    assert (s.called, s.location) == (None, "defender's choice")
    assert "PAL-HR-HIT-LOCATION" in s.reason


def test_PAL_STRIKE_CALLED_raw_called_hit_lands_where_called_at_8(fight: Fight) -> None:
    """RAW has no called-shot number: a called hit at 8 strikes the head."""
    state = setup(fight)
    s = fire(state, 6, called="head")
    assert (s.action, s.roll.total, s.hits, s.called, s.location) == (
        "called shot",
        8,
        True,
        "head",
        "head",
    )


@pytest.mark.parametrize(("face", "location"), [(9, "defender's choice"), (10, "head")])
def test_PAL_HR_STRIKE_CALLED_12_the_called_spot_needs_a_total_of_12(
    fight: Fight, face: int, location: str
) -> None:
    """House: 11 hits (8) but the defender picks where; 12 strikes the called head."""
    state = setup(fight, "house")
    s = fire(state, face, called="head", range_ft=100)
    assert (s.roll.total, s.roll.target, s.hits) == (face + 2, 8, True)
    assert (s.called, s.location) == ("head", location)
    assert "PAL-HR-STRIKE-CALLED-12" in s.reason


def test_PAL_HR_STRIKE_CALLED_12_a_called_miss_lands_nowhere(fight: Fight) -> None:
    state = setup(fight, "house")
    s = fire(state, 5, called="head", range_ft=100)  # 7 vs 8
    assert (s.hits, s.called, s.location) == (False, "head", None)


def test_PAL_HR_STRIKE_CALLED_12_the_number_is_the_option_called_location_total(
    fight: Fight,
) -> None:
    """RAW with called_location_total=15 behaves as the house rule with 15."""
    state = setup(fight, "raw", called_location_total=15)
    assert fire(state, 12, called="gun").location == "defender's choice"  # 14
    assert fire(state, 13, called="gun").location == "gun"  # 15
    assert fire(state, 10).location == "defender's choice"  # uncalled, house reading


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_STRIKE_NAT20_a_called_natural_20_hits_the_called_spot(
    fight: Fight, variant: str
) -> None:
    """Natural 20 on a called shot hits the spot, even when the total misses the number."""
    state = setup(fight, variant, called_location_total=25)
    s = fire(state, 20, called="sensor cluster", range_ft=1500)
    assert s.roll.total < 25
    assert (s.hits, s.critical, s.location) == (True, True, "sensor cluster")


def test_PAL_STRIKE_CALLED_aimed_called_shot_is_plus_2_and_named(fight: Fight) -> None:
    state = setup(fight, "house")
    s = fire(state, 8, aimed=True, called="hand", range_ft=100)  # 8 + 2 + 2 = 12
    assert s.action == "aimed called shot"
    assert (s.roll.total, s.location) == (12, "hand")


def test_PAL_HR_STRIKE_RANGE_BANDS_reason_names_band_total_and_location(fight: Fight) -> None:
    state = setup(fight, "house")
    s = fire(state, 12, called="head", range_ft=1500)  # 14 vs 13
    assert s.reason == (
        "1500 ft is past half the rifle's range, out to its 2000 ft: needs 13 "
        "(PAL-HR-STRIKE-RANGE-BANDS); total 14 reaches 13; total 14 reaches 12: lands on the "
        "called head (PAL-HR-STRIKE-CALLED-12)"
    )


# --- refusals -------------------------------------------------------------------------------


def test_PAL_STRIKE_RANGED_TARGET_shoot_needs_a_ranged_weapon(fight: Fight) -> None:
    state = setup(fight, g={"weapons": [RIFLE, {"name": "club", "kind": "melee", "damage": "1D6"}]})
    assert "needs a ranged weapon" in refused(state, None)
    message = refused(state, weapon(state, "club"))
    assert "club" in message and "melee" in message and "PAL-STRIKE-RANGED-TARGET" in message


@pytest.mark.parametrize(
    ("aimed", "called", "what"),
    [
        (True, None, "cannot make an aimed shot"),
        (False, "head", "cannot make a called shot"),
        (True, "head", "cannot make an aimed called shot"),
    ],
)
def test_PAL_STRIKE_NO_WP_no_aimed_or_called_shot_without_the_wp(
    fight: Fight, aimed: bool, called: str | None, what: str
) -> None:
    """The gunner has W.P. Energy Rifle, not W.P. Rifles, which this rifle needs."""
    state = setup(fight, g={"weapons": [{**RIFLE, "wp": "rifles"}]})
    message = refused(state, weapon(state), aimed=aimed, called=called)
    assert "lacks W.P. Rifles" in message and "with the rifle" in message
    assert what in message and "PAL-STRIKE-NO-WP" in message


def test_PAL_STRIKE_NO_WP_a_gun_with_no_wp_named_cannot_aim(fight: Fight) -> None:
    state = setup(fight, g={"weapons": [NO_WP]})
    message = refused(state, weapon(state, "rail gun"), aimed=True)
    assert "no W.P. named" in message and "rail gun" in message and "PAL-STRIKE-NO-WP" in message
    fire(state, 10, gun="rail gun")  # an ordinary shot is fine


def test_PAL_STRIKE_CALLED_a_called_shot_names_its_location(fight: Fight) -> None:
    """A blank location is a usage error (exit 2), not a rule's refusal."""
    state = setup(fight)
    with pytest.raises(UsageError, match="PAL-STRIKE-CALLED"):
        check_shot(state, "g", weapon(state), aimed=False, called="  ", range_ft=None)


@pytest.mark.parametrize("range_ft", [0, -30])
def test_PAL_RNG_BEYOND_RANGE_a_range_is_at_least_1_foot(fight: Fight, range_ft: int) -> None:
    state = setup(fight)
    with pytest.raises(UsageError, match=f"--range {range_ft}"):
        check_shot(state, "g", weapon(state), aimed=False, called=None, range_ft=range_ft)


def test_PAL_RNG_BEYOND_RANGE_no_shot_more_than_30_percent_past(fight: Fight) -> None:
    state = setup(fight)
    message = refused(state, weapon(state), range_ft=2601)
    assert "2601" in message and "2600 ft" in message and "PAL-RNG-BEYOND-RANGE" in message
    check_shot(state, "g", weapon(state), aimed=False, called=None, range_ft=2600)


def test_PAL_RNG_BEYOND_RANGE_option_beyond_range_shot_off_refuses_past_the_range(
    fight: Fight,
) -> None:
    state = setup(fight, beyond_range_shot=False)
    message = refused(state, weapon(state), range_ft=2001)
    assert "beyond_range_shot" in message and "PAL-RNG-BEYOND-RANGE" in message
    check_shot(state, "g", weapon(state), aimed=False, called=None, range_ft=2000)


def test_PAL_HR_STRIKE_RANGE_BANDS_need_range_for_a_weapon_with_one(fight: Fight) -> None:
    state = setup(fight, "house")
    message = refused(state, weapon(state))
    assert "--range FEET" in message and "PAL-HR-STRIKE-RANGE-BANDS" in message
    raw = setup(another(fight, "raw"), "raw")
    check_shot(raw, "g", weapon(raw), aimed=False, called=None, range_ft=None)


def test_PAL_HR_STRIKE_RANGE_BANDS_range_refused_for_a_weapon_without_one(fight: Fight) -> None:
    state = setup(fight, "house", g={"weapons": [NO_RANGE]})
    message = refused(state, weapon(state), range_ft=300)
    assert "rifle" in message and "no range on its sheet" in message
    assert "--range 300" in message and "PAL-HR-STRIKE-RANGE-BANDS" in message
    raw = setup(another(fight, "raw"), "raw", g={"weapons": [NO_RANGE]})
    # RAW: a range without a weapon range is only a distance (8 either way)
    check_shot(raw, "g", weapon(raw), aimed=False, called=None, range_ft=300)


@pytest.mark.parametrize(("aimed", "called"), [(True, None), (False, "head")])
def test_PAL_STRIKE_CALLED_aimed_or_called_shots_are_never_shot_wild(
    fight: Fight, aimed: bool, called: str | None
) -> None:
    """PAL-STRIKE-CALLED / PAL-RNG-AIMED: only careful single shots; refused before rolling."""
    state = setup(fight)
    dice = Dice(1, 1, 0, physical=(10,))
    with pytest.raises(IllegalAction, match="cannot be shot wild"):
        shot(
            state,
            "g",
            "b",
            weapon(state),
            aimed=aimed,
            called=called,
            range_ft=None,
            wild=True,
            dice=dice,
        )
    assert dice.physical_left == 1


# --- properties -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def house_state(tmp_path_factory: pytest.TempPathFactory) -> FightState:
    return setup(Fight(Path(tmp_path_factory.mktemp("house"))), "house")


@settings(max_examples=200, deadline=None)
@given(
    face=st.integers(1, 20),
    range_ft=st.integers(1, 2600),
    called=st.none() | st.just("head"),
    aimed=st.booleans(),
)
def test_PAL_HR_STRIKE_RANGE_BANDS_hit_and_location_follow_the_numbers(
    house_state: FightState, face: int, range_ft: int, called: str | None, aimed: bool
) -> None:
    """House: the band is 5/8/13 by range; a hit is natural 20 or total >= band; a hit has a
    location, a miss none; a called hit lands on the spot iff natural 20 or total >= 12."""
    s = fire(house_state, face, range_ft=range_ft, called=called, aimed=aimed)
    band = 5 if range_ft <= 5 else 8 if range_ft <= 1000 else 13
    total = face + 2 + (2 if aimed else 0) - (5 if range_ft > 2000 else 0)
    assert (s.roll.target, s.roll.total) == (band, total)
    assert s.hits == (face == 20 or total >= band)
    assert s.critical == (face == 20)
    assert (s.location is None) == (not s.hits)
    if s.hits:
        spot = called is not None and (face == 20 or total >= 12)
        assert s.location == ("head" if spot else "defender's choice")


def test_PAL_RNG_SINGLE_a_plain_shot_costs_one_attack_under_its_own_rule(fight: Fight) -> None:
    """A plain shot is not a called one: its attack cites PAL-RNG-SINGLE."""
    setup(fight)
    fight.initiative(18, 2)
    result = fight.shoot("g", "b", 3, weapon="rifle", range=100)
    spent = [e for e in result.events if isinstance(e, ApmSpent) and e.combatant == "g"]
    assert [(e.amount, e.on, e.rule) for e in spent] == [(1, "shot", "PAL-RNG-SINGLE")]
