"""``fracas resheet C FILE``: a combatant's sheet replaced mid-fight, as a ply, with what it
changes listed (engine/resheet.py). Registered on the app of :mod:`cli.main`, which imports
this module.

``--json`` gives the ply's document (``schema``, ``ply``, ``branch``, ``events``, ``ended``)
with ``changes``: ``[{part, field, old, new}]``, ``part`` one of ``sheet``, ``profile``,
``status``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer

from cli.main import _command_line, _emit, _settings, _table, app


@app.command()
def resheet(
    ctx: typer.Context,
    combatant: Annotated[str, typer.Argument(help="Whose sheet (combatant id).")],
    sheet: Annotated[Path, typer.Argument(help="The new sheet: TOML, JSON or YAML.")],
    reset: Annotated[
        bool,
        typer.Option(
            "--reset",
            help="Start the pools afresh from the new sheet (default: what was lost stays "
            "lost against its maxima).",
        ),
    ] = False,
) -> None:
    """Replace a combatant's sheet mid-fight, as a ply (undo brings the old one back): his
    id, name and side stay; damage taken, attacks spent and ammunition used are kept against
    the new maxima unless --reset; what changes is listed.

    Example: fracas resheet kira sheets/kira-fixed.toml
    """
    from cli import render

    table = _table(ctx)
    capture = _settings(ctx).capture
    if capture is not None:  # `amend REF resheet C FILE`: only the declaration
        capture.append((table.resheet_declaration(combatant, sheet, reset=reset), None))
        return
    done = table.resheet(combatant, sheet, reset=reset, command=_command_line())
    doc = {**render.ply_doc(done.result), "changes": msgspec.to_builtins(done.changes)}
    _emit(ctx, render.ply_text(done.result) + "\n" + changes_text(done.changes), doc)


def changes_text(changes: list[Any]) -> str:
    """What a new sheet changes, a line each: where, the field, old -> new."""
    from engine.resheet import shown

    if not changes:
        return "what changes: nothing the sheet, the rules or status show"
    lines = ["what changes:"]
    for c in changes:
        lines.append(f"  {c.part:<8}{c.field}: {shown(c.old)} -> {shown(c.new)}")
    return "\n".join(lines)
