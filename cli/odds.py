"""``fracas odds [BRANCH …]``: the branches' declarations re-resolved with many seeds, what
became of every combatant, side by side (engine/odds.py). Registered on the app of
:mod:`cli.main`, which imports this module.

``--json`` gives ``{runs, seed, start, until, branches: [{branch, declarations, skipped,
skipped_share, first_skipped, warning, rounds, combatants: [{id, name, standing, unconscious,
dead, pools: {POOL: {mean, p10, p50, p90, min, max}}}]}]}``, shares between 0 and 1;
``first_skipped`` is ``{ply, command, why, run}`` or null, ``warning`` a line when more than
10 % of a branch's declarations were skipped, else null.
"""

from __future__ import annotations

import sys
from typing import Annotated, Any

import msgspec
import typer

from cli import numbers
from cli.main import _emit, _table, app

DEFAULT_RUNS = 200


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
        typer.Option("--runs", help="How many runs (1..100000).", parser=numbers.integer(1)),
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
) -> None:
    """How often each combatant ends standing, unconscious or dead, his pools and the
    fight's length, over many re-runs of the branches' declarations with other luck.

    Example: fracas odds main what-if --runs 500 --seed 1
    """
    import secrets

    from engine.rules import UsageError

    stop = _until(until)
    if seed is None:
        seed = secrets.randbelow(2**63)
    table = _table(ctx)
    names = branches or []
    total = runs * max(1, len(names))
    if sys.stderr.isatty():
        with typer.progressbar(length=total, label="runs", file=sys.stderr) as bar:
            report = table.odds(names, start, runs, seed, stop, progress=bar.update)
    else:
        report = table.odds(names, start, runs, seed, stop)
    if not report.branches:
        raise UsageError("no branch to run")
    _emit(ctx, odds_text(report), msgspec.to_builtins(report))


def _pct(x: float) -> str:
    return f"{round(100 * x):>3}%"


def odds_text(report: Any) -> str:
    """The combatants' fates and pools, one column per branch."""
    names = [b.branch for b in report.branches]
    width = 2 + max(16, *(len(n) for n in names))  # two spaces between columns
    until = "the end of its declarations" if report.until is None else f"round {report.until}"
    lines = [
        f"odds over {report.runs} runs (seed {report.seed}) from after ply #{report.start}, "
        f"until {until}",
        f"{'':<28}" + "".join(f"{n:>{width}}" for n in names),
    ]
    first = report.branches[0]
    for i, c in enumerate(first.combatants):
        rows = [b.combatants[i] if i < len(b.combatants) else None for b in report.branches]
        lines.append(f"{c.name} ({c.id})")
        for fate in ("standing", "unconscious", "dead"):
            cells = "".join(f"{_pct(getattr(r, fate)) if r else '-':>{width}}" for r in rows)
            lines.append(f"  {fate:<26}{cells}")
        for pool in c.pools:
            cells = "".join(f"{_spread(r.pools.get(pool)) if r else '-':>{width}}" for r in rows)
            lines.append(f"  {pool + ' mean (p10 to p90)':<26}{cells}")
    lines.append("the fight")
    lines.append(
        f"  {'rounds mean (p10 to p90)':<26}"
        + "".join(f"{_spread(b.rounds):>{width}}" for b in report.branches)
    )
    lines.append(
        f"  {'declarations skipped':<26}"
        + "".join(
            f"{f'{b.skipped}/{b.declarations * report.runs}':>{width}}" for b in report.branches
        )
    )
    lines += [f"warning: {b.warning}" for b in report.branches if b.warning]
    return "\n".join(lines)


def _spread(s: Any) -> str:
    """``4.5 (−1 to 11)``: the mean, and the band from the 10th to the 90th percentile."""
    from engine.spans import number, span

    if s is None:
        return "-"
    return f"{number(s.mean)} ({span(s.p10, s.p90)})"
