"""``fracas export DB_OUT [--csv DIR]``: the encounter's log as flat tables, one row each, for
Datasette, sqlite3 or a spreadsheet, written with sqlite-utils.

Every ply of every branch is one row of ``plies``, however many branches share it. A ply is
named as ``log`` numbers it (``ply``: its depth, the same on every branch that holds it) and
by its row ``id`` (``…_id`` columns: what the foreign keys join on). Which branches hold it:
``branches`` in each ply, roll, damage and condition row (a JSON array, for Datasette's "array
contains" filter and array facets) and the ``branch_plies`` table (one row per branch and ply,
in ``log`` order). Plies a branch has undone and not yet redone are on no branch's path and
are left out, as ``log`` leaves them (the branch's ``tip`` still says how far redo goes).

Tables: ``plies`` (id, ply, parent_id, depth, the command, seed, salt, dice entered, rules
version, time, hash, and ``text``, the ply in the GM's words, searchable with full-text search),
``branches`` (name, head, tip, fork as ``log`` numbers them; head_id, fork_id), ``branch_plies``,
``rolls`` (each roll of each event, whichever field holds it: the event's index, type and
field, who, the spec, faces, total, how it was judged, target, margin, tier, source, rule),
``modifiers`` (each step of a roll's total or of its target), ``damage`` (each pool, location
or weapon a hit or a healing changed, before and after) and ``conditions`` (each condition that
came or went). Foreign keys tie rolls, damage, conditions and branch_plies to ``plies``,
modifiers to ``rolls``, a ply to its parent and branch_plies to ``branches``; ``PRAGMA
foreign_key_check`` finds nothing. The fracas file is only read.
"""

from __future__ import annotations

import csv
import json
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import sqlite_utils

from engine.logfile import translate
from engine.rules import UsageError
from engine.table import PlyView, Table
from events.core import Event, Roll

Rows = dict[str, list[dict[str, Any]]]
TABLES = ("plies", "branches", "branch_plies", "rolls", "modifiers", "damage", "conditions")


def _who(e: Event) -> str | None:
    for name in ("actor", "combatant", "defender", "target"):
        value = getattr(e, name, None)
        if isinstance(value, str):
            return value
    return None


def _rolls(e: Event) -> Iterator[tuple[str, Roll]]:
    """Every roll an event holds, with the field it is in as the JSON body names it
    (``roll``, ``against_roll``, ``rolls[1]``): the same as the file's ``v_rolls`` view."""
    for field in msgspec.structs.fields(e):
        value = getattr(e, field.name)
        if isinstance(value, Roll):
            yield field.encode_name, value
        elif isinstance(value, tuple | list):
            for i, item in enumerate(value):
                if isinstance(item, Roll):
                    yield f"{field.encode_name}[{i}]", item


def rows(table: Table, words: Callable[[PlyView], str]) -> Rows:
    """Every table's rows (see the module docstring); ``words`` gives a ply's text."""
    out: Rows = {name: [] for name in TABLES}
    with table.as_one():  # a refusal by any branch's read writes nothing
        with table.scene() as sc:
            branches = sc.store.branches(sc.encounter.id)
            depth = {p: sc.store.ply(p).depth for b in branches for p in (b.head, b.tip, b.fork)
                     if p is not None}  # fmt: skip
        logs = {b.name: table.log(b.name) for b in branches}
    holders: dict[int, list[str]] = {}
    for name, views in logs.items():
        for v in views:
            holders.setdefault(v.row.id, []).append(name)
            out["branch_plies"].append({"branch": name, "ply": v.number, "ply_id": v.row.id})
    for b in branches:
        out["branches"].append(
            {"name": b.name, "head": depth[b.head], "tip": depth[b.tip],
             "fork": None if b.fork is None else depth[b.fork], "head_id": b.head,
             "fork_id": b.fork, "created_at": b.created_at}
        )  # fmt: skip
    seen: set[int] = set()
    for views in logs.values():
        for v in views:
            if v.row.id not in seen:
                seen.add(v.row.id)
                _ply_rows(out, v, words(v), json.dumps(holders[v.row.id]))
    return out


def _ply_rows(out: Rows, v: PlyView, text: str, holders: str) -> None:
    r = v.row
    at = {"ply_id": r.id, "ply": v.number, "branches": holders}
    out["plies"].append(
        {"id": r.id, "ply": v.number, "parent_id": r.parent, "depth": r.depth,
         "branches": holders, "command": r.command, "seed": r.seed, "salt": r.salt,
         "dice": json.dumps(list(r.dice)), "rules_version": r.rules_version,
         "created_at": r.created_at, "hash": None if r.hash is None else r.hash.hex(),
         "text": text}
    )  # fmt: skip
    for idx, e in enumerate(v.events):
        kind = type(e).__struct_config__.tag  # the tag the log stores
        for field, roll in _rolls(e):
            roll_id = len(out["rolls"]) + 1
            out["rolls"].append(
                {"id": roll_id, **at, "event": idx, "event_type": kind, "field": field,
                 "who": _who(e), "purpose": roll.purpose, "spec": roll.spec,
                 "faces": json.dumps(list(roll.faces)), "sides": json.dumps(list(roll.sides)),
                 "total": roll.total, "judged": roll.judged, "target": roll.target,
                 "base": roll.base, "margin": roll.margin, "tier": roll.tier,
                 "source": roll.source, "rule": roll.rule}
            )  # fmt: skip
            steps = [("total", m) for m in roll.modifiers]
            steps += [("target", m) for m in roll.target_modifiers]
            for step, (applies, m) in enumerate(steps):
                out["modifiers"].append(
                    {"roll": roll_id, "step": step, "applies": applies, "name": m.name,
                     "value": m.value, "op": m.op, "source": m.source, "rule": m.rule}
                )  # fmt: skip
        f = msgspec.structs.asdict(e)
        if {"target", "amount", "before", "after"} <= f.keys():
            out["damage"].append(
                {**at, "event": idx, "event_type": kind, "target": f["target"],
                 "pool": f.get("pool"), "location": f.get("location"),
                 "weapon": f.get("weapon"), "amount": f["amount"], "before": f["before"],
                 "after": f["after"], "rule": f.get("rule", "")}
            )  # fmt: skip
        if {"combatant", "condition", "present"} <= f.keys():
            out["conditions"].append(
                {**at, "event": idx, "combatant": f["combatant"],
                 "condition": f["condition"], "present": f["present"],
                 "rounds": f.get("rounds"), "rule": f.get("rule", "")}
            )  # fmt: skip


#: table -> its columns and their types, its primary key, its foreign keys; in the order
#: they are created (a foreign key's table first)
Key = str | tuple[str, ...] | None
SCHEMA: dict[str, tuple[dict[str, type], Key, list[tuple[str, str, str]]]] = {
    "plies": (
        {"id": int, "ply": int, "parent_id": int, "depth": int, "branches": str, "command": str,
         "seed": int, "salt": int, "dice": str, "rules_version": int, "created_at": str,
         "hash": str, "text": str},
        "id", [("parent_id", "plies", "id")],
    ),
    "branches": (
        {"name": str, "head": int, "tip": int, "fork": int, "head_id": int, "fork_id": int,
         "created_at": str},
        "name", [("head_id", "plies", "id"), ("fork_id", "plies", "id")],
    ),
    "branch_plies": (
        {"branch": str, "ply": int, "ply_id": int},
        ("branch", "ply"), [("branch", "branches", "name"), ("ply_id", "plies", "id")],
    ),
    "rolls": (
        {"id": int, "ply_id": int, "ply": int, "branches": str, "event": int, "event_type": str,
         "field": str, "who": str, "purpose": str, "spec": str, "faces": str, "sides": str,
         "total": int, "judged": str, "target": int, "base": int, "margin": int, "tier": str,
         "source": str, "rule": str},
        "id", [("ply_id", "plies", "id")],
    ),
    "modifiers": (
        {"roll": int, "step": int, "applies": str, "name": str, "value": int, "op": str,
         "source": str, "rule": str},
        ("roll", "step"), [("roll", "rolls", "id")],
    ),
    "damage": (
        {"ply_id": int, "ply": int, "branches": str, "event": int, "event_type": str,
         "target": str, "pool": str, "location": str, "weapon": str, "amount": int,
         "before": int, "after": int, "rule": str},
        None, [("ply_id", "plies", "id")],
    ),
    "conditions": (
        {"ply_id": int, "ply": int, "branches": str, "event": int, "combatant": str,
         "condition": str, "present": bool, "rounds": int, "rule": str},
        None, [("ply_id", "plies", "id")],
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
    done = False
    try:
        for name, (columns, pk, fks) in SCHEMA.items():
            table = db.table(name)
            table.create(columns, pk=pk, foreign_keys=fks)
            table.insert_all(data[name])
        db.table("plies").enable_fts(["text", "command"], create_triggers=True)
        done = True
    except OverflowError as err:  # a number no SQLite integer holds: only a forged log has one
        raise UsageError(
            f"{out}: not written: the log holds a number too big for a table ({err}); "
            "`fracas replay --verify` re-resolves it"
        ) from None
    except sqlite3.Error as err:  # a full disk, a read-only folder: named, nothing left
        raise translate(err, out) from None
    finally:
        db.close()
        if not done:  # never a half-written file
            for leftover in (out, Path(f"{out}-journal"), Path(f"{out}-wal")):
                leftover.unlink(missing_ok=True)


def csv_folder(folder: Path) -> None:
    """Make sure ``folder`` can take the CSV files, before anything is written."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--csv {folder}: not a folder")
    folder.mkdir(parents=True, exist_ok=True)


def write_csv(data: Rows, folder: Path) -> list[Path]:
    """One CSV file a table in ``folder`` (see :func:`csv_folder`), the same columns as the
    database's; the files written."""
    written = []
    for name in TABLES:
        path = folder / f"{name}.csv"
        table = data[name]
        try:
            with path.open("w", newline="", encoding="utf-8") as f:
                fields = list(SCHEMA[name][0])  # the header even of an empty table
                writer = csv.DictWriter(f, fieldnames=fields)
                writer.writeheader()
                writer.writerows(table)
        except OSError as err:  # named, whatever the system names (a write names nothing)
            raise OSError(err.errno, err.strerror, str(path)) from None
        written.append(path)
    return written
