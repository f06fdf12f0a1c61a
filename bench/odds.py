"""The odds benchmark: `fracas odds` re-resolves a branch's declarations many times. Prints
figures and ratios against floors measured in the same run; asserts nothing.

    .venv/bin/python bench/odds.py [--plies 200] [--runs 200] [--repeat 3]
                                   [--memory-runs 1000,100000] [--jobs N]

1. The rate on one core, re-resolved plies per CPU second, against `replay --verify` of the
   same fight (which re-resolves every ply once, and checks it): the floor.
2. Runs per second (wall) with one job and with every core (`--jobs N`, default: one per
   core), and the ratio; what starting the workers costs (a report of as many runs as workers,
   in workers and in this process); the two reports are checked equal.
3. Peak memory (RSS) of a whole `fracas odds` process and of its largest worker, on a short
   fight at each of ``--memory-runs`` (the documented maximum is 100,000), with one job and
   with every core; the ratio of the largest to the smallest number of runs.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from fights import build

from engine.oddsrun import cores

#: Runs one `fracas odds` in this interpreter and prints its exit code and the peak RSS (KiB)
#: of the process and of its largest child (a worker) as JSON on stderr's last line.
DRIVER = """
import json, resource, sys
sys.argv = ["fracas", *sys.argv[1:]]
from cli.main import run
code = 0
try:
    run()
except SystemExit as exit_:
    code = exit_.code
# VmHWM, not ru_maxrss: Linux carries the parent's peak across fork and exec into
# ru_maxrss, so a bench process grown large would be counted as this one.
with open("/proc/self/status") as status:
    me = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"code": code, "self": me, "children": kids}), file=sys.stderr)
"""


def best(fn: Callable[[], object], repeat: int, clock: Callable[[], float]) -> float:
    """The least time of ``repeat`` calls, on ``clock``."""
    times = []
    for _ in range(repeat):
        t = clock()
        fn()
        times.append(clock() - t)
    return min(times)


def peak(db: Path, runs: int, jobs: int) -> tuple[float, float, float]:
    """(wall seconds, peak RSS MB of the process, of its largest worker) of one `fracas
    odds --runs RUNS --jobs JOBS` on ``db``."""
    argv = [sys.executable, "-c", DRIVER, "--db", str(db), "odds", "--runs", str(runs)]
    t = time.perf_counter()
    done = subprocess.run(
        [*argv, "--seed", "1", "--jobs", str(jobs)], capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - t
    figures = json.loads(done.stderr.splitlines()[-1])
    if figures["code"] != 0:
        raise SystemExit(done.stderr)
    return wall, figures["self"] / 1024, figures["children"] / 1024


def _cpu() -> float:
    """CPU seconds of this process and of its children reaped so far (the workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def rates(table: Any, runs: int, jobs: int, repeat: int) -> tuple[float, float, float]:
    """Runs per second (wall) of ``table.odds`` from ply 3 with one job and with ``jobs``, and
    how many cores the latter kept busy on average (CPU seconds, the workers' too, over wall
    seconds: on a machine others use, fewer than ``jobs``); the reports are checked equal."""
    wall = time.perf_counter
    one = best(lambda: table.odds([], "3", runs, seed=1, jobs=1), repeat, wall)
    timed = []  # (wall, cores busy) of each run with jobs
    for _ in range(repeat):
        cpu, t = _cpu(), wall()
        table.odds([], "3", runs, seed=1, jobs=jobs)
        took = wall() - t
        timed.append((took, (_cpu() - cpu) / took))
    many, busy = min(timed)
    a = msgspec.to_builtins(table.odds([], "3", runs, seed=1, jobs=1))
    assert a == msgspec.to_builtins(table.odds([], "3", runs, seed=1, jobs=jobs)), "--jobs"
    return runs / one, runs / many, busy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--memory-runs", default="1000,100000")
    parser.add_argument("--jobs", type=int, default=cores())
    args = parser.parse_args()
    jobs = args.jobs
    with tempfile.TemporaryDirectory() as tmp:
        table = build(Path(tmp) / "odds.db", plies=args.plies)
        # after the two joins and the start
        report = table.odds([], "3", args.runs, seed=1, jobs=1)
        declarations = report.branches[0].declarations
        print(f"fight: {args.plies} plies; odds: {args.runs} runs of {declarations} declarations")
        cpu = time.process_time
        odds_cpu = best(lambda: table.odds([], "3", args.runs, seed=1, jobs=1), args.repeat, cpu)
        verify_cpu = best(lambda: table.verify(), args.repeat, cpu)
        verified = table.verify().plies
        odds_rate = declarations * args.runs / odds_cpu
        verify_rate = verified / verify_cpu
        print("1. one core")
        print(f"  odds, re-resolved plies per CPU second: {odds_rate:,.0f}")
        print(f"  floor, replay --verify plies per CPU second: {verify_rate:,.0f}")
        print(f"  odds / floor: {odds_rate / verify_rate:.2f}x   (target: >= 1,000 plies/s)")

        one, many, busy = rates(table, args.runs, jobs, args.repeat)
        wall = time.perf_counter
        tiny = max(jobs, 2)
        start_in = best(lambda: table.odds([], "3", tiny, seed=1, jobs=tiny), args.repeat, wall)
        start_here = best(lambda: table.odds([], "3", tiny, seed=1, jobs=1), args.repeat, wall)
        print(f"2. runs per second (wall), {cores()} core(s) here")
        for n, rate in ((1, one), (jobs, many)):
            print(f"  --jobs {n}: {rate:,.1f} runs/s ({declarations * rate:,.0f} plies/s)")
        print(f"  --jobs {jobs} / --jobs 1: {many / one:.2f}x   (the same report: checked)")
        print(
            f"  cores kept busy by --jobs {jobs}: {busy:.2f} on average (fewer when other "
            "programs use the machine)"
        )
        print(
            f"  {tiny} runs in {tiny} workers: {start_in * 1000:.0f} ms; in this process "
            f"{start_here * 1000:.0f} ms (what starting the workers costs: "
            f"{(start_in - start_here / tiny) * 1000:.0f} ms)"
        )

        small = Path(tmp) / "short.db"
        build(small, plies=12)
        counts = [int(n) for n in args.memory_runs.split(",") if n.strip()]
        if counts:
            print("3. peak memory of a whole `fracas odds` (a 12-ply fight)")
        measured: dict[tuple[int, int], float] = {}
        for runs in counts:
            for n in sorted({1, jobs}):
                took, me, worker = peak(small, runs, n)
                measured[(runs, n)] = max(me, worker)
                print(
                    f"  --runs {runs:,} --jobs {n}: process {me:.1f} MB, largest worker "
                    f"{worker:.1f} MB, {took:.1f} s ({runs / took:,.0f} runs/s)   (target: "
                    "<= 100 MB)"
                )
        if len(counts) > 1:
            lo, hi = min(counts), max(counts)
            for n in sorted({1, jobs}):
                print(
                    f"  --jobs {n}: peak at {hi:,} runs / at {lo:,}: "
                    f"{measured[(hi, n)] / measured[(lo, n)]:.2f}x   (it does not grow with runs)"
                )


if __name__ == "__main__":
    main()
