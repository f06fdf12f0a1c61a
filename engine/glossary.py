"""The rule glossary: the project's own one-line summary of every rule id it cites, read from
``docs/RULE-IDS.md`` (the one list, kept in step with the citations by tests/test_rule_ids.py),
shipped inside the package (engine/packaged.py) so that an installed fracas has it.
``fracas rule ID`` prints a summary; ``explain --rules`` and ``log --rules`` add the summaries
of the ids a ply cites.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

from engine.rules import UnknownName

#: one entry of the glossary: "- `ID` — summary."
ENTRY = re.compile(r"- `(?P<id>[^`]+)` — (?P<summary>.*)")


@cache
def summaries() -> dict[str, str]:
    """Every id of the glossary and its summary, in the file's order."""
    from engine.packaged import GLOSSARY, shipped

    found: dict[str, str] = {}
    for line in shipped(GLOSSARY).read_text(encoding="utf-8").splitlines():
        if match := ENTRY.fullmatch(line):
            found[match["id"]] = match["summary"]
    return found


def summary(rule: str) -> tuple[str, str]:
    """The id as the glossary spells it and its summary; an unknown id is refused (exit 2)
    with the nearest known ones."""
    known = summaries()
    wanted = rule.strip().upper()
    if wanted in known:
        return wanted, known[wanted]
    near = difflib.get_close_matches(wanted, known, n=3, cutoff=0.6)
    hint = f"nearest: {', '.join(near)}" if near else "`fracas rule` lists them all"
    raise UnknownName(f"unknown rule id {rule!r} ({hint})")


@cache
def _rule_id() -> re.Pattern[str]:
    """A rule id as cited, its prefix one the glossary's ids have (the core names no rules
    system); a trailing "-*" or "-…" is a family wildcard, which cites nothing."""
    prefixes = "|".join(sorted({rule.split("-")[0] for rule in summaries()}))
    return re.compile(rf"(?<![A-Za-z0-9_-])(?:{prefixes})(?:-[A-Z0-9]+)+(?![A-Za-z0-9_*…-])")


def cited(text: str) -> list[str]:
    """The rule ids ``text`` cites, each once, in the order they first appear (a family
    wildcard cites nothing; "A / B" cites both)."""
    return list(dict.fromkeys(_rule_id().findall(text)))


def glossary_lines(text: str) -> list[str]:
    """A "rules cited" section for ``text``: each id it cites with its summary (an id the
    glossary lacks says so)."""
    known = summaries()
    ids = cited(text)
    if not ids:
        return []
    return ["rules cited:"] + [f"  {i} — {known.get(i, '(no summary)')}" for i in ids]
