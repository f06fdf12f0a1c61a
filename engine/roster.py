"""Who is in the fight, changed mid-fight: ``remove ID``, ``rename ID NAME`` and ``resheet ID
FILE``, as plies like any other (an undo brings a removed combatant back, his old name, or his
old sheet).

A removal is refused while anything still points at him: a reaction waiting on him or from
him, his turn interrupted by a cut-in that has not ended, or another combatant's record naming
him (a hold, an entanglement, covering fire …; read in the record as stored, so it works for
every rules pack): the GM ends that first. His own record goes with him. Removed on his own
turn, the turn passes on from his place in the order, as if he had passed; waiting to cut in,
he leaves the queue.

A new sheet (``resheet``) is refused while a reaction waits on him or from him (its rolls were
made with the sheet he has: answer it first, or amend the ply that added him to mend the sheet
from the start); the pack refuses one that lacks what his actions under way use.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.pack import Decision, Pack
from engine.turns import known
from events.core import (
    CombatantRemoved,
    CombatantRenamed,
    RemoveDeclared,
    RenameDeclared,
    ResheetDeclared,
    SheetReplaced,
)
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
    """Take him out of the fight and the order (see the module docstring for the refusals);
    on his own turn the turn passes on from his place."""
    known(state, d.combatant)
    c = state.combatants[d.combatant]
    p = state.pending
    if p is not None and d.combatant in (p.actor, p.reactor):
        raise IllegalAction(f"{c.name} is in the reaction waiting: answer it first")
    clock = state.clock
    if any(who == d.combatant for who, _ in clock.resume):
        raise IllegalAction(
            f"{c.name}'s turn waits for {name_of(state, clock.acting)}'s cut-in to end: "
            "`fracas next` first"
        )
    for other in state.combatants.values():
        if other.id != d.combatant and _mentions(msgspec.to_builtins(other.data), d.combatant):
            raise IllegalAction(
                f"{other.name}'s record still names {c.name} (a hold, an entanglement, a "
                "pending action …): end that first"
            )
    removed = CombatantRemoved(combatant=d.combatant)
    if clock.acting != d.combatant:
        return Decision([removed])
    if clock.resume:  # he cut in: the one he cut in on carries on
        return Decision([removed], advance="next")
    place = clock.order.index(d.combatant) if d.combatant in clock.order else None
    return Decision([removed], advance="next", place=place)


def name_of(state: FightState, cid: str | None) -> str:
    """A combatant's name (``nobody`` for None)."""
    return "nobody" if cid is None else state.combatants[cid].name


def decide_resheet(pack: Pack, state: FightState, d: ResheetDeclared[Any], dice: Dice) -> Decision:
    """He fights on from a new sheet: the core's record (his kind), then the pack's (what the
    rules derive, his losses kept or, ``reset``, his pools afresh). Refused while a reaction
    waits on him or from him, and where the pack refuses the sheet."""
    known(state, d.combatant)
    c = state.combatants[d.combatant]
    p = state.pending
    if p is not None and (
        d.combatant in (p.actor, p.reactor) or _mentions(msgspec.to_builtins(p.detail), d.combatant)
    ):
        raise IllegalAction(
            f"{c.name} is in the reaction waiting, rolled with the sheet {c.name} has: answer "
            "it first (to mend the sheet from the start, `fracas amend` the ply that added "
            f"{c.name} with `add FILE --id {d.combatant}`)"
        )
    kind = str(getattr(d.sheet, "kind", c.kind))
    events = pack.turns.resheet(state, d.combatant, d.sheet, d.reset)
    return Decision([SheetReplaced(combatant=d.combatant, kind=kind, reset=d.reset), *events])


def decide_rename(pack: Pack, state: FightState, d: RenameDeclared, dice: Dice) -> Decision:
    """A new name: printable, not blank, at most 80 characters."""
    known(state, d.combatant)
    name = d.name.strip()
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise UsageError(
            f"rename {d.combatant} {d.name!r}: a name is 1 to {MAX_NAME} printable characters"
        )
    return Decision([CombatantRenamed(combatant=d.combatant, name=name)])


def resheet_profile(
    state: FightState, cid: str, old: Any, new: Any, in_use: Mapping[str, str], reset: bool
) -> Any:
    """A pack's new profile ``new`` for ``cid`` (``old``: the one he has), under the name he
    goes by now; refused if it lacks a weapon his doings still use (``in_use``: weapon ->
    what uses it), or changes nothing and ``reset`` is not asked (a ply that does nothing)."""
    c = state.combatants[cid]
    names = {w.name for w in new.weapons}
    lacking = [f"{weapon!r} ({what})" for weapon, what in in_use.items() if weapon not in names]
    if lacking:
        raise IllegalAction(
            f"the new sheet has no {', '.join(lacking)}, which {c.name} still uses: end that "
            "first, or keep the weapon's name in the new sheet"
        )
    profile = msgspec.structs.replace(new, name=c.name)
    if not reset and msgspec.structs.replace(new, name=old.name) == old:
        raise IllegalAction(
            f"the new sheet changes nothing the rules use for {c.name}; `--reset` starts "
            "the pools afresh from it"
        )
    return profile
