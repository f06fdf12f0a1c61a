"""Read models of the GURPS pack's ranged-side situational rules: jammed weapons and how far
clearing them has got (GURPS-MALF). Pure functions on a fighter's ``jams``; the reducers in
:mod:`projections.gurps` call them."""

# No `from __future__ import annotations`: msgspec reads these records' annotations to decode
# snapshots.

from typing import Any

import msgspec

from events.gurps.ranged import (
    ClearStep,
    Jam,
    MalfunctionRolled,
    WeaponCleared,
    ZoneCovered,
    ZoneFired,
)


class SuppressionZone(msgspec.Struct, frozen=True, kw_only=True):
    """A zone covered with suppression fire until the shooter's next turn (GURPS-SUPPRESS):
    the weapon, the shots fired into it, those that may still hit, the cap on the skill of
    its attacks, and the zone in the GM's words."""

    weapon: str
    shots: int
    left: int
    cap: int
    zone: str = ""


def zone_covered(e: ZoneCovered) -> SuppressionZone:
    """The zone a suppression burst covers."""
    return SuppressionZone(weapon=e.weapon, shots=e.shots, left=e.shots, cap=e.cap, zone=e.zone)


def zone_fired(zone: SuppressionZone | None, e: ZoneFired) -> SuppressionZone | None:
    """Fewer shots left to hit anyone else."""
    return None if zone is None else msgspec.structs.replace(zone, left=e.left)


def zone_status(zone: SuppressionZone | None) -> dict[str, Any] | None:
    """``status --json``'s ``zone``: {weapon, shots, left, cap, zone} or null."""
    if zone is None:
        return None
    return {"weapon": zone.weapon, "shots": zone.shots, "left": zone.left, "cap": zone.cap,
            "zone": zone.zone}  # fmt: skip


class WeaponJam(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon that will not fire until cleared: ``kind`` (misfire, stoppage, mechanical,
    destroyed, dud, late), the clearing ``step`` it is at (None: nothing clears it) and the
    Ready turns spent on that step so far."""

    kind: Jam
    step: ClearStep | None = None
    readies: int = 0


def after_malfunction(jams: dict[str, WeaponJam], e: MalfunctionRolled) -> dict[str, WeaponJam]:
    """The weapon is jammed (or, a revolver's misfire, not)."""
    if e.jam is None:
        return jams
    return {**jams, e.weapon: WeaponJam(kind=e.jam, step=e.step)}


def after_clearing(jams: dict[str, WeaponJam], e: WeaponCleared) -> dict[str, WeaponJam]:
    """Another Ready spent on it: cleared, a step further, or back to the start of a step."""
    rest = {k: v for k, v in jams.items() if k != e.weapon}
    if e.jam is None:
        return rest
    spent = e.done if e.roll is None else 0
    return {**rest, e.weapon: WeaponJam(kind=e.jam, step=e.step_now, readies=spent)}


def jam_status(jams: dict[str, WeaponJam]) -> dict[str, Any]:
    """``status --json``'s ``jams``: weapon -> {kind, step, readies}."""
    return {w: {"kind": j.kind, "step": j.step, "readies": j.readies} for w, j in jams.items()}
