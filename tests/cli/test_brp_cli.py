"""A Basic Roleplaying fight from the shell (`--system brp`): the status and log documents the
README promises, the verbs the pack's table gives the CLI, and its refusals.

Through the real command line, in process (``fracas_inprocess``); rolls that decide something
are forced with ``--dice`` (d100 faces 1..100, then damage dice in the order written).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_round_cli import Gm, Invoke, fighters
from tests.conftest import assert_one_line_error

BRP = Path(__file__).resolve().parent.parent.parent / "examples" / "sheets" / "brp"
TIERS = {"critical", "special", "success", "failure", "fumble"}


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "brp.db")


def duel(gm: Gm, *options: str) -> None:
    """Ilsa (DEX 15, broadsword 55) and Mara (DEX 14, revolver 60) against the bandit (DEX 11,
    spear 50, round shield 45); the round's ranks under way, Ilsa to act."""
    opts = [a for o in options for a in ("--option", o)]
    gm("new", "duel", "--seed", "5", "--system", "brp", *opts)
    gm("add", str(BRP / "ilsa_varg.toml"), "--id", "ilsa", "--side", "heroes")
    gm("add", str(BRP / "gunman.json"), "--id", "mara", "--side", "heroes")
    gm("add", str(BRP / "bandit.yaml"), "--id", "bandit", "--side", "bandits")
    gm("initiative")
    gm("next")
    gm("next")


def test_status_json_is_the_documented_brp_document(gm: Gm) -> None:
    duel(gm)
    st = gm.status()
    assert (st["schema"], st["system"], st["round"]) == ("fracas.status/1", "brp", 1)
    assert (st["dex_rank"], st["acting"], st["order"]) == (15, "ilsa", ["ilsa", "mara", "bandit"])
    ilsa = fighters(st)["ilsa"]
    assert (ilsa["hp"], ilsa["hp_max"], ilsa["alive"]) == (12, 12, True)
    assert ilsa["locations"] is None  # hit locations are off by default
    assert (ilsa["conditions"], ilsa["actions_used"]) == ([], [])
    # Weapons start drawn unless the sheet says `drawn = false`; shots are the magazine.
    assert ilsa["weapons"]["broadsword"]["drawn"] is True
    assert ilsa["weapons"]["light crossbow"] == {
        **ilsa["weapons"]["light crossbow"],
        "drawn": False,
        "shots": 1,
    }
    mara = fighters(st)["mara"]
    assert mara["weapons"]["revolver"]["shots"] == 6
    assert mara["weapons"]["submachine gun"]["drawn"] is False


def test_a_shot_spends_the_magazine_and_status_shows_what_is_left(gm: Gm) -> None:
    duel(gm)
    gm("pass", "ilsa")
    gm("attack", "mara", "bandit", "--weapon", "revolver", "--range", "10", "--dice", "80")
    assert fighters(gm.status())["mara"]["weapons"]["revolver"]["shots"] == 5


def test_hit_locations_on_gives_each_location_hp_and_armor(gm: Gm) -> None:
    """`--option hit_locations=on`: location -> {hp, hp_max, armor}; a blow lands on one."""
    duel(gm, "hit_locations=on")
    locations = fighters(gm.status())["bandit"]["locations"]
    assert set(locations) == {
        "head",
        "chest",
        "abdomen",
        "right_arm",
        "left_arm",
        "right_leg",
        "left_leg",
    }
    assert locations["chest"] == {"hp": 6, "hp_max": 6, "armor": "2"}
    # 40 hits, the bandit takes it; the D20 says 12 (chest); 1D8+1+1D4 = 5+1+2 = 8, armor 2.
    gm("attack", "ilsa", "bandit", "--defend", "none", "--dice", "40,12,5,2")
    bandit = fighters(gm.status())["bandit"]
    assert (bandit["hp"], bandit["locations"]["chest"]["hp"]) == (7, 0)
    assert bandit["actions_used"] == []


def test_conditions_are_objects_with_rounds_left(gm: Gm) -> None:
    duel(gm)
    gm("ruling", "bandit", "--condition", "stunned", "--rounds", "2")
    bandit = fighters(gm.status())["bandit"]
    assert {"name": "stunned", "rounds_left": 2} in bandit["conditions"]


def test_every_roll_in_log_json_says_how_it_was_judged(gm: Gm) -> None:
    duel(gm)
    gm("attack", "ilsa", "bandit", "--dice", "9")
    gm("defend", "bandit", "parry", "--weapon", "round shield", "--dice", "30")
    rolls = [
        e["roll"]
        for ply in json.loads(gm("--json", "log"))
        for e in ply["events"]
        if isinstance(e.get("roll"), dict)
    ]
    d100 = [r for r in rolls if r["spec"] == "1D100"]
    assert len(d100) >= 2
    for r in rolls:
        assert r["judged"] in ("over", "under")
        assert "target" in r and "margin" in r
    for r in d100:
        assert r["judged"] == "under" and r["tier"] in TIERS
        assert r["margin"] == r["target"] - r["total"]
    attack = next(r for r in d100 if r["total"] == 9)
    assert (attack["target"], attack["tier"]) == (55, "special")


def test_a_third_of_attack_parry_and_dodge_is_refused_with_the_reason(gm: Gm) -> None:
    """L316 (BRP-CLOSE-COMBAT): two of attack, parry and dodge a round; the third is refused,
    exit 1, with the reason, and nothing is written."""
    duel(gm)
    gm("attack", "ilsa", "bandit", "--dice", "40")
    gm("defend", "bandit", "parry", "--weapon", "round shield", "--dice", "30")
    gm("attack", "mara", "bandit", "--weapon", "revolver", "--range", "10", "--dice", "30")
    gm("defend", "bandit", "dodge", "--dice", "10")
    st = gm.status()
    assert (st["acting"], fighters(st)["bandit"]["actions_used"]) == ("bandit", ["parry", "dodge"])
    gm.refused(
        1,
        "attack",
        "bandit",
        "ilsa",
        mentions=("two of attack, parry and dodge", "BRP-CLOSE-COMBAT"),
    )


def test_a_verb_of_another_system_is_refused_with_this_systems_verbs(gm: Gm) -> None:
    duel(gm)
    line = gm.refused(2, "strike", "ilsa", "bandit", mentions=("brp", "strike"))
    for verb in ("attack", "defend", "draw", "stand"):
        assert verb in line


def test_a_brp_verb_in_a_palladium_fight_is_refused(gm: Gm, sheets: Path) -> None:
    gm("new", "bar", "--seed", "1")
    gm("add", str(sheets / "marcus_kell.toml"), "--id", "marcus")
    line = gm.refused(2, "stand", "marcus", mentions=("palladium", "stand"))
    assert "strike" in line


def test_actions_lists_the_brp_verbs_one_line_each(gm: Gm) -> None:
    lines = gm("actions", "--system", "brp").splitlines()
    verbs = [ln.lstrip(" *").split()[0] for ln in lines[1:] if ln.startswith("  ")]
    for verb in ("attack", "defend", "draw", "stand", "intent", "initiative", "pass", "ruling"):
        assert verbs.count(verb) == 1, verb
    assert "strike" not in verbs


@pytest.mark.parametrize(
    ("option", "mentions"),
    [
        ("hit_locations=maybe", ("hit_locations", "maybe")),
        ("defence_matrix=best", ("defence_matrix", "best")),
        ("unconscious_at=9", ("unconscious_at", "9")),
        ("no_such=1", ("no_such",)),
    ],
)
def test_bad_options_are_refused_with_the_key(
    gm: Gm, option: str, mentions: tuple[str, ...]
) -> None:
    result = gm.run("new", "x", "--seed", "1", "--system", "brp", "--option", option)
    assert_one_line_error(result, 2, *mentions)
    assert not gm.db.exists() or gm.run("status").code != 0


def test_a_pending_shot_offers_only_the_defences_the_defender_has(gm: Gm) -> None:
    """BRP-SHIELD-MISSILE: without a shield Ilsa can only dodge Mara's shot; the bandit, with
    his round shield, may parry it too."""
    duel(gm)
    gm("pass", "ilsa")
    gm("attack", "mara", "ilsa", "--weapon", "revolver", "--range", "10", "--dice", "30")
    assert gm.status()["pending"]["detail"]["allowed"] == ["dodge"]
    gm.refused(1, "defend", "ilsa", "parry", mentions=("Ilsa Varg", "BRP-SHIELD-MISSILE"))
    gm("defend", "ilsa", "dodge", "--dice", "10")


def test_a_hold_shows_in_status(gm: Gm) -> None:
    duel(gm)
    gm("hold", "ilsa", "--until", "the bandit moves")
    ilsa = fighters(gm.status())["ilsa"]
    assert ilsa["held"] == "the bandit moves"
    assert "holds until 'the bandit moves'" in gm("status")


@pytest.mark.parametrize("metres", ["-3"])
def test_a_range_must_be_metres_to_a_missile_target(gm: Gm, metres: str) -> None:
    duel(gm)
    gm.refused(2, "attack", "ilsa", "bandit", "--range", metres, mentions=("--range",))
