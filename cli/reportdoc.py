"""The dispute report's contents and its two forms (Markdown, one self-contained HTML page),
for ``fracas report`` (:mod:`cli.report`, which imports this only when the report is asked
for: ``html`` and ``dataclasses`` cost every other command's start-up about 2 ms)."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import typer

from cli.main import _table
from engine.rules.options import shown as switch_text

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")


@dataclass
class Entry:
    """One ply of the report: its number, round, outcome line (``log``'s, with the actions it
    set off after ``↳``), explanation, and the state after it (combatant -> (name, pools,
    conditions))."""

    number: int
    round: int
    words: str
    explained: str
    after: dict[str, tuple[str, dict[str, int], list[str]]]


@dataclass
class Report:
    header: dict[str, Any]
    verified: str
    branches: list[tuple[str, int, int | None]]
    entries: list[Entry]
    glossary: list[tuple[str, str]]


def build(ctx: typer.Context, branch: str | None, start: int, end: int | None) -> Report:
    """Everything the report shows, read from the log (verified as it is made)."""
    from cli.render import explain_text
    from engine.glossary import cited, summaries
    from engine.plyfilter import round_of
    from engine.plyoutcome import ply_outcome
    from engine.replay import kernel_for
    from engine.rules import UsageError, get_pack

    table = _table(ctx)
    with table.as_one():  # a refusal by any read writes nothing, not even a snapshot
        doc = table.status(branch)
        head = int(doc["head"])
        if not 0 <= start <= head or (end is not None and not start <= end <= head):
            raise UsageError(
                f"--from {start} --to {end if end is not None else head}: plies 0 to #{head} "
                "of the branch, --from no later than --to"
            )
        views = table.log(branch)
        checked = table.verify(branch)
        rows = _branches(table)
    pack = get_pack(doc["system"])
    kernel = kernel_for(pack)
    verified = (
        f"verified {checked.plies} plies from the seed: log intact, head hash "
        f"{checked.head_hash.hex()}; hash to publish: {checked.publish_hash.hex()}"
        if checked.difference is None
        else f"replay --verify found a difference: {checked.difference}"
    )
    entries = []
    for i, v in enumerate(views):
        after = views[i + 1].before if i + 1 < len(views) else kernel.apply(v.before, v.events)
        if v.number < start or (end is not None and v.number > end):
            continue
        state = {}
        for cid, c in after.combatants.items():
            entry = pack.status.combatant(after, cid)
            pools = pack.status.pools(entry) if pack.status.pools is not None else {}
            marks = sorted(c.conditions) + ([] if c.alive else ["dead"])
            state[cid] = (c.name, pools, sorted(set(marks)))
        # the ply's outcome line as `log` gives it, and the actions it set off (↳)
        words = " ↳ ".join(t.text for t in ply_outcome(v.events, v.before))
        entries.append(Entry(v.number, round_of(v), words, explain_text(v), state))
    known = summaries()
    ids = cited("\n".join(e.explained for e in entries))
    header = {k: doc[k] for k in ("encounter", "system", "variant", "seed", "branch", "head")}
    header["rules_version"] = pack.version
    header["round_word"] = pack.status.round_word  # the system's own word for a round
    header["options"] = doc["options"]
    glossary = [(i, known.get(i, "(no summary)")) for i in ids]
    return Report(header, verified, rows, entries, glossary)


def _branches(table: Any) -> list[tuple[str, int, int | None]]:
    """Each branch: name, head and fork as ply numbers (as `log` shows them)."""
    with table.scene() as sc:
        rows = []
        for b in sc.store.branches(sc.encounter.id):
            fork = sc.store.ply(b.fork).depth if b.fork is not None else None
            rows.append((b.name, sc.store.ply(b.head).depth, fork))
        return rows


def heading(header: dict[str, Any], number: int) -> str:
    """A round's heading in the timeline, in the system's own time words ("Round 2", "Second
    2"; "Before the first second")."""
    word = str(header.get("round_word", "round"))
    return f"{word.capitalize()} {number}" if number else f"Before the first {word}"


def _md(text: str) -> str:
    """Text a Markdown renderer shows as text, never as HTML (a name may hold ``<``)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def markdown(r: Report) -> str:
    """The report in Markdown."""
    h = r.header
    out = [
        f"# Fight report: {h['encounter']}",
        "",
        f"- System: {h['system']} ({h['variant']}), rules version {h['rules_version']}",
        f"- Seed: {h['seed']}; branch {h['branch']!r} at ply #{h['head']}",
        "- Options: " + ", ".join(f"{k}={switch_text(v)}" for k, v in h["options"].items()),
        f"- Verification: {r.verified}",
        "",
        "## Branches",
        "",
        *[
            f"- `{name}`: head #{head}" + (f", forks after #{fork}" if fork is not None else "")
            for name, head, fork in r.branches
        ],
        "",
        "## Timeline",
    ]
    current = None
    for e in r.entries:
        if e.round != current:
            current = e.round
            out += ["", f"### {heading(h, e.round)}"]
        out += ["", f"**#{e.number}** {_md(e.words)}", "", "```", e.explained, "```", ""]
        for cid, (name, pools, marks) in e.after.items():
            shown = ", ".join(f"{k} {v}" for k, v in pools.items())
            extra = f"; {', '.join(marks)}" if marks else ""
            out.append(f"- {_md(name)} ({cid}): {shown}{extra}")
    out += ["", "## Rule glossary", ""]
    out += [f"- `{i}`: {summary}" for i, summary in r.glossary]
    return "\n".join(out) + "\n"


def _plot(r: Report) -> str:
    """An inline SVG: each combatant's pools over the plies, one line each."""
    series: dict[str, list[tuple[int, int]]] = {}
    for e in r.entries:
        for name, pools, _ in e.after.values():
            for pool, value in pools.items():
                series.setdefault(f"{name} {pool}", []).append((e.number, value))
    if not series or len(r.entries) < 2:
        return "<p>(too few plies to plot)</p>"
    w, hgt, pad = 720, 260, 36
    xs = [x for points in series.values() for x, _ in points]
    ys = [y for points in series.values() for _, y in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(0, min(ys)), max(ys) or 1

    def px(x: int, y: int) -> str:
        sx = pad + (x - x0) * (w - 2 * pad) / max(1, x1 - x0)
        sy = hgt - pad - (y - y0) * (hgt - 2 * pad) / max(1, y1 - y0)
        return f"{sx:.1f},{sy:.1f}"

    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{hgt + 20 * len(series)}" '
        'role="img" aria-label="pools over the plies">',
        f'<line x1="{pad}" y1="{hgt - pad}" x2="{w - pad}" y2="{hgt - pad}" stroke="#888"/>',
        f'<text x="{pad}" y="{hgt - 8}" font-size="11">ply #{x0}</text>',
        f'<text x="{w - pad - 50}" y="{hgt - 8}" font-size="11">ply #{x1}</text>',
    ]
    for k, (label, points) in enumerate(series.items()):
        colour = COLOURS[k % len(COLOURS)]
        path = " ".join(px(x, y) for x, y in points)
        lines.append(
            f'<polyline class="pool" data-label="{html.escape(label)}" fill="none" '
            f'stroke="{colour}" stroke-width="2" points="{path}"/>'
        )
        lines.append(
            f'<text x="{pad}" y="{hgt + 16 + 20 * k}" font-size="12" fill="{colour}">'
            f"{html.escape(label)}</text>"
        )
    return "\n".join([*lines, "</svg>"])


CSS = """
body { font: 14px/1.45 Georgia, serif; max-width: 60em; margin: 2em auto; color: #111; }
h1, h2, h3 { font-family: Helvetica, Arial, sans-serif; }
pre { background: #f6f6f2; padding: .6em; white-space: pre-wrap; font-size: 12px; }
.ply { border-top: 1px solid #ddd; padding-top: .4em; page-break-inside: avoid; }
table.state { border-collapse: collapse; font-size: 12px; }
table.state td, table.state th { border: 1px solid #ccc; padding: 2px 6px; }
@media print { body { margin: 0; max-width: none; } pre { background: none; } }
"""


def page(r: Report) -> str:
    """The report as one self-contained HTML page (no script, no network)."""
    e = html.escape
    h = r.header
    opts = ", ".join(f"{k}={switch_text(v)}" for k, v in h["options"].items())
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Fight report: {e(h['encounter'])}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>Fight report: {e(h['encounter'])}</h1>",
        '<ul id="header">',
        f"<li>System: {e(h['system'])} ({e(h['variant'])}), rules version "
        f"{h['rules_version']}</li>",
        f"<li>Seed: {h['seed']}; branch {e(h['branch'])} at ply #{h['head']}</li>",
        f"<li>Options: {e(opts)}</li>",
        f'<li id="verified">Verification: {e(r.verified)}</li>',
        "</ul>",
        '<h2>Branches</h2><ul id="branches">',
        *[
            f"<li>{e(n)}: head #{hd}" + (f", forks after #{fk}" if fk is not None else "") + "</li>"
            for n, hd, fk in r.branches
        ],
        "</ul>",
        "<h2>Pools over the plies</h2>",
        f'<div id="plot">{_plot(r)}</div>',
        '<h2>Timeline</h2><div id="timeline">',
    ]
    current = None
    for x in r.entries:
        if x.round != current:
            current = x.round
            out.append(f'<h3 class="round">{e(heading(h, x.round))}</h3>')
        rows = "".join(
            f"<tr><td>{e(name)} ({e(cid)})</td><td>"
            + e(", ".join(f"{k} {v}" for k, v in pools.items()))
            + f"</td><td>{e(', '.join(marks))}</td></tr>"
            for cid, (name, pools, marks) in x.after.items()
        )
        out.append(
            f'<div class="ply" id="ply-{x.number}"><p><b>#{x.number}</b> {e(x.words)}</p>'
            f"<pre>{e(x.explained)}</pre>"
            f'<table class="state"><tr><th>after</th><th>pools</th><th>conditions</th></tr>'
            f"{rows}</table></div>"
        )
    out += ['</div><h2>Rule glossary</h2><dl id="glossary">']
    out += [f"<dt><code>{e(i)}</code></dt><dd>{e(s)}</dd>" for i, s in r.glossary]
    out += ["</dl></body></html>"]
    return "\n".join(out) + "\n"
