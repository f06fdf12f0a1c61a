"""Barehanded parries and the arm lock they open, the target's Size Modifier on attack rolls
and a two-handed weapon against a disarm, through the real command line with forced dice
(GURPS-PARRY-UNARMED, GURPS-ARM-LOCK, GURPS-SIZE-MODIFIER, GURPS-DISARM).

Kenji Mori (examples/sheets/gurps/kenji_mori.toml: Judo 15, Karate 13, a two-handed
quarterstaff, Basic Speed 6.25) acts before Bruno (Brawling 13, Wrestling 12, club, 5.75).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_gurps_cli import SHEETS
from tests.cli.test_round_cli import Gm, Invoke, fighters
from tests.conftest import FracasCli


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "gurps.db")


def dojo(gm: Gm) -> None:
    """Kenji and Bruno; the sequence set: Kenji, then Bruno."""
    gm("new", "dojo", "--seed", "5", "--system", "gurps")
    gm("add", str(SHEETS / "kenji_mori.toml"), "--id", "kenji", "--side", "dojo")
    gm("add", str(SHEETS / "bruno.yaml"), "--id", "bruno", "--side", "thugs")
    gm("initiative", "--dice", "3,4")


def _of(events: list[dict[str, Any]], tag: str) -> dict[str, Any]:
    found = [e for e in events if e["type"] == f"gurps.{tag}"]
    assert len(found) == 1, (tag, events)
    return found[0]


def _bruno_swings(gm: Gm) -> None:
    """Kenji does nothing; Bruno's club hits him (3,4,4 = 11 against Axe/Mace 12)."""
    gm("maneuver", "kenji", "do-nothing")
    gm("attack", "bruno", "kenji", "--weapon", "club", "--dice", "3,4,4")


def test_a_judo_parry_then_the_arm_lock(gm: Gm) -> None:
    """GURPS-PARRY-UNARMED, GURPS-ARM-LOCK: Kenji holds his staff but parries the club
    barehanded (`--weapon hands`): Judo 15, 3 + 7 = 10, no -3 against a weapon; 3,3,4 stops
    it and opens the lock. On his turn `grapple kenji bruno --lock arm` is rolled against
    Judo 15 (3,4,4) and Bruno's right arm is locked; Bruno breaks free against Judo 15 +4."""
    dojo(gm)
    _bruno_swings(gm)
    ply = gm.doc("defend", "kenji", "parry", "--weapon", "hands", "--dice", "3,3,4")
    parried = _of(ply["events"], "defense_rolled")
    assert (parried["weapon"], parried["skill"], parried["arm_lock"]) == ("hands", "judo", True)
    roll = parried["roll"]
    assert (roll["base"], roll["target"], roll["target_modifiers"]) == (10, 10, [])
    assert (roll["rule"], roll["purpose"]) == ("GURPS-PARRY-UNARMED", "parry (barehanded, Judo 15)")
    st = gm.status()
    assert (st["acting"], fighters(st)["kenji"]["arm_lock_chance"]) == ("kenji", ["bruno"])
    assert "may arm-lock bruno" in gm("status")
    out = gm.events(
        "grapple", "kenji", "bruno", "--lock", "arm", "--defend", "none", "--dice", "3,4,4"
    )
    lock = _of(out, "attack_rolled")["roll"]
    assert (lock["target"], lock["rule"], lock["purpose"]) == (
        15,
        "GURPS-ARM-LOCK",
        "arm lock (judo)",
    )
    assert _of(out, "grappled")["hold"] == "arm_lock"
    st = fighters(gm.status())
    assert st["kenji"]["holding"] == {
        "victim": "bruno",
        "hold": "arm_lock",
        "location": "right_arm",
    }
    freed = _of(gm.events("break-free", "bruno", "--dice", "3,3,3,4,4,4"), "contest_rolled")
    assert freed["passive_roll"]["target"] == 19
    assert freed["winner"] == "kenji"
    text = gm("explain", "6")
    assert "parries barehanded (Judo)" in text and "GURPS-PARRY-UNARMED" in text


def test_without_the_parry_there_is_no_arm_lock(gm: Gm) -> None:
    """GURPS-ARM-LOCK: a staff parry opens no lock; `grapple --lock arm` is refused (exit 1),
    nothing written."""
    dojo(gm)
    _bruno_swings(gm)
    ply = gm.doc("defend", "kenji", "parry", "--dice", "3,3,4")
    assert _of(ply["events"], "defense_rolled")["weapon"] == "quarterstaff"
    gm.refused(1, "grapple", "kenji", "bruno", "--lock", "arm", mentions=("GURPS-ARM-LOCK",))


def test_a_brawling_parry_fails_onto_the_free_arm(gm: Gm) -> None:
    """GURPS-PARRY-UNARMED: Kenji swings his staff (sw+2 cr, 3,3,3 = 9 against 13); Bruno, his
    club in his right hand, parries with his left (`--skill brawling`: 3 + 6 - 3 = 6), fails
    on 12, and the blow lands on his left arm."""
    dojo(gm)
    gm("attack", "kenji", "bruno", "--weapon", "quarterstaff", "--dice", "3,3,3")
    ply = gm.doc("defend", "bruno", "parry", "--weapon", "hands", "--skill", "brawling",
                 "--dice", "4,4,4,2")  # fmt: skip
    parried = _of(ply["events"], "defense_rolled")
    assert (parried["skill"], parried["roll"]["target"], parried["arm"]) == (
        "brawling",
        6,
        "left_arm",
    )
    minus = parried["roll"]["target_modifiers"]
    assert [(m["value"], m["source"], m["rule"]) for m in minus] == [
        (-3, "situation", "GURPS-PARRY-UNARMED")
    ]
    assert _of(ply["events"], "injury_applied")["location"] == "left_arm"


def test_refusals_of_a_barehanded_parry(gm: Gm) -> None:
    """GURPS-PARRY-UNARMED: a skill not on his sheet is exit 2 naming those he has; --skill
    with a dodge is exit 2; both leave the fight as it was."""
    dojo(gm)
    gm("attack", "kenji", "bruno", "--weapon", "quarterstaff", "--dice", "3,3,3")
    gm.refused(2, "defend", "bruno", "parry", "--skill", "karate", mentions=("Karate", "brawling"))
    gm.refused(2, "defend", "bruno", "dodge", "--skill", "judo", mentions=("--skill",))
    gm.refused(2, "defend", "bruno", "parry", "--skill", "kungfu")


def test_the_targets_sm_is_on_the_attack_roll(gm: Gm, tmp_path: Path) -> None:
    """GURPS-SIZE-MODIFIER: an ogre (SM +1) is 1 easier to hit: Kenji's staff 13 + 1 = 14;
    explain names the modifier, its source and rule."""
    ogre = {"name": "Ogre", "kind": "npc", "attributes": {"st": 18, "dx": 9, "iq": 7, "ht": 12,
            "sm": 1}, "skills": {"brawling": 10}}  # fmt: skip
    (tmp_path / "ogre.json").write_text(json.dumps(ogre))
    gm("new", "cave", "--seed", "5", "--system", "gurps")
    gm("add", str(SHEETS / "kenji_mori.toml"), "--id", "kenji", "--side", "dojo")
    gm("add", str(tmp_path / "ogre.json"), "--id", "ogre", "--side", "cave")
    gm("initiative", "--dice", "3,4")
    ply = gm.doc("attack", "kenji", "ogre", "--weapon", "quarterstaff", "--dice", "6,6,2")
    roll = _of(ply["events"], "attack_rolled")["roll"]
    assert roll["target"] == 14
    assert [(m["value"], m["source"], m["rule"]) for m in roll["target_modifiers"]] == [
        (1, "situation", "GURPS-SIZE-MODIFIER")
    ]
    assert "+1 Ogre's SM +1 [situation, GURPS-SIZE-MODIFIER]" in gm("explain", "4")


def test_a_two_handed_staff_is_plus_2_to_keep(gm: Gm) -> None:
    """GURPS-DISARM: Bruno strikes at Kenji's staff (reach 1,2: -4, -2 to disarm; club 12 -
    6 = 6; 1,1,2 hits); Kenji does not defend; the contest: club 12 against staff 13 +2 for a
    two-handed weapon."""
    dojo(gm)
    gm("maneuver", "kenji", "do-nothing")
    out = gm.events("disarm", "bruno", "kenji", "--weapon", "club", "--at", "quarterstaff",
                    "--defend", "none", "--dice", "1,1,2,3,3,3,3,3,3")  # fmt: skip
    contest = _of(out, "contest_rolled")
    keep = contest["passive_roll"]
    assert keep["target"] == 15
    assert [(m["value"], m["rule"]) for m in keep["target_modifiers"]] == [(2, "GURPS-DISARM")]


def test_a_barehanded_parry_in_a_real_process(fracas_cli: FracasCli, tmp_path: Path) -> None:
    """GURPS-PARRY-UNARMED: `defend bruno parry` with no parrying weapon in hand (his club
    knocked away first) is barehanded, as a real `fracas` process runs it."""
    db = tmp_path / "real.db"

    def ok(*args: str) -> str:
        r = fracas_cli(*args, db=db)
        assert r.code == 0, r
        return r.stdout

    ok("new", "dojo", "--seed", "5", "--system", "gurps")
    ok("add", str(SHEETS / "kenji_mori.toml"), "--id", "kenji", "--side", "dojo")
    ok("add", str(SHEETS / "bruno.yaml"), "--id", "bruno", "--side", "thugs")
    ok("initiative", "--dice", "3,4")
    ok("attack", "kenji", "bruno", "--weapon", "quarterstaff", "--dice", "3,3,3")
    out = ok("--json", "defend", "bruno", "parry", "--weapon", "fist", "--dice", "2,2,2")
    parried = _of(json.loads(out)["events"], "defense_rolled")
    assert (parried["weapon"], parried["skill"], parried["roll"]["target"]) == (
        "hands",
        "brawling",
        6,
    )
