"""The kernel's invariants through volleys of missiles and the answers they wait for
(PAL-MSL-VOLLEY, PAL-MSL-SHOOT-DOWN, PAL-HR-MSL-COUNTER-VOLLEY): the folded state is a rebuild,
undo then redo restores it, a branch never changes its parent, and re-resolving from the seed
reproduces the log. The fight machine (test_invariants.py) draws volleys too, among everything
else; here every fight has launchers, so volleys, counter-volleys and shots come in every
example."""

from __future__ import annotations

from contextlib import suppress

from hypothesis import event, given
from hypothesis import strategies as st

from engine.table import Table
from events.core import Declaration
from events.palladium import MeleeRoundDeclared
from projections.palladium import fighter
from projections.state import FightState
from tests.test_invariants import (
    PROPERTY_SETTINGS,
    REFUSALS,
    builtins,
    draw_launch,
    draw_legal,
    fight,
    living_targets,
)

#: Two launchers (mini-missiles and medium-range missiles), guns with bursts and payloads.
MISSILE_SHEETS = ("samas_pilot.toml", "skull_walker.toml", "cs_grunt.yaml")


def draw_next(data: st.DataObject, state: FightState) -> Declaration:
    """A volley whenever the one acting has a launcher and chooses to; else anything."""
    acting = state.clock.acting
    if state.pending is None and acting is not None:
        armed = any(w.kind == "launcher" for w in fighter(state.combatants[acting]).profile.weapons)
        targets = living_targets(state, acting)
        if armed and targets and data.draw(st.booleans(), label="launch?"):
            return draw_launch(data, state, acting, data.draw(st.sampled_from(targets)))
    return draw_legal(data, state)


def play_volleys(table: Table, data: st.DataObject, steps: int) -> int:
    """Declare ``steps`` things; how many volleys were fired and thinned."""
    volleys = 0
    for _ in range(steps):
        with suppress(REFUSALS):
            result = table.declare(draw_next(data, table.state()))
            assert result.state == Table(table.db).state(), "incremental state != a rebuild"
            volleys += sum(type(e).__name__ in ("MissilesSpent", "VolleyThinned")
                           for e in result.events)  # fmt: skip
    return volleys


@PROPERTY_SETTINGS
@given(seed=st.integers(0, 2**63 - 1), steps=st.integers(6, 24), data=st.data())
def test_volleys_keep_the_kernel_invariants(seed: int, steps: int, data: st.DataObject) -> None:
    variant = data.draw(st.sampled_from(("raw", "house")), label="variant")
    with fight(seed, variant, MISSILE_SHEETS) as table:
        table.declare(MeleeRoundDeclared())
        fired = play_volleys(table, data, steps)
        event(f"volley events: {min(fired, 3)}{'+' if fired >= 3 else ''}")
        head = table.status()["head"]
        main = [builtins(p.events) for p in table.log()]
        state = table.state()
        n = data.draw(st.integers(1, min(4, head)), label="undo")
        table.undo(n)
        table.redo(n)
        assert table.state() == state and [builtins(p.events) for p in table.log()] == main
        table.branch("what-if", switch=True)
        play_volleys(table, data, 6)
        table.switch("main")
        assert [builtins(p.events) for p in table.log()] == main, "a branch changed its parent"
        for branch in table.branches():
            assert table.verify(branch.name).outcome == (branch.head + 1, None)
        report = table.replay_into(seed, "0", "again")
        assert (report.head, report.skipped) == (head, [])
        assert table.state("again") == state
