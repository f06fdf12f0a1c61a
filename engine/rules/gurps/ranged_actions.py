"""The actions table's rows for the ranged-side situational rules: clearing a malfunction
(GURPS-MALF). The attack's own options for them are in :mod:`actions`."""

from __future__ import annotations

from engine.rules.gurps.malfunctions import decide_clear
from engine.rules.pack import Action
from events.gurps import ClearDeclared

RANGED_ACTIONS: tuple[Action, ...] = (
    Action(
        verb="clear",
        declaration=ClearDeclared,
        decide=decide_clear,
        help="Clear a jammed weapon: a Ready turn each; a misfire takes 1 Ready and a roll to "
        "find it, then 3 Readies and a roll to fix it; a stoppage 3 Readies and a roll "
        "(Armoury, or the IQ-based weapon skill).",
        example="fracas clear vic --weapon pistol --skill armoury --dice 3,4,5",
        arguments=("actor",),
        options={
            "actor": "Whose turn it is (combatant id).",
            "weapon": "The jammed weapon (default: his first jammed one).",
            "skill": "armoury or weapon (the IQ-based weapon skill); default the better.",
        },
    ),
)
