"""Who is in the fight, changed mid-fight: ``remove ID`` and ``rename ID NAME``, as plies like
any other (an undo brings a removed combatant back, or his old name).

A removal is refused while anything still points at him: a reaction waiting on him or from
him, his place in a cut-in's queue, his turn running, or another combatant's record naming him
(a hold, an entanglement, covering fire …; read in the record as stored, so it works for every
rules pack): the GM ends that first. His own record goes with him.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.pack import Decision, Pack
from engine.turns import known
from events.core import CombatantRemoved, CombatantRenamed, RemoveDeclared, RenameDeclared
from projections.state import FightState

MAX_NAME = 64  # as a sheet's name


def _mentions(value: Any, cid: str) -> bool:
    if isinstance(value, str):
        return value == cid
    if isinstance(value, dict):
        return any(_mentions(k, cid) or _mentions(v, cid) for k, v in value.items())
    if isinstance(value, list | tuple):
        return any(_mentions(v, cid) for v in value)
    return False


def decide_remove(pack: Pack, state: FightState, d: RemoveDeclared, dice: Dice) -> Decision:
    """Take him out of the fight and the order (see the module docstring for the refusals)."""
    known(state, d.combatant)
    c = state.combatants[d.combatant]
    p = state.pending
    if p is not None and d.combatant in (p.actor, p.reactor):
        raise IllegalAction(f"{c.name} is in the reaction waiting: answer it first")
    if state.clock.acting == d.combatant or d.combatant in state.clock.queued:
        raise IllegalAction(
            f"it is {c.name}'s turn, or {pronoun(state, c.id).they_are()} waiting to cut in: "
            "`fracas next` first"
        )
    for other in state.combatants.values():
        if other.id != d.combatant and _mentions(msgspec.to_builtins(other.data), d.combatant):
            raise IllegalAction(
                f"{other.name}'s record still names {c.name} (a hold, an entanglement, a "
                "pending action …): end that first"
            )
    return Decision([CombatantRemoved(combatant=d.combatant)])


def decide_rename(pack: Pack, state: FightState, d: RenameDeclared, dice: Dice) -> Decision:
    """A new name: printable, not blank, at most 80 characters."""
    known(state, d.combatant)
    name = d.name.strip()
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise UsageError(
            f"rename {d.combatant} {d.name!r}: a name is 1 to {MAX_NAME} printable characters"
        )
    return Decision([CombatantRenamed(combatant=d.combatant, name=name)])
