"""Events of the Palladium (Rifts) rules pack: declarations, rolls, attacks spent, damage.

Rule ids cite ``shared/rules/palladium.md``. Units: ``sdc``/``hp`` pools are S.D.C./H.P.,
``mdc`` pools are M.D.C.; a damage roll says its unit ("SDC" or "MD").
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from events.core import Declaration, Event, Modifier, Roll
from events.upcasts import Upcast, rolls_v2

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


# --- declarations -------------------------------------------------------------------------


class InitiativeDeclared(
    Declaration, frozen=True, kw_only=True, tag="palladium.initiative_declared"
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


class PassDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.pass_declared"):
    """``actor`` passes his turn (PAL-HR-PASS-TURN); None: the GM ends whoever's turn it is
    (``fracas next``)."""

    actor: str | None = None


class HoldDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.hold_declared"):
    """``actor`` holds his action until ``trigger`` (PAL-HR-HOLD)."""

    actor: str
    trigger: str


class ReleaseDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.release_declared"):
    """The trigger of ``actor``'s held action came: he acts now (PAL-HR-HOLD)."""

    actor: str


class InterruptDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.interrupt_declared"):
    """``actor`` tries to cut in ahead of the one acting: 1D100 + Spd each (PAL-HR-INTERRUPT).

    ``allowed``: the GM allows it without a held action (an ability); ``breaks``: the GM rules
    that a won interrupt breaks the interrupted long action (PAL-HR-LONG-ACTION).
    """

    actor: str
    allowed: bool = False
    breaks: bool = False
    #: Whose action is interrupted ("": the one acting); naming another lets a GM stop a
    #: long action between its turns.
    against: str = ""


class CounterDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.counter_declared"):
    """``actor`` counters: he acts right after the action that triggered it (PAL-HR-COUNTER)."""

    actor: str


class DefendDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.defend_declared"):
    """The defender answers a pending strike: parry, dodge, none, or a simultaneous attack."""

    defender: str
    choice: DefenceChoice
    weapon: str | None = None


# --- outcomes -----------------------------------------------------------------------------


class FighterReadied(Event, frozen=True, kw_only=True, tag="palladium.fighter_readied"):
    """The rules' reading of a new combatant's sheet (PAL-APM-H2H, PAL-STRIKE-H2H-BONUS-TABLES)."""

    combatant: str
    profile: Profile


class InitiativeRolled(Event, frozen=True, kw_only=True, tag="palladium.initiative_rolled"):
    """One initiative roll; ``attempt`` > 1 is a re-roll to break a tie (PAL-INIT-ROLL)."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    combatant: str
    roll: Roll
    attempt: int = 1


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


class ActionHeld(Event, frozen=True, kw_only=True, tag="palladium.action_held"):
    """``combatant`` holds his action until ``trigger`` (PAL-HR-HOLD)."""

    combatant: str
    trigger: str


class HoldEnded(Event, frozen=True, kw_only=True, tag="palladium.hold_ended"):
    """A held action is released (``released``) or lapses at its owner's next turn."""

    combatant: str
    released: bool
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
    InitiativeDeclared,
    SurpriseDeclared,
    StrikeDeclared,
    PowerPunchDeclared,
    ShootDeclared,
    ActDeclared,
    PassDeclared,
    HoldDeclared,
    ReleaseDeclared,
    InterruptDeclared,
    CounterDeclared,
    DefendDeclared,
    AttacksGained,
    TurnBegan,
    InitiativeLost,
    ActionHeld,
    HoldEnded,
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


#: Steps from the shapes older logs hold (events/upcasts.py).
PALLADIUM_UPCASTS: dict[tuple[str, int], Upcast] = {
    ("palladium.initiative_rolled", 1): Upcast(rolls_v2("roll"), "palladium.initiative_rolled", 2),
    ("palladium.strike_rolled", 1): Upcast(rolls_v2("roll"), "palladium.strike_rolled", 2),
    ("palladium.defense_rolled", 1): Upcast(rolls_v2("roll"), "palladium.defense_rolled", 2),
    ("palladium.interrupt_rolled", 1): Upcast(
        rolls_v2("roll", "against_roll"), "palladium.interrupt_rolled", 2
    ),
    ("palladium.damage_rolled", 1): Upcast(rolls_v2("roll"), "palladium.damage_rolled", 2),
}
