"""Conventions a user expects of a command line (issue 11): global options anywhere on the
line (`fracas status --json` is `fracas --json status`; `--db PATH` after the command too), and
`fracas --version`. Through the real CLI: in this process and as a real process."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SHEETS, CliResult, FracasCli, assert_one_line_error

Invoke = Callable[..., CliResult]


def fight(invoke: Invoke, db: Path) -> None:
    for args in (
        ("new", "duel", "--seed", "7"),
        ("add", str(SHEETS / "marcus_kell.toml")),
        ("add", str(SHEETS / "brodkil.json")),
    ):
        assert invoke(*args, db=db).code == 0


def test_json_after_the_command_is_the_global_option(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "f.db"
    fight(fracas_inprocess, db)
    before = fracas_inprocess("--json", "status", db=db)
    after = fracas_inprocess("status", "--json", db=db)
    assert after.code == 0 and json.loads(after.stdout) == json.loads(before.stdout)
    ply = fracas_inprocess("initiative", "--dice", "15,3", "--json", db=db)
    assert json.loads(ply.stdout)["schema"] == "fracas.ply/1"
    logged = json.loads(fracas_inprocess("log", "--json", db=db).stdout)
    assert [p["ply"] for p in logged] == [0, 1, 2, 3]


def test_db_after_the_command_names_the_file(fracas_cli: FracasCli, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    assert fracas_cli("new", "late", "--seed", "3", "--db", str(db), db=None).code == 0
    doc = json.loads(fracas_cli("status", "--db", str(db), "--json", db=None).stdout)
    assert doc["encounter"] == "late"
    missing = fracas_cli("status", "--db", str(tmp_path / "none.db"), db=None)
    assert_one_line_error(missing, 2, "none.db", "no fracas database")


def test_version(fracas_cli: FracasCli) -> None:
    done = fracas_cli("--version", db=None)
    assert done.code == 0 and done.stdout.startswith("fracas ") and done.stderr == ""
    assert done.stdout.split()[1][0].isdigit()
    after = fracas_cli("status", "--version", db=None)  # a global option after the command too
    assert after.code == 0 and after.stdout == done.stdout


def test_new_without_a_seed_picks_one_and_says_it(fracas_cli: FracasCli, tmp_path: Path) -> None:
    db = tmp_path / "p.db"
    done = fracas_cli("new", "picked", db=db)
    assert done.code == 0, done
    seed = json.loads(fracas_cli("--json", "status", db=db).stdout)["seed"]
    assert 0 <= seed < 2**63 and f"seed {seed}" in done.stdout
    (root,) = json.loads(fracas_cli("--json", "log", db=db).stdout)
    assert root["command"].endswith(f"new picked --seed {seed}")  # pastes back as it played


def test_a_taken_encounter_name_is_a_usage_error(fracas_cli: FracasCli, tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    assert fracas_cli("new", "duel", "--seed", "1", db=db).code == 0
    before = db.read_bytes()
    again = fracas_cli("new", "duel", "--seed", "2", db=db)
    assert_one_line_error(again, 2, "'duel' already exists", "fracas use duel")
    assert db.read_bytes() == before


def test_errors_under_json_are_a_json_object_on_stderr(
    fracas_cli: FracasCli, tmp_path: Path
) -> None:
    db = tmp_path / "j.db"
    done = fracas_cli("status", "--json", db=db)
    assert done.code == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    doc = json.loads(line)
    assert doc["exit"] == 2 and "no fracas database" in doc["error"]
    plain = fracas_cli("status", db=db)
    assert plain.stderr.startswith("fracas: error: ") and plain.code == 2


def test_a_printed_command_pastes_back(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    import shlex

    db = tmp_path / "q.db"
    for args in (
        ("new", "duel", "--seed", "7"),
        ("add", str(SHEETS / "samas_pilot.toml"), "--id", "dorn"),
        ("add", str(SHEETS / "cs_grunt.yaml"), "--id", "v"),
        ("initiative", "--dice", "15,3"),
        ("shoot", "dorn", "v", "--weapon", "rail gun", "--range", "100", "--defend", "none"),
    ):
        assert fracas_inprocess(*args, db=db).code == 0
    last = json.loads(fracas_inprocess("--json", "log", db=db).stdout)[-1]["command"]
    tail = ["dorn", "v", "--weapon", "rail gun", "--range", "100", "--defend", "none"]
    assert shlex.split(last)[-len(tail) :] == tail
    assert "'rail gun'" in last


def test_the_end_of_the_fight_is_announced(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    """The ply that leaves one side standing says so (text and `ended`), `status` too
    (`over`); the plies after it do not say it again."""
    db = tmp_path / "e.db"
    for args in (
        ("new", "duel", "--seed", "7"),
        ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
        ("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance"),
        ("initiative", "--dice", "15,3"),
    ):
        assert fracas_inprocess(*args, db=db).code == 0
    status = json.loads(fracas_inprocess("--json", "status", db=db).stdout)
    assert status["over"] is None
    hurt = json.loads(
        fracas_inprocess("--json", "ruling", "vance", "--damage", "50", "--mega", db=db).stdout
    )
    assert hurt["ended"] is None  # his armor took it: he stands
    killed = fracas_inprocess("ruling", "vance", "--damage", "100", db=db)
    assert "The fight is over: only side 'players' is left standing." in killed.stdout
    status = json.loads(fracas_inprocess("--json", "status", db=db).stdout)
    assert status["over"] == {"winner": "players", "sides_standing": ["players"]}
    assert "The fight is over" in fracas_inprocess("status", db=db).stdout
    after = json.loads(fracas_inprocess("--json", "ruling", "marcus", "--note", "x", db=db).stdout)
    assert after["ended"] is None


def test_log_marks_rounds_and_passes_and_filters(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    """A readable log: the rounds and passes a ply began under it, whose turn the GM ended
    and who acts then, and --round K / --actor X (the plies X declared) / --involving X (by
    or at X) to pick plies."""
    db = tmp_path / "l.db"
    for args in (
        ("new", "duel", "--seed", "7", "--variant", "house"),
        ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
        ("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance"),
        ("initiative", "--dice", "15"),
        ("strike", "marcus", "vance", "--weapon", "vibro-knife", "--defend", "none"),
        ("next",),
        ("next",),
    ):
        assert fracas_inprocess(*args, db=db).code == 0, args
    text = fracas_inprocess("log", db=db).stdout.splitlines()
    assert "      == Round 1 begins, 3 passes; order: Marcus Kell, CS Grunt Vance" in text
    assert "#5    The GM ends Marcus Kell's turn; CS Grunt Vance acts" in text
    assert "#6    The GM ends CS Grunt Vance's turn; Marcus Kell acts" in text
    assert any(line.startswith("      == Pass 2 of round 1 begins") for line in text)
    by_marcus = fracas_inprocess("log", "--actor", "marcus", db=db).stdout.splitlines()
    assert [line.split()[0] for line in by_marcus] == ["#4"]
    assert fracas_inprocess("log", "--actor", "vance", db=db).stdout == "\n"  # declared none
    at_vance = fracas_inprocess("log", "--involving", "vance", db=db).stdout.splitlines()
    assert [line.split()[0] for line in at_vance if line.startswith("#")] == ["#2", "#4", "#6"]
    round_1 = json.loads(fracas_inprocess("--json", "log", "--round", "1", db=db).stdout)
    assert [p["ply"] for p in round_1] == [3, 4, 5, 6]


def test_shell_completion_knows_commands_and_verbs(tmp_path: Path) -> None:
    """`fracas --install-completion` installs what answers this: the commands and verbs."""
    import os
    import subprocess
    import sys

    fracas = Path(sys.executable).parent / "fracas"
    env = {**os.environ, "_FRACAS_COMPLETE": "complete_bash", "COMP_WORDS": "fracas st",
           "COMP_CWORD": "1"}  # fmt: skip
    done = subprocess.run([str(fracas)], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert {"status", "strike"} <= set(done.stdout.split()), done
    shown = subprocess.run([str(fracas), "--show-completion", "bash"], capture_output=True,
                           text=True, cwd=tmp_path)  # fmt: skip
    assert "_fracas_completion" in shown.stdout


def test_colour_on_a_terminal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Verdicts and turns in colour on a terminal; none when piped or with NO_COLOR."""
    import io

    from cli import colour

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    text = "  strike: 1D20 [14] = 18 vs 5 -> HITS unless defended\n-> Vance acts"
    monkeypatch.delenv("NO_COLOR", raising=False)
    painted = colour.paint(text, Terminal())
    assert "\x1b[32m-> HITS unless defended\x1b[0m" in painted and "\x1b[1m-> Vance acts" in painted
    assert colour.paint(text, io.StringIO()) == text  # piped
    assert colour.error("fracas: error: x", Terminal()).startswith("\x1b[31m")
    monkeypatch.setenv("NO_COLOR", "1")
    assert colour.paint(text, Terminal()) == text


def test_log_shows_a_landing_under_the_ply_that_brought_it(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """A power punch lands on its second attack, in a ply the GM declared (`next`): the log
    says so on its own line, naming who struck, the power punch, and how it went."""
    db = tmp_path / "p.db"
    for args in (
        ("new", "duel", "--seed", "7"),
        ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
        ("add", str(SHEETS / "brodkil.json"), "--id", "brodkil"),
        ("initiative", "--dice", "15,3"),
        ("power-punch", "marcus", "brodkil", "--defend", "none"),
        ("next",),
    ):
        assert fracas_inprocess(*args, db=db).code == 0, args
    lines = fracas_inprocess("log", db=db).stdout.splitlines()
    at = lines.index("#5    The GM ends Brodkil Raider's turn; Marcus Kell acts")
    assert lines[at + 1].startswith("      ↳ Marcus Kell's power punch lands on Brodkil Raider: ")


def test_log_refuses_an_unknown_actor_and_rules_json(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "a.db"
    for args in (
        ("new", "duel", "--seed", "7"),
        ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
        ("add", str(SHEETS / "brodkil.json"), "--id", "brodkil"),
        ("initiative", "--dice", "15,3"),
    ):
        assert fracas_inprocess(*args, db=db).code == 0
    assert_one_line_error(fracas_inprocess("log", "--actor", "nobody", db=db), 2, "nobody")
    doc = json.loads(fracas_inprocess("--json", "log", "--rules", db=db).stdout)
    assert len(doc["plies"]) == 4 and set(doc["rules"][0]) == {"id", "summary"}
    assert "PAL-INIT-ROLL" in [r["id"] for r in doc["rules"]]
    one = json.loads(fracas_inprocess("--json", "explain", "3", "--rules", db=db).stdout)
    assert one["plies"][0]["ply"] == 3 and all(r["summary"] for r in one["rules"])


def test_removing_the_last_opponent_ends_the_fight(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    db = tmp_path / "r.db"
    for args in (
        ("new", "duel", "--seed", "7"),
        ("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus"),
        ("add", str(SHEETS / "brodkil.json"), "--id", "brodkil"),
    ):
        assert fracas_inprocess(*args, db=db).code == 0
    assert "over" not in fracas_inprocess("remove", "brodkil", db=db).stdout  # not begun yet
    assert fracas_inprocess("undo", db=db).code == 0
    assert fracas_inprocess("initiative", "--dice", "15,3", db=db).code == 0  # Marcus acts
    gone = fracas_inprocess("remove", "brodkil", db=db)
    assert "The fight is over: only side 'players' is left standing." in gone.stdout
