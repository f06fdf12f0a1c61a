"""Loading a Basic Roleplaying sheet: a file or the log's embedded copy, structured strictly.

The classes and their cross-field checks are :mod:`engine.rules.brp.sheet`; this module brings
cattrs and YAML (:mod:`engine.sheetload`), so only the commands that read a sheet import it.
Every problem comes back at once in one :class:`~engine.sheets.SheetError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.rules.brp.sheet import (
    BrpSheet,
    LocationHp,
    Skills,
    sheet_problems,
    sign_problems,
    skills_problems,
    weapons_problems,
)
from engine.sheetload import (
    MISSING,
    SectionCheck,
    load_document,
    make_converter,
    section,
    section_problems,
    validated,
)

_CONVERTER = make_converter(
    {
        Skills: "a table of skill names and percentages, e.g. { dodge = 40 }",
        LocationHp: "a table of locations and their HP, e.g. { head = 5 }",
    }
)


def _partial_problems(data: Mapping[str, Any]) -> list[str]:
    return section_problems(data, BrpSheet, _CONVERTER, _SECTION_CHECKS)


#: The cross-field checks of each section that structures on its own.
_SECTION_CHECKS: dict[str, SectionCheck] = {
    "weapons": weapons_problems,
    "skills": skills_problems,
}


def _signs_of_sections(data: Mapping[str, Any]) -> list[str]:
    """:func:`sign_problems` of the sections that structure on their own."""
    weapons, armor = (section(data, BrpSheet, name, _CONVERTER) for name in ("weapons", "armor"))
    return sign_problems(() if weapons is MISSING else weapons, None if armor is MISSING else armor)


def _signs(sheet: BrpSheet) -> tuple[str, ...]:
    return (*sheet_problems(sheet), *sign_problems(sheet.weapons, sheet.armor))


def _from_data(data: dict[str, Any], file: str, *, from_file: bool = False) -> BrpSheet:
    """``from_file``: a sheet read from a file, held to the sign of its damage too."""
    if from_file:
        return validated(
            data,
            BrpSheet,
            file,
            _CONVERTER,
            partial=lambda d: _partial_problems(d) + _signs_of_sections(d),
            whole=_signs,
        )
    return validated(
        data, BrpSheet, file, _CONVERTER, partial=_partial_problems, whole=sheet_problems
    )


def load_sheet(path: Path) -> BrpSheet:
    """Read and validate a sheet (.toml, .json, .yaml/.yml), every problem at once; negative
    damage is refused but for a weapon that says ``healing = true``, negative armor always."""
    return _from_data(load_document(path), str(path), from_file=True)


def sheet_to_dict(sheet: BrpSheet) -> dict[str, Any]:
    """The sheet as plain JSON-ready data (absent optional keys left out)."""
    data = _CONVERTER.unstructure(sheet)
    assert isinstance(data, dict)
    return {k: v for k, v in data.items() if v is not None}


def check_sheet(sheet: BrpSheet, source: str = "<embedded sheet>") -> BrpSheet:
    """Validate a sheet read back from the log as strictly as a file (a log can be tampered
    with); raise :class:`~engine.sheets.SheetError` naming ``source``."""
    data = sheet_to_dict(sheet)
    if isinstance(data.get("armor"), dict):
        data["armor"] = {k: v for k, v in data["armor"].items() if v is not None}
    if isinstance(data.get("derived"), dict):
        data["derived"] = {k: v for k, v in data["derived"].items() if v is not None}
    data["weapons"] = [
        {k: v for k, v in w.items() if v is not None} for w in data.get("weapons", [])
    ]
    return _from_data(data, source)
