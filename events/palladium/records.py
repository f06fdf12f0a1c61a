"""Records the Palladium pack embeds in events: a fighter's profile, the encounter's options,
what a pending defence knows of its strike.

Rule ids cite ``shared/rules/palladium.md``. Units: ``sdc``/``hp`` pools are S.D.C./H.P.,
``mdc`` pools are M.D.C.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

import msgspec

from events.core import Modifier

#: A burst of automatic fire or an energy pulse (``shoot --burst``), PAL-RNG-BURST.
BurstName = Literal["short", "long", "pulse"]

DefenceChoice = Literal[
    "parry",
    "dodge",
    "none",
    "simultaneous",
    "roll",
    "entangle",
    "disarm",
    "back-flip",
    "paired",
    "counter-volley",
    "shoot-down",
    "block",
]

#: The kinds of missile of PAL-MSL-DATA (``[[missiles]] type``).
MissileType = Literal["mini", "short", "medium", "long"]
#: What a missile's warhead is (PAL-MSL-AP, PAL-MSL-PLASMA; the others explode as written).
Warhead = Literal[
    "high_explosive", "fragmentation", "armor_piercing", "plasma", "smoke", "gas", "other"
]

#: The holds of PAL-COND-HELD (``grapple A B --hold arm|leg|body|neck``).
HoldName = Literal["arm", "leg", "body", "neck"]

#: The answer to a knockout or death-blow chance (``activate A knockout|death-blow|no``).
BlowChoice = Literal["knockout", "death-blow", "no"]

#: The hand-to-hand moves ``strike --move`` names (engine/rules/palladium/moves.py: what each
#: does, which style grants it).
MoveName = Literal[
    "punch",
    "kick",
    "snap-kick",
    "karate-kick",
    "roundhouse",
    "axe-kick",
    "leap-kick",
    "jump-kick",
    "backward-sweep",
    "trip",
    "elbow",
    "knee",
    "backhand",
    "karate-punch",
    "body-flip",
]


class WeaponProfile(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon as the rules use it: damage dice, whether it deals Mega-Damage, strike bonus."""

    name: str
    kind: Literal["melee", "ranged", "launcher", "grenade"]
    damage: str
    mega_damage: bool = False
    strike: int = 0
    parry: int = 0
    #: Effective range in feet (ranged weapons; None: the sheet gives none).
    range: int | None = None
    #: The weapon proficiency that applies (e.g. "energy_rifle"; None: none named).
    wp: str | None = None
    #: The wielder's level in ``wp`` (0: he lacks it, PAL-STRIKE-NO-WP).
    wp_level: int = 0
    #: The strike bonus the W.P. table gives at ``wp_level`` (PAL-STRIKE-WP-PROGRESSION).
    wp_strike: int = 0
    #: A robot's or power armor's weapon: machine attacks may pay for it (PAL-HR-APM-RPA).
    machine: bool = False
    #: A blunt weapon (club, mace, staff): its blows can be rolled with (PAL-DEF-ROLL-IMPACT).
    blunt: bool = False
    #: Shots a full clip or magazine holds (None: no count kept), PAL-RNG-PAYLOAD; attacks a
    #: reload takes (PAL-HR-MISC-COSTS).
    payload: int | None = None
    reload: int = 1
    #: The bursts it fires and the shots each spends: "short", "long", "pulse" (PAL-RNG-BURST).
    bursts: dict[str, int] = msgspec.field(default_factory=dict)
    #: Double-barrelled: fires a twin blast for one attack (PAL-RNG-DUAL).
    twin: bool = False
    #: A launcher: the missiles it fires (a ``Profile.missiles`` name) and the most it fires
    #: in one volley, its rate of fire (PAL-MSL-VOLLEY).
    missiles: str | None = None
    rate: int = 1
    #: A grenade's blast radius in feet and scatter ("hand", "launched", "ied"),
    #: PAL-HR-GRENADE-SCATTER; how many he carries is its ``payload``.
    blast_radius: int = 0
    scatter: str | None = None
    #: A melee weapon that may be thrown, with its W.P.'s thrown strike bonus (None: not
    #: thrown), PAL-STRIKE-THROW; a bow, whose ``strike`` is W.P. Archery's (PAL-HR-STRIKE-BOWS).
    thrown: int | None = None
    bow: bool = False
    #: Where it is carried at the start, if not in hand: "ready" (a holster, a sling) or
    #: "pack" (PAL-HR-MISC-COSTS: drawing costs one attack, or two or more).
    stowed: str | None = None
    #: The size class it is built for, if not its wielder's (PAL-HR-SIZE-CLASS).
    size: int | None = None
    #: Its own M.D.C. (PAL-RNG-TARGET-WEAPON); None: the sheet gives none.
    mdc: int | None = None
    #: A weapon that heals: its damage is negative ("-1D6") and a hit gives back what the
    #: dice take away (the sheet's ``healing = true``; README, "Sheets").
    healing: bool = False


class MissileProfile(msgspec.Struct, frozen=True, kw_only=True):
    """A kind of missile a fighter carries (``[[missiles]]``): its damage dice ("" for none,
    smoke or gas), blast radius in feet, speed in mph, its own M.D.C. (PAL-MSL-MDC), whether it
    is guided or smart (PAL-MSL-BONUS, PAL-MSL-SMART), and how many he starts with."""

    name: str
    type: MissileType
    warhead: Warhead = "high_explosive"
    damage: str = ""
    mega_damage: bool = True
    blast_radius: int = 0
    speed: int = 500
    mdc: int = 25
    smart: bool = False
    guided: bool = False
    count: int = 0
    #: A multi-warhead: the missiles it releases on arrival and how many (PAL-MSL-MULTI-WARHEAD).
    releases: str | None = None
    warheads: int = 4


class ArmorProfile(msgspec.Struct, frozen=True, kw_only=True):
    """Worn armor: M.D.C. armor (``mdc``), or S.D.C. armor (``sdc`` with Armor Rating ``ar``)."""

    name: str
    mdc: int | None = None
    sdc: int | None = None
    ar: int | None = None


class Profile(msgspec.Struct, frozen=True, kw_only=True):
    """What the rules derive from a sheet once, at join: attacks, bonuses by category, pools.

    Each bonus list holds the modifiers with their sources, so a roll can explain itself
    (PAL-STRIKE-ROLL: categories are never mixed). ``crit_min`` is the lowest natural strike
    that is a critical (PAL-STRIKE-CRIT-RANGE).
    """

    name: str
    kind: str
    style: str = "none"
    level: int = 1
    attacks: tuple[Modifier, ...]
    strike: tuple[Modifier, ...] = ()
    parry: tuple[Modifier, ...] = ()
    dodge: tuple[Modifier, ...] = ()
    dodge_sheet: tuple[Modifier, ...] = ()
    initiative: tuple[Modifier, ...] = ()
    damage: tuple[Modifier, ...] = ()
    roll: tuple[Modifier, ...] = ()
    crit_min: int = 20
    moves: tuple[str, ...] = ()
    trained: bool = False
    auto_dodge: bool = False
    punch: str = "1D4"
    kick: str = "1D8"
    unarmed_mega: bool = False
    weapons: tuple[WeaponProfile, ...] = ()
    #: The missiles he carries for his launchers (PAL-MSL-VOLLEY).
    missiles: tuple[MissileProfile, ...] = ()
    hp: int = 0
    sdc: int = 0
    mdc: int | None = None
    pe: int = 10
    ps_type: str = "normal"
    armor: ArmorProfile | None = None
    #: Bonuses to an automatic dodge: the sheet's (P.P.) dodge bonus and hand-to-hand bonuses
    #: that name the automatic dodge, never the ordinary H2H dodge bonus (PAL-DEF-AUTODODGE).
    auto_dodge_bonus: tuple[Modifier, ...] = ()
    #: Hand-to-hand grants that name guns (Assassin L8/L11/L15), PAL-STRIKE-BONUS-GUNS.
    strike_guns: tuple[Modifier, ...] = ()
    #: Where the attacks come from and what each may pay for (PAL-HR-APM-LEDGER): source
    #: kind ("hand_to_hand", "general", "boxing", "machine") -> attacks per melee.
    apm_sources: dict[str, int] = msgspec.field(default_factory=dict)
    #: Weapon proficiencies and their levels (``[weapon_proficiencies]`` of the sheet).
    weapon_proficiencies: dict[str, int] = msgspec.field(default_factory=dict)
    #: The Spd attribute (PAL-HR-INTERRUPT rolls 1D100 + Spd).
    spd: int = 10
    #: Pull punch bonuses (PAL-DMG-PULL).
    pull: tuple[Modifier, ...] = ()
    #: Strike bonuses for foot strikes only (Commando L5, PAL-STRIKE-H2H-BONUS-TABLES).
    foot_strike: tuple[Modifier, ...] = ()
    #: Bonuses to a body flip or throw (Commando L6, L8, L11).
    body_flip: tuple[Modifier, ...] = ()
    #: Damage multiplier of a critical strike from behind (PAL-DMG-CRIT-BEHIND), or None.
    crit_from_behind: int | None = None
    #: Lowest natural strike that knocks out or stuns (PAL-DMG-KO), or None.
    knockout_min: int | None = None
    #: Lowest natural strike that may be a death blow (PAL-DMG-DEATHBLOW), or None.
    death_blow_min: int | None = None
    #: A death blow at will, for two attacks (PAL-DMG-DEATHBLOW "without limit").
    death_blow_at_will: bool = False
    #: Disarm, entangle and hold bonuses (PAL-DEF-DISARM, PAL-DEF-ENTANGLE, PAL-COND-HELD).
    disarm: tuple[Modifier, ...] = ()
    entangle: tuple[Modifier, ...] = ()
    hold: tuple[Modifier, ...] = ()
    escape: tuple[Modifier, ...] = ()
    #: The P.P. and P.S. attribute scores (escaping a hold, PAL-COND-HELD; a body block's
    #: knockdown, PAL-DMG-BODYBLOCK).
    pp: int = 10
    ps: int = 10
    #: W.P. Paired Weapons (PAL-DEF-PAIRED), from the style or the sheet.
    paired: bool = False
    #: Horror Factor (PAL-COND-HORROR), or None; bonuses to save against one.
    horror_factor: int | None = None
    save_horror: tuple[Modifier, ...] = ()
    #: A balance skill's percentage (Acrobatics, Gymnastics), or None (PAL-DMG-BODYBLOCK).
    balance: int | None = None
    #: The P.P. share of the strike bonus, and the Targeting skill's strike bonus: what
    #: thrown weapons and bows count (PAL-HR-STRIKE-THROWN, PAL-HR-STRIKE-BOWS).
    pp_strike: int = 0
    targeting: int = 0
    #: Fire and heat do him no harm, plasma neither (PAL-MSL-PLASMA).
    fire_immune: bool = False
    #: His size class, 0 (an acorn) to 11; 3 an adult human (PAL-HR-SIZE-CLASS).
    size: int = 3
    #: The M.D.C. of a robot's or a cyborg's arms, that may shield his main body from a
    #: volley (PAL-MSL-BLOCK); None: no such arms.
    arms: int | None = None


class Covering(msgspec.Struct, frozen=True, kw_only=True):
    """Covering fire laid down (PAL-HR-RNG-COVERING-FIRE): the weapon, and each committed
    burst attack's total and natural die, one hit each on whoever moves through it."""

    weapon: str
    totals: tuple[int, ...]
    naturals: tuple[int, ...]


class LiveGrenade(msgspec.Struct, frozen=True, kw_only=True):
    """A grenade thrown and not yet gone off (PAL-HR-GRENADE-DELAY): at whom, which, the
    throw's total and natural die and whether it hit, and who else stands near."""

    target: str
    weapon: str
    total: int
    natural: int
    hits: bool
    caught: tuple[str, ...] = ()
    #: Its target rolls with the blast when it goes off (PAL-MSL-ROLL).
    roll: bool = False
    #: How its target's dodge left him (PAL-MSL-DODGE): "radius" or "clear"; None: no dodge,
    #: or a failed one.
    dodged: str | None = None


class Volley(msgspec.Struct, frozen=True, kw_only=True):
    """A volley of missiles waiting for its target's answer (PAL-MSL-VOLLEY): the missile (its
    data copied from the shooter's sheet), how many were launched and how many are still
    coming (the house damage multiple, PAL-HR-MSL-DAMAGE-MULT), the blast radius it has, the
    M.D.C. already shot off the missile being fired at, the shoot-down attacks made at it, and
    the fighters caught in its blast radius besides the target."""

    missile: MissileProfile
    launched: int
    left: int
    radius: int
    wounded: int = 0
    shot_at: int = 0
    caught: tuple[str, ...] = ()
    #: Which pass a smart missile is making at its target (PAL-MSL-SMART), 1 for the first.
    passes: int = 1


class StrikeDetail(msgspec.Struct, frozen=True, kw_only=True):
    """What a pending defence knows of the strike it answers (``ReactionRequested.detail``).

    ``parry_allowed``: a shot that may be parried (point-blank under the house range bands,
    PAL-HR-STRIKE-RANGE-BANDS).
    """

    action: str
    weapon: str | None
    total: int
    natural: int
    critical: bool = False
    ranged: bool = False
    parry_allowed: bool = False
    #: The hand-to-hand move struck with (``strike --move``; None: a plain strike).
    move: str | None = None
    #: Points the striker pulls his blow to (PAL-DMG-PULL; None: a full blow).
    pull: int | None = None
    #: Why the defender may not parry or dodge at all (PAL-DEF-LOS, -SNEAK), or "".
    undefendable: str = ""
    #: What a critical multiplies damage by (2; 3 for combined criticals or an Expert's
    #: critical from behind, PAL-DMG-CRIT, PAL-DMG-CRIT-BEHIND), and the rule that says so.
    critical_times: int = 2
    critical_rule: str = "PAL-DMG-CRIT"
    #: Who is struck (for an answer that comes after the defence, such as an activation).
    target: str = ""
    #: The special blow the striker's natural roll allows and he chose ("knockout",
    #: "death-blow"), "no" when he declined, "" before any choice (PAL-DMG-KO,
    #: PAL-DMG-DEATHBLOW).
    blow: str = ""
    #: What the strike is for beyond a blow: "hold" (a grapple, PAL-COND-HELD), "body-block"
    #: (PAL-DMG-BODYBLOCK), "disarm" (PAL-DEF-DISARM); "" for a blow.
    purpose: str = ""
    #: What the purpose is at: a grapple's hold ("arm", "leg", "body", "neck"), a disarm's
    #: weapon.
    at: str | None = None
    #: The defender rolled with the impact (PAL-DEF-ROLL-IMPACT): half damage, or the
    #: special blow's other effect.
    rolled: bool = False
    #: A hit from behind by a style that makes it a critical or a knockout, the striker's
    #: choice (PAL-DMG-CRIT-BEHIND).
    behind: bool = False
    #: How far the shooter stands, in feet, when the shot says (PAL-DEF-GUNFIRE-DODGE).
    range_ft: int | None = None
    #: A twin blast: both barrels' damage (PAL-RNG-DUAL).
    twin: bool = False
    #: A volley of missiles on its way (``launch``): what it is and how much of it is left.
    volley: Volley | None = None
