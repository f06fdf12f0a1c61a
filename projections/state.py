"""The state of a fight, as frozen values: what every reducer folds and every view reads.

Nothing here knows a rules system: a combatant's rules-specific record (attacks, pools, bonuses)
lives in ``CombatantState.data``, a frozen value owned by the rules pack's reducers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs


@attrs.frozen
class Clock:
    """The fight's clock: round, pass, turn order, and who acts now (None: round spent).

    ``passes`` is how many passes the round has (0: the order cycles until nobody can act)
    and ``pass_`` the current one (0 without passes). ``turn`` counts turns begun in the
    encounter. ``resume`` is the stack of (who, his turn was over) that cut-ins interrupted
    (the last resumes first); ``queued`` are cut-ins due after the current action. ``label`` names a
    special round ("surprise").
    """

    round: int = 0
    order: tuple[str, ...] = ()
    acting: str | None = None
    passes: int = 0
    pass_: int = 0
    turn: int = 0
    resume: tuple[tuple[str | None, bool], ...] = ()
    queued: tuple[str, ...] = ()
    label: str = ""


@attrs.frozen
class Pending:
    """A reaction the fight waits for (e.g. a strike waiting for the defender's answer)."""

    actor: str
    reactor: str
    kind: str
    detail: Mapping[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class CombatantState:
    """One combatant: identity, side, conditions, and the rules pack's own record."""

    id: str
    name: str
    side: str
    kind: str
    conditions: frozenset[str] = frozenset()
    data: Any = None
    #: condition -> the first round it no longer holds (conditions gained for N rounds).
    expires: Mapping[str, int] = attrs.field(factory=dict)

    @property
    def alive(self) -> bool:
        """False once the combatant is dead."""
        return "dead" not in self.conditions


@attrs.frozen
class FightState:
    """The whole fight at one ply. ``combatants`` keeps join order; never mutate it."""

    encounter: str = ""
    system: str = ""
    variant: str = ""
    seed: int = 0
    rules_version: int = 0
    options: Mapping[str, Any] = attrs.field(factory=dict)
    clock: Clock = Clock()
    combatants: Mapping[str, CombatantState] = attrs.field(factory=dict)
    pending: Pending | None = None

    def combatant(self, cid: str) -> CombatantState:
        """The combatant with id ``cid`` (KeyError if unknown)."""
        return self.combatants[cid]

    def with_combatant(self, c: CombatantState) -> FightState:
        """A copy with ``c`` replacing (or added as) the combatant of its id."""
        combatants = dict(self.combatants)
        combatants[c.id] = c
        return attrs.evolve(self, combatants=combatants)
