"""The house natural-1 setback (PAL-HR-STRIKE-NAT1, option ``nat1_setback``).

Under the house rules a natural 1 on an attack is no automatic miss (``nat1_always_misses``
off): the attack hits or misses as its total says, and something goes wrong for the attacker
all the same, a setback the GM narrates (a jammed gun, a snapped bowstring, a weapon slipping
from his grasp or damaged, a gauntlet caught in the foe's armor). The rules name no effect,
so fracas records the setback (:class:`~events.palladium.NaturalOneSetback`, a notice ``log``
lists under its ply) and the GM applies what it costs with a ruling (``fracas ruling A
--lose-attacks 1``, ``--condition disarmed``, ``--break-action`` …).

The two house passages disagree (001:L152 makes a natural 1 that misses a critical failure;
the Critical Failures section gives the setback hit or miss): the option says which; rules as
written have none ("off").

Every attack of the pack is rolled on one of two roads, an action on one's own turn (its
perform, :mod:`kinds`; covering fire, paid at once, ``launches.decide_cover``) or an answer to
what the fight waits for (``defend``, :mod:`answers`: a strike back, a counter-volley, a shot
at a missile); each passes its events through :func:`marked`, which puts the setback right
after the roll that causes it. Covering fire's
bursts are attack rolls too (their hit is settled as someone crosses: ``hits`` None; under
"on_miss" a burst brings one only when it cannot hit, under ``covering_fire_misses``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.rules.palladium.combat import RANGED_TARGET
from engine.rules.palladium.options import opts
from events.core import Event
from events.palladium import CoverOpened, NaturalOneSetback, StrikeRolled
from projections.state import FightState

RULE = "PAL-HR-STRIKE-NAT1"


def marked(state: FightState, events: Sequence[Event]) -> list[Event]:
    """``events`` with the setback each natural 1 on an attack brings, right after its roll
    (none under ``nat1_setback`` "off"; only after a miss under "on_miss")."""
    option = opts(state).nat1_setback
    if option == "off":
        return list(events)
    out: list[Event] = []
    for e in events:
        out.append(e)
        if isinstance(e, StrikeRolled) and e.natural == 1:
            if option == "always" or not e.hits:
                out.append(
                    NaturalOneSetback(actor=e.actor, action=e.action, weapon=e.weapon, hits=e.hits)
                )
        elif isinstance(e, CoverOpened):
            out += [
                NaturalOneSetback(actor=e.actor, action="covering fire", weapon=e.weapon)
                for r in e.rolls
                if r.faces and r.faces[0] == 1 and (option == "always" or _misses(state, r.total))
            ]
    return out


def _misses(state: FightState, total: int) -> bool:
    """Whether a burst of covering fire misses whoever crosses it: never as the text says
    ("automatically hit"), under 8 with the option ``covering_fire_misses``."""
    return opts(state).covering_fire_misses and total < RANGED_TARGET
