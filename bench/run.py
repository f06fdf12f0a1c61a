"""fracas benchmarks: print figures, assert nothing.

    .venv/bin/python bench/run.py [--events 100000] [--strikes 15]

1. Full rebuild rate of a fight of about 100,000 events (read + decode + fold), events/s.
2. Branch creation time on a 100-ply and a 100,000-ply branch (at the head, and --at ply 1).
3. Wall time of one `fracas strike` (a real process) on a 1,000-ply fight.

Fights are made with the real rules (Kernel.resolve) and stored with the real store; the
big one is written in one transaction to save time, which does not change what is read.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.dice import Dice  # noqa: E402
from engine.replay import Kernel, encode_all  # noqa: E402
from engine.table import Table  # noqa: E402
from events.core import Declaration, InitiativeDeclared  # noqa: E402
from events.palladium import StrikeDeclared  # noqa: E402
from projections.state import FightState  # noqa: E402

SHEETS = ROOT / "bench" / "sheets"
FRACAS = Path(sys.executable).with_name("fracas")


def next_declaration(state: FightState) -> Declaration:
    """Whatever is legal now: a strike by the acting fighter (answered at once) or initiative."""
    acting = state.clock.acting
    if acting is None:
        return InitiativeDeclared()
    target = next(c for c in state.combatants if c != acting)
    return StrikeDeclared(actor=acting, target=target, defend="none")


def build(db: Path, plies: int | None = None, events: int | None = None) -> Table:
    """An encounter with two tough fighters and a long fight on branch 'main'."""
    table = Table(db)
    table.new("bench", seed=1234)
    table.add(SHEETS / "anvil.toml", cid="anvil")
    table.add(SHEETS / "hammer.toml", cid="hammer")
    with table.scene() as sc:
        kernel: Kernel = sc.kernel
        state = kernel.rebuild(sc.store, sc.branch.head)
        head = sc.store.ply(sc.branch.head)
        batch: list[tuple[int, int, int, str, Sequence[int], list[tuple[str, int, str]]]] = []
        count = 0
        depth = head.depth
        while (plies is None or len(batch) < plies) and (events is None or count < events):
            depth += 1
            declaration = next_declaration(state)
            produced, state = kernel.resolve(state, declaration, Dice(1234, depth, 0))
            batch.append((1234, 0, kernel.pack.version, "bench", (), encode_all(produced)))
            count += len(produced)
        sc.store.branch_with_plies(sc.encounter.id, "long", head.id, batch)
    table.switch("long")
    return table


def bench_rebuild(tmp: Path, events: int) -> None:
    db = tmp / "rebuild.db"
    t0 = time.perf_counter()
    table = build(db, events=events)
    made = time.perf_counter() - t0
    with table.scene() as sc:
        n = sc.store.count("events")
        runs = []
        for _ in range(5):
            t = time.perf_counter()
            sc.kernel.rebuild(sc.store, sc.branch.head)
            runs.append(time.perf_counter() - t)
        bodies = sc.store.event_bodies(sc.branch.head, sc.kernel.unfolded_tags)
        t = time.perf_counter()
        decoded = sc.kernel.codec.decode_many(bodies)
        decode_s = time.perf_counter() - t
        t = time.perf_counter()
        sc.kernel.apply(FightState(), decoded)
        fold_s = time.perf_counter() - t
    best = min(runs)
    print(f"rebuild: {n:,} events ({made:.1f} s to generate with the real rules)")
    print(
        f"  full rebuild (SQL read + decode + fold): best {best * 1000:.0f} ms, median "
        f"{statistics.median(runs) * 1000:.0f} ms -> {n / best:,.0f} events/s"
    )
    print(
        f"  of which decode {decode_s * 1000:.0f} ms and fold {fold_s * 1000:.0f} ms of the "
        f"{len(bodies):,} events a reducer reads (the rest are skipped unread)"
    )


def bench_branch(tmp: Path, plies: int, label: str) -> None:
    db = tmp / f"branch-{plies}.db"
    table = build(db, plies=plies)
    at_head, at_start = [], []
    for i in range(20):
        t = time.perf_counter()
        table.branch(f"h{i}")
        at_head.append(time.perf_counter() - t)
        t = time.perf_counter()
        table.branch(f"s{i}", at="1")
        at_start.append(time.perf_counter() - t)
    print(
        f"branch creation on a {label}-ply branch: at head median "
        f"{statistics.median(at_head) * 1000:.2f} ms; --at 1 median "
        f"{statistics.median(at_start) * 1000:.2f} ms"
    )


def bench_strike(tmp: Path, runs: int) -> None:
    db = tmp / "strike.db"
    table = build(db, plies=1000)
    times = []
    for _ in range(runs):
        state = table.state()
        if state.clock.acting is None:
            table.declare(InitiativeDeclared())
            state = table.state()
        acting = state.clock.acting
        assert acting is not None
        target = next(c for c in state.combatants if c != acting)
        cmd = [str(FRACAS), "--db", str(db), "strike", acting, target, "--defend", "none"]
        t = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - t)
        if done.returncode != 0:
            raise SystemExit(f"strike failed: {done.stderr}")
    print(
        f"one `fracas strike` on a 1,000-ply fight: median {statistics.median(times) * 1000:.0f} "
        f"ms, min {min(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms ({runs} runs)"
    )
    t = time.perf_counter()
    subprocess.run([str(FRACAS), "--help"], capture_output=True, check=True)
    print(f"  for scale: `fracas --help` {(time.perf_counter() - t) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--strikes", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fracas-bench-") as d:
        tmp = Path(d)
        bench_rebuild(tmp, args.events)
        bench_branch(tmp, 100, "100")
        bench_branch(tmp, 100_000, "100,000")
        bench_strike(tmp, args.strikes)


if __name__ == "__main__":
    main()
