"""The actions table's rows for the ranged-side situational rules: clearing a malfunction
(GURPS-MALF). The attack's own options for them are in :mod:`actions`."""

from __future__ import annotations

from engine.rules.gurps.malfunctions import decide_clear
from engine.rules.gurps.reload import decide_reload
from engine.rules.gurps.spray import decide_spray
from engine.rules.gurps.suppression import decide_enter_zone, decide_suppress
from engine.rules.pack import Action
from events.gurps import (
    ClearDeclared,
    EnterZoneDeclared,
    ReloadDeclared,
    SprayDeclared,
    SuppressDeclared,
)

#: Help for the attack's options of the ranged-side situational rules.
RANGED_ATTACK_OPTIONS: dict[str, str] = {
    "cover": "The target is behind cover: looking (head and neck show), one_handed (and his "
    "weapon arm), two_handed (both arms, half the torso: -2), slit (both arms), or hidden.",
    "through_cover": "Shoot through the cover, giving its DR: -2 (-10 at a hidden foe), its DR "
    "added to his.",
    "behind": "Who stands behind the target (the GM's call): a piercing or impaling shot whose "
    "damage beats the target's cover DR goes on to him.",
    "blast": "An explosive attack: someone else near it, ID:YARDS from the blast (repeat); "
    "ID:YARDS:drop if he dodges and drops against the fragments.",
}

RANGED_ACTIONS: tuple[Action, ...] = (
    Action(
        verb="reload",
        declaration=ReloadDeclared,
        decide=decide_reload,
        help="Reload a weapon: his Ready this turn, one second of the reload its shots give "
        '("30+1(3)": 3 seconds, then full; "6(3i)": 3 seconds a shot).',
        example="fracas reload vic --weapon pistol",
        arguments=("actor",),
        options={
            "actor": "Who reloads (combatant id).",
            "weapon": "The weapon (default: his first one short of shots).",
        },
    ),
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
    Action(
        verb="spray",
        declaration=SprayDeclared,
        decide=decide_spray,
        help="Spraying fire: one burst (RoF 5+) shared among targets in order, a roll at each "
        "with his shots as its RoF and Recoil +1 for each later target; each yard between "
        "targets wastes a shot (two at RoF 17+).",
        example="fracas spray vic --weapon smg --at bruno:5 --at aldric:4:2 --defend dodge "
        "--dice 3,3,3,2,2,2",
        arguments=("actor",),
        options={
            "actor": "Who fires (combatant id).",
            "at": "A target and his shots, TARGET:SHOTS; from the second on the yards from the "
            "one before, TARGET:SHOTS:YARDS (repeat, in order).",
            "defend": "Every target's answer (dodge, parry, block or none).",
            "weapon": "The weapon (default: his first).",
            "rof": "The burst (default: the weapon's RoF); shots at targets and wasted fit in it.",
            "range": "Distance to the targets in yards (range penalty).",
            "mod": "A GM's modifier to the skill.",
        },
    ),
    Action(
        verb="suppress",
        declaration=SuppressDeclared,
        decide=decide_suppress,
        help="All-Out Attack (Suppression Fire): RoF 5+ into a 2-yard zone, covered until his "
        "next turn; whoever enters it (`fracas enter-zone`) is attacked at skill no better "
        "than 6 + the RoF bonus. No defence for him until then.",
        example='fracas suppress vic --weapon smg --shots 12 --zone "the doorway"',
        arguments=("actor",),
        options={
            "actor": "Who fires (combatant id).",
            "weapon": "The weapon (default: his first).",
            "shots": "Shots into the zone (default: the weapon's RoF, or what is left).",
            "zone": "Where, in the GM's words.",
            "mounted": "A vehicle- or tripod-mounted weapon: at most 8 + the RoF bonus.",
        },
    ),
    Action(
        verb="enter-zone",
        declaration=EnterZoneDeclared,
        decide=decide_enter_zone,
        help="The GM says VICTIM enters the zone SHOOTER covers with suppression fire: an "
        "attack at the capped skill, a random hit location, its hits drawn from the shots "
        "not yet used.",
        example="fracas enter-zone bruno vic --range 10 --defend dodge --dice 3,3,3,4,4,4",
        arguments=("victim", "shooter"),
        options={
            "victim": "Who enters the zone (combatant id).",
            "shooter": "Whose zone (combatant id).",
            "range": "Distance from the shooter in yards.",
            "mod": "A GM's modifier to the skill.",
            "defend": "His answer now; without it the attack waits for `defend`.",
            "retreat": "With --defend: he retreats.",
            "drop": "With --defend dodge: Dodge and Drop.",
        },
    ),
)
