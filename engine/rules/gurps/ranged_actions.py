"""The actions table's rows for the ranged-side situational rules: clearing a malfunction
(GURPS-MALF). The attack's own options for them are in :mod:`actions`."""

from __future__ import annotations

from engine.rules.gurps.malfunctions import decide_clear
from engine.rules.pack import Action
from events.gurps import ClearDeclared

#: Help for the attack's options of the ranged-side situational rules.
RANGED_ATTACK_OPTIONS: dict[str, str] = {
    "cover": "The target is behind cover: looking (head and neck show), one_handed (and his "
    "weapon arm), two_handed (both arms, half the torso: -2), slit (both arms), or hidden.",
    "through_cover": "Shoot through the cover, giving its DR: -2 (-10 at a hidden foe), its DR "
    "added to his.",
    "behind": "Who stands behind the target (the GM's call): a piercing or impaling shot whose "
    "damage beats the target's cover DR goes on to him.",
}

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
