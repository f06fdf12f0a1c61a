"""The clock as a GM drives it from the shell: house passes, long actions, holds, interrupts,
rulings, RAW multi-attack shots, and the refusals of the round commands.

Everything goes through the real command line, ``cli.main:run``: in this process inside
typer's CliRunner isolation (``fracas_inprocess``, tests/conftest.py) for speed, and as a real
``fracas`` process (``fracas_cli``) for the RAW round and for refusals checked byte for byte on
disk. Outcomes are read back from ``status --json`` and from the ``--json`` ply documents the
commands print; rolls that decide something are forced with ``--dice``.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import (
    SHEETS,
    CliResult,
    FracasCli,
    LogSnapshot,
    assert_one_line_error,
    file_state,
)

RULE_SHEETS = Path(__file__).resolve().parent.parent / "engine/rules/palladium/sheets"

Invoke = Callable[..., CliResult]


class Gm:
    """A game master at the shell: ``gm("next")`` must succeed, ``gm.refused(...)`` must not."""

    def __init__(self, invoke: Invoke, db: Path) -> None:
        self.invoke = invoke
        self.db = db

    def run(self, *args: str) -> CliResult:
        return self.invoke(*args, db=self.db)

    def __call__(self, *args: str) -> str:
        result = self.run(*args)
        assert result.code == 0, (args, result)
        assert result.stderr == "", (args, result)
        return result.stdout

    def doc(self, *args: str) -> dict[str, Any]:
        """A command's ``--json`` document (a ply's events, a status…)."""
        out: dict[str, Any] = json.loads(self("--json", *args))
        return out

    def events(self, *args: str) -> list[dict[str, Any]]:
        events: list[dict[str, Any]] = self.doc(*args)["events"]
        return events

    def status(self) -> dict[str, Any]:
        return self.doc("status")

    def who(self, cid: str) -> dict[str, Any]:
        found: dict[str, Any] = next(c for c in self.status()["combatants"] if c["id"] == cid)
        return found

    def refused(self, code: int, *args: str, mentions: tuple[str, ...] = ()) -> str:
        """The command is refused with ``code`` and the fight is exactly as it was."""
        before = self.status()
        line = assert_one_line_error(self.run(*args), code, *mentions)
        assert self.status() == before, f"{args} changed the fight"
        return line


def typed(events: list[dict[str, Any]], tag: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == f"palladium.{tag}"]


def fighters(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["id"]: c for c in doc["combatants"]}


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "fight.db")


def house_trio(gm: Gm) -> None:
    """Marcus Kell (Expert 3: 4 attacks, 2/1/1), the Brawler ``a`` (Basic 1: 4, 2/1/1) and the
    Expert Ace ``x`` (Expert 6: 5, 2/2/1; +2 initiative), all PCs, under the house rules."""
    gm("new", "round", "--seed", "3", "--variant", "house")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a")
    gm("add", str(RULE_SHEETS / "expert.toml"), "--id", "x")


# --- a house round -------------------------------------------------------------------------


def test_PAL_HR_ROUND_PASSES_a_house_round_through_the_cli(gm: Gm) -> None:
    """One round of three passes (PAL-HR-ROUND-PASSES) with the attacks split over them
    (PAL-HR-APM-SPLIT), a long action begun in pass 1 and finished in pass 2
    (PAL-HR-LONG-ACTION), a hold released (PAL-HR-HOLD), a won interrupt with forced dice
    (PAL-HR-INTERRUPT), a ruling that takes an attack (PAL-HR-APM-GAIN-LOSE), passes
    (PAL-HR-PASS-TURN) and `next`; undo and redo of the ruling give back the whole status
    documents; the log verifies."""
    house_trio(gm)
    st = gm.status()
    assert (st["variant"], st["round"], st["acting"]) == ("house", 0, None)
    assert st["options"]["round_structure"] == "passes"

    events = gm.events("initiative", "--dice", "14,9,5")
    rolls = {r["combatant"]: r["roll"]["total"] for r in typed(events, "initiative_rolled")}
    assert rolls == {"marcus": 14, "a": 9, "x": 7}
    st = gm.status()
    assert (st["round"], st["pass"], st["passes"]) == (1, 1, 3)
    assert st["order"] == ["marcus", "a", "x"]
    assert (st["acting"], st["cut_in"], st["queued"]) == ("marcus", False, [])
    who = fighters(st)
    # PAL-HR-APM-SPLIT: 4 -> 2/1/1, 5 -> 2/2/1; only the one acting has his pass in hand
    assert who["marcus"]["apm_by_pass"] == [2, 1, 1]
    assert who["a"]["apm_by_pass"] == [2, 1, 1]
    assert who["x"]["apm_by_pass"] == [2, 2, 1]
    assert [who[c]["apm_left"] for c in ("marcus", "a", "x")] == [2, 0, 0]
    assert [who[c]["initiative"] for c in ("marcus", "a", "x")] == [14, 9, 7]
    assert all(
        (c["overdraft"], c["long_action"], c["held"], c["lost_initiative"]) == (0, None, None, None)
        for c in who.values()
    )

    # PAL-HR-LONG-ACTION: 3 attacks with 2 in hand: both paid now, the turn goes on
    gm("act", "marcus", "--cost", "3", "--note", "casts Armor of Ithan")
    st = gm.status()
    marcus = fighters(st)["marcus"]
    assert marcus["long_action"] == {
        "action": "act",
        "target": None,
        "cost": 3,
        "paid": 2,
        "left": 1,
        "note": "casts Armor of Ithan",
    }
    assert (marcus["apm_left"], marcus["apm_by_pass"]) == (0, [0, 1, 1])
    assert (st["pass"], st["acting"]) == (1, "a")
    assert fighters(st)["a"]["apm_left"] == 2

    # PAL-HR-HOLD: the Brawler holds; his attacks stay in hand and the Expert's turn comes
    gm("hold", "a", "--until", "the Expert draws")
    st = gm.status()
    assert fighters(st)["a"]["held"] == "the Expert draws"
    assert fighters(st)["a"]["apm_left"] == 2
    assert (st["acting"], st["cut_in"]) == ("x", False)
    assert "holds until 'the Expert draws'" in gm("status")

    gm("release", "a")
    st = gm.status()
    assert (st["acting"], st["cut_in"], st["pass"]) == ("a", True, 1)
    assert fighters(st)["a"]["held"] is None

    # one action, then the turn goes back to the Expert
    events = gm.events("strike", "a", "x", "--defend", "none", "--dice", "12,3")
    assert [e["after"] for e in typed(events, "damage_applied")] == [17]  # 1D4 [3]: 20 -> 17
    st = gm.status()
    assert (st["acting"], st["cut_in"]) == ("x", False)
    assert fighters(st)["a"]["apm_left"] == 1
    assert fighters(st)["x"]["sdc"] == 17

    # PAL-HR-INTERRUPT with the GM's leave: 1D100 + Spd each, interrupter first; 81 > 50
    events = gm.events("interrupt", "a", "--allowed", "--dice", "71,40")
    (rolled,) = typed(events, "interrupt_rolled")
    assert (rolled["interrupter"], rolled["against"], rolled["wins"]) == ("a", "x", True)
    assert (rolled["roll"]["faces"], rolled["roll"]["total"]) == ([71], 81)
    assert (rolled["against_roll"]["faces"], rolled["against_roll"]["total"]) == ([40], 50)
    st = gm.status()
    assert (st["acting"], st["cut_in"]) == ("a", True)

    # PAL-HR-PASS-TURN: passing ends the cut-in; what is left stays in hand for defences
    gm("pass", "a")
    before_ruling = gm.status()
    assert (before_ruling["acting"], before_ruling["cut_in"]) == ("x", False)
    assert fighters(before_ruling)["a"]["apm_left"] == 1
    assert fighters(before_ruling)["x"]["apm_left"] == 2

    # PAL-HR-APM-GAIN-LOSE: a lost attack comes out of the hand
    gm("ruling", "x", "--lose-attacks", "1", "--rule", "PAL-HR-APM-GAIN-LOSE", "--note", "stunned")
    after_ruling = gm.status()
    x = fighters(after_ruling)["x"]
    assert (x["apm_left"], x["apm_by_pass"]) == (1, [1, 2, 1])
    assert after_ruling["head"] == before_ruling["head"] + 1

    # undo gives back exactly the document before the ruling, redo the one after
    gm("undo")
    assert gm.status() == before_ruling
    gm("redo")
    assert gm.status() == after_ruling

    # the Expert passes: pass 2 begins and Marcus's long action is paid off and happens
    events = gm.events("pass", "x")
    assert [(e["actor"], e["note"]) for e in typed(events, "action_completed")] == [
        ("marcus", "casts Armor of Ithan")
    ]
    st = gm.status()
    assert (st["round"], st["pass"], st["acting"]) == (1, 2, "a")
    marcus = fighters(st)["marcus"]
    assert (marcus["long_action"], marcus["apm_by_pass"]) == (None, [0, 0, 1])
    assert "pass 2 of 3" in gm("status")

    gm("next")
    assert (gm.status()["pass"], gm.status()["acting"]) == (2, "x")
    gm("next")
    st = gm.status()
    assert (st["pass"], st["acting"]) == (3, "marcus")
    assert fighters(st)["marcus"]["apm_left"] == 1
    for _ in range(3):
        gm("next")
    st = gm.status()
    assert (st["round"], st["pass"], st["acting"]) == (1, 3, None)
    gm.refused(1, "next", mentions=("fracas initiative",))

    assert gm("replay", "--verify").startswith(
        f"verified {st['head'] + 1} plies; log intact, head hash "
    )
    log = gm("log")
    for text in ("casts Armor of Ithan", "holds their action", "interrupt", "GM ruling"):
        assert text in log


def test_PAL_HR_INTERRUPT_a_tie_queues_the_interrupter_after_the_action(gm: Gm) -> None:
    """A tie goes to the one interrupted (strictly higher wins): the interrupter is queued
    (``queued``) and cuts in once the current action is resolved, then the turn comes back."""
    house_trio(gm)
    gm("initiative", "--dice", "14,9,5")
    gm("pass", "marcus")
    gm("hold", "a", "--until", "the Expert moves")
    events = gm.events("interrupt", "a", "--dice", "40,40")  # Spd 10 each: 50 v 50
    (rolled,) = typed(events, "interrupt_rolled")
    assert (rolled["roll"]["total"], rolled["against_roll"]["total"], rolled["wins"]) == (
        50,
        50,
        False,
    )
    st = gm.status()
    assert (st["acting"], st["cut_in"], st["queued"]) == ("x", False, ["a"])
    assert fighters(st)["a"]["held"] is None  # the hold is spent on the interrupt
    gm("strike", "x", "marcus", "--defend", "none", "--dice", "2")  # misses, but resolved
    st = gm.status()
    assert (st["acting"], st["cut_in"], st["queued"]) == ("a", True, [])
    gm("pass", "a")
    st = gm.status()
    assert (st["acting"], st["cut_in"]) == ("x", False)
    assert fighters(st)["x"]["apm_left"] == 1


def test_PAL_HR_LOSE_INIT_now_before_acting_next_round_after_and_no_stacking(gm: Gm) -> None:
    """Losing initiative before acting puts him at 0 in this round's order; after acting, he
    starts the next round at 0 without a roll; a second loss changes nothing."""
    house_trio(gm)
    gm("initiative", "--dice", "14,9,5")
    gm("ruling", "a", "--lose-initiative", "--rule", "PAL-HR-LOSE-INIT")
    st = gm.status()
    assert st["order"] == ["marcus", "x", "a"]
    a = fighters(st)["a"]
    assert (a["initiative"], a["lost_initiative"]) == (0, "now")

    gm("pass", "marcus")
    gm("ruling", "marcus", "--lose-initiative")
    lost = gm.status()
    assert fighters(lost)["marcus"]["lost_initiative"] == "next_round"
    assert lost["order"] == ["marcus", "x", "a"]  # this round's order stays
    gm.refused(1, "ruling", "marcus", "--lose-initiative", mentions=("does not stack",))

    while gm.status()["acting"] is not None:
        gm("next")
    # only a and x roll: two faces are all the round takes (a third would be refused unused)
    gm.refused(2, "initiative", "--dice", "9,5,3", mentions=("unused",))
    events = gm.events("initiative", "--dice", "9,5")
    rolled = [r["combatant"] for r in typed(events, "initiative_rolled") if r["roll"]["faces"]]
    assert sorted(rolled) == ["a", "x"]
    st = gm.status()
    assert st["round"] == 2
    assert st["order"] == ["a", "x", "marcus"]
    marcus = fighters(st)["marcus"]
    assert (marcus["initiative"], marcus["lost_initiative"]) == (0, "now")


def test_PAL_HR_APM_GAIN_LOSE_gained_off_turn_joins_the_next_turn(gm: Gm) -> None:
    """An attack gained outside his turn joins his next turn's pass; one gained on his turn
    joins the hand."""
    house_trio(gm)
    gm("initiative", "--dice", "14,9,5")
    gm("ruling", "x", "--gain-attacks", "1")
    x = gm.who("x")
    assert (x["apm_left"], x["apm_by_pass"]) == (0, [3, 2, 1])
    gm("ruling", "marcus", "--gain-attacks", "1")
    marcus = gm.who("marcus")
    assert (marcus["apm_left"], marcus["apm_by_pass"]) == (3, [3, 1, 1])


# --- a RAW round ---------------------------------------------------------------------------


def test_PAL_COST_MULTI_LANDING_raw_aimed_shot_lands_on_the_second_turn_subprocess(
    fracas_cli: FracasCli, tmp_path: Path
) -> None:
    """RAW cycles one attack per turn (PAL-ROUND-SEQUENCE): an aimed shot (2 attacks, +2,
    PAL-RNG-AIMED) pays one now and rolls nothing; the target's `pass` lets his attack go
    (PAL-ROUND-END) and the shot lands at the start of the shooter's next turn, in that same
    command (PAL-COST-MULTI-LANDING). Run as real processes."""
    gm = Gm(fracas_cli, tmp_path / "raw.db")
    gm("new", "raw-round", "--seed", "5", "--variant", "raw")
    gm("add", str(RULE_SHEETS / "gunner.toml"), "--id", "g")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a")
    gm("initiative", "--dice", "15,5")
    st = gm.status()
    assert (st["variant"], st["options"]["round_structure"]) == ("raw", "cycle")
    assert (st["order"], st["acting"]) == (["g", "a"], "g")
    assert [c["apm_by_pass"] for c in st["combatants"]] == [[5], [4]]  # no split under RAW

    # nothing is rolled on the first turn: faces given now are left unused and refused
    gm.refused(2, "shoot", "g", "a", "--aimed", "--dice", "12", mentions=("unused",))

    events = gm.events("shoot", "g", "a", "--aimed", "--defend", "none")
    assert typed(events, "strike_rolled") == []
    (started,) = typed(events, "action_started")
    assert (started["action"], started["cost"], started["weapon"]) == ("aimed shot", 2, "rifle")
    st = gm.status()
    assert st["acting"] == "a"
    g = fighters(st)["g"]
    assert g["apm_left"] == 4
    assert (g["long_action"]["cost"], g["long_action"]["paid"], g["long_action"]["left"]) == (
        2,
        1,
        1,
    )
    a_before = fighters(st)["a"]
    assert a_before["apm_left"] == 4

    events = gm.events("pass", "a")
    (strike,) = typed(events, "strike_rolled")
    assert (strike["actor"], strike["target"], strike["action"]) == ("g", "a", "aimed shot")
    roll = strike["roll"]
    values = [m["value"] for m in roll["modifiers"]]
    assert any("aimed" in m["name"] and m["value"] == 2 for m in roll["modifiers"]), roll
    assert roll["total"] == strike["natural"] + sum(values)
    assert roll["total"] == strike["natural"] + 4  # W.P. Energy Rifle 4: +2, aimed: +2
    st = gm.status()
    g, a = fighters(st)["g"], fighters(st)["a"]
    assert (g["apm_left"], g["long_action"]) == (3, None)
    assert a["apm_left"] == 3  # his passed turn's attack is gone
    assert st["acting"] == "a"
    taken = sum(e["amount"] for e in typed(events, "damage_applied"))
    assert strike["hits"] == bool(typed(events, "damage_rolled"))
    assert (a_before["sdc"] + a_before["hp"]) - (a["sdc"] + a["hp"]) == taken

    assert gm("replay", "--verify").startswith(
        f"verified {st['head'] + 1} plies; log intact, head hash "
    )


def test_raw_pass_lets_the_turns_attack_go_and_next_does_the_same(gm: Gm) -> None:
    """Under RAW a turn is one attack: `pass` and `next` each spend it unused."""
    gm("new", "raw", "--seed", "5")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a")
    gm("add", str(RULE_SHEETS / "expert.toml"), "--id", "x")
    gm("initiative", "--dice", "15,5")
    assert gm.status()["acting"] == "a"
    gm("pass", "a")
    assert (gm.status()["acting"], gm.who("a")["apm_left"]) == ("x", 3)
    gm("next")
    assert (gm.status()["acting"], gm.who("x")["apm_left"]) == ("a", 4)


# --- refusals ------------------------------------------------------------------------------


def _no_wp_sheet(folder: Path) -> Path:
    """The gunner's sheet without its W.P. (the rifle still names energy_rifle) and a knife."""
    data = tomllib.loads((RULE_SHEETS / "gunner.toml").read_text())
    data.pop("weapon_proficiencies")
    data["weapons"].append({"name": "knife", "kind": "melee", "damage": "1D6"})
    path = folder / "no_wp.json"
    path.write_text(json.dumps(data))
    return path


def raw_fight(gm: Gm) -> None:
    """RAW; the W.P.-less gunner ``nowp`` acts first, the Expert Ace ``x`` second."""
    gm("new", "raw", "--seed", "7", "--variant", "raw")
    gm("add", str(_no_wp_sheet(gm.db.parent)), "--id", "nowp")
    gm("add", str(RULE_SHEETS / "expert.toml"), "--id", "x")
    gm("initiative", "--dice", "15,5")
    assert gm.status()["acting"] == "nowp"


def house_fight(gm: Gm) -> None:
    """House rules; the Brawler ``a`` acts first, the Expert Ace ``x`` second; no hold."""
    gm("new", "house", "--seed", "7", "--variant", "house")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a")
    gm("add", str(RULE_SHEETS / "expert.toml"), "--id", "x")
    gm("initiative", "--dice", "14,5")
    assert gm.status()["acting"] == "a"


def no_round(gm: Gm) -> None:
    gm("new", "idle", "--seed", "7", "--variant", "house")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a")
    gm("add", str(RULE_SHEETS / "expert.toml"), "--id", "x")


SETUPS: dict[str, Callable[[Gm], None]] = {
    "raw": raw_fight,
    "house": house_fight,
    "no round": no_round,
}

REFUSALS = [
    pytest.param(
        "raw",
        ["hold", "nowp", "--until", "x moves"],
        1,
        ("PAL-HR-HOLD", "--variant house"),
        id="PAL_HR_HOLD-hold-under-raw",
    ),
    pytest.param(
        "house",
        ["release", "x"],
        1,
        ("holds no action", "fracas hold x"),
        id="PAL_HR_HOLD-release-without-a-hold",
    ),
    pytest.param(
        "house",
        ["interrupt", "x"],
        1,
        ("PAL-HR-HOLD", "--allowed"),
        id="PAL_HR_INTERRUPT-without-a-hold-or-allowed",
    ),
    pytest.param(
        "raw",
        ["shoot", "nowp", "x", "--aimed"],
        1,
        ("PAL-STRIKE-NO-WP", "aimed"),
        id="PAL_STRIKE_NO_WP-aimed",
    ),
    pytest.param(
        "raw",
        ["shoot", "nowp", "x", "--called", "head"],
        1,
        ("PAL-STRIKE-NO-WP", "called"),
        id="PAL_STRIKE_NO_WP-called",
    ),
    pytest.param(
        "raw",
        ["shoot", "nowp", "x", "--weapon", "knife"],
        1,
        ("knife", "melee", "strike"),
        id="shoot-with-a-melee-weapon",
    ),
    pytest.param(
        "house", ["ruling", "x"], 2, ("effect", "--note"), id="ruling-without-effect-or-note"
    ),
    pytest.param(
        "house",
        ["ruling", "x", "--rule", "PAL-COND-KNOCKDOWN"],
        2,
        ("effect", "--note"),
        id="ruling-with-only-a-rule-id",
    ),
    pytest.param(
        "house",
        ["ruling", "ghost", "--lose-attacks", "1"],
        2,
        ("ghost", "a, x"),
        id="ruling-on-an-unknown-combatant",
    ),
    pytest.param("house", ["act", "a", "--note", "reloads"], 2, ("--cost",), id="act-without-cost"),
    pytest.param("no round", ["next"], 1, ("fracas initiative",), id="next-before-any-round"),
    pytest.param("no round", ["pass", "a"], 1, ("fracas initiative",), id="pass-before-any-round"),
]


@pytest.mark.parametrize(("setup", "args", "code", "mentions"), REFUSALS)
def test_round_command_refusals_are_one_line_and_write_nothing(
    setup: str,
    args: list[str],
    code: int,
    mentions: tuple[str, ...],
    gm: Gm,
    read_log: Callable[[Path], LogSnapshot],
) -> None:
    SETUPS[setup](gm)
    snap = read_log(gm.db)
    head = gm.status()["head"]
    gm.refused(code, *args, mentions=mentions)  # also: status --json unchanged
    assert gm.status()["head"] == head
    after = read_log(gm.db)
    assert (len(after.plies), after.events, after.branches) == (
        len(snap.plies),
        snap.events,
        snap.branches,
    )


def test_refusals_in_a_real_process_leave_the_file_byte_for_byte(
    fracas_cli: FracasCli, tmp_path: Path
) -> None:
    """The same refusals as a GM's shell sees them: exit code, one line, the file untouched."""
    gm = Gm(fracas_cli, tmp_path / "raw.db")
    raw_fight(gm)
    state = file_state(gm.db)
    for args, code, mentions in [
        (["hold", "nowp", "--until", "x moves"], 1, ("PAL-HR-HOLD",)),
        (["shoot", "nowp", "x", "--aimed"], 1, ("PAL-STRIKE-NO-WP",)),
        (["ruling", "nowp"], 2, ("--note",)),
        (["act", "nowp", "--note", "reloads"], 2, ("--cost",)),
    ]:
        assert_one_line_error(gm.run(*args), code, *mentions)
        assert file_state(gm.db) == state, args


def test_PAL_HR_HOLD_under_raw_with_the_holds_option(gm: Gm) -> None:
    """The refusal's advice works: `--option holds=on` under RAW allows a hold."""
    gm("new", "mixed", "--seed", "7", "--variant", "raw", "--option", "holds=on")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a")
    gm("add", str(RULE_SHEETS / "expert.toml"), "--id", "x")
    gm("initiative", "--dice", "14,5")
    gm("hold", "a", "--until", "x moves")
    st = gm.status()
    assert (st["acting"], fighters(st)["a"]["held"]) == ("x", "x moves")
    gm("release", "a")
    assert (gm.status()["acting"], gm.status()["cut_in"]) == ("a", True)
