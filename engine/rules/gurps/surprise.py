"""Surprise (GURPS-SURPRISE-GRANT, GURPS-SURPRISE-TOTAL, GURPS-SURPRISE-CR,
GURPS-SURPRISE-PARTIAL-RECOVER).

The GM rules who is surprised (`fracas surprise total|partial --victims …`). A total surprise
freezes its victims for 1d seconds (one roll for them all): mentally stunned, they do nothing
and roll nothing; after that each rolls against his basic IQ at the start of each of his
turns, doing nothing that turn either way, free of the stun from its end on a success. Combat
Reflexes never freezes — a total surprise is a partial one for him — and adds +6 to every
recovery roll. A partial surprise stuns without a freeze, and its recovery rolls grow +1 with
each roll after the first. A partial surprise may be settled by the sides' initiative
(GURPS-INIT-PARTIAL, `surprise partial --leaders A --leaders B`): each leader rolls 1d with his
side's modifiers; the losing side is surprised, a tie surprises nobody.

One implementation: the arithmetic is ``situations/surprise.py``'s (who freezes, for how long,
each recovery roll's modifiers, the sides' initiative modifiers and winner); this module rolls
the dice and writes the events.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.common import fighter, has
from engine.rules.gurps.options import opts
from engine.rules.gurps.resolution import succeeded, success_roll
from engine.rules.gurps.situations import surprise as ss
from engine.rules.pack import Decision
from engine.turns import known
from events.core import Event
from events.gurps import (
    ManeuverChosen,
    PartialInitiativeRolled,
    StunChanged,
    SuccessRolled,
    SurpriseApplied,
    SurpriseDeclared,
    SurpriseTurn,
)
from projections.state import FightState

_INIT = "GURPS-INIT-PARTIAL"
#: The rule a recovery roll cites, by the surprise it recovers from.
RECOVERY_RULE = {"total": "GURPS-SURPRISE-TOTAL", "partial": "GURPS-SURPRISE-PARTIAL-RECOVER"}


def decide_surprise(state: FightState, d: SurpriseDeclared, dice: Dice) -> Decision:
    """The GM's surprise: each victim's stun and freeze, or the sides' initiative first (see
    the module docstring)."""
    if d.leaders:
        return _initiative(state, d, dice)
    if not d.victims:
        raise UsageError("name who is surprised: --victims A [--victims B …] (or --leaders)")
    if len(set(d.victims)) != len(d.victims):
        raise UsageError("a victim is named twice")
    for cid in d.victims:
        known(state, cid)
    return Decision(_surprise(state, d.kind, d.victims, dice))


def _surprise(
    state: FightState, kind: ss.Surprise, victims: tuple[str, ...], dice: Dice
) -> list[Event]:
    freeze = None
    if kind == "total" and any(not has(state, c, "combat_reflexes") for c in victims):
        freeze = roll(dice, "freeze (seconds)", "1D6", rule="GURPS-SURPRISE-TOTAL")
    events: list[Event] = []
    for cid in victims:
        face = None if freeze is None else freeze.total
        how = ss.surprised(kind, face, combat_reflexes=has(state, cid, "combat_reflexes"))
        first = how.frozen_seconds and not any(
            isinstance(e, SurpriseApplied) and e.freeze for e in events
        )
        events.append(
            SurpriseApplied(
                combatant=cid,
                kind=how.kind,
                frozen=how.frozen_seconds,
                rule=how.rule,
                freeze=freeze if first else None,
            )
        )
    return events


def _side(state: FightState, leader: str) -> ss.InitiativeSide:
    """A side as GURPS-INIT-PARTIAL reads it, from its leader's sheet and his side's."""
    side = state.combatants[leader].side
    team = [c for c in state.combatants.values() if c.side == side and c.alive]
    p = fighter(state, leader).profile
    return ss.InitiativeSide(
        leader_iq=p.iq,
        leader_combat_reflexes=has(state, leader, "combat_reflexes"),
        anyone_combat_reflexes=any(has(state, c.id, "combat_reflexes") for c in team),
        leader_tactics=p.skills.get("tactics", 0),
        best_tactics=max(fighter(state, c.id).profile.skills.get("tactics", 0) for c in team),
    )


def _initiative(state: FightState, d: SurpriseDeclared, dice: Dice) -> Decision:
    """GURPS-INIT-PARTIAL: the two leaders' 1d with their sides' modifiers; the losing side
    is partially surprised (every one of it still in the fight), a tie nobody."""
    if d.kind != "partial" or d.victims or len(d.leaders) != 2:
        raise UsageError(
            "the sides' initiative settles a partial surprise: `surprise partial --leaders A "
            "--leaders B` (one leader a side, no --victims)"
        )
    for cid in d.leaders:
        known(state, cid)
    a, b = d.leaders
    if state.combatants[a].side == state.combatants[b].side:
        raise IllegalAction(f"{a} and {b} are on one side: one leader for each side ({_INIT})")
    o = opts(state)
    sides = (_side(state, a), _side(state, b))
    mods = [
        ss.initiative_modifiers(mine, theirs, tactics_of=o.partial_tactics, tactics_20=o.tactics_20)
        for mine, theirs in (sides, sides[::-1])
    ]
    rolls = tuple(
        roll(dice, f"initiative ({state.combatants[cid].side})", "1D6", m, rule=_INIT)
        for cid, m in zip(d.leaders, mods, strict=True)
    )
    result = ss.partial_initiative(
        *sides,
        rolls[0].faces[0],
        rolls[1].faces[0],
        tactics_of=o.partial_tactics,
        tactics_20=o.tactics_20,
    )
    won = {"first": a, "second": b, None: None}[result.winner]
    events: list[Event] = [
        PartialInitiativeRolled(
            leaders=d.leaders,
            rolls=rolls,
            winner=None if won is None else state.combatants[won].side,
        )
    ]
    if won is None:
        return Decision(events)
    lost = state.combatants[b if won == a else a].side
    victims = tuple(c.id for c in state.combatants.values() if c.side == lost and c.alive)
    return Decision(events + _surprise(state, "partial", victims, dice))


def surprised_turn(state: FightState, cid: str, dice: Dice) -> list[Event]:
    """A surprised fighter's turn: frozen, or his IQ roll to recover; he does nothing."""
    f = fighter(state, cid)
    events: list[Event] = [ManeuverChosen(combatant=cid, maneuver="do-nothing")]
    if f.frozen > 0:
        return [*events, SurpriseTurn(combatant=cid, frozen_left=f.frozen - 1)]
    attempt = f.recovery_rolls + 1
    kind: ss.Surprise = "total" if f.surprise == "total" else "partial"
    target = ss.recovery_roll(
        f.profile.iq, attempt, kind, combat_reflexes=has(state, cid, "combat_reflexes")
    )
    rule = RECOVERY_RULE[kind]
    r = success_roll(dice, "recover from surprise", target.base, target.modifiers, rule=rule)
    ok = succeeded(r)
    events += [
        SuccessRolled(combatant=cid, what="IQ (surprise)", roll=r, success=ok, rule=rule),
        SurpriseTurn(combatant=cid, attempt=attempt, recovered=ok),
    ]
    if not ss.recovery_outcome(ok).still_stunned:
        events.append(StunChanged(combatant=cid, stun="none", rule=rule))
    return events
