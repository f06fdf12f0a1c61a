"""Defences: a parry or a dodge against a landed attack, judged by tier, and what a parrying
weapon takes.

Attack against defence ([GK], option ``defence_matrix``): a successful parry or dodge stops
the attack unless the attack's tier is higher (a special attack gets through a plain parry).
A parry blocks a blow up to the parrying weapon's HP; the excess reaches the defender and the
weapon loses 1 HP, breaking at 0 (option ``parry_damage``, BRP-BROKEN-WEAPON). Against missiles
only a shield parries (BRP-SHIELD-MISSILE: 15/30/60%, only plain hits stopped), except at
point blank (BRP-POINT-BLANK). Each defence is one of the round's two of attack, parry and
dodge.
"""

from __future__ import annotations

from typing import Literal

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rolls import roll
from engine.rules import IllegalAction
from engine.rules.brp import damage, tables, wounds
from engine.rules.brp.common import can_use, fighter, find_weapon, skill_of, use, weapon_change
from engine.rules.brp.options import opts
from engine.rules.brp.resolution import Grade, difficult, skill_roll
from events.brp import (
    AimEnded,
    AttackDetail,
    BrpWeapon,
    DamageRolled,
    DefenseDeclined,
    DefenseRolled,
    SkillRolled,
)
from events.core import ConditionChanged, Event
from projections.state import FightState


def _parrying_weapon(state: FightState, cid: str, name: str | None) -> BrpWeapon:
    if name is not None:
        return find_weapon(state, cid, name)
    f = fighter(state, cid)
    melee = [w for w in f.profile.weapons if f.weapons[w.name].drawn and w.kind != "missile"]
    shields = [w for w in melee if w.shield is not None]
    return (shields or melee or [find_weapon(state, cid, "fist")])[0]


def can_defend(state: FightState, cid: str, choice: str, missile: bool, point_blank: bool) -> bool:
    """Whether ``cid`` may answer an attack with ``choice`` at all: one of his two of attack,
    parry and dodge left (L316), not volleying (BRP-VOLLEY), and against a missile a shield in
    hand or point blank to parry with (BRP-SHIELD-MISSILE, BRP-POINT-BLANK)."""
    f = fighter(state, cid)
    if not can_use(state, cid, "parry" if choice == "parry" else "dodge"):
        return False
    if "volley" in f.intents:
        return False
    if choice == "parry" and missile and not point_blank:
        return any(w.shield and f.weapons[w.name].drawn for w in f.profile.weapons)
    return True


def _grades(state: FightState, cid: str, detail: AttackDetail) -> list[Grade]:
    c = state.combatants[cid]
    grades: list[Grade] = []
    if detail.defence_grade == "difficult":
        grades.append(difficult(detail.note or "the attack's circumstances", ""))
    if "prone" in c.conditions:
        grades.append(difficult("prone", "BRP-PRONE"))
    if "getting up" in c.conditions:
        grades.append(difficult("getting up", "BRP-PRONE"))
    return grades


def answer(
    state: FightState,
    actor: str,
    target: str,
    choice: str,
    detail: AttackDetail,
    dice: Dice,
    weapon_name: str | None = None,
) -> list[Event]:
    """The defender's answer to a landed attack, then the attack's outcome unless stopped."""
    c = state.combatants[target]
    if choice == "none":
        events: list[Event] = [
            DefenseDeclined(defender=target, attacker=actor, reason="takes the hit")
        ]
        if fighter(state, target).aiming is not None:
            events += _keep_aim(state, target, dice)  # attacked while aiming (BRP-AIM-TIME)
        return events + damage.outcome(state, actor, target, detail, dice)
    used = use(state, target, "parry" if choice == "parry" else "dodge", "BRP-CLOSE-COMBAT")
    f = fighter(state, target)
    if "volley" in f.intents:
        raise IllegalAction(f"{c.name} is volleying this round: no parry or dodge (BRP-VOLLEY)")
    if choice not in detail.allowed:
        if choice == "parry" and detail.missile:  # the missile rule says why (a shield …)
            _parry_chance(state, target, _parrying_weapon(state, target, weapon_name), detail)
        why = detail.note or "the rules allow " + (", ".join(detail.allowed) or "no defence")
        raise IllegalAction(
            f"{c.name} cannot {choice} this attack ({why}); answer "
            + " or ".join([*detail.allowed, "none"])
        )
    events = [used]
    if f.aiming is not None:
        events += _keep_aim(state, target, dice)
    for skill, base, grades, rule, why in _first_rolls(state, target, detail):
        r = skill_roll(state, dice, skill, base, grades, rule=rule)
        ok = tables.succeeded(r.tier or "failure")
        events.append(SkillRolled(combatant=target, skill=skill, roll=r, success=ok, rule=rule))
        if not ok:
            events.append(DefenseDeclined(defender=target, attacker=actor, reason=why))
            return events + damage.outcome(state, actor, target, detail, dice)
    grades = _grades(state, target, detail)
    weapon: BrpWeapon | None = None
    base = f.profile.skills["dodge"]
    rule = "BRP-PRONE" if "prone" in c.conditions else ""
    note = ""
    if choice == "parry":
        weapon = _parrying_weapon(state, target, weapon_name)
        base, rule, note = _parry_chance(state, target, weapon, detail)
        if detail.note.startswith("inside") and weapon.length == "long":
            grades.append(difficult("a long weapon parrying inside its guard", "BRP-CLOSE-COMBAT"))
        ws = f.weapons.get(weapon.name)
        if ws is not None and ws.broken:
            grades.append(difficult("a broken weapon", "BRP-BROKEN-WEAPON"))
    r = skill_roll(state, dice, choice, base, grades, rule=rule)
    d_tier = tables.tier_of(r.tier)
    success = tables.succeeded(d_tier)
    higher = tables.TIER_RANK[detail.tier] > tables.TIER_RANK[d_tier]
    stops = success and (opts(state).defence_matrix == "any_success" or not higher)
    if success and note == "shield" and detail.tier in ("special", "critical"):
        stops = False
    reason = (
        f"{d_tier} against a {detail.tier} attack"
        + ("; a higher tier gets through" if success and higher and not stops else "")
        + ("; a shield stops only plain hits" if note == "shield" and success and not stops else "")
    )
    kind: Literal["parry", "dodge"] = "parry" if choice == "parry" else "dodge"
    events.append(
        DefenseRolled(
            defender=target,
            attacker=actor,
            kind=kind,
            roll=r,
            tier=d_tier,
            stops=stops,
            reason=reason,
        )
    )
    if not stops:
        return events + damage.outcome(state, actor, target, detail, dice)
    if choice == "dodge" and "prone" in c.conditions:
        events.append(
            ConditionChanged(
                combatant=target,
                condition="prone",
                present=False,
                rule=f"BRP-PRONE: a Difficult Dodge gets {pronoun(state, target).them} up",
            )
        )
    if weapon is not None:
        events += _parry_damage(state, actor, target, weapon, detail, dice)
    return events


def _first_rolls(
    state: FightState, target: str, detail: AttackDetail
) -> list[tuple[str, int, list[Grade], str, str]]:
    """The rolls a defender must make before he may defend at all: an Idea roll when stunned
    (BRP-STUNNED); a Difficult Listen or Sense roll, his better, against a blow from behind
    (BRP-BACKSTAB). Each: skill, base, grades, rule, and why a failure leaves no defence."""
    rolls: list[tuple[str, int, list[Grade], str, str]] = []
    if "stunned" in state.combatants[target].conditions:
        idea = fighter(state, target).profile.rolls["idea"]
        why = f"stunned, and failed {pronoun(state, target).their} Idea roll (BRP-STUNNED)"
        rolls.append(("idea", idea, [], "BRP-STUNNED", why))
    if detail.backstab:
        sense = max(("listen", "sense"), key=lambda s: skill_of(state, target, s))
        grade = [difficult("a blow from behind", "BRP-BACKSTAB")]
        why = (
            f"did not hear it coming: failed {pronoun(state, target).their} {sense.title()} "
            "roll (BRP-BACKSTAB)"
        )
        rolls.append((sense, skill_of(state, target, sense), grade, "BRP-BACKSTAB", why))
    return rolls


def _parry_chance(
    state: FightState, cid: str, weapon: BrpWeapon, detail: AttackDetail
) -> tuple[int, str, str]:
    """The parry's base chance, its rule, and what kind of parry it is."""
    if detail.missile:
        if weapon.shield is not None:
            standing, _ = tables.SHIELD_CHANCE[weapon.shield]
            return standing, "BRP-SHIELD-MISSILE", "shield"
        if "point blank" not in detail.note:
            raise IllegalAction(
                f"{state.combatants[cid].name} cannot parry a missile with the {weapon.name}: "
                "only a shield (BRP-SHIELD-MISSILE), or at point blank (BRP-POINT-BLANK)"
            )
    if weapon.kind == "missile":
        half = -(-weapon.skill // 2) if opts(state).halving == "up" else weapon.skill // 2
        return max(half, 20), "BRP-IMPROV-PARRY", "improvised"
    return weapon.skill, "", ""


def _parry_damage(
    state: FightState,
    actor: str,
    target: str,
    weapon: BrpWeapon,
    detail: AttackDetail,
    dice: Dice,
) -> list[Event]:
    """What the parrying weapon takes: a missile weapon used to parry loses 1 HP each time
    (BRP-IMPROV-PARRY); a blow above the weapon's HP costs it 1 HP and the excess reaches the
    defender (option ``parry_damage``)."""
    f = fighter(state, target)
    ws = f.weapons.get(weapon.name)
    if ws is None or ws.hp is None:
        return []
    if opts(state).parry_damage == "blocks_all":
        if weapon.kind != "missile":
            return []
        # BRP-IMPROV-PARRY: an improvised parry costs the weapon 1 HP however much it blocks.
        return [
            weapon_change(
                target, weapon.name, ws, "an improvised parry", hp=ws.hp - 1, broken=ws.hp <= 1
            )
        ]
    attack_weapon = find_weapon(state, actor, detail.weapon)
    spec, _ = damage.damage_spec(state, actor, attack_weapon, detail.tier)
    dmg = roll(dice, "damage against the parry", spec, rule="BRP-BROKEN-WEAPON")
    events: list[Event] = []
    loss = 1 if weapon.kind == "missile" or dmg.total > ws.hp else 0
    excess = max(0, dmg.total - ws.hp)
    events.append(
        DamageRolled(
            actor=actor,
            target=target,
            roll=dmg,
            effect=f"the {weapon.name} takes it first: {ws.hp} HP (BRP-BROKEN-WEAPON)",
        )
    )
    if loss:
        hp = ws.hp - loss
        events.append(
            weapon_change(
                target,
                weapon.name,
                ws,
                "parried a blow above its HP" if excess else "an improvised parry",
                hp=hp,
                broken=hp <= 0,
            )
        )
    if excess:
        events += wounds.take(state, target, excess, None, "BRP-BROKEN-WEAPON: the excess")
    return events


def _keep_aim(state: FightState, cid: str, dice: Dice) -> list[Event]:
    """Attacked while aiming: an Idea roll keeps the aim, or it is lost (Aimed Attacks)."""
    f = fighter(state, cid)
    idea = skill_roll(state, dice, "idea", f.profile.rolls["idea"], rule="BRP-AIM-TIME")
    ok = tables.succeeded(idea.tier or "failure")
    events: list[Event] = [
        SkillRolled(combatant=cid, skill="idea", roll=idea, success=ok, rule="BRP-AIM-TIME")
    ]
    if not ok:
        events.append(AimEnded(actor=cid, lost=True, reason="attacked while aiming, failed Idea"))
    return events
