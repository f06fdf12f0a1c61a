"""GURPS events in a game master's words, for ``explain`` and ``log``: one row per event type.
The core's events are explained by the core (engine/explain.py)."""

from __future__ import annotations

from collections.abc import Callable

from engine.explain import Namer, roll_text
from engine.rules.gurps.explain_ranged import RANGED_EXPLAIN, attack_flags
from engine.rules.pack import Explainer
from events import gurps as ge
from events.core import Event, ReactionRequested, RoundStarted


def _readied(e: ge.FighterReadied, n: Namer) -> list[str]:
    p = e.profile
    given = f" (from the sheet: {', '.join(p.overridden)})" if p.overridden else ""
    return [
        f"  {p.name}: ST {p.st} DX {p.dx} IQ {p.iq} HT {p.ht}; HP {p.hp} FP {p.fp} Will {p.will} "
        f"Per {p.per}; Basic Speed {p.basic_speed:g}, Move {p.basic_move}; thrust {p.thrust}, "
        f"swing {p.swing}{given}",
        *(
            f"  {w.name}: {w.damage.text} = {w.dice} {w.damage.type}, {w.skill} {w.level}"
            for w in p.weapons
        ),
    ]


def _attack(e: ge.AttackDeclared, n: Namer) -> list[str]:
    weapon = f" with the {e.weapon}" if e.weapon else ""
    flags = [
        f
        for f in (
            f"at the {e.location.replace('_', ' ')}" if e.location else "",
            "a chink" if e.chink else "",
            f"{e.rof} shots" if e.rof else "",
            f"{e.range} yd" if e.range is not None else "",
            "stationary target" if e.stationary else "",
            f"GM {e.mod:+d}" if e.mod else "",
            f"{e.dual} hand of a dual-weapon attack" if e.dual else "",
            f"unseen: {e.sight}" + (", a light in sight" if e.light else "") if e.sight else "",
            f"{e.height:+d} ft" if e.height is not None else "",
            f"the foe cannot see {n.them(e.actor)} ({e.unseen})" if e.unseen else "",
            f"from above ({e.from_above})" if e.from_above else "",
            f"dropping {e.dropping} yd" if e.dropping is not None else "",
        )
        if f
    ] + attack_flags(e, n)
    extra = f" ({', '.join(flags)})" if flags else ""
    answer = ""
    if e.defend:
        answer = f", defender answers {e.defend}" + (" retreating" if e.retreat else "")
    return [f"{n(e.actor)} attacks {n(e.target)}{weapon}{extra}{answer}"]


def _defend(e: ge.DefendDeclared, n: Namer) -> list[str]:
    how = f" with the {e.weapon}" if e.weapon and e.weapon != "hands" else ""
    how += " barehanded" if e.weapon == "hands" or e.skill else ""
    how += f" ({_BARE[e.skill]})" if e.skill else ""
    how += " retreating" if e.retreat else ""
    how += " and drops" if e.drop else ""
    return [f"{n(e.defender)} answers: {e.choice}{how}"]


def _injury(e: ge.InjuryApplied, n: Namer) -> list[str]:
    mult = f"x{e.mult_num}" + (f"/{e.mult_den}" if e.mult_den != 1 else "")
    steps = f" [{'; '.join(e.steps)}]" if e.steps else ""
    lines = [
        f"  injury to {n(e.target)} ({e.location.replace('_', ' ')}): {e.basic} - DR {e.dr} = "
        f"{e.penetrating} penetrating {mult} = {e.amount}{steps}; HP {e.before} -> {e.after}"
    ]
    if e.shock:
        lines.append(
            f"  shock -{e.shock} from this wound on {n.their(e.target)} next turn (wounds add up,"
            " to -4 at most; GURPS-SHOCK)"
        )
    if e.major:
        lines.append("  a MAJOR WOUND (GURPS-MAJOR-WOUND)")
    return lines


def _contest(e: ge.ContestRolled, n: Namer) -> list[str]:
    won = f"{n(e.winner)} wins by {e.margin}" if e.winner else "a tie"
    return [
        f"  {n(e.active)}: {roll_text(e.active_roll)}",
        f"  {n(e.passive)}: {roll_text(e.passive_roll)}",
        f"  Quick Contest: {won} ({e.rule})",
    ]


_VERB = {"dodge": "dodges", "parry": "parries", "block": "blocks"}
#: A barehanded parry's skill in words (GURPS-PARRY-UNARMED).
_BARE = {"judo": "Judo", "karate": "Karate", "boxing": "Boxing", "brawling": "Brawling",
         "wrestling": "Wrestling", "dx": "DX"}  # fmt: skip


def _row(fn: Callable[..., list[str]]) -> Explainer:
    return fn


EXPLAIN: dict[type[Event], Explainer] = {
    ge.ManeuverDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} takes {e.maneuver}"
            + (f" ({e.mode})" if e.mode else "")
            + (f" to {e.posture}" if e.posture else "")
            + (f" on {n(e.target)}" if e.target else "")
        ]
    ),
    ge.AttackDeclared: _row(_attack),
    ge.DefendDeclared: _row(_defend),
    ge.FeintDeclared: _row(lambda e, n: [f"{n(e.actor)} feints {n(e.target)}"]),
    ge.AimDeclared: _row(
        lambda e, n: [f"{n(e.actor)} aims" + (f" at {n(e.target)}" if e.target else "")]
    ),
    ge.FighterReadied: _row(_readied),
    ge.FighterResheeted: _row(_readied),  # the new profile, as a join shows it
    ge.InitiativeRolled: _row(
        lambda e, n: [
            f"  {n(e.combatant)}: Basic Speed {e.speed_quarters / 4:g}, DX {e.dx}, tie-break "
            f"{roll_text(e.roll)}"
        ]
    ),
    ge.TurnBegan: _row(
        lambda e, n: [
            f"  second {e.second}: {n(e.combatant)}'s turn"
            + (f" (shock -{e.shock})" if e.shock else "")
        ]
    ),
    ge.ManeuverChosen: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s maneuver: {e.maneuver}" + (f" ({e.mode})" if e.mode else "")
        ]
    ),
    ge.PostureChanged: _row(
        lambda e, n: [f"  {n(e.combatant)} is now {e.posture}" + (f" ({e.rule})" if e.rule else "")]
    ),
    ge.SuccessRolled: _row(
        lambda e, n: [
            f"  {n(e.combatant)} rolls {e.what}: {roll_text(e.roll)} -> "
            + ("succeeds" if e.success else "fails")
        ]
    ),
    ge.ContestRolled: _row(_contest),
    ge.AimTaken: _row(
        lambda e, n: [f"  {n(e.combatant)} aims the {e.weapon}: {e.seconds} second(s) (GURPS-AIM)"]
    ),
    ge.FeintApplied: _row(
        lambda e, n: [
            f"  {n(e.target)}'s next defence against {n(e.actor)} is at -{e.penalty} (GURPS-FEINT)"
        ]
    ),
    ge.AttackRolled: _row(
        lambda e, n: [
            f"  {n(e.actor)}'s {e.weapon}: {roll_text(e.roll)} -> "
            + (f"HITS ({e.reason})" if e.hits else f"MISSES ({e.reason})")
        ]
    ),
    ge.DefenseRolled: _row(
        lambda e, n: [
            f"  {n(e.defender)} {_VERB[e.kind]}"
            + (f" barehanded ({_BARE.get(e.skill, e.skill)})" if e.skill else "")
            + (" retreating" if e.retreat else "")
            + f": {roll_text(e.roll)} -> {e.reason}"
        ]
    ),
    ge.DefenseDeclined: _row(lambda e, n: [f"  {n(e.defender)} does not defend: {e.reason}"]),
    ge.LocationRolled: _row(
        lambda e, n: [
            f"  hit location: {roll_text(e.roll)}"
            + (f", side {roll_text(e.side)}" if e.side else "")
            + f" -> {e.location.replace('_', ' ')}"
        ]
    ),
    ge.DamageRolled: _row(
        lambda e, n: [
            f"  damage: {roll_text(e.roll)} {e.damage_type}"
            + (f" (armor divisor {e.divisor})" if e.divisor > 1 else "")
        ]
    ),
    ge.InjuryApplied: _row(_injury),
    ge.Crippled: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s {e.location.replace('_', ' ')} is CRIPPLED (GURPS-HITLOC-LIMB)"
        ]
    ),
    ge.StunChanged: _row(
        lambda e, n: [
            f"  {n(e.combatant)} "
            + ("is no longer stunned" if e.stun == "none" else f"is {e.stun}ly stunned")
            + (f" ({e.rule})" if e.rule else "")
        ]
    ),
    ge.ShotsSpent: _row(
        lambda e, n: [f"  {n(e.combatant)}'s {e.weapon}: {e.spent} shot(s), {e.left} left"]
    ),
    ge.SurpriseDeclared: _row(
        lambda e, n: [
            f"The GM rules a {e.kind} surprise on " + ", ".join(n(v) for v in e.victims)
            if e.victims
            else f"The GM rules a {e.kind} surprise: the sides' leaders "
            + " and ".join(n(v) for v in e.leaders)
            + " roll for initiative"
        ]
    ),
    ge.SurpriseApplied: _row(
        lambda e, n: [
            f"  {n(e.combatant)} is surprised ({e.kind}): mentally stunned"
            + (f", frozen {e.frozen} second(s)" if e.frozen else "")
            + (f" (the freeze: {roll_text(e.freeze)})" if e.freeze else "")
            + f" ({e.rule})"
        ]
    ),
    ge.SurpriseTurn: _row(
        lambda e, n: [
            f"  {n(e.combatant)} "
            + (
                (
                    f"is frozen ({e.frozen_left} more second(s))"
                    if e.frozen_left
                    else f"is frozen ({n.their(e.combatant)} last second of it)"
                )
                if not e.attempt
                else ("shakes off the surprise" if e.recovered else "is still surprised")
            )
        ]
    ),
    ge.DisarmDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} strikes at "
            + (f"{n(e.target)}'s {e.at}" if e.at else f"{n(e.target)}'s weapon")
            + (f" with the {e.weapon}" if e.weapon else "")
            + (f", defender answers {e.defend}" if e.defend else "")
        ]
    ),
    ge.WeaponState: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s {e.weapon} is "
            + {"ready": "ready again", "unready": "UNREADY", "dropped": "KNOCKED AWAY"}[e.state]
            + (f" ({e.reason})" if e.reason else "")
        ]
    ),
    **RANGED_EXPLAIN,
    # The core's round is one second (GURPS-SEQUENCE): said in seconds, never rounds and passes.
    RoundStarted: _row(
        lambda e, n: [f"Second {e.round} begins; order: {', '.join(n(c) for c in e.order)}"]
    ),
    ReactionRequested: _row(
        lambda e, n: [
            f"  waiting for {n(e.reactor)}'s answer: "
            f"`fracas defend {e.reactor} {'|'.join([*e.detail.allowed, 'none'])}`"
        ]
    ),
}
