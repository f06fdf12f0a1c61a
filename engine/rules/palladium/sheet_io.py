"""Loading a Palladium sheet: a file or the log's embedded copy, structured strictly.

The classes and their cross-field checks are :mod:`engine.rules.palladium.sheet`; this module
brings cattrs and YAML (:mod:`engine.sheetload`), so only the commands that read a sheet import
it. Every problem comes back at once in one :class:`~engine.sheets.SheetError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.rules.palladium.sheet import (
    PalladiumSheet,
    WpLevels,
    armor_problems,
    pools_problems,
    sheet_problems,
    unarmed_problems,
)
from engine.rules.palladium.sheet_weapons import weapons_problems
from engine.sheetload import (
    MISSING,
    SectionCheck,
    load_document,
    make_converter,
    section,
    section_problems,
    validated,
)
from engine.sheets import SheetError

_CONVERTER = make_converter()


def _shown(value: Any) -> str:
    """A value found where a table was expected, as the user would have typed it."""
    if isinstance(value, list | tuple):
        return "a list"
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _table_only(type_: Any, what: str) -> None:
    """Refuse a list or a scalar where ``type_`` (a dict) is expected, before cattrs sees it
    (its mapping hook would call ``.items()`` on anything)."""
    inner = _CONVERTER.get_structure_hook(type_)

    def hook(value: Any, cls: Any) -> Any:
        if not isinstance(value, Mapping):
            raise ValueError(f"expected {what}, got {_shown(value)}")
        return inner(value, cls)

    _CONVERTER.register_structure_hook_func(lambda t: t == type_, hook)


_table_only(WpLevels, "a table of W.P. names and levels")


def _partial_problems(data: Mapping[str, Any]) -> list[str]:
    found = section_problems(data, PalladiumSheet, _CONVERTER, _SECTION_CHECKS)
    attributes, unarmed = (
        section(data, PalladiumSheet, name, _CONVERTER) for name in ("attributes", "unarmed")
    )
    if attributes is not MISSING and unarmed is not MISSING:
        found += unarmed_problems(attributes, unarmed)
    return found


#: The cross-field checks of each section that structures on its own.
_SECTION_CHECKS: dict[str, SectionCheck] = {
    "pools": pools_problems,
    "armor": armor_problems,
    "weapons": weapons_problems,
}


def _from_data(data: dict[str, Any], file: str) -> PalladiumSheet:
    return validated(
        data, PalladiumSheet, file, _CONVERTER, partial=_partial_problems, whole=sheet_problems
    )


def load_sheet(path: Path) -> PalladiumSheet:
    """Read and validate a Palladium sheet (.toml, .json, .yaml/.yml).

    Raises :class:`~engine.sheets.SheetError` naming the file, with every problem at once.
    """
    return _from_data(load_document(path), str(path))


def check_sheet(sheet: PalladiumSheet, source: str = "<embedded sheet>") -> PalladiumSheet:
    """Validate a sheet read back from the log as strictly as a file (a log can be tampered
    with); raise :class:`~engine.sheets.SheetError` naming ``source``."""
    return sheet_from_dict(sheet_to_dict(sheet), source)


def sheet_to_dict(sheet: PalladiumSheet) -> dict[str, Any]:
    """The sheet as plain JSON-ready data (absent optional keys left out), for the log."""
    data: dict[str, Any] = _drop_none(_CONVERTER.unstructure(sheet))
    return data


def sheet_from_dict(data: dict[str, Any], source: str = "<embedded sheet>") -> PalladiumSheet:
    """Read back a sheet written by :func:`sheet_to_dict`, validating it as a file would be.

    ``source`` names where the data came from in a :class:`~engine.sheets.SheetError`.
    """
    if not isinstance(data, dict):
        raise SheetError(source, [f"expected a table of keys, got {type(data).__name__}"])
    return _from_data(data, source)


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _drop_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_drop_none(item) for item in value]
    return value
