"""Every kind of bad file (tests/faults.py) against the commands, each a real ``fracas``
process on a file of its own: an exit code from README's table (never 70, never a traceback),
a refusal that names the file, and a refused command that leaves the file's bytes and the
folder's listing (side files and all) as they were. Into a damaged file (SQLite's own check
finds it) or one that takes no writes, no command writes at all.

The default suite runs every kind against a spread of commands; ``-m slow`` runs every kind
against every command.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import faults
from tests.conftest import SHEETS, CliResult, FracasCli

#: Each command as typed after ``fracas --db PATH``; ``OUT`` is a file in another folder.
COMMANDS: dict[str, tuple[str, ...]] = {
    "status": ("status",),
    "log": ("log",),
    "replay --verify": ("replay", "--verify"),
    "strike": ("strike", "marcus", "brodkil", "--defend", "none"),
    "next": ("next",),
    "undo": ("undo",),
    "redo": ("redo",),
    "add": ("add", str(SHEETS / "rook.toml"), "--id", "rook"),
    "new": ("new", "other", "--seed", "1"),
    "branch": ("branch", "side-line", "--at", "3"),
    "amend": ("amend", "4", "--drop"),
    "odds": ("odds", "main", "what-if", "--runs", "3", "--seed", "1"),
    "report": ("report", "--format", "md", "-o", "OUT"),
    "export": ("export", "OUT"),
    "explain": ("explain", "3"),
    "branches": ("branches",),
    "switch": ("switch", "what-if"),
    "use": ("use", "bar"),
    "diff": ("diff", "main", "what-if"),
    "encounters": ("encounters",),
    "shell": ("shell",),
}
WRITES = {"strike", "next", "undo", "redo", "add", "new", "branch", "amend", "switch", "use"}
DEFAULT_COMMANDS = ("status", "strike", "undo")  # a read, a write, a move of the head
SHELL_LINES = "status\nnext\nundo\n"

#: README's exit codes a user can meet.
DOCUMENTED = {0, 1, 2, 3, 4, 5, 6, 7}


@dataclass(frozen=True)
class Case:
    kind: str
    command: str
    db: Path
    before: tuple[tuple[str, str | None], ...]
    after: tuple[tuple[str, str | None], ...]
    result: CliResult
    damaged: bool


def _damaged(db: Path) -> bool:
    """SQLite's own check of the pages of a file with nothing beside it, read without a
    lock or a side file."""
    if not db.is_file() or db.is_symlink() or faults.side_files(db):
        return False
    try:
        conn = sqlite3.connect(f"file:{db}?immutable=1", uri=True)
        try:
            return conn.execute("PRAGMA quick_check").fetchall() != [("ok",)]
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return True


def _run(
    home: Path, assets: faults.Assets, pairs: list[tuple[str, str]]
) -> dict[tuple[str, str], Case]:
    cli = FracasCli(home)
    made = {}
    for n, (kind, command) in enumerate(pairs):
        folder = home / f"case-{n}"
        folder.mkdir()
        db = folder / "fight.db"
        faults.KINDS[kind](db, assets)
        out = home / f"out-{n}" / "made.out"
        out.parent.mkdir()
        args = tuple(str(out) if a == "OUT" else a for a in COMMANDS[command])
        made[(kind, command)] = (db, args, faults.listing(folder), _damaged(db))
    done: dict[tuple[str, str], Case] = {}
    batch = max(2, 2 * (os.cpu_count() or 1))
    keys = list(made)
    try:
        for start in range(0, len(keys), batch):
            running = []
            for key in keys[start : start + batch]:
                db, args, _, _ = made[key]
                proc = cli.popen(*args, db=db) if key[1] != "shell" else _shell(cli, db)
                running.append((key, proc))
            for key, proc in running:
                stdin = SHELL_LINES if key[1] == "shell" else None
                out_text, err_text = proc.communicate(stdin, timeout=180)
                db, _, before, damaged = made[key]
                done[key] = Case(
                    key[0],
                    key[1],
                    db,
                    before,
                    faults.listing(db.parent),
                    CliResult(proc.returncode, out_text, err_text),
                    damaged,
                )
    finally:
        for db, *_ in made.values():
            faults.writable_again(db.parent)
    return done


def _shell(cli: FracasCli, db: Path) -> object:
    import subprocess

    return subprocess.Popen(
        cli.argv("shell", db=db),
        cwd=cli.home,
        env=cli.env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture(scope="module")
def assets(tmp_path_factory: pytest.TempPathFactory) -> faults.Assets:
    return faults.build_assets(tmp_path_factory.mktemp("assets"))


DEFAULT = [(k, c) for k in faults.KINDS for c in DEFAULT_COMMANDS]
EVERY = [(k, c) for k in faults.KINDS for c in COMMANDS]


@pytest.fixture(scope="module")
def default_cases(
    tmp_path_factory: pytest.TempPathFactory, assets: faults.Assets
) -> dict[tuple[str, str], Case]:
    return _run(tmp_path_factory.mktemp("battery"), assets, DEFAULT)


@pytest.fixture(scope="module")
def every_case(
    tmp_path_factory: pytest.TempPathFactory, assets: faults.Assets
) -> dict[tuple[str, str], Case]:
    return _run(tmp_path_factory.mktemp("battery-all"), assets, EVERY)


def check(case: Case) -> None:
    """What every (kind, command) must show."""
    r = case.result
    where = f"{case.kind} × {case.command}: {r}"
    assert r.code in DOCUMENTED, where
    assert "Traceback" not in r.stdout + r.stderr, where
    errors = [line for line in r.stderr_lines if line.startswith("fracas: error: ")]
    if r.code and case.command != "shell":
        assert len(r.stderr_lines) == 1 and errors, where
    for line in errors:
        if "refused:" not in line and "no branch" not in line:  # the file's fault: named
            assert "fight.db" in line or "made.out" in line, where
    if r.code:
        assert faults.kept(case.before, case.after), f"a refusal changed the folder: {where}"
    if case.kind in faults.NEVER_WRITTEN:
        assert r.code != 0 or case.command not in WRITES, f"wrote into a {where}"
        assert faults.kept(case.before, case.after) or case.command not in WRITES, where
    if case.damaged and case.command in WRITES:  # refused by the rules first, or exit 5
        assert r.code in (1, 2, 5), f"a damaged file written: {where}"


@pytest.mark.parametrize(("kind", "command"), DEFAULT)
def test_a_bad_file_meets_a_command(
    kind: str, command: str, default_cases: dict[tuple[str, str], Case]
) -> None:
    check(default_cases[(kind, command)])


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "command"), EVERY)
def test_every_bad_file_meets_every_command(
    kind: str, command: str, every_case: dict[tuple[str, str], Case]
) -> None:
    check(every_case[(kind, command)])


def test_the_damaged_kinds_are_damaged_to_sqlite(assets: faults.Assets, tmp_path: Path) -> None:
    """The battery's damaged kinds are ones SQLite's own check finds (else a write into them
    would prove nothing), and its healthy side-file kinds are not."""
    for kind in faults.KINDS:
        folder = tmp_path / kind.replace(" ", "_").replace("/", "_")
        folder.mkdir()
        db = folder / "fight.db"
        faults.KINDS[kind](db, assets)
        try:
            if kind.startswith(("zeroed", "flipped b-tree", "flipped cell")):
                assert _damaged(db), kind
            if kind in ("read-only file", "read-only folder", "junk -shm"):
                assert not _damaged(db), kind
        finally:
            faults.writable_again(folder)
