"""Hostile input through the real command line: every case is one escaped line and exit 2
(a bad argument or sheet), 1 (refused by the rules) or 5 (not a database file); never a
traceback, never exit 70, and nothing written: the file's bytes are unchanged, or no file is
made. README, "Limits on input".

Most cases run in process (``fracas_inprocess``: typer's CliRunner isolation around
``cli.main.run``, the entry point where errors become exit codes, so a ``--id`` may even hold a
NUL); the ones that could block or read forever (``/dev/zero``, a FIFO) run the installed
``fracas`` script in a subprocess with a timeout.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine import sheetdoc
from engine.inputs import MAX_SHEET_BYTES, InputError
from engine.table import Table
from tests.conftest import SHEETS, CliResult, FracasCli, assert_one_line_error, file_state

Invoke = Callable[..., CliResult]
BRP = SHEETS / "brp"
FRACAS = Path(sys.executable).parent / "fracas"


def refused(invoke: Invoke, db: Path, code: int, *args: str, mentions: tuple[str, ...]) -> str:
    """Run ``fracas --db DB ARGS``: one error line with exit ``code`` naming ``mentions``, no
    control character in it, and the file (or its absence) exactly as it was."""
    before = file_state(db)
    line = assert_one_line_error(invoke(*args, db=db), code, *mentions)
    assert line.isprintable(), repr(line)  # no ESC, bidi, surrogate: nothing forges a line
    assert file_state(db) == before, "a refused command changed the file"
    return line


def script(fracas_cli: FracasCli, *args: str, timeout: float = 20) -> CliResult:
    """The installed ``fracas`` console script (cwd: the test's folder), with a timeout."""
    proc = subprocess.run(
        [str(FRACAS), *args],
        cwd=fracas_cli.home,
        env=fracas_cli.env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return CliResult(proc.returncode, proc.stdout, proc.stderr)


def brodkil(**changes: object) -> dict[str, object]:
    data: dict[str, object] = json.loads((SHEETS / "brodkil.json").read_text())
    return {**data, **changes}


# --- sheets: where they are read from ------------------------------------------------------


def test_dev_zero_is_refused_not_read(fight_db: Path, fracas_cli: FracasCli) -> None:
    before = file_state(fight_db)
    result = script(fracas_cli, "--db", str(fight_db), "add", "/dev/zero")
    assert_one_line_error(result, 2, "/dev/zero", "not a regular file: a character device")
    assert file_state(fight_db) == before


def test_a_fifo_sheet_is_refused_without_blocking(
    fight_db: Path, fracas_cli: FracasCli, tmp_path: Path
) -> None:
    fifo = tmp_path / "sheet.json"
    os.mkfifo(fifo)  # nobody ever writes to it: reading it would block forever
    before = file_state(fight_db)
    result = script(fracas_cli, "--db", str(fight_db), "add", str(fifo), timeout=20)
    assert_one_line_error(result, 2, str(fifo), "not a regular file: a FIFO")
    assert file_state(fight_db) == before


def test_a_fifo_or_a_device_as_the_database_is_refused_without_blocking(
    fracas_cli: FracasCli, tmp_path: Path
) -> None:
    fifo = tmp_path / "fight.db"
    os.mkfifo(fifo)
    for db in (str(fifo), "/dev/zero"):
        for args in (("status",), ("new", "bar", "--seed", "7")):
            result = script(fracas_cli, "--db", db, *args)
            assert_one_line_error(result, 5, db, "not a regular file")
    assert not (tmp_path / "fight.db-journal").exists()


def test_a_directory_and_a_file_over_1_mib_are_refused(
    fight_db: Path, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    folder = tmp_path / "sheets.json"
    folder.mkdir()
    refused(
        fracas_inprocess, fight_db, 2, "add", str(folder), mentions=(str(folder), "a directory")
    )
    big = tmp_path / "big.json"
    big.write_text(json.dumps(brodkil()) + " " * (1 << 20))
    refused(
        fracas_inprocess,
        fight_db,
        2,
        "add",
        str(big),
        mentions=(str(big), "larger than the limit of 1,048,576 bytes"),
    )


# --- sheets: what they hold ----------------------------------------------------------------

DEEP = 100_000
HOSTILE_SHEETS: dict[str, tuple[str, tuple[str, ...]]] = {
    "deep.json": ("[" * DEEP + "]" * DEEP, ("nested more than 32 levels deep",)),
    "deep.yaml": ("[" * DEEP + "]" * DEEP, ("nested more than 32 levels deep",)),
    "deep.toml": ("a = " + "[" * DEEP + "]" * DEEP, ("nested more than 32 levels deep",)),
    "dotted.toml": (".".join(["a"] * 20_000) + " = 1\n", ("nested more than 32 levels deep",)),
    "deep_block.yaml": (
        "".join(f"{' ' * i}k:\n" for i in range(200)),
        ("nested more than 32 levels deep",),
    ),
    "complex_key.yaml": ("? [a, b]\n: 1\n", ("line 1", "a key must be text")),
    "number_key.yaml": ("name: x\n1: 2\n", ("1: a key must be text",)),
    "surrogate.json": (
        json.dumps(brodkil(name="Evil\ud800")),
        ("name:", "'Evil\\ud800'", "a lone surrogate (U+D800)"),
    ),
    "bidi.json": (
        json.dumps(brodkil(name="Evil\u202eName")),
        ("name:", "'Evil\\u202eName'", "U+202E"),
    ),
    "forged.json": (
        json.dumps(brodkil(name="Evil\x1b[2J\nfracas: ok")),
        ("name:", "'Evil\\x1b[2J\\nfracas: ok'", "a control character (U+001B)"),
    ),
    "huge.json": (
        json.dumps(brodkil(pools={"mdc": 1}))[:-1] + ', "x": ' + "9" * 5000 + "}",
        ("a number of 5000 digits", "±1,000,000,000"),
    ),
    "huge.toml": ('name = "x"\n[pools]\nmdc = ' + "9" * 5000 + "\n", ("line 3", "5000 digits")),
    "huge.yaml": ("name: x\npools:\n  mdc: " + "9" * 5000 + "\n", ("line 3", "5000 digits")),
    "bounds.json": (
        json.dumps(brodkil(pools={"mdc": 10**15})),
        ("pools.mdc: 1000000000000000 is out of bounds",),
    ),
    "nan.json": (json.dumps(brodkil(pools={"mdc": float("nan")})), ("pools.mdc", "NaN")),
    "laughs.yaml": (
        "a: &a [x, x, x, x, x, x, x, x, x]\n"
        + "".join(
            f"{n}: &{n} [{', '.join([f'*{p}'] * 9)}]\n"
            for p, n in zip("abcdefg", "bcdefgh", strict=True)
        ),
        ("more than 100,000 values",),
    ),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_SHEETS))
def test_a_hostile_sheet_is_one_clear_line(
    name: str, fight_db: Path, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    text, mentions = HOSTILE_SHEETS[name]
    sheet = tmp_path / name
    sheet.write_text(text, encoding="utf-8", errors="surrogatepass")
    line = refused(
        fracas_inprocess, fight_db, 2, "add", str(sheet), mentions=(str(sheet), *mentions)
    )
    assert len(line) < 1000


def test_200000_bad_weapons_fail_fast_with_a_short_error(
    fight_db: Path, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    sheet = tmp_path / "arsenal.json"
    sheet.write_text(json.dumps(brodkil(weapons=[{}] * 200_000)))
    start = time.monotonic()
    line = refused(
        fracas_inprocess,
        fight_db,
        2,
        "add",
        str(sheet),
        mentions=(f"{sheet}: weapons: a list of 200,000 items (at most 1,000)",),
    )
    assert time.monotonic() - start < 10
    assert len(line) < 300


def test_at_most_20_problems_are_listed_and_the_rest_counted(
    fight_db: Path, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    sheet = tmp_path / "blunt.json"
    weapons = [{"name": f"w{i}", "kind": "melee", "damage": "sharp"} for i in range(1000)]
    sheet.write_text(json.dumps(brodkil(weapons=weapons)))
    line = refused(fracas_inprocess, fight_db, 2, "add", str(sheet), mentions=("and 980 more",))
    assert line.count(f"{sheet}: weapons[") == 20


# --- names -----------------------------------------------------------------------------------

HOSTILE_TEXT = {
    "empty": ("", "''"),
    "newline": ("x\ny", "'x\\ny'"),
    "nul": ("x\x00", "'x\\x00'"),
    "del": ("x\x7f", "'x\\x7f'"),
    "c1": ("x\x85", "'x\\x85'"),
    "escape": ("x\x1b[31m", "'x\\x1b[31m'"),
    "rlo": ("x\u202e", "'x\\u202e'"),
    "isolate": ("x\u2066", "'x\\u2066'"),
    "lrm": ("x\u200e", "'x\\u200e'"),
    "alm": ("x\u061c", "'x\\u061c'"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_TEXT))
def test_a_hostile_id_or_side_is_refused_by_option(
    case: str, fight_db: Path, fracas_inprocess: Invoke
) -> None:
    text, shown = HOSTILE_TEXT[case]
    sheet = str(SHEETS / "brodkil.json")
    refused(fracas_inprocess, fight_db, 2, "add", sheet, "--id", text, mentions=("--id", shown))
    refused(
        fracas_inprocess,
        fight_db,
        2,
        "add",
        sheet,
        "--id",
        "b2",
        "--side",
        text,
        mentions=("--side", shown),
    )


@pytest.mark.parametrize("case", sorted(HOSTILE_TEXT))
def test_a_hostile_encounter_or_branch_name_is_refused(
    case: str, fight_db: Path, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    text, shown = HOSTILE_TEXT[case]
    fresh = tmp_path / "fresh.db"
    refused(fracas_inprocess, fresh, 2, "new", text, "--seed", "7", mentions=("encounter", shown))
    assert not fresh.exists()
    refused(fracas_inprocess, fight_db, 2, "branch", text, mentions=("branch name", shown))


@pytest.mark.parametrize("case", sorted(set(HOSTILE_TEXT) - {"empty"}))
def test_a_note_that_would_forge_a_line_is_refused(
    case: str, fight_db: Path, fracas_inprocess: Invoke
) -> None:
    text, shown = HOSTILE_TEXT[case]
    args = ("ruling", "brodkil", "--note", f"{text}\nfracas: forged")
    refused(fracas_inprocess, fight_db, 2, *args, mentions=("--note", shown[:-1]))


def test_an_unknown_hostile_name_is_shown_escaped(fight_db: Path, fracas_inprocess: Invoke) -> None:
    refused(
        fracas_inprocess, fight_db, 2, "switch", "\x1b[2J\u202e", mentions=("'\\x1b[2J\\u202e'",)
    )
    line = refused(
        fracas_inprocess, fight_db, 2, "use", "x" * 100_000, mentions=("no encounter called",)
    )
    assert len(line) < 4200


# --- numbers ---------------------------------------------------------------------------------

NOT_NUMBERS = {"superscript": "²", "arabic-indic": "١٤", "fullwidth": "１", "huge": "9" * 5000}


@pytest.mark.parametrize("case", sorted(NOT_NUMBERS))
def test_only_ascii_digits_within_bounds_are_numbers(
    case: str, fight_db: Path, fracas_inprocess: Invoke
) -> None:
    text = NOT_NUMBERS[case]
    shown = repr(text[:40])
    for args, name in (
        (("undo", text), "'N'"),
        (("redo", text), "'N'"),
        (("explain", text), "ply number"),
        (("branch", "w", "--at", text), "ply number"),
        (("branch", "w", "--at", f"main~{text}"), "K in BRANCH~K"),
        (("replay", "--seed", text, "--from", "0", "--into", "w"), "'--seed'"),
        (("ruling", "brodkil", "--damage", text), "'--damage'"),
        (("odds", "--until", f"round {text}"), "K in `round K`"),
        (("report", "--from", text), "'--from'"),
        (("report", "--to", text), "'--to'"),
        (("log", "--round", text), "'--round'"),
    ):
        line = refused(fracas_inprocess, fight_db, 2, *args, mentions=(name, shown))
        assert len(line) < 300


@pytest.mark.parametrize("seed", ["9223372036854775808", "-1", "١٤", "99999999999999999999999"])
def test_a_seed_out_of_bounds_leaves_no_file_behind(
    seed: str, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "new.db"
    refused(fracas_inprocess, db, 2, "new", "bar", "--seed", seed, mentions=("--seed", seed))
    assert list(tmp_path.iterdir()) == []


def test_the_largest_seed_is_accepted(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    result = fracas_inprocess("new", "bar", "--seed", str(2**63 - 1), db=tmp_path / "new.db")
    assert result.code == 0, result


def test_table_new_refuses_a_seed_before_opening_the_file(tmp_path: Path) -> None:
    db = tmp_path / "lib.db"
    for seed in (2**63, -1, 10**5000):
        with pytest.raises(InputError, match="seed"):
            Table(db).new("bar", seed)
    assert not db.exists()


# --- rulings ---------------------------------------------------------------------------------


def test_healing_a_fighter_at_full_health_is_refused(
    fight_db: Path, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    refused(
        fracas_inprocess,
        fight_db,
        1,
        "ruling",
        "brodkil",
        "--heal",
        "5",
        mentions=("--heal 5", "Brodkil Raider", "nothing to heal"),
    )
    brp = tmp_path / "brp.db"
    assert fracas_inprocess("new", "duel", "--seed", "5", "--system", "brp", db=brp).code == 0
    assert fracas_inprocess("add", str(BRP / "ilsa_varg.toml"), "--id", "ilsa", db=brp).code == 0
    refused(
        fracas_inprocess,
        brp,
        1,
        "ruling",
        "ilsa",
        "--heal",
        "3",
        mentions=("Ilsa Varg", "12 HP", "nothing to heal"),
    )


# --- sheets: text that made the pre-scan quadratic ------------------------------------------


def filled(head: str, unit: str, tail: str = "", size: int = MAX_SHEET_BYTES) -> str:
    """``head``, ``unit`` as often as fits and ``tail``: an ASCII text of at most ``size``."""
    return head + unit * ((size - len(head) - len(tail)) // len(unit)) + tail


# The JSON and TOML ones each took the pre-scan (strings blanked by re.sub) about an hour: an
# escaped quote in an unterminated string started a new scan to the end of the text. YAML,
# parsed without a pre-scan, gets the same kind of text.
SLOW_SHEETS: dict[str, tuple[str, str]] = {
    "escaped_quotes.json": (filled('"', '\\"'), "not valid JSON: Unterminated string"),
    "backslashes.json": (filled('{"a": "', "\\\\"), "not valid JSON: Unterminated string"),
    "escaped_quotes.toml": (filled('a = "', '\\"'), "not valid TOML: Unterminated string"),
    "multiline.toml": (filled('a = """', '\\"""'), "not valid TOML: Unterminated string"),
    "quotes.toml": (filled("a = ", '"\\"'), "not valid TOML: Expected newline"),
    "escaped_quotes.yaml": (filled('a: "', '\\"'), "not valid YAML: while scanning a quoted"),
    "quotes.yaml": (filled("a: '", "''"), "not valid YAML: while scanning a quoted"),
}


@pytest.mark.parametrize("name", sorted(SLOW_SHEETS))
def test_a_pathological_1_mib_sheet_is_refused_at_once(
    name: str, fight_db: Path, fracas_cli: FracasCli, tmp_path: Path
) -> None:
    text, mention = SLOW_SHEETS[name]
    sheet = tmp_path / name
    sheet.write_text(text, encoding="ascii")
    assert MAX_SHEET_BYTES - 8 <= sheet.stat().st_size <= MAX_SHEET_BYTES
    before = file_state(fight_db)
    # The installed script in a subprocess: past the timeout (20 s) it is a failure.
    result = script(fracas_cli, "--db", str(fight_db), "add", str(sheet), timeout=20)
    line = assert_one_line_error(result, 2, str(sheet), mention)
    assert line.isprintable() and len(line) < 1000
    assert file_state(fight_db) == before


class CountedReads:
    """A ``_SCAN_`` pattern of engine.sheetdoc that adds the characters each call reads (to
    where its match ends, or the end of the text for a search that finds nothing, and one
    more: the character it stopped at) to ``tally[0]``."""

    def __init__(self, pattern: re.Pattern[str], tally: list[int]) -> None:
        self.pattern, self.tally = pattern, tally

    def match(self, text: str, pos: int) -> re.Match[str] | None:
        found = self.pattern.match(text, pos)
        self.tally[0] += (pos if found is None else found.end()) - pos + 1
        return found

    def search(self, text: str, pos: int) -> re.Match[str] | None:
        found = self.pattern.search(text, pos)
        self.tally[0] += (len(text) if found is None else found.end()) - pos + 1
        return found


@pytest.mark.parametrize(
    ("suffix", "head", "unit"),
    [
        (".json", '"', '\\"'),
        (".json", "", '"\\'),
        (".json", '{"a": "', "\\\\"),
        (".toml", 'a = "', '\\"'),
        (".toml", 'a = """', '\\"""'),
        (".toml", "", 'a = "\\"\\"\\"\n'),
        (".toml", "", "'''\"\"\"'#\\"),
        (".toml", "", '"\\'),
    ],
)
def test_the_sheet_pre_scan_reads_the_text_a_few_times_at_most(
    suffix: str, head: str, unit: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 64 KiB: enough to tell linear from quadratic, small enough that a quadratic scan fails
    # here in seconds instead of hanging for an hour.
    text = filled(head, unit, size=1 << 16)
    tally = [0]
    for name, value in vars(sheetdoc).items():
        if name.startswith("_SCAN_") and isinstance(value, re.Pattern):
            monkeypatch.setattr(sheetdoc, name, CountedReads(value, tally))
    code = sheetdoc.code_of(text, suffix)
    assert len(code) == len(text)
    assert 0 < tally[0] <= 4 * len(text)  # re.sub read ~len(text)**2 / 4 for the first


# The patterns whose re.sub blanked strings and comments before: code_of blanks the same.
BLANKED_BY = {
    ".json": re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL),
    ".toml": re.compile(
        r'"""(?:[^\\]|\\.)*?"""|\'\'\'.*?\'\'\'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"|\'[^\'\n]*\'|#[^\n]*',
        re.DOTALL,
    ),
}


def test_the_sheet_pre_scan_blanks_what_re_sub_blanked() -> None:
    rng = random.Random(7)
    pieces = ['"', '"', '"', "'", "'", "\\", "\\", "#", "\n", "a", "[", "1", '"""', "'''", '\\"']
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 24)))
        for suffix, pattern in BLANKED_BY.items():
            expected = pattern.sub(lambda found: " " * len(found.group()), text)
            assert sheetdoc.code_of(text, suffix) == expected, (suffix, text)
