"""Palladium events in a game master's words, for ``explain`` and ``log``."""

from __future__ import annotations

from events import palladium as pe
from events.core import (
    CombatantJoined,
    ConditionChanged,
    EncounterStarted,
    Event,
    JoinDeclared,
    Modifier,
    ReactionRequested,
    ReactionResolved,
    Roll,
    RoundStarted,
    TurnPassed,
)
from projections.state import FightState


def _name(state: FightState, cid: str | None) -> str:
    if cid is None:
        return "nobody"
    c = state.combatants.get(cid)
    return c.name if c else cid


def _mod(m: Modifier) -> str:
    sign = f"x{m.value}" if m.op == "mul" else f"{m.value:+d}"
    rule = f", {m.rule}" if m.rule else ""
    return f"{sign} {m.name} [{m.source}{rule}]"


def roll_text(r: Roll) -> str:
    """``1D20 [14] +2 Hand to Hand… = 16 vs 5 (seed)``."""
    faces = ",".join(map(str, r.faces))
    parts = [f"{r.spec} [{faces}]" if r.faces else f"fixed {r.spec}"]
    parts += [_mod(m) for m in r.modifiers]
    text = " ".join(parts) + f" = {r.total}"
    if r.target is not None:
        text += f" vs {r.target}"
    source = {
        "seed": "seeded dice",
        "physical": "dice entered by hand",
        "mixed": "seeded and entered dice",
    }[r.source]
    return text + f" ({source}{'; ' + r.rule if r.rule else ''})"


def explain(e: Event, s: FightState) -> list[str]:
    """Lines for one event; the state is the one before the ply (for names)."""

    def n(cid: str | None) -> str:
        return _name(s, cid)

    match e:
        case EncounterStarted():
            opts = ", ".join(f"{k}={v}" for k, v in e.options.items())
            return [
                f"Encounter {e.name!r} starts: {e.system} ({e.variant}), seed {e.seed}; "
                f"options: {opts}"
            ]
        case JoinDeclared():
            name = e.sheet.get("name", e.combatant)
            return [f"The GM adds {name} as {e.combatant!r} on side {e.side!r}"]
        case CombatantJoined():
            return []
        case pe.FighterReadied():
            p = e.profile
            apm = sum(m.value for m in p.attacks)
            pools = f"{p.mdc} M.D.C." if p.mdc is not None else f"{p.hp} H.P., {p.sdc} S.D.C."
            armor = ""
            if p.armor is not None:
                armor = f"; armor {p.armor.name} " + (
                    f"{p.armor.mdc} M.D.C."
                    if p.armor.mdc is not None
                    else f"{p.armor.sdc} S.D.C., A.R. {p.armor.ar}"
                )
            sources = ", ".join(_mod(m) for m in p.attacks)
            return [f"  {p.name}: {apm} attacks per melee ({sources}); {pools}{armor}"]
        case pe.InitiativeDeclared():
            return ["The GM calls for initiative"]
        case pe.AttacksRefreshed():
            owed = (
                f" ({e.repaid} taken for dodges made on credit, PAL-ROUND-OUT-OF-ATTACKS)"
                if e.repaid
                else ""
            )
            return [f"  {n(e.combatant)} has {e.apm} attacks this round{owed}"]
        case pe.InitiativeRolled():
            again = f" (tie re-roll {e.attempt - 1})" if e.attempt > 1 else ""
            return [f"  {n(e.combatant)} initiative{again}: {roll_text(e.roll)}"]
        case RoundStarted():
            return [f"Round {e.round} begins; order: {', '.join(n(c) for c in e.order)}"]
        case TurnPassed():
            return [f"-> {n(e.to)} acts next" if e.to else "-> every attack of the round is spent"]
        case pe.StrikeDeclared():
            weapon = f" with {e.weapon}" if e.weapon else " bare-handed"
            answer = f", defender answers {e.defend}" if e.defend else ""
            return [f"{n(e.actor)} strikes at {n(e.target)}{weapon}{answer}"]
        case pe.PowerPunchDeclared():
            blow = "power kick" if e.kick else "power punch"
            return [
                f"{n(e.actor)} winds up a {blow} at {n(e.target)} (2 attacks, lands on the second)"
            ]
        case pe.DefendDeclared():
            weapon = f" with the {e.weapon}" if e.weapon else ""
            return [f"{n(e.defender)} answers: {e.choice}{weapon}"]
        case pe.ActionStarted():
            return [f"  {n(e.actor)} begins a {e.action.replace('_', ' ')} ({e.cost} attacks)"]
        case pe.ActionAbandoned():
            return [f"  {n(e.actor)}'s {e.action.replace('_', ' ')} is abandoned: {e.reason}"]
        case pe.ApmSpent():
            credit = f", {e.owed} from next round" if e.owed else ""
            on = e.on.replace("_", " ")
            return [f"  {n(e.combatant)} spends {e.amount} attack(s) on {on}{credit} ({e.rule})"]
        case pe.StrikeRolled():
            verdict = "HITS unless defended" if e.hits else "MISSES"
            crit = ", CRITICAL" if e.critical else ""
            return [f"  {n(e.actor)} strike: {roll_text(e.roll)} -> {verdict}{crit}: {e.reason}"]
        case ReactionRequested():
            choices = "parry|dodge|none|simultaneous"
            return [f"  waiting for {n(e.reactor)}'s answer: `fracas defend {e.reactor} {choices}`"]
        case ReactionResolved():
            return []
        case pe.DefenseRolled():
            verdict = "succeeds" if e.success else "fails"
            return [f"  {n(e.defender)} {e.kind}: {roll_text(e.roll)} -> {verdict}: {e.reason}"]
        case pe.DefenseDeclined():
            return [f"  {n(e.defender)} does not defend: {e.reason}"]
        case pe.DamageRolled():
            unit = "M.D." if e.unit == "MD" else "S.D.C."
            return [f"  damage to {n(e.target)}: {roll_text(e.roll)} {unit}"]
        case pe.DamageApplied():
            pool = {"armor": "armor", "sdc": "S.D.C.", "hp": "H.P.", "mdc": "M.D.C."}[e.pool]
            return [f"  {n(e.target)} {pool}: {e.before} -> {e.after} (-{e.amount}; {e.rule})"]
        case pe.DamageIgnored():
            return [f"  {n(e.target)} unhurt: {e.reason} ({e.rule})"]
        case ConditionChanged():
            verb = "is now" if e.present else "is no longer"
            return [f"  {n(e.combatant)} {verb} {e.condition} ({e.rule})"]
    return [f"  {type(e).__name__}"]
