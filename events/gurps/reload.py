"""Events of reloading (GURPS-RELOAD): the ``reload`` verb's declaration and each Ready second
of a reload."""

# No `from __future__ import annotations` (see events/core.py).
from events.core import CombatantId, Declaration, Event


class ReloadDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.reload_declared"):
    """``actor`` spends his turn (a Ready) reloading ``weapon`` (None: his first weapon with
    shots missing)."""

    actor: CombatantId
    weapon: str | None = None


class WeaponReloading(Event, frozen=True, kw_only=True, tag="gurps.weapon_reloading"):
    """One Ready second of a reload (GURPS-RELOAD): ``done`` of the ``needed`` seconds are
    spent; ``shots`` is what the weapon holds now (full once the reload is done; one more
    each ``needed``-th second for a weapon loaded shot by shot)."""

    combatant: str
    weapon: str
    done: int
    needed: int
    shots: int


RELOAD_EVENTS: tuple[type[Event], ...] = (ReloadDeclared, WeaponReloading)
