"""The GURPS ranged-side situational rules from the shell: a malfunction in `status --json`
and `status`, the `clear`, `spray`, `suppress` and `enter-zone` verbs, and their refusals
(GURPS-MALF, GURPS-SPRAY, GURPS-SUPPRESS, GURPS-EXPLOSION).

Through the real command line, in process, with forced ``--dice``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_gurps_cli import skirmish
from tests.cli.test_round_cli import Gm, Invoke


def typed(events: list[dict[str, Any]], tag: str) -> list[dict[str, Any]]:
    """The events of one type, by tag."""
    return [e for e in events if e["type"] == tag]


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "gurps.db")


def test_a_stoppage_in_status_and_cleared(gm: Gm) -> None:
    """GURPS-MALF: Vic's pistol (Malf 17) rolls 17, then 10 on the table: a stoppage, one shot
    spent (9 -> 8); `status --json` shows it in weapons and jams, `status` in the notes; the
    pistol is refused (exit 1) until `clear`: three Readies, then IQ-based Guns - 4 (14 + 11
    - 12 - 4 = 9)."""
    skirmish(gm)
    gm("maneuver", "aldric", "do-nothing")
    events = gm.events("attack", "vic", "bruno", "--weapon", "pistol", "--dice", "6,6,5,3,3,4")
    (malf,) = typed(events, "gurps.malfunction_rolled")
    assert (malf["kind"], malf["jam"], malf["readies"]) == ("stoppage", "stoppage", 3)
    vic = gm.who("vic")
    assert vic["weapons"]["pistol"] == "stoppage"
    assert vic["jams"] == {"pistol": {"kind": "stoppage", "step": "fix", "readies": 0}}
    assert vic["shots"]["pistol"] == 8
    assert "pistol stoppage" in gm("status")

    def round_to_vic() -> None:
        gm("maneuver", "bruno", "do-nothing")
        gm("maneuver", "aldric", "do-nothing")

    round_to_vic()
    gm.refused(1, "attack", "vic", "bruno", "--weapon", "pistol", mentions=("clear",))
    gm("clear", "vic")
    round_to_vic()
    gm("clear", "vic", "--weapon", "pistol")
    round_to_vic()
    (cleared,) = typed(gm.events("clear", "vic", "--dice", "1,2,2"), "gurps.weapon_cleared")
    assert (cleared["roll"]["target"], cleared["success"], cleared["jam"]) == (9, True, None)
    assert gm.who("vic")["jams"] == {}


def test_refusals_of_the_ranged_verbs(gm: Gm) -> None:
    """GURPS-SPRAY, GURPS-SUPPRESS, GURPS-EXPLOSION: one target is no spray (exit 2); 4
    shots are no suppression fire (exit 1); a zone nobody covers (exit 1); --blast with a
    pistol (exit 1) or unreadable (exit 2)."""
    skirmish(gm)
    gm("maneuver", "aldric", "do-nothing")
    gm.refused(2, "spray", "vic", "--weapon", "smg", "--at", "bruno:5", "--defend", "dodge")
    gm.refused(1, "suppress", "vic", "--weapon", "smg", "--shots", "4", mentions=("RoF 5",))
    gm.refused(1, "enter-zone", "aldric", "vic", mentions=("no zone",))
    gm.refused(1, "attack", "vic", "aldric", "--weapon", "pistol", "--blast", "bruno:3")
    gm.refused(2, "attack", "vic", "aldric", "--weapon", "grenade", "--blast", "bruno")
    covered = gm.events("suppress", "vic", "--weapon", "smg", "--shots", "8", "--zone", "the gate")
    (zone,) = typed(covered, "gurps.zone_covered")
    assert (zone["shots"], zone["cap"]) == (8, 7)
    assert gm.who("vic")["zone"]["zone"] == "the gate"
