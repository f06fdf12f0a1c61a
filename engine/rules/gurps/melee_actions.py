"""The rows of the actions table for the melee-side situational rules' verbs: ``grapple``,
``break-free`` and ``let-go`` (GURPS-GRAPPLE, GURPS-ARM-LOCK, GURPS-CHOKE-HOLD)."""

from __future__ import annotations

from engine.actiontable import RULING_OPTIONS
from engine.rules.gurps.grappling import decide_break_free, decide_grapple, decide_let_go
from engine.rules.pack import Action
from events.gurps import BreakFreeDeclared, GrappleDeclared, GurpsRulingDeclared, LetGoDeclared

MELEE_ACTIONS: tuple[Action, ...] = (
    Action(
        verb="grapple",
        declaration=GrappleDeclared,
        decide=decide_grapple,
        help="Grapple: an attack with DX, Judo or Wrestling (reach C), answered by a dodge, "
        "parry or block; a hit holds the foe (-4 to his attacks, no moving away). --lock arm "
        "locks the arm of a foe held (then wrenches it, a contest each turn: the margin is "
        "crushing damage); --lock choke is a choke hold from behind (1 FP a turn; then chokes).",
        example="fracas grapple aldric bruno --location right_arm --dice 3,4,5",
        arguments=("actor", "target"),
        options={
            "actor": "Who grapples (combatant id).",
            "target": "Whom (combatant id).",
            "lock": "arm: an arm lock on a foe held (or wrench it); choke: a choke hold from "
            "behind (or choke him).",
            "location": "The body part grabbed, at half its penalty (an arm lock: right_arm or "
            "left_arm).",
            "mod": "A GM's modifier to the skill.",
            "defend": "The defender's answer now; without it the grapple waits for `defend`.",
            "retreat": "With --defend: he retreats.",
        },
    ),
    Action(
        verb="break-free",
        declaration=BreakFreeDeclared,
        decide=decide_break_free,
        help="Break free of a hold: a Quick Contest of ST (or Judo, Wrestling) against the "
        "holder's, his attack this turn; the holder is +4 in an arm lock (-1 more for each "
        "failed try), +5 in a choke hold.",
        example="fracas break-free bruno --dice 3,4,5,5,5,5",
        arguments=("actor",),
        options={"actor": "Who is held (combatant id).", "mod": "A GM's modifier to his roll."},
    ),
    Action(
        verb="let-go",
        declaration=LetGoDeclared,
        decide=decide_let_go,
        help="Let go of the foe held, or (--weapon) of a weapon stuck in a foe: free, on "
        "one's turn.",
        example="fracas let-go aldric",
        arguments=("actor",),
        options={
            "actor": "Who lets go (combatant id).",
            "weapon": "The weapon stuck in a foe he lets go of (it stays in him).",
        },
        dice="landing",
    ),
    Action(
        verb="ruling",
        declaration=GurpsRulingDeclared,
        decide=None,
        help="A GM ruling on one combatant, applied through the same rules as the effects "
        "actions cause; undoable like any other ply.",
        example="fracas ruling aldric --heal 3 --rule GURPS-HEALING",
        arguments=("combatant",),
        options={
            **RULING_OPTIONS,
            "fp": "--damage and --heal act on FP, not HP (GURPS-FATIGUE: at 0 FP or below each "
            "FP lost costs 1 HP too); healing never goes above the sheet's.",
        },
        names={"text": "--note"},
        dice="none",
        while_pending=True,
        phase=None,
    ),
)
