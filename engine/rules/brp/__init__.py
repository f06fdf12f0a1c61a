"""The Basic Roleplaying rules pack: the spot rules of seed 004 on the core rules they assume.

Rule ids cite ``shared/rules/gurps-brp.md`` (§1.2 and §2.2, ``BRP-…``); docs/RULES-brp.md
lists what the pack implements, its options and readings, and what is not yet. The pack is the
record :data:`PACK`: options, sheet, events and reducers, the actions table, how it prices the
core's turn management, its status columns and its explain texts.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.rules.brp.actions import ACTIONS
from engine.rules.brp.explain import EXPLAIN
from engine.rules.brp.options import VARIANTS
from engine.rules.brp.round import PHASES
from engine.rules.brp.sheet import BrpSheet
from engine.rules.brp.status import STATUS
from engine.rules.brp.turns import BrpTurns
from engine.rules.pack import Pack
from events import brp as be
from events.brp.records import AttackDetail, BrpOptions
from projections import brp as proj


def _load_sheet(path: Path) -> Any:
    # Imported here: cattrs and yaml cost ~40 ms, and only `add` needs them.
    from engine.rules.brp.sheet_io import load_sheet

    return load_sheet(path)


PACK = Pack(
    name="brp",
    title="Basic Roleplaying: the spot rules on the core rules",
    #: Bump whenever ``decide`` would give different outcomes for the same log.
    version=1,
    options=BrpOptions,
    variants=VARIANTS,
    sheet=BrpSheet,
    load_sheet=_load_sheet,
    pending=AttackDetail,
    events=be.BRP_EVENTS,
    reducers=proj.REDUCERS,
    upcasts={},
    actions=ACTIONS,
    turns=BrpTurns(),
    status=STATUS,
    explain=EXPLAIN,
    citations={"hold": "BRP-QUICKDRAW"},
    phases=PHASES,
)
