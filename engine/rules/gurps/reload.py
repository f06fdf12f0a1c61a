"""Reloading (GURPS-RELOAD, [GK] Basic Set): ``reload A [--weapon W]`` is A's Ready maneuver
this turn, one second of the reload the weapon's shots give ("30+1(3)": 3 seconds, then it is
full; "6(3i)": 3 seconds for each shot). The seconds are counted across his turns (reading: they
need not be consecutive; another maneuver in between loses nothing). An empty weapon cannot
fire (``rapidfire.volley`` says `reload`).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.common import check_turn, choose, fighter, find_weapon, ready
from engine.rules.gurps.limbs import check_hand
from engine.rules.pack import Decision
from events.core import Event
from events.gurps import GurpsWeapon, ReloadDeclared, WeaponReloading
from projections.state import FightState

_RULE = "GURPS-RELOAD"


def _weapon(state: FightState, d: ReloadDeclared) -> GurpsWeapon:
    f = fighter(state, d.actor)
    if d.weapon is not None:
        return find_weapon(state, d.actor, d.weapon)
    short = [w for w in f.profile.weapons if w.shots and f.shots.get(w.name, 0) < w.shots]
    if not short:
        raise UsageError(f"{f.profile.name} has no weapon short of shots")
    return short[0]


def decide_reload(state: FightState, d: ReloadDeclared, dice: Dice) -> Decision:
    """One Ready second of a reload; the weapon is full (or one shot more) when its seconds
    are spent."""
    check_turn(state, d.actor)
    weapon = ready(state, d.actor, _weapon(state, d))
    f = fighter(state, d.actor)
    if not weapon.shots:
        raise IllegalAction(f"the {weapon.name} has no shots to reload ({_RULE})")
    left = f.shots.get(weapon.name, 0)
    if left >= weapon.shots:
        raise IllegalAction(f"the {weapon.name} is full ({left} shots): nothing to reload")
    if not weapon.reload:
        raise IllegalAction(
            f"the sheet gives the {weapon.name} no reload time: write its shots as the Basic "
            f'Set does, e.g. shots = "{weapon.shots}(3)" ({_RULE})'
        )
    check_hand(state, d.actor, weapon, "reload")
    events: list[Event] = [choose(state, d.actor, "ready", weapon=weapon.name)]
    done = f.reloading.get(weapon.name, 0) + 1
    loaded = left + 1 if weapon.reload_each else weapon.shots
    events.append(
        WeaponReloading(
            combatant=d.actor,
            weapon=weapon.name,
            done=done,
            needed=weapon.reload,
            shots=loaded if done >= weapon.reload else left,
        )
    )
    return Decision(events, advance="next")
