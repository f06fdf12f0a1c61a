"""Palladium events in a game master's words, for ``explain`` and ``log``: one row per event
type. The core's events are explained by the core (engine/explain.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.explain import Namer, modifier_text, roll_text
from engine.rules.pack import Explainer
from engine.rules.palladium.purposes import answers
from events import palladium as pe
from events.core import Event, ReactionRequested

_POOLS = {"armor": "armor", "sdc": "S.D.C.", "hp": "H.P.", "mdc": "M.D.C.", "arms": "arms (M.D.C.)"}


def _readied(e: pe.FighterReadied, n: Namer) -> list[str]:
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
    sources = ", ".join(modifier_text(m) for m in p.attacks)
    return [f"  {p.name}: {apm} attacks per melee ({sources}); {pools}{armor}"]


def _refreshed(e: pe.AttacksRefreshed, n: Namer) -> list[str]:
    owed = (
        f" ({e.repaid} taken for attacks owed, PAL-ROUND-OUT-OF-ATTACKS, PAL-HR-DEF-OVERDRAFT)"
        if e.repaid
        else ""
    )
    still = f"; {e.owed} still owed" if e.owed else ""
    split = f", by pass {'/'.join(map(str, e.passes))}" if e.passes else ""
    gained = f" (+{e.credit} gained earlier)" if e.credit else ""
    return [f"  {n(e.combatant)} has {e.apm} attacks this round{split}{gained}{owed}{still}"]


def _shoot(e: pe.ShootDeclared, n: Namer) -> list[str]:
    kind = " ".join(w for w, on in (("aimed", e.aimed), (f"called ({e.called})", e.called)) if on)
    at = f" at {e.range} ft" if e.range is not None else ""
    return [f"{n(e.actor)} shoots {n(e.target)}{at} {kind}".rstrip()]


def _gained(e: pe.AttacksGained, n: Namer) -> list[str]:
    where = {"now": "now", "pass": f"for pass {e.pass_number}", "next_round": "for next round"}
    return [f"  {n(e.combatant)} gains {e.amount} attack(s) {where[e.into]} ({e.rule})"]


def _interrupt(e: pe.InterruptRolled, n: Namer) -> list[str]:
    verdict = "goes first" if e.wins else f"goes after {n(e.against)}'s action"
    return [
        f"  {n(e.interrupter)} interrupt: {roll_text(e.roll)}",
        f"  {n(e.against)}: {roll_text(e.against_roll)}",
        f"  -> {n(e.interrupter)} {verdict} (strictly higher wins, PAL-HR-INTERRUPT)",
    ]


def _spent(e: pe.ApmSpent, n: Namer) -> list[str]:
    credit = f", {e.owed} from later rounds" if e.owed else ""
    if e.later:
        taken = ", ".join(f"pass {i + 1}: {k}" for i, k in enumerate(e.later) if k)
        credit = f", from later passes ({taken})" + credit
    on = e.on.replace("_", " ")
    return [f"  {n(e.combatant)} spends {e.amount} attack(s) on {on}{credit} ({e.rule})"]


#: Strikes nobody defends against: a shot at a missile of a volley (PAL-MSL-SHOOT-DOWN), a
#: grenade's throw (it lands, PAL-HR-GRENADE-SCATTER).
UNANSWERED = frozenset({"at a missile", "grenade"})


def _struck(e: pe.StrikeRolled, n: Namer) -> list[str]:
    verdict = ("HITS" if e.action in UNANSWERED else "HITS unless defended") if e.hits else "MISSES"
    crit = ", CRITICAL" if e.critical else ""
    return [f"  {n(e.actor)} strike: {roll_text(e.roll)} -> {verdict}{crit}: {e.reason}"]


def _setback(e: pe.NaturalOneSetback, n: Namer) -> list[str]:
    outcome = {True: "it hits all the same", False: "it misses", None: "hit or miss"}[e.hits]
    return [
        f"  SETBACK: a natural 1 on {n(e.actor)}'s {e.action} ({outcome}): something goes "
        "wrong; the GM narrates it (a jam, a snapped bowstring, a weapon dropped or damaged …)"
        f" and rules what it costs ({e.rule})"
    ]


def _strike(e: pe.StrikeDeclared, n: Namer) -> list[str]:
    weapon = f" with {e.weapon}" if e.weapon else " bare-handed"
    if e.move is not None:
        weapon = f" with a {e.move.replace('-', ' ')}"
    how = [
        text
        for flag, text in (
            (e.from_behind, "from behind"),
            (e.unseen, "unseen"),
            (e.pull is not None, f"pulling the blow to {e.pull}"),
            (e.death_blow, "a death blow at will, two attacks"),
            (e.called is not None, f"called: {e.called}"),
            (e.at_weapon, "at a weapon in hand"),
        )
        if flag
    ]
    manner = f" ({', '.join(how)})" if how else ""
    answer = f", defender answers {e.defend}" if e.defend else ""
    return [f"{n(e.actor)} strikes at {n(e.target)}{weapon}{manner}{answer}"]


def _pulled(e: pe.PullRolled, n: Namer) -> list[str]:
    verdict = f"holds the blow to {e.limit}" if e.success else "cannot hold it back: full damage"
    return [f"  {n(e.actor)} pulls the blow: {roll_text(e.roll)} -> {verdict}"]


def _surprise(e: pe.SurpriseDeclared, n: Namer) -> list[str]:
    aware = f"; aware: {', '.join(n(c) for c in e.aware)}" if e.aware else ""
    return [f"Surprise by {', '.join(n(c) for c in e.attackers)}{aware}"]


def _initiative(e: pe.MeleeRoundDeclared, n: Namer) -> list[str]:
    named = (("ambush", e.ambush), ("unseen", e.unseen), ("long range", e.long_range))
    auto = [f"{what}: {', '.join(n(c) for c in ids)}" for what, ids in named if ids]
    return ["The GM calls for initiative" + (f" ({'; '.join(auto)})" if auto else "")]


#: A pending reaction's kind -> the command that answers it (``{}``: who answers).
ACTIVATE = "`fracas activate {} knockout|death-blow|no` (PAL-DMG-KO, PAL-DMG-DEATHBLOW)"


def _waiting(e: ReactionRequested[Any], n: Namer) -> list[str]:
    """What the fight waits for: the answers the pending strike takes (``purposes.py``); a
    volley's missiles still coming."""
    if e.kind == "activate":
        return [f"  waiting for {n(e.reactor)}'s answer: " + ACTIVATE.format(e.reactor)]
    purpose = getattr(e.detail, "purpose", "")
    said = f"`fracas defend {e.reactor} {'|'.join(answers(purpose))}`"
    volley = getattr(e.detail, "volley", None)
    if volley is not None:
        said += f"; {volley.left} of {volley.launched} missile(s) still coming"
        said += f", blast radius {volley.radius} ft" if volley.radius else ""
    return [f"  waiting for {n(e.reactor)}'s answer: {said}"]


def _row(fn: Callable[..., list[str]]) -> Explainer:
    return fn


EXPLAIN: dict[type[Event], Explainer] = {
    pe.MeleeRoundDeclared: _row(_initiative),
    pe.FighterReadied: _row(_readied),
    pe.FighterResheeted: _row(_readied),  # the new profile, as a join shows it
    pe.AttacksRefreshed: _row(_refreshed),
    pe.InitiativeRolled: _row(
        lambda e, n: [
            f"  {n(e.combatant)} initiative"
            + (f" (tie re-roll {e.attempt - 1})" if e.attempt > 1 else "")
            + (
                "; a fixed initiative rolls only to break the tie (fixed_initiative_ties)"
                if e.fixed
                else ""
            )
            + f": {roll_text(e.roll)}"
        ]
    ),
    pe.SurpriseDeclared: _row(_surprise),
    pe.ShootDeclared: _row(_shoot),
    pe.ActDeclared: _row(
        lambda e, n: [f"{n(e.actor)}: {e.note} ({'psionic' if e.psionic else f'{e.cost} attacks'})"]
    ),
    pe.TurnBegan: _row(
        lambda e, n: [
            f"  {n(e.combatant)} has {e.apm} attack(s) for pass {e.pass_number}"
            + (f"; {e.vanished} left over vanish (PAL-HR-APM-RESET)" if e.vanished else "")
        ]
    ),
    pe.AttacksGained: _row(_gained),
    pe.InitiativeLost: _row(
        lambda e, n: [
            f"  {n(e.combatant)} loses initiative: "
            f"{'initiative 0 now' if e.when == 'now' else 'initiative 0 next round'} "
            f"({e.rule}; {e.reason})"
        ]
    ),
    pe.InterruptRolled: _row(_interrupt),
    pe.ActionCompleted: _row(lambda e, n: [f"  {n(e.actor)} completes: {e.note or e.action}"]),
    pe.Healed: _row(
        lambda e, n: [f"  {n(e.target)} {_POOLS[e.pool]}: {e.before} -> {e.after} (+{e.amount})"]
    ),
    pe.StrikeDeclared: _row(_strike),
    pe.PowerPunchDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} winds up a {'power kick' if e.kick else 'power punch'} at "
            f"{n(e.target)} (2 attacks, lands on the second)"
        ]
    ),
    pe.ActionStarted: _row(
        lambda e, n: [
            f"  {n(e.actor)} begins: {e.note or e.action.replace('_', ' ')} "
            f"({e.cost} attacks, lands on the last)"
        ]
    ),
    pe.ActionAbandoned: _row(
        lambda e, n: [f"  {n(e.actor)}'s {e.action.replace('_', ' ')} is abandoned: {e.reason}"]
    ),
    pe.ApmSpent: _row(_spent),
    pe.StrikeRolled: _row(_struck),
    ReactionRequested: _row(_waiting),
    pe.BodyFlipDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} throws {n(e.target)}"
            + (f", defender answers {e.defend}" if e.defend else "")
        ]
    ),
    pe.ActivateDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} "
            + ("lets the chance go" if e.choice == "no" else f"makes it a {e.choice}")
        ]
    ),
    pe.BlowLanded: _row(
        lambda e, n: [
            f"  {e.blow.replace('-', ' ').upper()} by {n(e.actor)} on {n(e.target)}: {e.note}"
            + (f" ({roll_text(e.roll)})" if e.roll is not None else f" ({e.rule})")
        ]
    ),
    pe.DefenseRolled: _row(
        lambda e, n: [
            f"  {n(e.defender)} {e.kind}: {roll_text(e.roll)} -> "
            f"{'succeeds' if e.success else 'fails'}: {e.reason}"
        ]
    ),
    pe.DefenseDeclined: _row(lambda e, n: [f"  {n(e.defender)} does not defend: {e.reason}"]),
    pe.PullRolled: _row(_pulled),
    pe.ParryLimitReset: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s turn: {n.they(e.combatant)} may parry three new attackers "
            "(PAL-DEF-MULTI-3)"
        ]
    ),
    pe.DamageRolled: _row(
        lambda e, n: [
            f"  damage to {n(e.target)}: {roll_text(e.roll)} "
            f"{'M.D.' if e.unit == 'MD' else 'S.D.C.'}"
        ]
    ),
    pe.DamageApplied: _row(
        lambda e, n: [
            f"  {n(e.target)} {_POOLS[e.pool]}: {e.before} -> {e.after} (-{e.amount}; {e.rule})"
        ]
    ),
    pe.DamageIgnored: _row(lambda e, n: [f"  {n(e.target)} unhurt: {e.reason} ({e.rule})"]),
    pe.NaturalOneSetback: _row(_setback),
}

__all__: list[Any] = ["EXPLAIN"]
