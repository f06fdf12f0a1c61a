"""Every error becomes one line and an exit code (README: "Exit codes").

0 ok · 1 refused by the rules · 2 usage or validation error · 3 conflict (the branch moved) ·
4 database busy · 5 not a fracas file, or corrupt · 6 schema too new or too old ·
7 disk or I/O error · 70 internal error (a bug: the details are written to a file).
"""

from __future__ import annotations

import datetime as _dt
import os
import tempfile
import traceback

import click

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_CONFLICT = 3
EXIT_BUSY = 4
EXIT_NOT_FRACAS = 5
EXIT_SCHEMA = 6
EXIT_IO = 7
EXIT_INTERNAL = 70


def handle(err: BaseException) -> tuple[int, str]:
    """The exit code and one-line message for ``err`` (message empty: already printed)."""
    from engine.dice import DiceError
    from engine.log import StoreError
    from engine.rules import IllegalAction, UnknownName
    from engine.sheets import SheetError
    from engine.table import UsageError

    if isinstance(err, SystemExit):
        code = err.code if isinstance(err.code, int) else (0 if err.code is None else 1)
        return code, ""
    if isinstance(err, click.exceptions.Exit):
        return err.exit_code, ""
    if isinstance(err, click.exceptions.Abort | KeyboardInterrupt):
        return 130, "interrupted; nothing was written"
    if isinstance(err, click.ClickException):
        err.show()
        return err.exit_code, ""
    if isinstance(err, IllegalAction):
        return EXIT_REFUSED, f"refused: {err}; nothing was written"
    if isinstance(err, SheetError | DiceError | UnknownName | UsageError):
        return EXIT_USAGE, f"{_one_line(err)}; nothing was written"
    if isinstance(err, StoreError):
        return err.exit_code, _one_line(err)
    if isinstance(err, OSError):
        return EXIT_IO, f"{err.filename or ''}: {err.strerror or err}".lstrip(": ")
    return EXIT_INTERNAL, _internal(err)


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())


def _internal(err: BaseException) -> str:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    fd, path = tempfile.mkstemp(prefix=f"fracas-crash-{stamp}-", suffix=".txt")
    with os.fdopen(fd, "w") as fh:
        fh.write("".join(traceback.format_exception(err)))
    return (
        f"internal error ({type(err).__name__}: {_one_line(err)}); this is a bug in fracas. "
        f"Details were written to {path}"
    )
