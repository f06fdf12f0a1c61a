"""Issue 12's GURPS core gaps from the shell: `ruling --heal` and `--fp` (GURPS-HEALING,
GURPS-FATIGUE), `reload` (GURPS-RELOAD), with their one-line refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_gurps_cli import skirmish
from tests.cli.test_round_cli import Gm, Invoke
from tests.conftest import assert_one_line_error


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "gurps.db")


def test_ruling_heals_hp_and_fp_and_refuses_at_full(gm: Gm) -> None:
    """GURPS-HEALING, GURPS-FATIGUE: Sir Aldric (12 HP, 12 FP) takes 5 and 4 FP; healed 2 and
    2 FP: 9 HP, 10 FP; at full FP a heal is refused (exit 1), --fp alone is usage (exit 2)."""
    skirmish(gm)
    gm("ruling", "aldric", "--damage", "5")
    gm("ruling", "aldric", "--fp", "--damage", "4")
    gm("ruling", "aldric", "--heal", "2", "--rule", "GURPS-HEALING")
    gm("ruling", "aldric", "--fp", "--heal", "2")
    aldric = gm.who("aldric")
    assert (aldric["hp"], aldric["fp"]) == (9, 10)
    gm("ruling", "aldric", "--fp", "--heal", "5")
    assert_one_line_error(
        gm.run("ruling", "aldric", "--fp", "--heal", "1"), 1, "full FP (12 of 12)"
    )
    assert_one_line_error(gm.run("ruling", "aldric", "--fp"), 2, "--fp goes with")
    assert "gets 2 FP back: FP 10 -> 12" in gm("explain", "main~0")  # 5 asked, 2 missing
    assert "gets 2 HP back: HP 7 -> 9 (GURPS-HEALING)" in gm("explain", "main~2")


def test_reload_from_the_shell(gm: Gm) -> None:
    """GURPS-RELOAD: Vic's pistol (9(3)) is full: refused; Aldric has nothing to reload."""
    skirmish(gm)
    assert_one_line_error(gm.run("reload", "aldric"), 2, "no weapon short of shots")
    gm("maneuver", "aldric", "do-nothing")
    assert_one_line_error(gm.run("reload", "vic", "--weapon", "pistol"), 1, "nothing to reload")
