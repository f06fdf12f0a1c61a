"""Basic Roleplaying events in a game master's words, for ``explain`` and ``log``: one row per
event type. The core's events are explained by the core (engine/explain.py)."""

from __future__ import annotations

from collections.abc import Callable

from engine.explain import Namer, roll_text
from engine.rules.pack import Explainer
from events import brp as be
from events.core import Event, ReactionRequested


def _readied(e: be.FighterReadied, n: Namer) -> list[str]:
    p = e.profile
    chars = " ".join(f"{k.upper()} {v}" for k, v in p.characteristics.items())
    db = p.damage_modifier or "none"
    given = f" (from the sheet: {', '.join(p.overridden)})" if p.overridden else ""
    locations = ", ".join(f"{loc.replace('_', ' ')} {hp}" for loc, hp in p.locations.items())
    return [
        f"  {p.name}: {chars}; HP {p.hp}, damage modifier {db}, DEX rank {p.dex_rank}{given}",
        f"  HP by location (with hit locations on): {locations}",
    ]


def _attack(e: be.AttackDeclared, n: Namer) -> list[str]:
    weapon = f" with the {e.weapon}" if e.weapon else ""
    flags = [
        k
        for k in (
            "burst",
            "autofire",
            "volley",
            "knockout",
            "knockback",
            "disarm",
            "entangle",
            "backstab",
            "superior",
            "split",
            "inside",
        )
        if getattr(e, k)
    ]
    if e.aim:
        flags.append(f"aims {e.aim} ranks")
    if e.location:
        flags.append(f"at the {e.location.replace('_', ' ')}")
    if e.range is not None:
        flags.append(f"{e.range} m")
    extra = f" ({', '.join(flags)})" if flags else ""
    answer = f", defender answers {e.defend}" if e.defend else ""
    return [f"{n(e.actor)} attacks {n(e.target)}{weapon}{extra}{answer}"]


def _attack_rolled(e: be.AttackRolled, n: Namer) -> list[str]:
    verdict = "HITS unless defended" if e.hits else "MISSES"
    shots = f" ({e.shots} shots)" if e.shots > 1 else ""
    return [f"  {n(e.actor)} attack{shots}: {roll_text(e.roll)} -> {verdict}: {e.reason}"]


def _applied(e: be.DamageApplied, n: Namer) -> list[str]:
    loc = ""
    if e.location is not None:
        loc = f"; {e.location.replace('_', ' ')} {e.location_before} -> {e.location_after}"
    rule = f" ({e.rule})" if e.rule else ""
    return [f"  {n(e.target)} HP {e.before} -> {e.after} (-{e.amount}{loc}){rule}"]


def _exposure(e: be.ExposureChanged, n: Namer) -> list[str]:
    if not e.present:
        return [f"  {n(e.combatant)} is out of the {e.hazard.replace('_', ' ')} ({e.rule})"]
    state = []
    if e.breath:
        state.append(f"next breath roll CON x{e.breath}")
    if e.failed:
        state.append("out of breath: damage each round")
    if e.armor_rounds:
        state.append(f"armor keeps it off {e.armor_rounds} more round(s)")
    more = f": {'; '.join(state)}" if state else ""
    return [f"  {n(e.combatant)} is in the {e.hazard.replace('_', ' ')}{more} ({e.rule})"]


def _row(fn: Callable[..., list[str]]) -> Explainer:
    return fn


EXPLAIN: dict[type[Event], Explainer] = {
    be.AttackDeclared: _row(_attack),
    be.DefendDeclared: _row(
        lambda e, n: [
            f"{n(e.defender)} answers: {e.choice}" + (f" with the {e.weapon}" if e.weapon else "")
        ]
    ),
    be.DrawDeclared: _row(lambda e, n: [f"{n(e.actor)} draws the {e.weapon}"]),
    be.ReloadDeclared: _row(lambda e, n: [f"{n(e.actor)} reloads the {e.weapon}"]),
    be.StandDeclared: _row(
        lambda e, n: [f"{n(e.actor)} gets up" + (" with a dodge" if e.dodge else "")]
    ),
    be.IntentDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} states: {e.intent}" + (f" at {n(e.target)}" if e.target else "")
        ]
    ),
    be.PowerDeclared: _row(lambda e, n: [f"{n(e.actor)} (powers phase): {e.note}"]),
    be.ActDeclared: _row(lambda e, n: [f"{n(e.actor)}: {e.note} ({e.ranks} DEX ranks)"]),
    be.AmbushDeclared: _row(
        lambda e, n: [
            f"Ambush by {', '.join(n(c) for c in e.attackers)}"
            + (" with missiles" if e.missile else "")
            + (", seen" if e.seen else "")
        ]
    ),
    be.SurpriseDeclared: _row(lambda e, n: [f"Both sides surprised: everyone rolls {e.sense}"]),
    be.ExplodeDeclared: _row(
        lambda e, n: [
            f"{'An area attack' if e.area else 'An explosion'} of {e.damage}: " + ", ".join(e.at)
        ]
    ),
    be.ExposeDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} is exposed to {e.hazard.replace('_', ' ')}"
            + (" by surprise" if e.surprised else "")
        ]
    ),
    be.EscapeDeclared: _row(lambda e, n: [f"{n(e.actor)} escapes {e.hazard or 'the hazard'}"]),
    be.DesperateDeclared: _row(lambda e, n: [f"{n(e.actor)} tries a desperate action"]),
    be.FighterReadied: _row(_readied),
    be.FighterResheeted: _row(_readied),  # the new profile, as a join shows it
    be.RoundRefreshed: _row(lambda e, n: [f"  {n(e.combatant)} acts at DEX rank {e.rank}"]),
    be.SkillRolled: _row(
        lambda e, n: [
            f"  {n(e.combatant)} {e.skill}: {roll_text(e.roll)}"
            f" -> {'succeeds' if e.success else 'fails'}"
        ]
    ),
    be.ResistanceRolled: _row(
        lambda e, n: [
            f"  resistance, {e.active} against {e.passive}: {roll_text(e.roll)}"
            f" -> {'the active side wins' if e.success else 'resisted'}"
            + (f": {e.note}" if e.note else "")
            + f" ({e.rule})"
        ]
    ),
    be.AttackRolled: _row(_attack_rolled),
    be.DefenseRolled: _row(
        lambda e, n: [
            f"  {n(e.defender)} {e.kind}: {roll_text(e.roll)} -> "
            f"{'stops it' if e.stops else 'does not stop it'}: {e.reason}"
        ]
    ),
    be.DefenseDeclined: _row(lambda e, n: [f"  {n(e.defender)} does not defend: {e.reason}"]),
    be.HitsRolled: _row(
        lambda e, n: [f"  hits of {e.shots} shots: {roll_text(e.roll)} -> {e.hits} hit"]
    ),
    be.BlastSplit: _row(
        lambda e, n: [
            f"  the blast strikes {n(e.target)} in {e.locations} places: {roll_text(e.roll)}"
        ]
    ),
    be.LocationRolled: _row(
        lambda e, n: [
            f"  hit location: {e.location.replace('_', ' ')}"
            + (f" ({roll_text(e.roll)}, {e.reason})" if e.roll else f" ({e.reason})")
        ]
    ),
    be.DamageRolled: _row(
        lambda e, n: [
            f"  damage to {n(e.target)}: {roll_text(e.roll)}"
            + (f" [{e.effect}]" if e.effect else "")
        ]
    ),
    be.ArmorRolled: _row(
        lambda e, n: [
            f"  {n(e.target)}'s armor: "
            + (f"none ({e.ignored})" if e.ignored else roll_text(e.roll))
        ]
    ),
    be.DamageApplied: _row(_applied),
    be.Healed: _row(lambda e, n: [f"  {n(e.target)} HP {e.before} -> {e.after} (+{e.amount})"]),
    be.WeaponChanged: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s {e.weapon}: "
            + ", ".join(
                p
                for p in (
                    ("in hand" if e.drawn else "not in hand"),
                    (f"{e.shots} shots" if e.shots else ""),
                    (f"HP {e.hp}" if e.hp is not None else ""),
                    ("BROKEN" if e.broken else ""),
                )
                if p
            )
            + (f" ({e.reason})" if e.reason else "")
        ]
    ),
    be.ActionUsed: _row(lambda e, n: [f"  {n(e.combatant)} uses the round's {e.action}"]),
    ReactionRequested: _row(
        lambda e, n: [
            f"  waiting for {n(e.reactor)}'s answer: "
            f"`fracas defend {e.reactor} {'|'.join([*e.detail.allowed, 'none'])}`"
        ]
    ),
    be.IntentStated: _row(lambda e, n: []),
    be.AimStarted: _row(lambda e, n: [f"  {n(e.actor)} aims: the shot comes at DEX rank {e.at}"]),
    be.AimEnded: _row(
        lambda e, n: [
            f"  {n(e.actor)}'s aim " + (f"is lost: {e.reason}" if e.lost else f"ends: {e.reason}")
        ]
    ),
    be.ExposureChanged: _row(_exposure),
    be.FirstStrike: _row(
        lambda e, n: [
            f"  {n(e.interrupter)} {'strikes first' if e.wins else 'does not strike first'}"
            f": {e.reason} ({e.rule})"
        ]
    ),
    be.KnockedBack: _row(lambda e, n: [f"  {n(e.target)} is knocked back {e.metres} m ({e.rule})"]),
}
