"""GURPS events of a dual-weapon attack (GURPS-DUAL-WEAPON, ``shared/rules/gurps-brp.md``
§2.1)."""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import Event


class DualHand(Event, frozen=True, kw_only=True, tag="gurps.dual_hand"):
    """``combatant`` attacks ``target`` with ``weapon`` in his ``hand`` ("main" or "off") as
    one half of a dual-weapon attack this turn."""

    combatant: str
    weapon: str
    hand: Literal["main", "off"]
    target: str
