"""Cause before effect, in a ply's events and in ``explain`` (PAL-COND-HORROR,
PAL-INIT-AUTO-RANGED): a failed Horror Factor save is written before the attack it costs and
the ``horrified`` it leaves; an unseen shooter's shot before the initiative its target loses
to it."""

from __future__ import annotations

from pathlib import Path

from engine.table import Table

from .test_rules_cli import Cli

EXAMPLES = Path(__file__).resolve().parents[4] / "examples" / "sheets"


def first(lines: list[str], text: str) -> int:
    return next(i for i, line in enumerate(lines) if text in line)


def test_PAL_COND_HORROR_the_failed_save_comes_before_what_it_costs(tmp_path: Path) -> None:
    cli = Cli(tmp_path)
    table = Table(cli.db)
    table.new("horror", 17)
    table.add(EXAMPLES / "marcus_kell.toml", cid="marcus", side="players")
    table.add(EXAMPLES / "jade_tiger.toml", cid="jade", side="players")
    table.add(EXAMPLES / "grave_ghoul.toml", cid="ghoul", side="monsters")
    cli.run("initiative", "--dice", "3,15,17,12")  # Marcus fails (3), Jade keeps his nerve
    types = [e["type"] for e in cli.json("log")[-1]["events"]]
    saved = [i for i, t in enumerate(types) if t == "palladium.horror_saved"]
    lost = types.index("palladium.apm_spent")
    horrified = types.index("core.condition_changed")
    assert saved[0] < lost < horrified < saved[1]  # Marcus's save, his costs, then Jade's save
    lines = cli.run("explain", "4").stdout.splitlines()
    save = first(lines, "Marcus Kell meets Grave Ghoul's Horror Factor")
    assert save < first(lines, "Marcus Kell spends 1 attack(s) on Horror Factor")
    assert save < first(lines, "Marcus Kell: horrified")
    assert first(lines, "Marcus Kell: horrified") < first(lines, "Jade Tiger meets")


def test_PAL_INIT_AUTO_RANGED_the_shot_comes_before_the_initiative_it_takes(
    tmp_path: Path,
) -> None:
    cli = Cli(tmp_path)
    table = Table(cli.db)
    table.new("sniper", 7)
    table.add(EXAMPLES / "cs_grunt.yaml", cid="vance", side="players")
    table.add(EXAMPLES / "rook.toml", cid="rook", side="toughs")
    cli.run("initiative", "--unseen", "vance", "--dice", "5")
    cli.run("shoot", "vance", "rook", "--weapon", "energy rifle", "--dice", "3")
    types = [e["type"] for e in cli.json("log")[-1]["events"]]
    assert types.index("palladium.strike_rolled") + 1 == types.index("palladium.initiative_lost")
    lines = cli.run("explain", "4").stdout.splitlines()
    assert first(lines, "CS Grunt Vance strike:") < first(lines, "Rook loses initiative")
