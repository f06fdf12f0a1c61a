"""Events of the Palladium (Rifts) rules pack: declarations, rolls, attacks spent, damage.

Rule ids cite ``shared/rules/palladium.md``. Units: ``sdc``/``hp`` pools are S.D.C./H.P.,
``mdc`` pools are M.D.C.; a damage roll says its unit ("SDC" or "MD").
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import ClassVar, Literal

import msgspec

from events.core import Event, Roll
from events.palladium.afflictions import (
    AFFLICTION_DECLARATIONS,
    AFFLICTION_OUTCOMES,
    Care,
    HorrorSaved,
    RecoverDeclared,
    RecoveryRolled,
)
from events.palladium.damage import (
    DamageApplied,
    DamageIgnored,
    DamageRolled,
    DamageUnit,
    Healed,
    Pool,
)
from events.palladium.declarations import (
    ActDeclared,
    ActivateDeclared,
    BodyFlipDeclared,
    DefendDeclared,
    MeleeRoundDeclared,
    PalladiumRulingDeclared,
    PowerPunchDeclared,
    ShootDeclared,
    StrikeDeclared,
    SurpriseDeclared,
)
from events.palladium.grapples import (
    GRAPPLE_DECLARATIONS,
    GRAPPLE_OUTCOMES,
    BalanceRolled,
    BodyBlockDeclared,
    ContestRolled,
    DisarmDeclared,
    Entangled,
    EntangleEnded,
    EscapeDeclared,
    FreeDeclared,
    GrappleDeclared,
    HoldReleased,
    HoldTaken,
    PickUpDeclared,
    ReleaseHoldDeclared,
    WeaponDropped,
    WeaponPickedUp,
)
from events.palladium.guns import (
    GUN_DECLARATIONS,
    GUN_OUTCOMES,
    CoverDeclared,
    CoverEnded,
    CoverOpened,
    CrossDeclared,
    DrawDeclared,
    GrenadeArmed,
    GrenadeExploded,
    LaunchDeclared,
    MissilesSpent,
    ReloadDeclared,
    Reloaded,
    ShotsSpent,
    ThrowDeclared,
    VolleyThinned,
    WeaponDamaged,
    WeaponDrawn,
)
from events.palladium.options import PalladiumOptions
from events.palladium.records import (
    ArmorProfile,
    BlowChoice,
    BurstName,
    Covering,
    DefenceChoice,
    HoldName,
    LiveGrenade,
    MissileProfile,
    MissileType,
    MoveName,
    Profile,
    StrikeDetail,
    Volley,
    Warhead,
    WeaponProfile,
)
from events.palladium.setbacks import SETBACK_OUTCOMES, NaturalOneSetback
from events.palladium.upcasts import PALLADIUM_UPCASTS

# --- outcomes -----------------------------------------------------------------------------


class FighterReadied(Event, frozen=True, kw_only=True, tag="palladium.fighter_readied"):
    """The rules' reading of a new combatant's sheet (PAL-APM-H2H, PAL-STRIKE-H2H-BONUS-TABLES)."""

    combatant: str
    profile: Profile


class FighterResheeted(Event, frozen=True, kw_only=True, tag="palladium.fighter_resheeted"):
    """The rules' reading of the new sheet a combatant fights on from (``fracas resheet``),
    as at a join (PAL-APM-H2H, PAL-STRIKE-H2H-BONUS-TABLES). ``reset`` false: what he has lost
    stays lost against the new maxima: S.D.C., H.P., M.D.C. and armor taken, shots, missiles
    and weapon M.D.C. used, attacks spent this round; ``reset``: his pools, shots, missiles
    and weapons' M.D.C. start afresh (the round's attacks are kept either way)."""

    combatant: str
    profile: Profile
    reset: bool = False


class InitiativeRolled(Event, frozen=True, kw_only=True, tag="palladium.initiative_rolled"):
    """One initiative roll; ``attempt`` > 1 is a re-roll to break a tie (PAL-INIT-ROLL);
    ``lost``: no roll, 0 because he lost initiative last round (PAL-HR-LOSE-INIT)."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    combatant: str
    roll: Roll
    attempt: int = 1
    lost: bool = False
    #: A fixed initiative rolled only to break a tie (option ``fixed_initiative_ties``).
    fixed: bool = False


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
    move: str | None = None
    from_behind: bool = False
    unseen: bool = False
    pull: int | None = None
    purpose: str | None = None
    #: What the purpose is at: a grapple's hold, a disarm's weapon.
    at: str | None = None
    death_blow: bool = False
    #: A shot's situation ("wild", "blind", "moving", "at-weapon") and its target's speed.
    situation: tuple[str, ...] = ()
    target_mph: int | None = None
    burst: str | None = None
    cover: int | None = None
    missiles: int = 0
    caught: tuple[str, ...] = ()


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
    #: The hand-to-hand move struck with (``strike --move``), None for a plain strike.
    move: str | None = None


class BlowLanded(Event, frozen=True, kw_only=True, tag="palladium.blow_landed"):
    """A knockout or death blow lands (PAL-DMG-KO, PAL-DMG-DEATHBLOW): ``roll`` is a
    knockout's duration in melee rounds (1D4); ``note`` says what the blow does here."""

    actor: str
    target: str
    blow: str
    rule: str
    roll: Roll | None = None
    note: str = ""


class PullRolled(Event, frozen=True, kw_only=True, tag="palladium.pull_rolled"):
    """The roll to pull a blow that landed (PAL-DMG-PULL): ``success`` holds the damage to
    ``limit`` points; otherwise the blow lands in full."""

    actor: str
    target: str
    roll: Roll
    limit: int
    success: bool


class DefenseRolled(Event, frozen=True, kw_only=True, tag="palladium.defense_rolled"):
    """A parry or dodge roll against ``attacker``'s strike; defender wins ties (PAL-STRIKE-TIES)."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    defender: str
    attacker: str
    kind: Literal["parry", "dodge", "roll", "entangle", "disarm", "back-flip"]
    roll: Roll
    success: bool
    reason: str = ""


class ParryLimitReset(Event, frozen=True, kw_only=True, tag="palladium.parry_limit_reset"):
    """His turn has come: the attackers he parried no longer count against the limit of
    three (PAL-DEF-MULTI-3, option ``parry_limit_reset`` "turn")."""

    combatant: str


class DefenseDeclined(Event, frozen=True, kw_only=True, tag="palladium.defense_declined"):
    """The defender does not (or cannot) parry or dodge, and why."""

    defender: str
    attacker: str
    reason: str


PALLADIUM_EVENTS: tuple[type[Event], ...] = (
    ActivateDeclared,
    BodyFlipDeclared,
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
    FighterResheeted,
    InitiativeRolled,
    AttacksRefreshed,
    ActionStarted,
    ActionAbandoned,
    ApmSpent,
    StrikeRolled,
    PullRolled,
    BlowLanded,
    DefenseRolled,
    ParryLimitReset,
    DefenseDeclined,
    DamageRolled,
    DamageApplied,
    DamageIgnored,
    *GRAPPLE_DECLARATIONS,
    *GRAPPLE_OUTCOMES,
    *AFFLICTION_DECLARATIONS,
    *AFFLICTION_OUTCOMES,
    *GUN_DECLARATIONS,
    *GUN_OUTCOMES,
    *SETBACK_OUTCOMES,
)

#: The records and steps of the pack, beside its events (the package's public names).
__all__ = [
    "ActDeclared",
    "ActivateDeclared",
    "BlowChoice",
    "BurstName",
    "BodyFlipDeclared",
    "DefendDeclared",
    "MeleeRoundDeclared",
    "PalladiumRulingDeclared",
    "PowerPunchDeclared",
    "ShootDeclared",
    "StrikeDeclared",
    "SurpriseDeclared",
    "PALLADIUM_EVENTS",
    "PALLADIUM_UPCASTS",
    "ArmorProfile",
    "DamageUnit",
    "DefenceChoice",
    "HoldName",
    "MoveName",
    "PalladiumOptions",
    "Pool",
    "Profile",
    "StrikeDetail",
    "WeaponProfile",
    "MissileProfile",
    "MissileType",
    "Volley",
    "Warhead",
    "BalanceRolled",
    "BodyBlockDeclared",
    "ContestRolled",
    "DisarmDeclared",
    "EntangleEnded",
    "Entangled",
    "EscapeDeclared",
    "FreeDeclared",
    "GrappleDeclared",
    "HoldReleased",
    "HoldTaken",
    "ReleaseHoldDeclared",
    "WeaponDropped",
    "PickUpDeclared",
    "WeaponPickedUp",
    "Care",
    "HorrorSaved",
    "RecoverDeclared",
    "RecoveryRolled",
    "ReloadDeclared",
    "Reloaded",
    "ShotsSpent",
    "LaunchDeclared",
    "DrawDeclared",
    "ThrowDeclared",
    "CoverDeclared",
    "CoverOpened",
    "CoverEnded",
    "WeaponDamaged",
    "CrossDeclared",
    "Covering",
    "GrenadeArmed",
    "GrenadeExploded",
    "LiveGrenade",
    "WeaponDrawn",
    "MissilesSpent",
    "VolleyThinned",
    "DamageApplied",
    "DamageIgnored",
    "DamageRolled",
    "Healed",
    "NaturalOneSetback",
    *(cls.__name__ for cls in PALLADIUM_EVENTS if cls.__module__ == __name__),  # defined here
]
