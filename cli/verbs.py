"""The action verbs of the command line, built from the encounter's actions table.

Every verb comes from a row of the table (``engine/rules/pack.py``): its arguments and options
from the fields of the declaration it makes (combatant ids and names as text, literals as
choices, numbers, flags, repeatable options for lists), its help and example from the row.
This module names no rules system: which verbs exist is the selected encounter's business,
and :class:`FracasGroup` asks for them when a command is looked up. A verb the encounter's
system lacks is refused with the system's name and its verbs (exit 2).

Help does not depend on the fight: ``fracas VERB --help`` shows the help of the verb of the
system ``--system S`` names, else of the selected encounter's system if it has the verb, else
of the first system that has it (the default system first), and says which systems have the
verb and whose help this is (:class:`VerbHelp`).
"""

from __future__ import annotations

import enum
import inspect
import os
from collections.abc import Callable, Iterator, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

import msgspec
import msgspec.inspect as mi
import typer
from typer.core import TyperCommand, TyperGroup, TyperOption
from typer.models import CommandInfo

from cli.values import CoreCommand, RefusesBlank

if TYPE_CHECKING:
    from engine.rules.pack import Action

CORE_HEADING = "Commands"
#: ``ctx.meta`` keys (the meta is shared by a command's context and its group's): the raw
#: arguments of the command line, and the :class:`VerbHelp` of a ``VERB --help``.
ARGS = "fracas.args"
HELP = "fracas.help"


def db_path(given: Path | str | None) -> Path:
    """The database file: ``--db``, else ``$FRACAS_DB``, else ``./fracas.db``."""
    return Path(given or os.environ.get("FRACAS_DB") or "fracas.db")


def _bare(t: mi.Type) -> tuple[mi.Type, bool]:
    """The field's type without metadata, and whether None is allowed."""
    if isinstance(t, mi.Metadata):
        t = t.type
    if isinstance(t, mi.UnionType):
        rest = [m for m in t.types if not isinstance(m, mi.NoneType)]
        inner = rest[0] if len(rest) == 1 else t
        if isinstance(inner, mi.Metadata):
            inner = inner.type
        return inner, len(rest) != len(t.types)
    return t, False


def _choices(verb: str, field: str, values: Sequence[Any]) -> type[enum.Enum]:
    return enum.Enum(  # type: ignore[return-value]
        f"{verb}_{field}", {str(v): str(v) for v in values}, type=str
    )


def _parameter(row: Action, field: mi.Field) -> tuple[inspect.Parameter, Any]:
    """A typer parameter for one field of the row's declaration, and how to read its value."""
    t, nullable = _bare(field.type)
    positional = field.name in row.arguments
    help_ = row.options.get(field.name, "")
    required = field.required
    default: Any = (
        ... if required else (None if field.default is msgspec.NODEFAULT else field.default)
    )
    if field.default_factory is not msgspec.NODEFAULT:
        default = None
        required = False
    read: Callable[[Any], Any] = lambda v: v  # noqa: E731
    annotation: Any
    if isinstance(t, mi.BoolType):
        annotation = bool
        default = bool(default) if default is not None else False
    elif isinstance(t, mi.IntType):
        annotation = int | None if (nullable or not required) and default is None else int
    elif isinstance(t, mi.LiteralType):
        choice = _choices(row.verb, field.name, t.values)
        annotation = choice | None if default is None and not required else choice
        back = {str(v): v for v in t.values}
        read = lambda v: None if v is None else back[v.value]  # noqa: E731
        if default not in (None, ...):
            default = choice(str(default))
    elif isinstance(t, mi.VarTupleType):
        annotation = list[str] | None if not required else list[str]
        read = lambda v: tuple(v or ())  # noqa: E731
        default = ... if required else None
    else:
        annotation = str | None if default is None and not required else str
    extra: dict[str, Any] = {}
    if isinstance(t, mi.IntType):  # ASCII digits within the field's bounds (cli/numbers.py)
        from cli.numbers import integer

        lo = t.ge if t.ge is not None else (t.gt + 1 if t.gt is not None else None)
        hi = t.le if t.le is not None else (t.lt - 1 if t.lt is not None else None)
        extra["parser"] = integer(-999_999_999 if lo is None else lo, hi)
    if positional:
        info: Any = typer.Argument(help=help_, show_default=False, **extra)
    else:
        name = row.names.get(field.name, "--" + field.name.replace("_", "-"))
        info = typer.Option(name, help=help_, show_default=False, **extra)
    param = inspect.Parameter(
        field.name,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        annotation=Annotated[annotation, info],
        default=inspect.Parameter.empty if default is ... else default,
    )
    return param, read


_DICE_HELP = {
    "roll": "Physical dice: faces used, in the order the rules roll them, before any seeded die.",
    "landing": "Faces for whatever moving the turn sets off (an action landing on the next "
    "turn), in the order rolled.",
}


def verb_command(
    row: Action, declare: Callable[[typer.Context, Any, str | None, bool], None]
) -> Callable[..., None]:
    """The typer callback of one verb: its parameters from the row, its help and example."""
    info = mi.type_info(row.declaration)
    assert isinstance(info, mi.StructType)
    fields = [f for f in info.fields if f.name not in row.fixed]
    built = [_parameter(row, f) for f in fields]
    order = {name: i for i, name in enumerate(row.arguments)}
    built.sort(key=lambda pr: (pr[0].name not in order, order.get(pr[0].name, 0)))
    params = [
        inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=typer.Context),
        *(p for p, _ in built),
    ]
    readers = {p.name: read for p, read in built}
    if row.dice != "none":
        params += [
            inspect.Parameter(
                "dice",
                inspect.Parameter.KEYWORD_ONLY,
                annotation=Annotated[str | None, typer.Option("--dice", help=_DICE_HELP[row.dice])],
                default=None,
            ),
            inspect.Parameter(
                "reroll",
                inspect.Parameter.KEYWORD_ONLY,
                annotation=Annotated[
                    bool,
                    typer.Option(
                        "--reroll", help="Take fresh dice (a new salt) instead of the seed's."
                    ),
                ],
                default=False,
            ),
        ]

    labels = {
        f.name: f.name.upper()
        if f.name in row.arguments
        else row.names.get(f.name, "--" + f.name.replace("_", "-"))
        for f in fields
    }

    def callback(ctx: typer.Context, **values: Any) -> None:
        from engine.inputs import check_printable

        dice = values.pop("dice", None)
        reroll = bool(values.pop("reroll", False))
        fields_ = {k: readers[k](v) for k, v in values.items()}
        for key, value in fields_.items():  # text is printed back: no control or bidi chars
            for text in value if isinstance(value, tuple) else (value,):
                if isinstance(text, str):
                    check_printable(labels[key], text)
        declaration = row.declaration(**fields_, **row.fixed)
        declare(ctx, declaration, dice, reroll)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__annotations__ = {p.name: p.annotation for p in params}
    callback.__name__ = row.verb.replace("-", "_")
    callback.__doc__ = f"{row.help.strip()}\n\nExample: {row.example}"
    return callback


def option_value(args: Sequence[str], name: str) -> str | None:
    """The value the last ``NAME VALUE`` or ``NAME=VALUE`` in ``args`` gives (before a bare
    ``--``), or None: a global option read before click has parsed it (for help)."""
    found = None
    args = list(args[: list(args).index("--")] if "--" in args else args)
    for i, arg in enumerate(args):
        if arg == name and i + 1 < len(args):
            found = args[i + 1]
        elif arg.startswith(name + "="):
            found = arg[len(name) + 1 :]
    return found


def asks_help(args: Sequence[str]) -> bool:
    """Whether ``--help`` is among ``args`` (before a bare ``--``)."""
    return "--help" in (args[: list(args).index("--")] if "--" in args else args)


class VerbHelp:
    """What ``fracas VERB --help`` asked and what it shows (in ``ctx.meta[HELP]``): ``asked``,
    the system ``--system`` named (None: none); once the verb's row is chosen, ``shown``, the
    system whose help it is, ``selected``, the selected encounter's system (None: none
    selected), and ``owners``, every system that has the verb."""

    def __init__(self, asked: str | None) -> None:
        self.asked = asked
        self.shown: str | None = None
        self.selected: str | None = None
        self.owners: tuple[str, ...] = ()

    def note(self, verb: str) -> str:
        """A paragraph for the help: which systems have the verb and whose help this is."""
        if self.shown is None:
            return ""
        text = f"Rules systems with `{verb}`: {', '.join(self.owners)}. This help is {self.shown}'s"
        if self.asked is not None:
            text += " (asked with --system)."
        elif self.selected is None:
            text += " (no encounter selected)."
        elif self.selected == self.shown:
            text += " (the selected encounter's system)."
        else:
            text += (
                f"; the selected encounter is {self.selected}, which has no `{verb}` "
                f"(`fracas actions` lists its verbs)."
            )
        others = [s for s in self.owners if s != self.shown]
        if len(others) == 1:
            text += f" `fracas {verb} --help --system {others[0]}` shows {others[0]}'s."
        elif others:
            text += f" `fracas {verb} --help --system S` shows another's ({', '.join(others)})."
        return text


class VerbCommand(RefusesBlank, TyperCommand):
    """An action verb's command: its help opens with :meth:`VerbHelp.note`; an empty value
    is refused (:mod:`cli.values`)."""

    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        helping = ctx.meta.get(HELP)
        note = helping.note(self.name or "") if isinstance(helping, VerbHelp) else ""
        if note:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(note)
        super().format_help_text(ctx, formatter)


def _help_only(ctx: Any, _param: Any, value: str | None) -> None:
    """``--system`` on a verb picks whose help ``--help`` shows (which, being eager, has
    already printed it and left); without ``--help`` it is refused."""
    if value is not None:
        from engine.rules import UsageError

        raise UsageError(
            f"--system {value!r} only goes with --help (whose help to show); an encounter's "
            "rules system is chosen when it starts: `fracas new NAME --system S`"
        )


def _one_command(info: CommandInfo) -> Any:
    """The click command typer builds from one registered command."""
    app = typer.Typer(add_completion=False, rich_markup_mode=None)
    app.registered_commands.append(info)
    return typer.main.get_command(app)


class _Commands(MutableMapping[str, Any]):
    """A group's commands by name, in order; a command still registered with typer (a
    ``CommandInfo``) is built the first time it is looked up."""

    def __init__(self, items: Mapping[str, Any]) -> None:
        self._items = dict(items)

    def __getitem__(self, name: str) -> Any:
        item = self._items[name]
        if isinstance(item, CommandInfo):
            item = self._items[name] = _one_command(item)
        return item

    def __setitem__(self, name: str, command: Any) -> None:
        self._items[name] = command

    def __delitem__(self, name: str) -> None:
        del self._items[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


def _late_json(ctx: Any, _param: Any, value: bool) -> None:
    if value:
        ctx.find_root().obj.as_json = True


def _late_db(ctx: Any, _param: Any, value: str | None) -> None:
    if value is not None:
        ctx.find_root().obj.db = db_path(Path(value))


def _late_version(ctx: Any, _param: Any, value: bool) -> None:
    if value:
        from cli.main import _version

        _version(True)


def _take_global_options(cmd: Any) -> None:
    """Let ``--json`` and ``--db PATH`` come after the command too (``fracas status --json``):
    hidden options of the command that set what the global ones set."""
    names = {opt for p in cmd.params for opt in getattr(p, "opts", ())}
    late = (
        ("--json", "late_json", True, _late_json),
        ("--db", "late_db", False, _late_db),
        ("--version", "late_version", True, _late_version),
    )
    for flag, name, is_flag, callback in late:
        if flag not in names:
            option = TyperOption(
                param_decls=[flag, name],
                is_flag=is_flag,
                hidden=True,
                expose_value=False,
                callback=callback,
            )
            cmd.params.append(option)


#: The click command built from each actions-table row so far: ``id(row) -> (row, command)``.
_VERB_COMMANDS: dict[int, tuple[Any, Any]] = {}


class FracasGroup(RefusesBlank, TyperGroup):
    """The top-level command group: the core's commands, and the action verbs of the
    selected encounter's rules system, looked up when named (see the module docstring)."""

    #: Set by cli.main: ``verbs(ctx, strict)`` -> the system in use (None: no encounter
    #: selected, every system's verbs) and its verbs, each with the first line of its help;
    #: ``row(ctx, verb, strict)`` -> the row a verb is built from (None: no such verb);
    #: ``owners(verb)`` -> the systems having it; ``declare(ctx, declaration, dice, reroll)``
    #: runs a verb's declaration. ``deferred``: the core's commands, taken from the typer app
    #: by :meth:`defer` and built when named.
    verbs: Callable[[Any, bool], tuple[str | None, dict[str, str]]]
    row: Callable[[Any, str, bool], Action | None]
    owners: Callable[[str], list[str]]
    declare: Callable[[typer.Context, Any, str | None, bool], None]
    deferred: ClassVar[dict[str, CommandInfo]] = {}

    @classmethod
    def defer(cls, app: typer.Typer) -> None:
        """Take the commands registered on ``app`` so that each is built when named: typer
        would build every one of them (their parameters from their signatures) at each
        start-up, for the one command that runs."""
        for info in app.registered_commands:
            assert info.callback is not None
            if info.cls in (None, TyperCommand):  # an empty value refused (cli/values.py)
                info.cls = CoreCommand
            cls.deferred[info.name or info.callback.__name__.lower().replace("_", "-")] = info
        app.registered_commands = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = _Commands({**type(self).deferred, **self.commands})

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta[ARGS] = list(args)  # `--help` is answered before `--db` is parsed
        return super().parse_args(ctx, args)

    def list_commands(self, ctx: Any) -> list[str]:
        core = list(self.commands)
        _, rows = type(self).verbs(ctx, False)
        return [*core, *(v for v in rows if v not in core)]

    def get_command(self, ctx: Any, name: str) -> Any:
        found = super().get_command(ctx, name)
        if found is not None:
            return found
        strict = not ctx.resilient_parsing and HELP not in ctx.meta  # help reads what it can
        row = type(self).row(ctx, name, strict)
        if row is None:
            return None
        built = _VERB_COMMANDS.get(id(row))  # a command is looked up twice, a shell's often
        if built is not None and built[0] is row:
            return built[1]
        app = typer.Typer(add_completion=False, rich_markup_mode=None)
        app.command(name, cls=VerbCommand)(verb_command(row, type(self).declare))
        command = typer.main.get_command(app)
        command.params.append(
            TyperOption(
                param_decls=["--system", "help_system"],
                hidden=True,
                expose_value=False,
                callback=_help_only,
            )
        )
        _VERB_COMMANDS[id(row)] = (row, command)
        return command

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = args[0] if args else ""
        if name and asks_help(args[1:]):
            ctx.meta[HELP] = VerbHelp(option_value(args[1:], "--system"))
        if name and not name.startswith("-") and self.get_command(ctx, name) is None:
            from engine.rules import UsageError

            system, rows = type(self).verbs(ctx, True)
            owners = type(self).owners(name)
            if owners and system is not None:
                raise UsageError(
                    f"the {system} rules have no verb {name!r} (it is a verb of "
                    f"{', '.join(owners)}); {system} verbs: {', '.join(rows)}"
                )
        cmd_name, cmd, rest = super().resolve_command(ctx, args)
        if cmd is not None:
            _take_global_options(cmd)
        return cmd_name, cmd, rest

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        core = list(self.commands)
        system, rows = type(self).verbs(ctx, False)
        sections = [
            (CORE_HEADING, [(n, super(FracasGroup, self).get_command(ctx, n)) for n in core]),
        ]
        title = f"Actions ({system})" if system else "Actions (by the encounter's rules system)"
        sections.append((title, [(v, None) for v in rows if v not in core]))
        everyone = type(self).owners("pass")  # a core verb: every system has it
        for heading, entries in sections:
            lines = []
            for verb, cmd in entries:
                summary = cmd.get_short_help_str(80) if cmd is not None else rows[verb]
                owners = type(self).owners(verb) if cmd is None and system is None else everyone
                if owners != everyone:  # no encounter selected: say whose verb it is
                    summary = f"({', '.join(owners)}) {summary}"
                lines.append((verb, summary))
            if lines:
                with formatter.section(heading):
                    formatter.write_dl(lines)
        if system is None:
            formatter.write_paragraph()
            formatter.write_text(
                "No encounter selected: a verb of several systems shows the default system's "
                "help (`fracas VERB --help --system S`: another's); `fracas actions --system S` "
                "lists one system's verbs."
            )
