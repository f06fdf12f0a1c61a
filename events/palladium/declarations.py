"""Declarations of the Palladium (Rifts) rules pack: what the GM asks for, before any rule
decides (``events/palladium/__init__.py`` has what the rules made of them).

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import ClassVar

from events.core import CombatantId, Declaration, InitiativeDeclared, RulingDeclared
from events.palladium.records import BlowChoice, BurstName, DefenceChoice, MoveName


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

    attackers: tuple[CombatantId, ...]
    aware: tuple[str, ...] = ()


class StrikeDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.strike_declared"):
    """A one-attack strike at ``target`` with ``weapon`` (None: a punch), PAL-STRIKE-ROLL.

    ``defend`` is the defender's answer decided in advance; None leaves it pending. ``move``
    is a hand-to-hand move instead of a plain punch (``moves.py``); ``from_behind`` and
    ``unseen``: the target cannot parry or dodge it (PAL-DEF-LOS); ``pull``: the striker
    pulls the blow to at most this many points (PAL-DMG-PULL); ``called``: a called strike at
    a location (``engine/rules/palladium/called.py``).
    """

    actor: CombatantId
    target: CombatantId
    weapon: str | None = None
    defend: DefenceChoice | None = None
    move: MoveName | None = None
    from_behind: bool = False
    unseen: bool = False
    pull: int | None = None
    #: A death blow at will: two attacks, lands on the second (PAL-DMG-DEATHBLOW).
    death_blow: bool = False
    #: With a gun, the distance in feet: the strike is a shot (``shoot --range``).
    range: int | None = None
    #: A called strike at this location: one attack more under the option ``melee_called``;
    #: under the house rules it lands there only on a total of 12 (PAL-HR-STRIKE-CALLED-12,
    #: PAL-STRIKE-CALLED). With a gun, a called shot.
    called: str | None = None
    #: The called location is a weapon in the target's hand: -3, and a hit on it damages it
    #: (PAL-RNG-TARGET-WEAPON).
    at_weapon: bool = False


class PowerPunchDeclared(
    Declaration, frozen=True, kw_only=True, tag="palladium.power_punch_declared"
):
    """A power punch (or kick): two attacks, lands on the second, PAL-DMG-POWER."""

    actor: CombatantId
    target: CombatantId
    kick: bool = False
    defend: DefenceChoice | None = None


class ShootDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.shoot_declared"):
    """A shot with a ranged weapon: single (1 attack), aimed (2, +2), called (2) or aimed and
    called (3), PAL-STRIKE-CALLED; ``range`` in feet picks the target number under the house
    range bands (PAL-HR-STRIKE-RANGE-BANDS)."""

    actor: CombatantId
    target: CombatantId
    weapon: str | None = None
    aimed: bool = False
    called: str | None = None
    range: int | None = None
    defend: DefenceChoice | None = None
    #: The moment's penalties (PAL-RNG-WILD, -BLIND, -TARGET-WEAPON, -MOVING-TARGET).
    wild: bool = False
    blind: bool = False
    moving: bool = False
    at_weapon: bool = False
    target_moving: int | None = None
    #: A burst or pulse instead of a single shot (PAL-RNG-BURST, PAL-RNG-PULSE).
    burst: BurstName | None = None
    #: Both barrels at once, for one attack (PAL-RNG-DUAL).
    twin: bool = False
    #: The target is in partial cover: the GM's penalty, 2 to 10 (PAL-RNG-COVER).
    cover: int | None = None
    #: A burst sprayed over the area the target is in: fired wild (PAL-RNG-WILD).
    spray: bool = False
    #: Whom the shot strikes instead if it misses: the GM's call (PAL-STRIKE-STRAY).
    stray: CombatantId | None = None


class ActDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.act_declared"):
    """An action the pack does not model (a spell, a skill, reloading), paid by the clock like
    any other. ``cost`` None with ``psionic`` takes the psionic cost (PAL-PSI-ACTION,
    PAL-HR-PSI-COST)."""

    actor: CombatantId
    note: str
    cost: int | None = None
    psionic: bool = False


class DefendDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.defend_declared"):
    """The defender answers a pending strike: parry, dodge, none, a simultaneous attack, roll
    with the impact, entangle, disarm, back flip, or parry and strike back with paired weapons;
    a volley of missiles with a counter-volley, a shot at it, a dodge, a roll or none."""

    defender: CombatantId
    choice: DefenceChoice
    weapon: str | None = None
    #: A counter-volley: how many of his own missiles, from which launcher (PAL-MSL-SHOOT-DOWN).
    missiles: int | None = None
    launcher: str | None = None


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


class ActivateDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.activate_declared"):
    """The striker's answer to a knockout or death-blow chance his natural roll opened:
    ``knockout``, ``death-blow`` or ``no`` (PAL-DMG-KO, PAL-DMG-DEATHBLOW; under the house
    rules it costs one more attack, PAL-HR-KO, PAL-HR-DEATHBLOW)."""

    actor: CombatantId
    choice: BlowChoice


class BodyFlipDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.body_flip_declared"):
    """A body flip or throw at ``target``: one attack, 1D6 + damage bonuses, and the victim
    loses initiative and one attack (PAL-DMG-BODYFLIP); ``defend`` as for a strike."""

    actor: CombatantId
    target: CombatantId
    defend: DefenceChoice | None = None
