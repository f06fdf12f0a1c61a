"""GURPS events of a weapon stuck in a foe (GURPS-PICK-STUCK, ``shared/rules/gurps-brp.md``
§2.1): it sticks, and what pulling at it (or letting go) does."""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import Event

#: What a pull, or letting go, leaves: free, still stuck, stuck for good, or left in the foe.
Pulled = Literal["free", "stuck", "stuck_for_good", "let_go"]


class WeaponStuck(Event, frozen=True, kw_only=True, tag="gurps.weapon_stuck"):
    """``combatant``'s swung impaling ``weapon`` penetrated and is stuck in ``victim`` at
    ``location``; ``injury`` is what it did going in (half of it coming out)."""

    combatant: str
    weapon: str
    victim: str
    location: str
    injury: int
    rule: str = "GURPS-PICK-STUCK"


class WeaponPulled(Event, frozen=True, kw_only=True, tag="gurps.weapon_pulled"):
    """``combatant`` pulls at (or lets go of) ``weapon`` stuck in ``victim``: ``outcome``."""

    combatant: str
    weapon: str
    victim: str
    outcome: Pulled
    rule: str = "GURPS-PICK-STUCK"


STUCK_EVENTS: tuple[type[Event], ...] = (WeaponStuck, WeaponPulled)
