"""Dual-weapon attacks (GURPS-DUAL-WEAPON).

An Attack maneuver with both hands at once, each unarmed, a one-handed melee weapon or a pistol:
-4 to hit with each (the Dual-Weapon Attack technique buys it down), the off hand -4 more
unless the fighter has Ambidexterity or Off-Hand Weapon Training; a roll for each hand. Two
melee targets must be adjacent; both attacks at one foe leave his defences against them at -1.
Only one of several attacks may be traded for a dual-weapon attack.
"""

from __future__ import annotations

from typing import Literal

from engine.rules.gurps.situations.common import situation
from events.core import Modifier

Hand = Literal["main", "off"]
#: what each hand may attack with
Wielding = Literal["unarmed", "one_handed_melee", "pistol", "two_handed", "long_arm"]


def dual_attack_modifiers(
    hand: Hand,
    *,
    ambidextrous: bool = False,
    off_hand_training: bool = False,
    technique: int = 0,
) -> tuple[Modifier, ...]:
    """GURPS-DUAL-WEAPON: the modifiers to one hand's attack. ``technique`` is the levels of
    the Dual-Weapon Attack technique bought (up to 4, offsetting the -4)."""
    rule = "GURPS-DUAL-WEAPON"
    each = min(0, DUAL_PENALTY + max(0, technique))
    mods = [situation(each, "attacking with both hands", rule)] if each else []
    if hand == "off" and not (ambidextrous or off_hand_training):
        mods.append(situation(OFF_HAND, "the off hand", rule))
    return tuple(mods)


def dual_weapon_allowed(main: Wielding, off: Wielding) -> bool:
    """GURPS-DUAL-WEAPON: whether both hands wield what a dual attack allows (reading: a
    two-handed weapon wielded in one hand by a strong fighter is passed as
    ``one_handed_melee``)."""
    return main in DUAL_WIELDING and off in DUAL_WIELDING


def targets_allowed(
    *,
    same_target: bool,
    melee: bool,
    adjacent_to_each_other: bool,
    adjacent_to_attacker: bool = True,
    adjacency: Literal["each_other", "attacker"] = "each_other",
) -> bool:
    """GURPS-DUAL-WEAPON: whether two melee targets may be struck at once. [AMB] "they must
    be adjacent": ``adjacency`` "each_other" (the targets to each other, assumed) or
    "attacker" (each to the attacker, i.e. both within his reach)."""
    if same_target or not melee:
        return True
    return adjacent_to_each_other if adjacency == "each_other" else adjacent_to_attacker


def divided_defence() -> Modifier:
    """GURPS-DUAL-WEAPON: the defence of a foe at whom both attacks are aimed."""
    return situation(DIVIDED, "two attacks at once", "GURPS-DUAL-WEAPON")


def may_trade(dual_attacks_already: int) -> bool:
    """GURPS-DUAL-WEAPON: whether one more of a fighter's several attacks this turn may be
    traded for a dual-weapon attack (only one may)."""
    return dual_attacks_already < MAX_DUAL_TRADES


DUAL_PENALTY = -4
OFF_HAND = -4
DIVIDED = -1
DUAL_WIELDING = frozenset({"unarmed", "one_handed_melee", "pistol"})
MAX_DUAL_TRADES = 1
