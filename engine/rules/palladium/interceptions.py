"""Fire at a volley of missiles on its way: a counter-volley of one's own missiles, or a
shot at one missile (PAL-MSL-SHOOT-DOWN; the house rules PAL-HR-MSL-COUNTER-VOLLEY,
PAL-HR-MSL-SHOOT-DOWN). Each thins the volley, which then waits for the next answer
(:mod:`volleys`).

Readings: a counter-volley or a shot needs an attack left this round (never one of the next
round's); under RAW a counter-volley rolls only its percentile (the text gives it no strike
roll); a missile that survives a hit keeps the damage for the next shot at it (PAL-MSL-SHOOT-DOWN
3.); the table of what else goes up is rolled only when the missile fired at is destroyed, and
not for a volley of one; the house shot at a smart missile starts from 15, as a counter-volley
does (PAL-HR-MSL-SHOOT-DOWN ❓).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import msgspec

from engine.dice import Dice
from engine.rolls import roll, roll_table, roll_under
from engine.rules import IllegalAction
from engine.rules.palladium import apm, clips, combat, missile_strikes, missiles
from engine.rules.palladium.gunbonus import gun_modifiers
from engine.rules.palladium.options import opts
from engine.rules.palladium.penalties import condition_modifiers
from events.core import Event, Modifier, Roll
from events.palladium import DefendDeclared, StrikeDetail, StrikeRolled, Volley, VolleyThinned
from projections.palladium import fighter
from projections.state import FightState

SHOOT_DOWN = "PAL-MSL-SHOOT-DOWN"
COUNTER = "PAL-HR-MSL-COUNTER-VOLLEY"
HOUSE_SHOT = "PAL-HR-MSL-SHOOT-DOWN"
RAW_COUNTER_CHANCE = 75  # PAL-MSL-SHOOT-DOWN: own missiles destroy the volley on 01-75%
DUMB_TARGET, SMART_TARGET = 9, 15  # PAL-HR-MSL-COUNTER-VOLLEY
PER_MISSILE = 5  # PAL-HR-MSL-COUNTER-VOLLEY: d100 + 5 a missile of one's own volley
SMART_DODGE = 4  # PAL-MSL-BONUS: a smart bomb is +4 to dodge attacks on it


@attrs.frozen
class Thinned:
    """What a counter-volley or shot did: events, and the volley left (None: none left)."""

    events: list[Event]
    volley: Volley | None


Thin = Callable[[FightState, str, str, StrikeDetail, Dice, DefendDeclared], Thinned]


def _counter_volley(
    state: FightState,
    shooter: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    d: DefendDeclared,
) -> Thinned:
    """His own missiles at the volley, for one attack. RAW: 01-75 on percentile the whole
    volley goes up, certainly with as many missiles as are coming (PAL-MSL-SHOOT-DOWN). House:
    a strike with his missiles (+1 each) against 9, 15 for smart ones, raised by the 100s of
    mph the incoming are faster; a hit rolls one missile's damage against the incoming
    missile's M.D.C., and if it goes up the d100 + 5 a missile table says what else does
    (PAL-HR-MSL-COUNTER-VOLLEY)."""
    volley = detail.volley
    assert volley is not None
    f = fighter(state.combatants[defender])
    launcher = missiles.launcher_of(f.profile, d.launcher)
    combat.in_hand(f.profile, f.dropped, launcher, f.stowed, f.destroyed())
    count = d.missiles if d.missiles is not None else 1
    own = missiles.check_missiles(f, launcher, count)
    if not own.damage:
        raise IllegalAction(
            f"the {own.name} does no damage and cannot blow up a missile ({rule_of(state)})"
        )
    category: apm.Category = "machine" if launcher.machine else "ranged"
    house = opts(state).shoot_down == "house"
    rule = COUNTER if house else SHOOT_DOWN
    events: list[Event] = [
        apm.spend_off_turn(state, defender, 1, "counter-volley", rule, category),
        *missiles.spend_missiles(f, defender, own, count),
    ]
    if not house:
        if count >= volley.left:
            why = f"{count} missiles against {volley.left}: the whole volley goes up ({rule})"
            return Thinned([*events, _gone(defender, volley, why, rule, ())], None)
        r = roll_under(dice, "counter-volley", "1D100", RAW_COUNTER_CHANCE, rule=rule)
        if r.total <= RAW_COUNTER_CHANCE:
            why = f"{r.total} is within 01 to 75: the whole volley goes up ({rule})"
            return Thinned([*events, _gone(defender, volley, why, rule, (r,))], None)
        why = f"{r.total} is over 75: the volley flies on ({rule})"
        miss = VolleyThinned(
            defender=defender, destroyed=0, left=volley.left, reason=why, rule=rule, rolls=(r,)
        )
        return Thinned([*events, miss], volley)
    mods = missile_strikes.strike_modifiers(state, f.profile, launcher, own, count)
    number, why = _house_number(volley, own.speed, COUNTER)
    return _hit_one(
        state,
        shooter,
        defender,
        detail,
        dice,
        events,
        mods,
        number,
        why,
        own.damage,
        own.mega_damage,
        count,
        launcher.name,
    )


def _shoot_down(
    state: FightState,
    shooter: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    d: DefendDeclared,
) -> Thinned:
    """One shot at one missile of the volley, for one attack and one shot of the weapon's
    payload. RAW: one or two such attacks at a volley (option ``shoot_down_attacks``), needing
    ``shoot_down_target`` (the text gives none); if the missile goes up the 30/60/100 table
    says what else does (PAL-MSL-SHOOT-DOWN). House: as a counter-volley, against 9 (15 smart)
    plus the missile's whole speed in 100s of mph, and the d100 table (PAL-HR-MSL-SHOOT-DOWN).
    """
    volley = detail.volley
    assert volley is not None
    options = opts(state)
    house = options.shoot_down == "house"
    if not house and volley.shot_at >= options.shoot_down_attacks:
        raise IllegalAction(
            f"{volley.shot_at} shot(s) already at this volley: as written only "
            f"{options.shoot_down_attacks} (option shoot_down_attacks; {SHOOT_DOWN})"
        )
    f = fighter(state.combatants[defender])
    if d.weapon is None:
        weapon = next((w for w in f.profile.weapons if w.kind == "ranged"), None)
        if weapon is None:
            raise IllegalAction(f"{f.profile.name} has no gun to shoot at the volley with")
    else:
        weapon = combat.find_weapon(f.profile, d.weapon)
        assert weapon is not None
        if weapon.kind != "ranged":
            raise IllegalAction(f"the {weapon.name} cannot shoot down a missile: it is no gun")
    combat.in_hand(f.profile, f.dropped, weapon, f.stowed, f.destroyed())
    clips.check_loaded(f, defender, weapon)
    rule = HOUSE_SHOT if house else SHOOT_DOWN
    category: apm.Category = "machine" if weapon.machine else "ranged"
    events: list[Event] = [
        apm.spend_off_turn(state, defender, 1, "a shot at a missile", rule, category),
        *clips.spend(f, defender, weapon),
    ]
    mods = gun_modifiers(state, f.profile, weapon)
    if house:
        number, why = _house_number(volley, 0, HOUSE_SHOT)
    else:
        number = options.shoot_down_target
        why = f"a shot at a missile needs {number} (option shoot_down_target; {SHOOT_DOWN})"
    shot_volley = msgspec.structs.replace(volley, shot_at=volley.shot_at + 1)
    shot_detail = msgspec.structs.replace(detail, volley=shot_volley)
    return _hit_one(
        state,
        shooter,
        defender,
        shot_detail,
        dice,
        events,
        mods,
        number,
        why,
        weapon.damage,
        weapon.mega_damage,
        0,
        weapon.name,
    )


def rule_of(state: FightState) -> str:
    """The rule a counter-volley is fired under."""
    return COUNTER if opts(state).shoot_down == "house" else SHOOT_DOWN


def _house_number(volley: Volley, own_speed: int, rule: str) -> tuple[int, str]:
    """9, or 15 against smart missiles, plus the 100s of mph by which the incoming missiles
    are faster than what is fired at them (a gun's shot: their whole speed)."""
    m = volley.missile
    base = SMART_TARGET if m.smart else DUMB_TARGET
    faster = max(0, m.speed - own_speed) // 100
    what = "smart" if m.smart else "dumb"
    against = f"against {own_speed} mph" if own_speed else "(its whole speed, at a gun)"
    return base + faster, (
        f"{base} against {what} missiles, +{faster} for {m.speed} mph {against}: "
        f"needs {base + faster} ({rule})"
    )


def _hit_one(
    state: FightState,
    shooter: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    events: list[Event],
    mods: list[Modifier],
    number: int,
    why: str,
    spec: str,
    mega: bool,
    own: int,
    weapon: str,
) -> Thinned:
    """Strike one missile of the volley, then its damage against the missile's M.D.C. (less
    what earlier hits took); destroyed, the table says what else goes up."""
    volley = detail.volley
    assert volley is not None
    house = opts(state).shoot_down == "house"
    rule = (COUNTER if own else HOUSE_SHOT) if house else SHOOT_DOWN
    mods = condition_modifiers(state.combatants[defender], mods)
    r = roll(dice, "strike", "1D20", mods, target=number, rule=rule)
    hits = r.faces[0] == 20 or r.total >= number
    said = f"{why}; total {r.total} {'hits' if hits else 'misses'} a missile"
    events.append(
        StrikeRolled(
            actor=defender,
            target=shooter,
            action="at a missile",
            weapon=weapon,
            roll=r,
            natural=r.faces[0],
            hits=hits,
            reason=said,
        )
    )
    if not hits or not spec:
        return Thinned(events, volley)
    if volley.missile.smart and not house:
        dodge, dodged = _smart_dodge(defender, volley, r, dice)
        events.append(dodge)
        if dodged:
            return Thinned(events, volley)
    dmg = roll(dice, "damage", spec, rule=rule)
    md = dmg.total if mega else dmg.total // 100  # PAL-DMG-SDC-VS-MDC: 100 S.D.C. = 1 M.D.
    taken = volley.wounded + md
    if (
        taken < volley.missile.mdc
        and house
        and own
        and opts(state).counter_volley_table == "on_hit"
    ):
        # the hit missile flies on, but the table is rolled all the same (option)
        extra, table, said = _house_table(state, volley, own, dice, first=False)
        left = max(0, volley.left - extra)
        why = (
            f"{md} M.D. leaves the missile {volley.missile.mdc - taken} M.D.C.; {said} "
            "(option counter_volley_table)"
        )
        thinned = VolleyThinned(
            defender=defender,
            destroyed=min(extra, volley.left),
            left=left,
            reason=why,
            rule=rule,
            wounded=taken,
            rolls=(dmg, *table),
        )
        rest = msgspec.structs.replace(volley, left=left, wounded=taken) if left else None
        return Thinned([*events, thinned], rest)
    if taken < volley.missile.mdc:
        why = (
            f"{md} M.D. ({dmg.total} rolled) leaves the missile {volley.missile.mdc - taken} of "
            f"its {volley.missile.mdc} M.D.C.: it flies on and hits in full ({SHOOT_DOWN})"
        )
        hurt = VolleyThinned(
            defender=defender,
            destroyed=0,
            left=volley.left,
            reason=why,
            rule=rule,
            wounded=taken,
            rolls=(dmg,),
        )
        return Thinned([*events, hurt], msgspec.structs.replace(volley, wounded=taken))
    if volley.left == 1:
        why = f"{md} M.D. destroys the one missile ({rule})"
        return Thinned([*events, _gone(defender, volley, why, rule, (dmg,))], None)
    destroyed, table, why = (_house_table if house else _raw_table)(state, volley, own, dice, True)
    left = max(0, volley.left - destroyed)
    thinned = VolleyThinned(
        defender=defender,
        destroyed=min(destroyed, volley.left),
        left=left,
        reason=f"{md} M.D. destroys the missile; {why}",
        rule=rule,
        rolls=(dmg, *table),
    )
    if left == 0:
        return Thinned([*events, thinned], None)
    return Thinned([*events, thinned], msgspec.structs.replace(volley, left=left, wounded=0))


Table = tuple[int, tuple[Roll, ...], str]


def _smart_dodge(
    defender: str, volley: Volley, strike: Roll, dice: Dice
) -> tuple[VolleyThinned, bool]:
    """A smart missile dodges a shot that would hit it, 1D20 + 4 against the strike total,
    winning ties as any defender; a natural 20 strike needs a natural 20 to dodge
    (PAL-MSL-BONUS, PAL-MSL-SMART; reading: it rolls as a defender does). The roll, as
    nothing destroyed yet, and whether it dodged."""
    bonus = Modifier(
        name="a smart missile dodges", value=SMART_DODGE, source="rules", rule="PAL-MSL-BONUS"
    )
    r = roll(dice, "dodge", "1D20", [bonus], target=strike.total, rule="PAL-MSL-SMART")
    beats = r.total >= strike.total and strike.faces[0] != 20  # a natural 20 needs one
    dodged = beats or r.faces[0] == 20
    did = "dodges the shot" if dodged else "fails to dodge the shot"
    why = f"the smart missile {did}: {r.total} against {strike.total} (PAL-MSL-SMART)"
    rolled = VolleyThinned(
        defender=defender,
        destroyed=0,
        left=volley.left,
        reason=why,
        rule="PAL-MSL-SMART",
        wounded=volley.wounded,
        rolls=(r,),
    )
    return rolled, dodged


#: The percentile tables of what else goes up, (highest total, what it does), lowest first.
RAW_TABLE = ((30, "one more"), (60, "half the volley"), (100, "the whole volley"))
HOUSE_TABLE = ((20, "only that one"), (40, "1D4 more"), (60, "4D4 more"), (100, "the rest"))


def _raw_table(state: FightState, volley: Volley, own: int, dice: Dice, first: bool) -> Table:
    """01-30 one more goes up; 31-60 half the volley (both of two; option
    ``shoot_down_half``); 61-00 all of it (PAL-MSL-SHOOT-DOWN)."""
    r = roll_table(dice, "what else goes up", "1D100", RAW_TABLE, rule=SHOOT_DOWN)
    n = volley.left
    if r.total <= 30:
        return 2, (r,), f"{r.total}: one more goes up, the rest hit"
    if r.total <= 60:
        half = 1 + n // 2 if opts(state).shoot_down_half == "besides" else max(2, n // 2)
        return min(n, half), (r,), f"{r.total}: half the volley goes up (option shoot_down_half)"
    return n, (r,), f"{r.total}: the whole volley goes up"


def _house_table(state: FightState, volley: Volley, own: int, dice: Dice, first: bool) -> Table:
    """d100 + 5 a missile of one's own volley: to 20 only that one; to 40 1D4 more; to 60
    4D4 more; above, the rest too (PAL-HR-MSL-COUNTER-VOLLEY). ``first``: the missile hit
    went up; the multiple then drops by it and the others, or by the others alone (option
    ``counter_volley_likewise``, the text's "likewise")."""
    bonus = (
        [
            Modifier(
                name=f"{own} missile(s) of the defender's own",
                value=PER_MISSILE * own,
                source="rules",
                rule=COUNTER,
            )
        ]
        if own
        else []
    )
    r = roll_table(dice, "what else goes up", "1D100", HOUSE_TABLE, bonus, rule=COUNTER)
    if r.total <= 20:
        if not first:
            return 0, (r,), f"{r.total}: nothing more goes up"
        return 1, (r,), f"{r.total}: only that missile (the multiple -1)"
    if r.total <= 60:
        spec = "1D4" if r.total <= 40 else "4D4"
        more = roll(dice, "more gone", spec, rule=COUNTER)
        gone = min(more.total, volley.left - 1)
        said = f"{gone} more with it ({spec} {more.total}; {volley.left - 1} were left to take)"
        with_first = first and opts(state).counter_volley_likewise == "with_first"
        return gone + (1 if with_first else 0), (r, more), f"{r.total}: {said}"
    return volley.left, (r,), f"{r.total}: a chain reaction takes the rest (the multiple 0)"


def _gone(
    defender: str, volley: Volley, why: str, rule: str, rolls: tuple[Roll, ...]
) -> VolleyThinned:
    return VolleyThinned(
        defender=defender, destroyed=volley.left, left=0, reason=why, rule=rule, rolls=rolls
    )


THINNING: dict[str, Thin] = {"counter-volley": _counter_volley, "shoot-down": _shoot_down}
