"""Where a hit lands and what it takes: the location roll (BRP-SUPERIOR-POS), armor (a
critical ignores it), hit points total and by location with the limb cap, major wounds,
unconsciousness and death."""

from __future__ import annotations

from engine.dice import Dice
from engine.dicespec import DiceSpec, parse_spec
from engine.rolls import fixed, roll
from engine.rules.brp import tables
from engine.rules.brp.common import fighter, find_weapon
from engine.rules.brp.options import opts
from events.brp import (
    ArmorRolled,
    AttackDetail,
    BrpWeapon,
    DamageApplied,
    Healed,
    LocationRolled,
)
from events.core import ConditionChanged, Event, Modifier
from projections.state import FightState


def superior_void(state: FightState, actor: str, target: str, weapon: BrpWeapon) -> bool:
    """BRP-SUPERIOR-POS: the higher fighter's bonus does not apply when the lower one has a
    long weapon and he has not."""
    return weapon.length != "long" and find_weapon(state, target, None).length == "long"


def location(
    state: FightState, actor: str, target: str, weapon: BrpWeapon, detail: AttackDetail, dice: Dice
) -> tuple[str | None, list[Event]]:
    if not opts(state).hit_locations:
        return None, []
    if detail.location is not None:
        return detail.location, [
            LocationRolled(target=target, location=detail.location, reason="called")
        ]
    if detail.knockout:
        return "head", [
            LocationRolled(target=target, location="head", reason="a knockout is aimed at the head")
        ]
    table = tables.MISSILE_LOCATIONS if detail.missile else tables.MELEE_LOCATIONS
    bonus = 0 if superior_void(state, actor, target, weapon) else detail.location_bonus
    mods = (
        [
            Modifier(
                name="superior position", value=bonus, source="situation", rule="BRP-SUPERIOR-POS"
            ),
            Modifier(
                name="rolls over 20 are 20",
                value=20,
                source="rules",
                rule="BRP-SUPERIOR-POS",
                op="cap",
            ),
        ]
        if bonus
        else []
    )
    r = roll(dice, "hit location", "1D20", mods, rule="BRP-SUPERIOR-POS" if bonus else "")
    loc = tables.location_of(table, r.total)
    kind = "missile" if detail.missile else "melee"
    return loc, [LocationRolled(target=target, location=loc, roll=r, reason=f"{kind} table")]


def armor(
    state: FightState, target: str, loc: str | None, tier: str, unarmored: bool, dice: Dice
) -> tuple[int, list[Event]]:
    armor = fighter(state, target).profile.armor
    if armor is None or armor.value in ("0", ""):
        return 0, []
    why = ""
    if tier == "critical":
        why = "a critical ignores armor (L82)"
    elif unarmored:
        why = "aimed at an unarmored spot (BRP-AIM-LOCATION)"
    elif loc is not None and armor.locations and loc not in armor.locations:
        why = f"the {armor.name} does not cover the {loc.replace('_', ' ')}"
    if why:
        return 0, [ArmorRolled(target=target, roll=fixed("armor", 0), ignored=why)]
    spec = parse_spec(armor.value)
    r = roll(dice, "armor", armor.value) if spec.die_count else fixed("armor", spec.value(()))
    return max(0, r.total), [ArmorRolled(target=target, roll=r)]


def take(
    state: FightState, target: str, amount: int, loc: str | None, rule: str = ""
) -> list[Event]:
    """Hit points lost, with what they do: with hit locations, the location's HP too (a limb
    passes at most twice its HP to the total, L440), a limb at 0 disabled (a leg: prone), a
    head, chest or abdomen at 0 unconscious, past twice its HP maimed or dead; a major wound
    at half the total HP in one blow, or (option ``knockout_major``) the location's HP [GK].
    At ``unconscious_at`` HP or fewer he is unconscious, at 0 or fewer dead [GK]."""
    c = state.combatants[target]
    f = fighter(state, target)
    p = f.profile
    events: list[Event] = []
    total = amount
    loc_before = loc_after = None
    conditions: list[tuple[str, str]] = []
    if loc is not None:
        loc_before = f.locations[loc]
        loc_after = loc_before - amount
        top = p.locations[loc]
        if loc in tables.LIMBS:
            taken = top - loc_before
            total = max(0, min(amount, 2 * top - max(0, taken)))
        if loc_after <= 0 < loc_before:
            if loc in tables.LIMBS:
                conditions.append((f"{loc.replace('_', ' ')} disabled", "hit locations"))
                if loc in tables.LEGS:
                    conditions.append(("prone", "BRP-PRONE"))
            else:
                conditions.append(("unconscious", "hit locations"))
        if loc_after <= -top < loc_before:
            what = "dead" if loc not in tables.LIMBS else f"{loc.replace('_', ' ')} maimed"
            conditions.append((what, "hit locations"))
    if major(state, target, loc, amount):
        by_location = opts(state).knockout_major == "location_hp" and loc is not None
        why = "the location's HP in one blow" if by_location else "half the total HP in one blow"
        conditions.append(("major wound", why))
    after = f.hp - total
    events.append(
        DamageApplied(
            target=target,
            amount=total,
            before=f.hp,
            after=after,
            location=loc,
            location_before=loc_before,
            location_after=loc_after,
            rule=rule,
        )
    )
    if after <= 0:
        conditions.append(("dead", "no hit points left"))
    elif after <= opts(state).unconscious_at:
        conditions.append(("unconscious", f"{after} HP left"))
    seen = set(c.conditions)
    for name, why in conditions:
        if name not in seen:
            seen.add(name)
            events.append(
                ConditionChanged(combatant=target, condition=name, present=True, rule=why)
            )
    return events


def minimum(weapon: BrpWeapon, db: str) -> int:
    spec = parse_spec(weapon.damage)
    return DiceSpec(spec.terms + (parse_spec(db).terms if db else ())).minimum


def major(state: FightState, target: str, loc: str | None, net: int) -> bool:
    """Whether a blow of ``net`` HP is a major wound [GK], by option ``knockout_major``."""
    p = fighter(state, target).profile
    if opts(state).knockout_major == "location_hp" and loc is not None:
        return net >= p.locations[loc]
    return net >= -(-p.hp // 2)


def heal(state: FightState, target: str, amount: int, rule: str) -> list[Event]:
    """``amount`` HP given back to the total, never above the sheet's (as a GM's ``ruling
    --heal`` gives them); above the unconscious threshold he wakes. No event for the dead or
    for one at full health."""
    c = state.combatants[target]
    f = fighter(state, target)
    after = min(f.profile.hp, f.hp + amount)
    if not c.alive or after <= f.hp:
        return []
    events: list[Event] = [
        Healed(target=target, amount=after - f.hp, before=f.hp, after=after, rule=rule)
    ]
    if "unconscious" in c.conditions and after > opts(state).unconscious_at:
        events.append(
            ConditionChanged(combatant=target, condition="unconscious", present=False, rule=rule)
        )
    return events
