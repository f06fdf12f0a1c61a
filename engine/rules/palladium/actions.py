"""The Palladium actions table: its verbs, and the deciders of actions on one's own turn.

Each row names the declaration a verb makes, its decider, its help with an example, and what it
needs (its action kinds, :mod:`kinds`: cost, ledger category, cost rule). Deciders refuse what
the rules forbid with IllegalAction (exit 1) and unknown names with UnknownName (exit 2),
before any event is produced, so nothing is written. Turn management (initiative, passing,
holds, interrupts, rulings) is the core's; :mod:`turns` prices it.
"""

from __future__ import annotations

from engine.actiontable import RULING_OPTIONS
from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.rules.pack import Action, Decision
from engine.rules.palladium import (
    answers,
    bursts,
    called,
    clips,
    combat,
    handtohand,
    launchers,
    shots,
    strikes,
)
from engine.rules.palladium.acts import decide_act
from engine.rules.palladium.checks import (
    DEATH_BLOW_COST,
    check_actor,
    check_target,
    in_hand,
)
from engine.rules.palladium.kinds import KINDS, begin, shot_cost, shot_kind
from engine.rules.palladium.moves import MOVES
from engine.rules.palladium.options import opts
from engine.rules.palladium.round import decide_surprise
from events.palladium import (
    ActDeclared,
    ActivateDeclared,
    BodyFlipDeclared,
    DefendDeclared,
    MeleeRoundDeclared,
    PalladiumRulingDeclared,
    PowerPunchDeclared,
    ShootDeclared,
    StrikeDeclared,
    SurpriseDeclared,
)
from projections.palladium import InProgress, fighter
from projections.state import FightState


def decide_strike(state: FightState, d: StrikeDeclared, dice: Dice) -> Decision:
    """One strike: one attack (PAL-STRIKE-ROLL), then defence and damage; with a move, what
    the move costs (a leap kick two, PAL-DMG-BASE-TABLE). From behind or unseen it cannot be
    parried or dodged (PAL-DEF-LOS); a pulled blow is held back on a roll (PAL-DMG-PULL). A
    called strike (``--called``) costs what the option ``melee_called`` adds and lands on its
    spot as :mod:`called` says (PAL-HR-STRIKE-CALLED-12, PAL-STRIKE-CALLED)."""
    move = MOVES[d.move] if d.move is not None else None
    cost = move.cost if move is not None else 1
    if d.death_blow:
        cost = max(cost, DEATH_BLOW_COST)
    check_actor(state, d.actor, cost, move.label if move is not None else "a strike")
    check_target(state, d.actor, d.target)
    f = fighter(state.combatants[d.actor])
    p = f.profile
    weapon = combat.find_weapon(p, d.weapon)
    if weapon is not None and weapon.kind == "ranged":
        return decide_shoot(state, as_shot(d), dice)
    launchers.refuse(weapon)
    if d.range is not None:
        raise UsageError("--range is the distance of a shot: give it with a gun (--weapon)")
    in_hand(f, weapon)
    handtohand.check_move(state, p, d, weapon)
    if d.death_blow:
        handtohand.check_death_blow(p, weapon)
        handtohand.check_pull(d)
    extra = called.blow_cost(opts(state), d, move)
    if d.called is not None:
        cost += extra
        check_actor(state, d.actor, cost, KINDS["called strike"].label)
    ip = InProgress(
        action="strike" if d.called is None else "called strike",
        target=d.target,
        cost=cost,
        weapon=d.weapon,
        defend=d.defend,
        called=d.called,
        move=d.move,
        from_behind=d.from_behind,
        unseen=d.unseen,
        pull=d.pull,
        death_blow=d.death_blow,
        note="a death blow" if d.death_blow else "",
        situation=("at-weapon",) if d.at_weapon else (),
    )
    return begin(state, d.actor, ip, dice)


def as_shot(d: StrikeDeclared) -> ShootDeclared:
    """A strike with a gun is a single shot, through every shooting rule (PAL-RNG-SINGLE);
    what only a blow can be is refused."""
    blow_only = [
        flag
        for flag, given in (
            ("--move", d.move is not None),
            ("--pull", d.pull is not None),
            ("--death-blow", d.death_blow),
            ("--from-behind", d.from_behind),
            ("--unseen", d.unseen),
        )
        if given
    ]
    if blow_only:
        raise UsageError(
            f"{', '.join(blow_only)} is for a blow; the {d.weapon} fires a shot (`fracas shoot`)"
        )
    return ShootDeclared(
        actor=d.actor,
        target=d.target,
        weapon=d.weapon,
        range=d.range,
        defend=d.defend,
        called=d.called,
        at_weapon=d.at_weapon,
    )


def decide_body_flip(state: FightState, d: BodyFlipDeclared, dice: Dice) -> Decision:
    """A body flip or throw: the ``body-flip`` move of the moves table (PAL-DMG-BODYFLIP)."""
    flip = StrikeDeclared(actor=d.actor, target=d.target, defend=d.defend, move="body-flip")
    return decide_strike(state, flip, dice)


def decide_power_punch(state: FightState, d: PowerPunchDeclared, dice: Dice) -> Decision:
    """A power punch or kick: two attacks, lands on the second (PAL-DMG-POWER,
    PAL-COST-MULTI-LANDING). Under RAW the first attack is spent now and the blow lands when
    the actor's turn comes round again, without another command; under the house passes both
    are paid now if the hand holds them, else on his next turn (PAL-HR-LONG-ACTION)."""
    kind = KINDS["power_kick" if d.kick else "power_punch"]
    assert kind.cost is not None
    check_actor(state, d.actor, kind.cost, kind.label)
    check_target(state, d.actor, d.target)
    p = fighter(state.combatants[d.actor]).profile
    if p.moves and kind.name not in p.moves:
        raise IllegalAction(
            f"{p.name}'s hand-to-hand skill has no {kind.label[2:]} (PAL-STRIKE-H2H-BONUS-TABLES)"
        )
    ip = InProgress(action=kind.name, target=d.target, cost=kind.cost, kick=d.kick, defend=d.defend)
    return begin(state, d.actor, ip, dice)


def decide_shoot(state: FightState, d: ShootDeclared, dice: Dice) -> Decision:
    """A shot: single 1 attack, aimed 2 (+2), called 2, aimed and called 3 (PAL-STRIKE-CALLED);
    a multi-attack shot is fired on its last attack (PAL-COST-MULTI-LANDING,
    PAL-HR-LONG-ACTION). The target number and location rules are in ``shots.shot``."""
    kind = shot_kind(d.aimed, d.called, d.burst)
    check_actor(state, d.actor, shot_cost(d.aimed, d.called, d.burst), kind.label)
    check_target(state, d.actor, d.target)
    p = fighter(state.combatants[d.actor]).profile
    if d.weapon is None:
        weapon = next((w for w in p.weapons if w.kind == "ranged"), None)
        if weapon is None:
            raise UnknownName(
                f"{p.name} has no ranged weapon on {pronoun(state, d.actor).their} sheet to "
                "shoot with"
            )
    else:
        weapon = combat.find_weapon(p, d.weapon)
    in_hand(fighter(state.combatants[d.actor]), weapon)
    shots.check_shot(state, d.actor, weapon, aimed=d.aimed, called=d.called, range_ft=d.range)
    assert weapon is not None
    spent = bursts.check(state, d, weapon)
    clips.check_loaded(fighter(state.combatants[d.actor]), d.actor, weapon, spent)
    if d.defend == "parry" and not shots.point_blank(state, weapon, d.range):
        raise IllegalAction(
            "a shot cannot be parried except at punching range under the house range bands "
            "(PAL-DEF-PARRY, PAL-HR-STRIKE-RANGE-BANDS); answer dodge or none"
        )
    ip = InProgress(
        action=kind.name,
        target=d.target,
        cost=shot_cost(d.aimed, d.called, d.burst),
        weapon=weapon.name,
        aimed=d.aimed,
        called=d.called,
        range=d.range,
        defend=d.defend,
        situation=shots.situation(d),
        target_mph=d.target_moving,
        burst=d.burst,
        cover=d.cover,
        caught=strikes.check_stray(state, d.actor, d.target, d.stray),
    )
    return begin(state, d.actor, ip, dice)


#: The kinds a ``shoot`` may be: shots and bursts (``kinds.py``).
SHOT_KINDS = (
    "shot", "aimed shot", "called shot", "aimed called shot", "short burst", "long burst", "pulse",
)  # fmt: skip

#: The Palladium verbs (``initiative`` and ``ruling`` replace the core's rows, with the
#: pack's own declarations; the core decides them).
ACTIONS: tuple[Action, ...] = (
    Action(
        verb="initiative",
        declaration=MeleeRoundDeclared,
        decide=None,
        help="Start the next melee round: everyone rolls initiative (1D20 + bonuses).\n\n"
        "Under the house variant the round has three passes and each fighter's attacks are "
        "split over them. --dice gives one d20 per fighter who rolls, in join order, then any "
        "tie re-rolls; NPCs with a fixed initiative, fighters who lost it and automatic "
        "initiatives take no die.",
        example="fracas initiative --dice 14,9",
        options={
            "ambush": "An undetected sneak attacker: first without a roll, his first attack "
            "undefendable (repeat for several).",
            "unseen": "An unseen long-range attacker: first without a roll; his first shot at "
            "each target makes it lose initiative and cannot be dodged.",
            "long_range": "A seen long-range attacker, first without a roll (only with "
            "--option ranged_auto_initiative=any_long_range).",
        },
        phase=None,
    ),
    Action(
        verb="surprise",
        declaration=SurpriseDeclared,
        decide=decide_surprise,
        help="Complete surprise: house rules give the attackers a free single-pass round "
        "before the first; RAW rolls the round's initiative with them first and their first "
        "attacks undefendable.",
        example="fracas surprise brodkil --aware vance",
        arguments=("attackers",),
        options={
            "attackers": "Who surprises, in acting order.",
            "aware": "A target who is aware of the attack and may defend.",
        },
        phase=None,
    ),
    Action(
        verb="strike",
        declaration=StrikeDeclared,
        decide=decide_strike,
        help="Strike once (one attack): roll to strike, then the defence, then damage. --move "
        "strikes with a kick, knee, karate punch and the like, where the style grants it; "
        "--called aims the blow at a spot (one attack more; house: it lands there on 12+).",
        example="fracas strike marcus-kell brodkil --move karate-kick --defend parry",
        arguments=("actor", "target"),
        options={
            "actor": "Who strikes (combatant id).",
            "target": "Who is struck (combatant id).",
            "weapon": "A weapon from the actor's sheet.",
            "defend": "The defender's answer now; without it the strike waits for `defend`.",
            "move": "A hand-to-hand move instead of a plain punch, if the style grants it "
            "(a leap or jump kick costs two attacks).",
            "from_behind": "The blow comes from behind: it cannot be parried or dodged.",
            "unseen": "The target cannot see the attack: it cannot be parried or dodged.",
            "pull": "Pull the blow to at most N points of damage (a roll of 11+ on 1D20 + "
            "pull bonuses).",
            "death_blow": "A death blow at will, where the sheet grants one: two attacks.",
            "range": "With a gun: the distance in feet; the strike is then a shot, as `shoot`.",
            "called": "A called strike at this location (one attack more; under the house "
            "rules it lands there only on a total of 12, else where the defender chooses).",
            "at_weapon": "The called location is a weapon in the target's hand (with "
            "--called): -3, and a hit damages the weapon.",
        },
        needs=(KINDS["strike"], KINDS["called strike"]),
    ),
    Action(
        verb="body-flip",
        declaration=BodyFlipDeclared,
        decide=decide_body_flip,
        help="A body flip or throw: one attack, 1D6 + damage bonuses, and the victim loses "
        "initiative and one attack. Only a style that grants it may throw.",
        example="fracas body-flip jade rook --defend dodge",
        arguments=("actor", "target"),
        options={
            "actor": "Who throws (combatant id).",
            "target": "Who is thrown (combatant id).",
            "defend": "The defender's answer now; without it the throw waits for `defend`.",
        },
        needs=(KINDS["strike"],),
    ),
    Action(
        verb="power-punch",
        declaration=PowerPunchDeclared,
        decide=decide_power_punch,
        help="A power punch (or kick): two attacks, double damage, lands on the second attack.",
        example="fracas power-punch brodkil marcus-kell",
        arguments=("actor", "target"),
        options={
            "actor": "Who punches (combatant id).",
            "target": "Who is punched (combatant id).",
            "kick": "A power kick instead of a punch.",
            "defend": "The defender's answer, decided now.",
        },
        needs=(KINDS["power_punch"], KINDS["power_kick"]),
    ),
    Action(
        verb="defend",
        declaration=DefendDeclared,
        decide=answers.decide_defend,
        help="Answer the strike waiting for this defender. A volley of missiles waits for "
        "counter-volleys and shots at it (under the house rules from anyone) until its target "
        "dodges, rolls, blocks it with his arms or takes it.",
        example="fracas defend marcus-kell dodge --dice 17",
        arguments=("defender", "choice"),
        options={
            "defender": "Who answers the pending strike.",
            "choice": "parry, dodge, none, simultaneous, roll (with the impact), entangle, "
            "disarm, back-flip, or paired (parry and strike back with paired weapons); against "
            "a volley of missiles counter-volley, shoot-down, dodge, roll, block (with robot or "
            "bionic arms) or none.",
            "weapon": "Weapon to parry with (parry, paired), to strike back with "
            "(simultaneous), or to shoot at a missile with (shoot-down).",
            "missiles": "A counter-volley: how many of his own missiles (default 1).",
            "launcher": "A counter-volley: which launcher (default: his first).",
        },
        while_pending=True,
    ),
    Action(
        verb="activate",
        declaration=ActivateDeclared,
        decide=answers.decide_activate,
        help="Answer the knockout or death-blow chance a natural strike roll opened: the blow "
        "becomes one (under the house rules for one more attack), or stays an ordinary blow.",
        example="fracas activate marcus-kell knockout --dice 3,2",
        arguments=("actor", "choice"),
        options={
            "actor": "The striker whose natural roll opened the chance.",
            "choice": "knockout, death-blow or no.",
        },
        while_pending=True,
    ),
    Action(
        verb="shoot",
        declaration=ShootDeclared,
        decide=decide_shoot,
        help="Shoot: a single shot is 1 attack; aimed 2 (+2); called 2; aimed and called 3. A "
        "shot costing more than is in hand is fired on the turn its last attack is paid.",
        example='fracas shoot vance brodkil --weapon "energy rifle" --aimed --called head '
        "--range 300",
        arguments=("actor", "target"),
        options={
            "actor": "Who shoots (combatant id).",
            "target": "Who is shot at (combatant id).",
            "weapon": "A ranged weapon from the sheet (default: the first).",
            "aimed": "Aimed: 2 attacks, +2 to strike.",
            "called": "A called shot at this location (2 attacks; 3 if aimed).",
            "range": "Distance to the target in feet.",
            "defend": "The defender's answer, decided now.",
            "wild": "Fired wild (panicked, running, spraying): -6.",
            "blind": "At a target he cannot see: -10.",
            "moving": "The shooter is moving: fired wild (RAW), or -1 (house).",
            "at_weapon": "At a weapon in hand (with --called): -3.",
            "target_moving": "The target moves at MPH: -1, and -1 per 50 mph beyond 20.",
            "burst": "short, long or pulse, as the weapon's sheet allows: the W.P. bonus halved "
            "(no W.P.: -3); a long burst takes two attacks.",
            "twin": "Both barrels of a double-barrelled weapon at once: double damage, one attack.",
            "cover": "The target is in partial cover: the GM's -2 to -10 under the house rules; "
            "a called shot at what shows either way.",
            "spray": "A burst sprayed over the target's area: fired wild, -6.",
            "stray": "If the shot misses, it strikes this bystander instead (the GM's call).",
        },
        needs=tuple(KINDS[k] for k in SHOT_KINDS),
    ),
    Action(
        verb="act",
        declaration=ActDeclared,
        decide=decide_act,
        help="An action the rules do not model (a spell, a skill, reloading), paid by the "
        "clock like any other: long actions go on over later turns and happen when fully paid.",
        example='fracas act marcus-kell --cost 5 --note "casts Call Lightning"',
        arguments=("actor",),
        options={
            "actor": "Who acts (combatant id).",
            "note": "What the action is.",
            "cost": "What it costs in attacks (0: a free action).",
            "psionic": "A psionic power: the rules set the cost (1, or 1, 2, 3…).",
        },
        needs=(KINDS["act"], KINDS["psionic"]),
    ),
    Action(
        verb="ruling",
        declaration=PalladiumRulingDeclared,
        decide=None,
        help="A GM ruling on one combatant, applied through the same rules as the effects "
        "actions cause; undoable like any other ply.",
        example="fracas ruling vance --lose-initiative --lose-attacks 1 --rule PAL-COND-KNOCKDOWN",
        arguments=("combatant",),
        options={
            **RULING_OPTIONS,
            "damage": "Damage he takes (S.D.C.; M.D. with --mega).",
            "lose_initiative": "He loses initiative.",
            "lose_attacks": "Attacks he loses.",
            "gain_attacks": "Attacks he gains.",
            "mega": "The damage is Mega-Damage.",
            "break_action": "His long action is broken.",
        },
        names={"text": "--note"},
        dice="none",
        while_pending=True,
        phase=None,
    ),
)
