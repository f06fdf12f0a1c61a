"""Weapons in hand: drawing (BRP-DRAW) and reloading a magazine."""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.brp import tables
from engine.rules.brp.common import after, check_turn, fighter, find_weapon, weapon_change
from engine.rules.pack import Decision
from events.brp import DrawDeclared, ReloadDeclared
from events.core import Event
from projections.state import FightState


def decide_draw(state: FightState, d: DrawDeclared, dice: Dice) -> Decision:
    """BRP-DRAW: a draw takes 5 DEX ranks, putting the weapons in hand away first 10, dropping
    them 0 (then 5); with 101% or more in the weapon, drawing costs nothing."""
    check_turn(state, d.actor)
    weapon = find_weapon(state, d.actor, d.weapon)
    f = fighter(state, d.actor)
    ws = f.weapons.get(weapon.name)
    if ws is None:
        raise UsageError("a fist is always at hand")
    if ws.drawn:
        raise IllegalAction(f"{state.combatants[d.actor].name}'s {weapon.name} is already in hand")
    if d.swap and d.drop:
        raise UsageError("--swap puts the weapons in hand away; --drop drops them: one of them")
    events: list[Event] = []
    cost = tables.DRAW_RANKS
    for other in f.profile.weapons:
        o = f.weapons[other.name]
        if o.drawn and (d.swap or d.drop):
            why = "dropped" if d.drop else "put away"
            events.append(weapon_change(d.actor, other.name, o, why, drawn=False))
            cost = tables.SWAP_RANKS if d.swap else tables.DRAW_RANKS
    if weapon.skill > 100:
        cost = 0
    events.append(weapon_change(d.actor, weapon.name, ws, f"drawn ({cost} DEX ranks)", drawn=True))
    events.append(after(state, d.actor, cost, f"drew the {weapon.name} (BRP-DRAW)"))
    return Decision(events, advance="next")


def decide_reload(state: FightState, d: ReloadDeclared, dice: Dice) -> Decision:
    """A magazine weapon in hand is full again after ``ranks`` DEX ranks. The seed gives no
    reloading times, so the cost is the GM's (5 unless told)."""
    check_turn(state, d.actor)
    weapon = find_weapon(state, d.actor, d.weapon)
    name = state.combatants[d.actor].name
    ws = fighter(state, d.actor).weapons.get(weapon.name)
    if ws is None or not weapon.shots or weapon.kind != "missile":
        raise IllegalAction(f"{name}'s {weapon.name} has no magazine to reload")
    if not ws.drawn:
        raise IllegalAction(f"{name}'s {weapon.name} is not in hand: `fracas draw` it first")
    if ws.shots == weapon.shots:
        raise IllegalAction(f"{name}'s {weapon.name} is full ({weapon.shots} shots)")
    if d.ranks < 0:
        raise UsageError("--ranks takes 0 or more")
    events: list[Event] = [
        weapon_change(
            d.actor,
            weapon.name,
            ws,
            f"reloaded: {weapon.shots} shots ({d.ranks} DEX ranks)",
            shots=weapon.shots,
        ),
        after(state, d.actor, d.ranks, f"reloaded the {weapon.name}"),
    ]
    return Decision(events, advance="next")
