"""The Palladium sheet: examples load, mistakes are all reported, the log round trip holds."""

import json
from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from engine.inputs import BIDI
from engine.rules.palladium.profile import build_profile
from engine.rules.palladium.sheet import (
    ApmSources,
    Armor,
    Attributes,
    Bonuses,
    PalladiumSheet,
    Pools,
    Training,
    Unarmed,
    Weapon,
    sheet_problems,
)
from engine.rules.palladium.sheet_io import load_sheet, sheet_from_dict, sheet_to_dict
from engine.rules.palladium.tables import WP_NAMES
from engine.sheets import SheetError

SHEETS = Path(__file__).resolve().parents[4] / "examples" / "sheets"
VALID = sorted(SHEETS.glob("*.*"))


def problems(path: Path) -> tuple[str, ...]:
    with pytest.raises(SheetError) as info:
        load_sheet(path)
    assert info.value.file == str(path)
    return info.value.problems


def base() -> dict[str, Any]:
    return {
        "name": "Test Subject",
        "kind": "npc",
        "pools": {"hp": 20, "sdc": 10},
        "hand_to_hand": {"style": "basic", "level": 1},
    }


def problems_of(data: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(SheetError) as info:
        sheet_from_dict(data)
    return info.value.problems


def test_the_example_sheets_are_valid() -> None:
    assert [p.name for p in VALID] == [
        "brodkil.json",
        "cs_grunt.yaml",
        "grave_ghoul.toml",
        "jade_tiger.toml",
        "marcus_kell.toml",
        "rook.toml",
        "samas_pilot.toml",
        "skull_walker.toml",
    ]
    for path in VALID:
        assert sheet_problems(load_sheet(path)) == ()


def test_marcus_kell_expert_with_md_and_sdc_knives() -> None:
    marcus = load_sheet(SHEETS / "marcus_kell.toml")
    assert marcus.hand_to_hand == Training(style="expert", level=3)
    assert marcus.pools == Pools(hp=30, sdc=35)
    assert not marcus.mega_damage_being
    assert marcus.attributes.ps == 20
    assert marcus.bonuses.damage == 5  # PAL-DMG-PS-BONUS: P.S. 20 gives +5
    assert [(w.name, w.damage, w.mega_damage) for w in marcus.weapons] == [
        ("vibro-knife", "1D6", True),
        ("survival knife", "1D6", False),
        ("laser pistol", "2D6", True),
    ]
    assert marcus.armor == Armor(name="Urban Warrior", mdc=50)


def test_pal_strike_wp_progression_marcus_kell_laser_pistol_with_wp_energy_pistol() -> None:
    """PAL-STRIKE-WP-PROGRESSION: W.P. Energy Pistol 3 gives +2 (levels 1 and 3)."""
    marcus = load_sheet(SHEETS / "marcus_kell.toml")
    pistol = marcus.weapons[2]
    assert (pistol.kind, pistol.wp, pistol.range, pistol.strike) == (
        "ranged",
        "energy_pistol",
        800,
        0,
    )
    assert marcus.weapon_proficiencies == {"energy_pistol": 3}
    profile = build_profile(marcus)
    assert profile.weapons[2].wp_level == 3
    assert profile.weapons[2].wp_strike == 2
    assert profile.weapon_proficiencies == {"energy_pistol": 3}
    assert profile.spd == 22


def test_cs_grunt_in_mdc_armor_with_a_rifle() -> None:
    grunt = load_sheet(SHEETS / "cs_grunt.yaml")
    assert grunt.hand_to_hand == Training(style="basic", level=2)
    assert grunt.armor is not None and grunt.armor.mdc == 50
    rifle = grunt.weapons[0]
    assert (rifle.kind, rifle.damage, rifle.mega_damage) == ("ranged", "3D6", True)
    assert grunt.weapons[1].kind == "melee"


def test_pal_strike_wp_progression_cs_grunt_rifle_bonus_comes_from_the_wp_table() -> None:
    """PAL-STRIKE-WP-PROGRESSION, PAL-STRIKE-BONUS-GUNS: W.P. Energy Rifle 2 gives the +1
    that the sheet's strike used to state; the rifle's own bonus is 0."""
    grunt = load_sheet(SHEETS / "cs_grunt.yaml")
    assert grunt.weapon_proficiencies == {"energy_rifle": 2}
    rifle = build_profile(grunt).weapons[0]
    assert (rifle.wp, rifle.wp_level, rifle.wp_strike, rifle.strike, rifle.range) == (
        "energy_rifle",
        2,
        1,
        0,
        1600,
    )


def test_pal_strike_no_wp_brodkil_rail_gun_untrained_with_a_range() -> None:
    """PAL-STRIKE-NO-WP: the Brodkil has no W.P. for his rail gun; it still has a range."""
    rail = build_profile(load_sheet(SHEETS / "brodkil.json")).weapons[0]
    assert (rail.range, rail.wp, rail.wp_level, rail.wp_strike) == (4000, None, 0, 0)


def test_pal_dmg_supernatural_ps_brodkil_states_md_punches() -> None:
    """PAL-DMG-SUPERNATURAL-PS, PAL-DMG-POOLS: an M.D.C. being with stated M.D. punches."""
    brodkil = load_sheet(SHEETS / "brodkil.json")
    assert brodkil.mega_damage_being
    assert brodkil.pools == Pools(mdc=80)
    assert brodkil.attributes.ps_type == "supernatural"
    assert brodkil.unarmed == Unarmed(punch="2D6", kick="3D6", mega_damage=True)


def test_missing_attributes_default_to_10() -> None:
    sheet = sheet_from_dict(base())
    assert sheet.attributes == Attributes()
    assert (sheet.attributes.ps, sheet.attributes.spd, sheet.attributes.ps_type) == (
        10,
        10,
        "normal",
    )
    assert sheet.bonuses == Bonuses()
    assert (sheet.weapons, sheet.armor, sheet.unarmed) == ((), None, None)
    assert (sheet.weapon_proficiencies, sheet.apm_sources) == ({}, ApmSources())


def test_three_mistakes_give_three_problems_with_their_paths() -> None:
    path = SHEETS / "invalid" / "three_mistakes.toml"
    assert problems(path) == (
        'attributes.pp: expected an integer 1..100, got "high"',
        "bonuses.strik: unknown key",
        'weapons[1].damage: expected a die expression such as 1D6, 2D6x10, 1D4+2, got "2X6"',
    )
    with pytest.raises(SheetError) as info:
        load_sheet(path)
    assert str(info.value).startswith(
        f'{path}: attributes.pp: expected an integer 1..100, got "high"; '
    )
    assert "\n" not in str(info.value)


def test_type_and_cross_field_problems_are_reported_in_one_pass() -> None:
    assert problems(SHEETS / "invalid" / "cross_field.yaml") == (
        'kind: expected one of "pc", "npc", got "boss"',
        "hand_to_hand.level: expected an integer 1..15, got 20",
        "pools.sdc: required (or give pools.mdc alone for a Mega-Damage being)",
        "armor.ar: not allowed with armor.mdc: M.D.C. armor has no A.R.",
        'weapons[1].name: duplicate weapon name "Claw Blade" (also weapons[0])',
        'unarmed: required when attributes.ps_type is "supernatural": the supernatural P.S. '
        "damage table is not in the rules text, so state punch and kick damage",
    )


def test_wrong_types_are_not_coerced() -> None:
    assert problems(SHEETS / "invalid" / "wrong_types.json") == (
        "name: expected a name of 1-64 printable characters, not blank, got 5",
        'kind: expected one of "pc", "npc", got true',
        'pools.hp: expected an integer >= 1, got "30" (text in quotes: write 30 without them)',
        "hand_to_hand.level: expected an integer 1..15, got 2.0",
        'bonuses.auto_dodge: expected true or false, got "yes"',
        'weapons: expected a list of tables, e.g. [[weapons]]; got "knife"',
        "class: unknown key",
    )


@pytest.mark.parametrize(
    ("pools", "expected"),
    [
        ({"hp": 20}, ("pools.sdc: required (or give pools.mdc alone for a Mega-Damage being)",)),
        (
            {},
            (
                "pools.hp: required (or give pools.mdc alone for a Mega-Damage being)",
                "pools.sdc: required (or give pools.mdc alone for a Mega-Damage being)",
            ),
        ),
        (
            {"hp": 20, "sdc": 5, "mdc": 30},
            ("pools: give hp and sdc (an S.D.C. being) or mdc alone, not both",),
        ),
        (
            {"hp": 0, "sdc": -1},
            (
                "pools.hp: expected an integer >= 1, got 0",
                "pools.sdc: expected an integer >= 0, got -1",
            ),
        ),
    ],
)
def test_pal_dmg_pools_sdc_being_or_mdc_being(
    pools: dict[str, int], expected: tuple[str, ...]
) -> None:
    """PAL-DMG-POOLS: H.P. and S.D.C., or one M.D.C. pool instead."""
    assert problems_of({**base(), "pools": pools}) == expected


def test_pal_dmg_pools_sdc_zero_is_allowed() -> None:
    assert sheet_from_dict({**base(), "pools": {"hp": 12, "sdc": 0}}).pools.sdc == 0


@pytest.mark.parametrize(
    ("armor", "expected"),
    [
        ({"name": "plate", "sdc": 150, "ar": 16}, ()),
        ({"name": "suit", "mdc": 80}, ()),
        ({"name": "rags"}, ("armor: give mdc, or sdc together with ar",)),
        (
            {"name": "vest", "sdc": 50},
            ("armor.ar: required with armor.sdc (S.D.C. armor has both)",),
        ),
        (
            {"name": "vest", "ar": 10},
            ("armor.sdc: required with armor.ar (S.D.C. armor has both)",),
        ),
        (
            {"name": "mix", "mdc": 20, "sdc": 50, "ar": 12},
            (
                "armor.sdc: not allowed with armor.mdc: M.D.C. armor has no A.R.",
                "armor.ar: not allowed with armor.mdc: M.D.C. armor has no A.R.",
            ),
        ),
        ({"name": "vest", "sdc": 50, "ar": 21}, ("armor.ar: expected an integer 1..20, got 21",)),
    ],
)
def test_pal_dmg_ar_sdc_and_mdc_armor_shapes(
    armor: dict[str, Any], expected: tuple[str, ...]
) -> None:
    """PAL-DMG-AR-SDC, PAL-DMG-AR-MDC: S.D.C. armor has an A.R.; M.D.C. armor has none."""
    data = {**base(), "armor": armor}
    if expected:
        assert problems_of(data) == expected
    else:
        assert sheet_from_dict(data).armor is not None


def test_pal_dmg_supernatural_ps_requires_unarmed_damage() -> None:
    """PAL-DMG-SUPERNATURAL-PS: the table is missing (catalogue M), so the sheet states it."""
    data = {**base(), "attributes": {"ps": 30, "ps_type": "supernatural"}}
    (only,) = problems_of(data)
    assert only.startswith('unarmed: required when attributes.ps_type is "supernatural"')
    data["unarmed"] = {"punch": "1D6", "kick": "2D6", "mega_damage": True}
    assert sheet_from_dict(data).unarmed == Unarmed(punch="1D6", kick="2D6", mega_damage=True)


def test_unarmed_needs_both_dice() -> None:
    assert problems_of({**base(), "unarmed": {"punch": "2D6"}}) == (
        "unarmed.kick: required key is missing",
    )


@pytest.mark.parametrize(
    ("patch", "expected"),
    [
        ({"attributes": {"pp": 0}}, "attributes.pp: expected an integer 1..100, got 0"),
        ({"attributes": {"spd": 101}}, "attributes.spd: expected an integer 1..100, got 101"),
        (
            {"attributes": {"ps_type": "huge"}},
            'attributes.ps_type: expected one of "normal", "augmented", "robotic", '
            '"supernatural", got "huge"',
        ),
        (
            {"hand_to_hand": {"style": "expert", "level": 0}},
            "hand_to_hand.level: expected an integer 1..15, got 0",
        ),
        (
            {"hand_to_hand": {"style": "boxing", "level": 2}},
            'hand_to_hand.style: expected one of "none", "basic", "expert", "martial_arts", '
            '"assassin", "commando", got "boxing"',
        ),
        ({"bonuses": {"apm": 11}}, "bonuses.apm: expected an integer -5..10, got 11"),
        ({"name": "  "}, 'name: expected a name of 1-64 printable characters, not blank, got "  "'),
    ],
)
def test_values_out_of_range(patch: dict[str, Any], expected: str) -> None:
    assert problems_of({**base(), **patch}) == (expected,)


def test_weapon_names_are_unique_ignoring_case() -> None:
    knife = {"name": "Knife", "kind": "melee", "damage": "1D6"}
    data = {**base(), "weapons": [knife, {**knife, "name": "knife"}, {**knife, "name": "KNIFE"}]}
    assert problems_of(data) == (
        'weapons[1].name: duplicate weapon name "knife" (also weapons[0])',
        'weapons[2].name: duplicate weapon name "KNIFE" (also weapons[0])',
    )


WP_CHOICES = (
    'expected one of "handguns", "rifles", "shotgun", "submachine_gun", "heavy_military", '
    '"flamethrower", "energy_pistol", "energy_rifle", "heavy_mega_damage"'
)
RIFLE = {"name": "rifle", "kind": "ranged", "damage": "2D6"}


def test_pal_strike_wp_progression_weapon_proficiencies_and_weapon_keys() -> None:
    """PAL-STRIKE-WP-PROGRESSION, PAL-RNG-BEYOND-RANGE, PAL-HR-APM-RPA: the new keys read back."""
    data = {
        **base(),
        "weapon_proficiencies": {"energy_rifle": 4, "handguns": 15},
        "weapons": [
            {**RIFLE, "wp": "energy_rifle", "range": 2000},
            {**RIFLE, "name": "boom gun", "wp": "heavy_mega_damage", "range": 1, "machine": True},
        ],
    }
    sheet = sheet_from_dict(data)
    assert sheet.weapon_proficiencies == {"energy_rifle": 4, "handguns": 15}
    rifle, boom = sheet.weapons
    assert (rifle.wp, rifle.range, rifle.machine) == ("energy_rifle", 2000, False)
    assert (boom.wp, boom.range, boom.machine) == ("heavy_mega_damage", 1, True)
    weapons = build_profile(sheet).weapons
    assert [(w.wp_level, w.wp_strike, w.machine) for w in weapons] == [(4, 2, False), (0, 0, True)]


def test_pal_strike_wp_progression_unknown_wp_name_lists_the_choices() -> None:
    """PAL-STRIKE-WP-PROGRESSION: only the nine modern W.P.s; the error lists them."""
    data = {
        **base(),
        "weapon_proficiencies": {"laser": 2},
        "weapons": [{**RIFLE, "wp": "Energy Rifle"}],
    }
    assert problems_of(data) == (
        f'weapons[0].wp: {WP_CHOICES}, got "Energy Rifle"',
        f'weapon_proficiencies.laser: {WP_CHOICES}, got "laser"',
    )


WP_TABLE = (
    "weapon_proficiencies: expected a table of W.P. names and levels, e.g. { energy_rifle = 2 }"
)


@pytest.mark.parametrize(
    ("proficiencies", "expected"),
    [
        ({"rifles": 0}, "weapon_proficiencies.rifles: expected an integer 1..15, got 0"),
        ({"rifles": 16}, "weapon_proficiencies.rifles: expected an integer 1..15, got 16"),
        (
            {"rifles": "3"},
            'weapon_proficiencies.rifles: expected an integer 1..15, got "3" '
            "(text in quotes: write 3 without them)",
        ),
        ({"rifles": True}, "weapon_proficiencies.rifles: expected an integer 1..15, got true"),
        (["rifles"], f"{WP_TABLE}; got a list"),
        ("rifles", f'{WP_TABLE}; got "rifles"'),
    ],
)
def test_pal_strike_wp_progression_levels_are_1_to_15(proficiencies: Any, expected: str) -> None:
    """PAL-STRIKE-WP-PROGRESSION: a W.P. level is an integer 1..15, in a table."""
    assert problems_of({**base(), "weapon_proficiencies": proficiencies}) == (expected,)


@pytest.mark.parametrize(
    ("weapon", "expected"),
    [
        ({"range": 0}, "weapons[0].range: expected an integer >= 1, got 0"),
        ({"range": -100}, "weapons[0].range: expected an integer >= 1, got -100"),
        ({"range": 1.5}, "weapons[0].range: expected an integer >= 1, got 1.5"),
        ({"range": "800 ft"}, 'weapons[0].range: expected an integer >= 1, got "800 ft"'),
        ({"machine": "yes"}, 'weapons[0].machine: expected true or false, got "yes"'),
    ],
)
def test_pal_rng_beyond_range_weapon_range_is_whole_feet(
    weapon: dict[str, Any], expected: str
) -> None:
    """PAL-RNG-BEYOND-RANGE measures against the range: whole feet, at least 1."""
    assert problems_of({**base(), "weapons": [{**RIFLE, **weapon}]}) == (expected,)


def test_pal_strike_wp_progression_range_and_wp_belong_to_ranged_weapons() -> None:
    """PAL-STRIKE-WP-PROGRESSION, PAL-STRIKE-BONUS-MELEE: a melee weapon's W.P. bonus is in
    its strike; the modern W.P.s and a range are for guns. Reported with the other problems."""
    knife = {"name": "knife", "kind": "melee", "damage": "1D6", "range": 10, "wp": "handguns"}
    assert problems_of({**base(), "kind": "boss", "weapons": [knife]}) == (
        'kind: expected one of "pc", "npc", got "boss"',
        "weapons[0].range: only for a ranged weapon (a melee weapon has no range unless thrown "
        "is given)",
        "weapons[0].wp: only for a ranged weapon (the modern W.P.s are for guns; put a melee "
        "W.P. bonus in strike)",
    )


def test_pal_strike_no_wp_a_weapon_whose_wp_the_sheet_lacks_is_untrained() -> None:
    """PAL-STRIKE-NO-WP: naming a W.P. the character does not have is allowed: level 0."""
    sheet = sheet_from_dict({**base(), "weapons": [{**RIFLE, "wp": "rifles"}]})
    (rifle,) = build_profile(sheet).weapons
    assert (rifle.wp, rifle.wp_level, rifle.wp_strike) == ("rifles", 0, 0)


@pytest.mark.parametrize(
    ("sources", "expected"),
    [
        ({"boxing": 4}, "apm_sources.boxing: expected an integer 0..3, got 4"),
        ({"boxing": -1}, "apm_sources.boxing: expected an integer 0..3, got -1"),
        ({"machine": 11}, "apm_sources.machine: expected an integer 0..10, got 11"),
        ({"general": 1}, "apm_sources.general: unknown key"),
        ([1], "apm_sources: expected a table of keys (boxing, machine), got a list"),
    ],
)
def test_pal_hr_apm_boxing_and_rpa_sources_are_bounded(sources: Any, expected: str) -> None:
    """PAL-HR-APM-BOXING (0..3) and PAL-HR-APM-RPA (0..10); general attacks stay bonuses.apm."""
    assert problems_of({**base(), "apm_sources": sources}) == (expected,)


def test_pal_hr_apm_ledger_profile_lists_every_source_of_attacks() -> None:
    """PAL-HR-APM-LEDGER, PAL-HR-APM-BOXING, PAL-HR-APM-RPA: the total counts restricted
    attacks too; apm_sources keeps them apart (zero entries left out but hand to hand)."""
    data = {**base(), "bonuses": {"apm": 1}, "apm_sources": {"boxing": 1, "machine": 3}}
    profile = build_profile(sheet_from_dict(data))
    assert [(m.source, m.value, m.rule) for m in profile.attacks] == [
        ("hand_to_hand", 4, "PAL-APM-H2H"),
        ("sheet", 1, "PAL-APM-H2H"),
        ("sheet", 1, "PAL-HR-APM-BOXING"),
        ("sheet", 3, "PAL-HR-APM-RPA"),
    ]
    assert sum(m.value for m in profile.attacks) == 9
    assert profile.apm_sources == {"hand_to_hand": 4, "general": 1, "boxing": 1, "machine": 3}


def test_pal_hr_apm_ledger_zero_sources_are_left_out() -> None:
    """PAL-HR-APM-LEDGER: only hand to hand is listed when there is nothing else."""
    profile = build_profile(sheet_from_dict(base()))
    assert profile.apm_sources == {"hand_to_hand": 4}
    assert [m.rule for m in profile.attacks] == ["PAL-APM-H2H"]
    boxer = build_profile(sheet_from_dict({**base(), "apm_sources": {"boxing": 2}}))
    assert boxer.apm_sources == {"hand_to_hand": 4, "boxing": 2}


def test_pal_hr_apm_boxing_gunner_test_sheet() -> None:
    """The rule-test gunner: W.P. Energy Rifle 4 (+2), a 2,000 ft rifle, one Boxing attack."""
    gunner = load_sheet(Path(__file__).parent / "sheets" / "gunner.toml")
    profile = build_profile(gunner)
    assert profile.apm_sources == {"hand_to_hand": 4, "boxing": 1}
    assert sum(m.value for m in profile.attacks) == 5
    (rifle,) = profile.weapons
    assert (rifle.range, rifle.wp, rifle.wp_level, rifle.wp_strike) == (2000, "energy_rifle", 4, 2)
    assert profile.spd == 18


def test_pal_strike_wp_progression_profile_lists_wps_in_table_order() -> None:
    """The profile's W.P.s come in the table's order whatever the file's order."""
    data = {**base(), "weapon_proficiencies": {"heavy_mega_damage": 1, "handguns": 2}}
    profile = build_profile(sheet_from_dict(data))
    assert list(profile.weapon_proficiencies.items()) == [("handguns", 2), ("heavy_mega_damage", 1)]


def test_sheet_from_dict_refuses_a_non_mapping() -> None:
    with pytest.raises(SheetError, match="<embedded sheet>: expected a table of keys"):
        sheet_from_dict([])  # type: ignore[arg-type]


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_round_trip_through_the_log_dict(path: Path) -> None:
    sheet = load_sheet(path)
    data = sheet_to_dict(sheet)
    assert json.loads(json.dumps(data)) == data  # plain JSON, as the log stores it
    assert sheet_from_dict(data) == sheet


def test_sheet_to_dict_leaves_out_absent_optional_keys() -> None:
    data = sheet_to_dict(load_sheet(SHEETS / "brodkil.json"))
    assert data["pools"] == {"mdc": 80}
    assert "armor" not in data


def test_toml_json_and_yaml_give_equal_sheets(tmp_path: Path) -> None:
    marcus = load_sheet(SHEETS / "marcus_kell.toml")
    data = sheet_to_dict(marcus)
    (tmp_path / "m.json").write_text(json.dumps(data))
    (tmp_path / "m.yaml").write_text(yaml.safe_dump(data))
    assert load_sheet(tmp_path / "m.json") == marcus
    assert load_sheet(tmp_path / "m.yaml") == marcus


def test_yaml_sheet_with_a_python_tag_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "evil.yaml"
    path.write_text("name: !!python/object:builtins.object {}\nkind: pc\n")
    with pytest.raises(SheetError, match="not valid YAML"):
        load_sheet(path)


# --- hypothesis: any valid sheet survives the log round trip -------------------------------

dice = st.builds(
    lambda n, s, m: f"{n}D{s}" + (f"x{m}" if m > 1 else ""),
    st.integers(1, 10),
    st.sampled_from([4, 6, 8, 10, 12, 20]),
    st.sampled_from([1, 1, 10]),
)
names = st.text(
    st.characters(
        codec="utf-8",
        exclude_categories=("Cc", "Cs", "Zl", "Zp"),  # a label has none (engine/inputs.py)
        exclude_characters="".join(BIDI),
    ),
    min_size=1,
    max_size=64,
).filter(lambda s: s.strip() != "")
bonus = st.integers(-20, 30)
wp_names = st.sampled_from(WP_NAMES)
melee_weapons = st.builds(
    Weapon,
    name=names,
    kind=st.just("melee"),
    damage=dice,
    mega_damage=st.booleans(),
    strike=bonus,
    parry=bonus,
    machine=st.booleans(),
)
ranged_weapons = st.builds(
    Weapon,
    name=names,
    kind=st.just("ranged"),
    damage=dice,
    mega_damage=st.booleans(),
    strike=bonus,
    parry=bonus,
    range=st.none() | st.integers(1, 100_000),
    wp=st.none() | wp_names,
    machine=st.booleans(),
)
weapons = st.lists(
    melee_weapons | ranged_weapons,
    max_size=4,
    unique_by=lambda w: w.name.strip().casefold(),
).map(tuple)
attributes = st.builds(
    Attributes,
    **{key: st.integers(1, 100) for key in ("iq", "me", "ma", "ps", "pp", "pe", "pb", "spd")},
    ps_type=st.sampled_from(["normal", "augmented", "robotic", "supernatural"]),
)
pools = st.one_of(
    st.builds(Pools, hp=st.integers(1, 500), sdc=st.integers(0, 500)),
    st.builds(Pools, mdc=st.integers(1, 5000)),
)
armor = st.one_of(
    st.none(),
    st.builds(Armor, name=names, mdc=st.integers(1, 500)),
    st.builds(Armor, name=names, sdc=st.integers(1, 500), ar=st.integers(1, 20)),
)
unarmed = st.builds(Unarmed, punch=dice, kick=dice, mega_damage=st.booleans())


@st.composite
def sheets(draw: st.DrawFn) -> PalladiumSheet:
    attrs_ = draw(attributes)
    return PalladiumSheet(
        name=draw(names),
        kind=draw(st.sampled_from(["pc", "npc"])),
        attributes=attrs_,
        pools=draw(pools),
        hand_to_hand=Training(
            style=draw(
                st.sampled_from(["none", "basic", "expert", "martial_arts", "assassin", "commando"])
            ),
            level=draw(st.integers(1, 15)),
        ),
        bonuses=Bonuses(strike=draw(bonus), damage=draw(bonus), auto_dodge=draw(st.booleans())),
        unarmed=draw(unarmed if attrs_.ps_type == "supernatural" else st.none() | unarmed),
        weapons=draw(weapons),
        armor=draw(armor),
        weapon_proficiencies=draw(st.dictionaries(wp_names, st.integers(1, 15))),
        apm_sources=ApmSources(boxing=draw(st.integers(0, 3)), machine=draw(st.integers(0, 10))),
    )


@given(sheets())
def test_any_valid_sheet_round_trips(sheet: PalladiumSheet) -> None:
    """sheet_from_dict(sheet_to_dict(s)) == s, through JSON text as the log stores it."""
    assert sheet_problems(sheet) == ()
    assert sheet_from_dict(json.loads(json.dumps(sheet_to_dict(sheet)))) == sheet


def test_sheet_classes_are_frozen() -> None:
    sheet = load_sheet(SHEETS / "marcus_kell.toml")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sheet.name = "other"  # type: ignore[misc]


junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


@given(sheets(), st.dictionaries(st.sampled_from([*attrs.fields_dict(PalladiumSheet), "x"]), junk))
def test_damaged_sheets_give_a_sheet_or_a_sheet_error(
    sheet: PalladiumSheet, damage: dict[str, Any]
) -> None:
    """Fuzz: junk in any section is reported as problems, never raised as another error."""
    try:
        sheet_from_dict({**sheet_to_dict(sheet), **damage})
    except SheetError as err:
        assert err.problems
