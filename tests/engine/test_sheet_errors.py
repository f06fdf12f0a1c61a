"""Every key of every system's sheet, given the wrong kind of value, is refused in the sheet's
words (issue 23): the full key path, what was expected, what was found, and never Python's own
text (``'list' object has no attribute 'items'``, ``NoneType``, ``<class 'int'>``).

The keys are found by walking each pack's sheet class (``pack.sheet``) with ``attrs.fields``
and its type hints, so a key added to a sheet later is walked as well; a type the walk does not
know fails the test rather than being skipped. Each field gets several wrong kinds of value
(:func:`wrong_values`): a string, a number, ``true`` (an integer in Python, never in a sheet),
a fraction, a list, a table, null for a required key, numbers just out of range, strings its
check refuses; tables of names get a wrong key as well, and lists a wrong item. Each case is
written into a real file (TOML, JSON and YAML in turn: null only in JSON and YAML, which have
it) on top of a valid example sheet, and read through the pack's ``load_sheet``.
"""

from __future__ import annotations

import itertools
import json
import re
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

import attrs
import pytest
import yaml

from engine.inputs import MAX_SHEET_NUMBER
from engine.rules import SYSTEMS, get_pack
from engine.sheetdoc import load_document
from engine.sheets import Range, Satisfies, SheetError, shown
from tests.conftest import SHEETS

#: A valid sheet of each system, the ground each wrong value is put on.
BASES = {
    "palladium": SHEETS / "marcus_kell.toml",
    "brp": SHEETS / "brp" / "ilsa_varg.toml",
    "gurps": SHEETS / "gurps" / "sir_aldric.toml",
}

#: Python's words, which a sheet's error never holds.
PYTHON_WORDS = re.compile(
    r"object has no attribute|'\w+' object|NoneType|<class|Traceback|\bNone\b|\bTrue\b|\bFalse\b"
    r"|\b(?:dict|tuple|list|set|frozenset|type)\[|Literal\[|Annotated\[|typing|cattrs|msgspec"
    r"|\battrs\b|\w+Error\b|Exception|__|[Ss]tructur|@ index|invalid literal|unhashable"
    r"|not iterable|not subscriptable|positional|keyword argument"
)

#: Strings tried against a ``Satisfies`` check: the ones it refuses are wrong values.
ODD_STRINGS = ("", "  ", "zz?", "1D", "sw+ cut", "C,", "10!!")

#: A key no table of names (W.P.s, bursts, locations) knows.
NO_SUCH_KEY = "no_such_key"

_UNIONS = (Union, types.UnionType)
Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Case:
    """One wrong ``value`` at the key ``path`` of a ``system``'s sheet."""

    system: str
    path: Path_
    value: Any

    @property
    def key(self) -> str:
        """The key path as an error names it: ``weapons[0].burst``."""
        text = ""
        for part in self.path:
            text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else part
        return text

    def __str__(self) -> str:
        return f"{self.system}:{self.key}={shown(self.value)}"


def _strip(hint: Any) -> tuple[Any, bool, list[Any]]:
    """A field's type without ``| None`` and ``Annotated``: (type, optional, metadata)."""
    optional = False
    if get_origin(hint) in _UNIONS and type(None) in get_args(hint):
        optional = True
        members = [a for a in get_args(hint) if a is not type(None)]
        hint = members[0] if len(members) == 1 else Union[tuple(members)]  # noqa: UP007
    metadata: list[Any] = []
    if get_origin(hint) is Annotated:
        hint, *metadata = get_args(hint)
    return hint, optional, metadata


def _is_list(type_: Any) -> bool:
    args = get_args(type_)
    return get_origin(type_) is list or (
        get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis
    )


def _out_of_range(metadata: list[Any]) -> list[Any]:
    found: list[Any] = []
    for m in metadata:
        if isinstance(m, Range):
            found += [m.lo - 1] if m.lo - 1 >= -MAX_SHEET_NUMBER else []
            found += [m.hi + 1] if m.hi is not None else []
    return found


def _refused_strings(metadata: list[Any]) -> list[str]:
    checks = [m for m in metadata if isinstance(m, Satisfies)]
    return [s for s in ODD_STRINGS if any(not c.accepts(s) for c in checks)][:2]


def wrong_values(type_: Any, metadata: list[Any]) -> list[Any]:
    """Several wrong kinds of value for a field of ``type_`` (see the module docstring)."""
    origin, args = get_origin(type_), get_args(type_)
    if type_ is bool:
        return [1, 0, "yes", "true", [True], {"on": True}]
    if type_ is int:
        return ["12", True, False, 2.5, [1], {"n": 1}, *_out_of_range(metadata)]
    if type_ is float:
        return ["1.5", True, [1.5], {"n": 1.5}, *_out_of_range(metadata)]
    if type_ is str:
        return [7, True, 2.5, ["x"], {"n": "x"}, *_refused_strings(metadata)]
    if origin is Literal:
        return ["no such choice", str(args[0]).upper(), 3, True, [args[0]], {str(args[0]): 1}]
    if origin in _UNIONS:  # of scalars: a number or a string (reach, rate of fire, armor)
        assert all(a in (int, str) for a in args), f"a union the walk does not know: {type_}"
        return [True, 2.5, [1], {"n": 1}, *_refused_strings(metadata)]
    if attrs.has(type_):
        return ["x", 3, True, [{"x": 1}]]
    if _is_list(type_):
        return ["x", 3, True, {"name": "x"}]  # a table: [weapons] written for [[weapons]]
    if origin is dict:
        return ["x", 3, True, [1, 2], [[]]]
    raise AssertionError(f"a sheet type the walk does not know: {type_!r}")


def _sample_key(key_type: Any, present: Any) -> str:
    if isinstance(present, dict) and present:
        return str(next(iter(present)))
    return str(get_args(key_type)[0]) if get_origin(key_type) is Literal else "any_name"


def walk(cls: Any, path: Path_, base: Any) -> Iterator[tuple[Path_, Any]]:
    """(path, wrong value) for every key of the sheet class ``cls`` and all it holds; ``base``
    is the example's data at ``path`` (for the keys of its tables)."""
    hints = get_type_hints(cls, include_extras=True)
    for field in attrs.fields(cls):
        type_, optional, metadata = _strip(hints[field.name])
        here = (*path, field.name)
        present = base.get(field.name) if isinstance(base, dict) else None
        for value in wrong_values(type_, metadata):
            yield here, value
        if not optional:
            yield here, None
        yield from _inside(type_, here, present)


def _inside(type_: Any, here: Path_, present: Any) -> Iterator[tuple[Path_, Any]]:
    """The wrong values within a field that holds more: a table's keys, a list's items."""
    args = get_args(type_)
    if attrs.has(type_):
        yield from walk(type_, here, present)
    elif _is_list(type_):
        item, _, metadata = _strip(args[0])
        first = present[0] if isinstance(present, list) and present else None
        if attrs.has(item):
            yield (*here, 0), 3
            yield (*here, 0), "x"
            yield from walk(item, (*here, 0), first)
        else:
            for value in wrong_values(item, metadata):
                if not isinstance(value, list | dict):
                    yield (*here, 0), value
    elif get_origin(type_) is dict:
        key_type, value_type = args
        value_type, _, metadata = _strip(value_type)
        if get_origin(key_type) is Literal:
            yield (*here, NO_SUCH_KEY), 1
        sample = _sample_key(key_type, present)
        for value in wrong_values(value_type, metadata):
            yield (*here, sample), value


def _put(doc: dict[str, Any], path: Path_, value: Any) -> None:
    """Set ``value`` at ``path`` in ``doc``, making the tables and list items on the way."""
    node: Any = doc
    for part, after in itertools.pairwise(path):
        if isinstance(part, int):
            while len(node) <= part:
                node.append({})
            if not isinstance(node[part], dict | list):
                node[part] = {}
        elif not isinstance(node.get(part), dict | list):
            node[part] = [] if isinstance(after, int) else {}
        node = node[part]
    last = path[-1]
    if isinstance(last, int):
        while len(node) <= last:
            node.append({})
    node[last] = value


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    assert isinstance(value, dict), value
    return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"


def write(doc: dict[str, Any], folder: Path, name: str, fmt: str) -> Path:
    """``doc`` as a real sheet file in ``fmt`` (TOML with inline tables: no None in it)."""
    path = folder / f"{name}.{fmt}"
    if fmt == "toml":
        path.write_text("".join(f"{json.dumps(k)} = {_toml_value(v)}\n" for k, v in doc.items()))
    elif fmt == "json":
        path.write_text(json.dumps(doc))
    else:
        path.write_text(yaml.safe_dump(doc))
    return path


def _has_none(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_has_none(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_none(v) for v in value)
    return value is None


def cases(system: str) -> list[Case]:
    """Every wrong value at every key of ``system``'s sheet."""
    base = load_document(BASES[system])
    return [Case(system, path, value) for path, value in walk(get_pack(system).sheet, (), base)]


ALL = [case for system in sorted(SYSTEMS) for case in cases(system)]


def _check(case: Case, err: SheetError, file: Path) -> None:
    """The problem at the case's key names it, says what was expected and what was found."""
    text = str(err)
    assert text.startswith(f"{file}: "), text
    assert not PYTHON_WORDS.search(text), text
    mine = [p for p in err.problems if p.startswith(f"{case.key}: ")]
    assert len(mine) == 1, (str(case), err.problems)
    message = mine[0].removeprefix(f"{case.key}: ")
    assert message.startswith("expected "), (str(case), message)
    wrong = case.path[-1] if case.path[-1] == NO_SUCH_KEY else case.value  # the key is wrong
    found = f" got {shown(wrong)}"
    assert found in message, (str(case), message)
    expected, after = message.removeprefix("expected ").rsplit(found, 1)
    assert after == "" or after == f" (text in quotes: write {wrong} without them)", message
    assert expected[-1] in ",;" and len(expected) > 3, (str(case), message)
    for problem in err.problems:  # the others: keys left missing on the way to this one
        assert problem == mine[0] or problem.endswith("required key is missing"), problem


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_key_of_every_sheet_says_what_it_expected_and_what_it_got(
    system: str, tmp_path: Path
) -> None:
    base = load_document(BASES[system])
    pack = get_pack(system)
    formats = ("toml", "json", "yaml")
    checked = 0
    for n, case in enumerate(c for c in ALL if c.system == system):
        doc = json.loads(json.dumps(base))
        _put(doc, case.path, case.value)
        fmt = formats[n % 3] if not _has_none(doc) else formats[1 + n % 2]
        file = write(doc, tmp_path, f"case{n}", fmt)
        with pytest.raises(SheetError) as info:
            pack.load_sheet(file)
        _check(case, info.value, file)
        checked += 1
    assert checked == sum(1 for c in ALL if c.system == system)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_walk_reaches_every_key_with_several_wrong_kinds(system: str) -> None:
    """Every field of every class the sheet holds is tried with three wrong values or more,
    so that a key added later (and the walk) cannot pass untried."""
    tried: dict[str, int] = {}
    for case in cases(system):
        key = re.sub(r"\[0\]", "[]", case.key)
        tried[key] = tried.get(key, 0) + 1

    def keys(cls: Any, prefix: str) -> Iterator[str]:
        hints = get_type_hints(cls, include_extras=True)
        for field in attrs.fields(cls):
            type_, _, _ = _strip(hints[field.name])
            here = f"{prefix}{field.name}"
            yield here
            item = _strip(get_args(type_)[0])[0] if _is_list(type_) else None
            if attrs.has(type_):
                yield from keys(type_, f"{here}.")
            elif item is not None and attrs.has(item):
                yield from keys(item, f"{here}[].")

    every = list(keys(get_pack(system).sheet, ""))
    assert every and all(tried.get(key, 0) >= 3 for key in every), {
        key: tried.get(key, 0) for key in every if tried.get(key, 0) < 3
    }


def test_the_walk_tries_true_where_a_number_is_expected() -> None:
    """``True`` is an int in Python; in a sheet it is never a number."""
    numbers = [c for c in ALL if c.value is True and c.key.endswith(("level", "hp", "st"))]
    assert numbers
