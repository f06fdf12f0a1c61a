"""What a new sheet changes (``fracas resheet C FILE``): the keys of the sheet, what the rules
derive from it (the profile: attacks, bonuses, pools' maxima, weapons …) and the combatant's
``status`` entry (his pools now), each as the old value beside the new.

Pack-neutral: sheets and profiles are compared as the plain data they encode to, a list of
tables with names (weapons, missiles) by name, a list of modifiers as a whole. The old sheet
is the one the log last gave him (his join, or his last resheet); the profile is the record's
``profile``, which every pack's combatant record keeps.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

import msgspec

from engine.tablebase import PlyResult
from events.core import Event, JoinDeclared, ResheetDeclared
from projections.state import FightState

Part = Literal["sheet", "profile", "status"]


class Change(msgspec.Struct, frozen=True):
    """One thing a new sheet changes: in the ``sheet``, the ``profile`` the rules derive from
    it, or the combatant's ``status`` entry; ``field`` its path (``bonuses.parry``,
    ``weapons[vibro-knife].damage``); ``old`` and ``new`` its values as JSON (None: absent)."""

    part: Part
    field: str
    old: Any
    new: Any


class Resheeted(msgspec.Struct, frozen=True):
    """What ``resheet`` appended (its ply) and what the new sheet changes."""

    result: PlyResult
    changes: list[Change]


def last_sheet(history: Sequence[tuple[Any, list[Event]]], cid: str) -> Any:
    """The sheet the log last gave ``cid`` on this path (his join or his last resheet), or
    None."""
    for _, events in reversed(history):
        declared = events[0] if events else None
        if isinstance(declared, JoinDeclared | ResheetDeclared) and declared.combatant == cid:
            return declared.sheet
    return None


def _modifiers(value: Any) -> bool:
    """A list of modifiers (``events.core.Modifier`` as data): compared as a whole."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(v, dict) and {"name", "value", "source"} <= set(v) for v in value)
    )


def _named(value: Any) -> dict[str, Any] | None:
    """A list of tables each with its own name (weapons, missiles), by name; else None."""
    if not isinstance(value, list) or not value or _modifiers(value):
        return None
    if not all(isinstance(v, dict) and isinstance(v.get("name"), str) for v in value):
        return None
    by_name = {v["name"]: v for v in value}
    return by_name if len(by_name) == len(value) else None


def differences(old: Any, new: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """``(path, old, new)`` for each value that differs between two plain-data documents,
    a table key by key, a list of named tables name by name (one only on one side is listed
    whole), anything else as a whole."""
    if old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in [*old, *(k for k in new if k not in old)]:
            where = f"{path}.{key}" if path else str(key)
            if key not in old:
                yield where, None, new[key]
            elif key not in new:
                yield where, old[key], None
            else:
                yield from differences(old[key], new[key], where)
        return
    old_named, new_named = _named(old), _named(new)
    if old_named is not None and new_named is not None:
        for name in [*old_named, *(n for n in new_named if n not in old_named)]:
            yield from differences(old_named.get(name), new_named.get(name), f"{path}[{name}]")
        return
    yield path, old, new


def changes(
    cid: str,
    old_sheet: Any,
    new_sheet: Any,
    before: FightState,
    after: FightState,
    status: Any,
) -> list[Change]:
    """Every :class:`Change` from ``before`` to ``after`` for ``cid``: the sheet's keys, the
    profile's, then his ``status`` entry's (``status(state, cid)``: the pack's fields)."""
    out = [
        Change("sheet", field, old, new)
        for field, old, new in differences(_plain(old_sheet), _plain(new_sheet))
    ]
    old_record, new_record = before.combatants[cid].data, after.combatants[cid].data
    out += [
        Change("profile", field, old, new)
        for field, old, new in differences(
            _plain(getattr(old_record, "profile", None)),
            _plain(getattr(new_record, "profile", None)),
        )
    ]
    out += [
        Change("status", field, old, new)
        for field, old, new in differences(_plain(status(before, cid)), _plain(status(after, cid)))
    ]
    return out


def _plain(value: Any) -> Any:
    """As JSON has it (msgspec keeps tuples as tuples in builtins; JSON makes them lists)."""
    return None if value is None else msgspec.json.decode(msgspec.json.encode(value))


def shown(value: Any) -> str:
    """A value of a :class:`Change` as a GM reads it: a modifier list as ``name +2, …``, a
    named table (a weapon) as what it sets, another table as compact JSON, nothing as
    ``-``."""
    if value is None:
        return "-"
    if _modifiers(value):
        return ", ".join(
            f"{m['name']} {m['value']:+d}"
            if m.get("op", "add") == "add"
            else f"{m['name']} {m['op']} {m['value']}"
            for m in value
        )
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        # a table listed whole (a weapon added or gone): what it sets, its name in the path
        return ", ".join(
            f"{k} {shown(v)}" for k, v in value.items() if k != "name" and v not in _UNSET
        )
    if isinstance(value, dict | list):
        return msgspec.json.encode(value).decode()
    return str(value)


#: Values a table listed whole leaves out: what a key that is not given holds.
_UNSET: tuple[Any, ...] = (None, False, {}, [], "")
