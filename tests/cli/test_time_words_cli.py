"""Each system says where its clock stands in its own time words (the pack's ``StatusView``):
GURPS in seconds, never "round 2, pass 1 of 1" (GURPS-SEQUENCE); Basic Roleplaying in rounds
and DEX ranks; Palladium in rounds (rules as written) or rounds and passes (house rules).
Through the real command line: the text status, the shell's prompt, `log`'s headings and the
report's timeline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli.shell import Shell
from tests.cli.test_gurps_cli import SHEETS as GURPS_SHEETS
from tests.cli.test_round_cli import Gm, Invoke
from tests.conftest import SHEETS


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "time.db")


def _clock(gm: Gm) -> str:
    """The status board's clock line (its third)."""
    return gm("status").splitlines()[2]


def _prompt(gm: Gm) -> str:
    return Shell(gm.db, as_json=False).prompt()


def _gurps(gm: Gm) -> None:
    gm("new", "skirmish", "--seed", "5", "--system", "gurps")
    gm("add", str(GURPS_SHEETS / "sir_aldric.toml"), "--id", "aldric", "--side", "knights")
    gm("add", str(GURPS_SHEETS / "bruno.yaml"), "--id", "bruno", "--side", "thugs")


def test_gurps_says_seconds_everywhere(gm: Gm, tmp_path: Path) -> None:
    """GURPS-SEQUENCE: before the fight "no second yet"; then "second 1: Sir Aldric (aldric)
    acts", the prompt "second 1 aldric"; a second later "second 2", `log` heads the seconds
    "== Second 2 begins", the report's timeline "### Second 2"; no round or pass anywhere."""
    _gurps(gm)
    assert _clock(gm) == "no second yet: `fracas initiative` starts second 1"
    gm("initiative", "--dice", "3,4")
    assert _clock(gm) == "second 1: Sir Aldric (aldric) acts"
    assert _prompt(gm) == "fracas skirmish main second 1 aldric> "
    gm("maneuver", "aldric", "do-nothing")
    gm("maneuver", "bruno", "do-nothing")
    assert _clock(gm) == "second 2: Sir Aldric (aldric) acts"
    assert _prompt(gm) == "fracas skirmish main second 2 aldric> "
    log = gm("log")
    assert "== Second 1 begins; order: Sir Aldric, Bruno" in log
    assert "== Second 2 begins; order: Sir Aldric, Bruno" in log
    assert "every turn of the second is over" in gm("explain", "5")
    report = tmp_path / "fight.md"
    gm("report", "--format", "md", "-o", str(report))
    md = report.read_text()
    assert "### Second 1" in md and "### Second 2" in md and "### Before the first second" in md
    for text in (gm("status"), log, md, _prompt(gm)):
        assert not re.search(r"\b[Rr]ound\b|\bpass\b", text), text


def test_brp_says_rounds_and_dex_ranks(gm: Gm) -> None:
    """Basic Roleplaying: "round 1" in the statement of intent, then "round 1, DEX rank 15:
    Ilsa Varg (ilsa) acts"; the prompt "round 1 DEX 15 ilsa"."""
    gm("new", "duel", "--seed", "7", "--system", "brp")
    gm("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit")
    gm("initiative")
    assert _clock(gm).startswith("round 1: statement of intent")
    assert _prompt(gm) == "fracas duel main round 1> "
    gm("next")
    gm("next")
    assert _clock(gm) == "round 1, DEX rank 15: Ilsa Varg (ilsa) acts"
    assert _prompt(gm) == "fracas duel main round 1 DEX 15 ilsa> "


def test_palladium_says_rounds_and_under_the_house_rules_passes(gm: Gm) -> None:
    """Palladium: rules as written "round 1: … acts" (no pass); house rules "round 1, pass 1
    of 3: … acts" and the prompt "round 1 pass 1"."""
    gm("new", "raw", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "brodkil.json"), "--id", "brodkil")
    gm("initiative")
    raw = _clock(gm)
    assert re.fullmatch(r"round 1: .+ \(\w+\) acts", raw), raw
    assert re.fullmatch(r"fracas raw main round 1 \w+> ", _prompt(gm))
    gm("new", "house", "--seed", "3", "--variant", "house")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "brodkil.json"), "--id", "brodkil")
    gm("initiative")
    house = _clock(gm)
    assert re.fullmatch(r"round 1, pass 1 of 3: .+ \(\w+\) acts", house), house
    assert re.fullmatch(r"fracas house main round 1 pass 1 \w+> ", _prompt(gm))
    assert "== Round 1 begins, 3 passes" in gm("log")
