"""The ``fracas`` command line: a thin typer layer over ``engine.table.Table``.

Global options go before the command or after it: ``fracas [--db PATH] [--json] COMMAND …``
or ``fracas COMMAND … --json`` (:func:`cli.verbs.FracasGroup.resolve_command`). Engine
modules are imported inside the commands, so that ``fracas --help`` and each action start fast.
Errors print one line to stderr and exit with the code in the README's table; never a traceback.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cli import numbers
from cli.verbs import ARGS, HELP, FracasGroup, VerbHelp, db_path, option_value

if TYPE_CHECKING:
    from engine.rules.pack import Action
    from engine.table import PlyResult, Table
    from events.core import Declaration

app = typer.Typer(
    cls=FracasGroup,
    name="fracas",
    help=(
        "fracas: a combat engine for game masters. Every declared action is an event in a "
        "SQLite log, so you can undo a ruling, branch a what-if, and replay a fight from its "
        "seed. `fracas sheets` lists the example sheets shipped with it.\n\n"
        "Example: fracas new bar-fight --seed 7 && fracas add examples/sheets/marcus_kell.toml"
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class Settings:
    """Global options shared by every command."""

    def __init__(self, db: Path, as_json: bool) -> None:
        self.db = db
        self.as_json = as_json
        #: Set by `amend`: a verb (or `add`, `resheet`) then hands over its declaration and
        #: dice, and declares nothing.
        self.capture: list[tuple[Declaration, str | None]] | None = None


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            typer.echo(f"fracas {version('fracas')}")
        except PackageNotFoundError:  # run from a checkout that pip never installed
            typer.echo("fracas (not installed)")
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    db: Annotated[
        Path | None,
        typer.Option("--db", help="The fracas database file (default ./fracas.db, or $FRACAS_DB)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print fracas's version and exit.",
            is_eager=True,
            callback=_version,
            expose_value=True,
        ),
    ] = False,
) -> None:
    """Global options: --db PATH and --json, before the command or after it."""
    ctx.obj = Settings(db_path(db), as_json)


def _settings(ctx: typer.Context) -> Settings:
    obj = ctx.obj
    assert isinstance(obj, Settings)
    return obj


def _table(ctx: typer.Context) -> Table:
    return _table_at(ctx, _settings(ctx).db)


def _table_at(ctx: Any, db: Path) -> Table:
    """The command's table over ``db``: one per command, so that a command's
    ``Table.as_one`` block spans every method it calls (``report`` builds and writes in one),
    and a state one method kept is handed to the next."""
    from engine.table import Table

    key = f"fracas.table.{db}"
    table = ctx.meta.get(key)
    if table is None:
        table = ctx.meta[key] = Table(db)
    assert isinstance(table, Table)
    return table


def _command_line() -> str:
    """The command as typed, quoted so that it pastes back (a weapon name with a space)."""
    import shlex

    return shlex.join(["fracas", *sys.argv[1:]])


def _emit(ctx: typer.Context, text: str, doc: Any) -> None:
    from cli import render

    if _settings(ctx).as_json:
        typer.echo(render.dumps(doc))
    else:
        from cli.colour import paint

        typer.echo(paint(text))


DiceOpt = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="Physical dice: faces used, in the order the rules roll them, before any seeded die.",
    ),
]


def _declare(ctx: typer.Context, declaration: Declaration, dice: str | None, reroll: bool) -> None:
    from engine.dice import parse_physical

    capture = _settings(ctx).capture
    if capture is not None:  # `amend REF VERB …`: the verb only builds its declaration
        capture.append((declaration, dice))
        return

    physical = parse_physical(dice) if dice is not None else ()
    result = _table(ctx).declare(
        declaration, physical=physical, reroll=reroll, command=_command_line()
    )
    _ply_out(ctx, result)


def _ply_out(ctx: typer.Context, result: PlyResult) -> None:
    from cli import render

    _emit(ctx, render.ply_text(result), render.ply_doc(result))


def _system(ctx: Any, strict: bool) -> str | None:
    """The registered rules system of the selected encounter (None: no encounter selected,
    or, with ``strict`` false, a file that cannot be read: for help)."""
    key = f"fracas.system.{strict}"
    if key in ctx.meta:
        return ctx.meta[key]  # type: ignore[no-any-return]
    params = getattr(ctx, "params", None) or {}
    db = db_path(params.get("db") or option_value(ctx.meta.get(ARGS, ()), "--db"))
    system: str | None = None
    if db.exists():  # Table.system() is None for a missing file: `--help` need not import it
        from engine.log import StoreError

        try:
            system = _table_at(ctx, db).system()  # a system this fracas has, or StoreError
        except StoreError:
            if strict:
                raise
    ctx.meta[key] = system
    return system


def _verbs(ctx: Any, strict: bool) -> tuple[str | None, dict[str, str]]:
    """The verbs of the selected encounter's system, or of every system when none is
    selected (or, with ``strict`` false, when the file cannot be read: for help), each with
    the first line of its help. From the registry's index: no pack is imported."""
    from engine.rules import DEFAULT_SYSTEM, SYSTEMS, VERBS

    system = _system(ctx, strict)
    if system is not None:
        return system, dict(VERBS[system])
    merged: dict[str, str] = {}
    for name in (DEFAULT_SYSTEM, *sorted(SYSTEMS)):
        for verb, summary in VERBS[name].items():
            merged.setdefault(verb, summary)
    return None, merged


@functools.cache
def _actions_of(system: str) -> dict[str, Action]:
    from engine.actiontable import actions_table
    from engine.rules import get_pack

    return actions_table(get_pack(system))


def _row(ctx: Any, verb: str, strict: bool) -> Action | None:
    """The row ``verb`` is built from: of the selected encounter's system, or with none
    selected of the first system that has it (the default system first). For its help
    (a :class:`VerbHelp` in ``ctx.meta``): of the system ``--system`` names, else of the
    selected encounter's system if it has the verb, else of the first that has it; the help's
    note is told which, and why. Only that system's actions table is loaded."""
    from engine.rules import DEFAULT_SYSTEM, SYSTEMS, VERBS

    system = _system(ctx, strict)
    order = (DEFAULT_SYSTEM, *sorted(set(SYSTEMS) - {DEFAULT_SYSTEM}))
    first = next((name for name in order if verb in VERBS[name]), None)
    helping = ctx.meta.get(HELP)
    if isinstance(helping, VerbHelp) and first is not None:
        helping.selected, helping.owners = system, tuple(_owners(verb))
        system = _help_system(verb, helping.asked, system, first)
        helping.shown = system
    elif system is None:
        system = first
    return None if system is None else _actions_of(system).get(verb)


def _help_system(verb: str, asked: str | None, selected: str | None, first: str) -> str:
    """Whose help ``fracas VERB --help`` shows: the system ``--system`` asked for (one that
    lacks the verb, or an unknown one, is refused: exit 2), else the selected encounter's if
    it has the verb, else ``first``, the first system that has it."""
    from engine.rules import SYSTEMS, VERBS, UnknownName, UsageError

    if asked is None:
        return selected if selected is not None and verb in VERBS[selected] else first
    if asked not in SYSTEMS:
        known = ", ".join(sorted(SYSTEMS))
        raise UnknownName(f"--system {asked!r}: unknown rules system (known: {known})")
    if verb not in VERBS[asked]:
        raise UsageError(
            f"the {asked} rules have no verb {verb!r} (it is a verb of "
            f"{', '.join(_owners(verb))}); `fracas actions --system {asked}` lists its verbs"
        )
    return asked


@functools.cache
def _verb_owners() -> dict[str, list[str]]:
    """Verb -> the rules systems that have it, from the registry's index."""
    from engine.rules import SYSTEMS, VERBS

    owners: dict[str, list[str]] = {}
    for name in sorted(SYSTEMS):
        for verb in VERBS[name]:
            owners.setdefault(verb, []).append(name)
    return owners


def _owners(verb: str) -> list[str]:
    """The rules systems that have ``verb``."""
    return list(_verb_owners().get(verb, ()))


FracasGroup.verbs = staticmethod(_verbs)
FracasGroup.row = staticmethod(_row)
FracasGroup.owners = staticmethod(_owners)
FracasGroup.declare = staticmethod(_declare)


# --- encounters -------------------------------------------------------------------------


@app.command()
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="A name for the encounter, e.g. bar-fight.")],
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="The seed every die of this fight comes from (0 <= seed < 2**63); none: one "
            "is picked and printed.",
            parser=numbers.seed,
        ),
    ] = None,
    system: Annotated[
        str | None,
        typer.Option(
            "--system", help="Rules system (`fracas actions --system S` lists its verbs)."
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option("--variant", help="The rules system's variant, e.g. raw or house."),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", help="A rules option as KEY=VALUE (repeatable); see `fracas status`."
        ),
    ] = None,
) -> None:
    """Start a new encounter and select it.

    Example: fracas new bar-fight --seed 7 --variant raw
    """
    from cli import render
    from engine.rules import DEFAULT_SYSTEM
    from engine.table import UsageError

    overrides: dict[str, str] = {}
    for item in option or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--option {item!r}: expected KEY=VALUE")
        overrides[key.strip()] = value.strip()
    command = _command_line()
    if seed is None:  # picked here, printed with the encounter, stored with it and its command
        import secrets

        seed = secrets.randbelow(2**63)
        command += f" --seed {seed}"
    state = _table(ctx).new(
        name,
        seed,
        system=system or DEFAULT_SYSTEM,
        variant=variant,
        options=overrides,
        command=command,
    )
    table = _table(ctx)
    _emit(ctx, render.new_text(state), table.status())


@app.command()
def encounters(ctx: typer.Context) -> None:
    """List the encounters in the database file.

    Example: fracas encounters
    """
    from cli import render

    rows, current = _table(ctx).encounters()
    _emit(ctx, render.encounters_text(rows, current), render.encounters_doc(rows, current))


@app.command()
def use(ctx: typer.Context, name: Annotated[str, typer.Argument(help="Encounter name.")]) -> None:
    """Select another encounter of this file.

    Example: fracas use bar-fight
    """
    row = _table(ctx).use(name)
    _emit(ctx, f"now using encounter {row.name!r}", {"encounter": row.name})


@app.command()
def add(
    ctx: typer.Context,
    sheet: Annotated[Path, typer.Argument(help="A character sheet: TOML, JSON or YAML.")],
    cid: Annotated[str | None, typer.Option("--id", help="Id to use for this combatant.")] = None,
    side: Annotated[
        str | None, typer.Option("--side", help="Side, e.g. players or opponents.")
    ] = None,
    dice: DiceOpt = None,
) -> None:
    """Add a combatant from a sheet; the validated sheet is stored in the log.

    `fracas sheets` lists the example sheets shipped with fracas, with their paths.

    Example: fracas add examples/sheets/brodkil.json --id brodkil --side opponents
    """
    from engine.dice import parse_physical
    from engine.inputs import check_label, check_option_name

    if cid is not None:
        check_option_name("--id", "combatant id", cid)
    if side is not None:
        check_label("--side", side)
    capture = _settings(ctx).capture
    if capture is not None:  # `amend REF add FILE …`: only the declaration
        capture.append((_table(ctx).join_declaration(sheet, cid=cid, side=side), dice))
        return
    physical = parse_physical(dice) if dice is not None else ()
    result = _table(ctx).add(sheet, cid=cid, side=side, physical=physical, command=_command_line())
    _ply_out(ctx, result)


# --- reading ----------------------------------------------------------------------------


@app.command()
def status(ctx: typer.Context) -> None:
    """Show the fight now: round, whose turn, attacks left, pools, conditions.

    Example: fracas --json status
    """
    from cli import render

    doc = _table(ctx).status()
    _emit(ctx, render.status_text(doc), doc)


@app.command()
def actions(
    ctx: typer.Context,
    system: Annotated[
        str | None,
        typer.Option(
            "--system", help="A rules system (default: the selected encounter's, or every one)."
        ),
    ] = None,
) -> None:
    """List the action verbs of a rules system, one line each (`fracas VERB --help` for more).

    Example: fracas actions; fracas --json actions
    """
    from cli import render
    from engine.actiontable import actions_table
    from engine.rules import SYSTEMS, get_pack

    names = [system] if system else []
    if not names:
        selected = _table(ctx).system()
        names = [selected] if selected else sorted(SYSTEMS)
    tables = {name: (get_pack(name), actions_table(get_pack(name))) for name in names}
    _emit(ctx, render.actions_text(tables), render.actions_doc(tables))


# --- history ----------------------------------------------------------------------------


# The history commands (log, explain, undo, redo, branches, replay) are in cli/history.py,
# the rule glossary (rule) in cli/glossary.py.
from cli import export, glossary, history, odds, report, resheet, sheets, shell  # noqa: E402, F401

FracasGroup.defer(app)  # every command above is built when named, not at each start-up

__all__ = ["app", "history", "run"]


def _json_asked() -> bool:
    """Whether the line asks for JSON (``--json`` anywhere before a bare ``--``)."""
    args = sys.argv[1:]
    return "--json" in (args[: args.index("--")] if "--" in args else args)


def report_error(err: BaseException, as_json: bool, typed: bool = False) -> int:
    """Print ``err`` as its one line on stderr (a JSON object under ``--json``, red on a
    terminal) and return its exit code. ``typed``: in ``fracas shell``, where a command is
    typed without ``fracas``, the commands the line names are written so (`initiative
    --help`, `help`)."""
    from cli.errors import handle  # imported on an error only

    code, message = handle(err)
    if typed:
        message = message.replace("`fracas --help`", "`help`").replace("`fracas ", "`")
    if message and as_json:
        import json

        typer.echo(json.dumps({"error": message, "exit": code}), err=True)
    elif message:
        from cli.colour import error

        typer.echo(error(f"fracas: error: {message}"), err=True)
    return code


def run() -> None:
    """Console entry point: every known error becomes one line and an exit code."""
    import atexit
    import gc

    # The process ends with the command. The collection the interpreter makes as it exits
    # would walk every object the imports made (about an eighth of `fracas status`'s CPU)
    # only to find what the exit frees anyway: frozen at exit, they are skipped.
    atexit.unregister(gc.freeze)  # once, however often run() is called in one process
    atexit.register(gc.freeze)
    try:
        returned = app(standalone_mode=False)  # click returns an Exit's code in this mode
    except SystemExit:
        raise
    except BaseException as err:  # every other error becomes one line and an exit code
        raise SystemExit(report_error(err, _json_asked())) from None
    if isinstance(returned, int) and returned:
        raise SystemExit(returned)
