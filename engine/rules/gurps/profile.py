"""From a validated sheet to the profile the rules use (GURPS-DERIVED, GURPS-DAMAGE-TABLE).

Derived values [GK]: HP = ST, FP = HT, Will = Per = IQ, Basic Speed = (DX + HT) / 4 (kept in
quarters), Basic Move = Basic Speed dropping fractions, SM 0; thrust and swing from ST
(``tables``). A sheet may give any of them instead. A weapon's skill the sheet does not list
defaults to DX-4. A weapon's damage is worked out for its
wielder once: "sw+1 cut" for ST 12 (swing 1d+2) is 1d+3 cutting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rules.gurps.sheet import damage_parts, rof_parts, shots_parts
from engine.rules.gurps.situations.malfunction import MALF_FIRST_TL, malf_number
from engine.rules.gurps.tables import dice_text, gurps_dice, swing, thrust
from events.gurps.records import Damage, DamageType, GurpsProfile, GurpsWeapon

if TYPE_CHECKING:
    from engine.rules.gurps.sheet import GurpsSheet, Weapon


def weapon_damage(text: str, st: int) -> tuple[Damage, str]:
    """The damage record of a damage string, and its dice for a wielder of ``st``."""
    parts = damage_parts(text)
    base = parts["base"] or ""
    adds = int(parts["adds"] or 0)
    if base == "thr":
        dice, extra = thrust(st)
    elif base == "sw":
        dice, extra = swing(st)
    else:
        dice, extra = int(parts["dice"] or 1), 0
    kind: DamageType = parts["type"]  # type: ignore[assignment]
    damage = Damage(
        base=base if base in ("thr", "sw") else "",  # type: ignore[arg-type]
        dice=0 if base in ("thr", "sw") else dice,
        adds=adds,
        divisor=int(parts["divisor"] or 1),
        type=kind,
        explosive=parts["ex"] is not None,
        text=text.strip(),
        frag=int(parts["frag"] or 0),
    )
    return damage, dice_text(dice, extra + adds)


#: A weapon skill the sheet does not list defaults to DX less this ([GK] reading: most combat
#: skills default to DX-4 or DX-5; the GM lists the skill to be exact), GURPS-DERIVED.
SKILL_DEFAULT = 4


def _weapon(w: Weapon, st: int, dx: int, skills: dict[str, int]) -> GurpsWeapon:
    damage, dice = weapon_damage(w.damage, st)
    rof, auto, per = rof_parts(str(w.rof))
    shots, reload, each = shots_parts(str(w.shots))
    return GurpsWeapon(
        name=w.name,
        skill=w.skill,
        level=skills.get(w.skill, max(0, dx - SKILL_DEFAULT)),
        damage=damage,
        dice=dice,
        reach="" if w.reach is None else str(w.reach),
        parry=w.parry,
        acc=w.acc,
        rof=rof * per,
        rof_text=str(w.rof),
        full_auto=auto,
        recoil=w.recoil,
        shots=shots,
        reload=reload,
        reload_each=each,
        half_damage=w.half_damage,
        max=w.max,
        malf=_malf(w),
        st=w.st,
        bulk=w.bulk,
        db=w.db,
        fencing=w.fencing,
        shield=w.db > 0,
        tl=w.tl,
        design=w.design or ("firearm" if w.malf is not None else ""),
        two_handed=w.two_handed,
    )


def _malf(w: Weapon) -> int:
    """Malf as given; else by TL for a weapon that malfunctions (GURPS-MALF); else 17, which
    nothing reads (the weapon has no design and never malfunctions)."""
    if w.malf is not None:
        return w.malf
    if w.design is not None and w.tl >= MALF_FIRST_TL:
        return malf_number(w.tl)
    return NO_MALF


#: The Malf recorded for a weapon that never malfunctions (GurpsWeapon's default).
NO_MALF = 17


def build_profile(sheet: GurpsSheet) -> GurpsProfile:
    """The rules' reading of ``sheet`` (pure)."""
    a = sheet.attributes
    given = [k for k in ("hp", "fp", "will", "per", "basic_speed", "basic_move") if getattr(a, k)]
    quarters = round(a.basic_speed * 4) if a.basic_speed is not None else a.dx + a.ht
    thr, sw = thrust(a.st), swing(a.st)
    return GurpsProfile(
        name=sheet.name,
        kind=sheet.kind,
        st=a.st,
        dx=a.dx,
        iq=a.iq,
        ht=a.ht,
        hp=a.hp if a.hp is not None else a.st,
        fp=a.fp if a.fp is not None else a.ht,
        will=a.will if a.will is not None else a.iq,
        per=a.per if a.per is not None else a.iq,
        speed_quarters=quarters,
        basic_move=a.basic_move if a.basic_move is not None else quarters // 4,
        sm=a.sm,
        encumbrance=sheet.encumbrance,
        thrust=gurps_dice(*thr),
        swing=gurps_dice(*sw),
        skills=dict(sheet.skills),
        traits=tuple(sorted(t for t, on in sheet.traits.items() if on)),
        dr=dict(sheet.dr),
        weapons=tuple(_weapon(w, a.st, a.dx, sheet.skills) for w in sheet.weapons),
        overridden=tuple(given),
    )
