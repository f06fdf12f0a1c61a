"""Dual-weapon attacks (seed 002 line 109; catalogue §2.1, GURPS-DUAL-WEAPON): the penalties
of each hand, what may be wielded, two targets, the divided defence."""

from __future__ import annotations

import pytest

from engine.rules.gurps.situations.dual import (
    divided_defence,
    dual_attack_modifiers,
    dual_weapon_allowed,
    may_trade,
    targets_allowed,
)


def _values(hand: str, **kw: bool | int) -> list[int]:
    return [m.value for m in dual_attack_modifiers(hand, **kw)]  # type: ignore[arg-type]


def test_each_hand_is_at_minus_4_gurps_dual_weapon() -> None:
    """GURPS-DUAL-WEAPON: the main hand -4."""
    mods = dual_attack_modifiers("main")
    assert [(m.value, m.rule) for m in mods] == [(-4, "GURPS-DUAL-WEAPON")]


def test_the_off_hand_is_at_minus_8_in_all_gurps_dual_weapon() -> None:
    """GURPS-DUAL-WEAPON: the off hand -4 and -4 more: -8."""
    assert sum(_values("off")) == -8


@pytest.mark.parametrize("trait", ["ambidextrous", "off_hand_training"])
def test_ambidexterity_or_training_removes_the_off_hand_penalty_gurps_dual_weapon(
    trait: str,
) -> None:
    """GURPS-DUAL-WEAPON: Ambidexterity or Off-Hand Weapon Training: -4 only."""
    assert _values("off", **{trait: True}) == [-4]


@pytest.mark.parametrize(("levels", "main"), [(1, [-3]), (4, []), (6, [])])
def test_the_technique_buys_off_the_minus_4_gurps_dual_weapon(levels: int, main: list[int]) -> None:
    """GURPS-DUAL-WEAPON: the Dual-Weapon Attack technique at +1 leaves -3; at +4 (or more)
    nothing, never a bonus; the off hand's extra -4 stays."""
    assert _values("main", technique=levels) == main
    assert _values("off", technique=levels) == [*main, -4]


def test_what_each_hand_may_wield_gurps_dual_weapon() -> None:
    """GURPS-DUAL-WEAPON: unarmed, a one-handed melee weapon or a pistol; not a rifle."""
    assert dual_weapon_allowed("pistol", "unarmed")
    assert dual_weapon_allowed("one_handed_melee", "one_handed_melee")
    assert not dual_weapon_allowed("long_arm", "pistol")
    assert not dual_weapon_allowed("one_handed_melee", "two_handed")


def test_two_melee_targets_must_be_adjacent_gurps_dual_weapon() -> None:
    """GURPS-DUAL-WEAPON [AMB]: to each other (default), or each to the attacker; one target
    and ranged attacks are always fine."""
    assert targets_allowed(same_target=False, melee=True, adjacent_to_each_other=True)
    assert not targets_allowed(same_target=False, melee=True, adjacent_to_each_other=False)
    assert targets_allowed(
        same_target=False,
        melee=True,
        adjacent_to_each_other=False,
        adjacent_to_attacker=True,
        adjacency="attacker",
    )
    assert targets_allowed(same_target=True, melee=True, adjacent_to_each_other=False)
    assert targets_allowed(same_target=False, melee=False, adjacent_to_each_other=False)


def test_both_at_one_foe_leave_him_defending_at_minus_1_gurps_dual_weapon() -> None:
    """GURPS-DUAL-WEAPON: his defences against both are at -1."""
    m = divided_defence()
    assert (m.value, m.rule) == (-1, "GURPS-DUAL-WEAPON")


def test_only_one_attack_may_be_traded_gurps_dual_weapon() -> None:
    """GURPS-DUAL-WEAPON: with Extra Attack, one dual-weapon attack, not two."""
    assert may_trade(0) and not may_trade(1)
