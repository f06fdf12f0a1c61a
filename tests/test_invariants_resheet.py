"""Kernel invariants of `resheet` (issue 23), as a hypothesis property over random fights in every
rules system (Palladium as written and under the house rules' passes), on a real SQLite file:
rounds begun and turns ended, damage ruled, and sheets replaced (the same, another, with --reset
or not) at any moment. After every ply the state the command returned equals the state rebuilt
from the log, from a snapshot and a tail and from the start; an undo right after a resheet gives
back the very status and head hash of before, and a redo the status of after; the branch
verifies from its seed at the end."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from engine.replay import kernel_for
from engine.rules import IllegalAction, UnknownName, UsageError, get_pack
from engine.table import PlyResult, Table
from events.core import InitiativeDeclared, PassDeclared, RulingDeclared
from tests.conftest import SHEETS

REFUSED = (IllegalAction, UnknownName, UsageError)

#: Per system: two fighters, each with his example sheet and the swaps that make others of it.
FIGHTERS: dict[str, tuple[tuple[str, Path, tuple[tuple[str, str], ...]], ...]] = {
    "palladium": (
        ("marcus", SHEETS / "marcus_kell.toml", (("pp = 16", "pp = 18"), ("hp = 30", "hp = 36"))),
        (
            "vance",
            SHEETS / "cs_grunt.yaml",
            (("payload: 30", "payload: 40"), ("mdc: 50", "mdc: 40")),
        ),
    ),
    "brp": (
        ("ilsa", SHEETS / "brp" / "ilsa_varg.toml", (("con = 12", "con = 15"),)),
        ("bandit", SHEETS / "brp" / "bandit.yaml", (("con: 13", "con: 17"), ("siz: 13", "siz: 9"))),
    ),
    "gurps": (
        ("aldric", SHEETS / "gurps" / "sir_aldric.toml", (("ht = 12", "ht = 14"),)),
        ("vic", SHEETS / "gurps" / "vic_moran.json", (('"ht": 11', '"ht": 13'),)),
    ),
}


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[Path]]]:
    """Per system, per fighter: his example sheet, then one sheet per swap."""
    root = tmp_path_factory.mktemp("sheets")
    out: dict[str, list[list[Path]]] = {}
    for system, fighters in FIGHTERS.items():
        out[system] = []
        for cid, source, swaps in fighters:
            text = source.read_text(encoding="utf-8")
            paths = [source]
            for i, (old, new) in enumerate(swaps):
                assert old in text, (source, old)
                path = root / f"{system}-{cid}-{i}{source.suffix}"
                path.write_text(text.replace(old, new, 1), encoding="utf-8")
                paths.append(path)
            out[system].append(paths)
    return out


@pytest.fixture(autouse=True)
def snapshot_every_third_ply() -> Iterator[None]:
    """Snapshots every 3 plies, so that these short fights fold from snapshots and tails."""
    kept = []
    for system in FIGHTERS:
        snaps = kernel_for(get_pack(system)).snapshots
        kept.append((snaps, snaps.every))
        snaps.every = 3
    yield
    for snaps, every in kept:
        snaps.every = every


def rebuilt_is(table: Table, result: PlyResult) -> None:
    """The state the command returned is the state rebuilt from the log, both ways."""
    with table.scene() as sc:
        assert sc.kernel.rebuild(sc.store, sc.branch.head) == result.state
        assert sc.kernel.rebuild(sc.store, sc.branch.head, snapshots=False) == result.state


STEP = st.tuples(st.integers(0, 5), st.integers(0, 7), st.booleans())


@settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    system=st.sampled_from(sorted(FIGHTERS)),
    steps=st.lists(STEP, min_size=3, max_size=14),
    house=st.booleans(),
)
@example(
    system="palladium",
    steps=[(0, 0, False), (3, 1, False), (2, 1, False), (4, 3, True)],
    house=False,
)
@example(
    system="palladium",
    steps=[(0, 0, False), (3, 0, False), (1, 0, False), (4, 1, True)],
    house=True,
)
@example(
    system="brp", steps=[(0, 0, False), (2, 1, False), (3, 1, False), (1, 0, False)], house=False
)
@example(
    system="gurps", steps=[(0, 0, False), (2, 1, False), (3, 1, True), (1, 0, False)], house=False
)
def test_resheet_keeps_rebuild_equal_to_incremental_and_undo_exact(
    tmp_path_factory: pytest.TempPathFactory,
    sheets: dict[str, list[list[Path]]],
    system: str,
    steps: list[tuple[int, int, bool]],
    house: bool,
) -> None:
    db = tmp_path_factory.mktemp("resheet") / "f.db"
    table = Table(db)
    # Palladium under the house rules too: rounds of passes keep their shares on a new sheet
    table.new(
        "fight", 5, system=system, variant="house" if house and system == "palladium" else None
    )
    ids = [cid for cid, _, _ in FIGHTERS[system]]
    for cid, paths in zip(ids, sheets[system], strict=True):
        table.add(paths[0], cid=cid, side=cid)
    for kind, k, reset in steps:
        cid, paths = ids[k % 2], sheets[system][k % 2]
        before_status, before_hash = table.status(), table.head_hash()
        try:
            if kind == 0:
                result = table.declare(InitiativeDeclared())
            elif kind == 1:
                result = table.declare(PassDeclared())
            elif kind == 2:
                result = table.declare(RulingDeclared(combatant=cid, damage=1 + k % 4))
            else:
                done = table.resheet(cid, paths[k % len(paths)], reset=reset)
                result = done.result
        except REFUSED as err:
            event(f"{system} step {kind}: refused ({type(err).__name__})")
            assert table.head_hash() == before_hash  # refused: nothing written
            continue
        event(f"{system} step {kind}: accepted")
        rebuilt_is(table, result)
        if kind >= 3:
            after = table.status()
            table.undo()
            assert table.head_hash() == before_hash
            assert table.status() == before_status
            table.redo()
            assert table.status() == after
    assert table.verify().difference is None
