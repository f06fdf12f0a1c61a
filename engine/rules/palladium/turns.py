"""Decisions that move the clock rather than strike: passing, holding, releasing,
interrupting, countering, and the GM's rulings on a combatant.

Holds, interrupts and counters are house rules (option ``holds``): PAL-HR-HOLD,
PAL-HR-INTERRUPT, PAL-HR-COUNTER. Each decision refuses what the rules forbid with
IllegalAction (exit 1) before producing any event.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import Decision, IllegalAction, UsageError
from engine.rules.palladium import apm, damage
from engine.rules.palladium.actions import _busy, _check_no_pending, _known
from events.core import ConditionChanged, CutInQueued, Event, Modifier, RulingDeclared
from events.palladium import (
    ActionAbandoned,
    ActionHeld,
    ApmSpent,
    CounterDeclared,
    DamageUnit,
    Healed,
    HoldDeclared,
    HoldEnded,
    InterruptDeclared,
    InterruptRolled,
    PassDeclared,
    Pool,
    ReleaseDeclared,
)
from projections.palladium import fighter
from projections.state import FightState


def _able(state: FightState, cid: str) -> None:
    _known(state, cid)
    c = state.combatants[cid]
    if not c.alive:
        raise IllegalAction(f"{c.name} is dead")
    if "coma" in c.conditions:
        raise IllegalAction(f"{c.name} is in a coma")


def _house_only(state: FightState, what: str, rule: str) -> None:
    if not state.options.get("holds"):
        raise IllegalAction(
            f"{what} is a house rule ({rule}); start the encounter with --variant house "
            "or --option holds=on"
        )


def decide_pass(state: FightState, d: PassDeclared) -> Decision:
    """End the acting combatant's turn (``actor`` None: whoever acts, ``fracas next``).

    Passes (house): he gives up the rest of this pass but defences; what he holds is kept for
    them and vanishes when his next turn begins (PAL-HR-PASS-TURN). Cycle (RAW): a turn is
    one attack, so passing it lets that attack go (reading: the round lasts until every
    attack is used, PAL-ROUND-END). A cut-in passed ends the cut-in.
    """
    _check_no_pending(state)
    clock = state.clock
    if clock.acting is None:
        raise IllegalAction(
            "no turn is running: roll `fracas initiative` to start a round (PAL-ROUND-END)"
        )
    actor = d.actor if d.actor is not None else clock.acting
    _known(state, actor)
    if actor != clock.acting:
        raise IllegalAction(
            f"it is {state.combatants[clock.acting].name}'s turn ({clock.acting}), "
            f"not {state.combatants[actor].name}'s"
        )
    f = fighter(state.combatants[actor])
    events: list[Event] = []
    if not clock.resume and not apm.passes_mode(state) and f.apm_left > 0:
        events.append(
            ApmSpent(
                combatant=actor, amount=1, on="passing the turn", rule="PAL-ROUND-END", turn=True
            )
        )
    return Decision(events, advance="next")


def decide_hold(state: FightState, d: HoldDeclared) -> Decision:
    """On his turn, the actor holds his action until a declared trigger; his turn ends and
    what he holds stays in hand for it (PAL-HR-HOLD). Banking attacks without an action is
    not allowed, so he needs one in hand; the hold lasts, across rounds, until his next
    turn."""
    _house_only(state, "holding an action", "PAL-HR-HOLD")
    _check_no_pending(state)
    _able(state, d.actor)
    if not d.trigger.strip():
        raise UsageError('a held action needs its trigger: --until "TRIGGER"')
    clock = state.clock
    name = state.combatants[d.actor].name
    if clock.acting != d.actor or clock.resume:
        raise IllegalAction(f"{name} can hold his action only on his own turn (PAL-HR-HOLD)")
    _busy(state, d.actor)
    f = fighter(state.combatants[d.actor])
    if f.held is not None:
        raise IllegalAction(f"{name} already holds his action until {f.held!r}")
    if f.apm_left < 1:
        raise IllegalAction(f"{name} has no attacks in hand to hold (PAL-HR-HOLD)")
    return Decision([ActionHeld(combatant=d.actor, trigger=d.trigger)], advance="next")


def _check_can_act_out_of_turn(state: FightState, cid: str, what: str) -> None:
    f = fighter(state.combatants[cid])
    name = state.combatants[cid].name
    if f.apm_left < 1:
        raise IllegalAction(f"{name} has no attacks in hand to {what} with")
    _busy(state, cid)


def decide_release(state: FightState, d: ReleaseDeclared) -> Decision:
    """The trigger came: the holder acts now, one action, then the turn goes back
    (PAL-HR-HOLD). Use ``interrupt`` when he would cut in ahead of someone's action."""
    _house_only(state, "releasing a held action", "PAL-HR-HOLD")
    _check_no_pending(state)
    _able(state, d.actor)
    f = fighter(state.combatants[d.actor])
    name = state.combatants[d.actor].name
    if f.held is None:
        raise IllegalAction(f"{name} holds no action: `fracas hold {d.actor} --until TRIGGER`")
    if state.clock.acting == d.actor:
        raise IllegalAction(f"it is already {name}'s turn")
    _check_can_act_out_of_turn(state, d.actor, "act")
    events: list[Event] = [HoldEnded(combatant=d.actor, released=True, reason=f"trigger: {f.held}")]
    return Decision(events, cut_in=d.actor, resolved=False)


def _spd_mods(state: FightState, cid: str) -> list[Modifier]:
    spd = fighter(state.combatants[cid]).profile.spd
    return [Modifier(name="Spd", value=spd, source="sheet", rule="PAL-HR-INTERRUPT")]


def decide_interrupt(state: FightState, d: InterruptDeclared, dice: Dice) -> Decision:
    """Cut in ahead of someone's action (the acting combatant's, or ``against``'s): 1D100 +
    Spd each, interrupter first; he goes first only when strictly higher, else right after
    the current action (PAL-HR-INTERRUPT; reading for ``against``: after the next action
    resolved, whoever's). He needs a held action (PAL-HR-HOLD), or the GM's leave
    (``allowed``: an ability). ``breaks``: the GM rules that a won interrupt breaks the
    interrupted long action, whose paid attacks are lost (PAL-HR-LONG-ACTION)."""
    _house_only(state, "interrupting", "PAL-HR-INTERRUPT")
    _check_no_pending(state)
    _able(state, d.actor)
    clock = state.clock
    name = state.combatants[d.actor].name
    against = d.against or clock.acting
    if against is None:
        raise IllegalAction("nobody is acting to interrupt: name whom with --against")
    _able(state, against)
    if against == d.actor:
        raise IllegalAction(f"{name} cannot interrupt himself")
    if clock.acting == d.actor:
        raise IllegalAction(
            f"it is {name}'s own turn: he acts now; a long action he stops is ruled broken "
            f"with `fracas ruling {against} --break-action`"
        )
    if d.actor in clock.queued:
        raise IllegalAction(f"{name} already goes right after the current action")
    f = fighter(state.combatants[d.actor])
    if f.held is None and not d.allowed:
        raise IllegalAction(
            f"{name} holds no action to interrupt with (PAL-HR-HOLD); if an ability lets "
            "him, the GM allows it with --allowed"
        )
    _check_can_act_out_of_turn(state, d.actor, "interrupt")
    mine = roll(dice, "interrupt", "1D100", _spd_mods(state, d.actor), rule="PAL-HR-INTERRUPT")
    theirs = roll(dice, "interrupt", "1D100", _spd_mods(state, against), rule="PAL-HR-INTERRUPT")
    wins = mine.total > theirs.total
    events: list[Event] = [
        InterruptRolled(
            interrupter=d.actor, against=against, roll=mine, against_roll=theirs, wins=wins
        )
    ]
    if f.held is not None:
        events.append(HoldEnded(combatant=d.actor, released=True, reason=f"trigger: {f.held}"))
    if d.breaks and fighter(state.combatants[against]).in_progress is None:
        raise UsageError(f"{state.combatants[against].name} has no long action to break")
    if not wins:
        events.append(CutInQueued(combatant=d.actor))
        return Decision(events, resolved=False)
    ip = fighter(state.combatants[against]).in_progress
    if d.breaks and ip is not None:
        events.append(
            ActionAbandoned(
                actor=against,
                action=ip.action,
                reason=f"broken by {name}'s interrupt; its {ip.paid} paid attacks are lost "
                "(PAL-HR-LONG-ACTION)",
            )
        )
    return Decision(events, cut_in=d.actor, resolved=False)


def decide_counter(state: FightState, d: CounterDeclared) -> Decision:
    """A counter or riposte: the actor acts now, right after the action that triggered it,
    then the order goes back to normal (PAL-HR-COUNTER). Whether an ability grants it is the
    GM's call."""
    _house_only(state, "a counter", "PAL-HR-COUNTER")
    _check_no_pending(state)
    _able(state, d.actor)
    if state.clock.acting == d.actor:
        raise IllegalAction(f"it is already {state.combatants[d.actor].name}'s turn")
    _check_can_act_out_of_turn(state, d.actor, "counter")
    return Decision([], cut_in=d.actor, resolved=False)


#: The effects a ruling may carry (``RulingDeclared.effects``), for ``fracas ruling``.
RULING_EFFECTS = frozenset(
    {
        "lose_initiative",
        "lose_attacks",
        "gain_attacks",
        "damage",
        "mega",
        "heal",
        "condition",
        "rounds",
        "end_condition",
        "break_action",
    }
)


def decide_ruling(state: FightState, d: RulingDeclared) -> Decision:
    """A GM ruling on one combatant, applied through the rules the same effects follow when
    an action causes them: lost initiative (PAL-HR-LOSE-INIT or the RAW reading), lost and
    gained attacks (PAL-HR-APM-GAIN-LOSE; under RAW, with none left a lost attack comes off
    the next round like a dodge, PAL-ROUND-OUT-OF-ATTACKS), damage through armor and pools
    (as a hit with no strike total: S.D.C. armor with an A.R. takes it), healing (H.P. first,
    then S.D.C., never above the sheet; M.D.C. for a Mega-Damage being), a condition for N
    rounds, the end of one, and a long action broken. ``rule`` cites what the GM applies
    (e.g. PAL-COND-KNOCKDOWN)."""
    effects: dict[str, Any] = dict(d.effects)
    unknown = set(effects) - RULING_EFFECTS
    if unknown:
        raise UsageError(f"unknown ruling effect {sorted(unknown)[0]!r}")
    _known(state, d.combatant)
    c = state.combatants[d.combatant]
    cid = d.combatant
    rule = d.rule or "GM ruling"
    why = d.text or "GM ruling"
    events: list[Event] = []
    if effects.get("lose_initiative"):
        events += apm.lose_initiative(state, cid, d.rule or "PAL-HR-LOSE-INIT", why)
    n = int(effects.get("lose_attacks", 0) or 0)
    if n:
        events.append(
            apm.spend_off_turn(
                state, cid, n, "lost attacks", d.rule or "PAL-HR-APM-GAIN-LOSE", "lost"
            )
        )
    n = int(effects.get("gain_attacks", 0) or 0)
    if n:
        events.append(apm.gain(state, cid, n, d.rule or "PAL-HR-APM-GAIN-LOSE", why))
    if effects.get("break_action"):
        ip = fighter(c).in_progress
        if ip is None:
            raise IllegalAction(f"{c.name} has no action under way to break")
        events.append(
            ActionAbandoned(actor=cid, action=ip.action, reason=f"broken: {why} ({rule})")
        )
    amount = int(effects.get("damage", 0) or 0)
    if amount:
        if not c.alive:
            raise IllegalAction(f"{c.name} is dead")
        unit: DamageUnit = "MD" if effects.get("mega") else "SDC"
        events += damage.take_damage(state, cid, amount, unit, 0)
    amount = int(effects.get("heal", 0) or 0)
    if amount:
        events += _heal(state, cid, amount, rule)
    condition = effects.get("condition")
    if condition:
        events.append(
            ConditionChanged(
                combatant=cid,
                condition=str(condition),
                present=True,
                rule=rule,
                rounds=int(effects.get("rounds", 0) or 0),
            )
        )
    ended = effects.get("end_condition")
    if ended == "dead":
        raise IllegalAction(
            f"a ruling does not bring {c.name} back from the dead; undo the ply that killed him"
        )
    if ended:
        if ended not in c.conditions:
            have = ", ".join(sorted(c.conditions)) or "none"
            raise UsageError(f"{c.name} has no condition {ended!r} (conditions: {have})")
        events.append(
            ConditionChanged(combatant=cid, condition=str(ended), present=False, rule=rule)
        )
    if effects and not events:
        raise IllegalAction(
            f"the ruling changes nothing: {c.name} has already lost initiative and it does not "
            "stack (PAL-HR-LOSE-INIT)"
        )
    return Decision(events)


def _heal(state: FightState, cid: str, amount: int, rule: str) -> list[Event]:
    c = state.combatants[cid]
    if not c.alive:
        raise IllegalAction(f"{c.name} is dead; healing cannot bring him back")
    f = fighter(c)
    p = f.profile
    pools: list[tuple[Pool, int, int]]  # (pool, now, full), healed in this order
    if f.mdc is not None and p.mdc is not None:
        pools = [("mdc", f.mdc, p.mdc)]
    else:
        pools = [("hp", f.hp, p.hp), ("sdc", f.sdc, p.sdc)]
    events: list[Event] = []
    rest = amount
    body = pools[0][1]  # H.P. (or M.D.C.) after healing: above 0 ends a coma
    for pool, now, full in pools:
        after = min(full, now + rest)
        if after > now:
            events.append(
                Healed(
                    target=cid, pool=pool, amount=after - now, before=now, after=after, rule=rule
                )
            )
            rest -= after - now
        if pool == pools[0][0]:
            body = after
    alive_again = body > 0
    if alive_again and "coma" in c.conditions:
        events.append(ConditionChanged(combatant=cid, condition="coma", present=False, rule=rule))
    return events
