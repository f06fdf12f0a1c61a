"""Text and JSON output of the command line."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from engine.log import EncounterRow
from engine.outcome import said
from engine.rules import get_pack
from engine.rules import options as pack_options
from engine.rules.pack import Pack
from engine.table import BranchView, PlyResult, PlyView, ReplayReport
from events.codec import to_builtins
from events.core import Event
from projections.state import FightState

if TYPE_CHECKING:
    from engine.plyoutcome import Told
    from engine.verify import Difference, Verified

PLY_SCHEMA = "fracas.ply/1"
LOG_SCHEMA = "fracas.log/1"


def dumps(doc: Any) -> str:
    """JSON as fracas prints it: two-space indent, text as UTF-8 (the same bytes as the
    standard library's ``json.dumps(indent=2, ensure_ascii=False)``, without importing it)."""
    return msgspec.json.format(msgspec.json.encode(doc), indent=2).decode()


def _lines(events: list[Event], state: FightState) -> list[str]:
    from engine.explain import lines as explain_lines  # not needed by `status`

    pack = get_pack(state.system)
    out: list[str] = []
    for e in events:
        out += explain_lines(pack, e, state)
    return out


def ply_text(result: PlyResult) -> str:
    """What a command did, in a GM's words."""
    head = f"ply #{result.number} on {result.branch}:"
    end = [] if result.ended is None else [said(result.ended)]
    told = result.state if result.before is None else result.before  # as `log` tells it
    return "\n".join([head, *_lines(result.events, told), *end])


def ply_doc(result: PlyResult) -> dict[str, Any]:
    """``{"schema", "ply", "branch", "events"}`` for --json."""
    return {
        "schema": PLY_SCHEMA,
        "ply": result.number,
        "branch": result.branch,
        "events": [to_builtins(e) for e in result.events],
        "ended": result.ended,
    }


def new_text(state: FightState) -> str:
    """The line printed when an encounter starts."""
    opts = pack_options.summary(get_pack(state.system), state.variant, state.options)
    return (
        f"encounter {state.encounter!r} started ({state.system}, {state.variant}, seed "
        f"{state.seed}) on branch 'main'\noptions: {opts}\n"
        "next: `fracas add SHEET` for each combatant, then `fracas initiative`"
    )


def _options(doc: dict[str, Any]) -> str:
    """Only the options that differ from the variant's defaults."""
    return pack_options.summary(get_pack(doc["system"]), doc["variant"], doc["options"])


def _clock_line(pack: Pack, doc: dict[str, Any], names: dict[str, str]) -> str:
    """Where the clock stands, in the system's own time words (``StatusView.where``), and
    what the moment is."""
    if doc["round"] == 0:
        word = pack.status.round_word
        return f"no {word} yet: `fracas initiative` starts {word} 1"
    where = pack.status.where(doc)
    own = pack.status.clock(doc) if pack.status.clock is not None else None
    if own is not None:
        return f"{where}: {own}"
    if doc.get("phase"):
        return f"{where}: the {doc['phase']} phase; `fracas next` moves on"
    if doc["acting"] is None:
        return f"{where}: every turn is over; `fracas initiative` starts the next"
    cut = " (cutting in)" if doc.get("cut_in") else ""
    return f"{where}: {names[doc['acting']]} ({doc['acting']}) acts{cut}"


def status_text(doc: dict[str, Any]) -> str:
    """The status board: where the round stands, then a line per combatant with the rules
    pack's columns."""
    pack = get_pack(doc["system"])
    lines = [
        f"encounter {doc['encounter']!r} ({doc['system']}, {doc['variant']}) "
        f"branch {doc['branch']!r} at ply #{doc['head']}",
        "options: " + _options(doc),
    ]
    names = {c["id"]: c["name"] for c in doc["combatants"]}
    if doc.get("over"):
        lines.append(said(doc["over"]))
    lines.append(_clock_line(pack, doc, names))
    if doc["order"]:
        lines.append("order: " + ", ".join(names.get(c, c) for c in doc["order"]))
    if doc.get("queued"):
        lines.append("next, right after this action: " + ", ".join(names[c] for c in doc["queued"]))
    p = doc["pending"]
    if p:
        if pack.status.pending is not None:
            lines.append(pack.status.pending(p, names))
        else:
            lines.append(
                f"waiting: {names[p['actor']]}'s {p['kind']} needs {names[p['reactor']]}'s "
                f"answer: `fracas defend {p['reactor']} …`"
            )
    lines.append("")
    columns = pack.status.columns
    head = f"{'id':<18} {'side':<10}"
    for col in columns:
        head += f" {col.heading:{col.align}{col.width}}"
    lines.append(head + "  notes")
    for c in doc["combatants"]:
        row = f"{c['id']:<18} {c['side']:<10}"
        for col in columns:
            row += f" {col.text(doc, c):{col.align}{col.width}}"
        notes = pack.status.notes(doc, c) if pack.status.notes is not None else c["conditions"]
        lines.append(f"{row}  {'; '.join(str(n) for n in notes)}".rstrip())
    return "\n".join(lines)


def _told(v: PlyView) -> list[Told]:
    from engine.plyoutcome import ply_outcome  # not needed by `status`

    return ply_outcome(v.events, v.before)


def log_text(views: list[PlyView]) -> str:
    """One outcome line per ply (engine/plyoutcome.py), under it a line for each action of
    someone else the ply set off (``↳``: a power punch landing), then the rounds and passes
    or phases it began (``==``), then what it hands the GM to act on (``!``: a notice, such as
    a setback to narrate)."""
    from events.core import Notice, PassStarted, PhaseStarted, RoundStarted

    out = []
    for v in views:
        state = v.before if v.before.system else _system_state(v)
        first, *landed = _told(v)
        dice = f"  [dice {','.join(map(str, v.row.dice))}]" if v.row.dice else ""
        salt = f"  [reroll {v.row.salt}]" if v.row.salt else ""
        out.append(f"#{v.number:<4} {first.text}{dice}{salt}")
        out += [f"      ↳ {t.text}" for t in landed]
        began: list[Event] = [
            e for e in v.events if isinstance(e, RoundStarted | PassStarted | PhaseStarted)
        ]
        out += [f"      == {line.strip()}" for line in _lines(began, state)]
        notices: list[Event] = [e for e in v.events if isinstance(e, Notice)]
        out += [f"      !  {line.strip()}" for line in _lines(notices, state)]
    return "\n".join(out)


def _system_state(v: PlyView) -> FightState:
    from events.core import EncounterStarted

    e = v.events[0]
    assert isinstance(e, EncounterStarted)
    return FightState(system=e.system)


def log_doc(views: list[PlyView]) -> list[dict[str, Any]]:
    """Plies with their events and rolls as recorded, and their ``outcome`` line (and the
    ``landings``: lines for the actions of others they set off)."""
    docs = []
    for v in views:
        first, *landed = _told(v)
        docs.append(
            {
                "ply": v.number,
                "command": v.row.command,
                "seed": v.row.seed,
                "salt": v.row.salt,
                "dice": list(v.row.dice),
                "rules_version": v.row.rules_version,
                "created_at": v.row.created_at,
                "outcome": first.text,
                "landings": [t.text for t in landed],
                "events": [to_builtins(e) for e in v.events],
            }
        )
    return docs


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
            "head_hash": b.head_hash,
            "tip_hash": b.tip_hash,
            "publish_hash": b.publish_hash,
            "chain_checked": b.chain_checked,
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
        "undone": d.undone,
    }


def verified_text(found: Verified) -> str:
    """``replay --verify``'s line on a log it reproduced: the plies, the undone ones, the
    head's (and tip's) hash, the snapshots, the plies kept under older rules, and last the
    hash to publish."""
    undone = ""
    tip = ""
    if found.undone:
        undone = f" and {found.undone} undone one{'s' if found.undone != 1 else ''}"
        tip = f", tip hash {found.tip_hash.hex()}"
    older = ""
    if found.older:
        first = found.first_older
        older = (
            f"; {found.older} plies written under older rules are kept as recorded, "
            "today's rules deciding them otherwise"
            + (f" (first: {first.describe()})" if first is not None else "")
        )
    ignored = f", {found.ignored} ignored, damaged or not in the chain" if found.ignored else ""
    return (
        f"verified {found.plies} plies{undone}; log intact, head hash {found.head_hash.hex()}"
        f"{tip} ({found.snapshots} snapshots proved{ignored}){older}; hash to publish: "
        f"{found.publish_hash.hex()}"
    )


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


def actions_text(tables: dict[str, tuple[Pack, dict[str, Any]]]) -> str:
    """Each system's verbs, one line each; the core's turn verbs are marked."""
    from engine.actiontable import core_actions

    out = []
    for name, (pack, rows) in tables.items():
        core = {row.verb for row in core_actions(pack)}
        out.append(f"{name}: {pack.title}")
        for verb, row in rows.items():
            mark = "*" if verb in core else " "
            out.append(f"  {mark} {verb:<14} {row.summary}")
        out.append("")
    out.append("* turn management, the same verb in every system")
    return "\n".join(out)


def actions_doc(tables: dict[str, tuple[Pack, dict[str, Any]]]) -> list[dict[str, Any]]:
    """``[{system, title, verbs: [{verb, summary, example, core}]}]`` for --json."""
    from engine.actiontable import core_actions

    docs = []
    for name, (pack, rows) in tables.items():
        core = {row.verb for row in core_actions(pack)}
        docs.append(
            {
                "system": name,
                "title": pack.title,
                "verbs": [
                    {
                        "verb": verb,
                        "summary": row.summary,
                        "example": row.example,
                        "core": verb in core,
                    }
                    for verb, row in rows.items()
                ],
            }
        )
    return docs
