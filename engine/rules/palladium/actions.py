"""The Palladium pack's decisions: ``decide_<action>`` functions returning events.

Each refuses what the rules forbid with IllegalAction (exit 1) and unknown names with
UnknownName (exit 2), before any event is produced, so nothing is written.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rolls import fixed, roll
from engine.rules import Decision, IllegalAction, UnknownName
from engine.rules.palladium import combat, damage
from events.core import (
    CombatantJoined,
    Event,
    JoinDeclared,
    ReactionResolved,
    RoundStarted,
)
from events.palladium import (
    ActionAbandoned,
    ActionStarted,
    ApmSpent,
    AttacksRefreshed,
    DefendDeclared,
    FighterReadied,
    InitiativeDeclared,
    InitiativeRolled,
    PowerPunchDeclared,
    StrikeDeclared,
)
from projections.palladium import fighter
from projections.state import FightState


def can_act(state: FightState, cid: str) -> bool:
    """Alive, conscious, and with attacks left this round (PAL-ROUND-EXTRA-APM, -END).

    With the core clock this gives the PAL-ROUND-SEQUENCE reading for 3+ fighters (catalogue
    ❓): a cycle in initiative order, one attack (or one step of a multi-attack action) each,
    skipping whoever cannot act, until nobody can. A fighter with nobody left alive to act
    against has nothing to spend his attacks on, so the round ends (PAL-ROUND-END).
    """
    c = state.combatants.get(cid)
    if c is None or not c.alive or "coma" in c.conditions:
        return False
    if not any(o.alive for oid, o in state.combatants.items() if oid != cid):
        return False
    return fighter(c).apm_left > 0


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


def _check_actor(state: FightState, actor: str, cost: int, what: str) -> None:
    """The checks every attacking action makes (PAL-ROUND-SEQUENCE)."""
    _known(state, actor)
    _check_no_pending(state)
    c = state.combatants[actor]
    if not c.alive:
        raise IllegalAction(f"{c.name} is dead")
    if "coma" in c.conditions:
        raise IllegalAction(f"{c.name} is in a coma")
    clock = state.clock
    if clock.round == 0:
        raise IllegalAction("no melee round is running: roll `fracas initiative` first")
    if actor not in clock.order:
        raise IllegalAction(f"{c.name} joined after initiative and acts from the next round")
    if clock.acting is None:
        raise IllegalAction(
            f"every attack of round {clock.round} is spent: roll `fracas initiative` "
            "for the next round (PAL-ROUND-END)"
        )
    if clock.acting != actor:
        raise IllegalAction(
            f"it is {state.combatants[clock.acting].name}'s turn ({clock.acting}), "
            f"not {c.name}'s (PAL-ROUND-SEQUENCE)"
        )
    left = fighter(c).apm_left
    if left < cost:
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


def decide_initiative(state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
    """Start a melee round: refresh attacks, roll initiative, order best first.

    1D20 + initiative bonuses, ties re-rolled among the tied (PAL-INIT-ROLL); NPCs take 10 +
    bonuses under the ``npc_fixed_initiative`` option (PAL-HR-INIT-NPC-FIXED). Attacks owed
    for dodges made with none left are taken off the new round (PAL-ROUND-OUT-OF-ATTACKS).

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
            f"round {clock.round} is still running: it is {who}'s turn; every attack must be "
            "spent before the next round (PAL-ROUND-END)"
        )
    fighters = [
        cid for cid, c in state.combatants.items() if c.alive and "coma" not in c.conditions
    ]
    if not fighters:
        raise IllegalAction("nobody is able to fight: add combatants with `fracas add SHEET`")
    events: list[Event] = []
    for cid, c in state.combatants.items():
        f = fighter(c)
        if f.in_progress is not None:
            events.append(
                ActionAbandoned(
                    actor=cid,
                    action=f.in_progress.action,
                    reason="the round ended before it landed",
                )
            )
        if c.alive:
            repaid = min(f.owed, f.apm_total)
            events.append(
                AttacksRefreshed(
                    combatant=cid, apm=f.apm_total - repaid, repaid=repaid, owed=f.owed - repaid
                )
            )
    keys: dict[str, list[int]] = {}
    for cid in fighters:
        c = state.combatants[cid]
        mods = fighter(c).profile.initiative
        if c.kind == "npc" and state.options.get("npc_fixed_initiative"):
            r = fixed("initiative", 10, mods, rule="PAL-HR-INIT-NPC-FIXED")
        else:
            r = roll(dice, "initiative", "1D20", mods, rule="PAL-INIT-ROLL")
        events.append(InitiativeRolled(combatant=cid, roll=r))
        keys[cid] = [r.total]
    attempt = 1
    while True:
        groups: dict[tuple[int, ...], list[str]] = {}
        for cid in fighters:
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
    order = tuple(sorted(fighters, key=lambda cid: keys[cid], reverse=True))
    events.append(RoundStarted(round=clock.round + 1, order=order))
    return Decision(events, advance="start")


def _strike_events(
    state: FightState,
    actor: str,
    target: str,
    action: str,
    weapon_name: str | None,
    defend: str | None,
    dice: Dice,
) -> list[Event]:
    """Roll the strike and, if it would hit, the defence (now or pending) and damage."""
    weapon = combat.find_weapon(fighter(state.combatants[actor]).profile, weapon_name)
    ranged = weapon is not None and weapon.kind == "ranged"
    s = combat.strike(state, actor, target, action, weapon, dice)
    events: list[Event] = [s]
    if not s.hits:
        return events
    detail = combat.strike_detail(s, ranged)
    if defend is None and combat.helpless(state, target) is None:
        events.append(combat.request_defence(s, ranged))
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
    hurt (PAL-DEF-SIMULTANEOUS). Reading of its ❓ cost: it uses one of the responder's
    attacks, and needs one left. Dice: the responder's strike, then the first blow's damage,
    then the responder's damage if he hits."""
    c = state.combatants[target]
    why = combat.helpless(state, target)
    if why:
        raise IllegalAction(f"{c.name} {why}")
    f = fighter(c)
    if f.apm_left < 1:
        raise IllegalAction(
            f"{c.name} has no attacks left to strike back with (PAL-DEF-SIMULTANEOUS)"
        )
    if weapon_name is None:
        weapon = next((w for w in f.profile.weapons if w.kind == "melee"), None)
    else:
        weapon = combat.find_weapon(f.profile, weapon_name)
    events: list[Event] = [
        ApmSpent(combatant=target, amount=1, on="simultaneous attack", rule="PAL-DEF-SIMULTANEOUS")
    ]
    back = combat.strike(state, target, actor, "strike", weapon, dice)
    events.append(back)
    events += damage.damage(state, actor, target, detail, dice)
    if back.hits:
        ranged = weapon is not None and weapon.kind == "ranged"
        events += damage.damage(state, target, actor, combat.strike_detail(back, ranged), dice)
    return events


def decide_strike(state: FightState, d: StrikeDeclared, dice: Dice) -> Decision:
    """One strike: one attack (PAL-STRIKE-ROLL), then defence and damage."""
    _check_actor(state, d.actor, 1, "a strike")
    _check_target(state, d.actor, d.target)
    combat.find_weapon(fighter(state.combatants[d.actor]).profile, d.weapon)
    events: list[Event] = [
        ApmSpent(combatant=d.actor, amount=1, on="strike", rule="PAL-STRIKE-ROLL")
    ]
    events += _strike_events(state, d.actor, d.target, "strike", d.weapon, d.defend, dice)
    return Decision(events, advance="next")


def decide_power_punch(state: FightState, d: PowerPunchDeclared, dice: Dice) -> Decision:
    """A power punch or kick: two attacks, lands on the second (PAL-DMG-POWER,
    PAL-COST-MULTI-LANDING). The first attack is spent now; the blow lands when the actor's
    turn comes round again, without another command."""
    action = "power_kick" if d.kick else "power_punch"
    label = "a power kick" if d.kick else "a power punch"
    _check_actor(state, d.actor, 2, label)
    _check_target(state, d.actor, d.target)
    p = fighter(state.combatants[d.actor]).profile
    if p.moves and action not in p.moves:
        raise IllegalAction(
            f"{p.name}'s hand-to-hand skill has no {label[2:]} (PAL-STRIKE-H2H-BONUS-TABLES)"
        )
    events: list[Event] = [
        ActionStarted(
            actor=d.actor, action=action, target=d.target, cost=2, kick=d.kick, defend=d.defend
        ),
        ApmSpent(combatant=d.actor, amount=1, on=action, rule="PAL-COST-MULTI-LANDING"),
    ]
    return Decision(events, advance="next")


def on_turn(state: FightState, cid: str, dice: Dice) -> Decision:
    """When the turn reaches ``cid`` with an action in progress, pay its next attack; on the
    last one it lands (PAL-COST-MULTI-LANDING)."""
    f = fighter(state.combatants[cid])
    ip = f.in_progress
    if ip is None:
        return Decision([])
    target = state.combatants.get(ip.target)
    if target is None or not target.alive:
        return Decision([ActionAbandoned(actor=cid, action=ip.action, reason="the target is dead")])
    events: list[Event] = [
        ApmSpent(combatant=cid, amount=1, on=ip.action, rule="PAL-COST-MULTI-LANDING")
    ]
    if ip.paid + 1 < ip.cost:
        return Decision(events, advance="next")
    events += _strike_events(state, cid, ip.target, ip.action, None, ip.defend, dice)
    return Decision(events, advance="next")


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
    return Decision(events, advance="next")
