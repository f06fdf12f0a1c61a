"""When a fight is over: at least two sides have been in it, and every side but one (or
none) has nobody left standing, alive and out of none of the conditions the rules pack counts
as down (``StatusView.down``: unconscious, in a coma…). ``status`` says so, and so does the
ply that ended it. Pack-neutral.
"""

from __future__ import annotations

from typing import Any

from projections.state import CombatantState, FightState


def fate(c: CombatantState, down: tuple[str, ...]) -> str:
    """ "dead", "unconscious" (alive, in one of the pack's ``down`` conditions) or
    "standing"."""
    if not c.alive:
        return "dead"
    return "unconscious" if any(name in c.conditions for name in down) else "standing"


def sides_standing(state: FightState, down: tuple[str, ...]) -> list[str]:
    """The sides with someone still standing, in the order their combatants joined."""
    standing = [c.side for c in state.combatants.values() if fate(c, down) == "standing"]
    return list(dict.fromkeys(standing))


def over(state: FightState, down: tuple[str, ...]) -> dict[str, Any] | None:
    """``{"winner": SIDE or None, "sides_standing": [...]}`` once, after its first round has
    begun, at most one side has anyone standing (the others down, dead or removed); None
    while it goes on. A fight only one side has ever been in is never over: there is nobody
    to have beaten (two player characters added without ``--side`` share "players")."""
    if state.clock.round < 1:  # still setting up: a side may be yet to join
        return None
    if len(state.sides) < 2:  # one side alone, removed ones counted: no fight to win yet
        return None
    standing = sides_standing(state, down)
    if len(standing) > 1:
        return None
    return {"winner": standing[0] if standing else None, "sides_standing": standing}


def said(result: dict[str, Any]) -> str:
    """The fight's end in a GM's words."""
    if result["winner"] is None:
        return "The fight is over: nobody is left standing."
    return f"The fight is over: only side {result['winner']!r} is left standing."
