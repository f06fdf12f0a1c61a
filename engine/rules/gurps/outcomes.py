"""GURPS plies at a glance: what each of the pack's events adds to a ply's outcome line
(engine/plyoutcome.py), one row per event type: the attack's 3d6 against the effective skill,
the active defence against its own score, hit or miss, the damage and its injury. The
situational rules' rows (grapples, guns, blasts) are in ``outcomes_more.py``."""

from __future__ import annotations

from collections.abc import Sequence

from engine.explain import Names
from engine.plyoutcome import Bit, Opens, Rolled, Said, Teller, Verdict, dice, quiet, ruled
from engine.rules.gurps.outcomes_more import MORE
from events import gurps as ge
from events.core import Event, ReactionRequested, Roll

#: An answer to an attack as the defender's line says it (``defend D CHOICE``).
ANSWERS = {
    "dodge": "tries to dodge",
    "parry": "tries to parry",
    "block": "tries to block",
    "none": "takes the hit",
}
#: A defence that stopped the attack.
STOPPED = {"dodge": "dodged", "parry": "parried", "block": "blocked"}


def place(location: str | None) -> str:
    """A hit location in words."""
    return location.replace("_", " ") if location else ""


def margin(roll: Roll) -> str:
    """``made by 3`` / ``missed by 2`` for a roll judged against a skill."""
    if roll.margin is None:
        return ""
    return f"made by {roll.margin}" if roll.margin >= 0 else f"missed by {-roll.margin}"


def _attack(e: ge.AttackDeclared, n: Names) -> Sequence[Bit]:
    flags = [
        text
        for on, text in (
            (e.location is not None, f"at the {place(e.location)}"),
            (e.rof is not None, f"{e.rof} shots"),
            (e.range is not None, f"{e.range} yd"),
            (e.dual is not None, f"{e.dual} hand"),
        )
        if on
    ]
    weapon = f" with the {e.weapon}" if e.weapon else ""
    manner = f" ({', '.join(flags)})" if flags else ""
    at = (e.target, e.behind) if e.behind else (e.target,)
    return [Opens(f"{n(e.actor)} attacks {n(e.target)}{weapon}{manner}", e.actor, at)]


def _attacked(e: ge.AttackRolled, n: Names) -> Sequence[Bit]:
    """The attack roll against the effective skill; its hits wait for the defence."""
    opens = Opens(f"{n(e.actor)} attacks {n(e.target)} with the {e.weapon}", e.actor, (e.target,))
    rolled = Rolled(e.roll.total, e.roll.target, margin(e.roll))
    if not e.hits:
        return [opens, rolled, Verdict("miss")]
    hits = f"{e.hits} of {e.shots} hit" if e.shots > 1 else "hits"
    return [opens, rolled, Verdict(f"{hits} unless defended", provisional=True)]


def _defended(e: ge.DefenseRolled, n: Names) -> Sequence[Bit]:
    what = e.kind + (" retreating" if e.retreat else "") + (" and dropping" if e.drop else "")
    rolled = Rolled(e.roll.total, e.roll.target, margin(e.roll), what=what, answer=True)
    if not e.stopped:
        return [rolled, Verdict("hit")]
    # "stops it", or of several hits "stops 1 of 3"
    return [rolled, Verdict({"stops it": STOPPED[e.kind]}.get(e.reason, e.reason))]


def _injury(e: ge.InjuryApplied, n: Names) -> Sequence[Bit]:
    pool = e.pool.upper()
    said = [Said(f"{n(e.target)} {pool} {e.before} → {e.after}")]
    if e.major:
        said.append(Said("a major wound"))
    return said


def _success(e: ge.SuccessRolled, n: Names) -> Sequence[Bit]:
    return [
        Rolled(e.roll.total, e.roll.target, what=f"{n(e.combatant)}'s {e.what}"),
        Verdict("succeeds" if e.success else "fails"),
    ]


def _contest(e: ge.ContestRolled, n: Names) -> Sequence[Bit]:
    """A Quick Contest is an exchange of its own: each side's roll, then who won."""
    won = f"{n(e.winner)} wins by {e.margin}" if e.winner else "a tie"
    a, p = e.active_roll, e.passive_roll
    return [
        Rolled(a.total, a.target, what=n(e.active)),
        Rolled(p.total, p.target, what=n(e.passive), answer=True),
        Verdict(won),
    ]


def _stun(e: ge.StunChanged, n: Names) -> Sequence[Bit]:
    if e.stun == "none":
        return [Said(f"{n(e.combatant)} is no longer stunned")]
    return [Said(f"{n(e.combatant)} is {e.stun}ly stunned")]


def _row(fn: Teller) -> Teller:
    return fn


OUTCOMES: dict[type[Event], Teller] = {
    ge.FighterResheeted: quiet,  # the core's resheet declaration says it
    ge.ManeuverDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} takes {e.maneuver}"
                + (f" ({e.mode})" if e.mode else "")
                + (f" to {e.posture}" if e.posture else "")
                + (f" on {n(e.target)}" if e.target else ""),
                e.actor,
                (e.target,) if e.target else (),
            )
        ]
    ),
    ge.AttackDeclared: _row(_attack),
    ge.DefendDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.defender)} {ANSWERS[e.choice]}" + (" retreating" if e.retreat else ""),
                e.defender,
            )
        ]
    ),
    ge.FeintDeclared: _row(
        lambda e, n: [Opens(f"{n(e.actor)} feints {n(e.target)}", e.actor, (e.target,))]
    ),
    ge.AimDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} aims" + (f" at {n(e.target)}" if e.target else ""),
                e.actor,
                (e.target,) if e.target else (),
            )
        ]
    ),
    ge.DisarmDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} strikes at {n(e.target)}'s {e.at or 'weapon'}",
                e.actor,
                (e.target,),
            )
        ]
    ),
    ge.GurpsRulingDeclared: _row(ruled),
    ge.FighterReadied: quiet,
    ge.InitiativeRolled: _row(lambda e, n: [Said(f"{n(e.combatant)} {e.speed_quarters / 4:g}")]),
    ge.TurnBegan: quiet,
    ge.ManeuverChosen: quiet,
    ge.PostureChanged: _row(lambda e, n: [Said(f"{n(e.combatant)} is {e.posture}")]),
    ge.SuccessRolled: _row(_success),
    ge.ContestRolled: _row(_contest),
    ge.AimTaken: _row(lambda e, n: [Said(f"aimed {e.seconds} second{'s' * (e.seconds != 1)}")]),
    ge.FeintApplied: _row(
        lambda e, n: [Said(f"{n(e.target)} defends at -{e.penalty} against {n(e.actor)}")]
    ),
    ge.AttackRolled: _row(_attacked),
    ge.DefenseRolled: _row(_defended),
    ge.DefenseDeclined: _row(lambda e, n: [Verdict("hit", settles=True)]),
    ge.LocationRolled: _row(lambda e, n: [Said(place(e.location))]),
    ge.DamageRolled: _row(lambda e, n: [Said(f"{dice(e.roll)} = {e.roll.total} {e.damage_type}")]),
    ge.InjuryApplied: _row(_injury),
    ge.Crippled: _row(lambda e, n: [Said(f"{n(e.combatant)}'s {place(e.location)} crippled")]),
    ge.StunChanged: _row(_stun),
    ge.ShotsSpent: quiet,
    ReactionRequested: _row(lambda e, n: [Said(f"waiting for {n(e.reactor)}'s answer")]),
    **MORE,
}
