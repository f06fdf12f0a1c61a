"""The odds benchmark: `fracas odds` re-resolves a branch's declarations many times in one
process; its rate (re-resolved plies per second, per core) beside the floor measured in the
same run, `replay --verify` of the same fight (which re-resolves every ply once, and checks it).
Prints figures and a ratio; asserts nothing.

    .venv/bin/python bench/odds.py [--plies 200] [--runs 50] [--repeat 5]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from fights import build


def best(fn: Callable[[], object], repeat: int) -> float:
    """The least CPU time of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t = time.process_time()
        fn()
        times.append(time.process_time() - t)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        table = build(Path(tmp) / "odds.db", plies=args.plies)
        report = table.odds([], "3", args.runs, seed=1)  # after the two joins and the start
        declarations = report.branches[0].declarations
        odds_cpu = best(lambda: table.odds([], "3", args.runs, seed=1), args.repeat)
        verify_cpu = best(lambda: table.verify(), args.repeat)
        verified = table.verify().plies
    odds_rate = declarations * args.runs / odds_cpu
    verify_rate = verified / verify_cpu
    print(f"fight: {args.plies} plies; odds: {args.runs} runs of {declarations} declarations")
    print(f"  odds, re-resolved plies per CPU second (one core): {odds_rate:,.0f}")
    print(f"  floor, replay --verify plies per CPU second: {verify_rate:,.0f}")
    print(f"  odds / floor: {odds_rate / verify_rate:.2f}x   (target: >= 1,000 plies/s)")


if __name__ == "__main__":
    main()
