"""Events of the Basic Roleplaying rules pack: declarations, skill rolls, attacks, defences,
damage by location, weapons, and the hazards of a round.

Rule ids cite ``shared/rules/gurps-brp.md`` §2.2 (``BRP-…``). Every roll is d100 roll-under
with a success tier, or damage dice; units are hit points, metres and DEX ranks.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.brp.declarations import (
    ActDeclared,
    AmbushDeclared,
    AttackDeclared,
    DefendDeclared,
    DesperateDeclared,
    DrawDeclared,
    EscapeDeclared,
    ExplodeDeclared,
    ExposeDeclared,
    Hazard,
    Intent,
    IntentDeclared,
    PowerDeclared,
    ReloadDeclared,
    StandDeclared,
    SurpriseDeclared,
)
from events.brp.records import (
    AttackDetail,
    BrpArmor,
    BrpOptions,
    BrpProfile,
    BrpWeapon,
    DefenceChoice,
    Grade,
    Tier,
)
from events.core import Event, Roll

# --- outcomes -----------------------------------------------------------------------------


class FighterReadied(Event, frozen=True, kw_only=True, tag="brp.fighter_readied"):
    """The rules' reading of a new combatant's sheet (derived HP, damage modifier, location
    HP, characteristic rolls)."""

    combatant: str
    profile: BrpProfile


class FighterResheeted(Event, frozen=True, kw_only=True, tag="brp.fighter_resheeted"):
    """The rules' reading of the new sheet a combatant fights on from (``fracas resheet``),
    as at a join. ``reset`` false: the HP he has lost, in all and by location, the shots
    fired from each magazine and the HP each weapon has lost stay lost against the new
    maxima (a weapon broken stays broken, one drawn stays drawn); ``reset``: his HP, his
    locations' HP and his weapons start afresh."""

    combatant: str
    profile: BrpProfile
    reset: bool = False


class RoundRefreshed(Event, frozen=True, kw_only=True, tag="brp.round_refreshed"):
    """A new round: ``combatant``'s attack, parry and dodge are his again, his intents and
    volleys cleared; ``rank`` is the DEX rank he acts at."""

    combatant: str
    rank: int


class SkillRolled(Event, frozen=True, kw_only=True, tag="brp.skill_rolled"):
    """A skill or characteristic roll (Idea, Agility, Stealth, Luck …) and its tier."""

    combatant: str
    skill: str
    roll: Roll
    success: bool
    rule: str = ""


class ResistanceRolled(Event, frozen=True, kw_only=True, tag="brp.resistance_rolled"):
    """A resistance roll, active against passive ([GK] table: 50% + 5% a point of difference;
    +10 or more always succeeds, -10 or less always fails)."""

    active: str
    passive: str
    roll: Roll
    success: bool
    rule: str = ""
    #: What the outcome does, where the roll alone does not say (a resisted stun: nothing).
    note: str = ""


class AttackRolled(Event, frozen=True, kw_only=True, tag="brp.attack_rolled"):
    """An attack roll; ``hits`` when it succeeds (before any defence)."""

    actor: str
    target: str
    weapon: str | None
    roll: Roll
    tier: Tier
    hits: bool
    reason: str = ""
    shots: int = 1


class DefenseRolled(Event, frozen=True, kw_only=True, tag="brp.defense_rolled"):
    """A parry or dodge against ``attacker``'s attack; ``stops`` whether it stops it."""

    defender: str
    attacker: str
    kind: Literal["parry", "dodge"]
    roll: Roll
    tier: Tier
    stops: bool
    reason: str = ""


class DefenseDeclined(Event, frozen=True, kw_only=True, tag="brp.defense_declined"):
    """The defender does not (or cannot) parry or dodge, and why."""

    defender: str
    attacker: str
    reason: str


class HitsRolled(Event, frozen=True, kw_only=True, tag="brp.hits_rolled"):
    """How many of a burst's or autofire's shots hit (BRP-AUTOFIRE)."""

    actor: str
    target: str
    shots: int
    roll: Roll
    hits: int


class BlastSplit(Event, frozen=True, kw_only=True, tag="brp.blast_split"):
    """How many locations a blast's damage is split over (BRP-EXPLOSION, 1D4)."""

    target: str
    roll: Roll
    locations: int


class LocationRolled(Event, frozen=True, kw_only=True, tag="brp.location_rolled"):
    """Where a hit lands: D20 on the melee or missile table, or a called location."""

    target: str
    location: str
    roll: Roll | None = None
    reason: str = ""


class DamageRolled(Event, frozen=True, kw_only=True, tag="brp.damage_rolled"):
    """The damage of one hit, with its damage modifier and special effect."""

    actor: str
    target: str
    roll: Roll
    location: str | None = None
    effect: str = ""


class ArmorRolled(Event, frozen=True, kw_only=True, tag="brp.armor_rolled"):
    """What ``target``'s armor stops of one hit (``roll`` fixed for a fixed value)."""

    target: str
    roll: Roll
    ignored: str = ""


class DamageApplied(Event, frozen=True, kw_only=True, tag="brp.damage_applied"):
    """Hit points lost: total HP ``before`` -> ``after``; with hit locations, the location's
    too."""

    target: str
    amount: int
    before: int
    after: int
    location: str | None = None
    location_before: int | None = None
    location_after: int | None = None
    rule: str = ""


class Healed(Event, frozen=True, kw_only=True, tag="brp.healed"):
    """Hit points restored (a GM ruling): total HP ``before`` -> ``after``."""

    target: str
    amount: int
    before: int
    after: int
    rule: str = ""


class WeaponChanged(Event, frozen=True, kw_only=True, tag="brp.weapon_changed"):
    """A weapon's state now: drawn or not, shots left, hit points, broken."""

    combatant: str
    weapon: str
    drawn: bool
    shots: int
    hp: int | None = None
    broken: bool = False
    reason: str = ""


class ActionUsed(Event, frozen=True, kw_only=True, tag="brp.action_used"):
    """One of the round's attack, parry or dodge is used (two of three a round)."""

    combatant: str
    action: Literal["attack", "parry", "dodge"]
    rule: str = ""


class IntentStated(Event, frozen=True, kw_only=True, tag="brp.intent_stated"):
    """What a fighter stated he means to do this round."""

    combatant: str
    intent: Intent
    target: str = ""


class AimStarted(Event, frozen=True, kw_only=True, tag="brp.aim_started"):
    """``actor`` aims: the attack lands at DEX rank ``at`` (BRP-AIM-TIME)."""

    actor: str
    attack: AttackDeclared
    at: int


class AimEnded(Event, frozen=True, kw_only=True, tag="brp.aim_ended"):
    """The aim is over: the attack was made, or it was lost and why."""

    actor: str
    lost: bool
    reason: str = ""


class ExposureChanged(Event, frozen=True, kw_only=True, tag="brp.exposure_changed"):
    """``combatant`` is exposed to ``hazard`` (``present``) or no longer. ``breath``: the CON
    multiplier of his next breath roll (asphyxiation); ``armor_rounds``: rounds his armor
    still keeps fire off; ``failed``: he failed a breath roll and takes damage each round."""

    combatant: str
    hazard: Hazard
    present: bool
    breath: int = 0
    armor_rounds: int = 0
    failed: bool = False
    rule: str = ""


class FirstStrike(Event, frozen=True, kw_only=True, tag="brp.first_strike"):
    """Who strikes first when ``interrupter`` cuts in ahead of ``against``, and why (a long
    weapon against a shorter one, BRP-WEAPON-LENGTH; a quickdraw, BRP-QUICKDRAW)."""

    interrupter: str
    against: str
    wins: bool
    reason: str
    rule: str = ""


class KnockedBack(Event, frozen=True, kw_only=True, tag="brp.knocked_back"):
    """A knockback (BRP-KNOCKBACK): ``metres`` back."""

    target: str
    metres: int
    rule: str = "BRP-KNOCKBACK"


BRP_EVENTS: tuple[type[Event], ...] = (
    AttackDeclared,
    DefendDeclared,
    DrawDeclared,
    ReloadDeclared,
    StandDeclared,
    IntentDeclared,
    PowerDeclared,
    ActDeclared,
    AmbushDeclared,
    SurpriseDeclared,
    ExplodeDeclared,
    ExposeDeclared,
    EscapeDeclared,
    DesperateDeclared,
    FighterReadied,
    FighterResheeted,
    RoundRefreshed,
    SkillRolled,
    ResistanceRolled,
    AttackRolled,
    DefenseRolled,
    DefenseDeclined,
    HitsRolled,
    BlastSplit,
    LocationRolled,
    DamageRolled,
    ArmorRolled,
    DamageApplied,
    Healed,
    WeaponChanged,
    ActionUsed,
    IntentStated,
    AimStarted,
    AimEnded,
    ExposureChanged,
    FirstStrike,
    KnockedBack,
)

__all__ = [
    "BRP_EVENTS",
    "AttackDetail",
    "BrpArmor",
    "BrpOptions",
    "BrpProfile",
    "BrpWeapon",
    "DefenceChoice",
    "Grade",
    "Hazard",
    "Intent",
    "Tier",
    "AttackDeclared",
    "DefendDeclared",
    "DrawDeclared",
    "StandDeclared",
    "IntentDeclared",
    "PowerDeclared",
    "ReloadDeclared",
    "ActDeclared",
    "AmbushDeclared",
    "SurpriseDeclared",
    "ExplodeDeclared",
    "ExposeDeclared",
    "EscapeDeclared",
    "DesperateDeclared",
    *(cls.__name__ for cls in BRP_EVENTS if cls.__module__ == __name__),
]
