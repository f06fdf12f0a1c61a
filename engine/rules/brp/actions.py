"""The Basic Roleplaying actions table: its verbs, and the deciders of the smaller actions
(defending, standing, the statement of intent, the powers phase, other actions, a desperate
action). Attacks are :mod:`attack`, drawing and reloading :mod:`weapons`, hazards
:mod:`hazards`, surprise :mod:`surprise`; turn management (initiative, pass, hold, interrupt,
rulings) is the core's, priced by :mod:`turns`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.brp import defence, hazards, surprise, tables
from engine.rules.brp.attack import decide_attack
from engine.rules.brp.common import able, after, check_turn, fighter, use
from engine.rules.brp.resolution import Grade, skill_roll
from engine.rules.brp.weapons import decide_draw, decide_reload
from engine.rules.pack import Action, Decision
from engine.turns import awaited, for_rounds, known
from events.brp import (
    ActDeclared,
    AmbushDeclared,
    AttackDeclared,
    DefendDeclared,
    DesperateDeclared,
    DrawDeclared,
    EscapeDeclared,
    ExplodeDeclared,
    ExposeDeclared,
    IntentDeclared,
    IntentStated,
    PowerDeclared,
    ReloadDeclared,
    SkillRolled,
    StandDeclared,
    SurpriseDeclared,
)
from events.core import ConditionChanged, Event, ReactionResolved
from projections.brp import BrpFighter
from projections.state import FightState


def decide_defend(state: FightState, d: DefendDeclared, dice: Dice) -> Decision:
    """Answer the attack waiting for this defender: parry, dodge or none."""
    p = awaited(state, d.defender, "attack")
    events: list[Event] = [ReactionResolved(reactor=d.defender)]
    events += defence.answer(state, p.actor, d.defender, d.choice, p.detail, dice, d.weapon)
    return Decision(events, advance="next" if state.clock.acting == p.actor else "none")


def decide_stand(state: FightState, d: StandDeclared, dice: Dice) -> Decision:
    """BRP-PRONE: getting up takes 5 DEX ranks and the round's attack, and until the round
    ends his parries and dodges are Difficult and attacks on him Easy; or a Dodge and an
    Agility roll, both unmodified, get him up without that opening (the Agility roll taking
    the attack's place)."""
    check_turn(state, d.actor)
    c = state.combatants[d.actor]
    if "prone" not in c.conditions:
        raise IllegalAction(f"{c.name} is not prone")
    events: list[Event] = [use(state, d.actor, "attack", "BRP-PRONE")]
    up = True
    if d.dodge:
        p = fighter(state, d.actor).profile
        for skill, base in (("dodge", p.skills["dodge"]), ("agility", p.rolls["agility"])):
            r = skill_roll(state, dice, skill, base, rule="BRP-PRONE")
            ok = tables.succeeded(r.tier or "failure")
            events.append(
                SkillRolled(combatant=d.actor, skill=skill, roll=r, success=ok, rule="BRP-PRONE")
            )
            up = up and ok
    if up:
        events.append(
            ConditionChanged(combatant=d.actor, condition="prone", present=False, rule="BRP-PRONE")
        )
        if not d.dodge:
            events.append(for_rounds(state, d.actor, "getting up", 1, "BRP-PRONE"))
    events.append(after(state, d.actor, tables.STAND_RANKS, "stood up (BRP-PRONE)"))
    return Decision(events, advance="next")


#: What an intent needs of the fighter, and the refusal's words when he lacks it.
_INTENT_NEEDS: dict[str, tuple[Callable[[BrpFighter], bool], str]] = {
    "volley": (
        lambda f: any(w.attacks_per_round > 1 for w in f.profile.weapons),
        "has no weapon that fires more than once a round: no volley (BRP-VOLLEY)",
    ),
}


def decide_intent(state: FightState, d: IntentDeclared, dice: Dice) -> Decision:
    """The statement of intent: knockouts, disarms, knockbacks, volleys and entangles are
    stated before the ranks (BRP-KNOCKOUT, BRP-DISARM, BRP-KNOCKBACK, BRP-VOLLEY,
    BRP-ENTANGLE); so is a fighting withdrawal (BRP-DISENGAGE)."""
    known(state, d.actor)
    able(state, d.actor)
    if state.clock.round == 0:
        raise IllegalAction("no round is running: `fracas initiative` begins one")
    if d.target:
        known(state, d.target)
    f = fighter(state, d.actor)
    name = state.combatants[d.actor].name
    if d.intent in f.intents:
        raise IllegalAction(f"{name} has stated a {d.intent} already")
    needs = _INTENT_NEEDS.get(d.intent)
    if needs is not None and not needs[0](f):
        raise IllegalAction(f"{name} {needs[1]}")
    return Decision([IntentStated(combatant=d.actor, intent=d.intent, target=d.target)])


def decide_power(state: FightState, d: PowerDeclared, dice: Dice) -> Decision:
    """A powers-phase action (BRP-FLY, BRP-AURA): recorded, and its skill rolled if given."""
    known(state, d.actor)
    able(state, d.actor)
    if not d.note.strip():
        raise UsageError("say what the power is with --note TEXT")
    if d.skill is None:
        if d.difficulty is not None:
            raise UsageError("--difficulty goes with --skill N")
        return Decision([])
    grades = [] if d.difficulty is None else [Grade(d.difficulty == "easy", "the GM's call", "")]
    r = skill_roll(state, dice, d.note, d.skill, grades)
    ok = tables.succeeded(r.tier or "failure")
    return Decision([SkillRolled(combatant=d.actor, skill=d.note, roll=r, success=ok)])


def decide_act(state: FightState, d: ActDeclared, dice: Dice) -> Decision:
    """An action the rules do not model (moving, reloading, a skill): it takes ``ranks`` DEX
    ranks, and the fighter acts again that much later this round."""
    check_turn(state, d.actor)
    if not d.note.strip():
        raise UsageError("say what the action is with --note TEXT")
    if d.ranks < 0:
        raise UsageError(f"--ranks must be 0 or more, not {d.ranks}")
    return Decision([after(state, d.actor, d.ranks, d.note)], advance="next")


def decide_desperate(state: FightState, d: DesperateDeclared, dice: Dice) -> Decision:
    """BRP-DESPERATE: once a fighter's actions are done, on the round's last DEX rank, a
    Difficult Agility roll buys one more action, itself Difficult; the next round he cannot
    attack or move."""
    known(state, d.actor)
    able(state, d.actor)
    clock = state.clock
    c = state.combatants[d.actor]
    if clock.round == 0 or clock.phase:
        raise IllegalAction("a desperate action comes on the last DEX rank of a round")
    if d.actor in clock.at or clock.acting == d.actor:
        raise IllegalAction(f"{c.name} still has actions this round")
    if clock.acting is not None and clock.now != 1:
        raise IllegalAction(
            f"a desperate action comes on the last DEX rank, not DEX rank {clock.now}"
        )
    p = fighter(state, d.actor).profile
    grade = [Grade(False, "a desperate action", "BRP-DESPERATE")]
    r = skill_roll(state, dice, "agility", p.rolls["agility"], grade, rule="BRP-DESPERATE")
    ok = tables.succeeded(r.tier or "failure")
    events: list[Event] = [
        SkillRolled(combatant=d.actor, skill="agility", roll=r, success=ok, rule="BRP-DESPERATE")
    ]
    if not ok:
        return Decision(events)
    # the action is this round's own, cut in after its last rank: this round is its one
    now = state.clock.round
    events.append(for_rounds(state, d.actor, "desperate", 1, "BRP-DESPERATE", first=now))
    return Decision(events, cut_in=d.actor)


_ATTACK_OPTIONS = {
    "actor": "Who attacks (combatant id).",
    "target": "Who is attacked (combatant id).",
    "weapon": "A weapon from the actor's sheet (default: the first in hand, else a fist).",
    "difficulty": "The GM's grade: easy doubles the skill, difficult halves it.",
    "mod": "A flat percentage, after the grades.",
    "location": "Aim at a hit location (Difficult; with hit locations on, it lands there).",
    "aim": "Aim this many DEX ranks (steps of 5), +1/10 of the skill a step; shoots later.",
    "shots": "Shots of a burst (3 unless given) or of autofire.",
    "burst": "A burst at one target (+20%).",
    "autofire": "Autofire at one target (+40%).",
    "spread": "One of several targets of a burst or autofire: no bonus, a roll each.",
    "group": "Targets in a narrow field of fire (+20%).",
    "range": "Distance to the target in metres (missile and thrown weapons).",
    "cover": "half: Difficult, misses between hit the cover; full: no missile can hit.",
    "covered": "With hit locations on and --cover half: a location behind the cover, e.g. "
    "left_leg (repeat); the roll is then unmodified and hits there strike the cover.",
    "volley": "Volley fire: Difficult, the next 5 DEX ranks later, no parry or dodge.",
    "into_melee": "Firing into a melee (-20%).",
    "engaged": "Firing while engaged in melee (Difficult).",
    "superior": "From a superior position (+10%, +1 on the location roll).",
    "backstab": "From behind in melee (Easy; the defence Difficult).",
    "knockout": "A knockout attack (stated in the intent phase; Difficult).",
    "knockback": "A knockback attack (stated in the intent phase).",
    "disarm": "Strike at the weapon (stated in the intent phase; Difficult).",
    "entangle": "An entangle (stated in the intent phase; Difficult; no damage).",
    "off_hand": "With the off hand (Difficult under 100%).",
    "split": "One of two attacks of a skill of 100%+ (Difficult; the second 5 ranks later).",
    "inside": "A short weapon inside a long weapon's guard (close combat).",
    "unarmored": "The called location is unarmored: a hit ignores armor.",
    "defend": "The defender's answer now; without it the attack waits for `defend`.",
}

ACTIONS: tuple[Action, ...] = (
    Action(
        verb="intent",
        declaration=IntentDeclared,
        decide=decide_intent,
        help="The statement of intent: what a fighter means to do this round (a knockout, "
        "disarm, knockback, volley, entangle or fighting withdrawal), before the DEX ranks.",
        example="fracas intent ilsa knockout --target bandit",
        arguments=("actor", "intent"),
        options={
            "actor": "Who states it (combatant id).",
            "intent": "What he means to do.",
            "target": "At whom.",
        },
        dice="none",
        phase="intent",
    ),
    Action(
        verb="power",
        declaration=PowerDeclared,
        decide=decide_power,
        help="A powers-phase action (a Fly roll, an aura attack), its skill rolled if given.",
        example='fracas power ilsa --note "Fly roll" --skill 60',
        arguments=("actor",),
        options={
            "actor": "Who uses the power (combatant id).",
            "note": "What it is.",
            "skill": "The percentage to roll under, if any.",
            "difficulty": "The GM's grade.",
        },
        phase="powers",
    ),
    Action(
        verb="attack",
        declaration=AttackDeclared,
        decide=decide_attack,
        help="Attack: d100 under the weapon's skill after every modifier, then the "
        "defender's parry or dodge, then damage and its location.",
        example="fracas attack ilsa bandit --weapon broadsword --defend parry",
        arguments=("actor", "target"),
        options=_ATTACK_OPTIONS,
    ),
    Action(
        verb="defend",
        declaration=DefendDeclared,
        decide=decide_defend,
        help="Answer the attack waiting for this defender: parry, dodge or none.",
        example="fracas defend bandit parry --dice 40",
        arguments=("defender", "choice"),
        options={
            "defender": "Who answers (combatant id).",
            "choice": "parry, dodge or none.",
            "weapon": "The weapon or shield to parry with (default: a shield in hand, else the "
            "first melee weapon in hand, else a fist).",
        },
        while_pending=True,
    ),
    Action(
        verb="draw",
        declaration=DrawDeclared,
        decide=decide_draw,
        help="Draw a weapon: 5 DEX ranks (10 with --swap, 0 dropping the old with --drop "
        "then 5; nothing with 101%+).",
        example='fracas draw ilsa "short sword"',
        arguments=("actor", "weapon"),
        options={
            "actor": "Who draws (combatant id).",
            "weapon": "The weapon from his sheet.",
            "swap": "Put the weapons in hand away first (10 ranks).",
            "drop": "Drop the weapons in hand first (0 ranks).",
        },
        dice="none",
    ),
    Action(
        verb="reload",
        declaration=ReloadDeclared,
        decide=decide_reload,
        help="Reload a magazine weapon in hand: full again, after --ranks DEX ranks (5 unless "
        "the GM says how long this weapon takes).",
        example="fracas reload mara revolver --ranks 10",
        arguments=("actor", "weapon"),
        options={
            "actor": "Who reloads (combatant id).",
            "weapon": "The weapon from his sheet.",
            "ranks": "DEX ranks it takes (the rules give no time: the GM's call).",
        },
        dice="none",
    ),
    Action(
        verb="stand",
        declaration=StandDeclared,
        decide=decide_stand,
        help="Get up from prone: 5 DEX ranks and the round's attack; --dodge tries a Dodge "
        "and an Agility roll to get up without being open to Easy attacks.",
        example="fracas stand ilsa",
        arguments=("actor",),
        options={
            "actor": "Who gets up (combatant id).",
            "dodge": "Get up with a Dodge and an Agility roll.",
        },
    ),
    Action(
        verb="act",
        declaration=ActDeclared,
        decide=decide_act,
        help="An action the rules do not model (moving, reloading, a skill) that takes DEX "
        "ranks; he acts again that much later.",
        example='fracas act ilsa --note "reloads" --ranks 5',
        arguments=("actor",),
        options={
            "actor": "Who acts (combatant id).",
            "note": "What the action is.",
            "ranks": "DEX ranks it takes.",
        },
        dice="none",
    ),
    Action(
        verb="ambush",
        declaration=AmbushDeclared,
        decide=surprise.decide_ambush,
        help="An ambush: Stealth against each target's Listen, Sense or Spot, then a free "
        "round for the ambushers.",
        example="fracas ambush bandit --missile",
        arguments=("attackers",),
        options={
            "attackers": "Who lies in ambush.",
            "missile": "They attack with missile weapons.",
            "seen": "They are seen doing it (defences allowed).",
        },
        phase=None,
    ),
    Action(
        verb="surprise",
        declaration=SurpriseDeclared,
        decide=surprise.decide_surprise,
        help="Both sides surprised: everyone rolls Spot (or Listen), then Idea; those who "
        "make both have a first round of their own.",
        example="fracas surprise --sense listen",
        options={"sense": "spot or listen."},
        phase=None,
    ),
    Action(
        verb="explode",
        declaration=ExplodeDeclared,
        decide=hazards.decide_explode,
        help="An explosion (1D6 less for each 2 m out) or an area attack: who is where, who "
        "dodges (no damage) or makes an Agility roll (half), ending prone.",
        example="fracas explode --damage 5D6 --at ilsa=3 --at bandit=7 --avoid ilsa=dodge",
        options={
            "damage": "The blast's damage at the centre, e.g. 5D6.",
            "at": "ID=METRES from the centre (repeat).",
            "avoid": "ID=dodge or ID=agility (repeat).",
            "area": "An area attack: the same damage everywhere.",
        },
        phase=None,
    ),
    Action(
        verb="expose",
        declaration=ExposeDeclared,
        decide=hazards.decide_expose,
        help="A fighter is in fire or heat, or without air, from now on: it strikes at the "
        "end of each round.",
        example="fracas expose bandit smoke",
        arguments=("actor", "hazard"),
        options={
            "actor": "Who is exposed (combatant id).",
            "hazard": "The fire, or what he breathes.",
            "surprised": "Caught without drawing breath (a Luck roll).",
        },
        phase=None,
    ),
    Action(
        verb="escape",
        declaration=EscapeDeclared,
        decide=hazards.decide_escape,
        help="A fighter gets away from a hazard, or puts out the fire on him (Luck).",
        example="fracas escape bandit",
        arguments=("actor",),
        options={"actor": "Who escapes (combatant id).", "hazard": "Which hazard."},
        phase=None,
    ),
    Action(
        verb="desperate",
        declaration=DesperateDeclared,
        decide=decide_desperate,
        help="A desperate action on the last DEX rank: a Difficult Agility roll for one more "
        "action, itself Difficult; no attack or move next round.",
        example="fracas desperate ilsa",
        arguments=("actor",),
        options={"actor": "Who (combatant id)."},
    ),
)
