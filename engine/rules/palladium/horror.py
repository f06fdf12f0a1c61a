"""Horror Factor (PAL-COND-HORROR): meeting a creature that inspires it.

The first melee round a fighter and a creature with a Horror Factor (the sheet's
``horror_factor``) fight on opposite sides, the fighter rolls 1D20 + his save bonuses
(``bonuses.save_horror_factor``, the Commando's) and must reach the Horror Factor. Failing, he
has no initiative roll (he acts after everyone), loses one attack, and cannot parry or dodge
the creature's first attack of the round; he is ``horrified`` for that round and normal from
the next. Each fighter saves once against each creature.

Readings: a late joiner saves at the first round he fights in; sides (``add --side``) say who
is whose creature, so allies of a creature never save against it; one failure or several, he
loses initiative and one attack once. Dice: the saves come first at ``initiative``, in join
order, before any initiative die.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rolls import fixed, roll
from engine.rules.palladium import apm
from engine.turns import for_rounds
from events.core import Event
from events.palladium import AttacksRefreshed, HorrorSaved, InitiativeRolled
from projections.palladium import fighter, on_attacks_refreshed
from projections.state import FightState

RULE = "PAL-COND-HORROR"


def saves(state: FightState, fighters: list[str], dice: Dice) -> tuple[list[HorrorSaved], set[str]]:
    """The saves of each fighter against each creature he meets for the first time, and who
    failed one. They are rolled before any initiative die; in the ply each fighter's saves
    come right before what a failed one costs him (:func:`penalties`), cause before effect."""
    creatures = [cid for cid in fighters if fighter(state.combatants[cid]).profile.horror_factor]
    events: list[HorrorSaved] = []
    failed: set[str] = set()
    for cid in fighters:
        c = state.combatants[cid]
        f = fighter(c)
        for other in creatures:
            if other == cid or other in f.faced or state.combatants[other].side == c.side:
                continue
            hf = fighter(state.combatants[other]).profile.horror_factor or 0
            r = roll(dice, "save vs Horror Factor", "1D20", f.profile.save_horror, target=hf,
                     rule=RULE)  # fmt: skip
            ok = r.total >= hf
            events.append(HorrorSaved(combatant=cid, creature=other, roll=r, success=ok))
            if not ok:
                failed.add(cid)
    return events, failed


def no_initiative(cid: str) -> InitiativeRolled:
    """A failed save: no initiative roll this round."""
    return InitiativeRolled(combatant=cid, roll=fixed("initiative", 0, (), rule=RULE), lost=True)


def penalties(state: FightState, cid: str, refreshed: AttacksRefreshed) -> list[Event]:
    """A failed save, once the round's attacks are in: one attack lost, horrified this round."""
    after = on_attacks_refreshed(state, refreshed)
    lost = apm.spend_off_turn(after, cid, 1, "Horror Factor", RULE, "lost")
    horrified = for_rounds(state, cid, "horrified", 1, RULE)
    return [lost, horrified]
