"""Arm locks, choke holds, and grappling a body part.

GURPS-ARM-LOCK: with two free hands, after a successful barehanded Judo or Wrestling parry (or a
grapple the foe failed to break), the next turn's Judo or Wrestling attack within a yard (any
defence allowed) locks the arm. He tries to break free against the holder's +4, at a cumulative
-1 per failed try. Each later turn, a Quick Contest of the holder's best of Judo, Wrestling and
ST against the better of the victim's ST and HT: the margin of victory is crushing damage to
the arm, against natural DR (not Tough Skin) and rigid armor only. A crippled arm drops what it
holds; later wins give shock and stun only. Meanwhile the victim defends against the holder's
close-combat attacks at -4.

GURPS-CHOKE-HOLD: a two-handed grapple from behind at Judo-2 or Wrestling-3 (the victim defends
as against a rear attack); the holder is at +5 against breaking free; the victim loses 1 FP on
each of the holder's turns, and the holder may also choke for crushing damage with +3 ST; the
victim may strike back (Wild Swing, Back Kick) at -4.

GURPS-GRAPPLE-LOC: grappling a body part halves its hit-location penalty, rounded up (not
when grabbing a weapon).
"""

from __future__ import annotations

from typing import Literal

from engine.rules import IllegalAction
from engine.rules.gurps.situations.common import Contest, situation
from events.core import Modifier

Grappling = Literal["judo", "wrestling"]


def arm_lock_allowed(*, free_hands: int, parried_barehanded: bool, within_yards: float) -> bool:
    """GURPS-ARM-LOCK: whether the lock may be tried this turn: two free hands, a successful
    barehanded Judo or Wrestling parry (or a grapple he failed to break) last turn, and the
    foe within a yard."""
    return free_hands >= LOCK_HANDS and parried_barehanded and within_yards <= LOCK_REACH


def break_free_modifiers(
    hold: Literal["arm_lock", "choke_hold"], failures: int = 0
) -> tuple[tuple[Modifier, ...], tuple[Modifier, ...]]:
    """GURPS-ARM-LOCK, GURPS-CHOKE-HOLD: the modifiers in the Quick Contest to break free:
    (the holder's, the victim's). ``failures``: the victim's earlier failed tries (each a
    cumulative -1 against an arm lock)."""
    value, rule = HOLDER_BONUS[hold]
    holder = (situation(value, f"holding the victim: {hold.replace('_', ' ')}", rule),)
    victim: tuple[Modifier, ...] = ()
    if hold == "arm_lock" and failures > 0:
        victim = (situation(-failures * FAILED_TRY, f"{failures} failed tries", rule),)
    return holder, victim


def arm_lock_skill(*, judo: int = 0, wrestling: int = 0, st: int) -> int:
    """GURPS-ARM-LOCK: the holder's side of the damage contest: his best of Judo, Wrestling
    and ST."""
    return max(judo, wrestling, st)


def arm_lock_resistance(*, st: int, ht: int) -> int:
    """GURPS-ARM-LOCK: the victim's side of the damage contest: the better of ST and HT."""
    return max(st, ht)


def arm_lock_damage(contest: Contest) -> int:
    """GURPS-ARM-LOCK: crushing damage to the locked arm: the holder's (``first``) margin of
    victory, 0 if he did not win."""
    return contest.by if contest.winner == "first" else 0


def arm_lock_dr(*, natural: int, rigid_armor: int, tough_skin: bool = False) -> int:
    """GURPS-ARM-LOCK: the DR against the lock's damage: natural DR (none if it has Tough
    Skin) and rigid armor; flexible armor does not count."""
    return (0 if tough_skin else natural) + rigid_armor


def locked_defence() -> Modifier:
    """GURPS-ARM-LOCK: the victim's defence against the holder's close-combat attacks."""
    return situation(LOCKED_DEFENCE, "an arm locked", "GURPS-ARM-LOCK")


def choke_hold_attack(skill: Grappling, *, hands: int) -> Modifier:
    """GURPS-CHOKE-HOLD: the modifier to the grapple from behind that applies it; it needs
    both hands."""
    if hands < CHOKE_HANDS:
        raise IllegalAction("a choke hold needs both hands (GURPS-CHOKE-HOLD)")
    return situation(CHOKE_SKILL[skill], f"choke hold ({skill})", "GURPS-CHOKE-HOLD")


def choke_hold_turn() -> tuple[int, Modifier]:
    """GURPS-CHOKE-HOLD: each of the holder's turns: the FP the victim loses, and the bonus
    to the holder's ST if he also chokes for crushing damage."""
    return CHOKE_FP, situation(CHOKE_ST, "choking in a choke hold", "GURPS-CHOKE-HOLD")


def choked_attack() -> Modifier:
    """GURPS-CHOKE-HOLD: the victim's attacks on the holder (Wild Swing, Back Kick)."""
    return situation(CHOKED_ATTACK, "held in a choke hold", "GURPS-CHOKE-HOLD")


def grapple_location(
    penalty: int,
    *,
    grabbing_weapon: bool = False,
    rounding: Literal["away_from_zero", "toward_zero"] = "away_from_zero",
) -> Modifier:
    """GURPS-GRAPPLE-LOC: the hit-location ``penalty`` (negative) when grappling the part:
    halved, rounded up; grabbing a weapon keeps it whole. [AMB] "round up" of a negative half:
    ``rounding`` "away_from_zero" (-5 -> -3, the catalogue's assumption) or "toward_zero"
    (-5 -> -2)."""
    rule = "GURPS-GRAPPLE-LOC"
    if grabbing_weapon:
        return situation(penalty, "grabbing a weapon", rule)
    half, odd = divmod(abs(penalty), 2)
    size = half + (odd if rounding == "away_from_zero" else 0)
    return situation(-size if penalty < 0 else size, "grappling a hit location", rule)


#: GURPS-ARM-LOCK
LOCK_HANDS = 2
LOCK_REACH = 1
LOCKED_DEFENCE = -4
FAILED_TRY = 1
#: hold -> (the holder's bonus against breaking free, rule id)
HOLDER_BONUS: dict[str, tuple[int, str]] = {
    "arm_lock": (4, "GURPS-ARM-LOCK"),
    "choke_hold": (5, "GURPS-CHOKE-HOLD"),
}
#: GURPS-CHOKE-HOLD
CHOKE_HANDS = 2
CHOKE_SKILL: dict[str, int] = {"judo": -2, "wrestling": -3}
CHOKE_FP = 1
CHOKE_ST = 3
CHOKED_ATTACK = -4
