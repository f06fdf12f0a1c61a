"""Attacking from above (GURPS-ATTACK-FROM-ABOVE): `attack A B --from-above
unwatched|watching|warned [--dropping YARDS]`. Unless the victim was warned, a Quick Contest
of A's Stealth (the sheet's, else the better of DX-5 and IQ-5: reading, the Basic Set's
defaults) against B's Vision (Per; -2 not watching overhead, +2 watching) is rolled with the
attack, before its roll. A wins: B has no defence; a loss or a tie (reading), or a warned
victim: B defends at -2. Dropping onto him first is -2 to hit; a drop of more than 2 yards
hurts A by the fall rules, which are the GM's (`ruling A --damage N`; the pack has no falls).
The GM's optional freeze is `surprise`. The arithmetic is ``situations/above.py``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import UsageError
from engine.rules.gurps.common import fighter
from engine.rules.gurps.resolution import contest_rolled, success_roll
from engine.rules.gurps.situations import above as sa
from engine.rules.gurps.situations.common import Contest
from events.core import Event, Modifier
from events.gurps import AttackDeclared, ContestRolled
from projections.state import FightState

_RULE = "GURPS-ATTACK-FROM-ABOVE"
#: Stealth's defaults: the better of DX-5 and IQ-5 (reading, [GK]).
STEALTH_DEFAULT = -5


def contest(state: FightState, d: AttackDeclared, dice: Dice) -> list[Event]:
    """The Stealth-Vision contest of an attack from above (none if the victim was warned)."""
    if d.from_above is None:
        if d.dropping is not None:
            raise UsageError("--dropping goes with --from-above")
        return []
    if d.dropping is not None and d.dropping < 0:
        raise UsageError(f"--dropping {d.dropping}: the yards he drops, 0 or more")
    if d.from_above == "warned":
        return []
    p, v = fighter(state, d.actor).profile, fighter(state, d.target).profile
    stealth = p.skills.get("stealth", max(p.dx, p.iq) + STEALTH_DEFAULT)
    mine = success_roll(dice, "Stealth (from above)", stealth, rule=_RULE)
    vision = sa.vision_modifier(watching_above=d.from_above == "watching")
    theirs = success_roll(dice, "Vision (overhead)", v.per, [vision], rule=_RULE)
    rolled, _, _ = contest_rolled(d.actor, d.target, mine, theirs, _RULE)
    return [rolled]


def defence(
    state: FightState, d: AttackDeclared, rolled: Sequence[Event]
) -> tuple[list[Modifier], list[Modifier], str | None]:
    """The attack's modifiers (dropping), the defence's (-2), or why there is none."""
    if d.from_above is None:
        return [], [], None
    mods = [] if d.dropping is None else [sa.drop(d.dropping).modifier]
    won = next((e for e in rolled if isinstance(e, ContestRolled) and e.passive == d.target), None)
    side: Literal["first", "second"] | None = None
    if won is not None and won.winner is not None:
        side = "first" if won.winner == d.actor else "second"
    result = sa.from_above(Contest(winner=side, by=0), warned=d.from_above == "warned")
    if not result.defence_allowed:
        never = f"{pronoun(state, d.target).they} never saw it coming from above"
        return mods, [], f"{never}: no defence ({_RULE})"
    return mods, list(result.modifiers), None
