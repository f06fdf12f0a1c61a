"""The GURPS rules pack: one-second turns, maneuvers, success rolls on 3d6, active defences,
hit locations and injury, on the Basic Set's core mechanics that seed 002 assumes.

Rule ids cite ``shared/rules/gurps-brp.md`` (§1.1 and §2.1, ``GURPS-…``) and the project's ids
for core mechanics without a catalogue id (docs/RULE-IDS.md); docs/RULES-gurps.md lists what
the pack implements, its options and readings, and what is not yet. The situational rules of
the catalogue's §3.1 are pure functions of ``engine/rules/gurps/situations/`` (a separate
subpackage), wired into the attack's modifiers and the injury pipeline.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.rules.gurps.options import VARIANTS
from engine.rules.gurps.status import STATUS
from engine.rules.pack import Action, Explainer, Pack, TurnRules
from events import gurps as ge
from events.core import Event
from events.gurps.records import AttackDetail, GurpsOptions
from projections import gurps as proj
from projections import gurps_resheet as resheet_proj

if TYPE_CHECKING:
    from engine.plyoutcome import Teller


def _sheet_type() -> type[Any]:
    from engine.rules.gurps.sheet import GurpsSheet

    return GurpsSheet


def _load_sheet(path: Path) -> Any:
    # Imported here: cattrs and yaml cost ~40 ms, and only `add` needs them.
    from engine.rules.gurps.sheet_io import load_sheet

    return load_sheet(path)


# The deciders, the turn rules and the explain texts are imported on first use: a command that
# only reads the fight (``status``) needs none of them.
def _actions() -> tuple[Action, ...]:
    from engine.rules.gurps.actions import ACTIONS

    return ACTIONS


def _turns() -> TurnRules:
    from engine.rules.gurps.turns import GurpsTurns

    return GurpsTurns()


def _explain() -> Mapping[type[Event], Explainer]:
    from engine.rules.gurps.explain import EXPLAIN
    from engine.rules.gurps.explain_melee import EXPLAIN_MELEE

    return {**EXPLAIN, **EXPLAIN_MELEE}


def _outcomes() -> Mapping[type[Event], Teller]:
    from engine.rules.gurps.outcomes import OUTCOMES

    return OUTCOMES


PACK = Pack(
    name="gurps",
    title="GURPS: the special combat situations on the Basic Set's core",
    #: Bump whenever ``decide`` would give different outcomes for the same log (2: the
    #: ranged-side situational rules wired, a full-auto weapon's minimum burst; 3: the melee
    #: side's, with disarm, surprise and chinks on one implementation each; 4: fatigue (FP
    #: at 0 or below cost HP, the Will roll, low FP halving Dodge, ``fat`` damage off FP),
    #: healing rulings, and the core gaps of issue 12; 5: barehanded parries and the arm lock
    #: they open, the target's Size Modifier on every attack roll, a two-handed weapon's +2
    #: against a disarm, one clock for conditions, which end as their last second ends, the
    #: fallen leave the order in the ply that fells them, the texts a ply records speak of a
    #: fighter by the sheet's pronoun).
    version=5,
    options=GurpsOptions,
    variants=VARIANTS,
    load_sheet_type=_sheet_type,
    load_sheet=_load_sheet,
    pending=AttackDetail,
    record=proj.GurpsFighter,
    events=ge.GURPS_EVENTS,
    reducers={**proj.REDUCERS, **resheet_proj.REDUCERS},
    upcasts={},
    status=STATUS,
    load_actions=_actions,
    load_turns=_turns,
    load_explain=_explain,
    load_outcomes=_outcomes,
    citations={"hold": "GURPS-WAIT", "round_end": "GURPS-SEQUENCE"},
)
