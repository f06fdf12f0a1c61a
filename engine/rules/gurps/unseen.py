"""Defending against an attacker one cannot see (GURPS-VIS-DEFEND-UNSEEN): `attack A B
--unseen aware|unaware`. Aware of the attack, B rolls Hearing-2 (Per-2) before A's roll (reading:
the roll is made with the attack, so its dice come first): made, he may dodge, parry or block,
each at -4; missed, only dodge, at -4. Unaware: no defence. An attacker merely in smoke or
darkness whom the defender can see is defended against as usual (no flag). The arithmetic is
``situations/visibility.py``'s.
"""

from __future__ import annotations

from typing import TypedDict

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules.gurps.common import fighter
from engine.rules.gurps.resolution import mod, succeeded, success_roll
from engine.rules.gurps.situations import visibility as sv
from events.core import Event, Modifier
from events.gurps import AttackDeclared, SuccessRolled
from projections.state import FightState

_RULE = "GURPS-VIS-DEFEND-UNSEEN"
#: ``--unseen`` -> whether the defender knows he is attacked.
AWARE = {"aware": True, "unaware": False}


class Unseen(TypedDict):
    """The defence an unseen attacker leaves: ``only`` these defences, their modifiers, or
    none at all (``no_defence``: why)."""

    only: tuple[str, ...] | None
    defence_mods: list[Modifier]
    no_defence: str | None


def hearing(state: FightState, d: AttackDeclared, dice: Dice) -> list[Event]:
    """The defender's Hearing-2 roll, when he is aware of an attacker he cannot see."""
    if d.unseen is None or not AWARE[d.unseen]:
        return []
    per = fighter(state, d.target).profile.per
    heard = mod("Hearing to defend", sv.HEARING_TO_DEFEND, "situation", _RULE)
    r = success_roll(dice, "Hearing (an unseen attacker)", per, [heard], rule=_RULE)
    return [
        SuccessRolled(
            combatant=d.target, what="Hearing (unseen)", roll=r, success=succeeded(r), rule=_RULE
        )
    ]


def defence(state: FightState, d: AttackDeclared, rolled: list[Event]) -> Unseen:
    """What the defender may do, from ``--unseen`` and his Hearing roll (the defender's
    success roll among the events ``rolled`` before the attack's)."""
    if d.unseen is None:
        return Unseen(only=None, defence_mods=[], no_defence=None)
    heard = any(
        isinstance(e, SuccessRolled) and e.combatant == d.target and e.success for e in rolled
    )
    left = sv.unseen_defence("unseen", aware=AWARE[d.unseen], heard=heard)
    if not left.allowed:
        p = pronoun(state, d.target)
        why = (
            f"{p.they} {p.agree('does', 'do')} not know {p.they_are()} attacked: no defence "
            f"({_RULE})"
        )
        return Unseen(only=(), defence_mods=[], no_defence=why)
    only = tuple(x for x in ("dodge", "parry", "block") if x in left.allowed)
    return Unseen(only=only, defence_mods=list(left.modifiers), no_defence=None)
