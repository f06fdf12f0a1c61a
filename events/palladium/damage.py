"""Palladium damage events: the damage roll, what it does to each pool, a hit that does
nothing, and healing (section E of ``shared/rules/palladium.md``).

Units: ``sdc``/``hp`` pools are S.D.C./H.P., ``mdc`` pools are M.D.C.; a damage roll says its
unit ("SDC" or "MD").
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import ClassVar, Literal

from events.core import Event, Roll

DamageUnit = Literal["SDC", "MD"]
Pool = Literal["armor", "sdc", "hp", "mdc", "arms"]


class Healed(Event, frozen=True, kw_only=True, tag="palladium.healed"):
    """A pool of ``target`` restored from ``before`` to ``after`` (a GM ruling)."""

    target: str
    pool: Pool
    amount: int
    before: int
    after: int
    rule: str = ""


class DamageRolled(Event, frozen=True, kw_only=True, tag="palladium.damage_rolled"):
    """The damage of a hit, in ``unit`` (S.D.C. or M.D.), with every bonus and multiplier."""

    #: 2: rolls record how they were judged (``upcasts.roll_v2``).
    schema_version: ClassVar[int] = 2

    actor: str
    target: str
    roll: Roll
    unit: DamageUnit


class DamageApplied(Event, frozen=True, kw_only=True, tag="palladium.damage_applied"):
    """Damage taken off one pool of ``target``: ``before`` to ``after`` (pool's own unit)."""

    target: str
    pool: Pool
    amount: int
    before: int
    after: int
    rule: str


class DamageIgnored(Event, frozen=True, kw_only=True, tag="palladium.damage_ignored"):
    """A hit that does nothing to ``target`` and the rule that says so."""

    target: str
    amount: int
    unit: DamageUnit
    reason: str
    rule: str
