"""``fracas odds [BRANCH …]``: the branches' declarations re-resolved with many seeds, what
became of every combatant, side by side (engine/odds.py). Registered on the app of
:mod:`cli.main`, which imports this module.

``--json`` gives ``{runs, seed, start, until, branches: [{branch, declarations, skipped,
skipped_share, first_skipped, warning, rounds, combatants: [{id, name, standing, unconscious,
dead, pools: {POOL: {mean, p10, p50, p90, min, max}}}]}]}``, shares between 0 and 1;
``first_skipped`` is ``{ply, command, why, run}`` or null, ``warning`` a line when more than
10 % of a branch's declarations were skipped, else null. ``--jobs N`` runs them in N processes
(default: one per core); the report is the same for every N.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import msgspec
import typer

from cli import numbers
from cli.main import _emit, _table, app

DEFAULT_RUNS = 200

#: click's ClickException (typer's copy of click, or click's own): its message is the error
#: line, its ``exit_code`` the exit code.
_ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


class Interrupted(_ClickException):  # type: ignore[misc, valid-type]
    """The runs were stopped from outside (a worker ended by a signal): exit 130, as Ctrl-C."""

    exit_code = 130


def _runs(text: str | int) -> int:
    """``--runs``: 1..engine.odds.MAX_RUNS."""
    from engine.odds import MAX_RUNS

    return numbers.integer(1, MAX_RUNS)(text)


def _jobs(text: str | int) -> int:
    """``--jobs``: 1..engine.oddsrun.MAX_JOBS."""
    from engine.oddsrun import MAX_JOBS

    return numbers.integer(1, MAX_JOBS)(text)


_runs.__name__ = _jobs.__name__ = "int"


def _until(text: str | None) -> int | None:
    """``end`` (None) or ``round K``, K a whole number 0..999,999,999 in ASCII digits."""
    from engine.inputs import MAX_COUNT, escaped, parse_int
    from engine.rules import UsageError

    if text is None or text.strip().lower() == "end":
        return None
    word, _, k = text.strip().lower().partition(" ")
    if word != "round" or not k.strip():
        raise UsageError(
            f"--until {escaped(text)}: give `end` or `round K` (e.g. --until 'round 3')"
        )
    return parse_int(k.strip(), f"--until {escaped(text)}: K in `round K`", 0, MAX_COUNT)


@app.command()
def odds(
    ctx: typer.Context,
    branches: Annotated[
        list[str] | None,
        typer.Argument(help="Branches to compare (default: the current one).", metavar="BRANCH"),
    ] = None,
    start: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="Re-resolve the declarations after this ply (default: where the branches "
            "part; one branch: its start).",
        ),
    ] = None,
    runs: Annotated[
        int,
        typer.Option("--runs", help="How many runs (1..100000).", parser=_runs),
    ] = DEFAULT_RUNS,
    until: Annotated[
        str | None, typer.Option("--until", help="`end` (default) or `round K`.")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Where the runs' seeds come from (default: picked and printed).",
            parser=numbers.seed,
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            help="Processes to run them in (1..256; default: one per core); the report is "
            "the same for any number.",
            parser=_jobs,
        ),
    ] = None,
) -> None:
    """How often each combatant ends standing, unconscious or dead, his pools and the
    fight's length, over many re-runs of the branches' declarations with other luck.

    Example: fracas odds main what-if --runs 500 --seed 1 --jobs 2
    """
    import secrets

    from engine.oddsrun import MAX_JOBS, RunsStopped, cores
    from engine.rules import UsageError

    stop = _until(until)
    if seed is None:
        seed = secrets.randbelow(2**63)
    if jobs is None:
        jobs = min(cores(), MAX_JOBS)
    table = _table(ctx)
    names = branches or []
    total = runs * max(1, len(dict.fromkeys(names)))
    try:
        if sys.stderr.isatty():
            with typer.progressbar(length=total, label="runs", file=sys.stderr) as bar:
                report = table.odds(names, start, runs, seed, stop, bar.update, jobs)
        else:
            report = table.odds(names, start, runs, seed, stop, jobs=jobs)
    except RunsStopped as err:
        raise Interrupted(f"{err}; nothing was written") from None
    if not report.branches:
        raise UsageError("no branch to run")
    _emit(ctx, odds_text(report), msgspec.to_builtins(report))


def _pct(x: float) -> str:
    return f"{round(100 * x):>3}%"


def odds_text(report: Any) -> str:
    """The combatants' fates and pools, one column per branch, at least two spaces apart."""
    names = [b.branch for b in report.branches]
    until = "the end of its declarations" if report.until is None else f"round {report.until}"
    rows: list[tuple[str, list[str]] | str] = []  # (label, a cell per branch), or a heading
    first = report.branches[0]
    for i, c in enumerate(first.combatants):
        found = [b.combatants[i] if i < len(b.combatants) else None for b in report.branches]
        rows.append(f"{c.name} ({c.id})")
        for fate in ("standing", "unconscious", "dead"):
            rows.append((fate, [_pct(getattr(r, fate)) if r else "-" for r in found]))
        for pool in c.pools:
            cells = [_spread(r.pools.get(pool)) if r else "-" for r in found]
            rows.append((f"{pool} mean (p10 to p90)", cells))
    rows.append("the fight")
    rows.append(("rounds mean (p10 to p90)", [_spread(b.rounds) for b in report.branches]))
    rows.append(
        (
            "declarations skipped",
            [f"{b.skipped}/{b.declarations * report.runs}" for b in report.branches],
        )
    )
    cells = [cell for row in rows if not isinstance(row, str) for cell in row[1]]
    width = 2 + max(16, *(len(n) for n in names), *(len(c) for c in cells))
    lines = [
        f"odds over {report.runs} runs (seed {report.seed}) from after ply #{report.start}, "
        f"until {until}",
        f"{'':<28}" + "".join(f"{n:>{width}}" for n in names),
    ]
    for row in rows:
        if isinstance(row, str):
            lines.append(row)
        else:
            label, values = row
            lines.append(f"  {label:<26}" + "".join(f"{v:>{width}}" for v in values))
    lines += [f"warning: {b.warning}" for b in report.branches if b.warning]
    return "\n".join(lines)


def _spread(s: Any) -> str:
    """``4.5 (−1 to 11)``: the mean, and the band from the 10th to the 90th percentile."""
    from engine.spans import number, span

    if s is None:
        return "-"
    return f"{number(s.mean)} ({span(s.p10, s.p90)})"
