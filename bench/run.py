"""fracas benchmarks: print figures and ratios against floors measured in the same run; assert
nothing.

    .venv/bin/python bench/run.py [--events 100000] [--sizes 100,1000,10000,100000] [--runs 15]
                                  [--odds-runs 200] [--odds-memory-runs 100000]

1. Full rebuild of a fight of about 100,000 events (read + hash check + decode + fold, no
   snapshot) against a raw floor built here from the same rows (sqlite3 read, msgspec decode,
   a dict-dispatch fold) and against the `eventsourcing` library rebuilding an aggregate from
   the same rows (an optional extra: pip install -e '.[bench]').
2. One action in the library (Table.declare) on a table in use and on a fresh table, and one
   whole `fracas strike` / `fracas status` process, at each size, with ratios against the
   smallest.
3. Start-up: `fracas status` and `fracas --help` against a bare typer + msgspec + sqlite3
   probe (bench/probe.py).
4. `replay --verify` re-resolution rate; bytes per ply of the file.
5. `fracas odds`: runs per second with one job and with every core (a 200-ply fight), and the
   peak memory of a whole `fracas odds --runs 100000` on every core (a 12-ply fight), of the
   process and of its largest worker, against 1,000 runs (bench/odds.py has more).
"""

from __future__ import annotations

import argparse
import gc
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Union, get_origin

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fights import FRACAS, build, next_argv, next_declaration

from engine.chain import NO_EVENTS, text_digest
from engine.rebuild import path_of, read_path
from engine.sha import bulk_sha256
from engine.table import Table

ROWS: list[tuple[str, str, str]] = []  # (figure, value, note) for the summary table


def row(figure: str, value: str, note: str = "") -> None:
    ROWS.append((figure, value, note))
    print(f"  {figure}: {value}" + (f"  ({note})" if note else ""), flush=True)


def best(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


# --- 1. full rebuild ------------------------------------------------------------------------


def raw_floor(db: Path, union: Any) -> Callable[[], object]:
    """Read the same rows, decode them with msgspec into the same event types, and fold them
    with a dispatch dict whose handlers keep the latest event of each type; the cyclic garbage
    collector paused, as fracas pauses it for a long read."""
    decoder = msgspec.json.Decoder(list[union])
    handlers: dict[type, Callable[[dict[str, Any], Any], None]] = {}
    for t in union.__args__:
        cls = get_origin(t) or t  # a core event typed for the pack is generic
        handlers[cls] = lambda s, e, k=cls.__name__: s.__setitem__(k, e)

    def run() -> object:
        gc.disable()
        conn = sqlite3.connect(db)
        try:
            rows = conn.execute("SELECT tag, version, body FROM events ORDER BY ply, idx")
            events = decoder.decode("[" + ",".join(r[2] for r in rows) + "]")
            state: dict[str, Any] = {}
            for e in events:
                handlers[type(e)](state, e)
            return state
        finally:
            conn.close()
            gc.enable()

    return run


def eventsourcing_rebuild(tmp: Path, rows: list[tuple[str, str]]) -> Callable[[], object] | None:
    """The same rows as the events of one `eventsourcing` aggregate in its SQLite store."""
    try:
        from eventsourcing.application import Application
        from eventsourcing.domain import Aggregate, event
    except ImportError:
        return None

    class Fight(Aggregate):  # type: ignore[misc]
        @event("Started")  # type: ignore[misc]
        def __init__(self) -> None:
            self.seen = 0
            self.last = ""

        @event("Happened")  # type: ignore[misc]
        def happened(self, tag: str, body: str) -> None:
            self.seen += 1
            self.last = tag

    env = {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": str(tmp / "eventsourcing.db"),
    }
    app = Application(env=env)
    fight = Fight()
    for tag, body in rows:
        fight.happened(tag=tag, body=body)
    app.save(fight)
    return lambda: app.repository.get(fight.id)


def bench_rebuild(tmp: Path, events: int) -> None:
    print(f"1. full rebuild of about {events:,} events", flush=True)
    db = tmp / "rebuild.db"
    table = build(db, events=events)
    with table.scene() as sc:
        n = sc.store.count("events")
        kernel, store, head = sc.kernel, sc.store, sc.branch.head
        ours = best(lambda: kernel.rebuild(store, head, snapshots=False), 5)
        rows = path_of(store, head)
        texts = store.ply_texts([r[0] for r in rows])
        chain = best(lambda: hash_texts(rows, texts), 5)
        reads = best(lambda: store.stored_events([r[0] for r in store.path_rows(head)]), 5)
        by_rows = best(lambda: read_path(store, head), 5)
    floor = best(raw_floor(db, table_union(table)), 5)
    row("full rebuild, fracas", f"{ours * 1000:.0f} ms, {n / ours:,.0f} events/s", f"{n:,} events")
    row("full rebuild, raw floor", f"{floor * 1000:.0f} ms, {n / floor:,.0f} events/s")
    row("full rebuild vs raw floor", f"{floor / ours:.2f}x", "target >= 0.5x")
    row(
        "  of which the hash check of every ply",
        f"{chain * 1000:.0f} ms",
        f"without it {(ours - chain) * 1000:.0f} ms, {floor / (ours - chain):.2f}x the floor",
    )
    row(
        "  path read and checked row by row",
        f"{by_rows * 1000:.0f} ms",
        f"layout 1's read, and the fallback; {reads * 1000:.0f} ms of it reading the rows",
    )
    conn = sqlite3.connect(db)
    rows = conn.execute("SELECT tag, body FROM events ORDER BY ply, idx").fetchall()
    conn.close()
    es = eventsourcing_rebuild(tmp, rows)
    if es is None:
        row("full rebuild vs eventsourcing", "not measured", "pip install -e '.[bench]'")
    else:
        theirs = best(es, 3)
        row("full rebuild, eventsourcing", f"{theirs * 1000:.0f} ms")
        row(
            "full rebuild vs eventsourcing",
            f"{theirs / ours:.1f}x faster",
            f"target >= 10x; {theirs / (ours - chain):.1f}x without the hash check, which "
            "eventsourcing does not do",
        )


def hash_texts(rows: list[tuple[object, ...]], texts: Any) -> bytes:
    """Hash layout 2 of every ply of a path from its texts, as a skim does (the first from
    a fixed parent hash: what is timed is the hashing)."""
    sha, previous = bulk_sha256(), b"\x00" * 32
    for raw in rows:
        previous = text_digest(sha, previous, raw[3:11], texts.get(raw[0], NO_EVENTS))
    return previous


def table_union(table: Any) -> Any:
    with table.scene() as sc:
        union = sc.kernel.codec.union
    return union if getattr(union, "__args__", None) else Union[union]  # noqa: UP007


# --- 2. actions at each size ----------------------------------------------------------------


def bench_sizes(tmp: Path, sizes: list[int], runs: int) -> dict[int, Path]:
    """Every size is built first, then measured round-robin (one run of each size in turn),
    so that a slow moment of the shared machine hits every size alike: the library action on
    a table in use (nobody else writing, so it starts from the state its last action left),
    then on a fresh table each time (the state rebuilt from a snapshot and its tail: one CLI
    command's work without the process), then whole processes."""
    print("2. one action at each length of fight", flush=True)
    dbs: dict[int, Path] = {}
    tables: dict[int, Any] = {}
    states: dict[int, Any] = {}
    for plies in sizes:
        db = tmp / f"fight-{plies}.db"
        t = time.perf_counter()
        tables[plies] = build(db, plies=plies)
        # the first command folds the whole fight once and keeps its snapshots
        states[plies] = tables[plies].declare(next_declaration(tables[plies].state())).state
        dbs[plies] = db
        print(f"  {plies:>7,} plies made in {time.perf_counter() - t:.1f} s", flush=True)
    kept, fresh = _library_actions(sizes, runs, tables, states)
    strikes: dict[int, list[float]] = {n: [] for n in sizes}
    statuses: dict[int, list[float]] = {n: [] for n in sizes}
    for run in range(runs + 1):  # run 0 warms up and is not counted
        for n in sizes[run % len(sizes) :] + sizes[: run % len(sizes)]:
            argv = [str(FRACAS), "--db", str(dbs[n]), *next_argv(states[n])]
            t = time.perf_counter()
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
            if run:
                strikes[n].append(time.perf_counter() - t)
            if done.returncode != 0:
                raise SystemExit(f"{argv}: {done.stderr}")
            states[n] = Table(dbs[n]).state()
            t = time.perf_counter()
            subprocess.run([str(FRACAS), "--db", str(dbs[n]), "status"], capture_output=True)
            if run:
                statuses[n].append(time.perf_counter() - t)
    med = statistics.median
    for n in sizes:
        print(
            f"  {n:>7,} plies: library action (in use) {med(kept[n][0]) * 1000:.2f} ms wall, "
            f"{med(kept[n][1]) * 1000:.2f} ms CPU (a fresh table: {med(fresh[n][0]) * 1000:.2f} "
            f"ms wall, {med(fresh[n][1]) * 1000:.2f} ms CPU); "
            f"fracas strike {med(strikes[n]) * 1000:.0f} ms; "
            f"fracas status {med(statuses[n]) * 1000:.0f} ms",
            flush=True,
        )
    small, large = sizes[0], sizes[-1]
    fsync = fsync_cpu(tmp / "fsync.db", runs * 4)
    row("CPU of a command's fsyncs, measured apart", f"{fsync * 1000:.2f} ms", "bare sqlite3 cycle")
    modes = {
        "library action on a table in use": (
            kept,
            "target <= 2 ms: an action after the table's own last action",
        ),
        "library action on a fresh table": (
            fresh,
            "the file opened and the state rebuilt from a snapshot: one CLI command's work",
        ),
    }
    for label, (times, note) in modes.items():
        row(
            f"{label} at {large:,} plies, CPU the fsync aside",
            f"{(med(times[large][1]) - fsync) * 1000:.2f} ms",
            note,
        )
    for label, (times, _) in modes.items():
        row(
            f"{label} at {large:,} vs {small:,} plies",
            f"{med(times[large][0]) / med(times[small][0]):.2f}x wall, "
            f"{med(times[large][1]) * 1000:.2f} ms CPU "
            f"({med(times[large][1]) / med(times[small][1]):.2f}x)",
            "target <= 1.2x; CPU here includes the fsync's",
        )
    at10k = 10_000 if 10_000 in strikes else large
    row(
        f"fracas strike at {at10k:,} vs {small:,} plies",
        f"{med(strikes[at10k]) / med(strikes[small]):.2f}x",
        "target <= 1.15x",
    )
    row(
        f"fracas strike / status at {large:,} vs {small:,} plies",
        f"{med(strikes[large]) / med(strikes[small]):.2f}x / "
        f"{med(statuses[large]) / med(statuses[small]):.2f}x",
    )
    return dbs


Times = dict[int, tuple[list[float], list[float]]]


def _library_actions(
    sizes: list[int], runs: int, tables: dict[int, Any], states: dict[int, Any]
) -> tuple[Times, Times]:
    """``Table.declare`` at each size, round-robin, in the same rounds: on the table at
    ``tables[size]`` in use (an action right after its own last one: a first action, not
    counted, follows the fresh table's write) and on a fresh table. (wall, CPU) seconds of
    each run after a first that warms up, for each of the two."""
    kept: Times = {n: ([], []) for n in sizes}
    fresh: Times = {n: ([], []) for n in sizes}
    for run in range(runs + 1):
        for n in sizes[run % len(sizes) :] + sizes[: run % len(sizes)]:
            for table, times in ((tables[n], None), (tables[n], kept), (None, fresh)):
                declaration = next_declaration(states[n])
                w, c = time.perf_counter(), time.process_time()
                states[n] = (table or Table(tables[n].db)).declare(declaration).state
                if run and times is not None:
                    times[n][0].append(time.perf_counter() - w)
                    times[n][1].append(time.process_time() - c)
    return kept, fresh


def fsync_cpu(db: Path, runs: int) -> float:
    """CPU the fsyncs of one command's write cost: a bare sqlite3 cycle as a fracas command
    makes it (connect, one-row WAL commit, close, whose checkpoint syncs again) with
    ``synchronous=FULL``, as fracas commits, less the same cycle with ``OFF``."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("CREATE TABLE t (x TEXT)")
    conn.close()
    cost: dict[str, float] = {}
    for mode in ("OFF", "FULL"):
        times = []
        for _ in range(runs):
            c = time.process_time()
            conn = sqlite3.connect(db, isolation_level=None)
            conn.execute(f"PRAGMA synchronous={mode}")
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO t VALUES (?)", ("x" * 1500,))
            conn.execute("COMMIT")
            conn.close()
            times.append(time.process_time() - c)
        cost[mode] = statistics.median(times)
    return max(cost["FULL"] - cost["OFF"], 0.0)


# --- 3. start-up ----------------------------------------------------------------------------


def bench_startup(tmp: Path, db: Path, runs: int) -> None:
    print("3. start-up against the bare typer probe", flush=True)
    probe_db = tmp / "probe.db"
    probe = [sys.executable, str(Path(__file__).with_name("probe.py")), str(probe_db)]
    small = tmp / "small.db"  # the "small fight": two fighters, a few plies
    build(small, plies=6)
    commands = {
        "probe": probe,
        "status": [str(FRACAS), "--db", str(small), "status"],
        "status100": [str(FRACAS), "--db", str(db), "status"],
        "help": [str(FRACAS), "--help"],
    }
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(runs):  # interleaved, so that a noisy moment hits every command alike
        for name, argv in commands.items():
            t = time.perf_counter()
            subprocess.run(argv, capture_output=True, check=True)
            times[name].append(time.perf_counter() - t)
    med = {k: statistics.median(v) for k, v in times.items()}
    row("bare typer probe", f"{med['probe'] * 1000:.0f} ms")
    row(
        "fracas status (small fight) vs probe",
        f"{med['status'] / med['probe']:.2f}x ({med['status'] * 1000:.0f} ms)",
        "target <= 1.3x",
    )
    row(
        "fracas status (100 plies: a snapshot and a tail) vs probe",
        f"{med['status100'] / med['probe']:.2f}x ({med['status100'] * 1000:.0f} ms)",
    )
    row(
        "fracas --help vs probe", f"{med['help'] / med['probe']:.2f}x ({med['help'] * 1000:.0f} ms)"
    )


# --- 4. verify, bytes -----------------------------------------------------------------------


def bench_verify(dbs: dict[int, Path]) -> None:
    print("4. replay --verify and size", flush=True)
    from engine.table import Table

    plies = max(dbs)
    table = Table(dbs[plies])
    t = time.perf_counter()
    found = table.verify()
    took = time.perf_counter() - t
    assert found.difference is None, found.difference
    row(
        "replay --verify", f"{found.plies / took:,.0f} plies/s", f"{found.plies:,} plies; >= 15,000"
    )
    for n, db in sorted(dbs.items()):
        conn = sqlite3.connect(db)
        count = conn.execute("SELECT count(*) FROM plies").fetchone()[0]
        snaps = conn.execute("SELECT coalesce(sum(length(body)), 0) FROM snapshots").fetchone()[0]
        conn.close()
        size = os.path.getsize(db)
        row(
            f"bytes per ply at {n:,} plies",
            f"{size / count:,.0f}",
            f"snapshots {snaps / count:,.0f} of them",
        )


# --- 5. odds -------------------------------------------------------------------------------


def bench_odds(tmp: Path, runs: int, memory_runs: int) -> None:
    print("5. fracas odds", flush=True)
    from odds import peak, rates

    from engine.oddsrun import cores

    table = build(tmp / "odds.db", plies=200)
    jobs = cores()
    one, many, busy = rates(table, runs, jobs, 3)
    row("odds, --jobs 1", f"{one:,.1f} runs/s", f"{runs} runs of a 200-ply fight")
    row(
        f"odds, --jobs {jobs} (every core)",
        f"{many:,.1f} runs/s",
        f"{many / one:.2f}x --jobs 1; {busy:.2f} cores busy on average",
    )
    if memory_runs:
        short = tmp / "odds-short.db"
        build(short, plies=12)
        _, floor_me, floor_worker = peak(short, 1000, jobs)
        took, me, worker = peak(short, memory_runs, jobs)
        row(
            f"odds peak memory, --runs {memory_runs:,} (every core)",
            f"{max(me, worker):.1f} MB",
            f"target <= 100 MB; process {me:.1f} MB, largest worker {worker:.1f} MB; "
            f"{max(me, worker) / max(floor_me, floor_worker):.2f}x at 1,000 runs; {took:.0f} s",
        )


def main() -> None:
    # Time what a GM's machine runs: compiled modules cached in __pycache__. With this set
    # (as in some shells and CI), every run would compile what changed since the last cache.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--sizes", default="100,1000,10000,100000")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--odds-runs", type=int, default=200)
    parser.add_argument("--odds-memory-runs", type=int, default=100_000, help="0: not measured")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="fracas-bench-") as d:
        tmp = Path(d)
        bench_rebuild(tmp, args.events)
        dbs = bench_sizes(tmp, sizes, args.runs)
        bench_startup(tmp, dbs[sizes[0]], max(args.runs, 20))
        bench_verify(dbs)
        bench_odds(tmp, args.odds_runs, args.odds_memory_runs)
    print("\n| figure | measured | note |\n|---|---|---|")
    for figure, value, note in ROWS:
        print(f"| {figure} | {value} | {note} |")


if __name__ == "__main__":
    main()
