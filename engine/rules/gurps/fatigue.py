"""Fatigue and healing (GURPS-FATIGUE, GURPS-HEALING, [GK] Basic Set): the one path FP are
lost by (``fat`` damage, a choke hold's FP a turn, a GM's ruling) and the one by which a ruling
gives HP or FP back.

- Losing FP: at 0 FP or below, every further FP lost costs 1 HP too (injury off HP, with the
  death checks it crosses); at -1 x FP he falls unconscious.
- Below 1/3 FP Move and Dodge are halved (rounded up; ``defence``, ``status``'s ``move``);
  ST halved is not modelled (ST only sets the weapons' dice, fixed when he joins).
- At 0 FP or below, as each of his turns begins, a Will roll or he collapses unconscious
  (:func:`turn_check`).
- Healing: HP or FP back, never above the sheet's; "nothing to heal" at full. Reading: healing
  that lifts the pool healed above 0 wakes him, if the other pool is above 0 too (the GM ends
  a knockdown's unconsciousness with ``--end-condition unconscious``).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction
from engine.rules.gurps.common import fighter
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.injury import death_checks
from engine.rules.gurps.resolution import succeeded, success_roll
from events.core import ConditionChanged, Event
from events.gurps import FatigueLost, Healed, InjuryApplied, Pool, SuccessRolled
from projections.state import FightState

_F = "GURPS-FATIGUE"
_POOL = {"hp": "HP", "fp": "FP"}


def lose_fp(
    state: FightState,
    dice: Dice | None,
    cid: str,
    amount: int,
    rule: str,
    record: Event | None = None,
) -> list[Event]:
    """``cid`` loses ``amount`` FP for ``rule``: the FP, the HP that FP lost at 0 or below
    cost, the death checks those cross (none without ``dice``: a GM's ruling rolls nothing),
    and unconsciousness at -1 x FP (GURPS-FATIGUE). ``record`` is the event that records the
    FP lost when it is not a plain ``FatigueLost`` (fatigue damage's ``InjuryApplied`` on FP)."""
    f = fighter(state, cid)
    after = f.fp - amount
    events: list[Event] = [
        record or FatigueLost(combatant=cid, amount=amount, before=f.fp, after=after, rule=rule)
    ]
    cost = min(amount, max(0, -after))
    if cost:
        events.append(
            InjuryApplied(
                target=cid,
                location="torso",
                basic=cost,
                dr=0,
                penetrating=cost,
                mult_num=1,
                mult_den=1,
                amount=cost,
                before=f.hp,
                after=f.hp - cost,
                steps=(f"{cost} FP lost at 0 FP or below: 1 HP each ({_F})",),
            )
        )
        if dice is not None:
            events += death_checks(state, dice, cid, f.hp, f.hp - cost)
    c = fold_gurps(state, events).combatants[cid]
    top = f.profile.fp
    if after <= -top < f.fp and c.alive and "unconscious" not in c.conditions:
        events.append(
            ConditionChanged(combatant=cid, condition="unconscious", present=True, rule=_F)
        )
    return events


def turn_check(state: FightState, dice: Dice, cid: str) -> list[Event]:
    """At 0 FP or below as his turn begins: a Will roll, or he collapses unconscious
    (GURPS-FATIGUE); nothing above 0 FP."""
    f = fighter(state, cid)
    if f.fp > 0:
        return []
    r = success_roll(dice, "keep going (0 FP)", f.profile.will, rule=_F)
    ok = succeeded(r)
    events: list[Event] = [
        SuccessRolled(combatant=cid, what="Will (0 FP or less)", roll=r, success=ok, rule=_F)
    ]
    if not ok:
        events.append(
            ConditionChanged(combatant=cid, condition="unconscious", present=True, rule=_F)
        )
    return events


def heal(state: FightState, cid: str, amount: int, pool: Pool, rule: str) -> list[Event]:
    """``amount`` back in ``pool``, up to the sheet's (GURPS-HEALING); see the module."""
    f = fighter(state, cid)
    c = state.combatants[cid]
    left = {"hp": f.hp, "fp": f.fp}
    top = {"hp": f.profile.hp, "fp": f.profile.fp}[pool]
    before = left[pool]
    after = min(top, before + amount)
    if after <= before:
        raise IllegalAction(
            f"--heal {amount}: {c.name} is at full {_POOL[pool]} ({before} of {top}): "
            "nothing to heal"
        )
    events: list[Event] = [
        Healed(
            combatant=cid, pool=pool, amount=after - before, before=before, after=after, rule=rule
        )
    ]
    left[pool] = after
    if "unconscious" in c.conditions and before <= 0 < after and min(left.values()) > 0:
        events.append(
            ConditionChanged(combatant=cid, condition="unconscious", present=False, rule=rule)
        )
    return events
