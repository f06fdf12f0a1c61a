"""Grappling from the shell (GURPS-GRAPPLE, GURPS-ARM-LOCK, GURPS-CHOKE-HOLD): `grapple`,
`break-free` and `let-go` through the real command line, with forced dice; status shows who
holds whom."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_gurps_cli import skirmish
from tests.cli.test_round_cli import Gm, Invoke, fighters


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "gurps.db")


def test_grapple_hold_and_break_free_from_the_shell(gm: Gm) -> None:
    """GURPS-GRAPPLE: Aldric (DX 13) grapples Bruno with 3,4,5 = 12; status shows the hold on
    both; Bruno cannot move away; his ST 14 rolls 9 (by 5) against Aldric's ST 12 rolling 18:
    free."""
    skirmish(gm)
    ply = gm.doc("grapple", "aldric", "bruno", "--defend", "none", "--dice", "3,4,5")
    rolled = next(e for e in ply["events"] if e["type"] == "gurps.attack_rolled")["roll"]
    assert (rolled["target"], rolled["total"], rolled["rule"]) == (13, 12, "GURPS-GRAPPLE")
    st = fighters(gm.status())
    assert st["aldric"]["holding"] == {"victim": "bruno", "hold": "grapple", "location": None}
    assert st["bruno"]["held_by"] == "aldric"
    text = gm("status")
    assert "holds bruno (grapple)" in text and "held by aldric" in text
    gm("next")
    gm.refused(1, "maneuver", "bruno", "move", mentions=("cannot move away",))
    out = gm.doc("break-free", "bruno", "--dice", "3,3,3,6,6,6")
    contest = next(e for e in out["events"] if e["type"] == "gurps.contest_rolled")
    assert (contest["active_roll"]["target"], contest["passive_roll"]["target"]) == (14, 12)
    assert contest["winner"] == "bruno"
    assert fighters(gm.status())["bruno"]["held_by"] is None


def test_grapple_refusals_from_the_shell(gm: Gm) -> None:
    """GURPS-GRAPPLE, GURPS-ARM-LOCK: a lock that is no lock, an unknown part (exit 2); an
    arm lock on a foe not held, letting go of nobody, breaking free of nobody (exit 1)."""
    skirmish(gm)
    gm.refused(2, "grapple", "aldric", "bruno", "--lock", "neck")
    gm.refused(2, "grapple", "aldric", "bruno", "--location", "tail", mentions=("tail",))
    gm.refused(1, "grapple", "aldric", "bruno", "--lock", "arm", mentions=("GURPS-ARM-LOCK",))
    gm.refused(1, "let-go", "aldric", mentions=("holds nobody",))
    gm.refused(1, "break-free", "aldric", mentions=("held by nobody",))
