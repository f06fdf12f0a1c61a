"""``fracas diff A B``: two branches side by side, as text and as the JSON document

    {fork, a: {branch, head}, b: {branch, head}, only_a, only_b,
     combatants: [{id, a, b, differs}]}

``only_a``/``only_b`` are plies as ``log --json`` gives them; a combatant's ``a`` and ``b`` are
his entries of each head's ``status --json`` (null on a side he is not in) and ``differs``
whether they differ. The text draws each side with the rules pack's status columns, so it reads
the same for every system, and names the fields that differ.
"""

from __future__ import annotations

from typing import Any

from cli.render import log_doc, log_text
from engine.rules import get_pack
from engine.table import DiffView


def _entries(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in doc["combatants"]}


def combatants(v: DiffView) -> list[dict[str, Any]]:
    """Every combatant of either head, in the order of A's board then B's newcomers."""
    ea, eb = _entries(v.status_a), _entries(v.status_b)
    out = []
    for cid in [*ea, *(c for c in eb if c not in ea)]:
        a, b = ea.get(cid), eb.get(cid)
        out.append({"id": cid, "a": a, "b": b, "differs": a != b})
    return out


def _changed(c: dict[str, Any]) -> list[str]:
    a, b = c["a"] or {}, c["b"] or {}
    return sorted(k for k in {*a, *b} if a.get(k) != b.get(k))


def diff_doc(v: DiffView) -> dict[str, Any]:
    """The JSON document (module docstring)."""
    return {
        "fork": v.fork,
        "a": {"branch": v.a, "head": v.a_head},
        "b": {"branch": v.b, "head": v.b_head},
        "only_a": log_doc(v.only_a),
        "only_b": log_doc(v.only_b),
        "combatants": combatants(v),
    }


def _cells(pack: Any, doc: dict[str, Any], entry: dict[str, Any] | None) -> str:
    if entry is None:
        return "(not in this fight)"
    texts = [(col.heading, col.text(doc, entry).strip()) for col in pack.status.columns]
    cells = [f"{heading} {text}" for heading, text in texts if text]
    notes = pack.status.notes(doc, entry) if pack.status.notes is not None else []
    standing = "standing" if entry.get("alive", True) else "dead"
    return "  ".join([*cells, standing, *(str(n) for n in notes)])


def diff_text(v: DiffView) -> str:
    """Where the branches part, the plies only on each, and every combatant at both heads,
    a ``*`` before those who differ and the fields that do."""
    pack = get_pack(v.status_a["system"])
    lines = [
        f"diff {v.a!r} (head #{v.a_head}) and {v.b!r} (head #{v.b_head}): "
        + (f"they part after ply #{v.fork}" if v.fork >= 0 else "no ply in common")
    ]
    for name, only in ((v.a, v.only_a), (v.b, v.only_b)):
        lines.append(f"only on {name!r}:" if only else f"only on {name!r}: nothing")
        lines += [f"  {line}" for line in log_text(only).splitlines()] if only else []
    width = max([len(v.a), len(v.b)])
    lines.append("combatants at both heads (* differs):")
    for c in combatants(v):
        mark = "*" if c["differs"] else " "
        lines.append(
            f"{mark} {c['id']}" + (f"  ({', '.join(_changed(c))})" if c["differs"] else "")
        )
        lines.append(f"    {v.a:<{width}}  {_cells(pack, v.status_a, c['a'])}")
        lines.append(f"    {v.b:<{width}}  {_cells(pack, v.status_b, c['b'])}")
    return "\n".join(lines)
