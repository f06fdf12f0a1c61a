"""The start-up floor: the least a fracas command could cost.

A tiny typer app with one command that opens an SQLite file, appends one msgspec-encoded row
in one transaction and prints what it wrote. It imports what every fracas command must
(typer, msgspec, sqlite3) and nothing of fracas; bench/startup.py compares fracas's commands
against its wall time.

    .venv/bin/python bench/probe.py FILE
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Annotated

import msgspec
import typer


class Row(msgspec.Struct, frozen=True, kw_only=True):
    """One row of the probe's table: what a ply's body might be."""

    type: str
    n: int
    at: float


app = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)


@app.command()
def append(
    db: Annotated[Path, typer.Argument(help="The SQLite file (created if missing).")],
) -> None:
    """Append one row to DB in one transaction and print it."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        conn.execute("CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, body TEXT)")
        conn.execute("BEGIN IMMEDIATE")
        (n,) = conn.execute("SELECT count(*) FROM probe").fetchone()
        body = msgspec.json.encode(Row(type="probe.appended", n=n + 1, at=time.time()))
        conn.execute("INSERT INTO probe (body) VALUES (?)", (body.decode(),))
        conn.execute("COMMIT")
    finally:
        conn.close()
    typer.echo(f"row {n + 1}: {body.decode()}")


if __name__ == "__main__":
    app()
