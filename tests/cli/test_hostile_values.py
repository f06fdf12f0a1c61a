"""Values on the command line that must be refused (issue 24, "Inputs taken that should not
be"), through the real command line: each one line naming the option and the value, exit 2,
and the fight file byte for byte as it was (README, "Limits on input"):

* ``--dice`` with an empty face (``1,,2``, ``14,``, ``,14``) or none (``""``);
* a ply reference with an empty or malformed suffix (``main~``), wherever one is taken;
* numbers past their documented limit: ``odds --until 'round K'``, ``report --from/--to``,
  GURPS ``--blast ID:YARDS`` and ``spray --at B:SHOTS:YARDS`` (once a 5,000-digit number there
  was an internal error), and the limits every count already had;
* unknown hit locations in every system that has them, with hit locations on or off;
* a ruling that says nothing, a condition of no name, a report file named by white space.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.rules import UnknownName, UsageError
from engine.table import Table
from tests.conftest import SHEETS, CliResult, assert_one_line_error, file_state, play

Invoke = Callable[..., CliResult]
HUGE = "9" * 5000


def refused(invoke: Invoke, db: Path, *args: str, mentions: tuple[str, ...]) -> str:
    before = file_state(db)
    line = assert_one_line_error(invoke(*args, db=db), 2, *mentions)
    assert line.isprintable() and len(line) < 1200, line
    assert file_state(db) == before, "a refused command changed the file"
    return line


@pytest.fixture
def duel(tmp_path: Path, fracas_inprocess: Invoke) -> Path:
    """Palladium: Marcus first, then the Brodkil; Marcus has struck once (ply #4)."""
    db = tmp_path / "duel.db"
    table = Table(db)
    table.new("duel", seed=7)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    play(
        fracas_inprocess,
        db,
        ("initiative", "--dice", "20,1"),
        ("strike", "marcus", "brodkil", "--defend", "none", "--dice", "12,3"),
    )
    return db


# --- --dice -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "said"),
    [
        ("1,,2", "face 2 is empty (between two commas)"),
        ("14,", "face 2 is empty (after the last comma)"),
        (",14", "face 1 is empty (before the first comma)"),
        ("14,3,", "face 3 is empty (after the last comma)"),
        (",", "no faces given"),
        (" , ", "no faces given"),
        (" ", "no faces given"),
        ("1 4", "'1 4' is not a die face"),
    ],
)
@pytest.mark.parametrize("command", ["strike", "amend"])
def test_dice_with_an_empty_face_are_refused_never_read_as_fewer_faces(
    faces: str, said: str, command: str, duel: Path, fracas_inprocess: Invoke
) -> None:
    strike = ("strike", "brodkil", "marcus", "--defend", "none", "--dice", faces)
    args = strike if command == "strike" else ("amend", "4", *strike)
    if command == "amend":  # the Brodkil's strike put in Marcus's place
        args = ("amend", "4", "strike", "marcus", "brodkil", "--defend", "none", "--dice", faces)
    refused(fracas_inprocess, duel, *args, mentions=("--dice", said))


def test_empty_dice_are_refused_on_every_command_that_takes_them(
    duel: Path, fracas_inprocess: Invoke
) -> None:
    for args in (
        ("strike", "brodkil", "marcus", "--dice", ""),
        ("next", "--dice", ""),
        ("add", str(SHEETS / "rook.toml"), "--dice", ""),
        ("amend", "4", "strike", "marcus", "brodkil", "--dice", ""),
    ):
        refused(fracas_inprocess, duel, *args, mentions=("'--dice'", "'' is empty"))


# --- ply references -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "ref", ["main~", "main~ ", "~", "main~~1", "main~-1", "main~1~", "main~x", "main~٣"]
)
def test_a_malformed_ply_reference_is_refused_wherever_one_is_taken(
    ref: str, duel: Path, fracas_inprocess: Invoke
) -> None:
    for args in (
        ("explain", ref),
        ("branch", "what-if", "--at", ref),
        ("odds", "--from", ref, "--runs", "2", "--seed", "1"),
        ("replay", "--seed", "3", "--from", ref, "--into", "luckier"),
        ("amend", ref, "--drop"),
    ):
        refused(fracas_inprocess, duel, *args, mentions=(repr(ref.strip()) if ref.strip() else "",))


def test_main_tilde_names_what_is_missing(duel: Path, fracas_inprocess: Invoke) -> None:
    line = refused(fracas_inprocess, duel, "explain", "main~", mentions=("'main~'",))
    assert "K in BRANCH~K is missing" in line and "main~2" in line
    assert fracas_inprocess("explain", "main~0", db=duel).code == 0  # the head, said so


def test_the_library_refuses_an_empty_reference_or_variant(duel: Path, tmp_path: Path) -> None:
    table = Table(duel)
    for bad in ("", " ", "main~"):
        with pytest.raises(UsageError):
            table.branch("what-if", at=bad)
        with pytest.raises(UsageError):
            table.explain(bad)
    with pytest.raises(UsageError, match="--variant ''"):
        Table(tmp_path / "new.db").new("x", 1, variant="")
    with pytest.raises(UnknownName, match="no branch called ''"):
        table.log("")
    assert not (tmp_path / "new.db").exists()


# --- numbers past their limits ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("odds", "--until", "round 99999999999"), "out of bounds: expected 0..999999999"),
        (("odds", "--until", "round 1000000000", "--runs", "2"), "out of bounds"),
        (("odds", "--until", "round -1", "--runs", "2"), "'-1' is out of bounds"),
        (("odds", "--until", f"round {HUGE}", "--runs", "2"), "(5000 characters) is out of"),
        (("odds", "--until", "round", "--runs", "2"), "give `end` or `round K`"),
        (("odds", "--until", "round ٣", "--runs", "2"), "in ASCII digits"),
        (("odds", "--runs", "100001"), "--runs"),
        (("odds", "--runs", "0"), "--runs"),
        (("report", "--from", "1000000000"), "'--from'"),
        (("report", "--to", "-1"), "'--to'"),
        (("undo", "1000000000"), "out of bounds"),
        (("explain", "1000000000"), "out of bounds"),
        (("branch", "w", "--at", "main~1000000000"), "out of bounds"),
        (("log", "--round", "1000000000"), "'--round'"),
        (("ruling", "marcus", "--condition", "dazed", "--rounds", "1000000000"), "'--rounds'"),
        (("strike", "brodkil", "marcus", "--pull", "1000000000"), "'--pull'"),
        (("shoot", "marcus", "brodkil", "--range", "1000000000"), "'--range'"),
    ],
    ids=lambda v: str(v)[:60],
)  # fmt: skip
def test_a_number_past_its_documented_limit_is_refused(
    args: tuple[str, ...], said: str, duel: Path, fracas_inprocess: Invoke
) -> None:
    refused(fracas_inprocess, duel, *args, mentions=(said,))


@pytest.fixture
def skirmish(tmp_path: Path, fracas_inprocess: Invoke) -> Path:
    """GURPS: Vic (a pistol, an SMG) acts second, after Sir Aldric passes."""
    db = tmp_path / "gurps.db"
    table = Table(db)
    table.new("skirmish", seed=77, system="gurps")
    table.add(SHEETS / "gurps" / "sir_aldric.toml", cid="aldric")
    table.add(SHEETS / "gurps" / "vic_moran.json", cid="vic")
    table.add(SHEETS / "gurps" / "bruno.yaml", cid="bruno")
    play(fracas_inprocess, db, ("initiative",), ("next",))
    assert '"acting": "vic"' in fracas_inprocess("--json", "status", db=db).stdout
    return db


@pytest.mark.parametrize(
    ("at", "said"),
    [
        (("aldric:" + HUGE, "bruno:1:1"), "SHOTS"),
        (("aldric:٣", "bruno:1:1"), "in ASCII digits"),
        (("aldric:2", "bruno:1:" + HUGE), "YARDS"),
        (("aldric:2", "bruno:1:1000000000"), "out of bounds"),
        (("aldric:", "bruno:1:1"), "expected TARGET:SHOTS"),
        ((":2", "bruno:1:1"), "expected TARGET:SHOTS"),
    ],
    ids=lambda v: str(v)[:40],
)
def test_a_spray_refuses_numbers_past_their_limits_never_an_internal_error(
    at: tuple[str, str], said: str, skirmish: Path, fracas_inprocess: Invoke
) -> None:
    args = ("spray", "vic", "--weapon", "smg", "--defend", "none")
    for target in at:
        args += ("--at", target)
    refused(fracas_inprocess, skirmish, *args, mentions=("--at", said))


@pytest.mark.parametrize(
    ("blast", "said"),
    [
        ("bruno:" + HUGE, "YARDS"),
        ("bruno:٣", "in ASCII digits"),
        ("bruno:1000000000", "out of bounds"),
        ("bruno:", "expected ID:YARDS"),
        (":3", "expected ID:YARDS"),
    ],
    ids=lambda v: str(v)[:30],
)
def test_a_blast_refuses_numbers_past_their_limits(
    blast: str, said: str, skirmish: Path, fracas_inprocess: Invoke
) -> None:
    refused(
        fracas_inprocess,
        skirmish,
        "attack",
        "vic",
        "aldric",
        "--weapon",
        "grenade",
        "--range",
        "5",
        "--blast",
        blast,
        "--defend",
        "none",
        mentions=("--blast", said),
    )


# --- hit locations ------------------------------------------------------------------------


@pytest.fixture
def brp(tmp_path: Path, fracas_inprocess: Invoke) -> Callable[[bool], Path]:
    def make(locations: bool) -> Path:
        db = tmp_path / f"brp-{locations}.db"
        table = Table(db)
        table.new("duel", seed=77, system="brp", options={"hit_locations": locations})
        table.add(SHEETS / "brp" / "ilsa_varg.toml", cid="ilsa")
        table.add(SHEETS / "brp" / "bandit.yaml", cid="bandit")
        play(fracas_inprocess, db, ("initiative",), ("next",), ("next",))
        return db

    return make


@pytest.mark.parametrize("locations", [True, False])
@pytest.mark.parametrize("where", ["soul", "Head", "right leg", "torso"])
def test_brp_refuses_an_unknown_hit_location_with_locations_on_or_off(
    locations: bool,
    where: str,
    brp: Callable[[bool], Path],
    fracas_inprocess: Invoke,
) -> None:
    db = brp(locations)
    line = refused(
        fracas_inprocess,
        db,
        "attack",
        "ilsa",
        "bandit",
        "--location",
        where,
        "--defend",
        "none",
        mentions=("--location", repr(where), "right_leg, left_leg, abdomen, chest"),
    )
    assert ("hit locations are off" in line) is not locations
    refused(
        fracas_inprocess,
        db,
        "attack",
        "ilsa",
        "bandit",
        "--cover",
        "half",
        "--covered",
        where,
        "--defend",
        "none",
        mentions=("--covered", repr(where)),
    )


def test_brp_takes_a_known_location_with_locations_off_as_documented(
    brp: Callable[[bool], Path], fracas_inprocess: Invoke
) -> None:
    """--location with hit locations off is an aim (Difficult, BRP-AIM-LOCATION)."""
    db = brp(False)
    done = fracas_inprocess(
        "attack", "ilsa", "bandit", "--location", "head", "--defend", "none", "--dice", "90", db=db
    )
    assert done.code == 0, done
    assert "aimed at the head" in done.stdout


@pytest.mark.parametrize("verb", ["attack", "grapple"])
@pytest.mark.parametrize("where", ["soul", " ", "Skull"])
def test_gurps_refuses_an_unknown_hit_location(
    verb: str, where: str, tmp_path: Path, fracas_inprocess: Invoke
) -> None:
    db = tmp_path / "gurps.db"
    table = Table(db)
    table.new("duel", seed=77, system="gurps")
    table.add(SHEETS / "gurps" / "sir_aldric.toml", cid="aldric")
    table.add(SHEETS / "gurps" / "bruno.yaml", cid="bruno")
    play(fracas_inprocess, db, ("initiative",))
    refused(
        fracas_inprocess,
        db,
        verb,
        "aldric",
        "bruno",
        "--location",
        where,
        "--defend",
        "none",
        mentions=("--location", repr(where), "unknown hit location", "torso"),
    )


# --- rulings and reports --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("ruling",), "a ruling says something"),
        (("ruling", "marcus", "--condition", " "), "--condition ' ': a condition has a name"),
        (("ruling", "marcus", "--end-condition", "\t"), "--end-condition '\\t'"),
        (("report", "-o", " "), "-o ' '"),
    ],
)
def test_a_ruling_or_report_of_nothing_is_refused(
    args: tuple[str, ...], said: str, duel: Path, fracas_inprocess: Invoke, tmp_path: Path
) -> None:
    refused(fracas_inprocess, duel, *args, mentions=(said,))
    assert not (tmp_path / " ").exists()


def test_gurps_refuses_a_negative_drop(tmp_path: Path, fracas_inprocess: Invoke) -> None:
    """``--dropping YARDS`` (GURPS-ATTACK-FROM-ABOVE) is how far he drops: 0 or more."""
    db = tmp_path / "gurps.db"
    table = Table(db)
    table.new("duel", seed=77, system="gurps")
    table.add(SHEETS / "gurps" / "sir_aldric.toml", cid="aldric")
    table.add(SHEETS / "gurps" / "bruno.yaml", cid="bruno")
    play(fracas_inprocess, db, ("initiative",))
    args = ("attack", "aldric", "bruno", "--from-above", "unwatched", "--defend", "none")
    refused(
        fracas_inprocess, db, *args, "--dropping", "-3", mentions=("--dropping -3", "0 or more")
    )
