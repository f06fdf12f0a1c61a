"""The shell benchmark: one action typed at `fracas shell` on a 1,000-ply fight, against the
same action as a whole `fracas` process (the start-up the shell saves), both measured in this
run. Prints figures and a ratio; asserts nothing.

    .venv/bin/python bench/shell.py [--plies 1000] [--actions 30]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from fights import FRACAS, build, next_argv

from cli.shell import Shell


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "shell.db"
        table = build(db, plies=args.plies)
        sh = Shell(db, as_json=False)
        in_shell, whole = [], []
        sink = io.StringIO()
        for _ in range(args.actions):
            line = " ".join(next_argv(table.state()))
            t = time.perf_counter()
            with contextlib.redirect_stdout(sink):
                code = sh.run_line(line)
            in_shell.append(time.perf_counter() - t)
            assert code == 0, line
            argv = next_argv(table.state())
            t = time.perf_counter()
            subprocess.run([str(FRACAS), "--db", str(db), *argv], check=True, capture_output=True)
            whole.append(time.perf_counter() - t)
    shell_ms, process_ms = statistics.median(in_shell) * 1000, statistics.median(whole) * 1000
    print(f"fight: {args.plies} plies; {args.actions} actions each way (medians)")
    print(f"  one action in the shell: {shell_ms:.1f} ms")
    print(f"  the same as a whole fracas process: {process_ms:.1f} ms")
    print(f"  shell / process: {shell_ms / process_ms:.2f}x")


if __name__ == "__main__":
    main()
