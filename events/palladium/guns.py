"""Palladium guns beyond the single shot: a weapon's payload spent and reloaded
(PAL-RNG-PAYLOAD, PAL-HR-MISC-COSTS); missiles launched in volleys and thinned by
counter-volleys and shots (PAL-MSL-VOLLEY, PAL-MSL-SHOOT-DOWN, PAL-HR-MSL-COUNTER-VOLLEY);
their declarations and outcomes.

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import CombatantId, Declaration, Event, Roll
from events.palladium.records import DefenceChoice, LiveGrenade


class ReloadDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.reload_declared"):
    """``actor`` reloads ``weapon`` (None: the first whose payload is not full), for what the
    weapon's sheet says, one attack unless it says otherwise (PAL-HR-MISC-COSTS)."""

    actor: CombatantId
    weapon: str | None = None


class ShotsSpent(Event, frozen=True, kw_only=True, tag="palladium.shots_spent"):
    """``shots`` of ``weapon``'s payload fired; ``left`` remain (PAL-RNG-PAYLOAD)."""

    actor: str
    weapon: str
    shots: int
    left: int


class Reloaded(Event, frozen=True, kw_only=True, tag="palladium.reloaded"):
    """``weapon`` is full again: ``shots`` (PAL-RNG-PAYLOAD)."""

    actor: str
    weapon: str
    shots: int


class DrawDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.draw_declared"):
    """``actor`` draws ``weapon`` from where it is stowed: one attack from a holster or sling,
    two or more (``cost``) from a pack (PAL-HR-MISC-COSTS)."""

    actor: CombatantId
    weapon: str
    cost: int | None = None


class WeaponDrawn(Event, frozen=True, kw_only=True, tag="palladium.weapon_drawn"):
    """``weapon`` is in ``actor``'s hand, drawn from ``stowed`` ("ready" or "pack")."""

    actor: str
    weapon: str
    stowed: str


class ThrowDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.throw_declared"):
    """``actor`` throws ``weapon`` (a knife, a spear) at ``target`` from ``range`` feet
    (PAL-STRIKE-THROW, PAL-HR-STRIKE-THROWN); ``defend`` the answer given now."""

    actor: CombatantId
    target: CombatantId
    weapon: str
    range: int | None = None
    defend: DefenceChoice | None = None
    #: A grenade: others near where it lands, who take half (PAL-MSL-RADIUS).
    caught: tuple[CombatantId, ...] = ()


class GrenadeArmed(Event, frozen=True, kw_only=True, tag="palladium.grenade_armed"):
    """``actor``'s thrown grenade goes off at the end of the round (PAL-HR-GRENADE-DELAY)."""

    actor: str
    grenade: LiveGrenade


class GrenadeExploded(Event, frozen=True, kw_only=True, tag="palladium.grenade_exploded"):
    """``actor``'s ``weapon`` goes off: on ``target`` ("direct"), near enough to catch him in
    its radius ("radius"), too far ("clear"), or nowhere near after a miss ("miss"); ``rolls``
    the scatter die and its distance, as rolled (PAL-HR-GRENADE-SCATTER)."""

    actor: str
    target: str
    weapon: str
    how: str
    reason: str
    rolls: tuple[Roll, ...] = ()


class CoverDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.cover_declared"):
    """``actor`` lays down covering fire with ``weapon`` (None: his first that fires bursts),
    committing ``attacks`` attacks and as many bursts (PAL-HR-RNG-COVERING-FIRE)."""

    actor: CombatantId
    attacks: int = 1
    weapon: str | None = None


class CoverOpened(Event, frozen=True, kw_only=True, tag="palladium.cover_opened"):
    """Covering fire is down: ``rolls``, one burst attack per committed attack."""

    actor: str
    weapon: str
    rolls: tuple[Roll, ...]


class CoverEnded(Event, frozen=True, kw_only=True, tag="palladium.cover_ended"):
    """``actor``'s covering fire is over: his turn came round, or he defended."""

    actor: str
    reason: str


class CrossDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.cross_declared"):
    """``actor`` starts in, ends in or moves through the area ``through`` covers with fire;
    ``dodge``: he dodges each hit; ``in_cover``: he keeps under cover (no hit)."""

    actor: CombatantId
    through: str
    dodge: bool = False
    in_cover: bool = False


class LaunchDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.launch_declared"):
    """``actor`` fires ``missiles`` missiles from ``launcher`` (None: his first launcher) at
    ``target`` in one volley, one attack and one strike roll (PAL-MSL-VOLLEY); ``caught``
    are others standing in its blast radius (PAL-MSL-RADIUS); ``defend`` the target's answer
    given now."""

    actor: CombatantId
    target: CombatantId
    missiles: int = 1
    launcher: str | None = None
    range: int | None = None
    caught: tuple[CombatantId, ...] = ()
    defend: Literal["dodge", "roll", "block", "none"] | None = None


class MissilesSpent(Event, frozen=True, kw_only=True, tag="palladium.missiles_spent"):
    """``count`` of ``actor``'s ``missile`` fired; ``left`` remain."""

    actor: str
    missile: str
    count: int
    left: int


class VolleyThinned(Event, frozen=True, kw_only=True, tag="palladium.volley_thinned"):
    """``defender``'s counter-volley or shot at a volley: ``destroyed`` of its missiles blown
    up before they hit, ``left`` still coming (0: none hits); ``wounded`` M.D.C. shot off a
    missile that still flies; ``table`` the percentile roll of what else goes up, if any."""

    defender: str
    destroyed: int
    left: int
    reason: str
    rule: str
    wounded: int = 0
    rolls: tuple[Roll, ...] = ()


class WeaponDamaged(Event, frozen=True, kw_only=True, tag="palladium.weapon_damaged"):
    """A called shot at ``target``'s ``weapon`` took ``amount`` M.D.C. off it, ``before`` to
    ``after`` (0: destroyed), PAL-RNG-TARGET-WEAPON."""

    target: str
    weapon: str
    amount: int
    before: int
    after: int
    rule: str = "PAL-RNG-TARGET-WEAPON"


GUN_DECLARATIONS: tuple[type[Event], ...] = (
    ReloadDeclared, LaunchDeclared, DrawDeclared, ThrowDeclared, CoverDeclared, CrossDeclared
)  # fmt: skip
GUN_OUTCOMES: tuple[type[Event], ...] = (
    ShotsSpent, Reloaded, MissilesSpent, VolleyThinned, WeaponDrawn, GrenadeArmed,
    GrenadeExploded, CoverOpened, CoverEnded, WeaponDamaged,
)  # fmt: skip
