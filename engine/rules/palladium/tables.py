"""Palladium tables as data: hand-to-hand attacks, bonuses, moves and damage; modern W.P.s.

Each style is a dict of the gains its level table lists (level -> :class:`Gain`), copied as
numbers from the Rifts combat chapter (seed 000, lines 363-557); :func:`hand_to_hand` folds the
gains of levels 1..N into one :class:`HandToHand`. Rule ids: PAL-APM-H2H, PAL-APM-UNTRAINED,
PAL-STRIKE-H2H-BONUS-TABLES, PAL-STRIKE-CRIT-RANGE, PAL-DMG-KO, PAL-DMG-DEATHBLOW,
PAL-DMG-CRIT-BEHIND, PAL-DMG-BASE-TABLE. Damage dice are S.D.C. for normal P.S.; the pack turns
them into M.D. only where the sheet says so (PAL-DMG-SUPERNATURAL-PS, PAL-DMG-AUG-ROBOT-PS).

The modern weapon proficiencies (seed 000, lines 1211-1220) are :data:`WP_STRIKE_LEVELS`, read
by :func:`wp_strike_bonus` (PAL-STRIKE-WP-PROGRESSION).
"""

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, get_args

import msgspec

Style = Literal["none", "basic", "expert", "martial_arts", "assassin", "commando"]
STYLES: Final[tuple[str, ...]] = get_args(Style)
MAX_LEVEL: Final = 15

# PAL-DMG-BASE-TABLE: base damage of unarmed moves, S.D.C. for normal P.S. (add P.S. and H2H
# damage bonuses). Power punch/kick double these and cost two actions (PAL-DMG-POWER).
PUNCH_DAMAGE: Final = "1D4"
KICK_DAMAGE: Final = "1D8"  # the seed allows 2D4 instead; 1D8 is its main figure
BASE_DAMAGE: Final[Mapping[str, str]] = MappingProxyType(
    {
        "punch": PUNCH_DAMAGE,
        "karate_punch": "2D4",
        "backhand": "1D4",
        "martial_arts_backhand": "1D6",
        "elbow": "1D6",
        "body_flip": "1D6",
        "body_block": "1D4",
        "kick": KICK_DAMAGE,
        "karate_kick": "2D6",
        "leap_kick": "3D8",  # two actions
        "knee": "1D6",
    }
)
# Foot moves that do no damage and only knock the target down (PAL-DMG-BASE-TABLE).
KNOCKDOWN_ONLY: Final = frozenset({"backward_sweep", "trip"})

# Numeric, cumulative gains: each level's value is added to the levels below it.
BONUS_FIELDS: Final = (
    "apm",
    "non_combat_actions",
    "strike",
    "parry",
    "dodge",
    "initiative",
    "damage",
    "roll",
    "pull",
    "disarm",
    "entangle",
    "strike_thrown",
    "strike_guns",
    "foot_strike",
    "auto_dodge",
    "body_flip",
    "save_horror_factor",
)


class Gain(msgspec.Struct, frozen=True, kw_only=True):
    """What one level of a style adds: bonuses (added), natural ranges (replace), moves (added).

    ``crit_min`` / ``knockout_min`` / ``death_blow_min`` are the lowest natural d20 face of the
    range the level grants; ``crit_from_behind`` is the damage multiplier of a critical strike
    or knockout from behind (PAL-DMG-CRIT-BEHIND).
    """

    apm: int = 0
    non_combat_actions: int = 0
    strike: int = 0
    parry: int = 0
    dodge: int = 0
    initiative: int = 0
    damage: int = 0
    roll: int = 0
    pull: int = 0
    disarm: int = 0
    entangle: int = 0
    strike_thrown: int = 0
    strike_guns: int = 0
    foot_strike: int = 0
    auto_dodge: int = 0
    body_flip: int = 0
    save_horror_factor: int = 0
    crit_min: int | None = None
    knockout_min: int | None = None
    death_blow_min: int | None = None
    crit_from_behind: int | None = None
    moves: frozenset[str] = frozenset()


class HandToHand(msgspec.Struct, frozen=True, kw_only=True):
    """A character's hand-to-hand style at one level, all level gains added up.

    * ``apm`` - attacks per melee from the style (PAL-APM-H2H, PAL-APM-UNTRAINED); for ``none``
      ``non_combat_actions`` counts the separate non-combat actions.
    * ``strike`` ... ``entangle`` - d20 bonuses by category (PAL-STRIKE-H2H-BONUS-TABLES);
      ``damage`` is added to S.D.C. punches, kicks and melee weapons.
    * ``strike_thrown``, ``strike_guns`` (Assassin), ``foot_strike``, ``auto_dodge``,
      ``body_flip``, ``save_horror_factor`` (Commando) - narrower bonuses; ``auto_dodge`` only
      applies to an automatic dodge the character has from elsewhere.
    * ``crit_min`` - lowest natural strike that is a critical (PAL-STRIKE-CRIT-RANGE, 20 by
      default); ``knockout_min`` (PAL-DMG-KO) and ``death_blow_min`` (PAL-DMG-DEATHBLOW) are
      ``None`` when the style does not grant them; ``crit_from_behind`` is the damage multiplier
      of PAL-DMG-CRIT-BEHIND, or ``None``.
    * ``punch`` / ``kick`` - base dice, S.D.C. (PAL-DMG-BASE-TABLE); ``moves`` - the attacks the
      style allows at this level, named as in :data:`BASE_DAMAGE` and :data:`KNOCKDOWN_ONLY`
      plus ``pull_punch``, ``disarm``, ``entangle``, ``roll_with_impact``, ``power_punch``,
      ``power_kick``, ``paired_weapons``, ``holds``, ``back_flip``, ``back_flip_escape``,
      ``back_flip_attack``, ``foot_strikes`` (the foot strikes the chapter names without
      damage: snap kick, roundhouse, axe kick).
    * ``trained`` - parries without spending an action (every style but ``none``, PAL-DEF-PARRY).
    """

    style: str
    level: int
    trained: bool
    apm: int
    non_combat_actions: int
    strike: int
    parry: int
    dodge: int
    initiative: int
    damage: int
    roll: int
    pull: int
    disarm: int
    entangle: int
    strike_thrown: int
    strike_guns: int
    foot_strike: int
    auto_dodge: int
    body_flip: int
    save_horror_factor: int
    crit_min: int
    knockout_min: int | None
    death_blow_min: int | None
    crit_from_behind: int | None
    punch: str
    kick: str
    moves: frozenset[str]


# The common attacks every trained style's note lists (Basic lacks power_kick and body_flip).
_COMMON = frozenset(
    {
        "punch",
        "elbow",
        "kick",
        "knee",
        "disarm",
        "entangle",
        "body_block",
        "roll_with_impact",
        "power_punch",
        "pull_punch",
    }
)

# PAL-APM-UNTRAINED reading: attacks and non-combat actions are two separate counts; ``apm``
# counts attacks only (1, 2 at L3, 3 at L9). The seed's remark that each L9 attack uses two
# actions (3 attacks = 6 actions) is kept as data in non_combat_actions, not applied here.
# Untrained moves: the seed says anyone can punch or kick; it grants nothing else.
_NONE: dict[int, Gain] = {
    1: Gain(apm=1, non_combat_actions=2, moves=frozenset({"punch", "kick"})),
    3: Gain(apm=1, non_combat_actions=1, dodge=1),
    6: Gain(non_combat_actions=2),
    9: Gain(apm=1, non_combat_actions=1),
}

# PAL-DMG-BASE-TABLE reading: Basic L3 "kick does 1D8" and Expert L1 "kick 1D8" restate the
# base kick; the seed gives no lower kick damage, so every style kicks for 1D8 at every level.
_BASIC: dict[int, Gain] = {
    1: Gain(apm=4, pull=2, roll=2, moves=_COMMON),
    2: Gain(parry=2, dodge=2),
    4: Gain(apm=1),
    5: Gain(strike=1, disarm=1),
    6: Gain(crit_min=19),
    7: Gain(damage=2),
    8: Gain(moves=frozenset({"body_flip"})),
    9: Gain(apm=1),
    10: Gain(pull=2, roll=2),
    11: Gain(parry=1, dodge=1),
    12: Gain(strike=1),
    13: Gain(crit_from_behind=2),
    14: Gain(damage=2),
    15: Gain(apm=1),
}

# PAL-STRIKE-H2H-BONUS-TABLES reading (catalogue L.13): the Expert note lists body flip among
# its common attacks, so it is available from L1; the L8 entry is read as a restatement.
_EXPERT: dict[int, Gain] = {
    1: Gain(apm=4, pull=2, roll=2, moves=_COMMON | {"power_kick", "body_flip"}),
    2: Gain(parry=3, dodge=3, pull=1),
    3: Gain(strike=2, disarm=2, moves=frozenset({"karate_punch"})),
    4: Gain(apm=1),
    5: Gain(moves=frozenset({"karate_kick"})),
    6: Gain(crit_min=18),
    7: Gain(moves=frozenset({"paired_weapons", "backhand"})),
    9: Gain(apm=1, disarm=1),
    10: Gain(damage=3),
    11: Gain(knockout_min=18),
    12: Gain(parry=2, dodge=2),
    13: Gain(crit_from_behind=3),
    14: Gain(apm=1),
    15: Gain(death_blow_min=20),
}

_MARTIAL_ARTS: dict[int, Gain] = {
    1: Gain(apm=4, pull=3, roll=3, moves=_COMMON | {"power_kick", "body_flip"}),
    # "Karate and any hand strike": the karate punch and the martial-arts backhand.
    2: Gain(parry=3, dodge=3, strike=2, moves=frozenset({"karate_punch", "martial_arts_backhand"})),
    # "Any foot strike except leap kick": karate kick, backward sweep, trip, and the foot
    # strikes the chapter names without damage (``foot_strikes``: moves.py).
    3: Gain(
        initiative=1,
        moves=frozenset({"karate_kick", "backward_sweep", "trip", "foot_strikes"}),
    ),
    4: Gain(apm=1),
    5: Gain(entangle=2, moves=frozenset({"leap_kick"})),
    6: Gain(crit_min=18),
    7: Gain(disarm=2, moves=frozenset({"paired_weapons", "holds"})),
    8: Gain(moves=frozenset({"back_flip", "back_flip_escape"})),
    9: Gain(apm=1),
    10: Gain(disarm=2, moves=frozenset({"back_flip_attack"})),
    11: Gain(damage=4, initiative=1),
    12: Gain(parry=2, dodge=2),
    13: Gain(knockout_min=18),
    14: Gain(apm=1),
    15: Gain(death_blow_min=20),
}

# Assassin L2: +2 attacks (3 at L1, 5 at L2). Its L4 "+4 damage on all physical attacks" is
# the ordinary damage bonus. Gun bonuses: see PAL-STRIKE-BONUS-GUNS (catalogue L.10).
_ASSASSIN: dict[int, Gain] = {
    1: Gain(apm=3, strike=2, moves=_COMMON | {"power_kick", "body_flip", "paired_weapons"}),
    2: Gain(apm=2, initiative=1),
    3: Gain(pull=3, roll=2, moves=frozenset({"karate_punch"})),
    4: Gain(damage=4, initiative=1, moves=frozenset({"karate_kick"})),
    5: Gain(apm=1, strike_thrown=1),
    6: Gain(parry=3, dodge=3, entangle=2, moves=frozenset({"martial_arts_backhand"})),
    7: Gain(knockout_min=17, moves=frozenset({"leap_kick"})),
    8: Gain(apm=1, strike_guns=1, initiative=1),
    9: Gain(initiative=1, moves=frozenset({"back_flip"})),
    10: Gain(crit_min=19),
    11: Gain(strike=2, strike_thrown=1, strike_guns=1, moves=frozenset({"back_flip_attack"})),
    12: Gain(pull=2, death_blow_min=19),
    13: Gain(apm=1),
    14: Gain(damage=2, moves=frozenset({"holds"})),
    15: Gain(strike=2, strike_guns=1),
}

# PAL-STRIKE-H2H-BONUS-TABLES reading for Commando L5/L7/L12 (catalogue ❓, L.13): the style
# note denies an automatic dodge, so these are bonuses to an automatic dodge the character
# has from elsewhere (e.g. a Juicer); they do not grant one. Its L8 "jump kick" is read as
# the leap kick (PAL-DMG-CRIT speaks of a "jump/leap kick"; PAL-DMG-BASE-TABLE lists Commando
# among leap kickers). "+2 to all foot strikes" is a strike bonus for kicks and knees.
_COMMANDO: dict[int, Gain] = {
    1: Gain(
        apm=4,
        save_horror_factor=2,
        # The glossary gives Commando "the other foot strikes" (moves.py: ``foot_strikes``).
        moves=_COMMON | {"power_kick", "body_flip", "paired_weapons", "foot_strikes"},
    ),
    2: Gain(
        initiative=1,
        strike=1,
        parry=2,
        dodge=2,
        roll=3,
        pull=3,
        moves=frozenset({"backward_sweep"}),
    ),
    3: Gain(initiative=1, disarm=1, moves=frozenset({"karate_punch"})),
    4: Gain(apm=1, moves=frozenset({"karate_kick"})),
    5: Gain(auto_dodge=2, foot_strike=2),
    6: Gain(initiative=2, strike=1, parry=1, dodge=1, body_flip=1),
    7: Gain(damage=2, save_horror_factor=1, disarm=1, auto_dodge=1, pull=2),
    8: Gain(apm=1, body_flip=2, roll=1, moves=frozenset({"leap_kick"})),
    9: Gain(death_blow_min=18, pull=2),
    10: Gain(save_horror_factor=2, initiative=1, strike=1),
    11: Gain(disarm=1, pull=1, body_flip=2),
    12: Gain(damage=2, parry=1, dodge=1, auto_dodge=2),
    13: Gain(apm=1),
    14: Gain(initiative=1, moves=frozenset({"holds"})),
    15: Gain(crit_min=17),
}

STYLE_GAINS: Final[Mapping[str, Mapping[int, Gain]]] = MappingProxyType(
    {
        "none": MappingProxyType(_NONE),
        "basic": MappingProxyType(_BASIC),
        "expert": MappingProxyType(_EXPERT),
        "martial_arts": MappingProxyType(_MARTIAL_ARTS),
        "assassin": MappingProxyType(_ASSASSIN),
        "commando": MappingProxyType(_COMMANDO),
    }
)


def hand_to_hand(style: str, level: int) -> HandToHand:
    """The style's attacks, bonuses, ranges and moves at ``level`` (1..15), gains added up.

    Raises ``ValueError`` for an unknown style or a level outside 1..15. Rule ids: PAL-APM-H2H,
    PAL-APM-UNTRAINED, PAL-STRIKE-H2H-BONUS-TABLES, PAL-STRIKE-CRIT-RANGE, PAL-DMG-BASE-TABLE.
    """
    if style not in STYLE_GAINS:
        raise ValueError(f"unknown hand-to-hand style {style!r}; expected one of {STYLES}")
    if not 1 <= level <= MAX_LEVEL:
        raise ValueError(f"hand-to-hand level must be 1..{MAX_LEVEL}, got {level}")
    gains = [gain for lvl, gain in sorted(STYLE_GAINS[style].items()) if lvl <= level]
    totals = {name: sum(getattr(gain, name) for gain in gains) for name in BONUS_FIELDS}

    def latest(name: str) -> int | None:
        values = [getattr(gain, name) for gain in gains if getattr(gain, name) is not None]
        return values[-1] if values else None

    return HandToHand(
        style=style,
        level=level,
        trained=style != "none",
        **totals,
        crit_min=latest("crit_min") or 20,
        knockout_min=latest("knockout_min"),
        death_blow_min=latest("death_blow_min"),
        crit_from_behind=latest("crit_from_behind"),
        punch=PUNCH_DAMAGE,
        kick=KICK_DAMAGE,
        moves=frozenset().union(*(gain.moves for gain in gains)),
    )


# PAL-STRIKE-WP-PROGRESSION: the modern weapon proficiencies (seed 000, lines 1211-1220). Each
# lists the levels at which the W.P. gains +1 to strike; the gains add up. Only these W.P.s
# give a gun its strike bonus (PAL-STRIKE-BONUS-GUNS); without one the shooter gets no bonus and
# cannot aim or call a shot (PAL-STRIKE-NO-WP).
WeaponProficiency = Literal[
    "handguns",
    "rifles",
    "shotgun",
    "submachine_gun",
    "heavy_military",
    "flamethrower",
    "energy_pistol",
    "energy_rifle",
    "heavy_mega_damage",
]
WP_NAMES: Final[tuple[str, ...]] = get_args(WeaponProficiency)
WP_STRIKE_LEVELS: Final[Mapping[str, tuple[int, ...]]] = MappingProxyType(
    {
        "handguns": (2, 4, 6, 8, 10, 12, 14),
        "rifles": (1, 3, 5, 7, 9, 11, 13),
        "shotgun": (1, 3, 6, 10, 14),
        "submachine_gun": (1, 3, 6, 9, 12, 15),
        "heavy_military": (1, 3, 6, 10, 14),
        "flamethrower": (2, 5, 10, 15),
        "energy_pistol": (1, 3, 5, 7, 9, 11, 13, 15),
        "energy_rifle": (2, 4, 6, 8, 10, 12, 14),
        "heavy_mega_damage": (2, 4, 7, 10, 13),
    }
)
WP_TITLES: Final[Mapping[str, str]] = MappingProxyType(
    {
        "handguns": "W.P. Handguns",
        "rifles": "W.P. Rifles",
        "shotgun": "W.P. Shotgun",
        "submachine_gun": "W.P. Submachine-Gun",
        "heavy_military": "W.P. Heavy Military Weapons",
        "flamethrower": "W.P. Military Flamethrowers",
        "energy_pistol": "W.P. Energy Pistol",
        "energy_rifle": "W.P. Energy Rifle",
        "heavy_mega_damage": "W.P. Heavy Mega-Damage Weapons",
    }
)


def wp_strike_bonus(name: str, level: int) -> int:
    """The strike bonus of the modern W.P. ``name`` at ``level`` (PAL-STRIKE-WP-PROGRESSION).

    +1 at each listed level up to ``level``. Level 0 means the character lacks the W.P. and
    gets no bonus (PAL-STRIKE-NO-WP). Raises ``ValueError`` for an unknown W.P. or a level
    outside 0..15.
    """
    if name not in WP_STRIKE_LEVELS:
        raise ValueError(f"unknown weapon proficiency {name!r}; expected one of {WP_NAMES}")
    if not 0 <= level <= MAX_LEVEL:
        raise ValueError(f"W.P. level must be 0..{MAX_LEVEL}, got {level}")
    return sum(1 for gained in WP_STRIKE_LEVELS[name] if gained <= level)
