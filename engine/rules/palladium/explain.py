"""Palladium events in a game master's words, for ``explain`` and ``log``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules import options_summary
from engine.rules.palladium.options import OptionError, options_for
from events import palladium as pe
from events.core import (
    CombatantJoined,
    ConditionChanged,
    CutInQueued,
    EncounterStarted,
    Event,
    JoinDeclared,
    Modifier,
    OrderChanged,
    PassStarted,
    ReactionRequested,
    ReactionResolved,
    Roll,
    RoundStarted,
    RulingDeclared,
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
    if not r.faces:
        return text + (f" (no die rolled; {r.rule})" if r.rule else " (no die rolled)")
    source = {
        "seed": "seeded dice",
        "physical": "dice entered by hand",
        "mixed": "seeded and entered dice",
    }[r.source]
    return text + f" ({source}{'; ' + r.rule if r.rule else ''})"


def options_text(variant: str, chosen: Mapping[str, Any]) -> str:
    """The encounter's options as they differ from the variant's defaults."""
    try:
        defaults = options_for(variant, {})
    except OptionError:  # an unknown variant in an old file: list them all
        defaults = {}
    return options_summary(variant, defaults, chosen)


def explain(e: Event, s: FightState) -> list[str]:
    """Lines for one event; the state is the one before the ply (for names)."""

    def n(cid: str | None) -> str:
        return _name(s, cid)

    match e:
        case EncounterStarted():
            return [
                f"Encounter {e.name!r} starts: {e.system} ({e.variant}), seed {e.seed}; "
                f"options: {options_text(e.variant, e.options)}"
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
                f" ({e.repaid} taken for attacks owed, PAL-ROUND-OUT-OF-ATTACKS, "
                "PAL-HR-DEF-OVERDRAFT)"
                if e.repaid
                else ""
            )
            still = f"; {e.owed} still owed" if e.owed else ""
            split = f", by pass {'/'.join(map(str, e.passes))}" if e.passes else ""
            gained = f" (+{e.credit} gained earlier)" if e.credit else ""
            return [
                f"  {n(e.combatant)} has {e.apm} attacks this round{split}{gained}{owed}{still}"
            ]
        case pe.InitiativeRolled():
            again = f" (tie re-roll {e.attempt - 1})" if e.attempt > 1 else ""
            return [f"  {n(e.combatant)} initiative{again}: {roll_text(e.roll)}"]
        case RoundStarted():
            kind = f" ({e.label})" if e.label else ""
            passes = f", {e.passes} pass{'es' if e.passes > 1 else ''}" if e.passes else ""
            order = ", ".join(n(c) for c in e.order)
            return [f"Round {e.round}{kind} begins{passes}; order: {order}"]
        case PassStarted():
            return [f"Pass {e.number} of round {e.round} begins (PAL-HR-ROUND-PASSES)"]
        case OrderChanged():
            return [f"  order now: {', '.join(n(c) for c in e.order)} ({e.reason})"]
        case CutInQueued():
            return [f"  {n(e.combatant)} goes right after the current action"]
        case TurnPassed():
            if e.cut_in:
                return [f"-> {n(e.to)} cuts in"]
            if e.to is None:
                return ["-> every turn of the round is over"]
            back = " (after the cut-in)" if e.resumed else ""
            return [f"-> {n(e.to)} acts{back}"]
        case RulingDeclared():
            about = f" on {n(e.combatant)}" if e.combatant else ""
            effects = ", ".join(f"{k}={v}" for k, v in e.effects.items())
            text = f": {e.text}" if e.text else ""
            rule = f" ({e.rule})" if e.rule else ""
            return [f"GM ruling{about}{text}{rule}" + (f" [{effects}]" if effects else "")]
        case pe.SurpriseDeclared():
            aware = f"; aware: {', '.join(n(c) for c in e.aware)}" if e.aware else ""
            return [f"Surprise by {', '.join(n(c) for c in e.attackers)}{aware}"]
        case pe.ShootDeclared():
            kind = " ".join(
                w for w, on in (("aimed", e.aimed), (f"called ({e.called})", e.called)) if on
            )
            at = f" at {e.range} ft" if e.range is not None else ""
            return [f"{n(e.actor)} shoots {n(e.target)}{at} {kind}".rstrip()]
        case pe.ActDeclared():
            cost = "psionic" if e.psionic else f"{e.cost} attacks"
            return [f"{n(e.actor)}: {e.note} ({cost})"]
        case pe.PassDeclared():
            return [f"{n(e.actor)} passes" if e.actor else "The GM ends the turn"]
        case pe.HoldDeclared():
            return [f"{n(e.actor)} holds his action until {e.trigger!r} (PAL-HR-HOLD)"]
        case pe.ReleaseDeclared():
            return [f"{n(e.actor)}'s trigger comes: he acts now"]
        case pe.InterruptDeclared():
            against = f" {n(e.against)}" if e.against else ""
            return [f"{n(e.actor)} tries to interrupt{against}"]
        case pe.CounterDeclared():
            return [f"{n(e.actor)} counters (PAL-HR-COUNTER)"]
        case pe.TurnBegan():
            gone = f"; {e.vanished} left over vanish (PAL-HR-APM-RESET)" if e.vanished else ""
            return [f"  {n(e.combatant)} has {e.apm} attack(s) for pass {e.pass_number}{gone}"]
        case pe.AttacksGained():
            where = {
                "now": "now",
                "pass": f"for pass {e.pass_number}",
                "next_round": "for next round",
            }[e.into]
            return [f"  {n(e.combatant)} gains {e.amount} attack(s) {where} ({e.rule})"]
        case pe.InitiativeLost():
            when = "initiative 0 now" if e.when == "now" else "initiative 0 next round"
            return [f"  {n(e.combatant)} loses initiative: {when} ({e.rule}; {e.reason})"]
        case pe.ActionHeld():
            return [f"  {n(e.combatant)} waits for: {e.trigger}"]
        case pe.HoldEnded():
            verb = "released" if e.released else "lapses"
            return [f"  {n(e.combatant)}'s held action {verb}: {e.reason}"]
        case pe.InterruptRolled():
            verdict = "goes first" if e.wins else f"goes after {n(e.against)}'s action"
            return [
                f"  {n(e.interrupter)} interrupt: {roll_text(e.roll)}",
                f"  {n(e.against)}: {roll_text(e.against_roll)}",
                f"  -> {n(e.interrupter)} {verdict} (strictly higher wins, PAL-HR-INTERRUPT)",
            ]
        case pe.ActionCompleted():
            return [f"  {n(e.actor)} completes: {e.note or e.action}"]
        case pe.Healed():
            pool = {"armor": "armor", "sdc": "S.D.C.", "hp": "H.P.", "mdc": "M.D.C."}[e.pool]
            return [f"  {n(e.target)} {pool}: {e.before} -> {e.after} (+{e.amount})"]
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
            what = e.note or e.action.replace("_", " ")
            return [f"  {n(e.actor)} begins: {what} ({e.cost} attacks, lands on the last)"]
        case pe.ActionAbandoned():
            return [f"  {n(e.actor)}'s {e.action.replace('_', ' ')} is abandoned: {e.reason}"]
        case pe.ApmSpent():
            credit = f", {e.owed} from later rounds" if e.owed else ""
            if e.later:
                taken = ", ".join(f"pass {i + 1}: {k}" for i, k in enumerate(e.later) if k)
                credit = f", from later passes ({taken})" + credit
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
            lasts = f" for {e.rounds} round(s)" if e.present and e.rounds else ""
            rule = f" ({e.rule})" if e.rule else ""
            return [f"  {n(e.combatant)} {verb} {e.condition}{lasts}{rule}"]
    return [f"  {type(e).__name__}"]
