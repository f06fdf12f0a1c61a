"""Sheets: the vocabulary every pack's sheet classes are written in, and its errors.

A rules pack describes its sheet as frozen attrs classes whose field types may carry
constraints with ``typing.Annotated``::

    level: Annotated[int, Range(1, 15)]
    damage: Annotated[str, Satisfies(parse_spec, "a die expression such as 2D6")]

Reading a file and checking it against those classes is :mod:`engine.sheetload` (cattrs and
YAML, imported only by the commands that read a sheet): every mistake in the file comes back at
once, as one :class:`SheetError`, each problem with its dotted path, what was expected and what
was found::

    sheets/juicer.toml: attributes.pp: expected an integer 1..100, got "high"
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any

import attrs

FORMATS = (".toml", ".json", ".yaml", ".yml")


#: The most problems ``str(SheetError)`` lists; the rest are counted ("and 180 more").
MAX_LISTED = 20


class SheetError(Exception):
    """A sheet that cannot be read or does not validate (exit code 2).

    ``problems`` holds every problem found, each written ``dotted.path: message`` (or just
    ``message`` when it concerns the whole file); ``str(err)`` is one line that prefixes each
    problem with the file and joins them with ``"; "``: the first :data:`MAX_LISTED`, then
    how many more there are.
    """

    def __init__(self, file: str, problems: Sequence[str]) -> None:
        self.file = file
        self.problems = tuple(problems)
        super().__init__(self.file, self.problems)

    def __str__(self) -> str:
        listed = [f"{self.file}: {problem}" for problem in self.problems[:MAX_LISTED]]
        more = len(self.problems) - MAX_LISTED
        if more > 0:
            listed.append(f"and {more} more problem{'s' if more > 1 else ''}")
        return "; ".join(listed)


def problem(path: str, message: str) -> str:
    """One problem as :class:`SheetError` lists it: ``path: message`` (no path: the message)."""
    return f"{path}: {message}" if path else message


def duplicate(seen: dict[str, int], index: int, name: str, items: str, what: str) -> str | None:
    """The problem of ``items[index]``'s ``name`` if an earlier one of ``items`` has it
    (ignoring case and surrounding spaces); otherwise None, and it is remembered in ``seen``."""
    key = name.strip().casefold()
    if key in seen:
        return problem(
            f"{items}[{index}].name",
            f"duplicate {what} name {json.dumps(name)} (also {items}[{seen[key]}])",
        )
    seen[key] = index
    return None


@attrs.frozen
class Range:
    """Constraint for ``Annotated[int, Range(lo, hi)]``: ``lo <= value <= hi``; ``hi`` optional."""

    lo: int
    hi: int | None = None

    @property
    def expected(self) -> str:
        """How the allowed values read in an error message."""
        return f"{self.lo}..{self.hi}" if self.hi is not None else f">= {self.lo}"

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` lies in the range."""
        return bool(value >= self.lo and (self.hi is None or value <= self.hi))


@attrs.frozen
class Satisfies:
    """A constraint for ``Annotated[T, Satisfies(check, expected)]``.

    ``check`` raises ``ValueError`` for a value it refuses; ``expected`` completes the sentence
    "expected ..." in the error message.
    """

    check: Callable[[Any], object]
    expected: str

    def accepts(self, value: Any) -> bool:
        """Whether ``check`` lets the value through."""
        try:
            self.check(value)
        except ValueError:
            return False
        return True


def _label(text: str) -> None:
    from engine.inputs import label_problem

    if label_problem(text) is not None:
        raise ValueError("not a label")


#: A name in a sheet (the sheet's, a weapon's, an armor's): not blank, at most 64 characters,
#: no control or bidi characters and no lone surrogates (:func:`engine.inputs.label_problem`).
Label = Annotated[str, Satisfies(_label, "a name of 1-64 printable characters, not blank")]


class Mismatch(ValueError):
    """A value of the wrong type or out of its constraint; carries what was expected and found.

    Reads ``expected X, got Y``, or ``expected X; got Y`` when ``X`` ends with an example
    (``e.g. { short = 3 }``), so that the example is never read as running on into what was
    found.
    """

    def __init__(self, expected: str, found: Any) -> None:
        self.expected = expected
        self.found = found
        super().__init__(mismatch(expected, found))


def mismatch(expected: str, found: Any) -> str:
    """The message of a :class:`Mismatch`: what was expected, then what was found (and, for a
    number or true/false written in quotes, that the quotes are the mistake)."""
    sep = ";" if "e.g." in expected else ","
    return f"expected {expected}{sep} got {shown(found)}{_quoted(expected, found)}"


_NUMBER_IN_TEXT = {"an integer": r"[+-]?[0-9]+", "a number": r"[+-]?[0-9]+(?:\.[0-9]+)?"}


def _quoted(expected: str, found: Any) -> str:
    if not isinstance(found, str):
        return ""
    text = found.strip()
    if expected.startswith("true or false"):
        unquoted = text in ("true", "false")
    else:
        unquoted = any(
            expected.startswith(kind) and re.fullmatch(pattern, text) is not None
            for kind, pattern in _NUMBER_IN_TEXT.items()
        )
    return f" (text in quotes: write {text} without them)" if unquoted else ""


def shown(value: Any) -> str:
    """The value found, written as the user would have typed it (JSON-like), kept short, with
    any character a terminal would not print as itself (control, bidi, a lone surrogate)
    escaped, so that it can never forge or reorder a line."""
    if isinstance(value, dt.date | dt.time):  # YAML and TOML read these: never in quotes
        return value.isoformat()
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = json.dumps(value, default=str, ensure_ascii=False)
    text = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in text)
    return text if len(text) <= 40 else text[:37] + "..."
