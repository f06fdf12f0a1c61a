"""Events of the GURPS rules pack: declarations, the turn sequence, success rolls and
contests, attacks, defences, hit locations, damage and injury.

Rule ids cite ``shared/rules/gurps-brp.md`` §1.1 and §2.1 (``GURPS-…``) and the project's own
ids for core mechanics the catalogue names without an id (docs/RULE-IDS.md). Every roll is a
core ``Roll``: success rolls are 3d6 judged "under" with their tier and margin; units are HP,
FP, yards and seconds.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import Event, Roll
from events.gurps.declarations import (
    AimDeclared,
    AttackDeclared,
    BreakFreeDeclared,
    ClearDeclared,
    DefendDeclared,
    DisarmDeclared,
    EnterZoneDeclared,
    FeintDeclared,
    GrappleDeclared,
    LetGoDeclared,
    ManeuverDeclared,
    SprayDeclared,
    SuppressDeclared,
    SurpriseDeclared,
)
from events.gurps.dual import DualHand
from events.gurps.grappling import (
    GRAPPLING_EVENTS,
    BreakFreeFailed,
    FatigueLost,
    Grappled,
    GrappleEnded,
    Hold,
)
from events.gurps.initiative import PartialInitiativeRolled
from events.gurps.ranged import (
    BlastReached,
    ClearStep,
    CoverChecked,
    FragmentsRolled,
    Jam,
    MalfunctionRolled,
    Overpenetrated,
    WeaponCleared,
    ZoneCovered,
    ZoneFired,
)
from events.gurps.records import (
    AttackDetail,
    Damage,
    DamageType,
    DefenceChoice,
    GurpsOptions,
    GurpsProfile,
    GurpsWeapon,
    Maneuver,
    Mode,
    Posture,
    Stun,
    Tier,
)
from events.gurps.recovery import RECOVERY_EVENTS, GurpsRulingDeclared, Healed, Pool
from events.gurps.reload import RELOAD_EVENTS, ReloadDeclared, WeaponReloading
from events.gurps.stuck import STUCK_EVENTS, Pulled, WeaponPulled, WeaponStuck

__all__ = [
    "GURPS_EVENTS",
    "AimDeclared",
    "AimTaken",
    "AttackDeclared",
    "AttackDetail",
    "AttackRolled",
    "BlastReached",
    "BreakFreeDeclared",
    "BreakFreeFailed",
    "ClearDeclared",
    "ClearStep",
    "ContestRolled",
    "CoverChecked",
    "Crippled",
    "Damage",
    "DamageRolled",
    "DamageType",
    "DefenceChoice",
    "DefendDeclared",
    "DefenseDeclined",
    "DefenseRolled",
    "DisarmDeclared",
    "DualHand",
    "EnterZoneDeclared",
    "FatigueLost",
    "FeintApplied",
    "FeintDeclared",
    "FighterReadied",
    "FighterResheeted",
    "FragmentsRolled",
    "GrappleDeclared",
    "GrappleEnded",
    "Grappled",
    "GurpsOptions",
    "GurpsProfile",
    "GurpsRulingDeclared",
    "GurpsWeapon",
    "Healed",
    "Hold",
    "InitiativeRolled",
    "InjuryApplied",
    "Jam",
    "LetGoDeclared",
    "LocationRolled",
    "MalfunctionRolled",
    "Maneuver",
    "ManeuverChosen",
    "ManeuverDeclared",
    "Mode",
    "Overpenetrated",
    "PartialInitiativeRolled",
    "Pool",
    "Posture",
    "PostureChanged",
    "Pulled",
    "ReloadDeclared",
    "ShotsSpent",
    "SprayDeclared",
    "Stun",
    "StunChanged",
    "SuccessRolled",
    "SuppressDeclared",
    "SurpriseApplied",
    "SurpriseDeclared",
    "SurpriseTurn",
    "Tier",
    "TurnBegan",
    "WeaponCleared",
    "WeaponPulled",
    "WeaponReloading",
    "WeaponState",
    "WeaponStuck",
    "ZoneCovered",
    "ZoneFired",
]


class FighterReadied(Event, frozen=True, kw_only=True, tag="gurps.fighter_readied"):
    """The rules' reading of a new combatant's sheet (derived HP, FP, Will, Per, Basic Speed
    and Move, thrust and swing, weapons' damage)."""

    combatant: str
    profile: GurpsProfile


class FighterResheeted(Event, frozen=True, kw_only=True, tag="gurps.fighter_resheeted"):
    """The rules' reading of the new sheet a combatant fights on from (``fracas resheet``),
    as at a join. ``reset`` false: the HP and FP he has lost and the shots he has fired stay
    lost against the new maxima; ``reset``: his HP, FP and shots start afresh. What he is
    doing (posture, maneuver, aim, grapples, crippled limbs) stands either way."""

    combatant: str
    profile: GurpsProfile
    reset: bool = False


class InitiativeRolled(Event, frozen=True, kw_only=True, tag="gurps.initiative_rolled"):
    """``combatant``'s place in the turn sequence (GURPS-SEQUENCE): Basic Speed (in quarters),
    then DX, then ``roll`` (1d, higher first) for ties."""

    combatant: str
    speed_quarters: int
    dx: int
    roll: Roll


class TurnBegan(Event, frozen=True, kw_only=True, tag="gurps.turn_began"):
    """``combatant``'s turn of ``second`` begins: last turn's maneuver, parries and retreat
    are over; ``shock`` is the shock penalty this turn carries (GURPS-SHOCK)."""

    combatant: str
    second: int
    shock: int = 0


class ManeuverChosen(Event, frozen=True, kw_only=True, tag="gurps.maneuver_chosen"):
    """``combatant``'s maneuver this turn (GURPS-MANEUVERS), with its option and focus."""

    combatant: str
    maneuver: Maneuver
    mode: Mode | None = None
    target: str | None = None
    weapon: str | None = None


class PostureChanged(Event, frozen=True, kw_only=True, tag="gurps.posture_changed"):
    """``combatant`` is now ``posture`` (Change Posture, or knocked down); ``rule`` why."""

    combatant: str
    posture: Posture
    rule: str = ""


class SuccessRolled(Event, frozen=True, kw_only=True, tag="gurps.success_rolled"):
    """A success roll against an attribute or skill (an HT roll to stay conscious, a
    knockdown roll, a recovery roll …), its tier and margin in ``roll``."""

    combatant: str
    what: str
    roll: Roll
    success: bool
    rule: str = ""


class ContestRolled(Event, frozen=True, kw_only=True, tag="gurps.contest_rolled"):
    """A Quick Contest (GURPS-QUICK-CONTEST): each side's roll; ``winner`` (None: a tie) and
    the margin of victory."""

    active: str
    passive: str
    active_roll: Roll
    passive_roll: Roll
    winner: str | None
    margin: int
    rule: str = ""


class AimTaken(Event, frozen=True, kw_only=True, tag="gurps.aim_taken"):
    """``combatant`` aims ``weapon`` at ``target`` for ``seconds`` turns in a row
    (GURPS-AIM)."""

    combatant: str
    weapon: str
    target: str | None
    seconds: int


class FeintApplied(Event, frozen=True, kw_only=True, tag="gurps.feint_applied"):
    """``target``'s next defence against ``actor`` is at ``-penalty`` (GURPS-FEINT)."""

    actor: str
    target: str
    penalty: int


class AttackRolled(Event, frozen=True, kw_only=True, tag="gurps.attack_rolled"):
    """An attack roll (GURPS-SUCCESS-ROLL): ``hits`` how many shots or blows land before any
    defence (0: a miss); ``shots`` fired."""

    actor: str
    target: str
    weapon: str
    roll: Roll
    hits: int
    shots: int = 1
    reason: str = ""


class DefenseRolled(Event, frozen=True, kw_only=True, tag="gurps.defense_rolled"):
    """A dodge, parry or block against ``attacker``'s attack (GURPS-ACTIVE-DEFENSE);
    ``stopped`` how many of its hits it stops, ``retreat`` whether he stepped back; a parry
    made barehanded says with what skill, where a failed one lets the blow land, and whether
    it opens an arm lock (GURPS-PARRY-UNARMED, GURPS-ARM-LOCK)."""

    defender: str
    attacker: str
    kind: Literal["dodge", "parry", "block"]
    roll: Roll
    stopped: int
    retreat: bool = False
    drop: bool = False
    weapon: str | None = None
    reason: str = ""
    #: A barehanded parry (``weapon`` "hands", GURPS-PARRY-UNARMED): the skill it was made
    #: with (judo, karate, boxing, brawling, wrestling, or dx); "" for any other defence.
    skill: str = ""
    #: The arm a failed barehanded parry of a weapon puts the blow on (None: where aimed).
    arm: str | None = None
    #: A successful barehanded Judo or Wrestling parry of a melee attack: the defender may try
    #: an arm lock on the attacker on his first turn after it (GURPS-ARM-LOCK).
    arm_lock: bool = False


class DefenseDeclined(Event, frozen=True, kw_only=True, tag="gurps.defense_declined"):
    """The defender does not (or cannot) defend, and why."""

    defender: str
    attacker: str
    reason: str


class LocationRolled(Event, frozen=True, kw_only=True, tag="gurps.location_rolled"):
    """A random hit location (GURPS-RANDOM-LOC): 3d on the table, then 1d for a hand's or
    foot's side."""

    target: str
    roll: Roll
    location: str
    side: Roll | None = None


class DamageRolled(Event, frozen=True, kw_only=True, tag="gurps.damage_rolled"):
    """The basic damage of one hit, before DR (GURPS-DAMAGE)."""

    actor: str
    target: str
    roll: Roll
    damage_type: DamageType
    divisor: int = 1


class InjuryApplied(Event, frozen=True, kw_only=True, tag="gurps.injury_applied"):
    """Injury from one hit (GURPS-DAMAGE, GURPS-HITLOC-TABLE, GURPS-HITLOC-LIMB): basic
    damage less the location's DR (after the armor divisor) penetrates, times the wounding
    multiplier (``mult_num``/``mult_den``), at least 1 if anything penetrated, capped for a
    limb; ``shock`` the shock it gives (GURPS-SHOCK)."""

    target: str
    location: str
    basic: int
    dr: int
    penetrating: int
    mult_num: int
    mult_den: int
    #: The injury: HP (or FP: fatigue damage, GURPS-FATIGUE) lost from ``pool``.
    amount: int
    before: int
    after: int
    shock: int = 0
    major: bool = False
    steps: tuple[str, ...] = ()
    pool: Literal["hp", "fp"] = "hp"


class Crippled(Event, frozen=True, kw_only=True, tag="gurps.crippled"):
    """A limb or extremity (or an eye) is crippled (GURPS-HITLOC-LIMB)."""

    combatant: str
    location: str


class StunChanged(Event, frozen=True, kw_only=True, tag="gurps.stun_changed"):
    """``combatant`` is now ``stun`` (none, mental, physical), and why (GURPS-KNOCKDOWN,
    GURPS-STUN)."""

    combatant: str
    stun: Stun
    rule: str = ""


class ShotsSpent(Event, frozen=True, kw_only=True, tag="gurps.shots_spent"):
    """Shots fired from ``weapon``; ``left`` in it (GURPS-RAPID-FIRE)."""

    combatant: str
    weapon: str
    spent: int
    left: int


class SurpriseApplied(Event, frozen=True, kw_only=True, tag="gurps.surprise_applied"):
    """``combatant`` is surprised: ``kind`` as it stands for him (a total surprise is partial
    with Combat Reflexes), mentally stunned, frozen for ``frozen`` of his turns (the 1d of a
    total surprise, GURPS-SURPRISE-TOTAL; 0 for a partial one); ``rule`` why."""

    combatant: str
    kind: Literal["total", "partial"]
    frozen: int = 0
    rule: str = ""
    #: The 1d of the freeze, on the first victim it freezes (one roll for them all).
    freeze: Roll | None = None


class SurpriseTurn(Event, frozen=True, kw_only=True, tag="gurps.surprise_turn"):
    """A surprised fighter's turn: frozen (``frozen_left`` turns still to come), or his
    ``attempt``-th IQ roll to recover, and whether he has (GURPS-SURPRISE-TOTAL,
    GURPS-SURPRISE-PARTIAL-RECOVER)."""

    combatant: str
    frozen_left: int = 0
    attempt: int = 0
    recovered: bool = False


class WeaponState(Event, frozen=True, kw_only=True, tag="gurps.weapon_state"):
    """``combatant``'s ``weapon`` is now ``ready``, ``unready`` (in hand, needing a Ready) or
    ``dropped`` (knocked away: a Ready picks it up), and why (GURPS-DISARM)."""

    combatant: str
    weapon: str
    state: Literal["ready", "unready", "dropped"]
    reason: str = ""


GURPS_EVENTS: tuple[type[Event], ...] = (
    ManeuverDeclared,
    AttackDeclared,
    DefendDeclared,
    FeintDeclared,
    AimDeclared,
    SurpriseDeclared,
    DisarmDeclared,
    FighterReadied,
    FighterResheeted,
    InitiativeRolled,
    TurnBegan,
    ManeuverChosen,
    PostureChanged,
    SuccessRolled,
    ContestRolled,
    AimTaken,
    FeintApplied,
    AttackRolled,
    DefenseRolled,
    DefenseDeclined,
    LocationRolled,
    DamageRolled,
    InjuryApplied,
    Crippled,
    StunChanged,
    ShotsSpent,
    SurpriseApplied,
    SurpriseTurn,
    WeaponState,
    # ranged-side situational rules (events/gurps/ranged.py)
    ClearDeclared,
    MalfunctionRolled,
    WeaponCleared,
    CoverChecked,
    Overpenetrated,
    SprayDeclared,
    SuppressDeclared,
    EnterZoneDeclared,
    ZoneCovered,
    ZoneFired,
    BlastReached,
    FragmentsRolled,
    GrappleDeclared,
    BreakFreeDeclared,
    LetGoDeclared,
    *GRAPPLING_EVENTS,
    PartialInitiativeRolled,
    *STUCK_EVENTS,
    DualHand,
    *RECOVERY_EVENTS,
    *RELOAD_EVENTS,
)
