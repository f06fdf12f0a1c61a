"""Which bonuses count: PAL-STRIKE-BONUS-MELEE, PAL-STRIKE-BONUS-GUNS, PAL-STRIKE-RANGED-TARGET,
PAL-DEF-GUNFIRE-DODGE (and PAL-HR-DEF-GUNFIRE-DODGE), with forced dice."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.core import Modifier
from events.palladium import DefenseRolled, StrikeRolled

from .conftest import Fight, not_applied, one

PISTOL = {"name": "pistol", "kind": "ranged", "damage": "2D6", "strike": 2}


def mods(ms: tuple[Modifier, ...]) -> list[tuple[str, int, str]]:
    """The modifiers applied (a bonus shown as not applying is :func:`not_applied`'s)."""
    return [(m.source, m.value, m.rule) for m in ms if m.op != "skip"]


def expert_first(fight: Fight, variant: str = "raw", **options: Any) -> None:
    fight.new(variant, **options)
    fight.add("expert", "x")
    fight.add("brawler", "b", weapons=[PISTOL])
    fight.initiative(15, 1)


def test_PAL_STRIKE_BONUS_MELEE_style_sheet_and_weapon_bonuses_add_up(fight: Fight) -> None:
    expert_first(fight)
    s = one(fight.strike("x", "b", 10, weapon="knife").events, StrikeRolled)
    assert mods(s.roll.modifiers) == [
        ("hand_to_hand", 2, "PAL-STRIKE-BONUS-MELEE"),
        ("sheet", 1, "PAL-STRIKE-BONUS-MELEE"),
        ("weapon", 1, "PAL-STRIKE-BONUS-MELEE"),
    ]
    assert (s.roll.total, s.roll.target) == (14, 5)


def test_PAL_STRIKE_BONUS_GUNS_no_hand_to_hand_or_sheet_bonus_with_a_gun(fight: Fight) -> None:
    expert_first(fight)
    s = one(fight.strike("x", "b", 10, weapon="pistol").events, StrikeRolled)
    assert mods(s.roll.modifiers) == [("weapon", 2, "PAL-STRIKE-BONUS-GUNS")]
    assert (s.roll.total, s.roll.target, s.roll.rule) == (12, 8, "PAL-STRIKE-RANGED-TARGET")
    # the bonuses that do not count are shown as such, not dropped without a word
    assert not_applied(s.roll.modifiers) == [
        ("hand_to_hand", 2, "PAL-STRIKE-BONUS-GUNS"),
        ("sheet", 1, "PAL-STRIKE-BONUS-GUNS"),
    ]
    assert all("not with a gun" in m.name for m in s.roll.modifiers if m.op == "skip")


def test_PAL_STRIKE_RANGED_TARGET_guns_hit_on_8_not_5(fight: Fight) -> None:
    expert_first(fight)
    miss = one(fight.strike("x", "b", 5, weapon="pistol").events, StrikeRolled)
    assert (miss.roll.total, miss.hits) == (7, False)
    fight.spend("b", "x")
    hit = one(fight.strike("x", "b", 6, weapon="pistol").events, StrikeRolled)
    assert (hit.roll.total, hit.hits) == (8, True)


@pytest.mark.parametrize(("allowed", "total"), [(True, 11), (False, 10)])
def test_PAL_STRIKE_BONUS_GUNS_assassin_gun_grant_is_the_option_h2h_gun_strike_bonus(
    fight: Fight, allowed: bool, total: int
) -> None:
    """Assassin L8 grants +1 strike with guns: the one H2H bonus that names guns (L.10)."""
    fight.new("raw", h2h_gun_strike_bonus=allowed)
    fight.add("brawler", "a", hand_to_hand={"style": "assassin", "level": 8}, weapons=[PISTOL])
    fight.add("brawler", "b")
    fight.initiative(15, 1)
    s = one(fight.strike("a", "b", 8, weapon="pistol").events, StrikeRolled)
    assert s.roll.total == total
    expected = [("weapon", 2, "PAL-STRIKE-BONUS-GUNS")]
    if allowed:
        expected.insert(0, ("hand_to_hand", 1, "PAL-STRIKE-BONUS-GUNS"))
    assert mods(s.roll.modifiers) == expected


def test_PAL_DEF_PARRY_gunfire_cannot_be_parried_nothing_written(fight: Fight) -> None:
    expert_first(fight)
    fight.spend("x", "b")
    fight.strike("b", "x", 12, weapon="pistol")  # 14: pending
    head = fight.head()
    with pytest.raises(IllegalAction, match="PAL-DEF-PARRY"):
        fight.defend("x", "parry", 19)
    assert fight.head() == head
    assert fight.status()["pending"]["reactor"] == "x"
    assert one(fight.defend("x", "dodge", 13).events, DefenseRolled).success  # 13 + 1 = 14


def test_PAL_DEF_PARRY_gunfire_with_the_answer_given_in_advance_is_refused(fight: Fight) -> None:
    expert_first(fight)
    fight.spend("x", "b")
    head = fight.head()
    with pytest.raises(IllegalAction, match="a shot cannot be parried"):
        fight.strike("b", "x", 12, 19, weapon="pistol", defend="parry")
    assert fight.head() == head


def test_PAL_DEF_GUNFIRE_DODGE_raw_counts_only_the_sheet_dodge_bonus(fight: Fight) -> None:
    expert_first(fight)
    fight.spend("x", "b")
    dodge = one(
        fight.strike("b", "x", 12, 10, 1, 1, weapon="pistol", defend="dodge").events, DefenseRolled
    )
    assert mods(dodge.roll.modifiers) == [("sheet", 1, "PAL-DEF-GUNFIRE-DODGE")]
    assert not_applied(dodge.roll.modifiers) == [("hand_to_hand", 3, "PAL-DEF-GUNFIRE-DODGE")]
    assert (dodge.roll.total, dodge.roll.rule, dodge.success) == (
        11,
        "PAL-DEF-GUNFIRE-DODGE",
        False,
    )


def test_PAL_HR_DEF_GUNFIRE_DODGE_house_adds_the_hand_to_hand_dodge_bonus(fight: Fight) -> None:
    expert_first(fight, "house")
    fight.pass_("x")
    result = fight.strike("b", "x", 12, 10, weapon="pistol", defend="dodge")
    dodge = one(result.events, DefenseRolled)
    assert mods(dodge.roll.modifiers) == [
        ("hand_to_hand", 3, "PAL-DEF-DODGE"),
        ("sheet", 1, "PAL-DEF-DODGE"),
    ]
    assert (dodge.roll.total, dodge.success) == (14, True)


def test_PAL_DEF_DODGE_melee_dodge_counts_style_and_sheet_bonuses(fight: Fight) -> None:
    expert_first(fight)
    fight.spend("x", "b")
    dodge = one(fight.strike("b", "x", 12, 8, defend="dodge").events, DefenseRolled)
    assert mods(dodge.roll.modifiers) == [
        ("hand_to_hand", 3, "PAL-DEF-DODGE"),
        ("sheet", 1, "PAL-DEF-DODGE"),
    ]
    assert (dodge.roll.total, dodge.success) == (12, True)
