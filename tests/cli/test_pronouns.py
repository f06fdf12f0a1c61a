"""Pronouns from the sheet (issue 23): every system's sheet takes ``pronoun`` (he, she, they,
it; "they" when it is silent), carried into the fight, and the texts that speak of a fighter
use it (explain, the log's outcome lines, refusals, the report), with the verb agreeing
("they are"). A log written before the key reads "they". A value that is none of these is
refused naming the key, and nothing is written.

Through the real command line in process; rolls forced with ``--dice``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.test_round_cli import RULE_SHEETS, Gm, Invoke
from tests.conftest import SHEETS, assert_one_line_error, snapshot

GOLDEN = Path(__file__).resolve().parent.parent / "golden_logs"


@pytest.fixture
def gm(fracas_inprocess: Invoke, tmp_path: Path) -> Gm:
    return Gm(fracas_inprocess, tmp_path / "fight.db")


def resheeted(tmp_path: Path, sheet: Path, pronoun: str | None, name: str = "") -> Path:
    """A copy of a TOML example sheet with its ``pronoun`` line set (None: without it), and
    its name if given."""
    lines = [ln for ln in sheet.read_text().splitlines() if not ln.startswith("pronoun")]
    if name:  # the first `name =`, the fighter's (a weapon's comes later)
        first = next(i for i, ln in enumerate(lines) if ln.startswith("name ="))
        lines[first] = f'name = "{name}"'
    at = next(i for i, ln in enumerate(lines) if ln.startswith("kind")) + 1
    if pronoun is not None:
        lines.insert(at, f'pronoun = "{pronoun}"')
    out = tmp_path / f"{sheet.stem}-{pronoun}.toml"
    out.write_text("\n".join(lines) + "\n")
    return out


def test_PAL_pronouns_in_explain_outcomes_and_refusals(gm: Gm) -> None:
    """PAL-COND-HORROR, PAL-HR-HOLD: Jade Tiger's sheet says "she", the Brawler's nothing
    ("they"), the Grave Ghoul's "it": each keeps her, their nerve in `explain` and in the
    log; she holds her action; the refusals say herself, they are, themselves."""
    gm("new", "p", "--seed", "5", "--option", "holds=on")
    gm("add", str(SHEETS / "jade_tiger.toml"), "--id", "jade", "--side", "players")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a", "--side", "players")
    gm("add", str(SHEETS / "grave_ghoul.toml"), "--id", "ghoul", "--side", "toughs")
    assert {c["id"]: c["pronoun"] for c in gm.status()["combatants"]} == {
        "jade": "she",
        "a": "they",
        "ghoul": "it",
    }
    gm("initiative", "--dice", "15,16,10,9,8")  # the two saves, then the three rolls
    explained = gm("explain", "4")
    assert "Jade Tiger meets Grave Ghoul's Horror Factor: 1D20 [15]" in explained
    assert "-> keeps her nerve (PAL-COND-HORROR)" in explained
    assert "-> keeps their nerve (PAL-COND-HORROR)" in explained  # after a name: singular
    logged = gm("log", "--round", "1")
    assert (
        "Jade Tiger keeps her nerve, Brawler's save vs Horror Factor 16 vs 12, Brawler "
        "keeps their nerve" in logged
    )
    gm.refused(1, "strike", "jade", "jade", mentions=("Jade Tiger cannot strike herself",))
    gm("hold", "jade", "--until", "the brawler moves")
    assert "Jade Tiger holds her action until 'the brawler moves'" in gm("explain", "5")
    assert "#5    Jade Tiger holds her action until 'the brawler moves'; Brawler acts" in gm("log")
    gm.refused(1, "interrupt", "a", "--allowed", mentions=("Brawler cannot interrupt themselves",))
    gm("release", "jade")
    assert "Jade Tiger's trigger comes: she acts now" in gm("explain", "6")
    report = gm("report", "--format", "md", "-o", str(gm.db.with_name("r.md")))
    assert report
    md = gm.db.with_name("r.md").read_text()
    assert "Jade Tiger holds her action until" in md and "keeps their nerve" in md


def test_PAL_COND_HORROR_a_recorded_reason_speaks_of_them(gm: Gm) -> None:
    """PAL-COND-HORROR: the Brawler (no pronoun) fails the save: the Ghoul's first blow
    cannot be parried or dodged, and the reason recorded says "they cannot"."""
    gm("new", "h", "--seed", "5")
    gm("add", str(RULE_SHEETS / "brawler.toml"), "--id", "a", "--side", "players")
    gm("add", str(SHEETS / "grave_ghoul.toml"), "--id", "ghoul", "--side", "toughs")
    gm("initiative", "--dice", "3,5")  # the save fails (no initiative); the Ghoul's 5
    done = gm.doc("strike", "ghoul", "a", "--dice", "12,3")
    (declined,) = [e for e in done["events"] if e["type"] == "palladium.defense_declined"]
    assert declined["reason"] == (
        "frozen by Grave Ghoul's Horror Factor, they cannot parry or dodge its first attack "
        "this round (PAL-COND-HORROR)"
    )
    assert "they cannot parry or dodge" in gm("explain", "4")


def test_BRP_pronouns_in_refusals_and_recorded_reasons(gm: Gm) -> None:
    """BRP-CLOSE-COMBAT: Ilsa Varg is "she", the bandit's sheet says nothing ("they")."""
    gm("new", "b", "--seed", "1", "--system", "brp")
    gm("add", str(SHEETS / "brp" / "ilsa_varg.toml"), "--id", "ilsa", "--side", "heroes")
    gm("add", str(SHEETS / "brp" / "bandit.yaml"), "--id", "bandit", "--side", "bandits")
    assert {c["id"]: c["pronoun"] for c in gm.status()["combatants"]} == {
        "ilsa": "she",
        "bandit": "they",
    }
    gm("initiative")
    gm("next")
    gm("next")
    gm.refused(1, "attack", "ilsa", "ilsa", mentions=("Ilsa Varg cannot attack herself",))
    gm("hold", "ilsa", "--until", "the bandit charges")
    assert "Ilsa Varg holds her action until 'the bandit charges'" in gm("log")
    gm("ruling", "bandit", "--damage", "40")
    gm.refused(
        1,
        "ruling",
        "bandit",
        "--heal",
        "5",
        mentions=("Hollow-Eyed Bandit is dead; healing cannot bring them back",),
    )


def test_GURPS_ALL_OUT_ATTACK_no_defence_until_her_or_their_next_turn(
    gm: Gm, tmp_path: Path
) -> None:
    """GURPS-ALL-OUT-ATTACK: an All-Out Attack leaves no defence until *her* next turn for a
    "she" sheet, *their* for one that gives none; recorded so, and explained so."""
    dame = resheeted(tmp_path, SHEETS / "gurps" / "sir_aldric.toml", "she", "Dame Aldra")
    anon = resheeted(tmp_path, SHEETS / "gurps" / "sir_aldric.toml", None, "The Masked Knight")
    gm("new", "g", "--seed", "3", "--system", "gurps")
    gm("add", str(dame), "--id", "dame", "--side", "a")
    gm("add", str(anon), "--id", "anon", "--side", "b")
    assert [c["pronoun"] for c in gm.status()["combatants"]] == ["she", "they"]
    gm("initiative", "--dice", "4,3")
    gm("maneuver", "dame", "all-out-attack", "--mode", "determined")
    gm("attack", "dame", "anon", "--dice", "3,4,4")
    gm("defend", "anon", "none", "--dice", "1")
    gm("maneuver", "anon", "all-out-attack", "--mode", "determined")
    gm("attack", "anon", "dame", "--dice", "3,4,4,1")
    gm("attack", "dame", "anon", "--dice", "3,4,4,1")
    assert "Dame Aldra does not defend: made an All-Out Attack: no defence until her next " in (
        gm("explain", "8")
    )
    assert "The Masked Knight does not defend: made an All-Out Attack: no defence until their " in (
        gm("explain", "9")
    )
    assert gm("log", "--actor", "anon").count("The Masked Knight") >= 2


@pytest.mark.parametrize(
    ("system", "sheet"),
    [
        ("palladium", SHEETS / "marcus_kell.toml"),
        ("brp", SHEETS / "brp" / "ilsa_varg.toml"),
        ("gurps", SHEETS / "gurps" / "sir_aldric.toml"),
    ],
)
def test_a_pronoun_no_sheet_gives_is_refused(
    system: str, sheet: Path, gm: Gm, tmp_path: Path
) -> None:
    """`pronoun = "him"` is refused naming the key and the values it takes; nothing is
    written."""
    bad = resheeted(tmp_path, sheet, "him")
    gm("new", "x", "--seed", "1", "--system", system)
    before = snapshot(gm.db)
    line = assert_one_line_error(gm.run("add", str(bad)), 2, f"{bad}: pronoun", '"him"')
    assert all(v in line for v in ('"he"', '"she"', '"they"', '"it"')), line
    assert snapshot(gm.db) == before


def test_an_old_log_reads_they(fracas_inprocess: Invoke, tmp_path: Path) -> None:
    """A log written before the key (tests/golden_logs/raw-v1.db): every combatant is "they",
    and the texts agree ("holds their action")."""
    db = tmp_path / "old.db"
    shutil.copyfile(GOLDEN / "raw-v1.db", db)
    gm = Gm(fracas_inprocess, db)
    gm("use", "opts")
    assert {c["pronoun"] for c in gm.status()["combatants"]} == {"they"}
    log = gm("log")
    assert "Marcus Kell holds their action until 'the Brodkil moves'" in log
    assert " his " not in log and " he " not in log
