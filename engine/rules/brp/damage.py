"""Damage: from a landed attack to hit points, total and by location.

One hit: where it lands (hit locations on), the weapon's dice plus the damage modifier, the
special success's effect (first hit of a burst only, BRP-AUTOFIRE), armor (a critical ignores
it, L82; so does a called shot at an unarmored spot, BRP-AIM-LOCATION), and the hit points it
takes. The declared kinds of attack change the outcome: a knockout (BRP-KNOCKOUT), a stun
weapon (BRP-STUN-WEAPON), a disarm (BRP-DISARM), an entangle (BRP-ENTANGLE), a knockback
(BRP-KNOCKBACK).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.dicespec import Constant, DiceSpec, DiceTerm, parse_spec
from engine.rolls import fixed, roll
from engine.rules.brp import tables, wounds
from engine.rules.brp.common import fighter, find_weapon, weapon_change
from engine.rules.brp.fold import fold_brp
from engine.rules.brp.options import opts
from engine.rules.brp.resolution import resistance, skill_roll
from engine.turns import for_rounds
from events.brp import (
    AttackDetail,
    BrpWeapon,
    DamageRolled,
    DefenseDeclined,
    HitsRolled,
    KnockedBack,
    ResistanceRolled,
    SkillRolled,
)
from events.core import ConditionChanged, Event, Modifier
from projections.state import FightState


def _half(term: DiceTerm) -> DiceTerm:
    """A die halved (BRP-THROWN: each die of the modifier, rounded up): 1D6 -> 1D3."""
    return DiceTerm(term.count, max(2, -(-term.sides // 2)), term.multiplier, term.negative)


def damage_spec(state: FightState, actor: str, weapon: BrpWeapon, tier: str) -> tuple[str, str]:
    """The dice of one hit and the special effect applied: the weapon's dice, the damage
    modifier (none for a missile; halved for a thrown weapon, BRP-THROWN; no positive one while
    prone, BRP-PRONE), and a special or critical success's extra ([GK], option
    ``special_damage``). A healing weapon (the sheet's ``healing = true``) rolls its own dice
    alone; below 0 they heal (:func:`one_hit`)."""
    if weapon.healing:  # the sheet's healing = true: its own dice, nothing added
        return weapon.damage, "a healing weapon: its own dice"
    f = fighter(state, actor)
    weapon_terms = parse_spec(weapon.damage).terms
    db_text = f.profile.damage_modifier
    db: tuple[DiceTerm | Constant, ...] = parse_spec(db_text).terms if db_text else ()
    if weapon.kind == "missile":
        db = ()
    elif weapon.kind == "thrown":
        db = tuple(_half(t) if isinstance(t, DiceTerm) else t for t in db)
    if "prone" in state.combatants[actor].conditions and db_text.startswith("+"):
        db = ()
    effect = ""
    terms = weapon_terms
    if tier in ("special", "critical"):
        kind = "impale" if opts(state).special_damage == "double_dice" else weapon.special
        if kind in ("impale", "slash"):
            terms = weapon_terms + weapon_terms
            effect = f"{kind}: the weapon's dice twice"
        elif kind == "crush" and db:
            db = (Constant(DiceSpec(db).maximum),)
            effect = "crush: the most the damage modifier does"
        elif kind in ("knockback", "entangle"):
            effect = kind
        else:
            effect = "no special effect on the weapon's sheet: a normal hit"
    return str(DiceSpec(terms + db)), effect


_COVERED = "the hit lands on a location behind cover: the cover takes it (BRP-COVER)"


def one_hit(
    state: FightState,
    actor: str,
    target: str,
    detail: AttackDetail,
    tier: str,
    dice: Dice,
) -> list[Event]:
    """One hit of an attack that landed (see the module docstring)."""
    weapon = find_weapon(state, actor, detail.weapon)
    if detail.entangle or (tier in ("special", "critical") and weapon.special == "entangle"):
        return [
            ConditionChanged(
                combatant=target, condition="entangled", present=True, rule="BRP-ENTANGLE"
            )
        ]
    loc: str | None = None
    events: list[Event] = []
    if not detail.disarm:  # a disarm strikes the weapon: no location, no armor (BRP-DISARM)
        loc, events = wounds.location(state, actor, target, weapon, detail, dice)
    if loc is not None and loc in detail.covered:
        return [*events, DefenseDeclined(defender=target, attacker=actor, reason=_COVERED)]
    spec, effect = damage_spec(state, actor, weapon, tier)
    mods = []
    if (
        fighter(state, actor).weapons.get(weapon.name)
        and fighter(state, actor).weapons[weapon.name].broken
    ):
        mods.append(
            Modifier(
                name="broken weapon: half",
                value=2,
                source="weapon",
                rule="BRP-BROKEN-WEAPON",
                op="div_up",
            )
        )
    if weapon.stun and tier == "critical":
        spec = str(DiceSpec((Constant(parse_spec(spec).maximum), *parse_spec(spec).terms)))
        effect = "a critical stun: the most the weapon does, plus a roll"
    if weapon.stun and tier == "special":
        dmg = fixed("damage", parse_spec(spec).maximum, mods, rule="BRP-STUN-WEAPON")
        effect = "a special stun: the most the weapon does, not rolled"
    else:
        dmg = roll(dice, "damage", spec, mods, rule="BRP-STUN-WEAPON" if weapon.stun else "")
    amount = max(0, dmg.total)
    events.append(DamageRolled(actor=actor, target=target, roll=dmg, location=loc, effect=effect))
    if weapon.healing and dmg.total < 0:  # it heals what the dice take away
        return events + wounds.heal(state, target, -dmg.total, f"healing weapon ({weapon.name})")
    if detail.disarm:
        return events + _disarm(state, actor, target, amount, dice)
    armor, armor_events = wounds.armor(state, target, loc, tier, detail.unarmored, dice)
    events += armor_events
    net = max(0, amount - armor)
    db = fighter(state, actor).profile.damage_modifier
    if detail.knockout:
        if wounds.major(state, target, loc, net):
            rounds = roll(dice, "knocked out for", tables.KNOCKOUT_ROUNDS, rule="BRP-KNOCKOUT")
            events += wounds.take(state, target, 1, loc, "BRP-KNOCKOUT")
            events.append(
                SkillRolled(
                    combatant=target,
                    skill="rounds knocked out",
                    roll=rounds,
                    success=True,
                    rule="BRP-KNOCKOUT",
                )
            )
            events.append(for_rounds(state, target, "knocked out", rounds.total, "BRP-KNOCKOUT"))
            return events
        least = max(0, wounds.minimum(weapon, db) - armor)
        return events + wounds.take(state, target, least, loc, "BRP-KNOCKOUT: a minor wound only")
    if weapon.stun:
        return events + _stun(state, target, weapon, db, net, armor, loc, dice)
    events += wounds.take(state, target, net, loc)
    if net and (detail.knockback or (effect == "knockback")):
        events += knockback(state, target, net, dice)
    return events


def _stun(
    state: FightState,
    target: str,
    weapon: BrpWeapon,
    db: str,
    net: int,
    armor: int,
    loc: str | None,
    dice: Dice,
) -> list[Event]:
    """BRP-STUN-WEAPON: damage less armor against current HP; stunned for as many rounds as
    that damage, taking only the weapon's least damage; knocked out instead if it would have
    left 1 or 2 HP (may die of it at 0). Resisted, the stun does nothing: no damage, not
    stunned (the text's "if the attack fails", read as the resistance roll failing: the attack
    itself has already hit)."""
    hp = fighter(state, target).hp
    r, ok = resistance(dice, "stun", net, hp, "BRP-STUN-WEAPON")
    name = state.combatants[target].name
    events: list[Event] = [
        ResistanceRolled(
            active=f"stun damage {net}",
            passive=f"{name}'s HP {hp}",
            roll=r,
            success=ok,
            rule="BRP-STUN-WEAPON",
            note="" if ok else f"{name} shrugs it off: no damage, not stunned",
        )
    ]
    if not ok:
        return events
    least = max(0, wounds.minimum(weapon, db) - armor)
    events += wounds.take(state, target, least, loc, "BRP-STUN-WEAPON: the least damage")
    if hp - net <= 2:
        why = "BRP-STUN-WEAPON: would have left 1-2 HP"
        if hp - net <= 0:
            why = "BRP-STUN-WEAPON: would have left 0 HP: may die of concussion without care"
        events.append(
            ConditionChanged(combatant=target, condition="knocked out", present=True, rule=why)
        )
    elif net:
        events.append(for_rounds(state, target, "stunned", net, "BRP-STUN-WEAPON"))
    return events


def _disarm(state: FightState, actor: str, target: str, amount: int, dice: Dice) -> list[Event]:
    """BRP-DISARM: the damage (or the attacker's STR, option ``disarm_active``) against the
    target's STR; won, the target drops his weapon unhurt, and damage above the weapon's HP
    comes off it."""
    t = fighter(state, target)
    held = [w for w in t.profile.weapons if t.weapons[w.name].drawn]
    name = state.combatants[target].name
    if not held:
        return [
            ResistanceRolled(
                active="disarm",
                passive=f"{name} holds no weapon",
                roll=fixed("disarm", 0),
                success=False,
                rule="BRP-DISARM",
            )
        ]
    weapon = held[0]
    st = t.profile.characteristics["str"]
    if opts(state).disarm_active == "damage":
        active, label = amount, f"damage {amount}"
    else:
        active = fighter(state, actor).profile.characteristics["str"]
        label = f"{state.combatants[actor].name}'s STR {active}"
    r, ok = resistance(dice, "disarm", active, st, "BRP-DISARM")
    events: list[Event] = [
        ResistanceRolled(
            active=label, passive=f"{name}'s STR {st}", roll=r, success=ok, rule="BRP-DISARM"
        )
    ]
    if ok:
        ws = t.weapons[weapon.name]
        hp = ws.hp
        if hp is not None and amount > hp:
            hp = hp - (amount - hp)
        events.append(
            weapon_change(
                target,
                weapon.name,
                ws,
                "disarmed",
                drawn=False,
                hp=hp,
                broken=hp is not None and hp <= 0,
            )
        )
    return events


def knockback(state: FightState, target: str, damage: int, dice: Dice) -> list[Event]:
    """BRP-KNOCKBACK: the damage against the target's SIZ; lost, he goes back 1 m for each 5
    points over his SIZ, and needs an Agility roll to stay up."""
    p = fighter(state, target).profile
    siz = p.characteristics["siz"]
    name = state.combatants[target].name
    r, ok = resistance(dice, "knockback", damage, siz, "BRP-KNOCKBACK")
    events: list[Event] = [
        ResistanceRolled(
            active=f"damage {damage}",
            passive=f"{name}'s SIZ {siz}",
            roll=r,
            success=ok,
            rule="BRP-KNOCKBACK",
        )
    ]
    if not ok:
        return events
    events.append(KnockedBack(target=target, metres=max(0, damage - siz) // 5))
    agility = skill_roll(state, dice, "agility", p.rolls["agility"], rule="BRP-KNOCKBACK")
    up = tables.succeeded(agility.tier or "failure")
    events.append(
        SkillRolled(
            combatant=target, skill="agility", roll=agility, success=up, rule="BRP-KNOCKBACK"
        )
    )
    if not up and "prone" not in state.combatants[target].conditions:
        events.append(
            ConditionChanged(
                combatant=target, condition="prone", present=True, rule="BRP-KNOCKBACK"
            )
        )
    return events


def outcome(
    state: FightState, actor: str, target: str, detail: AttackDetail, dice: Dice
) -> list[Event]:
    """A landed attack's hits: how many of a burst (BRP-AUTOFIRE: only the first may be
    special or critical), then each hit."""
    events: list[Event] = []
    hits = 1
    if detail.shots > 1:
        die = tables.hits_die(detail.shots, opts(state).autofire_odd)
        assert die is not None  # checked when the attack was declared
        spec, halved = die
        mods = (
            [Modifier(name="halved", value=2, source="rules", rule="BRP-AUTOFIRE", op="div_up")]
            if halved
            else []
        )
        r = roll(dice, "hits", spec, mods, rule="BRP-AUTOFIRE")
        hits = min(detail.shots, r.total)
        events.append(HitsRolled(actor=actor, target=target, shots=detail.shots, roll=r, hits=hits))
    state_now = state
    for i in range(hits):
        tier = detail.tier if i == 0 else "success"
        more = one_hit(state_now, actor, target, detail, tier, dice)
        events += more
        state_now = fold_brp(state_now, more)
        if "dead" in state_now.combatants[target].conditions:
            break
    return events
