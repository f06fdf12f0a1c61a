"""What a Palladium action is when it is paid for: the table of action kinds, and the paying.

Every action on one's own turn is one of these kinds (``InProgress.action`` records its name):
a strike, a power punch or kick, a shot (single, aimed, called, aimed and called), an action
the rules do not model, a psionic power. Each row says how it reads, what it costs in attacks,
what the ledger calls it (PAL-HR-APM-LEDGER), which rule sets its cost, and what happens when
it is paid. :func:`begin` pays for an action on the actor's turn and performs it, or begins it
and pays the rest on later turns (:func:`on_turn`).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction
from engine.rules.pack import Advance, Decision, TurnKind
from engine.rules.palladium import (
    apm,
    clips,
    combat,
    covering,
    grenades,
    grips,
    missiles,
    setbacks,
    strikes,
    throwing,
    throws,
)  # fmt: skip
from engine.rules.palladium.apm import passes_mode
from engine.rules.palladium.bursts import BURST_KINDS
from engine.rules.palladium.moves import MOVES
from engine.rules.palladium.options import opts
from events.core import Event, HoldEnded
from events.palladium import (
    ActionAbandoned,
    ActionCompleted,
    ActionStarted,
    ApmSpent,
    PalladiumOptions,
    ParryLimitReset,
    TurnBegan,
)
from projections.palladium import ACTION_FIELDS, InProgress, fighter, on_turn_began
from projections.state import FightState

Perform = Callable[[FightState, str, InProgress, Dice, int, bool], list[Event]]
CostRule = Callable[[PalladiumOptions, bool, int], str]

LONG_RULE = "PAL-HR-LONG-ACTION"
MULTI_RULE = "PAL-COST-MULTI-LANDING"


def usual(single: str) -> CostRule:
    """The rule that sets an installment's cost: a long action's under the passes, a
    multi-attack action's, or the action's own when it costs one attack."""

    def rule(options: PalladiumOptions, long: bool, cost: int) -> str:
        return LONG_RULE if long else MULTI_RULE if cost > 1 else single

    return rule


def psionic_rule(options: PalladiumOptions, long: bool, cost: int) -> str:
    """A psionic activation's cost is the psionic rule's, however it is paid."""
    return "PAL-HR-PSI-COST" if options.psi_cost == "escalating" else "PAL-PSI-ACTION"


def called_rule(options: PalladiumOptions, long: bool, cost: int) -> str:
    """A called strike's cost is the called rule's when paid at once (house:
    PAL-HR-STRIKE-CALLED-12; as written, PAL-STRIKE-CALLED read for a blow); paid over turns,
    a multi-attack or long action's."""
    if long:
        return LONG_RULE
    if cost > 1 and options.round_structure == "cycle":
        return MULTI_RULE
    return "PAL-HR-STRIKE-CALLED-12" if options.called_location_total else "PAL-STRIKE-CALLED"


def complete(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool
) -> list[Event]:
    """An action the rules do not model simply happens."""
    return [ActionCompleted(actor=actor, action=ip.action, note=ip.note)]


@attrs.frozen
class Kind:
    """One row: ``name`` as recorded; ``label`` as a sentence says it; ``cost`` in attacks
    (None: the declaration gives it); the ledger ``category``, and ``bare`` for the category
    when no weapon is used; the rule for its cost; what happens when it is paid."""

    name: str
    label: str
    cost: int | None
    category: apm.Category
    cost_rule: CostRule
    perform: Perform
    bare: apm.Category | None = None


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind(
            "strike", "a strike", 1, "other", usual("PAL-STRIKE-ROLL"), strikes.strike_events,
            bare="punch",
        ),
        Kind("called strike", "a called strike", None, "other", called_rule,
             strikes.strike_events, bare="punch"),
        Kind("power_punch", "a power punch", 2, "punch", usual("PAL-STRIKE-ROLL"),
             strikes.strike_events),
        Kind("power_kick", "a power kick", 2, "other", usual("PAL-STRIKE-ROLL"),
             strikes.strike_events),
        Kind("shot", "a shot", 1, "ranged", usual("PAL-RNG-SINGLE"), strikes.shot_events),
        Kind("aimed shot", "an aimed shot", 2, "ranged", usual("PAL-STRIKE-CALLED"),
             strikes.shot_events),
        Kind("called shot", "a called shot", 2, "ranged", usual("PAL-STRIKE-CALLED"),
             strikes.shot_events),
        Kind("aimed called shot", "an aimed called shot", 3, "ranged",
             usual("PAL-STRIKE-CALLED"), strikes.shot_events),
        Kind("short burst", "a short burst", 1, "ranged", usual("PAL-RNG-GUN-APM"),
             strikes.shot_events),
        Kind("long burst", "a long burst", 2, "ranged", usual("PAL-RNG-GUN-APM"),
             strikes.shot_events),
        Kind("pulse", "an energy pulse", 1, "ranged", usual("PAL-RNG-GUN-APM"),
             strikes.shot_events),
        Kind("volley", "a volley of missiles", 1, "other", usual("PAL-MSL-VOLLEY"),
             missiles.volley_events),
        Kind("throw", "a throw", 1, "other", usual("PAL-STRIKE-THROW"),
             throwing.throw_events),
        Kind("grenade", "a grenade", 1, "other", usual("PAL-STRIKE-THROW"),
             grenades.grenade_events),
        Kind("cover", "covering fire", None, "ranged", usual("PAL-HR-RNG-COVERING-FIRE"),
             covering.cover_events),
        Kind("grapple", "a hold", 1, "other", usual("PAL-COND-HELD"), strikes.strike_events),
        Kind("body_block", "a body block", None, "other", usual("PAL-DMG-BODYBLOCK"),
             strikes.strike_events),
        Kind("disarm", "a disarm", 1, "other", usual("PAL-DEF-DISARM"), strikes.strike_events),
        Kind("escape", "an escape from a hold", 1, "other", usual("PAL-COND-HELD"),
             grips.escape_events),
        Kind("free", "pulling free", 1, "other", usual("PAL-DEF-ENTANGLE"), grips.free_events),
        Kind("release", "letting go", 0, "other", usual("PAL-COND-HELD"), grips.release_events),
        Kind("pick_up", "picking up a weapon", 1, "other", usual("PAL-DEF-DISARM"),
             throws.pick_up_events),
        Kind("reload", "a reload", None, "other", usual("PAL-HR-MISC-COSTS"),
             clips.reload_events),
        Kind("draw", "drawing a weapon", None, "other", usual("PAL-HR-MISC-COSTS"),
             throws.draw_events),
        Kind("act", "an action", None, "other", usual("PAL-HR-SPEND-ON-TURN"), complete),
        Kind("psionic", "a psionic power", None, "other", psionic_rule, complete),
    )
}  # fmt: skip


def shot_kind(aimed: bool, called: str | None, burst: str | None = None) -> Kind:
    """A single, aimed, called, or aimed and called shot (PAL-STRIKE-CALLED); a short or
    long burst, or a pulse (PAL-RNG-GUN-APM: one attack, a long burst two)."""
    if burst is not None:
        return KINDS[BURST_KINDS[burst]]
    return KINDS[("aimed " if aimed else "") + ("called " if called is not None else "") + "shot"]


def shot_cost(aimed: bool, called: str | None, burst: str | None) -> int:
    """What a shot costs: its kind's, or for an aimed or called pulse what the aimed or called
    single shot costs (reading: the pulse is one heavy blast, and aiming or calling it takes
    the time it takes for one shot, PAL-RNG-PULSE, PAL-STRIKE-CALLED)."""
    kind = shot_kind(aimed, called, burst)
    careful = aimed or called is not None
    cost = shot_kind(aimed, called).cost if burst is not None and careful else kind.cost
    assert cost is not None
    return cost


def category(state: FightState, actor: str, ip: InProgress) -> apm.Category:
    """What the ledger calls this action (PAL-HR-APM-LEDGER): a machine weapon's attack is the
    machine's, whatever the action."""
    kind = KINDS[ip.action]
    p = fighter(state.combatants[actor]).profile
    weapon = combat.find_weapon(p, ip.weapon) if ip.weapon else None
    if weapon is not None and weapon.machine:
        return "machine"  # a launcher's too
    if weapon is None and ip.move is not None:
        return MOVES[ip.move].category
    if weapon is None and kind.bare is not None:
        return kind.bare
    return kind.category


def cost_rule(state: FightState, ip: InProgress, long: bool) -> str:
    """The rule that sets what an installment of ``ip`` costs."""
    return KINDS[ip.action].cost_rule(opts(state), long, ip.cost)


def _advance_after(state: FightState, actor: str, paid: int) -> Advance:
    """A cut-in is one action; a cycling turn is one attack; a turn of a pass goes on while
    attacks are left in hand and ends by itself when they are spent."""
    if state.clock.resume or not passes_mode(state):
        return "next"
    return "next" if fighter(state.combatants[actor]).apm_left - paid <= 0 else "none"


def _perform(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int = 0, landing: bool = False
) -> list[Event]:
    """What the action does once paid, each natural 1 on its attack rolls with the setback
    the house rules give it (:mod:`setbacks`)."""
    return setbacks.marked(state, KINDS[ip.action].perform(state, actor, ip, dice, wild, landing))


def begin(state: FightState, actor: str, ip: InProgress, dice: Dice) -> Decision:
    """Pay for an action and perform it, or begin it and pay the rest on later turns.

    Cycle (RAW): one attack now; a multi-attack action is paid one attack per turn and lands
    on its last (PAL-COST-MULTI-LANDING). Passes (house): as much as the hand holds; if that
    is not all, the action is under way and is paid on the actor's next turns, across passes
    and rounds, and happens on the turn its last attack is paid (PAL-HR-LONG-ACTION).
    """
    if ip.cost == 0:
        return Decision(_perform(state, actor, ip, dice), advance="none")
    passes = passes_mode(state)
    left = fighter(state.combatants[actor]).apm_left
    pay = min(ip.cost, left) if passes else 1
    rule = cost_rule(state, ip, passes and pay < ip.cost)
    spent, wild = apm.spend_on_turn(state, actor, pay, ip.action, rule, category(state, actor, ip))
    if wild and (ip.aimed or ip.called):
        raise IllegalAction(
            f"{state.combatants[actor].name}'s hand-to-hand attacks for gunshots are used up: "
            "this shot would be shot wild, and an aimed or called shot cannot be "
            "(PAL-HR-APM-H2H-RANGED-CAP, PAL-STRIKE-CALLED)"
        )
    if pay == ip.cost:
        events: list[Event] = [spent, *_perform(state, actor, ip, dice, wild)]
        return Decision(events, advance=_advance_after(state, actor, pay))
    started = ActionStarted(actor=actor, **{k: getattr(ip, k) for k in ACTION_FIELDS})
    return Decision([started, spent], advance=_advance_after(state, actor, pay))


def _lapse(state: FightState, cid: str) -> HoldEnded:
    """A hold lapses as its holder's turn comes (PAL-HR-HOLD)."""
    came = f"{pronoun(state, cid).their} turn came"
    return HoldEnded(combatant=cid, released=False, reason=f"{came} (PAL-HR-HOLD)")


def on_turn(state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
    """When the turn reaches ``cid``.

    A cut-in is one action and moves nothing by itself. In a round of passes a turn takes the
    pass's share into hand (what was left vanishes, PAL-HR-APM-RESET), a hold lapses
    (PAL-HR-HOLD), an action under way takes what it still needs and happens once paid
    (PAL-HR-LONG-ACTION), and a turn with nothing in hand ends by itself. In a cycling round
    an action under way pays one attack per turn and lands on its last
    (PAL-COST-MULTI-LANDING).
    """
    if kind == "cut_in":
        return Decision([], resolved=False)
    c = state.combatants[cid]
    f = fighter(c)
    passes = passes_mode(state) or state.clock.passes > 0
    if kind == "resume":
        done = passes and f.apm_left <= 0 and f.in_progress is None
        return Decision([], advance="next" if done else "none", resolved=False)
    events: list[Event] = []
    if f.parried and opts(state).parry_limit_reset == "turn":
        events.append(ParryLimitReset(combatant=cid))
    events += covering.lapses(state, cid)  # his covering fire lasts until his turn
    if c.held is not None and passes:
        events.append(_lapse(state, cid))
    events += grips.lapsed(state)  # holds and entanglements whose side is down end
    hand = f.apm_left
    now = state
    if passes:
        p = state.clock.pass_
        hand = f.passes[p - 1] if 0 < p <= len(f.passes) else 0
        began = TurnBegan(
            combatant=cid,
            round=state.clock.round,
            pass_number=p,
            apm=hand,
            vanished=max(0, f.apm_left),
        )
        events.append(began)
        now = on_turn_began(state, began)
    elif c.held is not None:
        events.append(_lapse(state, cid))
    kept = grips.upkeep(now, cid, dice)  # an entanglement is kept each round for an attack
    if kept:
        events += kept
        hand = fighter(apm.spent(now, kept).combatants[cid]).apm_left
    ip = f.in_progress
    if ip is None:
        if passes and hand <= 0:
            return Decision(events, advance="next", resolved=False)
        return Decision(events, advance="none", resolved=False)
    target = state.combatants.get(ip.target)
    if ip.target and (target is None or not target.alive):
        events.append(ActionAbandoned(actor=cid, action=ip.action, reason="the target is dead"))
        return Decision(events, advance="none" if hand > 0 or not passes else "next")
    pay = min(hand, ip.cost - ip.paid) if passes else 1
    if pay <= 0:
        return Decision(events, advance="next", resolved=False)
    ledger, wild, why = apm.assign_action(
        state, cid, category(state, cid, ip), pay, first=ip.paid == 0
    )
    if why:
        events.append(ActionAbandoned(actor=cid, action=ip.action, reason=why))
        return Decision(events, advance="none" if hand > 0 else "next")
    events.append(
        ApmSpent(
            combatant=cid,
            amount=pay,
            on=ip.action,
            rule=cost_rule(state, ip, passes),
            ledger=ledger,
            turn=True,
        )
    )
    if ip.paid + pay < ip.cost:
        return Decision(events, advance="next")
    events += _perform(state, cid, ip, dice, wild, landing=True)
    if not passes:
        return Decision(events, advance="next")
    return Decision(events, advance="next" if hand - pay <= 0 else "none")
