"""Refusals through the real command line: exit code, one line on stderr, nothing written.

Each test runs ``fracas`` as a subprocess (tests/conftest.py ``fracas_cli``) against a real file,
and checks what a GM and a script see (DESIGN §9): the documented exit code, exactly one line on
stderr naming what to fix, no traceback, nothing on stdout, and the file untouched — its bytes
hashed before and after, its plies and events counted with plain sqlite3.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cli import errors
from engine.dice import DiceError
from engine.log import (
    OLDEST_SCHEMA,
    SCHEMA_VERSION,
    Busy,
    Conflict,
    DiskError,
    NoDatabase,
    NotFracas,
    SchemaMismatch,
)
from engine.rules import IllegalAction, UnknownName
from engine.sheets import SheetError
from engine.table import Table, UsageError
from events.codec import UnreadableEvent
from events.palladium import (
    MeleeRoundDeclared,
    StrikeDeclared,
)
from events.upcasts import UpcastError
from tests import tamper
from tests.conftest import (
    SHEETS,
    CliResult,
    FracasCli,
    LogSnapshot,
    assert_one_line_error,
    file_state,
)

Fingerprint = Callable[[Path], tuple[str | None, tuple[str, ...]]]
ReadLog = Callable[[Path], LogSnapshot]


# --- files that are not ours ---------------------------------------------------------------


@pytest.fixture(scope="module")
def real_db_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a real fracas file with an encounter and two combatants (WAL checkpointed)."""
    db = tmp_path_factory.mktemp("real") / "real.db"
    table = Table(db)
    table.new("bar", seed=7)
    table.add(SHEETS / "marcus_kell.toml")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    assert not Path(f"{db}-wal").exists()
    data = db.read_bytes()
    assert len(data) >= 4 * 4096
    return data


def _garbage(n: int) -> bytes:
    out = b""
    counter = 0
    while len(out) < n:
        out += hashlib.sha256(counter.to_bytes(8, "big")).digest()
        counter += 1
    return out[:n]


def _foreign_sqlite(path: Path, application_id: int, *, wal: bool = False) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        if application_id:
            conn.execute(f"PRAGMA application_id={application_id}")
        if wal:
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
        conn.execute("INSERT INTO recipes (name) VALUES ('bread')")
    finally:
        conn.close()


def _with_user_version(path: Path, real: bytes, version: int) -> None:
    """A real fracas file whose schema version says ``version``, set the way SQLite does."""
    path.write_bytes(real)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(f"PRAGMA user_version={version}")
    finally:
        conn.close()


def _header_patched(real: bytes, offset: int, value: int) -> bytes:
    data = bytearray(real)
    data[offset : offset + 4] = value.to_bytes(4, "big")
    return bytes(data)


def _make(kind: str, path: Path, real: bytes) -> None:
    makers: dict[str, Callable[[], Any]] = {
        "empty": lambda: path.write_bytes(b""),
        "sqlite header then garbage": lambda: path.write_bytes(
            b"SQLite format 3\x00" + _garbage(4080)
        ),
        "fracas header then garbage": lambda: path.write_bytes(
            real[:100] + _garbage(len(real) - 100)
        ),
        "fracas first page then garbage": lambda: path.write_bytes(
            real[:4096] + _garbage(len(real) - 4096)
        ),
        "truncated to its header": lambda: path.write_bytes(real[:100]),
        "truncated to 5000 bytes": lambda: path.write_bytes(real[:5000]),
        "truncated by half": lambda: path.write_bytes(real[: len(real) // 2]),
        "truncated by one page": lambda: path.write_bytes(real[:-4096]),
        "truncated by one byte": lambda: path.write_bytes(real[:-1]),
        "foreign sqlite, other application_id": lambda: _foreign_sqlite(path, 0x4D504442),
        "foreign sqlite, no application_id": lambda: _foreign_sqlite(path, 0),
        "foreign sqlite in WAL mode": lambda: _foreign_sqlite(path, 0x12345678, wal=True),
        "text file": lambda: path.write_text("name,hp\nmarcus,30\n" * 20),
        "short text file": lambda: path.write_text("hi\n"),
        "newer schema (header bytes)": lambda: path.write_bytes(
            _header_patched(real, 60, SCHEMA_VERSION + 1)
        ),
        "newer schema (PRAGMA)": lambda: _with_user_version(path, real, SCHEMA_VERSION + 41),
        "older schema (PRAGMA)": lambda: _with_user_version(path, real, OLDEST_SCHEMA - 1),
    }
    makers[kind]()


KINDS: dict[str, int] = {
    "empty": 5,
    "sqlite header then garbage": 5,
    "fracas header then garbage": 5,
    "fracas first page then garbage": 5,
    "truncated to its header": 5,
    "truncated to 5000 bytes": 5,
    "truncated by half": 5,
    "truncated by one page": 5,
    "truncated by one byte": 5,
    "foreign sqlite, other application_id": 5,
    "foreign sqlite, no application_id": 5,
    "foreign sqlite in WAL mode": 5,
    "text file": 5,
    "short text file": 5,
    "newer schema (header bytes)": 6,
    "newer schema (PRAGMA)": 6,
    "older schema (PRAGMA)": 6,
}

COMMANDS = {
    "status": ["status"],
    "new": ["new", "other", "--seed", "1"],
    "add": ["add", str(SHEETS / "cs_grunt.yaml")],
}

#: every kind is tried with ``status``; the writing commands (``new`` creates files, ``add``
#: appends) with a spread of kinds: each command opens the file through the same check
CASES = [(kind, "status") for kind in sorted(KINDS)] + [
    (kind, command)
    for command, kinds in {
        "new": [
            "empty",
            "fracas header then garbage",
            "truncated by half",
            "truncated by one byte",
            "foreign sqlite, other application_id",
            "text file",
            "newer schema (PRAGMA)",
        ],
        "add": [
            "empty",
            "truncated by one page",
            "truncated by one byte",
            "newer schema (header bytes)",
        ],
    }.items()
    for kind in kinds
]


@dataclass(frozen=True)
class _Refusal:
    path: Path
    before: tuple[str | None, tuple[str, ...]]
    after: tuple[str | None, tuple[str, ...]]
    result: CliResult


@pytest.fixture(scope="module")
def refusals(
    tmp_path_factory: pytest.TempPathFactory, real_db_bytes: bytes
) -> dict[tuple[str, str], _Refusal]:
    """Every (kind of file, command) run at once, a few processes at a time: each is a real,
    separate ``fracas`` process on its own file; running them side by side only saves time."""
    home = tmp_path_factory.mktemp("refusals")
    cli = FracasCli(home)
    cases = CASES
    paths: dict[tuple[str, str], Path] = {}
    before: dict[tuple[str, str], tuple[str | None, tuple[str, ...]]] = {}
    for n, case in enumerate(cases):
        folder = home / f"case-{n}"
        folder.mkdir()
        paths[case] = folder / "suspect.db"
        _make(case[0], paths[case], real_db_bytes)
        before[case] = file_state(paths[case])
    done: dict[tuple[str, str], _Refusal] = {}
    batch = max(2, 2 * (os.cpu_count() or 1))
    for start in range(0, len(cases), batch):
        running = [
            (case, cli.popen(*COMMANDS[case[1]], db=paths[case]))
            for case in cases[start : start + batch]
        ]
        for case, proc in running:
            out, err = proc.communicate(timeout=120)
            result = CliResult(proc.returncode, out, err)
            done[case] = _Refusal(paths[case], before[case], file_state(paths[case]), result)
    return done


@pytest.mark.parametrize(("kind", "command"), CASES)
def test_a_file_that_is_not_ours_is_refused_untouched(
    kind: str, command: str, refusals: dict[tuple[str, str], _Refusal]
) -> None:
    case = refusals[(kind, command)]
    assert case.before[1] == (), "the maker left side files"
    line = assert_one_line_error(case.result, KINDS[kind], str(case.path))
    if KINDS[kind] == 6:
        assert "schema" in line
    # the bytes are the same and no -wal/-shm/-journal was left beside the file
    assert case.after == case.before


def test_a_directory_is_refused(tmp_path: Path, fracas_cli: FracasCli) -> None:
    folder = tmp_path / "fights"
    folder.mkdir()
    result = fracas_cli("status", db=folder)
    assert_one_line_error(result, 5, str(folder), "directory")
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("how", ["--db", "FRACAS_DB", "default"])
def test_status_without_a_database_is_a_usage_error_and_creates_nothing(
    how: str, tmp_path: Path, fracas_cli: FracasCli
) -> None:
    missing = tmp_path / "nowhere.db"
    if how == "--db":
        result = fracas_cli("status", db=missing)
        named = str(missing)
    elif how == "FRACAS_DB":
        result = fracas_cli("status", db=None, env={"FRACAS_DB": str(missing)})
        named = str(missing)
    else:
        result = fracas_cli("status", db=None)  # ./fracas.db in the test's own folder
        missing = fracas_cli.home / "fracas.db"
        named = "fracas.db"
    assert_one_line_error(result, 2, named, "fracas new")
    assert not missing.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["crash-reports"]


# --- sheets --------------------------------------------------------------------------------

INVALID_SHEETS = {
    "three_mistakes.toml": ["attributes.pp", "bonuses.strik", "weapons[1].damage"],
    "wrong_types.json": [
        "name",
        "kind",
        "class",
        "pools.hp",
        "hand_to_hand.level",
        "bonuses.auto_dodge",
        "weapons",
    ],
    "cross_field.yaml": [
        "kind",
        "hand_to_hand.level",
        "pools.sdc",
        "armor.ar",
        "weapons[1].name",
        "unarmed",
    ],
}


@pytest.mark.parametrize("sheet", sorted(INVALID_SHEETS))
def test_a_malformed_sheet_is_refused_with_every_field_path(
    sheet: str, fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    path = SHEETS / "invalid" / sheet
    before = read_log(fight_db)
    result = fracas_cli("add", str(path), db=fight_db)
    line = assert_one_line_error(result, 2, str(path), "nothing was written")
    problems = line.removeprefix("fracas: error: ").split("; ")
    for field in INVALID_SHEETS[sheet]:
        assert any(p.startswith(f"{path}: {field}:") for p in problems), (field, problems)
    assert read_log(fight_db) == before


def test_a_missing_sheet_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    before = read_log(fight_db)
    result = fracas_cli("add", "no-such-sheet.toml", db=fight_db)
    assert_one_line_error(result, 2, "no-such-sheet.toml")
    assert read_log(fight_db) == before


# --- rules and names -----------------------------------------------------------------------


def _status(db: Path) -> dict[str, Any]:
    return Table(db).status()


def _initiative(db: Path) -> dict[str, Any]:
    Table(db).declare(MeleeRoundDeclared())
    return _status(db)


def _play_until(db: Path, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Whoever acts strikes the other, who parries (free for a trained fighter), until done."""
    for _ in range(40):
        doc = _status(db)
        if done(doc):
            return doc
        acting = doc["acting"]
        assert acting is not None, "the round ended before the wanted state"
        other = next(c["id"] for c in doc["combatants"] if c["id"] != acting)
        Table(db).declare(StrikeDeclared(actor=acting, target=other, defend="parry"))
    raise AssertionError("the wanted state never came")


def _apm_left(doc: dict[str, Any], cid: str) -> int:
    return int(next(c["apm_left"] for c in doc["combatants"] if c["id"] == cid))


def _refused(
    fracas_cli: FracasCli, read_log: ReadLog, db: Path, args: list[str], code: int, *mentions: str
) -> str:
    before = read_log(db)
    line = assert_one_line_error(fracas_cli(*args, db=db), code, *mentions)
    assert read_log(db) == before, "a refused command wrote to the log"
    return line


def test_striking_before_initiative_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    line = _refused(
        fracas_cli,
        read_log,
        fight_db,
        ["strike", "marcus-kell", "brodkil"],
        1,
        "refused",
        "initiative",
    )
    assert "nothing was written" in line


def test_striking_out_of_turn_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    doc = _initiative(fight_db)
    waiting = next(c["id"] for c in doc["combatants"] if c["id"] != doc["acting"])
    _refused(
        fracas_cli,
        read_log,
        fight_db,
        ["strike", waiting, doc["acting"]],
        1,
        "refused",
        f"({doc['acting']})",
        "turn",
    )


def test_a_power_punch_with_one_attack_left_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    _initiative(fight_db)
    doc = _play_until(
        fight_db, lambda d: d["acting"] is not None and _apm_left(d, d["acting"]) == 1
    )
    actor = doc["acting"]
    other = next(c["id"] for c in doc["combatants"] if c["id"] != actor)
    _refused(
        fracas_cli,
        read_log,
        fight_db,
        ["power-punch", actor, other],
        1,
        "refused",
        "costs 2 attacks",
        "has 1 left",
    )


def test_striking_when_every_attack_is_spent_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    _initiative(fight_db)
    doc = _play_until(fight_db, lambda d: d["acting"] is None)
    assert all(c["apm_left"] == 0 for c in doc["combatants"])
    _refused(
        fracas_cli,
        read_log,
        fight_db,
        ["strike", "marcus-kell", "brodkil"],
        1,
        "refused",
        "every attack of round 1 is spent",
    )


def test_defending_with_no_strike_waiting_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    _initiative(fight_db)
    _refused(
        fracas_cli, read_log, fight_db, ["defend", "brodkil", "parry"], 1, "no strike is waiting"
    )


def test_ending_a_condition_the_fighter_does_not_have_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    """It depends on the fight, not on how the command is typed: a refusal by the rules
    (exit 1), so that a re-resolve with other luck skips it instead of stopping (found by the
    slow invariant battery: a coma that other dice never gave)."""
    _refused(
        fracas_cli,
        read_log,
        fight_db,
        ["ruling", "brodkil", "--end-condition", "stunned"],
        1,
        "has no condition 'stunned' (conditions: none)",
    )


def test_undoing_past_the_start_is_refused(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    _refused(fracas_cli, read_log, fight_db, ["undo", "5"], 1, "cannot undo 5")


@pytest.mark.parametrize(
    ("args", "name"),
    [
        (["strike", "nobody", "brodkil"], "'nobody'"),
        (["strike", "{acting}", "ghost"], "'ghost'"),
        (["switch", "no-such-branch"], "'no-such-branch'"),
        (["use", "no-such-fight"], "'no-such-fight'"),
    ],
)
def test_an_unknown_name_is_a_usage_error_naming_it(
    args: list[str], name: str, fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    doc = _initiative(fight_db)
    args = [a.format(acting=doc["acting"]) for a in args]
    _refused(fracas_cli, read_log, fight_db, args, 2, name)


# --- physical dice -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("after_initiative", "args", "mentions"),
    [
        (False, ["initiative", "--dice", "25,3"], ["--dice face 25", "D20"]),
        (False, ["initiative", "--dice", "0,3"], ["--dice face 0", "D20"]),
        (False, ["initiative", "--dice", "14,9,5"], ["left unused (5)"]),
        (False, ["initiative", "--dice", "14,x"], ["'x' is not a die face"]),
        (False, ["initiative", "--dice", ","], ["no faces given"]),
        (True, ["strike", "{acting}", "{other}", "--defend", "none", "--dice", "21"], ["21"]),
    ],
)
def test_physical_dice_that_do_not_fit_are_refused(
    after_initiative: bool,
    args: list[str],
    mentions: list[str],
    fight_db: Path,
    fracas_cli: FracasCli,
    read_log: ReadLog,
) -> None:
    if after_initiative:
        doc = _initiative(fight_db)
        other = next(c["id"] for c in doc["combatants"] if c["id"] != doc["acting"])
        args = [a.format(acting=doc["acting"], other=other) for a in args]
    _refused(fracas_cli, read_log, fight_db, args, 2, *mentions, "nothing was written")


def test_fitting_physical_dice_are_accepted_and_recorded(
    fight_db: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    """The control for the refusals above: the same command with faces that fit succeeds."""
    before = read_log(fight_db)
    result = fracas_cli("--json", "initiative", "--dice", "14,9", db=fight_db)
    assert result.code == 0, result
    assert len(read_log(fight_db).plies) == len(before.plies) + 1
    assert '"physical"' in result.stdout


# --- what the log holds and this fracas cannot read ----------------------------------------


def _insert_event(db: Path, tag: str, version: object, body: str, *, honest: bool = True) -> int:
    """Append a stored event to the head ply of main, as another program could (INSERT is the
    one write the append-only triggers allow); ``honest``: and chain the ply's hash over it,
    as a newer fracas writing that event would. Returns the ply's number (its depth)."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        head = conn.execute("SELECT head FROM branches WHERE name = 'main'").fetchone()[0]
        depth = conn.execute("SELECT depth FROM plies WHERE id = ?", (head,)).fetchone()[0]
        idx = conn.execute("SELECT max(idx) + 1 FROM events WHERE ply = ?", (head,)).fetchone()[0]
        conn.execute(
            "INSERT INTO events (ply, idx, tag, version, body) VALUES (?, ?, ?, ?, ?)",
            (head, idx, tag, version, body),
        )
    finally:
        conn.close()
    if honest:
        tamper.rehash(db, head)
    return int(depth)


@pytest.mark.parametrize(
    ("tag", "version", "body", "code", "mention"),
    [
        ("core.teleported", 1, '{"type":"core.teleported"}', 6, "newer fracas"),
        ("core.turn_passed", 9, '{"type":"core.turn_passed","to":null}', 6, "version 9"),
        ("core.turn_passed", 1, '{"type":"core.turn_passed","to":5}', 5, "corrupt"),
        ("core.turn_passed", "x", '{"type":"core.turn_passed","to":null}', 5, "whole number"),
        ("core.turn_passed", 1.5, '{"type":"core.turn_passed","to":null}', 5, "whole number"),
        ("core.turn_passed", "9" * 400, '{"type":"core.turn_passed","to":null}', 5, "corrupt"),
    ],
    ids=["unknown tag", "newer version", "broken body", "text version", "fraction", "huge"],
)
def test_an_event_this_fracas_cannot_read_is_named_not_a_crash(
    tag: str,
    version: object,
    body: str,
    code: int,
    mention: str,
    fight_db: Path,
    fracas_cli: FracasCli,
) -> None:
    _insert_event(fight_db, tag, version, body)
    result = fracas_cli("status", db=fight_db)
    assert_one_line_error(result, code, tag, mention)
    assert list(fracas_cli.crash_dir.iterdir()) == []


def test_an_event_slipped_into_a_ply_breaks_its_hash(fight_db: Path, fracas_cli: FracasCli) -> None:
    """Without the hash an honest writer would have chained, the same event is a changed
    ply: exit 5 naming it as `log` numbers it, the file unchanged."""
    depth = _insert_event(
        fight_db, "core.turn_passed", 1, '{"type":"core.turn_passed","to":null}', honest=False
    )
    before = fight_db.read_bytes()
    result = fracas_cli("status", db=fight_db)
    assert_one_line_error(result, 5, f"ply #{depth}", "hash")
    assert fight_db.read_bytes() == before


# --- internal errors -----------------------------------------------------------------------

_BROKEN_COMMAND = textwrap.dedent(
    """
    import sys
    from cli.main import app, run

    @app.command("explode")
    def explode() -> None:
        '''A command with a bug in it.

        Example: fracas explode
        '''
        raise RuntimeError("the flux capacitor is upside down")

    sys.argv = ["fracas", "explode"]
    run()
    """
)


def test_an_internal_error_exits_70_and_writes_the_details_to_a_file(
    fracas_cli: FracasCli,
) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _BROKEN_COMMAND],
        cwd=fracas_cli.home,
        env=fracas_cli.env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    result = CliResult(proc.returncode, proc.stdout, proc.stderr)
    line = assert_one_line_error(result, 70, "bug", "RuntimeError", "flux capacitor")
    reports = list(fracas_cli.crash_dir.iterdir())
    assert len(reports) == 1
    assert str(reports[0]) in line
    details = reports[0].read_text()
    assert "Traceback" in details and "flux capacitor" in details and "explode" in details


def test_a_command_that_exits_with_a_code_keeps_it(fracas_cli: FracasCli) -> None:
    """`replay --verify` exits 1 on a difference through typer.Exit: run() must keep it."""
    script = textwrap.dedent(
        """
        import sys, typer
        from cli.main import app, run

        @app.command("differ")
        def differ() -> None:
            '''Example: fracas differ'''
            raise typer.Exit(1)

        sys.argv = ["fracas", "differ"]
        run()
        """
    )
    proc = subprocess.run(
        [sys.executable, "-c", script],
        env=fracas_cli.env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 1


# --- the mapping itself --------------------------------------------------------------------


def _exit(code: int) -> BaseException:
    import typer

    return typer.Exit(code)


@pytest.mark.parametrize(
    ("err", "code"),
    [
        (IllegalAction("no attacks left"), 1),
        (SheetError("a.toml", ["pp: expected an integer"]), 2),
        (DiceError("--dice face 25"), 2),
        (UnknownName("unknown combatant 'x'"), 2),
        (UsageError("undo N: N must be 1 or more"), 2),
        (NoDatabase("f.db: no fracas database here"), 2),
        (Conflict("branch 'main' moved"), 3),
        (Busy("f.db: busy"), 4),
        (NotFracas("f.db: not a fracas database"), 5),
        (UnreadableEvent("core.x", 1, "bad", known_tag=True), 5),
        (SchemaMismatch("f.db: newer"), 6),
        (UnreadableEvent("core.x", 1, "unknown", known_tag=False), 6),
        (UpcastError("event core.x version 3 is newer"), 6),
        (UpcastError("event core.x has version 0, which no fracas writes", corrupt=True), 5),
        (DiskError("f.db: disk full"), 7),
        (PermissionError(13, "Permission denied", "f.db"), 7),
        (KeyboardInterrupt(), 130),
        (SystemExit(4), 4),
        (_exit(3), 3),
    ],
    ids=lambda v: type(v).__name__ if isinstance(v, BaseException) else str(v),
)
def test_handle_maps_every_error_to_its_exit_code(err: BaseException, code: int) -> None:
    got, message = errors.handle(err)
    assert got == code
    assert "\n" not in message


def test_handle_writes_a_crash_report_for_anything_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    try:
        raise RuntimeError("bad\nthing")
    except RuntimeError as caught:
        code, message = errors.handle(caught)
    assert code == errors.EXIT_INTERNAL == 70
    assert "\n" not in message and "bug" in message and "bad thing" in message
    (report,) = tmp_path.iterdir()
    assert str(report) in message
    assert "RuntimeError: bad" in report.read_text()


def test_handle_survives_an_unwritable_crash_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    code, message = errors.handle(RuntimeError("oops"))
    assert code == 70
    assert "bug" in message and "could not be written" in message


# --- two writers at once -------------------------------------------------------------------

_PAUSED_ADD = textwrap.dedent(
    """
    # The real `fracas add`, paused inside Table.declare just before Store.append (the
    # compare-and-set), so that another process can append first.
    import sys
    from engine.log import Store

    real_append = Store.append

    def paused_append(self, *args, **kwargs):
        print("about to append", flush=True)
        sys.stdin.readline()
        return real_append(self, *args, **kwargs)

    Store.append = paused_append
    sys.argv = ["fracas", "--db", sys.argv[1], "add", sys.argv[2], "--id", "late"]
    from cli.main import run
    run()
    """
)


def test_a_stale_head_is_exit_3_through_the_real_cli(
    fight_db: Path,
    fracas_cli: FracasCli,
    read_log: ReadLog,
    log_is_contiguous: Callable[[LogSnapshot], None],
) -> None:
    before = read_log(fight_db)
    sheet = str(SHEETS / "cs_grunt.yaml")
    late = subprocess.Popen(
        [sys.executable, "-c", _PAUSED_ADD, str(fight_db), sheet],
        cwd=fracas_cli.home,
        env=fracas_cli.env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert late.stdout is not None
        assert late.stdout.readline().strip() == "about to append"
        early = fracas_cli("add", sheet, "--id", "early", db=fight_db)
        assert early.code == 0, early
        out, err = late.communicate("go\n", timeout=60)
    finally:
        if late.poll() is None:
            late.kill()
    result = CliResult(late.returncode, out.replace("about to append\n", "", 1), err)
    assert_one_line_error(result, 3, str(fight_db), "moved", "nothing was written")
    after = read_log(fight_db)
    log_is_contiguous(after)
    assert len(after.plies) == len(before.plies) + 1
    assert Table(fight_db).status()["combatants"][-1]["id"] == "early"


N_WRITERS = 8


def _run_all(fracas_cli: FracasCli, db: Path, commands: list[list[str]]) -> list[CliResult]:
    procs = [fracas_cli.popen(*args, db=db) for args in commands]
    results = []
    for p in procs:
        out, err = p.communicate(timeout=120)
        results.append(CliResult(p.returncode, out, err))
    return results


def test_concurrent_adds_append_a_clean_chain(
    tmp_path: Path,
    fracas_cli: FracasCli,
    read_log: ReadLog,
    log_is_contiguous: Callable[[LogSnapshot], None],
) -> None:
    db = tmp_path / "crowd.db"
    Table(db).new("crowd", seed=5)
    sheet = str(SHEETS / "cs_grunt.yaml")
    results = _run_all(
        fracas_cli, db, [["add", sheet, "--id", f"grunt-{i}"] for i in range(N_WRITERS)]
    )
    codes = [r.code for r in results]
    assert set(codes) <= {0, 3, 4}, results
    assert 0 in codes
    for r in results:
        if r.code:
            assert_one_line_error(r, r.code, str(db), "written" if r.code == 3 else "busy")
    snap = read_log(db)
    log_is_contiguous(snap)
    ok = codes.count(0)
    assert len(snap.plies) == 1 + ok
    assert sorted(p.depth for p in snap.plies) == list(range(ok + 1))  # one chain, no forks
    assert [(b[1], snap.ply(b[2]).depth) for b in snap.branches] == [("main", ok)]
    joined = [c["id"] for c in Table(db).status()["combatants"]]
    assert sorted(joined) == sorted(f"grunt-{i}" for i, c in enumerate(codes) if c == 0)


def test_concurrent_first_commands_create_the_file_once(
    tmp_path: Path, fracas_cli: FracasCli, read_log: ReadLog
) -> None:
    """Eight `fracas new` racing on a missing file: none may see it half made (which would be
    refused as foreign); of four asking for the same name exactly one wins, the others are
    refused: a usage error if the name was taken when they looked (2), a conflict if it was
    taken while they wrote (3)."""
    db = tmp_path / "fresh.db"
    distinct = [["new", f"fight-{i}", "--seed", str(i)] for i in range(N_WRITERS // 2)]
    same = [["new", "duel", "--seed", "1"]] * (N_WRITERS - len(distinct))
    results = _run_all(fracas_cli, db, distinct + same)
    assert [r.code for r in results[: len(distinct)]] == [0] * len(distinct), results
    duel = results[len(distinct) :]
    losers = [r for r in duel if r.code]
    assert len(losers) == len(duel) - 1, duel
    for r in losers:
        assert r.code in (2, 3), r
        assert_one_line_error(r, r.code, str(db), "'duel' already exists")
    snap = read_log(db)
    assert snap.encounters == len(distinct) + 1
    assert len(snap.plies) == len(distinct) + 1
    assert [p.name for p in tmp_path.iterdir() if ".creating-" in p.name] == []


@pytest.mark.parametrize("names", [("main", ""), ("", "main"), ("main", " ")])
def test_diff_refuses_an_empty_branch_name(
    names: tuple[str, str], fight_db: Path, fracas_cli: FracasCli
) -> None:
    """An empty name is refused, not taken for the current branch (issue 8: names refuse the
    empty string)."""
    before = fight_db.read_bytes()
    assert_one_line_error(fracas_cli("diff", *names, db=fight_db), 2, "branch", "empty")
    assert fight_db.read_bytes() == before
