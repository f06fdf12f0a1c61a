"""The Palladium (Rifts) rules pack: rules as written (seed 000) and the house rules (seed 001).

Rule ids cite ``shared/rules/palladium.md``; see ``docs/RULES-palladium.md`` for what this
pack implements, and the readings it takes where the text is ambiguous.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.dice import Dice
from engine.rules import Decision, IllegalAction, TurnKind, UnknownName
from engine.rules.palladium import actions, explain, options, turns
from events import palladium as pe
from events.core import Declaration, Event, JoinDeclared, RulingDeclared
from projections import palladium as proj
from projections.state import CombatantState, FightState


class PalladiumPack:
    """The rules pack registered as ``palladium``."""

    name = "palladium"
    #: Bump whenever ``decide`` would give different outcomes for the same log.
    #: 2: automatic-dodge and gun bonuses, destroyed M.D.C. armor vs M.D., defender's weapon.
    #: 3: passes, long actions, holds and interrupts, shots, W.P.s, the APM ledger, rulings.
    version = 3
    variants = options.VARIANTS
    event_types = pe.PALLADIUM_EVENTS
    upcasts = pe.PALLADIUM_UPCASTS
    reducers = proj.REDUCERS

    def options_for(self, variant: str, overrides: Mapping[str, Any]) -> dict[str, Any]:
        """The variant's options with the GM's overrides (UnknownName on a bad one)."""
        try:
            return options.options_for(variant, overrides)
        except options.OptionError as err:
            raise UnknownName(str(err)) from None

    def load_sheet(self, path: Path) -> dict[str, Any]:
        """Validate a sheet file; return it as plain data for the join event."""
        # Imported here: cattrs and yaml cost ~40 ms, and only `add` needs them.
        from engine.rules.palladium.sheet import load_sheet, sheet_to_dict

        return sheet_to_dict(load_sheet(path))

    def decide(self, state: FightState, action: Declaration, dice: Dice) -> Decision:
        """Dispatch a declaration to its ``decide_<action>``."""
        match action:
            case JoinDeclared():
                return actions.decide_join(state, action)
            case pe.InitiativeDeclared():
                return actions.decide_initiative(state, action, dice)
            case pe.StrikeDeclared():
                return actions.decide_strike(state, action, dice)
            case pe.PowerPunchDeclared():
                return actions.decide_power_punch(state, action, dice)
            case pe.DefendDeclared():
                return actions.decide_defend(state, action, dice)
            case pe.ShootDeclared():
                return actions.decide_shoot(state, action, dice)
            case pe.ActDeclared():
                return actions.decide_act(state, action, dice)
            case pe.SurpriseDeclared():
                return actions.decide_surprise(state, action, dice)
            case pe.PassDeclared():
                return turns.decide_pass(state, action)
            case pe.HoldDeclared():
                return turns.decide_hold(state, action)
            case pe.ReleaseDeclared():
                return turns.decide_release(state, action)
            case pe.InterruptDeclared():
                return turns.decide_interrupt(state, action, dice)
            case pe.CounterDeclared():
                return turns.decide_counter(state, action)
            case RulingDeclared():
                return turns.decide_ruling(state, action)
        raise IllegalAction(f"the palladium rules do not know {type(action).__name__}")

    def can_act(self, state: FightState, cid: str) -> bool:
        """Alive, conscious, with attacks left."""
        return actions.can_act(state, cid)

    def on_turn(self, state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
        """A turn begins: the pass's attacks, lapsed holds, actions under way."""
        return actions.on_turn(state, cid, dice, kind)

    def status_fields(self, c: CombatantState) -> dict[str, Any]:
        """Attacks, pools and armor of one combatant."""
        return proj.status_fields(c)

    def explain(self, event: Event, state: FightState) -> list[str]:
        """The event in a GM's words."""
        return explain.explain(event, state)


PACK = PalladiumPack()
