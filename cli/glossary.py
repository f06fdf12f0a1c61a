"""The rule glossary on the command line: ``fracas rule [ID …]``.

Registered on the one app of :mod:`cli.main`, which imports this module.
"""

from __future__ import annotations

from typing import Annotated

import typer

from cli.main import _emit, app


@app.command()
def rule(
    ctx: typer.Context,
    ids: Annotated[
        list[str] | None,
        typer.Argument(help="Rule ids (PAL-STRIKE-NAT20 …); none: every one.", metavar="ID"),
    ] = None,
) -> None:
    """Say what a rule id cited in `explain`, `log` or the docs means, in one line.

    Example: fracas rule PAL-MSL-VOLLEY
    """
    from engine.glossary import summaries, summary

    pairs = [summary(i) for i in ids] if ids else list(summaries().items())
    text = "\n".join(f"{rule_id} — {line}" for rule_id, line in pairs)
    _emit(ctx, text, [{"id": rule_id, "summary": line} for rule_id, line in pairs])
