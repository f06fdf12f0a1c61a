"""The combat round: statement of intent, the powers phase, then DEX ranks counted down.

``initiative`` begins a round in its statement of intent (BRP §1.2): each fighter acts at his
DEX rank, the highest first; ties keep the order fighters joined (reading: the seed gives no
tie rule). ``next`` moves the round on to the powers phase and then to the ranks, and any
action of a later phase moves it on by itself. Actions cost ranks (draw 5, stand 5, aim 5 a
step, a second attack 5 later); a fighter whose time falls below rank 1 acts no more this
round. Fire and choking strike at its end (``hazards``), and then the conditions given for
some rounds whose last round it was end (``engine/turns.py: for_rounds``).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction
from engine.rules.brp import PHASES, attack, hazards
from engine.rules.brp.common import fighter, out_of_it
from engine.rules.brp.fold import fold_brp
from engine.rules.pack import Decision, TurnKind
from engine.turns import expiring
from events.brp import AimEnded, RoundRefreshed
from events.core import Event, InitiativeDeclared, RoundStarted
from projections.state import FightState

#: Marks that last the round they were given in (an ambush, both sides surprised).
ROUND_MARKS = ("ambushed", "caught unaware", "surprised", "ambushing")


def can_act(state: FightState, cid: str) -> bool:
    """A fighter takes his turns unless he is dead, unconscious or knocked out; the clock
    gives him his DEX rank."""
    return cid in state.combatants and out_of_it(state, cid) is None


#: A condition's aftermath when it ends: BRP-DESPERATE, no attack or move the round after.
AFTERMATH: dict[str, tuple[tuple[str, str], ...]] = {
    "desperate": (("off balance", "BRP-DESPERATE"),),
}


def _expiring(state: FightState, ended: int) -> list[Event]:
    """As round ``ended`` ends: the conditions whose last round it was, and its marks; a
    desperate action's price comes due (BRP-DESPERATE: no attack or move the round after)."""
    return [*expiring(state, ended, ROUND_MARKS, "its rounds are over", AFTERMATH)]


def round_end(state: FightState, dice: Dice) -> list[Event]:
    """As the last DEX rank is done: fire and choking strike (``hazards``), then the
    conditions whose last round it was end, so the next round is counted without them."""
    events = hazards.round_end(state, dice)
    return [*events, *_expiring(fold_brp(state, events), state.clock.round)]


def fighting(state: FightState) -> list[str]:
    """Who takes part in a round, best DEX first, ties in join order."""
    ids = [cid for cid in state.combatants if out_of_it(state, cid) is None]
    join = {cid: i for i, cid in enumerate(state.combatants)}
    return sorted(ids, key=lambda cid: (-fighter(state, cid).profile.dex_rank, join[cid]))


def begin_round(
    state: FightState,
    d: InitiativeDeclared,
    dice: Dice,
    label: str = "",
    only: tuple[str, ...] = (),
) -> Decision:
    """Begin the next round in its statement of intent: refresh attack, parry and dodge, end
    what expires, and order everyone by DEX (``only``: just these, e.g. an ambush's
    attackers)."""
    # what the last round's end left (a log written before conditions ended with their
    # round), ended before the round counts who fights
    events: list[Event] = _expiring(state, state.clock.round)
    state = fold_brp(state, events)
    order = [cid for cid in fighting(state) if not only or cid in only]
    if not order:
        raise IllegalAction("nobody is able to fight: add combatants with `fracas add SHEET`")
    new_round = state.clock.round + 1
    for cid in state.combatants:
        f = fighter(state, cid)
        if f.aiming is not None:
            events.append(AimEnded(actor=cid, lost=True, reason="the round ended first"))
    at = {cid: fighter(state, cid).profile.dex_rank for cid in order}
    events += [
        RoundRefreshed(combatant=cid, rank=fighter(state, cid).profile.dex_rank)
        for cid in fighting(state)
    ]
    events.append(
        RoundStarted(
            round=new_round,
            order=tuple(order),
            timed=True,
            at=at,
            phase="" if label else PHASES[0],
            label=label,
        )
    )
    return Decision(events, advance="start")


def on_turn(state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
    """When the turn reaches ``cid`` at his rank: an aimed attack waiting for this rank is
    made now (BRP-AIM-TIME)."""
    f = fighter(state, cid)
    if kind == "turn" and f.aiming is not None:
        return attack.land_aim(state, cid, dice)
    return Decision([], resolved=False)
