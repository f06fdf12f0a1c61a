"""The GURPS pack's variant, and its options as the rules read them.

The options are :class:`events.gurps.records.GurpsOptions`, recorded in the encounter's first
event. There is one variant, ``basic``: the seed's rules on the Basic Set's core; every
reading taken where the text is silent is an option (docs/RULES-gurps.md).
"""

from __future__ import annotations

from typing import Any

from events.gurps.records import GurpsOptions
from projections.state import FightState

#: variant -> the options it sets otherwise than the defaults.
VARIANTS: dict[str, dict[str, Any]] = {"basic": {}}

_DEFAULT = GurpsOptions()


def opts(state: FightState) -> GurpsOptions:
    """The encounter's options (the defaults before an encounter starts)."""
    options = state.options
    return options if isinstance(options, GurpsOptions) else _DEFAULT
