"""`fracas shell` within bounds (issue 24, bounded work), as a real process reading a pipe: a
line over the shell's limit (README, "At the table: the shell") is refused with one line and
exit 2, nothing written, and the shell goes on to the next line; bytes that are not text do not
end the shell whatever the locale's error handling; a stream of bad lines gets one error each.
How fast this is goes in bench/shell.py: no test here is timed."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cli.shellline import MAX_LINE
from tests.conftest import SHEETS

FRACAS = Path(sys.executable).parent / "fracas"

SETUP = (
    "new duel --seed 7",
    f"add {SHEETS / 'marcus_kell.toml'} --id marcus",
    f"add {SHEETS / 'cs_grunt.yaml'} --id vance",
    "initiative --dice 15,3",
)


def shell(
    db: Path, data: bytes, *options: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [str(FRACAS), "--db", str(db), *options, "shell"], input=data, capture_output=True,
        timeout=120, check=False, env=env,
    )  # fmt: skip


def lines(*typed: str) -> bytes:
    return ("\n".join(typed) + "\n").encode()


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    db = tmp_path / "f.db"
    assert shell(db, lines(*SETUP)).returncode == 0
    return db


def documents(out: bytes) -> list[dict[str, object]]:
    """Every JSON document printed, one after another."""
    text, docs, at = out.decode(), [], 0
    decoder = json.JSONDecoder()
    while text[at:].strip():
        at += len(text[at:]) - len(text[at:].lstrip())
        doc, at = decoder.raw_decode(text, at)
        docs.append(doc)
    return docs


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_line_over_the_limit_is_refused_and_the_shell_goes_on(fight: Path) -> None:
    before = digest(fight)
    huge = "strike marcus vance --note " + "x" * 2_000_000  # 2 MB: refused, never run
    done = shell(fight, lines("--json status", huge, "--json status"))
    errors = done.stderr.decode().splitlines()
    assert errors == [
        f"fracas: error: line 2 is {len(huge):,} characters long, over the shell's limit of "
        f"{MAX_LINE:,}: it was not run; nothing was written"
    ]
    assert [d["head"] for d in documents(done.stdout)] == [
        3,
        3,
    ]  # both statuses ran; the strike did not
    assert done.returncode == 2  # the last command that failed: the refused line
    assert digest(fight) == before


def test_the_limit_is_the_lines_length_in_characters(fight: Path) -> None:
    """A line of MAX_LINE characters runs (padded with spaces, `status` is `status`); one
    more is refused; a last line without its newline counts the same, and `é` is one."""
    at_limit = "status" + " " * (MAX_LINE - len("status"))
    over = "é" * (MAX_LINE + 1)
    done = shell(fight, lines(at_limit, over) + at_limit.encode() + b" ")
    assert done.stdout.decode().count("encounter 'duel'") == 1
    assert done.stderr.decode().splitlines() == [
        f"fracas: error: line {n} is {MAX_LINE + 1:,} characters long, over the shell's limit "
        f"of {MAX_LINE:,}: it was not run; nothing was written"
        for n in (2, 3)
    ]
    assert done.returncode == 2


def test_a_refused_line_under_json_is_a_json_error(fight: Path) -> None:
    done = shell(fight, lines("x" * (MAX_LINE + 10), "exit"), "--json")
    (error,) = done.stderr.decode().splitlines()
    assert json.loads(error) == {
        "error": f"line 1 is {MAX_LINE + 10:,} characters long, over the shell's limit of "
        f"{MAX_LINE:,}: it was not run; nothing was written",
        "exit": 2,
    }
    assert done.returncode == 2


def test_the_shell_runs_a_line_given_in_process_within_the_limit(fight: Path) -> None:
    from cli.shell import Shell

    sh = Shell(fight, as_json=True)
    try:
        assert sh.run_line("x" * (MAX_LINE + 1)) == 2
        assert sh.run_line("status" + " " * MAX_LINE) == 2  # over, though blank past status
        assert sh.run_line("'open") == 2
        assert sh.run_line("--json status") == 0
    finally:
        sh.close()


@pytest.mark.parametrize("errors", ["strict", "surrogateescape"])
def test_bytes_that_are_not_text_never_end_the_shell(fight: Path, errors: str) -> None:
    """Under a locale whose stdin is strict (en_US.UTF-8 is), a byte that is not UTF-8 read
    as text raised UnicodeDecodeError: an internal error (exit 70) that ended the shell. It is
    kept as the command line keeps it in sys.argv, and the command refuses it as it would."""
    env = {**os.environ, "PYTHONIOENCODING": f"utf-8:{errors}"}
    before = digest(fight)
    data = b"next --note caf\xe9\xff\n--json status\n"
    done = shell(fight, data, env=env)
    stderr = done.stderr.decode(errors="replace")
    assert "Traceback" not in stderr and "internal error" not in stderr
    assert json.loads(done.stdout)["head"] == 3
    assert done.returncode not in (0, 70)
    assert len(stderr.splitlines()) == 1 and stderr.startswith("fracas: error: ")
    assert digest(fight) == before


def test_a_stream_of_bad_lines_gets_one_error_each(fight: Path) -> None:
    """Typing mistakes of every kind, 100 of each: each its own line on stderr, the shell
    going on to the next (bench/shell.py times 5,000 of them)."""
    bad = ["bogus", "strike", "'unclosed", "status --bogus", "undo x", "help bogus",
           "strike nobody nobody", "add /nowhere/x.toml", "x" * (MAX_LINE + 1)]  # fmt: skip
    before = digest(fight)
    done = shell(fight, lines(*(bad * 100), "--json status"))
    raw = done.stderr.decode().splitlines()
    assert all(e.startswith("fracas: error: ") for e in raw)
    errors = [re.sub(r"^fracas: error: line \d+ ", "", e) for e in raw]  # as line N says
    assert len(errors) == len(bad) * 100
    assert errors == errors[: len(bad)] * 100  # the same words each time
    assert errors[-1].startswith(f"is {MAX_LINE + 1:,} characters long")
    assert [d["head"] for d in documents(done.stdout)] == [3]
    assert done.returncode == 2
    assert digest(fight) == before


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
@pytest.mark.slow  # readline echoes a pasted 64K line slowly; on a loaded machine it can stall
def test_at_a_terminal_a_line_over_the_limit_is_refused_and_not_kept(
    fight: Path, tmp_path: Path
) -> None:
    """A real terminal (a pty): the long line is refused with its one line, the shell goes on
    at its prompt, and the line is kept out of the history file."""
    import pty
    import select
    import signal
    import time

    pytest.importorskip("readline", reason="no readline: no history")
    history = tmp_path / "history"
    pid, fd = pty.fork()
    if pid == 0:  # the child: the shell on a terminal
        os.environ["FRACAS_HISTORY"] = str(history)
        os.execv(str(FRACAS), ["fracas", "--db", str(fight), "shell"])
    seen = bytearray()

    def until(end: str, timeout: float = 60.0) -> str:
        stop = time.monotonic() + timeout
        while time.monotonic() < stop and not seen.decode(errors="replace").endswith(end):
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    seen.extend(os.read(fd, 1 << 16))
                except OSError:
                    break
        return seen.decode(errors="replace")

    def type_in(data: bytes, timeout: float = 120.0) -> None:  # as a paste, echo read as it comes
        view = memoryview(data)
        stop = time.monotonic() + timeout
        while view:
            assert time.monotonic() < stop, f"the shell took no input for {timeout} s"
            if select.select([], [fd], [], 0.1)[1]:
                view = view[os.write(fd, view[:4096]) :]
            while select.select([fd], [], [], 0)[0]:
                seen.extend(os.read(fd, 1 << 16))

    try:
        assert until("> ").endswith("marcus> ")
        seen.clear()
        type_in(b"status " + b"x" * MAX_LINE + b"\n")
        shown = until("marcus> ")
        assert (
            f"fracas: error: the line is {MAX_LINE + 7:,} characters long, over the shell's "
            f"limit of {MAX_LINE:,}: it was not run; nothing was written"
        ) in shown
        seen.clear()
        os.write(fd, b"status\n")
        assert "round 1: Marcus Kell (marcus) acts" in until("marcus> ")
        os.write(fd, b"exit\n")
        until("\n", 10)
    finally:
        for _ in range(100):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 2  # the refused line: the last that failed
    assert history.read_text().splitlines() == ["status", "exit"]
