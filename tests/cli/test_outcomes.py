"""The log at a glance (issue 23): one outcome line per ply in every system, naming who did
what to whom, the roll against what it had to beat, hit or miss and the damage; a landing
named as the action that lands; ``--actor`` (declared by) and ``--involving`` (by or at); the
``outcome`` and ``landings`` of ``log --json``; ranges written "LOW to HIGH".

Through the real command line in process (``fracas_inprocess``), every roll that decides
something forced with ``--dice``. The pronouns are tests/cli/test_pronouns.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.table import Table
from tests.cli.test_round_cli import Gm, Invoke
from tests.conftest import SHEETS, assert_one_line_error


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "fight.db")


def plies(gm: Gm, *args: str) -> dict[int, list[str]]:
    """``log``'s lines by ply: the outcome line, then what is under it (↳, ==)."""
    out: dict[int, list[str]] = {}
    for line in gm("log", *args).splitlines():
        if line.startswith("#"):
            number, text = line[1:].split(None, 1)
            out[int(number)] = [text.split("  [dice")[0]]
        else:
            out[max(out)].append(line.strip())
    return out


def raw_melee(gm: Gm) -> None:
    """Rules as written: Marcus Kell (Expert 3) and CS Grunt Vance against a Brodkil."""
    gm("new", "duel", "--seed", "7")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus", "--side", "players")
    gm("add", str(SHEETS / "brodkil.json"), "--id", "brodkil", "--side", "opponents")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance", "--side", "players")
    gm("initiative", "--dice", "15,3,2")  # Marcus 15, Brodkil 4, Vance 3
    gm("strike", "marcus", "brodkil", "--weapon", "vibro-knife", "--defend", "parry",
       "--dice", "14,10,6")  # fmt: skip
    gm("power-punch", "brodkil", "marcus", "--defend", "dodge")
    gm("strike", "vance", "brodkil", "--weapon", "energy rifle", "--defend", "dodge",
       "--dice", "8,19")  # fmt: skip
    # Marcus's blow, then the turn comes to the Brodkil, whose punch lands: 15, dodge 6, 4+2
    gm("strike", "marcus", "brodkil", "--weapon", "vibro-knife", "--defend", "none",
       "--dice", "3,2,15,6,4,2")  # fmt: skip
    gm("strike", "vance", "brodkil", "--weapon", "energy rifle", "--dice", "2")
    gm("next")
    gm("strike", "brodkil", "vance", "--dice", "19")
    gm("defend", "vance", "dodge", "--dice", "7,4,5")
    gm("ruling", "marcus", "--condition", "stunned", "--rounds", "1")
    gm("next")
    gm("ruling", "vance", "--damage", "5", "--mega", "--note", "a falling beam")
    gm("remove", "vance")


def test_PAL_STRIKE_ROLL_every_ply_has_a_line_that_says_hit_miss_and_damage(gm: Gm) -> None:
    """PAL-STRIKE-ROLL, PAL-DEF-PARRY, PAL-DEF-DODGE, PAL-COST-MULTI-LANDING: a strike against
    the parry that answered it, hit and the damage and where it went; a shot dodged; a miss;
    a defence answered later; a GM's turn; a ruling; a removal; the initiative's rolls."""
    raw_melee(gm)
    log = plies(gm)
    assert log[1] == ["The GM adds Marcus Kell as 'marcus' on side 'players'"]
    assert log[4] == [
        "The GM calls for initiative: Marcus Kell 15, Brodkil Raider 4, CS Grunt Vance 3",
        "== Round 1 begins; order: Marcus Kell, Brodkil Raider, CS Grunt Vance",
    ]
    assert log[5] == [
        "Marcus Kell strikes Brodkil Raider with vibro-knife: 18 vs parry 10, hit, "
        "1D6 = 6 M.D., Brodkil Raider M.D.C. 80 → 74"
    ]
    assert log[6] == [
        "Brodkil Raider winds up a power punch at Marcus Kell: takes 2 attacks, lands on the last"
    ]
    assert log[7] == [
        "CS Grunt Vance strikes Brodkil Raider with energy rifle: 9 vs dodge 20, dodged"
    ]
    assert log[9] == ["CS Grunt Vance strikes Brodkil Raider with energy rifle: 3 vs 8, miss"]
    assert log[10] == ["The GM ends Marcus Kell's turn; Brodkil Raider acts"]
    assert log[11] == [
        "Brodkil Raider strikes CS Grunt Vance bare-handed: 22 vs 5, hits unless defended, "
        "waiting for CS Grunt Vance's answer"
    ]
    assert log[12] == [
        "CS Grunt Vance tries to dodge: 9 vs Brodkil Raider's 22, hit, 2D6 = 9 M.D., "
        "CS Grunt Vance armor 50 → 41"
    ]
    assert log[13] == [
        "GM ruling on Marcus Kell: Marcus Kell stunned for 1 round, "
        "order now: Brodkil Raider, CS Grunt Vance"
    ]
    assert log[15] == ["GM ruling on CS Grunt Vance (a falling beam): CS Grunt Vance armor 41 → 36"]
    assert log[16] == ["The GM takes CS Grunt Vance out of the fight"]


def test_PAL_COST_MULTI_LANDING_a_landing_names_the_action_that_lands(gm: Gm) -> None:
    """A power punch lands on the Brodkil's next turn, in a ply Marcus declared: the line
    under it says it is the Brodkil's power punch landing, and how it went."""
    raw_melee(gm)
    assert plies(gm)[8] == [
        "Marcus Kell strikes Brodkil Raider with vibro-knife: 7 vs 5, hit, 1D6 = 2 M.D., "
        "Brodkil Raider M.D.C. 74 → 72",
        "↳ Brodkil Raider's power punch lands on Marcus Kell: 18 vs dodge 10, hit, "
        "2D6×2 = 12 M.D., Marcus Kell armor 50 → 38",
    ]
    doc = gm.doc("log")
    assert doc[8]["outcome"].startswith("Marcus Kell strikes Brodkil Raider")
    assert doc[8]["landings"] == [
        "Brodkil Raider's power punch lands on Marcus Kell: 18 vs dodge 10, hit, "
        "2D6×2 = 12 M.D., Marcus Kell armor 50 → 38"
    ]
    assert [p["landings"] for p in doc if p["ply"] != 8] == [[]] * (len(doc) - 1)


def test_PAL_HR_LONG_ACTION_an_aimed_shot_lands_on_a_later_pass(gm: Gm) -> None:
    """PAL-HR-LONG-ACTION: a house aimed, called shot (three attacks) paid over two passes
    lands when the GM's `next` brings the shooter's turn: the line under it names the aimed
    called shot, its roll and its verdict."""
    gm("new", "ambush", "--seed", "41", "--variant", "house")
    gm("add", str(SHEETS / "cs_grunt.yaml"), "--id", "vance", "--side", "players")
    gm("add", str(SHEETS / "brodkil.json"), "--id", "brodkil", "--side", "opponents")
    gm("initiative")  # Vance first
    gm("shoot", "vance", "brodkil", "--aimed", "--called", "head", "--range", "300")
    gm("next", "--dice", "14")  # the Brodkil's turn ends; pass 2: the shot, 14 + 3
    gm("defend", "brodkil", "dodge", "--dice", "3")
    log = plies(gm)
    assert log[4] == [
        "CS Grunt Vance shoots Brodkil Raider (aimed, called: head, at 300 ft): takes 3 "
        "attacks, lands on the last"
    ]
    assert log[5][:2] == [
        "The GM ends Brodkil Raider's turn; CS Grunt Vance acts",
        "↳ CS Grunt Vance's aimed called shot lands on Brodkil Raider: 17 vs 8, hits unless "
        "defended, waiting for Brodkil Raider's answer",
    ]
    answer = log[6][0]
    assert answer.startswith("Brodkil Raider tries to dodge: 4 vs CS Grunt Vance's 17, hit, "), (
        answer
    )


def test_BRP_AIM_TIME_an_aimed_attack_goes_off_and_a_parry_is_told(gm: Gm) -> None:
    """BRP-AIM-TIME, BRP-CLOSE-COMBAT: the percentile attack against the skill with its
    tier, the parry against its own, the aimed attack going off at its rank under the ply
    that brought it, an answer none."""
    gm("new", "brp-duel", "--seed", "77", "--system", "brp", "--option", "hit_locations=on")
    gm("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa", "--side", "heroes")
    gm("add", str(SHEETS / "brp" / "gunman.json"), "--id", "mara", "--side", "heroes")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit", "--side", "bandits")
    gm("initiative")
    gm("next")
    gm("next")
    gm("attack", "ilsa", "bandit", "--dice", "40")
    gm("defend", "bandit", "parry", "--weapon", "round shield", "--dice", "30")
    gm("attack", "mara", "bandit", "--weapon", "revolver", "--aim", "5", "--location",
       "right_arm", "--range", "10")  # fmt: skip
    gm("attack", "bandit", "ilsa", "--defend", "dodge", "--dice", "45,22,17")
    gm("defend", "bandit", "none", "--dice", "6")
    log = plies(gm)
    assert log[5] == ["The GM moves the round on", "== Round 1: the powers phase begins"]
    assert log[6] == [
        "The GM moves the round on; Ilsa Varg acts at 15",
        "== Round 1: the turns begin",
    ]
    assert log[7] == [
        "Ilsa Varg attacks Hollow-Eyed Bandit: 40 vs 55 (success), hits unless defended, "
        "waiting for Hollow-Eyed Bandit's answer"
    ]
    assert log[8][0].startswith(
        "Hollow-Eyed Bandit tries to parry with the round shield: parry 30 vs 45 (success), "
        "parried, damage 1D8+1+1D4 = "
    )
    assert log[9] == [
        "Mara Quist attacks Hollow-Eyed Bandit with the revolver (aiming 5 ranks, at the right "
        "arm, 10 m): the shot comes at DEX rank 9"
    ]
    assert log[10] == [
        "Hollow-Eyed Bandit attacks Ilsa Varg: 45 vs 50 (success), dodge 22 vs 40 (success), "
        "dodged",
        "↳ Mara Quist's aimed attack goes off: 17 vs 60 (success), hits unless defended, "
        "waiting for Hollow-Eyed Bandit's answer",
    ]
    took = log[11][0]
    assert took.startswith("Hollow-Eyed Bandit takes the hit: right arm, damage 1D8 = 6"), took
    assert "Hollow-Eyed Bandit HP 13 → " in took


def skirmish(gm: Gm) -> None:
    """The README's GURPS skirmish, its dice forced."""
    gurps = SHEETS / "gurps"
    gm("new", "gurps-skirmish", "--seed", "77", "--system", "gurps")
    gm("add", str(gurps / "sir_aldric.toml"), "--id", "aldric", "--side", "knights")
    gm("add", str(gurps / "vic_moran.json"), "--id", "vic", "--side", "thugs")
    gm("add", str(gurps / "bruno.yaml"), "--id", "bruno", "--side", "thugs")
    gm("initiative", "--dice", "3,4,5")
    gm("attack", "aldric", "bruno", "--dice", "3,4,4")
    gm("defend", "bruno", "parry", "--retreat", "--dice", "2,3,3")
    gm("attack", "vic", "aldric", "--weapon", "smg", "--rof", "5", "--range", "5",
       "--dice", "2,3,3")  # fmt: skip
    gm("defend", "aldric", "dodge", "--dice", "3,4,4,3,4,2,5")
    gm("maneuver", "bruno", "all-out-attack", "--mode", "determined")
    gm("attack", "bruno", "aldric", "--weapon", "club", "--defend", "parry",
       "--dice", "4,4,4,5,5,5,2,3")  # fmt: skip
    gm("attack", "aldric", "bruno", "--location", "neck", "--dice", "1,2,2,4,5,5,4")


def test_GURPS_ACTIVE_DEFENSE_the_attack_and_the_defence_each_against_its_own_score(
    gm: Gm,
) -> None:
    """GURPS-SUCCESS-ROLL, GURPS-ACTIVE-DEFENSE, GURPS-RAPID-FIRE, GURPS-ALL-OUT-ATTACK,
    GURPS-MAJOR-WOUND: 3d6 against the effective skill with its margin, the defence against
    its own score, hits of a burst, no defence after an All-Out Attack, the injury."""
    skirmish(gm)
    log = plies(gm)
    assert log[4][0] == "The GM calls for initiative: Sir Aldric 6.25, Vic Moran 5.75, Bruno 5.75"
    assert log[5] == [
        "Sir Aldric attacks Bruno: 11 vs 15 (made by 4), hits unless defended, waiting for "
        "Bruno's answer"
    ]
    assert log[6] == [
        "Bruno tries to parry retreating: parry retreating 8 vs 10 (made by 2), parried"
    ]
    assert log[7] == [
        "Vic Moran attacks Sir Aldric with the smg (5 shots, 5 yd): 8 vs 13 (made by 5), "
        "3 of 5 hit unless defended, waiting for Sir Aldric's answer"
    ]
    assert log[8] == [
        "Sir Aldric tries to dodge: dodge 11 vs 11 (made by 0), stops 1 of 3, 2D6 = 7 pi, "
        "Sir Aldric HP 12 → 9, 2D6 = 7 pi, Sir Aldric HP 9 → 6"
    ]
    assert log[9] == ["Bruno takes all-out-attack (determined)"]
    assert log[10][0] == (
        "Bruno attacks Sir Aldric with the club: 12 vs 16 (made by 4), parry 15 vs 13 (missed "
        "by 2), hit, 2D6+1 = 6 cr, Sir Aldric HP 6 → 4"
    )
    assert log[11][0] == (
        "Sir Aldric attacks Bruno (at the neck): 5 vs 6 (made by 1), hit, 1D6+3 = 7 cut, "
        "Bruno HP 14 → 0, a major wound, Bruno's HT (knockdown) 14 vs 12, fails, Bruno is "
        "physically stunned, Bruno is prone"
    )


def test_actor_lists_what_he_declared_and_involving_what_is_by_or_at_him(gm: Gm) -> None:
    """`--actor X` lists the plies X declared (his strikes, his answer), not those where he
    is only the target; `--involving X` those by or at him: his join, strikes at him, a
    GM's ruling on him or `next` ending his turn, and the ply in which an action lands on
    him. The library's `Table.log` filters alike."""
    raw_melee(gm)
    by = sorted(plies(gm, "--actor", "vance"))
    assert by == [7, 9, 12]
    at = sorted(plies(gm, "--involving", "vance"))
    assert at == [3, 7, 9, 11, 12, 14, 15, 16]
    by_brodkil = sorted(plies(gm, "--actor", "brodkil"))
    assert by_brodkil == [6, 11]  # his punch landing in #8 was declared in #6
    assert 8 in plies(gm, "--involving", "brodkil")  # it landed there, by him
    assert 8 in plies(gm, "--involving", "marcus")  # and on Marcus
    assert sorted(plies(gm, "--actor", "marcus", "--round", "1")) == [5, 8]
    table = Table(gm.db)
    assert [v.number for v in table.log(actor="vance")] == by
    assert [v.number for v in table.log(involving="vance")] == at
    assert [v.number for v in table.log(round_=1, actor="marcus")] == [5, 8]
    for option in ("--actor", "--involving"):
        assert_one_line_error(gm.run("log", option, "ghost"), 2, "unknown combatant 'ghost'")


def test_actor_and_involving_in_brp_and_gurps(gm: Gm, fracas_inprocess: Invoke) -> None:
    """The filters in the other systems: a GURPS defender's answer is his; the attack at
    him is only `--involving`."""
    skirmish(gm)
    assert sorted(plies(gm, "--actor", "bruno")) == [6, 9, 10]
    assert sorted(plies(gm, "--involving", "bruno")) == [3, 5, 6, 9, 10, 11]
    brp = Gm(fracas_inprocess, gm.db.with_name("brp.db"))
    brp("new", "brp", "--seed", "1", "--system", "brp")
    brp("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa", "--side", "heroes")
    brp("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit", "--side", "bandits")
    brp("initiative")
    brp("next")
    brp("next")
    brp("attack", "ilsa", "bandit", "--dice", "40")
    brp("defend", "bandit", "dodge", "--dice", "90")
    assert sorted(plies(brp, "--actor", "bandit")) == [7]
    assert sorted(plies(brp, "--involving", "bandit")) == [2, 6, 7]


def test_ranges_read_low_to_high_with_a_minus_sign(gm: Gm) -> None:
    """`odds` writes each pool's band from the 10th to the 90th percentile as "LOW to HIGH",
    a negative number with the minus sign: never "(-6--6)", which reads as a subtraction.
    A GURPS fighter ruled down to -6 HP ends there in every run."""
    gm("new", "g", "--seed", "3", "--system", "gurps")
    gm("add", str(SHEETS / "gurps" / "bruno.yaml"), "--id", "bruno", "--side", "thugs")
    gm("add", str(SHEETS / "gurps" / "sir_aldric.toml"), "--id", "aldric", "--side", "knights")
    gm("initiative", "--dice", "3,4")
    gm("ruling", "bruno", "--damage", "20")
    text = gm("odds", "--from", "4", "--runs", "20", "--seed", "1")
    row = next(line for line in text.splitlines() if line.strip().startswith("hp mean"))
    assert row.split() == ["hp", "mean", "(p10", "to", "p90)", "−6", "(−6", "to", "−6)"], row
    assert "-6" not in text  # no hyphen for a minus
    rounds = next(line for line in text.splitlines() if "rounds mean" in line)
    assert rounds.split()[-4:] == ["1", "(1", "to", "1)"], rounds  # both ends, even when one
