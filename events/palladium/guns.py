"""Palladium guns beyond the single shot: a weapon's payload spent and reloaded
(PAL-RNG-PAYLOAD, PAL-HR-MISC-COSTS); their declarations and outcomes.

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from events.core import Declaration, Event


class ReloadDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.reload_declared"):
    """``actor`` reloads ``weapon`` (None: the first whose payload is not full), for what the
    weapon's sheet says, one attack unless it says otherwise (PAL-HR-MISC-COSTS)."""

    actor: str
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


GUN_DECLARATIONS: tuple[type[Event], ...] = (ReloadDeclared,)
GUN_OUTCOMES: tuple[type[Event], ...] = (ShotsSpent, Reloaded)
