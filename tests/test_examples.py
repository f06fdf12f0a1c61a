"""The README's first command plays examples/bar_fight.sh; it must run to the end, and the fight
it leaves must be readable by other tools (sqlite-utils) and verify from its seed.

Every example prints each command exactly as it ran (issue 23): a recording ``fracas`` first on
PATH writes down what each call was given, and each printed ``$ fracas …`` line, read back as a
shell reads it, is one of them, in order; a printed line pasted into a shell runs and prints what
the transcript shows. Each ends with a summary of the fight, which scripts/demo.sh gathers.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import sqlite_utils

from engine.rules import SYSTEMS, get_pack
from engine.rules.options import describe

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


#: A ``fracas`` that writes down each call's arguments (unit separators between them, a
#: record separator after each: neither can be in an argument fracas takes), then runs fracas.
RECORDER = """#!/usr/bin/env bash
{{ printf '%s\\037' "$@"; printf '\\036'; }} >>"$FRACAS_ARGV_LOG"
exec {real} "$@"
"""


def play(script: str, db: Path) -> str:
    """Run ``examples/<script>`` with this environment's ``fracas`` on PATH, recorded; check
    that it printed each command it ran exactly as it ran it, and ended with its summary (also
    written to $FRACAS_DEMO_SUMMARY); its output."""
    home = db.parent / f"{script}.rec"
    (home / "bin").mkdir(parents=True)
    recorder = home / "bin" / "fracas"
    recorder.write_text(RECORDER.format(real=shlex.quote(str(BIN / "fracas"))))
    recorder.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{home / 'bin'}{os.pathsep}{BIN}{os.pathsep}{os.environ['PATH']}",
        "FRACAS_ARGV_LOG": str(home / "argv"),
        "FRACAS_DEMO_SUMMARY": str(home / "summary"),
    }
    done = subprocess.run(
        ["bash", str(ROOT / "examples" / script), str(db)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "error" not in done.stderr
    ran = [call.split("\037")[:-1] for call in (home / "argv").read_text().split("\036")[:-1]]
    printed = printed_commands(done.stdout)
    assert printed[0] == ["cd", str(ROOT)]  # where the printed paths are relative to
    assert len(printed) > 10
    calls = iter(ran)
    for words in printed[1:]:
        assert words[:3] == ["fracas", "--db", str(db)], words  # the --db it used, shown
        assert words[1:] in calls, f"printed but never run as printed: {shlex.join(words)}"
    name = script.removesuffix(".sh")
    summary = (home / "summary").read_text()
    assert summary.startswith(f"{name} ({db}): ") and summary.count("\n") == 2
    assert "replay --verify intact" in summary and "at the end: " in summary
    assert f"\n== {summary}" in done.stdout
    return done.stdout


def printed_commands(transcript: str) -> list[list[str]]:
    """Each ``$ …`` line of a transcript, read as a shell reads it."""
    return [shlex.split(line[2:]) for line in transcript.splitlines() if line.startswith("$ ")]


def output_of(transcript: str, command: str) -> str:
    """What the transcript shows the first ``$ COMMAND`` line printing."""
    after = transcript.split(f"\n$ {command}\n", 1)[1]
    return after.split("\n\n$ ", 1)[0].split("\n\n### ", 1)[0].rstrip("\n")


@pytest.mark.parametrize(
    "words",
    [
        ["fracas", "strike", "vance", "brodkil", "--weapon", "energy rifle"],
        ["--note", 'it\'s $HOME; `rm -rf` \\ "x"', "", "*", "a=b,c:d@e%f+g/h.i_j-k"],
    ],
)
def test_printed_words_read_back_as_the_same_words(words: list[str]) -> None:
    """examples/lib/transcript.sh quotes a word only where a shell would read it otherwise,
    as Python's shlex does."""
    line = subprocess.run(
        ["bash", "-c", 'source examples/lib/transcript.sh; quoted "$@"', "_", *words],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert shlex.split(line) == words
    assert line == shlex.join(words)


def test_example_fight_plays_to_the_end(tmp_path: Path) -> None:
    db = tmp_path / "bar fight.db"  # a space: the printed commands quote it
    out = play("bar_fight.sh", db)
    assert "verified" in out
    assert "branch 'what-if' created at ply #5" in out
    assert "undid 1" in out and "redid 1" in out
    quoted_db = shlex.quote(str(db))
    assert f"$ fracas --db {quoted_db} strike vance brodkil --weapon 'energy rifle'" in out
    assert "\n== bar_fight (" in out and "other branches: what-if, other-luck" in out

    # A printed line pasted into a shell where the transcript says it ran prints what it did.
    cd, line = printed_commands(out)[0], f"fracas --db {quoted_db} explain 6"
    assert line in out
    pasted = subprocess.run(
        ["bash", "-c", f"{shlex.join(cd)} && {line}"],
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert pasted.returncode == 0, pasted.stderr
    assert pasted.stdout.rstrip("\n") == output_of(out, line)
    assert f"`{line.replace('explain 6', 'strike marcus brodkil')}" in pasted.stdout

    # The log is plain SQLite with JSON bodies: another tool can read it.
    store = sqlite_utils.Database(db)
    assert set(store.table_names()) >= {"encounters", "plies", "events", "branches"}
    tags = {row["tag"] for row in store["events"].rows}
    assert {"core.encounter_started", "palladium.strike_rolled", "palladium.damage_rolled"} <= tags
    for row in store["events"].rows:
        assert json.loads(row["body"])["type"] == row["tag"]
    branches = {row["name"] for row in store["branches"].rows}
    assert {"main", "what-if", "other-luck"} <= branches


def test_house_round_example_plays_to_the_end(tmp_path: Path) -> None:
    """examples/house_round.sh: surprise pass, three passes, a long aimed and called shot, a
    hold released, a ruling undone (PAL-HR-ROUND-PASSES, PAL-HR-LONG-ACTION, PAL-HR-HOLD)."""
    out = play("house_round.sh", tmp_path / "house.db")
    assert "Round 1 (surprise) begins, 1 pass" in out
    assert "Pass 3 of round 2 begins" in out
    assert "begins: aimed called shot (3 attacks, lands on the last)" in out
    assert "cuts in" in out
    assert "undid 1" in out
    assert "verified" in out


def test_brawl_example_plays_to_the_end(tmp_path: Path) -> None:
    """examples/brawl.sh: a Horror Factor save failed, an arm hold and a failed escape, a blow
    at the held man, a body flip rolled with, a disarm, an entanglement and a knockout
    (PAL-COND-HORROR, PAL-COND-HELD, PAL-DEF-ROLL-IMPACT, PAL-DEF-DISARM, PAL-DEF-ENTANGLE,
    PAL-DMG-KO), then replay --verify."""
    out = play("brawl.sh", tmp_path / "brawl.db")
    assert "CS Grunt Vance meets Grave Ghoul's Horror Factor: 1D20 [6] = 6 vs 12" in out
    assert "Jade Tiger holds Rook in an arm hold" in out
    assert "-> fails: 18 vs 33 (PAL-COND-HELD)" in out
    assert "Rook does not defend: is held and cannot defend (PAL-COND-HELD)" in out
    assert "/2 rolled with the impact" in out and "knocked down by Jade Tiger's body flip" in out
    assert "CS Grunt Vance drops the vibro-sword" in out
    assert "Jade Tiger entangles Rook" in out
    assert "KNOCKOUT by Jade Tiger on Rook: dazed for 2 melee rounds" in out
    assert "verified 17 plies" in out


def test_missiles_example_plays_to_the_end(tmp_path: Path) -> None:
    """examples/missiles.sh: a volley of four with a grunt caught in its blast, a counter-volley
    that thins it on the house table, a missed shot at the last missile, a failed roll, a burst
    and a reload (PAL-MSL-VOLLEY, PAL-HR-MSL-STRIKE, PAL-HR-MSL-COUNTER-VOLLEY,
    PAL-HR-MSL-SHOOT-DOWN, PAL-MSL-RADIUS, PAL-RNG-BURST, PAL-RNG-PAYLOAD, PAL-HR-SIZE-CLASS),
    then replay --verify."""
    out = play("missiles.sh", tmp_path / "missiles.db")
    assert (
        "+4 4 missile(s) in the volley [rules, PAL-HR-MSL-STRIKE] -2 a smaller target: size "
        "class 4, its 6 [rules, PAL-HR-SIZE-CLASS] = 11 vs 8"
    ) in out
    assert "3 missile(s) destroyed, 1 still coming" in out
    assert "1 of 4 missile(s) still coming" in out
    assert "needs 21 (PAL-HR-MSL-SHOOT-DOWN)" in out
    assert "damage to CS Grunt Vance: 3D6x10 [1,2,1] /2 in the blast radius: half" in out
    assert "1 of 4 missile(s) still coming, blast radius 30 ft" in out
    assert "rail gun: 10 shot(s) fired, 50 left" in out
    assert "rail gun is full again: 60 shots" in out
    assert "verified 16 plies" in out


def test_brp_duel_example_plays_to_the_end(tmp_path: Path) -> None:
    """examples/brp_duel.sh: a parry, an aimed shot at a called location, a special success
    through a parry with its hit location, undo/redo, a branch and replay --verify."""
    db = tmp_path / "duel.db"
    out = play("brp_duel.sh", db)
    assert "parry: 1D100 [30] = 30 vs 45: SUCCESS" in out and "-> stops it" in out
    assert "aims: the shot comes at DEX rank 9" in out
    assert "hit location: right arm (called)" in out
    assert "SPECIAL (dice entered by hand)" in out and "a higher tier gets through" in out
    assert "hit location: abdomen (1D20" in out
    assert "undid 1" in out and "redid 1" in out
    assert "branch 'what-if' created at ply #15" in out
    assert out.count("verified 17 plies") == 2

    store = sqlite_utils.Database(db)
    tags = {row["tag"] for row in store["events"].rows}
    assert {"brp.attack_rolled", "brp.defense_rolled", "brp.location_rolled"} <= tags
    rolls = [
        json.loads(row["body"])["roll"]
        for row in store["events"].rows
        if row["tag"] in ("brp.attack_rolled", "brp.defense_rolled")
    ]
    assert rolls and all(r["judged"] == "under" and r["tier"] for r in rolls)


def test_gurps_skirmish_example_plays_to_the_end(tmp_path: Path) -> None:
    """examples/gurps_skirmish.sh: a parry with a retreat (GURPS-ACTIVE-DEFENSE), a rapid-fire
    burst (GURPS-RAPID-FIRE), an All-Out Attack (GURPS-ALL-OUT-ATTACK), a blow to the neck
    (GURPS-HITLOC-TABLE) that is a major wound with its knockdown roll (GURPS-MAJOR-WOUND,
    GURPS-KNOCKDOWN), an undo, a branch and replay --verify."""
    out = play("gurps_skirmish.sh", tmp_path / "gurps.db")
    assert "Bruno parries retreating: 3D6 [2,3,3] = 8 vs 10" in out
    assert "3 of 5 hit (1 + margin 5 / Recoil 2)" in out
    assert "+4 All-Out Attack (Determined) [maneuver, GURPS-ALL-OUT-ATTACK]" in out
    assert "injury to Bruno (neck): 7 - DR 0 = 7 penetrating x2 = 14; HP 14 -> 0" in out
    assert "Bruno rolls HT (knockdown): 3D6 [5,5,4] = 14 vs 12" in out
    assert "Bruno is physically stunned (GURPS-KNOCKDOWN)" in out
    # GURPS-SHOCK: the burst's two wounds of 3 each say they add up; his turn carries -4
    assert out.count("shock -3 from this wound on his next turn (wounds add up, to -4") == 2
    assert "second 2: Sir Aldric's turn (shock -4)" in out
    assert "undid 1" in out and "redid 1" in out
    assert "branch 'what-if' created at ply #10" in out
    assert out.count("verified 12 plies") == 2


def test_the_demo_plays_every_example_and_gathers_their_summaries() -> None:
    """scripts/demo.sh (which sets up .venv first, so it is not run here) plays each example
    with FRACAS_DEMO_SUMMARY set and prints what they wrote there at its end; each example
    ends with its summary (play() checks what it writes)."""
    demo = (ROOT / "scripts" / "demo.sh").read_text()
    for script in sorted((ROOT / "examples").glob("*.sh")):
        assert f"\nbash examples/{script.name} " in demo, script.name
        assert '\nsummary "' in script.read_text(), script.name
    assert "export FRACAS_DEMO_SUMMARY" in demo
    assert demo.rstrip().endswith('cat "$FRACAS_DEMO_SUMMARY"')


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_rules_doc_lists_every_option(system: str) -> None:
    """docs/RULES-<system>.md documents every option the pack records."""
    text = (ROOT / "docs" / f"RULES-{system}.md").read_text()
    missing = [d[0] for d in describe(get_pack(system)) if f"`{d[0]}`" not in text]
    assert missing == []
