"""Palladium plies at a glance, the grips and the guns: holds and entanglements, disarms and
body blocks, Horror Factor and recovery, reloads, volleys, grenades and covering fire (one row
per event type; ``outcomes.py`` has the strikes and the rest)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.explain import Names
from engine.plyoutcome import Bit, Opens, Rolled, Said, Teller, Verdict, quiet
from events import palladium as pe
from events.core import Event


def _an(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _contest(e: pe.ContestRolled, n: Names) -> Sequence[Bit]:
    """Breaking a hold (against the holder's roll) or pulling free of an entanglement
    (against the number to beat)."""
    vs = e.opposed.total if e.opposed is not None else e.roll.target
    broke = "breaks free" if e.kind == "escape" else "pulls free"
    held = "still held" if e.kind == "escape" else "still entangled"
    return [Rolled(e.roll.total, vs), Verdict(broke if e.success else held)]


def _balance(e: pe.BalanceRolled, n: Names) -> Sequence[Bit]:
    fell = "knocked down" if e.fell else f"keeps {n.their(e.target)} feet"
    return [Rolled(e.roll.total, e.chance, what=f"{n(e.target)}'s balance"), Verdict(fell)]


def _horror(e: pe.HorrorSaved, n: Names) -> Sequence[Bit]:
    who = n(e.combatant)
    kept = f"{who} keeps {n.their(e.combatant)} nerve" if e.success else f"{who} is frozen"
    return [
        Rolled(e.roll.total, e.roll.target, what=f"{who}'s save vs Horror Factor"),
        Verdict(kept),
    ]


def _thinned(e: pe.VolleyThinned, n: Names) -> Sequence[Bit]:
    if e.left == 0:
        return [Said("the volley is gone")]
    return [Said(f"{e.destroyed} missile{'s' * (e.destroyed != 1)} down, {e.left} still coming")]


#: Where a grenade went off, as the line says it.
_BURST = {"direct": "on {}", "radius": "near {}", "clear": "too far from {}", "miss": "wide of {}"}


def _exploded(e: pe.GrenadeExploded, n: Names) -> Sequence[Bit]:
    where = _BURST[e.how].format(n(e.target))
    return [Opens(f"{n(e.actor)}'s {e.weapon} goes off {where}", e.actor, (e.target,))]


def _dropped(e: pe.WeaponDropped, n: Names) -> Sequence[Bit]:
    if e.actor == e.target:
        return [Said(f"{n(e.target)} throws the {e.weapon}")]
    return [Said(f"{n(e.target)} drops the {e.weapon}")]


def _row(fn: Teller) -> Teller:
    return fn


ARMS: dict[type[Event], Teller] = {
    pe.GrappleDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} grabs {n(e.target)} in {_an(e.hold)} hold", e.actor, (e.target,))
        ]
    ),
    pe.EscapeDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} tries to break the hold", e.actor)]),
    pe.ReleaseHoldDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} lets go", e.actor)]),
    pe.FreeDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} tries to pull free", e.actor)]),
    pe.BodyBlockDeclared: _row(
        lambda e, n: [Opens(f"{n(e.actor)} body-blocks {n(e.target)}", e.actor, (e.target,))]
    ),
    pe.DisarmDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} goes for {n(e.target)}'s {e.weapon or 'weapon'}",
                e.actor,
                (e.target,),
            )
        ]
    ),
    pe.PickUpDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} picks up {e.weapon or n.their(e.actor) + ' weapon'}", e.actor)
        ]
    ),
    pe.HoldTaken: _row(
        lambda e, n: [Said(f"{n(e.holder)} holds {n(e.victim)} in {_an(e.hold)} hold")]
    ),
    pe.HoldReleased: _row(lambda e, n: [Said(f"{n(e.holder)}'s hold on {n(e.victim)} ends")]),
    pe.ContestRolled: _row(_contest),
    pe.Entangled: _row(
        lambda e, n: [Said(f"{n(e.entangler)} entangles {n(e.victim)} (to beat: {e.total})")]
    ),
    pe.EntangleEnded: _row(
        lambda e, n: [Said(f"{n(e.victim)} is free of {n(e.entangler)}'s entanglement")]
    ),
    pe.WeaponDropped: _row(_dropped),
    pe.WeaponPickedUp: _row(lambda e, n: [Said(f"{n(e.actor)} has the {e.weapon} in hand")]),
    pe.BalanceRolled: _row(_balance),
    pe.RecoverDeclared: _row(
        lambda e, n: [
            Opens(f"The GM calls a recovery attempt for {n(e.combatant)}", at=(e.combatant,))
        ]
    ),
    pe.RecoveryRolled: _row(
        lambda e, n: [
            Said(
                f"{n(e.combatant)} is stabilized at 1 H.P."
                if e.stabilized
                else f"{n(e.combatant)} is still in a coma"
            )
        ]
    ),
    pe.HorrorSaved: _row(_horror),
    pe.ReloadDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} reloads {e.weapon or n.their(e.actor) + ' gun'}", e.actor)
        ]
    ),
    pe.ShotsSpent: quiet,
    pe.Reloaded: _row(lambda e, n: [Said(f"{e.weapon} full: {e.shots} shots")]),
    pe.LaunchDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} fires a volley of {e.missiles} missile{'s' * (e.missiles != 1)} "
                f"at {n(e.target)}" + (f" from {e.range} ft" if e.range is not None else ""),
                e.actor,
                (e.target, *e.caught),
            )
        ]
    ),
    pe.MissilesSpent: quiet,
    pe.VolleyThinned: _row(_thinned),
    pe.DrawDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} draws the {e.weapon}", e.actor)]),
    pe.WeaponDrawn: quiet,
    pe.ThrowDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} throws the {e.weapon} at {n(e.target)}"
                + (f" from {e.range} ft" if e.range is not None else ""),
                e.actor,
                (e.target, *e.caught),
            )
        ]
    ),
    pe.GrenadeArmed: _row(lambda e, n: [Said("it goes off at the end of the round")]),
    pe.GrenadeExploded: _row(_exploded),
    pe.CoverDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} lays down covering fire"
                + (f" with the {e.weapon}" if e.weapon else ""),
                e.actor,
            )
        ]
    ),
    pe.CoverOpened: _row(
        lambda e, n: [Said(f"the area is covered until {n.their(e.actor)} next turn")]
    ),
    pe.CoverEnded: _row(lambda e, n: [Said(f"{n(e.actor)}'s covering fire ends")]),
    pe.CrossDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} moves through {n(e.through)}'s covering fire"
                + (" under cover" if e.in_cover else ", dodging" if e.dodge else ""),
                e.actor,
                (e.through,),
            )
        ]
    ),
    pe.WeaponDamaged: _row(
        lambda e, n: [
            Said(
                f"{n(e.target)}'s {e.weapon} {e.before} → {e.after} M.D.C."
                + (", destroyed" if e.after == 0 else "")
            )
        ]
    ),
}
