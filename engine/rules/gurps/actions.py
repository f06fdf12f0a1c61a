"""The GURPS actions table: its verbs, and the deciders of the maneuvers that are not attacks
(choosing a maneuver, aiming, feinting) and of a defence. Attacks are :mod:`attack`, defences
:mod:`defence`; turn management (initiative, pass, next, hold for Wait, rulings) is the
core's, priced by :mod:`turns`.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps import defence
from engine.rules.gurps.attack import decide_attack
from engine.rules.gurps.common import check_turn, choose, fighter, find_weapon, ready
from engine.rules.gurps.disarm import decide_disarm
from engine.rules.gurps.limbs import check_posture
from engine.rules.gurps.maneuvers import MODES, row
from engine.rules.gurps.melee import check_maneuver
from engine.rules.gurps.ranged_actions import RANGED_ACTIONS, RANGED_ATTACK_OPTIONS
from engine.rules.gurps.resolution import contest_rolled, succeeded, success_roll
from engine.rules.gurps.stuck import STUCK, pull
from engine.rules.gurps.surprise import decide_surprise
from engine.rules.pack import Action, Decision
from engine.turns import awaited, known
from events.core import Event, HoldDeclared, InitiativeDeclared, ReactionResolved
from events.gurps import (
    AimDeclared,
    AimTaken,
    AttackDeclared,
    DefendDeclared,
    DisarmDeclared,
    FeintApplied,
    FeintDeclared,
    ManeuverDeclared,
    PostureChanged,
    SurpriseDeclared,
    WeaponState,
)
from projections.state import FightState

#: Maneuvers that end the turn as soon as they are chosen (nothing else follows this turn).
_ENDS_TURN = (
    "do-nothing",
    "move",
    "change-posture",
    "ready",
    "all-out-defense",
    "concentrate",
    "evaluate",
)
#: Maneuvers with a verb of their own.
_OWN_VERB = {
    "aim": "fracas aim A",
    "feint": "fracas feint A B",
    "wait": "fracas hold A --until TRIGGER",
}
#: Postures one step from each (lying down takes a step through kneeling, crawling or
#: sitting before standing, GURPS-POSTURE).
_FROM_PRONE = ("kneeling", "crawling", "sitting", "prone")


def decide_maneuver(state: FightState, d: ManeuverDeclared, dice: Dice) -> Decision:
    """Choose this turn's maneuver (GURPS-MANEUVERS): one a turn. Those that attack leave the
    turn open for the attack; the others end it."""
    check_turn(state, d.actor)
    check_maneuver(state, d.actor, d.maneuver)
    if d.maneuver in _OWN_VERB:
        raise UsageError(f"{d.maneuver} has its own command: `{_OWN_VERB[d.maneuver]}`")
    modes = MODES.get(d.maneuver, ())
    if modes and d.mode not in modes:
        raise UsageError(f"{d.maneuver} needs --mode {'|'.join(modes)}")
    if not modes and d.mode is not None:
        raise UsageError(f"{d.maneuver} takes no --mode")
    if (d.posture is None) == (d.maneuver == "change-posture"):
        raise UsageError("--posture goes with change-posture, and change-posture needs it")
    if d.target is not None:
        known(state, d.target)
        if d.target == d.actor:
            raise UsageError(
                f"{d.maneuver}'s --target is a foe, not {d.actor} "
                f"{pronoun(state, d.actor).themselves}"
            )
    if d.maneuver == "evaluate" and d.target is None:
        raise UsageError("evaluate needs the foe it studies: --target B")
    weapon = None if d.weapon is None else find_weapon(state, d.actor, d.weapon).name
    events: list[Event] = [choose(state, d.actor, d.maneuver, d.mode, d.target, weapon)]
    if weapon is not None and d.maneuver == "ready":
        was = fighter(state, d.actor).weapon_states.get(weapon)
        if was in STUCK:  # a Ready pulls at it (GURPS-PICK-STUCK)
            events += pull(state, dice, d.actor, weapon)
        elif was is not None:  # picked up, or back in his grip (GURPS-DISARM)
            events.append(
                WeaponState(combatant=d.actor, weapon=weapon, state="ready", reason=f"was {was}")
            )
    if d.posture is not None:
        now = fighter(state, d.actor).posture
        if now == d.posture:
            raise IllegalAction(f"{state.combatants[d.actor].name} is {now} already")
        check_posture(state, d.actor, d.posture)
        if now == "prone" and d.posture not in _FROM_PRONE:
            p = pronoun(state, d.actor)
            raise IllegalAction(
                f"from lying prone {p.they} first {p.agree('kneels', 'kneel')}, "
                f"{p.agree('crawls', 'crawl')} or {p.agree('sits', 'sit')} (GURPS-POSTURE)"
            )
        events.append(PostureChanged(combatant=d.actor, posture=d.posture, rule="GURPS-POSTURE"))
    return Decision(events, advance="next" if d.maneuver in _ENDS_TURN else "none")


def decide_aim(state: FightState, d: AimDeclared, dice: Dice) -> Decision:
    """The Aim maneuver (GURPS-AIM): the next attack with that weapon at that foe adds Acc,
    and +1 after two seconds of aim in a row, +2 after three or more."""
    check_turn(state, d.actor)
    weapon = find_weapon(state, d.actor, d.weapon)
    if not weapon.ranged:
        raise IllegalAction(
            f"the {weapon.name} is not a ranged weapon: Aim is for those (GURPS-AIM)"
        )
    if d.target is not None:
        known(state, d.target)
    f = fighter(state, d.actor)
    same = f.aim_weapon == weapon.name and f.aim_target == d.target
    seconds = f.aim_seconds + 1 if same else 1
    return Decision(
        [
            choose(state, d.actor, "aim", target=d.target, weapon=weapon.name),
            AimTaken(combatant=d.actor, weapon=weapon.name, target=d.target, seconds=seconds),
        ],
        advance="next",
    )


def _defence_skill(state: FightState, cid: str) -> tuple[str, int]:
    """His best melee skill, or DX, to resist a feint (GURPS-FEINT)."""
    p = fighter(state, cid).profile
    best = ("DX", p.dx)
    for w in p.weapons:
        if not w.ranged and w.level > best[1]:
            best = (w.skill, w.level)
    return best


def decide_feint(state: FightState, d: FeintDeclared, dice: Dice) -> Decision:
    """A feint (GURPS-FEINT): a Quick Contest of the feinter's melee skill against the foe's
    best melee skill (or DX). If the feinter wins, his margin of success comes off the foe's
    next defence against him when the foe failed, the margin of victory when both succeeded.
    The Feint maneuver, or the feint of an All-Out Attack (Feint), whose attack follows."""
    check_turn(state, d.actor)
    known(state, d.target)
    if d.target == d.actor:
        raise UsageError("a feint needs another combatant as its target")
    weapon = ready(state, d.actor, find_weapon(state, d.actor, d.weapon))
    if weapon.ranged:
        raise IllegalAction("a feint is a melee move (GURPS-FEINT)")
    f = fighter(state, d.actor)
    events: list[Event] = []
    r = row(f.maneuver, f.mode)
    aoa = f.maneuver == "all-out-attack" and f.mode == "feint"
    if not aoa:
        events.append(choose(state, d.actor, "feint", target=d.target, weapon=weapon.name))
    elif f.attacks or fighter(state, d.target).feints.get(d.actor):
        raise IllegalAction(f"{r.title}: one feint, then the attack")
    mine = success_roll(dice, f"feint ({weapon.skill})", weapon.level, rule="GURPS-FEINT")
    what, level = _defence_skill(state, d.target)
    theirs = success_roll(dice, f"resist feint ({what})", level, rule="GURPS-FEINT")
    rolled, who, margin = contest_rolled(d.actor, d.target, mine, theirs, "GURPS-FEINT")
    events.append(rolled)
    if who > 0:
        # Against a foe who failed his roll, the feinter's own margin of success is the
        # penalty; only when both succeed is it the difference of the margins (Basic Set).
        penalty = margin if succeeded(theirs) else (mine.margin or 0)
        events.append(FeintApplied(actor=d.actor, target=d.target, penalty=penalty))
    return Decision(events, advance="none" if aoa else "next")


def decide_defend(state: FightState, d: DefendDeclared, dice: Dice) -> Decision:
    """Answer the attack waiting for this defender (GURPS-ACTIVE-DEFENSE)."""
    p = awaited(state, d.defender, "attack")
    events: list[Event] = [ReactionResolved(reactor=d.defender)]
    events += defence.answer(
        state,
        dice,
        p.actor,
        d.defender,
        d.choice,
        p.detail,
        retreat=d.retreat,
        drop=d.drop,
        weapon_name=d.weapon,
        skill=d.skill,
    )
    attacker = fighter(state, p.actor)
    more = attacker.attacks < row(attacker.maneuver, attacker.mode).attacks
    return Decision(
        events, advance="next" if state.clock.acting == p.actor and not more else "none"
    )


_ATTACK_OPTIONS = {
    "actor": "Who attacks (combatant id).",
    "target": "Who is attacked (combatant id).",
    "weapon": "A weapon from the actor's sheet (default: his first; or punch).",
    "location": "Aim at a hit location (skull, eye, face, neck, vitals, groin, right_arm, "
    "left_leg, right_hand …) or random (rolled on a hit); default the torso.",
    "chink": "At a chink in the armor (piercing/impaling): -8 torso, -10 elsewhere, DR halved.",
    "rof": "Shots fired (rapid fire): + RoF bonus, 1 + margin / Recoil hits.",
    "range": "Distance to the target in yards (range/speed penalty).",
    "stationary": "The target is immobile: a hit puts in half the shots, all of them with a "
    "margin of Recoil or more, when his SM cancels the range modifier.",
    "mod": "A GM's modifier to the skill.",
    "defend": "The defender's answer now; without it the attack waits for `defend`.",
    "retreat": "With --defend: he retreats (+3 Dodge/Block, +1 Parry, +3 fencing).",
    "drop": "With --defend dodge: Dodge and Drop (+3, ends prone).",
    **RANGED_ATTACK_OPTIONS,
    "dual": "One hand's blow of a dual-weapon attack, main or off: -4 each, the off hand -4 "
    "more (not with Ambidexterity or Off-Hand Weapon Training); the other hand's blow follows.",
    "sight": "What he cannot see: blind (or total darkness) -10, invisible -6, known-hex -4; "
    "the hit location is then random.",
    "light": "With --sight blind: a light in sight in the darkness (-3, the foe seen).",
    "unseen": "The foe cannot see the attacker: aware (Hearing-2, then dodge at -4, or parry "
    "and block at -4 if heard) or unaware (no defence).",
    "from_above": "An attack from above: the victim unwatched overhead (Vision -2), watching "
    "(+2) or warned; Stealth against Vision: won, no defence; else he defends at -2.",
    "dropping": "With --from-above: yards he drops onto the victim first (-2 to hit).",
    "height": "Melee from another level: feet he stands above the foe (negative: below); "
    "shifts hit locations and the defence, or puts the foe out of reach.",
}

_CORE_ACTIONS: tuple[Action, ...] = (
    Action(
        verb="initiative",
        declaration=InitiativeDeclared,
        decide=None,
        help="Set the turn sequence once (Basic Speed, then DX, then 1d); the seconds then "
        "follow by themselves.",
        example="fracas initiative --dice 3,5,2",
        phase=None,
    ),
    Action(
        verb="hold",
        declaration=HoldDeclared,
        decide=None,
        help="The Wait maneuver: ACTOR's turn ends, his action waits for a trigger "
        "(`fracas release` when it comes).",
        example='fracas hold aldric --until "Bruno steps into reach"',
        arguments=("actor",),
        options={
            "actor": "Whose turn it is (combatant id).",
            "trigger": "The trigger the action waits for.",
        },
        names={"trigger": "--until"},
        dice="landing",
    ),
    Action(
        verb="maneuver",
        declaration=ManeuverDeclared,
        decide=decide_maneuver,
        help="Choose this turn's maneuver: do-nothing, move, move-and-attack, change-posture, "
        "ready, attack, all-out-attack (--mode determined|double|strong|feint|suppression), "
        "all-out-defense (--mode dodge|parry|block), concentrate, evaluate. Attacking ones leave "
        "the turn open for `attack`; the others end it.",
        example="fracas maneuver aldric all-out-attack --mode determined",
        arguments=("actor", "maneuver"),
        options={
            "actor": "Whose turn it is (combatant id).",
            "maneuver": "The maneuver.",
            "mode": "All-Out Attack's or All-Out Defense's option.",
            "posture": "The posture Change Posture takes.",
            "target": "The foe an Evaluate studies.",
            "weapon": "The weapon readied.",
        },
        dice="landing",
    ),
    Action(
        verb="attack",
        declaration=AttackDeclared,
        decide=decide_attack,
        help="Attack: 3d6 under the weapon's skill after every modifier, then the defender's "
        "dodge, parry or block, then damage at the hit location. The Attack maneuver unless "
        "another was chosen this turn.",
        example="fracas attack aldric bruno --weapon broadsword --location skull --dice 3,4,5",
        arguments=("actor", "target"),
        options=_ATTACK_OPTIONS,
    ),
    Action(
        verb="defend",
        declaration=DefendDeclared,
        decide=decide_defend,
        help="Answer the attack waiting for this defender: dodge, parry, block or none; "
        "--retreat for the retreat bonus, --drop for Dodge and Drop. A parry with no weapon in "
        "hand (or --weapon hands) is barehanded: 3 + half his DX, Judo, Karate, Boxing, "
        "Brawling or Wrestling.",
        example="fracas defend bruno parry --retreat --dice 2,3,4",
        arguments=("defender", "choice"),
        options={
            "defender": "Who defends (combatant id).",
            "choice": "The defence.",
            "retreat": "He steps back (+3 Dodge/Block, +1 Parry, +3 fencing, Judo, Karate or "
            "Boxing Parry).",
            "drop": "Dodge and Drop (+3 against ranged attacks; he ends prone).",
            "weapon": "The weapon he parries with (default: his first that parries, else bare "
            "hands); hands: barehanded.",
            "skill": "A barehanded parry's skill (default: his best): judo, karate, boxing, "
            "brawling, wrestling or dx; -3 against a swung weapon but with Judo or Karate.",
        },
        while_pending=True,
    ),
    Action(
        verb="feint",
        declaration=FeintDeclared,
        decide=decide_feint,
        help="Feint: a Quick Contest of melee skill against the foe's best melee skill or DX; "
        "the margin of victory comes off his next defence against the feinter.",
        example="fracas feint aldric bruno --dice 3,3,4,5,5,5",
        arguments=("actor", "target"),
        options={
            "actor": "Who feints (combatant id).",
            "target": "The foe (combatant id).",
            "weapon": "The weapon he feints with.",
        },
    ),
    Action(
        verb="aim",
        declaration=AimDeclared,
        decide=decide_aim,
        help="Aim a ranged weapon: Acc on the next attack, +1 after two seconds, +2 after three.",
        example="fracas aim vic --weapon pistol --target bruno",
        arguments=("actor",),
        options={
            "actor": "Who aims (combatant id).",
            "target": "At whom.",
            "weapon": "The ranged weapon.",
        },
        dice="landing",
    ),
    Action(
        verb="surprise",
        declaration=SurpriseDeclared,
        decide=decide_surprise,
        help="The GM's surprise: total (the victims freeze 1d seconds, then roll IQ each turn) "
        "or partial (stunned, IQ each turn at +1 more each time); Combat Reflexes never freezes "
        "and adds +6. `--leaders A --leaders B` rolls the sides' initiative for a partial one.",
        example="fracas surprise total --victims bruno --victims vic --dice 3",
        arguments=("kind",),
        options={
            "kind": "total or partial.",
            "victims": "Who is surprised (combatant id; repeat the option for each).",
            "leaders": "A partial surprise settled by initiative: each side's leader (twice, "
            "in place of --victims); each rolls 1d, the losing side is surprised.",
        },
        phase=None,
    ),
    Action(
        verb="disarm",
        declaration=DisarmDeclared,
        decide=decide_disarm,
        help="Strike at the foe's weapon to knock it away: the weapon's size penalty (-5 to -3) "
        "and -2 unless fencing; dodge or parry with that weapon; then a Quick Contest of skills.",
        example="fracas disarm aldric bruno --at club --dice 3,3,3",
        arguments=("actor", "target"),
        options={
            "actor": "Who strikes (combatant id).",
            "target": "Whose weapon (combatant id).",
            "weapon": "His weapon (one that can parry).",
            "at": "The weapon struck at (default: the target's first in hand).",
            "mod": "A GM's modifier to the skill.",
            "defend": "The defender's answer now: dodge, parry (with that weapon) or none.",
            "retreat": "With --defend: he retreats.",
        },
    ),
    *RANGED_ACTIONS,
)


def _melee() -> tuple[Action, ...]:
    from engine.rules.gurps.melee_actions import MELEE_ACTIONS

    return MELEE_ACTIONS


ACTIONS: tuple[Action, ...] = (*_CORE_ACTIONS, *_melee())
