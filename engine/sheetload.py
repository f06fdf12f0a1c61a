"""Reading sheet files and structuring them into a pack's sheet classes, strictly.

The converter from :func:`make_converter` is strict where cattrs is lenient by default: ``"5"``
is not an integer, ``5`` is not a string, ``true`` is not an integer and ``"yes"`` is not a
boolean. ``Annotated[..., Range(...)]`` and ``Annotated[..., Satisfies(...)]`` constraints
(:mod:`engine.sheets`) are checked. YAML is read with the safe loader only, so tags such as
``!!python/object`` are refused. Reading a file into plain data, within limits, is
:mod:`engine.sheetdoc` (:func:`load_document` is re-exported here). Imported only by the
commands that read a sheet: cattrs and YAML cost tens of milliseconds at start-up.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, Literal, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    CattrsError,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)

from engine.sheetdoc import data_problems, load_document
from engine.sheets import Mismatch, Range, Satisfies, SheetError, problem

__all__ = ["MISSING", "load_document", "make_converter", "section", "structure", "validated"]

T = TypeVar("T")

# typing special forms compared with get_origin(); typed Any so the comparison type-checks.
_LITERAL: Any = Literal
_ANNOTATED: Any = Annotated

_TYPE_NAMES: dict[type, str] = {
    int: "an integer",
    float: "a number",
    str: "a string",
    bool: "true or false",
}


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
    expected = "one of " + ", ".join(json.dumps(c) for c in choices)

    def hook(value: Any, _: Any) -> Any:
        # `type(...) is` keeps True from matching 1 and 1 from matching True.
        if any(type(value) is type(c) and value == c for c in choices):
            return value
        raise Mismatch(expected, value)

    return hook


def _is_homogeneous_sequence(type_: Any) -> bool:
    origin, args = get_origin(type_), get_args(type_)
    if origin is list:
        return len(args) == 1
    return origin is tuple and len(args) == 2 and args[1] is Ellipsis


def _annotated_factory(converter: cattrs.Converter) -> Callable[[Any], Any]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        base, *metadata = get_args(type_)
        base_hook = converter.get_structure_hook(base)
        checks = [m for m in metadata if isinstance(m, Range | Satisfies)]
        base_name = _TYPE_NAMES.get(base, "a value")
        expected = " and ".join(
            f"{base_name} {c.expected}" if isinstance(c, Range) else c.expected for c in checks
        )

        def hook(value: Any, _: Any) -> Any:
            try:
                result = base_hook(value, base)
            except Mismatch:
                raise Mismatch(expected or base_name, value) from None
            if not all(check.accepts(result) for check in checks):
                raise Mismatch(expected, value)
            return result

        return hook

    return factory


def _sequence_factory(converter: cattrs.Converter) -> Callable[[Any], Any]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        item_type = get_args(type_)[0]
        item_hook = converter.get_structure_hook(item_type)
        build: Callable[[list[Any]], Any] = list if get_origin(type_) is list else tuple

        def hook(value: Any, _: Any) -> Any:
            # A string or a table is iterable, but never a list in a sheet.
            if not isinstance(value, list | tuple):
                raise Mismatch("a list", value)
            items, errors = [], []
            for index, item in enumerate(value):
                try:
                    items.append(item_hook(item, item_type))
                except Exception as exc:  # collected, then raised together below
                    note = IterableValidationNote(f"Structuring @ index {index}", index, item_type)
                    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
                    errors.append(exc)
            if errors:
                raise IterableValidationError(f"While structuring {type_!r}", errors, type_)
            return build(items)

        return hook

    return factory


def _attrs_factory(converter: cattrs.Converter) -> Callable[[Any], Any]:
    def factory(cls: Any) -> Callable[[Any, Any], Any]:
        generated = converter.gen_structure_attrs_fromdict(cls)

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, Mapping):
                raise Mismatch("a table of keys", value)
            return generated(value, cls)

        return hook

    return factory


def make_converter() -> cattrs.Converter:
    """A strict cattrs converter for sheets: unknown keys and loose types are errors.

    Integers, strings, numbers and booleans are taken only as themselves (no ``int("5")``, no
    ``str(5)``, ``true`` is not an integer); literals must match exactly; lists must be lists;
    ``Annotated[..., Range(...)]`` and ``Annotated[..., Satisfies(...)]`` are checked; tuples
    unstructure to lists so the result is plain JSON.
    """
    converter = cattrs.Converter(
        forbid_extra_keys=True,
        detailed_validation=True,
        unstruct_collection_overrides={tuple: list},
    )
    for kind in _TYPE_NAMES:
        converter.register_structure_hook(kind, _scalar_hook(kind))
    converter.register_structure_hook_factory(lambda t: get_origin(t) is _LITERAL, _literal_factory)
    converter.register_structure_hook_factory(
        _is_homogeneous_sequence, _sequence_factory(converter)
    )
    converter.register_structure_hook_factory(attrs.has, _attrs_factory(converter))
    converter.register_structure_hook_factory(
        lambda t: get_origin(t) is _ANNOTATED, _annotated_factory(converter)
    )
    return converter


def _join(path: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{path}[{part}]"
    return f"{path}.{part}" if path else part


def _problems(exc: BaseException, path: str) -> list[str]:
    """Walk cattrs' exception groups into ``path: message`` problems, in the file's order."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        parts: list[tuple[BaseException, str | int]] = []
        if isinstance(exc, ClassValidationError):
            with_names, without = exc.group_exceptions()
            parts = [(sub, note.name) for sub, note in with_names]
        else:
            with_indexes, without = exc.group_exceptions()
            parts = [(sub, note.index) for sub, note in with_indexes]
        found: list[str] = []
        for sub, part in parts:
            found.extend(_problems(sub, _join(path, part)))
        for sub in without:
            found.extend(_problems(sub, path))
        return found
    if isinstance(exc, ForbiddenExtraKeysError):
        return [problem(_join(path, key), "unknown key") for key in sorted(exc.extra_fields)]
    if isinstance(exc, KeyError):
        return [problem(path, "required key is missing")]
    return [problem(path, str(exc) or type(exc).__name__)]


def structure_value(value: Any, type_: Any, file: str, converter: cattrs.Converter) -> Any:
    """Structure any value into ``type_``; raise :class:`SheetError` listing every problem."""
    try:
        return converter.structure(value, type_)
    except (CattrsError, ValueError, TypeError, KeyError) as exc:
        raise SheetError(file, _problems(exc, "")) from exc


def structure(data: Mapping[str, Any], cls: type[T], file: str, converter: cattrs.Converter) -> T:
    """Structure a loaded document into the sheet class ``cls`` (frozen attrs).

    ``converter`` should come from :func:`make_converter`. Raises :class:`SheetError` naming
    ``file`` with every problem at once: wrong types, values out of range, missing keys and
    unknown keys, each with its dotted path (``weapons[1].damage``).
    """
    result: T = structure_value(data, cls, file, converter)
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
