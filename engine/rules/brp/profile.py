"""From a validated sheet to the profile the rules use: HP, the damage modifier, location HP,
characteristic rolls, skills, weapons and armor.

Derived values [GK] (docs/RULES-brp.md): HP is (CON + SIZ) / 2 rounded up; the damage modifier
comes from STR + SIZ (``tables.DAMAGE_MODIFIER``); each location's HP is a fraction of the total
(``tables.LOCATION_HP``); Effort, Stamina, Idea, Luck, Agility and Charisma are STR, CON, INT,
POW, DEX and CHA x5; Dodge is DEX x2 when the sheet gives none. A sheet may override HP, the
damage modifier and location HP (``[derived]``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.brp.tables import CHARACTERISTIC_ROLLS, LOCATIONS, damage_modifier, location_hp
from events.brp.records import BrpArmor, BrpProfile, BrpWeapon

if TYPE_CHECKING:
    from engine.rules.brp.sheet import BrpSheet


def build_profile(sheet: BrpSheet) -> BrpProfile:
    """The rules' reading of ``sheet`` (pure)."""
    c = sheet.characteristics
    chars = {
        "str": c.str,
        "con": c.con,
        "siz": c.siz,
        "int": c.int,
        "pow": c.pow,
        "dex": c.dex,
        "cha": c.cha,
    }
    d = sheet.derived
    overridden: list[str] = []
    hp = d.hp if d.hp is not None else -(-(c.con + c.siz) // 2)
    if d.hp is not None:
        overridden.append("hp")
    if d.damage_modifier is not None:
        db = "" if d.damage_modifier.strip() in ("0", "") else d.damage_modifier.strip()
        overridden.append("damage_modifier")
    else:
        db = damage_modifier(c.str + c.siz)
    locations = {}
    for loc in LOCATIONS:
        given = d.locations.get(loc)  # type: ignore[call-overload]
        locations[loc] = given if given is not None else location_hp(hp, loc)
        if given is not None:
            overridden.append(f"locations.{loc}")
    skills = dict(sheet.skills)
    if "dodge" not in skills:
        skills["dodge"] = c.dex * 2
    armor = sheet.armor
    return BrpProfile(
        name=sheet.name,
        kind=sheet.kind,
        characteristics=chars,
        hp=hp,
        damage_modifier=db,
        dex_rank=c.dex,
        locations=locations,
        rolls={roll: chars[ch] * 5 for roll, ch in CHARACTERISTIC_ROLLS.items()},
        skills=skills,
        weapons=tuple(
            BrpWeapon(
                name=w.name,
                skill=w.skill,
                damage=w.damage,
                kind=w.kind,
                length=w.length,
                base_range=w.base_range,
                attacks_per_round=w.attacks_per_round,
                shots=w.shots,
                hp=w.hp,
                two_handed=w.two_handed,
                special=w.special,
                self_propelled=w.self_propelled,
                burst=w.burst,
                autofire=w.autofire,
                shield=w.shield,
                stun=w.stun,
                drawn=w.drawn,
                healing=w.healing,
            )
            for w in sheet.weapons
        ),
        armor=None
        if armor is None
        else BrpArmor(name=armor.name, value=str(armor.value), locations=tuple(armor.locations)),
        overridden=tuple(overridden),
    )
