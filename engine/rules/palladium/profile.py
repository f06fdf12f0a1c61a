"""From a validated sheet to the profile the rules use: attacks, bonuses by category, pools.

Hand-to-hand grants come from ``tables.py`` (PAL-APM-H2H, PAL-APM-UNTRAINED,
PAL-STRIKE-H2H-BONUS-TABLES); the sheet's own bonuses are added on top and keep their source,
so every roll can say where each point came from. The attribute bonus tables (P.S., P.P.)
are not in the seeds (catalogue §M): the sheet states those bonuses in ``[bonuses]``, read as
attribute, O.C.C. and skill bonuses. So the sheet's dodge bonus counts for an automatic dodge
and against gunfire, where the ordinary H2H dodge bonus does not (PAL-DEF-AUTODODGE,
PAL-DEF-GUNFIRE-DODGE).

Weapons carry the wielder's level in their modern W.P. and the table's strike bonus at that
level (PAL-STRIKE-WP-PROGRESSION); a ranged weapon's ``strike`` is its own bonus only, a melee
weapon's stays "W.P. + weapon" as the sheet states it. Attacks per melee list every source:
hand to hand, the sheet's unrestricted extra attacks, and the restricted Boxing and robot /
power armor attacks (PAL-HR-APM-BOXING, PAL-HR-APM-RPA), which count in the total; how each
may be spent is the ledger's business (``apm_sources``, PAL-HR-APM-LEDGER).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from engine.rules.palladium.tables import WP_NAMES, hand_to_hand, wp_strike_bonus
from events.core import Modifier
from events.palladium import ArmorProfile, MissileProfile, Profile, WeaponProfile

if TYPE_CHECKING:
    from engine.rules.palladium.sheet import PalladiumSheet, Weapon
    from engine.rules.palladium.sheet_weapons import Missile

#: The rule of a bonus the hand-to-hand style's level table grants.
TABLES = "PAL-STRIKE-H2H-BONUS-TABLES"

STYLE_NAMES = {
    "none": "no hand to hand",
    "basic": "Hand to Hand: Basic",
    "expert": "Hand to Hand: Expert",
    "martial_arts": "Hand to Hand: Martial Arts",
    "assassin": "Hand to Hand: Assassin",
    "commando": "Hand to Hand: Commando",
}


def build_profile(sheet: PalladiumSheet) -> Profile:
    """The rules' reading of ``sheet`` (pure; the same sheet always gives the same profile)."""
    training = sheet.hand_to_hand
    style, level = training.style, training.level
    h2h = hand_to_hand(style, level)
    skill = f"{STYLE_NAMES[style]} level {level}"
    b = sheet.bonuses

    def pair(
        h2h_value: int, sheet_value: int, rule: str, h2h_rule: str | None = None
    ) -> tuple[Modifier, ...]:
        mods = []
        if h2h_value:
            mods.append(
                Modifier(name=skill, value=h2h_value, source="hand_to_hand", rule=h2h_rule or rule)
            )
        if sheet_value:
            mods.append(Modifier(name="sheet bonus", value=sheet_value, source="sheet", rule=rule))
        return tuple(mods)

    extra = sheet.apm_sources
    attacks = [Modifier(name=skill, value=h2h.apm, source="hand_to_hand", rule="PAL-APM-H2H")]
    if b.apm:
        attacks.append(
            Modifier(name="sheet extra attacks", value=b.apm, source="sheet", rule="PAL-APM-H2H")
        )
    if extra.boxing:
        attacks.append(
            Modifier(
                name="Boxing (punches only)",
                value=extra.boxing,
                source="sheet",
                rule="PAL-HR-APM-BOXING",
            )
        )
    if extra.machine:
        attacks.append(
            Modifier(
                name="robot / power armor attacks (the machine only)",
                value=extra.machine,
                source="sheet",
                rule="PAL-HR-APM-RPA",
            )
        )
    apm_sources = {"hand_to_hand": h2h.apm}
    apm_sources.update(
        (key, value)
        for key, value in (
            ("general", b.apm),
            ("boxing", extra.boxing),
            ("machine", extra.machine),
        )
        if value
    )
    proficiencies = {
        str(wp): sheet.weapon_proficiencies[wp]
        for wp in WP_NAMES
        if wp in sheet.weapon_proficiencies  # in the table's order, whatever the file's
    }
    unarmed = sheet.unarmed
    armor = sheet.armor
    return Profile(
        name=sheet.name,
        kind=sheet.kind,
        style=style,
        level=level,
        attacks=tuple(attacks),
        strike=pair(h2h.strike, b.strike, "PAL-STRIKE-BONUS-MELEE"),
        parry=pair(h2h.parry, b.parry, "PAL-DEF-PARRY"),
        dodge=pair(h2h.dodge, b.dodge, "PAL-DEF-DODGE"),
        dodge_sheet=pair(0, b.dodge, "PAL-DEF-GUNFIRE-DODGE"),
        initiative=pair(h2h.initiative, b.initiative, "PAL-INIT-ROLL"),
        damage=pair(h2h.damage, b.damage, "PAL-DMG-PS-BONUS", TABLES),
        roll=pair(h2h.roll, b.roll, "PAL-DEF-ROLL-IMPACT"),
        crit_min=training.critical or h2h.crit_min,
        moves=tuple(sorted(h2h.moves)),
        trained=h2h.trained,
        auto_dodge=b.auto_dodge,
        punch=unarmed.punch if unarmed else h2h.punch,
        kick=unarmed.kick if unarmed else h2h.kick,
        unarmed_mega=bool(unarmed and unarmed.mega_damage),
        weapons=tuple(_weapon(w, proficiencies) for w in sheet.weapons),
        missiles=tuple(_missile(m) for m in sheet.missiles),
        hp=sheet.pools.hp or 0,
        sdc=sheet.pools.sdc or 0,
        mdc=sheet.pools.mdc,
        pe=sheet.attributes.pe,
        ps_type=sheet.attributes.ps_type,
        armor=None
        if armor is None
        else ArmorProfile(name=armor.name, mdc=armor.mdc, sdc=armor.sdc, ar=armor.ar),
        auto_dodge_bonus=pair(h2h.auto_dodge, b.dodge + b.auto_dodge_bonus, "PAL-DEF-AUTODODGE"),
        strike_guns=pair(h2h.strike_guns, 0, "PAL-STRIKE-BONUS-GUNS"),
        apm_sources=apm_sources,
        weapon_proficiencies=proficiencies,
        spd=sheet.attributes.spd,
        pull=pair(h2h.pull, b.pull, "PAL-DMG-PULL"),
        foot_strike=pair(h2h.foot_strike, 0, TABLES),
        body_flip=pair(h2h.body_flip, 0, TABLES),
        crit_from_behind=h2h.crit_from_behind,
        knockout_min=training.knockout or h2h.knockout_min,
        death_blow_min=training.death_blow or h2h.death_blow_min,
        death_blow_at_will=training.death_blow_at_will,
        disarm=pair(h2h.disarm, b.disarm, "PAL-DEF-DISARM"),
        entangle=pair(h2h.entangle, b.entangle, "PAL-DEF-ENTANGLE"),
        hold=pair(0, b.hold, "PAL-COND-HELD"),
        escape=pair(0, b.escape, "PAL-COND-HELD"),
        pp=sheet.attributes.pp,
        ps=sheet.attributes.ps,
        paired=training.paired_weapons or "paired_weapons" in h2h.moves,
        horror_factor=sheet.horror_factor,
        save_horror=pair(h2h.save_horror_factor, b.save_horror_factor, "PAL-COND-HORROR"),
        balance=sheet.skills.balance,
        pp_strike=sheet.bonuses.pp_strike,
        targeting=sheet.skills.targeting,
        fire_immune=sheet.fire_immune,
        size=sheet.size,
        arms=sheet.pools.arms,
    )


def _weapon(w: Weapon, proficiencies: Mapping[str, int]) -> WeaponProfile:
    """A sheet weapon with the wielder's level in its W.P. (0: he lacks it, PAL-STRIKE-NO-WP)
    and the strike bonus the W.P. table gives at that level (PAL-STRIKE-WP-PROGRESSION)."""
    level = proficiencies.get(w.wp, 0) if w.wp is not None else 0
    return WeaponProfile(
        name=w.name,
        kind=w.kind,
        damage=w.damage or "",
        mega_damage=w.mega_damage,
        strike=w.strike,
        parry=w.parry,
        range=w.range,
        wp=w.wp,
        wp_level=level,
        wp_strike=wp_strike_bonus(w.wp, level) if w.wp is not None else 0,
        machine=w.machine,
        blunt=w.blunt,
        payload=w.count if w.kind == "grenade" else w.payload,
        reload=w.reload,
        bursts={str(k): v for k, v in sorted(w.burst.items())},
        twin=w.twin,
        missiles=w.missiles,
        rate=w.rate or 1,
        stowed=w.stowed,
        thrown=w.thrown,
        blast_radius=w.blast_radius or 0,
        scatter=(w.scatter or "hand") if w.kind == "grenade" else None,
        bow=w.bow,
        size=w.size,
        mdc=w.mdc,
        healing=w.healing,
    )


def _missile(m: Missile) -> MissileProfile:
    """A sheet's missile as the rules use it (PAL-MSL-DATA: the sheet states its numbers)."""
    return MissileProfile(**{**attrs.asdict(m), "damage": m.damage or "", "count": m.count or 0})
