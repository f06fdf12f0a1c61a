"""Values typed on the command line that no command takes: an empty one.

``--at ""``, ``--variant ""``, ``--location ""``: an empty value is never a value a GM meant
(an option left out says "the default"; an empty one says nothing), and taken as it comes it
reads as the option left out (``--at ""`` was the head, ``pass ""`` was ``next``) or as ``.``
(``add ""`` read the folder it ran in). So every option that takes a value, of every command
and verb, every argument that may be left out and every path refuses ``""``, naming itself
(exit 2), before the command reads or writes anything (README, "Limits on input"). Other
arguments, and values of only white space, are each command's to refuse in its own words
("branch name '' is not allowed", "unknown combatant ''", "a called strike names what it aims
at"): tests/cli/test_blank_values.py walks every option and argument of every command and
verb with both. The commands of :mod:`cli.main` and the verbs of :mod:`cli.verbs` are made of
:class:`RefusesBlank`'s classes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import typer
from typer.core import TyperCommand


def _values(raw: Any) -> Iterator[Any]:
    """Each value the parser gave a parameter (a repeated option or ``nargs`` gives several)."""
    if isinstance(raw, list | tuple):
        for item in raw:
            yield from _values(item)
    else:
        yield raw


def _option_names(param: Any) -> list[str]:
    return [o for o in getattr(param, "opts", ()) if o.startswith("-")]


def _checked(param: Any) -> bool:
    """Whether an empty value of ``param`` is refused here: an option that takes a value (not
    a flag), an argument that may be left out (``pass ""`` would be ``pass``), or one that
    is a path (``add ""`` would read ``.``)."""
    if not _option_names(param):
        return not param.required or getattr(param.type, "name", "") == "path"
    return not (getattr(param, "is_flag", False) or getattr(param, "count", False))


def refuse_blank(command: Any, ctx: Any, args: list[str]) -> None:
    """Refuse ``""`` as the value of an option of ``command`` in ``args``, or of a path
    argument (exit 2, naming it and, for an option, how to leave it out). Whatever else is
    wrong with ``args`` (an unknown option, a missing value) the command's own parse reports;
    ``--help`` is answered as ever."""
    if ctx.resilient_parsing:  # Tab completion: nothing runs
        return
    try:
        opts, _, _ = command.make_parser(ctx).parse_args(args=list(args))
    except Exception:  # a usage error of click's (typer's copy): the real parse reports it
        return
    if opts.get("help"):
        return
    for param in command.get_params(ctx):
        if param.name not in opts or not _checked(param):
            continue
        if any(value == "" for value in _values(opts[param.name])):
            names = _option_names(param)
            hint = (
                f"give a value, or leave {max(names, key=len)} out"
                if names
                else "give a path (an empty one names no file)"
                if param.required
                else "give one, or leave it out"
            )
            raise typer.BadParameter(f"'' is empty: {hint}", ctx=ctx, param=param)


class RefusesBlank:
    """A command (or group) that refuses an empty value for its options and path arguments
    before it parses them (:func:`refuse_blank`)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        refuse_blank(self, ctx, args)
        parsed: list[str] = super().parse_args(ctx, args)  # type: ignore[misc]
        return parsed


class CoreCommand(RefusesBlank, TyperCommand):
    """A core command of :mod:`cli.main` (``new``, ``branch``, ``odds`` …)."""
