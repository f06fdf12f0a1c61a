"""``fracas shell``: every command of the CLI at one prompt, on one open connection to the
file, without paying the start-up of a new process for each (the engine stays imported, its
rules tables built, and the file open with what was read from it: engine/session.py).

Each line is a command line as it would follow ``fracas`` (``strike marcus brodkil --defend
none``; the shell's ``--db`` and ``--json`` apply unless the line gives its own), run through
the same app: the same output, the same one-line errors and exit codes, a command an error
names written as it is typed here (`initiative --help`, not `fracas initiative --help`); an
error never leaves the shell. ``help`` is ``--help`` (with this fight's verbs), ``help VERB``
is ``VERB --help``. The state at the branch's head is kept between commands: an action's
result is the next command's starting point, with nothing read again. Before each command
the shell asks SQLite whether another process wrote to the file; if one did, the file is
opened afresh and the state folded from it again (from its snapshots), and each command reads
the branch's head anew, so another process's appends are seen, and a command that would write
over one made while it ran is refused as in the CLI (exit 3). At the prompt, a head another
process moved since the prompt was drawn is said before the line runs.

The prompt says the encounter, branch, round and whose turn it is. With readline: history
across sessions (``~/.fracas_history``, or ``$FRACAS_HISTORY``) and completion of commands and
verbs, the options of the command being typed (``--weapon``, ``--defend``) and the values the
CLI knows for one (``--defend`` none, parry, dodge …), combatant ids, weapons, rules options
and branches. Not on a terminal, lines are read from stdin without a prompt, and the shell
exits with the code of the last command that failed (0: none did).

A line is read and split into words in time linear in its length (cli/shellline.py); one over
:data:`cli.shellline.MAX_LINE` characters is refused (exit 2) and the shell goes on. Bytes that
are not text in stdin's encoding are kept as the command line keeps them in ``sys.argv``
(surrogate escapes), so a path in another encoding still names its file. The click group of
the app is built once, not for every line (typer rebuilds it from every command's signature
at each call of the app: about a millisecond a line, most of a refused line's cost).
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from cli.main import _settings, app
from cli.shellline import MAX_LINE, Line, forget_last, history_file, read_line, save_history, split

if TYPE_CHECKING:
    from engine.session import Session

EXITS = ("exit", "quit")
#: ``help`` and ``help COMMAND``: the help of fracas or of the command.
HELP = "help"
#: What the shell adds to ``help``.
SHELL_HELP = (
    "In the shell: type a command without `fracas` (`strike marcus brodkil`, `status`);\n"
    "`help COMMAND` shows its help; `exit`, `quit` or Ctrl-D leaves."
)
#: Options of ``fracas`` itself, before the command; ``--db`` takes a value.
GLOBAL_OPTIONS = ("--db", "--json", "--version", "--help")


class Shell:
    """The prompt loop over :func:`run_line` on one :class:`engine.session.Session`, with
    the prompt and completion words refreshed after each command."""

    def __init__(self, db: Path, as_json: bool) -> None:
        from engine.session import Session  # here: `fracas --help` does not open files

        self.db, self.as_json = db, as_json
        self.session: Session = Session.start(db)
        #: Every completion word: commands and verbs, combatant ids, weapons, rules options,
        #: branches.
        self.words: list[str] = []
        self.commands: list[str] = []
        #: The words that fill an argument or an option's value the CLI has no choices for:
        #: combatant ids, weapons, branches; and for a few options, their own (``--system``).
        self.names: list[str] = []
        self.values: dict[str, list[str]] = {}
        self.where = "fracas> "
        #: ``(encounter, branch, head)`` as the prompt shows them (None: no fight yet).
        self.seen: tuple[str, str, int] | None = None
        self.last_failure = 0
        self._hits: list[str] = []
        self._group: Any = None
        self._built: dict[tuple[str | None, str], Any] = {}

    def prefix(self) -> list[str]:
        return ["--db", str(self.db), *(["--json"] if self.as_json else [])]

    def run_line(self, line: str) -> int:
        """One command line: its output and errors printed, its exit code returned."""
        if len(line) > MAX_LINE:
            return self.refuse(Line("", len(line)))
        try:
            args = split(line)
        except ValueError as err:
            typer.echo(f"fracas: error: {err}", err=True)
            return 2
        return self.run_args(args)

    def run_args(self, args: list[str]) -> int:
        """One command line as its words."""
        if not args:
            return 0
        if args[0] == HELP:
            code = self.run_args([*args[1:], "--help"])
            if len(args) == 1 and code == 0:
                typer.echo(f"\n{SHELL_HELP}")
            return code
        saved, sys.argv = sys.argv, ["fracas", *args]  # the command a ply records
        try:
            returned = self.group().main(
                args=[*self.prefix(), *args], prog_name="fracas", standalone_mode=False
            )
        except SystemExit as err:
            return err.code if isinstance(err.code, int) else 0
        except BaseException as err:  # every error becomes its one line, as in the CLI
            from cli.main import _json_asked, report_error  # defined after this module loads

            return report_error(err, self.as_json or _json_asked(), typed=True)
        finally:
            sys.argv = saved
        return returned if isinstance(returned, int) else 0

    def refuse(self, line: Line, number: int | None = None) -> int:
        """A line over :data:`MAX_LINE` characters, not run: its one-line error (exit 2)."""
        from cli.main import report_error
        from engine.rules import UsageError

        which = "the line" if number is None else f"line {number}"
        err = UsageError(
            f"{which} is {line.length:,} characters long, over the shell's limit of "
            f"{MAX_LINE:,}: it was not run"
        )
        return report_error(err, self.as_json, typed=True)

    def group(self) -> Any:
        """The app's click group, built once for every line (and for completion)."""
        if self._group is None:
            self._group = typer.main.get_command(app)
        return self._group

    def close(self) -> None:
        """Close the file and end the session."""
        self.session.end()

    # --- the prompt ----------------------------------------------------------------------

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
        from engine.rules import get_pack

        acting = f" {doc['acting']}" if doc.get("acting") else ""
        when = get_pack(doc["system"]).status.brief(doc)
        return f"fracas {doc['encounter']} {doc['branch']} {when}{acting}> "

    def prompt(self) -> str:
        """``fracas duel main round 2 marcus> ``: where the fight stands, in its system's own
        time words (``StatusView.brief``), and whose turn it is (``fracas> `` without one)."""
        return self._where(self._status())

    def moved(self) -> str | None:
        """What another process changed since the prompt was drawn, in one line: the branch
        the prompt shows has another head now (None: nothing, or nothing written since)."""
        try:
            if self.seen is None or not self.session.written_by_others():
                return None
        except Exception:  # the file cannot be read now: the line will say why
            return None
        doc = self._status()
        if doc is None or (doc["encounter"], doc["branch"]) != self.seen[:2]:
            return None
        if doc["head"] == self.seen[2]:
            return None
        return (
            f"fracas: note: another fracas moved branch {doc['branch']!r} from ply "
            f"#{self.seen[2]} to #{doc['head']} since the prompt; the line runs on #{doc['head']}"
        )

    def refresh_words(self) -> None:
        """Commands, verbs, combatant ids, weapons, option names, branches; and the prompt,
        from the same reading of the state (:attr:`where`), kept in memory between commands."""
        from engine.rules import SYSTEMS, VERBS
        from engine.table import Table

        doc = self._status()
        self.where = self._where(doc)
        self.seen = None if doc is None else (doc["encounter"], doc["branch"], doc["head"])
        commands: set[str] = {*_core_commands(), HELP, *EXITS}
        names: set[str] = set()
        options: list[str] = []
        branches: list[str] = []
        if doc is not None:
            commands.update(VERBS.get(doc["system"], {}))
            names.update(c["id"] for c in doc["combatants"])
            options = sorted(doc["options"])
            with contextlib.suppress(Exception):  # the file changed under us: the rest later
                table = Table(self.db)
                with table.scene() as sc:
                    branches = [b.name for b in sc.store.branches(sc.encounter.id)]
                for c in table.state().combatants.values():
                    names.update(_weapons(c.data))
        names.update(branches)
        self.commands = sorted(commands)
        self.names = sorted(names)
        self.words = sorted(commands | names | set(options))
        self.values = {"--system": sorted(SYSTEMS), "--option": options, "--branch": branches}

    # --- completion ----------------------------------------------------------------------

    def complete(self, text: str, state: int) -> str | None:
        """The ``state``-th completion of ``text`` where the line stands (readline's
        completer), quoted if it needs to be (a weapon name with a space), so that the line
        runs as completed."""
        if state == 0:
            self._hits = [shlex.quote(w) for w in self.candidates(_line_before(), text)]
        return self._hits[state] if state < len(self._hits) else None

    def candidates(self, before: str, text: str) -> list[str]:
        """The words that may follow ``before`` (the line up to the word being typed) and
        start with ``text``: a command first; then the command's options (``--weapon``), an
        option's values where the CLI knows them (a choice: ``--defend`` none, parry …),
        else combatant ids, weapons, options and branches."""
        bare = text.lstrip("'\"")
        try:
            tokens = split(before)
        except ValueError:
            tokens = before.split()
        at = 0
        while at < len(tokens) and tokens[at].startswith("-"):  # fracas's own options
            at += 2 if tokens[at] == "--db" else 1
        if at >= len(tokens):  # the command itself
            if bare.startswith("-"):
                return [o for o in GLOBAL_OPTIONS if o.startswith(bare)]
            found = [w for w in self.commands if w.startswith(bare)]
            return found or [w for w in self.words if w.startswith(bare)]
        command = self._command(tokens[at])
        params = list(command.params) if command is not None else []
        options: dict[str, Any] = {}
        for p in params:
            if p.param_type_name == "option" and not p.hidden:
                options.update((o, p) for o in (*p.opts, *p.secondary_opts))
        if bare.startswith("-"):
            return sorted(o for o in options if o.startswith(bare))
        typed = _param_at(tokens[at + 1 :], options, params)
        choices = getattr(getattr(typed, "type", None), "choices", None)
        if choices is None and typed is not None and typed.param_type_name == "option":
            choices = next((self.values[o] for o in typed.opts if o in self.values), None)
        if choices is not None:  # the values the CLI takes
            return [str(c) for c in choices if str(c).startswith(bare)]
        return [w for w in self.names if w.startswith(bare)]

    def _command(self, name: str) -> Any:
        """The click command ``name`` names in this file's fight (None: none), built once
        a rules system."""
        group = self.group()
        from cli.main import _system

        ctx = group.context_class(group, info_name="fracas", resilient_parsing=True)
        ctx.params = {"db": str(self.db)}
        with contextlib.suppress(Exception):
            key = (_system(ctx, False), name)
            if key not in self._built:
                self._built[key] = group.get_command(ctx, name)
            return self._built[key]
        return None


def _param_at(tokens: list[str], options: dict[str, Any], params: list[Any]) -> Any:
    """The parameter the word after ``tokens`` (the command's words so far) fills: the
    value of the option just named, or the next positional argument."""
    if tokens and tokens[-1] in options:
        option = options[tokens[-1]]
        return None if option.is_flag else option
    arguments = [p for p in params if p.param_type_name == "argument"]
    filled, skip = 0, False
    for token in tokens:
        if skip:
            skip = False
        elif token in options:
            skip = not options[token].is_flag
        elif not token.startswith("-"):
            filled += 1
    return arguments[filled] if filled < len(arguments) else None


def _line_before() -> str:
    """The line being edited up to the word being completed ("" without readline)."""
    try:
        import readline
    except ImportError:
        return ""
    return readline.get_line_buffer()[: readline.get_begidx()]


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


@app.command()
def shell(ctx: typer.Context) -> None:
    """Every command at one prompt, without a new process each: `strike marcus brodkil`,
    `status`, `undo`…; `exit` or Ctrl-D leaves.

    Example: fracas shell
    """
    settings = _settings(ctx)
    sh = Shell(settings.db, settings.as_json)
    interactive = sys.stdin.isatty()
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:  # bytes that are not text: kept as sys.argv keeps them
        reconfigure(errors="surrogateescape")
    if interactive:
        _readline(sh)
    number = 0
    try:
        while True:
            number += 1
            if interactive:
                try:
                    text = input(sh.where)
                except EOFError:
                    typer.echo("")
                    break
                except KeyboardInterrupt:
                    typer.echo("")
                    continue
                line = Line(text, len(text))
                if line.too_long:
                    forget_last()
                elif line.text.strip() not in ("", *EXITS):
                    note = sh.moved()
                    if note:
                        typer.echo(note, err=True)
            else:
                read = read_line(sys.stdin)
                if read is None:
                    break
                line = read
            if line.too_long:
                code = sh.refuse(line, None if interactive else number)
            elif line.text.strip() in EXITS:
                break
            else:
                code = sh.run_line(line.text)
            if code:
                sh.last_failure = code
            if interactive:
                sh.refresh_words()
    finally:
        sh.close()
    if interactive:
        save_history()
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
    path = history_file()
    if path.is_file():
        with contextlib.suppress(OSError):
            readline.read_history_file(path)
