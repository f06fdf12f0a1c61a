"""Palladium missiles and the arms they come from in a game master's words, for ``explain``
and ``log``: volleys launched, missiles spent, volleys thinned by counter-volleys and shots,
weapons drawn (``explain.py`` has the rest)."""

from __future__ import annotations

from engine.explain import Namer, roll_text
from engine.rules.pack import Explainer
from events import palladium as pe
from events.core import Event


def _launch(e: pe.LaunchDeclared, n: Namer) -> list[str]:
    caught = ", ".join(n(c) for c in e.caught)
    return [
        f"{n(e.actor)} fires a volley of {e.missiles} missile(s) at {n(e.target)}"
        + (f" from {e.range} ft" if e.range is not None else "")
        + (f"; in the blast radius too: {caught}" if caught else "")
        + (f", defender answers {e.defend}" if e.defend else "")
    ]


def _defend(e: pe.DefendDeclared, n: Namer) -> list[str]:
    said = f"{n(e.defender)} answers: {e.choice}"
    if e.missiles is not None or e.launcher is not None:
        said += f" with {e.missiles or 1} missile(s)" + (f" ({e.launcher})" if e.launcher else "")
    elif e.weapon:
        said += f" with the {e.weapon}"
    return [said]


def _thinned(e: pe.VolleyThinned, n: Namer) -> list[str]:
    lines = [f"  {roll_text(r)}" for r in e.rolls]
    if e.left == 0:
        verdict = "the volley is gone: nothing hits"
    elif e.destroyed:
        verdict = f"{e.destroyed} missile(s) destroyed, {e.left} still coming"
    else:
        verdict = f"none destroyed, {e.left} still coming"
    cite = "" if e.rule in e.reason else f" ({e.rule})"
    return [*lines, f"  -> {n(e.defender)}: {verdict}: {e.reason}{cite}"]


def _exploded(e: pe.GrenadeExploded, n: Namer) -> list[str]:
    said = {
        "direct": f"on {n(e.target)}",
        "radius": f"near {n(e.target)}",
        "clear": f"too far from {n(e.target)}",
        "miss": "nowhere near",
    }[e.how]
    lines = [f"  {roll_text(r)}" for r in e.rolls]
    return [*lines, f"  {n(e.actor)}'s {e.weapon} goes off {said}: {e.reason}"]


EXPLAIN_MISSILES: dict[type[Event], Explainer] = {
    pe.LaunchDeclared: _launch,
    pe.DefendDeclared: _defend,
    pe.MissilesSpent: lambda e, n: [
        f"  {n(e.actor)}: {e.count} {e.missile} fired, {e.left} left (PAL-MSL-VOLLEY)"
    ],
    pe.VolleyThinned: _thinned,
    pe.ThrowDeclared: lambda e, n: [
        f"{n(e.actor)} throws the {e.weapon} at {n(e.target)}"
        + (f" from {e.range} ft" if e.range is not None else "")
        + (f", defender answers {e.defend}" if e.defend else "")
        + (f"; near it too: {', '.join(n(c) for c in e.caught)}" if e.caught else "")
    ],
    pe.CoverDeclared: lambda e, n: [
        f"{n(e.actor)} lays down covering fire: {e.attacks} attack(s)"
        + (f" with the {e.weapon}" if e.weapon else "")
    ],
    pe.CoverOpened: lambda e, n: [
        *(f"  {roll_text(r)}" for r in e.rolls),
        f"  {n(e.actor)}'s {e.weapon} covers the area until {n.their(e.actor)} next turn: a hit "
        "for each burst "
        "on whoever moves through it (PAL-HR-RNG-COVERING-FIRE)",
    ],
    pe.CoverEnded: lambda e, n: [f"  {n(e.actor)}'s covering fire ends: {e.reason}"],
    pe.WeaponDamaged: lambda e, n: [
        f"  {n(e.target)}'s {e.weapon}: {e.before} -> {e.after} M.D.C. (-{e.amount}; {e.rule})"
        + (": destroyed" if e.after == 0 else "")
    ],
    pe.CrossDeclared: lambda e, n: [
        f"{n(e.actor)} moves through {n(e.through)}'s covering fire"
        + (" under cover" if e.in_cover else ", dodging" if e.dodge else "")
    ],
    pe.GrenadeArmed: lambda e, n: [
        f"  {n(e.actor)}'s {e.grenade.weapon} goes off at the end of the round "
        "(PAL-HR-GRENADE-DELAY)"
    ],
    pe.GrenadeExploded: _exploded,
    pe.DrawDeclared: lambda e, n: [f"{n(e.actor)} draws the {e.weapon}"],
    pe.WeaponDrawn: lambda e, n: [
        f"  {n(e.actor)} has the {e.weapon} in hand, drawn from "
        + (f"{n.their(e.actor)} pack" if e.stowed == "pack" else "a holster or sling")
        + " (PAL-HR-MISC-COSTS)"
    ],
}
