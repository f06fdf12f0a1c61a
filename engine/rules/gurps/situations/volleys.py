"""Rapid fire's special cases: full-auto minimum, stationary targets, shotguns, spraying
several targets, and suppression fire.

GURPS-RF-FULLAUTO: a full-auto-only weapon (RoF with "!") fires at least a quarter of its RoF,
rounded up, or what is left in it if less.

GURPS-RF-STATIONARY: against a totally immobile target whose Size Modifier cancels the range
penalty, a hit puts half the shots in (rounded up), and a success by Recoil or more all of them.

GURPS-SHOTGUN: RoF a x b fires a shots of ammunition at an effective RoF of a x b; closer than a
tenth of 1/2D the pellets do not spread: RoF a, and both the damage dice and the target's DR
are multiplied by half of b (rounded down).

GURPS-SPRAY: at RoF 5+, targets within 30 degrees taken in order, shots shared out beforehand;
each yard between two targets wastes a shot (two at high RoF); a separate roll at each, its RoF
the shots at it, its Recoil +1 for the second target, +2 for the third ...

GURPS-SUPPRESS: at RoF 5+, All-Out Attack (Suppression Fire) into a 2-yard zone (RoF 10+:
adjacent zones with at least 5 shots each); everyone entering the zone or the 1-yard lane to
it is attacked until the shooter's next turn, at effective skill no better than 6 + the RoF
bonus (8 + for a mounted weapon), with random hit locations, until all the shots have hit.
"""

from __future__ import annotations

import math
from typing import Literal

import msgspec

from engine.rules import IllegalAction
from engine.rules.gurps.situations.common import situation
from events.core import Modifier


def minimum_rof(rof: int, shots_left: int, *, full_auto_only: bool) -> int:
    """GURPS-RF-FULLAUTO: the fewest shots a burst may fire (1 for a selective weapon)."""
    if not full_auto_only:
        return min(1, shots_left)
    return min(math.ceil(rof / FULL_AUTO_FRACTION), shots_left)


def stationary_applies(*, immobile: bool, sm: int, range_modifier: int) -> bool:
    """GURPS-RF-STATIONARY: whether the rule applies: a totally immobile target whose Size
    Modifier is enough to cancel the range modifier (SM + range modifier >= 0)."""
    return immobile and sm + range_modifier >= 0


def stationary_hits(shots: int, *, succeeded: bool, margin: int, recoil: int) -> int:
    """GURPS-RF-STATIONARY: the hits on such a target: none on a miss, half the shots
    (rounded up) on a hit, all of them on a success by Recoil or more."""
    if not succeeded:
        return 0
    return shots if margin >= recoil else math.ceil(shots / 2)


class Shotgun(msgspec.Struct, frozen=True):
    """A multiple-projectile burst: the ammunition spent, the effective RoF for the rapid-fire
    rules, and the multiplier to both damage dice and the target's DR (1: none)."""

    ammunition: int
    rof: int
    multiplier: int


def shotgun(
    shots: int,
    projectiles: int,
    *,
    range_yards: float,
    half_damage: float,
    close_edge: Literal["below", "at_or_below"] = "below",
) -> Shotgun:
    """GURPS-SHOTGUN: ``shots`` fired of a RoF ``shots`` x ``projectiles`` weapon at a target
    ``range_yards`` away. The text says "less than 10% of 1/2D", its example "within 5 yards"
    of a 1/2D 50: ``close_edge`` "below" (the text, default) or "at_or_below" (the example)."""
    tenth = half_damage / CLOSE_FRACTION
    close = range_yards < tenth or (close_edge == "at_or_below" and range_yards == tenth)
    if close:
        return Shotgun(ammunition=shots, rof=shots, multiplier=max(1, projectiles // 2))
    return Shotgun(ammunition=shots, rof=shots * projectiles, multiplier=1)


class Burst(msgspec.Struct, frozen=True):
    """One target's share of a sprayed burst: the shots at it (its effective RoF), the
    Recoil of its roll, the recoil modifier as recorded, and the shots wasted reaching it."""

    shots: int
    recoil: int
    modifier: Modifier | None
    wasted: int


def spray(
    rof: int,
    shots: tuple[int, ...],
    gaps: tuple[int, ...],
    *,
    recoil: int,
    gap_reading: Literal["between", "separation"] = "between",
    two_per_yard_from: int = 17,
) -> tuple[Burst, ...]:
    """GURPS-SPRAY: share a burst of up to ``rof`` shots among targets in order. ``shots`` per
    target (announced beforehand), ``gaps`` the yards from each target to the next.

    [AMB] the yards that waste shots: ``gap_reading`` "between" (the yards between them, one
    less than their separation: the worked example's 2 yd -> 1 shot, 4 yd -> 3, assumed) or
    "separation"; and the RoF 16 that is in both bands: ``two_per_yard_from`` 17 (RoF 16
    wastes 1 a yard, the first band read as written) or 16. The burst (every shot fired at a
    target and every wasted one) must fit in ``rof``."""
    if rof < SPRAY_MIN_ROF:
        raise IllegalAction(f"spraying fire needs RoF {SPRAY_MIN_ROF}+ (GURPS-SPRAY), not {rof}")
    if len(gaps) != len(shots) - 1:
        raise IllegalAction(f"{len(shots)} targets need {len(shots) - 1} gaps, not {len(gaps)}")
    if any(s < 1 for s in shots) or any(g < 0 for g in gaps):
        raise IllegalAction("every target needs a shot, and gaps are not negative (GURPS-SPRAY)")
    per_yard = 2 if rof >= two_per_yard_from else 1
    wasted = [0] + [max(0, g - GAP_OFFSET[gap_reading]) * per_yard for g in gaps]
    if sum(shots) + sum(wasted) > rof:
        raise IllegalAction(
            f"{sum(shots)} shots and {sum(wasted)} wasted is more than RoF {rof} (GURPS-SPRAY)"
        )
    return tuple(
        Burst(
            shots=n,
            recoil=recoil + i,
            modifier=situation(i, f"target {i + 1} of a spray", "GURPS-SPRAY") if i else None,
            wasted=w,
        )
        for i, (n, w) in enumerate(zip(shots, wasted, strict=True))
    )


def suppression_zones(rof: int, shots: tuple[int, ...]) -> int:
    """GURPS-SUPPRESS: check a suppression burst (shots per zone, adjacent zones) and return
    the shots fired. RoF 5+; several zones only at RoF 10+, each with 5 shots or more."""
    if rof < SUPPRESS_MIN_ROF:
        raise IllegalAction(f"suppression fire needs RoF {SUPPRESS_MIN_ROF}+, not {rof}")
    if not shots or any(n < 1 for n in shots) or sum(shots) > rof:
        raise IllegalAction(f"suppression fire of {list(shots)} shots does not fit RoF {rof}")
    if len(shots) > 1 and (rof < MULTI_ZONE_ROF or min(shots) < ZONE_MIN_SHOTS):
        raise IllegalAction(
            f"several zones need RoF {MULTI_ZONE_ROF}+ and {ZONE_MIN_SHOTS}+ shots in each"
            " (GURPS-SUPPRESS)"
        )
    return sum(shots)


def suppression_cap(rof_bonus: int, *, mounted: bool = False) -> Modifier:
    """GURPS-SUPPRESS: the cap on the effective skill of a suppression attack, from the RoF
    bonus of the shots in the zone: 6 + bonus, or 8 + bonus for a vehicle- or tripod-mounted
    weapon (a Modifier with ``op="cap"``)."""
    cap = (MOUNTED_CAP if mounted else SUPPRESS_CAP) + rof_bonus
    return situation(cap, "suppression fire", "GURPS-SUPPRESS", op="cap")


def suppression_shots_left(shots: int, hits_so_far: int) -> int:
    """GURPS-SUPPRESS: the shots that may still hit this turn (none once all have hit)."""
    return max(0, shots - hits_so_far)


#: GURPS-RF-FULLAUTO: minimum burst = RoF / 4, rounded up
FULL_AUTO_FRACTION = 4
#: GURPS-SHOTGUN: closer than 1/2D / 10 the pellets have not spread
CLOSE_FRACTION = 10
#: GURPS-SPRAY
SPRAY_MIN_ROF = 5
GAP_OFFSET: dict[str, int] = {"between": 1, "separation": 0}
#: GURPS-SUPPRESS
SUPPRESS_MIN_ROF = 5
MULTI_ZONE_ROF = 10
ZONE_MIN_SHOTS = 5
ZONE_YARDS = 2
LANE_YARDS = 1
SUPPRESS_CAP = 6
MOUNTED_CAP = 8
