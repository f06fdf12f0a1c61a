"""An explosion and whom it harms: a missile volley's or a grenade's blast (PAL-MSL-DIRECT,
PAL-MSL-RADIUS), damage to one victim taken from the pools the damage before it left; a
volley's target who covers himself with his arms has them take it (PAL-MSL-BLOCK).

Plasma (PAL-MSL-PLASMA): a being immune to fire and heat (the sheet's ``fire_immune``) takes
nothing from it; an S.D.C. or H.P. being whose body it reaches is incinerated, dead on the
spot. Reading: "S.D.C. materials caught in the radius" are what the blast reaches, so M.D.C.
armor that absorbs the hit (its last point takes the whole hit, PAL-DMG-MDC-LASTPOINT) still
saves its wearer; a plasma blast of S.D.C. (not M.D.) is an ordinary one.
"""

from __future__ import annotations

from typing import cast

import attrs
import msgspec

from engine.pronouns import of as pronoun
from engine.rolls import apply_modifiers
from engine.rules.palladium import damage
from events.core import ConditionChanged, Event, Modifier, Roll
from events.palladium import DamageApplied, DamageIgnored, DamageRolled, DamageUnit
from projections.core import on_condition_changed
from projections.fold import Reducer, fold
from projections.palladium import fighter, on_pool_set
from projections.state import FightState

PLASMA = "PAL-MSL-PLASMA"
BLOCK = "PAL-MSL-BLOCK"
ARMS_GONE = "arms destroyed"
HALF = Modifier(
    name="in the blast radius: half", value=2, source="rules", rule="PAL-MSL-RADIUS", op="div"
)
ROLLED = Modifier(
    name="rolled with the explosion", value=2, source="rules", rule="PAL-MSL-ROLL", op="div"
)


@attrs.frozen
class Blast:
    """An explosion's damage as rolled: who set it off, at whom, its dice, in what unit, the
    strike total that armor is judged against, and whether it is M.D. plasma."""

    shooter: str
    target: str
    base: Roll
    unit: DamageUnit
    strike: int
    plasma: bool = False


def explode(
    state: FightState,
    blast: Blast,
    how: str,
    direct: list[Modifier],
    caught: tuple[str, ...],
) -> list[Event]:
    """An explosion: its target takes ``direct`` applied to the roll unless ``how`` is
    "clear"; everyone ``caught`` takes half of what was rolled (PAL-MSL-RADIUS). Damage to one
    is taken from the pools the damage before it left."""
    events: list[Event] = []
    hit = [(blast.target, direct)] if how != "clear" else []
    plasma = blast.plasma and blast.unit == "MD"
    for who, terms in [*hit, *((c, [HALF]) for c in caught)]:
        c = state.combatants[who]
        if not c.alive:
            continue
        r = with_steps(blast.base, terms)
        if who == blast.target and how == "block":
            rolled = DamageRolled(actor=blast.shooter, target=who, roll=r, unit=blast.unit)
            events += [rolled, *on_arms(state, who, max(0, r.total), blast.unit)]
            continue
        if plasma and fighter(c).profile.fire_immune:
            events += [
                DamageRolled(actor=blast.shooter, target=who, roll=r, unit=blast.unit),
                DamageIgnored(
                    target=who,
                    amount=max(0, r.total),
                    unit=blast.unit,
                    reason="immune to fire and heat: plasma does "
                    f"{pronoun(state, who).them} no harm",
                    rule=PLASMA,
                ),
            ]
            continue
        taken = damage.take_damage(state, who, max(0, r.total), blast.unit, blast.strike)
        if plasma:
            taken = _incinerated(state, taken, who)
        events += [DamageRolled(actor=blast.shooter, target=who, roll=r, unit=blast.unit), *taken]
        state = fold(state, taken, POOLS)
    return events


def on_arms(state: FightState, who: str, amount: int, unit: DamageUnit) -> list[Event]:
    """The arms he covers his main body with take the whole hit, whatever is left of them;
    what they cannot hold is spent in blowing them apart (PAL-MSL-BLOCK, reading: the text
    has the arms take the damage instead of the body). S.D.C. counts 100 to 1 M.D."""
    md = amount if unit == "MD" else amount // damage.SDC_PER_MD
    before = fighter(state.combatants[who]).arms or 0
    after = max(0, before - md)
    out: list[Event] = [
        DamageApplied(
            target=who, pool="arms", amount=before - after, before=before, after=after, rule=BLOCK
        )
    ]
    if after == 0:
        out.append(ConditionChanged(combatant=who, condition=ARMS_GONE, present=True, rule=BLOCK))
    return out


def _incinerated(state: FightState, taken: list[Event], who: str) -> list[Event]:
    """M.D. plasma that reached an S.D.C. or H.P. body burns it to nothing (PAL-MSL-PLASMA):
    dead, whatever coma or death the damage alone would have brought, and out of a coma he
    was in."""
    if not any(isinstance(e, DamageApplied) and e.pool in ("sdc", "hp") for e in taken):
        return taken
    kept = [
        e
        for e in taken
        if not (isinstance(e, ConditionChanged) and e.condition in ("coma", "dead"))
    ]
    if "coma" in state.combatants[who].conditions:
        kept.append(ConditionChanged(combatant=who, condition="coma", present=False, rule=PLASMA))
    return [*kept, ConditionChanged(combatant=who, condition="dead", present=True, rule=PLASMA)]


#: What damage changes, folded between the victims of one blast.
POOLS: dict[type[Event], Reducer] = {
    ConditionChanged: cast(Reducer, on_condition_changed),
    DamageApplied: cast(Reducer, on_pool_set),
}


def with_steps(base: Roll, extra: list[Modifier]) -> Roll:
    """``base`` with more steps applied after its own."""
    return msgspec.structs.replace(
        base, modifiers=(*base.modifiers, *extra), total=apply_modifiers(base.total, extra)
    )
