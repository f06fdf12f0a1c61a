"""Targeting chinks in armor (GURPS-CHINK).

A piercing, impaling or tight-beam burning attack may aim at a chink: -8 for the torso's,
-10 for any other location (face, eyes, vitals, a limb ...), in place of that location's usual
penalty. A hit halves DR, on top of any armor divisor.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal

from engine.rules import IllegalAction
from engine.rules.gurps.situations.common import region, situation
from events.core import Modifier


def can_target_chink(damage_type: str, *, tight_beam: bool = False) -> bool:
    """GURPS-CHINK: whether this damage type may aim at a chink (``pi-``, ``pi``, ``pi+``,
    ``pi++``, ``imp``, or ``burn`` from a tight beam)."""
    return damage_type in CHINK_TYPES or (tight_beam and damage_type == "burn")


def chink_penalty(location: str, damage_type: str, *, tight_beam: bool = False) -> Modifier:
    """GURPS-CHINK: the modifier to hit a chink at ``location``, added instead of (never as
    well as) the location's own penalty; a damage type that cannot aim at chinks is refused."""
    if not can_target_chink(damage_type, tight_beam=tight_beam):
        raise IllegalAction(
            f"a {damage_type} attack cannot target a chink in armor: only piercing, impaling"
            " or tight-beam burning ones can (GURPS-CHINK)"
        )
    region(location)  # an unknown location is refused
    value = CHINK_TORSO if location == "torso" else CHINK_OTHER
    return situation(value, f"a chink in the {location} armor", "GURPS-CHINK")


def chink_dr(
    dr: int,
    armor_divisor: float = 1,
    *,
    rounding: Literal["down", "up"] = "down",
) -> int:
    """GURPS-CHINK: the DR a chink hit faces: halved, and divided by the armor divisor too
    (both at once, rounded once; ``rounding`` down is the reading [GK] for fractions of DR).
    A divisor below 1 (0.5, 0.2 ...) multiplies DR, as armor divisors do."""
    if armor_divisor <= 0:
        raise IllegalAction(f"armor divisor {armor_divisor} is not positive")
    exact = Fraction(dr) / (CHINK_DR_DIVISOR * Fraction(str(armor_divisor)))
    return math.floor(exact) if rounding == "down" else math.ceil(exact)


#: GURPS-CHINK: damage types that may aim at a chink (burning only from a tight beam)
CHINK_TYPES = frozenset({"pi-", "pi", "pi+", "pi++", "imp"})
CHINK_TORSO = -8
CHINK_OTHER = -10
CHINK_DR_DIVISOR = 2
