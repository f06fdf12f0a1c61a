"""The partial-surprise initiative roll of GURPS (GURPS-INIT-PARTIAL, ``shared/rules/gurps-brp.md``
§2.1): each side's leader rolls 1d with his side's modifiers; the loser's side is surprised."""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from events.core import Event, Roll


class PartialInitiativeRolled(
    Event, frozen=True, kw_only=True, tag="gurps.partial_initiative_rolled"
):
    """The sides' initiative in a partial surprise: ``leaders`` (one per side, in the order the
    GM named them), each one's 1d with its modifiers in ``rolls``, and the winning side
    (None: a tie, nobody is surprised)."""

    leaders: tuple[str, ...]
    rolls: tuple[Roll, ...]
    winner: str | None
    rule: str = "GURPS-INIT-PARTIAL"
