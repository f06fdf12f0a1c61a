"""The strike bonuses of a gun (PAL-STRIKE-BONUS-GUNS): the W.P. table's, the weapon's own, and
the few hand-to-hand grants that name guns; never P.P. or the hand-to-hand strike bonus."""

from __future__ import annotations

from engine.rolls import skipped
from engine.rules.palladium.options import opts
from engine.rules.palladium.tables import WP_TITLES
from events.core import Modifier
from events.palladium import Profile, WeaponProfile
from projections.state import FightState

UNTRAINED_HEAVY_PENALTY = -5  # PAL-STRIKE-NO-WP: a heavy weapon without its W.P.
HEAVY_WPS = frozenset({"heavy_military", "heavy_mega_damage"})


def gun_modifiers(state: FightState, p: Profile, weapon: WeaponProfile) -> list[Modifier]:
    """The strike bonuses of a gun, in order (PAL-STRIKE-BONUS-GUNS; never P.P. or H2H).

    The W.P. table's bonus at the shooter's level, when he has the W.P.
    (PAL-STRIKE-WP-PROGRESSION); without the W.P. of a heavy weapon (W.P. Heavy Military or
    Heavy Mega-Damage), -5 (PAL-STRIKE-NO-WP); hand-to-hand grants that name guns under the
    ``h2h_gun_strike_bonus`` option (Assassin, catalogue L.10); the weapon's own bonus.

    Reading (PAL-STRIKE-NO-WP): "no bonuses" for the untrained is read as no W.P. bonus; the
    weapon's own bonus and a grant that names guns still count. A weapon with no ``wp`` on its
    sheet is taken as the sheet left it: its ``strike`` is all it gets.
    """
    if weapon.bow:
        return bow_modifiers(state, p, weapon)
    mods: list[Modifier] = []
    if weapon.wp is not None and weapon.wp_level > 0 and weapon.wp_strike:
        mods.append(
            Modifier(
                name=f"{WP_TITLES.get(weapon.wp, weapon.wp)} level {weapon.wp_level}",
                value=weapon.wp_strike,
                source="sheet",
                rule="PAL-STRIKE-WP-PROGRESSION",
            )
        )
    if weapon.wp in HEAVY_WPS and weapon.wp_level == 0:
        mods.append(
            Modifier(
                name=f"{weapon.name} without {WP_TITLES[str(weapon.wp)]}",
                value=UNTRAINED_HEAVY_PENALTY,
                source="rules",
                rule="PAL-STRIKE-NO-WP",
            )
        )
    mods += skipped(p.strike, "not with a gun", "PAL-STRIKE-BONUS-GUNS")
    if opts(state).h2h_gun_strike_bonus:
        mods += p.strike_guns
    if weapon.strike:
        mods.append(
            Modifier(
                name=f"{weapon.name} (weapon's own bonus)",
                value=weapon.strike,
                source="weapon",
                rule="PAL-STRIKE-BONUS-GUNS",
            )
        )
    return mods


BOWS = "PAL-HR-STRIKE-BOWS"


def bow_modifiers(state: FightState, p: Profile, weapon: WeaponProfile) -> list[Modifier]:
    """A bow's strike bonuses: its W.P. Archery bonus (the weapon's ``strike``); under the
    house rules also Targeting and the P.P. share of strike, that at most the Archery bonus
    (PAL-HR-STRIKE-BOWS, option ``bow_strike``)."""
    mods = [
        Modifier(
            name=f"{weapon.name}: W.P. Archery", value=weapon.strike, source="weapon", rule=BOWS
        )
    ]
    extra: list[Modifier] = []
    if p.targeting:
        extra.append(Modifier(name="Targeting", value=p.targeting, source="sheet", rule=BOWS))
    if p.pp_strike:
        capped = min(p.pp_strike, max(0, weapon.strike))
        extra.append(
            Modifier(
                name=f"P.P. {p.pp_strike}, at most the Archery bonus",
                value=capped,
                source="sheet",
                rule=BOWS,
            )
        )
    if opts(state).bow_strike == "pp_capped":
        return mods + extra
    return mods + skipped(extra, "a bow counts its W.P. alone (option bow_strike)", BOWS)
