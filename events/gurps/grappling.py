"""GURPS events of grappling: a hold taken or tightened, a hold ended, a failed try to break
free, and fatigue lost (a choke hold). Rule ids: GURPS-GRAPPLE (the project's, docs/RULE-IDS.md),
GURPS-GRAPPLE-LOC, GURPS-ARM-LOCK, GURPS-CHOKE-HOLD (``shared/rules/gurps-brp.md`` §2.1).
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import Event

#: A plain grapple, an arm lock, a choke hold.
Hold = Literal["grapple", "arm_lock", "choke_hold"]


class Grappled(Event, frozen=True, kw_only=True, tag="gurps.grappled"):
    """``holder`` now holds ``victim`` in ``hold``, grabbing ``location`` (None: no body part
    named; an arm lock names the arm), and why (``rule``)."""

    holder: str
    victim: str
    hold: Hold
    location: str | None = None
    rule: str = ""


class GrappleEnded(Event, frozen=True, kw_only=True, tag="gurps.grapple_ended"):
    """``holder`` holds ``victim`` no more: he broke free, was let go, or one of them is out
    of the fight; ``reason`` in words."""

    holder: str
    victim: str
    reason: str
    rule: str = ""


class BreakFreeFailed(Event, frozen=True, kw_only=True, tag="gurps.break_free_failed"):
    """``victim`` failed to break ``holder``'s hold: ``tries`` failed so far against this hold
    (an arm lock makes each later try 1 worse, GURPS-ARM-LOCK)."""

    victim: str
    holder: str
    tries: int


class FatigueLost(Event, frozen=True, kw_only=True, tag="gurps.fatigue_lost"):
    """``combatant`` loses ``amount`` FP (``before`` -> ``after``), and why (``rule``: a choke
    hold's FP a turn, GURPS-CHOKE-HOLD)."""

    combatant: str
    amount: int
    before: int
    after: int
    rule: str = ""


GRAPPLING_EVENTS: tuple[type[Event], ...] = (Grappled, GrappleEnded, BreakFreeFailed, FatigueLost)
