"""Loading a Palladium sheet: a file or the log's embedded copy, structured strictly.

The classes and their cross-field checks are :mod:`engine.rules.palladium.sheet`; this module
brings cattrs and YAML (:mod:`engine.sheetload`), so only the commands that read a sheet import
it. Every problem comes back at once in one :class:`~engine.sheets.SheetError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.rules.palladium.sheet import (
    BurstKind,
    Bursts,
    PalladiumSheet,
    Weapon,
    WpLevels,
    armor_problems,
    pools_problems,
    sheet_problems,
    unarmed_problems,
)
from engine.rules.palladium.sheet_weapons import sign_problems, weapons_problems
from engine.sheetload import (
    MISSING,
    SectionCheck,
    load_document,
    make_converter,
    section,
    section_problems,
    validated,
)
from engine.sheets import SheetError, mismatch, shown

#: What a burst table looks like (the shots each burst spends).
BURSTS = "a table of burst kinds to shots, e.g. { short = 3 }"

_CONVERTER = make_converter(
    {
        WpLevels: "a table of W.P. names and levels, e.g. { energy_rifle = 2 }",
        Bursts: BURSTS,
    }
)


class _CountedNames(list[Any]):
    """A weapon's ``burst`` given as a list of names although it has a payload (set apart by
    :func:`_weapon` for :func:`_bursts`, which sees only the list)."""


def _bursts(value: Any, _: Any) -> dict[str, int]:
    """A weapon's bursts: a table of burst kinds to shots, or a list of their names where the
    shots are never counted (no payload): the weapon keeps no count, so each then spends one
    shot that nothing counts. With a payload the rules give no shots for a short or long burst
    (the weapon's own listing does, PAL-RNG-GUN-APM) and a pulse is "3-4" (PAL-RNG-PULSE), so a
    list of names is refused there."""
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        return _table_of_bursts(value, Bursts)  # type: ignore[no-any-return]
    if isinstance(value, _CountedNames):
        raise ValueError(
            f"{mismatch(BURSTS, value)} of names: a weapon with a payload counts its shots, "
            "so say how many each burst spends"
        )
    names: tuple[str, ...] = _CONVERTER.structure(value, tuple[BurstKind, ...])
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"{shown(twice[0])} is named twice")
    return dict.fromkeys(names, 1)


def _weapon(value: Any, cls: Any) -> Any:
    """A ``[[weapons]]`` table; a ``burst`` list beside a payload is marked for :func:`_bursts`."""
    if (
        isinstance(value, Mapping)
        and isinstance(value.get("burst"), list)
        and value.get("payload") is not None
    ):
        value = {**value, "burst": _CountedNames(value["burst"])}
    return _structure_weapon(value, cls)


_table_of_bursts = _CONVERTER.get_structure_hook(Bursts)
_CONVERTER.register_structure_hook_func(lambda t: t == Bursts, _bursts)
_structure_weapon = _CONVERTER.get_structure_hook(Weapon)
_CONVERTER.register_structure_hook_func(lambda t: t is Weapon, _weapon)


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


def _signs_of_sections(data: Mapping[str, Any]) -> list[str]:
    """:func:`sign_problems` of the sections that structure on their own."""
    weapons, missiles, unarmed = (
        section(data, PalladiumSheet, name, _CONVERTER)
        for name in ("weapons", "missiles", "unarmed")
    )
    return sign_problems(
        () if weapons is MISSING else weapons,
        () if missiles is MISSING else missiles,
        None if unarmed is MISSING else unarmed,
    )


def _signs(sheet: PalladiumSheet) -> tuple[str, ...]:
    return (*sheet_problems(sheet), *sign_problems(sheet.weapons, sheet.missiles, sheet.unarmed))


def _from_data(data: dict[str, Any], file: str, *, from_file: bool = False) -> PalladiumSheet:
    """``from_file``: a sheet read from a file, held to the sign of its damage too."""
    if from_file:
        return validated(
            data,
            PalladiumSheet,
            file,
            _CONVERTER,
            partial=lambda d: _partial_problems(d) + _signs_of_sections(d),
            whole=_signs,
        )
    return validated(
        data, PalladiumSheet, file, _CONVERTER, partial=_partial_problems, whole=sheet_problems
    )


def load_sheet(path: Path) -> PalladiumSheet:
    """Read and validate a Palladium sheet (.toml, .json, .yaml/.yml).

    Raises :class:`~engine.sheets.SheetError` naming the file, with every problem at once;
    negative damage is refused but for a weapon that says ``healing = true``.
    """
    return _from_data(load_document(path), str(path), from_file=True)


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
        raise SheetError(source, [f"expected a table of keys, got {shown(data)}"])
    return _from_data(data, source)


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _drop_none(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_drop_none(item) for item in value]
    return value
