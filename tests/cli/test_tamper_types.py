"""A file changed with values of a type fracas never writes, or with its hashes recomputed
so that a change looks honest (tests/tamper.py ``rehash``): every command that meets it is a
one-line refusal, exit 5, with nothing written, never a crash (exit 70). And the fast read of a
long path (engine/skim.py) gives way wherever the row-by-row read would refuse.

Found by trying hostile files the way another program could make them."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.skim import SKIM_FROM
from tests import tamper
from tests.cli.test_tamper import play, ply_id
from tests.conftest import CliResult, assert_one_line_error, bar_table, file_state

Cli = Callable[..., CliResult]

#: Where the long fight is changed (a ply the skim reads: no snapshot is kept there).
DEEP = 101


@pytest.fixture(scope="module")
def short_fight(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("short") / "fight.db"
    play(bar_table(db), 20)
    return db


@pytest.fixture(scope="module")
def long_fight(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fight longer than SKIM_FROM, without snapshots: a command reads it whole, skimming."""
    db = tmp_path_factory.mktemp("long") / "fight.db"
    play(bar_table(db), SKIM_FROM + 40)
    tamper.execute(db, ("DELETE FROM snapshots", ()))
    return db


def _copy(src: Path, tmp_path: Path) -> Path:
    db = tmp_path / "fight.db"
    shutil.copyfile(src, db)
    return db


def _refused(db: Path, cli: Cli, *argv: str) -> str:
    before = file_state(db)
    line = assert_one_line_error(cli(*argv, db=db), 5)
    assert file_state(db) == before, f"{argv}: a refused command wrote"
    return line


def _rehash_from(db: Path, depth: int) -> None:
    """Recompute the stored hashes from ``depth`` to the head, as a forger would."""
    head_depth = tamper.depth_of(db, tamper.head_of(db))
    for d in range(depth, head_depth + 1):
        tamper.rehash(db, ply_id(db, d))


SHORT_CASES = {
    "head's depth as text": ("UPDATE plies SET depth = 'x' WHERE id = {head}", False),
    "head's depth a fraction": ("UPDATE plies SET depth = 20.5 WHERE id = {head}", False),
    "head's parent as text": ("UPDATE plies SET parent = 'x' WHERE id = {head}", False),
    "branch head as text": ("UPDATE branches SET head = 'x'", False),
    "root's skip infinite": ("UPDATE plies SET skip = 9e999 WHERE parent IS NULL", False),
    "head's command not UTF-8": (
        "UPDATE plies SET command = CAST(x'ff41' AS TEXT) WHERE id = {head}",
        False,
    ),
    "a body as a blob, rehashed": (
        "UPDATE events SET body = CAST(body AS BLOB) WHERE ply = {head} AND idx = 1",
        True,
    ),
    "an event's version 0, rehashed": (
        "UPDATE events SET version = 0 WHERE ply = {head} AND idx = 1",
        True,
    ),
    "head made a second root, rehashed": (
        "UPDATE plies SET parent = NULL WHERE id = {head}",
        True,
    ),
    "a second event hidden in a body after a comma, rehashed": (
        "UPDATE events SET body = body || ',' || body WHERE ply = {head} AND idx = 1",
        True,
    ),
}


@pytest.mark.parametrize("case", sorted(SHORT_CASES))
@pytest.mark.parametrize(
    "argv",
    [
        ("status",),
        ("--json", "status"),
        ("log",),
        ("explain", "20"),
        ("undo",),
        ("initiative",),
        ("replay", "--verify"),
        ("branches", "--json"),
    ],
    ids=lambda a: " ".join(a),
)
def test_a_value_of_the_wrong_type_is_refused_never_a_crash(
    case: str, argv: tuple[str, ...], short_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = _copy(short_fight, tmp_path)
    sql, rehash = SHORT_CASES[case]
    head = tamper.head_of(db)
    tamper.execute(db, (sql.format(head=head), ()))
    if rehash:
        tamper.rehash(db, head)
    before = file_state(db)
    result = fracas_inprocess(*argv, db=db)
    if result.code == 0:  # a command that never meets the changed value (an undo, a snapshot)
        assert argv not in MUST_REFUSE, result
        return
    assert_one_line_error(result, 5)
    assert file_state(db) == before, "a refused command wrote"


#: Commands that read every ply of the path, and so must meet every change.
MUST_REFUSE = {("log",), ("replay", "--verify")}


def test_verify_names_a_skip_pointer_stored_as_infinity(
    short_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """msgspec writes an infinite number as JSON null, the same as no skip pointer: the
    hash alone cannot tell them apart, so the row's types are checked first."""
    db = _copy(short_fight, tmp_path)
    tamper.execute(db, ("UPDATE plies SET skip = 9e999 WHERE parent IS NULL", ()))
    line = _refused(db, fracas_inprocess, "replay", "--verify")
    assert "ply #0" in line and "skip" in line


def _without_not_null(db: Path) -> None:
    """The events table rebuilt without its NOT NULL constraints, as another program may."""
    tamper.execute(
        db,
        (
            "CREATE TABLE e2 (ply INTEGER, idx INTEGER, tag TEXT, version INTEGER, body TEXT, "
            "PRIMARY KEY (ply, idx)) WITHOUT ROWID",
            (),
        ),
        ("INSERT INTO e2 SELECT * FROM events", ()),
        ("DROP TABLE events", ()),
        ("PRAGMA legacy_alter_table = ON", ()),  # the views name `events`: leave them be
        ("ALTER TABLE e2 RENAME TO events", ()),
    )


LONG_COMMANDS = [("status",), ("initiative",), ("undo",)]


@pytest.mark.parametrize("argv", LONG_COMMANDS, ids=lambda a: " ".join(a))
def test_a_long_fight_with_a_null_body_is_refused(
    argv: tuple[str, ...], long_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = _copy(long_fight, tmp_path)
    _without_not_null(db)
    ply = ply_id(db, DEEP)
    tamper.execute(db, ("UPDATE events SET body = NULL WHERE ply = ?", (ply,)))
    assert f"ply #{DEEP} " in _refused(db, fracas_inprocess, *argv)


@pytest.mark.parametrize("column", ["body", "tag"])
@pytest.mark.parametrize("argv", LONG_COMMANDS, ids=lambda a: " ".join(a))
def test_a_long_fight_with_a_value_moved_beside_a_null_is_refused(
    column: str, argv: tuple[str, ...], long_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """One row's value joined onto the one before it, and itself made NULL: the texts SQLite
    joins are unchanged (it skips a NULL), the rows are not. No hash recomputed."""
    db = _copy(long_fight, tmp_path)
    _without_not_null(db)
    ply = ply_id(db, DEEP)
    join = "char(10)" if column == "body" else "','"
    tamper.execute(
        db,
        (
            f"UPDATE events SET {column} = {column} || {join} || (SELECT {column} FROM events "
            "WHERE ply = ? AND idx = 1) WHERE ply = ? AND idx = 0",
            (ply, ply),
        ),
        (f"UPDATE events SET {column} = NULL WHERE ply = ? AND idx = 1", (ply,)),
    )
    assert f"ply #{DEEP} " in _refused(db, fracas_inprocess, *argv)


def test_a_long_fight_with_an_event_hidden_on_a_new_line_is_refused(
    long_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """A second event on a new line of one body, with the chain recomputed from there: the
    skim counts the events it decodes against the rows, and gives way to the rows, which
    refuse the body."""
    db = _copy(long_fight, tmp_path)
    ply = ply_id(db, DEEP)
    tamper.execute(
        db,
        (
            "UPDATE events SET body = body || char(10) || body WHERE ply = ? AND idx = 1",
            (ply,),
        ),
    )
    _rehash_from(db, DEEP)
    _refused(db, fracas_inprocess, "status")
    _refused(db, fracas_inprocess, "initiative")


def test_a_stray_event_row_of_no_ply_is_refused(
    long_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = _copy(long_fight, tmp_path)
    ply = ply_id(db, DEEP)
    tamper.execute(
        db,
        (
            "INSERT INTO events SELECT ply + 0.5, 0, tag, version, body FROM events "
            "WHERE ply = ? AND idx = 1",
            (ply,),
        ),
    )
    _refused(db, fracas_inprocess, "status")
    _refused(db, fracas_inprocess, "replay", "--verify")


def test_a_snapshot_body_of_another_type_is_ignored_as_damaged(
    short_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """Snapshots are a cache: one whose body is not bytes is junk, the state folded anew."""
    db = _copy(short_fight, tmp_path)
    honest = fracas_inprocess("--json", "status", db=db).stdout
    tamper.execute(db, ("UPDATE snapshots SET body = 5", ()))
    result = fracas_inprocess("--json", "status", db=db)
    assert (result.code, result.stdout) == (0, honest)
    assert fracas_inprocess("replay", "--verify", db=db).code == 0


def test_undo_refuses_to_step_off_a_changed_ply(
    short_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """Undo would move a changed ply off the branch, where only redo meets it again and
    `replay --verify` no longer reads it: it checks the plies it steps off first."""
    db = _copy(short_fight, tmp_path)
    head = tamper.head_of(db)
    tamper.execute(db, ("UPDATE plies SET seed = seed + 1 WHERE id = ?", (head,)))
    assert "ply #20 " in _refused(db, fracas_inprocess, "undo")
    assert "ply #20 " in _refused(db, fracas_inprocess, "undo", "3")


def test_a_forged_event_naming_nobody_is_refused_not_a_crash(
    short_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """An event that names a combatant the fight does not have, with the chain recomputed:
    it passes the hash check but does not fold, and every command reading it says so."""
    db = _copy(short_fight, tmp_path)
    ply = ply_id(db, 10)
    tamper.execute(
        db,
        (
            "UPDATE events SET body = replace(body, '\"marcus\"', '\"ghost\"') WHERE ply = ?",
            (ply,),
        ),
        ("DELETE FROM snapshots", ()),
    )
    _rehash_from(db, 10)
    for argv in (("status",), ("log",), ("undo",), ("export", str(tmp_path / "t.db"))):
        assert "does not fold" in _refused(db, fracas_inprocess, *argv)
    assert not (tmp_path / "t.db").exists()


def test_a_forged_number_too_big_for_a_table_leaves_no_export(
    short_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = _copy(short_fight, tmp_path)
    ply = ply_id(db, 12)
    tamper.execute(
        db,
        (
            "UPDATE events SET body = replace(body, '\"amount\":', ?) "
            "WHERE ply = ? AND tag = 'palladium.damage_applied'",
            ('"amount":1180591620717411303424', ply),
        ),
    )
    _rehash_from(db, 12)
    out = tmp_path / "tables.db"
    result = fracas_inprocess("export", str(out), db=db)  # 2**70 and more: no SQLite integer
    assert "too big" in assert_one_line_error(result, 2)
    assert not out.exists(), "a half-written export was left"


def test_a_report_never_overwrites_a_database(
    short_fight: Path, tmp_path: Path, fracas_inprocess: Cli
) -> None:
    db = _copy(short_fight, tmp_path)
    before = file_state(db)
    for fmt in ("md", "html"):
        result = fracas_inprocess("report", "--format", fmt, "-o", str(db), db=db)
        assert "is a database" in assert_one_line_error(result, 2)
    assert file_state(db) == before
    page = tmp_path / "r.md"
    assert fracas_inprocess("report", "-o", str(page), db=db).code == 0
    assert fracas_inprocess("report", "-o", str(page), db=db).code == 0  # a report: rewritten
