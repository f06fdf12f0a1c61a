"""Reading sheet files and structuring them into a pack's sheet classes, strictly.

The converter from :func:`make_converter` is strict where cattrs is lenient by default: ``"5"``
is not an integer, ``5`` is not a string, ``true`` is not an integer and ``"yes"`` is not a
boolean. ``Annotated[..., Range(...)]`` and ``Annotated[..., Satisfies(...)]`` constraints
(:mod:`engine.sheets`) are checked. Every refusal is written in the sheet's words, never
Python's: the key path, what was expected (:func:`describe`: "an integer 1..100", "a table of
keys (iq, me, …)", "a list of tables, e.g. [[weapons]]") and what was found. YAML is read
with the safe loader only, so tags such as ``!!python/object`` are refused. Reading a file
into plain data, within limits, is :mod:`engine.sheetdoc` (:func:`load_document` is
re-exported here). Imported only by the commands that read a sheet: cattrs and YAML cost tens
of milliseconds at start-up.
"""

from __future__ import annotations

import json
import re
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    CattrsError,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from engine.sheetdoc import data_problems, load_document
from engine.sheetreading import Document
from engine.sheets import Mismatch, Range, Satisfies, SheetError, mismatch, problem

__all__ = [
    "MISSING",
    "describe",
    "load_document",
    "make_converter",
    "section",
    "structure",
    "validated",
]

T = TypeVar("T")

# typing special forms compared with get_origin(); typed Any so the comparison type-checks.
_LITERAL: Any = Literal
_ANNOTATED: Any = Annotated
_UNIONS: tuple[Any, ...] = (Union, types.UnionType)

#: What a table of a sheet class lists of its keys before "…".
_KEYS_LISTED = 8

_TYPE_NAMES: dict[type, str] = {
    int: "an integer",
    float: "a number",
    str: "a string",
    bool: "true or false",
}


#: What a table (a ``dict`` type) holds, in the sheet's words, by type: given by each pack to
#: :func:`make_converter` ("a table of W.P. names and levels, e.g. { energy_rifle = 2 }").
Tables = Mapping[Any, str]


def _is_union(type_: Any) -> bool:
    return get_origin(type_) in _UNIONS


def _members(type_: Any) -> list[Any]:
    return [arg for arg in get_args(type_) if arg is not type(None)]


def _is_table(type_: Any) -> bool:
    return get_origin(type_) is dict


def _is_homogeneous_sequence(type_: Any) -> bool:
    origin, args = get_origin(type_), get_args(type_)
    if origin is list:
        return len(args) == 1
    return origin is tuple and len(args) == 2 and args[1] is Ellipsis


def _table_keys(cls: Any) -> str:
    """A sheet class's keys as its table's expected form: required ones first."""
    fields = attrs.fields(cls)
    names = [f.name for f in fields if f.default is attrs.NOTHING]
    names += [f.name for f in fields if f.default is not attrs.NOTHING]
    more = ", …" if len(names) > _KEYS_LISTED else ""
    return f"a table of keys ({', '.join(names[:_KEYS_LISTED])}{more})"


def _list_of(item: Any, tables: Tables) -> str:
    if attrs.has(item):
        return "a list of tables"
    if get_origin(item) is _LITERAL:
        example = ", ".join(json.dumps(c) for c in get_args(item)[:2])
        return f"a list of names, e.g. [{example}]"
    return f"a list, each {describe(item, tables)}"


def _constrained(base: Any, metadata: Sequence[Any], tables: Tables) -> str:
    checks = [m for m in metadata if isinstance(m, Range | Satisfies)]
    base_name = describe(base, tables)
    expected = " and ".join(
        f"{base_name} {c.expected}" if isinstance(c, Range) else c.expected for c in checks
    )
    return expected or base_name


def describe(type_: Any, tables: Tables | None = None) -> str:
    """What a value of ``type_`` looks like in a sheet, completing "expected …": "an integer
    1..100", "one of "pc", "npc"", "a table of keys (name, kind, …)", "a list of tables", a
    table's own words from ``tables``."""
    tables = tables or {}
    origin, args = get_origin(type_), get_args(type_)
    if isinstance(type_, type) and type_ in _TYPE_NAMES:
        return _TYPE_NAMES[type_]
    if origin is _ANNOTATED:
        return _constrained(args[0], args[1:], tables)
    if origin is _LITERAL:
        return "one of " + ", ".join(json.dumps(c) for c in args)
    if _is_union(type_):
        return " or ".join(describe(member, tables) for member in _members(type_))
    if attrs.has(type_):
        return _table_keys(type_)
    if _is_homogeneous_sequence(type_):
        return _list_of(args[0], tables)
    if origin is dict:
        return tables.get(type_) or f"a table of keys, each {describe(args[1], tables)}"
    return "a value"


class ListOfTables(Mismatch):
    """Not a list where a list of tables (``[[weapons]]``) was expected: its message names the
    TOML header of the key path it was found at (:meth:`at`)."""

    def at(self, path: str) -> str:
        """The message for the key ``path`` (``weapons``, ``derived.locations``)."""
        header = re.sub(r"\[[0-9]+\]", "", path)
        return mismatch(f"a list of tables, e.g. [[{header}]]", self.found)


def _scalar_hook(kind: type) -> Callable[[Any, Any], Any]:
    def hook(value: Any, _: Any) -> Any:
        # bool is a subclass of int in Python, but `true` is never a number in a sheet.
        if isinstance(value, bool) and kind is not bool:
            raise Mismatch(_TYPE_NAMES[kind], value)
        if kind is float and isinstance(value, int):
            return float(value)
        if not isinstance(value, kind):
            raise Mismatch(_TYPE_NAMES[kind], value)
        return value

    return hook


def _literal_factory(type_: Any) -> Callable[[Any, Any], Any]:
    choices = get_args(type_)
    expected = describe(type_)

    def hook(value: Any, _: Any) -> Any:
        # `type(...) is` keeps True from matching 1 and 1 from matching True.
        if any(type(value) is type(c) and value == c for c in choices):
            return value
        raise Mismatch(expected, value)

    return hook


def _noted(exc: Exception, note: Any) -> Exception:
    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
    return exc


def _annotated_factory(converter: cattrs.Converter, tables: Tables) -> Callable[[Any], Any]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        base, *metadata = get_args(type_)
        base_hook = converter.get_structure_hook(base)
        checks = [m for m in metadata if isinstance(m, Range | Satisfies)]
        expected = _constrained(base, metadata, tables)

        def hook(value: Any, _: Any) -> Any:
            try:
                result = base_hook(value, base)
            except Mismatch:
                raise Mismatch(expected, value) from None
            if not all(check.accepts(result) for check in checks):
                raise Mismatch(expected, value)
            return result

        return hook

    return factory


def _union_factory(converter: cattrs.Converter, tables: Tables) -> Callable[[Any], Any]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        optional = type(None) in get_args(type_)
        hooks = [(member, converter.get_structure_hook(member)) for member in _members(type_)]
        expected = describe(type_, tables)

        def hook(value: Any, _: Any) -> Any:
            # null (JSON, YAML) is an optional key left out; TOML has no null.
            if value is None and optional:
                return None
            if len(hooks) == 1:
                member, only = hooks[0]
                return only(value, member)
            for member, each in hooks:
                try:
                    return each(value, member)
                except Mismatch:
                    continue
            raise Mismatch(expected, value)

        return hook

    return factory


def _sequence_factory(converter: cattrs.Converter, tables: Tables) -> Callable[[Any], Any]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        item_type = get_args(type_)[0]
        item_hook = converter.get_structure_hook(item_type)
        build: Callable[[list[Any]], Any] = list if get_origin(type_) is list else tuple
        expected = describe(type_, tables)
        refusal = ListOfTables if attrs.has(item_type) else Mismatch

        def hook(value: Any, _: Any) -> Any:
            # A string or a table is iterable, but never a list in a sheet.
            if not isinstance(value, list | tuple):
                raise refusal(expected, value)
            items, errors = [], []
            for index, item in enumerate(value):
                try:
                    items.append(item_hook(item, item_type))
                except Exception as exc:  # collected, then raised together below
                    note = IterableValidationNote(f"Structuring @ index {index}", index, item_type)
                    errors.append(_noted(exc, note))
            if errors:
                raise IterableValidationError(f"While structuring {type_!r}", errors, type_)
            return build(items)

        return hook

    return factory


def _mapping_factory(converter: cattrs.Converter, tables: Tables) -> Callable[[Any], Any]:
    """A table of names to values (``[skills]``, ``[weapon_proficiencies]``): a table, each
    key and each value checked, every problem at once (cattrs' own would call ``.items()`` on
    a list)."""

    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        key_type, value_type = get_args(type_)
        key_hook = converter.get_structure_hook(key_type)
        value_hook = converter.get_structure_hook(value_type)
        expected = describe(type_, tables)

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, Mapping):
                raise Mismatch(expected, value)
            result, errors = {}, []
            for key, item in value.items():
                note = AttributeValidationNote(f"Structuring key {key}", key, value_type)
                try:
                    result[key_hook(key, key_type)] = value_hook(item, value_type)
                except Exception as exc:  # collected, then raised together below
                    errors.append(_noted(exc, note))
            if errors:
                raise ClassValidationError(f"While structuring {type_!r}", errors, type_)
            return result

        return hook

    return factory


def _attrs_factory(converter: cattrs.Converter) -> Callable[[Any], Any]:
    def factory(cls: Any) -> Callable[[Any, Any], Any]:
        generated = converter.gen_structure_attrs_fromdict(cls)
        expected = _table_keys(cls)

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, Mapping):
                raise Mismatch(expected, value)
            return generated(value, cls)

        return hook

    return factory


def make_converter(tables: Tables | None = None) -> cattrs.Converter:
    """A strict cattrs converter for sheets: unknown keys and loose types are errors.

    Integers, strings, numbers and booleans are taken only as themselves (no ``int("5")``, no
    ``str(5)``, ``true`` is not an integer); literals must match exactly; lists must be lists
    and tables tables; a union takes the first of its members that fits, and null for an
    optional key; ``Annotated[..., Range(...)]`` and ``Annotated[..., Satisfies(...)]`` are
    checked; tuples unstructure to lists so the result is plain JSON. ``tables`` says what
    each of the pack's table types holds, in the sheet's words, for its error messages.
    """
    tables = dict(tables or {})
    converter = cattrs.Converter(
        forbid_extra_keys=True,
        detailed_validation=True,
        unstruct_collection_overrides={tuple: list},
    )
    for kind in _TYPE_NAMES:
        converter.register_structure_hook(kind, _scalar_hook(kind))
    converter.register_structure_hook_factory(lambda t: get_origin(t) is _LITERAL, _literal_factory)
    converter.register_structure_hook_factory(
        _is_homogeneous_sequence, _sequence_factory(converter, tables)
    )
    converter.register_structure_hook_factory(_is_table, _mapping_factory(converter, tables))
    converter.register_structure_hook_factory(attrs.has, _attrs_factory(converter))
    converter.register_structure_hook_factory(
        lambda t: get_origin(t) is _ANNOTATED, _annotated_factory(converter, tables)
    )
    converter.register_structure_hook_factory(_is_union, _union_factory(converter, tables))
    return converter


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


class _Told:
    """How a problem tells what was found: the document it came from (None: data with no
    file, as a log's copy), and the converter, to try the text a value was written as."""

    def __init__(self, document: Document | None, converter: cattrs.Converter) -> None:
        self.document, self.converter = document, converter

    def mismatch(self, exc: Mismatch, parts: tuple[str | int, ...], type_: Any) -> str:
        """``exc``'s message, told as what the file's format read (``YAML read a date
        (2001-12-14)``) where "got VALUE" would misreport it (a date, ``yes``, ``~``,
        ``0x1F``), with "; quote it" where the text in quotes is what the key takes
        (:mod:`engine.sheetreading`). A value written as it reads is told as it was written
        ("got 5", "got true": what the file says), null as what the format read (``YAML read
        null; got null``)."""
        plain = str(exc)
        if self.document is None or isinstance(exc.found, str):
            return plain
        reading = self.document.reading(parts, exc.found)
        if reading is None:
            return plain
        quotes = exc.found is not None and self._takes_text(reading.text, type_)
        sep = ";" if "e.g." in exc.expected else ","
        if reading.surprise:
            return f"expected {exc.expected}{sep} {reading.words()}{'; quote it' if quotes else ''}"
        if exc.found is None:  # null written as null: it is no value at all
            return f"expected {exc.expected}{sep} {reading.fmt} read null; got null"
        return plain  # written as it reads ("got 5", "got true"): what the file says

    def _takes_text(self, text: str, type_: Any) -> bool:
        if type_ is None or not text.strip():
            return False
        try:
            self.converter.structure(text.split(", that is ")[0], type_)
        except Exception:  # any refusal: quotes would not make it right
            return False
        return True


def _problems(
    exc: BaseException,
    path: str,
    told: _Told | None = None,
    parts: tuple[str | int, ...] = (),
    type_: Any = None,
) -> list[str]:
    """Walk cattrs' exception groups into ``path: message`` problems, in the file's order;
    ``parts`` is the key path as keys and indexes, ``type_`` the type expected there."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        entries: list[tuple[BaseException, str | int, Any]] = []
        if isinstance(exc, ClassValidationError):
            with_names, without = exc.group_exceptions()
            entries = [(sub, note.name, note.type) for sub, note in with_names]
        else:
            with_indexes, without = exc.group_exceptions()
            entries = [(sub, note.index, note.type) for sub, note in with_indexes]
        found: list[str] = []
        for sub, part, sub_type in entries:
            found.extend(_problems(sub, _join(path, part), told, (*parts, part), sub_type))
        for sub in without:
            found.extend(_problems(sub, path, told, parts, type_))
        return found
    if isinstance(exc, ForbiddenExtraKeysError):
        return [problem(_join(path, key), "unknown key") for key in sorted(exc.extra_fields)]
    if isinstance(exc, KeyError):
        return [problem(path, "required key is missing")]
    if isinstance(exc, ListOfTables):
        return [problem(path, exc.at(path))]
    if isinstance(exc, Mismatch) and told is not None:
        return [problem(path, told.mismatch(exc, parts, type_))]
    return [problem(path, str(exc) or type(exc).__name__)]


def structure_value(
    value: Any,
    type_: Any,
    file: str,
    converter: cattrs.Converter,
    document: Document | None = None,
) -> Any:
    """Structure any value into ``type_``; raise :class:`SheetError` listing every problem,
    each value that is the wrong type told as what ``document``'s format read it as."""
    try:
        return converter.structure(value, type_)
    except (CattrsError, ValueError, TypeError, KeyError) as exc:
        told = _Told(document, converter)
        raise SheetError(file, _problems(exc, "", told, (), type_)) from exc


def structure(data: Mapping[str, Any], cls: type[T], file: str, converter: cattrs.Converter) -> T:
    """Structure a loaded document into the sheet class ``cls`` (frozen attrs).

    ``converter`` should come from :func:`make_converter`. Raises :class:`SheetError` naming
    ``file`` with every problem at once: wrong types, values out of range, missing keys and
    unknown keys, each with its dotted path (``weapons[1].damage``); a value of the wrong type
    in a file (``data`` from :func:`load_document`) is told as what its format read it as.
    """
    document = data if isinstance(data, Document) else None
    result: T = structure_value(data, cls, file, converter, document)
    return result


#: What :func:`section` gives for a section that is absent without a default, or broken.
MISSING: Any = object()


def section(data: Mapping[str, Any], cls: type, name: str, converter: cattrs.Converter) -> Any:
    """One top-level section of a sheet class ``cls`` structured on its own (its default if
    absent), or :data:`MISSING` if it is required and absent, or has errors of its own (those
    are reported by the whole sheet's structure)."""
    field = attrs.fields_dict(cls)[name]
    if name not in data:
        default: Any = field.default
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            return default.factory()
        return MISSING if default is attrs.NOTHING else default
    try:
        return structure_value(data[name], field.type, "", converter)
    except SheetError:
        return MISSING


#: A section's cross-field check: the structured section -> its problems.
SectionCheck = Callable[[Any], Sequence[str]]


def section_problems(
    data: Mapping[str, Any],
    cls: type,
    converter: cattrs.Converter,
    checks: Mapping[str, SectionCheck],
) -> list[str]:
    """Each section's cross-field ``checks`` (section name -> check), run on the sections that
    structure cleanly on their own, for when the sheet as a whole does not: so one pass
    reports type errors and cross-field errors together."""
    found: list[str] = []
    for name, check in checks.items():
        value = section(data, cls, name, converter)
        if value is not MISSING:
            found += check(value)
    return found


def validated(
    data: Mapping[str, Any],
    cls: type[T],
    file: str,
    converter: cattrs.Converter,
    *,
    partial: Callable[[Mapping[str, Any]], list[str]],
    whole: Callable[[T], Sequence[str]],
) -> T:
    """A sheet structured and checked, every problem at once: type and range problems, with
    ``partial``'s cross-field problems of the sections that did structure; then ``whole``'s
    cross-field problems of the sheet. Data beyond the limits of a sheet (nesting, sizes,
    control characters, numbers: :mod:`engine.sheetdoc`) is refused before it is structured."""
    beyond = data_problems(data)
    if beyond:
        raise SheetError(file, beyond)
    try:
        sheet = structure(data, cls, file, converter)
    except SheetError as err:
        raise SheetError(file, err.problems + tuple(partial(data))) from None
    problems = whole(sheet)
    if problems:
        raise SheetError(file, problems)
    return sheet
