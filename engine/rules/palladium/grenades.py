"""Grenades thrown (``throw A B --weapon GRENADE [--caught C …]``): the throw, the scatter, the
blast (PAL-HR-GRENADE-TARGET, PAL-HR-GRENADE-DELAY, PAL-HR-GRENADE-SCATTER; the blast as a
missile's, PAL-MSL-DIRECT and PAL-MSL-RADIUS).

As written a grenade is a thrown weapon (PAL-STRIKE-THROW) that goes off where it lands: a hit
on its target, a miss nowhere near (the GM may rule otherwise). Under the house rules the throw
counts only the P.P. share of strike and Targeting (option ``thrown_bonus``), it goes off at the
end of the round after every action of it (option ``grenade_delay``), and a scatter die says
where it lands (option ``grenade_scatter``): the direction die (1D6, a bull's-eye on 1 or 2:
read from the common scatter die, two hit faces of six) and the distance, 1D4 yards for a hand
grenade, 1D6 launched, 1D8 an improvised one; within the blast radius he takes half, beyond it
nothing. A natural 20 lands on target. Those ``caught`` near where it lands take half whenever
it goes off (reading: the GM names them).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rolls import roll
from engine.rules.palladium import apm, blasts, clips, combat, defences, volleys
from engine.rules.palladium.options import opts
from engine.rules.palladium.throwing import thrown_strike
from events.core import Event, Modifier, Roll
from events.palladium import (
    DamageIgnored,
    DamageUnit,
    GrenadeArmed,
    GrenadeExploded,
    LiveGrenade,
)
from projections.fold import fold
from projections.palladium import InProgress, fighter
from projections.state import FightState

SCATTER = "PAL-HR-GRENADE-SCATTER"
BULLSEYE = 2  # a bull's-eye on the direction die: 1 or 2 of 1D6 (reading)
FEET_PER_YARD = 3
#: scatter -> the distance die, in yards (PAL-HR-GRENADE-SCATTER)
DISTANCE = {"hand": "1D4", "launched": "1D6", "ied": "1D8"}
DOUBLE = Modifier(name="natural 20", value=2, source="rules", rule="PAL-MSL-NAT20", op="mul")


def grenade_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """Throw the grenade: one spent, the throw rolled; it goes off now, or armed till the
    round's end under the house delay."""
    f = fighter(state.combatants[actor])
    weapon = combat.find_weapon(f.profile, ip.weapon)
    assert weapon is not None
    events: list[Event] = clips.spend(f, actor, weapon)
    s = thrown_strike(state, actor, ip.target, weapon, ip.range, dice)
    events.append(s)
    dodged: str | None = None
    if ip.defend == "dodge" and s.hits and combat.helpless(state, ip.target) is None:
        detail = combat.strike_detail(s, False)
        now = apm.spent(state, events)
        went, how = volleys.dodge_blast(now, actor, ip.target, detail, weapon.blast_radius, 1, dice)
        events += went
        dodged = None if how == "direct" else how
    live = LiveGrenade(
        target=ip.target,
        weapon=weapon.name,
        total=s.roll.total,
        natural=s.natural,
        hits=s.hits,
        caught=ip.caught,
        roll=ip.defend == "roll",
        dodged=dodged,
    )
    if opts(state).grenade_delay:
        return [*events, GrenadeArmed(actor=actor, grenade=live)]
    return events + detonate(state, actor, live, dice)


def detonate(state: FightState, actor: str, live: LiveGrenade, dice: Dice) -> list[Event]:
    """Where it lands, then the blast."""
    weapon = combat.find_weapon(fighter(state.combatants[actor]).profile, live.weapon)
    assert weapon is not None
    landed, why, rolls = _lands(state, live, weapon.scatter or "hand", weapon.blast_radius, dice)
    how = landed
    if live.dodged is not None and landed == "direct":  # he dived away as it came
        how = live.dodged
        away = "clear of its blast" if how == "clear" else "still in its blast radius: half"
        why += f"; {pronoun(state, live.target).they} dodged it: {away} (PAL-MSL-DODGE)"
    events: list[Event] = [
        GrenadeExploded(
            actor=actor, target=live.target, weapon=weapon.name, how=landed, reason=why, rolls=rolls
        )
    ]
    if how == "miss":
        return events
    unit: DamageUnit = "MD" if weapon.mega_damage else "SDC"
    if not weapon.damage:
        return [
            *events,
            DamageIgnored(
                target=live.target,
                amount=0,
                unit=unit,
                reason=f"the {weapon.name} does no damage",
                rule="PAL-MSL-DATA",
            ),
        ]
    rolled: list[Event] = []
    direct = ([DOUBLE] if live.natural == 20 else []) if how == "direct" else [blasts.HALF]
    target_up = combat.helpless(state, live.target) is None
    if live.roll and target_up and how in ("direct", "radius"):  # PAL-MSL-ROLL
        rolled, ok = defences.impact_roll(
            state, actor, live.target, live.total, dice, cite="PAL-MSL-ROLL"
        )
        direct += [blasts.ROLLED] if ok else []
        state = fold(apm.spent(state, rolled), rolled, blasts.POOLS)
    base = roll(dice, "damage", weapon.damage, rule="PAL-MSL-DIRECT")
    blast = blasts.Blast(shooter=actor, target=live.target, base=base, unit=unit, strike=live.total)
    return events + rolled + blasts.explode(state, blast, how, direct, live.caught)


def _lands(
    state: FightState, live: LiveGrenade, scatter: str, radius: int, dice: Dice
) -> tuple[str, str, tuple[Roll, ...]]:
    """How the grenade lands and why, with the scatter dice rolled."""
    option = opts(state).grenade_scatter
    if live.natural == 20:
        return "direct", "a natural 20 lands on target (PAL-MSL-NAT20)", ()
    if option == "none" or (option == "on_miss" and live.hits):
        if live.hits:
            return "direct", "the throw hits: it lands on target (PAL-MSL-DIRECT)", ()
        return "miss", "the throw misses: it lands nowhere near (a ruling may say where)", ()
    if option == "always" and not live.hits:
        return (
            "miss",
            f"the throw misses: it lands nowhere near ({SCATTER}, option grenade_scatter)",
            (),
        )
    direction = roll(dice, "scatter direction", "1D6", rule=SCATTER)
    if direction.total <= BULLSEYE:
        return "direct", f"a bull's-eye on the scatter die: on target ({SCATTER})", (direction,)
    yards = roll(dice, "scatter distance", DISTANCE[scatter], rule=SCATTER)
    feet = yards.total * FEET_PER_YARD
    if feet <= radius:
        said = f"it scatters {yards.total} yd ({feet} ft), within its {radius} ft: half"
        return "radius", f"{said} ({SCATTER}, PAL-MSL-RADIUS)", (direction, yards)
    said = f"it scatters {yards.total} yd ({feet} ft), beyond its {radius} ft"
    return "clear", f"{said} ({SCATTER})", (direction, yards)


def round_end(state: FightState, dice: Dice) -> list[Event]:
    """The grenades thrown this round go off, in the order thrown by fighter
    (PAL-HR-GRENADE-DELAY); each blast's damage before the next."""
    events: list[Event] = []
    for cid, c in list(state.combatants.items()):
        for live in fighter(c).grenades:
            went = detonate(state, cid, live, dice)
            events += went
            state = fold(state, went, blasts.POOLS)
    return events
