"""The registry of rules systems, and the refusals every part of fracas raises.

A rules pack is a record (``engine/rules/pack.py``) in its own folder,
``engine/rules/<system>/``, whose module exposes it as ``PACK``. This registry is the one place
outside a pack's own files that names the systems; nothing else may assume one.
"""

from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.rules.pack import Pack


class IllegalAction(Exception):
    """The rules forbid this action now; the message says why (exit 1, nothing written)."""


class UsageError(Exception):
    """The command cannot be carried out as asked (exit 2); the message says what to change."""


class UnknownName(Exception):
    """A name the GM gave does not exist: a combatant, weapon, branch, system… (exit 2)."""


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def check_name(kind: str, name: str) -> str:
    """Names of encounters, branches and combatants: letters, digits, ``_ . -``; no ``~``."""
    if not _NAME.match(name):
        raise UsageError(
            f"{kind} name {name!r} is not allowed: use 1-64 letters, digits, '_', '.' or '-'"
        )
    return name


#: The system ``fracas new`` uses when none is named.
DEFAULT_SYSTEM = "palladium"

#: system name -> module whose ``PACK`` is the rules pack (imported on first use).
SYSTEMS: dict[str, str] = {
    "palladium": "engine.rules.palladium",
    "brp": "engine.rules.brp",
}


def get_pack(name: str) -> Pack:
    """The rules pack registered as ``name`` (UnknownName if none)."""
    try:
        module = SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise UnknownName(f"unknown rules system {name!r} (known: {known})") from None
    pack: Pack = importlib.import_module(module).PACK
    return pack
