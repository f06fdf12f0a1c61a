"""`fracas sheets` (issue 23): the example sheets shipped with fracas, by rules system, with
their absolute paths, each of which `fracas add` takes; `--system S` and `--json`. What ships is
engine/shipped/ (package data); tests/test_install.py runs the same from an installed wheel."""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.packaged import GLOSSARY, shipped
from engine.rules import DEFAULT_SYSTEM, EXAMPLES, SYSTEMS, UsageError
from engine.sheets import FORMATS
from tests.conftest import EXAMPLES as EXAMPLES_DIR
from tests.conftest import SHEETS, CliResult


def _listed(stdout: str) -> dict[str, list[Path]]:
    """The text's sheets: system -> the paths listed under its heading (the catalogue's
    path, on the line after "to copy from:", is left out)."""
    found: dict[str, list[Path]] = {}
    system = ""
    for line in stdout.splitlines():
        if line and not line.startswith(" ") and " (fracas new NAME --system " in line:
            system = line.split()[0]
            found[system] = []
        elif line.startswith("  ") and not line.startswith(("    ", "  to copy from:")):
            found[system].append(Path(shlex.split(line.rsplit("  ", 1)[1])[0]))
    return found


def _on_disk(system: str) -> list[Path]:
    """The example sheets of ``system`` in the checkout: the files of its folder."""
    folder = SHEETS / EXAMPLES[system][0]
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix in FORMATS)


def test_every_system_has_its_examples() -> None:
    assert set(EXAMPLES) == set(SYSTEMS)
    for system in SYSTEMS:
        assert _on_disk(system), f"{system} ships no example sheet"
        for catalogue in EXAMPLES[system][1]:
            assert (EXAMPLES_DIR / catalogue).is_file()


def test_every_sheet_in_examples_is_some_systems_or_a_broken_one() -> None:
    """No sheet lies where `fracas sheets` would not list it, except the broken ones the
    tests use (in `invalid/` folders, which a wheel leaves out)."""
    listed = {p for system in SYSTEMS for p in _on_disk(system)}
    for path in SHEETS.rglob("*"):
        if path.is_file() and path.suffix in FORMATS:
            assert path in listed or "invalid" in path.relative_to(SHEETS).parts, path


def test_sheets_lists_every_example_by_system_with_its_path(
    fracas_inprocess: Callable[..., CliResult],
) -> None:
    result = fracas_inprocess("sheets", db=None)
    assert result.code == 0, result
    assert result.stderr == ""
    listed = _listed(result.stdout)
    assert list(listed) == list(EXAMPLES)  # every system, in the registry's order
    for system, paths in listed.items():
        assert paths == [p.resolve() for p in _on_disk(system)]
        assert all(p.is_absolute() and p.is_file() for p in paths)
    assert "invalid" not in result.stdout
    assert f"{DEFAULT_SYSTEM} (fracas new NAME --system {DEFAULT_SYSTEM}; the default)" in (
        result.stdout
    )
    assert "Marcus Kell (pc)" in result.stdout  # the sheet's own name and kind
    assert "to copy from: Common Rifts missiles as `[[missiles]]` entries" in result.stdout
    assert str((EXAMPLES_DIR / "missiles.toml").resolve()) in result.stdout


def test_sheets_json_and_system_filter(fracas_inprocess: Callable[..., CliResult]) -> None:
    every = json.loads(fracas_inprocess("sheets", "--json", db=None).stdout)
    assert [(s["system"], s["file"]) for s in every["sheets"]] == [
        (system, p.name) for system in EXAMPLES for p in _on_disk(system)
    ]
    marcus = next(s for s in every["sheets"] if s["file"] == "marcus_kell.toml")
    assert marcus == {
        "system": DEFAULT_SYSTEM,
        "file": "marcus_kell.toml",
        "name": "Marcus Kell",
        "kind": "pc",
        "path": str((SHEETS / "marcus_kell.toml").resolve()),
    }
    assert [c["file"] for c in every["catalogues"]] == ["missiles.toml"]
    for system in SYSTEMS:
        result = fracas_inprocess("sheets", "--system", system, "--json", db=None)
        doc = json.loads(result.stdout)
        assert {s["system"] for s in doc["sheets"]} == {system}
        assert len(doc["sheets"]) == len(_on_disk(system))
        assert [c["file"] for c in doc["catalogues"]] == list(EXAMPLES[system][1])
        text = fracas_inprocess("sheets", "--system", system, db=None).stdout
        assert list(_listed(text)) == [system]


def test_sheets_refuses_an_unknown_system(fracas_inprocess: Callable[..., CliResult]) -> None:
    result = fracas_inprocess("sheets", "--system", "dnd", db=None)
    assert result.code == 2 and result.stdout == ""
    assert result.stderr_lines == [
        "fracas: error: --system 'dnd': unknown rules system (known: brp, gurps, palladium); "
        "nothing was written"
    ]


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_fracas_add_takes_every_path_sheets_prints(
    system: str, tmp_path: Path, fracas_inprocess: Callable[..., CliResult]
) -> None:
    """Each printed path, pasted after `fracas add`, adds that combatant to an encounter of
    its system."""
    listed = _listed(fracas_inprocess("sheets", "--system", system, db=None).stdout)[system]
    db = tmp_path / "f.db"
    assert fracas_inprocess("new", "f", "--seed", "1", "--system", system, db=db).code == 0
    for i, path in enumerate(listed):
        result = fracas_inprocess("add", str(path), "--id", f"c{i}", db=db)
        assert result.code == 0, (path, result)


def test_a_copy_of_fracas_without_its_files_says_so() -> None:
    assert shipped(GLOSSARY).is_file()
    with pytest.raises(UsageError, match=r"installed without its nothing\.md .*reinstall it"):
        shipped("nothing.md")
