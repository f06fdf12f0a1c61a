"""``fracas export DB_OUT [--csv DIR]``: the encounter's log as flat tables (engine/logexport.py).
Registered on the app of :mod:`cli.main`, which imports this module."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.main import _emit, _table, app


@app.command()
def export(
    ctx: typer.Context,
    out: Annotated[Path, typer.Argument(help="A new SQLite file to write the tables into.")],
    csv: Annotated[
        Path | None, typer.Option("--csv", help="Also write each table as DIR/TABLE.csv.")
    ] = None,
) -> None:
    """Write the encounter's log as flat tables (plies, branches, branch_plies, rolls,
    modifiers, damage, conditions; full-text search on the plies' words) for Datasette, sqlite3
    or a spreadsheet. Plies are numbered as `log` numbers them; each row says which branches
    hold it.

    Example: fracas export fight-tables.db --csv fight-csv
    """
    from cli.render import log_text
    from engine.logexport import TABLES, csv_folder, rows, write_csv, write_db

    if csv is not None:
        csv_folder(csv)  # a refusal before the database file is written
    data = rows(_table(ctx), lambda v: log_text([v]).splitlines()[0].split(" ", 1)[-1].strip())
    write_db(data, out)
    written = write_csv(data, csv) if csv is not None else []
    counts = {name: len(data[name]) for name in TABLES}
    text = f"wrote {out}: " + ", ".join(f"{n} {name}" for name, n in counts.items())
    if written:
        text += f"\nand {len(written)} CSV files in {csv}"
    _emit(ctx, text, {"out": str(out), "tables": counts, "csv": [str(p) for p in written]})
