"""The Palladium (Rifts) rules pack: rules as written (seed 000) and the house rules (seed 001).

Rule ids cite ``shared/rules/palladium.md``; see ``docs/RULES-palladium.md`` for what this
pack implements, and the readings it takes where the text is ambiguous. The pack is the record
:data:`PACK`: options, sheet, events and reducers, the actions table, how it prices the core's
turn management, its status columns and its explain texts.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.rules.pack import Action, Explainer, Pack, TurnRules
from engine.rules.palladium.options import VARIANTS
from engine.rules.palladium.status import STATUS
from events import palladium as pe
from events.core import Event
from projections import palladium as proj
from projections import palladium_grips as grips_proj
from projections import palladium_resheet as resheet_proj

if TYPE_CHECKING:
    from engine.plyoutcome import Teller


def _sheet_type() -> type[Any]:
    from engine.rules.palladium.sheet import PalladiumSheet

    return PalladiumSheet


def _load_sheet(path: Path) -> Any:
    # Imported here: cattrs and yaml cost ~40 ms, and only `add` needs them.
    from engine.rules.palladium.sheet_io import load_sheet

    return load_sheet(path)


# The deciders, the turn rules and the explain texts are imported on first use: a command that
# only reads the fight (``status``) needs none of them.
def _actions() -> tuple[Action, ...]:
    from engine.rules.palladium.actions import ACTIONS
    from engine.rules.palladium.coma import ACTIONS as COMA
    from engine.rules.palladium.grappling import ACTIONS as GRAPPLING
    from engine.rules.palladium.launches import ACTIONS as LAUNCHES
    from engine.rules.palladium.payload import ACTIONS as PAYLOAD

    return ACTIONS + GRAPPLING + COMA + PAYLOAD + LAUNCHES


def _turns() -> TurnRules:
    from engine.rules.palladium.turns import PalladiumTurns

    return PalladiumTurns()


def _explain() -> Mapping[type[Event], Explainer]:
    from engine.rules.palladium.explain import EXPLAIN
    from engine.rules.palladium.explain_grips import EXPLAIN_GRIPS
    from engine.rules.palladium.explain_missiles import EXPLAIN_MISSILES

    return {**EXPLAIN, **EXPLAIN_GRIPS, **EXPLAIN_MISSILES}


def _outcomes() -> Mapping[type[Event], Teller]:
    from engine.rules.palladium.outcomes import OUTCOMES

    return OUTCOMES


PACK = Pack(
    name="palladium",
    title="Palladium (Rifts): rules as written, and the house rules",
    #: Bump whenever ``decide`` would give different outcomes for the same log.
    #: 2: automatic-dodge and gun bonuses, destroyed M.D.C. armor vs M.D., defender's weapon.
    #: 3: passes, long actions, holds and interrupts, shots, W.P.s, the APM ledger, rulings.
    #: 4: hand-to-hand moves, attacks from behind or unseen, pulled blows, the parry limit.
    #: 5: holds, entanglements, disarms, body blocks, rolling with an impact, back flips,
    #: paired weapons, a death blow at will; knockdowns leave a condition.
    #: 6: guns and missiles: bursts, payload, the moment's penalties, volleys and their
    #: answers, thrown weapons, bows, grenades, covering fire; a burst with a W.P. whose bonus
    #: is 0 halves nothing; no strike back, entangle or disarm against a shot out of reach.
    #: 7: called strikes in hand to hand; the house natural-1 setback (option nat1_setback);
    #: every percentile roll judged under its chance (a body block's, a counter-volley's, the
    #: tables of what else goes up), an interrupt's judged against the other's; a Horror
    #: Factor save written before what failing it costs, an unseen shooter's shot before the
    #: initiative its target loses;
    #: one clock for conditions (they end as their last round ends, not at a turn of the
    #: next), the fallen and the stunned leave the order in the ply that puts them out, one
    #: put out on his own turn gives it up; lose_initiative=only_if_acted;
    #: the texts a ply records speak of a fighter by the sheet's pronoun, not a fixed "he".
    version=7,
    options=pe.PalladiumOptions,
    variants=VARIANTS,
    load_sheet_type=_sheet_type,
    load_sheet=_load_sheet,
    pending=pe.StrikeDetail,
    record=proj.Fighter,
    events=pe.PALLADIUM_EVENTS,
    reducers={**proj.REDUCERS, **grips_proj.REDUCERS, **resheet_proj.REDUCERS},
    unread={
        pe.StrikeRolled: ("roll", "natural", "hits", "critical", "reason", "called", "location"),
    },
    upcasts=pe.PALLADIUM_UPCASTS,
    status=STATUS,
    load_actions=_actions,
    load_turns=_turns,
    load_explain=_explain,
    load_outcomes=_outcomes,
    citations={
        "round_end": "PAL-ROUND-END",
        "sequence": "PAL-ROUND-SEQUENCE",
        "passes": "PAL-HR-ROUND-PASSES",
        "hold": "PAL-HR-HOLD",
        "interrupt": "PAL-HR-INTERRUPT",
        "counter": "PAL-HR-COUNTER",
    },
)
