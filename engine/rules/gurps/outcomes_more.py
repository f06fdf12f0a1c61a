"""GURPS plies at a glance, the situational rules: surprise, grapples and locks, weapons stuck
and knocked away, malfunctions, cover, sprays and suppression, blasts and fragments, reloads
and recovery (one row per event type; ``outcomes.py`` has the attack and its answer)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.explain import Names
from engine.plyoutcome import Bit, Opens, Said, Teller, Verdict, quiet
from events import gurps as ge
from events.core import Event

_HOLD = {"grapple": "a grapple", "arm_lock": "an arm lock", "choke_hold": "a choke hold"}
_WEAPON = {"ready": "ready again", "unready": "unready", "dropped": "knocked away"}
_PULLED = {
    "free": "pulled free",
    "stuck": "still stuck",
    "stuck_for_good": "stuck for good",
    "let_go": "let go",
}


def ids(at: Sequence[str]) -> tuple[str, ...]:
    """The combatants of ``ID:SHOTS[:YARDS]`` entries (``spray --at``)."""
    return tuple(a.split(":", 1)[0] for a in at)


def _surprise(e: ge.SurpriseDeclared, n: Names) -> Sequence[Bit]:
    if e.victims:
        head = f"The GM rules a {e.kind} surprise on {', '.join(n(v) for v in e.victims)}"
    else:
        head = f"The GM rules a {e.kind} surprise: {' and '.join(n(v) for v in e.leaders)} roll"
    return [Opens(head, at=(*e.victims, *e.leaders))]


def _surprise_turn(e: ge.SurpriseTurn, n: Names) -> Sequence[Bit]:
    if not e.attempt:
        return [Said(f"{n(e.combatant)} is frozen")]
    won = "shakes off the surprise" if e.recovered else "is still surprised"
    return [Said(f"{n(e.combatant)} {won}")]


def _grapple(e: ge.GrappleDeclared, n: Names) -> Sequence[Bit]:
    what = {None: "grapples", "arm": "locks the arm of", "choke": "chokes"}[e.lock]
    where = f" at the {e.location.replace('_', ' ')}" if e.location else ""
    return [Opens(f"{n(e.actor)} {what} {n(e.target)}{where}", e.actor, (e.target,))]


def _malfunction(e: ge.MalfunctionRolled, n: Names) -> Sequence[Bit]:
    return [Said(f"{n(e.combatant)}'s {e.weapon} malfunctions: {e.kind}")]


def _cleared(e: ge.WeaponCleared, n: Names) -> Sequence[Bit]:
    if e.success is None:
        return [Said(f"Ready {e.done} of {e.readies}")]
    return [Said(f"the {e.weapon} is clear" if e.jam is None else f"the {e.weapon} is {e.jam}")]


def _initiative(e: ge.PartialInitiativeRolled, n: Names) -> Sequence[Bit]:
    rolls = ", ".join(f"{n(who)} {r.total}" for who, r in zip(e.leaders, e.rolls, strict=True))
    won = f"side {e.winner!r} wins" if e.winner else "a tie"
    return [Said(rolls), Verdict(won)]


def _row(fn: Teller) -> Teller:
    return fn


MORE: dict[type[Event], Teller] = {
    ge.SurpriseDeclared: _row(_surprise),
    ge.SurpriseApplied: _row(
        lambda e, n: [
            Said(
                f"{n(e.combatant)} is surprised"
                + (f", frozen {e.frozen} second{'s' * (e.frozen != 1)}" if e.frozen else "")
            )
        ]
    ),
    ge.SurpriseTurn: _row(_surprise_turn),
    ge.PartialInitiativeRolled: _row(_initiative),
    ge.WeaponState: _row(
        lambda e, n: [Said(f"{n(e.combatant)}'s {e.weapon} is {_WEAPON[e.state]}")]
    ),
    ge.ClearDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} works to clear {e.weapon or n.their(e.actor) + ' jammed weapon'}",
                e.actor,
            )
        ]
    ),
    ge.MalfunctionRolled: _row(_malfunction),
    ge.WeaponCleared: _row(_cleared),
    ge.CoverChecked: _row(lambda e, n: [Verdict("the shot strikes the cover")] if e.struck else []),
    ge.Overpenetrated: _row(
        lambda e, n: [Said(f"it goes through {n(e.target)} on to {n(e.behind)}")]
    ),
    ge.SprayDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} sprays"
                + (f" the {e.weapon}" if e.weapon else "")
                + f" over {', '.join(n(c) for c in ids(e.at))}",
                e.actor,
                ids(e.at),
            )
        ]
    ),
    ge.SuppressDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} lays down suppression fire" + (f" into {e.zone}" if e.zone else ""),
                e.actor,
            )
        ]
    ),
    ge.EnterZoneDeclared: _row(
        lambda e, n: [
            Opens(
                f"The GM: {n(e.victim)} enters {n(e.shooter)}'s suppression zone",
                at=(e.victim, e.shooter),
            )
        ]
    ),
    ge.ZoneCovered: _row(lambda e, n: [Said(f"{e.shots} shots cover {e.zone or 'the zone'}")]),
    ge.ZoneFired: _row(
        lambda e, n: [
            # each shot's roll and verdict follow
            Opens(f"{n(e.shooter)}'s zone fires on {n(e.victim)}", e.shooter, (e.victim,)),
        ]
    ),
    ge.BlastReached: _row(
        lambda e, n: [Said(f"the blast reaches {n(e.victim)} at {e.yards} yd: {e.damage}")]
    ),
    ge.FragmentsRolled: _row(
        lambda e, n: [Said(f"{e.hits} fragment{'s' * (e.hits != 1)} at {n(e.victim)}")]
    ),
    ge.GrappleDeclared: _row(_grapple),
    ge.BreakFreeDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} tries to break free", e.actor)]),
    ge.LetGoDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} lets go" + (f" of the {e.weapon}" if e.weapon else ""), e.actor)
        ]
    ),
    ge.Grappled: _row(lambda e, n: [Said(f"{n(e.holder)} holds {n(e.victim)} in {_HOLD[e.hold]}")]),
    ge.GrappleEnded: _row(lambda e, n: [Said(f"{n(e.holder)} no longer holds {n(e.victim)}")]),
    ge.BreakFreeFailed: _row(lambda e, n: [Verdict(f"{n(e.victim)} is still held")]),
    ge.FatigueLost: _row(lambda e, n: [Said(f"{n(e.combatant)} FP {e.before} → {e.after}")]),
    ge.WeaponStuck: _row(
        lambda e, n: [Said(f"{n(e.combatant)}'s {e.weapon} is stuck in {n(e.victim)}")]
    ),
    ge.WeaponPulled: _row(
        lambda e, n: [Said(f"{n(e.combatant)}'s {e.weapon}: {_PULLED[e.outcome]}")]
    ),
    ge.DualHand: quiet,
    ge.Healed: _row(
        lambda e, n: [Said(f"{n(e.combatant)} {e.pool.upper()} {e.before} → {e.after}")]
    ),
    ge.ReloadDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} reloads" + (f" the {e.weapon}" if e.weapon else ""), e.actor)
        ]
    ),
    ge.WeaponReloading: _row(
        lambda e, n: [
            Said(
                f"loaded: {e.shots} shots"
                if e.done >= e.needed
                else f"reload second {e.done} of {e.needed}"
            )
        ]
    ),
}
