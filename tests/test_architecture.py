"""The four rooms and their one direction (DESIGN §2), checked by parsing every import.

``cli → engine → projections → events``: a room may import the rooms after it, never before.
Imports inside functions and ``if TYPE_CHECKING:`` blocks count too: a lazy import is still a
dependency. Also: projections are pure (no SQLite, dice, clock or OS), only engine/log.py (and
engine/logfile.py, its schema) speaks SQL, and only a rules system's own files name it: the
core and cli/ name none.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import msgspec
import pytest

REPO = Path(__file__).resolve().parent.parent
ROOMS = ("cli", "engine", "projections", "events")  # in the order imports may point

#: room -> the first-party rooms it may import (itself included)
ALLOWED: dict[str, set[str]] = {room: set(ROOMS[i:]) for i, room in enumerate(ROOMS)}

#: modules a projection must never import: projections are a pure fold of events
IMPURE = {
    "sqlite3",
    "sqlite_utils",
    "random",
    "secrets",
    "time",
    "datetime",
    "os",
    "engine",
    "cli",
}

#: Every rules system is named only in its own homes: its folder under engine/rules/, its events
#: and reducers, and the registry of systems. The core (cli/ included) names none.
SYSTEM_WORDS: dict[str, tuple[str, ...]] = {
    "palladium": ("palladium", "rifts"),
    "brp": ("brp", "basic roleplaying"),
    "gurps": ("gurps",),
}
REGISTRY = "engine/rules/__init__.py"
#: The shared rules catalogue of two systems is cited by its file name.
CATALOGUE = "gurps-brp.md"


def homes(system: str) -> tuple[str, ...]:
    """Where a system may be named."""
    return (
        f"engine/rules/{system}/",
        f"events/{system}.py",
        f"events/{system}/",
        f"projections/{system}.py",
        f"projections/{system}_",  # a pack's further read models (projections/palladium_grips.py)
        REGISTRY,
    )


def _modules() -> list[Path]:
    return sorted(p for room in ROOMS for p in (REPO / room).rglob("*.py"))


def _rel(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def _imports(path: Path, root: Path = REPO) -> list[tuple[int, str]]:
    """(line, dotted module) of every import in the file, absolute or relative."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            # `from events import palladium` imports events.palladium
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def test_there_is_code_to_check() -> None:
    rooms = {_rel(p).split("/")[0] for p in _modules()}
    assert rooms == set(ROOMS)
    assert len(_modules()) > 15


@pytest.mark.parametrize("path", _modules(), ids=_rel)
def test_imports_point_one_way(path: Path) -> None:
    room = _rel(path).split("/")[0]
    wrong = [
        f"{_rel(path)}:{line} imports {module}"
        for line, module in _imports(path)
        if module.split(".")[0] in ROOMS and module.split(".")[0] not in ALLOWED[room]
    ]
    assert not wrong, "; ".join(wrong)


@pytest.mark.parametrize(
    "path", [p for p in _modules() if _rel(p).startswith("projections/")], ids=_rel
)
def test_projections_are_pure(path: Path) -> None:
    wrong = [
        f"{_rel(path)}:{line} imports {module}"
        for line, module in _imports(path)
        if module.split(".")[0] in IMPURE
    ]
    assert not wrong, "; ".join(wrong)


def test_only_the_log_speaks_sql() -> None:
    """engine/log.py and engine/logreads.py query the file (engine/logpaths.py holds the
    reader's path walks, through its connection); engine/logfile.py creates it and
    reads its errors; engine/logupgrade.py gives a schema-1 file the hash chain inside the
    store's transaction; engine/logamend.py gives a branch an amended line and takes it back;
    engine/logexport.py writes the flat tables of `fracas export` (another file);
    engine/logheader.py reads a file's stamp without taking a lock, and engine/logopen.py
    opens the file (to write, or only to read)."""
    speakers = {
        _rel(p)
        for p in _modules()
        for _, module in _imports(p)
        if module.split(".")[0] in {"sqlite3", "sqlite_utils", "apsw"}
    }
    assert speakers == {
        "engine/log.py",
        "engine/logreads.py",
        "engine/logfile.py",
        "engine/logheader.py",
        "engine/logopen.py",
        "engine/logupgrade.py",
        "engine/logamend.py",
        "engine/logexport.py",
    }


#: A statement of SQL in a string: what only the log's modules may hold.
_SQL = re.compile(
    r"\b(SELECT\s+\S.*\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+RECURSIVE"
    r"|CREATE\s+(TABLE|VIEW|INDEX|TRIGGER)|PRAGMA\s+\w+)",
    re.S,
)


def test_only_the_log_holds_sql_text() -> None:
    """A module could send SQL through another's connection without importing sqlite3
    (engine/logpaths.py does, for the reader): the statements themselves, any string but a
    docstring, are in the log's modules only."""
    holders = set()
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        if any(
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and _SQL.search(node.value)
            for node in ast.walk(tree)
        ):
            holders.add(_rel(path))
    assert holders <= {
        "engine/log.py",
        "engine/logreads.py",
        "engine/logpaths.py",
        "engine/logfile.py",
        "engine/logheader.py",
        "engine/logopen.py",
        "engine/logupgrade.py",
        "engine/logamend.py",
        "engine/logexport.py",
    }, holders
    assert "engine/logpaths.py" in holders  # the check sees what it is for


@pytest.mark.parametrize("system", sorted(SYSTEM_WORDS))
def test_no_reducer_reads_a_field_its_pack_leaves_undecoded(system: str) -> None:
    """A pack's ``unread`` fields are not decoded by a rebuild's skim (events/codec.py): the
    reducer of each such event reads its other fields only, by name (``e.field``), and
    hands the event to nothing that could read more."""
    import inspect
    import textwrap

    from engine.rules import get_pack

    pack = get_pack(system)
    wrong = []
    for event_type, fields in pack.unread.items():
        reducer = pack.reducers[event_type]
        tree = ast.parse(textwrap.dedent(inspect.getsource(reducer)))
        fn = tree.body[0]
        assert isinstance(fn, ast.FunctionDef)
        event = fn.args.args[1].arg
        read = [
            n
            for n in ast.walk(fn)
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
        ]
        for node in read:
            if node.value.id == event and node.attr in fields:  # type: ignore[attr-defined]
                wrong.append(f"{fn.name} reads {event}.{node.attr}")
        by_name = {id(n.value) for n in read}
        for node in ast.walk(fn):
            if isinstance(node, ast.Name) and node.id == event and id(node) not in by_name:
                wrong.append(f"{fn.name} hands {event} on (line {node.lineno})")
        names = {f.name for f in msgspec.structs.fields(event_type)}
        assert set(fields) <= names, f"{event_type.__name__}: no such field"
    assert not wrong, wrong


def test_every_registered_system_is_checked() -> None:
    from engine.rules import SYSTEMS

    assert set(SYSTEMS) <= set(SYSTEM_WORDS)


@pytest.mark.parametrize("system", sorted(SYSTEM_WORDS))
def test_only_a_systems_own_files_name_it(system: str) -> None:
    """The core, the command line and the other packs do not assume a rules system."""
    words = re.compile(r"\b(" + "|".join(SYSTEM_WORDS[system]) + r")\b", re.IGNORECASE)
    wrong = []
    for path in _modules():
        rel = _rel(path)
        if rel.startswith(homes(system)):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if words.search(line.replace(CATALOGUE, "")):
                wrong.append(f"{rel}:{n}: {line.strip()}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_lazy_and_relative_imports(tmp_path: Path) -> None:
    """The parser itself: function-level, relative and ``from X import module`` are found."""
    probe = tmp_path / "projections" / "probe.py"
    probe.parent.mkdir()
    probe.write_text(
        "from . import state\n"
        "from .fold import fold\n"
        "def f():\n"
        "    import sqlite3\n"
        "    from engine import log\n"
    )
    found = {module for _, module in _imports(probe, tmp_path)}
    assert {"projections.state", "projections.fold", "sqlite3", "engine", "engine.log"} <= found
