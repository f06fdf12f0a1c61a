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


# --- help that does not depend on the fight (issue 23) ------------------------------------

#: Every verb name, with the systems that have it (alphabetical, as the help lists them).
OWNERS: dict[str, list[str]] = {}
for _system, _verb in VERBS:
    OWNERS.setdefault(_verb, []).append(_system)
#: The system whose help a verb shows with no encounter selected: the default system first.
FIRST = {
    verb: next(s for s in ("palladium", *sorted(SYSTEMS)) if s in owners)
    for verb, owners in OWNERS.items()
}


@pytest.fixture(scope="module")
def encounter_of(tmp_path_factory: pytest.TempPathFactory) -> dict[str | None, Path]:
    """A file with an encounter of each system (no combatants needed for help), and a path
    with no file (no encounter selected)."""
    from engine.table import Table

    home = tmp_path_factory.mktemp("help")
    files: dict[str | None, Path] = {None: home / "none.db"}
    for system in sorted(SYSTEMS):
        files[system] = home / f"{system}.db"
        Table(files[system]).new("h", seed=1, system=system)
    return files


def _summary_word(system: str, verb: str) -> str:
    """A word of the verb's summary in ``system`` that tells its help from another
    system's (the first that no other system's summary of the verb has)."""
    mine = actions_table(get_pack(system))[verb].summary.split()
    theirs = {
        word
        for other in OWNERS[verb]
        if other != system
        for word in actions_table(get_pack(other))[verb].summary.split()
    }
    return next((word for word in mine if word not in theirs), mine[0])


@pytest.mark.parametrize("selected", [None, *sorted(SYSTEMS)], ids=lambda s: f"in-{s}")
@pytest.mark.parametrize("verb", sorted(OWNERS))
def test_every_verb_has_help_whatever_encounter_is_selected(
    verb: str,
    selected: str | None,
    encounter_of: dict[str | None, Path],
    fracas_inprocess: Callable[..., CliResult],
) -> None:
    """`fracas VERB --help` exits 0 for every verb of every system, with no encounter or an
    encounter of any system: the selected system's help where it has the verb, else the
    first system's that has it; the help says which systems have it and whose it is."""
    result = fracas_inprocess(verb, "--help", db=encounter_of[selected])
    assert result.code == 0, result
    assert result.stderr == ""
    shown = selected if selected in OWNERS[verb] else FIRST[verb]
    text = " ".join(result.stdout.split())
    assert f"Rules systems with `{verb}`: {', '.join(OWNERS[verb])}." in text
    assert f"This help is {shown}'s" in text
    assert _summary_word(shown, verb) in text
    assert "Example" in text
    if selected is not None and selected not in OWNERS[verb]:
        assert f"the selected encounter is {selected}, which has no `{verb}`" in text
    others = [s for s in OWNERS[verb] if s != shown]  # it says how to see theirs
    if len(others) == 1:
        assert f"`fracas {verb} --help --system {others[0]}` shows {others[0]}'s." in text
    elif others:
        see = f"`fracas {verb} --help --system S` shows another's ({', '.join(others)})."
        assert see in text


@pytest.mark.parametrize(("system", "verb"), VERBS, ids=lambda v: str(v))
def test_system_option_shows_that_systems_help(
    system: str,
    verb: str,
    encounter_of: dict[str | None, Path],
    fracas_inprocess: Callable[..., CliResult],
) -> None:
    """`fracas VERB --help --system S` is S's help, whatever encounter is selected."""
    other = next(s for s in sorted(SYSTEMS) if s != system)
    result = fracas_inprocess(verb, "--help", "--system", system, db=encounter_of[other])
    assert result.code == 0, result
    text = " ".join(result.stdout.split())
    assert f"This help is {system}'s (asked with --system)" in text
    assert _summary_word(system, verb) in text


def test_system_option_refused_where_it_means_nothing(
    encounter_of: dict[str | None, Path], fracas_inprocess: Callable[..., CliResult]
) -> None:
    db = encounter_of["gurps"]
    lacks = fracas_inprocess("strike", "--help", "--system", "brp", db=db)
    assert lacks.code == 2 and lacks.stdout == ""
    assert "the brp rules have no verb 'strike' (it is a verb of palladium)" in lacks.stderr
    unknown = fracas_inprocess("attack", "--help", "--system", "dnd", db=db)
    assert unknown.code == 2
    assert "--system 'dnd': unknown rules system (known: brp, gurps, palladium)" in unknown.stderr
    # without --help, --system on a verb is refused: the encounter's system is fixed
    acted = fracas_inprocess("attack", "a", "b", "--system", "brp", db=db)
    assert acted.code == 2
    assert "--system 'brp' only goes with --help" in acted.stderr
    assert len(acted.stderr_lines) == 1


def test_help_reads_a_db_given_after_the_verb_or_before_help(
    encounter_of: dict[str | None, Path], fracas_inprocess: Callable[..., CliResult]
) -> None:
    """`--db` after the command, and `fracas --db F --help` (answered before `--db` is
    parsed), both read the encounter of F."""
    db = encounter_of["gurps"]
    late = fracas_inprocess("attack", "--help", "--db", str(db), db=None)
    assert "This help is gurps's (the selected encounter's system)" in " ".join(late.stdout.split())
    top = fracas_inprocess("--help", db=db)
    assert top.code == 0 and "Actions (gurps)" in top.stdout
    assert "No encounter selected" not in top.stdout


def test_help_of_a_file_that_cannot_be_read(
    tmp_path: Path, fracas_inprocess: Callable[..., CliResult]
) -> None:
    """A file that is no fracas file does not stop help (the verb itself is refused)."""
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database" * 100)
    result = fracas_inprocess("strike", "--help", db=junk)
    assert result.code == 0, result
    assert "This help is palladium's (no encounter selected)" in " ".join(result.stdout.split())
    assert fracas_inprocess("strike", "a", "b", db=junk).code == 5


def test_verb_help_in_a_real_process_with_another_systems_encounter(
    encounter_of: dict[str | None, Path], fracas_cli: FracasCli
) -> None:
    """The issue's case: `fracas strike --help` while a GURPS encounter is selected."""
    result = fracas_cli("strike", "--help", db=encounter_of["gurps"])
    assert result.code == 0, result
    assert result.stderr == ""
    assert "Strike once" in result.stdout
