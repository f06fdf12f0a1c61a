"""The Palladium (Rifts) character sheet: frozen attrs classes, cross-field checks, loading.

A sheet is read once, at the boundary (TOML, JSON or YAML), structured with the strict
converter of :mod:`engine.sheets`, then checked across fields; every problem comes back at once
in one :class:`~engine.sheets.SheetError`. The validated sheet is embedded in the log with
:func:`sheet_to_dict` and read back with :func:`sheet_from_dict`.

Schema (keys; optional ones have the default shown)::

    name = "Marcus Kell"               # required, not blank
    kind = "pc"                        # required: pc | npc
    pronoun = "they"                   # he | she | they | it: how texts speak of the fighter
    [attributes]                       # all optional, 1..100, default 10 (no attribute bonus)
    iq me ma ps pp pe pb spd = 10
    ps_type = "normal"                 # normal | augmented | robotic | supernatural
    [pools]                            # required: hp (>= 1) and sdc (>= 0), or mdc (>= 1) alone
    arms = 60                          # optional: M.D.C. of robot or bionic arms (a block)
    [hand_to_hand]                     # required
    style = "expert"                   # none | basic | expert | martial_arts | assassin | commando
    level = 3                          # 1..15
    critical = 18                      # optional: natural rolls from this up are criticals
    knockout = 19                      # optional: natural rolls from this up knock out
    death_blow = 20                    # optional: natural rolls from this up may be death blows
    death_blow_at_will = false         # a death blow at will, for two attacks
    paired_weapons = false             # W.P. Paired Weapons (needs two melee weapons)
    [bonuses]                          # all optional, default 0, -20..30 (apm -5..10)
    strike parry dodge initiative damage roll pull disarm entangle hold escape apm = 0
    pp_strike = 0                      # the P.P. share of strike (thrown weapons, bows)
    save_horror_factor = 0
    auto_dodge = false
    horror_factor = 12                 # optional, top level: the Horror Factor he inspires
    fire_immune = false                # top level: fire and heat do him no harm (plasma too)
    size = 3                           # top level: size class 0..11 (3 a human; house rules)
    [skills]                           # optional
    balance = 60                       # Acrobatics / Gymnastics balance %, 1..98
    targeting = 0                      # the Targeting skill's strike bonus (bows, thrown)
    [unarmed]                          # optional; required for supernatural P.S.
    punch = "2D6"                      # die expressions, both required in the table
    kick = "3D6"
    mega_damage = false
    [[missiles]]                       # optional list: sheet_weapons.py
    [[weapons]]                        # optional list; names unique (ignoring case)
    name = "vibro-knife"
    kind = "melee"                     # melee | ranged | launcher | grenade (sheet_weapons.py)
    damage = "1D6"                     # die expression (none for a launcher)
    mega_damage = false
    strike = 0                         # -20..30; melee: W.P. + weapon strike bonus;
                                       # ranged: the weapon's own bonus (the W.P. is `wp`)
    parry = 0                          # W.P. + weapon parry bonus (melee), -20..30
    range = 1600                       # ranged only: effective range in feet, >= 1
    blunt = false                      # melee only: club, mace, staff (can be rolled with)
    payload = 30                       # ranged only: shots a full clip or E-clip holds
    reload = 1                         # ranged only: attacks a reload takes (0..10)
    burst = { short = 3, long = 10 }   # ranged only: the bursts it fires: shots each spends;
                                       #   ["short", "long"] without payload (none counted)
    twin = false                       # ranged only: double-barrelled (a twin blast)
    thrown = 1                         # melee only: throwable, its W.P. thrown bonus
    bow = false                        # ranged only: a bow (strike = W.P. Archery bonus)
    stowed = "ready"                   # not in hand at the start: ready (holster) | pack
    wp = "energy_rifle"                # ranged only: the modern W.P. that applies (see below)
    machine = false                    # a robot's or power armor's weapon
    size = 5                           # the size class it is built for (default: his)
    mdc = 20                           # its own M.D.C.: a called shot at it (--at-weapon)
    healing = false                    # melee or ranged: it heals; its damage is negative
                                       #   ("-1D6"), refused without healing = true
    [weapon_proficiencies]             # optional: modern W.P. name -> level 1..15
    energy_rifle = 2                   # handguns rifles shotgun submachine_gun heavy_military
                                       # flamethrower energy_pistol energy_rifle heavy_mega_damage
    [apm_sources]                      # optional: restricted extra attacks per melee
    boxing = 0                         # 0..3: usable only for punches
    machine = 0                        # 0..10: from a robot / power armor, only for the machine
    [armor]                            # optional: mdc (>= 1) alone, or sdc (>= 1) with ar (1..20)
    name = "Urban Warrior"
    mdc = 50

Extensions beyond the first draft, each for a rule: ``bonuses.disarm`` and
``bonuses.entangle`` (categories of PAL-STRIKE-ROLL that the H2H tables also grant) and
``weapons[].parry`` (PAL-STRIKE-BONUS-MELEE: W.P. parry bonuses; the Ancient W.P. tables are
not in the seeds, catalogue M, so the sheet states them). Modern W.P.s are data
(PAL-STRIKE-WP-PROGRESSION, :func:`engine.rules.palladium.tables.wp_strike_bonus`): the sheet
gives the level of each W.P. the character has, and a ranged weapon names the W.P. it uses in
``wp``; a weapon whose W.P. the sheet lacks is used untrained (PAL-STRIKE-NO-WP), and so is a
ranged weapon with no ``wp``. ``range`` is what PAL-RNG-BEYOND-RANGE and the house range bands
(PAL-HR-STRIKE-RANGE-BANDS) measure against. ``bonuses.apm`` stays the unrestricted extra
attacks; ``apm_sources`` holds the restricted ones (PAL-HR-APM-BOXING, PAL-HR-APM-RPA), which
count in the total attacks per melee either way.
"""

from typing import Annotated, Literal

import attrs

from engine.dice import parse_spec
from engine.rules.palladium.sheet_weapons import Missile, missiles_problems, weapons_problems
from engine.rules.palladium.tables import WeaponProficiency
from engine.sheets import Label, Range, Satisfies, problem
from events.core import Pronoun

Attribute = Annotated[int, Range(1, 100)]
Bonus = Annotated[int, Range(-20, 30)]
DieExpression = Annotated[str, Satisfies(parse_spec, "a die expression such as 1D6, 2D6x10, 1D4+2")]


Name = Label


@attrs.frozen(kw_only=True)
class Attributes:
    """The eight attributes (1..100; a missing one is 10, which gives no bonus) and P.S. type.

    ``ps_type`` says which strength table applies (PAL-DMG-PS-BONUS, PAL-DMG-AUG-ROBOT-PS,
    PAL-DMG-SUPERNATURAL-PS). The attribute bonus tables are not in the seeds (catalogue M): the
    sheet states attribute bonuses in ``bonuses`` (e.g. P.S. 20 gives +5 damage).
    """

    iq: Attribute = 10
    me: Attribute = 10
    ma: Attribute = 10
    ps: Attribute = 10
    pp: Attribute = 10
    pe: Attribute = 10
    pb: Attribute = 10
    spd: Attribute = 10
    ps_type: Literal["normal", "augmented", "robotic", "supernatural"] = "normal"


@attrs.frozen(kw_only=True)
class Pools:
    """Damage pools at full strength (PAL-DMG-POOLS): H.P. and S.D.C., or M.D.C. instead."""

    hp: Annotated[int, Range(1)] | None = None
    sdc: Annotated[int, Range(0)] | None = None
    mdc: Annotated[int, Range(1)] | None = None
    #: M.D.C. of a robot's or bionic arms that may cover the main body (PAL-MSL-BLOCK).
    arms: Annotated[int, Range(1)] | None = None


@attrs.frozen(kw_only=True)
class Training:
    """The hand-to-hand style and the level it is known at (PAL-APM-H2H, PAL-APM-UNTRAINED)."""

    style: Literal["none", "basic", "expert", "martial_arts", "assassin", "commando"]
    level: Annotated[int, Range(1, 15)]
    #: Natural ranges the sheet states over the style's (a creature's, a sourcebook style's):
    #: the lowest natural roll that is a critical (PAL-STRIKE-CRIT-RANGE), a knockout
    #: (PAL-DMG-KO), a death blow (PAL-DMG-DEATHBLOW).
    critical: Annotated[int, Range(2, 20)] | None = None
    knockout: Annotated[int, Range(2, 20)] | None = None
    death_blow: Annotated[int, Range(2, 20)] | None = None
    #: A death blow at will, for two attacks (PAL-DMG-DEATHBLOW, "without limit").
    death_blow_at_will: bool = False
    #: W.P. Paired Weapons (PAL-DEF-PAIRED), beside the styles that grant it.
    paired_weapons: bool = False


@attrs.frozen(kw_only=True)
class Skills:
    """The skills the combat rules read: a balance skill's percentage (Acrobatics,
    Gymnastics), which keeps a fighter on his feet against a body block (PAL-DMG-BODYBLOCK)."""

    balance: Annotated[int, Range(1, 98)] | None = None
    #: The Targeting skill's strike bonus with bows and thrown things (PAL-HR-STRIKE-BOWS).
    targeting: Annotated[int, Range(0, 10)] = 0


@attrs.frozen(kw_only=True)
class Bonuses:
    """Bonuses from everything but the hand-to-hand style: attributes, O.C.C., skills, bionics.

    They are added to what :func:`engine.rules.palladium.tables.hand_to_hand` gives. ``damage``
    is S.D.C. (PAL-DMG-PS-BONUS; never added against M.D.C., PAL-DMG-SDC-VS-MDC); ``apm`` adds
    attacks per melee; ``auto_dodge`` grants an automatic dodge (PAL-DEF-AUTODODGE) and
    ``auto_dodge_bonus`` is what bonuses naming the automatic dodge add to it (e.g. a Juicer's).
    """

    strike: Bonus = 0
    parry: Bonus = 0
    dodge: Bonus = 0
    initiative: Bonus = 0
    damage: Bonus = 0
    roll: Bonus = 0
    pull: Bonus = 0
    disarm: Bonus = 0
    entangle: Bonus = 0
    #: To hold, and to keep a hold against an escape: put the P.P. bonus here (PAL-COND-HELD).
    hold: Bonus = 0
    #: To escape a hold (an O.C.C.'s or a skill's, e.g. Escape Artist), PAL-COND-HELD.
    escape: Bonus = 0
    save_horror_factor: Bonus = 0
    #: The P.P. attribute's share of ``strike``: alone it counts for thrown weapons and bows
    #: (PAL-HR-STRIKE-THROWN, PAL-HR-STRIKE-BOWS).
    pp_strike: Bonus = 0
    apm: Annotated[int, Range(-5, 10)] = 0
    auto_dodge: bool = False
    auto_dodge_bonus: Bonus = 0


@attrs.frozen(kw_only=True)
class Unarmed:
    """Punch and kick damage stated by the sheet, replacing the 1D4 / 1D8 S.D.C. defaults.

    Needed where the strength tables are missing from the seeds (catalogue M): supernatural,
    augmented or robot P.S. ``mega_damage`` says the dice are M.D. rather than S.D.C.
    """

    punch: DieExpression
    kick: DieExpression
    mega_damage: bool = False


#: A size class (PAL-HR-SIZE-CLASS), 0 an acorn to 11.
SizeClass = Annotated[int, Range(0, 11)]

#: The bursts a gun fires (``shoot --burst``, PAL-RNG-BURST, PAL-RNG-PULSE).
BurstKind = Literal["short", "long", "pulse"]
#: Each burst a gun fires, with the shots it spends from the payload.
Bursts = dict[BurstKind, Annotated[int, Range(1, 1000)]]


@attrs.frozen(kw_only=True)
class Weapon:
    """A weapon: damage dice in S.D.C., or M.D. when ``mega_damage``.

    ``strike``: for a melee weapon the W.P. and weapon bonus together, as the sheet states them
    (PAL-STRIKE-BONUS-MELEE); for a ranged weapon the weapon's own bonus only, since the W.P.
    bonus comes from the W.P. table through ``wp`` (PAL-STRIKE-BONUS-GUNS,
    PAL-STRIKE-WP-PROGRESSION). ``range`` is the effective range in feet (ranged weapons,
    PAL-RNG-BEYOND-RANGE); ``machine`` marks a robot's or power armor's weapon
    (PAL-HR-APM-RPA).
    """

    name: Name
    kind: Literal["melee", "ranged", "launcher", "grenade"]
    #: None only for a launcher, whose damage is its missiles' (:mod:`sheet_weapons`).
    damage: DieExpression | None = None
    mega_damage: bool = False
    strike: Bonus = 0
    parry: Bonus = 0
    range: Annotated[int, Range(1)] | None = None
    wp: WeaponProficiency | None = None
    machine: bool = False
    blunt: bool = False
    #: Ranged only: shots a full clip holds (PAL-RNG-PAYLOAD); attacks a reload takes.
    payload: Annotated[int, Range(1, 10000)] | None = None
    reload: Annotated[int, Range(0, 10)] = 1
    #: Ranged only: the bursts it fires, each with the shots it spends (PAL-RNG-BURST); a
    #: list of their names where no shots are counted (:mod:`sheet_io`).
    burst: Bursts = attrs.field(factory=dict)
    #: Ranged only: double-barrelled, fires a twin blast (PAL-RNG-DUAL).
    twin: bool = False
    #: Melee only: it may be thrown (``throw``), and this is its W.P.'s thrown strike bonus
    #: (PAL-STRIKE-THROW, PAL-HR-STRIKE-THROWN); ``range`` is then how far it carries.
    thrown: Bonus | None = None
    #: Ranged only: a bow; ``strike`` is then the W.P. Archery bonus (PAL-HR-STRIKE-BOWS).
    bow: bool = False
    #: Not in hand at the start: holstered or slung ("ready"), or in a pack ("pack"); drawn
    #: with ``draw`` (PAL-HR-MISC-COSTS).
    stowed: Literal["ready", "pack"] | None = None
    #: Grenade only: its blast radius in feet, how far a throw scatters ("hand" 1D4 yards,
    #: "launched" 1D6, "ied" 1D8; PAL-HR-GRENADE-SCATTER), and how many he carries.
    blast_radius: Annotated[int, Range(0, 5280)] | None = None
    scatter: Literal["hand", "launched", "ied"] | None = None
    count: Annotated[int, Range(0, 1000)] | None = None
    #: Launcher only: the missiles it fires and the most in one volley (PAL-MSL-VOLLEY).
    missiles: Name | None = None
    rate: Annotated[int, Range(1, 100)] | None = None
    #: The size class it is built for, if not its wielder's (PAL-HR-SIZE-CLASS).
    size: SizeClass | None = None
    #: Its own M.D.C., what a called shot at it must shoot off (PAL-RNG-TARGET-WEAPON).
    mdc: Annotated[int, Range(1, 10000)] | None = None
    #: Melee or ranged only: a weapon that heals, its ``damage`` negative ("-1D6"): a hit
    #: gives back what the dice take away, as ``ruling --heal`` does (no damage bonus added).
    #: A negative damage is refused without it (:func:`sheet_weapons.sign_problems`).
    healing: bool = False


WpLevels = dict[WeaponProficiency, Annotated[int, Range(1, 15)]]


@attrs.frozen(kw_only=True)
class ApmSources:
    """Extra attacks per melee that may pay only for some actions (PAL-HR-APM-LEDGER).

    ``boxing``: attacks usable only for punches (PAL-HR-APM-BOXING); ``machine``: attacks from
    a robot or power armor, usable only with the machine and its weapons (PAL-HR-APM-RPA). Both
    add to the total attacks per melee; the unrestricted extra attacks stay ``bonuses.apm``.
    """

    boxing: Annotated[int, Range(0, 3)] = 0
    machine: Annotated[int, Range(0, 10)] = 0


@attrs.frozen(kw_only=True)
class Armor:
    """Body armor: M.D.C. (no A.R., PAL-DMG-AR-MDC) or S.D.C. with an A.R. (PAL-DMG-AR-SDC)."""

    name: Name
    mdc: Annotated[int, Range(1)] | None = None
    sdc: Annotated[int, Range(1)] | None = None
    ar: Annotated[int, Range(1, 20)] | None = None


@attrs.frozen(kw_only=True)
class PalladiumSheet:
    """A validated Palladium / Rifts combatant.

    Units: ``pools.hp`` are Hit Points and ``pools.sdc`` S.D.C. for an S.D.C. being;
    ``pools.mdc`` is M.D.C. for a Mega-Damage being (PAL-DMG-POOLS); weapon and unarmed dice
    are S.D.C. unless marked ``mega_damage`` (1 M.D. = 100 S.D.C., PAL-DMG-MD-TO-SDC); armor is
    M.D.C., or S.D.C. with an A.R. (PAL-DMG-AR-SDC, PAL-DMG-AR-MDC). Bonuses are d20 modifiers
    except ``damage`` (S.D.C.) and ``apm`` (attacks per melee, PAL-APM-H2H).
    ``weapon_proficiencies`` maps a modern W.P. to its level (PAL-STRIKE-WP-PROGRESSION);
    ``apm_sources`` holds restricted extra attacks (PAL-HR-APM-BOXING, PAL-HR-APM-RPA). The
    sheet has no id: the CLI derives one. See the module docstring for the keys.
    """

    name: Name
    kind: Literal["pc", "npc"]
    #: How texts speak of the fighter (he, she, they, it); "they" when the sheet is silent.
    pronoun: Pronoun = "they"
    attributes: Attributes = Attributes()
    pools: Pools
    hand_to_hand: Training
    bonuses: Bonuses = Bonuses()
    unarmed: Unarmed | None = None
    weapons: tuple[Weapon, ...] = ()
    armor: Armor | None = None
    weapon_proficiencies: WpLevels = attrs.field(factory=dict)
    apm_sources: ApmSources = ApmSources()
    #: The Horror Factor he inspires (PAL-COND-HORROR), 1..20.
    horror_factor: Annotated[int, Range(1, 20)] | None = None
    #: Resistant or impervious to fire and heat: plasma does him no harm (PAL-MSL-PLASMA).
    fire_immune: bool = False
    #: His size class (PAL-HR-SIZE-CLASS): 0 an acorn, 3 an adult human, 4 a car or small power
    #: armor, 5 a Glitter Boy, 6 a Spider-Skull Walker ... 11.
    size: SizeClass = 3
    skills: Skills = Skills()
    #: The missiles he carries for his launchers (:mod:`sheet_weapons`).
    missiles: tuple[Missile, ...] = ()

    @property
    def mega_damage_being(self) -> bool:
        """Whether the combatant has an M.D.C. body rather than S.D.C. and H.P."""
        return self.pools.mdc is not None


def pools_problems(pools: Pools) -> list[str]:
    """PAL-DMG-POOLS: S.D.C. beings have H.P. and S.D.C.; M.D.C. beings one M.D.C. pool instead."""
    if pools.mdc is not None:
        if pools.hp is not None or pools.sdc is not None:
            return [problem("pools", "give hp and sdc (an S.D.C. being) or mdc alone, not both")]
        return []
    return [
        problem(f"pools.{key}", "required (or give pools.mdc alone for a Mega-Damage being)")
        for key in ("hp", "sdc")
        if getattr(pools, key) is None
    ]


def armor_problems(armor: Armor | None) -> list[str]:
    """PAL-DMG-AR-MDC / PAL-DMG-AR-SDC: M.D.C. armor has no A.R.; S.D.C. armor needs one."""
    if armor is None:
        return []
    if armor.mdc is not None:
        return [
            problem(f"armor.{key}", "not allowed with armor.mdc: M.D.C. armor has no A.R.")
            for key in ("sdc", "ar")
            if getattr(armor, key) is not None
        ]
    if armor.sdc is None and armor.ar is None:
        return [problem("armor", "give mdc, or sdc together with ar")]
    return [
        problem(f"armor.{key}", f"required with armor.{other} (S.D.C. armor has both)")
        for key, other in (("sdc", "ar"), ("ar", "sdc"))
        if getattr(armor, key) is None
    ]


def unarmed_problems(attributes: Attributes, unarmed: Unarmed | None) -> list[str]:
    """PAL-DMG-SUPERNATURAL-PS: its damage table is not in the seeds, so the sheet states it."""
    if attributes.ps_type == "supernatural" and unarmed is None:
        return [
            problem(
                "unarmed",
                'required when attributes.ps_type is "supernatural": the supernatural P.S. '
                "damage table is not in the rules text, so state punch and kick damage",
            )
        ]
    return []


def training_problems(training: Training, weapons: tuple[Weapon, ...]) -> list[str]:
    """Paired weapons need two melee weapons to pair (PAL-DEF-PAIRED); a death blow at will
    needs no natural range as well (PAL-DMG-DEATHBLOW: one or the other)."""
    found = []
    melee = sum(1 for w in weapons if w.kind == "melee")
    if training.paired_weapons and melee < 2:
        found.append(
            problem(
                "hand_to_hand.paired_weapons",
                f"needs two melee weapons in weapons to pair; the sheet has {melee}",
            )
        )
    if training.death_blow_at_will and training.death_blow is not None:
        found.append(
            problem(
                "hand_to_hand.death_blow",
                "give a natural range or death_blow_at_will, not both",
            )
        )
    return found


def sheet_problems(sheet: PalladiumSheet) -> tuple[str, ...]:
    """The cross-field problems of a structured sheet (empty when it is valid)."""
    return tuple(
        pools_problems(sheet.pools)
        + armor_problems(sheet.armor)
        + weapons_problems(sheet.weapons)
        + unarmed_problems(sheet.attributes, sheet.unarmed)
        + training_problems(sheet.hand_to_hand, sheet.weapons)
        + missiles_problems(sheet.missiles, sheet.weapons)
    )
