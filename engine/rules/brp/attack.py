"""An attack: what the rules allow, its skill after every modifier in order, the roll, and
what follows (a defence, now or pending, then damage).

The modifiers, in the order the rules apply them (``resolution``): grades (Easy, Difficult)
for the GM's call, a called location (BRP-AIM-LOCATION), a knockout, disarm or entangle
(BRP-KNOCKOUT, BRP-DISARM, BRP-ENTANGLE), volley fire (BRP-VOLLEY), a split skill or the off
hand (BRP-TWO-WEAPONS), a broken weapon (BRP-BROKEN-WEAPON), a desperate action
(BRP-DESPERATE), lying prone or attacking someone who is (BRP-PRONE), a stunned, helpless or
backstabbed target (BRP-STUNNED, BRP-HELPLESS, BRP-BACKSTAB), an ambush (BRP-AMBUSH), close
combat (BRP-CLOSE-COMBAT), range and point blank (BRP-RANGE, BRP-POINT-BLANK), firing while
engaged (BRP-FIRE-INTO-MELEE), cover (BRP-COVER); then flat percentages: aim (BRP-AIM-TIME),
bursts and autofire (BRP-AUTOFIRE), firing into melee, superior position (BRP-SUPERIOR-POS),
size (BRP-SIZE-MOD), the GM's ``--mod``; then the long range's fifth.
"""

from __future__ import annotations

import attrs

from engine.dice import Dice
from engine.rolls import apply_modifiers
from engine.rules import IllegalAction, UsageError
from engine.rules.brp import damage, defence, tables
from engine.rules.brp.common import (
    HELPLESS,
    after,
    check_turn,
    done,
    fighter,
    find_weapon,
    use,
)
from engine.rules.brp.options import opts
from engine.rules.brp.resolution import (
    Cap,
    Flat,
    Grade,
    difficult,
    easy,
    grade_steps,
    skill_roll,
)
from engine.rules.pack import Decision
from engine.turns import known
from events.brp import (
    AimEnded,
    AimStarted,
    AttackDeclared,
    AttackDetail,
    AttackRolled,
    BrpWeapon,
    DefenseDeclined,
    WeaponChanged,
)
from events.core import Event, Modifier, ReactionRequested, TurnScheduled
from projections.state import FightState

#: The intents an attack of each kind needs, with the option ``intent_required``.
NEEDS_INTENT = ("knockout", "disarm", "knockback", "volley", "entangle")


@attrs.define
class Plan:
    """An attack's modifiers, and what they mean for its outcome and its defence."""

    grades: list[Grade] = attrs.field(factory=list)
    flats: list[Flat] = attrs.field(factory=list)
    caps: list[Cap] = attrs.field(factory=list)
    notes: list[str] = attrs.field(factory=list)
    defence_grade: str = "normal"
    defence_note: str = ""
    undefended: str = ""
    long_range: bool = False
    point_blank: bool = False


def _check(state: FightState, d: AttackDeclared, weapon: BrpWeapon) -> None:
    """Refuse what the rules forbid, before anything is rolled."""
    c = state.combatants[d.actor]
    f = fighter(state, d.actor)
    options = opts(state)
    name = c.name
    known(state, d.target)
    if d.target == d.actor:
        raise IllegalAction("a fighter cannot attack himself")
    if "dead" in state.combatants[d.target].conditions:
        raise IllegalAction(f"{state.combatants[d.target].name} is dead")
    ws = f.weapons.get(weapon.name)
    if ws is not None and not ws.drawn:
        raise IllegalAction(
            f'{name}\'s {weapon.name} is not in hand: `fracas draw {d.actor} "{weapon.name}"` '
            "(5 DEX ranks, BRP-DRAW)"
        )
    for cond, rule in (
        ("stunned", "BRP-STUNNED"),
        ("off balance", "BRP-DESPERATE"),
        ("getting up", "BRP-PRONE"),
        ("entangled", "BRP-ENTANGLE"),
    ):
        if cond in c.conditions:
            raise IllegalAction(f"{name} is {cond} and cannot attack ({rule})")
    if (
        "prone" in c.conditions
        and weapon.two_handed
        and weapon.kind == "melee"
        and options.prone_two_handed == "cannot"
    ):
        raise IllegalAction(
            f"{name} is prone: no attack with the two-handed {weapon.name} "
            "(BRP-PRONE, option prone_two_handed=cannot)"
        )
    if options.intent_required:
        for intent in NEEDS_INTENT:
            if getattr(d, intent) and intent not in f.intents:
                raise IllegalAction(
                    f"a {intent} must be stated at the start of the round: `fracas intent "
                    f"{d.actor} {intent}` in the statement of intent (option intent_required)"
                )
    melee = weapon.kind == "melee"
    if (d.volley or d.aim or d.burst or d.autofire or d.shots) and melee:
        raise UsageError(f"the {weapon.name} is a melee weapon: no aim, volley, burst or shots")
    if d.backstab and not melee:
        raise UsageError("a backstab is a hand-to-hand attack (BRP-BACKSTAB)")
    _check_fire(state, d, weapon)
    if d.aim and (d.aim < 0 or d.aim % tables.RANK_STEP):
        raise UsageError(f"--aim {d.aim}: aim in steps of 5 DEX ranks (BRP-AIM-TIME)")
    if d.aim and (state.clock.now or 0) - d.aim < 1:
        raise IllegalAction(
            f"aiming {d.aim} ranks from DEX rank {state.clock.now} leaves no rank to shoot at "
            "(BRP-AIM-TIME)"
        )
    if d.split and weapon.skill < 100:
        raise IllegalAction(
            f"a split attack needs 100% or more with the weapon ({weapon.skill}%, BRP-TWO-WEAPONS)"
        )
    if d.volley and f.attacks >= weapon.attacks_per_round:
        raise IllegalAction(
            f"the {weapon.name} allows {weapon.attacks_per_round} attack(s) a round; volley "
            "fire is spent (BRP-VOLLEY)"
        )
    if d.location is not None and options.hit_locations and d.location not in tables.LOCATIONS:
        raise UsageError(f"--location {d.location!r}: one of {', '.join(tables.LOCATIONS)}")
    if d.cover == "full" and not melee:
        raise IllegalAction(
            f"{state.combatants[d.target].name} is crouched fully behind cover: small missile "
            "fire cannot hit him (BRP-FORTIFIED)"
        )


def _check_fire(state: FightState, d: AttackDeclared, weapon: BrpWeapon) -> None:
    """Bursts, autofire and shots need a weapon that fires them and the rounds to do it."""
    f = fighter(state, d.actor)
    ws = f.weapons.get(weapon.name)
    shots = fired(d)
    if (d.burst and not weapon.burst) or (d.autofire and not weapon.autofire):
        kind = "bursts" if d.burst else "autofire"
        raise IllegalAction(f"the {weapon.name} cannot fire {kind} (BRP-AUTOFIRE)")
    if d.shots and not (d.burst or d.autofire):
        raise UsageError("--shots goes with --burst or --autofire (BRP-AUTOFIRE)")
    if shots > 1 and tables.hits_die(shots, opts(state).autofire_odd) is None:
        have = ", ".join(map(str, tables.counts_with_dice(opts(state).autofire_odd)))
        raise IllegalAction(
            f"no die gives how many of {shots} shots hit: fire {have} (BRP-AUTOFIRE)"
        )
    if weapon.shots and ws is not None and shots > ws.shots:
        raise IllegalAction(
            f"the {weapon.name} has {ws.shots} shot(s) left and this fires {shots}; reload "
            "first (`fracas act ACTOR --note reload --ranks N`)"
        )


def fired(d: AttackDeclared) -> int:
    """Shots the attack fires: a burst's (3 unless told), autofire's, or one."""
    if d.burst:
        return d.shots or 3
    if d.autofire:
        return d.shots or 0
    return 1


def _range(state: FightState, d: AttackDeclared, weapon: BrpWeapon, plan: Plan) -> None:
    """BRP-RANGE and BRP-POINT-BLANK: within the base range the skill stands; to twice it
    Difficult; to four times a fifth of it, never better than a plain hit; beyond, no chance
    (a thrown weapon has none past twice). Point blank, within DEX/3 metres, is Easy; at
    touch (1 m) a bow or thrown weapon is Difficult and a self-propelled one Easy."""
    if weapon.kind == "melee" or d.range is None:
        return
    r, base = d.range, weapon.base_range
    dex = fighter(state, d.actor).profile.characteristics["dex"]
    limit = dex / 3
    near = r <= limit if opts(state).point_blank == "at_most" else r < limit
    if r < 0:
        raise UsageError("--range is metres, 0 or more")
    if r <= 1 and not weapon.self_propelled:
        plan.grades.append(difficult("a bow or thrown weapon at touch", "BRP-POINT-BLANK"))
        plan.point_blank = True
        return
    if near:
        plan.grades.append(easy(f"point blank ({r} m, DEX/3 is {limit:.1f})", "BRP-POINT-BLANK"))
        plan.point_blank = True
        return
    if r <= base:
        return
    if r <= 2 * base:
        plan.grades.append(difficult(f"{r} m is past the base range {base} m", "BRP-RANGE"))
        return
    if weapon.kind == "thrown":
        raise IllegalAction(
            f"the {weapon.name} has no chance past twice its base range ({2 * base} m, BRP-RANGE)"
        )
    if r > 4 * base:
        raise IllegalAction(f"{r} m is past four times the base range ({4 * base} m): no chance")
    plan.caps.append(Cap(0, f"long range ({r} m): a fifth of the skill", "BRP-RANGE", divide=5))
    plan.long_range = True


def plan_attack(state: FightState, d: AttackDeclared, weapon: BrpWeapon, aimed: int) -> Plan:
    """Every modifier of the attack, in the order the rules apply them."""
    c = state.combatants[d.actor]
    t = state.combatants[d.target]
    options = opts(state)
    plan = Plan()
    g = plan.grades
    missile = weapon.kind != "melee"
    if d.difficulty is not None:
        g.append(Grade(d.difficulty == "easy", "the GM's call", ""))
    if d.location is not None:
        if aimed >= tables.RANK_STEP and options.aimed_location == "cancels_difficult":
            plan.notes.append("5 ranks of aim offset the called location (BRP-AIM-LOCATION)")
        else:
            g.append(difficult(f"aimed at the {d.location.replace('_', ' ')}", "BRP-AIM-LOCATION"))
    for flag, rule in (
        ("knockout", "BRP-KNOCKOUT"),
        ("disarm", "BRP-DISARM"),
        ("entangle", "BRP-ENTANGLE"),
        ("volley", "BRP-VOLLEY"),
        ("split", "BRP-TWO-WEAPONS"),
    ):
        if getattr(d, flag):
            g.append(difficult(f"a {flag}", rule))
    if d.off_hand and weapon.skill < 100:
        g.append(difficult("the off hand", "BRP-TWO-WEAPONS"))
    ws = fighter(state, d.actor).weapons.get(weapon.name)
    if ws is not None and ws.broken:
        g.append(difficult(f"the broken {weapon.name}", "BRP-BROKEN-WEAPON"))
    if "desperate" in c.conditions:
        g.append(difficult("a desperate action", "BRP-DESPERATE"))
    if "prone" in c.conditions and not (missile and weapon.self_propelled):
        g.append(difficult("attacking while prone", "BRP-PRONE"))
    if "prone" in t.conditions:
        far = missile and d.range is not None and d.range > 2 * weapon.base_range
        if far:
            g.append(difficult("a prone target at long range", "BRP-PRONE"))
        else:
            g.append(easy("a prone target", "BRP-PRONE"))
    if "getting up" in t.conditions:
        g.append(easy("a target getting up", "BRP-PRONE"))
    if "stunned" in t.conditions:
        g.append(easy("a stunned target", "BRP-STUNNED"))
    helpless = next((h for h in HELPLESS if h in t.conditions), None)
    if helpless is not None:
        g.append(easy(f"a helpless target ({helpless})", "BRP-HELPLESS"))
        plan.undefended = f"helpless ({helpless}), no defence (BRP-HELPLESS)"
    if d.backstab:
        g.append(easy("a backstab", "BRP-BACKSTAB"))
        plan.defence_grade = "difficult"
        plan.defence_note = "a backstab: a Difficult defence (BRP-BACKSTAB)"
    _ambush(state, d, missile, plan)
    if d.inside and options.inside_guard == "length_table":
        mine, theirs = weapon.length, _their_length(state, d.target)
        if mine == "long" and theirs != "long":
            g.append(difficult("a long weapon with a foe inside its guard", "BRP-WEAPON-LENGTH"))
        elif mine != "long" and theirs == "long":
            g.append(easy("inside a long weapon's guard", "BRP-WEAPON-LENGTH"))
    if d.inside:
        plan.defence_note = "inside the guard (BRP-CLOSE-COMBAT)"
    _range(state, d, weapon, plan)
    if d.engaged and missile:
        g.append(difficult("firing while engaged in melee", "BRP-FIRE-INTO-MELEE"))
    if d.cover == "half":
        g.append(difficult("a target half behind cover", "BRP-COVER"))
    f = plan.flats
    if aimed:
        f.extend(_aim(state, d, weapon, aimed, plan))
    if d.burst and not d.spread:
        f.append(Flat(tables.BURST_BONUS, "a burst at one target", "BRP-AUTOFIRE"))
    if d.autofire and not d.spread:
        f.append(Flat(tables.AUTOFIRE_BONUS, "autofire at one target", "BRP-AUTOFIRE"))
    if d.group:
        f.append(Flat(tables.GROUP_BONUS, "a narrow field of fire", "BRP-AUTOFIRE"))
    if d.into_melee and missile:
        f.append(Flat(tables.INTO_MELEE, "firing into melee", "BRP-FIRE-INTO-MELEE"))
    if d.superior:
        f.append(Flat(tables.SUPERIOR_BONUS, "a superior position", "BRP-SUPERIOR-POS"))
    mine_siz = fighter(state, d.actor).profile.characteristics["siz"]
    their_siz = fighter(state, d.target).profile.characteristics["siz"]
    if their_siz > 2 * mine_siz:
        f.append(Flat(tables.SIZE_BONUS, f"a target of SIZ {their_siz}", "BRP-SIZE-MOD"))
    elif their_siz < -(-mine_siz // 2):
        f.append(Flat(-tables.SIZE_BONUS, f"a target of SIZ {their_siz}", "BRP-SIZE-MOD"))
    if d.mod:
        f.append(Flat(d.mod, "the GM's modifier", ""))
    return plan


def _their_length(state: FightState, cid: str) -> str:
    w = find_weapon(state, cid, None)
    return w.length


def _ambush(state: FightState, d: AttackDeclared, missile: bool, plan: Plan) -> None:
    """BRP-AMBUSH: a free round of Easy missile attacks, undefendable if unseen; a melee
    ambush not noticed makes attacks Easy and defences Difficult."""
    t = state.combatants[d.target]
    if "ambushed" in t.conditions and missile:
        plan.grades.append(easy("an ambush", "BRP-AMBUSH"))
        plan.undefended = "ambushed by an unseen shooter (BRP-AMBUSH)"
        return
    if "caught unaware" in t.conditions:
        plan.grades.append(easy("an ambush the target did not notice", "BRP-AMBUSH"))
        plan.defence_grade = "difficult"
        plan.defence_note = "caught unaware: a Difficult defence (BRP-AMBUSH)"
        return
    if "ambushing" in state.combatants[d.actor].conditions and missile:
        plan.grades.append(easy("a seen ambush's free round", "BRP-AMBUSH"))


def _aim(
    state: FightState, d: AttackDeclared, weapon: BrpWeapon, aimed: int, plan: Plan
) -> list[Flat]:
    """BRP-AIM-TIME: a tenth of the skill (rounded up) for each 5 ranks, after the
    difficulty; none past twice the base range; with option ``aim_bonus_of`` running_total,
    each step adds a tenth of what the last left."""
    if d.range is not None and d.range > 2 * weapon.base_range:
        plan.notes.append("no aim bonus past twice the base range (BRP-AIM-TIME)")
        return []
    steps = aimed // tables.RANK_STEP
    reading = opts(state).aimed_location
    if d.location is not None and reading == "cancels_difficult":
        steps -= 1
    flats = []
    start = weapon.skill
    if d.location is not None and reading == "adds_tenth":
        start = -(-weapon.skill // 2)  # a tenth of the halved value (BRP-AIM-LOCATION)
    running = start
    for i in range(steps):
        base = running if opts(state).aim_bonus_of == "running_total" else start
        bonus = -(-base // 10)
        running += bonus
        flats.append(Flat(bonus, f"aim, step {i + 1} (5 DEX ranks)", "BRP-AIM-TIME"))
    return flats


def decide_attack(state: FightState, d: AttackDeclared, dice: Dice) -> Decision:
    """An attack on one's turn (or, with ``aim``, the start of an aim that lands later)."""
    rank = check_turn(state, d.actor)
    weapon = find_weapon(state, d.actor, d.weapon)
    _check(state, d, weapon)
    if d.aim:
        at = rank - d.aim
        return Decision(
            [
                AimStarted(actor=d.actor, attack=d, at=at),
                TurnScheduled(combatant=d.actor, at=at, reason=f"aims {d.aim} DEX ranks"),
            ],
            advance="next",
        )
    return Decision(resolve(state, d, weapon, dice, aimed=0), advance="next")


def land_aim(state: FightState, actor: str, dice: Dice) -> Decision:
    """The aimed attack's DEX rank has come: it is made now, with its aim bonus."""
    d = fighter(state, actor).aiming
    assert d is not None
    events: list[Event] = [AimEnded(actor=actor, lost=False, reason="the shot is taken")]
    if "dead" in state.combatants[d.target].conditions:
        return Decision([AimEnded(actor=actor, lost=True, reason="the target is dead")])
    weapon = find_weapon(state, actor, d.weapon)
    events += resolve(state, d, weapon, dice, aimed=d.aim)
    return Decision(events, advance="next")


def resolve(
    state: FightState, d: AttackDeclared, weapon: BrpWeapon, dice: Dice, aimed: int
) -> list[Event]:
    """Roll the attack and what follows it; schedule the attacker's next rank."""
    f = fighter(state, d.actor)
    plan = plan_attack(state, d, weapon, aimed)
    events: list[Event] = []
    first = f.attacks == 0 and "attack" not in f.used
    if first or not (d.volley or d.split or d.spread):
        events.append(use(state, d.actor, "attack", "BRP-CLOSE-COMBAT"))
    r = skill_roll(state, dice, "attack", weapon.skill, plan.grades, plan.flats, plan.caps)
    tier = tables.tier_of(r.tier)
    hits = tables.succeeded(tier)
    reasons = [f"{tier}: {r.total} against {r.target}", *plan.notes]
    if plan.long_range and tier in ("special", "critical"):
        tier = "success"
        reasons.append("at long range no better than a plain hit (BRP-RANGE)")
    if not hits and d.cover == "half":
        uncovered = _without(state, weapon.skill, plan, "BRP-COVER")
        if r.total <= uncovered:
            reasons.append(f"{r.total} is within the uncovered {uncovered}: it strikes the cover")
    if (
        not hits
        and d.into_melee
        and r.total <= _without(state, weapon.skill, plan, "BRP-FIRE-INTO-MELEE")
    ):
        reasons.append(
            "it strikes someone else in the melee: all who could be hit roll Luck, the worst "
            "failure is struck (BRP-FIRE-INTO-MELEE)"
        )
    shots = fired(d)
    events.append(
        AttackRolled(
            actor=d.actor,
            target=d.target,
            weapon=weapon.name,
            roll=r,
            tier=tier,
            hits=hits,
            reason="; ".join(reasons),
            shots=shots,
        )
    )
    events += _ammo(state, d, weapon, shots)
    events.append(_next_rank(state, d, weapon))
    if not hits:
        return events
    detail = AttackDetail(
        weapon=weapon.name if weapon.name != "fist" else None,
        tier=tier,
        roll=r.total,
        missile=weapon.kind != "melee",
        defence_grade="difficult" if plan.defence_grade == "difficult" else "normal",
        allowed=("dodge",) if d.disarm else ("parry", "dodge"),
        shots=shots,
        knockout=d.knockout,
        knockback=d.knockback,
        disarm=d.disarm,
        entangle=d.entangle,
        location=d.location if opts(state).hit_locations else None,
        location_bonus=1 if d.superior else 0,
        unarmored=d.unarmored,
        note=_note(plan, d),
    )
    if plan.undefended:
        events.append(DefenseDeclined(defender=d.target, attacker=d.actor, reason=plan.undefended))
        return events + damage.outcome(state, d.actor, d.target, detail, dice)
    if d.defend is not None:
        return events + defence.answer(state, d.actor, d.target, d.defend, detail, dice)
    events.append(ReactionRequested(actor=d.actor, reactor=d.target, kind="defense", detail=detail))
    return events


def _note(plan: Plan, d: AttackDeclared) -> str:
    parts = []
    if plan.defence_note:
        parts.append(plan.defence_note)
    if plan.point_blank:
        parts.append("point blank: may be parried (BRP-POINT-BLANK)")
    if d.disarm:
        parts.append("a parry has no effect on a disarm, only a dodge (BRP-DISARM)")
    return "; ".join(parts)


def _without(state: FightState, base: int, plan: Plan, rule: str) -> int:
    """The skill the attack would have had without the step of ``rule`` (cover, melee)."""
    grades = [g for g in plan.grades if g.rule != rule]
    flats = [fl for fl in plan.flats if fl.rule != rule]
    steps = grade_steps(state, grades) + [
        Modifier(name=fl.why, value=fl.value, source="situation") for fl in flats
    ]
    return apply_modifiers(base, steps)


def _ammo(state: FightState, d: AttackDeclared, weapon: BrpWeapon, shots: int) -> list[Event]:
    """Rounds spent from the magazine; a thrown weapon leaves the hand."""
    f = fighter(state, d.actor)
    ws = f.weapons.get(weapon.name)
    if ws is None:
        return []
    if weapon.shots:
        return [
            WeaponChanged(
                combatant=d.actor,
                weapon=weapon.name,
                drawn=ws.drawn,
                shots=ws.shots - shots,
                hp=ws.hp,
                broken=ws.broken,
                reason=f"{shots} shot(s) fired",
            )
        ]
    if weapon.kind == "thrown":
        return [
            WeaponChanged(
                combatant=d.actor,
                weapon=weapon.name,
                drawn=False,
                shots=ws.shots,
                hp=ws.hp,
                broken=ws.broken,
                reason="thrown",
            )
        ]
    return []


def _next_rank(state: FightState, d: AttackDeclared, weapon: BrpWeapon) -> TurnScheduled:
    """After an attack: the next volley 5 ranks later while the weapon allows (BRP-VOLLEY),
    a split's second attack 5 later (BRP-TWO-WEAPONS), another target of a spread now; else
    no more this round."""
    f = fighter(state, d.actor)
    if d.volley and f.attacks + 1 < weapon.attacks_per_round:
        return after(state, d.actor, tables.RANK_STEP, "the next volley (BRP-VOLLEY)")
    if d.split and f.attacks == 0:
        return after(state, d.actor, tables.RANK_STEP, "the split's second attack")
    if d.spread:
        return after(state, d.actor, 0, "more targets of the spread (BRP-AUTOFIRE)")
    return done(d.actor, "has attacked")
