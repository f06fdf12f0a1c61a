"""Events of the GURPS pack's ranged-side situational rules: malfunctions and clearing them
(GURPS-MALF).

Rule ids cite ``shared/rules/gurps-brp.md`` §2.1. Every roll is a core ``Roll``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import Event, Roll

#: What a malfunction leaves a weapon as (GURPS-MALF): "destroyed" after an explosion.
Jam = Literal["misfire", "stoppage", "mechanical", "destroyed", "dud", "late"]
#: The two steps of clearing one: finding the problem, then fixing it.
ClearStep = Literal["diagnose", "fix"]


class MalfunctionRolled(Event, frozen=True, kw_only=True, tag="gurps.malfunction_rolled"):
    """``combatant``'s ``weapon`` malfunctions (GURPS-MALF): the attack's unmodified 3d
    ``attack`` reached its ``malf``; ``roll`` is the 3d on the malfunction table and ``kind``
    what it gave (misfire, stoppage, mechanical, explosion; a grenade's late or dud). ``jam``
    is what the weapon is now until cleared (None: it fires next time, a revolver's misfire),
    ``step`` the first step of clearing it, ``readies`` the Ready turns that step takes."""

    combatant: str
    weapon: str
    malf: int
    attack: int
    roll: Roll
    kind: Literal["misfire", "stoppage", "mechanical", "explosion", "late", "dud"]
    jam: Jam | None = None
    step: ClearStep | None = None
    readies: int = 0
    reason: str = ""


class WeaponCleared(Event, frozen=True, kw_only=True, tag="gurps.weapon_cleared"):
    """A Ready turn spent on ``combatant``'s jammed ``weapon`` (GURPS-MALF): ``step``
    (diagnose or fix), ``done`` of the ``readies`` it takes; on the last, ``roll`` (Armoury or
    the IQ-based weapon skill) and ``success``. ``jam`` is what the weapon is now (None:
    cleared, it fires again) and ``step_now`` the step the next Ready works at."""

    combatant: str
    weapon: str
    step: ClearStep
    done: int
    readies: int
    roll: Roll | None = None
    success: bool | None = None
    jam: Jam | None = None
    step_now: ClearStep | None = None
    reason: str = ""


class CoverChecked(Event, frozen=True, kw_only=True, tag="gurps.cover_checked"):
    """A random hit on a fighter behind cover (GURPS-COVER): the ``location`` rolled is
    ``exposure`` (full, half, hidden); ``roll`` the 1d for a half-exposed one (4-6: the
    cover); ``struck`` whether the shot hit the cover instead of him."""

    target: str
    location: str
    exposure: Literal["full", "half", "hidden"]
    roll: Roll | None = None
    struck: bool = False


class Overpenetrated(Event, frozen=True, kw_only=True, tag="gurps.overpenetrated"):
    """``actor``'s shot went through ``target`` (GURPS-OVERPEN): its ``basic`` damage exceeded
    his cover DR (``cover_dr``: DR twice for worn armor, plus HP, over the armor divisor, plus
    any cover it was shot through); it goes on to ``behind``, the GM's call, whose DR gains
    the cover DR."""

    actor: str
    target: str
    behind: str
    basic: int
    cover_dr: int


class ZoneCovered(Event, frozen=True, kw_only=True, tag="gurps.zone_covered"):
    """``combatant`` covers a zone with suppression fire until his next turn (GURPS-SUPPRESS):
    ``shots`` of ``weapon`` fired into it, ``cap`` the most effective skill of an attack on
    whoever enters (6 + the RoF bonus, 8 + for a mounted weapon), ``zone`` the GM's words."""

    combatant: str
    weapon: str
    shots: int
    cap: int
    zone: str = ""


class ZoneFired(Event, frozen=True, kw_only=True, tag="gurps.zone_fired"):
    """``victim`` entered ``shooter``'s zone and was attacked (GURPS-SUPPRESS): ``hits`` of
    the zone's shots hit him; ``left`` may still hit someone this turn."""

    shooter: str
    victim: str
    hits: int
    left: int


class BlastReached(Event, frozen=True, kw_only=True, tag="gurps.blast_reached"):
    """``actor``'s explosion reaches ``victim`` ``yards`` from it (GURPS-EXPLOSION): the
    ``rolled`` damage divided by 3 x yards, rounded down, is ``damage`` (0 beyond 2 yards a
    die), against his torso DR with no armor divisor."""

    actor: str
    victim: str
    yards: int
    rolled: int
    damage: int


class FragmentsRolled(Event, frozen=True, kw_only=True, tag="gurps.fragments_rolled"):
    """The fragments of ``actor``'s explosion at ``victim`` ``yards`` away (GURPS-FRAG): the
    one struck takes one (``roll`` None); anyone else is attacked at skill 15 (``roll``), 1
    fragment + 1 per 3 of margin hitting (``hits``, before his Dodge and Drop)."""

    actor: str
    victim: str
    yards: int
    hits: int
    roll: Roll | None = None
