"""The library API (engine/table.py): undo and redo, automatic undone branches, refs, switch,
log numbering, two encounters in one file, and replay with other luck.

Fights are built through ``Table`` only; what is on disk is read back with plain sqlite3
(read-only), so a refused command can be shown to have written nothing.
"""

from __future__ import annotations

import itertools
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from engine.replay import Kernel
from engine.rules import IllegalAction, UnknownName, get_pack
from engine.table import Table, UsageError
from events.codec import to_builtins
from events.core import JoinDeclared, RulingDeclared
from events.palladium import (
    DefendDeclared,
    MeleeRoundDeclared,
    StrikeDeclared,
    StrikeRolled,
)
from projections.palladium import fighter

SHEETS = Path(__file__).resolve().parents[2] / "examples" / "sheets"
KERNEL = Kernel(get_pack("palladium"))


def on_disk(db: Path) -> tuple[object, ...]:
    """Every row of the file (plies, events, branches, cursor, encounters), read-only."""
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        return tuple(
            tuple(conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2"))
            for t in ("plies", "events", "branches", "cursor", "encounters")
        )


def log_of(table: Table, branch: str | None = None) -> list[tuple[int, str, list[object]]]:
    """A branch's plies as (number, command, events as plain data)."""
    return [
        (v.number, v.row.command, [to_builtins(e) for e in v.events]) for v in table.log(branch)
    ]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "fight.db"


@pytest.fixture
def table(db: Path) -> Table:
    """Encounter ``bar`` (seed 7): Marcus Kell (#1) and a Brodkil (#2), no round yet."""
    t = Table(db)
    t.new("bar", 7)
    t.add(SHEETS / "marcus_kell.toml", cid="marcus")
    t.add(SHEETS / "brodkil.json", cid="brodkil")
    return t


def ruling(table: Table, text: str) -> int:
    """Append a GM ruling (a ply that rolls no dice); return its number."""
    return table.declare(RulingDeclared(text=text), command=f"ruling {text}").number


# --- undo and redo ---------------------------------------------------------------------------


def test_undo_past_the_start_is_refused_and_writes_nothing(table: Table, db: Path) -> None:
    before = on_disk(db)
    with pytest.raises(IllegalAction, match="cannot undo 3"):
        table.undo(3)
    assert on_disk(db) == before
    assert table.status()["head"] == 2


def test_undo_to_the_start_is_allowed(table: Table) -> None:
    result = table.undo(2)
    assert (result.number, result.events) == (0, [])
    assert result.state.combatants == {}
    assert table.state() == result.state
    with pytest.raises(IllegalAction):
        table.undo()


def test_undo_n_must_be_positive(table: Table, db: Path) -> None:
    before = on_disk(db)
    for n in (0, -1):
        with pytest.raises(UsageError):
            table.undo(n)
        with pytest.raises(UsageError):
            table.redo(n)
    assert on_disk(db) == before


def test_redo_with_nothing_undone_is_refused_and_writes_nothing(table: Table, db: Path) -> None:
    before = on_disk(db)
    with pytest.raises(IllegalAction, match="0 undone plies"):
        table.redo()
    assert on_disk(db) == before


def test_redo_further_than_undone_is_refused(table: Table, db: Path) -> None:
    table.undo(1)
    before = on_disk(db)
    with pytest.raises(IllegalAction, match="1 undone plies"):
        table.redo(2)
    assert on_disk(db) == before


def test_undo_then_redo_restores_state_status_and_log(table: Table) -> None:
    table.declare(MeleeRoundDeclared())
    status, state, log = table.status(), table.state(), log_of(table)
    table.undo(2)
    assert table.status()["head"] == 1
    result = table.redo(2)
    assert result.state == state
    assert (table.status(), table.state(), log_of(table)) == (status, state, log)


def test_a_new_ply_after_undo_keeps_the_undone_plies_as_a_branch(table: Table) -> None:
    table.declare(MeleeRoundDeclared())
    undone = log_of(table)
    table.undo(2)
    ruling(table, "the Brodkil never came")
    views = {b.name: b for b in table.branches()}
    assert set(views) == {"main", "main-undone-1"}
    kept = views["main-undone-1"]
    assert (kept.head, kept.fork, kept.redo, kept.current) == (3, 1, 0, False)
    main = views["main"]
    assert (main.head, main.fork, main.redo, main.current) == (2, None, 0, True)
    assert log_of(table, "main-undone-1") == undone
    assert [n for n, _, _ in log_of(table)] == [0, 1, 2]
    with pytest.raises(IllegalAction):
        table.redo()


def test_each_abandoned_line_gets_its_own_undone_branch(table: Table) -> None:
    table.undo()
    ruling(table, "first other line")
    table.undo()
    ruling(table, "second other line")
    names = [b.name for b in table.branches()]
    assert names == ["main", "main-undone-1", "main-undone-2"]
    assert log_of(table, "main-undone-1")[-1][2][0]["type"] == "core.join_declared"
    assert log_of(table, "main-undone-2")[-1][2][0]["text"] == "first other line"


def test_undo_on_a_branch_reaches_back_past_its_fork(table: Table) -> None:
    table.branch("what-if", switch=True)
    table.undo(2)
    assert table.status()["head"] == 0
    assert table.redo(2).number == 2
    assert table.status("main")["head"] == 2


# --- branches and refs -------------------------------------------------------------------------


@pytest.fixture
def long_table(table: Table) -> Table:
    """``table`` with three more plies: rulings #3, #4, #5 on main."""
    for text in ("three", "four", "five"):
        ruling(table, text)
    return table


def test_branch_at_a_number(long_table: Table) -> None:
    view = long_table.branch("what-if", "2")
    assert (view.name, view.head, view.fork, view.current) == ("what-if", 2, 2, False)
    assert log_of(long_table, "what-if") == log_of(long_table)[:3]
    assert long_table.status()["branch"] == "main"


@pytest.mark.parametrize(("ref", "depth"), [("main", 5), ("main~0", 5), ("main~2", 3)])
def test_branch_at_branch_tilde_k(long_table: Table, ref: str, depth: int) -> None:
    assert long_table.branch("what-if", ref).head == depth
    assert long_table.status("what-if")["head"] == depth
    assert log_of(long_table, "what-if") == log_of(long_table)[: depth + 1]


def test_branch_tilde_k_counts_back_on_that_branch(long_table: Table) -> None:
    long_table.branch("side", "3")
    long_table.branch("from-side", "side~1")
    assert long_table.status("from-side")["head"] == 2


@pytest.mark.parametrize(
    ("ref", "error"),
    [
        ("6", UnknownName),  # beyond the current head
        ("main~6", UnknownName),  # beyond the branch's start
        ("nowhere~1", UnknownName),
        ("nowhere", UnknownName),
        ("main~x", UsageError),
    ],
)
def test_bad_refs_are_refused_and_write_nothing(
    long_table: Table, db: Path, ref: str, error: type[Exception]
) -> None:
    before = on_disk(db)
    with pytest.raises(error):
        long_table.branch("what-if", ref)
    assert on_disk(db) == before


def test_a_number_is_read_on_the_current_branch(long_table: Table) -> None:
    long_table.branch("short", "2", switch=True)
    with pytest.raises(UnknownName, match="its head is #2"):
        long_table.branch("later", "4")
    assert long_table.branch("later", "main~1").head == 4


def test_branch_names_are_checked_and_unique(long_table: Table, db: Path) -> None:
    long_table.branch("what-if")
    before = on_disk(db)
    for bad in ("what-if", "main", "no~tilde", "", "-dash-first", "x" * 65, "42"):
        with pytest.raises(UsageError):
            long_table.branch(bad)
    assert on_disk(db) == before


def test_switch_changes_the_current_branch(long_table: Table, db: Path) -> None:
    long_table.branch("what-if", "3")
    view = long_table.switch("what-if")
    assert (view.name, view.head, view.current) == ("what-if", 3, True)
    assert long_table.status()["branch"] == "what-if"
    assert [b.name for b in long_table.branches() if b.current] == ["what-if"]
    ruling(long_table, "on the what-if")
    assert long_table.status("main")["head"] == 5
    assert long_table.switch("main").head == 5
    before = on_disk(db)
    with pytest.raises(UnknownName, match="branches: main, what-if"):
        long_table.switch("nowhere")
    assert on_disk(db) == before


def test_a_branch_never_changes_its_parent(long_table: Table) -> None:
    main = log_of(long_table)
    long_table.branch("what-if", "main~2", switch=True)
    ruling(long_table, "elsewhere")
    long_table.undo(2)
    ruling(long_table, "and again")
    assert log_of(long_table, "main") == main


# --- the log -----------------------------------------------------------------------------------


def test_log_numbers_plies_from_the_start(long_table: Table) -> None:
    views = long_table.log()
    assert [v.number for v in views] == [0, 1, 2, 3, 4, 5]
    assert [v.row.depth for v in views] == [0, 1, 2, 3, 4, 5]
    assert views[3].row.command == "ruling three"
    assert views[0].before.encounter == ""  # the state before the encounter's start
    long_table.undo(2)
    assert [v.number for v in long_table.log()] == [0, 1, 2, 3]


def test_log_before_states_fold_to_the_head(long_table: Table) -> None:
    views = long_table.log()
    for prev, nxt in itertools.pairwise(views):
        assert KERNEL.apply(prev.before, prev.events) == nxt.before
    assert KERNEL.apply(views[-1].before, views[-1].events) == long_table.state()


def test_explain_reads_a_ply_by_number_or_ref(long_table: Table) -> None:
    assert long_table.explain("4").events[0] == RulingDeclared(text="four")
    assert long_table.explain("main~1").number == 4
    assert long_table.explain("0").before.encounter == ""
    with pytest.raises(UnknownName):
        long_table.explain("9")


# --- encounters ---------------------------------------------------------------------------------


def test_two_encounters_in_one_file(db: Path) -> None:
    t = Table(db)
    t.new("first", 1)
    t.add(SHEETS / "marcus_kell.toml")
    t.new("second", 2, variant="house")
    rows, current = t.encounters()
    assert [r.name for r in rows] == ["first", "second"] and current == "second"
    assert (t.status()["encounter"], t.status()["head"], t.status()["seed"]) == ("second", 0, 2)
    t.add(SHEETS / "cs_grunt.yaml")
    t.branch("only-in-second")

    assert t.use("first").name == "first"
    status = t.status()
    assert (status["encounter"], status["head"], status["variant"]) == ("first", 1, "raw")
    assert [c["id"] for c in status["combatants"]] == ["marcus-kell"]
    assert [b.name for b in t.branches()] == ["main"]
    t.undo()
    t.use("second")
    assert t.status()["head"] == 1 and {b.name for b in t.branches()} == {"main", "only-in-second"}
    t.use("first")
    assert t.status()["head"] == 0


def test_use_of_an_unknown_encounter_is_refused(db: Path) -> None:
    t = Table(db)
    t.new("first", 1)
    before = on_disk(db)
    with pytest.raises(UnknownName, match="encounters: first"):
        t.use("nowhere")
    assert on_disk(db) == before


def test_a_second_encounter_of_the_same_name_is_refused(db: Path) -> None:
    t = Table(db)
    t.new("first", 1)
    before = on_disk(db)
    with pytest.raises(UsageError, match="'first' already exists; `fracas use first`"):
        t.new("first", 2)
    assert on_disk(db) == before


def test_each_encounter_remembers_its_current_branch(db: Path) -> None:
    t = Table(db)
    t.new("first", 1)
    t.branch("side", switch=True)
    t.new("second", 2)
    assert t.status()["branch"] == "main"
    t.use("first")
    assert t.status()["branch"] == "side"


# --- declaring ----------------------------------------------------------------------------------


def test_a_refused_declaration_writes_nothing(table: Table, db: Path) -> None:
    before = on_disk(db)
    with pytest.raises(IllegalAction):
        table.declare(StrikeDeclared(actor="marcus", target="brodkil"))  # no round yet
    with pytest.raises(UnknownName):
        table.declare(StrikeDeclared(actor="nobody", target="brodkil"))
    assert on_disk(db) == before


def test_a_join_under_a_taken_id_is_refused_and_writes_nothing(table: Table, db: Path) -> None:
    """Regression: ``declare(JoinDeclared(...))`` under a taken id used to be accepted and
    silently replaced the combatant with a fresh one (full pools, attacks, no initiative)."""
    table.declare(MeleeRoundDeclared())
    sheet = table.log()[1].events[0]
    assert isinstance(sheet, JoinDeclared)
    before = on_disk(db)
    with pytest.raises(UsageError, match="'marcus' is taken"):
        table.declare(JoinDeclared(combatant="marcus", side="players", sheet=sheet.sheet))
    with pytest.raises(UsageError, match="is taken"):
        table.add(SHEETS / "marcus_kell.toml", cid="marcus")
    for bad in ("has space", "no~tilde", ""):
        with pytest.raises(UsageError, match="combatant id"):
            table.declare(JoinDeclared(combatant=bad, side="players", sheet=sheet.sheet))
    assert on_disk(db) == before
    assert table.add(SHEETS / "marcus_kell.toml", cid="marcus-2").number == 4


def test_declare_returns_the_events_it_stored(table: Table) -> None:
    result = table.declare(MeleeRoundDeclared(), command="fracas initiative")
    view = table.log()[-1]
    assert (view.number, view.row.command) == (result.number, "fracas initiative")
    assert [to_builtins(e) for e in view.events] == [to_builtins(e) for e in result.events]
    assert result.state == table.state()


def test_reroll_takes_a_new_salt_each_time(table: Table) -> None:
    first = table.declare(MeleeRoundDeclared())
    table.undo()
    again = table.declare(MeleeRoundDeclared(), reroll=True)
    table.undo()
    third = table.declare(MeleeRoundDeclared(), reroll=True)
    salts = [v.row.salt for v in (table.log("main-undone-1")[-1], table.log("main-undone-2")[-1])]
    assert salts == [0, 1]
    assert table.log()[-1].row.salt == 2
    assert table.verify().outcome == (4, None)
    assert first.number == again.number == third.number == 3


def test_a_gm_ruling_is_a_ply_that_rolls_and_moves_nothing(table: Table) -> None:
    before = table.state()
    result = table.declare(RulingDeclared(text="the bar is dark: -2 to strike", rule="GM"))
    assert result.events == [RulingDeclared(text="the bar is dark: -2 to strike", rule="GM")]
    assert result.state == before == table.state()
    assert table.verify().outcome == (4, None)


# --- replay ---------------------------------------------------------------------------------------


def _strike_that_hits(table: Table) -> tuple[str, str]:
    """Start a round and strike with a natural 20 left waiting for the defence; return
    (striker, defender)."""
    table.declare(MeleeRoundDeclared())
    actor = table.state().clock.acting
    assert actor is not None
    target = "brodkil" if actor == "marcus" else "marcus"
    table.declare(StrikeDeclared(actor=actor, target=target), physical=(20,))
    pending = table.state().pending
    assert pending is not None and pending.reactor == target
    return actor, target


def test_replay_with_own_seed_reproduces_the_log(table: Table) -> None:
    table.declare(MeleeRoundDeclared())
    for _ in range(4):
        state = table.state()
        if state.pending is not None:
            table.declare(DefendDeclared(defender=state.pending.reactor, choice="dodge"))
            continue
        actor = state.clock.acting
        if actor is None:
            break
        target = "brodkil" if actor == "marcus" else "marcus"
        table.declare(StrikeDeclared(actor=actor, target=target, defend="none"))
    report = table.replay_into(7, "0", "again")
    head = table.status()["head"]
    assert (report.branch, report.head, report.replayed, report.skipped) == (
        "again",
        head,
        head,
        [],
    )
    assert [e for _, _, e in log_of(table, "again")] == [e for _, _, e in log_of(table)]
    assert table.state("again") == table.state()


def test_replay_skips_a_defence_whose_strike_now_misses(table: Table) -> None:
    _, defender = _strike_that_hits(table)
    table.declare(DefendDeclared(defender=defender, choice="dodge"))
    assert table.status()["head"] == 5
    for seed in range(1, 400):
        report = table.replay_into(seed, "3", f"luck-{seed}")
        if report.skipped:
            break
    else:
        pytest.fail("no seed in 1..399 made the strike miss")
    assert report.replayed == 1 and report.head == 4
    assert [n for n, _ in report.skipped] == [5]
    assert "no strike is waiting" in report.skipped[0][1]
    views = table.log(report.branch)
    assert [v.number for v in views] == [0, 1, 2, 3, 4]
    strike = next(e for e in views[4].events if isinstance(e, StrikeRolled))
    assert not strike.hits
    assert views[4].row.seed == seed and views[4].row.dice == ()
    assert table.verify(report.branch).outcome == (5, None)
    assert table.status()["branch"] == "main"  # replay makes a branch; it does not switch


def test_replay_from_a_ply_not_on_the_current_branch_is_refused(
    long_table: Table, db: Path
) -> None:
    long_table.branch("side", "2", switch=True)
    ruling(long_table, "only on side")
    long_table.switch("main")
    before = on_disk(db)
    with pytest.raises(UsageError, match="not on branch 'main'"):
        long_table.replay_into(3, "side~0", "mixed")
    assert on_disk(db) == before


def test_replay_into_an_existing_branch_is_refused(long_table: Table, db: Path) -> None:
    before = on_disk(db)
    with pytest.raises(UsageError, match="already exists"):
        long_table.replay_into(3, "1", "main")
    assert on_disk(db) == before


def test_verify_reports_the_plies_it_checked(long_table: Table) -> None:
    assert long_table.verify().outcome == (6, None)
    long_table.branch("short", "2")
    assert long_table.verify("short").outcome == (3, None)


def test_apm_left_after_undo_is_the_folded_value(table: Table) -> None:
    """A regression guard for incremental state: the state after a strike, an undo and a redo
    is the same value as a rebuild."""
    striker, _ = _strike_that_hits(table)
    spent = fighter(table.state().combatants[striker]).apm_left
    table.undo()
    table.redo()
    assert fighter(table.state().combatants[striker]).apm_left == spent
