"""Strike, defence and damage: the Palladium exchange (PAL-ROUND-SEQUENCE steps 2-4).

Each function returns the events it produces; nothing here touches the log or the clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UnknownName
from events.core import ConditionChanged, Event, Modifier, ReactionRequested
from events.palladium import (
    ApmSpent,
    DamageApplied,
    DamageIgnored,
    DamageRolled,
    DamageUnit,
    DefenseDeclined,
    DefenseRolled,
    Profile,
    StrikeRolled,
    WeaponProfile,
)
from projections.palladium import Fighter, fighter
from projections.state import FightState

MELEE_TARGET = 5  # PAL-STRIKE-MELEE-TARGET: a total of 1-4 misses
RANGED_TARGET = 8  # PAL-STRIKE-RANGED-TARGET: guns hit on 8+


def find_weapon(profile: Profile, name: str | None) -> WeaponProfile | None:
    """The sheet's weapon called ``name`` (None: bare hands); UnknownName lists the choices."""
    if name is None:
        return None
    for w in profile.weapons:
        if w.name.lower() == name.lower():
            return w
    known = ", ".join(w.name for w in profile.weapons) or "none; strike bare-handed"
    raise UnknownName(f"{profile.name} has no weapon {name!r} (weapons: {known})")


def strike(
    state: FightState,
    actor: str,
    target: str,
    action: str,
    weapon: WeaponProfile | None,
    dice: Dice,
) -> StrikeRolled:
    """Roll to strike (PAL-STRIKE-ROLL) and judge hit or miss before any defence.

    1D20 + strike bonuses; a natural 20 always hits and is a critical (PAL-STRIKE-NAT20); a
    natural 1 misses (PAL-STRIKE-NAT1, or only if the total misses under the house option);
    otherwise the total must reach 5 in melee or 8 with a gun (PAL-STRIKE-MELEE-TARGET,
    PAL-STRIKE-RANGED-TARGET). A wider critical range counts for hand-to-hand attacks only
    (PAL-STRIKE-CRIT-RANGE).
    """
    p = fighter(state.combatants[actor]).profile
    ranged = weapon is not None and weapon.kind == "ranged"
    mods: list[Modifier] = []
    if not ranged:
        mods += p.strike
    if weapon is not None and weapon.strike:
        mods.append(
            Modifier(
                name=f"{weapon.name} (W.P. and weapon)",
                value=weapon.strike,
                source="weapon",
                rule="PAL-STRIKE-BONUS-GUNS" if ranged else "PAL-STRIKE-BONUS-MELEE",
            )
        )
    number = RANGED_TARGET if ranged else MELEE_TARGET
    r = roll(
        dice,
        "strike",
        "1D20",
        mods,
        target=number,
        rule="PAL-STRIKE-RANGED-TARGET" if ranged else "PAL-STRIKE-MELEE-TARGET",
    )
    natural = r.faces[0]
    critical = natural == 20 or (not ranged and natural >= p.crit_min)
    if natural == 20:
        hits, reason = True, "natural 20: always hits, critical (PAL-STRIKE-NAT20)"
    elif natural == 1 and state.options.get("nat1_always_misses", True):
        hits, reason = False, "natural 1 always misses (PAL-STRIKE-NAT1)"
    elif r.total < number:
        hits, reason = False, f"total {r.total} is under {number}"
    else:
        hits, reason = True, f"total {r.total} reaches {number}"
    if hits and critical and natural != 20:
        reason += f"; natural {natural} is a critical (PAL-STRIKE-CRIT-RANGE)"
    return StrikeRolled(
        actor=actor,
        target=target,
        action=action,
        weapon=None if weapon is None else weapon.name,
        roll=r,
        natural=natural,
        hits=hits,
        critical=critical and hits,
        reason=reason,
    )


def strike_detail(s: StrikeRolled, ranged: bool) -> dict[str, Any]:
    """What a pending defence must know of the strike it answers."""
    return {
        "action": s.action,
        "weapon": s.weapon,
        "total": s.roll.total,
        "natural": s.natural,
        "critical": s.critical,
        "ranged": ranged,
    }


def request_defence(s: StrikeRolled, ranged: bool) -> ReactionRequested:
    """Wait for the defender's answer to a strike that would hit."""
    return ReactionRequested(
        actor=s.actor, reactor=s.target, kind="defense", detail=strike_detail(s, ranged)
    )


def helpless(state: FightState, cid: str) -> str | None:
    """Why ``cid`` cannot defend at all, or None."""
    c = state.combatants[cid]
    if not c.alive:
        return "is dead"
    if "coma" in c.conditions:
        return "is in a coma and cannot defend"
    return None


def _spend_defence(f: Fighter, cid: str, what: str, rule: str) -> list[Event]:
    owed = 1 if f.apm_left < 1 else 0  # PAL-ROUND-OUT-OF-ATTACKS: taken from next round
    return [ApmSpent(combatant=cid, amount=1, on=what, rule=rule, owed=owed)]


def defend(
    state: FightState,
    attacker: str,
    defender: str,
    choice: str,
    detail: Mapping[str, Any],
    dice: Dice,
) -> tuple[list[Event], bool]:
    """Resolve a parry or dodge against a strike; return the events and whether it stopped it.

    Defender wins ties (PAL-STRIKE-TIES); only a natural 20 stops a natural 20
    (PAL-STRIKE-NAT20); a natural 20 defence beats any other strike (PAL-DEF-NAT20 reading,
    option ``defence_nat20_beats_all``). Parry is free with hand-to-hand training, otherwise it
    costs an attack (PAL-DEF-PARRY); dodge costs an attack unless automatic (PAL-DEF-DODGE,
    PAL-DEF-AUTODODGE); with no attacks left it is taken from next round
    (PAL-ROUND-OUT-OF-ATTACKS). Bullets and blasts cannot be parried; M.D. melee needs an M.D.
    item to parry (PAL-DEF-PARRY-MD); a bare hand against a weapon gets no parry bonus
    (PAL-DEF-PARRY-BAREHAND).
    """
    if choice == "none":
        return [
            DefenseDeclined(defender=defender, attacker=attacker, reason="takes the hit")
        ], False
    why = helpless(state, defender)
    if why:
        return [DefenseDeclined(defender=defender, attacker=attacker, reason=why)], False
    df = fighter(state.combatants[defender])
    dp = df.profile
    ap = fighter(state.combatants[attacker]).profile
    attack_weapon = find_weapon(ap, detail.get("weapon"))
    mega = attack_weapon.mega_damage if attack_weapon else ap.unarmed_mega
    events: list[Event] = []
    mods: list[Modifier] = []
    if choice == "parry":
        rule = "PAL-DEF-PARRY"
        if detail.get("ranged"):
            raise IllegalAction(
                f"{dp.name} cannot parry a shot: bullets and energy blasts are not parried "
                "(PAL-DEF-PARRY); answer dodge or none"
            )
        own = next((w for w in dp.weapons if w.kind == "melee"), None)
        md_item = (own is not None and own.mega_damage) or df.armor_mdc or dp.mdc is not None
        if mega and not md_item:
            raise IllegalAction(
                f"{dp.name} has nothing of M.D.C. to parry a Mega-Damage blow with "
                "(PAL-DEF-PARRY-MD); answer dodge or none"
            )
        if attack_weapon is not None and own is None:
            rule = "PAL-DEF-PARRY-BAREHAND"  # no parry bonuses bare-handed against a weapon
        else:
            mods += dp.parry
            if own is not None and own.parry:
                mods.append(
                    Modifier(name=own.name, value=own.parry, source="weapon", rule="PAL-DEF-PARRY")
                )
        if not dp.trained:
            events += _spend_defence(df, defender, "parry", "PAL-DEF-PARRY")
    else:
        rule = "PAL-DEF-DODGE"
        if detail.get("ranged") and not state.options.get("gunfire_dodge_h2h", False):
            mods += dp.dodge_sheet
            rule = "PAL-DEF-GUNFIRE-DODGE"
        else:
            mods += dp.dodge
        if dp.auto_dodge:
            rule = "PAL-DEF-AUTODODGE"
        else:
            events += _spend_defence(df, defender, "dodge", "PAL-DEF-DODGE")
    r = roll(dice, choice, "1D20", mods, target=int(detail["total"]), rule=rule)
    natural = r.faces[0]
    if detail["natural"] == 20:
        ok = natural == 20
        reason = "a natural 20 strike is stopped only by a natural 20 (PAL-STRIKE-NAT20)"
    elif natural == 20 and state.options.get("defence_nat20_beats_all", True):
        ok, reason = True, "natural 20 defence beats the strike (PAL-DEF-NAT20)"
    else:
        ok = r.total >= int(detail["total"])
        reason = f"{r.total} vs strike {detail['total']}; defender wins ties (PAL-STRIKE-TIES)"
    kind: Any = choice
    events.append(
        DefenseRolled(
            defender=defender, attacker=attacker, kind=kind, roll=r, success=ok, reason=reason
        )
    )
    return events, ok


def damage(
    state: FightState,
    attacker: str,
    target: str,
    detail: Mapping[str, Any],
    dice: Dice,
) -> list[Event]:
    """Roll the damage of a hit and take it off the target's pools.

    Weapon or punch dice plus damage bonuses (PAL-DMG-PS-BONUS), doubled by a critical with the
    bonus added first (PAL-DMG-CRIT); a power punch or kick doubles the dice and adds the bonus
    after (PAL-DMG-POWER). Mega-Damage never adds the S.D.C. bonuses (PAL-DMG-SDC-VS-MDC).
    """
    ap = fighter(state.combatants[attacker]).profile
    weapon = find_weapon(ap, detail.get("weapon"))
    action = str(detail.get("action", "strike"))
    power = action in ("power_punch", "power_kick")
    if weapon is not None:
        spec, mega, ranged = weapon.damage, weapon.mega_damage, weapon.kind == "ranged"
    else:
        spec = ap.kick if action == "power_kick" else ap.punch
        mega, ranged = ap.unarmed_mega, False
    mods: list[Modifier] = []
    if power:
        mods.append(
            Modifier(
                name="power blow: dice doubled",
                value=2,
                source="rules",
                rule="PAL-DMG-POWER",
                op="mul",
            )
        )
    if not mega and not ranged:
        mods += ap.damage
    if detail.get("critical"):
        if not power or state.options.get("power_punch_critical") == "double_total":
            mods.append(
                Modifier(
                    name="critical strike", value=2, source="rules", rule="PAL-DMG-CRIT", op="mul"
                )
            )
    r = roll(dice, "damage", spec, mods, rule="PAL-DMG-BASE-TABLE")
    unit: DamageUnit = "MD" if mega else "SDC"
    amount = max(0, r.total)
    events: list[Event] = [DamageRolled(actor=attacker, target=target, roll=r, unit=unit)]
    events += take_damage(state, target, amount, unit, int(detail.get("total", 0)))
    return events


def take_damage(
    state: FightState, target: str, amount: int, unit: DamageUnit, strike_total: int
) -> list[Event]:
    """Take ``amount`` of ``unit`` off the target: armor, then S.D.C., then H.P., or M.D.C.

    M.D.C. armor takes Mega-Damage first and its last point absorbs the whole hit
    (PAL-DMG-MDC-ARMOR, PAL-DMG-MDC-LASTPOINT); an S.D.C. attack under 100 does nothing to
    M.D.C. and 100 S.D.C. count as 1 M.D. (PAL-DMG-SDC-VS-MDC, rounded down); 1 M.D. is 100
    S.D.C. against S.D.C. targets (PAL-DMG-MD-TO-SDC); S.D.C. armor takes hits whose strike
    total is at or under its A.R. (PAL-DMG-AR-SDC); coma at 0 H.P., death below -P.E.
    (PAL-DMG-COMA-DEATH); an M.D. being at 0 M.D.C. falls into a coma (PAL-DMG-MDC-BEING-ZERO).
    """
    c = state.combatants[target]
    f = fighter(c)
    armor = f.profile.armor
    armor_up = armor is not None and armor.mdc is not None and (f.armor_mdc or 0) > 0
    if unit == "SDC" and (armor_up or f.mdc is not None):
        if amount < 100:
            return [
                DamageIgnored(
                    target=target,
                    amount=amount,
                    unit=unit,
                    reason="an S.D.C. attack under 100 does nothing to M.D.C.",
                    rule="PAL-DMG-SDC-VS-MDC",
                )
            ]
        amount, unit = amount // 100, "MD"
    if unit == "MD":
        if armor_up:
            before = f.armor_mdc or 0
            after = max(0, before - amount)
            rule = "PAL-DMG-MDC-LASTPOINT" if after == 0 else "PAL-DMG-MDC-ARMOR"
            return [
                DamageApplied(
                    target=target,
                    pool="armor",
                    amount=before - after,
                    before=before,
                    after=after,
                    rule=rule,
                )
            ]
        if f.mdc is not None:
            after = f.mdc - amount
            events: list[Event] = [
                DamageApplied(
                    target=target,
                    pool="mdc",
                    amount=amount,
                    before=f.mdc,
                    after=after,
                    rule="PAL-DMG-POOLS",
                )
            ]
            if after <= 0 < f.mdc and "coma" not in c.conditions:
                events.append(
                    ConditionChanged(
                        combatant=target,
                        condition="coma",
                        present=True,
                        rule="PAL-DMG-MDC-BEING-ZERO",
                    )
                )
            return events
        amount, unit = amount * 100, "SDC"  # PAL-DMG-MD-TO-SDC
    if armor is not None and armor.mdc is not None and not armor_up:
        if state.options.get("destroyed_mdc_armor") == "stops_7_or_less" and strike_total <= 7:
            return [
                DamageIgnored(
                    target=target,
                    amount=amount,
                    unit="SDC",
                    reason="destroyed M.D.C. armor still stops S.D.C. strikes of 7 or less",
                    rule="PAL-DMG-MDC-ARMOR-ZERO",
                )
            ]
    if armor is not None and armor.sdc is not None and (f.armor_sdc or 0) > 0:
        if strike_total <= (armor.ar or 0):
            before = f.armor_sdc or 0
            after = max(0, before - amount)
            return [
                DamageApplied(
                    target=target,
                    pool="armor",
                    amount=before - after,
                    before=before,
                    after=after,
                    rule="PAL-DMG-AR-SDC",
                )
            ]
    return _body(state, target, amount)


def _body(state: FightState, target: str, amount: int) -> list[Event]:
    c = state.combatants[target]
    f = fighter(c)
    events: list[Event] = []
    from_sdc = min(max(f.sdc, 0), amount)
    if from_sdc:
        events.append(
            DamageApplied(
                target=target,
                pool="sdc",
                amount=from_sdc,
                before=f.sdc,
                after=f.sdc - from_sdc,
                rule="PAL-DMG-POOLS",
            )
        )
    rest = amount - from_sdc
    if rest:
        after = f.hp - rest
        events.append(
            DamageApplied(
                target=target,
                pool="hp",
                amount=rest,
                before=f.hp,
                after=after,
                rule="PAL-DMG-POOLS",
            )
        )
        if after <= 0 and "coma" not in c.conditions:
            events.append(
                ConditionChanged(
                    combatant=target, condition="coma", present=True, rule="PAL-DMG-COMA-DEATH"
                )
            )
        if after < -f.profile.pe and c.alive:
            events.append(
                ConditionChanged(
                    combatant=target, condition="dead", present=True, rule="PAL-DMG-COMA-DEATH"
                )
            )
    return events
