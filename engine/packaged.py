"""What ships inside the fracas package for the commands to read at run time: the rule
glossary (``fracas rule``, ``explain --rules``, ``report``), the example sheets and the
catalogues beside them (``fracas sheets``).

They are package data of ``engine``, in its ``shipped`` folder, found through
:mod:`importlib.resources`, never by a path beside the source tree: a wheel installed anywhere
(``pip install .``, ``pipx install .``) carries copies of them. In a checkout that folder holds
symlinks to where people read and edit the files: ``docs/RULE-IDS.md``, ``examples/sheets/``
and ``examples/missiles.toml`` (the editable install of scripts/setup.sh reads them there).
Which folder of ``sheets`` is whose is the registry's :data:`engine.rules.EXAMPLES`; a folder
it does not name (``invalid/``: the broken sheets the tests feed to ``fracas add``) is not
listed, and the wheel leaves it out (pyproject.toml).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from engine.rules import EXAMPLES, UnknownName, UsageError

#: The rule glossary: "- `ID` — summary." lines (engine/glossary.py).
GLOSSARY = "RULE-IDS.md"
#: The folder of example sheets.
SHEETS = "sheets"


def shipped(name: str) -> Path:
    """The real path of ``name``, a file or folder shipped with fracas, symlinks resolved (in
    a checkout: the file under ``docs/`` or ``examples/``). A copy of fracas installed without
    it is refused (exit 2), naming what is missing."""
    found = files("engine").joinpath("shipped", name)
    if not isinstance(found, Path) or not found.exists():
        raise UsageError(
            f"this copy of fracas was installed without its {name} ({found}); reinstall it "
            "from a whole checkout (`pip install .`)"
        )
    return found.resolve()


@dataclass(frozen=True)
class ExampleSheet:
    """One example sheet: the rules system it is for, its file name, its absolute path, and
    the ``name`` and ``kind`` (pc, npc) it gives (None where it gives none)."""

    system: str
    file: str
    path: Path
    name: str | None
    kind: str | None


@dataclass(frozen=True)
class Catalogue:
    """A file of entries to copy into a sheet (``missiles.toml``: ``[[missiles]]``), with
    what its opening comment says it is."""

    system: str
    file: str
    path: Path
    about: str


def systems(system: str | None) -> list[str]:
    """The systems to list: ``system`` alone (an unknown one is refused, exit 2), or every
    one, the registry's order."""
    if system is None:
        return list(EXAMPLES)
    if system not in EXAMPLES:
        known = ", ".join(sorted(EXAMPLES))
        raise UnknownName(f"--system {system!r}: unknown rules system (known: {known})")
    return [system]


def example_sheets(system: str | None = None) -> list[ExampleSheet]:
    """The example sheets shipped with fracas, by system (the registry's order), then by
    file name; only ``system``'s if given. Each sheet is read for its name and kind."""
    from engine.sheetdoc import load_document  # YAML and TOML: only this command needs them
    from engine.sheets import FORMATS

    root = shipped(SHEETS)
    found = []
    for name in systems(system):
        folder = root / EXAMPLES[name][0]
        for path in sorted(folder.iterdir()):
            if not path.is_file() or path.suffix not in FORMATS:
                continue
            doc = load_document(path)
            found.append(
                ExampleSheet(name, path.name, path, _text(doc.get("name")), _text(doc.get("kind")))
            )
    return found


def catalogues(system: str | None = None) -> list[Catalogue]:
    """The catalogues shipped beside the sheets (only ``system``'s if given)."""
    return [
        Catalogue(name, file, path, _about(path))
        for name in systems(system)
        for file in EXAMPLES[name][1]
        for path in (shipped(file),)
    ]


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _about(path: Path) -> str:
    """The first sentence of the comment that opens the file."""
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line.lstrip("#").strip())
    text = " ".join(lines)
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]
