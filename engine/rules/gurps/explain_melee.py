"""The explain texts of the melee-side situational rules' events: grapples, locks and chokes,
breaking free, and fatigue (GURPS-GRAPPLE, GURPS-ARM-LOCK, GURPS-CHOKE-HOLD)."""

from __future__ import annotations

from collections.abc import Callable

from engine.explain import Namer, roll_text
from engine.rules.pack import Explainer
from events import gurps as ge
from events.core import Event

_HOLD = {"grapple": "a grapple", "arm_lock": "an ARM LOCK", "choke_hold": "a CHOKE HOLD"}


_PULLED = {
    "free": "pulled free of",
    "stuck": "still stuck in",
    "stuck_for_good": "stuck for good in",
    "let_go": "let go of, left in",
}


def _row(fn: Callable[..., list[str]]) -> Explainer:
    return fn


def _grapple(e: ge.GrappleDeclared, n: Namer) -> list[str]:
    what = {None: "grapples", "arm": "locks the arm of", "choke": "chokes"}[e.lock]
    where = f" at the {e.location.replace('_', ' ')}" if e.location else ""
    gm = f" (GM {e.mod:+d})" if e.mod else ""
    answer = f", defender answers {e.defend}" if e.defend else ""
    return [f"{n(e.actor)} {what} {n(e.target)}{where}{gm}{answer}"]


def _grappled(e: ge.Grappled, n: Namer) -> list[str]:
    where = f" by the {e.location.replace('_', ' ')}" if e.location else ""
    return [f"  {n(e.holder)} holds {n(e.victim)} in {_HOLD[e.hold]}{where} ({e.rule})"]


def _initiative(e: ge.PartialInitiativeRolled, n: Namer) -> list[str]:
    won = f"side {e.winner!r} wins; the other is surprised" if e.winner else "a tie: nobody"
    return [
        *(f"  {n(who)}: {roll_text(r)}" for who, r in zip(e.leaders, e.rolls, strict=True)),
        f"  initiative: {won} ({e.rule})",
    ]


EXPLAIN_MELEE: dict[type[Event], Explainer] = {
    ge.PartialInitiativeRolled: _row(_initiative),
    ge.GrappleDeclared: _row(_grapple),
    ge.BreakFreeDeclared: _row(
        lambda e, n: [f"{n(e.actor)} tries to break free" + (f" (GM {e.mod:+d})" if e.mod else "")]
    ),
    ge.LetGoDeclared: _row(
        lambda e, n: [f"{n(e.actor)} lets go" + (f" of the {e.weapon}" if e.weapon else "")]
    ),
    ge.DualHand: _row(
        lambda e, n: [
            f"  {n(e.combatant)} strikes {n(e.target)} with the {e.weapon} in "
            f"{n.their(e.combatant)} {e.hand} hand: "
            "one blow of a dual-weapon attack (GURPS-DUAL-WEAPON)"
        ]
    ),
    ge.WeaponStuck: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s {e.weapon} is STUCK in {n(e.victim)}'s "
            f"{e.location.replace('_', ' ')} ({e.rule})"
        ]
    ),
    ge.WeaponPulled: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s {e.weapon}: {_PULLED[e.outcome]} {n(e.victim)} ({e.rule})"
        ]
    ),
    ge.Grappled: _row(_grappled),
    ge.GrappleEnded: _row(
        lambda e, n: [
            f"  {n(e.holder)} no longer holds {n(e.victim)}: {e.reason}"
            + (f" ({e.rule})" if e.rule else "")
        ]
    ),
    ge.BreakFreeFailed: _row(
        lambda e, n: [
            f"  {n(e.victim)} is still held by {n(e.holder)} ({e.tries} failed tr"
            + ("y" if e.tries == 1 else "ies")
            + ")"
        ]
    ),
    ge.Healed: _row(
        lambda e, n: [
            f"  {n(e.combatant)} gets {e.amount} {e.pool.upper()} back: "
            f"{e.pool.upper()} {e.before} -> {e.after}" + (f" ({e.rule})" if e.rule else "")
        ]
    ),
    ge.FatigueLost: _row(
        lambda e, n: [
            f"  {n(e.combatant)} loses {e.amount} FP: FP {e.before} -> {e.after}"
            + (f" ({e.rule})" if e.rule else "")
        ]
    ),
}
