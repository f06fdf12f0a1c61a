"""Shared fixtures: run the real ``fracas`` command line, and read a log without fracas's code.

Both CLI fixtures go through ``cli.main:run``, the console entry point, because that is where
every exception becomes an exit code and one line on stderr. Invoking ``cli.main.app`` with
CliRunner.invoke would bypass it (typer/click's own standalone handling), so tests would check
exit codes a user never sees.

``fracas_cli`` (use for exit codes, stderr, files on disk, concurrency)
    A real subprocess: ``sys.executable -c "…; run()" ARGS``. It is the same interpreter as
    pytest, so it works whether or not the ``fracas`` console script is on PATH (the script is
    ``sys.exit(run())`` too; tests/cli/test_help.py checks it separately). The child's cwd is
    the test's tmp_path, ``FRACAS_DB`` is removed from its environment, and ``TMPDIR`` points
    into tmp_path so crash reports (exit 70) never litter the real temp folder.

``fracas_inprocess`` (use for fast checks of help and output)
    typer's CliRunner isolation (stdin/stdout/stderr and environment swapped), ``sys.argv``
    patched, ``run()`` called, and the SystemExit it raises read as the exit code.

``read_log`` reads a database with the plain sqlite3 module in ``mode=ro`` (never engine.log),
so a test can check what is on disk without trusting the code under test. A read-only
connection to a WAL database may leave ``-wal``/``-shm`` files behind: take file hashes and
side-file listings before calling it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
SHEETS = EXAMPLES / "sheets"

_BOOT = "import sys; sys.argv[0] = 'fracas'; from cli.main import run; run()"


def bar_table(db: Path, name: str = "bar", seed: int = 7) -> Any:
    """A new encounter in ``db`` with Marcus Kell (``marcus``) and a Brodkil (``brodkil``),
    through the library (an ``engine.table.Table``)."""
    from engine.table import Table

    table = Table(db)
    table.new(name, seed=seed)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    return table


@dataclass(frozen=True)
class CliResult:
    """What one run of the command line did."""

    code: int
    stdout: str
    stderr: str

    @property
    def stderr_lines(self) -> list[str]:
        """stderr split into lines, without empty trailing lines."""
        return self.stderr.rstrip("\n").splitlines() if self.stderr.strip() else []


class FracasCli:
    """Runs ``fracas [--db DB] ARGS`` as a real process (see the module docstring)."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.crash_dir = home / "crash-reports"
        self.crash_dir.mkdir(exist_ok=True)

    def argv(self, *args: str, db: Path | None) -> list[str]:
        """The child's command line."""
        head = ["--db", str(db)] if db is not None else []
        return [sys.executable, "-c", _BOOT, *head, *args]

    def env(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        """The child's environment: no FRACAS_DB, crash reports under tmp_path."""
        env = {k: v for k, v in os.environ.items() if k != "FRACAS_DB"}
        env["TMPDIR"] = str(self.crash_dir)
        env.update(extra or {})
        return env

    def __call__(
        self,
        *args: str,
        db: Path | None,
        env: dict[str, str] | None = None,
        timeout: float = 60,
    ) -> CliResult:
        """Run to completion and return code, stdout and stderr."""
        proc = subprocess.run(
            self.argv(*args, db=db),
            cwd=self.home,
            env=self.env(env),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        return CliResult(proc.returncode, proc.stdout, proc.stderr)

    def popen(self, *args: str, db: Path | None) -> subprocess.Popen[str]:
        """Start without waiting (for concurrency tests); stdout and stderr are pipes."""
        return subprocess.Popen(
            self.argv(*args, db=db),
            cwd=self.home,
            env=self.env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )


@pytest.fixture
def fracas_cli(tmp_path: Path) -> FracasCli:
    """The real command line in a subprocess: ``fracas_cli("status", db=path)``."""
    return FracasCli(tmp_path)


@pytest.fixture
def fracas_inprocess(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., CliResult]:
    """The command line in this process through ``cli.main.run`` inside CliRunner isolation."""
    from cli.main import run

    runner = CliRunner()
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str, db: Path | None) -> CliResult:
        argv = ["fracas", *(["--db", str(db)] if db is not None else []), *args]
        with runner.isolation(env={"FRACAS_DB": None}) as (out, err, _mixed):
            monkeypatch.setattr(sys, "argv", argv)
            code: int = 0
            try:
                run()
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            stdout, stderr = out.getvalue().decode(), err.getvalue().decode()
        return CliResult(code, stdout, stderr)

    return invoke


# --- reading the log without fracas ---------------------------------------------------------


@dataclass(frozen=True)
class PlyRecord:
    """One row of ``plies`` as stored."""

    id: int
    encounter: int
    parent: int | None
    depth: int
    skip: int | None


@dataclass(frozen=True)
class LogSnapshot:
    """Everything a refusal must leave unchanged, read with plain sqlite3."""

    plies: tuple[PlyRecord, ...]
    events: int
    branches: tuple[tuple[int, str, int, int], ...]
    encounters: int
    plies_without_events: int

    @cached_property
    def by_id(self) -> dict[int, PlyRecord]:
        """The plies by id."""
        return {p.id: p for p in self.plies}

    def ply(self, ply_id: int) -> PlyRecord:
        """A ply by id (KeyError if absent)."""
        return self.by_id[ply_id]

    def path_by_parents(self, ply_id: int) -> list[int]:
        """Ids from the root to ``ply_id``, found by following parents (index = depth)."""
        path = [ply_id]
        parent = self.by_id[ply_id].parent
        while parent is not None:
            path.append(parent)
            parent = self.by_id[parent].parent
        return path[::-1]


def snapshot(db: Path) -> LogSnapshot:
    """Read the log read-only (``mode=ro``), without engine.log."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        plies = tuple(
            PlyRecord(*row)
            for row in conn.execute(
                "SELECT id, encounter, parent, depth, skip FROM plies ORDER BY id"
            )
        )
        events = conn.execute("SELECT count(*) FROM events").fetchone()[0]
        branches = tuple(
            conn.execute("SELECT encounter, name, head, tip FROM branches ORDER BY encounter, name")
        )
        encounters = conn.execute("SELECT count(*) FROM encounters").fetchone()[0]
        empty = conn.execute(
            "SELECT count(*) FROM plies WHERE id NOT IN (SELECT ply FROM events)"
        ).fetchone()[0]
    finally:
        conn.close()
    return LogSnapshot(plies, events, branches, encounters, empty)


def assert_log_contiguous(snap: LogSnapshot) -> None:
    """The tree of plies is whole: every parent exists, in the same encounter, one level up;
    every branch's head lies on the path to its tip; every ply has its events and is reachable
    from some branch (nothing half written, nothing lost)."""
    by_id = snap.by_id
    for p in snap.plies:
        if p.parent is None:
            assert p.depth == 0, f"ply {p.id} has no parent but depth {p.depth}"
            continue
        parent = by_id.get(p.parent)
        assert parent is not None, f"ply {p.id}: parent {p.parent} missing"
        assert parent.encounter == p.encounter, f"ply {p.id}: parent in another encounter"
        assert p.depth == parent.depth + 1, f"ply {p.id}: depth {p.depth}, parent {parent.depth}"
    assert snap.plies_without_events == 0, "a ply without events: half written"
    reachable: set[int] = set()
    for encounter, name, head, tip in snap.branches:
        assert head in by_id, f"branch {name}: head {head} missing"
        assert tip in by_id, f"branch {name}: tip {tip} missing"
        assert by_id[head].encounter == encounter
        path = snap.path_by_parents(tip)
        assert head in path, f"branch {name}: head {head} is not on the path to tip {tip}"
        reachable.update(path)
    lost = sorted(set(by_id) - reachable)
    assert not lost, f"plies no branch reaches: {lost}"


@pytest.fixture
def read_log() -> Callable[[Path], LogSnapshot]:
    """``read_log(db)``: a :class:`LogSnapshot` read with plain sqlite3, read-only."""
    return snapshot


@pytest.fixture
def log_is_contiguous() -> Callable[[LogSnapshot], None]:
    """``log_is_contiguous(snap)``: assert the tree of plies is whole."""
    return assert_log_contiguous


def file_state(path: Path) -> tuple[str | None, tuple[str, ...]]:
    """SHA-256 of a file (None if absent) and the names of its SQLite side files present."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None
    sides = tuple(
        suffix
        for suffix in ("-wal", "-shm", "-journal")
        if path.with_name(path.name + suffix).exists()
    )
    return digest, sides


@pytest.fixture
def file_fingerprint() -> Callable[[Path], tuple[str | None, tuple[str, ...]]]:
    """``file_fingerprint(path)``: the file's hash and which side files exist beside it."""
    return file_state


# --- fights built through the public library API --------------------------------------------


@pytest.fixture
def sheets() -> Path:
    """The example sheets folder."""
    return SHEETS


@pytest.fixture
def fight_db(tmp_path: Path) -> Iterator[Path]:
    """A fracas file with encounter ``bar`` (seed 7), Marcus Kell and a Brodkil, no round yet.

    Built with engine.table.Table, the library API the CLI is a layer over.
    """
    from engine.table import Table

    db = tmp_path / "fight.db"
    table = Table(db)
    table.new("bar", seed=7)
    table.add(SHEETS / "marcus_kell.toml")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    yield db


def names(paths: Sequence[Path]) -> list[str]:
    """File names, for readable parametrize ids."""
    return [p.name for p in paths]


class GmCli:
    """A game master at the command line, on one file: ``gm(*args)`` must succeed and gives
    what it printed; ``gm.json(*args)`` the document it printed under --json."""

    def __init__(self, invoke: Callable[..., CliResult], db: Path) -> None:
        self.invoke, self.db = invoke, db

    def __call__(self, *args: str) -> str:
        done = self.invoke(*args, db=self.db)
        assert done.code == 0, done
        return done.stdout

    def json(self, *args: str) -> Any:
        return json.loads(self("--json", *args))


def assert_one_line_error(result: CliResult, code: int, *mentions: str) -> str:
    """The refusal as DESIGN §9 has it; returns the line."""
    assert result.code == code, result
    assert result.stdout == "", result
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr_lines
    assert len(lines) == 1, lines
    line = lines[0]
    if line.startswith("{"):  # under --json: {"error": message, "exit": code}
        doc = json.loads(line)
        assert set(doc) == {"error", "exit"} and doc["exit"] == code, doc
        line = f"fracas: error: {doc['error']}"
    assert line.startswith("fracas: error: "), line
    for text in mentions:
        assert text in line, f"{text!r} not in {line!r}"
    return line


def play(invoke: Callable[..., CliResult], db: Path, *plies: tuple[str, ...]) -> None:
    """Run each command line on ``db``; every one must succeed."""
    for args in plies:
        done = invoke(*args, db=db)
        assert done.code == 0, done


#: Marcus's strike on main (Vance takes it); on what-if, forked at ply #3, Vance dodges.
DUEL_WITH_WHAT_IF: tuple[tuple[str, ...], ...] = (
    ("new", "duel", "--seed", "7"),
    ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
    ("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance"),
    ("initiative", "--dice", "15,3"),
    ("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none", "--dice", "14,3"),
    ("branch", "what-if", "--at", "3", "--switch"),
    (
        "strike",
        "marcus",
        "vance",
        "--weapon",
        "vibro-knife",
        "--defend",
        "dodge",
        "--dice",
        "14,17",
    ),
)
