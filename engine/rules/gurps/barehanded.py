"""Parrying barehanded (GURPS-PARRY-UNARMED, [GK] the Basic Set's Parrying Unarmed and the
unarmed skills), and the arm lock it may open (GURPS-ARM-LOCK).

A fighter with a sound hand parries a melee attack barehanded (``defend B parry --weapon
hands``, or ``defend B parry`` with no parrying weapon in hand; a sheet weapon of an unarmed
skill, such as a ``fist`` of Brawling, parries barehanded too). His Parry is 3 + half the
skill he parries with: DX, or Boxing, Brawling, Judo, Karate or Wrestling from his sheet — the
best, or the one ``--skill`` names. Each skill's own rules are a row of :data:`BARE`:

- Against a weapon (not a bare hand, not a grapple) every barehanded parry but Judo's and
  Karate's is at -3: against a swung weapon only, a thrust parried at no penalty (option
  ``bare_parry_weapons``: any weapon).
- Judo, Karate and Boxing retreat for +3 as a fencer does; the others for +1.
- Judo and Karate parry once with each hand before the multiple-parry penalty (option
  ``bare_parry_hands``: every barehanded parry does); -4 for each parry after those.
- A failed barehanded parry of a weapon, unless with Judo or Karate, lets the blow land on the
  parrying arm (option ``bare_parry_arm``): the right, or the left when the right is crippled
  or holds a melee weapon and the left is free (:func:`parrying_hand`).
- A successful barehanded parry with Judo or Wrestling of a melee attack opens an arm lock on
  the attacker: ``grapple A B --lock arm`` on the defender's first turn after the parry.

Readings: a bare hand parries melee attacks, not missiles; a weapon's attack is a thrust when
its damage is thrust-based (``thr``), swung otherwise (``sw`` or fixed dice); Wrestling parries
as Brawling does (the seed names its barehanded parry, the Basic Set no special rules).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules import IllegalAction, UnknownName
from engine.rules.gurps.common import fighter, find_weapon
from engine.rules.gurps.limbs import crippled_hands
from engine.rules.gurps.options import opts
from engine.rules.gurps.resolution import mod
from events.core import Modifier
from events.gurps import AttackDetail, GurpsWeapon
from events.gurps.records import BareSkillName
from projections.state import FightState

RULE = "GURPS-PARRY-UNARMED"
#: The name ``--weapon`` takes for bare hands, and the key barehanded parries are counted
#: under for the multiple-parry penalty (GURPS-MULTIPLE-PARRY).
HANDS = "hands"
#: What the attacker strikes with, as a barehanded parry sees it.
Struck = Literal["unarmed", "thrust", "swung"]


class BareSkill(msgspec.Struct, frozen=True):
    """How a skill parries barehanded: its name in words, whether it takes the -3 against a
    weapon, its retreat bonus, whether a failed parry of a weapon may put the blow on the arm,
    whether a successful one opens an arm lock (GURPS-ARM-LOCK), and whether each hand parries
    once before the multiple-parry penalty."""

    title: str
    against_weapons: bool
    retreat: int
    arm_risk: bool
    arm_lock: bool
    each_hand: bool


#: The skills that parry barehanded (a sheet's skill names; ``dx`` is DX itself), in the order
#: a tie is settled: those that open an arm lock first.
BARE: dict[str, BareSkill] = {
    "judo": BareSkill("Judo", False, 3, False, True, True),
    "wrestling": BareSkill("Wrestling", True, 1, True, True, False),
    "karate": BareSkill("Karate", False, 3, False, False, True),
    "boxing": BareSkill("Boxing", True, 3, True, False, False),
    "brawling": BareSkill("Brawling", True, 1, True, False, False),
    "dx": BareSkill("DX", True, 1, True, False, False),
}
#: The barehanded parry of a weapon (not with Judo or Karate).
AGAINST_WEAPON = -3
#: Each parry after the free ones (GURPS-MULTIPLE-PARRY).
EACH_PARRY = -4
#: Option ``bare_parry_arm`` "by_3": a failure by at most this much lands on the arm.
ARM_MARGIN = 3


class BareParry(msgspec.Struct, frozen=True):
    """A barehanded parry worked out: the skill (a key of :data:`BARE`) and its level, the
    Parry's base (3 + level / 2), its own modifiers in order, its retreat bonus, and the row."""

    skill: str
    level: int
    base: int
    mods: tuple[Modifier, ...]
    retreat: int
    row: BareSkill
    via: str = HANDS


def is_unarmed(weapon: GurpsWeapon) -> bool:
    """Whether a weapon is a bare hand: the punch, or a sheet weapon of an unarmed skill."""
    return weapon.name == "punch" or (weapon.skill in BARE and weapon.skill != "dx")


def struck(state: FightState, attacker: str, detail: AttackDetail) -> Struck:
    """What a melee attack strikes with: a bare hand or a grapple ("unarmed"), or a weapon
    thrust or swung (see the module's reading)."""
    if detail.grapple is not None:
        return "unarmed"
    weapon = find_weapon(state, attacker, detail.weapon)
    if is_unarmed(weapon):
        return "unarmed"
    return "thrust" if weapon.damage.base == "thr" else "swung"


def wanted(state: FightState, cid: str, name: str | None, parrier: GurpsWeapon | None) -> bool:
    """Whether ``defend B parry [--weapon NAME]`` is a barehanded parry: ``--weapon hands`` (or
    punch), an unarmed sheet weapon, or no ``--weapon`` and no weapon in hand that parries
    (``parrier`` None)."""
    if name is None:
        return parrier is None or is_unarmed(parrier)
    if name.lower() in (HANDS, "punch"):
        return True
    return is_unarmed(find_weapon(state, cid, name))


def parry(
    state: FightState,
    defender: str,
    attacker: str,
    detail: AttackDetail,
    *,
    skill: BareSkillName | None = None,
    weapon: str | None = None,
    retreat: bool = False,
) -> BareParry:
    """The barehanded parry ``defender`` makes against ``attacker``'s melee attack: with the
    skill named, the sheet weapon named (its skill, level and parry), or his best."""
    f = fighter(state, defender)
    name = f.profile.name
    if detail.ranged:
        raise IllegalAction(f"{name} cannot parry a missile barehanded ({RULE}); dodge it")
    sound = 2 - len(crippled_hands(state, defender))
    if sound <= 0:
        raise IllegalAction(
            f"both of {name}'s arms or hands are crippled: no barehanded parry (GURPS-HITLOC-LIMB)"
        )
    what = struck(state, attacker, detail)
    options = _choices(state, defender, skill, weapon)
    parries = [
        _worked(state, defender, s, level, extra, what, sound, retreat)
        for s, level, extra in options
    ]
    best = parries[0]
    for p in parries[1:]:
        if _effective(p) > _effective(best):
            best = p
    if weapon is None or weapon.lower() in (HANDS, "punch"):
        return best
    return msgspec.structs.replace(best, via=find_weapon(state, defender, weapon).name)


def _choices(
    state: FightState, cid: str, skill: str | None, weapon: str | None
) -> list[tuple[str, int, list[Modifier]]]:
    """(skill, level, the sheet weapon's own modifiers) for each parry he may make."""
    p = fighter(state, cid).profile
    if weapon is not None and weapon.lower() not in (HANDS, "punch"):
        w = find_weapon(state, cid, weapon)
        if skill is not None and skill != w.skill:
            raise IllegalAction(f"the {w.name} is used with {w.skill}, not {skill}")
        extra = [mod(f"{w.name}'s parry", w.parry, "sheet", RULE)] if w.parry else []
        return [(w.skill, w.level, extra)]
    if skill is not None:
        if skill == "dx":
            return [("dx", p.dx, [])]
        if skill not in p.skills:
            have = [s for s in BARE if s != "dx" and s in p.skills] + ["dx"]
            raise UnknownName(
                f"{p.name} has no {BARE[skill].title} on the sheet (parries barehanded with: "
                f"{', '.join(have)})"
            )
        return [(skill, p.skills[skill], [])]
    known: list[tuple[str, int, list[Modifier]]] = [
        (s, p.skills[s], []) for s in BARE if s != "dx" and s in p.skills
    ]
    return [*known, ("dx", p.dx, [])]


def _worked(
    state: FightState,
    cid: str,
    skill: str,
    level: int,
    extra: list[Modifier],
    what: Struck,
    sound: int,
    retreat: bool,
) -> BareParry:
    """One skill's barehanded parry against what strikes, with its own modifiers."""
    row = BARE[skill]
    o = opts(state)
    mods = list(extra)
    if row.against_weapons and (
        what == "swung" or (what == "thrust" and o.bare_parry_weapons == "any")
    ):
        mods.append(mod(f"barehanded against a {what} weapon", AGAINST_WEAPON, "situation", RULE))
    used = fighter(state, cid).parries.get(HANDS, 0)
    free = sound if row.each_hand or o.bare_parry_hands == "each_hand" else 1
    if used // free:
        hands = f", {free} hands" if free > 1 else ""
        mods.append(
            mod(
                f"{used} barehanded parr{'y' if used == 1 else 'ies'} already{hands}",
                EACH_PARRY * (used // free),
                "situation",
                "GURPS-MULTIPLE-PARRY",
            )
        )
    return BareParry(
        skill=skill,
        level=level,
        base=3 + level // 2,
        mods=tuple(mods),
        retreat=row.retreat if retreat else 0,
        row=row,
    )


def _effective(p: BareParry) -> int:
    return p.base + sum(m.value for m in p.mods) + p.retreat


def arm_hit(
    state: FightState, defender: str, attacker: str, detail: AttackDetail, p: BareParry, margin: int
) -> str | None:
    """The arm a failed barehanded parry (by ``-margin``) puts the blow on, or None: only
    against a weapon, not with Judo or Karate, as option ``bare_parry_arm`` reads it."""
    reading = opts(state).bare_parry_arm
    if not p.row.arm_risk or reading == "aimed" or struck(state, attacker, detail) == "unarmed":
        return None
    if reading == "by_3" and margin < -ARM_MARGIN:
        return None
    return f"{parrying_hand(state, defender)}_arm"


def parrying_hand(state: FightState, cid: str) -> str:
    """The hand a barehanded parry is made with (reading, as sheets have no hands): the right,
    unless it is crippled or holds a ready melee weapon (weapons are in the right hand, a
    shield on the left arm, :mod:`limbs`) and the left is free and sound."""
    f = fighter(state, cid)
    crippled = crippled_hands(state, cid)
    ready = [w for w in f.profile.weapons if w.name not in f.weapon_states]
    busy = {"left" if w.shield else "right" for w in ready if not w.ranged and not is_unarmed(w)}
    sound = [h for h in ("right", "left") if h not in crippled]
    free = [h for h in sound if h not in busy]
    return (free or sound or ["right"])[0]


def opens_lock(p: BareParry, detail: AttackDetail) -> bool:
    """Whether a successful barehanded parry opens an arm lock on the attacker
    (GURPS-ARM-LOCK): with Judo or Wrestling, against a melee attack."""
    return p.row.arm_lock and not detail.ranged


def words(p: BareParry) -> str:
    """The parry's skill in words for its roll: "barehanded, Judo 14"."""
    via = "" if p.via == HANDS else f"the {p.via}, "
    return f"barehanded, {via}{p.row.title} {p.level}"
