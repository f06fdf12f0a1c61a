"""Reading a sheet file into plain data, within limits (README, "Limits on input").

A sheet is read only from a regular file of at most 1 MiB (:func:`engine.inputs.
read_regular_file`), as UTF-8, in the format its suffix names: TOML, JSON, or YAML with the
safe loader (``!!python/...`` tags are refused) and without complex keys. No document can
exhaust the stack, the memory or the patience of the command line:

- its text is scanned before it is parsed (JSON and TOML: nesting and the digits of a number;
  YAML: the same while its nodes are composed), so 100,000 nested lists or a 5,000-digit number
  are one clear error, never a ``RecursionError`` or Python's 4,300-digit conversion limit;
- the parsed data is walked (:func:`data_problems`) before it is structured: nested at most
  :data:`MAX_DEPTH` deep, at most :data:`MAX_ITEMS` items in a list or table, at most
  :data:`MAX_VALUES` values in all (a YAML alias counted each time it is used), keys that are
  text, strings of at most :data:`MAX_TEXT` characters without control or bidi characters or
  lone surrogates (:func:`engine.inputs.bad_character`), finite numbers within
  ±:data:`~engine.inputs.MAX_SHEET_NUMBER`.

Every refusal is a :class:`~engine.sheets.SheetError` naming the file (exit 2).
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from engine.inputs import MAX_SHEET_NUMBER, InputError, bad_character, escaped, read_regular_file
from engine.sheetreading import Document
from engine.sheets import FORMATS, SheetError, shown

#: How deep lists and tables may nest in a sheet (a real sheet needs 3).
MAX_DEPTH = 32
#: The most items in one list, or keys in one table.
MAX_ITEMS = 1000
#: The most values in a whole sheet.
MAX_VALUES = 100_000
#: The longest string (and key) in a sheet, in characters.
MAX_TEXT = 256
#: The most digits in one number written in a sheet.
MAX_DIGITS = 20

_FORMAT_NAMES = {".toml": "TOML", ".json": "JSON", ".yaml": "YAML", ".yml": "YAML"}

_TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep"

# What is not code in a document: its strings and comments (their brackets and digits do
# not count), blanked out before scanning, keeping every offset (:func:`code_of`). What is
# blanked is what ``re.sub`` of these patterns would blank (the tests check that the two
# agree), found in linear time:
#   JSON  "[^"\\]*(?:\\.[^"\\]*)*"
#   TOML  """(?:[^\\]|\\.)*?"""|'''.*?'''|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\n]*'|#[^\n]*
# ``re.sub`` itself is quadratic: an unterminated string is tried again from each escaped
# quote in it, each time to its end (``"\"\"\"...``: an hour for a 1 MiB sheet). Here each
# string is read once by a pattern that never backtracks (the longest run of its characters,
# escapes whole; the string is closed if a quote follows), and where one is unterminated is
# remembered: a quote inside it starts a string just as unterminated, so it is not read
# again. The ``_SCAN_`` patterns make every read of the text (the tests count what they read).
_SCAN_JSON_START = re.compile(r'"')
_SCAN_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*', re.DOTALL)
_SCAN_TOML_START = re.compile(r"[\"'#]")
_SCAN_TOML_MULTILINE = re.compile(r'"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*', re.DOTALL)
_SCAN_TOML_MULTILINE_LITERAL_END = re.compile(r"'''")
_SCAN_TOML_BASIC = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*', re.DOTALL)
_SCAN_TOML_LITERAL = re.compile(r"'[^'\n]*")
_SCAN_TOML_COMMENT = re.compile(r"#[^\n]*")
_BRACKETS = re.compile(r"[\[\]{}]")
# A TOML dotted key of more than MAX_DEPTH parts (``a.b.c...``) nests as deep as brackets do.
_DOTTED = re.compile(rf"(?:\.[^.=,\n\[\]{{}}]*){{{MAX_DEPTH},}}")
_LONG_NUMBER = re.compile(rf"[0-9][0-9_]{{{MAX_DIGITS},}}")


class _Refused(Exception):
    """A document beyond a limit; the message says which, and where."""


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _run(pattern: re.Pattern[str], text: str, start: int) -> int:
    """Where the run of ``pattern`` from ``start`` ends (a ``_SCAN_`` pattern run from what
    a ``_START`` pattern found always matches: at least that first character)."""
    found = pattern.match(text, start)
    return start if found is None else found.end()


def _json_code(text: str) -> str:
    parts: list[str] = []
    done = 0
    while (found := _SCAN_JSON_START.search(text, done)) is not None:
        start = found.start()
        end = _run(_SCAN_JSON_STRING, text, start)
        if not text.startswith('"', end):
            break  # unterminated: so is a string from any quote after it; the rest is code
        parts += (text[done:start], " " * (end + 1 - start))
        done = end + 1
    parts.append(text[done:])
    return "".join(parts)


def _toml_code(text: str) -> str:
    parts: list[str] = []
    done = at = 0
    multiline = literal = True  # False once one is unterminated: so is any after it
    unterminated_to = 0  # a "..." from a quote before this offset ends there, unterminated
    while (found := _SCAN_TOML_START.search(text, at)) is not None:
        start, end = found.start(), -1
        first = text[start]
        if first == "#":
            end = _run(_SCAN_TOML_COMMENT, text, start)
        elif first == '"':
            if multiline and text.startswith('"""', start):
                stop = _run(_SCAN_TOML_MULTILINE, text, start)
                if text.startswith('"""', stop):
                    end = stop + 3
                else:
                    multiline = False
            if end < 0 and start >= unterminated_to:
                stop = _run(_SCAN_TOML_BASIC, text, start)
                if text.startswith('"', stop):
                    end = stop + 1
                else:
                    unterminated_to = stop
        else:
            if literal and text.startswith("'''", start):
                close = _SCAN_TOML_MULTILINE_LITERAL_END.search(text, start + 3)
                if close is not None:
                    end = close.end()
                else:
                    literal = False
            if end < 0:
                stop = _run(_SCAN_TOML_LITERAL, text, start)
                if text.startswith("'", stop):
                    end = stop + 1
        if end < 0:
            at = start + 1  # not the start of a string or comment: as re.sub, try the next
        else:
            parts += (text[done:start], " " * (end - start))
            done = at = end
    parts.append(text[done:])
    return "".join(parts)


def code_of(text: str, suffix: str) -> str:
    """A JSON or TOML ``text`` with its strings and comments blanked out, every offset kept:
    what is left is the code whose brackets and numbers :func:`scan_text` counts. Linear in
    the length of the text, whatever it holds."""
    return _json_code(text) if suffix == ".json" else _toml_code(text)


def scan_text(text: str, suffix: str) -> None:
    """Refuse a JSON or TOML text nested more than :data:`MAX_DEPTH` deep, or holding a
    number of more than :data:`MAX_DIGITS` digits, before it is parsed."""
    if suffix not in (".json", ".toml"):
        return
    code = code_of(text, suffix)
    long = _LONG_NUMBER.search(code)
    if long is not None:
        raise _Refused(
            f"line {_line(text, long.start())}: a number of {len(long.group())} digits "
            f"(numbers in a sheet lie within ±{MAX_SHEET_NUMBER:,})"
        )
    dotted = _DOTTED.search(code) if suffix == ".toml" else None
    if dotted is not None:
        raise _Refused(f"line {_line(text, dotted.start())}: {_TOO_DEEP} (a dotted key)")
    depth = 0
    for found in _BRACKETS.finditer(code):
        depth += 1 if found.group() in "[{" else -1
        if depth > MAX_DEPTH:
            raise _Refused(f"line {_line(text, found.start())}: {_TOO_DEEP}")


class _StrictSafeLoader(yaml.SafeLoader):
    """The YAML safe loader, refusing a key given twice instead of keeping the last, a key
    that is not a plain scalar (``? [a, b]``), and a document beyond the limits as its nodes
    are composed (before any of them is built)."""

    _depth = 0
    _nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
        where = f"line {mark.line + 1}, column {mark.column + 1}"
        self._nodes += 1
        if self._nodes > MAX_VALUES:
            raise _Refused(f"{where}: more than {MAX_VALUES:,} values")
        if isinstance(index, int) and index >= MAX_ITEMS:
            raise _Refused(f"{where}: a list of more than {MAX_ITEMS:,} items")
        if self._depth >= MAX_DEPTH:
            raise _Refused(f"{where}: {_TOO_DEEP}")
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                mark = key_node.start_mark
                raise _Refused(
                    f"line {mark.line + 1}, column {mark.column + 1}: a key must be text, "
                    "not a list or a table (a YAML complex key)"
                )
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = sum(ch.isalnum() for ch in str(node.value))
        if digits > MAX_DIGITS:
            mark = node.start_mark
            raise _Refused(
                f"line {mark.line + 1}, column {mark.column + 1}: a number of {digits} digits "
                f"(numbers in a sheet lie within ±{MAX_SHEET_NUMBER:,})"
            )
        return super().construct_yaml_int(node)


_StrictSafeLoader.add_constructor("tag:yaml.org,2002:int", _StrictSafeLoader.construct_yaml_int)


def _json_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {escaped(key)}")
        result[key] = value
    return result


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _parse(text: str, suffix: str) -> tuple[Any, yaml.Node | None]:
    """The data, and for YAML the node tree it was built from (what each value was written
    as: :mod:`engine.sheetreading`)."""
    scan_text(text, suffix)
    if suffix == ".toml":
        return tomllib.loads(text), None
    if suffix == ".json":
        return json.loads(text, object_pairs_hook=_json_pairs), None
    loader = _StrictSafeLoader(text)  # a SafeLoader subclass: no Python tags
    try:  # what yaml.load does, keeping the node
        root = loader.get_single_node()
        return (None if root is None else loader.construct_document(root)), root
    finally:
        loader.dispose()


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def _number_problem(value: int | float) -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        return f"expected a finite number, got {shown(value)}"
    if abs(value) > MAX_SHEET_NUMBER:
        if isinstance(value, int) and value.bit_length() > 64:
            return (
                f"a number of about {int(value.bit_length() * 0.30103) + 1} digits is out of bounds"
            )
        return f"{value} is out of bounds (numbers in a sheet lie within ±{MAX_SHEET_NUMBER:,})"
    return None


def _text_problem(value: str) -> str | None:
    if len(value) > MAX_TEXT:
        return f"a string of {len(value):,} characters (at most {MAX_TEXT})"
    why = bad_character(value)
    return f"{escaped(value)} holds {why}" if why else None


def data_problems(data: Any) -> list[str]:
    """Every way ``data`` goes beyond the limits of a sheet (the module docstring), each as
    ``path: message``, without recursion; empty if none."""
    found: list[str] = []
    stack: list[tuple[str, Any, int]] = [("", data, 0)]
    values = 0
    while stack:
        path, value, depth = stack.pop()
        values += 1
        if values > MAX_VALUES:
            found.append(f"more than {MAX_VALUES:,} values")
            break
        where = path or "(top level)"
        if isinstance(value, Mapping | list | tuple):
            if depth >= MAX_DEPTH:
                found.append(f"{where}: {_TOO_DEEP}")
            elif len(value) > MAX_ITEMS:
                what = "table of" if isinstance(value, Mapping) else "list of"
                found.append(f"{where}: a {what} {len(value):,} items (at most {MAX_ITEMS:,})")
            elif isinstance(value, Mapping):
                children: list[tuple[str, Any, int]] = []
                for key, item in value.items():
                    why = _text_problem(key) if isinstance(key, str) else "a key must be text"
                    if why is not None:
                        shown_key = escaped(key) if isinstance(key, str) else shown(key)
                        found.append(f"{_join(path, shown_key)}: {why}")
                        continue
                    children.append((_join(path, key), item, depth + 1))
                stack.extend(reversed(children))
            else:
                stack.extend(
                    (_join(path, i), item, depth + 1)
                    for i, item in reversed(list(enumerate(value)))
                )
        elif isinstance(value, str):
            why = _text_problem(value)
            if why is not None:
                found.append(f"{where}: {why}")
        elif isinstance(value, int | float) and not isinstance(value, bool):
            why = _number_problem(value)
            if why is not None:
                found.append(f"{where}: {why}")
    return found


def load_document(path: Path) -> Document:
    """Read a sheet file into plain data, chosen by suffix: TOML, JSON, or YAML (safe loader),
    as a :class:`~engine.sheetreading.Document` (a ``dict`` that knows its format and what
    each value was written as).

    Raises :class:`SheetError` naming the file when it is missing, not a regular file, larger
    than 1 MiB, not UTF-8, not valid in its format, beyond a limit of the module docstring, has
    an unknown suffix, or does not hold a table at the top level.
    """
    file = str(path)
    try:
        raw = read_regular_file(path)
    except InputError as exc:
        raise SheetError(file, [str(exc)]) from None
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        known = ".toml, .json, .yaml or .yml"
        raise SheetError(file, [f"unknown sheet format {escaped(suffix or '(none)')}: use {known}"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SheetError(file, [f"not UTF-8 text ({exc.reason} at byte {exc.start})"]) from None
    try:
        data, root = _parse(text, suffix)
    except _Refused as exc:
        raise SheetError(file, [str(exc)]) from None
    except RecursionError:  # a backstop: the scans above refuse deep nesting first
        raise SheetError(file, [_TOO_DEEP]) from None
    except (tomllib.TOMLDecodeError, ValueError, yaml.YAMLError) as exc:
        message = _one_line(str(exc))
        if len(message) > 200:
            message = message[:200] + "..."
        raise SheetError(file, [f"not valid {_FORMAT_NAMES[suffix]}: {message}"]) from None
    if not isinstance(data, dict):
        raise SheetError(file, [f"expected a table of keys at the top level, got {shown(data)}"])
    problems = data_problems(data)
    if problems:
        raise SheetError(file, problems)
    return Document(data, _FORMAT_NAMES[suffix], root)
