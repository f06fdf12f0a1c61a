"""Two shells and two command lines writing to one fight at once: no sound file is ever
refused. Checkpoints run all the while (each command line's close makes one), so the moment
a checkpoint has written the file's header but not yet grown the file comes and goes; every
answer is one of exit 0 (done), 1 (refused by the rules: not his turn), 3 (another wrote
first) or 4 (busy), never 5, and the fight verifies whole after.

The default suite hammers for a few seconds; ``-m slow`` for 30.
"""

from __future__ import annotations

import json
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests import faults
from tests.conftest import SHEETS, CliResult, FracasCli, assert_log_contiguous, snapshot

#: What each shell cycles through.
CYCLE: tuple[tuple[str, ...], ...] = (
    ("next",),
    ("initiative",),
    ("status",),
    ("undo",),
    ("redo",),
    ("next",),
    ("log", "--round", "1"),
    ("branches",),
)
#: What each command line cycles through: sheets added grow the file, so that checkpoints
#: write a header counting pages the file does not have yet.
CLI_CYCLE: tuple[tuple[str, ...], ...] = (
    ("add", str(SHEETS / "cs_grunt.yaml"), "--id", "ID"),
    ("next",),
    ("status",),
    ("initiative",),
)
ALLOWED = {0, 1, 3, 4}


def _cli_loop(cli: FracasCli, db: Path, until: float, seen: list[CliResult], me: str) -> None:
    n = 0
    while time.monotonic() < until:
        args = [f"{me}-{n}" if a == "ID" else a for a in CLI_CYCLE[n % len(CLI_CYCLE)]]
        seen.append(cli(*args, db=db))
        n += 1


def _shell(cli: FracasCli, db: Path, until: float, seen: list[tuple[int, str]]) -> None:
    """A shell fed the cycle until ``until``; each error it printed, as (exit, message)."""
    proc = subprocess.Popen(
        cli.argv("--json", "shell", db=db),
        cwd=cli.home,
        env=cli.env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    stdin, stderr = proc.stdin, proc.stderr
    assert stdin is not None and stderr is not None
    errors: list[str] = []
    reader = threading.Thread(target=lambda: errors.extend(stderr), daemon=True)
    reader.start()
    n = 0
    try:
        while time.monotonic() < until:
            stdin.write(" ".join(CYCLE[n % len(CYCLE)]) + "\n")
            stdin.flush()
            n += 1
            time.sleep(0.02)
        stdin.close()
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    reader.join(timeout=30)
    for line in errors:
        if line.strip():
            doc = json.loads(line)
            seen.append((int(doc["exit"]), str(doc["error"])))


def hammer(db: Path, cli: FracasCli, seconds: float) -> Counter[int]:
    until = time.monotonic() + seconds
    runs: list[CliResult] = []
    shells: list[tuple[int, str]] = []
    failed: list[BaseException] = []

    def guarded(target: Callable[..., None], *args: object) -> threading.Thread:
        def body() -> None:
            try:
                target(*args)
            except BaseException as err:  # a writer that broke fails the test, not its thread
                failed.append(err)

        return threading.Thread(target=body)

    threads = [
        guarded(_cli_loop, cli, db, until, runs, "a"),
        guarded(_cli_loop, cli, db, until, runs, "b"),
        guarded(_shell, cli, db, until, shells),
        guarded(_shell, cli, db, until, shells),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 180)
    assert not failed, failed
    codes: Counter[int] = Counter(r.code for r in runs)
    codes.update(code for code, _ in shells)
    wrong = [r for r in runs if r.code not in ALLOWED or "Traceback" in r.stderr]
    wrong_shell = [s for s in shells if s[0] not in ALLOWED]
    assert not wrong and not wrong_shell, (wrong[:3], wrong_shell[:3])
    assert codes[0] > 0, codes
    return codes


def _check_after(db: Path, cli: FracasCli) -> None:
    assert cli("replay", "--verify", db=db).code == 0
    assert_log_contiguous(snapshot(db))
    assert faults.side_files(db) <= {"-wal", "-shm"}  # a reader's (snapshot) only


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    db = tmp_path / "fight.db"
    faults.play(db, faults.FIGHT)
    return db


def test_two_shells_and_two_command_lines_never_see_a_sound_file_refused(
    fight: Path, fracas_cli: FracasCli
) -> None:
    hammer(fight, fracas_cli, 8)
    _check_after(fight, fracas_cli)


@pytest.mark.slow
def test_thirty_seconds_of_four_writers_never_see_a_sound_file_refused(
    fight: Path, fracas_cli: FracasCli
) -> None:
    hammer(fight, fracas_cli, 30)
    _check_after(fight, fracas_cli)
