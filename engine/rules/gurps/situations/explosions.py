"""Explosions and fragmentation.

GURPS-EXPLOSION: besides the one struck, everything within 2 yards per die of damage takes the
rolled damage divided by 3 x its distance in yards, rounded down (underwater by the distance,
in a vacuum by 10 x the distance), against torso DR and with no armor divisor. Someone who
smothers the blast takes the maximum damage (his DR counts) and gives everyone else his torso
DR + HP as cover DR. An internal blast ignores DR and counts as a vitals hit (x3).

GURPS-FRAG: fragments reach 5 yards per die of fragmentation damage. The one struck takes them
for sure; everyone else is attacked at skill 15 with only the range modifier (from the blast's
centre), posture (not against an airburst) and Size Modifier; each 3 points of margin adds a
fragment. The only defence is Dodge and Drop; each fragment rolls a random location (a covered
one hits the cover) and cuts, with no armor divisor.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules.gurps.situations.common import situation, total
from events.core import Modifier

Medium = Literal["air", "underwater", "vacuum"]


def blast_radius(dice: int) -> int:
    """GURPS-EXPLOSION: the collateral radius in yards of a blast of ``dice`` dice (6d x 2 is
    12 dice: 24 yards)."""
    return BLAST_YARDS_PER_DIE * dice


def collateral_damage(rolled: int, yards: float, dice: int, medium: Medium = "air") -> int:
    """GURPS-EXPLOSION: the damage a blast of ``dice`` dice that rolled ``rolled`` does to
    someone ``yards`` from its centre who was not struck: rolled / (divisor x yards), rounded
    down; 0 beyond the radius. Reading: closer than a yard counts as a yard."""
    if yards > blast_radius(dice):
        return 0
    return int(rolled // (MEDIUM_DIVISOR[medium] * max(1.0, yards)))


class Collateral(msgspec.Struct, frozen=True):
    """How collateral blast damage meets armor: the location whose DR counts and whether the
    blast's armor divisor applies (it does not)."""

    dr_location: str
    armor_divisor: bool


def maximum_damage(dice: int, adds: int = 0) -> int:
    """GURPS-EXPLOSION: the damage taken by someone smothering a blast: every die a 6."""
    return dice * 6 + adds


def smothered_cover_dr(torso_dr: int, hp: int) -> int:
    """GURPS-EXPLOSION: the cover DR the others get from the one smothering the blast."""
    return torso_dr + hp


class Internal(msgspec.Struct, frozen=True):
    """An internal blast: DR counts for nothing; it is a hit on the vitals, wounding x3."""

    dr: int
    location: str
    wounding: int


def fragment_radius(frag_dice: int) -> int:
    """GURPS-FRAG: the yards fragments reach: 5 per die of fragmentation damage."""
    return FRAG_YARDS_PER_DIE * frag_dice


class FragmentAttack(msgspec.Struct, frozen=True):
    """The fragments' attack on one bystander: skill 15 and the only modifiers that apply."""

    skill: int
    modifiers: tuple[Modifier, ...]
    target: int


def fragment_attack(
    *, range_modifier: int, posture_modifier: int = 0, sm: int = 0, airburst: bool = False
) -> FragmentAttack:
    """GURPS-FRAG: the attack of the fragments on someone not struck: skill 15 with the range
    modifier for his distance from the centre, his posture's modifier (ignored against an
    airburst) and his Size Modifier."""
    rule = "GURPS-FRAG"
    mods = [situation(range_modifier, "range from the blast", rule)] if range_modifier else []
    if posture_modifier and not airburst:
        mods.append(situation(posture_modifier, "posture", rule))
    if sm:
        mods.append(situation(sm, "Size Modifier", rule))
    steps = tuple(mods)
    return FragmentAttack(skill=FRAG_SKILL, modifiers=steps, target=FRAG_SKILL + total(steps))


def fragments(
    yards: float, frag_dice: int, *, struck: bool = False, succeeded: bool = False, margin: int = 0
) -> int:
    """GURPS-FRAG: the fragments that hit: one for the one struck (reading: the direct hit is
    one fragment); for anyone else inside the radius, none on a miss, else 1 + margin // 3;
    none beyond the radius."""
    if struck:
        return 1
    if yards > fragment_radius(frag_dice) or not succeeded:
        return 0
    return 1 + max(0, margin) // MARGIN_PER_FRAGMENT


#: GURPS-FRAG: the damage type of fragments, and the only active defence against them
FRAGMENT_DAMAGE_TYPE = "cut"
FRAGMENT_DEFENCE = "dodge_and_drop"
#: GURPS-EXPLOSION
BLAST_YARDS_PER_DIE = 2
MEDIUM_DIVISOR: dict[str, int] = {"air": 3, "underwater": 1, "vacuum": 10}
#: GURPS-FRAG
FRAG_YARDS_PER_DIE = 5
FRAG_SKILL = 15
MARGIN_PER_FRAGMENT = 3
#: incidental fragmentation by ground: (dice, adds), from earth to scrap
INCIDENTAL: dict[str, tuple[int, int]] = {"earth": (1, -4), "scrap": (1, 0)}
#: GURPS-EXPLOSION: collateral damage uses torso DR, with no armor divisor
COLLATERAL = Collateral(dr_location="torso", armor_divisor=False)
#: GURPS-EXPLOSION: an internal blast
INTERNAL = Internal(dr=0, location="vitals", wounding=3)
