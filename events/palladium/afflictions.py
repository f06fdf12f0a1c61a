"""Palladium afflictions beyond the blow: Horror Factor, and a coma's recovery (PAL-COND-HORROR,
PAL-DMG-COMA-RECOVERY); their declarations and outcomes.

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import CombatantId, Declaration, Event, Roll

#: The care a comatose fighter gets, worst first (PAL-DMG-COMA-RECOVERY).
Care = Literal["untrained", "nurse", "doctor", "clinic", "hospital", "major-hospital"]


class RecoverDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.recover_declared"):
    """An hour's attempt to bring ``combatant`` out of a coma with the ``care`` he gets: three
    percentile rolls, two successes stabilize him (PAL-DMG-COMA-RECOVERY)."""

    combatant: CombatantId
    care: Care


class HorrorSaved(Event, frozen=True, kw_only=True, tag="palladium.horror_saved"):
    """``combatant`` meets ``creature`` and its Horror Factor: 1D20 + save bonuses against it
    (PAL-COND-HORROR); a failure costs initiative and an attack, and the creature's first
    attack this round cannot be parried or dodged."""

    combatant: str
    creature: str
    roll: Roll
    success: bool


class RecoveryRolled(Event, frozen=True, kw_only=True, tag="palladium.recovery_rolled"):
    """The three percentile rolls of an hour's recovery attempt (PAL-DMG-COMA-RECOVERY)."""

    combatant: str
    care: str
    chance: int
    rolls: tuple[Roll, ...]
    stabilized: bool


AFFLICTION_DECLARATIONS: tuple[type[Event], ...] = (RecoverDeclared,)
AFFLICTION_OUTCOMES: tuple[type[Event], ...] = (HorrorSaved, RecoveryRolled)
