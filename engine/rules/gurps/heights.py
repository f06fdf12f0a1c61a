"""Melee at different heights (GURPS-LEVELS): `attack A B --height FEET`, the attacker's feet
above the foe (negative: below). Up to 1 ft nothing; up to 2 ft hit locations shift (higher -2
at feet and legs, +1 at the head and neck; lower +2 at feet and legs, -2 at the head); up to 3
ft the lower fighter's defences -1 and the higher's +1; up to 4 ft -2/+2 and the higher cannot
reach feet or legs; up to 5 ft the lower cannot reach the head, -3/+3; up to 6 ft the higher
reaches only the head and the lower only feet and legs; beyond, no melee. Each yard of the
attacker's reach past 1 brings the foe 3 ft closer (reach C counts as 1: reading). The
location modifiers of 4-5 ft follow option ``levels_5ft_locations``. A random location takes
no location modifier and is not refused (reading: the GM rules an unreachable one a miss).
The arithmetic is ``situations/levels.py``'s.
"""

from __future__ import annotations

from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.options import opts
from engine.rules.gurps.situations import levels as sl
from events.core import Modifier
from events.gurps import AttackDeclared, GurpsWeapon
from projections.state import FightState

_RULE = "GURPS-LEVELS"


def _fight(state: FightState, d: AttackDeclared, weapon: GurpsWeapon) -> sl.Levels | None:
    if d.height is None:
        return None
    if weapon.ranged:
        raise UsageError("--height is for melee (shooting up or down is not in the pack yet)")
    reach = max(
        (int(r) for r in weapon.reach.replace("*", "").split(",") if r.isdigit()), default=1
    )
    return sl.levels(
        d.height, reach=max(1, reach), location_mods_at_5ft=opts(state).levels_5ft_locations
    )


def check(state: FightState, d: AttackDeclared, weapon: GurpsWeapon) -> None:
    """Refuse a blow that cannot reach the foe, or the location aimed at, from that height."""
    fight = _fight(state, d, weapon)
    if fight is None:
        return
    if not fight.possible:
        raise IllegalAction(f"{fight.feet:g} ft apart in height: out of reach in melee ({_RULE})")
    where = d.location or "torso"
    if where != "random" and not sl.can_reach(fight, where):
        raise IllegalAction(
            f"from {fight.position} by {fight.feet:g} ft the {where.replace('_', ' ')} is out "
            f"of reach ({_RULE})"
        )


def modifiers(
    state: FightState, d: AttackDeclared, weapon: GurpsWeapon
) -> tuple[list[Modifier], list[Modifier]]:
    """The height's modifier to the attack (by the location aimed at) and to the defence."""
    fight = _fight(state, d, weapon)
    if fight is None:
        return [], []
    where = d.location or "torso"
    at = None if where == "random" else sl.location_modifier(fight, where)
    guard = sl.defence_modifier(fight, defender=True)
    return ([at] if at else []), ([guard] if guard else [])
