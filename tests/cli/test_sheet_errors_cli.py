"""Sheet mistakes through the real command line, in the sheet's words (issue 23).

``fracas add FILE`` of a sheet with the wrong kind of value at several keys, written as TOML,
JSON and YAML, exits 2 with one line that lists every problem, each with its full key path,
what was expected and what was found, exactly as a GM reads it; the file is left as it was.
The walk over every key of every sheet is tests/engine/test_sheet_errors.py; these are the
exact messages of representative mistakes: a list or a string where a table is expected
(``burst``, ``[weapon_proficiencies]``, ``[skills]``, ``[traits]``), a table where a list of
tables is, ``true`` or a fraction where an integer is, a number in quotes, a string where a
list is, a value its check refuses.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from tests.conftest import SHEETS, FracasCli, LogSnapshot, assert_one_line_error, file_state

ReadLog = Callable[[Path], LogSnapshot]

PALLADIUM = """
name = "Kell"
kind = "pc"
weapon_proficiencies = ["energy_rifle"]
apm_sources = 2
horror_factor = true
[pools]
hp = 30
sdc = "35"
[hand_to_hand]
style = "expert"
level = 3
[[weapons]]
name = "laser rifle"
kind = "ranged"
damage = "3D6"
burst = "short"
[[weapons]]
name = "rail gun"
kind = "ranged"
damage = "1D4x10"
payload = 30
burst = ["short", "long"]
"""

PALLADIUM_PROBLEMS = [
    'pools.sdc: expected an integer >= 0, got "35" (text in quotes: write 35 without them)',
    'weapons[0].burst: expected a table of burst kinds to shots, e.g. { short = 3 }; got "short"',
    "weapons[1].burst: expected a table of burst kinds to shots, e.g. { short = 3 }; got a list"
    " of names: a weapon with a payload counts its shots, so say how many each burst spends",
    "weapon_proficiencies: expected a table of W.P. names and levels, "
    "e.g. { energy_rifle = 2 }; got a list",
    "apm_sources: expected a table of keys (boxing, machine), got 2",
    "horror_factor: expected an integer 1..20, got true",
]

BRP = """
name = "Ilsa"
kind = "pc"
skills = ["dodge"]
[characteristics]
str = "13"
con = 12
siz = 12
int = 14
pow = true
dex = 15
cha = 10
[[weapons]]
name = "broadsword"
skill = 55
damage = "1D8+1"
attacks_per_round = 1.5
[armor]
name = "leather"
value = "lots"
locations = "chest"
"""

BRP_PROBLEMS = [
    'characteristics.str: expected an integer 1..200, got "13" '
    "(text in quotes: write 13 without them)",
    "characteristics.pow: expected an integer 1..200, got true",
    "skills: expected a table of skill names and percentages, e.g. { dodge = 40 }; got a list",
    "weapons[0].attacks_per_round: expected an integer 1..20, got 1.5",
    'armor.value: expected a whole number 0 or more or a die expression such as 1D8-1, got "lots"',
    'armor.locations: expected a list of names, e.g. ["right_leg", "left_leg"]; got "chest"',
]

GURPS = """
name = "Aldric"
kind = "pc"
encumbrance = true
traits = ["combat_reflexes"]
[attributes]
st = 12
dx = 13.5
iq = 10
ht = 12
[dr]
all = "2"
[[weapons]]
name = "broadsword"
skill = "broadsword"
damage = "sw+1 cut"
reach = true
[[weapons]]
name = "pistol"
skill = "guns"
damage = "2d pi"
acc = 2
shots = [9]
"""

GURPS_PROBLEMS = [
    "attributes.dx: expected an integer 1..30, got 13.5",
    "encumbrance: expected an integer 0..4, got true",
    "traits: expected a table of traits, e.g. { combat_reflexes = true }; got a list",
    'dr.all: expected an integer 0..200, got "2" (text in quotes: write 2 without them)',
    'weapons[0].reach: expected a reach such as "C", 1, "1,2" or "2*", got true',
    'weapons[1].shots: expected shots such as 9, "17+1(3)" or "6(3i)", got a list',
]

CASES = {
    "palladium": (PALLADIUM, PALLADIUM_PROBLEMS),
    "brp": (BRP, BRP_PROBLEMS),
    "gurps": (GURPS, GURPS_PROBLEMS),
}


def written(toml_text: str, folder: Path, fmt: str) -> Path:
    """The sheet as a file in ``fmt``: the TOML as written, or its data as JSON or YAML."""
    path = folder / f"sheet.{fmt}"
    data = tomllib.loads(toml_text)
    if fmt == "toml":
        path.write_text(toml_text)
    elif fmt == "json":
        path.write_text(json.dumps(data, indent=2))
    else:
        path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def encounter(fracas_cli: FracasCli, db: Path, system: str) -> None:
    done = fracas_cli("new", "sheets", "--system", system, db=db)
    assert done.code == 0, done


@pytest.mark.parametrize("fmt", ["toml", "json", "yaml"])
@pytest.mark.parametrize("system", sorted(CASES))
def test_every_wrong_value_is_one_line_in_the_sheets_words(
    system: str,
    fmt: str,
    tmp_path: Path,
    fracas_cli: FracasCli,
    read_log: ReadLog,
) -> None:
    db = tmp_path / "fight.db"
    encounter(fracas_cli, db, system)
    text, problems = CASES[system]
    sheet = written(text, tmp_path, fmt)
    before, log_before = file_state(db), read_log(db)

    done = fracas_cli("add", str(sheet), db=db)

    line = assert_one_line_error(done, 2)
    listed = "; ".join(f"{sheet}: {problem}" for problem in problems)
    assert line == f"fracas: error: {listed}; nothing was written"
    assert file_state(db) == before
    assert read_log(db) == log_before


def test_under_json_the_same_problems_are_the_error(tmp_path: Path, fracas_cli: FracasCli) -> None:
    db = tmp_path / "fight.db"
    encounter(fracas_cli, db, "palladium")
    sheet = written(PALLADIUM, tmp_path, "yaml")

    done = fracas_cli("--json", "add", str(sheet), db=db)

    assert done.code == 2 and done.stdout == "", done
    listed = "; ".join(f"{sheet}: {problem}" for problem in PALLADIUM_PROBLEMS)
    assert json.loads(done.stderr) == {"error": f"{listed}; nothing was written", "exit": 2}


@pytest.mark.parametrize("fmt", ["toml", "json", "yaml"])
def test_a_list_of_burst_names_is_a_gun_that_keeps_no_count(
    fmt: str, tmp_path: Path, fracas_cli: FracasCli
) -> None:
    """PAL-RNG-BURST: ``burst = ["short", "long"]`` on a gun with no payload is the bursts it
    fires; no shots are counted, so none are named."""
    db = tmp_path / "fight.db"
    encounter(fracas_cli, db, "palladium")
    text = (
        (SHEETS / "marcus_kell.toml")
        .read_text()
        .replace(
            "range = 800                      # feet\n",
            'range = 800\nburst = ["short", "long"]\n',
        )
    )
    assert 'burst = ["short", "long"]' in text
    sheet = written(text, tmp_path, fmt)

    assert fracas_cli("add", str(sheet), "--id", "kell", db=db).code == 0
    assert fracas_cli("add", str(SHEETS / "brodkil.json"), "--id", "brodkil", db=db).code == 0
    assert fracas_cli("initiative", "--dice", "18,2", db=db).code == 0
    pulse = fracas_cli(
        "shoot", "kell", "brodkil", "--weapon", "laser pistol", "--burst", "pulse",
        "--defend", "none", "--dice", "15,3,3", db=db,
    )  # fmt: skip
    assert_one_line_error(pulse, 1, "fires no pulse burst (its sheet's burst: long, short;")
    short = fracas_cli(
        "shoot", "kell", "brodkil", "--weapon", "laser pistol", "--burst", "short",
        "--defend", "none", "--dice", "15,3,3", db=db,
    )  # fmt: skip
    assert short.code == 0, short
    assert "short burst" in short.stdout
