"""A gun's payload: the shots a clip or E-clip holds, spent by each shot, refused when empty,
and filled again by a reload (PAL-RNG-PAYLOAD). A weapon keeps count only when its sheet gives
``payload``."""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction
from engine.rules.palladium import combat
from events.core import Event
from events.palladium import ActionCompleted, Reloaded, ShotsSpent, WeaponProfile
from projections.palladium import Fighter, InProgress, fighter
from projections.state import FightState

RULE = "PAL-RNG-PAYLOAD"


def check_loaded(f: Fighter, actor: str, weapon: WeaponProfile, shots: int = 1) -> None:
    """Refuse a shot from an empty weapon, saying how to reload it."""
    left = f.shots.get(weapon.name)
    if left is not None and left < shots:
        raise IllegalAction(
            f"{f.profile.name}'s {weapon.name} has {left} shot(s) left ({RULE}): "
            f'`fracas reload {actor} --weapon "{weapon.name}"`'
        )


def spend(f: Fighter, actor: str, weapon: WeaponProfile, shots: int = 1) -> list[Event]:
    """The shots a shot takes from the payload (nothing for a weapon that keeps no count)."""
    left = f.shots.get(weapon.name)
    if left is None:
        return []
    return [ShotsSpent(actor=actor, weapon=weapon.name, shots=shots, left=max(0, left - shots))]


def reload_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """The reload is done: a full clip (and, paid over several turns, the action is over)."""
    weapon = combat.find_weapon(fighter(state.combatants[actor]).profile, ip.at)
    assert weapon is not None and weapon.payload is not None
    done: list[Event] = [ActionCompleted(actor=actor, action=ip.action)] if landing else []
    return [*done, Reloaded(actor=actor, weapon=weapon.name, shots=weapon.payload)]
