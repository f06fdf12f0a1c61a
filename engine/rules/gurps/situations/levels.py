"""Melee between fighters at different heights (GURPS-LEVELS).

The height difference, in feet, sets a band: up to 1 ft nothing; up to 2 ft hit locations are
modified (the higher fighter -2 at feet and legs, +1 at the head and neck; the lower +2 at feet
and legs, -2 at the head); up to 3 ft also the lower fighter's active defences -1 and the
higher's +1; up to 4 ft -2/+2, and the higher cannot reach feet or legs; up to 5 ft the lower
cannot reach the head either, -3/+3; up to 6 ft the higher reaches only the head and the lower
only feet and legs, with no location modifiers, -3/+3; beyond 6 ft the fighters cannot reach
each other. Every yard of reach past the first brings the foe 3 ft closer for that fighter only.

Readings: "the head" is the skull, face and eyes (the neck is named apart where it counts); the
defence modifiers of the band belong to the exchange, worked out from the attacker's effective
distance (reach counts for him, not his foe); the bands are inclusive at their top ("up to").
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules.gurps.situations.common import Region, region, situation
from events.core import Modifier

Position = Literal["higher", "lower"]


class Band(msgspec.Struct, frozen=True):
    """One band of height difference: its top in feet, the location modifiers by region for
    the higher and the lower fighter, the regions each cannot reach, and the defence modifier
    of the lower fighter (the higher gets the opposite)."""

    feet: int
    higher: dict[Region, int]
    lower: dict[Region, int]
    higher_cannot: frozenset[Region]
    lower_cannot: frozenset[Region]
    lower_defence: int


class Levels(msgspec.Struct, frozen=True):
    """The attack of one fighter on another at a different height: his ``position``, the
    effective difference in feet after reach, the band (None when it is over 6 ft: no melee),
    and whether the fight is possible at all."""

    position: Position | None
    feet: float
    band: Band | None

    @property
    def possible(self) -> bool:
        """Whether the attacker can reach the defender at all."""
        return self.band is not None


def levels(
    height_feet: float,
    *,
    reach: int = 1,
    closer_feet: float = 0,
    location_mods_at_5ft: bool = True,
) -> Levels:
    """GURPS-LEVELS: the attacker stands ``height_feet`` above the defender (negative: below).
    ``reach`` is the attacker's in yards (each yard past 1 is 3 ft closer for him only);
    ``closer_feet`` is an odd position the GM allows (lying at the edge: 3).
    [AMB] whether the up-to-2-ft location modifiers still apply in the up-to-5-ft band:
    ``location_mods_at_5ft`` (True, assumed: the seed lifts them only at 6 ft)."""
    position: Position | None = (
        None if height_feet == 0 else "higher" if height_feet > 0 else "lower"
    )
    feet = max(0.0, abs(height_feet) - REACH_FEET * max(0, reach - 1) - closer_feet)
    band = next((b for b in BANDS if feet <= b.feet), None)
    if band is not None and band.feet == 5 and not location_mods_at_5ft:
        band = msgspec.structs.replace(band, higher={}, lower={})
    return Levels(position=position, feet=feet, band=band)


def location_modifier(fight: Levels, location: str) -> Modifier | None:
    """GURPS-LEVELS: the attacker's modifier to hit ``location`` (on top of its usual
    penalty), or None when there is none. See :func:`can_reach` first."""
    if fight.band is None or fight.position is None:
        return None
    mods = fight.band.higher if fight.position == "higher" else fight.band.lower
    value = mods.get(region(location), 0)
    if not value:
        return None
    return situation(value, f"striking {fight.position} at the {location}", "GURPS-LEVELS")


def can_reach(fight: Levels, location: str) -> bool:
    """GURPS-LEVELS: whether the attacker can strike ``location`` from where he stands."""
    if fight.band is None:
        return False
    if fight.position is None:
        return True
    barred = fight.band.higher_cannot if fight.position == "higher" else fight.band.lower_cannot
    return region(location) not in barred


def defence_modifier(fight: Levels, defender: bool = True) -> Modifier | None:
    """GURPS-LEVELS: the modifier to the active defences of the defender (``defender=True``)
    or of the attacker, from the band of this attack; None when there is none."""
    if fight.band is None or fight.position is None or not fight.band.lower_defence:
        return None
    lower = (fight.position == "higher") == defender
    value = fight.band.lower_defence if lower else -fight.band.lower_defence
    who = "lower" if lower else "higher"
    return situation(value, f"defending from the {who} level", "GURPS-LEVELS")


#: each yard of reach past the first brings the foe this many feet closer
REACH_FEET = 3
_NONE: dict[Region, int] = {}
_HIGHER: dict[Region, int] = {"feet": -2, "legs": -2, "head": 1, "neck": 1}
_LOWER: dict[Region, int] = {"feet": 2, "legs": 2, "head": -2}
_LOW_PARTS: frozenset[Region] = frozenset({"feet", "legs"})
_NOTHING: frozenset[Region] = frozenset()
_ALL: frozenset[Region] = frozenset(
    {"head", "neck", "torso", "groin", "arms", "hands", "legs", "feet"}
)
#: the bands of height difference, in order (feet, inclusive top)
BANDS: tuple[Band, ...] = (
    Band(1, _NONE, _NONE, _NOTHING, _NOTHING, 0),
    Band(2, _HIGHER, _LOWER, _NOTHING, _NOTHING, 0),
    Band(3, _HIGHER, _LOWER, _NOTHING, _NOTHING, -1),
    Band(4, _HIGHER, _LOWER, _LOW_PARTS, _NOTHING, -2),
    Band(5, _HIGHER, _LOWER, _LOW_PARTS, frozenset({"head"}), -3),
    Band(6, _NONE, _NONE, _ALL - {"head"}, _ALL - _LOW_PARTS, -3),
)
