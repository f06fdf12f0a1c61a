"""Start-up of the fracas command line against a floor: print figures, assert nothing.

    .venv/bin/python bench/startup.py [--runs 25]

The floor is bench/probe.py: a typer app that imports typer, msgspec and sqlite3, opens an
SQLite file and appends one row in one transaction. Each fracas command below is a real
process on a small fight (two combatants, a few plies) made with the real command line:

* ``status`` and ``--json status`` on a Palladium fight, and ``status`` on a BRP one;
* ``--help`` with no encounter selected (it lists every system's verbs);
* ``strike`` (a write: decide, roll, append a ply), undone after each timed run (the undo is
  timed too) so that every run sees the same fight.

Runs are interleaved (one of each command per round) so that a slow spell of the machine
weighs on every command alike; the figures are medians over the rounds, and the ratio is
against the probe's median. CPU time (user + system, of the child process) is shown too: on a
busy machine it varies less than the wall time.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = Path(sys.executable)
FRACAS = PYTHON.with_name("fracas")
PROBE = ROOT / "bench" / "probe.py"
SHEETS = ROOT / "examples" / "sheets"


def fracas(db: Path, *args: str) -> str:
    """Run a fracas command that must succeed (not timed); its standard output."""
    done = subprocess.run(
        [str(FRACAS), "--db", str(db), *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"fracas {' '.join(args)} failed ({done.returncode}): {done.stderr}")
    return done.stdout


def make_fights(tmp: Path) -> tuple[Path, Path]:
    """A Palladium fight (two combatants, initiative, one strike) and a BRP one (initiative)."""
    pal = tmp / "palladium.db"
    fracas(pal, "new", "small", "--seed", "1")
    fracas(pal, "add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus", "--side", "players")
    fracas(pal, "add", str(SHEETS / "brodkil.json"), "--id", "brodkil", "--side", "opponents")
    fracas(pal, "initiative")
    fracas(pal, "strike", "brodkil", "marcus", "--defend", "none")
    brp = tmp / "brp.db"
    fracas(brp, "new", "small", "--seed", "1", "--system", "brp")
    fracas(brp, "add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa", "--side", "a")
    fracas(brp, "add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit", "--side", "b")
    fracas(brp, "initiative")
    return pal, brp


def acting(db: Path) -> tuple[str, str]:
    """Whoever acts now on the Palladium fight, and the other fighter."""
    import json

    doc = json.loads(fracas(db, "--json", "status"))
    who = doc["acting"]
    if who is None:
        raise SystemExit("the Palladium fight has nobody acting; cannot time a strike")
    other = next(c["id"] for c in doc["combatants"] if c["id"] != who)
    return who, other


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one process, in seconds (it must succeed)."""
    cpu = _children_cpu()
    t = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, env=env, check=False)
    took = time.perf_counter() - t
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()}")
    return took, _children_cpu() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=25, help="rounds of runs (default 25)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fracas-startup-") as d:
        tmp = Path(d)
        pal, brp = make_fights(tmp)
        nowhere = tmp / "empty"  # --help with no database file: no encounter selected
        nowhere.mkdir()
        env = {**os.environ, "FRACAS_DB": str(nowhere / "fracas.db")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        who, other = acting(pal)
        probe_db = tmp / "probe.db"
        py, fr = str(PYTHON), str(FRACAS)
        commands: dict[str, Callable[[], tuple[float, float]]] = {
            "probe (typer+msgspec+sqlite3 append)": lambda: timed(
                [py, str(PROBE), str(probe_db)], env
            ),
            "fracas status (palladium)": lambda: timed([fr, "--db", str(pal), "status"], env),
            "fracas --json status (palladium)": lambda: timed(
                [fr, "--db", str(pal), "--json", "status"], env
            ),
            "fracas status (brp)": lambda: timed([fr, "--db", str(brp), "status"], env),
            "fracas --help (no encounter)": lambda: timed([fr, "--help"], env),
            "fracas strike (palladium, write)": lambda: timed(
                [fr, "--db", str(pal), "strike", who, other, "--defend", "none"], env
            ),
            "fracas undo (palladium, write)": lambda: timed([fr, "--db", str(pal), "undo"], env),
        }
        for run in commands.values():  # warm the page cache and the bytecode caches
            run()
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, run in commands.items():
                times[name].append(run())
    probe = next(iter(times.values()))
    floor = statistics.median(w for w, _ in probe)
    cpu_floor = statistics.median(c for _, c in probe)
    print(f"start-up, median of {args.runs} interleaved runs each ({PYTHON})")
    print(f"  {'command':<40} {'wall':>9} {'min':>9} {'ratio':>6} {'cpu':>9} {'ratio':>6}")
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(
            f"  {name:<40} {wall * 1000:6.1f} ms {min(w for w, _ in runs) * 1000:6.1f} ms "
            f"{wall / floor:5.2f}x {cpu * 1000:6.1f} ms {cpu / cpu_floor:5.2f}x"
        )


if __name__ == "__main__":
    main()
