"""`fracas odds --jobs N` (issue 24, bounded work): the runs on N processes (default: one per
core), the same report, byte for byte, for the same --seed whatever N; bad values refused (exit
2); a worker's failure, a worker stopped by a signal, or Ctrl-C end the command cleanly (one
line, its exit code, no worker left behind, nothing written). How fast and in how much memory
goes in bench/odds.py: no test here is timed."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from engine.oddsrun import MAX_JOBS, Plan, tally
from engine.table import Table
from events.core import Declaration
from tests.cli.test_odds import knife_fight, three_in_turn
from tests.conftest import SHEETS, CliResult, FracasCli, GmCli, assert_one_line_error

Invoke = Callable[..., CliResult]
FRACAS = Path(sys.executable).parent / "fracas"


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each fight made once for the module; a test works on its own copy (:func:`copy`)."""
    home = tmp_path_factory.mktemp("fights")
    fights = {}
    for build in (knife_fight, three_in_turn, brp_fight):
        db = home / f"{build.__name__}.db"
        build(GmCli(FracasCli(home), db))
        fights[build.__name__] = db
    return fights


def copy(made: dict[str, Path], name: str, to: Path) -> Path:
    db = to / "f.db"
    shutil.copyfile(made[name], db)
    return db


def brp_fight(gm: GmCli) -> None:
    """A BRP fight the luck of other runs ends otherwise (a bandit down or dead)."""
    gm("new", "brp-duel", "--seed", "77", "--system", "brp")
    gm("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit")
    for _ in range(3):
        gm("initiative")
        gm("next")  # to the powers phase
        gm("attack", "ilsa", "bandit", "--defend", "none")  # the turns begin with it
        gm("next")


@pytest.mark.parametrize(
    ("fight", "args"),
    [
        ("knife_fight", ("main", "what-if", "--runs", "150", "--seed", "5")),
        ("knife_fight", ("--runs", "41", "--seed", "8", "--until", "round 1")),
        ("three_in_turn", ("--runs", "90", "--seed", "1")),  # skips, the first, a warning
        ("brp_fight", ("--runs", "120", "--seed", "3")),
    ],
)
def test_every_number_of_jobs_gives_the_same_report(
    fracas_cli: Invoke, tmp_path: Path, made: dict[str, Path], fight: str, args: tuple[str, ...]
) -> None:
    db = copy(made, fight, tmp_path)
    before = digest(db)
    for as_json in ((), ("--json",)):
        reports = {
            jobs: fracas_cli(*as_json, "odds", *args, *jobs, db=db)
            for jobs in ((), ("--jobs", "1"), ("--jobs", "2"), ("--jobs", "5"))
        }
        first = reports[()]
        assert first.code == 0 and first.stderr == "", first
        for jobs, done in reports.items():
            assert (done.code, done.stdout, done.stderr) == (0, first.stdout, ""), jobs
    assert digest(db) == before  # odds only reads


def test_a_report_in_jobs_is_the_report_of_one_process(tmp_path: Path) -> None:
    """Through the library, workers started by `spawn` (as on macOS and Windows) as well as
    `fork`: each branch's tally is the same as one process's."""
    gm_db = tmp_path / "f.db"
    table = Table(gm_db)
    table.new("duel", seed=7)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "cs_grunt.yaml", cid="vance")
    with table.scene() as sc:
        kernel = sc.kernel
        base = kernel.rebuild(sc.store, sc.branch.head)
    from events.core import InitiativeDeclared, PassDeclared
    from events.palladium import StrikeDeclared

    plan = Plan(
        system="palladium",
        base=base,
        depth=2,
        plans=[
            [InitiativeDeclared(), StrikeDeclared(actor="marcus", target="vance"), PassDeclared()],
            [InitiativeDeclared(), PassDeclared(), PassDeclared()],
        ],
        until=None,
        seed=11,
        runs=37,
    )

    def summary(tallies: list) -> list:  # type: ignore[type-arg]
        return [
            (
                t.runs,
                t.skipped,
                t.first,
                sorted(t.rounds.seen.items()),
                [
                    (cid, f.first, f.last, f.name, f.fates,
                     {p: (at, sorted(c.seen.items())) for p, (at, c) in f.pools.items()})
                    for cid, f in t.listed()
                ],
            )
            for t in tallies
        ]  # fmt: skip

    alone = summary(tally(kernel, plan, 1))
    assert alone[0][0] == 37 and alone[0][4]  # every run counted, combatants seen
    seen = []
    for method in ("fork", "spawn") if sys.platform == "linux" else ("spawn",):
        for jobs in (2, 3):
            done: list[int] = []
            assert summary(tally(kernel, plan, jobs, done.append, method)) == alone
            assert sum(done) == 2 * 37  # progress: every run of both branches, once
            seen.append(method)
    assert multiprocessing.active_children() == []
    assert seen


@pytest.mark.parametrize("value", ["0", "-1", "-5", "257", "99999999999", "abc", "", "1.5", "２"])
def test_bad_jobs_are_refused(
    fracas_cli: Invoke, tmp_path: Path, made: dict[str, Path], value: str
) -> None:
    db = copy(made, "knife_fight", tmp_path)
    before = sorted(os.listdir(tmp_path)), digest(db)
    assert_one_line_error(fracas_cli("odds", "--jobs", value, db=db), 2, "--jobs")
    assert_one_line_error(fracas_cli("--json", "odds", f"--jobs={value}", db=db), 2, "--jobs")
    assert (sorted(os.listdir(tmp_path)), digest(db)) == before


def test_the_limits_of_jobs_and_runs_are_said(
    fracas_cli: Invoke, tmp_path: Path, made: dict[str, Path]
) -> None:
    db = copy(made, "knife_fight", tmp_path)
    assert_one_line_error(fracas_cli("odds", "--jobs", "0", db=db), 2, f"1..{MAX_JOBS}")
    assert_one_line_error(fracas_cli("odds", "--runs", "0", db=db), 2, "1..100000")
    assert_one_line_error(fracas_cli("odds", "--runs", "100001", db=db), 2, "1..100000")
    assert fracas_cli("odds", "--jobs", str(MAX_JOBS), "--runs", "3", db=db).code == 0


def test_a_workers_error_is_raised_as_in_one_process(tmp_path: Path) -> None:
    """A bug that would break a run (here a plan without a starting state) is the same error
    with any number of jobs: raised by the first run, made here before workers are forked, or
    by a worker, its traceback in a note; no worker is left."""
    table = Table(tmp_path / "f.db")
    table.new("duel", seed=7)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    with table.scene() as sc:
        kernel = sc.kernel
    from events.core import InitiativeDeclared

    plans: list[list[Declaration]] = [[InitiativeDeclared()]]
    plan = Plan(system="palladium", base=None, depth=1, plans=plans, until=None, seed=1, runs=9)  # type: ignore[arg-type]
    errors = []
    for jobs, method in ((1, None), (2, None), (2, "spawn")):  # spawn: no first run here
        with pytest.raises(AttributeError) as caught:
            tally(kernel, plan, jobs, None, method)
        errors.append(str(caught.value))
    assert errors[0] == errors[1] == errors[2]
    assert "in odds worker" in "".join(getattr(caught.value, "__notes__", []))
    assert multiprocessing.active_children() == []


def _children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def _alive(pid: int) -> bool:
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().split()[2] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")
@pytest.mark.parametrize(
    "stop", ["ctrl-c at a terminal", "SIGINT", "kill a worker", "term a worker"]
)
def test_stopping_the_runs_ends_every_worker(
    tmp_path: Path, made: dict[str, Path], stop: str
) -> None:
    db = copy(made, "knife_fight", tmp_path)
    before = digest(db)
    proc = subprocess.Popen(
        [str(FRACAS), "--db", str(db), "odds", "main", "what-if", "--runs", "100000",
         "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while len(workers := _children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) == 2, "the two workers never started"
        time.sleep(0.3)  # at work
        if stop == "ctrl-c at a terminal":  # the terminal signals the whole group
            os.killpg(proc.pid, signal.SIGINT)
        elif stop == "SIGINT":
            proc.send_signal(signal.SIGINT)
        else:
            os.kill(workers[0], signal.SIGKILL if stop == "kill a worker" else signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert out == ""
    assert "Traceback" not in err and "internal error" not in err
    assert proc.returncode == 130  # interrupted, as Ctrl-C is for every command
    if stop.endswith("a worker"):
        name = "SIGKILL" if stop == "kill a worker" else "SIGTERM"
        assert err == (
            f"fracas: error: odds worker 1 of 2 was stopped by {name} before its runs were "
            "done; nothing was written\n"
        )
    deadline = time.monotonic() + 10
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers)
    assert digest(db) == before


def test_odds_in_jobs_in_the_shell_prints_each_line_once(
    tmp_path: Path, fracas_cli: Invoke, made: dict[str, Path]
) -> None:
    """Workers forked from the shell with its output still buffered must not print it again."""
    db = copy(made, "knife_fight", tmp_path)
    done = subprocess.run(
        [str(FRACAS), "--db", str(db), "shell"],
        input="status\nodds --runs 30 --seed 2 --jobs 2\n--json odds --runs 30 --seed 2 --jobs 1\n",
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("encounter 'duel'") == 1
    assert done.stdout.count("odds over 30 runs (seed 2)") == 1
    doc = json.loads(done.stdout[done.stdout.index("{") :])
    alone = fracas_cli("--json", "odds", "--runs", "30", "--seed", "2", "--jobs", "2", db=db)
    assert msgspec.json.decode(alone.stdout) == doc


@pytest.mark.parametrize("k", ["99999999999", "1000000000", "9" * 65_000, "0" * 10 + "1" + "0" * 9])
def test_until_past_the_count_limit_is_refused_unconverted(
    fracas_cli: Invoke, tmp_path: Path, made: dict[str, Path], k: str
) -> None:
    """`int` of a long run of digits takes time growing with its square (Python refuses past
    4,300 digits: that was an internal error, exit 70); K is checked by its length first,
    0..999,999,999 as every count (README, "Limits on input")."""
    db = copy(made, "knife_fight", tmp_path)
    done = fracas_cli("odds", "--until", f"round {k}", db=db)
    assert_one_line_error(done, 2, "--until 'round ", "out of bounds: expected 0..999999999")
    assert fracas_cli("odds", "--runs", "2", "--until", "round 999999999", db=db).code == 0
