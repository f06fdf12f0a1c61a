"""The SQLite log (engine/log.py): file identity, append-only rows, compare-and-set branch heads,
skip pointers, salts, and two real processes writing to one file.

Every test uses a real SQLite file in tmp_path; what is on disk is checked with the plain sqlite3
module (tests/conftest.py ``read_log``), never only through the Store under test.
"""

from __future__ import annotations

import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine import log as log_module
from engine.log import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    Busy,
    Conflict,
    DiskError,
    NoDatabase,
    Store,
    skip_depth,
)
from events.codec import encode
from events.core import EncounterStarted, RulingDeclared
from tests.conftest import LogSnapshot

Events = list[tuple[str, int, str]]


def _start(name: str = "skirmish", seed: int = 11) -> Events:
    return [
        encode(
            EncounterStarted(
                name=name, seed=seed, system="palladium", rules_version=1, variant="raw"
            )
        )
    ]


def _ruling(text: str) -> Events:
    return [encode(RulingDeclared(text=text))]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "log.db"


@pytest.fixture
def store(db: Path) -> Iterator[Store]:
    s = Store.open(db, create=True)
    yield s
    s.close()


def _new_encounter(store: Store, name: str = "skirmish", seed: int = 11) -> tuple[int, int]:
    return store.create_encounter(name, seed, "palladium", 1, f"new {name}", _start(name, seed))


def _append(store: Store, encounter: int, text: str, branch: str = "main", salt: int = 0) -> int:
    row = store.branch(encounter, branch)
    assert row is not None
    return store.append(row, 11, salt, 1, text, (), _ruling(text))


# --- the file ------------------------------------------------------------------------------


def test_a_new_file_carries_our_application_id_schema_version_and_wal(
    store: Store, db: Path
) -> None:
    head = db.read_bytes()[:100]
    assert head.startswith(b"SQLite format 3\x00")
    assert head[68:72] == b"FRAC"  # the application id, spelled out
    assert int.from_bytes(head[68:72], "big") == APPLICATION_ID
    assert int.from_bytes(head[60:64], "big") == SCHEMA_VERSION
    assert head[18] == head[19] == 2  # read and write versions 2: WAL mode
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        assert conn.execute("PRAGMA application_id").fetchone()[0] == 0x46524143
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        conn.close()
    assert {"encounters", "plies", "events", "branches"} <= tables


def test_creating_leaves_no_private_files_behind(store: Store, db: Path) -> None:
    assert [p.name for p in db.parent.iterdir() if ".creating-" in p.name] == []


def test_opening_a_missing_file_without_create_refuses_and_creates_nothing(db: Path) -> None:
    with pytest.raises(NoDatabase) as err:
        Store.open(db)
    assert str(db) in str(err.value)
    assert err.value.exit_code == 2
    assert not db.exists()


def test_creating_in_a_missing_folder_is_a_disk_error(tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "folder" / "log.db"
    with pytest.raises(DiskError) as err:
        Store.open(path, create=True)
    assert err.value.exit_code == 7
    assert not path.parent.exists()


def test_creating_over_an_existing_fracas_file_opens_it(store: Store, db: Path) -> None:
    _new_encounter(store)
    again = Store.open(db, create=True)
    try:
        assert [e.name for e in again.encounters()] == ["skirmish"]
    finally:
        again.close()


# --- append-only ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE plies SET depth = depth + 1",
        "UPDATE plies SET salt = 9 WHERE parent IS NULL",
        "DELETE FROM plies",
        "DELETE FROM plies WHERE parent IS NOT NULL",
        "UPDATE events SET body = '{}'",
        "UPDATE events SET tag = 'core.x' WHERE idx = 0",
        "DELETE FROM events",
        "DELETE FROM encounters",
    ],
)
def test_triggers_refuse_rewriting_history(
    store: Store, db: Path, sql: str, read_log: Callable[[Path], LogSnapshot]
) -> None:
    enc, _ = _new_encounter(store)
    _append(store, enc, "first")
    before = read_log(db)
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            conn.execute(sql)
    finally:
        conn.close()
    assert read_log(db) == before


def test_inserting_is_still_allowed(store: Store, db: Path) -> None:
    """The triggers guard UPDATE and DELETE only; appending is the log's whole point."""
    enc, _ = _new_encounter(store)
    ply = _append(store, enc, "first")
    assert [e.idx for e in store.events_of(ply)] == [0]


# --- appending and compare-and-set ---------------------------------------------------------


def test_append_links_the_ply_to_the_head_and_moves_the_head(store: Store) -> None:
    enc, root = _new_encounter(store)
    first = _append(store, enc, "first")
    second = _append(store, enc, "second")
    rows = {p.id: p for p in store.path_to(second)}
    assert [p.id for p in store.path_to(second)] == [root, first, second]
    assert rows[first].parent == root and rows[first].depth == 1
    assert rows[second].parent == first and rows[second].depth == 2
    branch = store.branch(enc, "main")
    assert branch is not None and branch.head == branch.tip == second


def test_append_with_a_stale_head_is_a_conflict_and_writes_nothing(
    store: Store, db: Path, read_log: Callable[[Path], LogSnapshot]
) -> None:
    enc, _ = _new_encounter(store)
    stale = store.branch(enc, "main")
    assert stale is not None
    _append(store, enc, "someone else's")
    before = read_log(db)
    with pytest.raises(Conflict) as err:
        store.append(stale, 11, 0, 1, "mine", (), _ruling("mine"))
    assert err.value.exit_code == 3
    assert read_log(db) == before


def test_move_head_with_a_stale_head_is_a_conflict(store: Store) -> None:
    enc, root = _new_encounter(store)
    stale = store.branch(enc, "main")
    assert stale is not None
    _append(store, enc, "moved on")
    with pytest.raises(Conflict):
        store.move_head(stale, root)


def test_a_new_ply_after_undo_keeps_the_undone_plies_on_a_branch(
    store: Store,
    db: Path,
    read_log: Callable[[Path], LogSnapshot],
    log_is_contiguous: Callable[[LogSnapshot], None],
) -> None:
    enc, root = _new_encounter(store)
    first = _append(store, enc, "first")
    second = _append(store, enc, "second")
    main = store.branch(enc, "main")
    assert main is not None
    store.move_head(main, first)  # undo one
    third = _append(store, enc, "instead")
    names = {b.name: b for b in store.branches(enc)}
    assert set(names) == {"main", "main-undone-1"}
    assert names["main"].head == third
    assert names["main-undone-1"].head == second
    assert names["main-undone-1"].fork == first
    assert [p.id for p in store.path_to(second)] == [root, first, second]
    log_is_contiguous(read_log(db))  # every ply, the undone one too, is reachable


def test_a_second_encounter_of_the_same_name_is_refused(store: Store, db: Path) -> None:
    _new_encounter(store, "duel")
    with pytest.raises(Conflict):
        _new_encounter(store, "duel")
    assert store.count("encounters") == 1
    assert store.count("plies") == 1


# --- salts ---------------------------------------------------------------------------------


def test_next_salt_is_one_past_the_largest_salt_used_at_that_depth(store: Store) -> None:
    enc, _ = _new_encounter(store)
    assert store.next_salt(enc, 1) == 0
    _append(store, enc, "salt 0 at depth 1")
    assert store.next_salt(enc, 1) == 1
    assert store.next_salt(enc, 2) == 0
    store.create_branch(enc, "what-if", store.ancestor(_head(store, enc), 0), switch=False)
    _append(store, enc, "salt 5 at depth 1", branch="what-if", salt=5)
    assert store.next_salt(enc, 1) == 6
    assert store.next_salt(enc, 2) == 0


def test_next_salt_ignores_other_encounters(store: Store) -> None:
    a, _ = _new_encounter(store, "a")
    b, _ = _new_encounter(store, "b")
    _append(store, a, "a1", salt=3)
    assert store.next_salt(a, 1) == 4
    assert store.next_salt(b, 1) == 0


def _head(store: Store, enc: int, branch: str = "main") -> int:
    row = store.branch(enc, branch)
    assert row is not None
    return row.head


# --- skip pointers -------------------------------------------------------------------------

CHAIN = 4096


@pytest.fixture(scope="module")
def long_chain(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, int]:
    """A file whose branch ``long`` is CHAIN plies deep (one transaction); (db, enc, head)."""
    db = tmp_path_factory.mktemp("chain") / "chain.db"
    store = Store.open(db, create=True)
    try:
        enc, root = _new_encounter(store, "long")
        plies = [(11, 0, 1, f"ruling {i}", (), _ruling(f"ruling {i}")) for i in range(CHAIN)]
        head = store.branch_with_plies(enc, "long", root, plies)
    finally:
        store.close()
    return db, enc, head


def test_skip_depth_points_strictly_back() -> None:
    assert skip_depth(0) == skip_depth(1) == 0
    for depth in range(2, 5000):
        assert 0 <= skip_depth(depth) <= depth - 2  # never just the parent


def test_every_stored_skip_pointer_is_the_ancestor_at_skip_depth(
    long_chain: tuple[Path, int, int], read_log: Callable[[Path], LogSnapshot]
) -> None:
    db, _, head = long_chain
    snap = read_log(db)
    assert len(snap.plies) == CHAIN + 1
    chain = snap.path_by_parents(head)  # chain[d]: the ply at depth d, by parent walking
    assert len(chain) == CHAIN + 1
    for p in snap.plies:
        assert chain[p.depth] == p.id
        if p.parent is None:
            assert p.skip is None
            continue
        assert p.skip == chain[skip_depth(p.depth)], p


def test_ancestor_matches_parent_walking_for_random_depths(
    long_chain: tuple[Path, int, int], read_log: Callable[[Path], LogSnapshot]
) -> None:
    db, _, head = long_chain
    snap = read_log(db)
    by_depth = {p.depth: p.id for p in snap.plies}
    rng = random.Random(20240611)
    store = Store.open(db)
    try:
        starts = [head, by_depth[CHAIN - 1], by_depth[2049], by_depth[1024], by_depth[777]]
        for start in starts:
            walked = snap.path_by_parents(start)  # walked[d]: the ancestor at depth d
            depth = len(walked) - 1
            targets = {0, depth, depth - 1, *(rng.randrange(depth + 1) for _ in range(150))}
            for target in targets:
                assert store.ancestor(start, target) == walked[target]
        path = store.path_to(head)
        assert [p.depth for p in path] == list(range(CHAIN + 1))
        assert [p.id for p in path] == [by_depth[d] for d in range(CHAIN + 1)]
        with pytest.raises(ValueError):
            store.ancestor(head, CHAIN + 1)
        with pytest.raises(ValueError):
            store.ancestor(head, -1)
    finally:
        store.close()


class _PlyCounter:
    """Counts calls of Store.ply (the real method still runs)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = Store.ply

        def counting(store: Store, ply_id: int) -> log_module.PlyRow:
            self.calls += 1
            return real(store, ply_id)

        monkeypatch.setattr(Store, "ply", counting)


def _log_bound(n: int) -> int:
    """A generous bound on ply lookups for a jump of any length on a chain of ``n`` plies.

    The skip list is the one Bitcoin uses for block ancestors; its worst case measured over all
    targets grows like log2(n)**2 / 4 (53 lookups at n = 4096), far from the n of a parent walk.
    """
    log2 = math.log2(max(n, 2))
    return int(log2 * log2 / 2) + 8


def test_ancestor_lookups_grow_with_log_depth_not_depth(
    long_chain: tuple[Path, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    db, _, head = long_chain
    counter = _PlyCounter(monkeypatch)
    store = Store.open(db)
    try:
        worst = 0
        for target in range(0, CHAIN + 1, 7):
            counter.calls = 0
            store.ancestor(head, target)
            worst = max(worst, counter.calls)
    finally:
        store.close()
    assert worst <= _log_bound(CHAIN)  # 80 for 4096; a parent walk needs up to 4096
    assert worst < CHAIN / 40


def _statements(store: Store) -> list[str]:
    seen: list[str] = []
    store._conn.set_trace_callback(seen.append)  # tracing the real connection, not a stand-in
    return seen


@pytest.mark.parametrize("length", [16, 256, CHAIN])
def test_branching_far_back_costs_log_not_length(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, length: int
) -> None:
    """``branch NAME --at 1`` through the library API: ply lookups and SQL statements stay
    within a log bound whatever the fight's length."""
    from engine.table import Table

    db = tmp_path / "fight.db"
    table = Table(db)
    table.new("long", seed=3)
    store = Store.open(db)
    try:
        enc = store.encounters()[0].id
        root = _head(store, enc)
        version = store.encounters()[0].rules_version  # a ply never claims older rules
        plies = [(3, 0, version, f"r{i}", (), _ruling(f"r{i}")) for i in range(length)]
        store.branch_with_plies(enc, "deep", root, plies)
    finally:
        store.close()
    table.switch("deep")
    counter = _PlyCounter(monkeypatch)
    view = table.branch("probe", at="1")
    assert view.head == 1
    assert counter.calls <= _log_bound(length) + 4

    store = Store.open(db)
    try:
        statements = _statements(store)
        enc = store.encounters()[0].id
        head = _head(store, enc, "deep")
        store.create_branch(enc, "probe2", store.ancestor(head, 1), switch=False)
    finally:
        store.close()
    plies_read = [s for s in statements if "FROM plies WHERE id" in s]
    assert len(plies_read) <= _log_bound(length)
    assert len(statements) <= _log_bound(length) + 8


# --- two processes -------------------------------------------------------------------------

_STALE_APPENDER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from engine.log import Store
    from events.codec import encode
    from events.core import RulingDeclared
    from cli.errors import handle

    store = Store.open(Path(sys.argv[1]))
    enc = store.encounter("skirmish")
    branch = store.branch(enc.id, "main")          # read the head ...
    print("read", branch.head, flush=True)
    sys.stdin.readline()                           # ... wait while another process appends ...
    try:                                           # ... then append with the stale head
        store.append(branch, 11, 0, 1, "late", (), [encode(RulingDeclared(text="late"))])
    except BaseException as err:
        code, message = handle(err)
        print(type(err).__name__, message, file=sys.stderr)
        sys.exit(code)
    print("appended", flush=True)
    """
)


def _python(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_stale_head_in_another_process_is_refused_with_exit_3(
    store: Store,
    db: Path,
    read_log: Callable[[Path], LogSnapshot],
    log_is_contiguous: Callable[[LogSnapshot], None],
) -> None:
    enc, _ = _new_encounter(store)
    _append(store, enc, "first")
    late = _python(_STALE_APPENDER, str(db))
    try:
        assert late.stdout is not None and late.stdin is not None
        line = late.stdout.readline().split()
        assert line[0] == "read", line
        read_head = int(line[1])
        assert read_head == _head(store, enc)
        winner = _append(store, enc, "in between")  # this process wins the race
        out, err = late.communicate("go\n", timeout=30)
    finally:
        if late.poll() is None:
            late.kill()
    assert late.returncode == 3, (out, err)
    assert err.startswith("Conflict ") and "moved" in err
    snap = read_log(db)
    log_is_contiguous(snap)
    assert len(snap.plies) == 3  # root, first, in between: nothing of "late"
    main = [b for b in snap.branches if b[1] == "main"]
    assert main == [(enc, "main", winner, winner)]
    assert snap.ply(winner).parent == read_head


_LOCK_HOLDER = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    print("locked", flush=True)
    sys.stdin.readline()
    conn.execute("ROLLBACK")
    """
)


def test_a_writer_held_up_past_the_busy_timeout_gets_busy_and_writes_nothing(
    store: Store,
    db: Path,
    monkeypatch: pytest.MonkeyPatch,
    read_log: Callable[[Path], LogSnapshot],
) -> None:
    enc, _ = _new_encounter(store)
    monkeypatch.setattr(log_module, "BUSY_TIMEOUT_S", 0.2)
    impatient = Store.open(db)
    holder = _python(_LOCK_HOLDER, str(db))
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "locked"
        before = read_log(db)
        with pytest.raises(Busy) as err:
            _append(impatient, enc, "blocked")
        assert err.value.exit_code == 4
        holder.communicate("done\n", timeout=30)
    finally:
        if holder.poll() is None:
            holder.kill()
        impatient.close()
    assert read_log(db) == before
    _append(store, enc, "after the lock")  # the file is fine afterwards
    assert store.count("plies") == 2


_KILLED_MID_WRITE = textwrap.dedent(
    """
    import sqlite3, sys
    conn = sqlite3.connect(sys.argv[1], isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    conn.execute(
        "INSERT INTO plies (encounter, parent, depth, skip, seed, salt, rules_version, command, "
        "dice, created_at) VALUES (1, 1, 1, 1, 11, 0, 1, 'half', '[]', 'now')"
    )
    print("inserted", flush=True)
    sys.stdin.readline()
    """
)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_a_process_killed_mid_write_leaves_no_half_written_ply(
    store: Store,
    db: Path,
    read_log: Callable[[Path], LogSnapshot],
    log_is_contiguous: Callable[[LogSnapshot], None],
) -> None:
    enc, _ = _new_encounter(store)
    before = read_log(db)
    victim = _python(_KILLED_MID_WRITE, str(db))
    try:
        assert victim.stdout is not None
        assert victim.stdout.readline().strip() == "inserted"
    finally:
        victim.send_signal(signal.SIGKILL)
        victim.communicate(timeout=30)
    assert read_log(db) == before
    _append(store, enc, "after the crash")
    snap = read_log(db)
    log_is_contiguous(snap)
    assert len(snap.plies) == 2
