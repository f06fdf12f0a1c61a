"""Basic Roleplaying plies at a glance: what each of the pack's events adds to a ply's outcome
line (engine/plyoutcome.py), one row per event type: the attack's percentile roll against the
skill and its tier, the parry or dodge against its own, hit or miss, where it landed, the
damage, and the hit points it took."""

from __future__ import annotations

from collections.abc import Sequence

from engine.explain import Names
from engine.plyoutcome import Bit, Opens, Rolled, Said, Teller, Verdict, dice, quiet
from events import brp as be
from events.core import Event, ReactionRequested

#: An answer to an attack as the defender's line says it (``defend D CHOICE``).
ANSWERS = {"parry": "tries to parry", "dodge": "tries to dodge", "none": "takes the hit"}
#: A defence that stopped the attack.
STOPPED = {"parry": "parried", "dodge": "dodged"}


def _place(location: str | None) -> str:
    return location.replace("_", " ") if location else ""


def _attack(e: be.AttackDeclared, n: Names) -> Sequence[Bit]:
    flags = [
        text
        for on, text in (
            (e.aim > 0, f"aiming {e.aim} ranks"),
            (e.location is not None, f"at the {_place(e.location)}"),
            (e.burst, "a burst"),
            (e.autofire, "autofire"),
            (e.volley, "a volley"),
            (e.knockout, "to knock out"),
            (e.range is not None, f"{e.range} m"),
        )
        if on
    ]
    weapon = f" with the {e.weapon}" if e.weapon else ""
    manner = f" ({', '.join(flags)})" if flags else ""
    return [Opens(f"{n(e.actor)} attacks {n(e.target)}{weapon}{manner}", e.actor, (e.target,))]


def _attacked(e: be.AttackRolled, n: Names) -> Sequence[Bit]:
    """The attack roll against the skill, with its tier; a success waits for the answer. At
    an aimed shot's rank it opens the line that the aim's end began (``AimEnded``)."""
    shots = f" ({e.shots} shots)" if e.shots > 1 else ""
    opens = Opens(f"{n(e.actor)} attacks {n(e.target)}{shots}", e.actor, (e.target,))
    verdict = Verdict("hits unless defended", provisional=True) if e.hits else Verdict("miss")
    return [opens, Rolled(e.roll.total, e.roll.target, e.tier), verdict]


def _defended(e: be.DefenseRolled, n: Names) -> Sequence[Bit]:
    rolled = Rolled(e.roll.total, e.roll.target, e.tier, what=e.kind, answer=True)
    return [rolled, Verdict(STOPPED[e.kind] if e.stops else "hit")]


def _damage(e: be.DamageRolled, n: Names) -> Sequence[Bit]:
    effect = f" ({e.effect})" if e.effect else ""  # a slash's dice twice, a shield taking it
    return [Said(f"damage {dice(e.roll)} = {e.roll.total}{effect}")]


def _applied(e: be.DamageApplied, n: Names) -> Sequence[Bit]:
    where = ""
    if e.location is not None:
        where = f" ({_place(e.location)} {e.location_before} → {e.location_after})"
    return [Said(f"{n(e.target)} HP {e.before} → {e.after}{where}")]


def _aim_ended(e: be.AimEnded, n: Names) -> Sequence[Bit]:
    if e.lost:
        return [Said(f"{n(e.actor)}'s aim is lost: {e.reason}")]
    return [Opens(f"{n(e.actor)}'s aimed attack goes off", e.actor)]


def _weapon(e: be.WeaponChanged, n: Names) -> Sequence[Bit]:
    return [Said(f"{n(e.combatant)}'s {e.weapon} breaks")] if e.broken else []


def _exposure(e: be.ExposureChanged, n: Names) -> Sequence[Bit]:
    hazard = e.hazard.replace("_", " ")
    if not e.present:
        return [Said(f"{n(e.combatant)} is out of the {hazard}")]
    return [Said(f"{n(e.combatant)} is in the {hazard}")]


def _row(fn: Teller) -> Teller:
    return fn


OUTCOMES: dict[type[Event], Teller] = {
    be.AttackDeclared: _row(_attack),
    be.DefendDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.defender)} {ANSWERS[e.choice]}"
                + (f" with the {e.weapon}" if e.weapon else ""),
                e.defender,
            )
        ]
    ),
    be.DrawDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} draws the {e.weapon}", e.actor)]),
    be.ReloadDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} reloads the {e.weapon}", e.actor)]),
    be.StandDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} gets up" + (" with a dodge" if e.dodge else ""), e.actor)
        ]
    ),
    be.IntentDeclared: _row(
        lambda e, n: [
            Opens(
                f"{n(e.actor)} states: {e.intent}" + (f" at {n(e.target)}" if e.target else ""),
                e.actor,
                (e.target,) if e.target else (),
            )
        ]
    ),
    be.PowerDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} uses a power, {e.note!r}", e.actor)]),
    be.ActDeclared: _row(lambda e, n: [Opens(f"{n(e.actor)} does {e.note!r}", e.actor)]),
    be.AmbushDeclared: _row(
        lambda e, n: [
            Opens(f"Ambush by {', '.join(n(c) for c in e.attackers)}", at=tuple(e.attackers))
        ]
    ),
    be.SurpriseDeclared: _row(
        lambda e, n: [Opens(f"Both sides surprised: everyone rolls {e.sense}")]
    ),
    be.ExplodeDeclared: _row(
        lambda e, n: [Opens(f"{'An area attack' if e.area else 'An explosion'} of {e.damage}")]
    ),
    be.ExposeDeclared: _row(
        lambda e, n: [
            Opens(f"{n(e.actor)} is exposed to {e.hazard.replace('_', ' ')}", at=(e.actor,))
        ]
    ),
    be.EscapeDeclared: _row(
        lambda e, n: [Opens(f"{n(e.actor)} escapes {e.hazard or 'the hazard'}", e.actor)]
    ),
    be.DesperateDeclared: _row(
        lambda e, n: [Opens(f"{n(e.actor)} tries a desperate action", e.actor)]
    ),
    be.FighterReadied: quiet,
    be.FighterResheeted: quiet,  # the core's resheet declaration says it
    be.RoundRefreshed: quiet,
    be.ActionUsed: quiet,
    be.IntentStated: quiet,
    be.SkillRolled: _row(
        lambda e, n: [
            Rolled(
                e.roll.total, e.roll.target, e.roll.tier or "", what=f"{n(e.combatant)}'s {e.skill}"
            ),
            Verdict("succeeds" if e.success else "fails"),
        ]
    ),
    be.ResistanceRolled: _row(
        lambda e, n: [
            Rolled(e.roll.total, e.roll.target, what=f"{e.active} vs {e.passive}"),
            Verdict("overcomes" if e.success else "resisted"),
        ]
    ),
    be.AttackRolled: _row(_attacked),
    be.DefenseRolled: _row(_defended),
    be.DefenseDeclined: _row(lambda e, n: [Verdict("hit", settles=True)]),
    be.HitsRolled: _row(lambda e, n: [Said(f"{e.hits} of {e.shots} shots hit")]),
    be.BlastSplit: _row(lambda e, n: [Said(f"over {e.locations} locations")]),
    be.LocationRolled: _row(lambda e, n: [Said(_place(e.location))]),
    be.DamageRolled: _row(_damage),
    be.ArmorRolled: _row(lambda e, n: [] if e.ignored else [Said(f"armor stops {e.roll.total}")]),
    be.DamageApplied: _row(_applied),
    be.Healed: _row(lambda e, n: [Said(f"{n(e.target)} HP {e.before} → {e.after}")]),
    be.WeaponChanged: _row(_weapon),
    be.AimStarted: _row(lambda e, n: [Said(f"the shot comes at DEX rank {e.at}")]),
    be.AimEnded: _row(_aim_ended),
    be.ExposureChanged: _row(_exposure),
    be.FirstStrike: _row(
        lambda e, n: [
            Said(f"{n(e.interrupter)} strikes first" if e.wins else f"{n(e.against)} strikes first")
        ]
    ),
    be.KnockedBack: _row(lambda e, n: [Said(f"{n(e.target)} knocked back {e.metres} m")]),
    ReactionRequested: _row(lambda e, n: [Said(f"waiting for {n(e.reactor)}'s answer")]),
}
