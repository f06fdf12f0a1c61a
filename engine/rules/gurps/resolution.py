"""Success rolls and contests: 3d6 under an effective skill (GURPS-SUCCESS-ROLL,
GURPS-CRITICAL), Quick Contests (GURPS-QUICK-CONTEST) and Regular Contests
(GURPS-REGULAR-CONTEST).

The modifier algebra is integer addition: every modifier is a recorded ``add`` step with its
source and rule, in the order the pack applies them, and the roll records its margin (skill
less roll) and tier: "critical", "success", "failure" or "fumble" (a critical failure).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.rolls import roll_under
from engine.rules.gurps.situations.common import Side
from engine.rules.gurps.situations.common import quick_contest as contest
from events.core import Modifier, Roll
from events.gurps import ContestRolled

SUCCEEDS = ("critical", "success")
#: A contest's winner ("first", "second", None: a tie) as the deciders count it.
_WHO: dict[str | None, int] = {"first": 1, "second": -1, None: 0}


def mod(name: str, value: int, source: str, rule: str = "") -> Modifier:
    """One modifier to a skill: ``value`` added, from ``source`` ("sheet", "maneuver",
    "situation", "injury", "gm" …), citing ``rule``."""
    return Modifier(name=name, value=value, source=source, rule=rule)


def tier(total: int, target: int) -> str:
    """The tier of a 3d6 roll against an effective skill (GURPS-CRITICAL): 3-4 always a
    critical success, 5 at skill 15+, 6 at 16+; 18 always a critical failure, 17 at skill 15 or
    less, and any roll 10 or more over the skill; otherwise 3-16 succeeds at or under the
    skill, 17-18 always fail."""
    if total <= 4 or (total == 5 and target >= 15) or (total == 6 and target >= 16):
        return "critical"
    if total == 18 or (total == 17 and target <= 15) or total - target >= 10:
        return "fumble"
    if total <= target and total <= 16:
        return "success"
    return "failure"


def succeeded(r: Roll) -> bool:
    """Whether a success roll succeeded (critical or plain)."""
    return r.tier in SUCCEEDS


def success_roll(
    dice: Dice,
    purpose: str,
    base: int,
    modifiers: Sequence[Modifier] = (),
    *,
    rule: str = "GURPS-SUCCESS-ROLL",
) -> Roll:
    """Roll 3d6 against ``base`` after ``modifiers`` (added in order); the roll records its
    target, margin and tier."""
    return roll_under(dice, purpose, "3D6", base, modifiers, rule=rule, tier=tier)


def quick_contest(a: Roll, b: Roll) -> tuple[int, int]:
    """Who wins a Quick Contest of two rolls (GURPS-QUICK-CONTEST): 1 the first, -1 the
    second, 0 a tie; and the margin of victory. A success beats a failure; otherwise the
    larger margin wins (one implementation: ``situations.common.quick_contest``)."""
    c = contest(Side(succeeded(a), a.margin or 0), Side(succeeded(b), b.margin or 0))
    return _WHO[c.winner], c.by


def regular_contest(a: Roll, b: Roll) -> int:
    """One round of a Regular Contest (GURPS-REGULAR-CONTEST): 1 the first wins (he succeeds
    and the other fails), -1 the second, 0 no decision (both succeed or both fail: roll
    again)."""
    sa, sb = succeeded(a), succeeded(b)
    if sa == sb:
        return 0
    return 1 if sa else -1


def contest_rolled(
    active: str, passive: str, a: Roll, b: Roll, rule: str
) -> tuple[ContestRolled, int, int]:
    """A Quick Contest of two rolls already made, as its event: who won (1 ``active``, -1
    ``passive``, 0 a tie) and the margin of victory too."""
    who, margin = quick_contest(a, b)
    winner = active if who > 0 else passive if who < 0 else None
    event = ContestRolled(
        active=active,
        passive=passive,
        active_roll=a,
        passive_roll=b,
        winner=winner,
        margin=margin,
        rule=rule,
    )
    return event, who, margin
