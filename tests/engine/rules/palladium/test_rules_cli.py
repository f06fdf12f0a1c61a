"""A few rules through the real command line with ``--dice``, and ``explain`` of a forced ply.

The CLI runs as a subprocess (the installed ``fracas`` script), so exit codes and the one-line
errors are the ones a GM sees.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.explain import lines
from engine.rules.palladium import PACK
from engine.table import Table

from .conftest import SHEETS, Fight

FRACAS = Path(sys.executable).parent / "fracas"


class Cli:
    def __init__(self, tmp: Path) -> None:
        self.db = tmp / "f.db"

    def run(self, *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(FRACAS), "--db", str(self.db), *args], capture_output=True, text=True, check=False
        )
        assert done.returncode == code, (done.stdout, done.stderr)
        return done

    def json(self, *args: str) -> Any:
        return json.loads(self.run("--json", *args).stdout)

    def events(self, *args: str) -> list[dict[str, Any]]:
        doc = self.json(*args)
        events: list[dict[str, Any]] = doc["events"]
        return events


def typed(events: list[dict[str, Any]], tag: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == f"palladium.{tag}"]


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    """Brawler ``a`` and Expert ``x`` in a new encounter, set up through the library API (the
    CLI's ``new`` and ``add`` are tested elsewhere) in the file the CLI then uses."""
    c = Cli(tmp_path)
    table = Table(c.db)
    table.new("duel", 7)
    table.add(SHEETS / "brawler.toml", cid="a")
    table.add(SHEETS / "expert.toml", cid="x")
    return c


def test_PAL_INIT_ROLL_cli_dice_are_one_d20_per_fighter_in_join_order(cli: Cli) -> None:
    events = cli.events("initiative", "--dice", "14,13")
    rolls = typed(events, "initiative_rolled")
    assert [(r["combatant"], r["roll"]["faces"], r["roll"]["total"]) for r in rolls] == [
        ("a", [14], 14),
        ("x", [13], 15),  # +2 initiative on the sheet
    ]
    assert cli.json("status")["order"] == ["x", "a"]


def test_PAL_STRIKE_NAT20_cli_dice_are_strike_defence_damage(cli: Cli) -> None:
    cli.run("initiative", "--dice", "1,20")
    events = cli.events("strike", "x", "a", "--defend", "parry", "--dice", "20,19,3")
    strike = typed(events, "strike_rolled")[0]
    assert (strike["natural"], strike["hits"], strike["critical"]) == (20, True, True)
    assert typed(events, "defense_rolled")[0]["success"] is False
    damage = typed(events, "damage_rolled")[0]["roll"]
    assert (damage["faces"], damage["total"]) == ([3], 16)  # PAL-DMG-CRIT: (3 + 5) x 2
    status = cli.json("status")
    a = next(c for c in status["combatants"] if c["id"] == "a")
    assert (a["sdc"], a["hp"], status["acting"]) == (0, 14, "a")


def test_PAL_ROUND_SEQUENCE_cli_out_of_turn_is_refused_with_exit_1(cli: Cli) -> None:
    cli.run("initiative", "--dice", "1,20")
    before = len(cli.json("log"))
    done = cli.run("strike", "a", "x", "--dice", "12", code=1)
    assert "PAL-ROUND-SEQUENCE" in done.stderr
    assert "nothing was written" in done.stderr
    assert len(cli.json("log")) == before


def test_PAL_DEF_PARRY_MD_cli_refusal_keeps_the_strike_waiting(cli: Cli) -> None:
    cli.run("initiative", "--dice", "1,20")
    cli.run("strike", "x", "a", "--weapon", "vibro-knife", "--dice", "15")
    done = cli.run("defend", "a", "parry", "--dice", "19", code=1)
    assert "PAL-DEF-PARRY-MD" in done.stderr
    assert cli.json("status")["pending"]["reactor"] == "a"


def test_PAL_STRIKE_ROLL_cli_unused_dice_are_refused_with_exit_2(cli: Cli) -> None:
    cli.run("initiative", "--dice", "1,20")
    done = cli.run("strike", "x", "a", "--dice", "4,9", code=2)  # a miss rolls one die
    assert "left unused" in done.stderr


def test_options_cli_unknown_option_exit_2_and_on_off_values(tmp_path: Path) -> None:
    """Catalogue K through ``new --option``: PAL-STRIKE-NAT1 reading switched on by name."""
    cli = Cli(tmp_path)
    done = cli.run("new", "t", "--seed", "1", "--option", "crits_triple=on", code=2)
    assert "unknown option 'crits_triple'" in done.stderr
    cli.run("new", "t", "--seed", "1", "--variant", "house", "--option", "nat1_always_misses=on")
    status = cli.json("status")
    assert (status["variant"], status["options"]["nat1_always_misses"]) == ("house", True)


def test_explain_cli_lists_faces_modifiers_and_rule_ids(cli: Cli) -> None:
    """PAL-STRIKE-ROLL, -BONUS-MELEE, PAL-DEF-PARRY-BAREHAND, PAL-DMG-PS-BONUS in `explain`."""
    cli.run("initiative", "--dice", "1,20")
    cli.run("strike", "x", "a", "--weapon", "knife", "--defend", "parry", "--dice", "14,9,3")
    head = cli.json("status")["head"]
    text = cli.run("explain", str(head)).stdout
    for line in [
        "dice entered: 14,9,3",
        "1D20 [14] +2 Hand to Hand: Expert level 6 [hand_to_hand, PAL-STRIKE-BONUS-MELEE] "
        "+1 sheet bonus [sheet, PAL-STRIKE-BONUS-MELEE] "
        "+1 knife (W.P. and weapon) [weapon, PAL-STRIKE-BONUS-MELEE] = 18 vs 5",
        "PAL-STRIKE-MELEE-TARGET",
        "1D20 [9] = 9 vs 18",
        "PAL-DEF-PARRY-BAREHAND",
        "PAL-STRIKE-TIES",
        "1D6 [3] +5 sheet bonus [sheet, PAL-DMG-PS-BONUS] = 8",
        "PAL-DMG-BASE-TABLE",
        "S.D.C.: 10 -> 2 (-8; PAL-DMG-POOLS)",
        "PAL-STRIKE-ROLL",
    ]:
        assert line in text, line


def test_explain_api_every_modifier_rule_and_face_of_a_forced_ply(fight: Fight) -> None:
    """Whatever the ply, explain shows each roll's faces and each modifier with its rule id
    (here PAL-STRIKE-NAT20 and PAL-DMG-CRIT)."""
    fight.new()
    fight.add("expert", "x")
    fight.add("brawler", "b", bonuses={"parry": 2})
    fight.initiative(15, 1)
    fight.strike("x", "b", 20, 9, 3, defend="parry")  # critical punch, failed parry
    table: Table = fight.table
    view = table.explain(str(fight.head()))
    text = "\n".join(line for e in view.events for line in lines(PACK, e, view.before))
    rolls = [r for r in (getattr(e, "roll", None) for e in view.events) if r is not None]
    assert len(rolls) == 3
    for r in rolls:
        assert f"{r.spec} [{','.join(map(str, r.faces))}]" in text
        assert r.rule in text
        for m in r.modifiers:
            assert m.rule and m.rule in text
            assert f"{m.name} [{m.source}, {m.rule}]" in text
    assert "x2 critical strike [rules, PAL-DMG-CRIT]" in text
    assert "PAL-STRIKE-NAT20" in text


def test_PAL_DMG_BASE_TABLE_cli_strike_with_a_move(cli: Cli) -> None:
    """`strike A B --move NAME`: the Expert (level 6) kicks karate-style for 2D6 + 5."""
    cli.run("initiative", "--dice", "1,20")
    events = cli.events("strike", "x", "a", "--move", "karate-kick", "--defend", "none",
                        "--dice", "12,3,4")  # fmt: skip
    assert typed(events, "strike_rolled")[0]["move"] == "karate-kick"
    damage = typed(events, "damage_rolled")[0]["roll"]
    assert (damage["spec"], damage["faces"], damage["total"]) == ("2D6", [3, 4], 12)
    head = cli.json("status")["head"]
    assert "strikes at Brawler with a karate kick" in cli.run("explain", str(head)).stdout


def test_PAL_STRIKE_H2H_BONUS_TABLES_cli_a_move_not_granted_is_exit_1_nothing_written(
    cli: Cli,
) -> None:
    cli.run("initiative", "--dice", "20,1")
    before = len(cli.json("log"))
    done = cli.run("strike", "a", "x", "--move", "karate-kick", "--dice", "12,3,4", code=1)
    assert "does not grant a karate kick (PAL-STRIKE-H2H-BONUS-TABLES; granted by" in done.stderr
    assert "nothing was written" in done.stderr
    assert len(cli.json("log")) == before
    unknown = cli.run("strike", "a", "x", "--move", "flying-kick", code=2)
    assert "flying-kick" in unknown.stderr
    assert len(cli.json("log")) == before


def test_PAL_DEF_LOS_and_PAL_DMG_PULL_cli_flags(cli: Cli) -> None:
    """`--from-behind` (no defence allowed) and `--pull N` (11+ on 1D20 + 2 holds it to N)."""
    cli.run("initiative", "--dice", "20,1")
    events = cli.events("strike", "a", "x", "--from-behind", "--defend", "parry",
                        "--pull", "1", "--dice", "12,9,4")  # fmt: skip
    assert "PAL-DEF-LOS" in typed(events, "defense_declined")[0]["reason"]
    assert typed(events, "pull_rolled")[0]["success"] is True
    assert typed(events, "damage_rolled")[0]["roll"]["total"] == 1
    help_text = cli.run("strike", "--help").stdout
    for flag in ("--move", "--from-behind", "--unseen", "--pull"):
        assert flag in help_text, flag
