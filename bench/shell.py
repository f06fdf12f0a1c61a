"""The shell benchmark: one action typed at `fracas shell` on a 1,000-ply fight, all measured
in this run, medians:

* in the shell, one action after another (the state kept in memory on one open connection:
  engine/session.py), and `status` likewise;
* in the shell, one action after another process appended one (the file opened afresh and the
  state folded again from its snapshots);
* the same action run through the same app in this process but opening the file for the
  command (what the shell did before it kept the file open);
* the same as a whole `fracas` process (the start-up the shell saves).

Prints figures and ratios; asserts nothing.

    .venv/bin/python bench/shell.py [--plies 1000] [--actions 30]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fights import FRACAS, build, next_argv

from cli.main import app
from cli.shell import Shell


def _timed(sh: Shell | None, line: str, sink: io.StringIO) -> float:
    """One line in the shell ``sh``, or (None) through the same app opening the file."""
    t = time.perf_counter()
    with contextlib.redirect_stdout(sink):
        if sh is not None:
            code = sh.run_line(line)
        else:
            args = line.split()
            saved, sys.argv = sys.argv, ["fracas", *args]
            try:
                code = app(args=["--db", DB[0], *args], prog_name="fracas", standalone_mode=False)
            finally:
                sys.argv = saved
    elapsed = time.perf_counter() - t
    assert not code, line
    return elapsed


DB: list[str] = []


def _argv_from(doc: dict[str, Any]) -> str:
    """:func:`next_argv` from a `status --json` document (read by another process)."""
    acting = doc["acting"]
    if acting is None:
        return "initiative"
    target = next(c["id"] for c in doc["combatants"] if c["id"] != acting)
    return f"strike {acting} {target} --defend none"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=30)
    args = parser.parse_args()
    sink = io.StringIO()
    n = args.actions
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "shell.db"
        DB.append(str(db))
        table = build(db, plies=args.plies)
        table.status()  # the first command on a built fight folds it and keeps snapshots
        # Before the shell opens the file: this process must not open it beside the shell's.
        opened = [_timed(None, " ".join(next_argv(table.state())), sink) for _ in range(n)]
        sh = Shell(db, as_json=False)
        in_shell = [_timed(sh, " ".join(next_argv(table.state())), sink) for _ in range(n)]
        status = [_timed(sh, "status", sink) for _ in range(n)]
        after_other, whole = [], []
        for _ in range(n):
            argv = next_argv(table.state())
            t = time.perf_counter()
            subprocess.run([str(FRACAS), "--db", str(db), *argv], check=True, capture_output=True)
            whole.append(time.perf_counter() - t)
            doc = subprocess.run(
                [str(FRACAS), "--db", str(db), "--json", "status"],
                check=True, capture_output=True, text=True,
            ).stdout  # fmt: skip
            after_other.append(_timed(sh, _argv_from(json.loads(doc)), sink))
        sh.close()
    ms = {
        name: statistics.median(xs) * 1000
        for name, xs in (("shell", in_shell), ("status", status), ("other", after_other),
                         ("opened", opened), ("process", whole))
    }  # fmt: skip
    print(f"fight: {args.plies} plies; {n} of each (medians)")
    print(f"  one action in the shell: {ms['shell']:.1f} ms")
    print(f"  `status` in the shell: {ms['status']:.1f} ms")
    print(f"  one action in the shell after another process appended: {ms['other']:.1f} ms")
    print(f"  the same action opening the file for the command: {ms['opened']:.1f} ms")
    print(f"  the same as a whole fracas process: {ms['process']:.1f} ms")
    print(f"  shell / process: {ms['shell'] / ms['process']:.2f}x")
    print(f"  shell / opening the file each command: {ms['shell'] / ms['opened']:.2f}x")


if __name__ == "__main__":
    main()
