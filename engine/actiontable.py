"""The actions table: the core's rows (joining, initiative, pass, next, hold, release,
interrupt, counter, ruling) and a pack's, by verb, and the deciders by declaration type.

The Kernel decides a declaration by looking its type up here; the CLI builds a verb from each
row. The core's deciders are :mod:`engine.turns`.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from engine.roster import decide_remove, decide_rename, decide_resheet
from engine.rules.pack import Action, Decider, Pack
from engine.turns import (
    decide_counter,
    decide_hold,
    decide_initiative,
    decide_interrupt,
    decide_join,
    decide_pass,
    decide_release,
    decide_ruling,
)
from events.core import (
    CounterDeclared,
    HoldDeclared,
    InitiativeDeclared,
    InterruptDeclared,
    JoinDeclared,
    PassDeclared,
    ReleaseDeclared,
    RemoveDeclared,
    RenameDeclared,
    ResheetDeclared,
    RulingDeclared,
)


def _bound(fn: Any, pack: Pack) -> Decider:
    decider: Decider = functools.partial(fn, pack)
    return decider


def core_actions(pack: Pack) -> tuple[Action, ...]:
    """The rows of the core's verbs, bound to ``pack``."""
    return (
        Action(
            verb="initiative",
            declaration=InitiativeDeclared,
            decide=_bound(decide_initiative, pack),
            help="Begin the next round, the way the encounter's rules begin one.",
            example="fracas initiative --dice 14,9",
            phase=None,
        ),
        Action(
            verb="pass",
            declaration=PassDeclared,
            decide=_bound(decide_pass, pack),
            help="End ACTOR's turn; what is left of it is the rules' business.",
            example="fracas pass vance",
            arguments=("actor",),
            options={"actor": "Whose turn it is (combatant id)."},
            dice="landing",
            phase=None,
        ),
        Action(
            verb="next",
            declaration=PassDeclared,
            decide=_bound(decide_pass, pack),
            help="End the current turn (whoever's it is), or move a round on from its phase.",
            example="fracas next --dice 14,3,5",
            fixed={"actor": None},
            dice="landing",
            phase=None,
        ),
        Action(
            verb="hold",
            declaration=HoldDeclared,
            decide=_bound(decide_hold, pack),
            help="Hold ACTOR's action until a trigger: the turn ends, the action waits.",
            example='fracas hold vance --until "the Brodkil comes through the door"',
            arguments=("actor",),
            options={
                "actor": "Whose turn it is (combatant id).",
                "trigger": "The trigger the action waits for.",
            },
            names={"trigger": "--until"},
            dice="landing",
        ),
        Action(
            verb="release",
            declaration=ReleaseDeclared,
            decide=_bound(decide_release, pack),
            help="The trigger came: the held action's owner acts now, then the turn goes back.",
            example="fracas release vance",
            arguments=("actor",),
            options={"actor": "Who holds an action (combatant id)."},
            dice="none",
        ),
        Action(
            verb="interrupt",
            declaration=InterruptDeclared,
            decide=_bound(decide_interrupt, pack),
            help="Cut in ahead of the one acting (or --against someone); the rules say who "
            "goes first, and the loser goes right after the current action.",
            example="fracas interrupt vance --dice 71,40",
            arguments=("actor",),
            options={
                "actor": "Who cuts in (combatant id).",
                "against": "Whose action is interrupted (default: the one acting).",
                "allowed": "The GM allows it without a held action.",
                "breaks": "A won interrupt breaks that one's action under way.",
            },
        ),
        Action(
            verb="counter",
            declaration=CounterDeclared,
            decide=_bound(decide_counter, pack),
            help="A counter or riposte: act right after the action that triggered it.",
            example="fracas counter marcus-kell",
            arguments=("actor",),
            options={"actor": "Who counters (combatant id)."},
            dice="none",
        ),
        Action(
            verb="ruling",
            declaration=RulingDeclared,
            decide=_bound(decide_ruling, pack),
            help="A GM ruling on one combatant, applied through the same rules as the effects "
            "actions cause; undoable like any other ply.",
            example='fracas ruling vance --damage 4 --condition stunned --rounds 2 --note "falls"',
            arguments=("combatant",),
            options=RULING_OPTIONS,
            names={"text": "--note"},
            dice="none",
            while_pending=True,
            phase=None,
        ),
        Action(
            verb="remove",
            declaration=RemoveDeclared,
            decide=_bound(decide_remove, pack),
            help="Take a combatant out of the fight (added by mistake, or gone): he leaves the "
            "order (on his own turn, the turn passes on); undo brings him back.",
            example="fracas remove brodkil-2",
            arguments=("combatant",),
            options={"combatant": "Whom to take out (combatant id)."},
            dice="none",
            phase=None,
        ),
        Action(
            verb="rename",
            declaration=RenameDeclared,
            decide=_bound(decide_rename, pack),
            help="Call a combatant by another name from now on (his id stays).",
            example='fracas rename brodkil "Brodkil the Elder"',
            arguments=("combatant", "name"),
            options={"combatant": "Whom (combatant id).", "name": "His new name."},
            dice="none",
            phase=None,
        ),
    )


#: Help of the core ruling's options; a pack's ruling row adds its own.
RULING_OPTIONS: dict[str, str] = {
    "combatant": "Whom the ruling is about (combatant id).",
    "text": "The ruling in words.",
    "rule": "The rule id it applies.",
    "damage": "Damage he takes, in the rules' units.",
    "heal": "Points he heals.",
    "condition": "A condition he gains.",
    "rounds": "How many rounds the condition lasts (this one counts as the first).",
    "end_condition": "A condition that ends.",
}


def core_deciders(pack: Pack) -> dict[type, Decider]:
    """Deciders of core declarations made by commands that are not action verbs (``add``,
    ``resheet``: they read a sheet file)."""
    return {JoinDeclared: _bound(decide_join, pack), ResheetDeclared: _bound(decide_resheet, pack)}


def actions_table(pack: Pack) -> dict[str, Action]:
    """Every verb of an encounter under ``pack``: the core's, with the pack's rows replacing
    a core row of the same verb, then the pack's own, in table order."""
    table = {row.verb: row for row in core_actions(pack)}
    for row in pack.actions:
        core = table.get(row.verb)
        if core is not None and not issubclass(row.declaration, core.declaration):
            raise TypeError(
                f"{pack.name}: the {row.verb!r} row must declare a subclass of "
                f"{core.declaration.__name__}"
            )
        if row.decide is None:
            if core is None:
                raise TypeError(f"{pack.name}: the {row.verb!r} row has no decider")
            row = msgspec.structs.replace(row, decide=core.decide)
        table[row.verb] = row
    return table
