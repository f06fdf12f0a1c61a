"""Palladium grips in a game master's words, for ``explain`` and ``log``: holds,
entanglements, disarms, body blocks (``explain.py`` has the rest)."""

from __future__ import annotations

from engine.explain import Namer, roll_text
from engine.rules.pack import Explainer
from events import palladium as pe
from events.core import Event


def _an(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _answer(defend: str | None) -> str:
    return f", defender answers {defend}" if defend else ""


def _contest(e: pe.ContestRolled, n: Namer) -> list[str]:
    what = "escape" if e.kind == "escape" else "pull free"
    lines = [f"  {n(e.actor)} tries to {what}: {roll_text(e.roll)}"]
    if e.opposed is not None:
        lines.append(f"  {n(e.against)} keeps the hold: {roll_text(e.opposed)}")
    verdict = "succeeds" if e.success else "fails"
    rule = "PAL-COND-HELD" if e.kind == "escape" else "PAL-DEF-ENTANGLE"
    return [*lines, f"  -> {verdict}: {e.reason} ({rule})"]


def _entangled(e: pe.Entangled, n: Namer) -> list[str]:
    kept = f" for another round: {roll_text(e.roll)}" if e.roll is not None else ""
    return [
        f"  {n(e.entangler)} entangles {n(e.victim)}{kept}; {n.they(e.victim)} must dodge "
        f"{e.total} or more "
        "to get free (PAL-DEF-ENTANGLE)"
    ]


def _balance(e: pe.BalanceRolled, n: Namer) -> list[str]:
    verdict = "knocked down" if e.fell else f"keeps {n.their(e.target)} feet"
    return [f"  {n(e.target)} {verdict}: {roll_text(e.roll)}; {e.reason} ({e.rule})"]


def _recovery(e: pe.RecoveryRolled, n: Namer) -> list[str]:
    rolls = "; ".join(roll_text(r) for r in e.rolls)
    verdict = "stabilized at 1 H.P., out of the coma" if e.stabilized else "still in a coma"
    return [
        f"  recovery ({e.care}, {e.chance} % each): {rolls}",
        f"  -> {n(e.combatant)} {verdict} (two of three needed, PAL-DMG-COMA-RECOVERY)",
    ]


EXPLAIN_GRIPS: dict[type[Event], Explainer] = {
    pe.ReloadDeclared: lambda e, n: [
        f"{n(e.actor)} reloads " + (e.weapon or f"{n.their(e.actor)} gun")
    ],
    pe.ShotsSpent: lambda e, n: [
        f"  {n(e.actor)}'s {e.weapon}: {e.shots} shot(s) fired, {e.left} left (PAL-RNG-PAYLOAD)"
    ],
    pe.Reloaded: lambda e, n: [
        f"  {n(e.actor)}'s {e.weapon} is full again: {e.shots} shots (PAL-RNG-PAYLOAD)"
    ],
    pe.RecoverDeclared: lambda e, n: [
        f"The GM calls an hour's recovery attempt for {n(e.combatant)} ({e.care} care)"
    ],
    pe.RecoveryRolled: _recovery,
    pe.HorrorSaved: lambda e, n: [
        f"  {n(e.combatant)} meets {n(e.creature)}'s Horror Factor: {roll_text(e.roll)} -> "
        + (
            f"keeps {n.their(e.combatant)} nerve"
            if e.success
            else "frozen: no initiative, an attack lost, and its first attack this round "
            "cannot be parried or dodged"
        )
        + " (PAL-COND-HORROR)"
    ],
    pe.GrappleDeclared: lambda e, n: [
        f"{n(e.actor)} grabs {n(e.target)} in {_an(e.hold)} hold{_answer(e.defend)}"
    ],
    pe.EscapeDeclared: lambda e, n: [f"{n(e.actor)} tries to break the hold"],
    pe.ReleaseHoldDeclared: lambda e, n: [f"{n(e.actor)} lets go"],
    pe.FreeDeclared: lambda e, n: [f"{n(e.actor)} tries to pull free"],
    pe.BodyBlockDeclared: lambda e, n: [
        f"{n(e.actor)} body-blocks {n(e.target)}{_answer(e.defend)}"
    ],
    pe.DisarmDeclared: lambda e, n: [
        f"{n(e.actor)} goes for {n(e.target)}'s " + (e.weapon or "weapon") + _answer(e.defend)
    ],
    pe.PickUpDeclared: lambda e, n: [
        f"{n(e.actor)} picks up " + (e.weapon or f"{n.their(e.actor)} weapon")
    ],
    pe.HoldTaken: lambda e, n: [
        f"  {n(e.holder)} holds {n(e.victim)} in {_an(e.hold)} hold: neither attacks, parries or "
        "dodges while it lasts (PAL-COND-HELD)"
    ],
    pe.HoldReleased: lambda e, n: [
        f"  {n(e.holder)}'s hold on {n(e.victim)} ends: {e.reason} ({e.rule})"
    ],
    pe.ContestRolled: _contest,
    pe.Entangled: _entangled,
    pe.EntangleEnded: lambda e, n: [
        f"  {n(e.victim)} is no longer entangled by {n(e.entangler)}: {e.reason} ({e.rule})"
    ],
    pe.WeaponDropped: lambda e, n: [
        f"  {n(e.target)} throws the {e.weapon}: out of {n.their(e.target)} hand till "
        f"{n.they(e.target)} {n.agree(e.target, 'picks', 'pick')} it up ({e.rule})"
        if e.actor == e.target
        else f"  {n(e.target)} drops the {e.weapon}: knocked to the ground ({e.rule})"
    ],
    pe.WeaponPickedUp: lambda e, n: [f"  {n(e.actor)} has the {e.weapon} in hand again"],
    pe.BalanceRolled: _balance,
}
