"""The store under file-system faults, one case at a time (tests/faults.py makes them for
real): a checkpoint stopped halfway is read, not refused; a -wal that is not the file's own
is refused naming it and nothing is rewritten; what a crash left is read and kept by reads and
refusals and applied by the next write; a damaged page refuses every write; a read-only file
or folder is read where it stands; links that lead nowhere are refused, even by ``new``; an
output that cannot be written is named. Each checks the file's bytes and the folder's listing
before and after.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.log import NotFracas
from engine.table import Table
from tests import faults
from tests.conftest import SHEETS, CliResult, FracasCli, assert_one_line_error

WRITES: tuple[tuple[str, ...], ...] = (
    ("strike", "marcus", "brodkil", "--defend", "none"),
    ("next",),
    ("undo",),
    ("redo",),
    ("add", str(SHEETS / "rook.toml"), "--id", "rook"),
    ("new", "other", "--seed", "1"),
    ("branch", "side-line", "--at", "3"),
    ("switch", "what-if"),
)
READS: tuple[tuple[str, ...], ...] = (
    ("status",),
    ("log",),
    ("replay", "--verify"),
    ("branches",),
    ("explain", "4"),
    ("diff", "main", "what-if"),
)


@pytest.fixture(scope="module")
def assets(tmp_path_factory: pytest.TempPathFactory) -> faults.Assets:
    return faults.build_assets(tmp_path_factory.mktemp("assets"))


@pytest.fixture
def made(tmp_path: Path, assets: faults.Assets) -> Iterator[object]:
    """``made(kind)``: a folder holding ``fight.db`` as that kind has it; its path."""

    folders: list[Path] = []

    def make(kind: str) -> Path:
        folder = tmp_path / f"k{len(folders)}"
        folder.mkdir()
        folders.append(folder)
        db = folder / "fight.db"
        faults.KINDS[kind](db, assets)
        return db

    yield make
    for folder in folders:
        faults.writable_again(folder)


def run_all(
    cli: FracasCli, db: Path, commands: tuple[tuple[str, ...], ...]
) -> list[tuple[tuple[str, ...], CliResult, bool]]:
    """Each command on ``db``; with whether the folder was left as it was."""
    out = []
    for args in commands:
        before = faults.listing(db.parent)
        result = cli(*args, db=db)
        out.append((args, result, faults.listing(db.parent) == before))
    return out


def head_of(cli: FracasCli, db: Path) -> int:
    done = cli("--json", "status", db=db)
    assert done.code == 0, done
    return int(json.loads(done.stdout)["head"])


# --- never refuse a healthy file ------------------------------------------------------------


def test_a_checkpoint_stopped_halfway_is_read_and_finished_not_refused(
    made: object, fracas_cli: FracasCli, assets: faults.Assets
) -> None:
    """The file's header already counts the pages the -wal holds, the file does not have
    them yet: the file and its -wal together are sound. Reads read them, a write finishes
    the checkpoint, and the fight verifies whole."""
    db = made("checkpoint stopped halfway")  # type: ignore[operator]
    header_pages = int.from_bytes(db.read_bytes()[28:32], "big")
    assert db.stat().st_size < header_pages * faults.PAGE  # the state itself, on disk
    before = faults.listing(db.parent)
    for args, result, same in run_all(fracas_cli, db, READS):
        assert result.code == 0, (args, result)
        assert same, args  # a read leaves the file and its -wal as it found them
    assert faults.listing(db.parent) == before
    assert head_of(fracas_cli, db) == 8  # the three sheets added in the -wal are there
    assert fracas_cli("add", str(SHEETS / "rook.toml"), "--id", "rook", db=db).code == 0
    assert faults.side_files(db) == set()  # the write applied the -wal and took it away
    assert db.stat().st_size == int.from_bytes(db.read_bytes()[28:32], "big") * faults.PAGE
    assert fracas_cli("replay", "--verify", db=db).code == 0
    assert head_of(fracas_cli, db) == 9


def test_a_checkpoint_halfway_under_a_live_writer_is_not_refused(
    tmp_path: Path, fracas_cli: FracasCli, assets: faults.Assets
) -> None:
    """As another process checkpoints: the header (page 1) is written, the file not yet
    grown, its -wal in use. A command reads the fight from the file and its -wal."""
    db = tmp_path / "fight.db"
    db.write_bytes(assets.fight)
    with faults.held(db):
        faults.play(db, faults.GROWTH)
        wal = Path(f"{db}-wal").read_bytes()
        size = db.stat().st_size
        with open(db, "r+b") as f:
            f.write(faults.last_first_page(wal))
        assert db.stat().st_size == size  # the header says more pages than the file has
        for args in READS[:3]:
            assert fracas_cli(*args, db=db).code == 0, args
        assert fracas_cli("next", db=db).code == 0
    assert fracas_cli("replay", "--verify", db=db).code == 0


# --- a -wal that is not the file's own -------------------------------------------------------


@pytest.mark.parametrize(
    "kind",
    [
        "stale -wal beside a restored backup",
        "-wal of another fracas file",
        "-wal of another program's file",
        "junk -wal",
    ],
)
def test_a_wal_that_is_not_the_files_own_is_refused_and_nothing_rewritten(
    kind: str, made: object, fracas_cli: FracasCli, assets: faults.Assets
) -> None:
    db = made(kind)  # type: ignore[operator]
    before = faults.listing(db.parent)
    for args in (*READS[:2], *WRITES[:2], ("new", "x", "--seed", "1")):
        result = fracas_cli(*args, db=db)
        line = assert_one_line_error(result, 5, f"{db}-wal", "nothing was written")
        assert "move fight.db-wal away" in line
        assert faults.listing(db.parent) == before, args
    Path(f"{db}-wal").unlink()  # the GM moves it away: the file is read as it stands
    assert fracas_cli("status", db=db).code == 0
    assert db.read_bytes() == assets.fight


def test_a_wal_that_continues_the_file_as_it_stands_is_applied(
    tmp_path: Path, fracas_cli: FracasCli, assets: faults.Assets
) -> None:
    """A copy of the file taken before the -wal began (nothing checkpointed since): the -wal
    is its own, and reads show what it holds."""
    db = tmp_path / "fight.db"
    db.write_bytes(assets.fight)
    copy = db.read_bytes()
    faults.caught(db, faults.GROWTH[:2], tmp_path / "caught")
    wal = (tmp_path / "caught" / "fight.db-wal").read_bytes()
    db.write_bytes(copy)
    Path(f"{db}-wal").write_bytes(wal)
    assert head_of(fracas_cli, db) == 7


# --- what a crash left -------------------------------------------------------------------------


def test_what_a_crash_left_is_read_kept_by_refusals_and_applied_by_the_next_write(
    made: object, fracas_cli: FracasCli
) -> None:
    db = made("left by a crash (-wal and -shm)")  # type: ignore[operator]
    before = faults.listing(db.parent)
    assert faults.side_files(db) == {"-wal", "-shm"}
    assert head_of(fracas_cli, db) == 8  # the plies in the -wal: acknowledged, not lost
    refused = fracas_cli("redo", db=db)  # nothing undone in the later state
    assert refused.code == 1, refused
    for args, result, same in run_all(fracas_cli, db, READS):
        assert result.code == 0, (args, result)
        assert same, args
    assert faults.listing(db.parent) == before  # reads and refusals keep the -wal as it was
    assert fracas_cli("next", db=db).code == 0
    assert faults.side_files(db) == set()
    assert head_of(fracas_cli, db) == 9
    assert fracas_cli("replay", "--verify", db=db).code == 0


def test_a_killed_shell_loses_no_ply_and_leaves_nothing_refused(
    tmp_path: Path, fracas_cli: FracasCli, assets: faults.Assets
) -> None:
    """SIGKILL a shell after it acknowledged its plies: the next command reads them all."""
    db = tmp_path / "fight.db"
    db.write_bytes(assets.fight)
    shell = subprocess.Popen(
        fracas_cli.argv("shell", db=db),
        cwd=tmp_path,
        env=fracas_cli.env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert shell.stdin is not None and shell.stdout is not None
    shell.stdin.write(f"next\nnext\nadd {SHEETS / 'rook.toml'} --id rook\n")
    shell.stdin.flush()
    acknowledged = []
    while len(acknowledged) < 3:
        line = shell.stdout.readline()
        assert line, "the shell ended early"
        if line.startswith("ply #"):
            acknowledged.append(int(line.split("#")[1].split()[0]))
    shell.kill()
    shell.wait(timeout=30)
    assert faults.side_files(db) >= {"-wal"}  # what the kill left
    assert acknowledged == [6, 7, 8]
    assert head_of(fracas_cli, db) == 8
    assert fracas_cli("replay", "--verify", db=db).code == 0


# --- a damaged page ------------------------------------------------------------------------------


def test_a_damaged_page_refuses_every_write_wherever_it_lies(
    tmp_path: Path, assets: faults.Assets
) -> None:
    """Each page of the fight zeroed in turn: wherever SQLite's own check finds the damage,
    every write is refused (exit 5) before its transaction, the file's bytes unchanged and
    nothing beside it, though the write would never read the damaged page."""
    pages = len(assets.fight) // faults.PAGE
    damaged = 0
    for page in range(2, pages + 1):
        db = tmp_path / f"p{page}" / "fight.db"
        db.parent.mkdir()
        data = bytearray(assets.fight)
        data[(page - 1) * faults.PAGE : page * faults.PAGE] = bytes(faults.PAGE)
        db.write_bytes(bytes(data))
        with sqlite3.connect(f"file:{db}?immutable=1", uri=True) as conn:
            try:
                sound = conn.execute("PRAGMA quick_check").fetchall() == [("ok",)]
            except sqlite3.DatabaseError:
                sound = False
        if sound:
            continue  # content only (an event's text): the hash chain's to find
        damaged += 1
        for write in (
            lambda t: t.new("other", seed=1),
            lambda t: t.add(SHEETS / "rook.toml", cid="rook"),
            lambda t: t.undo(),
            lambda t: t.switch("what-if"),
            lambda t: t.use("bar"),
        ):
            with pytest.raises(NotFracas) as err:
                write(Table(db))
            assert str(db) in str(err.value) and "corrupt" in str(err.value)
            assert db.read_bytes() == bytes(data)
            assert faults.side_files(db) == set()
    assert damaged >= pages // 2  # most pages are b-tree pages SQLite checks


def test_a_damaged_page_is_exit_5_for_writes_through_the_cli(
    made: object, fracas_cli: FracasCli
) -> None:
    db = made("zeroed middle page")  # type: ignore[operator]
    before = faults.listing(db.parent)
    for args in WRITES:
        result = fracas_cli(*args, db=db)
        assert_one_line_error(result, 5, str(db), "corrupt", "nothing was written")
        assert faults.listing(db.parent) == before, args


# --- read-only ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["read-only file", "read-only folder"])
def test_a_read_only_file_or_folder_is_read_where_it_stands_and_writes_are_refused(
    kind: str, made: object, fracas_cli: FracasCli, tmp_path: Path, assets: faults.Assets
) -> None:
    db = made(kind)  # type: ignore[operator]
    healthy = tmp_path / "healthy" / "fight.db"
    healthy.parent.mkdir()
    healthy.write_bytes(assets.fight)
    before = faults.listing(db.parent)
    for args in READS[:4]:
        result = fracas_cli(*args, db=db)
        assert result.code == 0, (args, result)
        assert result.stdout == faults.must(healthy, *args), args
    out = tmp_path / "out"
    out.mkdir()
    assert fracas_cli("report", "--format", "md", "-o", str(out / "r.md"), db=db).code == 0
    assert fracas_cli("export", str(out / "t.db"), db=db).code == 0
    for args in WRITES:
        line = assert_one_line_error(fracas_cli(*args, db=db), 7, str(db), "nothing was written")
        assert "read-only" in line
    assert faults.listing(db.parent) == before


def test_a_read_only_file_with_what_a_crash_left_is_read_with_its_wal(
    made: object, fracas_cli: FracasCli, tmp_path: Path
) -> None:
    """SQLite cannot apply the -wal to a file it may not write: the file is read from a
    private copy with it, and nothing is left there or beside the file."""
    db = made("left by a crash (-wal and -shm)")  # type: ignore[operator]
    db.chmod(0o444)
    before = faults.listing(db.parent)
    assert head_of(fracas_cli, db) == 8
    assert fracas_cli("log", db=db).code == 0
    assert_one_line_error(fracas_cli("next", db=db), 7, str(db), "read-only")
    assert faults.listing(db.parent) == before
    assert not [p for p in fracas_cli.crash_dir.iterdir() if p.name.startswith("fracas-read-")]


# --- links ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["dangling symlink", "symlink loop"])
def test_a_link_that_leads_nowhere_is_refused_naming_it_even_by_new(
    kind: str, made: object, fracas_cli: FracasCli
) -> None:
    db = made(kind)  # type: ignore[operator]
    before = faults.listing(db.parent)
    for args in (("new", "bar", "--seed", "7"), ("status",), ("add", str(SHEETS / "rook.toml"))):
        line = assert_one_line_error(fracas_cli(*args, db=db), 5, str(db), "nothing was written")
        assert "symbolic link" in line
        assert faults.listing(db.parent) == before


def test_a_link_to_a_fight_is_the_fight(
    tmp_path: Path, fracas_cli: FracasCli, assets: faults.Assets
) -> None:
    """SQLite keeps its side files beside the file a link leads to; they are gone after."""
    real = tmp_path / "store" / "fight.db"
    real.parent.mkdir()
    real.write_bytes(assets.fight)
    link = tmp_path / "here" / "fight.db"
    link.parent.mkdir()
    link.symlink_to(real)
    assert fracas_cli("next", db=link).code == 0
    assert fracas_cli("status", db=link).code == 0
    assert sorted(os.listdir(real.parent)) == ["fight.db"]
    assert sorted(os.listdir(link.parent)) == ["fight.db"]


# --- outputs that cannot be written --------------------------------------------------------------


def test_a_report_to_a_full_device_or_a_missing_folder_names_it(
    made: object, fracas_cli: FracasCli, tmp_path: Path
) -> None:
    db = made("read-only file")  # type: ignore[operator]
    full = fracas_cli("report", "--format", "md", "-o", "/dev/full", db=db)
    assert_one_line_error(full, 7, "the disk is full (/dev/full)")
    missing = tmp_path / "nowhere" / "r.md"
    assert_one_line_error(fracas_cli("report", "-o", str(missing), db=db), 7, str(missing))
    assert not missing.parent.exists()


def test_output_to_a_full_device_names_the_standard_output(
    made: object, fracas_cli: FracasCli
) -> None:
    db = made("read-only file")  # type: ignore[operator]
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            fracas_cli.argv("log", db=db),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=fracas_cli.env(),
            check=False,
        )
    assert done.returncode == 7
    assert "the disk is full (the standard output" in done.stderr
    assert "Traceback" not in done.stderr


def test_no_side_file_outlives_a_command(
    tmp_path: Path, fracas_cli: FracasCli, assets: faults.Assets
) -> None:
    """A healthy fight through reads and writes: nothing is ever left beside it."""
    db = tmp_path / "fight.db"
    db.write_bytes(assets.fight)
    for args in (*READS, *WRITES):
        fracas_cli(*args, db=db)
        assert faults.side_files(db) == set(), args
    assert sorted(os.listdir(tmp_path)) == ["crash-reports", "fight.db"]
