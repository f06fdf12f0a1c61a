"""Long fights for the benchmarks, made with the real rules and stored with the real store.

The plies after the first three are written in one transaction to save time, which does not
change what is read: each 16th carries its state, with its snapshot, as an append would.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.dice import Dice  # noqa: E402
from engine.log import NewPly  # noqa: E402
from engine.replay import Kernel, encode_all  # noqa: E402
from engine.table import Table  # noqa: E402
from events.core import Declaration, InitiativeDeclared  # noqa: E402
from events.palladium import StrikeDeclared  # noqa: E402
from projections.state import FightState  # noqa: E402

SHEETS = ROOT / "bench" / "sheets"
FRACAS = Path(sys.executable).with_name("fracas")


def next_declaration(state: FightState) -> Declaration:
    """Whatever is legal now: a strike by the acting fighter (answered at once) or initiative."""
    acting = state.clock.acting
    if acting is None:
        return InitiativeDeclared()
    target = next(c for c in state.combatants if c != acting)
    return StrikeDeclared(actor=acting, target=target, defend="none")


def next_argv(state: FightState) -> list[str]:
    """The same as a command line."""
    acting = state.clock.acting
    if acting is None:
        return ["initiative"]
    target = next(c for c in state.combatants if c != acting)
    return ["strike", acting, target, "--defend", "none"]


def build(db: Path, plies: int | None = None, events: int | None = None) -> Table:
    """An encounter with two tough fighters and a long fight on branch 'long' (current)."""
    table = Table(db)
    table.new("bench", seed=1234)
    table.add(SHEETS / "anvil.toml", cid="anvil")
    table.add(SHEETS / "hammer.toml", cid="hammer")
    with table.scene() as sc:
        kernel: Kernel = sc.kernel
        state = kernel.rebuild(sc.store, sc.branch.head)
        head = sc.store.ply(sc.branch.head)
        batch: list[NewPly] = []
        count = 0
        depth = head.depth
        target = plies - head.depth if plies is not None else None
        while (target is None or len(batch) < target) and (events is None or count < events):
            depth += 1
            declaration = next_declaration(state)
            produced, state = kernel.resolve(state, declaration, Dice(1234, depth, 0))
            snapshot = kernel.snapshots.for_ply(depth, state)  # each 16th carries its state
            batch.append(
                (1234, 0, kernel.pack.version, "bench", (), encode_all(produced), snapshot)
            )
            count += len(produced)
        sc.store.branch_with_plies(sc.encounter.id, "long", head.id, batch)
    table.switch("long")
    return table
