"""The shell benchmark: one action typed at `fracas shell` on a 1,000-ply fight, all measured
in this run, medians:

* in the shell, one action after another (the state kept in memory on one open connection:
  engine/session.py), and `status` likewise;
* in the shell, one action after another process appended one (the file opened afresh and the
  state folded again from its snapshots);
* the same action run through the same app in this process but opening the file for the
  command (what the shell did before it kept the file open);
* the same as a whole `fracas` process (the start-up the shell saves).

And how a line is read (issue 24), on a small fight:

* a line of 2 MB and one of 10 MB, past the shell's limit, read and refused, against reading
  a line of the limit's length (the floor: what reading any line costs);
* a word of 200,000 characters split into words, against Python's ``shlex.split`` (which the
  shell used: its time grows with the square of a word's length);
* 5,000 mistyped lines (an unknown command, a missing argument, an open quote …) in the shell,
  each refused with its one line, against the same lines through the typer app called for each
  (as the shell did: it builds the click group from every command's signature each time), and
  as a whole `fracas shell` process reading them from a pipe.

Prints figures and ratios; asserts nothing.

    .venv/bin/python bench/shell.py [--plies 1000] [--actions 30] [--bad-lines 5000]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import shlex
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
from cli.shellline import MAX_LINE, read_line, split


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


#: Mistyped lines of every kind: each is refused with one line.
BAD = ("bogus", "strike", "strike nobody nobody", "'unclosed", "status --bogus", "--db",
       "undo x", "help bogus", "add /nowhere/x.toml", "next --dice 1,2,3,4,5,6,7,8,9")  # fmt: skip


def best(fn: Any, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def bench_lines(tmp: Path, bad: int) -> None:
    """How a line is read, split and refused (see the module docstring)."""
    db = tmp / "lines.db"
    build(db, plies=6)

    def refused(path: Path) -> None:  # as stdin reads it: text over a buffered file
        with path.open(encoding="utf-8") as stream:
            line = read_line(stream)
            assert line is not None and line.too_long
            with contextlib.redirect_stderr(io.StringIO()):
                sh.refuse(line, 1)
            assert read_line(stream) == ("status", 6)

    def read(path: Path) -> None:
        with path.open(encoding="utf-8") as stream:
            read_line(stream)

    sh = Shell(db, as_json=False)
    limit = tmp / "limit.txt"
    limit.write_text("x" * MAX_LINE + "\nstatus\n")
    at_limit = best(lambda: read(limit))
    print(f"lines (the shell's limit: {MAX_LINE:,} characters)")
    print(f"  a line of {MAX_LINE:,} characters read: {at_limit * 1000:.2f} ms (the floor)")
    for size in (2_000_000, 10_000_000):
        path = tmp / f"{size}.txt"
        path.write_text("status " + "x" * (size - 7) + "\nstatus\n")
        took = best(lambda path=path: refused(path))
        print(
            f"  a line of {size / 1e6:.0f} MB read and refused: {took * 1000:.1f} ms, "
            f"{took / at_limit:.0f}x the floor for {size / MAX_LINE:.0f}x the characters"
        )
    word = "add " + "x" * 200_000
    ours = best(lambda: split(word))
    theirs = best(lambda: shlex.split(word), 1)
    print(
        f"  a 200,000-character word split: {ours * 1000:.2f} ms; shlex.split "
        f"{theirs * 1000:.0f} ms ({theirs / ours:.0f}x)"
    )
    lines = [BAD[i % len(BAD)] for i in range(bad)]
    sink = io.StringIO()
    with contextlib.redirect_stderr(sink), contextlib.redirect_stdout(sink):
        t = time.perf_counter()
        codes = [sh.run_line(line) for line in lines]
        in_shell = time.perf_counter() - t
        assert all(codes)
        t = time.perf_counter()
        for line in lines[: max(1, bad // 10)]:  # a tenth: the old way is slow
            with contextlib.suppress(BaseException):  # each line fails, as it should
                app(args=["--db", str(db), *shlex.split(line)], standalone_mode=False)
        per_app = (time.perf_counter() - t) / max(1, bad // 10)
    sh.close()
    t = time.perf_counter()
    done = subprocess.run(
        [str(FRACAS), "--db", str(db), "shell"], input="\n".join(lines) + "\n",
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    process = time.perf_counter() - t
    assert len(done.stderr.splitlines()) == bad, done.stderr[-500:]
    per_line = in_shell / bad
    print(
        f"  {bad:,} mistyped lines in the shell: {in_shell:.2f} s, {per_line * 1000:.2f} ms a "
        f"line; through the typer app each (as before): {per_app * 1000:.2f} ms a line "
        f"({per_app / per_line:.1f}x)"
    )
    print(f"  the same {bad:,} lines piped to a whole `fracas shell`: {process:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--plies", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=30)
    parser.add_argument("--bad-lines", type=int, default=5000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        bench_lines(Path(tmp), args.bad_lines)
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
