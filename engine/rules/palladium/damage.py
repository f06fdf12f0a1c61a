"""Damage: step 4 of the Palladium exchange, from the damage roll to the pool it comes off.

Units: an attack deals S.D.C. or M.D. (``DamageUnit``); S.D.C. beings have S.D.C. then H.P.,
Mega-Damage beings one M.D.C. pool; armor is M.D.C., or S.D.C. with an A.R. Each function
returns the events it produces; nothing here touches the log or the clock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.dice import Dice
from engine.rolls import roll, skipped
from engine.rules.palladium import bursts, coma, handtohand
from engine.rules.palladium.combat import find_weapon
from engine.rules.palladium.moves import MOVES, allowed
from engine.rules.palladium.options import opts
from engine.turns import for_rounds
from events.core import ConditionChanged, Event, Modifier
from events.palladium import (
    DamageApplied,
    DamageIgnored,
    DamageRolled,
    DamageUnit,
    Healed,
    Pool,
    StrikeDetail,
)
from projections.palladium import fighter
from projections.state import FightState

#: Rolling with an impact halves it (PAL-DEF-ROLL-IMPACT).
ROLLED = Modifier(
    name="rolled with the impact", value=2, source="rules", rule="PAL-DEF-ROLL-IMPACT", op="div"
)
SDC_PER_MD = 100  # PAL-DMG-MD-TO-SDC: 1 M.D. = 100 S.D.C.
DESTROYED_MDC_ARMOR_STOPS = 7  # PAL-DMG-MDC-ARMOR-ZERO (000:L995): strikes of 7 or less


def damage(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    *,
    death_blow: bool = False,
    earlier: Sequence[Event] = (),
    extra: Sequence[Modifier] = (),
    onto: Callable[[int, DamageUnit], list[Event]] | None = None,
) -> list[Event]:
    """Roll the damage of a hit and take it off the target's pools (or give it to ``onto``,
    which takes the amount and its unit: a weapon shot at).

    A weapon whose sheet says ``healing = true`` (its damage negative) heals what its dice come
    to below 0 (:func:`heal`), no damage bonus added.

    Weapon, punch or kick dice (PAL-DMG-BASE-TABLE) plus the S.D.C. damage bonuses
    (PAL-DMG-PS-BONUS); a critical doubles with the bonus added first, (roll + bonus) x 2
    (PAL-DMG-CRIT); a power punch or kick doubles the dice and adds the bonus after,
    roll x 2 + bonus (PAL-DMG-POWER). A critical power blow doubles that total under the
    ``power_punch_critical`` option (catalogue ⚠ L.9). Mega-Damage and gunfire never add the
    S.D.C. bonuses (PAL-DMG-SDC-VS-MDC, PAL-STRIKE-BONUS-GUNS).
    """
    ap = fighter(state.combatants[attacker]).profile
    weapon = find_weapon(ap, detail.weapon)
    action = detail.action
    power = action in ("power_punch", "power_kick")
    move = MOVES.get(detail.move or "")
    fells = move if move is not None and move.knockdown else None
    if weapon is not None:
        spec, mega, ranged = weapon.damage, weapon.mega_damage, weapon.kind == "ranged"
    elif move is not None:
        spec, mega, ranged = allowed(ap, move.name)[1], ap.unarmed_mega, False
        if fells is not None and not spec:  # a sweep or trip: no damage at all
            return handtohand.knockdown(state, attacker, target, fells, earlier)
    else:
        spec = ap.kick if action == "power_kick" else ap.punch
        mega, ranged = ap.unarmed_mega, False
    events: list[Event] = []
    cap = None
    if detail.pull is not None:
        pulled, cap = handtohand.pull_roll(state, attacker, target, detail.pull, dice)
        events.append(pulled)
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
    healing = weapon is not None and weapon.healing
    if healing and ap.damage:
        mods += skipped(ap.damage, "not added to a healing weapon's dice", "PAL-DMG-PS-BONUS")
    elif not mega and not ranged:
        mods += ap.damage
    elif ap.damage:
        why = "gunfire" if ranged else "Mega-Damage"
        mods += skipped(ap.damage, f"not added to {why}", "PAL-DMG-SDC-VS-MDC")
    doubles = not power or opts(state).power_punch_critical == "double_total"
    if detail.critical and doubles:
        mods.append(
            Modifier(
                name="critical strike",
                value=detail.critical_times,
                source="rules",
                rule=detail.critical_rule,
                op="mul",
            )
        )
    if death_blow:
        mods.append(
            Modifier(name="death blow", value=2, source="rules", rule="PAL-DMG-DEATHBLOW", op="mul")
        )
    if detail.rolled and detail.blow in ("", "no"):  # an ordinary blow rolled with
        mods.append(ROLLED)
    mods += extra
    if detail.twin:
        mods.append(bursts.TWIN)
    if cap is not None:
        mods.append(cap)
    r = roll(dice, "damage", spec, mods, rule="PAL-DMG-BASE-TABLE")
    unit: DamageUnit = "MD" if mega else "SDC"
    events.append(DamageRolled(actor=attacker, target=target, roll=r, unit=unit))
    if healing and r.total < 0 and onto is None:  # the sheet's healing = true: it heals
        assert weapon is not None
        return events + heal(state, target, -r.total, f"healing weapon ({weapon.name})")
    if death_blow and unit == "SDC":  # straight off Hit Points (PAL-DMG-DEATHBLOW)
        return events + _body(state, target, max(0, r.total), "PAL-DMG-DEATHBLOW", hp_only=True)
    if onto is not None:
        return events + onto(max(0, r.total), unit)
    events += take_damage(state, target, max(0, r.total), unit, detail.total)
    blade = weapon is not None and weapon.kind == "melee" and not weapon.blunt
    events += coma.bleeds(state, target, events, blade)
    if fells is not None:  # a body flip hurts, then fells (PAL-DMG-BODYFLIP)
        events += handtohand.knockdown(state, attacker, target, fells, earlier)
    return events


def heal(state: FightState, target: str, amount: int, rule: str) -> list[Event]:
    """``amount`` points given back, as a GM's ``ruling --heal`` gives them: H.P. first, then
    S.D.C., never above the sheet's; M.D.C. for a Mega-Damage being. Back above 0 H.P. (or
    M.D.C.), a coma ends. No event for the dead, or for one with nothing to heal."""
    c = state.combatants[target]
    if not c.alive:
        return []
    f = fighter(c)
    p = f.profile
    pools: list[tuple[Pool, int, int]]  # (pool, now, full), healed in this order
    if f.mdc is not None and p.mdc is not None:
        pools = [("mdc", f.mdc, p.mdc)]
    else:
        pools = [("hp", f.hp, p.hp), ("sdc", f.sdc, p.sdc)]
    events: list[Event] = []
    rest = amount
    body = pools[0][1]  # H.P. (or M.D.C.) after healing: above 0 ends a coma
    for pool, now, full in pools:
        after = min(full, now + rest)
        if after > now:
            events.append(
                Healed(
                    target=target, pool=pool, amount=after - now, before=now, after=after, rule=rule
                )
            )
            rest -= after - now
        if pool == pools[0][0]:
            body = after
    if events and body > 0 and "coma" in c.conditions:
        events.append(
            ConditionChanged(combatant=target, condition="coma", present=False, rule=rule)
        )
    return events


def bleed(state: FightState, target: str, points: int, rule: str) -> list[Event]:
    """A minute's bleeding: straight off Hit Points, or M.D.C. for a Mega-Damage being
    (PAL-DMG-BLEED-WOUNDS); a coma or death as any loss of Hit Points brings."""
    f = fighter(state.combatants[target])
    if f.mdc is not None:
        return [_applied(target, "mdc", points, f.mdc, f.mdc - points, rule)]
    return _body(state, target, points, rule, hp_only=True)


def lose_half(state: FightState, target: str, rule: str) -> list[Event]:
    """Rolling with a death blow: half of what is left of S.D.C., or of Hit Points when
    S.D.C. is under 12, or of M.D.C. (PAL-DEF-ROLL-SPECIAL; its ❓ read as the H.P. left)."""
    f = fighter(state.combatants[target])
    if (f.armor_mdc or 0) > 0 or f.mdc is not None:
        left = f.armor_mdc if (f.armor_mdc or 0) > 0 else f.mdc
        return _mega_damage(state, target, max(0, left or 0) // 2, rule)
    if f.sdc >= HALF_SDC_FLOOR:
        return _body(state, target, f.sdc // 2, rule)
    return _body(state, target, max(0, f.hp) // 2, rule, hp_only=True)


HALF_SDC_FLOOR = 12  # PAL-DEF-ROLL-SPECIAL: under 12 S.D.C. the half comes off Hit Points


def take_damage(
    state: FightState, target: str, amount: int, unit: DamageUnit, strike_total: int
) -> list[Event]:
    """Take ``amount`` of ``unit`` off the target: armor, then S.D.C., then H.P., or M.D.C.

    M.D.C. armor takes Mega-Damage first and its last point absorbs the whole hit
    (PAL-DMG-MDC-ARMOR, PAL-DMG-MDC-LASTPOINT). An S.D.C. attack under 100 does nothing to
    M.D.C.; 100 or more becomes M.D., rounded as the ``sdc_vs_mdc_rounding`` option says
    (PAL-DMG-SDC-VS-MDC). Against an S.D.C. body 1 M.D. is 100 S.D.C. (PAL-DMG-MD-TO-SDC).
    """
    f = fighter(state.combatants[target])
    armor = f.profile.armor
    mdc_armor_up = armor is not None and armor.mdc is not None and (f.armor_mdc or 0) > 0
    if unit == "SDC" and (mdc_armor_up or f.mdc is not None):
        if amount < SDC_PER_MD:
            return [
                DamageIgnored(
                    target=target,
                    amount=amount,
                    unit=unit,
                    reason="an S.D.C. attack under 100 does nothing to M.D.C.",
                    rule="PAL-DMG-SDC-VS-MDC",
                )
            ]
        if opts(state).sdc_vs_mdc_rounding == "nearest":
            md = (amount + SDC_PER_MD // 2) // SDC_PER_MD
        else:
            md = amount // SDC_PER_MD
        return _mega_damage(state, target, md, "PAL-DMG-SDC-VS-MDC")
    if unit == "MD" and (mdc_armor_up or f.mdc is not None):
        return _mega_damage(state, target, amount, "")
    if unit == "MD":
        return _sdc_target(state, target, amount * SDC_PER_MD, strike_total, "PAL-DMG-MD-TO-SDC")
    return _sdc_target(state, target, amount, strike_total, "")


def _applied(target: str, pool: Pool, amount: int, before: int, after: int, rule: str) -> Event:
    return DamageApplied(
        target=target, pool=pool, amount=amount, before=before, after=after, rule=rule
    )


def _rules(*ids: str) -> str:
    return ", ".join(i for i in ids if i)


def _mega_damage(state: FightState, target: str, amount: int, via: str) -> list[Event]:
    """M.D. against intact M.D.C. armor, else against a Mega-Damage body.

    The armor's last point absorbs the whole hit (PAL-DMG-MDC-LASTPOINT); a Mega-Damage being
    at 0 M.D.C. falls into a coma (PAL-DMG-MDC-BEING-ZERO; no death threshold is given).
    """
    c = state.combatants[target]
    f = fighter(c)
    if f.armor_mdc:
        before = f.armor_mdc
        after = max(0, before - amount)
        rule = "PAL-DMG-MDC-LASTPOINT" if after == 0 else "PAL-DMG-MDC-ARMOR"
        return [_applied(target, "armor", before - after, before, after, _rules(via, rule))]
    assert f.mdc is not None
    after = f.mdc - amount
    events = [_applied(target, "mdc", amount, f.mdc, after, _rules(via, "PAL-DMG-POOLS"))]
    if after <= 0 < f.mdc and "coma" not in c.conditions:
        events.append(
            ConditionChanged(
                combatant=target, condition="coma", present=True, rule="PAL-DMG-MDC-BEING-ZERO"
            )
        )
    return events


def _sdc_target(
    state: FightState, target: str, amount: int, strike_total: int, via: str
) -> list[Event]:
    """S.D.C. damage against a target with no M.D.C. protection left.

    Destroyed M.D.C. armor stops S.D.C. attacks (not converted M.D.) whose strike is 7 or
    less under the ``destroyed_mdc_armor`` option (PAL-DMG-MDC-ARMOR-ZERO, 000:L49 vs L995).
    S.D.C. armor takes the hits whose strike total is at or under its A.R., the wearer the
    rest (PAL-DMG-AR-SDC). Readings of that rule's ❓: a natural 20 is judged by its total like
    any strike, and the hit that zeroes S.D.C. armor is absorbed whole (as M.D.C. armor's last
    point is, PAL-DMG-MDC-LASTPOINT); from then on the armor gives no A.R.
    """
    f = fighter(state.combatants[target])
    armor = f.profile.armor
    if (
        armor is not None
        and armor.mdc is not None
        and not via
        and opts(state).destroyed_mdc_armor == "stops_7_or_less"
        and strike_total <= DESTROYED_MDC_ARMOR_STOPS
    ):
        return [
            DamageIgnored(
                target=target,
                amount=amount,
                unit="SDC",
                reason="destroyed M.D.C. armor still stops S.D.C. strikes of 7 or less",
                rule="PAL-DMG-MDC-ARMOR-ZERO",
            )
        ]
    if armor is not None and armor.ar is not None and f.armor_sdc and strike_total <= armor.ar:
        before = f.armor_sdc
        after = max(0, before - amount)
        return [
            _applied(target, "armor", before - after, before, after, _rules(via, "PAL-DMG-AR-SDC"))
        ]
    return _body(state, target, amount, via)


def _body(
    state: FightState, target: str, amount: int, via: str, *, hp_only: bool = False
) -> list[Event]:
    """S.D.C. first, then H.P. (PAL-DMG-POOLS; ``hp_only``: H.P. straight away, a death
    blow); coma at 0 H.P. or below, death below -P.E. (PAL-DMG-COMA-DEATH: P.E. 9 is alive
    at -9 and dead at -10)."""
    c = state.combatants[target]
    f = fighter(c)
    rule = _rules(via, "PAL-DMG-POOLS")
    events: list[Event] = []
    from_sdc = 0 if hp_only else min(max(f.sdc, 0), amount)
    if from_sdc:
        events.append(_applied(target, "sdc", from_sdc, f.sdc, f.sdc - from_sdc, rule))
    rest = amount - from_sdc
    if not rest:
        return events
    after = f.hp - rest
    events.append(_applied(target, "hp", rest, f.hp, after, rule))
    dies = after < -f.profile.pe and c.alive
    if after <= 0 and c.alive and not dies and "coma" not in c.conditions:
        # P.E. hours (PAL-DMG-COMA-TIME)
        hours = coma.coma_rounds(f.profile.pe)
        events.append(for_rounds(state, target, "coma", hours, "PAL-DMG-COMA-DEATH"))
    if dies:  # beyond help: dead, and no longer in a coma
        if "coma" in c.conditions:
            events.append(
                ConditionChanged(
                    combatant=target, condition="coma", present=False, rule="PAL-DMG-COMA-DEATH"
                )
            )
        events.append(
            ConditionChanged(
                combatant=target, condition="dead", present=True, rule="PAL-DMG-COMA-DEATH"
            )
        )
    return events
