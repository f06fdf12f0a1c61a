"""A called shot at a weapon in someone's hand (PAL-RNG-TARGET-WEAPON): ``shoot A B --called
WEAPON --at-weapon``, at −3 (:mod:`situations`). When the call names one of the target's
weapons, a hit that lands on the called spot (under the house rules a total of 12,
PAL-HR-STRIKE-CALLED-12) strikes the weapon and not him: the shot's damage comes off the
weapon's own M.D.C. (the sheet's ``weapons[].mdc``; S.D.C. counts 100 to 1 M.D.), and at 0
it is destroyed and can no longer be used. A weapon whose sheet gives no M.D.C. is struck all
the same, and what that does to it is the GM's ruling. A called shot at any other small
target keeps the −3 and lands as a called shot does.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules.palladium import damage
from events.core import Event
from events.palladium import DamageIgnored, DamageUnit, StrikeDetail, WeaponDamaged
from projections.palladium import fighter
from projections.state import FightState

RULE = "PAL-RNG-TARGET-WEAPON"
PURPOSE = "at-weapon"


def struck_weapon(state: FightState, target: str, called: str | None) -> str | None:
    """The target's weapon a called shot at a weapon names (ignoring case), if it names one."""
    if called is None:
        return None
    wanted = called.strip().casefold()
    p = fighter(state.combatants[target]).profile
    return next((w.name for w in p.weapons if w.name.casefold() == wanted), None)


def weapon_struck(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """The hit's damage, rolled as any shot's, taken off the weapon it was called at."""
    weapon = detail.at or ""

    def onto(amount: int, unit: DamageUnit) -> list[Event]:
        md = amount if unit == "MD" else amount // damage.SDC_PER_MD
        before = fighter(state.combatants[target]).weapon_mdc.get(weapon)
        if before is None:
            p = pronoun(state, target)
            why = f"the shot strikes {p.their} {weapon}, not {p.them}; its sheet gives it no "
            why += "M.D.C.: what "
            why += f"the hit does to it is the GM's ruling ({RULE})"
            return [DamageIgnored(target=target, amount=amount, unit=unit, reason=why, rule=RULE)]
        after = max(0, before - md)
        return [
            WeaponDamaged(
                target=target, weapon=weapon, amount=before - after, before=before, after=after
            )
        ]

    return damage.damage(state, attacker, target, detail, dice, earlier=earlier, onto=onto)
