"""Damage and injury (GURPS-DAMAGE, GURPS-WOUNDING, GURPS-HITLOC-TABLE, GURPS-HITLOC-LIMB,
GURPS-RANDOM-LOC, GURPS-SHOCK, GURPS-MAJOR-WOUND, GURPS-KNOCKDOWN, GURPS-DEATH-CHECK).

One hit: its location (rolled if random), the damage dice, DR at that location (with the
skull's own +2, halved for a chink, divided by the armor divisor, plus any ``extra_dr`` a
situational rule adds: cover, overpenetration), the penetrating damage times the wounding
multiplier (the location's replacing the type's), at least 1 if anything got through, capped
at what cripples a limb; then shock, crippling, the knockdown roll of a major wound or a blow
to the head, and death checks at each multiple of -HP (dead outright at -5 x HP).
"""

from __future__ import annotations

import attrs
import msgspec

from engine.dice import Dice
from engine.rolls import roll
from engine.rules.gurps.common import fighter, has
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.options import opts
from engine.rules.gurps.resolution import mod, succeeded, success_roll
from engine.rules.gurps.situations.chink import chink_dr
from engine.rules.gurps.tables import FATIGUE_TYPES, LOCATIONS, RANDOM_LOCATION, WOUNDING
from events.core import ConditionChanged, Event, Modifier
from events.gurps import (
    Crippled,
    DamageRolled,
    InjuryApplied,
    LocationRolled,
    PostureChanged,
    StunChanged,
    SuccessRolled,
)
from events.gurps.records import Damage
from projections.state import FightState


@attrs.frozen
class Blow:
    """What one hit brings to the injury pipeline: the dice and damage record, where it
    lands (None: rolled, GURPS-RANDOM-LOC), a chink, and what situational rules add
    (``extra_dr``: cover or what the shot went through, each with why)."""

    dice: str
    damage: Damage
    location: str | None = None
    chink: bool = False
    extra_dr: tuple[tuple[int, str], ...] = ()
    #: A shotgun at close range multiplies DR too (GURPS-SHOTGUN).
    dr_multiplier: int = 1


_LIMB = "GURPS-HITLOC-LIMB"


def random_location(state: FightState, dice: Dice, target: str) -> LocationRolled:
    """3d on the hit location table; a hand or a foot takes its side from 1d, 1-3 right
    (option ``random_side``) (GURPS-RANDOM-LOC)."""
    r = roll(dice, "hit location", "3D6", rule="GURPS-RANDOM-LOC")
    where = RANDOM_LOCATION[r.total]
    side = None
    if where in ("hand", "foot"):
        left = False
        if opts(state).random_side == "roll":
            side = roll(dice, "side", "1D6", rule="GURPS-RANDOM-LOC")
            left = side.total >= 4
        where = f"{'left' if left else 'right'}_{where}"
    return LocationRolled(target=target, roll=r, location=where, side=side)


def _dr(state: FightState, target: str, location: str) -> int:
    dr = fighter(state, target).profile.dr
    return dr.get(location, dr.get("all", 0))


def shock_of(state: FightState, target: str, injury: int) -> int:
    """Shock from ``injury`` (GURPS-SHOCK): -1 a HP (a HP/10 with 20+ HP, option
    ``shock_scale``), at most 4; none with High Pain Threshold."""
    if injury <= 0 or has(state, target, "high_pain_threshold"):
        return 0
    hp = fighter(state, target).profile.hp
    per = hp // 10 if hp >= 20 and opts(state).shock_scale == "per_tenth_hp" else 1
    return min(4, injury // per)


def wound(
    state: FightState, target: str, basic: int, blow: Blow, location: str
) -> tuple[InjuryApplied, bool]:
    """The injury of ``basic`` damage at ``location``, and whether it cripples there."""
    loc = LOCATIONS[location]
    f = fighter(state, target)
    hp = f.profile.hp
    steps = []
    dr = _dr(state, target, location) + loc.extra_dr
    if loc.extra_dr:
        steps.append(f"skull DR +{loc.extra_dr}")
    if blow.chink:
        dr = chink_dr(dr, blow.damage.divisor)
        steps.append("chink: DR halved (GURPS-CHINK)")
    elif blow.damage.divisor > 1:
        dr //= blow.damage.divisor
    if blow.damage.divisor > 1:
        steps.append(f"armor divisor ({blow.damage.divisor})")
    if blow.dr_multiplier > 1:
        dr *= blow.dr_multiplier
        steps.append(f"DR x{blow.dr_multiplier}: shotgun at close range (GURPS-SHOTGUN)")
    for extra, why in blow.extra_dr:
        dr += extra
        steps.append(f"+{extra} DR: {why}")
    pen = max(0, basic - dr)
    num, den = loc.wounding.get(blow.damage.type, WOUNDING[blow.damage.type])
    injury = pen * num // den
    if pen > 0 and injury < 1:
        injury = 1
        steps.append("at least 1 on penetration")
    cripples = False
    if loc.cripple is not None and injury > 0:
        cn, cd = loc.cripple
        cripples = injury * cd > hp * cn
        cap = hp * cn // cd + 1
        if loc.capped and injury > cap:
            steps.append(f"capped at {cap}: what cripples the {location.replace('_', ' ')}")
            injury = cap
    major = injury * 2 > hp or cripples
    shock = shock_of(state, target, injury)
    if shock and blow.damage.type in loc.male_shock and has(state, target, "male"):
        shock *= 2
        steps.append(f"shock doubled to -{shock}: a male's groin ({loc.rule})")
    return InjuryApplied(
        target=target,
        location=location,
        basic=basic,
        dr=dr,
        penetrating=pen,
        mult_num=num,
        mult_den=den,
        amount=injury,
        before=f.hp,
        after=f.hp - injury,
        shock=shock,
        major=major,
        steps=tuple(steps),
    ), cripples


def knockdown(state: FightState, dice: Dice, target: str, location: str) -> list[Event]:
    """The knockdown roll (GURPS-KNOCKDOWN): HT with the location's modifier (skull and eye
    -10, face and groin -5), +3 with High Pain Threshold; failed: physically stunned and
    prone; failed by 5+ or a critical failure: unconscious."""
    p = fighter(state, target).profile
    mods: list[Modifier] = []
    loc = LOCATIONS[location]
    if loc.knockdown:
        mods.append(mod(f"a blow to the {location}", loc.knockdown, "location", loc.rule))
    if has(state, target, "high_pain_threshold"):
        mods.append(mod("High Pain Threshold", 3, "sheet", "GURPS-KNOCKDOWN"))
    r = success_roll(dice, "knockdown", p.ht, mods, rule="GURPS-KNOCKDOWN")
    ok = succeeded(r)
    events: list[Event] = [
        SuccessRolled(
            combatant=target, what="HT (knockdown)", roll=r, success=ok, rule="GURPS-KNOCKDOWN"
        )
    ]
    if ok:
        return events
    if r.tier == "fumble" or (r.margin or 0) <= -5:
        return [
            *events,
            ConditionChanged(
                combatant=target, condition="unconscious", present=True, rule="GURPS-KNOCKDOWN"
            ),
        ]
    return [
        *events,
        StunChanged(combatant=target, stun="physical", rule="GURPS-KNOCKDOWN"),
        PostureChanged(combatant=target, posture="prone", rule="GURPS-KNOCKDOWN"),
    ]


def dead_outright(state: FightState, target: str, after: int) -> list[Event]:
    """At -5 x HP he is dead, no roll (GURPS-DEATH-CHECK): the event, or none above it."""
    if after > -5 * fighter(state, target).profile.hp:
        return []
    return [
        ConditionChanged(combatant=target, condition="dead", present=True, rule="GURPS-DEATH-CHECK")
    ]


def death_checks(
    state: FightState, dice: Dice, target: str, before: int, after: int
) -> list[Event]:
    """At -1 x HP and each further multiple crossed: an HT roll or die; at -5 x HP dead
    outright (GURPS-DEATH-CHECK)."""
    p = fighter(state, target).profile
    hp = p.hp
    events: list[Event] = []
    if after <= -5 * hp:
        return dead_outright(state, target, after)
    for k in range(1, 5):
        line = -k * hp
        if before > line >= after:
            r = success_roll(dice, f"death check at -{k}xHP", p.ht, rule="GURPS-DEATH-CHECK")
            ok = succeeded(r)
            events.append(
                SuccessRolled(
                    combatant=target,
                    what=f"HT (death check, -{k}xHP)",
                    roll=r,
                    success=ok,
                    rule="GURPS-DEATH-CHECK",
                )
            )
            if not ok:
                events.append(
                    ConditionChanged(
                        combatant=target, condition="dead", present=True, rule="GURPS-DEATH-CHECK"
                    )
                )
                break
    return events


def hit(state: FightState, dice: Dice, actor: str, target: str, blow: Blow) -> list[Event]:
    """One hit from ``actor`` on ``target``: location, damage, injury and what follows."""
    events: list[Event] = []
    location = blow.location
    if location is None or location == "random":
        rolled = random_location(state, dice, target)
        events.append(rolled)
        location = rolled.location
    dmg = roll(dice, "damage", blow.dice, rule="GURPS-DAMAGE")
    least = 0 if blow.damage.type == "cr" else 1
    basic = max(least, dmg.total)
    events.append(
        DamageRolled(
            actor=actor,
            target=target,
            roll=dmg,
            damage_type=blow.damage.type,
            divisor=blow.damage.divisor,
        )
    )
    return events + harm(state, dice, target, basic, blow, location)


def harm(
    state: FightState, dice: Dice, target: str, basic: int, blow: Blow, location: str
) -> list[Event]:
    """``basic`` damage at ``location`` (rolled, or a contest's margin): the injury, crippling,
    death checks and the knockdown roll."""
    events: list[Event] = []
    injury, cripples = wound(state, target, basic, blow, location)
    if blow.damage.type in FATIGUE_TYPES:
        return _fatigue(state, dice, target, injury)
    events.append(injury)
    if cripples:
        events.append(Crippled(combatant=target, location=location))
        if LOCATIONS[location].leg and fighter(state, target).posture != "prone":
            events.append(PostureChanged(combatant=target, posture="prone", rule=_LIMB))
    if injury.amount <= 0:
        return events
    events += death_checks(state, dice, target, injury.before, injury.after)
    now = fold_gurps(state, events)
    c = now.combatants[target]
    head = LOCATIONS[location].head and opts(state).head_knockdown
    if (injury.major or head) and c.alive and "unconscious" not in c.conditions:
        events += knockdown(now, dice, target, location)
    return events


def _fatigue(state: FightState, dice: Dice, target: str, injury: InjuryApplied) -> list[Event]:
    """Fatigue damage: the injury comes off FP, with no shock, crippling or knockdown, through
    the one fatigue path (GURPS-FATIGUE)."""
    from engine.rules.gurps.fatigue import lose_fp

    fp = fighter(state, target).fp
    tired = msgspec.structs.replace(
        injury,
        pool="fp",
        before=fp,
        after=fp - injury.amount,
        shock=0,
        major=False,
        steps=(*injury.steps, "fatigue damage: off FP, not HP (GURPS-FATIGUE)"),
    )
    return lose_fp(state, dice, target, injury.amount, "GURPS-FATIGUE", record=tired)
