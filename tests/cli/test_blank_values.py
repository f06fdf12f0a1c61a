"""An empty value is refused, never taken as if the option were absent (issue 24: ``--at ""``,
``--variant ""``, ``--system ""``, GURPS ``--location ""`` were read as no option at all).

The options are not listed by hand: the core commands come from the typer app and the verbs
from every rules system's actions table (the CLI is generated from them), so a new option of
a new verb is walked here too. Each option that takes a value is given ``""`` (and one a
blank ``" "``) on a real fracas file of the verb's system, through ``cli.main.run`` in this
process: exit 2, one line naming the option, and the file byte for byte as it was.
Arguments refuse an empty value in their own words (an empty combatant id is an unknown
combatant); a path argument (``add ""``, ``export ""``) is refused as empty, not read as
``.``, the folder it is run in. README, "Limits on input".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from cli.main import app
from cli.verbs import VerbCommand, verb_command
from engine.actiontable import actions_table
from engine.rules import SYSTEMS, get_pack
from engine.table import Table
from tests.conftest import SHEETS, CliResult, FracasCli, assert_one_line_error, file_state

Invoke = Callable[..., CliResult]

#: Each system's fight: its sheets and the ids they join as (the first acts first).
FIGHTS: dict[str, tuple[tuple[Path, str], ...]] = {
    "palladium": ((SHEETS / "marcus_kell.toml", "marcus"), (SHEETS / "brodkil.json", "brodkil")),
    "brp": (
        (SHEETS / "brp" / "ilsa_varg.toml", "ilsa"),
        (SHEETS / "brp" / "bandit.yaml", "bandit"),
    ),
    "gurps": (
        (SHEETS / "gurps" / "sir_aldric.toml", "aldric"),
        (SHEETS / "gurps" / "bruno.yaml", "bruno"),
    ),
}
CORE = "core"


def _built(verb: str, callback: Any, cls: Any) -> Any:
    """The click command typer builds for one callback (for its parameters)."""
    one = typer.Typer(add_completion=False)
    one.command(verb, cls=cls)(callback)
    return typer.main.get_command(one)


def _commands() -> Iterator[tuple[str, str, Any]]:
    """(system or "core", name, click command): every core command, every verb of every
    system."""
    group = typer.main.get_command(app)
    for name in sorted(group.commands):
        yield CORE, name, group.commands[name]
    for system in sorted(SYSTEMS):
        for verb, row in actions_table(get_pack(system)).items():
            yield system, verb, _built(verb, verb_command(row, lambda *_: None), VerbCommand)


def _is_option(param: Any) -> bool:
    return any(o.startswith("-") for o in getattr(param, "opts", ()))


def _takes_value(param: Any) -> bool:
    return _is_option(param) and not (param.is_flag or param.count)


def _name(param: Any) -> str:
    return max((o for o in param.opts if o.startswith("-")), key=len)


COMMANDS = list(_commands())
OPTIONS = [
    (system, name, _name(p))
    for system, name, command in COMMANDS
    for p in command.params
    if _takes_value(p) and _name(p) not in ("--install-completion", "--show-completion")
]
ARGUMENTS = [
    (system, name, p.name)
    for system, name, command in COMMANDS
    for p in command.params
    if not _is_option(p)
]
BY_NAME = {(system, name): command for system, name, command in COMMANDS}


#: What starts each system's round, so that a verb gets past "no round yet" to its values.
ROUND: dict[str, tuple[tuple[str, ...], ...]] = {
    "palladium": (("initiative", "--dice", "20,1"),),
    "brp": (("initiative",), ("next",), ("next",)),
    "gurps": (("initiative",),),
}


@pytest.fixture(scope="module")
def fights(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A fracas file per system, two fighters in it, the first one's turn in the first round;
    "core" is Palladium's."""
    found: dict[str, Path] = {}
    for system, joins in FIGHTS.items():
        home = tmp_path_factory.mktemp(system)
        db = home / "fight.db"
        table = Table(db)
        table.new("blank", seed=7, system=system)
        for sheet, cid in joins:
            table.add(sheet, cid=cid)
        for args in ROUND[system]:
            done = FracasCli(home)(*args, db=db)
            assert done.code == 0, done
        found[system] = db
    found[CORE] = found["palladium"]
    return found


def _value_for(system: str, param: Any) -> str:
    """A value an argument takes, so that only the option walked is wrong."""
    kind = getattr(param.type, "name", "")
    choices = getattr(param.type, "choices", None)
    if choices:
        return str(choices[0])
    if kind == "path":
        return str(FIGHTS["palladium" if system == CORE else system][0][0])
    if kind == "int":
        return "1"
    return FIGHTS["palladium" if system == CORE else system][0][1]


def _line(system: str, name: str, skip: str, tail: list[str]) -> list[str]:
    """``name`` with every argument but ``skip`` given a fitting value, then ``tail``."""
    command = BY_NAME[(system, name)]
    args = [_value_for(system, p) for p in command.params if not _is_option(p) and p.name != skip]
    return [name, *args, *tail]


def test_the_walk_covers_every_system_and_the_options_the_issue_names() -> None:
    walked = {(system, name, option) for system, name, option in OPTIONS}
    for case in (
        (CORE, "branch", "--at"),
        (CORE, "new", "--variant"),
        (CORE, "new", "--system"),
        (CORE, "odds", "--until"),
        (CORE, "report", "--output"),
        ("gurps", "attack", "--location"),
        ("brp", "attack", "--location"),
        ("palladium", "strike", "--weapon"),
        ("palladium", "strike", "--dice"),
    ):
        assert case in walked, case
    assert {system for system, _, _ in OPTIONS} == {CORE, *SYSTEMS}
    assert len(OPTIONS) > 200


@pytest.mark.parametrize(("system", "name", "option"), OPTIONS, ids=lambda v: str(v))
def test_every_option_refuses_an_empty_value(
    system: str, name: str, option: str, fights: dict[str, Path], fracas_inprocess: Invoke
) -> None:
    db = fights[system]
    before = file_state(db)
    result = fracas_inprocess(*_line(system, name, "", [option, ""]), db=db)
    assert_one_line_error(result, 2, f"'{option}'", "'' is empty", f"leave {option} out")
    assert file_state(db) == before, "a refused command changed the file"


@pytest.mark.parametrize(("system", "name", "option"), OPTIONS, ids=lambda v: str(v))
def test_every_option_refuses_a_value_of_only_white_space(
    system: str, name: str, option: str, fights: dict[str, Path], fracas_inprocess: Invoke
) -> None:
    """Refused by the command in its own words (an unknown weapon ' ', a called strike that
    names nothing), or by the rules first (not his turn): never taken, the file as it was."""
    db = fights[system]
    before = file_state(db)
    result = fracas_inprocess(*_line(system, name, "", [f"{option}= "]), db=db)
    assert result.code in (1, 2), result
    assert_one_line_error(result, result.code)
    assert file_state(db) == before


@pytest.mark.parametrize(("system", "name", "argument"), ARGUMENTS, ids=lambda v: str(v))
def test_every_argument_refuses_an_empty_value(
    system: str, name: str, argument: str, fights: dict[str, Path], fracas_inprocess: Invoke
) -> None:
    db = fights[system]
    before = file_state(db)
    line = _line(system, name, argument, [])
    at = [p.name for p in BY_NAME[(system, name)].params if not _is_option(p)].index(argument)
    line.insert(1 + at, "")
    result = fracas_inprocess(*line, db=db)
    assert result.code in (1, 2), result
    assert_one_line_error(result, result.code)
    assert file_state(db) == before, "a refused command changed the file"


@pytest.mark.parametrize("args", [("--db", "", "status"), ("status", "--db", "")])
def test_an_empty_database_path_is_refused_not_read_as_the_default(
    args: tuple[str, ...], fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    result = fracas_inprocess(*args, db=None)
    assert_one_line_error(result, 2, "'--db'", "'' is empty")
    assert list(tmp_path.iterdir()) == []  # no ./fracas.db made


def test_an_empty_value_inside_the_shell_is_refused_and_the_shell_goes_on(
    fights: dict[str, Path], fracas_cli: Any
) -> None:
    import subprocess

    db = fights["palladium"]
    before = file_state(db)
    proc = subprocess.run(
        fracas_cli.argv("shell", db=db),
        input="branch what-if --at ''\nnew x --variant ''\nstatus\n",
        cwd=fracas_cli.home,
        env=fracas_cli.env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    errors = [line for line in proc.stderr.splitlines() if line.startswith("fracas: error:")]
    assert len(errors) == 2, proc.stderr
    assert "'--at'" in errors[0] and "'--variant'" in errors[1]
    assert "Marcus Kell" in proc.stdout  # status ran after the refusals
    assert file_state(db) == before
