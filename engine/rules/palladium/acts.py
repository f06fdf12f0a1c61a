"""What the pack does not model, paid by the clock all the same (``act A --cost N --note
TEXT``), and psionic activations and their cost (``act A --psionic``; PAL-PSI-ACTION,
PAL-HR-PSI-COST, PAL-HR-LONG-ACTION, PAL-HR-FREE-ACTIONS)."""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import UsageError
from engine.rules.pack import Decision
from engine.rules.palladium.checks import check_actor
from engine.rules.palladium.kinds import KINDS, begin
from engine.rules.palladium.options import opts
from engine.turns import known
from events.palladium import ActDeclared
from projections.palladium import InProgress, fighter
from projections.state import FightState


def psionic_cost(state: FightState, actor: str) -> int:
    """The next psionic activation's cost: 1 (PAL-PSI-ACTION), or one more than the last
    within the ``psi_cost_window`` (turn, pass or round) under the escalating house rule
    (PAL-HR-PSI-COST)."""
    options = opts(state)
    if options.psi_cost != "escalating":
        return 1
    clock = state.clock
    now = (clock.round, clock.pass_, clock.turn)
    width = {"round": 1, "pass": 2, "turn": 3}[options.psi_cost_window]
    used = sum(1 for when in fighter(state.combatants[actor]).psi if when[:width] == now[:width])
    return used + 1


def decide_act(state: FightState, d: ActDeclared, dice: Dice) -> Decision:
    """An action the pack does not model, paid by the clock like any other: on the actor's
    turn, the whole cost within the round under RAW, or begun and paid on later turns under
    the house passes (PAL-HR-LONG-ACTION). A cost of 0 is a free action (PAL-HR-FREE-ACTIONS).
    A psionic activation costs what ``psionic_cost`` says; a cost given with it counts under
    RAW (a power that takes longer) and is refused under the escalating house rule."""
    if not d.note.strip():
        raise UsageError("say what the action is with --note TEXT")
    if d.psionic:
        if d.cost is not None and opts(state).psi_cost == "escalating":
            raise UsageError(
                "under the escalating psionic cost the count fixes the cost; drop --cost "
                "(PAL-HR-PSI-COST)"
            )
        known(state, d.actor)
        cost = d.cost if d.cost is not None else psionic_cost(state, d.actor)
    elif d.cost is None:
        raise UsageError("give the action's cost in attacks with --cost N")
    else:
        cost = d.cost
    if cost < 0:
        raise UsageError(f"--cost must be 0 or more, not {cost}")
    check_actor(state, d.actor, cost, f"{d.note!r}", attack=False)
    kind = KINDS["psionic" if d.psionic else "act"]
    ip = InProgress(action=kind.name, target="", cost=cost, note=d.note)
    return begin(state, d.actor, ip, dice)
