"""``fracas report``: the dispute report, a file to hand a player (Markdown or HTML).

What it holds: the encounter, its system, rules version, options and seed; the verification
stamp (``replay --verify`` run as the report is made, and its result); the branches and where
they fork; a timeline by round and pass, every ply in the GM's words with every roll, modifier,
source, rule id and where its dice came from (``explain``), and the state after it (each
combatant's pools and conditions); a plot of each combatant's pools over the plies; and a
glossary of every rule id cited, with the project's one-line summary. The HTML is one
self-contained file: no network, no script, styled to print.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli import numbers
from cli.main import _emit, _table, app


@app.command()
def report(
    ctx: typer.Context,
    fmt: Annotated[str, typer.Option("--format", help="md or html.")] = "md",
    branch: Annotated[str | None, typer.Option("--branch", help="Another branch.")] = None,
    start: Annotated[
        int,
        typer.Option(
            "--from", help="From this ply (a number 0..999999999).", parser=numbers.integer(0)
        ),
    ] = 0,
    end: Annotated[
        int | None,
        typer.Option(
            "--to", help="To this ply (a number 0..999999999).", parser=numbers.integer(0)
        ),
    ] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Write to FILE.")] = None,
) -> None:
    """The dispute report: every ply with its rolls, modifiers and rule ids, the state after
    each, a plot of the pools, the verification stamp and a glossary, as Markdown or as one
    self-contained HTML file to hand a player.

    Example: fracas report --format html -o fight.html
    """
    from cli.reportdoc import build, markdown, page
    from engine.rules import UsageError

    if fmt not in ("md", "html"):
        raise UsageError(f"--format {fmt!r}: md or html")
    if output is not None and not str(output).strip():
        raise UsageError(f"-o {str(output)!r}: a file name of only white space; give a name")
    if output is not None:
        _not_a_database(output)  # before anything is read: a report never replaces a fight
    with _table(ctx).as_one():  # a report that cannot be written keeps no snapshot either
        r = build(ctx, branch, start, end)
        text = markdown(r) if fmt == "md" else page(r)
        if output is None:
            typer.echo(text, nl=False)
            return
        write_out(output, text)
    _emit(
        ctx,
        f"wrote {output} ({len(r.entries)} plies)",
        {"out": str(output), "plies": len(r.entries)},
    )


def write_out(output: Path, text: str) -> None:
    """Write ``text`` to ``output``; one that cannot be written (a full disk, ``/dev/full``,
    a missing folder, no permission) is refused naming it (exit 7), and no half-written
    file is left."""
    try:
        f = output.open("w", encoding="utf-8")
    except OSError as err:
        raise OSError(err.errno, err.strerror, str(output)) from None
    try:
        with f:
            f.write(text)
    except OSError as err:
        if output.is_file():
            output.unlink(missing_ok=True)  # emptied to be rewritten: not half of it, at least
        raise OSError(err.errno, err.strerror, str(output)) from None


def _not_a_database(output: Path) -> None:
    """Refuse ``-o`` naming an SQLite file (the fight's own, or any other): a report is
    rewritten freely, a database never."""
    from engine.logfile import is_database
    from engine.rules import UsageError

    if output.is_dir():
        raise UsageError(f"-o {output}: is a folder; give a file name in it")
    try:
        found = is_database(output)
    except OSError as err:
        raise UsageError(f"-o {output}: cannot be read to check it ({err.strerror})") from None
    if found:
        raise UsageError(f"-o {output}: is a database; a report is written to a new or text file")
