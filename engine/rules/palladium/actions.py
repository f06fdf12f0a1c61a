"""The Palladium pack's decisions: ``decide_<action>`` functions returning events.

Each refuses what the rules forbid with IllegalAction (exit 1) and unknown names with
UnknownName (exit 2), before any event is produced, so nothing is written.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.rolls import fixed, roll
from engine.rules import Advance, Decision, IllegalAction, TurnKind, UnknownName, UsageError
from engine.rules.palladium import apm, combat, damage
from engine.rules.palladium.apm import PASSES, passes_mode, refresh
from events.core import (
    CombatantJoined,
    ConditionChanged,
    Event,
    JoinDeclared,
    ReactionRequested,
    ReactionResolved,
    RoundStarted,
)
from events.palladium import (
    ActDeclared,
    ActionAbandoned,
    ActionCompleted,
    ActionStarted,
    ApmSpent,
    DefendDeclared,
    DefenseDeclined,
    FighterReadied,
    HoldEnded,
    InitiativeDeclared,
    InitiativeRolled,
    PowerPunchDeclared,
    ShootDeclared,
    StrikeDeclared,
    StrikeRolled,
    SurpriseDeclared,
    TurnBegan,
)
from projections.palladium import ACTION_FIELDS, InProgress, fighter
from projections.state import FightState


def can_act(state: FightState, cid: str) -> bool:
    """Whether ``cid`` takes a turn now: alive, conscious, with someone left to fight, and

    * in a cycling round (RAW), with attacks left this round (PAL-ROUND-EXTRA-APM, -END).
      With the core clock this gives the PAL-ROUND-SEQUENCE reading for 3+ fighters (catalogue
      ❓): a cycle in initiative order, one attack (or one step of a multi-attack action)
      each, skipping whoever cannot act, until nobody can;
    * in a round of passes (house), with no turn yet in this pass, attacks or not: a turn with
      none ends by itself, after the last turn's leftovers vanish (PAL-HR-PASS-TURN,
      PAL-HR-APM-RESET).

    A fighter with nobody left alive to act against has nothing to spend his attacks on, so
    the round ends (PAL-ROUND-END).
    """
    c = state.combatants.get(cid)
    if c is None or not c.alive or "coma" in c.conditions:
        return False
    if not any(o.alive for oid, o in state.combatants.items() if oid != cid):
        return False
    f = fighter(c)
    if state.clock.passes:
        return f.pool_pass != state.clock.pass_
    return f.apm_left > 0


def decide_join(state: FightState, d: JoinDeclared) -> Decision:
    """A combatant joins: the sheet is read once into the profile the rules use."""
    from engine.rules.palladium.profile import build_profile  # only joins need sheets (cattrs)
    from engine.rules.palladium.sheet import sheet_from_dict

    sheet = sheet_from_dict(d.sheet, d.source_file or "<embedded sheet>")
    profile = build_profile(sheet)
    return Decision(
        [
            CombatantJoined(combatant=d.combatant, name=sheet.name, side=d.side, kind=sheet.kind),
            FighterReadied(combatant=d.combatant, profile=profile),
        ]
    )


def _known(state: FightState, cid: str) -> None:
    if cid not in state.combatants:
        known = ", ".join(state.combatants) or "none yet; add one with `fracas add SHEET`"
        raise UnknownName(f"unknown combatant {cid!r} (combatants: {known})")


def _check_no_pending(state: FightState) -> None:
    p = state.pending
    if p is not None:
        who = state.combatants[p.reactor].name
        raise IllegalAction(
            f"{state.combatants[p.actor].name}'s strike is waiting for {who}'s answer: "
            f"`fracas defend {p.reactor} parry|dodge|none` first"
        )


def _busy(state: FightState, actor: str) -> None:
    ip = fighter(state.combatants[actor]).in_progress
    if ip is not None:
        name = state.combatants[actor].name
        raise IllegalAction(
            f"{name} is in the middle of {_label(ip.action)} ({ip.cost - ip.paid} of "
            f"{ip.cost} attacks still to pay); it goes on at his next turn (PAL-HR-LONG-ACTION)"
        )


def _label(action: str) -> str:
    return {"act": "an action", "psionic": "a psionic power"}.get(
        action, "a " + action.replace("_", " ")
    )


def _check_actor(state: FightState, actor: str, cost: int, what: str) -> None:
    """The checks every action on one's own turn makes (PAL-ROUND-SEQUENCE).

    In a cycling round (RAW) the whole cost must be left this round: a multi-attack action
    lands on its last attack within the round (PAL-COST-MULTI-LANDING). In a round of passes
    one attack in hand is enough to begin: what the pass cannot pay is paid on later turns
    (PAL-HR-LONG-ACTION); with none in hand the only choice is to pass (PAL-HR-PASS-TURN).
    """
    _known(state, actor)
    _check_no_pending(state)
    c = state.combatants[actor]
    if not c.alive:
        raise IllegalAction(f"{c.name} is dead")
    if "coma" in c.conditions:
        raise IllegalAction(f"{c.name} is in a coma")
    clock = state.clock
    if clock.round == 0 and clock.acting is None:
        raise IllegalAction("no melee round is running: roll `fracas initiative` first")
    if clock.acting is None:
        spent = "turn" if clock.passes else "attack"
        over = "is over" if clock.passes else "is spent"
        raise IllegalAction(
            f"every {spent} of round {clock.round} {over}: roll `fracas initiative` "
            "for the next round (PAL-ROUND-END)"
        )
    if clock.acting != actor:
        if actor not in clock.order and clock.round:
            raise IllegalAction(f"{c.name} joined after initiative and acts from the next round")
        raise IllegalAction(
            f"it is {state.combatants[clock.acting].name}'s turn ({clock.acting}), "
            f"not {c.name}'s (PAL-ROUND-SEQUENCE)"
        )
    _busy(state, actor)
    left = fighter(c).apm_left
    if passes_mode(state):
        if left < 1 and cost > 0:
            raise IllegalAction(
                f"{c.name} has no attacks in hand this pass: `fracas pass {actor}` "
                "(PAL-HR-PASS-TURN)"
            )
    elif left < cost:
        raise IllegalAction(
            f"{what} costs {cost} attacks and {c.name} has {left} left this melee round "
            "(PAL-COST-MULTI-LANDING)"
        )


def _check_target(state: FightState, actor: str, target: str) -> None:
    _known(state, target)
    if target == actor:
        raise IllegalAction("a combatant cannot strike himself")
    if not state.combatants[target].alive:
        raise IllegalAction(f"{state.combatants[target].name} is dead")


def _check_ids(state: FightState, ids: tuple[str, ...], what: str) -> None:
    for cid in ids:
        _known(state, cid)
        if not state.combatants[cid].alive:
            raise IllegalAction(f"{state.combatants[cid].name} is dead and cannot be {what}")
    if len(set(ids)) != len(ids):
        raise UsageError(f"a combatant is named twice among the {what}")


def _round_end_events(state: FightState, new_round: int) -> list[Event]:
    """Conditions that end with the round: expired ones, and this round's ambush, unseen
    and surprised marks (PAL-INIT-AUTO-SNEAK, PAL-INIT-AUTO-RANGED, PAL-HR-SURPRISE)."""
    events: list[Event] = []
    for cid, c in state.combatants.items():
        for cond in sorted(c.conditions):
            if cond in ROUND_MARKS:
                events.append(ConditionChanged(combatant=cid, condition=cond, present=False))
            elif cond in c.expires and c.expires[cond] <= new_round:
                events.append(
                    ConditionChanged(
                        combatant=cid, condition=cond, present=False, rule="ruled duration"
                    )
                )
    return events


ROUND_MARKS = ("ambushing", "unseen", "surprised")


def decide_initiative(state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
    """Start a melee round: refresh attacks, roll initiative, order best first.

    1D20 + initiative bonuses, ties re-rolled among the tied (PAL-INIT-ROLL); NPCs take 10 +
    bonuses under the ``npc_fixed_initiative`` option (PAL-HR-INIT-NPC-FIXED). Attacks owed
    are taken off the new round (PAL-ROUND-OUT-OF-ATTACKS, PAL-HR-DEF-OVERDRAFT); under the
    house passes each fighter's attacks are split over three passes (PAL-HR-APM-SPLIT) and a
    long action carries on (PAL-HR-LONG-ACTION), where a cycling round abandons it.

    Automatic initiative, first in the order given and without a roll: ``ambush`` (undetected
    sneak attackers, PAL-INIT-AUTO-SNEAK; everyone else is surprised), ``unseen`` (unseen
    long-range attackers, PAL-INIT-AUTO-RANGED) and, under the ``any_long_range`` reading,
    ``long_range``. A fighter who lost initiative last round starts this one at 0 without a
    roll, after everyone else, in join order (PAL-HR-LOSE-INIT; the text orders no ties at 0).

    Readings: a tie re-roll is 1D20 + the same bonuses, repeated while still tied, and only
    breaks the tie (the first totals still order everyone else); fixed NPC initiatives that
    tie are broken the same way (PAL-HR-INIT-ROLL ❓ falls back to the RAW re-roll). Dice: one
    d20 per fighter in join order (none for a fixed NPC), then the re-rolls in join order.
    """
    _check_no_pending(state)
    clock = state.clock
    if clock.round and clock.acting is not None:
        who = state.combatants[clock.acting].name
        raise IllegalAction(
            f"round {clock.round} is still running: it is {who}'s turn; every turn must be "
            "over before the next round (PAL-ROUND-END; `fracas next` ends a turn)"
        )
    if d.long_range and state.options.get("ranged_auto_initiative") != "any_long_range":
        raise IllegalAction(
            "a seen long-range attacker has no automatic initiative under the reading "
            "ranged_auto_initiative=unseen_only (PAL-INIT-AUTO-RANGED); use --unseen, or start "
            "the encounter with --option ranged_auto_initiative=any_long_range"
        )
    auto = (*d.ambush, *d.unseen, *d.long_range)
    _check_ids(state, auto, "automatic initiative")
    fighters = [
        cid for cid, c in state.combatants.items() if c.alive and "coma" not in c.conditions
    ]
    if not fighters:
        raise IllegalAction("nobody is able to fight: add combatants with `fracas add SHEET`")
    new_round = clock.round + 1
    events: list[Event] = _round_end_events(state, new_round)
    passes = passes_mode(state)
    for cid, c in state.combatants.items():
        f = fighter(c)
        if f.in_progress is not None and not passes:
            events.append(
                ActionAbandoned(
                    actor=cid,
                    action=f.in_progress.action,
                    reason="the round ended before it landed",
                )
            )
        if c.alive:
            events.append(refresh(state, cid))
    keys: dict[str, list[int]] = {}
    zero: list[str] = []
    for cid in fighters:
        c = state.combatants[cid]
        f = fighter(c)
        mods = f.profile.initiative
        if cid in auto:
            continue
        if f.lost_init == "next_round":
            r = fixed("initiative", 0, (), rule="PAL-HR-LOSE-INIT")
            zero.append(cid)
        elif c.kind == "npc" and state.options.get("npc_fixed_initiative"):
            r = fixed("initiative", 10, mods, rule="PAL-HR-INIT-NPC-FIXED")
            keys[cid] = [r.total]
        else:
            r = roll(dice, "initiative", "1D20", mods, rule="PAL-INIT-ROLL")
            keys[cid] = [r.total]
        events.append(InitiativeRolled(combatant=cid, roll=r))
    attempt = 1
    while True:
        groups: dict[tuple[int, ...], list[str]] = {}
        for cid in keys:
            groups.setdefault(tuple(keys[cid]), []).append(cid)
        tied = [g for g in groups.values() if len(g) > 1]
        if not tied:
            break
        attempt += 1
        for group in tied:
            for cid in group:
                mods = fighter(state.combatants[cid]).profile.initiative
                r = roll(dice, "initiative", "1D20", mods, rule="PAL-INIT-ROLL")
                events.append(InitiativeRolled(combatant=cid, roll=r, attempt=attempt))
                keys[cid].append(r.total)
    rolled = sorted(keys, key=lambda cid: keys[cid], reverse=True)
    order = tuple([*auto, *rolled, *zero])
    for cid in d.ambush:
        events.append(
            ConditionChanged(combatant=cid, condition="ambushing", present=True, rule=SNEAK)
        )
    for cid in d.unseen:
        events.append(
            ConditionChanged(
                combatant=cid, condition="unseen", present=True, rule="PAL-INIT-AUTO-RANGED"
            )
        )
    if d.ambush:
        for cid in fighters:
            if cid not in d.ambush:
                events.append(
                    ConditionChanged(combatant=cid, condition="surprised", present=True, rule=SNEAK)
                )
    events.append(RoundStarted(round=new_round, order=order, passes=PASSES if passes else 0))
    return Decision(events, advance="start")


SNEAK = "PAL-INIT-AUTO-SNEAK"


def decide_surprise(state: FightState, d: SurpriseDeclared, dice: Dice) -> Decision:
    """Complete surprise, as the ``surprise`` option reads it.

    ``free_pass`` (PAL-HR-SURPRISE): before the first round, the attackers get a free round
    of a single pass, in the order named, no initiative rolled, each with his first pass's
    share of attacks; the others cannot take turns in it, and only those named ``aware`` may
    defend (unless ``surprised_may_defend``). ``ambush_initiative`` (RAW): the next round's
    initiative with the attackers first and their first attacks undefendable against the
    surprised (PAL-INIT-AUTO-SNEAK, PAL-DEF-SNEAK).
    """
    _check_no_pending(state)
    if not d.attackers:
        raise UsageError("name at least one attacker")
    _check_ids(state, d.attackers, "attackers")
    _check_ids(state, d.aware, "aware")
    both = set(d.attackers) & set(d.aware)
    if both:
        raise UsageError(f"{sorted(both)[0]!r} cannot both surprise and be surprised")
    fighters = [
        cid for cid, c in state.combatants.items() if c.alive and "coma" not in c.conditions
    ]
    if state.options.get("surprise") != "free_pass":
        decision = decide_initiative(state, InitiativeDeclared(ambush=d.attackers), dice)
        kept = [
            e
            for e in decision.events
            if not (
                isinstance(e, ConditionChanged)
                and e.condition == "surprised"
                and e.combatant in d.aware
            )
        ]
        return Decision(kept, advance="start")
    if state.clock.round:
        raise IllegalAction(
            "a surprise round comes before the first round of the fight (PAL-HR-SURPRISE)"
        )
    events: list[Event] = [refresh(state, cid, only_first_pass=True) for cid in d.attackers]
    for cid in fighters:
        if cid not in d.attackers and cid not in d.aware:
            events.append(
                ConditionChanged(
                    combatant=cid, condition="surprised", present=True, rule="PAL-HR-SURPRISE"
                )
            )
    events.append(RoundStarted(round=1, order=d.attackers, passes=1, label="surprise"))
    return Decision(events, advance="start")


def _undefendable(state: FightState, actor: str, target: str) -> str | None:
    """Why the target of this attack may not parry or dodge it, or None."""
    a = state.combatants[actor]
    t = state.combatants[target]
    if "surprised" in t.conditions:
        if "ambushing" in a.conditions:
            return "a sneak attack cannot be parried or dodged (PAL-DEF-SNEAK)"
        if state.clock.label == "surprise" and not state.options.get("surprised_may_defend"):
            return "taken by surprise, cannot defend (PAL-HR-SURPRISE)"
    return None


def _strike_events(
    state: FightState,
    actor: str,
    target: str,
    action: str,
    weapon_name: str | None,
    defend: str | None,
    dice: Dice,
    landing: bool = False,
) -> list[Event]:
    """Roll the strike and, if it would hit, the defence (now or pending) and damage."""
    weapon = combat.find_weapon(fighter(state.combatants[actor]).profile, weapon_name)
    ranged = weapon is not None and weapon.kind == "ranged"
    s = combat.strike(state, actor, target, action, weapon, dice)
    detail = combat.strike_detail(s, ranged)
    return _after_strike(state, s, detail, defend, None, dice, landing)


def _after_strike(
    state: FightState,
    s: StrikeRolled,
    detail: dict[str, Any],
    defend: str | None,
    no_dodge: str | None,
    dice: Dice,
    landing: bool = False,
) -> list[Event]:
    """After the strike roll: the ambusher's first attack is spent; a hit waits for the
    defender's answer, or is answered now (``defend``), or cannot be defended."""
    actor, target = s.actor, s.target
    events: list[Event] = [s]
    if "ambushing" in state.combatants[actor].conditions:
        events.append(
            ConditionChanged(combatant=actor, condition="ambushing", present=False, rule=SNEAK)
        )
    if not s.hits:
        return events
    why = _undefendable(state, actor, target) or no_dodge
    if why is not None:
        events.append(DefenseDeclined(defender=target, attacker=actor, reason=why))
        return events + damage.damage(state, actor, target, detail, dice)
    if defend is None and combat.helpless(state, target) is None:
        events.append(ReactionRequested(actor=actor, reactor=target, kind="defense", detail=detail))
        return events
    if defend is not None and landing:
        # An answer given when the action was declared may no longer be allowed when it
        # lands (a parry of a shot, of an M.D. blow): the defender is asked instead, so the
        # clock never sticks. Refusals come before any die is rolled.
        try:
            return events + answer(state, actor, target, defend, detail, dice)
        except IllegalAction:
            events.append(
                ReactionRequested(actor=actor, reactor=target, kind="defense", detail=detail)
            )
            return events
    return events + answer(state, actor, target, defend or "none", detail, dice)


def answer(
    state: FightState,
    actor: str,
    target: str,
    choice: str,
    detail: dict[str, object],
    dice: Dice,
    weapon: str | None = None,
) -> list[Event]:
    """The defender's answer to a strike, then damage if it lands (or both, simultaneously).

    ``weapon`` is the defender's weapon for a parry or a simultaneous attack (None: his first
    melee weapon, or bare hands).
    """
    if choice == "simultaneous":
        return _simultaneous(state, actor, target, detail, dice, weapon)
    events, stopped = combat.defend(state, actor, target, choice, detail, dice, weapon)
    if not stopped:
        events += damage.damage(state, actor, target, detail, dice)
    return events


def _simultaneous(
    state: FightState,
    actor: str,
    target: str,
    detail: dict[str, object],
    dice: Dice,
    weapon_name: str | None,
) -> list[Event]:
    """Instead of defending, the target strikes back: no defence on either side, both may be
    hurt (PAL-DEF-SIMULTANEOUS). Both blows are rolled from the state before either lands
    and take effect together, as though the other had not happened (PAL-HR-SIMULTANEOUS).
    Reading of its ❓ cost: it uses one of the responder's attacks in hand, and needs one.
    Dice: the responder's strike, then the first blow's damage, then the responder's damage
    if he hits."""
    c = state.combatants[target]
    why = combat.helpless(state, target)
    if why:
        raise IllegalAction(f"{c.name} {why}")
    f = fighter(c)
    if f.apm_left < 1:
        raise IllegalAction(
            f"{c.name} has no attacks in hand to strike back with (PAL-DEF-SIMULTANEOUS)"
        )
    if weapon_name is None:
        weapon = next((w for w in f.profile.weapons if w.kind == "melee"), None)
    else:
        weapon = combat.find_weapon(f.profile, weapon_name)
    ledger, _, refused = apm.assign(state, target, "other", 1)
    if refused:
        raise IllegalAction(f"{c.name}: {refused}")
    events: list[Event] = [
        ApmSpent(
            combatant=target,
            amount=1,
            on="simultaneous attack",
            rule="PAL-DEF-SIMULTANEOUS",
            ledger=ledger,
        )
    ]
    back = combat.strike(state, target, actor, "strike", weapon, dice)
    events.append(back)
    events += damage.damage(state, actor, target, detail, dice)
    if back.hits:
        ranged = weapon is not None and weapon.kind == "ranged"
        events += damage.damage(state, target, actor, combat.strike_detail(back, ranged), dice)
    return events


# --- actions on one's own turn: begun, paid, and performed ---------------------------------

SHOT_COSTS = {
    (False, False): ("shot", 1),
    (True, False): ("aimed shot", 2),
    (False, True): ("called shot", 2),
    (True, True): ("aimed called shot", 3),
}
SHOTS = frozenset(name for name, _ in SHOT_COSTS.values())


def _category(state: FightState, actor: str, ip: InProgress) -> apm.Category:
    """What the ledger calls this action (PAL-HR-APM-LEDGER)."""
    p = fighter(state.combatants[actor]).profile
    weapon = combat.find_weapon(p, ip.weapon) if ip.weapon else None
    if weapon is not None and weapon.machine:
        return "machine"
    if ip.action in SHOTS:
        return "ranged"
    if ip.action in ("power_punch",) or (ip.action == "strike" and weapon is None):
        return "punch"
    return "other"


def _advance_after(state: FightState, actor: str, paid: int) -> Advance:
    """A cut-in is one action; a cycling turn is one attack; a turn of a pass goes on while
    attacks are left in hand and ends by itself when they are spent."""
    if state.clock.resume or not passes_mode(state):
        return "next"
    return "next" if fighter(state.combatants[actor]).apm_left - paid <= 0 else "none"


def _perform(
    state: FightState,
    actor: str,
    ip: InProgress,
    dice: Dice,
    wild: int = 0,
    landing: bool = False,
) -> list[Event]:
    """The action happens: the blow or shot is rolled, or the unmodelled action is done."""
    if ip.action in ("strike", "power_punch", "power_kick"):
        return _strike_events(
            state, actor, ip.target, ip.action, ip.weapon, ip.defend, dice, landing
        )
    if ip.action in SHOTS:
        return _shot_events(state, actor, ip, dice, wild, landing)
    return [ActionCompleted(actor=actor, action=ip.action, note=ip.note)]


def _shot_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """Roll a shot; an unseen shooter's first shot at a target makes it lose initiative and
    forbids dodging it (PAL-INIT-AUTO-RANGED)."""
    a = state.combatants[actor]
    weapon = combat.find_weapon(fighter(a).profile, ip.weapon)
    assert weapon is not None
    events: list[Event] = []
    no_dodge = None
    if "unseen" in a.conditions and ip.target not in fighter(a).unseen_shot:
        events += apm.lose_initiative(
            state, ip.target, "PAL-INIT-AUTO-RANGED", f"shot at by the unseen {a.name}"
        )
        no_dodge = "cannot dodge the first shot of an unseen attacker (PAL-INIT-AUTO-RANGED)"
    s = combat.shot(
        state,
        actor,
        ip.target,
        weapon,
        aimed=ip.aimed,
        called=ip.called,
        range_ft=ip.range,
        wild=wild > 0,
        dice=dice,
    )
    detail = combat.strike_detail(s, True)
    return events + _after_strike(state, s, detail, ip.defend, no_dodge, dice, landing)


def _begin(state: FightState, actor: str, ip: InProgress, dice: Dice) -> Decision:
    """Pay for an action and perform it, or begin it and pay the rest on later turns.

    Cycle (RAW): one attack now; a multi-attack action is paid one attack per turn and lands
    on its last (PAL-COST-MULTI-LANDING). Passes (house): as much as the hand holds; if that
    is not all, the action is under way and is paid on the actor's next turns, across passes
    and rounds, and happens on the turn its last attack is paid (PAL-HR-LONG-ACTION).
    """
    if ip.cost == 0:
        return Decision(_perform(state, actor, ip, dice), advance="none")
    left = fighter(state.combatants[actor]).apm_left
    pay = min(ip.cost, left) if passes_mode(state) else 1
    category = _category(state, actor, ip)
    rule = _cost_rule(state, ip, passes_mode(state) and pay < ip.cost)
    spent, wild = apm.spend_on_turn(state, actor, pay, ip.action, rule, category)
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


COST_RULE = "PAL-COST-MULTI-LANDING"


def _cost_rule(state: FightState, ip: InProgress, long: bool) -> str:
    """The rule that sets what an installment of ``ip`` costs."""
    if ip.action == "psionic":
        return (
            "PAL-HR-PSI-COST" if state.options.get("psi_cost") == "escalating" else "PAL-PSI-ACTION"
        )
    if long:
        return "PAL-HR-LONG-ACTION"
    if ip.cost > 1:
        return COST_RULE
    if ip.action in SHOTS:
        return "PAL-STRIKE-CALLED"
    if ip.action == "act":
        return "PAL-HR-SPEND-ON-TURN"
    return "PAL-STRIKE-ROLL"


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
    if f.held is not None and passes:
        events.append(
            HoldEnded(combatant=cid, released=False, reason="his turn came (PAL-HR-HOLD)")
        )
    hand = f.apm_left
    if passes:
        p = state.clock.pass_
        hand = f.passes[p - 1] if 0 < p <= len(f.passes) else 0
        events.append(
            TurnBegan(
                combatant=cid,
                round=state.clock.round,
                pass_number=p,
                apm=hand,
                vanished=max(0, f.apm_left),
            )
        )
    elif f.held is not None:
        events.append(
            HoldEnded(combatant=cid, released=False, reason="his turn came (PAL-HR-HOLD)")
        )
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
    category = _category(state, cid, ip)
    ledger, wild, why = apm.assign_action(state, cid, category, pay, first=ip.paid == 0)
    if why:
        events.append(ActionAbandoned(actor=cid, action=ip.action, reason=why))
        return Decision(events, advance="none" if hand > 0 else "next")
    rule = _cost_rule(state, ip, passes)
    events.append(
        ApmSpent(combatant=cid, amount=pay, on=ip.action, rule=rule, ledger=ledger, turn=True)
    )
    if ip.paid + pay < ip.cost:
        return Decision(events, advance="next")
    events += _perform(state, cid, ip, dice, wild, landing=True)
    if not passes:
        return Decision(events, advance="next")
    return Decision(events, advance="next" if hand - pay <= 0 else "none")


def decide_strike(state: FightState, d: StrikeDeclared, dice: Dice) -> Decision:
    """One strike: one attack (PAL-STRIKE-ROLL), then defence and damage."""
    _check_actor(state, d.actor, 1, "a strike")
    _check_target(state, d.actor, d.target)
    combat.find_weapon(fighter(state.combatants[d.actor]).profile, d.weapon)
    ip = InProgress(action="strike", target=d.target, cost=1, weapon=d.weapon, defend=d.defend)
    return _begin(state, d.actor, ip, dice)


def decide_power_punch(state: FightState, d: PowerPunchDeclared, dice: Dice) -> Decision:
    """A power punch or kick: two attacks, lands on the second (PAL-DMG-POWER,
    PAL-COST-MULTI-LANDING). Under RAW the first attack is spent now and the blow lands when
    the actor's turn comes round again, without another command; under the house passes both
    are paid now if the hand holds them, else on his next turn (PAL-HR-LONG-ACTION)."""
    action = "power_kick" if d.kick else "power_punch"
    label = "a power kick" if d.kick else "a power punch"
    _check_actor(state, d.actor, 2, label)
    _check_target(state, d.actor, d.target)
    p = fighter(state.combatants[d.actor]).profile
    if p.moves and action not in p.moves:
        raise IllegalAction(
            f"{p.name}'s hand-to-hand skill has no {label[2:]} (PAL-STRIKE-H2H-BONUS-TABLES)"
        )
    ip = InProgress(action=action, target=d.target, cost=2, kick=d.kick, defend=d.defend)
    return _begin(state, d.actor, ip, dice)


def decide_shoot(state: FightState, d: ShootDeclared, dice: Dice) -> Decision:
    """A shot: single 1 attack, aimed 2 (+2), called 2, aimed and called 3 (PAL-STRIKE-CALLED);
    a multi-attack shot is fired on its last attack (PAL-COST-MULTI-LANDING,
    PAL-HR-LONG-ACTION). The target number and location rules are in ``combat.shot``."""
    action, cost = SHOT_COSTS[(d.aimed, d.called is not None)]
    _check_actor(state, d.actor, cost, f"an {action}" if action[0] == "a" else f"a {action}")
    _check_target(state, d.actor, d.target)
    p = fighter(state.combatants[d.actor]).profile
    if d.weapon is None:
        weapon = next((w for w in p.weapons if w.kind == "ranged"), None)
        if weapon is None:
            raise UnknownName(f"{p.name} has no ranged weapon on his sheet to shoot with")
    else:
        weapon = combat.find_weapon(p, d.weapon)
    combat.check_shot(state, d.actor, weapon, aimed=d.aimed, called=d.called, range_ft=d.range)
    assert weapon is not None
    if d.defend == "parry" and not _parry_possible(state, d.range):
        raise IllegalAction(
            "a shot cannot be parried except at punching range under the house range bands "
            "(PAL-DEF-PARRY, PAL-HR-STRIKE-RANGE-BANDS); answer dodge or none"
        )
    ip = InProgress(
        action=action,
        target=d.target,
        cost=cost,
        weapon=weapon.name,
        aimed=d.aimed,
        called=d.called,
        range=d.range,
        defend=d.defend,
    )
    return _begin(state, d.actor, ip, dice)


def _parry_possible(state: FightState, range_ft: int | None) -> bool:
    """Whether a shot at ``range_ft`` may be parried: only at punching range, under the house
    range bands (PAL-HR-STRIKE-RANGE-BANDS)."""
    if not state.options.get("range_bands") or range_ft is None:
        return False
    return range_ft <= int(state.options.get("point_blank_feet", 5))


def psionic_cost(state: FightState, actor: str) -> int:
    """The next psionic activation's cost: 1 (PAL-PSI-ACTION), or one more than the last
    within the ``psi_cost_window`` (turn, pass or round) under the escalating house rule
    (PAL-HR-PSI-COST)."""
    if state.options.get("psi_cost") != "escalating":
        return 1
    clock = state.clock
    window = state.options.get("psi_cost_window", "round")
    now = (clock.round, clock.pass_, clock.turn)
    width = {"round": 1, "pass": 2, "turn": 3}[window]
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
        if d.cost is not None and state.options.get("psi_cost") == "escalating":
            raise UsageError(
                "under the escalating psionic cost the count fixes the cost; drop --cost "
                "(PAL-HR-PSI-COST)"
            )
        _known(state, d.actor)
        cost = d.cost if d.cost is not None else psionic_cost(state, d.actor)
    elif d.cost is None:
        raise UsageError("give the action's cost in attacks with --cost N")
    else:
        cost = d.cost
    if cost < 0:
        raise UsageError(f"--cost must be 0 or more, not {cost}")
    _check_actor(state, d.actor, cost, f"{d.note!r}")
    action = "psionic" if d.psionic else "act"
    ip = InProgress(action=action, target="", cost=cost, note=d.note)
    return _begin(state, d.actor, ip, dice)


def decide_defend(state: FightState, d: DefendDeclared, dice: Dice) -> Decision:
    """Answer the pending strike: parry, dodge, none, or a simultaneous attack."""
    _known(state, d.defender)
    p = state.pending
    if p is None or p.kind != "defense":
        raise IllegalAction("no strike is waiting for an answer")
    if p.reactor != d.defender:
        raise IllegalAction(
            f"the strike waiting is against {state.combatants[p.reactor].name} ({p.reactor}), "
            f"not {state.combatants[d.defender].name}"
        )
    detail = dict(p.detail)
    events: list[Event] = [ReactionResolved(reactor=d.defender)]
    events += answer(state, p.actor, d.defender, d.choice, detail, dice, d.weapon)
    actor = p.actor
    if state.clock.acting != actor:
        return Decision(events, advance="none")
    left = fighter(state.combatants[actor]).apm_left
    done = state.clock.resume or not passes_mode(state) or left <= 0
    return Decision(events, advance="next" if done else "none")
