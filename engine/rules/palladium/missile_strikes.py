"""A volley's strike roll (PAL-MSL-VOLLEY: one for all its missiles) with its bonuses
(PAL-MSL-STRIKE-TARGET, PAL-MSL-BONUS, PAL-HR-MSL-STRIKE), a smart missile's further passes
after a miss (PAL-MSL-SMART, option ``smart_passes``), and what a multi-warhead lets go on
arrival (PAL-MSL-MULTI-WARHEAD). The volley itself is :mod:`missiles`.
"""

from __future__ import annotations

import attrs

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rolls import roll, skipped
from engine.rules.palladium import shots, sizes
from engine.rules.palladium.options import opts
from events.core import Modifier
from events.palladium import MissileProfile, Profile, StrikeRolled, WeaponProfile
from projections.palladium import fighter
from projections.state import FightState

RULE = "PAL-MSL-VOLLEY"
RAW_TARGET = 5  # PAL-MSL-STRIKE-TARGET: a missile hits on 5
GUIDED_BONUS = 3  # PAL-MSL-BONUS: a guided missile
SMART_BONUS = 5  # PAL-MSL-BONUS: a smart bomb


@attrs.frozen
class Aim:
    """Who fires a volley at whom, from which launcher, at what range."""

    shooter: str
    target: str
    launcher: WeaponProfile
    range_ft: int | None


def passes(
    state: FightState,
    aim: Aim,
    missile: MissileProfile,
    count: int,
    first: int,
    dice: Dice,
) -> list[StrikeRolled]:
    """The volley's strike rolls from pass ``first`` on: one, or for a smart missile another
    each time it misses, until it hits or its passes are spent (PAL-MSL-SMART, option
    ``smart_passes``)."""
    last = opts(state).smart_passes if missile.smart else 1
    rolled = [_strike(state, aim, missile, count, first, last, dice)]
    while not rolled[-1].hits and first + len(rolled) <= last:
        rolled.append(_strike(state, aim, missile, count, first + len(rolled), last, dice))
    return rolled


def _strike(
    state: FightState,
    aim: Aim,
    missile: MissileProfile,
    count: int,
    n: int,
    last: int,
    dice: Dice,
) -> StrikeRolled:
    """One strike roll for the whole volley (PAL-MSL-VOLLEY), on pass ``n`` of ``last``."""
    p = fighter(state.combatants[aim.shooter]).profile
    mods = strike_modifiers(state, p, aim.launcher, missile, count)
    mods += sizes.modifiers(state, aim.shooter, aim.target, aim.launcher)
    number, band = _target(state, aim.launcher, aim.range_ft)
    r = roll(dice, "strike", "1D20", mods, target=number, rule=RULE)
    natural = r.faces[0]
    if natural == 20:
        hits, why = True, "natural 20: always hits, double damage (PAL-MSL-NAT20)"
    elif natural == 1 and opts(state).nat1_always_misses:
        hits, why = False, "natural 1 always misses (PAL-STRIKE-NAT1)"
    else:
        hits = r.total >= number
        why = f"total {r.total} {'reaches' if hits else 'is under'} {number}"
    every = "the whole volley hits" if hits else "the whole volley misses"
    reason = f"{band}; {why}; {every} (PAL-MSL-VOLLEY)"
    if n > 1:
        reason = f"the smart missile comes round, pass {n} of {last} (PAL-MSL-SMART); " + reason
    inside, k = released(state, p, missile, count)
    if hits and inside is not missile:
        at = pronoun(state, aim.target).them
        reason += f"; they release {k} {inside.name} at {at} (PAL-MSL-MULTI-WARHEAD)"
    if hits:
        reason += "; missiles strike the main body (PAL-MSL-MAIN-BODY)"
    elif n < last:
        reason += "; the smart missile turns for another pass (PAL-MSL-SMART)"
    else:
        reason += "; a near miss's blast is the GM's ruling (PAL-MSL-RADIUS)"
    return StrikeRolled(
        actor=aim.shooter,
        target=aim.target,
        action="volley",
        weapon=aim.launcher.name,
        roll=r,
        natural=natural,
        hits=hits,
        critical=hits and natural == 20,
        reason=reason,
        location="main body" if hits else None,
    )


def strike_modifiers(
    state: FightState, p: Profile, launcher: WeaponProfile, missile: MissileProfile, count: int
) -> list[Modifier]:
    """A volley's strike bonuses: the launcher's targeting system; the W.P.'s bonus for
    mini-missiles; +3 guided or +5 smart (PAL-MSL-BONUS); under the house rules +1 a missile
    in place of the guided and smart bonuses (PAL-HR-MSL-STRIKE)."""
    mods: list[Modifier] = []
    if launcher.strike:
        mods.append(
            Modifier(
                name=f"{launcher.name} (targeting)",
                value=launcher.strike,
                source="weapon",
                rule="PAL-MSL-BONUS",
            )
        )
    if missile.type == "mini" and launcher.wp_level > 0 and launcher.wp_strike:
        mods.append(
            Modifier(
                name=f"W.P. level {launcher.wp_level}, mini-missiles",
                value=launcher.wp_strike,
                source="sheet",
                rule="PAL-MSL-BONUS",
            )
        )
    guidance = []
    if missile.smart:
        guidance.append(
            Modifier(
                name="a smart missile", value=SMART_BONUS, source="rules", rule="PAL-MSL-BONUS"
            )
        )
    elif missile.guided:
        guidance.append(
            Modifier(
                name="a guided missile", value=GUIDED_BONUS, source="rules", rule="PAL-MSL-BONUS"
            )
        )
    if opts(state).missile_strike == "volley_bonus":
        mods += skipped(guidance, "the house +1 a missile replaces it", "PAL-HR-MSL-STRIKE")
        mods.append(
            Modifier(
                name=f"{count} missile(s) in the volley",
                value=count,
                source="rules",
                rule="PAL-HR-MSL-STRIKE",
            )
        )
    else:
        mods += guidance
    return mods


def _target(state: FightState, launcher: WeaponProfile, range_ft: int | None) -> tuple[int, str]:
    """The number a volley needs and why: 5 (RAW), or a gun's under the house rules."""
    if opts(state).missile_strike == "five":
        return RAW_TARGET, f"a missile needs {RAW_TARGET} (PAL-MSL-STRIKE-TARGET)"
    number, rule, band = shots.shot_target(state, launcher, range_ft)
    return number, f"{band} ({rule}, PAL-HR-MSL-STRIKE)"


def released(
    state: FightState, p: Profile, missile: MissileProfile, count: int
) -> tuple[MissileProfile, int]:
    """What reaches the target: ``count`` multi-warheads release their warheads, each
    ``warheads`` of the missile the sheet names, which the target answers as one volley
    (PAL-MSL-MULTI-WARHEAD; option ``multi_warhead``: or they hit as the missiles they are)."""
    if missile.releases is None or opts(state).multi_warhead != "releases":
        return missile, count
    wanted = missile.releases.casefold()
    inside = next(m for m in p.missiles if m.name.casefold() == wanted)
    return inside, count * missile.warheads
