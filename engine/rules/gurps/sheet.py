"""The GURPS character sheet: frozen attrs classes and their cross-field checks.

Loading a file (TOML, JSON or YAML) and structuring it strictly is :mod:`sheet_io`; every
problem comes back at once with its dotted path. Schema (optional keys show their default)::

    name = "Sir Aldric"                # required, not blank
    kind = "pc"                        # required: pc | npc
    pronoun = "they"                   # he | she | they | it: how texts speak of the fighter
    encumbrance = 0                    # 0 (none) .. 4 (extra-heavy)
    [attributes]                       # st dx iq ht required (1..40 for ST, 1..30 the others)
    st = 12                            # derived unless given: hp (ST), fp (HT), will and per
    dx = 13                            #   (IQ), basic_speed ((DX+HT)/4, in quarters: 6.25),
    iq = 10                            #   basic_move (floor of Basic Speed), sm (0)
    ht = 12
    [skills]                           # name = level (lower case words joined by _); judo,
    broadsword = 15                    #   karate, boxing, brawling, wrestling also parry
                                       #   barehanded (GURPS-PARRY-UNARMED)
    [traits]                           # combat_reflexes, ambidexterity, high_pain_threshold,
    combat_reflexes = true             #   off_hand_weapon_training, accustomed_to_blindness,
                                       #   male (double crushing shock to the groin)
    [dr]                               # location = DR; "all" for every location not named
    all = 2
    [[weapons]]
    name = "broadsword"                # required, unique (ignoring case)
    skill = "broadsword"               # required: its skill (not in [skills]: DX-4, a default)
    damage = "sw+1 cut"                # required: thr|sw|Nd, adds, (armor divisor), type, ex,
                                       #   [Nd] fragmentation
    reach = "1"                        # melee: "C", "1", "1,2", "2*" ... (or a number)
    parry = 0                          # melee: the weapon's parry modifier (absent: no parry)
    fencing = false                    # a fencing weapon (GURPS-FENCING)
    two_handed = false                 # wielded in both hands ("†"/"‡"): +2 to keep it
                                       #   against a disarm (GURPS-DISARM)
    db = 0                             # a shield's defence bonus (a shield blocks)
    acc = 2                            # ranged: Acc (a ranged weapon has it)
    rof = "3"                          # ranged: "3", "10!" (full auto), "3x9" (shotgun), or 3
    recoil = 2
    shots = 9                          # shots in the weapon (0: not counted); "30+1(3)": 30
                                       #   and one chambered, 3 seconds to reload; "6(3i)":
                                       #   3 seconds for each shot loaded (GURPS-RELOAD)
    half_damage = 150                  # yards: 1/2D and Max
    max = 1900
    malf = 17                          # 3..18 (absent: by TL for a design, else none)
    st = 9
    bulk = -2                          # 0 or less
    tl = 6                             # tech level (0: not given; 15-18 then never explodes)
    design = "firearm"                 # firearm revolver breechloader repeater grenade beam:
                                       #   how it malfunctions (absent: firearm if malf given;
                                       #   with neither, it never malfunctions)
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

import attrs

from engine.rules.gurps.tables import LOCATIONS, MAX_ST
from engine.sheets import Label, Range, Satisfies, duplicate, problem
from events.core import Pronoun

#: "sw+1 cut", "thr+1 imp", "2d pi", "3d cr ex", "6d(2) pi", "1d-1 pi+", "4d cr ex [2d]"
#: (fragmentation dice in brackets, GURPS-FRAG).
_DAMAGE = re.compile(
    r"^(?P<base>thr|sw|(?P<dice>[1-9][0-9]?)d)(?P<adds>[+-][0-9]{1,2})?"
    r"(?:\((?P<divisor>[0-9]{1,3})\))?\s+(?P<type>cr|cut|imp|pi-|pi\+\+|pi\+|pi|burn|cor|tox|fat)"
    r"(?P<ex>\s+ex)?(?:\s+\[(?P<frag>[1-9][0-9]?)d\])?$"
)
_ROF = re.compile(r"^(?P<rof>[1-9][0-9]{0,2})(?P<auto>!)?(?:x(?P<per>[1-9][0-9]?))?$")
_SKILL = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
_REACH = re.compile(r"^(C|[1-9])(,[1-9])?\*?$|^C,[1-9]\*?$")

#: The traits the rules read.
TRAITS = (
    "combat_reflexes",
    "ambidexterity",
    "high_pain_threshold",
    "off_hand_weapon_training",
    "accustomed_to_blindness",
    "male",
)


def damage_parts(text: str) -> dict[str, str | None]:
    """The parts of a damage string (ValueError if it is not one)."""
    m = _DAMAGE.fullmatch(text.strip())
    if m is None:
        raise ValueError(text)
    divisor = m["divisor"]
    if divisor is not None and int(divisor) < 2:
        raise ValueError(text)
    return m.groupdict()


def rof_parts(text: str) -> tuple[int, bool, int]:
    """ "10!" -> (10, True, 1); "3x9" -> (3, False, 9) (ValueError if not a RoF)."""
    m = _ROF.fullmatch(text.strip())
    if m is None:
        raise ValueError(text)
    return int(m["rof"]), m["auto"] is not None, int(m["per"] or 1)


#: Shots as the Basic Set writes them: "9", "17+1" (one more chambered), "30+1(3)" (3 seconds
#: to reload), "6(3i)" (3 seconds for each shot loaded), GURPS-RELOAD.
_SHOTS = re.compile(r"^(?P<n>[0-9]{1,5})(?:\+(?P<c>[0-9]))?(?:\((?P<s>[1-9][0-9]?)(?P<i>i)?\))?$")


def shots_parts(text: str) -> tuple[int, int, bool]:
    """ "30+1(3)" -> (31, 3, False); "6(3i)" -> (6, 3, True); "9" -> (9, 0, False): the full
    count, the seconds a reload takes (0: not given), whether they are for each shot (ValueError
    if not shots)."""
    m = _SHOTS.fullmatch(text.strip())
    if m is None:
        raise ValueError(text)
    return int(m["n"]) + int(m["c"] or 0), int(m["s"] or 0), m["i"] is not None


DamageText = Annotated[
    str,
    Satisfies(damage_parts, 'a damage such as "sw+1 cut", "thr imp", "2d pi", "6d(2) pi"'),
]


def _reach(value: int | str) -> None:
    if not _REACH.fullmatch(str(value)):
        raise ValueError(value)


#: Reach as the Basic Set writes it: "C", "1", "1,2", "2*" (or a number).
Reach = Annotated[int | str, Satisfies(_reach, 'a reach such as "C", 1, "1,2" or "2*"')]
#: Rate of fire: 3, "10!" (full auto), "3x9" (a shotgun's 3 shots of 9 projectiles).
RateOfFire = Annotated[
    int | str, Satisfies(lambda v: rof_parts(str(v)), 'a rate of fire such as 3, "10!" or "3x9"')
]
#: Shots as the Basic Set writes them (:func:`shots_parts`).
Shots = Annotated[
    int | str, Satisfies(lambda v: shots_parts(str(v)), 'shots such as 9, "17+1(3)" or "6(3i)"')
]
Level = Annotated[int, Range(0, 40)]


@attrs.frozen(kw_only=True)
class Attributes:
    """ST DX IQ HT, and the derived values a sheet may give instead (see the module)."""

    st: Annotated[int, Range(1, MAX_ST)]
    dx: Annotated[int, Range(1, 30)]
    iq: Annotated[int, Range(1, 30)]
    ht: Annotated[int, Range(1, 30)]
    hp: Annotated[int, Range(1, 200)] | None = None
    fp: Annotated[int, Range(1, 200)] | None = None
    will: Annotated[int, Range(1, 40)] | None = None
    per: Annotated[int, Range(1, 40)] | None = None
    basic_speed: Annotated[float, Range(1, 20)] | None = None
    basic_move: Annotated[int, Range(0, 40)] | None = None
    sm: Annotated[int, Range(-10, 20)] = 0


@attrs.frozen(kw_only=True)
class Weapon:
    """A weapon and the skill it is used with (see the module docstring for the keys)."""

    name: Label
    skill: str
    damage: DamageText
    reach: Reach | None = None
    parry: Annotated[int, Range(-5, 5)] | None = None
    fencing: bool = False
    db: Annotated[int, Range(0, 5)] = 0
    acc: Annotated[int, Range(0, 20)] | None = None
    rof: RateOfFire = "1"
    recoil: Annotated[int, Range(1, 20)] = 1
    shots: Shots = 0
    half_damage: Annotated[int, Range(0, 100_000)] = 0
    max: Annotated[int, Range(0, 100_000)] = 0
    malf: Annotated[int, Range(3, 18)] | None = None
    st: Annotated[int, Range(0, 40)] = 0
    bulk: Annotated[int, Range(-20, 0)] = 0
    tl: Annotated[int, Range(0, 12)] = 0
    design: Literal["firearm", "revolver", "breechloader", "repeater", "grenade", "beam"] | None = (
        None
    )
    two_handed: bool = False


@attrs.frozen(kw_only=True)
class GurpsSheet:
    """A validated GURPS combatant (see the module docstring)."""

    name: Label
    kind: Literal["pc", "npc"]
    #: How texts speak of the fighter (he, she, they, it); "they" when the sheet is silent.
    pronoun: Pronoun = "they"
    attributes: Attributes
    encumbrance: Annotated[int, Range(0, 4)] = 0
    skills: dict[str, Level] = attrs.field(factory=dict)
    traits: dict[str, bool] = attrs.field(factory=dict)
    dr: dict[str, Annotated[int, Range(0, 200)]] = attrs.field(factory=dict)
    weapons: tuple[Weapon, ...] = ()


def weapons_problems(weapons: tuple[Weapon, ...]) -> list[str]:
    """Names differ (ignoring case); a weapon is melee (reach) or ranged (acc); rate of fire
    and shots belong to ranged weapons (their forms are checked with their types)."""
    first: dict[str, int] = {}
    found = []
    for i, w in enumerate(weapons):
        at = f"weapons[{i}]"
        if dup := duplicate(first, i, w.name, "weapons", "weapon"):
            found.append(dup)
        if w.reach is None and w.acc is None:
            found.append(problem(f"{at}.reach", "a melee weapon needs reach, a ranged one acc"))
        if not _SKILL.fullmatch(w.skill):
            found.append(problem(f"{at}.skill", "a skill name is lower case letters, digits and _"))
        if w.acc is None and (str(w.rof) != "1" or w.shots):
            found.append(problem(f"{at}.rof", "rate of fire and shots need a ranged weapon (acc)"))
        if w.max and w.half_damage > w.max:
            found.append(problem(f"{at}.half_damage", "1/2D is beyond Max"))
    return found


def skills_problems(skills: dict[str, int]) -> list[str]:
    """Skill names are lower case words joined by _ (how commands name them)."""
    return [
        problem(f"skills.{name}", "a skill name is lower case letters, digits and _")
        for name in skills
        if not _SKILL.fullmatch(name)
    ]


def traits_problems(traits: dict[str, bool]) -> list[str]:
    """Only the traits the rules read."""
    return [
        problem(f"traits.{name}", f"unknown trait (the rules read: {', '.join(TRAITS)})")
        for name in traits
        if name not in TRAITS
    ]


def dr_problems(dr: dict[str, int]) -> list[str]:
    """DR is given by hit location, or "all"."""
    return [
        problem(f"dr.{loc}", f"unknown location (all, {', '.join(LOCATIONS)})")
        for loc in dr
        if loc != "all" and loc not in LOCATIONS
    ]


def speed_problems(a: Attributes) -> list[str]:
    """Basic Speed goes in quarters (6.25)."""
    if a.basic_speed is not None and (a.basic_speed * 4) != int(a.basic_speed * 4):
        return [problem("attributes.basic_speed", "Basic Speed goes in steps of 0.25")]
    return []


def sheet_problems(sheet: GurpsSheet) -> tuple[str, ...]:
    """The cross-field problems of a structured sheet (empty when it is valid)."""
    return tuple(
        weapons_problems(sheet.weapons)
        + skills_problems(sheet.skills)
        + traits_problems(sheet.traits)
        + dr_problems(sheet.dr)
        + speed_problems(sheet.attributes)
    )
