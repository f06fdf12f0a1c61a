"""The Basic Roleplaying character sheet: frozen attrs classes and their cross-field checks.

Loading a file (TOML, JSON or YAML) and structuring it strictly is :mod:`sheet_io`; every
problem comes back at once, each with its dotted path. Schema (optional keys show their
default)::

    name = "Ilsa Varg"                 # required, not blank
    kind = "pc"                        # required: pc | npc
    pronoun = "they"                   # he | she | they | it: how texts speak of the fighter
    [characteristics]                  # required, each 1..200
    str = 13
    con = 12
    siz = 12
    int = 14
    pow = 11
    dex = 15
    cha = 10
    [skills]                           # name = percentage 0..500 (dodge, brawl, spot, listen,
    dodge = 40                         #   sense, stealth, grapple …; lower case, words joined
                                       #   by _); dodge is DEX x2 when not given
    [[weapons]]
    name = "broadsword"                # required, unique (ignoring case)
    skill = 55                         # required: the weapon's percentage (attack and parry)
    damage = "1D8+1"                   # required: dice; the damage modifier is added
    kind = "melee"                     # melee | missile | thrown
    length = "medium"                  # short | medium | long (close combat)
    base_range = 0                     # metres; required (>= 1) for missile and thrown
    attacks_per_round = 1              # 1..20 (volley fire)
    shots = 0                          # magazine of a missile weapon; how many of a thrown
                                       #   one he carries (0: none / just the one)
    hp = 15                            # the weapon's own HP (absent: not tracked)
    drawn = true                       # starts in hand
    two_handed = false
    special = "none"                   # none | crush | slash | impale | knockback | entangle
    self_propelled = false             # firearm, crossbow, energy weapon
    burst = false                      # can fire bursts (needs shots)
    autofire = false                   # can fire automatic (needs shots)
    shield = "full"                    # small | full | large: a shield (melee only)
    stun = false                       # a weapon made to stun
    healing = false                    # it heals: its damage is negative ("-1D6"), refused
                                       #   without healing = true
    [armor]
    name = "leather"
    value = "1D8-1"                    # fixed (3) or rolled per hit
    locations = ["chest", "abdomen"]   # where it covers, with hit locations on (absent: all)
    [derived]                          # overrides of derived values (absent: derived)
    hp = 15
    damage_modifier = "+1D4"           # or "0" for none
    [derived.locations]                # location = HP
    head = 5
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Literal

import attrs

from engine.dicespec import below_zero, parse_spec
from engine.rules.brp.tables import Location
from engine.sheets import Label, Range, Satisfies, duplicate, problem
from events.core import Pronoun

Characteristic = Annotated[int, Range(1, 200)]
Percent = Annotated[int, Range(0, 500)]
DieExpression = Annotated[
    str, Satisfies(parse_spec, "a die expression such as 1D8+1, 1D6+1D4, 2D6")
]


def _modifier(text: str) -> None:
    if text.strip() in ("0", ""):
        return
    if text.strip()[0] not in "+-":
        raise ValueError("no sign")
    parse_spec(text)


Name = Label
DamageModifier = Annotated[
    str, Satisfies(_modifier, 'a damage modifier such as "+1D4", "-1D6" or "0"')
]
_SKILL = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
Skills = dict[str, Percent]
LocationHp = dict[Location, Annotated[int, Range(1, 999)]]


@attrs.frozen(kw_only=True)
class Characteristics:
    """STR CON SIZ INT POW DEX CHA, each 1..200."""

    str: Characteristic
    con: Characteristic
    siz: Characteristic
    int: Characteristic
    pow: Characteristic
    dex: Characteristic
    cha: Characteristic


@attrs.frozen(kw_only=True)
class Weapon:
    """A weapon and the wielder's skill with it (see the module docstring for the keys)."""

    name: Name
    skill: Percent
    damage: DieExpression
    kind: Literal["melee", "missile", "thrown"] = "melee"
    length: Literal["short", "medium", "long"] = "medium"
    base_range: Annotated[int, Range(0, 100_000)] = 0
    attacks_per_round: Annotated[int, Range(1, 20)] = 1
    shots: Annotated[int, Range(0, 1000)] = 0
    hp: Annotated[int, Range(1, 1000)] | None = None
    drawn: bool = True
    two_handed: bool = False
    special: Literal["none", "crush", "slash", "impale", "knockback", "entangle"] = "none"
    self_propelled: bool = False
    burst: bool = False
    autofire: bool = False
    shield: Literal["small", "full", "large"] | None = None
    stun: bool = False
    #: A weapon that heals: its ``damage`` negative ("-1D6"); a hit gives back what the dice
    #: take away, as ``ruling --heal`` does (no damage modifier, no armor).
    healing: bool = False


def _fixed_or_dice(value: int | str) -> None:
    if isinstance(value, int):
        if value < 0:
            raise ValueError("below 0")
        return
    parse_spec(value)


#: Armor's value: fixed, or rolled for each hit.
ArmorValue = Annotated[
    int | str,
    Satisfies(_fixed_or_dice, "a whole number 0 or more or a die expression such as 1D8-1"),
]


@attrs.frozen(kw_only=True)
class Armor:
    """Armor: ``value`` a whole number (fixed) or dice (rolled per hit)."""

    name: Name = "armor"
    value: ArmorValue = 0
    locations: tuple[Location, ...] = ()


@attrs.frozen(kw_only=True)
class Derived:
    """Values the sheet sets instead of deriving them."""

    hp: Annotated[int, Range(1, 999)] | None = None
    damage_modifier: DamageModifier | None = None
    locations: LocationHp = attrs.field(factory=dict)


@attrs.frozen(kw_only=True)
class BrpSheet:
    """A validated Basic Roleplaying combatant (see the module docstring)."""

    name: Name
    kind: Literal["pc", "npc"]
    #: How texts speak of the fighter (he, she, they, it); "they" when the sheet is silent.
    pronoun: Pronoun = "they"
    characteristics: Characteristics
    skills: Skills = attrs.field(factory=dict)
    weapons: tuple[Weapon, ...] = ()
    armor: Armor | None = None
    derived: Derived = Derived()


def weapons_problems(weapons: tuple[Weapon, ...]) -> list[str]:
    """Names differ (ignoring case); missile and thrown weapons have a base range; magazines,
    bursts and autofire belong to missile weapons; shields to melee."""
    first: dict[str, int] = {}
    found = []
    for i, w in enumerate(weapons):
        at = f"weapons[{i}]"
        if dup := duplicate(first, i, w.name, "weapons", "weapon"):
            found.append(dup)
        if w.kind != "melee" and w.base_range < 1:
            found.append(problem(f"{at}.base_range", f"required (1 or more) for a {w.kind} weapon"))
        if w.kind == "melee" and w.shots:
            found.append(problem(f"{at}.shots", "only for a missile or thrown weapon"))
        if w.kind != "missile":
            for flag in ("burst", "autofire"):
                if getattr(w, flag):
                    found.append(problem(f"{at}.{flag}", "only for a missile weapon"))
        elif (w.burst or w.autofire) and w.shots < 2:
            found.append(problem(f"{at}.shots", "a burst or autofire needs a magazine of 2+"))
        if w.shield is not None and w.kind != "melee":
            found.append(problem(f"{at}.shield", "a shield is a melee weapon"))
        if w.healing and w.stun:
            found.append(problem(f"{at}.healing", "a weapon made to stun does not heal"))
        elif w.healing and below_zero(w.damage) is None:
            found.append(
                problem(
                    f"{at}.healing",
                    f'goes with a negative damage, e.g. "-1D6" (the sign says it heals); '
                    f"{json.dumps(w.damage)} only ever hurts",
                )
            )
    return found


def sign_problems(weapons: tuple[Weapon, ...], armor: Armor | None) -> list[str]:
    """Negative damage (``-1D6``: it would heal) or armor in a sheet read from a file:
    refused, but for a weapon that says ``healing = true``. Only a file is held to this: a
    sheet a log embeds from before the check replays as it was written."""
    found = []
    for i, w in enumerate(weapons):
        why = below_zero(w.damage)
        if why is not None and not w.healing:
            found.append(
                problem(
                    f"weapons[{i}].damage",
                    f"{json.dumps(w.damage)} is negative damage ({why}); a weapon that heals "
                    "says healing = true",
                )
            )
    why = below_zero(armor.value) if armor is not None and isinstance(armor.value, str) else None
    if armor is not None and why is not None:
        found.append(
            problem(
                "armor.value",
                f"{json.dumps(armor.value)} is negative armor ({why}); armor stops 0 or more",
            )
        )
    return found


def skills_problems(skills: dict[str, int]) -> list[str]:
    """Skill names are lower case words joined by _ (how commands name them)."""
    return [
        problem(f"skills.{name}", "a skill name is lower case letters, digits and _")
        for name in skills
        if not _SKILL.fullmatch(name)
    ]


def sheet_problems(sheet: BrpSheet) -> tuple[str, ...]:
    """The cross-field problems of a structured sheet (empty when it is valid)."""
    return tuple(weapons_problems(sheet.weapons) + skills_problems(sheet.skills))
