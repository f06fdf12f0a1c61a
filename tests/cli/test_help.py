"""Every command is documented with an example (STYLE: "every command has help with an example").

The list of commands comes from the typer app itself and the action verbs from every registered
rules pack's actions table, so a new command or verb without an example fails here. Help is read
the way a GM reads it: ``fracas COMMAND --help`` through ``cli.main.run``, a verb's in an
encounter of its system.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import typer

from cli.main import app
from engine.actiontable import actions_table
from engine.rules import SYSTEMS, get_pack
from tests.conftest import CliResult, FracasCli


def _commands() -> dict[str, str]:
    group = typer.main.get_command(app)
    commands: dict[str, object] = getattr(group, "commands", {})
    return {name: getattr(cmd, "help", None) or "" for name, cmd in sorted(commands.items())}


COMMANDS = _commands()
VERBS = [(system, verb) for system in sorted(SYSTEMS) for verb in actions_table(get_pack(system))]


def test_the_app_has_the_commands_the_readme_promises() -> None:
    expected = {"new", "add", "status", "log", "undo", "redo", "actions"}
    assert expected <= set(COMMANDS)
    palladium = {v for s, v in VERBS if s == "palladium"}
    assert {"initiative", "strike", "defend"} <= palladium


@pytest.mark.parametrize(("system", "verb"), VERBS, ids=lambda v: str(v))
def test_every_verb_has_help_with_an_example(system: str, verb: str) -> None:
    row = actions_table(get_pack(system))[verb]
    assert row.summary.strip(), f"{system} {verb} has no help"
    assert re.search(rf"\bfracas\b[^;&]*\s{re.escape(verb)}\b", row.example), row.example


@pytest.mark.parametrize(("system", "verb"), VERBS, ids=lambda v: str(v))
def test_verb_help_in_an_encounter_of_its_system(
    system: str, verb: str, fracas_inprocess: Callable[..., CliResult], tmp_path: Path
) -> None:
    db = tmp_path / "help.db"
    assert fracas_inprocess("new", "h", "--seed", "1", "--system", system, db=db).code == 0
    result = fracas_inprocess(verb, "--help", db=db)
    assert result.code == 0, result
    assert "Example" in result.stdout
    assert actions_table(get_pack(system))[verb].summary.split()[0] in result.stdout
    assert result.stderr == ""


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help_with_an_example(name: str) -> None:
    text = COMMANDS[name]
    assert text.strip(), f"`fracas {name}` has no help text"
    assert "Example" in text, f"`fracas {name}` help has no example"
    example = text.split("Example", 1)[1]
    assert re.search(rf"\bfracas\b[^;&]*\s{re.escape(name)}\b", example), (
        f"the example of `fracas {name}` does not run it: {example!r}"
    )


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_command_help_exits_0_and_shows_the_example(
    name: str, fracas_inprocess: Callable[..., CliResult]
) -> None:
    result = fracas_inprocess(name, "--help", db=None)
    assert result.code == 0, result
    assert "Example" in result.stdout
    assert result.stderr == ""


def test_top_level_help_lists_every_command(fracas_cli: FracasCli) -> None:
    result = fracas_cli("--help", db=None)
    assert result.code == 0, result
    for name in COMMANDS:
        assert name in result.stdout
    for _, verb in VERBS:
        assert verb in result.stdout
    assert "Example" in result.stdout
    # No encounter selected: a verb that not every system has says whose it is.
    text = " ".join(result.stdout.split())
    assert "strike (palladium) Strike once" in text
    assert "attack (brp, gurps) Attack" in text
    assert "feint (gurps) Feint" in text
    assert "pass End ACTOR's turn" in text


def test_bare_fracas_shows_help_and_succeeds(fracas_cli: FracasCli) -> None:
    result = fracas_cli(db=None)
    assert result.code == 0, result
    assert "Usage" in result.stdout or "Usage" in result.stderr


@pytest.mark.parametrize("name", ["strike", "replay"])
def test_command_help_in_a_real_process(name: str, fracas_cli: FracasCli) -> None:
    result = fracas_cli(name, "--help", db=None)
    assert result.code == 0, result
    assert "Example" in result.stdout
    assert result.stderr == ""


def test_the_console_script_runs() -> None:
    script = Path(sys.executable).parent / "fracas"
    if not script.exists():
        pytest.skip("the fracas console script is not installed beside this interpreter")
    proc = subprocess.run(
        [str(script), "--help"], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert "fracas" in proc.stdout
