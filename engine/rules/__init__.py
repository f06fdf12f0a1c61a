"""The rules-pack contract and the registry of systems.

The core owns the log, the dice and the clock (round, turn order, whose turn); a pack owns
what an action costs, what it does, and when a combatant can still act. Nothing outside a
pack's own folder may assume its system.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, Protocol

import attrs

from engine.dice import Dice
from events.core import Declaration, Event
from events.upcasts import Upcasts
from projections.fold import Reducer
from projections.state import CombatantState, FightState

Advance = Literal["none", "next", "start"]
#: How a turn reached someone: his own turn in the order, a cut-in, or back after a cut-in.
TurnKind = Literal["turn", "cut_in", "resume"]


class IllegalAction(Exception):
    """The rules forbid this action now; the message says why (exit 1, nothing written)."""


class UsageError(Exception):
    """The command cannot be carried out as asked (exit 2); the message says what to change."""


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def check_name(kind: str, name: str) -> str:
    """Names of encounters and branches: letters, digits, ``_ . -``; no ``~``."""
    if not _NAME.match(name):
        raise UsageError(
            f"{kind} name {name!r} is not allowed: use 1-64 letters, digits, '_', '.' or '-'"
        )
    return name


class UnknownName(Exception):
    """A name the GM gave does not exist: a combatant, weapon, branch… (exit 2)."""


@attrs.frozen
class Decision:
    """What a pack decided: the events, and how the clock moves afterwards.

    ``advance`` is "none" (the same combatant still acts, or nothing to move), "next" (the
    acting combatant's turn is used: pass to the next in order) or "start" (a round began:
    pass to the first in order who can act). ``cut_in`` gives the turn to that combatant now,
    keeping the one acting to resume afterwards. ``resolved`` says an action was carried out,
    so a queued cut-in may go (false for a decision that only arranges the clock).
    """

    events: list[Event]
    advance: Advance = "none"
    cut_in: str | None = None
    resolved: bool = True


class RulesPack(Protocol):
    """A rules system: its options, sheets, events, reducers and decisions."""

    name: str
    version: int
    variants: tuple[str, ...]
    event_types: tuple[type[Event], ...]
    upcasts: Upcasts
    reducers: Mapping[type[Event], Reducer]

    def options_for(self, variant: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """The recorded options of a new encounter (IllegalAction/ValueError if unknown)."""
        ...

    def load_sheet(self, path: Path) -> dict[str, Any]:
        """A validated sheet as plain data (raises engine.sheets.SheetError)."""
        ...

    def decide(self, state: FightState, action: Declaration, dice: Dice) -> Decision:
        """Resolve a declaration into events, or raise IllegalAction / UnknownName."""
        ...

    def can_act(self, state: FightState, cid: str) -> bool:
        """Whether ``cid`` takes a turn now: in a cycling round, whether he still acts this
        round; in a round of passes, whether he takes a turn in the current pass."""
        ...

    def on_turn(self, state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
        """Automatic events when the turn reaches ``cid`` (e.g. a multi-attack landing)."""
        ...

    def status_fields(self, c: CombatantState) -> dict[str, Any]:
        """The pack's part of a combatant's status document."""
        ...

    def explain(self, event: Event, state: FightState) -> list[str]:
        """Lines a GM reads for one event (empty: nothing worth saying)."""
        ...


def options_summary(variant: str, defaults: Mapping[str, Any], chosen: Mapping[str, Any]) -> str:
    """``house defaults`` or ``house defaults, except holds=False``: only what differs from
    the variant's defaults (``status --json`` lists them all)."""
    changed = [f"{k}={v}" for k, v in chosen.items() if defaults.get(k, object()) != v]
    return f"{variant} defaults" + (", except " + ", ".join(changed) if changed else "")


#: The system ``fracas new`` uses when none is named.
DEFAULT_SYSTEM = "palladium"

#: system name -> module path whose ``PACK`` is the rules pack (imported on first use).
SYSTEMS: dict[str, str] = {
    "palladium": "engine.rules.palladium",
}


def get_pack(name: str) -> RulesPack:
    """The rules pack registered as ``name`` (UnknownName if none)."""
    try:
        module = SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise UnknownName(f"unknown rules system {name!r} (known: {known})") from None
    pack: RulesPack = importlib.import_module(module).PACK
    return pack
