"""The registry of rules systems, and the refusals every part of fracas raises.

A rules pack is a record (``engine/rules/pack.py``) in its own folder,
``engine/rules/<system>/``, whose module exposes it as ``PACK``. This registry is the one place
outside a pack's own files that names the systems; nothing else may assume one.
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.pack import Pack


class IllegalAction(Exception):
    """The rules forbid this action now; the message says why (exit 1, nothing written)."""


class UsageError(Exception):
    """The command cannot be carried out as asked (exit 2); the message says what to change."""


class UnknownName(Exception):
    """A name the GM gave does not exist: a combatant, weapon, branch, system… (exit 2)."""


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def check_name(kind: str, name: str) -> str:
    """Names of encounters, branches and combatants: 1-64 ASCII letters, digits, ``_ . -``
    (so no ``~``, no space, no control or bidi character); a refused name is shown escaped."""
    if not _NAME.fullmatch(name):
        shown = repr(name) if len(name) <= 40 else f"{name[:40]!r}... ({len(name)} characters)"
        raise UsageError(
            f"{kind} name {shown} is not allowed: use 1 to 64 letters, digits, '_', '.' or '-'"
        )
    return name


#: The system ``fracas new`` uses when none is named.
DEFAULT_SYSTEM = "palladium"

#: system name -> module whose ``PACK`` is the rules pack (imported on first use).
SYSTEMS: dict[str, str] = {
    "palladium": "engine.rules.palladium",
    "brp": "engine.rules.brp",
    "gurps": "engine.rules.gurps",
}


#: system -> the folder of its example sheets under the shipped ``sheets`` folder (``""``: the
#: folder itself), and the catalogues it ships beside them, files of entries to copy into a
#: sheet (engine/packaged.py, ``fracas sheets``). The examples live in ``examples/``.
EXAMPLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "palladium": ("", ("missiles.toml",)),
    "brp": ("brp", ()),
    "gurps": ("gurps", ()),
}


def get_pack(name: str) -> Pack:
    """The rules pack registered as ``name`` (UnknownName if none)."""
    try:
        module = SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise UnknownName(f"unknown rules system {name!r} (known: {known})") from None
    pack: Pack = importlib.import_module(module).PACK
    return pack


#: The core's turn verbs, the same in every system (after its own ``initiative``).
_TURN_VERBS: dict[str, str] = {
    "pass": "End ACTOR's turn; what is left of it is the rules' business.",
    "next": "End the current turn (whoever's it is), or move a round on from its phase.",
    "hold": "Hold ACTOR's action until a trigger: the turn ends, the action waits.",
    "release": "The trigger came: the held action's owner acts now, then the turn goes back.",
    "interrupt": (
        "Cut in ahead of the one acting (or --against someone); the rules say who goes first,"
        " and the loser goes right after the current action."
    ),
    "counter": "A counter or riposte: act right after the action that triggered it.",
    "ruling": (
        "A GM ruling on one combatant, applied through the same rules as the effects actions "
        "cause; undoable like any other ply."
    ),
    "remove": (
        "Take a combatant out of the fight (added by mistake, or gone): he leaves the order "
        "(on his own turn, the turn passes on); undo brings him back."
    ),
    "rename": "Call a combatant by another name from now on (his id stays).",
}

#: system -> every verb of its actions table, in table order (the core's turn verbs, or the
#: pack's rows replacing them, then its own), with the first line of its help: what
#: ``fracas --help`` lists, and which systems own a verb, without importing any pack's deciders.
#: tests/cli/test_startup.py checks it against the real tables and prints the table to paste
#: here when they differ.
VERBS: dict[str, dict[str, str]] = {
    "palladium": {
        "initiative": "Start the next melee round: everyone rolls initiative (1D20 + bonuses).",
        **_TURN_VERBS,
        "surprise": (
            "Complete surprise: house rules give the attackers a free single-pass round before "
            "the first; RAW rolls the round's initiative with them first and their first attacks "
            "undefendable."
        ),
        "strike": "Strike once (one attack): roll to strike, then the defence, then damage. "
        "--move strikes with a kick, knee, karate punch and the like, where the style grants it; "
        "--called aims the blow at a spot (one attack more; house: it lands there on 12+).",
        "body-flip": "A body flip or throw: one attack, 1D6 + damage bonuses, and the victim "
        "loses initiative and one attack. Only a style that grants it may throw.",
        "power-punch": (
            "A power punch (or kick): two attacks, double damage, lands on the second attack."
        ),
        "defend": "Answer the strike waiting for this defender. A volley of missiles waits for "
        "counter-volleys and shots at it (under the house rules from anyone) until its target "
        "dodges, rolls, blocks it with his arms or takes it.",
        "activate": "Answer the knockout or death-blow chance a natural strike roll opened: "
        "the blow becomes one (under the house rules for one more attack), or stays an ordinary "
        "blow.",
        "shoot": (
            "Shoot: a single shot is 1 attack; aimed 2 (+2); called 2; aimed and called 3. A shot"
            " costing more than is in hand is fired on the turn its last attack is paid."
        ),
        "act": (
            "An action the rules do not model (a spell, a skill, reloading), paid by the clock "
            "like any other: long actions go on over later turns and happen when fully paid."
        ),
        "grapple": "Grab the target in a hold (one attack, a strike roll with hold bonuses): "
        "while it holds, neither attacks, parries or dodges, and others strike him unopposed. "
        "Only a style that grants holds may hold.",
        "escape": "Try to break the hold one is in: 1D20 + P.P. against the holder's 1D20 + "
        "P.P. + hold bonuses; one attack.",
        "release-hold": "Let go of the hold (or the entanglement) one keeps; it costs nothing.",
        "free": "Pull free of an entanglement: a dodge roll against the entangle roll; one attack.",
        "body-block": "A body block or tackle: dodged, never parried; if it gets through the "
        "victim may be knocked down (rules as written: two attacks, 1D4 + damage bonuses and his "
        "balance roll; house: one attack and a strength roll).",
        "disarm": "Knock a weapon out of the target's hand (one attack, disarm bonuses only, no "
        "damage); it falls to the ground.",
        "pick-up": "Pick up a weapon that was knocked out of one's hand; one attack.",
        "recover": "An hour's attempt to bring a fighter out of a coma: three percentile rolls "
        "at the chance his care gives (untrained 18 % to a major hospital 70 %); two successes "
        "stabilize him at 1 H.P.",
        "reload": "Reload a gun whose sheet gives its payload: a full clip for the attacks the "
        "weapon's sheet says (one unless it says otherwise).",
        "draw": "Draw a weapon the sheet has stowed: one attack from a holster or sling, two "
        "from a pack (more with --cost). A stowed weapon cannot be used until drawn.",
        "launch": "Fire missiles from a launcher in one volley: one attack, one strike roll for "
        "all of them. A hit waits for the target's answer: `defend B counter-volley`, "
        "`shoot-down`, `dodge`, `roll` or `none`.",
        "throw": "Throw a weapon the sheet says may be thrown (a knife, a spear): one attack, a "
        "strike with its W.P.'s thrown bonus, answered like a blow; it leaves his hand. A "
        "grenade goes off where it lands (house rules: at the round's end, after its scatter).",
        "cover": "Covering fire (house rule): commit attacks and as many short bursts of a "
        "weapon that fires them, one burst attack rolled each; it ends the turn. Until his next "
        "turn whoever moves through the area takes a hit for each (`fracas cross`).",
        "cross": "Someone starts in, ends in or moves through an area under covering fire: a "
        "hit for each committed burst, each dodged on its own with --dodge, none under cover.",
    },
    "brp": {
        "initiative": "Begin the next round, the way the encounter's rules begin one.",
        **_TURN_VERBS,
        "intent": (
            "The statement of intent: what a fighter means to do this round (a knockout, disarm, "
            "knockback, volley, entangle or fighting withdrawal), before the DEX ranks."
        ),
        "power": "A powers-phase action (a Fly roll, an aura attack), its skill rolled if given.",
        "attack": (
            "Attack: d100 under the weapon's skill after every modifier, then the defender's "
            "parry or dodge, then damage and its location."
        ),
        "defend": "Answer the attack waiting for this defender: parry, dodge or none.",
        "draw": (
            "Draw a weapon: 5 DEX ranks (10 with --swap, 0 dropping the old with --drop then 5; "
            "nothing with 101%+)."
        ),
        "reload": (
            "Reload a magazine weapon in hand: full again, after --ranks DEX ranks (5 unless the "
            "GM says how long this weapon takes)."
        ),
        "stand": (
            "Get up from prone: 5 DEX ranks and the round's attack; --dodge tries a Dodge and an "
            "Agility roll to get up without being open to Easy attacks."
        ),
        "act": (
            "An action the rules do not model (moving, reloading, a skill) that takes DEX ranks; "
            "he acts again that much later."
        ),
        "ambush": (
            "An ambush: Stealth against each target's Listen, Sense or Spot, then a free round "
            "for the ambushers."
        ),
        "surprise": (
            "Both sides surprised: everyone rolls Spot (or Listen), then Idea; those who make "
            "both have a first round of their own."
        ),
        "explode": (
            "An explosion (1D6 less for each 2 m out) or an area attack: who is where, who dodges"
            " (no damage) or makes an Agility roll (half), ending prone."
        ),
        "expose": (
            "A fighter is in fire or heat, or without air, from now on: it strikes at the end of "
            "each round."
        ),
        "escape": "A fighter gets away from a hazard, or puts out the fire on him (Luck).",
        "desperate": (
            "A desperate action on the last DEX rank: a Difficult Agility roll for one more "
            "action, itself Difficult; no attack or move next round."
        ),
    },
    "gurps": {
        "initiative": (
            "Set the turn sequence once (Basic Speed, then DX, then 1d); the seconds then "
            "follow by themselves."
        ),
        **_TURN_VERBS,
        "hold": (
            "The Wait maneuver: ACTOR's turn ends, his action waits for a trigger "
            "(`fracas release` when it comes)."
        ),
        "maneuver": (
            "Choose this turn's maneuver: do-nothing, move, move-and-attack, change-posture, "
            "ready, attack, all-out-attack (--mode determined|double|strong|feint|suppression), "
            "all-out-defense (--mode dodge|parry|block), concentrate, evaluate. Attacking ones "
            "leave the turn open for `attack`; the others end it."
        ),
        "attack": (
            "Attack: 3d6 under the weapon's skill after every modifier, then the defender's "
            "dodge, parry or block, then damage at the hit location. The Attack maneuver unless "
            "another was chosen this turn."
        ),
        "defend": (
            "Answer the attack waiting for this defender: dodge, parry, block or none; "
            "--retreat for the retreat bonus, --drop for Dodge and Drop. A parry with no weapon "
            "in hand (or --weapon hands) is barehanded: 3 + half his DX, Judo, Karate, Boxing, "
            "Brawling or Wrestling."
        ),
        "feint": (
            "Feint: a Quick Contest of melee skill against the foe's best melee skill or DX; the "
            "margin of victory comes off his next defence against the feinter."
        ),
        "aim": "Aim a ranged weapon: Acc on the next attack, +1 after two seconds, +2 after three.",
        "surprise": (
            "The GM's surprise: total (the victims freeze 1d seconds, then roll IQ each turn) or "
            "partial (stunned, IQ each turn at +1 more each time); Combat Reflexes never freezes "
            "and adds +6. `--leaders A --leaders B` rolls the sides' initiative for a partial one."
        ),
        "disarm": (
            "Strike at the foe's weapon to knock it away: the weapon's size penalty (-5 to -3) and "
            "-2 unless fencing; dodge or parry with that weapon; then a Quick Contest of skills."
        ),
        "reload": (
            "Reload a weapon: his Ready this turn, one second of the reload its shots give "
            '("30+1(3)": 3 seconds, then full; "6(3i)": 3 seconds a shot).'
        ),
        "clear": (
            "Clear a jammed weapon: a Ready turn each; a misfire takes 1 Ready and a roll to "
            "find it, then 3 Readies and a roll to fix it; a stoppage 3 Readies and a roll "
            "(Armoury, or the IQ-based weapon skill)."
        ),
        "spray": (
            "Spraying fire: one burst (RoF 5+) shared among targets in order, a roll at each with "
            "his shots as its RoF and Recoil +1 for each later target; each yard between targets "
            "wastes a shot (two at RoF 17+)."
        ),
        "suppress": (
            "All-Out Attack (Suppression Fire): RoF 5+ into a 2-yard zone, covered until his next "
            "turn; whoever enters it (`fracas enter-zone`) is attacked at skill no better than 6 "
            "+ the RoF bonus. No defence for him until then."
        ),
        "enter-zone": (
            "The GM says VICTIM enters the zone SHOOTER covers with suppression fire: an attack "
            "at the capped skill, a random hit location, its hits drawn from the shots not yet "
            "used."
        ),
        "grapple": (
            "Grapple: an attack with DX, Judo or Wrestling (reach C), answered by a dodge, "
            "parry or block; a hit holds the foe (-4 to his attacks, no moving away). --lock "
            "arm locks the arm of a foe held (then wrenches it, a contest each turn: the margin "
            "is crushing damage); --lock choke is a choke hold from behind (1 FP a turn; then "
            "chokes)."
        ),
        "break-free": (
            "Break free of a hold: a Quick Contest of ST (or Judo, Wrestling) against the "
            "holder's, his attack this turn; the holder is +4 in an arm lock (-1 more for each "
            "failed try), +5 in a choke hold."
        ),
        "let-go": (
            "Let go of the foe held, or (--weapon) of a weapon stuck in a foe: free, on one's turn."
        ),
    },
}
