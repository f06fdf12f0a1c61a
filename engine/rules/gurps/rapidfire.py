"""Rapid fire's special cases wired into an attack: the full-auto minimum (GURPS-RF-FULLAUTO),
shotguns (GURPS-SHOTGUN) and a stationary target (GURPS-RF-STATIONARY).

The arithmetic is :mod:`engine.rules.gurps.situations.volleys`; this module reads the fight
(the weapon's RoF as the sheet wrote it, the shots left, the target's SM, the range, the
options) and says what a burst is: the ammunition it spends, the effective RoF the rapid-fire
rules see, and the shotgun's close-range multiplier to damage dice and DR.
"""

from __future__ import annotations

import attrs

from engine.rules import IllegalAction
from engine.rules.gurps.common import fighter
from engine.rules.gurps.malfunctions import refuse_jammed
from engine.rules.gurps.options import opts
from engine.rules.gurps.sheet import rof_parts
from engine.rules.gurps.situations import volleys
from engine.rules.gurps.tables import range_penalty
from events.core import Roll
from events.gurps import AttackDeclared, GurpsWeapon
from projections.state import FightState


@attrs.frozen
class Volley:
    """What one attack fires: ``ammunition`` out of the weapon, ``rof`` the effective RoF
    (the RoF bonus and the hits count it; a shotgun's shots x projectiles), ``multiplier`` a
    shotgun's at close range (damage dice and DR, 1: none), ``stationary`` whether the
    stationary-target rule applies, and ``why`` what the rules made of it, in words."""

    ammunition: int
    rof: int
    multiplier: int = 1
    stationary: bool = False
    why: str = ""


def volley(state: FightState, d: AttackDeclared, weapon: GurpsWeapon) -> Volley:
    """The burst of ``d`` with ``weapon``: refused if it is jammed (GURPS-MALF), if the shots
    do not fit the weapon's RoF or what is left in it, if a full-auto-only weapon fires fewer
    than its minimum (GURPS-RF-FULLAUTO), or if ``--stationary`` is claimed where the
    target's SM does not cancel the range modifier (GURPS-RF-STATIONARY)."""
    if not weapon.ranged:
        return Volley(ammunition=1, rof=1)
    refuse_jammed(state, d.actor, weapon)
    rof, full_auto, projectiles = rof_parts(weapon.rof_text or str(weapon.rof))
    left = fighter(state, d.actor).shots.get(weapon.name, 0) if weapon.shots else rof
    if weapon.shots and left == 0:
        raise IllegalAction(
            f"the {weapon.name} is empty: `fracas reload {d.actor} --weapon "
            f'"{weapon.name}"` first (GURPS-RELOAD)'
        )
    least = volleys.minimum_rof(rof, left, full_auto_only=full_auto)
    shots = d.rof if d.rof is not None else max(1, least)
    if not 1 <= shots <= rof:
        raise IllegalAction(
            f"the {weapon.name} fires 1 to {rof} shots a turn (RoF {weapon.rof_text})"
        )
    if shots < least:
        raise IllegalAction(
            f"the {weapon.name} is full-auto only (RoF {weapon.rof_text}): at least {least} "
            f"shots a burst, not {shots} (GURPS-RF-FULLAUTO)"
        )
    if weapon.shots and left < shots:
        raise IllegalAction(f"the {weapon.name} has {left} shot(s) left, not {shots}")
    why = ""
    out = Volley(ammunition=shots, rof=shots)
    if projectiles > 1:
        gun = volleys.shotgun(
            shots,
            projectiles,
            range_yards=d.range or 0,
            half_damage=weapon.half_damage,
            close_edge=opts(state).shotgun_close,
        )
        if gun.multiplier > 1:
            why = (
                f"shotgun within 1/10 of 1/2D: RoF {gun.rof}, damage dice and DR x"
                f"{gun.multiplier} (GURPS-SHOTGUN)"
            )
        else:
            why = f"shotgun: {shots} x {projectiles} = RoF {gun.rof} (GURPS-SHOTGUN)"
        out = Volley(ammunition=gun.ammunition, rof=gun.rof, multiplier=gun.multiplier, why=why)
    if d.stationary:
        sm = fighter(state, d.target).profile.sm
        modifier = range_penalty(d.range) if d.range is not None else 0
        if not volleys.stationary_applies(immobile=True, sm=sm, range_modifier=modifier):
            raise IllegalAction(
                f"{state.combatants[d.target].name}'s SM {sm:+d} does not cancel the range "
                f"modifier {modifier:+d}: no stationary-target hits (GURPS-RF-STATIONARY)"
            )
        out = attrs.evolve(out, stationary=True)
    return out


def hits(v: Volley, roll: Roll, hit: bool, recoil: int) -> tuple[int, str]:
    """The shots (or blows) that hit, and why in words: one for a single shot; rapid fire
    1 + margin / Recoil (GURPS-RAPID-FIRE); against a stationary target half the shots
    (rounded up), all of them with a margin of Recoil or more (GURPS-RF-STATIONARY)."""
    margin = roll.margin or 0
    if not hit:
        return 0, v.why
    if v.rof == 1:
        return 1, v.why
    if v.stationary:
        n = volleys.stationary_hits(v.rof, succeeded=True, margin=margin, recoil=recoil)
        how = "all" if n == v.rof else "half, rounded up"
        why = f"{n} of {v.rof} hit: a stationary target, {how} (margin {margin}, Recoil {recoil};"
        return n, f"{why} GURPS-RF-STATIONARY)" + (f"; {v.why}" if v.why else "")
    n = min(v.rof, 1 + max(0, margin) // recoil)
    why = f"{n} of {v.rof} hit (1 + margin {margin} / Recoil {recoil})"
    return n, why + (f"; {v.why}" if v.why else "")


def multiplied(dice: str, by: int) -> str:
    """A shotgun's close-range damage: "2D6+1" x 4 is "8D6+4" (GURPS-SHOTGUN)."""
    if by == 1:
        return dice
    count, _, rest = dice.partition("D6")
    adds = int(rest or 0) * by
    return f"{int(count) * by}D6" + (f"{adds:+d}" if adds else "")
