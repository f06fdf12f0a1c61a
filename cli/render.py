"""Text and JSON output of the command line."""

from __future__ import annotations

import json
from typing import Any

from engine.log import EncounterRow
from engine.replay import Difference
from engine.rules import UnknownName, get_pack, options_summary
from engine.table import BranchView, PlyResult, PlyView, ReplayReport
from events.codec import to_builtins
from events.core import Event
from projections.state import FightState

PLY_SCHEMA = "fracas.ply/1"
LOG_SCHEMA = "fracas.log/1"


def dumps(doc: Any) -> str:
    """JSON as fracas prints it."""
    return json.dumps(doc, indent=2, ensure_ascii=False)


def _lines(events: list[Event], state: FightState) -> list[str]:
    pack = get_pack(state.system)
    out: list[str] = []
    for e in events:
        out += pack.explain(e, state)
    return out


def ply_text(result: PlyResult) -> str:
    """What a command did, in a GM's words."""
    head = f"ply #{result.number} on {result.branch}:"
    return "\n".join([head, *_lines(result.events, result.state)])


def ply_doc(result: PlyResult) -> dict[str, Any]:
    """``{"schema", "ply", "branch", "events"}`` for --json."""
    return {
        "schema": PLY_SCHEMA,
        "ply": result.number,
        "branch": result.branch,
        "events": [to_builtins(e) for e in result.events],
    }


def new_text(state: FightState) -> str:
    """The line printed when an encounter starts."""
    opts = _options(
        {"system": state.system, "variant": state.variant, "options": dict(state.options)}
    )
    return (
        f"encounter {state.encounter!r} started ({state.system}, {state.variant}, seed "
        f"{state.seed}) on branch 'main'\noptions: {opts}\n"
        "next: `fracas add SHEET` for each combatant, then `fracas initiative`"
    )


def _dash(v: object) -> str:
    return "-" if v is None else str(v)


def _options(doc: dict[str, Any]) -> str:
    """Only the options that differ from the variant's defaults."""
    pack = get_pack(doc["system"])
    try:
        defaults = pack.options_for(doc["variant"], {})
    except UnknownName:  # an unknown variant in an old file: list them all
        defaults = {}
    return options_summary(doc["variant"], defaults, doc["options"])


def status_text(doc: dict[str, Any]) -> str:
    """The status board."""
    lines = [
        f"encounter {doc['encounter']!r} ({doc['system']}, {doc['variant']}) "
        f"branch {doc['branch']!r} at ply #{doc['head']}",
        "options: " + _options(doc),
    ]
    names = {c["id"]: c["name"] for c in doc["combatants"]}
    label = f" ({doc['round_label']})" if doc.get("round_label") else ""
    where = f"round {doc['round']}{label}"
    if doc.get("pass"):
        where += f", pass {doc['pass']} of {doc['passes']}"
    if doc["round"] == 0:
        lines.append("no round yet: `fracas initiative` starts round 1")
    elif doc["acting"] is None:
        spent = "turn is over" if doc.get("passes") else "attack is spent"
        lines.append(f"{where}: every {spent}; `fracas initiative` starts the next")
    else:
        cut = " (cutting in)" if doc.get("cut_in") else ""
        lines.append(f"{where}: {names[doc['acting']]} ({doc['acting']}) acts{cut}")
    if doc["order"]:
        lines.append("order: " + ", ".join(names.get(c, c) for c in doc["order"]))
    if doc.get("queued"):
        lines.append("next, right after this action: " + ", ".join(names[c] for c in doc["queued"]))
    if doc["pending"]:
        p = doc["pending"]
        lines.append(
            f"waiting: {names[p['actor']]}'s strike (total {p['detail'].get('total')}) needs "
            f"{names[p['reactor']]}'s answer: "
            f"`fracas defend {p['reactor']} parry|dodge|none|simultaneous`"
        )
    lines.append("")
    lines.append(
        f"{'id':<18} {'side':<10} {'APM':>5} {'by pass':<9} {'H.P.':>5} {'S.D.C.':>6} "
        f"{'M.D.C.':>6}  armor / conditions"
    )
    for c in doc["combatants"]:
        armor = c["armor"]
        armor_text = ""
        if armor:
            armor_text = f"{armor['name']} " + (
                f"{armor['mdc']} M.D.C."
                if "mdc" in armor
                else f"{armor['sdc']} S.D.C. A.R. {armor['ar']}"
            )
        extra = [armor_text] if armor_text else []
        extra += c["conditions"]
        ip = c.get("long_action")
        if ip:
            at = f" at {ip['target']}" if ip["target"] else ""
            what = ip["note"] or ip["action"].replace("_", " ")
            extra.append(f"{what}{at} ({ip['paid']}/{ip['cost']} attacks paid)")
        if c.get("held"):
            extra.append(f"holds until {c['held']!r}")
        if c.get("lost_initiative"):
            extra.append(
                "lost initiative"
                + (" (next round)" if c["lost_initiative"] == "next_round" else "")
            )
        if c["apm_owed"]:
            extra.append(f"owes {c['apm_owed']} attack(s) to later rounds")
        by_pass = "/".join(map(str, c["apm_by_pass"])) if doc.get("passes") else ""
        lines.append(
            f"{c['id']:<18} {c['side']:<10} {c['apm_left']:>2}/{c['apm_total']:<2} {by_pass:<9} "
            f"{_dash(c['hp']):>5} {_dash(c['sdc']):>6} {_dash(c['mdc']):>6}  {'; '.join(extra)}"
        )
    return "\n".join(lines)


def log_text(views: list[PlyView]) -> str:
    """One line per ply."""
    out = []
    for v in views:
        first = _lines(v.events[:1], v.before if v.before.system else _system_state(v)) or [""]
        dice = f"  [dice {','.join(map(str, v.row.dice))}]" if v.row.dice else ""
        salt = f"  [reroll {v.row.salt}]" if v.row.salt else ""
        out.append(f"#{v.number:<4} {first[0]}{dice}{salt}")
    return "\n".join(out)


def _system_state(v: PlyView) -> FightState:
    from events.core import EncounterStarted

    e = v.events[0]
    assert isinstance(e, EncounterStarted)
    return FightState(system=e.system)


def log_doc(views: list[PlyView]) -> list[dict[str, Any]]:
    """Plies with their events and rolls as recorded."""
    return [
        {
            "ply": v.number,
            "command": v.row.command,
            "seed": v.row.seed,
            "salt": v.row.salt,
            "dice": list(v.row.dice),
            "rules_version": v.row.rules_version,
            "created_at": v.row.created_at,
            "events": [to_builtins(e) for e in v.events],
        }
        for v in views
    ]


def explain_text(v: PlyView) -> str:
    """One ply the way a GM reads it."""
    state = v.before if v.before.system else _system_state(v)
    dice = f"; dice entered: {','.join(map(str, v.row.dice))}" if v.row.dice else ""
    head = f"ply #{v.number}: `{v.row.command}` (seed {v.row.seed}, salt {v.row.salt}{dice})"
    return "\n".join([head, *_lines(v.events, state)])


def branches_text(views: list[BranchView]) -> str:
    """The branch table."""
    lines = [f"  {'branch':<24} {'head':>5} {'fork':>5} {'length':>6} {'redo':>5}"]
    for b in views:
        mark = "*" if b.current else " "
        fork = "-" if b.fork is None else f"#{b.fork}"
        lines.append(
            f"{mark} {b.name:<24} {'#' + str(b.head):>5} {fork:>5} {b.length:>6} {b.redo:>5}"
        )
    return "\n".join(lines)


def branches_doc(views: list[BranchView]) -> list[dict[str, Any]]:
    """Branches for --json."""
    return [
        {
            "name": b.name,
            "head": b.head,
            "fork": b.fork,
            "length": b.length,
            "current": b.current,
            "redo": b.redo,
        }
        for b in views
    ]


def encounters_text(rows: list[EncounterRow], current: str | None) -> str:
    """The encounter list."""
    if not rows:
        return "no encounters yet: `fracas new NAME --seed N`"
    return "\n".join(
        f"{'*' if r.name == current else ' '} {r.name}  ({r.system}, seed {r.seed}, {r.created_at})"
        for r in rows
    )


def encounters_doc(rows: list[EncounterRow], current: str | None) -> list[dict[str, Any]]:
    """Encounters for --json."""
    return [
        {
            "name": r.name,
            "system": r.system,
            "seed": r.seed,
            "created_at": r.created_at,
            "current": r.name == current,
        }
        for r in rows
    ]


def diff_doc(d: Difference) -> dict[str, Any]:
    """A replay difference for --json."""
    return {
        "ply": d.ply,
        "event": d.event,
        "field": d.field,
        "recorded": d.recorded,
        "resolved": d.resolved,
    }


def replay_text(r: ReplayReport) -> str:
    """What ``replay --into`` made."""
    lines = [
        f"branch {r.branch!r}: {r.replayed} plies re-resolved with new dice, head at ply #{r.head}"
    ]
    lines += [f"  skipped ply #{n}: {why}" for n, why in r.skipped]
    return "\n".join(lines)


def replay_doc(r: ReplayReport) -> dict[str, Any]:
    """``replay --into`` for --json."""
    return {
        "branch": r.branch,
        "head": r.head,
        "replayed": r.replayed,
        "skipped": [{"ply": n, "reason": why} for n, why in r.skipped],
    }
