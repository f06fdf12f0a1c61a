"""The house natural-1 setback (PAL-HR-STRIKE-NAT1): an outcome the GM narrates and rules on.

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from events.core import Event, Notice


class NaturalOneSetback(Notice, frozen=True, kw_only=True, tag="palladium.natural_one_setback"):
    """A natural 1 on ``actor``'s attack roll under the house rules (PAL-HR-STRIKE-NAT1, option
    ``nat1_setback``): the attack is resolved as its total says, and something goes wrong for
    him all the same (a jammed gun, a snapped bowstring, a weapon slipping from his grasp or
    damaged, a gauntlet caught in the foe's armor). The rules name no effect: the GM narrates
    one and applies what it costs with a ruling. ``action`` is the attack as its roll records
    it ("strike", "shot", "volley", "covering fire" …); ``hits`` whether it hit all the same,
    None when that is settled later (covering fire, whose bursts hit whoever crosses)."""

    actor: str
    action: str
    weapon: str | None = None
    hits: bool | None = None
    rule: str = "PAL-HR-STRIKE-NAT1"


SETBACK_OUTCOMES: tuple[type[Event], ...] = (NaturalOneSetback,)
