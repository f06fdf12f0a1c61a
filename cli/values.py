"""Values typed on the command line that no command takes: an empty or blank one.

``--at ""``, ``--variant ""``, ``--location ""``: an empty value is never a value a GM meant
(an option left out says "the default"; an empty one says nothing), so every option that takes
a value, of every command and verb, refuses one that is empty or only white space, naming the
option (exit 2), before the command reads or writes anything (README, "Limits on input"). The
commands of :mod:`cli.main` and the verbs of :mod:`cli.verbs` are made of :class:`RefusesBlank`'s
classes.
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


def _takes_value(param: Any) -> bool:
    """Whether ``param`` is an option that takes a value (not a flag). Arguments are left to
    the command: each refuses an empty one in its own words ("branch name '' is not
    allowed", "unknown combatant ''"), as tests/cli/test_blank_values.py checks."""
    opts = getattr(param, "opts", ())
    if not any(o.startswith("-") for o in opts):
        return False
    return not (getattr(param, "is_flag", False) or getattr(param, "count", False))


def _label(param: Any) -> str:
    """How the command line writes the option ``param``: its longest name (``--output``)."""
    return str(max((o for o in param.opts if o.startswith("-")), key=len))


def refuse_blank(command: Any, ctx: Any, args: list[str]) -> None:
    """Refuse an empty or blank value of any parameter of ``command`` in ``args`` (exit 2,
    naming the option and saying how to leave it out). Whatever else is wrong with ``args``
    (an unknown option, a missing value) the command's own parse reports; ``--help`` is
    answered as ever."""
    if ctx.resilient_parsing:  # Tab completion: nothing runs
        return
    try:
        opts, _, _ = command.make_parser(ctx).parse_args(args=list(args))
    except Exception:  # a usage error of click's (typer's copy): the real parse reports it
        return
    if opts.get("help"):
        return
    for param in command.get_params(ctx):
        if not _takes_value(param) or param.name not in opts:
            continue
        for value in _values(opts[param.name]):
            if isinstance(value, str) and not value.strip():
                what = "empty" if not value else "empty (only white space)"
                name = _label(param)
                leave = f"give one, or leave {name} out"
                raise typer.BadParameter(f"{value!r} is {what}: {leave}", ctx=ctx, param=param)


class RefusesBlank:
    """A command (or group) that refuses an empty or blank value for any of its parameters
    before it parses them (:func:`refuse_blank`)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        refuse_blank(self, ctx, args)
        parsed: list[str] = super().parse_args(ctx, args)  # type: ignore[misc]
        return parsed


class CoreCommand(RefusesBlank, TyperCommand):
    """A core command of :mod:`cli.main` (``new``, ``branch``, ``odds`` …)."""
