"""What crippled limbs and some locations do beyond the injury (GURPS-HITLOC-LIMB,
GURPS-HITLOC-TABLE, [GK] Basic Set); the locations' rows in ``tables.LOCATIONS`` say which.

- A crippled arm or hand: nothing it holds attacks, parries or blocks. Reading (sheets have no
  hands): a shield is on the left arm, a weapon used ``--dual off`` in the left hand, every other
  weapon in the right; a bare punch takes whichever hand is sound.
- A crippled leg or foot: he falls prone (``injury.harm``) and cannot stand or crouch again;
  Move at most 1, crawling (``status``'s ``move``).
- A crippled eye (reading: the Basic Set's One Eye): -1 to melee attacks, -3 to ranged ones
  unless he aimed the shot.
- Aiming at the arm or hand of a foe who carries a shield: the shield arm is -4 and the shield
  hand -8 in all.
"""

from __future__ import annotations

from engine.pronouns import of as pronoun
from engine.rules import IllegalAction
from engine.rules.gurps.common import fighter, find_weapon, ready
from engine.rules.gurps.resolution import mod
from engine.rules.gurps.tables import LOCATIONS
from events.core import Modifier
from events.gurps import AttackDeclared, GurpsWeapon
from projections.state import FightState

_LIMB = "GURPS-HITLOC-LIMB"
#: The hand a weapon is in, by whether it is a shield and the dual-weapon hand (reading).
_HAND_OF_DUAL = {"off": "left", "main": "right", None: "right"}
#: One eye's penalty to an attack, by whether the weapon is ranged (the Basic Set's One Eye).
_ONE_EYE = {False: -1, True: -3}
#: Postures he cannot take with a leg or foot crippled.
_CANNOT_STAND = ("standing", "crouching")


def hand_of(weapon: GurpsWeapon, dual: str | None = None) -> str:
    """The hand ``weapon`` is in (see the module's reading)."""
    return "left" if weapon.shield else _HAND_OF_DUAL[dual]


def crippled_hands(state: FightState, cid: str) -> set[str]:
    """The sides whose arm or hand is crippled."""
    return {LOCATIONS[w].hand for w in fighter(state, cid).crippled if LOCATIONS[w].hand}


def check_hand(
    state: FightState, cid: str, weapon: GurpsWeapon, use: str, dual: str | None = None
) -> None:
    """Refuse to ``use`` a weapon held by a crippled arm or hand (GURPS-HITLOC-LIMB)."""
    hands = crippled_hands(state, cid)
    name = state.combatants[cid].name
    if weapon.name == "punch":
        if {"right", "left"} <= hands:
            raise IllegalAction(f"both of {name}'s arms or hands are crippled: no punch ({_LIMB})")
        return
    side = hand_of(weapon, dual)
    if side in hands:
        raise IllegalAction(
            f"{name}'s {side} arm or hand is crippled: {pronoun(state, cid).they} cannot {use} "
            f"with the {weapon.name} "
            f"it holds ({_LIMB})"
        )


def check_posture(state: FightState, cid: str, posture: str) -> None:
    """Refuse standing or crouching on a crippled leg or foot (GURPS-HITLOC-LIMB)."""
    legs = [w for w in fighter(state, cid).crippled if LOCATIONS[w].leg]
    if legs and posture in _CANNOT_STAND:
        raise IllegalAction(
            f"{state.combatants[cid].name}'s {legs[0].replace('_', ' ')} is crippled: "
            f"{pronoun(state, cid).they} cannot stand or crouch; {pronoun(state, cid).they} may "
            f"kneel, sit, crawl or lie ({_LIMB})"
        )


def attack_modifiers(state: FightState, d: AttackDeclared, weapon: GurpsWeapon) -> list[Modifier]:
    """A crippled eye's penalty to the attacker, and the shield arm's or hand's to the aim."""
    f = fighter(state, d.actor)
    mods: list[Modifier] = []
    if any(LOCATIONS[w].sight for w in f.crippled):
        aimed = weapon.ranged and f.aim_weapon == weapon.name
        if not aimed:
            mods.append(mod("one eye crippled", _ONE_EYE[weapon.ranged], "injury", _LIMB))
    loc = LOCATIONS.get(d.location or "torso")
    if loc is not None and loc.shield_extra and not d.chink:
        target = fighter(state, d.target)
        if any(w.shield for w in target.profile.weapons):
            where = (d.location or "").replace("_", " ")
            mods.append(mod(f"the shield's {where}", loc.shield_extra, "location", _LIMB))
    return mods


def gun_in_hand(state: FightState, cid: str, name: str | None, rule: str) -> GurpsWeapon:
    """``cid``'s weapon ``name``, ready, in a hand free to attack, and a ranged one (a
    spray's or a suppression's, citing ``rule``)."""
    weapon = ready(state, cid, find_weapon(state, cid, name))
    check_hand(state, cid, weapon, "attack")
    if not weapon.ranged:
        raise IllegalAction(f"the {weapon.name} is not a ranged weapon ({rule})")
    return weapon
