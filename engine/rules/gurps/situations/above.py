"""Attacking from above (GURPS-ATTACK-FROM-ABOVE).

The ambusher's Stealth against the victim's Vision in a Quick Contest; the victim is at -2 to
spot someone overhead unless he said he was watching above (+2, but -2 to notice things on his
own level). The ambusher wins: the victim has no active defence (the GM may add a freeze). He
loses, or the victim was warned: the victim's active defences are at -2. Dropping onto the
victim before attacking is a step with an extra -2 to hit, and a drop of more than 2 yards
costs falling damage whatever the attack does.
"""

from __future__ import annotations

import msgspec

from engine.rules.gurps.situations.common import Contest, situation
from events.core import Modifier


def vision_modifier(*, watching_above: bool) -> Modifier:
    """GURPS-ATTACK-FROM-ABOVE: the victim's modifier to Vision in the contest."""
    if watching_above:
        return situation(WATCHING, "watching overhead", "GURPS-ATTACK-FROM-ABOVE")
    return situation(UNWATCHED, "not watching overhead", "GURPS-ATTACK-FROM-ABOVE")


def own_level_modifier() -> Modifier:
    """GURPS-ATTACK-FROM-ABOVE: the watcher's modifier to notice things on his own level."""
    return situation(OWN_LEVEL, "watching overhead, not around", "GURPS-ATTACK-FROM-ABOVE")


class FromAbove(msgspec.Struct, frozen=True):
    """The victim's defence against the attack from above: whether he has any, and the
    modifier to it when he has."""

    defence_allowed: bool
    modifiers: tuple[Modifier, ...]


def from_above(contest: Contest, *, warned: bool = False) -> FromAbove:
    """GURPS-ATTACK-FROM-ABOVE: the Quick Contest (``first`` = the ambusher's Stealth).
    A win leaves the victim no active defence; a loss or a tie (reading: a tie is not a win),
    or a warned victim, leaves him defending at -2."""
    if contest.winner == "first" and not warned:
        return FromAbove(defence_allowed=False, modifiers=())
    mod = situation(DEFENCE, "attacked from above", "GURPS-ATTACK-FROM-ABOVE")
    return FromAbove(defence_allowed=True, modifiers=(mod,))


class Drop(msgspec.Struct, frozen=True):
    """Dropping before the attack: the extra modifier to hit, and whether the fall hurts."""

    modifier: Modifier
    falling_damage: bool


def drop(height_yards: float) -> Drop:
    """GURPS-ATTACK-FROM-ABOVE: dropping ``height_yards`` onto the victim before attacking:
    -2 to hit; falling damage beyond 2 yards (worked out by the fall rules)."""
    mod = situation(DROPPING, "dropping to attack", "GURPS-ATTACK-FROM-ABOVE")
    return Drop(modifier=mod, falling_damage=height_yards > SAFE_DROP_YARDS)


UNWATCHED = -2
WATCHING = 2
OWN_LEVEL = -2
DEFENCE = -2
DROPPING = -2
SAFE_DROP_YARDS = 2
