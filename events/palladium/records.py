"""Records the Palladium pack embeds in events: a fighter's profile, the encounter's options,
what a pending defence knows of its strike.

Rule ids cite ``shared/rules/palladium.md``. Units: ``sdc``/``hp`` pools are S.D.C./H.P.,
``mdc`` pools are M.D.C.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Annotated, Literal

import msgspec

from events.core import Modifier

DefenceChoice = Literal["parry", "dodge", "none", "simultaneous"]

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
    kind: Literal["melee", "ranged"]
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


# --- options ------------------------------------------------------------------------------


def _doc(rules: str, decides: str, ge: int | None = None, le: int | None = None) -> msgspec.Meta:
    """An option's rule ids and what it decides (``engine.rules.options.describe``)."""
    return msgspec.Meta(ge=ge, le=le, description=decides, extra={"rules": rules})


class PalladiumOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The Palladium pack's options, recorded in the encounter's first event.

    Each default is the rules as written (variant ``raw``); the house variant's differences
    are ``engine.rules.palladium.options.VARIANTS``. Where the text is ambiguous the reading is
    an option here (catalogue ❓ and ⚠ entries), never a silent guess.
    """

    nat1_always_misses: Annotated[
        bool,
        _doc(
            "PAL-STRIKE-NAT1 / PAL-HR-STRIKE-NAT1",
            "a natural 1 misses whatever the total (RAW); house: only if the total misses",
        ),
    ] = True
    npc_fixed_initiative: Annotated[
        bool,
        _doc(
            "PAL-INIT-ROLL / PAL-HR-INIT-NPC-FIXED",
            "NPCs take 10 + initiative bonuses instead of rolling",
        ),
    ] = False
    gunfire_dodge_h2h: Annotated[
        bool,
        _doc(
            "PAL-DEF-GUNFIRE-DODGE / PAL-HR-DEF-GUNFIRE-DODGE",
            "hand-to-hand dodge bonuses count against gunfire",
        ),
    ] = False
    defence_nat20_beats_all: Annotated[
        bool,
        _doc(
            "PAL-DEF-NAT20",
            "a natural 20 defence stops any strike that is not itself a natural 20 (reading)",
        ),
    ] = True
    destroyed_mdc_armor: Annotated[
        Literal["no_protection", "stops_7_or_less"],
        _doc(
            "PAL-DMG-MDC-ARMOR-ZERO",
            "what M.D.C. armor at 0 still does against S.D.C. strikes (000:L49 vs L995)",
        ),
    ] = "no_protection"
    sdc_vs_mdc_rounding: Annotated[
        Literal["down", "nearest"],
        _doc(
            "PAL-DMG-SDC-VS-MDC",
            "an S.D.C. hit of 100+ on M.D.C. becomes M.D. rounded down (150 -> 1) or to the "
            "nearest point (150 -> 2); the text only fixes 100 -> 1",
        ),
    ] = "down"
    h2h_gun_strike_bonus: Annotated[
        bool,
        _doc(
            "PAL-STRIKE-BONUS-GUNS",
            "hand-to-hand grants that name guns (Assassin L8, L11, L15) count on gun strikes, the"
            " one exception to 'no H2H bonus with guns' (catalogue L.10)",
        ),
    ] = True
    power_punch_critical: Annotated[
        Literal["double_total", "no_extra"],
        _doc(
            "PAL-DMG-POWER / PAL-DMG-CRIT",
            "a critical power punch doubles the power punch's total, or adds nothing",
        ),
    ] = "double_total"
    round_structure: Annotated[
        Literal["cycle", "passes"],
        _doc(
            "PAL-ROUND-SEQUENCE / PAL-HR-ROUND-PASSES",
            "one attack per turn, cycling the order until all are spent (RAW); or three passes, "
            "each a turn per fighter with that pass's share of his attacks",
        ),
    ] = "cycle"
    surprise: Annotated[
        Literal["ambush_initiative", "free_pass"],
        _doc(
            "PAL-INIT-AUTO-SNEAK / PAL-HR-SURPRISE",
            "`fracas surprise`: the ambushers act first in a normal round and their first attack "
            "cannot be parried or dodged (RAW); or a free single-pass round for them alone",
        ),
    ] = "ambush_initiative"
    surprised_may_defend: Annotated[
        bool,
        _doc(
            "PAL-HR-SURPRISE",
            "in a free surprise pass, surprised fighters not named --aware may still parry or "
            "dodge (the text only says aware targets may)",
        ),
    ] = False
    ranged_auto_initiative: Annotated[
        Literal["unseen_only", "any_long_range"],
        _doc(
            "PAL-INIT-AUTO-RANGED",
            "automatic initiative only for an unseen long-range attacker (the catalogue's reading"
            " of 000:L293), or for any long-range attacker (000:L21, L273)",
        ),
    ] = "unseen_only"
    lose_initiative: Annotated[
        Literal["last_this_round", "house"],
        _doc(
            "PAL-COND-KNOCKDOWN / PAL-HR-LOSE-INIT",
            "losing initiative moves the fighter to the end of this round's order (RAW reading); "
            "house: initiative 0 now if he has not acted this round, else 0 next round",
        ),
    ] = "last_this_round"
    holds: Annotated[
        bool,
        _doc(
            "PAL-HR-HOLD / PAL-HR-INTERRUPT / PAL-HR-COUNTER",
            "held actions with a trigger, interrupts by 1D100 + Spd, and counters",
        ),
    ] = False
    apm_ledger: Annotated[
        bool,
        _doc(
            "PAL-HR-APM-LEDGER / PAL-HR-APM-BOXING / PAL-HR-APM-H2H-RANGED-CAP / PAL-HR-APM-RPA",
            "restricted attacks: Boxing only for punches, at most half the hand-to-hand attacks "
            "on gunshots (more are shot wild), machine attacks only for the machine",
        ),
    ] = False
    psi_cost: Annotated[
        Literal["flat", "escalating"],
        _doc(
            "PAL-PSI-ACTION / PAL-HR-PSI-COST",
            "a psionic activation costs 1 attack (RAW), or 1, 2, 3 ... within the window below",
        ),
    ] = "flat"
    psi_cost_window: Annotated[
        Literal["turn", "pass", "round"],
        _doc(
            "PAL-HR-PSI-COST",
            "over what the escalating psionic cost counts activations (the text does not say)",
        ),
    ] = "round"
    range_bands: Annotated[
        bool,
        _doc(
            "PAL-STRIKE-RANGED-TARGET / PAL-HR-STRIKE-RANGE-BANDS",
            "a shot needs 8 (RAW); or 5 at punching range (and may be parried), 8 to half the "
            "weapon's range, 13 beyond",
        ),
    ] = False
    called_location_total: Annotated[
        int,
        _doc(
            "PAL-STRIKE-CALLED / PAL-HR-STRIKE-CALLED-12",
            "the total a called shot needs to strike the called location (0: none beyond the hit,"
            " RAW); below it the defender picks where the hit lands",
            ge=0,
            le=30,
        ),
    ] = 0
    point_blank_feet: Annotated[
        Literal[3, 5, 10],
        _doc(
            "PAL-HR-STRIKE-RANGE-BANDS",
            "how near, in feet, counts as punching range for a shot (the text gives no figure)",
        ),
    ] = 5
    beyond_range_shot: Annotated[
        bool,
        _doc(
            "PAL-RNG-BEYOND-RANGE",
            "a shot up to 30% past the weapon's range at -5 (RAW); the house rules do not say "
            "whether it stays",
        ),
    ] = True
    leap_kick_critical: Annotated[
        Literal["triple", "double"],
        _doc(
            "PAL-DMG-CRIT",
            "a critical leap (jump) kick is two critical sources combined and triples its damage"
            " (the reading of 000:L91), or doubles it like any critical",
        ),
    ] = "triple"
    pull_punch_floor: Annotated[
        Literal[0, 1],
        _doc(
            "PAL-DMG-PULL",
            "the least a pulled blow may be held to: no damage at all (000:L319) or one point "
            "(000:L93)",
        ),
    ] = 0
    parry_limit_reset: Annotated[
        Literal["round", "turn"],
        _doc(
            "PAL-DEF-MULTI-3",
            "the three attackers a defender may parry are counted over the melee round (RAW), "
            "or from his first parry until his next turn (house)",
        ),
    ] = "round"
    fixed_initiative_ties: Annotated[
        Literal["reroll", "rollers_first", "fixed_first"],
        _doc(
            "PAL-HR-INIT-ROLL / PAL-HR-INIT-NPC-FIXED",
            "a fighter with a fixed initiative tied with others: rolls 1D20 + bonuses only to "
            "break the tie (the RAW re-roll), or never rolls and goes after (before) those who "
            "rolled; the text does not say",
        ),
    ] = "reroll"

    special_blows: Annotated[
        Literal["automatic", "activate"],
        _doc(
            "PAL-DMG-KO / PAL-DMG-DEATHBLOW / PAL-HR-KO / PAL-HR-DEATHBLOW",
            "a natural roll in the knockout or death-blow range makes the blow one as it lands "
            "(RAW; the striker is asked only when both are open to him), or the striker is "
            "asked and pays one more attack to make it one (house)",
        ),
    ] = "automatic"


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
