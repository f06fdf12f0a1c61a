"""The verbs that send something at a target other than a gun's shot: ``launch A B --missiles
N``, a volley of missiles from a launcher, one attack and one strike roll (PAL-MSL-VOLLEY; the
volley itself is :mod:`missiles`, its answers :mod:`volleys`); ``throw A B --weapon W``, a
thrown weapon (:mod:`throwing`).

Reading: the house cap on gunshots paid with hand-to-hand attacks (PAL-HR-APM-H2H-RANGED-CAP)
counts guns, so a volley is booked as an "other" attack (a robot's launcher as the machine's).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.pack import Action, Decision
from engine.rules.palladium import apm, blasts, clips, combat, covering, setbacks
from engine.rules.palladium.checks import check_actor, check_target, in_hand
from engine.rules.palladium.conditions import out_of_action
from engine.rules.palladium.kinds import KINDS, begin
from engine.rules.palladium.missiles import check_missiles, launcher_of
from engine.turns import known
from events.palladium import CoverDeclared, CrossDeclared, LaunchDeclared, ThrowDeclared
from projections.fold import fold
from projections.palladium import InProgress, fighter
from projections.state import FightState

COVER = "PAL-HR-RNG-COVERING-FIRE"
#: The answers a volley may be given when it is declared (the others need their own options).
AT_ONCE = ("dodge", "roll", "block", "none")


def check_caught(state: FightState, caught: tuple[str, ...], actor: str, target: str) -> None:
    """Those caught in a blast are other living fighters of the encounter, each named once."""
    for cid in caught:
        known(state, cid)
        if cid in (actor, target):
            raise UsageError(
                f"--caught {cid}: those caught are others than the attacker and the target"
            )
        if not state.combatants[cid].alive:
            raise IllegalAction(f"--caught {cid}: {state.combatants[cid].name} is dead")
    if len(set(caught)) != len(caught):
        raise UsageError("--caught names each fighter once")


def decide_launch(state: FightState, d: LaunchDeclared, dice: Dice) -> Decision:
    """Fire a volley: its launcher in hand, no more missiles than its rate of fire and than he
    has left; those caught in the blast are other fighters of the encounter; a range within
    the launcher's, where its sheet gives one."""
    check_actor(state, d.actor, 1, "a volley of missiles")
    check_target(state, d.actor, d.target)
    f = fighter(state.combatants[d.actor])
    launcher = launcher_of(f.profile, d.launcher)
    in_hand(f, launcher)
    check_missiles(f, launcher, d.missiles)
    if d.range is not None and d.range <= 0:
        raise UsageError(f"--range {d.range}: a range is at least 1 foot")
    if d.range is not None and launcher.range is not None and d.range > launcher.range:
        raise IllegalAction(
            f"--range {d.range} is beyond the {launcher.name}'s range of {launcher.range} ft: "
            "a missile out of fuel crashes (PAL-MSL-FUEL)"
        )
    check_caught(state, d.caught, d.actor, d.target)
    if d.defend is not None and d.defend not in AT_ONCE:
        raise UsageError(
            f"--defend {d.defend}: a volley is answered now only with {', '.join(AT_ONCE)}; "
            "a counter-volley or a shot at it is `fracas defend` once it is launched"
        )
    ip = InProgress(
        action="volley",
        target=d.target,
        cost=1,
        weapon=launcher.name,
        range=d.range,
        defend=d.defend,
        missiles=d.missiles,
        caught=d.caught,
    )
    return begin(state, d.actor, ip, dice)


def decide_throw(state: FightState, d: ThrowDeclared, dice: Dice) -> Decision:
    """Throw a weapon in hand that the sheet says may be thrown, no farther than it carries
    (PAL-STRIKE-THROW)."""
    check_actor(state, d.actor, 1, "a throw")
    check_target(state, d.actor, d.target)
    f = fighter(state.combatants[d.actor])
    weapon = combat.find_weapon(f.profile, d.weapon)
    assert weapon is not None
    grenade = weapon.kind == "grenade"
    if grenade and d.defend not in (None, "roll", "dodge", "none"):
        raise UsageError(
            f"--defend {d.defend}: a grenade is not parried; its target may dodge it or roll "
            "with the blast (--defend dodge|roll|none)"
        )
    if grenade:
        left = f.shots.get(weapon.name, 0)
        if left < 1:
            raise IllegalAction(f"{f.profile.name} has no {weapon.name} left")
    elif d.caught:
        raise UsageError("--caught names those near a grenade's blast: throw a grenade")
    if weapon.thrown is None and not grenade:
        raise IllegalAction(
            f"the {weapon.name} is not a throwing weapon: its sheet gives no `thrown` bonus "
            "(PAL-STRIKE-THROW)"
        )
    in_hand(f, weapon)
    if d.range is not None and d.range <= 0:
        raise UsageError(f"--range {d.range}: a range is at least 1 foot")
    if d.range is not None and weapon.range is not None and d.range > weapon.range:
        raise IllegalAction(
            f"--range {d.range}: the {weapon.name} carries {weapon.range} ft at most "
            "(PAL-STRIKE-THROW)"
        )
    check_caught(state, d.caught, d.actor, d.target)
    ip = InProgress(
        action="grenade" if grenade else "throw",
        target=d.target,
        cost=1,
        weapon=weapon.name,
        range=d.range,
        defend=d.defend,
        caught=d.caught,
    )
    return begin(state, d.actor, ip, dice)


def decide_cover(state: FightState, d: CoverDeclared, dice: Dice) -> Decision:
    """Lay down covering fire: the attacks committed are paid now, from those in hand, and
    the turn ends as a pass (PAL-HR-RNG-COVERING-FIRE)."""
    if d.attacks < 1:
        raise UsageError(f"--attacks {d.attacks}: commit at least one attack")
    check_actor(state, d.actor, d.attacks, "covering fire")
    f = fighter(state.combatants[d.actor])
    if d.weapon is None:
        weapon = next((w for w in f.profile.weapons if "short" in w.bursts), None)
        if weapon is None:
            raise IllegalAction(f"{f.profile.name} has no weapon that fires short bursts ({COVER})")
    else:
        weapon = combat.find_weapon(f.profile, d.weapon)
        assert weapon is not None
        if "short" not in weapon.bursts:
            raise IllegalAction(
                f"the {weapon.name} fires no short bursts: only such a weapon lays down "
                f"covering fire ({COVER})"
            )
    in_hand(f, weapon)
    if d.attacks > f.apm_left:
        raise IllegalAction(
            f"{f.profile.name} has {f.apm_left} attack(s) in hand to commit, not {d.attacks} "
            f"({COVER})"
        )
    clips.check_loaded(f, d.actor, weapon, d.attacks * weapon.bursts["short"])
    ip = InProgress(action="cover", target="", cost=d.attacks, weapon=weapon.name)
    category: apm.Category = "machine" if weapon.machine else "ranged"
    spent, _ = apm.spend_on_turn(state, d.actor, d.attacks, "cover", COVER, category)
    fired = setbacks.marked(state, covering.cover_events(state, d.actor, ip, dice, 0))
    return Decision([spent, *fired], advance="next")


def decide_cross(state: FightState, d: CrossDeclared, dice: Dice) -> Decision:
    """Someone in the covered area takes its hits (PAL-HR-RNG-COVERING-FIRE)."""
    known(state, d.actor)
    known(state, d.through)
    if not state.combatants[d.actor].alive:
        raise IllegalAction(f"{state.combatants[d.actor].name} is dead")
    events = covering.crossing(state, d, dice)
    if state.clock.acting != d.actor:
        return Decision(events, advance="none")
    # crossing on his own turn: dead, down or with no attack left, his turn is over
    after = fold(apm.spent(state, events), events, blasts.POOLS).combatants[d.actor]
    spent = not after.alive or out_of_action(after) is not None or fighter(after).apm_left <= 0
    return Decision(events, advance="next" if spent else "none")


ACTIONS: tuple[Action, ...] = (
    Action(
        verb="launch",
        declaration=LaunchDeclared,
        decide=decide_launch,
        help="Fire missiles from a launcher in one volley: one attack, one strike roll for all "
        "of them. A hit waits for the target's answer: `defend B counter-volley`, "
        "`shoot-down`, `dodge`, `roll` or `none`.",
        example="fracas launch walker dorn --missiles 4 --caught vance --range 3000",
        arguments=("actor", "target"),
        options={
            "actor": "Who fires (combatant id).",
            "target": "Who the volley is fired at (combatant id).",
            "missiles": "How many missiles in the volley (default 1; at most the launcher's rate).",
            "launcher": "A launcher from the sheet (default: the first).",
            "range": "Distance to the target in feet.",
            "caught": "Others in the blast radius, who take half (repeat for several).",
            "defend": "The target's answer now: dodge, roll, block (robot or bionic arms) or none.",
        },
        needs=(KINDS["volley"],),
    ),
    Action(
        verb="throw",
        declaration=ThrowDeclared,
        decide=decide_throw,
        help="Throw a weapon the sheet says may be thrown (a knife, a spear): one attack, a "
        "strike with its W.P.'s thrown bonus, answered like a blow; it leaves his hand. A "
        "grenade goes off where it lands (house rules: at the round's end, after its scatter).",
        example="fracas throw jade rook --weapon knife --range 20",
        arguments=("actor", "target"),
        options={
            "actor": "Who throws (combatant id).",
            "target": "Who it is thrown at (combatant id).",
            "weapon": "A throwing weapon from the sheet (`thrown` bonus given).",
            "range": "Distance to the target in feet.",
            "defend": "The defender's answer now; without it a thrown weapon waits for "
            "`defend`; a grenade waits for nobody: its target dodges or rolls only if given here.",
            "caught": "A grenade: others near where it lands, who take half (repeat for several).",
        },
        needs=(KINDS["throw"], KINDS["grenade"]),
    ),
    Action(
        verb="cover",
        declaration=CoverDeclared,
        decide=decide_cover,
        help="Covering fire (house rule): commit attacks and as many short bursts of a weapon "
        "that fires them, one burst attack rolled each; it ends the turn. Until his next turn "
        "whoever moves through the area takes a hit for each (`fracas cross`).",
        example="fracas cover vance --attacks 2",
        arguments=("actor",),
        options={
            "actor": "Who fires (combatant id).",
            "attacks": "Attacks committed, from those in hand (one burst each).",
            "weapon": "A weapon that fires bursts (default: his first).",
        },
        needs=(KINDS["cover"],),
    ),
    Action(
        verb="cross",
        declaration=CrossDeclared,
        decide=decide_cross,
        help="Someone starts in, ends in or moves through an area under covering fire: a hit "
        "for each committed burst, each dodged on its own with --dodge, none under cover.",
        example="fracas cross rook --through vance --dodge",
        arguments=("actor",),
        options={
            "actor": "Who is in the covered area (combatant id).",
            "through": "Whose covering fire it is.",
            "dodge": "He dodges each hit (an attack each, as any dodge).",
            "in_cover": "He keeps under cover: no hit.",
        },
        phase=None,
    ),
)
