"""Surprise: the freeze, recovering from it, and the initiative roll of a partial surprise.

GURPS-SURPRISE-TOTAL: the defenders freeze for 1d seconds, mentally stunned and taking Do
Nothing; after that each rolls against his basic IQ at the start of each of his turns: a success
means Do Nothing that turn and normal action afterwards, a failure means still stunned, and he
rolls again next turn. No bonus grows from turn to turn.

GURPS-SURPRISE-CR: Combat Reflexes never freezes, counts a total surprise as a partial one, and
adds +6 to every IQ roll to recover.

GURPS-SURPRISE-PARTIAL-RECOVER: the side that lost the initiative roll is mentally stunned (no
freeze) and recovers as above, with +1 on the second roll, +2 on the third, and so on.

GURPS-INIT-PARTIAL: each side's leader rolls 1d with the side's modifiers (below); the highest
total wins the initiative, and a tie means nobody is surprised.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules import UsageError
from engine.rules.gurps.situations.common import face, situation, total
from events.core import Modifier

Surprise = Literal["total", "partial"]


class Surprised(msgspec.Struct, frozen=True):
    """How one defender takes a surprise: ``kind`` after Combat Reflexes (a total surprise
    counts as partial for him), and the seconds he is frozen (0: he never freezes)."""

    kind: Surprise
    frozen_seconds: int
    rule: str


def surprised(
    kind: Surprise, freeze_face: int | None = None, *, combat_reflexes: bool
) -> Surprised:
    """GURPS-SURPRISE-TOTAL, GURPS-SURPRISE-CR: one defender's freeze from the GM's 1d
    (``freeze_face``, one roll for the whole side, needed for a total surprise). A partial
    surprise never freezes; Combat Reflexes turns a total surprise into a partial one."""
    if freeze_face is not None:
        face(freeze_face, 6, "the freeze roll")
    if combat_reflexes and kind == "total":
        return Surprised(kind="partial", frozen_seconds=0, rule="GURPS-SURPRISE-CR")
    if kind == "partial":
        return Surprised(kind="partial", frozen_seconds=0, rule="GURPS-SURPRISE-PARTIAL-RECOVER")
    if freeze_face is None:
        raise UsageError("a total surprise needs the GM's 1d for the freeze (GURPS-SURPRISE-TOTAL)")
    return Surprised(kind="total", frozen_seconds=freeze_face, rule="GURPS-SURPRISE-TOTAL")


class Recovery(msgspec.Struct, frozen=True):
    """The IQ roll to shake off surprise: ``target`` = basic IQ after ``modifiers``."""

    base: int
    modifiers: tuple[Modifier, ...]
    target: int


def recovery_roll(iq: int, attempt: int, kind: Surprise, *, combat_reflexes: bool) -> Recovery:
    """GURPS-SURPRISE-TOTAL, GURPS-SURPRISE-PARTIAL-RECOVER, GURPS-SURPRISE-CR: the target of
    the ``attempt``-th recovery roll (1 for the first). Against basic IQ; +6 with Combat
    Reflexes; after a partial surprise +1 per roll after the first (reading: the ramp counts the
    victim's own recovery rolls, the first at +0)."""
    if attempt < 1:
        raise UsageError(f"recovery attempt {attempt}: the first attempt is 1")
    mods: list[Modifier] = []
    if combat_reflexes:
        mods.append(situation(CR_RECOVERY, "Combat Reflexes", "GURPS-SURPRISE-CR"))
    if kind == "partial" and attempt > 1:
        mods.append(
            situation(
                (attempt - 1) * PARTIAL_RAMP,
                f"recovery roll {attempt} after a partial surprise",
                "GURPS-SURPRISE-PARTIAL-RECOVER",
            )
        )
    steps = tuple(mods)
    return Recovery(base=iq, modifiers=steps, target=iq + total(steps))


class RecoveryOutcome(msgspec.Struct, frozen=True):
    """What a recovery roll means for this turn and the next: the maneuver he must take now
    (``"do_nothing"``) and whether he is still mentally stunned afterwards."""

    maneuver: Literal["do_nothing"]
    still_stunned: bool


def recovery_outcome(succeeded: bool) -> RecoveryOutcome:
    """GURPS-SURPRISE-TOTAL: either way he does nothing this turn; a success ends the stun
    after it, a failure leaves him stunned to roll again on his next turn."""
    return RECOVERY[succeeded]


class InitiativeSide(msgspec.Struct, frozen=True, kw_only=True):
    """One side of a partial surprise, as GURPS-INIT-PARTIAL reads it.

    ``leader_iq`` is None for a leaderless side (the GM rolls for it). ``leader_tactics`` and
    ``best_tactics`` are Tactics skill levels (0: none); ``animals`` marks a group of IQ 5 or
    less (no leaderless penalty); ``gm`` is the GM's own modifier for alertness and the like.
    """

    leader_iq: int | None
    leader_combat_reflexes: bool = False
    anyone_combat_reflexes: bool = False
    leader_tactics: int = 0
    best_tactics: int = 0
    animals: bool = False
    gm: int = 0


class Initiative(msgspec.Struct, frozen=True):
    """The partial-surprise initiative: each side's total and modifiers, and the winner
    ("first", "second", or None: a tie, nobody is surprised)."""

    first: tuple[int, tuple[Modifier, ...]]
    second: tuple[int, tuple[Modifier, ...]]
    winner: Literal["first", "second"] | None


def initiative_modifiers(
    side: InitiativeSide,
    other: InitiativeSide,
    *,
    tactics_of: Literal["leader", "side"] = "leader",
    tactics_20: Literal["two_in_total", "one_more"] = "two_in_total",
) -> tuple[Modifier, ...]:
    """GURPS-INIT-PARTIAL: one side's modifiers to its leader's 1d.

    +2 for a leader with Combat Reflexes, else +1 if anyone on the side has it (once); +1 for
    the leader with the higher IQ (none on equal IQ; reading: none when either side is
    leaderless); Tactics +1, at 20+ +2; a leaderless side -2 unless its members have IQ 5 or
    less; then the GM's modifier. [AMB] whose Tactics counts: ``tactics_of`` "leader" (the
    catalogue's assumption) or "side" (the best on the side); whether Tactics 20+ gives +2 in
    all (``tactics_20`` "two_in_total", assumed) or +1 more on top of the +1 ("one_more", +3).
    """
    rule = "GURPS-INIT-PARTIAL"
    mods: list[Modifier] = []
    if side.leader_iq is not None and side.leader_combat_reflexes:
        mods.append(situation(LEADER_CR, "leader has Combat Reflexes", rule))
    elif side.anyone_combat_reflexes:
        mods.append(situation(SIDE_CR, "someone on the side has Combat Reflexes", rule))
    if (
        side.leader_iq is not None
        and other.leader_iq is not None
        and (side.leader_iq > other.leader_iq)
    ):
        mods.append(situation(HIGHER_IQ, "leader with the higher IQ", rule))
    tactics = side.leader_tactics if tactics_of == "leader" else side.best_tactics
    if side.leader_iq is None and tactics_of == "leader":
        tactics = 0
    if tactics > 0:
        bonus = TACTICS[tactics_20][tactics >= TACTICS_MASTERY]
        mods.append(situation(bonus, f"Tactics {tactics}", rule))
    if side.leader_iq is None and not side.animals:
        mods.append(situation(LEADERLESS, "leaderless side", rule))
    if side.gm:
        mods.append(situation(side.gm, "GM's modifier", rule))
    return tuple(mods)


def partial_initiative(
    first: InitiativeSide,
    second: InitiativeSide,
    first_face: int,
    second_face: int,
    *,
    tactics_of: Literal["leader", "side"] = "leader",
    tactics_20: Literal["two_in_total", "one_more"] = "two_in_total",
) -> Initiative:
    """GURPS-INIT-PARTIAL: both sides' 1d (faces as rolled) with their modifiers; the higher
    total wins, a tie means nobody is surprised. The losers recover as
    GURPS-SURPRISE-PARTIAL-RECOVER says (:func:`recovery_roll` with ``kind="partial"``)."""
    face(first_face, 6, "the first side's initiative roll")
    face(second_face, 6, "the second side's initiative roll")
    a = initiative_modifiers(first, second, tactics_of=tactics_of, tactics_20=tactics_20)
    b = initiative_modifiers(second, first, tactics_of=tactics_of, tactics_20=tactics_20)
    ta, tb = first_face + total(a), second_face + total(b)
    winner: Literal["first", "second"] | None = (
        None if ta == tb else "first" if ta > tb else "second"
    )
    return Initiative(first=(ta, a), second=(tb, b), winner=winner)


#: GURPS-SURPRISE-CR: bonus to every IQ roll to recover from surprise
CR_RECOVERY = 6
#: GURPS-SURPRISE-PARTIAL-RECOVER: bonus added per recovery roll after the first
PARTIAL_RAMP = 1
#: GURPS-INIT-PARTIAL: the side's modifiers
LEADER_CR = 2
SIDE_CR = 1
HIGHER_IQ = 1
LEADERLESS = -2
TACTICS_MASTERY = 20
#: Tactics bonus by reading of "20+ gives +2", then by (level >= 20)
TACTICS: dict[str, dict[bool, int]] = {
    "two_in_total": {False: 1, True: 2},
    "one_more": {False: 1, True: 3},
}
#: GURPS-SURPRISE-TOTAL: a recovery roll's success -> what it means
RECOVERY: dict[bool, RecoveryOutcome] = {
    True: RecoveryOutcome(maneuver="do_nothing", still_stunned=False),
    False: RecoveryOutcome(maneuver="do_nothing", still_stunned=True),
}
