"""docs/RULE-IDS.md summarises every rule id the project cites, and nothing else.

The code, the docs and the tests cite rules by id (Palladium, Basic Roleplaying, GURPS). Each cited
id needs a one-line summary in docs/RULE-IDS.md, in the project's own words; an entry whose id is no
longer cited anywhere is stale. The scan reads the same places a reader would: the four rooms,
docs/, README.md and tests/ (text files only; the golden event bodies are data, not citations).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DOC = REPO / "docs" / "RULE-IDS.md"
SELF = Path(__file__).resolve()
SCANNED = ("engine", "events", "projections", "cli", "docs", "tests", "README.md")
GOLDEN = REPO / "tests" / "events" / "golden"
BINARY_SUFFIXES = frozenset({".db", ".pyc", ".sqlite", ".png", ".gz"})

#: a rule id; a trailing "-*" or "-…" makes it a family wildcard (PAL-DEF-*), which cites nothing
RULE_ID = re.compile(r"(?<![A-Za-z0-9_-])(?:PAL|BRP|GURPS)(?:-[A-Z0-9]+)+(?![A-Za-z0-9_*…-])")
#: one entry of docs/RULE-IDS.md: "- `ID` — summary."
ENTRY = re.compile(r"- `(?P<id>[^`]+)` — (?P<summary>.*)")
#: section title -> the id prefix of its entries
SECTIONS = {"Palladium": "PAL", "Basic Roleplaying": "BRP", "GURPS": "GURPS"}

#: id-shaped strings that are test data rather than citations: id -> where and why
NOT_CITATIONS: dict[str, str] = {
    "PAL-X": "tests/events/test_codec.py: a placeholder rule value for the codec's upcasts",
    "PAL-MSL-VOLEY": "tests/cli/test_glossary.py: a misspelt id `fracas rule` must refuse",
}


def _scanned_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        top = REPO / name
        for path in [top] if top.is_file() else sorted(top.rglob("*")):
            rel = path.relative_to(REPO)
            if (
                not path.is_file()
                or path == DOC
                or path.is_symlink()  # engine/shipped/: links to docs/ and examples/
                or path.resolve() == SELF
                or path.is_relative_to(GOLDEN)
                or path.suffix in BINARY_SUFFIXES
                or any(part == "__pycache__" or part.startswith(".") for part in rel.parts)
            ):
                continue
            files.append(path)
    return files


@cache
def found_ids() -> dict[str, tuple[str, ...]]:
    """Every id-shaped string in the scanned files -> where it occurs ("path:line")."""
    where: dict[str, list[str]] = {}
    for path in _scanned_files():
        data = path.read_bytes()
        if b"\0" in data:  # binary, whatever its name
            continue
        rel = path.relative_to(REPO).as_posix()
        for number, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            for match in RULE_ID.finditer(line):
                where.setdefault(match.group(), []).append(f"{rel}:{number}")
    return {rule: tuple(places) for rule, places in where.items()}


def cited_ids() -> dict[str, tuple[str, ...]]:
    return {rule: places for rule, places in found_ids().items() if rule not in NOT_CITATIONS}


@cache
def doc_entries() -> tuple[tuple[str, str, str], ...]:
    """(section, id, summary) for every entry line of docs/RULE-IDS.md, in file order."""
    entries: list[tuple[str, str, str]] = []
    section = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        elif match := ENTRY.fullmatch(line):
            entries.append((section, match["id"], match["summary"]))
    return tuple(entries)


def documented_ids() -> set[str]:
    return {rule for _, rule, _ in doc_entries()}


def test_every_cited_rule_id_has_a_summary() -> None:
    cited = cited_ids()
    missing = sorted(set(cited) - documented_ids())
    assert not missing, "cited rule ids with no line in docs/RULE-IDS.md:\n" + "\n".join(
        f"  {rule} (cited at {', '.join(cited[rule][:3])})" for rule in missing
    )


def test_every_summary_is_for_a_cited_rule_id() -> None:
    stale = sorted(documented_ids() - set(cited_ids()))
    assert not stale, "docs/RULE-IDS.md lines for ids no longer cited anywhere: " + ", ".join(stale)


def test_every_entry_is_well_formed_with_a_summary() -> None:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    malformed = [line for line in lines if line.startswith("- `") and not ENTRY.fullmatch(line)]
    assert not malformed, "entries not shaped '- `ID` — summary.': " + "; ".join(malformed)
    ids = [rule for _, rule, _ in doc_entries()]
    assert ids, "docs/RULE-IDS.md has no entries"
    not_ids = sorted(rule for rule in ids if not RULE_ID.fullmatch(rule))
    assert not not_ids, f"entries whose id is not a rule id: {', '.join(not_ids)}"
    duplicated = sorted({rule for rule in ids if ids.count(rule) > 1})
    assert not duplicated, f"ids with more than one line: {', '.join(duplicated)}"
    empty = sorted(rule for _, rule, summary in doc_entries() if not summary.strip(" .—-"))
    assert not empty, f"ids with an empty summary: {', '.join(empty)}"


def test_entries_are_grouped_by_system_and_sorted() -> None:
    misplaced = sorted(
        f"{rule} (under {section!r})"
        for section, rule, _ in doc_entries()
        if SECTIONS.get(section) != rule.split("-", 1)[0]
    )
    assert not misplaced, f"entries outside their system's section: {', '.join(misplaced)}"
    for section in SECTIONS:
        ids = [rule for where, rule, _ in doc_entries() if where == section]
        assert ids == sorted(ids), f"section {section!r} is not sorted"


def test_the_placeholders_left_out_are_still_there() -> None:
    gone = sorted(set(NOT_CITATIONS) - set(found_ids()))
    assert not gone, f"NOT_CITATIONS names ids no longer found anywhere: {', '.join(gone)}"
