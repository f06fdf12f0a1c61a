"""An attack: checked (``checks``), its skill after every modifier (``modifiers``), the roll,
and what follows: a defence, now or pending, then damage; shots spent; the next DEX rank.
"""

from __future__ import annotations

from typing import Literal

from engine.dice import Dice
from engine.rolls import apply_modifiers
from engine.rules.brp import damage, defence, tables
from engine.rules.brp.checks import check_attack, fired
from engine.rules.brp.common import (
    after,
    check_turn,
    done,
    fighter,
    find_weapon,
    use,
    weapon_change,
)
from engine.rules.brp.modifiers import Plan, plan_attack
from engine.rules.brp.options import opts
from engine.rules.brp.resolution import (
    grade_steps,
    skill_roll,
)
from engine.rules.pack import Decision
from events.brp import (
    AimEnded,
    AimStarted,
    AttackDeclared,
    AttackDetail,
    AttackRolled,
    BrpWeapon,
    DefenseDeclined,
    IntentStated,
)
from events.core import Event, Modifier, ReactionRequested, TurnScheduled
from projections.state import FightState


def decide_attack(state: FightState, d: AttackDeclared, dice: Dice) -> Decision:
    """An attack on one's turn (or, with ``aim``, the start of an aim that lands later)."""
    rank = check_turn(state, d.actor)
    weapon = find_weapon(state, d.actor, d.weapon)
    check_attack(state, d, weapon)
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
    # BRP-DESPERATE: the desperate action is one more, beyond the two of attack, parry, dodge.
    extra = "desperate" in state.combatants[d.actor].conditions
    if not extra and (first or not (d.volley or d.split or d.spread)):
        events.append(use(state, d.actor, "attack", "BRP-CLOSE-COMBAT"))
    if d.volley and "volley" not in f.intents:  # BRP-VOLLEY: no defence this round, stated or not
        events.append(IntentStated(combatant=d.actor, intent="volley", target=d.target))
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
        allowed=tuple(
            a
            for a in _DEFENCES[d.disarm]
            if defence.can_defend(state, d.target, a, weapon.kind != "melee", plan.point_blank)
        ),
        shots=shots,
        knockout=d.knockout,
        knockback=d.knockback,
        disarm=d.disarm,
        entangle=d.entangle,
        location=d.location if opts(state).hit_locations else None,
        location_bonus=1 if d.superior else 0,
        unarmored=d.unarmored,
        backstab=d.backstab,
        covered=d.covered,
        note=_note(plan, d),
    )
    if plan.undefended:
        events.append(DefenseDeclined(defender=d.target, attacker=d.actor, reason=plan.undefended))
        return events + damage.outcome(state, d.actor, d.target, detail, dice)
    if d.defend is not None:
        return events + defence.answer(state, d.actor, d.target, d.defend, detail, dice)
    events.append(ReactionRequested(actor=d.actor, reactor=d.target, kind="defense", detail=detail))
    return events


#: The defences an attack allows, by whether it is a disarm (BRP-DISARM: only a dodge).
_DEFENCES: dict[bool, tuple[Literal["parry", "dodge"], ...]] = {
    True: ("dodge",),
    False: ("parry", "dodge"),
}


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
    """Rounds spent from the magazine; a thrown weapon leaves the hand (the last of those he
    carries, when the sheet gives how many)."""
    f = fighter(state, d.actor)
    ws = f.weapons.get(weapon.name)
    if ws is None:
        return []
    if weapon.shots:  # a magazine, or how many of a thrown weapon he carries
        left = ws.shots - shots
        thrown = weapon.kind == "thrown"
        return [
            weapon_change(
                d.actor,
                weapon.name,
                ws,
                f"thrown: {left} left" if thrown else f"{shots} shot(s) fired",
                drawn=ws.drawn and not (thrown and left == 0),
                shots=left,
            )
        ]
    if weapon.kind == "thrown":
        return [weapon_change(d.actor, weapon.name, ws, "thrown", drawn=False)]
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
