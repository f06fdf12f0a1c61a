"""Events of the GURPS pack's healing and fatigue: a GM's ruling that heals HP or FP, the
ruling's declaration with its FP option (GURPS-FATIGUE, GURPS-HEALING)."""

# No `from __future__ import annotations` (see events/core.py).
from typing import ClassVar, Literal

from events.core import Event, RulingDeclared

Pool = Literal["hp", "fp"]


class GurpsRulingDeclared(RulingDeclared, frozen=True, kw_only=True, tag="gurps.ruling_declared"):
    """A GM ruling with the GURPS option beside the core's effects: ``fp`` puts ``damage`` and
    ``heal`` on FP rather than HP (fatigue, GURPS-FATIGUE)."""

    schema_version: ClassVar[int] = 1

    fp: bool = False


class Healed(Event, frozen=True, kw_only=True, tag="gurps.healed"):
    """``combatant`` gets ``amount`` back in ``pool`` (``before`` -> ``after``, never above
    the sheet's), and why (``rule``: a GM ruling, GURPS-HEALING)."""

    combatant: str
    pool: Pool
    amount: int
    before: int
    after: int
    rule: str = ""


RECOVERY_EVENTS: tuple[type[Event], ...] = (GurpsRulingDeclared, Healed)
