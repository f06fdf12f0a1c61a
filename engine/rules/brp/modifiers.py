"""An attack's skill after every modifier, in the order the rules apply them.

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

from engine.rules import IllegalAction, UsageError
from engine.rules.brp import tables, wounds
from engine.rules.brp.common import (
    HELPLESS,
    fighter,
    find_weapon,
)
from engine.rules.brp.options import opts
from engine.rules.brp.resolution import (
    Cap,
    Flat,
    Grade,
    difficult,
    easy,
)
from events.brp import (
    AttackDeclared,
    BrpWeapon,
)
from projections.state import FightState


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
    if r <= 1:
        if weapon.self_propelled:
            plan.grades.append(easy("a self-propelled weapon at touch", "BRP-POINT-BLANK"))
        else:
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
    if d.location is not None and not d.knockout:  # a knockout's Difficult is its aim
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
        long = weapon.base_range * (2 if options.prone_long_range == "past_double" else 1)
        far = missile and d.range is not None and d.range > long
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
    if (
        "missed the draw" in t.conditions
        and state.clock.resume
        and not fighter(state, d.actor).attacks
    ):
        plan.undefended = "missed the quickdraw: no dodge or parry (BRP-QUICKDRAW)"
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
    if d.cover == "half" and not options.hit_locations:
        g.append(difficult("a target half behind cover", "BRP-COVER"))
    elif d.cover == "half":
        plan.notes.append(f"behind cover: {', '.join(d.covered)} (BRP-COVER)")
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
    if d.superior and wounds.superior_void(state, d.actor, d.target, weapon):
        plan.notes.append("no superior position: only the lower fighter has a long weapon")
    elif d.superior:
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
