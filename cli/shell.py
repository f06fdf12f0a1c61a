"""``fracas shell``: every command of the CLI at one prompt, without paying the start-up of a
new process for each (the engine stays imported and its rules tables built).

Each line is a command line as it would follow ``fracas`` (``strike marcus brodkil --defend
none``; the shell's ``--db`` and ``--json`` apply unless the line gives its own), run through
the same app: the same output, the same one-line errors; an error never leaves the shell. The
prompt says the encounter, branch, round and whose turn it is. Each command reads the branch's
head afresh, so another process's appends are seen, and a command that would write over them
is refused as in the CLI (exit 3). With readline: history across sessions
(``~/.fracas_history``, or ``$FRACAS_HISTORY``) and completion of commands and verbs, combatant
ids, weapons, option names and branches. Not on a terminal, lines are read from stdin without a
prompt, and the shell exits with the code of the last command that failed (0: none did).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
from pathlib import Path
from typing import Any

import typer

from cli.main import _settings, app

EXITS = ("exit", "quit")


class Shell:
    """The prompt loop over :func:`run_line`, with the completion words refreshed after each
    command."""

    def __init__(self, db: Path, as_json: bool) -> None:
        self.db, self.as_json = db, as_json
        self.words: list[str] = []
        self.where = "fracas> "
        self.last_failure = 0

    def prefix(self) -> list[str]:
        return ["--db", str(self.db), *(["--json"] if self.as_json else [])]

    def run_line(self, line: str) -> int:
        """One command line: its output and errors printed, its exit code returned."""
        try:
            args = shlex.split(line)
        except ValueError as err:
            typer.echo(f"fracas: error: {err}", err=True)
            return 2
        if not args:
            return 0
        saved, sys.argv = sys.argv, ["fracas", *args]  # the command a ply records
        try:
            returned = app(args=[*self.prefix(), *args], prog_name="fracas", standalone_mode=False)
        except SystemExit as err:
            return err.code if isinstance(err.code, int) else 0
        except BaseException as err:  # every error becomes its one line, as in the CLI
            from cli.main import _json_asked, report_error  # defined after this module loads

            return report_error(err, self.as_json or _json_asked())
        finally:
            sys.argv = saved
        return returned if isinstance(returned, int) else 0

    def _status(self) -> dict[str, Any] | None:
        """The status document, or None (no file or no encounter yet)."""
        from engine.table import Table

        try:
            return Table(self.db).status()
        except Exception:
            return None

    @staticmethod
    def _where(doc: dict[str, Any] | None) -> str:
        if doc is None:
            return "fracas> "
        acting = f" {doc['acting']}" if doc.get("acting") else ""
        return f"fracas {doc['encounter']} {doc['branch']} r{doc['round']}{acting}> "

    def prompt(self) -> str:
        """``fracas duel main r2 marcus> ``: where the fight stands (``fracas> `` without one)."""
        return self._where(self._status())

    def refresh_words(self) -> None:
        """Commands, verbs, combatant ids, weapons, option names, branches; and the prompt,
        from the same reading of the file (:attr:`where`)."""
        from engine.rules import VERBS
        from engine.table import Table

        doc = self._status()
        self.where = self._where(doc)
        words: set[str] = set(_core_commands())
        if doc is not None:
            table = Table(self.db)
            words.update(VERBS.get(doc["system"], {}))
            words.update(c["id"] for c in doc["combatants"])
            words.update(doc["options"])
            with contextlib.suppress(Exception):  # the file changed under us: the rest later
                words.update(b.name for b in table.branches())
                for c in table.state().combatants.values():
                    words.update(_weapons(c.data))
        self.words = sorted(words)

    def complete(self, text: str, state: int) -> str | None:
        """The ``state``-th word starting with ``text``, quoted if it needs to be (a weapon
        name with a space), so that the line runs as completed."""
        bare = text.lstrip("'\"")
        hits = [shlex.quote(w) for w in self.words if w.startswith(bare)]
        return hits[state] if state < len(hits) else None


def _core_commands() -> list[str]:
    from cli.verbs import FracasGroup

    return sorted(FracasGroup.deferred)


def _weapons(data: Any) -> list[str]:
    """The weapon names of a combatant's record, whatever the rules pack (none if it has
    none)."""
    holder = getattr(data, "profile", data)
    weapons = getattr(holder, "weapons", ()) or ()
    names = [getattr(w, "name", None) for w in weapons]
    return [n for n in names if isinstance(n, str)]


def _history_file() -> Path:
    return Path(os.environ.get("FRACAS_HISTORY", Path.home() / ".fracas_history"))


@app.command()
def shell(ctx: typer.Context) -> None:
    """Every command at one prompt, without a new process each: `strike marcus brodkil`,
    `status`, `undo`…; `exit` or Ctrl-D leaves.

    Example: fracas shell
    """
    settings = _settings(ctx)
    sh = Shell(settings.db, settings.as_json)
    interactive = sys.stdin.isatty()
    if interactive:
        _readline(sh)
    while True:
        if interactive:
            try:
                line = input(sh.where)
            except EOFError:
                typer.echo("")
                break
            except KeyboardInterrupt:
                typer.echo("")
                continue
        else:
            line = sys.stdin.readline()
            if not line:
                break
        if line.strip() in EXITS:
            break
        code = sh.run_line(line)
        if code:
            sh.last_failure = code
        if interactive:
            sh.refresh_words()
    if interactive:
        _save_history()
    raise typer.Exit(sh.last_failure)


def _readline(sh: Shell) -> None:
    try:
        import readline
    except ImportError:  # no readline here: no history, no completion
        return
    sh.refresh_words()
    readline.set_completer(sh.complete)
    readline.set_completer_delims(" \t")
    readline.parse_and_bind("tab: complete")
    path = _history_file()
    if path.is_file():
        with contextlib.suppress(OSError):
            readline.read_history_file(path)


def _save_history() -> None:
    try:
        import readline

        readline.write_history_file(_history_file())
    except (ImportError, OSError):
        pass
