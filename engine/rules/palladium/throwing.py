"""Thrown weapons: a knife, a spear or an axe thrown at a target (``throw A B --weapon W``),
PAL-STRIKE-THROW and the house rule PAL-HR-STRIKE-THROWN.

As written a throw is rolled like a strike with the W.P.'s thrown bonus added (the sheet's
``thrown``), and needs 5 or 8 (option ``thrown_target``: the text does not say). Under the
house rules it counts only the P.P. share of the strike bonus (``bonuses.pp_strike``) and the
thrown bonus (option ``thrown_bonus``), and needs the gun numbers of the range bands (5 at
punching range, 8 to half the weapon's range, 13 beyond). The thrown weapon is answered like a
blow (parried, dodged, rolled with if blunt) and leaves the thrower's hand: he picks it up
again with ``pick-up`` (reading).
"""

from __future__ import annotations

import msgspec

from engine.dice import Dice
from engine.rolls import roll, skipped
from engine.rules.palladium import combat, shots, sizes, strikes
from engine.rules.palladium.options import opts
from engine.rules.palladium.penalties import condition_modifiers
from events.core import Event, Modifier
from events.palladium import StrikeRolled, WeaponDropped, WeaponProfile
from projections.palladium import InProgress, fighter
from projections.state import FightState

RULE = "PAL-STRIKE-THROW"
HOUSE = "PAL-HR-STRIKE-THROWN"
GRENADE = "PAL-HR-GRENADE-TARGET"


def thrown_strike(
    state: FightState,
    actor: str,
    target: str,
    weapon: WeaponProfile,
    range_ft: int | None,
    dice: Dice,
) -> StrikeRolled:
    """Roll the throw and judge hit or miss before any defence."""
    p = fighter(state.combatants[actor]).profile
    options = opts(state)
    thrown = [
        Modifier(
            name=f"{weapon.name}: W.P. thrown bonus",
            value=weapon.thrown or 0,
            source="weapon",
            rule=RULE,
        )
    ]
    if options.thrown_bonus == "strike":
        mods = [*p.strike, *thrown]
    elif weapon.kind == "grenade":  # P.P. and Targeting only (PAL-HR-GRENADE-TARGET)
        pp = [
            Modifier(name="P.P. strike bonus", value=p.pp_strike, source="sheet", rule=GRENADE),
            Modifier(name="Targeting", value=p.targeting, source="sheet", rule=GRENADE),
        ]
        mods = [*pp, *skipped(p.strike, "only P.P. and Targeting", GRENADE)]
    else:
        pp = [Modifier(name="P.P. strike bonus", value=p.pp_strike, source="sheet", rule=HOUSE)]
        mods = [*pp, *thrown, *skipped(p.strike, "only P.P. and the thrown bonus", HOUSE)]
    mods = condition_modifiers(state.combatants[actor], mods)
    mods += sizes.modifiers(state, actor, target, weapon)
    if options.range_bands:
        number, rule, band = shots.shot_target(state, weapon, range_ft)
    else:
        number, rule = options.thrown_target, RULE
        band = f"a throw needs {number} (option thrown_target)"
    r = roll(dice, "strike", "1D20", mods, target=number, rule=rule)
    natural = r.faces[0]
    if natural == 20:
        hits, why = True, "natural 20: always hits, critical (PAL-STRIKE-NAT20)"
    elif natural == 1 and options.nat1_always_misses:
        hits, why = False, "natural 1 always misses (PAL-STRIKE-NAT1)"
    else:
        hits = r.total >= number
        why = f"total {r.total} {'reaches' if hits else 'is under'} {number}"
    return StrikeRolled(
        actor=actor,
        target=target,
        action="grenade" if weapon.kind == "grenade" else "throw",
        weapon=weapon.name,
        roll=r,
        natural=natural,
        hits=hits,
        critical=hits and natural == 20,
        reason=f"{band} ({rule}); {why}",
    )


def throw_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """The weapon leaves his hand; the throw is rolled, then answered like a blow."""
    weapon = combat.find_weapon(fighter(state.combatants[actor]).profile, ip.weapon)
    assert weapon is not None
    gone: list[Event] = [WeaponDropped(actor=actor, target=actor, weapon=weapon.name, rule=RULE)]
    s = thrown_strike(state, actor, ip.target, weapon, ip.range, dice)
    detail = msgspec.structs.replace(combat.strike_detail(s, False), purpose="throw")
    return gone + strikes.after_strike(state, s, detail, ip.defend, None, dice, landing)
