"""`fracas shell` (issue 11): the commands of the CLI line by line in one process, as a real
process reading its stdin: the same output and one-line errors, an error never ending the
shell, the command each ply records as typed, another process's append noticed, completion
words and the prompt."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cli.shell import Shell
from engine.log import Conflict
from engine.rebuild import Kept
from engine.table import Table
from tests import tamper
from tests.conftest import SHEETS, CliResult

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
    assert sh.prompt() == "fracas duel main round 1 marcus> "
    assert Shell(tmp_path / "none.db", as_json=False).prompt() == "fracas> "


def test_help_in_the_shell_and_errors_as_typed_there(tmp_path: Path) -> None:
    """Issue 23: `help`, `help VERB` and `VERB --help` read the shell's own file (here a GURPS
    encounter in a file away from the cwd), and an error names a command as it is typed in
    the shell (`initiative --help`, `add SHEET`), never `fracas initiative`."""
    away = tmp_path / "away"
    away.mkdir()
    db = tmp_path / "g.db"
    typed = ["new g --seed 1 --system gurps", "help", "--help", "help attack", "attack --help",
             "strike --help", "help attack --system brp", "initiative --bogus", "bogus",
             "help bogus", "initiative"]  # fmt: skip
    done = subprocess.run(
        [str(FRACAS), "--db", str(db), "shell"], input="\n".join(typed) + "\n", cwd=away,
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    out = " ".join(done.stdout.split())
    assert out.count("Actions (gurps)") == 2  # help and --help: this file's encounter
    assert "No encounter selected" not in out
    assert out.count("In the shell: type a command without `fracas`") == 1  # `help` only
    assert out.count("This help is gurps's (the selected encounter's system)") == 2
    assert "This help is palladium's; the selected encounter is gurps" in out
    assert "This help is brp's (asked with --system)" in out
    errors = done.stderr.splitlines()
    assert errors == [
        "fracas: error: No such option: --bogus (see `initiative --help`)",
        "fracas: error: No such command 'bogus'. (see `help`)",
        "fracas: error: No such command 'bogus'. (see `help`)",
        "fracas: error: refused: nobody is able to fight: add combatants with `add SHEET`; "
        "nothing was written",
    ]
    assert done.returncode == 1  # the last command that failed: the refused initiative
    sh = Shell(db, as_json=False)
    sh.refresh_words()
    assert {"help", "exit", "attack"} <= set(sh.commands)
    assert "strike" not in sh.commands


# --- one open connection, the state kept in memory (issue 11) ---------------------------------


def lines(sh: Shell, *typed: str) -> tuple[list[int], str]:
    """``typed`` through the shell's public entry, one by one: the exit codes, and stdout."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        codes = [sh.run_line(line) for line in typed]
    return codes, out.getvalue()


def other(db: Path, *args: str) -> None:
    """Another process appends (or changes) the file meanwhile."""
    subprocess.run([str(FRACAS), "--db", str(db), *args], check=True, capture_output=True)


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    db = tmp_path / "f.db"
    assert shell(db, *SETUP).returncode == 0
    return db


def test_the_shell_keeps_one_connection_and_the_state_at_the_head(fight: Path) -> None:
    """The file is opened once for all the lines; an action's state is kept as the state at
    its ply, so the next line starts there without folding anything (and it is the state a
    fresh process rebuilds from the file)."""
    sh = Shell(fight, as_json=False)
    try:
        codes, out = lines(sh, "status")
        store = sh.session.store()
        codes, out = lines(
            sh, "strike marcus vance --weapon vibro-knife --defend none --dice 14,3", "status"
        )
        assert codes == [0, 0] and "ply #4 on main:" in out
        assert sh.session.store() is store and sh.session.reopened == 0
        head = tamper.head_of(fight)
        kept = store.handed[("palladium", head)]  # for the next line, to check again
        assert isinstance(kept, Kept)
    finally:
        sh.close()
    assert Table(fight).state() == kept.state  # no session in force now: read afresh from the file


def test_the_shell_prints_what_the_cli_prints(
    tmp_path: Path, fracas_inprocess: Callable[..., CliResult]
) -> None:
    typed = [*SETUP, "strike marcus vance --weapon vibro-knife --defend none --dice 14,3",
             "status", "strike marcus vance --dice 2", "log", "undo", "status", "redo",
             "explain 4", "--json status"]  # fmt: skip
    done = shell(tmp_path / "a.db", *typed)
    cli = [fracas_inprocess(*shlex.split(line), db=tmp_path / "b.db") for line in typed]
    assert done.returncode == 1 and [r.code for r in cli].count(1) == 1  # the strike at #5

    def same(text: str) -> str:  # the file's name and its hashes (over times) differ
        text = re.sub(r'"head_hash": "[0-9a-f]+"', "", text)
        return text.replace(f"--db {tmp_path / 'b.db'} ", "")

    assert same(done.stdout) == same("".join(r.stdout for r in cli))
    assert same(done.stderr) == same("".join(r.stderr for r in cli))


def test_another_process_appending_between_two_lines_is_noticed(fight: Path) -> None:
    """Its ply is read (the file opened afresh), the shell's next ply goes on top of it, and
    at the prompt the shell says the head moved."""
    sh = Shell(fight, as_json=False)
    try:
        assert lines(sh, "status")[0] == [0]
        other(fight, "next")  # another process: ply #4, Marcus's turn ends
        codes, out = lines(sh, "--json status")
        assert (
            codes == [0] and json.loads(out)["head"] == 4 and json.loads(out)["acting"] == "vance"
        )
        assert sh.session.reopened == 1
        codes, out = lines(sh, "next")
        assert codes == [0] and "ply #5 on main:" in out
        sh.refresh_words()  # the prompt is drawn at #5
        other(fight, "next")
        assert sh.moved() == (
            "fracas: note: another fracas moved branch 'main' from ply #5 to #6 since the "
            "prompt; the line runs on #6"
        )
    finally:
        sh.close()
    log = Table(fight).log()
    assert [v.row.command.split()[-1] for v in log[4:]] == ["next", "next", "next"]
    assert [log[i].row.parent for i in (4, 5, 6)] == [log[i].row.id for i in (3, 4, 5)]


def test_the_kept_connection_refuses_a_stale_head(fight: Path) -> None:
    """A head read before another process appended is refused by the write, as in the CLI
    (exit 3), through the shell's own connection."""
    sh = Shell(fight, as_json=False)
    try:
        assert lines(sh, "status")[0] == [0]
        with Table(fight).scene() as sc:  # through the session in force
            other(fight, "next")
            with pytest.raises(Conflict):
                sc.store.move_head(sc.branch, sc.branch.head)
        assert lines(sh, "--json status")[0] == [0]
    finally:
        sh.close()


def test_a_change_by_another_program_is_checked_again(fight: Path) -> None:
    """Nothing read before another connection wrote is trusted after: a ply changed outside
    fracas between two lines is refused (exit 5), and the shell goes on."""
    sh = Shell(fight, as_json=False)
    try:
        assert lines(sh, "status")[0] == [0]
        head = tamper.head_of(fight)
        tamper.execute(
            fight, ("UPDATE events SET body = replace(body, '15', '16') WHERE ply = ?", (head,))
        )
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            codes, _ = lines(sh, "status", "rule PAL-STRIKE-ROLL")
        assert codes == [5, 0] and "does not match its hash" in err.getvalue()
    finally:
        sh.close()


def test_bytes_changed_by_a_program_that_is_not_sqlite_are_noticed(fight: Path) -> None:
    """SQLite's ``data_version`` counts SQLite's writers only: a file whose size or times
    changed otherwise is opened afresh too; the shell's own writes do not count."""
    sh = Shell(fight, as_json=False)
    try:
        assert lines(sh, "status", "next", "status")[0] == [0, 0, 0]
        assert sh.session.reopened == 0
        st = os.stat(fight)
        os.utime(fight, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
        assert lines(sh, "status")[0] == [0] and sh.session.reopened == 1
        assert lines(sh, "status")[0] == [0] and sh.session.reopened == 1
    finally:
        sh.close()


def test_a_file_replaced_between_lines_is_opened_afresh(fight: Path) -> None:
    sh = Shell(fight, as_json=False)
    try:
        assert lines(sh, "status")[0] == [0]
        for leftover in (fight, Path(f"{fight}-wal"), Path(f"{fight}-shm")):
            leftover.unlink(missing_ok=True)
        other(fight, "new", "second", "--seed", "3")
        codes, out = lines(sh, "--json status")
        assert codes == [0] and json.loads(out)["encounter"] == "second"
    finally:
        sh.close()


def test_completion_of_a_verbs_options_and_their_values(tmp_path: Path, fight: Path) -> None:
    sh = Shell(fight, as_json=False)
    sh.refresh_words()
    try:
        assert sh.candidates("strike marcus vance ", "--w") == ["--weapon"]
        assert {"--defend", "--dice", "--weapon"} <= set(sh.candidates("strike marcus ", "--"))
        assert {"none", "parry", "dodge"} <= set(sh.candidates("strike marcus vance --defend ", ""))
        assert sh.candidates("strike marcus vance --defend ", "do") == ["dodge"]
        assert sh.candidates("strike marcus vance --weapon ", "vibro-k") == ["vibro-knife"]
        assert sh.candidates("strike ", "m") == ["main", "marcus"]  # ids, weapons, branches
        assert sh.candidates("--json ", "stat") == ["status"]
        assert sh.candidates("new other --system ", "") == ["brp", "gurps", "palladium"]
        assert "holds" in sh.candidates("new other --option ", "ho")
    finally:
        sh.close()
    db = tmp_path / "b.db"
    brp = shell(db, "new brp-duel --seed 77 --system brp",
                f"add {SHEETS / 'brp' / 'ilsa_varg.toml'} --id ilsa",
                f"add {SHEETS / 'brp' / 'bandit.yaml'} --id bandit")  # fmt: skip
    assert brp.returncode == 0
    sh = Shell(db, as_json=False)
    sh.refresh_words()
    try:
        assert sh.candidates("defend bandit ", "") == ["dodge", "none", "parry"]  # an argument
        assert "--weapon" in sh.candidates("attack ilsa bandit ", "--")
        assert "attack" in sh.candidates("", "att") and "strike" not in sh.commands
    finally:
        sh.close()


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_at_a_terminal_tab_completes_and_a_moved_head_is_said(fight: Path, tmp_path: Path) -> None:
    """A real terminal (a pty): the prompt, Tab completing a verb's option, and a note when
    another process moved the head while the prompt was shown."""
    import pty
    import select
    import signal
    import time

    pytest.importorskip("readline", reason="no readline: no completion, no history")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the shell on a terminal
        os.environ["FRACAS_HISTORY"] = str(tmp_path / "history")
        os.execv(str(FRACAS), ["fracas", "--db", str(fight), "shell"])

    def until(end: str, timeout: float = 30.0) -> str:
        out, stop = b"", time.monotonic() + timeout
        while time.monotonic() < stop and not out.decode(errors="replace").endswith(end):
            if select.select([fd], [], [], 0.1)[0]:
                try:
                    out += os.read(fd, 4096)
                except OSError:
                    break
        return out.decode(errors="replace")

    try:
        assert until("> ").endswith("fracas duel main round 1 marcus> ")
        os.write(fd, b"strike marcus vance --we\t")
        assert until("--weapon").endswith("strike marcus vance --weapon")
        os.write(fd, b"\x15")  # Ctrl-U: the line is dropped
        other(fight, "next")
        os.write(fd, b"status\n")
        shown = until("vance> ")
        assert "another fracas moved branch 'main' from ply #3 to #4" in shown
        assert "round 1: CS Grunt Vance (vance) acts" in shown
        os.write(fd, b"exit\n")
        until("\n", 10)
    finally:
        for _ in range(100):  # a shell still waiting for a line after a failure is ended
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0
    assert (tmp_path / "history").read_text().splitlines()[-2:] == ["status", "exit"]
