"""Striking at weapons, knocking them away, and pulling a pick out of a foe.

GURPS-STRIKE-WEAPON: to hit a weapon, -5 for a reach C weapon or a pistol, -4 for reach 1 or a
carbine-sized gun, -3 for reach 2+ or a rifle. Defending a weapon: dodge as usual, parry only
with the weapon struck at and only if it is ready, no block, retreat allowed, a shield's Defense
Bonus does not count.

GURPS-DISARM: only a weapon that can parry can disarm, at an extra -2 unless it is a fencing
weapon. On a hit the defender failed to stop, a Quick Contest of weapon skills (the defender
rolls DX if he holds a missile weapon; either may use a ST-based roll if better): +2 to the
attacker using Jitte/Sai or Whip skill, +2 to a defender using a two-handed weapon. The attacker
wins: the weapon flies a yard in a random direction. The defender wins or ties: he keeps it,
unready unless he won by 3 or more. An attacker's critical failure disarms him instead.

GURPS-PICK-STUCK: after a swing/impaling blow that penetrated and injured, the next turn the
attacker lets go (free) or rolls ST (a Ready): success pulls it free, failure leaves it stuck,
a critical failure leaves it stuck for good. It does half the entry injury coming out (4 -> 2);
a failed roll does none. A victim who moves away: Quick Contest of ST, he wins and takes the
weapon, the wielder wins and he stays, a tie pulls it free with the damage above.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules import IllegalAction
from engine.rules.gurps.situations.common import Contest, situation
from events.core import Modifier

#: A weapon's size as a target: melee by reach, guns by size.
WeaponSize = Literal["reach_c", "reach_1", "reach_2plus", "pistol", "carbine", "rifle"]
Defence = Literal["dodge", "parry", "block"]


def strike_at_weapon(size: WeaponSize) -> Modifier:
    """GURPS-STRIKE-WEAPON: the modifier to hit a weapon of this size."""
    return situation(
        WEAPON_TARGET[size], f"striking at a weapon ({SIZE_WORDS[size]})", "GURPS-STRIKE-WEAPON"
    )


class WeaponDefence(msgspec.Struct, frozen=True):
    """Defending a weapon struck at: the defences allowed (a parry only with that weapon),
    whether a retreat adds its bonus, and whether a shield's Defense Bonus counts."""

    allowed: frozenset[Defence]
    retreat: bool
    shield_bonus: bool


def defend_weapon(weapon_ready: bool) -> WeaponDefence:
    """GURPS-STRIKE-WEAPON: the defences against an attack on one's weapon; the parry is
    allowed only with the weapon struck at, and only if it is ready."""
    allowed: frozenset[Defence] = frozenset({"dodge", "parry"} if weapon_ready else {"dodge"})
    return WeaponDefence(allowed=allowed, retreat=True, shield_bonus=False)


def disarm_modifiers(size: WeaponSize, *, can_parry: bool, fencing: bool) -> tuple[Modifier, ...]:
    """GURPS-STRIKE-WEAPON, GURPS-DISARM: the modifiers to the roll to hit a weapon to
    knock it away; a weapon that cannot parry cannot disarm (refused)."""
    if not can_parry:
        raise IllegalAction("only a weapon that can parry can disarm (GURPS-DISARM)")
    mods = [strike_at_weapon(size)]
    if not fencing:
        mods.append(situation(DISARM_EXTRA, "striking to disarm", "GURPS-DISARM"))
    return tuple(mods)


class DisarmContest(msgspec.Struct, frozen=True):
    """The Quick Contest after a disarming hit: what the defender rolls against (his weapon
    skill, or DX when he holds a missile weapon; the attacker always rolls his weapon skill,
    and either may use a ST-based roll if better: the caller's pick), and each side's
    modifiers."""

    defender_rolls: Literal["weapon skill", "DX"]
    attacker: tuple[Modifier, ...]
    defender: tuple[Modifier, ...]


def disarm_contest(
    *, attacker_skill: str, defender_two_handed: bool, defender_missile_weapon: bool
) -> DisarmContest:
    """GURPS-DISARM: the Quick Contest's modifiers. ``attacker_skill`` names the skill the
    attacker strikes with (Jitte/Sai and Whip give +2; having it is not enough)."""
    rule = "GURPS-DISARM"
    bonus = DISARM_SKILL_BONUS.get(attacker_skill.lower().replace(" ", "_"), 0)
    attacker = (situation(bonus, f"disarming with {attacker_skill}", rule),) if bonus else ()
    defender = (
        (situation(TWO_HANDED_BONUS, "holding a two-handed weapon", rule),)
        if defender_two_handed
        else ()
    )
    rolls: Literal["weapon skill", "DX"] = "DX" if defender_missile_weapon else "weapon skill"
    return DisarmContest(defender_rolls=rolls, attacker=attacker, defender=defender)


class Disarm(msgspec.Struct, frozen=True):
    """What a disarm left: whether the defender lost his weapon (it flies 1 yd in a random
    direction), whether he still holds it ready, and whether the attacker lost his."""

    defender_disarmed: bool
    defender_ready: bool
    attacker_disarmed: bool


def disarm_outcome(contest: Contest, *, attacker_critical_failure: bool = False) -> Disarm:
    """GURPS-DISARM: the outcome of the Quick Contest (``first`` = the attacker). A critical
    failure of the attacker disarms him whatever the contest (reading: his weapon flies too,
    and the defender keeps his ready)."""
    if attacker_critical_failure:
        return Disarm(defender_disarmed=False, defender_ready=True, attacker_disarmed=True)
    if contest.winner == "first":
        return Disarm(defender_disarmed=True, defender_ready=False, attacker_disarmed=False)
    ready = contest.winner == "second" and contest.by >= KEEP_READY_MARGIN
    return Disarm(defender_disarmed=False, defender_ready=ready, attacker_disarmed=False)


def gets_stuck(*, swing: bool, damage_type: str, penetrating_injury: int) -> bool:
    """GURPS-PICK-STUCK: whether a melee blow leaves its weapon stuck in the foe: a swing
    (``swing``) of impaling damage (``damage_type`` "imp") that penetrated DR and injured."""
    return swing and damage_type in STICKING_TYPES and penetrating_injury > 0


Pull = Literal["free", "stuck", "stuck_for_good"]


def pull_outcome(succeeded: bool, critical_failure: bool = False) -> Pull:
    """GURPS-PICK-STUCK: the ST roll (a Ready maneuver) to pull a stuck weapon free."""
    if critical_failure:
        return "stuck_for_good"
    return "free" if succeeded else "stuck"


def pull_free_injury(entry_injury: int, *, rounding: Literal["down", "up"] = "down") -> int:
    """GURPS-PICK-STUCK: the injury a weapon does coming free, half that of going in (4 -> 2).
    The seed gives an even example only: ``rounding`` of an odd entry ("down", the reading:
    GURPS rounds fractions down unless told otherwise)."""
    half, odd = divmod(max(0, entry_injury), 2)
    return half + (odd if rounding == "up" else 0)


Tug = Literal["victim_takes_weapon", "victim_held", "weapon_comes_free"]


def tug_outcome(contest: Contest) -> Tug:
    """GURPS-PICK-STUCK: the victim moves away with the weapon in him: Quick Contest of ST
    (``first`` = the wielder). A tie pulls the weapon free, doing :func:`pull_free_injury`."""
    return TUG[contest.winner]


#: GURPS-STRIKE-WEAPON: weapon size -> modifier to hit it
WEAPON_TARGET: dict[str, int] = {
    "reach_c": -5,
    "pistol": -5,
    "reach_1": -4,
    "carbine": -4,
    "reach_2plus": -3,
    "rifle": -3,
}
#: How each size of weapon is named in a modifier's words.
SIZE_WORDS: dict[str, str] = {
    "reach_c": "reach C",
    "pistol": "pistol-sized",
    "reach_1": "reach 1",
    "carbine": "carbine-sized",
    "reach_2plus": "reach 2+",
    "rifle": "rifle-sized",
}
#: GURPS-DISARM
DISARM_EXTRA = -2
DISARM_SKILL_BONUS: dict[str, int] = {
    "jitte/sai": 2,
    "jitte_sai": 2,
    "jitte": 2,
    "sai": 2,
    "whip": 2,
}
TWO_HANDED_BONUS = 2
KEEP_READY_MARGIN = 3
#: GURPS-PICK-STUCK: swung damage types whose weapon may stick (picks, warhammers)
STICKING_TYPES = frozenset({"imp"})
TUG: dict[str | None, Tug] = {
    "first": "victim_held",
    "second": "victim_takes_weapon",
    None: "weapon_comes_free",
}
