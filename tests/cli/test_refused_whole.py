"""A command made of several reads refuses as a whole: ``report``, ``diff`` and ``export``
read the log more than once, and a snapshot the first read found worth keeping is not written
when a later read refuses (engine/tablebase.py: ``as_one``). And damage the command does not
need to read does not stop it: a ply of another encounter or branch that shares the id range
a command reads ahead (engine/logreads.py: ``read_ahead``).

Found by trying hostile files the way another program could make them."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from events.core import RulingDeclared
from tests import tamper
from tests.cli.test_tamper import play, ply_id
from tests.conftest import SHEETS, CliResult, assert_one_line_error, bar_table, file_state

Cli = Callable[..., CliResult]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 plies on main (current), snapshots kept at #16 and #32, and a branch ``what-if``
    forked at #38 with a ply of its own (#39)."""
    db = tmp_path_factory.mktemp("whole") / "fight.db"
    table = bar_table(db)
    play(table, 40)
    table.branch("what-if", "38", switch=True)
    table.declare(RulingDeclared(text="a what-if ruling"))
    table.switch("main")
    return db


def _copy(built: Path, tmp_path: Path, damaged: int) -> Path:
    """:func:`built` with ply ``damaged`` changed and the snapshot at #32 gone, so that a
    read of main folds from #16 and would keep #32 again."""
    db = tmp_path / "fight.db"
    shutil.copyfile(built, db)
    tamper.execute(
        db,
        ("UPDATE plies SET command = command || ' ' WHERE id = ?", (damaged,)),
        ("DELETE FROM snapshots WHERE ply = ?", (ply_id(db, 32),)),
    )
    return db


@pytest.mark.parametrize(
    ("argv", "damaged"),
    [
        (("report",), "#5"),  # status folds from #16 and keeps #32; log meets #5
        (("report", "--format", "html"), "#5"),
        (("diff", "main", "what-if"), "what-if's own"),  # main's reads keep #32
        (("export",), "what-if's own"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, tuple) else v,
)
def test_a_command_of_several_reads_that_refuses_writes_no_snapshot(
    argv: tuple[str, ...], damaged: str, built: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    ply = ply_id(built, 5) if damaged == "#5" else tamper.head_of(built, "what-if")
    db = _copy(built, tmp_path, ply)
    before = file_state(db)
    out = tmp_path / "out"
    args = {"report": (*argv, "-o", str(out)), "export": (*argv, str(out))}.get(argv[0], argv)
    line = assert_one_line_error(fracas_inprocess(*args, db=db), 5)
    assert ("ply #5" if damaged == "#5" else "ply #39") in line
    assert file_state(db) == before, "a refused command kept a snapshot"


def test_a_read_that_succeeds_keeps_the_snapshot_it_folded_past(
    built: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """What the test above needs of its file: main's reads alone write the snapshot."""
    db = _copy(built, tmp_path, ply_id(built, 5))
    before = file_state(db)
    assert fracas_inprocess("status", db=db).code == 0
    assert file_state(db) != before


def _damage(db: Path, ply: int) -> None:
    tamper.execute(db, ("UPDATE plies SET command = CAST(x'ff41' AS TEXT) WHERE id = ?", (ply,)))


def test_a_new_encounter_beside_a_damaged_one_is_made_and_played(
    tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """``new`` used to write the encounter, then fail reading its status ahead through the
    other encounter's damaged ply (exit 5 after a write)."""
    db = tmp_path / "fight.db"
    bar_table(db)
    _damage(db, tamper.head_of(db))
    assert fracas_inprocess("new", "cellar", "--seed", "3", db=db).code == 0
    added = fracas_inprocess("add", str(SHEETS / "marcus_kell.toml"), "--id", "kell", db=db)
    assert added.code == 0 and "ply #1" in added.stdout
    assert fracas_inprocess("use", "bar", db=db).code == 0
    before = file_state(db)
    assert "not UTF-8" in assert_one_line_error(fracas_inprocess("status", db=db), 5)
    assert file_state(db) == before


def test_a_damaged_ply_of_another_branch_does_not_stop_this_one(
    built: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """What-if's own ply is within the ids main's commands read ahead once main has a ply
    after it."""
    db = tmp_path / "fight.db"
    shutil.copyfile(built, db)
    _damage(db, tamper.head_of(db, "what-if"))
    ruling = ("ruling", "marcus", "--note", "on main")
    for argv in (ruling, ("status",), ruling, ("log",), ("replay", "--verify"), ("undo",)):
        assert fracas_inprocess(*argv, db=db).code == 0, argv
    assert fracas_inprocess("switch", "what-if", db=db).code == 5


#: Changes to what a file selects that fracas never makes (it deletes no encounter or branch,
#: and selects none it has not made), with the command that puts the selection right.
SELECTIONS = {
    "a rules system this fracas lacks": ("UPDATE encounters SET system = 'dnd'", None),
    "the selected encounter gone": (
        "UPDATE cursor SET value = 'nope' WHERE key = 'encounter'",
        ("use", "bar"),
    ),
    "the selected encounter a blob": (
        "UPDATE cursor SET value = x'ff' WHERE key = 'encounter'",
        ("use", "bar"),
    ),
    "the current branch gone": (
        "UPDATE cursor SET value = 'ghost' WHERE key LIKE 'branch:%'",
        ("switch", "main"),
    ),
    "every branch gone": ("DELETE FROM branches", None),
    "no encounter selected": ("DELETE FROM cursor WHERE key = 'encounter'", ("use", "bar")),
    "a tip behind its head": (
        "UPDATE branches SET tip = (SELECT id FROM plies WHERE depth = 0)",
        None,
    ),
}


@pytest.mark.parametrize("case", sorted(SELECTIONS))
def test_a_selection_fracas_never_makes_is_the_files_fault(
    case: str, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """Exit 5 naming what is missing (it was exit 2, as if the GM had mistyped a name); the
    command that selects anew still works."""
    db = tmp_path / "fight.db"
    bar_table(db)
    sql, remedy = SELECTIONS[case]
    tamper.execute(db, (sql, ()))
    before = file_state(db)
    for argv in (("status",), ("log",), ("strike", "marcus", "brodkil"), ("replay", "--verify")):
        line = assert_one_line_error(fracas_inprocess(*argv, db=db), 5)
        assert "changed outside fracas" in line and "nothing was written" in line, argv
    assert file_state(db) == before
    if remedy is not None:
        assert fracas_inprocess(*remedy, db=db).code == 0
        assert fracas_inprocess("status", db=db).code == 0


def test_a_branch_the_gm_names_that_is_not_there_is_still_a_usage_error(
    tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = tmp_path / "fight.db"
    bar_table(db)
    for argv in (("log", "--branch", "nope"), ("switch", "nope"), ("use", "nope")):
        line = assert_one_line_error(fracas_inprocess(*argv, db=db), 2)
        assert f"no {'encounter' if argv[0] == 'use' else 'branch'} called 'nope'" in line


def test_a_branch_head_in_another_encounter_is_refused(
    tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """Its path would chain to the other encounter's start, and a ply appended there would
    name this encounter on that path."""
    db = tmp_path / "fight.db"
    bar_table(db)
    cellar = bar_table(db, name="cellar", seed=3)
    cellar.use("bar")
    tamper.execute(
        db,
        (
            "UPDATE branches SET head = (SELECT max(id) FROM plies), tip = (SELECT max(id) "
            "FROM plies) WHERE encounter = (SELECT id FROM encounters WHERE name = 'bar')",
            (),
        ),
    )
    before = file_state(db)
    for argv in (("status",), ("ruling", "marcus", "--note", "x"), ("replay", "--verify")):
        line = assert_one_line_error(fracas_inprocess(*argv, db=db), 5)
        assert "head is a ply of another encounter" in line, argv
    assert file_state(db) == before


def _unsnapped(built: Path, tmp_path: Path) -> Path:
    """:func:`built`, unchanged but for its snapshots, which any read of main keeps again."""
    db = tmp_path / "fight.db"
    shutil.copyfile(built, db)
    tamper.execute(db, ("DELETE FROM snapshots", ()))
    return db


def test_a_report_that_cannot_be_written_keeps_no_snapshot(
    built: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = _unsnapped(built, tmp_path)
    before = file_state(db)
    folder = tmp_path / "reports"
    folder.mkdir()
    line = assert_one_line_error(fracas_inprocess("report", "-o", str(folder), db=db), 2)
    assert "is a folder" in line
    missing = tmp_path / "nowhere" / "r.md"
    assert fracas_inprocess("report", "-o", str(missing), db=db).code == 7
    assert file_state(db) == before


def test_a_dry_run_amend_writes_nothing_not_even_a_snapshot(
    built: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = _unsnapped(built, tmp_path)
    before = file_state(db)
    for argv in (("amend", "20", "--drop", "--dry-run"),
                 ("amend", "34", "ruling", "marcus", "--note", "x", "--dry-run")):  # fmt: skip
        assert fracas_inprocess(*argv, db=db).code == 0, argv
    assert file_state(db) == before
    assert fracas_inprocess("status", db=db).code == 0
    assert file_state(db) != before  # a read that may write keeps them: the test can fail


@pytest.mark.parametrize(
    ("sql", "argv"),
    [
        ("UPDATE branches SET name = 'b' || char(27) || '[2J' || char(13) || 'x'", ("branches",)),
        ("UPDATE encounters SET name = 'bar' || char(10) || 'fracas: ok'", ("encounters",)),
        ("UPDATE encounters SET name = 'bar' || char(8238)", ("status",)),
    ],
    ids=["branch name with an escape", "encounter name with a newline", "bidi override"],
)
def test_a_name_fracas_never_writes_never_reaches_the_terminal(
    sql: str, argv: tuple[str, ...], tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """Names are checked as they are given; one changed in the file is refused as the file's
    fault, printed escaped, rather than listed raw (it could clear the screen or forge a
    line)."""
    db = tmp_path / "fight.db"
    bar_table(db)
    tamper.execute(db, (sql, ()))
    if "encounters SET name" in sql:
        tamper.execute(db, ("UPDATE cursor SET value = (SELECT name FROM encounters)", ()))
    result = fracas_inprocess(*argv, db=db)
    line = assert_one_line_error(result, 5)
    assert "a name fracas never writes" in line
    assert not any(ch in result.stdout + result.stderr for ch in "\x1b\r\u202e")
