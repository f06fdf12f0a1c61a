"""Size classes (PAL-HR-SIZE-CLASS, house): a ranged attack on a smaller target loses the gap
between the classes, one on a larger target gains it. The attacker's class is his weapon's
where its sheet gives the scale it is built for (a power armor's rail gun in a human's hands),
else his own (the sheet's ``size``, 3 an adult human). Readings: the house text heads ranged
combat, so hand-to-hand strikes ignore size; a shot at a missile compares no classes.
"""

from __future__ import annotations

from engine.pronouns import of as pronoun
from engine.rules.palladium.options import opts
from events.core import Modifier
from events.palladium import WeaponProfile
from projections.palladium import fighter
from projections.state import FightState

RULE = "PAL-HR-SIZE-CLASS"


def modifiers(
    state: FightState, actor: str, target: str, weapon: WeaponProfile | None
) -> list[Modifier]:
    """The strike modifier for the gap in size classes (none when the option is off or the
    classes match)."""
    if not opts(state).size_classes:
        return []
    mine = fighter(state.combatants[actor]).profile.size
    whose = pronoun(state, actor).their
    if weapon is not None and weapon.size is not None:
        mine, whose = weapon.size, f"the {weapon.name}'s"
    theirs = fighter(state.combatants[target]).profile.size
    if mine == theirs:
        return []
    bigger = "larger" if theirs > mine else "smaller"
    return [
        Modifier(
            name=f"a {bigger} target: size class {theirs}, {whose} {mine}",
            value=theirs - mine,
            source="rules",
            rule=RULE,
        )
    ]
