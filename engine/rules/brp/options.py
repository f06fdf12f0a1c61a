"""The Basic Roleplaying pack's variant, and its options as the rules read them.

The options are :class:`events.brp.records.BrpOptions`, recorded in the encounter's first
event. There is one variant, ``standard``: the spot rules of seed 004 on the core rules they
assume; every ambiguity of the text is an option (docs/RULES-brp.md).
"""

from __future__ import annotations

from typing import Any

from events.brp.records import BrpOptions
from projections.state import FightState

#: variant -> the options it sets otherwise than the defaults.
VARIANTS: dict[str, dict[str, Any]] = {"standard": {}}

_DEFAULT = BrpOptions()


def opts(state: FightState) -> BrpOptions:
    """The encounter's options (the defaults before an encounter starts)."""
    options = state.options
    return options if isinstance(options, BrpOptions) else _DEFAULT
