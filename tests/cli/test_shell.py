"""`fracas shell` (issue 11): the commands of the CLI line by line in one process, as a real
process reading its stdin: the same output and one-line errors, an error never ending the
shell, the command each ply records as typed, another process's append noticed, completion
words and the prompt."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cli.shell import Shell
from engine.table import Table
from tests.conftest import SHEETS

FRACAS = Path(sys.executable).parent / "fracas"


def shell(db: Path, *lines: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(FRACAS), "--db", str(db), "shell"], input="\n".join(lines) + "\n",
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


SETUP = (
    "new duel --seed 7",
    f"add {SHEETS / 'marcus_kell.toml'} --id marcus",
    f"add {SHEETS / 'cs_grunt.yaml'} --id vance",
    "initiative --dice 15,3",
)


def test_shell_runs_each_line_as_the_cli_and_survives_errors(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    done = shell(db, *SETUP, "bogus", "strike vance marcus",
                 "strike marcus vance --weapon vibro-knife --defend none --dice 14,3",
                 "--json status", "exit", "status")  # fmt: skip
    assert done.returncode == 1  # the last command that failed: the strike out of turn
    errors = done.stderr.splitlines()
    assert len(errors) == 2 and all(e.startswith("fracas: error: ") for e in errors)
    assert "No such command 'bogus'" in errors[0] and "refused" in errors[1]
    assert "ply #4 on main:" in done.stdout and "CS Grunt Vance armor: 50 -> 47" in done.stdout
    doc = json.loads(done.stdout[done.stdout.index("{") :])
    assert doc["head"] == 4 and doc["acting"] == "vance"  # `exit` ended it before `status`
    log = Table(db).log()
    assert (
        log[4].row.command
        == "fracas strike marcus vance --weapon vibro-knife --defend none --dice 14,3"
    )


def test_shell_sees_another_process_append(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    assert shell(db, *SETUP).returncode == 0
    proc = subprocess.Popen(
        [str(FRACAS), "--db", str(db), "shell"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdin is not None
    subprocess.run([str(FRACAS), "--db", str(db), "next"], check=True, capture_output=True)
    out, _ = proc.communicate("--json status\n", timeout=120)
    assert json.loads(out)["head"] == 4  # the other process's ply (#4) is there


def test_completion_words_and_prompt(tmp_path: Path) -> None:
    db = tmp_path / "f.db"
    assert shell(db, *SETUP, "branch what-if").returncode == 0
    sh = Shell(db, as_json=False)
    sh.refresh_words()
    for word in ("strike", "status", "marcus", "vance", "vibro-knife", "what-if", "holds"):
        assert word in sh.words, word
    assert [sh.complete("vibro-k", i) for i in range(2)] == ["vibro-knife", None]
    sh.words.append("energy rifle")
    assert sh.complete("energy", 0) == "'energy rifle'"  # quoted: the line runs as completed
    assert sh.prompt() == "fracas duel main r1 marcus> "
    assert Shell(tmp_path / "none.db", as_json=False).prompt() == "fracas> "
