"""Loading a GURPS sheet: a file or the log's embedded copy, structured strictly.

The classes and their cross-field checks are :mod:`engine.rules.gurps.sheet`; this module
brings cattrs and YAML (:mod:`engine.sheetload`), so only the commands that read a sheet import
it. Every problem comes back at once in one :class:`~engine.sheets.SheetError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

from engine.rules.gurps.sheet import (
    GurpsSheet,
    Level,
    dr_problems,
    sheet_problems,
    skills_problems,
    traits_problems,
    weapons_problems,
)
from engine.sheetload import (
    SectionCheck,
    load_document,
    make_converter,
    section_problems,
    validated,
)
from engine.sheets import Range

_CONVERTER = make_converter(
    {
        dict[str, Level]: "a table of skill names and levels, e.g. { broadsword = 15 }",
        dict[str, bool]: "a table of traits, e.g. { combat_reflexes = true }",
        dict[str, Annotated[int, Range(0, 200)]]: (
            "a table of locations and their DR, e.g. { all = 2, skull = 4 }"
        ),
    }
)


def _partial_problems(data: Mapping[str, Any]) -> list[str]:
    return section_problems(data, GurpsSheet, _CONVERTER, _SECTION_CHECKS)


#: The cross-field checks of each section that structures on its own.
_SECTION_CHECKS: dict[str, SectionCheck] = {
    "weapons": weapons_problems,
    "skills": skills_problems,
    "traits": traits_problems,
    "dr": dr_problems,
}


def _from_data(data: dict[str, Any], file: str) -> GurpsSheet:
    return validated(
        data, GurpsSheet, file, _CONVERTER, partial=_partial_problems, whole=sheet_problems
    )


def load_sheet(path: Path) -> GurpsSheet:
    """Read and validate a sheet (.toml, .json, .yaml/.yml), every problem at once."""
    return _from_data(load_document(path), str(path))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def check_sheet(sheet: GurpsSheet, source: str = "<embedded sheet>") -> GurpsSheet:
    """Validate a sheet read back from the log as strictly as a file (a log can be tampered
    with); raise :class:`~engine.sheets.SheetError` naming ``source``."""
    data = _plain(_CONVERTER.unstructure(sheet))
    assert isinstance(data, dict)
    return _from_data(data, source)
