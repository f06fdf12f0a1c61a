"""Events of the Palladium (Rifts) rules pack: declarations, rolls, attacks spent, damage.

Rule ids cite ``shared/rules/palladium.md``. Units: ``sdc``/``hp`` pools are S.D.C./H.P.,
``mdc`` pools are M.D.C.; a damage roll says its unit ("SDC" or "MD").
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

import msgspec

from events.core import (
    Declaration,
    Event,
    InitiativeDeclared,
    Modifier,
    Roll,
    RulingDeclared,
)
from events.upcasts import Body, Upcast, UpcastError, rename, rolls_v2, split_ruling

DefenceChoice = Literal["parry", "dodge", "none", "simultaneous"]
DamageUnit = Literal["SDC", "MD"]
Pool = Literal["armor", "sdc", "hp", "mdc"]


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


# --- declarations -------------------------------------------------------------------------


class MeleeRoundDeclared(
    InitiativeDeclared, frozen=True, kw_only=True, tag="palladium.initiative_declared"
):
    """The GM starts a melee round: everyone rolls initiative (PAL-INIT-ROLL).

    ``ambush``: undetected sneak attackers, first without a roll and their first attack
    undefendable (PAL-INIT-AUTO-SNEAK, PAL-DEF-SNEAK). ``unseen``: unseen long-range
    attackers, first without a roll; each target of their first shot loses initiative and
    may not dodge it (PAL-INIT-AUTO-RANGED). ``long_range``: long-range attackers who are
    seen, first without a roll only under the ``any_long_range`` reading.
    """

    ambush: tuple[str, ...] = ()
    unseen: tuple[str, ...] = ()
    long_range: tuple[str, ...] = ()


class SurpriseDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.surprise_declared"):
    """The GM rules complete surprise: ``attackers`` (in the order given) surprise the rest;
    ``aware`` targets may defend (PAL-HR-SURPRISE, or PAL-INIT-AUTO-SNEAK under RAW)."""

    attackers: tuple[str, ...]
    aware: tuple[str, ...] = ()


class StrikeDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.strike_declared"):
    """A one-attack strike at ``target`` with ``weapon`` (None: a punch), PAL-STRIKE-ROLL.

    ``defend`` is the defender's answer decided in advance; None leaves it pending.
    """

    actor: str
    target: str
    weapon: str | None = None
    defend: DefenceChoice | None = None


class PowerPunchDeclared(
    Declaration, frozen=True, kw_only=True, tag="palladium.power_punch_declared"
):
    """A power punch (or kick): two attacks, lands on the second, PAL-DMG-POWER."""

    actor: str
    target: str
    kick: bool = False
    defend: DefenceChoice | None = None


class ShootDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.shoot_declared"):
    """A shot with a ranged weapon: single (1 attack), aimed (2, +2), called (2) or aimed and
    called (3), PAL-STRIKE-CALLED; ``range`` in feet picks the target number under the house
    range bands (PAL-HR-STRIKE-RANGE-BANDS)."""

    actor: str
    target: str
    weapon: str | None = None
    aimed: bool = False
    called: str | None = None
    range: int | None = None
    defend: DefenceChoice | None = None


class ActDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.act_declared"):
    """An action the pack does not model (a spell, a skill, reloading), paid by the clock like
    any other. ``cost`` None with ``psionic`` takes the psionic cost (PAL-PSI-ACTION,
    PAL-HR-PSI-COST)."""

    actor: str
    note: str
    cost: int | None = None
    psionic: bool = False


class DefendDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.defend_declared"):
    """The defender answers a pending strike: parry, dodge, none, or a simultaneous attack."""

    defender: str
    choice: DefenceChoice
    weapon: str | None = None


class PalladiumRulingDeclared(
    RulingDeclared, frozen=True, kw_only=True, tag="palladium.ruling_declared"
):
    """A GM ruling with the Palladium effects beside the core's: initiative lost
    (PAL-HR-LOSE-INIT, or the RAW reading), attacks lost and gained (PAL-HR-APM-GAIN-LOSE),
    ``damage`` in M.D. rather than S.D.C. (``mega``), and an action under way broken."""

    schema_version: ClassVar[int] = 1

    lose_initiative: bool = False
    lose_attacks: int = 0
    gain_attacks: int = 0
    mega: bool = False
    break_action: bool = False


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


# --- outcomes -----------------------------------------------------------------------------


class FighterReadied(Event, frozen=True, kw_only=True, tag="palladium.fighter_readied"):
    """The rules' reading of a new combatant's sheet (PAL-APM-H2H, PAL-STRIKE-H2H-BONUS-TABLES)."""

    combatant: str
    profile: Profile


class InitiativeRolled(Event, frozen=True, kw_only=True, tag="palladium.initiative_rolled"):
    """One initiative roll; ``attempt`` > 1 is a re-roll to break a tie (PAL-INIT-ROLL);
    ``lost``: no roll, 0 because he lost initiative last round (PAL-HR-LOSE-INIT)."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    combatant: str
    roll: Roll
    attempt: int = 1
    lost: bool = False


class AttacksRefreshed(Event, frozen=True, kw_only=True, tag="palladium.attacks_refreshed"):
    """A new round's attacks: ``apm`` left after ``repaid`` went to dodges made on credit.

    PAL-ROUND-OUT-OF-ATTACKS: dodges made with no attacks left come out of the next round;
    ``owed`` is what is still owed after this round's attacks were used to repay.
    """

    combatant: str
    apm: int
    repaid: int = 0
    owed: int = 0
    #: Rounds of passes: the attacks of each pass after repaying (PAL-HR-APM-SPLIT,
    #: PAL-HR-DEF-OVERDRAFT); empty for a cycling round, where ``apm`` is the round's pool.
    passes: tuple[int, ...] = ()
    #: Attacks gained last round for this round's first turn (PAL-HR-APM-GAIN-LOSE).
    credit: int = 0


class ActionStarted(Event, frozen=True, kw_only=True, tag="palladium.action_started"):
    """A multi-attack action begins; it lands on its last attack (PAL-COST-MULTI-LANDING)."""

    actor: str
    action: str
    target: str
    cost: int
    kick: bool = False
    defend: DefenceChoice | None = None
    weapon: str | None = None
    aimed: bool = False
    called: str | None = None
    range: int | None = None
    note: str = ""


class ActionAbandoned(Event, frozen=True, kw_only=True, tag="palladium.action_abandoned"):
    """An action in progress ends without landing (its actor fell, or ran out of attacks)."""

    actor: str
    action: str
    reason: str


class ApmSpent(Event, frozen=True, kw_only=True, tag="palladium.apm_spent"):
    """Attacks per melee spent on ``on``: from the attacks in hand, then ``later`` (taken from
    this round's later passes, one entry per pass), then ``owed`` by later rounds
    (PAL-ROUND-OUT-OF-ATTACKS, PAL-HR-DEF-OVERDRAFT). ``ledger`` says which sources paid
    (PAL-HR-APM-LEDGER); ``turn`` is true when spent on the actor's own action."""

    combatant: str
    amount: int
    on: str
    rule: str
    owed: int = 0
    later: tuple[int, ...] = ()
    ledger: dict[str, int] = msgspec.field(default_factory=dict)
    turn: bool = False


class AttacksGained(Event, frozen=True, kw_only=True, tag="palladium.attacks_gained"):
    """Attacks gained: into the attacks in hand (``into`` "now"), into pass ``pass_number``
    of this round ("pass"), or into next round's first turn ("next_round"),
    PAL-HR-APM-GAIN-LOSE."""

    combatant: str
    amount: int
    into: Literal["now", "pass", "next_round"]
    pass_number: int = 0
    rule: str = ""
    reason: str = ""


class TurnBegan(Event, frozen=True, kw_only=True, tag="palladium.turn_began"):
    """A turn in a round of passes begins: the pass's attacks are now in hand, and what was
    left from the last turn is gone (PAL-HR-APM-RESET)."""

    combatant: str
    round: int
    pass_number: int
    apm: int
    vanished: int = 0


class InitiativeLost(Event, frozen=True, kw_only=True, tag="palladium.initiative_lost"):
    """``combatant`` loses initiative: "now" (last in this round's order) or "next_round"
    (starts next round at 0 without a roll), PAL-HR-LOSE-INIT / PAL-COND-KNOCKDOWN."""

    combatant: str
    when: Literal["now", "next_round"]
    rule: str
    reason: str = ""


class InterruptRolled(Event, frozen=True, kw_only=True, tag="palladium.interrupt_rolled"):
    """1D100 + Spd for the interrupter and the one he interrupts; he goes first only when
    strictly higher (PAL-HR-INTERRUPT)."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    interrupter: str
    against: str
    roll: Roll
    against_roll: Roll
    wins: bool


class ActionCompleted(Event, frozen=True, kw_only=True, tag="palladium.action_completed"):
    """An action the pack does not model is paid in full and happens now."""

    actor: str
    action: str
    note: str = ""


class Healed(Event, frozen=True, kw_only=True, tag="palladium.healed"):
    """A pool of ``target`` restored from ``before`` to ``after`` (a GM ruling)."""

    target: str
    pool: Pool
    amount: int
    before: int
    after: int
    rule: str = ""


class StrikeRolled(Event, frozen=True, kw_only=True, tag="palladium.strike_rolled"):
    """A strike roll (PAL-STRIKE-ROLL); ``hits`` is true when it would hit unless defended.

    ``critical`` marks a natural roll in the attacker's critical range (PAL-STRIKE-CRIT-RANGE).
    """

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    actor: str
    target: str
    action: str
    weapon: str | None
    roll: Roll
    natural: int
    hits: bool
    critical: bool = False
    reason: str = ""
    #: A called shot's location (PAL-STRIKE-CALLED), None for an uncalled strike.
    called: str | None = None
    #: Where a hit lands: the called location, "main body" (RAW, PAL-RNG-MAIN-BODY) or
    #: "defender's choice" (PAL-HR-HIT-LOCATION, a called shot under its total).
    location: str | None = None


class DefenseRolled(Event, frozen=True, kw_only=True, tag="palladium.defense_rolled"):
    """A parry or dodge roll against ``attacker``'s strike; defender wins ties (PAL-STRIKE-TIES)."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    defender: str
    attacker: str
    kind: Literal["parry", "dodge"]
    roll: Roll
    success: bool
    reason: str = ""


class DefenseDeclined(Event, frozen=True, kw_only=True, tag="palladium.defense_declined"):
    """The defender does not (or cannot) parry or dodge, and why."""

    defender: str
    attacker: str
    reason: str


class DamageRolled(Event, frozen=True, kw_only=True, tag="palladium.damage_rolled"):
    """The damage of a hit, in ``unit`` (S.D.C. or M.D.), with every bonus and multiplier."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    actor: str
    target: str
    roll: Roll
    unit: DamageUnit


class DamageApplied(Event, frozen=True, kw_only=True, tag="palladium.damage_applied"):
    """Damage taken off one pool of ``target``: ``before`` to ``after`` (pool's own unit)."""

    target: str
    pool: Pool
    amount: int
    before: int
    after: int
    rule: str


class DamageIgnored(Event, frozen=True, kw_only=True, tag="palladium.damage_ignored"):
    """A hit that does nothing to ``target`` and the rule that says so."""

    target: str
    amount: int
    unit: DamageUnit
    reason: str
    rule: str


PALLADIUM_EVENTS: tuple[type[Event], ...] = (
    MeleeRoundDeclared,
    PalladiumRulingDeclared,
    SurpriseDeclared,
    StrikeDeclared,
    PowerPunchDeclared,
    ShootDeclared,
    ActDeclared,
    DefendDeclared,
    AttacksGained,
    TurnBegan,
    InitiativeLost,
    InterruptRolled,
    ActionCompleted,
    Healed,
    FighterReadied,
    InitiativeRolled,
    AttacksRefreshed,
    ActionStarted,
    ActionAbandoned,
    ApmSpent,
    StrikeRolled,
    DefenseRolled,
    DefenseDeclined,
    DamageRolled,
    DamageApplied,
    DamageIgnored,
)


def _initiative_v2(body: Body) -> Body:
    """Version 1 told a lost initiative (0, no roll) only by the rule its roll cited; version 2
    says so in ``lost`` (a one-time reading of old data, never a rule decision)."""
    body = rolls_v2("roll")(body)
    body.setdefault("lost", body["roll"].get("rule") == "PAL-HR-LOSE-INIT")
    return body


#: The effects a version-1 core ruling could carry that are Palladium's own.
_RULING_EFFECTS = ("lose_initiative", "lose_attacks", "gain_attacks", "mega", "break_action")


def _ruling_v2(body: Body) -> Body:
    """A version-1 ruling with Palladium effects becomes a Palladium ruling; one without
    them, the core's version 2."""
    out, rest = split_ruling(body)
    unknown = sorted(set(rest) - set(_RULING_EFFECTS))
    if unknown:
        raise UpcastError(f"ruling effects {unknown} are not the Palladium pack's")
    if rest:
        return {**out, **rest, "type": "palladium.ruling_declared"}
    return out


#: Steps from the shapes older logs hold (events/upcasts.py). Turn management became core:
#: its declarations and holds are core events now, under core tags.
PALLADIUM_UPCASTS: dict[tuple[str, int], Upcast] = {
    ("palladium.initiative_rolled", 1): Upcast(_initiative_v2, "palladium.initiative_rolled", 2),
    ("palladium.strike_rolled", 1): Upcast(rolls_v2("roll"), "palladium.strike_rolled", 2),
    ("palladium.defense_rolled", 1): Upcast(rolls_v2("roll"), "palladium.defense_rolled", 2),
    ("palladium.interrupt_rolled", 1): Upcast(
        rolls_v2("roll", "against_roll"), "palladium.interrupt_rolled", 2
    ),
    ("palladium.damage_rolled", 1): Upcast(rolls_v2("roll"), "palladium.damage_rolled", 2),
    ("core.ruling_declared", 1): Upcast(_ruling_v2, "core.ruling_declared", 2),
    ("palladium.pass_declared", 1): rename("core.pass_declared"),
    ("palladium.hold_declared", 1): rename("core.hold_declared"),
    ("palladium.release_declared", 1): rename("core.release_declared"),
    ("palladium.interrupt_declared", 1): rename("core.interrupt_declared"),
    ("palladium.counter_declared", 1): rename("core.counter_declared"),
    ("palladium.action_held", 1): rename("core.action_held"),
    ("palladium.hold_ended", 1): rename("core.hold_ended"),
}
