"""Palladium plies at a glance: what each of the pack's events adds to a ply's outcome line
(engine/plyoutcome.py), one row per event type: the declarations' heads, the strike against
the parry or dodge that answered it, hit or miss, the damage and where it went. The grips',
guns' and missiles' rows are in ``outcomes_arms.py``."""

from __future__ import annotations

from collections.abc import Sequence

from engine.explain import Names
from engine.plyoutcome import (
    Against,
    Bit,
    Opens,
    Rolled,
    Said,
    Teller,
    Verdict,
    dice,
    quiet,
    ruled,
)
from engine.rules.palladium.explain import UNANSWERED
from engine.rules.palladium.outcomes_arms import ARMS
from events import palladium as pe
from events.core import Event, ReactionRequested

#: A pool as a line names it.
POOLS = {"armor": "armor", "sdc": "S.D.C.", "hp": "H.P.", "mdc": "M.D.C.", "arms": "arms"}

#: An answer to a strike as the defender's line says it (``defend D CHOICE``).
ANSWERS = {
    "parry": "tries to parry",
    "dodge": "tries to dodge",
    "none": "takes the hit",
    "simultaneous": "strikes back at once",
    "roll": "rolls with it",
    "entangle": "tries to entangle",
    "disarm": "tries to disarm",
    "back-flip": "tries a back flip",
    "paired": "parries with paired weapons",
    "counter-volley": "fires a counter-volley",
    "shoot-down": "shoots at the missiles",
    "block": "blocks with the arms",
}

#: A defence roll's kind -> what it did when it succeeded; when it failed, the blow hit.
DEFENDED = {
    "parry": "parried",
    "dodge": "dodged",
    "roll": "hit, rolled with",
    "entangle": "entangled",
    "disarm": "disarmed",
    "back-flip": "flipped clear",
}


def with_weapon(weapon: str | None, move: str | None = None) -> str:
    """`` with vibro-knife``, `` with a karate kick``, `` bare-handed``."""
    if move is not None:
        return f" with a {move.replace('-', ' ')}"
    return f" with {weapon}" if weapon else " bare-handed"


def _strike(e: pe.StrikeDeclared, n: Names) -> Sequence[Bit]:
    how = [
        text
        for on, text in (
            (e.from_behind, "from behind"),
            (e.unseen, "unseen"),
            (e.pull is not None, f"pulling the blow to {e.pull}"),
            (e.death_blow, "a death blow"),
            (e.called is not None, f"called: {e.called}"),
            (e.at_weapon, "at the weapon"),
            (e.range is not None, f"at {e.range} ft"),
        )
        if on
    ]
    manner = f" ({', '.join(how)})" if how else ""
    head = f"{n(e.actor)} strikes {n(e.target)}{with_weapon(e.weapon, e.move)}{manner}"
    return [Opens(head, e.actor, (e.target,))]


def _shoot(e: pe.ShootDeclared, n: Names) -> Sequence[Bit]:
    how = [
        text
        for on, text in (
            (e.burst is not None, f"a {e.burst} burst"),
            (e.twin, "twin blast"),
            (e.spray, "spraying"),
            (e.aimed, "aimed"),
            (e.called is not None, f"called: {e.called}"),
            (e.at_weapon, "at the weapon"),
            (e.range is not None, f"at {e.range} ft"),
            (e.wild, "wild"),
            (e.blind, "blind"),
            (e.moving, "on the move"),
            (e.cover is not None, f"target in cover {e.cover}"),
        )
        if on
    ]
    manner = f" ({', '.join(how)})" if how else ""
    weapon = f" with {e.weapon}" if e.weapon else ""
    stray = (e.stray,) if e.stray else ()
    return [
        Opens(f"{n(e.actor)} shoots {n(e.target)}{weapon}{manner}", e.actor, (e.target, *stray))
    ]


def _struck(e: pe.StrikeRolled, n: Names) -> Sequence[Bit]:
    """The strike roll against what it needs; a hit that may still be answered waits for the
    answer's verdict. On a later turn (a power punch, an aimed shot) it opens a line of its
    own that names the action landing."""
    action = e.action.replace("_", " ")
    lands = Opens(f"{n(e.actor)}'s {action} lands on {n(e.target)}", e.actor, (e.target,))
    rolled = Rolled(e.roll.total, e.roll.target, "critical" if e.critical else "")
    if not e.hits:
        verdict = Verdict("miss")
    elif e.action in UNANSWERED:
        verdict = Verdict("hit")
    else:
        verdict = Verdict("hits unless defended", provisional=True)
    return [lands, rolled, verdict]


def _defended(e: pe.DefenseRolled, n: Names) -> Sequence[Bit]:
    total, strike = e.roll.total, e.roll.target
    verdict = DEFENDED.get(e.kind, "stopped") if e.success else "hit"
    return [
        Against(f"{e.kind} {total}", f"{total} vs {n(e.attacker)}'s {strike}"),
        Verdict(verdict),
    ]


def _damage(e: pe.DamageRolled, n: Names) -> Sequence[Bit]:
    unit = "M.D." if e.unit == "MD" else "S.D.C."
    return [Said(f"{dice(e.roll)} = {e.roll.total} {unit}")]


def _initiative(e: pe.InitiativeRolled, n: Names) -> Sequence[Bit]:
    if e.attempt > 1:
        return [Said(f"{n(e.combatant)} {e.roll.total} (tie re-roll)")]
    return [Said(f"{n(e.combatant)} {e.roll.total}")]


def _interrupt(e: pe.InterruptRolled, n: Names) -> Sequence[Bit]:
    return [
        Rolled(e.roll.total, f"{n(e.against)}'s {e.against_roll.total}"),
        Verdict("goes first" if e.wins else f"goes after {n(e.against)}"),
    ]


def _blow(e: pe.BlowLanded, n: Names) -> Sequence[Bit]:
    what = e.blow.replace("-", " ")
    lasts = f" ({e.roll.total} rounds)" if e.roll is not None and e.blow == "knockout" else ""
    return [Said(f"{what} on {n(e.target)}{lasts}")]


def _row(fn: Teller) -> Teller:
    return fn


OUTCOMES: dict[type[Event], Teller] = {
    pe.StrikeDeclared: _row(_strike),
    pe.ShootDeclared: _row(_shoot),
    pe.PowerPunchDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} winds up a {'power kick' if e.kick else 'power punch'} at "
                f"{n(e.target)}",
                e.actor,
                (e.target,),
            )
        ]
    ),
    pe.BodyFlipDeclared: _row(
        lambda e, n: [Opens(f"{n(e.actor)} throws {n(e.target)}", e.actor, (e.target,))]
    ),
    pe.DefendDeclared: _row(
        lambda e, n: [Opens(f"{n(e.defender)} {ANSWERS[e.choice]}", e.defender)]
    ),
    pe.ActivateDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} "
                + ("lets the chance go" if e.choice == "no" else f"makes it a {e.choice}"),
                e.actor,
            )
        ]
    ),
    pe.ActDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} does {e.note!r}" + (" (psionic)" if e.psionic else ""), e.actor)
        ]
    ),
    pe.MeleeRoundDeclared: _row(lambda e, n: [Opens("The GM calls for initiative")]),
    pe.SurpriseDeclared: _row(
        lambda e, n: [
            Opens(
                f"Surprise by {', '.join(n(c) for c in e.attackers)}",
                at=(*e.attackers, *e.aware),
            )
        ]
    ),
    pe.PalladiumRulingDeclared: _row(ruled),
    pe.FighterReadied: quiet,
    pe.AttacksRefreshed: quiet,
    pe.TurnBegan: quiet,
    pe.ApmSpent: quiet,
    pe.ParryLimitReset: quiet,
    pe.InitiativeRolled: _row(_initiative),
    pe.InitiativeLost: _row(lambda e, n: [Said(f"{n(e.combatant)} loses initiative")]),
    pe.AttacksGained: _row(
        lambda e, n: [Said(f"{n(e.combatant)} gains {e.amount} attack{'s' * (e.amount != 1)}")]
    ),
    pe.InterruptRolled: _row(_interrupt),
    pe.ActionStarted: _row(lambda e, n: [Said(f"takes {e.cost} attacks, lands on the last")]),
    pe.ActionCompleted: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} completes: {e.note or e.action.replace('_', ' ')}", e.actor)
        ]
    ),
    pe.ActionAbandoned: _row(
        lambda e, n: [Said(f"{n(e.actor)}'s {e.action.replace('_', ' ')} is abandoned")]
    ),
    pe.StrikeRolled: _row(_struck),
    pe.PullRolled: _row(
        lambda e, n: [Said(f"pulled to {e.limit}" if e.success else "cannot pull it: full damage")]
    ),
    pe.BlowLanded: _row(_blow),
    pe.DefenseRolled: _row(_defended),
    pe.DefenseDeclined: _row(lambda e, n: [Verdict("hit", settles=True)]),
    pe.DamageRolled: _row(_damage),
    pe.DamageApplied: _row(
        lambda e, n: [Said(f"{n(e.target)} {POOLS[e.pool]} {e.before} → {e.after}")]
    ),
    pe.DamageIgnored: _row(lambda e, n: [Said(f"{n(e.target)} unhurt")]),
    pe.Healed: _row(lambda e, n: [Said(f"{n(e.target)} {POOLS[e.pool]} {e.before} → {e.after}")]),
    ReactionRequested: _row(lambda e, n: [Said(f"waiting for {n(e.reactor)}'s answer")]),
    pe.FighterResheeted: quiet,  # the core's resheet declaration says it
    pe.NaturalOneSetback: _row(
        lambda e, n: [Said(f"natural 1: a setback for {n(e.actor)}, the GM narrates it")]
    ),
    **ARMS,
}
