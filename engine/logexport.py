"""``fracas export DB_OUT [--csv DIR]``: the encounter's log as flat tables, one row each, for
Datasette, sqlite3 or a spreadsheet, written with sqlite-utils.

Tables (every ply of every branch, each once): ``plies`` (id, parent, depth, the command, seed,
salt, dice entered, rules version, time, and ``text``, the ply in the GM's words, searchable
with full-text search), ``rolls`` (each roll of each event: its ply, the event's index and
type, who, the spec, faces, total, target, source, rule), ``modifiers`` (each step of a roll,
to its total or to its target), ``damage`` (each pool a hit changed), ``conditions`` (each
condition that came or went) and ``branches`` (name, head, tip, fork: ply ids). Foreign keys
tie rolls, damage and conditions to ``plies`` and modifiers to ``rolls``. The fracas file is
only read.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import sqlite_utils

from engine.rules import UsageError
from engine.table import PlyView, Table
from events.core import Event, Roll

Rows = dict[str, list[dict[str, Any]]]
TABLES = ("plies", "rolls", "modifiers", "damage", "conditions", "branches")


def _who(e: Event) -> str | None:
    for name in ("actor", "combatant", "defender", "target"):
        value = getattr(e, name, None)
        if isinstance(value, str):
            return value
    return None


def _rolls(e: Event) -> Iterator[Roll]:
    one = getattr(e, "roll", None)
    if isinstance(one, Roll):
        yield one
    for r in getattr(e, "rolls", ()) or ():
        if isinstance(r, Roll):
            yield r


def rows(table: Table, words: Callable[[PlyView], str]) -> Rows:
    """Every table's rows (see the module docstring); ``words`` gives a ply's text."""
    out: Rows = {name: [] for name in TABLES}
    with table.scene() as sc:
        branches = sc.store.branches(sc.encounter.id)
    seen: set[int] = set()
    for b in branches:
        out["branches"].append(
            {
                "name": b.name,
                "head": b.head,
                "tip": b.tip,
                "fork": b.fork,
                "created_at": b.created_at,
            }
        )
        for v in table.log(b.name):
            if v.row.id in seen:
                continue
            seen.add(v.row.id)
            _ply_rows(out, v, words(v))
    return out


def _ply_rows(out: Rows, v: PlyView, text: str) -> None:
    r = v.row
    out["plies"].append(
        {"id": r.id, "parent": r.parent, "depth": r.depth, "command": r.command, "seed": r.seed,
         "salt": r.salt, "dice": json.dumps(list(r.dice)), "rules_version": r.rules_version,
         "created_at": r.created_at, "text": text}
    )  # fmt: skip
    for idx, e in enumerate(v.events):
        kind = type(e).__name__
        for roll in _rolls(e):
            roll_id = len(out["rolls"]) + 1
            out["rolls"].append(
                {"id": roll_id, "ply": r.id, "event": idx, "event_type": kind, "who": _who(e),
                 "purpose": roll.purpose, "spec": roll.spec, "faces": json.dumps(list(roll.faces)),
                 "total": roll.total, "target": roll.target, "source": roll.source,
                 "rule": roll.rule}
            )  # fmt: skip
            for step, m in enumerate((*roll.modifiers, *roll.target_modifiers)):
                out["modifiers"].append(
                    {"roll": roll_id, "step": step, "name": m.name, "value": m.value,
                     "op": m.op, "source": m.source, "rule": m.rule}
                )  # fmt: skip
        f = msgspec.structs.asdict(e)
        if {"target", "amount", "pool"} <= f.keys():
            out["damage"].append(
                {"ply": r.id, "event": idx, "target": f["target"], "pool": f["pool"],
                 "amount": f["amount"], "before": f.get("before"), "after": f.get("after"),
                 "rule": f.get("rule", "")}
            )  # fmt: skip
        if {"combatant", "condition", "present"} <= f.keys():
            out["conditions"].append(
                {"ply": r.id, "event": idx, "combatant": f["combatant"],
                 "condition": f["condition"], "present": f["present"],
                 "rounds": f.get("rounds"), "rule": f.get("rule", "")}
            )  # fmt: skip


#: table -> its columns and their types, its primary key, its foreign keys
SCHEMA: dict[str, tuple[dict[str, type], str | None, list[tuple[str, str, str]]]] = {
    "plies": (
        {"id": int, "parent": int, "depth": int, "command": str, "seed": int, "salt": int,
         "dice": str, "rules_version": int, "created_at": str, "text": str},
        "id", [],
    ),
    "rolls": (
        {"id": int, "ply": int, "event": int, "event_type": str, "who": str, "purpose": str,
         "spec": str, "faces": str, "total": int, "target": int, "source": str, "rule": str},
        "id", [("ply", "plies", "id")],
    ),
    "modifiers": (
        {"roll": int, "step": int, "name": str, "value": int, "op": str, "source": str,
         "rule": str},
        None, [("roll", "rolls", "id")],
    ),
    "damage": (
        {"ply": int, "event": int, "target": str, "pool": str, "amount": int, "before": int,
         "after": int, "rule": str},
        None, [("ply", "plies", "id")],
    ),
    "conditions": (
        {"ply": int, "event": int, "combatant": str, "condition": str, "present": bool,
         "rounds": int, "rule": str},
        None, [("ply", "plies", "id")],
    ),
    "branches": (
        {"name": str, "head": int, "tip": int, "fork": int, "created_at": str}, "name", [],
    ),
}  # fmt: skip


def write_db(data: Rows, out: Path) -> None:
    """The tables into a new SQLite file ``out`` (refused if it exists), with their foreign
    keys and full-text search on the plies' text and command."""
    if out.exists():
        raise UsageError(f"{out}: exists; export writes a new file (give another path)")
    if not out.parent.is_dir():
        raise UsageError(f"{out}: no folder {out.parent} to write it in")
    db = sqlite_utils.Database(out)
    try:
        for name, (columns, pk, fks) in SCHEMA.items():
            table = db.table(name)
            table.create(columns, pk=pk, foreign_keys=fks)
            table.insert_all(data[name])
        db.table("plies").enable_fts(["text", "command"], create_triggers=True)
    finally:
        db.close()


def csv_folder(folder: Path) -> None:
    """Make sure ``folder`` can take the CSV files, before anything is written."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--csv {folder}: not a folder")
    folder.mkdir(parents=True, exist_ok=True)


def write_csv(data: Rows, folder: Path) -> list[Path]:
    """One CSV file a table in ``folder`` (see :func:`csv_folder`); the files written."""
    written = []
    for name in TABLES:
        path = folder / f"{name}.csv"
        table = data[name]
        with path.open("w", newline="", encoding="utf-8") as f:
            fields = list(table[0]) if table else []
            writer = csv.DictWriter(f, fieldnames=fields)
            writer.writeheader()
            writer.writerows(table)
        written.append(path)
    return written
