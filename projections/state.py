"""The state of a fight, as frozen values: what every reducer folds and every view reads.

The records are frozen msgspec structs: a reducer replaces one with
``msgspec.structs.replace`` (:func:`evolve`), several times cheaper than ``attrs.evolve`` on the
rebuild path, and a snapshot (engine/snapshots.py) encodes the state as it is.

Nothing here knows a rules system: a combatant's rules-specific record (attacks, pools, bonuses)
lives in ``CombatantState.data``, a frozen value owned by the rules pack's reducers; the
encounter's options and a pending reaction's detail are the pack's own typed records.
"""

# No `from __future__ import annotations`: msgspec reads these records' annotations to decode
# snapshots, and evaluating them from strings costs about 1 ms a command.

from collections.abc import Mapping
from typing import Any

import msgspec

#: The layout of these records, part of a snapshot's key: bump it when a field changes, or a
#: core reducer would fold the same events differently.
STATE_VERSION = 4

#: A copy of a frozen record with some fields changed (``msgspec.structs.replace``).
evolve = msgspec.structs.replace


class Clock(msgspec.Struct, frozen=True):
    """The fight's clock: round, phase, pass or time, turn order, and who acts now.

    ``acting`` None: nobody acts (the round is spent, or it is in a phase before the turns).
    ``passes`` is how many passes the round has (0: the order cycles until nobody can act)
    and ``pass_`` the current one (0 without passes). ``timed``: turns come by time counted
    down instead (a rank countdown): ``at`` holds when each combatant acts next (absent: not
    again this round) and ``now`` the time of the turn running. ``phase`` names the phase
    before the turns the round is in ("" once the turns run). ``turn`` counts turns begun in
    the encounter. ``resume`` is the stack of (who, his turn was over) that cut-ins
    interrupted (the last resumes first); ``queued`` are cut-ins due after the current action.
    ``label`` names a special round ("surprise"). ``spent``: every turn of round ``round``
    is done (the clock found nobody left to act); a new round clears it.
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
    timed: bool = False
    at: Mapping[str, int] = msgspec.field(default_factory=dict)
    now: int | None = None
    phase: str = ""
    spent: bool = False

    @property
    def first_round(self) -> int:
        """The round that a condition given now for some rounds counts as its first: the
        round running (an action cut in after its last turn is still in it), or the next one
        before the first round and once a round is spent (docs/ARCHITECTURE.md, "Conditions
        and the clock")."""
        between = self.spent and self.acting is None  # a cut-in after the last turn: still it
        return self.round + 1 if self.round == 0 or between else self.round


class Pending(msgspec.Struct, frozen=True):
    """A reaction the fight waits for (e.g. a strike waiting for the defender's answer);
    ``detail`` is the rules pack's own record of it."""

    actor: str
    reactor: str
    kind: str
    detail: Any = None


class CombatantState(msgspec.Struct, frozen=True):
    """One combatant: identity, side, conditions, a held action, and the pack's own record."""

    id: str
    name: str
    side: str
    kind: str
    conditions: frozenset[str] = frozenset()
    data: Any = None
    #: condition -> the last round it holds (conditions gained for N rounds): it ends as
    #: that round ends.
    lasts: Mapping[str, int] = msgspec.field(default_factory=dict)
    #: The trigger of a held action (None: he holds nothing).
    held: str | None = None
    #: How texts speak of the combatant (the sheet's ``pronoun``; engine/pronouns.py).
    pronoun: str = "they"
    #: The round the clock was in when he joined (0: before the first).
    joined: int = 0

    @property
    def alive(self) -> bool:
        """False once the combatant is dead."""
        return "dead" not in self.conditions


class FightState(msgspec.Struct, frozen=True):
    """The whole fight at one ply. ``combatants`` keeps join order; never mutate it.

    ``options`` is the encounter's options as the rules pack's typed record.
    """

    encounter: str = ""
    system: str = ""
    variant: str = ""
    seed: int = 0
    rules_version: int = 0
    options: Any = None
    clock: Clock = msgspec.field(default_factory=Clock)
    combatants: Mapping[str, CombatantState] = msgspec.field(default_factory=dict)
    pending: Pending | None = None
    #: Every side that has had a combatant in the fight, in the order they first joined
    #: (the removed count: they were in it).
    sides: tuple[str, ...] = ()

    def combatant(self, cid: str) -> CombatantState:
        """The combatant with id ``cid`` (KeyError if unknown)."""
        return self.combatants[cid]

    def with_combatant(self, c: CombatantState) -> "FightState":
        """A copy with ``c`` replacing (or added as) the combatant of its id."""
        combatants = dict(self.combatants)
        combatants[c.id] = c
        return evolve(self, combatants=combatants)


def rounds_left(clock: Clock, c: CombatantState, name: str) -> int | None:
    """The rounds ``c``'s condition ``name`` still holds, counting the round running (once a
    round is spent, or before the first, from the next one); None for one that lasts until
    it is ended. 0 only for a condition a log written before this clock left over, which the
    next round's beginning ends."""
    last = c.lasts.get(name)
    return None if last is None else max(last - clock.first_round + 1, 0)
