"""History that cannot be forged quietly: README's paragraphs "The hash to publish" and
"Forged with the hashes recomputed" (and what "A tamper-evident log" and "Snapshots" say of
them), a test per sentence: each test is marked with the sentence it proves (``@says``), and
the last test checks that every one is the README's, word for word.

The forger edits the SQLite file the way another program can (raw SQL, the append-only
triggers dropped) and then recomputes every hash after what he changed, as fracas would have
written them (tests/tamper.py: ``rehash_from``): the chain is consistent again, so what is
tested is what catches him beyond it. Real files, the CLI in this process and in real
processes.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from engine.replay import kernel_for
from engine.rules import get_pack
from engine.table import Table
from events.core import InitiativeDeclared
from tests import tamper
from tests.cli.test_tamper import play, ply_id
from tests.conftest import SHEETS, CliResult, assert_one_line_error, file_state

Cli = Callable[..., CliResult]
Test = TypeVar("Test", bound=Callable[..., None])

#: README sentence (whitespace as one space) -> the tests that prove it.
SAID: dict[str, list[str]] = {}


def says(sentence: str) -> Callable[[Test], Test]:
    """Mark a test as the proof of one README sentence."""

    def mark(test: Test) -> Test:
        SAID.setdefault(" ".join(sentence.split()), []).append(test.__name__)
        return test

    return mark


#: Palladium's rules version today: the encounters below begin under it.
VERSION = get_pack("palladium").version
#: The fight below: 20 plies on main (ply #16 carries its state, with its snapshot), and a
#: 21st undone.
HEAD = 20
GOLDEN = Path(__file__).parents[1] / "golden_logs"


def build(db: Path, plies: int = HEAD + 1, undo: int = 1) -> Path:
    """Encounter `bar`: Marcus Kell and a Brodkil, strikes answered at once until main has
    ``plies`` plies, the last ``undo`` of them undone."""
    table = Table(db)
    table.new("bar", seed=7)
    table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    table.add(SHEETS / "brodkil.json", cid="brodkil")
    play(table, plies)
    if undo:
        table.undo(undo)
    return db


@pytest.fixture
def fight(tmp_path: Path) -> Path:
    """:func:`build`'s fight: main's head at ply #20, ply #21 undone (`redo` brings it
    back); ply #16 carries its state, and its snapshot holds it."""
    return build(tmp_path / "fight.db")


def doc(result: CliResult) -> Any:
    assert result.code == 0, result
    return json.loads(result.stdout)


def published(cli: Cli, db: Path, branch: str = "main") -> str:
    """The hash a GM publishes: what `replay --verify` prints, the log reproduced."""
    found = doc(cli("--json", "replay", "--verify", "--branch", branch, db=db))
    assert found["difference"] is None, found
    return str(found["publish_hash"])


def listed(cli: Cli, db: Path) -> dict[str, Any]:
    """`branches --json` by name."""
    return {b["name"]: b for b in doc(cli("--json", "branches", db=db))}


def rows(db: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def tip_of(db: Path) -> int:
    return int(rows(db, "SELECT tip FROM branches WHERE name = 'main'")[0][0])


def event(db: Path, ply: int, tag: str) -> tuple[int, dict[str, Any]]:
    """(idx, body) of the first event of ``ply`` tagged ``tag``."""
    [(idx, body)] = rows(
        db, "SELECT idx, body FROM events WHERE ply = ? AND tag = ? LIMIT 1", (ply, tag)
    )
    return idx, json.loads(body)


def set_body(db: Path, ply: int, idx: int, body: dict[str, Any]) -> None:
    text = json.dumps(body, separators=(",", ":"))
    tamper.execute(db, ("UPDATE events SET body = ? WHERE ply = ? AND idx = ?", (text, ply, idx)))


_APPLIED = "palladium.damage_applied"


def damage_ply(db: Path, lowest: int = 1) -> tuple[int, int]:
    """(depth, id) of the first ply on main at or after ``lowest`` whose blow did damage."""
    for depth in range(lowest, HEAD + 1):
        ply = ply_id(db, depth)
        if rows(db, "SELECT 1 FROM events WHERE ply = ? AND tag = ?", (ply, _APPLIED)):
            return depth, ply
    raise AssertionError("no damage on main")


def forge_damage(db: Path, ply: int, more: int = 7) -> None:
    """The blow of ``ply`` made ``more`` points harder: its damage roll's first face and
    total, and the damage it did, rewritten (the roll a player disputes)."""
    idx, rolled = event(db, ply, "palladium.damage_rolled")
    rolled["roll"]["faces"][0] += more
    rolled["roll"]["total"] += more
    set_body(db, ply, idx, rolled)
    idx, applied = event(db, ply, _APPLIED)
    applied["amount"] += more
    applied["after"] -= more
    set_body(db, ply, idx, applied)


def bump(db: Path, ply: int) -> tuple[int, dict[str, Any]]:
    """The first whole number the rules wrote in an event of ``ply`` after its declaration,
    one more: (the event's idx, its body as forged)."""
    for idx, body in rows(db, "SELECT idx, body FROM events WHERE ply = ? AND idx > 0", (ply,)):
        found = json.loads(body)
        for key, value in found.items():
            if type(value) is int:
                found[key] = value + 1
                set_body(db, ply, idx, found)
                return idx, found
    raise AssertionError(f"no number in ply {ply}'s events")


def state_ply(db: Path) -> int:
    """The id of ply #16 on main, which carries its state."""
    ply = ply_id(db, 16)
    assert rows(db, "SELECT 1 FROM hashes WHERE ply = ? AND state_key IS NOT NULL", (ply,))
    return ply


def forge_snapshot(db: Path, ply: int) -> bytes:
    """The snapshot of ``ply`` rewritten as a forger would: another state (Marcus Kell
    renamed), its own digest recomputed. The forged body."""
    [(body,)] = rows(db, "SELECT body FROM snapshots WHERE ply = ?", (ply,))
    forged = bytes(body).replace(b"Marcus Kell", b"Marcus Kelp", 1)
    assert forged != bytes(body)
    digest = hashlib.sha256(forged).digest()
    tamper.execute(
        db, ("UPDATE snapshots SET body = ?, digest = ? WHERE ply = ?", (forged, digest, ply))
    )
    return forged


def delete_undone(db: Path) -> None:
    """The plies `redo` would bring back deleted, and the branch's tip moved back to its
    head: `branches` shows redo 1 -> 0, and nothing else does."""
    tip = tip_of(db)
    tamper.execute(
        db,
        ("DELETE FROM events WHERE ply = ?", (tip,)),
        ("DELETE FROM hashes WHERE ply = ?", (tip,)),
        ("DELETE FROM snapshots WHERE ply = ?", (tip,)),
        ("DELETE FROM plies WHERE id = ?", (tip,)),
        ("UPDATE branches SET tip = head WHERE name = 'main'", ()),
    )


# --- The hash to publish -----------------------------------------------------------------


@says(
    "`replay --verify` ends with `hash to publish: H` (`publish_hash` in `--json`): the "
    "head's hash when the branch has nothing to redo, else a hash over the head's and the "
    "tip's (`tip_hash`: the last ply `redo` reaches)."
)
def test_verify_ends_with_the_hash_to_publish_over_the_head_and_the_tip(
    fight: Path, fracas_cli: Cli
) -> None:
    text = fracas_cli("replay", "--verify", db=fight)
    found = doc(fracas_cli("--json", "replay", "--verify", db=fight))
    assert text.code == 0, text
    assert text.stdout.strip().endswith(f"; hash to publish: {found['publish_hash']}")
    assert f"verified {HEAD + 1} plies and 1 undone one; log intact" in text.stdout
    assert f"tip hash {found['tip_hash']}" in text.stdout
    assert (found["verified"], found["undone"]) == (HEAD + 1, 1)
    assert len({found["head_hash"], found["tip_hash"], found["publish_hash"]}) == 3
    assert fracas_cli("redo", db=fight).code == 0  # nothing to redo now: the head's hash
    again = doc(fracas_cli("--json", "replay", "--verify", db=fight))
    assert again["head_hash"] == again["tip_hash"] == again["publish_hash"] == found["tip_hash"]
    assert again["undone"] == 0


@says(
    "So it covers the branch's whole history, the plies undone and not yet redone, and where "
    "the head stands."
)
def test_the_hash_to_publish_changes_with_every_undo_redo_and_ply(
    fight: Path, fracas_inprocess: Cli
) -> None:
    seen = [published(fracas_inprocess, fight)]
    for argv in (["undo"], ["redo"], ["redo"], ["ruling", "marcus", "--note", "n"]):
        assert fracas_inprocess(*argv, db=fight).code == 0, argv
        seen.append(published(fracas_inprocess, fight))
    assert seen[2] == seen[0]  # back where it stood, the same history: the same hash
    assert len({seen[0], seen[1], seen[3], seen[4]}) == 4


@says("Publish it after a session: anyone can then check that the file still holds that history.")
def test_the_hash_to_publish_is_the_same_from_any_process_and_any_command(
    fight: Path, fracas_inprocess: Cli, fracas_cli: Cli
) -> None:
    mine = published(fracas_inprocess, fight)
    elsewhere = shutil.copy(fight, fight.with_name("a-copy.db"))
    assert published(fracas_cli, Path(elsewhere)) == mine
    assert listed(fracas_cli, fight)["main"]["publish_hash"] == mine


@says(
    "`branches --json` gives each branch's `head_hash`, `tip_hash` and `publish_hash` only "
    "after checking every ply from the encounter's start to its tip (`chain_checked: true`)."
)
@pytest.mark.parametrize("where", ["below the snapshot", "undone"])
def test_branches_gives_the_hashes_only_after_checking_every_ply_to_the_tip(
    where: str, fight: Path, fracas_inprocess: Cli
) -> None:
    main = listed(fracas_inprocess, fight)["main"]
    assert (main["chain_checked"], main["redo"]) == (True, 1)
    assert main["publish_hash"] == published(fracas_inprocess, fight)
    depth, ply = (3, ply_id(fight, 3)) if where != "undone" else (HEAD + 1, tip_of(fight))
    tamper.execute(fight, ("UPDATE plies SET salt = 1 WHERE id = ?", (ply,)))  # not rehashed
    before = file_state(fight)
    for argv in (["--json", "branches"], ["branches"]):
        result = fracas_inprocess(*argv, db=fight)
        assert_one_line_error(result, 5, str(fight), f"ply #{depth} ", "hash")
    assert file_state(fight) == before


@says(
    "`status --json` gives `head_hash` after checking the plies it read, which start at the "
    "nearest snapshot, and says `chain_checked: false` when it did not read them all."
)
def test_status_says_when_it_did_not_check_every_ply(
    fight: Path, fracas_inprocess: Cli, fracas_cli: Cli
) -> None:
    status = doc(fracas_cli("--json", "status", db=fight))
    assert status["chain_checked"] is False  # it began at ply #16's snapshot
    assert status["head_hash"] == listed(fracas_cli, fight)["main"]["head_hash"]
    short = build(fight.with_name("short.db"), plies=6, undo=0)
    checked = doc(fracas_cli("--json", "status", db=short))
    assert checked["chain_checked"] is True  # six plies: all read, from the start
    assert checked["head_hash"] == published(fracas_inprocess, short)  # nothing to redo
    # a ply below the snapshot changed: status does not read it, and says it checked less
    tamper.execute(fight, ("UPDATE plies SET salt = 1 WHERE id = ?", (ply_id(fight, 3),)))
    assert doc(fracas_cli("--json", "status", db=fight))["chain_checked"] is False
    assert_one_line_error(fracas_cli("--json", "branches", db=fight), 5, "ply #3 ")
    assert_one_line_error(fracas_cli("replay", "--verify", db=fight), 5, "ply #3 ")


# --- Forged with the hashes recomputed ---------------------------------------------------


@says(
    "Anyone who can edit the file can recompute every hash, so the chain alone shows only a "
    "change made without doing so."
)
def test_a_change_is_found_by_the_chain_unless_every_hash_after_it_is_recomputed(
    fight: Path, fracas_inprocess: Cli
) -> None:
    ply = ply_id(fight, 7)
    tamper.execute(fight, ("UPDATE plies SET command = 'forged' WHERE id = ?", (ply,)))
    assert_one_line_error(fracas_inprocess("replay", "--verify", db=fight), 5, "ply #7 ")
    tamper.rehash(fight, ply)  # its own hash alone: the next ply was chained over the old one
    assert_one_line_error(fracas_inprocess("replay", "--verify", db=fight), 5, "ply #8 ")
    tamper.rehash_from(fight, ply)
    assert fracas_inprocess("replay", "--verify", db=fight).code == 0


def _forge_event(db: Path) -> None:
    _, ply = damage_ply(db, 17)
    forge_damage(db, ply)
    tamper.rehash_from(db, ply)


def _slip_in_event(db: Path) -> None:
    ply = ply_id(db, 18)
    tamper.execute(
        db,
        (
            "INSERT INTO events (ply, idx, tag, version, body) SELECT ply, 99, tag, version, "
            "body FROM events WHERE ply = ? AND idx = 1",
            (ply,),
        ),
    )
    tamper.rehash_from(db, ply)


def _forge_command(db: Path) -> None:
    ply = ply_id(db, 9)
    tamper.execute(db, ("UPDATE plies SET command = 'fracas pass marcus' WHERE id = ?", (ply,)))
    tamper.rehash_from(db, ply)


def _forge_encounter(db: Path) -> None:
    tamper.execute(db, ("UPDATE encounters SET created_at = '2001-01-01T00:00:00+00:00'", ()))
    tamper.rehash_from(db, ply_id(db, 0))


def _forge_state(db: Path) -> None:
    ply = state_ply(db)
    tamper.execute(db, ("UPDATE hashes SET state_digest = zeroblob(32) WHERE ply = ?", (ply,)))
    tamper.rehash_from(db, ply)


def _move_head(db: Path) -> None:
    tamper.execute(
        db, ("UPDATE branches SET head = ? WHERE name = 'main'", (ply_id(db, HEAD - 2),))
    )


def _move_tip(db: Path) -> None:
    tamper.execute(db, ("UPDATE branches SET tip = head WHERE name = 'main'", ()))


def _replace_undone(db: Path) -> None:
    tip = tip_of(db)
    tamper.execute(db, ("UPDATE plies SET command = 'forged' WHERE id = ?", (tip,)))
    tamper.rehash_from(db, tip)


FORGERIES: dict[str, Callable[[Path], None]] = {
    "a ply": _forge_command,
    "an event": _forge_event,
    "an event slipped in": _slip_in_event,
    "the encounter's row": _forge_encounter,
    "the state a ply carries": _forge_state,
    "the head moved back": _move_head,
    "the tip moved back": _move_tip,
    "the undone plies deleted": delete_undone,
    "an undone ply replaced": _replace_undone,
}


@says(
    "Caught by the published hash: any change to a ply, an event, an encounter's row, a state "
    "a ply carries, or where a branch's head or tip stands, and undone plies deleted or "
    "replaced."
)
@pytest.mark.parametrize("kind", sorted(FORGERIES))
def test_the_published_hash_catches_any_change_to_the_history(
    kind: str, fight: Path, fracas_inprocess: Cli
) -> None:
    before = published(fracas_inprocess, fight)
    FORGERIES[kind](fight)
    found = fracas_inprocess("--json", "replay", "--verify", db=fight)
    if found.code == 0:  # a consistent file: the hash to publish tells
        assert json.loads(found.stdout)["publish_hash"] != before
    else:  # replay --verify tells as well
        assert found.code in (1, 5), found
        assert "Traceback" not in found.stderr
    branches = fracas_inprocess("--json", "branches", db=fight)
    if branches.code == 0:
        assert listed(fracas_inprocess, fight)["main"]["publish_hash"] != before


def test_the_redo_history_deleted_is_a_sound_file_with_another_hash_to_publish(
    fight: Path, fracas_cli: Cli
) -> None:
    """Issue 24: undone plies could be deleted with no trace but `branches` showing redo 1
    -> 0. Every command still takes the file (it is one fracas could have written): what
    tells is the hash to publish."""
    before = published(fracas_cli, fight)
    delete_undone(fight)
    assert listed(fracas_cli, fight)["main"]["redo"] == 0
    assert published(fracas_cli, fight) != before


@says(
    "Caught by `replay --verify` without it: a ply whose events are not what today's rules "
    "make of its seed, salt and entered dice (exit 1, the first difference), undone plies "
    "included."
)
def test_verify_catches_an_outcome_todays_rules_do_not_make_undone_plies_included(
    fight: Path, fracas_inprocess: Cli
) -> None:
    other = shutil.copy(fight, fight.with_name("other.db"))
    depth, ply = damage_ply(fight)
    forge_damage(fight, ply)
    tamper.rehash_from(fight, ply)
    found = fracas_inprocess("replay", "--verify", db=fight)
    assert found.code == 1, found
    assert found.stdout.startswith(f"differs at ply #{depth}, event ")
    undone = Path(other)
    tip = tip_of(undone)
    idx, _ = bump(undone, tip)
    tamper.rehash_from(undone, tip)
    result = fracas_inprocess("--json", "replay", "--verify", db=undone)
    assert result.code == 1, result
    difference = json.loads(result.stdout)["difference"]
    assert (difference["ply"], difference["undone"]) == (HEAD + 1, True)
    text = fracas_inprocess("replay", "--verify", db=undone).stdout
    assert f"ply #{HEAD + 1} (undone: `redo` brings it back), event {idx}" in text


ROW_CHANGES = {
    "its seed": "UPDATE plies SET seed = seed + 1 WHERE id = ?",
    "its salt": "UPDATE plies SET salt = salt + 1 WHERE id = ?",
    "its entered dice": "UPDATE plies SET dice = '[6]' WHERE id = ?",
    "an event deleted": "DELETE FROM events WHERE ply = ? AND idx = 2",
}


@says(
    "Caught by `replay --verify` without it: a ply whose events are not what today's rules "
    "make of its seed, salt and entered dice (exit 1, the first difference), undone plies "
    "included."
)
@pytest.mark.parametrize("change", sorted(ROW_CHANGES))
def test_a_plies_seed_salt_dice_or_events_changed_alone_are_caught_by_verify(
    change: str, fight: Path, fracas_inprocess: Cli
) -> None:
    """Every hash recomputed, but the ply's events left as they were (or one deleted): its
    re-resolution differs."""
    depth, ply = damage_ply(fight)
    tamper.execute(fight, (ROW_CHANGES[change], (ply,)))
    tamper.rehash_from(fight, ply)
    found = fracas_inprocess("replay", "--verify", db=fight)
    assert found.code == 1, found
    assert found.stdout.startswith(f"differs at ply #{depth}, event ")


POINTERS = {
    "parent to itself": "UPDATE plies SET parent = id WHERE id = ?",
    "depth moved": "UPDATE plies SET depth = depth + 1 WHERE id = ?",
    "skip to the root": "UPDATE plies SET skip = (SELECT min(id) FROM plies) WHERE id = ?",
}


@says("A ply whose parent, depth or skip pointer does not make one path (exit 5).")
@pytest.mark.parametrize("change", sorted(POINTERS))
def test_a_changed_pointer_is_refused_with_every_hash_recomputed(
    change: str, fight: Path, fracas_inprocess: Cli
) -> None:
    """A ply's parent, depth or skip pointer is in its hash and in the path's own checks:
    with the hashes recomputed the path no longer holds (exit 5), for `replay --verify` and
    `branches`, which check every ply, and for a command that follows the skip pointers
    (`branch --at`)."""
    ply = ply_id(fight, HEAD)
    tamper.execute(fight, (POINTERS[change], (ply,)))
    tamper.rehash_from(fight, ply)
    before = file_state(fight)
    for argv in (["replay", "--verify"], ["branch", "x", "--at", "2"], ["--json", "branches"]):
        assert_one_line_error(fracas_inprocess(*argv, db=fight), 5, str(fight))
    assert file_state(fight) == before


@says(
    "A ply claiming a rules version older than its encounter's or than the ply before it "
    "(exit 5, naming the ply, the version it claims and the one it may not go below): a ply "
    "cannot pass a forged roll off as written under older rules."
)
@pytest.mark.parametrize("depth", [0, 1, 18])
def test_a_ply_claiming_older_rules_than_the_one_before_it_is_refused_naming_both(
    depth: int, fight: Path, fracas_inprocess: Cli, fracas_cli: Cli
) -> None:
    """Issue 24: a ply lowered to -5 with a forged damage roll passed `replay --verify` as
    "kept as recorded under older rules", and `status` showed the forged state."""
    ply = ply_id(fight, depth)
    if depth:
        forge_damage(fight, damage_ply(fight, depth)[1])
    tamper.execute(fight, ("UPDATE plies SET rules_version = -5 WHERE id = ?", (ply,)))
    tamper.rehash_from(fight, ply)
    floor = "its encounter's" if depth == 0 else f"ply #{depth - 1}'s"
    says_ = (str(fight), f"ply #{depth} claims rules version -5, older than {floor} ({VERSION})")
    before = file_state(fight)
    assert_one_line_error(fracas_cli("replay", "--verify", db=fight), 5, *says_)
    assert_one_line_error(fracas_inprocess("--json", "branches", db=fight), 5, *says_)
    if depth == 18:  # after the snapshot: every command reads it
        for argv in (["status"], ["log"], ["strike", "marcus", "brodkil"], ["undo"]):
            assert_one_line_error(fracas_inprocess(*argv, db=fight), 5, *says_)
    assert file_state(fight) == before


def test_the_ply_before_is_a_floor_too_not_only_the_encounter(
    fight: Path, fracas_inprocess: Cli
) -> None:
    """A ply after one written under newer rules may not claim the encounter's (fracas
    would not have appended it: the next test)."""
    ply = ply_id(fight, 5)
    tamper.execute(fight, ("UPDATE plies SET rules_version = ? WHERE id = ?", (VERSION + 2, ply)))
    tamper.rehash_from(fight, ply)
    assert_one_line_error(
        fracas_inprocess("replay", "--verify", db=fight),
        5,
        f"ply #6 claims rules version {VERSION}, older than ply #5's ({VERSION + 2})",
    )


def test_fracas_never_appends_under_older_rules_than_the_fight_was_written_under(
    tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """What the floor rests on: to a fight whose last ply a newer fracas wrote (under a newer
    rules version) this one appends nothing, as its ply would claim older rules (exit 6,
    nothing written: upgrade fracas). Reading it is fine."""
    db = build(tmp_path / "newer.db", plies=4, undo=0)
    head = ply_id(db, 4)
    tamper.execute(db, ("UPDATE plies SET rules_version = ? WHERE id = ?", (VERSION + 1, head)))
    tamper.rehash(db, head)
    assert fracas_inprocess("status", db=db).code == 0
    before = file_state(db)
    for argv in (["strike", "marcus", "brodkil"], ["ruling", "marcus", "--note", "n"]):
        result = fracas_inprocess(*argv, db=db)
        assert_one_line_error(result, 6, str(db), f"rules version {VERSION + 1}", "upgrade")
    assert file_state(db) == before


@says("A ply #0 that does not say the encounter row's seed, system and rules version (exit 5).")
@pytest.mark.parametrize("column", ["name", "seed", "rules_version", "system"])
def test_an_encounter_start_that_does_not_say_what_its_row_says_is_refused(
    column: str, fight: Path, fracas_inprocess: Cli
) -> None:
    """The row alone changed, every hash recomputed (an encounter's seed gives the dice of
    every ply appended after)."""
    value = {"name": "other", "seed": 8, "rules_version": VERSION - 1, "system": "gurps"}[column]
    if column == "name":  # the cursor names the encounter selected
        tamper.execute(fight, ("UPDATE cursor SET value = 'other' WHERE key = 'encounter'", ()))
    tamper.execute(fight, (f"UPDATE encounters SET {column} = ?", (value,)))
    tamper.rehash_from(fight, ply_id(fight, 0))
    before = file_state(fight)
    result = fracas_inprocess("replay", "--verify", db=fight)
    assert_one_line_error(result, 5, str(fight))
    if column != "system":  # under another system, its plies' events are not that system's
        assert "ply #0, the encounter's start, does not say what" in result.stderr
    assert file_state(fight) == before


@says(
    "A state a ply carries, or a snapshot, that is not the state the log folds to there (exit 5)."
)
def test_a_state_carried_that_the_log_does_not_fold_to_is_caught_by_verify(
    fight: Path, fracas_inprocess: Cli, fracas_cli: Cli
) -> None:
    """The snapshot and the state its ply carries forged together, every hash after
    recomputed: a command that starts from it shows it (the chain agrees with it), so what
    tells is `replay --verify`, which folds the log, and the hash to publish."""
    before = published(fracas_inprocess, fight)
    ply = state_ply(fight)
    snaps = kernel_for(get_pack("palladium")).snapshots
    held = snaps.decode(forge_snapshot(fight, ply))
    assert held is not None
    digest = snaps.digest(held)
    tamper.execute(fight, ("UPDATE hashes SET state_digest = ? WHERE ply = ?", (digest, ply)))
    tamper.rehash_from(fight, ply)
    assert_one_line_error(
        fracas_cli("replay", "--verify", db=fight), 5, "ply #16 carries a state", "folds to"
    )
    assert listed(fracas_cli, fight)["main"]["publish_hash"] != before


# --- refused by every command ------------------------------------------------------------

COMMANDS = {
    "status": ["status"],
    "status --json": ["--json", "status"],
    "strike": ["strike", "marcus", "brodkil", "--defend", "none"],
    "ruling": ["ruling", "marcus", "--note", "n"],
    "undo": ["undo"],
    "redo": ["redo"],
    "branch": ["branch", "what-if"],
    "replay --verify": ["replay", "--verify"],
    "diff": ["diff", "main", "main"],
    "amend": ["amend", str(HEAD), "--drop"],
}


@says(
    "Refused by every command: a snapshot whose state is not the one its ply carries in the "
    "chain (exit 5)."
)
@says("No command shows a forged snapshot, and no write builds on one.")
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_forged_snapshot_is_refused_by_every_command_that_would_start_from_it(
    command: str, fight: Path, fracas_inprocess: Cli
) -> None:
    """Issue 24: a forged snapshot (its state and digest rewritten) left the head hash
    unchanged while `status` showed it and later writes built on it."""
    forge_snapshot(fight, state_ply(fight))
    before = file_state(fight)
    result = fracas_inprocess(*COMMANDS[command], db=fight)
    assert_one_line_error(result, 5, str(fight), "snapshot of ply #16", "changed outside fracas")
    assert file_state(fight) == before


def test_a_damaged_snapshot_is_no_forgery_the_state_is_folded_and_kept_anew(
    fight: Path, fracas_inprocess: Cli
) -> None:
    """A snapshot that does not match its own digest is damage, not a forgery: ignored, the
    state folded from the log, and the snapshot kept again."""
    honest = doc(fracas_inprocess("--json", "status", db=fight))
    publish = published(fracas_inprocess, fight)
    ply = state_ply(fight)
    tamper.execute(fight, ("UPDATE snapshots SET body = X'00' WHERE ply = ?", (ply,)))
    assert doc(fracas_inprocess("--json", "status", db=fight)) == honest  # folded this time
    [(body,)] = rows(fight, "SELECT body FROM snapshots WHERE ply = ?", (ply,))
    assert bytes(body) != b"\x00"
    assert published(fracas_inprocess, fight) == publish


# --- caught only by the published hash ---------------------------------------------------


def _transplant(db: Path, other: Path, depth: int) -> None:
    """Ply ``depth`` of ``db`` made the one of ``other`` (the same fight but for the faces
    entered for that ply): its dice and its events copied over, every hash after recomputed."""
    ply, theirs = ply_id(db, depth), ply_id(other, depth)
    [(dice,)] = rows(other, "SELECT dice FROM plies WHERE id = ?", (theirs,))
    events = rows(other, "SELECT idx, tag, version, body FROM events WHERE ply = ?", (theirs,))
    insert = "INSERT INTO events (ply, idx, tag, version, body) VALUES (?, ?, ?, ?, ?)"
    tamper.execute(
        db,
        ("DELETE FROM events WHERE ply = ?", (ply,)),
        ("UPDATE plies SET dice = ? WHERE id = ?", (dice, ply)),
        *((insert, (ply, *e)) for e in events),
    )
    tamper.rehash_from(db, ply)


@says(
    "Caught only by the published hash: a ply's entered dice, seed or salt changed with its "
    "events, and every later ply's, made to match (a consistent other fight); its command "
    "text or time."
)
def test_entered_dice_changed_with_their_outcome_are_caught_only_by_the_published_hash(
    tmp_path: Path, fracas_inprocess: Cli
) -> None:
    """The strike a player rolled as a 3 at the table rewritten as the 18 of the same fight
    played otherwise: `replay --verify` re-resolves it from the forged faces, and agrees."""
    fights = []
    for name, faces in (("a.db", "3"), ("b.db", "18")):
        db = build(tmp_path / name, plies=5, undo=0)
        table = Table(db)
        if table.state().clock.acting is None:  # the round is over: the next one
            table.declare(InitiativeDeclared())
        depth = table.status()["head"] + 1
        state = table.state()
        actor = str(state.clock.acting)
        target = next(c for c in state.combatants if c != actor)
        argv = ["strike", actor, target, "--defend", "none", "--dice", faces]
        assert fracas_inprocess(*argv, db=db).code == 0
        fights.append(db)
    a, b = fights
    before = published(fracas_inprocess, a)
    _transplant(a, b, depth)
    assert published(fracas_inprocess, a) not in (before, published(fracas_inprocess, b))
    for column, value in (("command", "fracas pass marcus"), ("created_at", "2001-01-01")):
        ply = ply_id(a, 3)
        before = published(fracas_inprocess, a)
        tamper.execute(a, (f"UPDATE plies SET {column} = ? WHERE id = ?", (value, ply)))
        tamper.rehash_from(a, ply)
        assert published(fracas_inprocess, a) != before, column


@says(
    "In a fight begun under an older rules version (the logs in `tests/golden_logs`), the "
    "recorded outcome of a ply written under it, since `replay --verify` keeps those as "
    "recorded; and so an encounter lowered to an older rules version with its start and "
    "every ply."
)
def test_an_older_fights_recorded_outcome_is_caught_only_by_the_published_hash(
    tmp_path: Path, fight: Path, fracas_inprocess: Cli
) -> None:
    # a golden log of GURPS pack version 4: a blow on its troll made harder by two points
    golden = Path(shutil.copy(GOLDEN / "gurps-v4.db", tmp_path / "gurps-v4.db"))
    before = doc(fracas_inprocess("--json", "replay", "--verify", db=golden))
    hurt = rows(
        golden,
        "SELECT ply, idx, body FROM events WHERE tag = 'gurps.injury_applied' ORDER BY ply LIMIT 1",
    )
    [(ply, idx, body)] = hurt
    injury = json.loads(body)
    injury["amount"] += 2
    injury["after"] -= 2
    set_body(golden, ply, idx, injury)
    tamper.rehash_from(golden, ply)
    after = doc(fracas_inprocess("--json", "replay", "--verify", db=golden))
    assert (after["difference"], after["older_rules"]) == (None, before["older_rules"])
    assert after["publish_hash"] != before["publish_hash"]
    # today's fight claiming version 1 throughout, its start and its row too
    honest = published(fracas_inprocess, fight)
    forge_damage(fight, damage_ply(fight)[1])
    root = ply_id(fight, 0)
    idx, start = event(fight, root, "core.encounter_started")
    start["rules_version"] = 1
    set_body(fight, root, idx, start)
    tamper.execute(
        fight,
        ("UPDATE encounters SET rules_version = 1", ()),
        ("UPDATE plies SET rules_version = 1", ()),
    )
    tamper.reforge(fight, root)
    found = doc(fracas_inprocess("--json", "replay", "--verify", db=fight))
    assert (found["difference"], found["older_rules"] >= 1) == (None, True)
    assert found["publish_hash"] != honest


@says(
    "An encounter's seed changed with its start's (every ply keeps its own seed, but the "
    "plies appended after roll from the new one)."
)
def test_an_encounters_seed_changed_with_its_starts_is_caught_only_by_the_published_hash(
    fight: Path, fracas_inprocess: Cli
) -> None:
    before = published(fracas_inprocess, fight)
    root = ply_id(fight, 0)
    idx, start = event(fight, root, "core.encounter_started")
    start["seed"] = 8
    set_body(fight, root, idx, start)
    tamper.execute(
        fight,
        ("UPDATE encounters SET seed = 8", ()),
        ("UPDATE plies SET seed = 8 WHERE id = ?", (root,)),
    )
    tamper.reforge(fight, root)
    assert published(fracas_inprocess, fight) != before
    assert fracas_inprocess("ruling", "marcus", "--note", "n", db=fight).code == 0
    [(seed,)] = rows(
        fight, "SELECT seed FROM plies WHERE id = (SELECT head FROM branches WHERE name = 'main')"
    )
    assert seed == 8


# --- not caught, and not history ---------------------------------------------------------


@says(
    "Not caught, and not history: the branches' names and forks, a branch deleted (each "
    "branch's hash to publish covers that branch only: publish each one that matters, "
    "`branches --json`), and the cursor (which encounter and branch are selected, and what an "
    "`undo` right after an `amend` restores)."
)
def test_branch_names_forks_deletions_and_the_cursor_are_not_history(
    fight: Path, fracas_inprocess: Cli
) -> None:
    assert fracas_inprocess("branch", "what-if", "--at", "5", db=fight).code == 0
    hashes = {name: b["publish_hash"] for name, b in listed(fracas_inprocess, fight).items()}
    tamper.execute(
        fight,
        ("UPDATE branches SET fork = ? WHERE name = 'what-if'", (ply_id(fight, 3),)),
        ("UPDATE branches SET name = 'renamed' WHERE name = 'what-if'", ()),
        ("UPDATE cursor SET value = 'renamed' WHERE key LIKE 'branch:%'", ()),
    )
    now = listed(fracas_inprocess, fight)
    assert {name: b["publish_hash"] for name, b in now.items()} == {
        "main": hashes["main"],
        "renamed": hashes["what-if"],
    }
    assert now["renamed"]["fork"] == 3
    assert doc(fracas_inprocess("--json", "status", db=fight))["branch"] == "renamed"
    tamper.execute(
        fight,
        ("DELETE FROM branches WHERE name = 'renamed'", ()),
        ("UPDATE cursor SET value = 'main' WHERE key LIKE 'branch:%'", ()),
    )
    assert published(fracas_inprocess, fight) == hashes["main"]


def test_every_sentence_is_the_readmes_and_has_its_test() -> None:
    readme = " ".join((Path(__file__).parents[2] / "README.md").read_text().split())
    assert len(SAID) >= 15
    for sentence, tests in SAID.items():
        assert sentence in readme, (sentence, tests)
    for paragraph in ("**The hash to publish.**", "**Forged with the hashes recomputed.**"):
        start = readme.index(paragraph) + len(paragraph)
        end = readme.index("**", start)
        body = readme[start:end].replace(" - ", " ")
        sentences = [s.strip() for s in re.split(r"(?<=[.):])\s+(?=[A-Z`])", body)]
        said = " ".join(SAID)
        missing = [s for s in sentences if s and not s.endswith(":") and s not in said]
        assert missing == [], missing
