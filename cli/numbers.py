"""Numbers typed on the command line: ASCII digits within documented bounds.

click's own ``int`` takes ``int(text)``, which reads ``١٤`` as 14, `` 5 `` and ``1_000`` as
numbers, and echoes a 5,000-digit value back in full; these parsers (typer's ``parser=``) take
ASCII digits only, within bounds, and name the option and the value, escaped and shortened
(exit 2). The checks are :mod:`engine.inputs`, imported when a value is parsed, not at start-up.
"""

from __future__ import annotations

from collections.abc import Callable

import typer


def integer(lo: int, hi: int | None = None) -> Callable[[str | int], int]:
    """A typer parser for a whole number ``lo..hi`` (``hi`` default: engine.inputs.MAX_COUNT)."""

    def parse(text: str | int) -> int:
        from engine.inputs import MAX_COUNT, InputError, parse_int

        if isinstance(text, int):  # a default value, already a number
            return text
        try:
            return parse_int(text, "", lo, MAX_COUNT if hi is None else hi)
        except InputError as err:
            raise typer.BadParameter(str(err)) from None

    parse.__name__ = "int"
    return parse


def seed(text: str | int) -> int:
    """A typer parser for a seed: ``0 <= seed < 2**63``."""
    from engine.inputs import SEED_LIMIT

    return integer(0, SEED_LIMIT - 1)(text)


seed.__name__ = "int"
