"""Palladium hand to hand beyond the blow: holds, entanglements, disarms, body blocks, rolling
with an impact; their declarations and what the rules made of them.

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from events.core import CombatantId, Declaration, Event, Roll
from events.palladium.records import DefenceChoice, HoldName

# --- declarations -----------------------------------------------------------------------------


class GrappleDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.grapple_declared"):
    """``actor`` grabs ``target`` in a ``hold``: a strike roll with hold bonuses; if it gets
    through, the target is held until he escapes or is let go (PAL-COND-HELD)."""

    actor: CombatantId
    target: CombatantId
    hold: HoldName
    defend: DefenceChoice | None = None


class EscapeDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.escape_declared"):
    """The held ``actor`` tries to break the hold: 1D20 + P.P. against the holder's 1D20 + P.P.
    + hold bonuses (PAL-COND-HELD)."""

    actor: CombatantId


class ReleaseHoldDeclared(
    Declaration, frozen=True, kw_only=True, tag="palladium.release_hold_declared"
):
    """``actor`` lets go of the fighter he holds or entangles (PAL-COND-HELD,
    PAL-COND-ENTANGLED)."""

    actor: CombatantId


class FreeDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.free_declared"):
    """The entangled ``actor`` tries to pull free: a dodge roll against the entangle roll
    (PAL-DEF-ENTANGLE)."""

    actor: CombatantId


class BodyBlockDeclared(
    Declaration, frozen=True, kw_only=True, tag="palladium.body_block_declared"
):
    """A body block or tackle at ``target``: damage and a knockdown roll if it is not dodged
    (PAL-DMG-BODYBLOCK; the house rule PAL-HR-DMG-BODYBLOCK)."""

    actor: CombatantId
    target: CombatantId
    defend: DefenceChoice | None = None


class DisarmDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.disarm_declared"):
    """``actor`` tries to knock the weapon out of ``target``'s hand (``weapon``: which one;
    None: the first he holds), PAL-DEF-DISARM."""

    actor: CombatantId
    target: CombatantId
    weapon: str | None = None
    defend: DefenceChoice | None = None


# --- outcomes ---------------------------------------------------------------------------------


class HoldTaken(Event, frozen=True, kw_only=True, tag="palladium.hold_taken"):
    """``holder`` has ``victim`` in a ``hold``; neither attacks, parries or dodges while it
    lasts (PAL-COND-HELD)."""

    holder: str
    victim: str
    hold: str


class HoldReleased(Event, frozen=True, kw_only=True, tag="palladium.hold_released"):
    """The hold of ``holder`` on ``victim`` is over, and why."""

    holder: str
    victim: str
    reason: str
    rule: str = "PAL-COND-HELD"


class ContestRolled(Event, frozen=True, kw_only=True, tag="palladium.contest_rolled"):
    """Two rolls against each other: ``kind`` "escape" (a hold, PAL-COND-HELD) or "free" (an
    entanglement, PAL-DEF-ENTANGLE); ``success`` when ``actor`` wins, and why."""

    kind: str
    actor: str
    against: str
    roll: Roll
    #: The other side's roll (a holder's); None against a standing number (an entanglement's).
    opposed: Roll | None = None
    success: bool
    reason: str


class Entangled(Event, frozen=True, kw_only=True, tag="palladium.entangled"):
    """``entangler`` pins ``victim``'s arm or weapon; ``total`` is the entangle roll the victim
    must dodge against to get free (PAL-DEF-ENTANGLE, PAL-COND-ENTANGLED)."""

    entangler: str
    victim: str
    total: int
    #: The roll that keeps it, a round later (None: the defence roll that made it).
    roll: Roll | None = None


class EntangleEnded(Event, frozen=True, kw_only=True, tag="palladium.entangle_ended"):
    """The entanglement of ``victim`` by ``entangler`` is over, and why."""

    entangler: str
    victim: str
    reason: str
    rule: str = "PAL-COND-ENTANGLED"


class WeaponDropped(Event, frozen=True, kw_only=True, tag="palladium.weapon_dropped"):
    """``target`` loses ``weapon`` to a disarm by ``actor``: knocked away, not taken
    (PAL-DEF-DISARM); or, ``actor`` being ``target``, throws it (PAL-STRIKE-THROW)."""

    actor: str
    target: str
    weapon: str
    rule: str


class WeaponPickedUp(Event, frozen=True, kw_only=True, tag="palladium.weapon_picked_up"):
    """``actor`` picks up the ``weapon`` he was disarmed of (PAL-DEF-DISARM)."""

    actor: str
    weapon: str


class PickUpDeclared(Declaration, frozen=True, kw_only=True, tag="palladium.pick_up_declared"):
    """``actor`` picks up a weapon knocked out of his hand (``weapon``; None: the last)."""

    actor: CombatantId
    weapon: str | None = None


class BalanceRolled(Event, frozen=True, kw_only=True, tag="palladium.balance_rolled"):
    """The percentile roll of a body block's knockdown (PAL-DMG-BODYBLOCK,
    PAL-HR-DMG-BODYBLOCK): ``chance`` is the number that matters and ``fell`` the outcome."""

    actor: str
    target: str
    roll: Roll
    chance: int
    fell: bool
    reason: str
    rule: str


GRAPPLE_DECLARATIONS: tuple[type[Event], ...] = (
    GrappleDeclared,
    EscapeDeclared,
    ReleaseHoldDeclared,
    FreeDeclared,
    BodyBlockDeclared,
    DisarmDeclared,
    PickUpDeclared,
)
GRAPPLE_OUTCOMES: tuple[type[Event], ...] = (
    HoldTaken,
    HoldReleased,
    ContestRolled,
    Entangled,
    EntangleEnded,
    WeaponDropped,
    WeaponPickedUp,
    BalanceRolled,
)
