"""A GURPS fight from the shell (`--system gurps`): the status and log documents the README
promises, the verbs the pack's table gives the CLI, `--dice` as three faces a 3d6 roll, and its
refusals.

Through the real command line, in process (``fracas_inprocess``); rolls that decide something
are forced with ``--dice`` (each 3d6 roll three faces, then damage dice in the order written).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.test_round_cli import Gm, Invoke, fighters
from tests.conftest import assert_one_line_error

SHEETS = Path(__file__).resolve().parent.parent.parent / "examples" / "sheets" / "gurps"
TIERS = {"critical", "success", "failure", "fumble"}


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "gurps.db")


def skirmish(gm: Gm) -> None:
    """Sir Aldric (Basic Speed 6.25) against Bruno (5.75, DX 11) and Vic Moran (5.75, DX 12);
    the sequence set: Aldric, Vic, Bruno."""
    gm("new", "skirmish", "--seed", "5", "--system", "gurps")
    gm("add", str(SHEETS / "sir_aldric.toml"), "--id", "aldric", "--side", "knights")
    gm("add", str(SHEETS / "bruno.yaml"), "--id", "bruno", "--side", "thugs")
    gm("add", str(SHEETS / "vic_moran.json"), "--id", "vic", "--side", "thugs")
    gm("initiative", "--dice", "3,4,5")


def test_status_json_is_the_documented_gurps_document(gm: Gm) -> None:
    """GURPS-SEQUENCE: `second`, `acting`, and each fighter's hp, fp, posture, stun, shock,
    crippled, maneuver, conditions, alive."""
    skirmish(gm)
    st = gm.status()
    assert (st["system"], st["second"], st["acting"]) == ("gurps", 1, "aldric")
    assert st["order"] == ["aldric", "vic", "bruno"]
    aldric = fighters(st)["aldric"]
    expected = {"hp": 12, "fp": 12, "posture": "standing", "stun": "none", "shock": 0,
                "crippled": [], "maneuver": None, "conditions": [], "alive": True}  # fmt: skip
    assert {k: aldric[k] for k in expected} == expected
    assert fighters(st)["vic"]["shots"] == {"pistol": 9, "smg": 30}
    text = gm("status")
    assert "second 1: Sir Aldric (aldric) acts" in text


def test_dice_are_three_faces_and_every_roll_is_judged_under(gm: Gm) -> None:
    """GURPS-SUCCESS-ROLL: `--dice 3,4,5` is one 3d6 roll of 12, in the order rolled; the
    log's rolls carry judged, target, margin and tier."""
    skirmish(gm)
    gm("attack", "aldric", "bruno", "--location", "skull", "--dice", "3,4,5")
    log = gm.doc("log")
    last = log[-1] if isinstance(log, list) else log
    rolled = next(e for e in last["events"] if e["type"] == "gurps.attack_rolled")["roll"]
    assert (rolled["faces"], rolled["total"], rolled["judged"]) == ([3, 4, 5], 12, "under")
    assert (rolled["target"], rolled["margin"], rolled["tier"]) == (8, -4, "failure")
    assert rolled["tier"] in TIERS


def test_a_pending_attack_and_its_answer(gm: Gm) -> None:
    """GURPS-ACTIVE-DEFENSE: the attack waits for `defend`; a shield cannot block a bullet
    (Basic Set: the pistol's Recoil 2); a retreating dodge stops it."""
    skirmish(gm)
    gm("next")  # Aldric does nothing
    gm("attack", "vic", "aldric", "--weapon", "pistol", "--range", "10", "--dice", "3,3,3")
    st = gm.status()
    assert st["pending"]["reactor"] == "aldric"
    assert st["pending"]["detail"]["allowed"] == ["dodge"]
    gm.refused(1, "defend", "aldric", "block", "--dice", "3,3,3", mentions=("block",))
    out = gm("defend", "aldric", "dodge", "--retreat", "--dice", "3,3,3")
    assert "dodges retreating" in out and "stops it" in out
    assert gm.who("aldric")["hp"] == 12 and gm.status()["acting"] == "bruno"


def test_next_names_the_turn_it_ends(gm: Gm) -> None:
    """GURPS-SEQUENCE: `next` on Aldric's turn says it ends Aldric's turn (not the next
    fighter's, whose turn it is once the ply is done), as `log` tells it."""
    skirmish(gm)
    out = gm("next")
    assert "The GM ends Sir Aldric's turn" in out and "-> Vic Moran acts" in out
    assert "The GM ends Sir Aldric's turn" in gm("log")
    gm.refused(
        2, "attack", "vic", "aldric", "--weapon", "pistol", "--range", "-5", mentions=("-5",)
    )
    gm.refused(2, "attack", "bruno", "ghost", mentions=("ghost",))  # unknown before the turn
    gm.refused(2, "maneuver", "vic", "evaluate", "--target", "vic", mentions=("foe",))


def test_the_report_spells_switches_as_status_does(gm: Gm) -> None:
    """One spelling for booleans everywhere: the report's options say on/off, as `status`."""
    skirmish(gm)
    md = gm("report", "--format", "md")
    assert "head_knockdown=on" in md and "head_knockdown=True" not in md


def test_refusals_are_one_line_and_change_nothing(gm: Gm) -> None:
    skirmish(gm)
    gm.refused(1, "attack", "vic", "aldric", mentions=("Sir Aldric's turn",))
    gm.refused(2, "maneuver", "aldric", "all-out-attack", mentions=("--mode",))
    gm.refused(2, "attack", "aldric", "bruno", "--location", "elbow", mentions=("elbow",))
    gm.refused(1, "interrupt", "vic", mentions=("no interrupts",))
    gm.refused(1, "aim", "aldric", "--weapon", "broadsword", mentions=("not a ranged",))
    assert_one_line_error(gm.run("initiative"), 1, "still running")


def test_a_rapid_fire_burst_from_the_shell(gm: Gm) -> None:
    """GURPS-RAPID-FIRE: 5 shots of the SMG (+1): 6 against 15 makes it by 9, 5 hits."""
    skirmish(gm)
    gm("next")
    gm("attack", "vic", "bruno", "--weapon", "smg", "--rof", "5", "--dice", "2,2,2")
    st = gm.status()
    assert st["pending"]["detail"]["hits"] == 5
    assert fighters(st)["vic"]["shots"]["smg"] == 25
    text = gm("explain", "main~0")
    assert "5 of 5 hit (1 + margin 9 / Recoil 2)" in text


def test_retreat_without_an_answer_is_refused_before_any_roll(gm: Gm) -> None:
    """GURPS-ACTIVE-DEFENSE: --retreat and --drop belong to --defend; refused (exit 2)
    whether the attack would hit or not."""
    skirmish(gm)
    gm.refused(2, "attack", "aldric", "bruno", "--retreat", "--dice", "6,6,6",
               mentions=("--defend",))  # fmt: skip
