"""The Basic Roleplaying rules pack: the spot rules of seed 004 on the core rules they assume.

Rule ids cite ``shared/rules/gurps-brp.md`` (§1.2 and §2.2, ``BRP-…``); docs/RULES-brp.md
lists what the pack implements, its options and readings, and what is not yet. The pack is the
record :data:`PACK`: options, sheet, events and reducers, the actions table, how it prices the
core's turn management, its status columns and its explain texts.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.rules.brp.options import VARIANTS
from engine.rules.brp.status import STATUS
from engine.rules.pack import Action, Explainer, Pack, TurnRules
from events import brp as be
from events.brp.records import AttackDetail, BrpOptions
from events.core import Event
from projections import brp as proj

#: The phases of a round before its turns, in order (``round.py`` moves the round through them).
PHASES = ("intent", "powers")


if TYPE_CHECKING:
    from engine.plyoutcome import Teller


def _sheet_type() -> type[Any]:
    from engine.rules.brp.sheet import BrpSheet

    return BrpSheet


def _load_sheet(path: Path) -> Any:
    # Imported here: cattrs and yaml cost ~40 ms, and only `add` needs them.
    from engine.rules.brp.sheet_io import load_sheet

    return load_sheet(path)


# The deciders, the turn rules and the explain texts are imported on first use: a command that
# only reads the fight (``status``) needs none of them.
def _actions() -> tuple[Action, ...]:
    from engine.rules.brp.actions import ACTIONS

    return ACTIONS


def _turns() -> TurnRules:
    from engine.rules.brp.turns import BrpTurns

    return BrpTurns()


def _explain() -> Mapping[type[Event], Explainer]:
    from engine.rules.brp.explain import EXPLAIN

    return EXPLAIN


def _outcomes() -> Mapping[type[Event], Teller]:
    from engine.rules.brp.outcomes import OUTCOMES

    return OUTCOMES


PACK = Pack(
    name="brp",
    title="Basic Roleplaying: the spot rules on the core rules",
    #: Bump whenever ``decide`` would give different outcomes for the same log.
    #: 2: a stun the target resists does nothing (no least damage); one clock
    #: for conditions, which end as their last round ends, before the next is counted; the
    #: fallen leave the order in the ply that fells them; the texts a ply records
    #: speak of a fighter by the sheet's pronoun, not a fixed "he".
    version=2,
    options=BrpOptions,
    variants=VARIANTS,
    load_sheet_type=_sheet_type,
    load_sheet=_load_sheet,
    pending=AttackDetail,
    record=proj.BrpFighter,
    events=be.BRP_EVENTS,
    reducers=proj.REDUCERS,
    upcasts={},
    status=STATUS,
    load_actions=_actions,
    load_turns=_turns,
    load_explain=_explain,
    load_outcomes=_outcomes,
    citations={"hold": "BRP-QUICKDRAW"},
    phases=PHASES,
)
