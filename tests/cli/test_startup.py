"""Start-up stays lean, checked without a clock: what each command imports.

``fracas status`` reads a fight: it needs its system's events, reducers, sheet type and status
columns, and nothing of another system, nor its own system's deciders (actions table, turn
rules, explain texts: ``Pack.actions``, ``turns`` and ``explain`` load on first use), nor what
only ``add`` needs (cattrs, YAML, TOML). ``fracas --help`` with no encounter lists every
system's verbs from the registry's index (``engine.rules.VERBS``) and imports no pack at all;
the index is checked here against the real actions tables. ``bench/startup.py`` times the
commands against a floor.

Each command runs in a fresh interpreter (``sys.executable``), which then lists ``sys.modules``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.actiontable import actions_table
from engine.rules import SYSTEMS, VERBS, get_pack
from tests.conftest import REPO, SHEETS, CliResult

_BOOT = """
import os, sys
sys.argv[0] = "fracas"
from cli.main import run
code = 0
try:
    run()
except SystemExit as exit_:
    code = exit_.code
import json
with open(os.environ["FRACAS_TEST_REPORT"], "w") as fh:
    json.dump({"code": code, "modules": sorted(sys.modules)}, fh)
"""

#: A pack's modules that decide and explain: a command that only reads never needs them.
DECIDERS = {
    "palladium": (
        "actions",
        "apm",
        "combat",
        "damage",
        "explain",
        "kinds",
        "profile",
        "round",
        "shots",
        "strikes",
        "turns",
    ),
    "brp": (
        "actions",
        "attack",
        "checks",
        "damage",
        "defence",
        "explain",
        "hazards",
        "modifiers",
        "profile",
        "resolution",
        "round",
        "surprise",
        "turns",
        "weapons",
        "wounds",
    ),
    "gurps": (
        "actions",
        "attack",
        "common",
        "defence",
        "explain",
        "fold",
        "injury",
        "maneuvers",
        "profile",
        "resolution",
        "turns",
    ),
}
#: What only reading a sheet (`add`) or the tests need.
NOT_AT_START = ("cattrs", "yaml", "tomllib", "hypothesis", "sqlite_utils", "engine.sheetload")


def imported(tmp_path: Path, *args: str, db: Path | None) -> set[str]:
    """The modules a fresh ``fracas [--db DB] ARGS`` has imported when it is done."""
    report = tmp_path / "modules.json"
    env = {k: v for k, v in os.environ.items() if k != "FRACAS_DB"}
    env["FRACAS_TEST_REPORT"] = str(report)
    head = ["--db", str(db)] if db is not None else []
    proc = subprocess.run(
        [sys.executable, "-c", _BOOT, *head, *args],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    found = json.loads(report.read_text())
    assert found["code"] in (0, None), (found["code"], proc.stdout, proc.stderr)
    return set(found["modules"])


def of_system(modules: set[str], system: str) -> list[str]:
    """The modules that belong to ``system`` (its pack, its events, its reducers)."""
    homes = (f"engine.rules.{system}", f"events.{system}", f"projections.{system}")
    return sorted(m for m in modules if m in homes or m.startswith(tuple(h + "." for h in homes)))


def deciders(modules: set[str], system: str) -> list[str]:
    return sorted(modules & {f"engine.rules.{system}.{name}" for name in DECIDERS[system]})


def unwanted(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if m in NOT_AT_START or m.startswith(NOT_AT_START))


@pytest.fixture
def fight(tmp_path: Path, fracas_inprocess: Callable[..., CliResult]) -> Callable[[str], Path]:
    """``fight(system)``: a small fight (two combatants, initiative) in its own file."""

    def make(system: str) -> Path:
        db = tmp_path / f"{system}.db"
        sheets = {
            "palladium": [SHEETS / "marcus_kell.toml", SHEETS / "brodkil.json"],
            "brp": [SHEETS / "brp" / "ilsa_varg.toml", SHEETS / "brp" / "bandit.yaml"],
            "gurps": [SHEETS / "gurps" / "sir_aldric.toml", SHEETS / "gurps" / "bruno.yaml"],
        }[system]
        steps = [
            ("new", "small", "--seed", "1", "--system", system),
            *(("add", str(sheet)) for sheet in sheets),
            ("initiative",),
        ]
        for step in steps:
            result = fracas_inprocess(*step, db=db)
            assert result.code == 0, (step, result)
        return db

    return make


@pytest.mark.parametrize(
    ("system", "other"), [("palladium", "brp"), ("brp", "palladium"), ("gurps", "brp")]
)
@pytest.mark.parametrize("args", [("status",), ("--json", "status")], ids=" ".join)
def test_status_imports_its_own_pack_and_no_decider(
    system: str, other: str, args: tuple[str, ...], fight: Callable[[str], Path], tmp_path: Path
) -> None:
    modules = imported(tmp_path, *args, db=fight(system))
    assert f"engine.rules.{system}" in modules  # the check sees the pack it needs
    assert of_system(modules, other) == []
    assert deciders(modules, system) == []
    assert unwanted(modules) == []
    assert "engine.explain" not in modules


def test_help_with_no_encounter_imports_no_pack(tmp_path: Path) -> None:
    modules = imported(tmp_path, "--help", db=tmp_path / "missing.db")
    assert "cli.main" in modules
    for system in SYSTEMS:
        assert of_system(modules, system) == []
    assert not any(m.startswith("engine.rules.") for m in modules)  # not even the Pack record
    assert not {"engine.table", "engine.log", "attrs"} & modules
    assert unwanted(modules) == []


def test_help_in_an_encounter_imports_no_decider(
    fight: Callable[[str], Path], tmp_path: Path
) -> None:
    modules = imported(tmp_path, "--help", db=fight("brp"))
    assert of_system(modules, "palladium") == []
    assert deciders(modules, "brp") == []


@pytest.mark.parametrize(("verb", "system"), [("strike", "palladium"), ("attack", "brp")])
def test_a_verbs_help_with_no_encounter_loads_only_its_systems_table(
    verb: str, system: str, tmp_path: Path
) -> None:
    modules = imported(tmp_path, verb, "--help", db=tmp_path / "missing.db")
    assert f"engine.rules.{system}.actions" in modules
    for other in set(SYSTEMS) - {system}:
        assert of_system(modules, other) == []


def _render(index: dict[str, dict[str, str]]) -> str:
    """The index as Python, to paste into engine/rules/__init__.py (then `ruff format`)."""
    lines = ["VERBS: dict[str, dict[str, str]] = {"]
    for system, verbs in index.items():
        lines.append(f"    {system!r}: {{")
        lines += [f"        {verb!r}: {summary!r}," for verb, summary in verbs.items()]
        lines.append("    },")
    return "\n".join([*lines, "}"])


def test_the_verb_index_is_the_actions_tables() -> None:
    """``fracas --help`` lists verbs from engine.rules.VERBS without importing the packs."""
    real = {
        system: {verb: row.summary for verb, row in actions_table(get_pack(system)).items()}
        for system in SYSTEMS
    }
    ordered = {system: list(verbs.items()) for system, verbs in VERBS.items()}
    expected = {system: list(verbs.items()) for system, verbs in real.items()}
    assert ordered == expected, (
        "engine/rules/__init__.py VERBS differs from the actions tables; paste this there:\n"
        + _render(real)
    )


def test_the_probe_runs(tmp_path: Path) -> None:
    """bench/probe.py, the floor bench/startup.py compares with, does what it says."""
    db = tmp_path / "probe.db"
    for n in (1, 2):
        proc = subprocess.run(
            [sys.executable, str(REPO / "bench" / "probe.py"), str(db)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.startswith(f"row {n}: "), proc.stdout
