"""A weapon's ST requirement (GURPS-ST-REQ, [GK] Basic Set): a wielder whose ST is below the
weapon's ``st`` is -1 to its skill for each point short — to hit with it, and in the skill its
parry is worked from. His ST here is the sheet's, halved (rounded up) below 1/3 FP
(GURPS-FATIGUE): the one place the pack uses ST after he joins.
"""

from __future__ import annotations

from engine.rules.gurps.common import fighter
from engine.rules.gurps.resolution import mod
from events.core import Modifier
from events.gurps import GurpsWeapon
from projections.state import FightState

_RULE = "GURPS-ST-REQ"


def effective_st(state: FightState, cid: str) -> int:
    """His ST now: halved (rounded up) below 1/3 FP (GURPS-FATIGUE)."""
    f = fighter(state, cid)
    st = f.profile.st
    return -(-st // 2) if f.fp * 3 < f.profile.fp else st


def short(state: FightState, cid: str, weapon: GurpsWeapon) -> int:
    """How many points of ST he is short of the weapon's requirement (0: none)."""
    return max(0, weapon.st - effective_st(state, cid)) if weapon.st else 0


def attack_modifiers(state: FightState, cid: str, weapon: GurpsWeapon) -> list[Modifier]:
    """-1 to the skill a point of ST short, recorded with its source."""
    n = short(state, cid, weapon)
    if not n:
        return []
    st = effective_st(state, cid)
    return [mod(f"ST {st}, the {weapon.name} needs ST {weapon.st}", -n, "weapon", _RULE)]


def parry_modifiers(state: FightState, cid: str, weapon: GurpsWeapon) -> list[Modifier]:
    """The parry lost when the skill it is worked from is that much lower (3 + skill/2)."""
    n = short(state, cid, weapon)
    if not n:
        return []
    lost = weapon.level // 2 - (weapon.level - n) // 2
    if not lost:
        return []
    st = effective_st(state, cid)
    return [
        mod(f"ST {st}, the {weapon.name} needs ST {weapon.st}: skill -{n}", -lost, "weapon", _RULE)
    ]
