"""Dual-weapon attacks (GURPS-DUAL-WEAPON): `attack A B --weapon W --dual main`, then `attack A
C --weapon V --dual off` — one attack maneuver's two blows, one per hand, each its own roll
and its own defence. Each hand is at -4, the off hand -4 more unless he has Ambidexterity or
Off-Hand Weapon Training; a hand may wield a bare hand (punch), a one-handed melee weapon
(reading: a melee weapon on a sheet counts as one-handed; sheets have no two-handed flag) or
a pistol (a ranged weapon of Bulk -2 or better). Both blows at one foe: his defence against
the second is at -1 (reading: the first is answered before the second is declared). Only one
of several attacks (All-Out Attack (Double)) may be traded for it. Whether two melee foes are
adjacent (the catalogue's [AMB]) is the GM's ruling: the pack has no map. The arithmetic is
``situations/dual.py``'s.
"""

from __future__ import annotations

import attrs

from engine.pronouns import of as pronoun
from engine.rules import IllegalAction
from engine.rules.gurps.common import fighter, has
from engine.rules.gurps.maneuvers import Row
from engine.rules.gurps.situations import dual as sd
from engine.rules.gurps.tables import weapon_size
from events.core import Event, Modifier
from events.gurps import AttackDeclared, DualHand, GurpsWeapon
from projections.state import FightState

_RULE = "GURPS-DUAL-WEAPON"
#: How many hands a dual-weapon attack has.
HANDS = 2


def _wielding(weapon: GurpsWeapon) -> sd.Wielding:
    """What a hand wields, as GURPS-DUAL-WEAPON reads it."""
    if weapon.name == "punch":
        return "unarmed"
    if not weapon.ranged:
        return "one_handed_melee"
    return "pistol" if weapon_size(weapon.reach, True, weapon.bulk) == "pistol" else "long_arm"


def prepare(
    state: FightState, d: AttackDeclared, weapon: GurpsWeapon, r: Row, events: list[Event]
) -> tuple[Row, list[Event]]:
    """The maneuver row this attack is judged by (one attack more while a dual-weapon attack
    is under way) and the events before its roll; refuses what the rules forbid."""
    f = fighter(state, d.actor)
    if d.dual is None:
        if len(f.dual) == 1:
            raise IllegalAction(
                f"{f.profile.name} attacked with one hand of a dual-weapon attack: the other "
                f"hand's is next (`--dual {'off' if f.dual[0][1] == 'main' else 'main'}`, {_RULE})"
            )
        return (attrs.evolve(r, attacks=r.attacks + 1) if f.dual else r), events
    if not sd.dual_weapon_allowed(_wielding(weapon), "unarmed"):
        raise IllegalAction(
            f"the {weapon.name} is not for a dual-weapon attack: a bare hand, a one-handed "
            f"melee weapon or a pistol ({_RULE})"
        )
    if not sd.may_trade(len(f.dual) // HANDS):
        raise IllegalAction(
            f"{f.profile.name} has made {pronoun(state, d.actor).their} dual-weapon attack this "
            f"turn ({_RULE})"
        )
    for used, side, _ in f.dual:
        if side == d.dual or used == weapon.name:
            raise IllegalAction(
                f"the {d.dual} hand (the {used}) has struck: the other hand, with another "
                f"weapon ({_RULE})"
            )
    hand = DualHand(combatant=d.actor, weapon=weapon.name, hand=d.dual, target=d.target)
    return attrs.evolve(r, attacks=r.attacks + 1), [*events, hand]


def modifiers(
    state: FightState, d: AttackDeclared, weapon: GurpsWeapon
) -> tuple[list[Modifier], list[Modifier]]:
    """The modifiers of one hand's blow, and of the foe's defence against it."""
    if d.dual is None:
        return [], []
    f = fighter(state, d.actor)
    mods = sd.dual_attack_modifiers(
        d.dual,
        ambidextrous=has(state, d.actor, "ambidexterity"),
        off_hand_training=has(state, d.actor, "off_hand_weapon_training"),
        technique=f.profile.skills.get("dual_weapon_attack", 0),
    )
    same_foe = any(target == d.target for _, _, target in f.dual)
    return list(mods), [sd.divided_defence()] if same_foe else []
