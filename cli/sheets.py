"""``fracas sheets``: the example sheets shipped with fracas, by rules system, with their
paths, so that a GM starts from a real file (``fracas add PATH``, or a copy of it to edit).

Registered on the one app of :mod:`cli.main`, which imports this module.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Annotated

import typer

from cli.main import _emit, app

if TYPE_CHECKING:
    from engine.packaged import Catalogue, ExampleSheet


@app.command()
def sheets(
    ctx: typer.Context,
    system: Annotated[
        str | None, typer.Option("--system", help="Only this rules system's sheets.")
    ] = None,
) -> None:
    """List the example sheets shipped with fracas, by rules system, with the path of each:
    `fracas add PATH` adds one to the fight; copy one to make your own. Works from an
    installed fracas (`pip install .`, `pipx`) as from a checkout.

    Example: fracas sheets --json
    """
    from engine.packaged import catalogues, example_sheets

    found = example_sheets(system)
    extra = catalogues(system)
    _emit(ctx, _text(found, extra), _doc(found, extra))


def _text(found: list[ExampleSheet], extra: list[Catalogue]) -> str:
    from engine.rules import DEFAULT_SYSTEM

    lines = ["Example sheets shipped with fracas: `fracas add PATH` adds one; copy one to edit."]
    for system in dict.fromkeys([s.system for s in found] + [c.system for c in extra]):
        default = "; the default" if system == DEFAULT_SYSTEM else ""
        lines += ["", f"{system} (fracas new NAME --system {system}{default})"]
        mine = [(_label(s), shlex.quote(str(s.path))) for s in found if s.system == system]
        width = max((len(label) for label, _ in mine), default=0)
        lines += [f"  {label:<{width}}  {path}" for label, path in mine]
        for c in (c for c in extra if c.system == system):
            lines += [f"  to copy from: {c.about}", f"    {shlex.quote(str(c.path))}"]
    return "\n".join(lines)


def _label(sheet: ExampleSheet) -> str:
    name = sheet.name or sheet.file
    return f"{name} ({sheet.kind})" if sheet.kind else name


def _doc(found: list[ExampleSheet], extra: list[Catalogue]) -> dict[str, object]:
    return {
        "sheets": [
            {
                "system": s.system,
                "file": s.file,
                "name": s.name,
                "kind": s.kind,
                "path": str(s.path),
            }
            for s in found
        ],
        "catalogues": [
            {"system": c.system, "file": c.file, "about": c.about, "path": str(c.path)}
            for c in extra
        ],
    }
