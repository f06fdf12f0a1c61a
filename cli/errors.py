"""Every error becomes one line and an exit code (README: "Exit codes").

0 ok · 1 refused by the rules · 2 usage or validation error · 3 conflict (the branch moved) ·
4 database busy · 5 not a fracas file, or corrupt · 6 schema too new or too old ·
7 disk or I/O error · 70 internal error (a bug: the details are written to a file).
"""

from __future__ import annotations

import datetime as _dt
import errno
import os
import tempfile
import traceback

import typer

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_CONFLICT = 3
EXIT_BUSY = 4
EXIT_NOT_FRACAS = 5
EXIT_SCHEMA = 6
EXIT_IO = 7
EXIT_INTERRUPTED = 130
EXIT_INTERNAL = 70


def _cli_classes(name: str) -> tuple[type[BaseException], ...]:
    """typer's ``Exit``/``Abort``/``ClickException``, and click's own if click is installed.

    From typer 0.27 on typer carries its own copy of click, whose exception classes are not
    ``click``'s; before, they are the same classes. Both are matched.
    """
    found: list[type[BaseException]] = []
    for cls in (*typer.Exit.__mro__, *typer.Abort.__mro__, *typer.BadParameter.__mro__):
        if cls.__name__ == name and cls not in found:
            found.append(cls)
    try:
        import click.exceptions as click_exceptions
    except ImportError:  # pragma: no cover - click comes with sqlite-utils
        return tuple(found)
    theirs = getattr(click_exceptions, name, None)
    if isinstance(theirs, type) and issubclass(theirs, BaseException) and theirs not in found:
        found.append(theirs)
    return tuple(found)


#: The longest error line printed; a longer one is cut (a sheet lists at most 20 problems).
MAX_MESSAGE = 4000


def handle(err: BaseException) -> tuple[int, str]:
    """The exit code and one-line message for ``err`` (message empty: nothing to print).

    Whatever the message quotes, it stays one printable line: any control, bidi or other
    character a terminal would not print as itself is escaped (``\\x1b``, ``\\u202e``), so a
    hostile name can never forge a line, and it is cut at :data:`MAX_MESSAGE` characters.
    """
    code, message = _handle(err)
    return code, _printable(message)


def _printable(message: str) -> str:
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in " ".join(message.split()))
    if len(text) > MAX_MESSAGE:
        text = f"{text[:MAX_MESSAGE]}... ({len(text) - MAX_MESSAGE} more characters)"
    return text


def _handle(err: BaseException) -> tuple[int, str]:
    from engine.dice import DiceError
    from engine.log import StoreError
    from engine.rules import IllegalAction, UnknownName
    from engine.sheets import SheetError
    from engine.table import UsageError
    from events.codec import UnreadableEvent
    from events.upcasts import UpcastError

    if isinstance(err, SystemExit):
        code = err.code if isinstance(err.code, int) else (0 if err.code is None else 1)
        return code, ""
    if isinstance(err, _cli_classes("Exit")):
        return int(getattr(err, "exit_code", 0)), ""
    if isinstance(err, (*_cli_classes("Abort"), KeyboardInterrupt)):
        return EXIT_INTERRUPTED, "interrupted; nothing was written"
    if isinstance(err, _cli_classes("ClickException")):
        message = str(getattr(err, "format_message", lambda: str(err))())
        if type(err).__name__ == "NoArgsIsHelpError":  # bare `fracas`: show the help
            typer.echo(message)
            return EXIT_OK, ""
        ctx = getattr(err, "ctx", None)
        hint = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
        return int(getattr(err, "exit_code", EXIT_USAGE)), " ".join(message.split()) + hint
    if isinstance(err, IllegalAction):
        return EXIT_REFUSED, f"refused: {_one_line(err)}; nothing was written"
    if isinstance(err, SheetError | DiceError | UnknownName | UsageError):
        return EXIT_USAGE, f"{_one_line(err)}; nothing was written"
    if isinstance(err, StoreError):
        return err.exit_code, _one_line(err)
    if isinstance(err, UnreadableEvent):
        if err.known_tag:
            return EXIT_NOT_FRACAS, f"{_one_line(err)}; the log is corrupt"
        return EXIT_SCHEMA, f"{_one_line(err)}; upgrade fracas"
    if isinstance(err, UpcastError):
        if err.corrupt:
            return EXIT_NOT_FRACAS, f"{_one_line(err)}; nothing was written"
        return EXIT_SCHEMA, f"{_one_line(err)}; upgrade fracas"
    if isinstance(err, OSError):
        return EXIT_IO, _os_error(err)
    return EXIT_INTERNAL, _internal(err)


def _os_error(err: OSError) -> str:
    """An error of the operating system, naming its file: the one it names, or, if it names
    none, the standard output when that is what failed (``fracas log > /dev/full``)."""
    name = str(err.filename) if err.filename is not None else _failed_output(err)
    if err.errno == errno.ENOSPC:
        return f"the disk is full ({name}); nothing more was written"
    return f"{name}: {err.strerror or err}"


def _failed_output(err: OSError) -> str:
    """The stream an error that names no file was raised writing to: the standard output
    (or error) if a frame it passed through was writing to one, with what that is."""
    tb = err.__traceback__
    while tb is not None:
        for value in tb.tb_frame.f_locals.values():
            fileno = getattr(value, "fileno", None)
            if not callable(fileno):
                continue
            try:
                fd = fileno()
            except (OSError, ValueError, TypeError):
                continue
            if fd in (1, 2):
                name = "the standard output" if fd == 1 else "the standard error"
                try:
                    return f"{name}, {os.readlink(f'/proc/self/fd/{fd}')}"
                except OSError:
                    return name
        tb = tb.tb_next
    return "a file fracas was writing"


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())


def _internal(err: BaseException) -> str:
    """Write the traceback to a crash report and say where (never print a raw traceback)."""
    summary = f"internal error ({type(err).__name__}: {_one_line(err)}); this is a bug in fracas"
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        fd, path = tempfile.mkstemp(prefix=f"fracas-crash-{stamp}-", suffix=".txt")
        with os.fdopen(fd, "w") as fh:
            fh.write("".join(traceback.format_exception(err)))
    except OSError as write_err:
        return f"{summary}. The details could not be written ({write_err.strerror or write_err})"
    return f"{summary}. Details were written to {path}"
