"""Faults a fracas file meets on disk, made for real: side files SQLite itself wrote (a -wal
caught while another connection held the file, as a crash leaves it, or a checkpoint stopped
halfway), damaged pages, read-only files and folders, links that lead nowhere. Each kind is
built in a folder of its own from the bytes of a real fight (:class:`Assets`), so that a test
can compare the file's bytes and the folder's listing before and after a command.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import stat
import struct
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from engine.logsides import SIDES
from tests.conftest import SHEETS

PAGE = 4096


def must(db: Path, *args: str) -> str:
    """``fracas --db DB ARGS`` run in this process (to make a file quickly), which must
    succeed; what it printed."""
    from typer.testing import CliRunner

    from cli.main import run

    argv = sys.argv
    with CliRunner().isolation(env={"FRACAS_DB": None}) as (out, err, _):
        sys.argv = ["fracas", "--db", str(db), *args]
        code = 0
        try:
            run()
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else 1
        finally:
            sys.argv = argv
            sys.stdout.flush()
            sys.stderr.flush()
        printed, problem = out.getvalue().decode(), err.getvalue().decode()
    assert code == 0, (args, problem)
    return printed


#: The fight every kind starts from: two fighters, a round under way, a branch, an undone
#: ply (so that ``redo`` has something to do).
FIGHT: tuple[tuple[str, ...], ...] = (
    ("new", "bar", "--seed", "7"),
    ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
    ("add", str(SHEETS / "brodkil.json"), "--id", "brodkil"),
    ("initiative", "--dice", "15,3"),
    ("strike", "marcus", "brodkil", "--defend", "none", "--dice", "14,3"),
    ("branch", "what-if", "--at", "4"),
    ("next",),
    ("next",),
    ("undo",),
)
#: Writes that grow the file (a sheet each): a -wal of them holds the first page.
GROWTH: tuple[tuple[str, ...], ...] = tuple(
    ("add", str(SHEETS / "cs_grunt.yaml"), "--id", f"grunt-{n}") for n in range(3)
)


def play(db: Path, plies: tuple[tuple[str, ...], ...]) -> None:
    for args in plies:
        must(db, *args)


@contextmanager
def held(db: Path) -> Iterator[None]:
    """Another connection holds the file (as a running ``fracas shell`` does): SQLite's
    checkpoint waits for it, so what is written meanwhile stays in the -wal."""
    conn = sqlite3.connect(db)
    conn.execute("SELECT count(*) FROM plies").fetchall()
    try:
        yield
    finally:
        conn.close()


def caught(db: Path, writes: tuple[tuple[str, ...], ...], into: Path) -> None:
    """``writes`` made while another connection holds ``db``; the file and its side files
    copied to ``into`` as they stand on disk then (as a process killed there leaves them)."""
    into.mkdir(parents=True, exist_ok=True)
    with held(db):
        play(db, writes)
        for suffix in ("", "-wal", "-shm"):
            source = Path(f"{db}{suffix}")
            if source.exists():
                shutil.copyfile(source, into / f"{db.name}{suffix}")


def last_first_page(wal: bytes) -> bytes:
    """The last image of page 1 among a -wal's frames."""
    found = b""
    at = 32
    while at + 24 + PAGE <= len(wal):
        if struct.unpack_from(">I", wal, at)[0] == 1:
            found = wal[at + 24 : at + 24 + PAGE]
        at += 24 + PAGE
    assert found, "no frame of page 1 in the -wal"
    return found


@dataclass(frozen=True)
class Assets:
    """The bytes the kinds are made of."""

    fight: bytes  # a checkpointed fight (FIGHT), no side file
    later: dict[str, bytes]  # the fight caught later: ``""``, ``-wal``, ``-shm`` (GROWTH held)
    stale_wal: bytes  # a -wal of the fight's later state, begun after another write
    twin_wal: bytes  # a -wal of another fracas file played the same way
    foreign_wal: bytes  # a -wal of another program's SQLite file


def build_assets(work: Path) -> Assets:
    work.mkdir(parents=True, exist_ok=True)
    base = work / "base" / "fight.db"
    base.parent.mkdir()
    play(base, FIGHT)
    assert not Path(f"{base}-wal").exists()
    fight = base.read_bytes()

    caught(base, GROWTH, work / "later")
    later = {s: (work / "later" / f"fight.db{s}").read_bytes() for s in ("", "-wal", "-shm")}

    moved = work / "moved" / "fight.db"
    moved.parent.mkdir()
    moved.write_bytes(fight)
    must(moved, "next")  # checkpointed: the file moves on before the -wal below begins
    caught(moved, GROWTH[:1], work / "moved-caught")
    stale_wal = (work / "moved-caught" / "fight.db-wal").read_bytes()

    twin = work / "twin" / "fight.db"
    twin.parent.mkdir()
    play(twin, FIGHT)
    caught(twin, GROWTH[:1], work / "twin-caught")
    twin_wal = (work / "twin-caught" / "fight.db-wal").read_bytes()

    other = work / "other" / "recipes.db"
    other.parent.mkdir()
    conn = sqlite3.connect(other, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
    keep = sqlite3.connect(other)
    keep.execute("SELECT 1 FROM recipes").fetchall()
    conn.executemany("INSERT INTO recipes (name) VALUES (?)", [("bread",), ("stew",)] * 50)
    foreign_wal = Path(f"{other}-wal").read_bytes()
    keep.close()
    conn.close()
    return Assets(fight, later, stale_wal, twin_wal, foreign_wal)


def _garbage(n: int, seed: int = 0) -> bytes:
    out = b""
    counter = seed * 1_000_003
    while len(out) < n:
        out += hashlib.sha256(counter.to_bytes(8, "big")).digest()
        counter += 1
    return out[:n]


def _patched(data: bytes, offset: int, value: bytes) -> bytes:
    return data[:offset] + value + data[offset + len(value) :]


def _page_count(data: bytes) -> int:
    return len(data) // PAGE


#: Each kind: ``make(db, assets)`` lays the file (and what is beside it) at ``db``.
Maker = Callable[[Path, Assets], None]


def _write(db: Path, data: bytes, sides: dict[str, bytes] | None = None) -> None:
    db.write_bytes(data)
    for suffix, body in (sides or {}).items():
        Path(f"{db}{suffix}").write_bytes(body)


def _zeroed(page: Callable[[int], int]) -> Maker:
    def make(db: Path, a: Assets) -> None:
        n = page(_page_count(a.fight))
        _write(db, _patched(a.fight, (n - 1) * PAGE, bytes(PAGE)))

    return make


def _mid_checkpoint(db: Path, a: Assets) -> None:
    """A checkpoint stopped after writing the first page (with the header's new page count)
    into the file and before the pages that grow it: the file is shorter than its header
    says; the -wal holds the rest."""
    wal = a.later["-wal"]
    _write(db, _patched(a.later[""], 0, last_first_page(wal)), {"-wal": wal})


def _read_only_file(db: Path, a: Assets) -> None:
    _write(db, a.fight)
    db.chmod(0o444)


def _read_only_folder(db: Path, a: Assets) -> None:
    _write(db, a.fight)
    db.parent.chmod(0o555)


def _fifo(db: Path, a: Assets) -> None:
    os.mkfifo(db)


def _directory(db: Path, a: Assets) -> None:
    db.mkdir()


#: Every kind of file a command may be handed, and whether SQLite's own check of the pages
#: finds it damaged (then no command may write into it).
KINDS: dict[str, Maker] = {
    "empty": lambda db, a: _write(db, b""),
    "text file": lambda db, a: db.write_text("name,hp\nmarcus,30\n" * 30),
    "sqlite header then garbage": lambda db, a: _write(
        db, b"SQLite format 3\x00" + _garbage(len(a.fight) - 16)
    ),
    "truncated to its header": lambda db, a: _write(db, a.fight[:100]),
    "truncated by half": lambda db, a: _write(db, a.fight[: len(a.fight) // 2]),
    "truncated by one page": lambda db, a: _write(db, a.fight[:-PAGE]),
    "truncated by one byte": lambda db, a: _write(db, a.fight[:-1]),
    "grown by half a page": lambda db, a: _write(db, a.fight + bytes(PAGE // 2)),
    "zeroed page 2": _zeroed(lambda n: 2),
    "zeroed middle page": _zeroed(lambda n: n // 2),
    "zeroed last page": _zeroed(lambda n: n),
    "flipped page-size byte": lambda db, a: _write(db, _patched(a.fight, 16, b"\x03")),
    "flipped b-tree page type": lambda db, a: _write(db, _patched(a.fight, PAGE, b"\x07")),
    "flipped cell pointer": lambda db, a: _write(db, _patched(a.fight, 2 * PAGE + 8, b"\xff\xf0")),
    "other application id": lambda db, a: _write(db, _patched(a.fight, 68, b"\x12\x34\x56\x78")),
    "newer schema": lambda db, a: _write(db, _patched(a.fight, 60, (99).to_bytes(4, "big"))),
    "stale -wal beside a restored backup": lambda db, a: _write(db, a.fight, {"-wal": a.stale_wal}),
    "-wal of another fracas file": lambda db, a: _write(db, a.fight, {"-wal": a.twin_wal}),
    "-wal of another program's file": lambda db, a: _write(db, a.fight, {"-wal": a.foreign_wal}),
    "junk -wal": lambda db, a: _write(db, a.fight, {"-wal": _garbage(3 * PAGE, 1)}),
    "junk -shm": lambda db, a: _write(db, a.fight, {"-shm": _garbage(32768, 2)}),
    "left by a crash (-wal and -shm)": lambda db, a: _write(
        db, a.later[""], {"-wal": a.later["-wal"], "-shm": a.later["-shm"]}
    ),
    "checkpoint stopped halfway": _mid_checkpoint,
    "directory": _directory,
    "fifo": _fifo,
    "dangling symlink": lambda db, a: db.symlink_to(db.parent / "nowhere.db"),
    "symlink loop": lambda db, a: db.symlink_to(db.name),
    "symlink to a device": lambda db, a: db.symlink_to("/dev/zero"),
    "read-only file": _read_only_file,
    "read-only folder": _read_only_folder,
}

#: Kinds a command may read but never write into (SQLite's check finds them damaged, or they
#: cannot take writes).
NEVER_WRITTEN = {
    "zeroed page 2",
    "zeroed middle page",
    "zeroed last page",
    "flipped b-tree page type",
    "flipped cell pointer",
    "read-only file",
    "read-only folder",
}


def listing(folder: Path) -> tuple[tuple[str, str | None], ...]:
    """The folder's entries with a digest of each regular file's bytes (a link's target,
    not followed): what no refused command may change. A -shm, whose bytes are SQLite's
    index of the -wal, is listed by name only."""
    out = []
    for entry in sorted(os.listdir(folder)):
        path = folder / entry
        st = os.lstat(path)
        if stat.S_ISREG(st.st_mode) and not entry.endswith("-shm"):
            digest: str | None = hashlib.sha256(path.read_bytes()).hexdigest()
        elif stat.S_ISLNK(st.st_mode):
            digest = "-> " + os.readlink(path)
        else:
            digest = None
        out.append((entry, digest))
    return tuple(out)


#: The digest of an empty file.
_EMPTY = hashlib.sha256(b"").hexdigest()


def kept(
    before: tuple[tuple[str, str | None], ...], after: tuple[tuple[str, str | None], ...]
) -> bool:
    """Whether a command left the folder as ``before``: nothing added, nothing changed, and
    nothing taken away but side files that hold none of the fight (a -shm, SQLite's index,
    which it rebuilds; an empty -wal), which SQLite's last connection takes away as it
    closes."""

    def disposable(entry: tuple[str, str | None]) -> bool:
        name, digest = entry
        return name.endswith("-shm") or (name.endswith("-wal") and digest == _EMPTY)

    gone = set(before) - set(after)
    return set(after) <= set(before) and all(disposable(e) for e in gone)


def side_files(db: Path) -> set[str]:
    """The SQLite side files beside ``db``."""
    return {s for s in SIDES if os.path.lexists(f"{db}{s}")}


def writable_again(folder: Path) -> None:
    """Undo the read-only kinds, so the folder can be cleaned up."""
    folder.chmod(0o755)
    for entry in folder.iterdir():
        if entry.is_file() and not entry.is_symlink():
            entry.chmod(0o644)
