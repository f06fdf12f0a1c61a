"""Read models: the ``status`` document, built from state alone (pure)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from projections.state import CombatantState, FightState

STATUS_SCHEMA = "fracas.status/1"


def status_document(
    state: FightState,
    branch: str,
    head: int,
    combatant_fields: Callable[[CombatantState], dict[str, Any]],
    options: Mapping[str, Any],
    fight_fields: Mapping[str, Any],
) -> dict[str, Any]:
    """The versioned ``status --json`` document (fields documented in the README): the core's
    fields, then the rules pack's (a pack's combatant fields may replace ``conditions``)."""
    pending = state.pending
    clock = state.clock
    return {
        "schema": STATUS_SCHEMA,
        "encounter": state.encounter,
        "system": state.system,
        "variant": state.variant,
        "options": dict(options),
        "seed": state.seed,
        "branch": branch,
        "head": head,
        "round": state.clock.round,
        "round_label": state.clock.label or None,
        "passes": state.clock.passes or None,
        "pass": state.clock.pass_ or None,
        "order": list(state.clock.order),
        "acting": state.clock.acting,
        "cut_in": bool(state.clock.resume),
        "queued": list(state.clock.queued),
        "phase": clock.phase or None,
        "pending": None
        if pending is None
        else {
            "kind": pending.kind,
            "actor": pending.actor,
            "reactor": pending.reactor,
            "detail": msgspec.to_builtins(pending.detail),
        },
        **fight_fields,
        "combatants": [
            {
                "id": c.id,
                "name": c.name,
                "side": c.side,
                "kind": c.kind,
                "pronoun": c.pronoun,
                "conditions": sorted(c.conditions),
                "alive": c.alive,
                "held": c.held,
                **combatant_fields(c),
            }
            for c in state.combatants.values()
        ],
    }
