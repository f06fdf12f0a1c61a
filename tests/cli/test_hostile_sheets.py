"""Sheets that must be refused, through the real command line (issue 24, "Inputs taken that
should not be"), each one line naming the file, the key and the value, exit 2, and the fight
file byte for byte as it was:

* **negative damage** (``-1D6`` heals): in every system's weapons, and Palladium's missiles and
  punches, and BRP's armor; a weapon may heal only if it says ``healing = true``, and
  ``healing`` goes only with a negative damage on a weapon that hits; GURPS damage has no sign;
  the same for ``add``, ``resheet`` and ``amend … add``;
* **a value of the wrong type told as what the file's format read**: YAML's dates, ``yes`` /
  ``no`` / ``on`` / ``off``, ``~`` and empty values, ``0x1F``, ``12:30``, ``1.5e+3``; TOML's dates
  and times (README, "Sheets").
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.table import Table
from tests.conftest import SHEETS, CliResult, assert_one_line_error, file_state

Invoke = Callable[..., CliResult]

BASES = {
    "palladium": SHEETS / "marcus_kell.toml",
    "brodkil": SHEETS / "brodkil.json",
    "walker": SHEETS / "skull_walker.toml",
    "brp": SHEETS / "brp" / "ilsa_varg.toml",
    "gurps": SHEETS / "gurps" / "sir_aldric.toml",
}
SYSTEM_OF = {"palladium": "palladium", "brodkil": "palladium", "walker": "palladium"}


def _load(path: Path) -> dict[str, Any]:
    text = path.read_text()
    if path.suffix == ".toml":
        return tomllib.loads(text)
    if path.suffix == ".json":
        loaded: dict[str, Any] = json.loads(text)
        return loaded
    return dict(yaml.safe_load(text))


def _set(data: Any, path: str, value: Any) -> None:
    keys: list[str | int] = [int(k) if k.isdigit() else k for k in re.findall(r"[^.\[\]]+", path)]
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


def _written(tmp: Path, base: str, changes: dict[str, Any], fmt: str) -> Path:
    data = _load(BASES[base])
    for path, value in changes.items():
        _set(data, path, value)
    out = tmp / f"sheet.{fmt}"
    out.write_text(json.dumps(data) if fmt == "json" else yaml.safe_dump(data))
    return out


@pytest.fixture
def fights(tmp_path: Path) -> dict[str, Path]:
    """An encounter of each system, one fighter in it (``first``)."""
    found = {}
    for system, sheet in (
        ("palladium", BASES["palladium"]),
        ("brp", BASES["brp"]),
        ("gurps", BASES["gurps"]),
    ):
        db = tmp_path / f"{system}.db"
        table = Table(db)
        table.new("sheets", seed=5, system=system)
        table.add(sheet, cid="first")
        found[system] = db
    return found


def refused(invoke: Invoke, db: Path, *args: str, mentions: tuple[str, ...]) -> str:
    before = file_state(db)
    line = assert_one_line_error(invoke(*args, db=db), 2, *mentions)
    assert file_state(db) == before, "a refused command changed the file"
    return line


# --- negative damage --------------------------------------------------------------------------

NEGATIVE: list[tuple[str, str, Any, tuple[str, ...]]] = [
    ("palladium", "weapons[0].damage", "-1D6", ("takes dice away: -1D6", "healing = true")),
    ("palladium", "weapons[0].damage", "1D6-1D4", ("takes dice away: -1D4",)),
    ("palladium", "weapons[1].damage", "-3", ("-3 at the most",)),
    ("palladium", "weapons[2].damage", "1D4-5", ("-1 at the most",)),
    ("palladium", "weapons[0].damage", "-1D4x10", ("takes dice away: -1D4x10",)),
    ("palladium", "weapons[0].damage", " - 2D6", ("takes dice away: -2D6",)),
    ("brodkil", "unarmed.punch", "-2D6", ("a punch does 0 or more",)),
    ("brodkil", "unarmed.kick", "1D6-3D6", ("a kick does 0 or more",)),
    ("walker", "missiles[0].damage", "-3D6x10", ("a missile's damage is 0 or more",)),
    ("brp", "weapons[0].damage", "-1D8", ("takes dice away: -1D8", "healing = true")),
    ("brp", "weapons[1].damage", "1D6-1D10", ("takes dice away: -1D10",)),
    ("brp", "armor.value", "-1D8", ("negative armor", "armor stops 0 or more")),
]


@pytest.mark.parametrize("fmt", ["json", "yaml"])
@pytest.mark.parametrize(("base", "key", "value", "mentions"), NEGATIVE, ids=str)
def test_negative_damage_is_refused_naming_the_file_the_key_and_the_value(
    base: str,
    key: str,
    value: str,
    mentions: tuple[str, ...],
    fmt: str,
    fights: dict[str, Path],
    fracas_inprocess: Invoke,
    tmp_path: Path,
) -> None:
    sheet = _written(tmp_path, base, {key: value}, fmt)
    db = fights[SYSTEM_OF.get(base, base)]
    shown = json.dumps(value)
    line = refused(
        fracas_inprocess,
        db,
        "add",
        str(sheet),
        "--id",
        "second",
        mentions=(f"{sheet}: {key}: {shown} is negative", *mentions),
    )
    assert line.count(": ") < 8, line  # the one problem, no other
    # the same sheet as a new sheet for the fighter already in, and through amend
    refused(fracas_inprocess, db, "resheet", "first", str(sheet), mentions=(f"{key}: {shown}",))
    refused(
        fracas_inprocess, db, "amend", "1", "add", str(sheet), "--id", "first",
        mentions=(f"{key}: {shown}",),
    )  # fmt: skip


def test_negative_damage_in_toml_is_refused(
    fights: dict[str, Path], fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    text = BASES["palladium"].read_text()
    sheet = tmp_path / "medic.toml"
    sheet.write_text(text.replace('damage = "1D6"', 'damage = "-1D6"', 1))
    refused(
        fracas_inprocess,
        fights["palladium"],
        "add",
        str(sheet),
        "--id",
        "medic",
        mentions=(f'{sheet}: weapons[0].damage: "-1D6" is negative damage', "healing = true"),
    )
    sheet.write_text(text.replace('damage = "1D6"', 'damage = "-1D6"\nhealing = true', 1))
    assert fracas_inprocess("add", str(sheet), "--id", "medic", db=fights["palladium"]).code == 0


def test_gurps_damage_has_no_sign(
    fights: dict[str, Path], fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    sheet = _written(tmp_path, "gurps", {"weapons[0].damage": "-1d cr"}, "json")
    refused(
        fracas_inprocess,
        fights["gurps"],
        "add",
        str(sheet),
        mentions=(f"{sheet}: weapons[0].damage", '"-1d cr"'),
    )


@pytest.mark.parametrize(
    ("base", "changes", "mentions"),
    [
        (
            "palladium",
            {"weapons[0].healing": True},
            ("weapons[0].healing", '"1D6" only ever hurts'),
        ),
        (
            "palladium",
            {"weapons[0].healing": True, "weapons[0].damage": "1D6-1"},
            ("goes with a negative damage",),
        ),
        (
            "walker",
            {"weapons[0].healing": True},
            ("weapons[0].healing: only for a melee or ranged weapon",),
        ),
        ("brp", {"weapons[0].healing": True}, ("weapons[0].healing", "only ever hurts")),
        (
            "brp",
            {"weapons[0].healing": True, "weapons[0].damage": "-1D8", "weapons[0].stun": True},
            ("a weapon made to stun does not heal",),
        ),
        ("gurps", {"weapons[0].healing": True}, ("weapons[0].healing: unknown key",)),
    ],
    ids=str,
)
def test_healing_goes_only_with_negative_damage_on_a_weapon_that_hits(
    base: str,
    changes: dict[str, Any],
    mentions: tuple[str, ...],
    fights: dict[str, Path],
    fracas_inprocess: Invoke,
    tmp_path: Path,
) -> None:
    sheet = _written(tmp_path, base, changes, "json")
    refused(
        fracas_inprocess, fights[SYSTEM_OF.get(base, base)], "add", str(sheet), "--id", "x",
        mentions=(str(sheet), *mentions),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("base", "changes"),
    [
        ("palladium", {"weapons[0].damage": "-1D6", "weapons[0].healing": True}),
        ("palladium", {"weapons[2].damage": "-2D6+1D4", "weapons[2].healing": True}),
        ("palladium", {"weapons[0].damage": "2D6-1"}),  # 1 at the least: never negative
        ("brp", {"weapons[0].damage": "-1D8", "weapons[0].healing": True}),
        ("brp", {"armor.value": "1D8-1"}),  # 0 at the least
    ],
    ids=str,
)
def test_a_healing_weapon_or_a_damage_never_below_0_is_taken(
    base: str, changes: dict[str, Any], fights: dict[str, Path], fracas_inprocess: Invoke,
    tmp_path: Path,
) -> None:  # fmt: skip
    sheet = _written(tmp_path, base, changes, "json")
    done = fracas_inprocess(
        "add", str(sheet), "--id", "healer", db=fights[SYSTEM_OF.get(base, base)]
    )
    assert done.code == 0, done


@pytest.mark.parametrize("damage", ["-5D6", "1D6-2D6", "-3", " -1D4"])
def test_an_explosion_of_negative_damage_is_refused(
    damage: str, fights: dict[str, Path], fracas_inprocess: Invoke
) -> None:
    refused(
        fracas_inprocess,
        fights["brp"],
        "explode",
        "--damage",
        damage,
        "--at",
        "first=3",
        mentions=("--damage", repr(damage), "negative damage", "a blast does 0 or more"),
    )


# --- what the format read -----------------------------------------------------------------

PALLADIUM_YAML = (SHEETS / "cs_grunt.yaml").read_text()
BRP_YAML = (SHEETS / "brp" / "bandit.yaml").read_text()
GURPS_YAML = (SHEETS / "gurps" / "bruno.yaml").read_text()
READINGS: list[tuple[str, str, str, str, tuple[str, ...]]] = [
    # (system, text to replace, replacement, key, what the line says)
    ("palladium", "name: CS Grunt Vance", "name: 2001-12-14", "name",
     ("YAML read a date (2001-12-14); quote it",)),
    ("palladium", "name: CS Grunt Vance", "name: 2001-12-14 21:59:43", "name",
     ("YAML read a date and time (2001-12-14 21:59:43); quote it",)),
    ("palladium", "kind: npc", "kind: yes", "kind",
     ('expected one of "pc", "npc", YAML read true or false (yes)',)),
    ("palladium", "kind: npc", "kind: off", "kind", ("YAML read true or false (off)",)),
    ("palladium", "kind: npc", "kind: No", "kind", ("YAML read true or false (No)",)),
    ("palladium", "kind: npc", "kind: ON", "kind", ("YAML read true or false (ON)",)),
    ("palladium", "name: CS Grunt Vance", "name: ~", "name", ("YAML read null (~)",)),
    ("palladium", "name: CS Grunt Vance", "name:", "name", ("YAML read null (an empty value)",)),
    ("palladium", "name: CS Grunt Vance", "name: 0x1F", "name",
     ("YAML read a whole number (0x1F, that is 31); quote it",)),
    ("palladium", "name: CS Grunt Vance", "name: 12:30", "name",
     ("YAML read a whole number (12:30, that is 750); quote it",)),
    ("palladium", "name: CS Grunt Vance", "name: 1.5e+3", "name",
     ("YAML read a number (1.5e+3, that is 1500.0); quote it",)),
    ("palladium", "  - name: vibro-sword", "  - name: 2019-01-01", "weapons[1].name",
     ("YAML read a date (2019-01-01); quote it",)),
    ("palladium", "  level: 2", "  level: 2001-12-14", "hand_to_hand.level",
     ("expected an integer 1..15, YAML read a date (2001-12-14)",)),
    ("brp", "name: Hollow-Eyed Bandit", "name: 2001-12-14", "name",
     ("YAML read a date (2001-12-14); quote it",)),
    ("brp", "  - name: spear", "  - name: yes", "weapons[0].name",
     ("YAML read true or false (yes); quote it",)),
    ("gurps", "name: Bruno", "name: 1999-01-01", "name",
     ("YAML read a date (1999-01-01); quote it",)),
    ("gurps", "  - name: club", "  - name: on", "weapons[0].name",
     ("YAML read true or false (on); quote it",)),
]  # fmt: skip
TEXTS = {"palladium": PALLADIUM_YAML, "brp": BRP_YAML, "gurps": GURPS_YAML}


@pytest.mark.parametrize(("system", "old", "new", "key", "mentions"), READINGS, ids=str)
def test_a_yaml_value_of_the_wrong_type_is_told_as_what_yaml_read(
    system: str,
    old: str,
    new: str,
    key: str,
    mentions: tuple[str, ...],
    fights: dict[str, Path],
    fracas_inprocess: Invoke,
    tmp_path: Path,
) -> None:
    assert old in TEXTS[system]
    sheet = tmp_path / "typed.yaml"
    sheet.write_text(TEXTS[system].replace(old, new, 1))
    line = refused(
        fracas_inprocess, fights[system], "add", str(sheet), "--id", "x",
        mentions=tuple(f"{sheet}: {key}: {m}" if m.startswith("expected") else m for m in mentions),
    )  # fmt: skip
    assert f"{key}: expected " in line
    assert "got " not in line.split(f"{key}: ")[1].split(";")[0]  # never "got 2001-12-14"


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("2001-12-14", "TOML read a date (2001-12-14); quote it"),
        ("07:32:00", "TOML read a time (07:32:00); quote it"),
        ("1979-05-27T07:32:00Z", "TOML read a date and time (1979-05-27T07:32:00+00:00); quote it"),
    ],
)
def test_a_toml_date_or_time_is_told_as_what_toml_read(
    value: str, said: str, fights: dict[str, Path], fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    text = BASES["palladium"].read_text().replace('name = "Marcus Kell"', f"name = {value}", 1)
    sheet = tmp_path / "typed.toml"
    sheet.write_text(text)
    refused(
        fracas_inprocess, fights["palladium"], "add", str(sheet), "--id", "x",
        mentions=(f"{sheet}: name: expected a name of 1-64 printable characters, not blank, "
                  f"{said}",),
    )  # fmt: skip


NAME = "name: expected a name of 1-64 printable characters, not blank, "


@pytest.mark.parametrize(
    ("fmt", "text", "said"),
    [
        ("json", '"name": 5', NAME + "got 5"),
        ("yaml", "name: 5", NAME + "got 5"),
        ("yaml", "name: 2.5", NAME + "got 2.5"),
        ("yaml", "name: true", NAME + "got true"),
        ("yaml", "name: null", NAME + "YAML read null; got null"),
        ("json", '"name": null', NAME + "JSON read null; got null"),
        ("yaml", "name: [a, b]", NAME + "got a list"),
        ("yaml", "name: {a: 1}", NAME + "got a table"),
    ],
)
def test_a_value_written_as_it_reads_ends_with_what_was_found(
    fmt: str,
    text: str,
    said: str,
    fights: dict[str, Path],
    fracas_inprocess: Invoke,
    tmp_path: Path,
) -> None:
    """``name: 5`` is what the file says: "got 5", as it always was; null, which is no value
    at all, is told as what the format read."""
    if fmt == "json":
        source = (SHEETS / "brodkil.json").read_text().replace('"name": "Brodkil Raider"', text, 1)
    else:
        source = PALLADIUM_YAML.replace("name: CS Grunt Vance", text, 1)
    sheet = tmp_path / f"plain.{fmt}"
    sheet.write_text(source)
    line = refused(
        fracas_inprocess, fights["palladium"], "add", str(sheet), "--id", "x", mentions=(said,)
    )
    assert line.endswith(f"{said}; nothing was written"), line


def test_a_number_where_a_number_goes_is_told_as_before(
    fights: dict[str, Path], fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """Out of its range, or ``true`` for a number: "got 20", "got true", as it was."""
    sheet = tmp_path / "range.yaml"
    sheet.write_text(PALLADIUM_YAML.replace("  level: 2", "  level: 20", 1).replace(
        "  ps: 14", "  ps: true", 1))  # fmt: skip
    line = refused(
        fracas_inprocess,
        fights["palladium"],
        "add",
        str(sheet),
        "--id",
        "x",
        mentions=(
            "hand_to_hand.level: expected an integer 1..15, got 20;",
            "attributes.ps: expected an integer 1..100, got true;",
        ),
    )
    assert " read " not in line
