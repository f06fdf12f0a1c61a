"""What a condition does to a Palladium fighter, as data: whether he takes turns, whether he
may defend, whether his combat bonuses count, a cap on his attacks, a penalty to strike, parry
and dodge (catalogue section G).

A condition is gained by an action's effect or a GM ruling (``ruling ID --condition NAME
--rounds N``); it holds through the end of its Nth round, the round running the first, and ends
as that round ends (``engine/turns.py: for_rounds``, ``round.round_end``), by a roll, or by a
ruling (``--end-condition``).
A condition this table does not name is the GM's own: shown, timed, and without effect here.

Readings: held and holding (PAL-COND-HELD): neither attacks, parries or dodges, and others
strike the held fighter unopposed; the victim's turn is for escaping, the holder's for keeping
or letting go. Entangled (PAL-COND-ENTANGLED, ❓ what he may still do): his arm or weapon is
pinned, so he neither attacks nor parries, and may dodge or pull free. Knocked down
(PAL-COND-KNOCKDOWN): what it costs (initiative, an attack) is paid when he falls; the
condition shows him down for the rest of that round (getting up is not priced, ❓). Disarmed
(PAL-DEF-DISARM): the weapon lies on the ground until he picks it up (``pick-up``).

Other readings: stunned (the armor-impact stun, PAL-COND-STUN-IMPACT) still defends, at -9; dazed
(knockout or stun, PAL-COND-DAZED) keeps at most one attack from the moment it starts, and one
each round it lasts; unconscious and in a coma he is out of the order and cannot defend;
stunned, out of the order too (the clock takes him out at once, engine/clock.py).
"""

from __future__ import annotations

from typing import NamedTuple

from projections.state import CombatantState


class Condition(NamedTuple):
    """One row: ``acts`` (takes turns, has attacks), ``defends`` (may parry or dodge),
    ``bonuses`` (his combat bonuses count), ``apm`` (attacks per melee at most), ``penalty``
    (to strike, parry and dodge), and the rule. A named tuple rather than attrs: ``status``
    reads this table, and importing attrs would add about 12 ms to its start-up."""

    name: str
    rule: str
    #: How a sentence says he is in it ("dazed", "in a coma").
    said: str
    acts: bool = True
    defends: bool = True
    bonuses: bool = True
    apm: int | None = None
    penalty: int = 0
    #: May attack (strike, shoot, grapple) at all; may parry.
    attacks: bool = True
    parries: bool = True


CONDITIONS: dict[str, Condition] = {
    c.name: c
    for c in (
        Condition("dazed", "PAL-COND-DAZED", "dazed", bonuses=False, apm=1),
        Condition("stunned", "PAL-COND-STUN-IMPACT", "stunned", acts=False, penalty=-9),
        Condition("unconscious", "PAL-COND-KO-FALL", "unconscious", acts=False, defends=False),
        Condition("coma", "PAL-DMG-COMA-DEATH", "in a coma", acts=False, defends=False),
        Condition("blind", "PAL-COND-BLIND", "blind", bonuses=False, penalty=-10),
        Condition("held", "PAL-COND-HELD", "held", defends=False, attacks=False),
        Condition("holding", "PAL-COND-HELD", "holding someone", defends=False, attacks=False),
        Condition("entangled", "PAL-COND-ENTANGLED", "entangled", attacks=False, parries=False),
        Condition("knocked down", "PAL-COND-KNOCKDOWN", "knocked down"),
        Condition("disarmed", "PAL-DEF-DISARM", "disarmed"),
        Condition("horrified", "PAL-COND-HORROR", "horrified"),
    )
}


def of(c: CombatantState) -> list[Condition]:
    """The conditions of ``c`` this table gives effects, in name order."""
    if not c.conditions:  # the usual case, asked several times a ply
        return []
    return [CONDITIONS[name] for name in sorted(c.conditions) if name in CONDITIONS]


def out_of_action(c: CombatantState) -> Condition | None:
    """The condition that keeps ``c`` from taking turns, or None."""
    if not c.conditions:  # the usual case, asked several times a ply
        return None
    return next((k for k in of(c) if not k.acts), None)


def cannot_attack(c: CombatantState) -> Condition | None:
    """The condition that keeps ``c`` from attacking (a hold, an entanglement), or None."""
    if not c.conditions:  # the usual case, asked several times a ply
        return None
    return next((k for k in of(c) if not k.attacks), None)


def cannot_parry(c: CombatantState) -> Condition | None:
    """The condition that keeps ``c`` from parrying (an entanglement), or None."""
    if not c.conditions:  # the usual case, asked several times a ply
        return None
    return next((k for k in of(c) if not k.parries), None)


def cannot_defend(c: CombatantState) -> Condition | None:
    """The condition that keeps ``c`` from parrying or dodging, or None."""
    if not c.conditions:  # the usual case, asked several times a ply
        return None
    return next((k for k in of(c) if not k.defends), None)


def apm_cap(c: CombatantState) -> int | None:
    """The fewest attacks per melee a condition of ``c`` allows, or None."""
    caps = [k.apm for k in of(c) if k.apm is not None]
    if out_of_action(c) is not None:
        caps.append(0)
    return min(caps) if caps else None
