"""Hand-to-hand tables (seed 000, lines 363-557) and the modern W.P. strike progression (lines
1211-1220) against the numbers of the rules text."""

import pytest

from engine.dice import parse_spec
from engine.rules.palladium.tables import (
    BASE_DAMAGE,
    BONUS_FIELDS,
    KICK_DAMAGE,
    KNOCKDOWN_ONLY,
    PUNCH_DAMAGE,
    STYLE_GAINS,
    STYLES,
    WP_NAMES,
    WP_STRIKE_LEVELS,
    WP_TITLES,
    hand_to_hand,
    wp_strike_bonus,
)

LEVELS = range(1, 16)

# PAL-APM-H2H / PAL-APM-UNTRAINED: attacks per melee at levels 1..15.
APM_BY_LEVEL = {
    "none": [1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3],
    "basic": [4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 7],
    "expert": [4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7],
    "martial_arts": [4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7],
    "assassin": [3, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8, 8],
    "commando": [4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7],
}


@pytest.mark.parametrize("style", STYLES)
def test_pal_apm_h2h_schedule(style: str) -> None:
    """PAL-APM-H2H, PAL-APM-UNTRAINED: the catalogue's APM table, level by level."""
    assert [hand_to_hand(style, level).apm for level in LEVELS] == APM_BY_LEVEL[style]


def test_pal_apm_h2h_assassin_gains_two_attacks_at_level_2() -> None:
    assert hand_to_hand("assassin", 1).apm == 3
    assert hand_to_hand("assassin", 2).apm == 5


def test_pal_apm_untrained_counts_attacks_and_non_combat_actions_apart() -> None:
    """PAL-APM-UNTRAINED reading: attacks 1/2/3; non-combat actions 2, 3, 5, 6."""
    assert [hand_to_hand("none", lv).non_combat_actions for lv in (1, 3, 6, 9, 15)] == [
        2,
        3,
        5,
        6,
        6,
    ]
    assert hand_to_hand("none", 2).dodge == 0
    assert hand_to_hand("none", 3).dodge == 1


@pytest.mark.parametrize(
    ("style", "level", "crit_min"),
    [
        ("none", 15, 20),
        ("basic", 5, 20),
        ("basic", 6, 19),
        ("expert", 5, 20),
        ("expert", 6, 18),
        ("martial_arts", 6, 18),
        ("assassin", 9, 20),
        ("assassin", 10, 19),
        ("commando", 14, 20),
        ("commando", 15, 17),
    ],
)
def test_pal_strike_crit_range(style: str, level: int, crit_min: int) -> None:
    """PAL-STRIKE-CRIT-RANGE: the lowest natural roll that is a critical strike."""
    assert hand_to_hand(style, level).crit_min == crit_min


@pytest.mark.parametrize(
    ("style", "level", "knockout", "death_blow"),
    [
        ("expert", 10, None, None),
        ("expert", 11, 18, None),
        ("expert", 15, 18, 20),
        ("martial_arts", 12, None, None),
        ("martial_arts", 13, 18, None),
        ("martial_arts", 15, 18, 20),
        ("assassin", 6, None, None),
        ("assassin", 7, 17, None),
        ("assassin", 12, 17, 19),
        ("commando", 8, None, None),
        ("commando", 9, None, 18),
        ("basic", 15, None, None),
        ("none", 15, None, None),
    ],
)
def test_pal_dmg_ko_and_deathblow_ranges(
    style: str, level: int, knockout: int | None, death_blow: int | None
) -> None:
    """PAL-DMG-KO, PAL-DMG-DEATHBLOW: natural ranges granted by level."""
    h2h = hand_to_hand(style, level)
    assert (h2h.knockout_min, h2h.death_blow_min) == (knockout, death_blow)


def test_pal_dmg_crit_behind() -> None:
    """PAL-DMG-CRIT-BEHIND: Basic L13 double, Expert L13 triple damage."""
    assert hand_to_hand("basic", 12).crit_from_behind is None
    assert hand_to_hand("basic", 13).crit_from_behind == 2
    assert hand_to_hand("expert", 13).crit_from_behind == 3
    assert hand_to_hand("commando", 15).crit_from_behind is None


@pytest.mark.parametrize(
    ("style", "level", "expected"),
    [
        ("basic", 1, {"strike": 0, "parry": 0, "dodge": 0, "pull": 2, "roll": 2}),
        ("basic", 15, {"strike": 2, "parry": 3, "dodge": 3, "damage": 4, "pull": 4, "roll": 4}),
        ("basic", 5, {"strike": 1, "disarm": 1}),
        ("expert", 3, {"strike": 2, "parry": 3, "dodge": 3, "disarm": 2, "pull": 3, "roll": 2}),
        ("expert", 15, {"strike": 2, "parry": 5, "dodge": 5, "damage": 3, "disarm": 3}),
        ("martial_arts", 11, {"strike": 2, "initiative": 2, "damage": 4, "disarm": 4}),
        ("martial_arts", 15, {"parry": 5, "dodge": 5, "entangle": 2, "pull": 3, "roll": 3}),
        ("assassin", 4, {"strike": 2, "initiative": 2, "damage": 4, "pull": 3, "roll": 2}),
        ("assassin", 15, {"strike": 6, "initiative": 4, "damage": 6, "parry": 3, "pull": 5}),
        ("assassin", 15, {"strike_thrown": 2, "strike_guns": 3, "entangle": 2}),
        ("commando", 2, {"initiative": 1, "strike": 1, "parry": 2, "roll": 3, "pull": 3}),
        ("commando", 15, {"initiative": 6, "strike": 3, "parry": 4, "dodge": 4, "damage": 4}),
        ("commando", 15, {"disarm": 3, "pull": 8, "roll": 4, "auto_dodge": 5, "body_flip": 5}),
        ("commando", 15, {"foot_strike": 2, "save_horror_factor": 5}),
    ],
)
def test_pal_strike_h2h_bonus_tables(style: str, level: int, expected: dict[str, int]) -> None:
    """PAL-STRIKE-H2H-BONUS-TABLES: cumulative bonuses, summed from the level lines."""
    h2h = hand_to_hand(style, level)
    assert {name: getattr(h2h, name) for name in expected} == expected


@pytest.mark.parametrize("style", STYLES)
def test_pal_strike_h2h_bonuses_never_shrink_with_level(style: str) -> None:
    """The tables are cumulative: no bonus or attack is lost by gaining a level."""
    for level in range(1, 15):
        low, high = hand_to_hand(style, level), hand_to_hand(style, level + 1)
        assert all(getattr(low, f) <= getattr(high, f) for f in BONUS_FIELDS)
        assert high.crit_min <= low.crit_min
        assert low.moves <= high.moves


@pytest.mark.parametrize(
    ("style", "level", "present", "absent"),
    [
        ("basic", 7, {"punch", "kick", "power_punch"}, {"power_kick", "body_flip"}),
        ("basic", 8, {"body_flip"}, {"karate_punch", "karate_kick", "leap_kick"}),
        ("expert", 2, {"body_flip", "power_kick"}, {"karate_punch"}),
        ("expert", 5, {"karate_punch", "karate_kick"}, {"leap_kick", "backhand"}),
        ("expert", 7, {"paired_weapons", "backhand"}, {"holds"}),
        ("martial_arts", 3, {"karate_kick", "martial_arts_backhand"}, {"leap_kick"}),
        ("martial_arts", 10, {"leap_kick", "holds", "back_flip_attack"}, set()),
        ("assassin", 7, {"leap_kick", "martial_arts_backhand"}, {"back_flip"}),
        ("commando", 7, {"backward_sweep", "karate_kick"}, {"leap_kick", "holds"}),
        ("commando", 14, {"leap_kick", "holds"}, set()),
        ("none", 15, {"punch", "kick"}, {"power_punch", "disarm"}),
    ],
)
def test_pal_dmg_base_table_moves_by_level(
    style: str, level: int, present: set[str], absent: set[str]
) -> None:
    """PAL-DMG-BASE-TABLE: karate, leap kick and other moves only where the style grants them."""
    moves = hand_to_hand(style, level).moves
    assert present <= moves
    assert not absent & moves


def test_pal_dmg_base_table_damages() -> None:
    """PAL-DMG-BASE-TABLE: punch 1D4, kick 1D8, karate punch 2D4, karate kick 2D6, leap 3D8."""
    assert PUNCH_DAMAGE == "1D4"
    assert KICK_DAMAGE == "1D8"
    assert BASE_DAMAGE["karate_punch"] == "2D4"
    assert BASE_DAMAGE["karate_kick"] == "2D6"
    assert BASE_DAMAGE["leap_kick"] == "3D8"
    assert BASE_DAMAGE["martial_arts_backhand"] == "1D6"
    expert = hand_to_hand("expert", 1)
    assert (expert.punch, expert.kick) == ("1D4", "1D8")
    for spec in BASE_DAMAGE.values():
        parse_spec(spec)


def test_every_named_move_is_known() -> None:
    others = {
        "pull_punch",
        "disarm",
        "entangle",
        "roll_with_impact",
        "power_punch",
        "power_kick",
        "paired_weapons",
        "holds",
        "back_flip",
        "back_flip_escape",
        "back_flip_attack",
        "foot_strikes",
    }
    known = set(BASE_DAMAGE) | KNOCKDOWN_ONLY | others
    for style in STYLES:
        assert hand_to_hand(style, 15).moves <= known


def test_pal_def_parry_trained_styles_parry_without_an_action() -> None:
    """PAL-DEF-PARRY: every style but none parries for free."""
    assert [hand_to_hand(s, 1).trained for s in STYLES] == [False, True, True, True, True, True]


def test_tables_cover_every_style_and_only_levels_1_to_15() -> None:
    assert set(STYLE_GAINS) == set(STYLES)
    assert all(set(gains) <= set(LEVELS) and 1 in gains for gains in STYLE_GAINS.values())


@pytest.mark.parametrize(("style", "level"), [("boxing", 1), ("expert", 0), ("expert", 16)])
def test_unknown_style_or_level_is_refused(style: str, level: int) -> None:
    with pytest.raises(ValueError):
        hand_to_hand(style, level)


# PAL-STRIKE-WP-PROGRESSION: the strike bonus of each modern W.P. at levels 1..15 (+1 at each
# level the rules text lists, cumulative), written out level by level.
WP_BY_LEVEL = {
    "handguns": [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7],
    "rifles": [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7],
    "shotgun": [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5],
    "submachine_gun": [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6],
    "heavy_military": [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5],
    "flamethrower": [0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4],
    "energy_pistol": [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8],
    "energy_rifle": [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7],
    "heavy_mega_damage": [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5],
}


@pytest.mark.parametrize("wp", WP_NAMES)
def test_pal_strike_wp_progression_schedule(wp: str) -> None:
    """PAL-STRIKE-WP-PROGRESSION: the catalogue's +1 levels, added up level by level."""
    assert [wp_strike_bonus(wp, level) for level in LEVELS] == WP_BY_LEVEL[wp]


@pytest.mark.parametrize(
    ("wp", "level", "bonus"),
    [
        ("energy_rifle", 4, 2),
        ("energy_rifle", 1, 0),
        ("heavy_mega_damage", 7, 3),
        ("heavy_mega_damage", 6, 2),
        ("energy_pistol", 3, 2),
        ("energy_pistol", 15, 8),
        ("handguns", 1, 0),
        ("rifles", 1, 1),
        ("flamethrower", 15, 4),
        ("submachine_gun", 15, 6),
    ],
)
def test_pal_strike_wp_progression_spot_values(wp: str, level: int, bonus: int) -> None:
    """PAL-STRIKE-WP-PROGRESSION: values read straight off the rules text."""
    assert wp_strike_bonus(wp, level) == bonus


def test_pal_strike_no_wp_level_0_gives_no_bonus() -> None:
    """PAL-STRIKE-NO-WP: without the W.P. (level 0) there is no W.P. bonus."""
    assert all(wp_strike_bonus(wp, 0) == 0 for wp in WP_NAMES)


def test_pal_strike_wp_progression_the_nine_modern_wps() -> None:
    """PAL-STRIKE-WP-PROGRESSION: nine W.P.s, each with a title and levels within 1..15."""
    assert WP_NAMES == (
        "handguns",
        "rifles",
        "shotgun",
        "submachine_gun",
        "heavy_military",
        "flamethrower",
        "energy_pistol",
        "energy_rifle",
        "heavy_mega_damage",
    )
    assert tuple(WP_STRIKE_LEVELS) == WP_NAMES
    assert tuple(WP_TITLES) == WP_NAMES
    for levels in WP_STRIKE_LEVELS.values():
        assert list(levels) == sorted(set(levels))
        assert set(levels) <= set(LEVELS)


@pytest.mark.parametrize(("wp", "level"), [("laser", 1), ("energy_rifle", -1), ("rifles", 16)])
def test_pal_strike_wp_progression_unknown_wp_or_level_is_refused(wp: str, level: int) -> None:
    with pytest.raises(ValueError):
        wp_strike_bonus(wp, level)
