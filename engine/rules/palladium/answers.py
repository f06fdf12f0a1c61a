"""The Palladium answers to what the fight waits for: a defence against a pending strike
(``defend``) and the striker's answer to a knockout or death-blow chance (``activate``).

Each is declared while a reaction is pending and resolves it; afterwards the striker's turn
goes on or ends as his attacks in hand say.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import UsageError
from engine.rules.pack import Decision
from engine.rules.palladium import blows, setbacks, strikes, volleys
from engine.rules.palladium.apm import passes_mode, spent
from engine.turns import awaited
from events.core import Event, ReactionResolved
from events.palladium import ActivateDeclared, DefendDeclared
from projections.palladium import fighter
from projections.state import FightState


def decide_defend(state: FightState, d: DefendDeclared, dice: Dice) -> Decision:
    """Answer the pending strike: parry, dodge, none, or a simultaneous attack; or the
    pending volley of missiles (:mod:`volleys`), which may wait again for the next answer."""
    pending = state.pending
    if pending is not None and getattr(pending.detail, "volley", None) is not None:
        answered, over = volleys.decide(state, d, dice)
        answered = setbacks.marked(state, answered)  # a counter-volley, a shot at a missile
        if not over:
            return Decision(answered, advance="none")
        return _answered(state, pending.actor, answered)
    p = awaited(state, d.defender, "strike")
    if d.missiles is not None or d.launcher is not None:
        raise UsageError("--missiles and --launcher answer a volley of missiles (counter-volley)")
    events: list[Event] = [ReactionResolved(reactor=d.defender)]
    events += strikes.answer(state, p.actor, d.defender, d.choice, p.detail, dice, d.weapon)
    return _answered(state, p.actor, setbacks.marked(state, events))  # a strike back


def _answered(state: FightState, actor: str, events: list[Event]) -> Decision:
    """After an answer to ``actor``'s strike: his turn goes on while a round of passes leaves
    him attacks in hand, else it is over (a cut-in's one action always is)."""
    if state.clock.acting != actor:
        return Decision(events, advance="none")
    left = fighter(spent(state, events).combatants[actor]).apm_left  # after what he paid here
    done = state.clock.resume or not passes_mode(state) or left <= 0
    return Decision(events, advance="next" if done else "none")


def decide_activate(state: FightState, d: ActivateDeclared, dice: Dice) -> Decision:
    """The striker's answer to the knockout or death blow his natural roll opened
    (PAL-DMG-KO, PAL-DMG-DEATHBLOW; one more attack under the house rules, PAL-HR-KO,
    PAL-HR-DEATHBLOW): the blow's damage, and the knockout's or death blow's effect."""
    p = awaited(state, d.actor, "knockout or death-blow chance", kind="activate")
    events: list[Event] = [ReactionResolved(reactor=d.actor)]
    events += blows.answer(state, d.actor, d.choice, p.detail, dice)
    return _answered(state, d.actor, events)
