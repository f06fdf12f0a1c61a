"""One clock for conditions and turns, as a GM meets it at the command line (issue 23).

A condition given for N rounds holds through the end of its Nth round, the round it is given
in the first, and ends as that round's last turn is over (engine/turns.py: for_rounds), so
``status``, the next round's order, its attacks and every refusal agree; whoever a condition
keeps from taking turns leaves the order in the ply that puts him out, and ``undo`` puts him
back; a fight only one side has been in is never over. Every system, through the real command
line (``fracas_inprocess``), every deciding die forced with ``--dice``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SHEETS, CliResult, assert_one_line_error

Invoke = Callable[..., CliResult]

#: Per system: how the encounter starts, two fighters on two sides, and the round's first
#: initiative command (with its forced dice, if it rolls).
SYSTEMS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...], tuple[str, ...]]] = {
    "raw": (
        ("--variant", "raw"),
        (("marcus_kell.toml", "m"), ("rook.toml", "q")),
        ("initiative", "--dice", "15,5"),
    ),
    "house": (  # Rook, an NPC, has a fixed initiative (PAL-HR-INIT-NPC-FIXED)
        ("--variant", "house"),
        (("marcus_kell.toml", "m"), ("rook.toml", "q")),
        ("initiative", "--dice", "15"),
    ),
    "brp": (
        ("--system", "brp"),
        (("brp/ilsa_varg.toml", "m"), ("brp/bandit.yaml", "q")),
        ("initiative",),
    ),
    "gurps": (
        ("--system", "gurps"),
        (("gurps/sir_aldric.toml", "m"), ("gurps/bruno.yaml", "q")),
        ("initiative", "--dice", "3,4"),
    ),
}


class Gm:
    """A GM at the shell: ``gm(...)`` must succeed; ``gm.status()`` is ``status --json``."""

    def __init__(self, invoke: Invoke, db: Path) -> None:
        self.invoke = invoke
        self.db = db

    def run(self, *args: str) -> CliResult:
        return self.invoke(*args, db=self.db)

    def __call__(self, *args: str) -> str:
        result = self.run(*args)
        assert result.code == 0, (args, result)
        return result.stdout

    def doc(self, *args: str) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self("--json", *args))
        return found

    def status(self) -> dict[str, Any]:
        return self.doc("status")

    def who(self, cid: str) -> dict[str, Any]:
        found: dict[str, Any] = next(c for c in self.status()["combatants"] if c["id"] == cid)
        return found

    def names(self, cid: str) -> list[str]:
        return [k if isinstance(k, str) else k["name"] for k in self.who(cid)["conditions"]]

    def finish_round(self) -> None:
        """``next`` until every turn of the round is over (GURPS: until the second moves)."""
        start = self.status()["round"]
        while self.status()["acting"] is not None and self.status()["round"] == start:
            self("next")


def begin(invoke: Invoke, tmp_path: Path, system: str) -> Gm:
    how, fighters, initiative = SYSTEMS[system]
    gm = Gm(invoke, tmp_path / f"{system}.db")
    gm("new", "clock", "--seed", "3", *how)
    for (sheet, cid), side in zip(fighters, ("a", "b"), strict=True):
        gm("add", str(SHEETS / sheet), "--id", cid, "--side", side)
    gm(*initiative)
    return gm


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_COND_STUN_IMPACT_a_stun_for_one_round_agrees_with_the_next_rounds_order(
    fracas_inprocess: Invoke, tmp_path: Path, variant: str
) -> None:
    """The issue's case: Rook stunned for 1 round in round 1. He leaves the order at once; his
    strike is refused because he is stunned; as round 1 ends the stun ends; round 2 counts him
    (in the order, with his attacks) and his strike is taken."""
    gm = begin(fracas_inprocess, tmp_path, variant)
    gm("ruling", "q", "--condition", "stunned", "--rounds", "1", "--rule", "PAL-COND-STUN-IMPACT")
    status = gm.status()
    assert ("q" in status["order"], gm.who("q")["apm_left"]) == (False, 0)
    assert gm.who("q")["conditions"] == [{"name": "stunned", "rounds_left": 1}]
    line = assert_one_line_error(gm.run("strike", "q", "m"), 1, "stunned and cannot act")
    assert "joined after initiative" not in line
    gm.finish_round()
    assert gm.who("q")["conditions"] == []
    gm("initiative", "--dice", "5,15" if variant == "raw" else "1")  # Rook first
    status = gm.status()
    assert (status["order"], status["acting"]) == (["q", "m"], "q")
    assert gm.who("q")["apm_left"] > 0
    struck = gm.doc("strike", "q", "m", "--defend", "none", "--dice", "3")  # a miss
    assert [e["actor"] for e in struck["events"] if e["type"] == "palladium.strike_rolled"] == ["q"]


def test_PAL_COND_STUN_IMPACT_one_whose_stun_is_ended_mid_round_is_told_the_truth(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """Stunned, then the GM ends the stun in the same round: he has no place in this round's
    order, and the refusal says why (not that he joined after initiative)."""
    gm = begin(fracas_inprocess, tmp_path, "raw")
    gm("next")  # Marcus's turn over: Rook's
    gm("ruling", "q", "--condition", "stunned", "--rounds", "2")
    assert gm.status()["acting"] == "m"  # stunned on his own turn: it moved on at once
    gm("ruling", "q", "--end-condition", "stunned")
    assert gm.who("q")["conditions"] == []
    line = assert_one_line_error(gm.run("strike", "q", "m"), 1, "no place in round 1's order")
    assert "joined after" not in line


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_fallen_leave_the_order_in_the_ply_that_fells_them_and_undo_brings_them_back(
    fracas_inprocess: Invoke, tmp_path: Path, system: str
) -> None:
    gm = begin(fracas_inprocess, tmp_path, system)
    before = gm.status()["order"]
    assert set(before) == {"m", "q"}
    felled = gm.doc("ruling", "q", "--condition", "unconscious")
    changed = [e for e in felled["events"] if e["type"] == "core.order_changed"]
    assert [e["order"] for e in changed] == [["m"]]
    assert gm.status()["order"] == ["m"]
    gm("undo")
    assert gm.status()["order"] == before
    assert "unconscious" not in gm.names("q")


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_DMG_COMA_DEATH_the_dead_and_the_comatose_leave_the_order_at_once(
    fracas_inprocess: Invoke, tmp_path: Path, variant: str
) -> None:
    gm = begin(fracas_inprocess, tmp_path, variant)
    gm("ruling", "q", "--damage", "50")  # Rook: 20 S.D.C., 25 H.P.: a coma
    assert "coma" in gm.names("q")
    assert gm.status()["order"] == ["m"]
    gm("undo")
    gm("ruling", "q", "--damage", "200")  # beyond help
    assert gm.who("q")["alive"] is False
    assert gm.status()["order"] == ["m"]


def test_two_player_characters_on_one_side_are_no_finished_fight(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """Two PCs added without ``--side`` share "players": the first initiative does not say
    the fight is over, and ``over`` stays null; an opponent joins, falls, and it is over."""
    gm = Gm(fracas_inprocess, tmp_path / "pcs.db")
    gm("new", "pcs", "--seed", "3")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "jade_tiger.toml"), "--id", "jade")
    assert {c["side"] for c in gm.status()["combatants"]} == {"players"}
    out = gm("initiative", "--dice", "15,5")
    assert "over" not in out
    assert gm.status()["over"] is None
    gm("add", str(SHEETS / "rook.toml"), "--id", "rook")  # an npc: side opponents
    assert gm.status()["over"] is None
    out = gm("ruling", "rook", "--damage", "200")
    assert "The fight is over: only side 'players' is left standing." in out
    assert gm.status()["over"] == {"winner": "players", "sides_standing": ["players"]}


def test_a_side_that_was_in_the_fight_still_counts_once_removed(
    fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    """Removing the last opponent ends the fight: his side was in it."""
    gm = Gm(fracas_inprocess, tmp_path / "gone.db")
    gm("new", "gone", "--seed", "3")
    gm("add", str(SHEETS / "marcus_kell.toml"), "--id", "marcus")
    gm("add", str(SHEETS / "rook.toml"), "--id", "rook")
    gm("initiative", "--dice", "15,5")
    assert gm.status()["acting"] == "marcus"
    assert "The fight is over" in gm("remove", "rook")
    assert gm.status()["over"] == {"winner": "players", "sides_standing": ["players"]}
