"""The melee round: who takes a turn, beginning a round (initiative), and complete surprise.

The core clock cycles the order (RAW) or sweeps it once a pass (house); this module says who
may take a turn in it and what a new round refreshes and rolls.
"""

from __future__ import annotations

from typing import cast

from engine.dice import Dice
from engine.rolls import fixed, roll
from engine.rules import IllegalAction, UsageError
from engine.rules.pack import Decision
from engine.rules.palladium import coma, conditions, damage, grenades, horror
from engine.rules.palladium.apm import PASSES, passes_mode, refresh
from engine.rules.palladium.options import opts
from engine.turns import expiring, known, round_over
from events.core import ConditionChanged, Event, InitiativeDeclared, RoundStarted
from events.palladium import (
    ActionAbandoned,
    DamageApplied,
    InitiativeRolled,
    MeleeRoundDeclared,
    SurpriseDeclared,
)
from projections.core import on_condition_changed
from projections.fold import Reducer, fold
from projections.palladium import Fighter, fighter, on_pool_set
from projections.state import FightState

SNEAK = "PAL-INIT-AUTO-SNEAK"
#: Conditions that last one round: this round's ambushers, unseen shooters and surprised.
ROUND_MARKS = ("ambushing", "unseen", "surprised", "horrified")
#: Why a timed condition ends: its rounds, counted from the moment it began, are over.
DURATION = "its rounds are over"


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
    combatants = state.combatants
    c = combatants.get(cid)
    if c is None or not c.alive or conditions.out_of_action(c) is not None:
        return False
    for oid, o in combatants.items():  # someone else alive to act against
        if oid != cid and o.alive:
            break
    else:
        return False
    f: Fighter = c.data  # fighter(c), asked for every turn the clock looks at
    clock = state.clock
    if clock.passes:
        return f.pool_pass != clock.pass_
    return f.apm_left > 0


def check_ids(state: FightState, ids: tuple[str, ...], what: str) -> None:
    """Every id names a living combatant, once."""
    for cid in ids:
        known(state, cid)
        if not state.combatants[cid].alive:
            raise IllegalAction(f"{state.combatants[cid].name} is dead and cannot be {what}")
    if len(set(ids)) != len(ids):
        raise UsageError(f"a combatant is named twice among the {what}")


def _round_end_events(state: FightState, ended: int) -> list[ConditionChanged]:
    """Conditions that end with round ``ended``: those whose last round it is, and its
    ambush, unseen and surprised marks (PAL-INIT-AUTO-SNEAK, PAL-INIT-AUTO-RANGED,
    PAL-HR-SURPRISE)."""
    return expiring(state, ended, ROUND_MARKS, DURATION)


def round_end(state: FightState, dice: Dice) -> list[Event]:
    """As the round's last turn ends: its thrown grenades go off (PAL-HR-GRENADE-DELAY),
    then the conditions whose last round it was end (so the next round counts its order and
    attacks without them), and a coma whose time ran out ends in death."""
    events = grenades.round_end(state, dice)
    after = fold(state, events, _BEFORE_THE_ROUND)
    ended = _round_end_events(after, state.clock.round)
    return [*events, *ended, *coma.untreated(after, ended)]


def _fighters(state: FightState) -> list[str]:
    """Who rolls initiative and takes turns: the living not kept out by a condition
    (unconscious, stunned, in a coma: engine/rules/palladium/conditions.py)."""
    return [
        cid
        for cid, c in state.combatants.items()
        if c.alive and conditions.out_of_action(c) is None
    ]


#: What a new round folds before it counts who fights: conditions ended, a minute's bleeding.
_BEFORE_THE_ROUND: dict[type[Event], Reducer] = {
    ConditionChanged: cast(Reducer, on_condition_changed),
    DamageApplied: cast(Reducer, on_pool_set),
}


def begin_round(state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
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
    breaks the tie (the first totals still order everyone else); a fixed NPC initiative in a
    tie follows the option ``fixed_initiative_ties`` (:func:`_break_tie`; PAL-HR-INIT-ROLL ❓).
    Dice: the Horror Factor saves (:mod:`horror`), then one d20 per fighter in join order
    (none for a fixed NPC), then the re-rolls in join order. A failed save is no initiative
    roll, an attack lost and the creature's first attack undefendable (PAL-COND-HORROR).
    """
    m = d if isinstance(d, MeleeRoundDeclared) else MeleeRoundDeclared()
    options = opts(state)
    if m.long_range and options.ranged_auto_initiative != "any_long_range":
        raise IllegalAction(
            "a seen long-range attacker has no automatic initiative under the reading "
            "ranged_auto_initiative=unseen_only (PAL-INIT-AUTO-RANGED); use --unseen, or start "
            "the encounter with --option ranged_auto_initiative=any_long_range"
        )
    auto = (*m.ambush, *m.unseen, *m.long_range)
    check_ids(state, auto, "automatic initiative")
    new_round = state.clock.round + 1
    # what the last round's end left (a log written before conditions ended with their round)
    ended = _round_end_events(state, state.clock.round)
    events: list[Event] = [*ended, *coma.untreated(state, ended)]
    # who fights this round, and with how many attacks, once these are over
    state = fold(state, events, _BEFORE_THE_ROUND)
    for cid, points, rule in coma.minute(state, new_round):  # a minute's bleeding
        bled = damage.bleed(state, cid, points, rule)
        events += bled
        state = fold(state, bled, _BEFORE_THE_ROUND)
    fighters = _fighters(state)
    if not fighters:
        raise IllegalAction("nobody is able to fight: add combatants with `fracas add SHEET`")
    passes = passes_mode(state)
    horrors, frozen = horror.saves(state, fighters, dice)  # before any initiative die
    penalties: dict[str, list[Event]] = {}
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
            refreshed = refresh(state, cid)
            events.append(refreshed)
            if cid in frozen:
                penalties[cid] = horror.penalties(state, cid, refreshed)
    for cid in fighters:  # each fighter's saves, then what his failing one costs him
        events += [h for h in horrors if h.combatant == cid]
        events += penalties.get(cid, [])
    keys: dict[str, list[int]] = {}
    fixed_ids: set[str] = set()
    zero: list[str] = []
    for cid in fighters:
        c = state.combatants[cid]
        f = fighter(c)
        mods = f.profile.initiative
        if cid in auto:
            continue
        if cid in frozen:
            events.append(horror.no_initiative(cid))
            zero.append(cid)
            continue
        lost = f.lost_init == "next_round"
        if lost:
            r = fixed("initiative", 0, (), rule="PAL-HR-LOSE-INIT")
            zero.append(cid)
        elif c.kind == "npc" and options.npc_fixed_initiative:
            r = fixed("initiative", 10, mods, rule="PAL-HR-INIT-NPC-FIXED")
            keys[cid] = [r.total]
            fixed_ids.add(cid)
        else:
            r = roll(dice, "initiative", "1D20", mods, rule="PAL-INIT-ROLL")
            keys[cid] = [r.total]
        events.append(InitiativeRolled(combatant=cid, roll=r, lost=lost))
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
            events += _break_tie(state, group, fixed_ids, keys, attempt, dice)
    rolled = sorted(keys, key=lambda cid: keys[cid], reverse=True)
    order = tuple([*auto, *rolled, *zero])
    for cid in m.ambush:
        events.append(
            ConditionChanged(combatant=cid, condition="ambushing", present=True, rule=SNEAK)
        )
    for cid in m.unseen:
        events.append(
            ConditionChanged(
                combatant=cid, condition="unseen", present=True, rule="PAL-INIT-AUTO-RANGED"
            )
        )
    if m.ambush:
        for cid in fighters:
            if cid not in m.ambush:
                events.append(
                    ConditionChanged(combatant=cid, condition="surprised", present=True, rule=SNEAK)
                )
    events.append(RoundStarted(round=new_round, order=order, passes=PASSES if passes else 0))
    return Decision(events, advance="start")


def _break_tie(
    state: FightState,
    group: list[str],
    fixed_ids: set[str],
    keys: dict[str, list[int]],
    attempt: int,
    dice: Dice,
) -> list[Event]:
    """One tie re-roll of a tied ``group`` (PAL-INIT-ROLL), each result appended to the
    fighter's sort key. A fixed initiative (PAL-HR-INIT-NPC-FIXED) in the group follows the
    option ``fixed_initiative_ties``: "reroll" rolls it too, only to break the tie, and says
    so; "rollers_first" / "fixed_first" never roll it and put it after / before those who
    rolled, fixed ones among themselves in join order."""
    option = opts(state).fixed_initiative_ties
    rollers = [c for c in group if c not in fixed_ids or option == "reroll"]
    events: list[Event] = []
    for cid in group:
        if cid in rollers:
            if len(rollers) < 2:
                keys[cid].append(0)  # alone against fixed ones: nothing to roll against
                continue
            mods = fighter(state.combatants[cid]).profile.initiative
            r = roll(dice, "initiative", "1D20", mods, rule="PAL-INIT-ROLL")
            events.append(
                InitiativeRolled(combatant=cid, roll=r, attempt=attempt, fixed=cid in fixed_ids)
            )
            keys[cid].append(r.total)
        else:
            place = _FIXED_PLACE[option] - list(state.combatants).index(cid)
            keys[cid].append(place)
    return events


#: Where "rollers_first" / "fixed_first" put a fixed initiative in a tie: below or above any
#: re-roll (less the join position, so that fixed ones keep join order among themselves).
_FIXED_PLACE = {"rollers_first": -1_000, "fixed_first": 1_000}  # "reroll" rolls them


def decide_surprise(state: FightState, d: SurpriseDeclared, dice: Dice) -> Decision:
    """Complete surprise, as the ``surprise`` option reads it.

    ``free_pass`` (PAL-HR-SURPRISE): before the first round, the attackers get a free round
    of a single pass, in the order named, no initiative rolled, each with his first pass's
    share of attacks; the others cannot take turns in it, and only those named ``aware`` may
    defend (unless ``surprised_may_defend``). ``ambush_initiative`` (RAW): the next round's
    initiative with the attackers first and their first attacks undefendable against the
    surprised (PAL-INIT-AUTO-SNEAK, PAL-DEF-SNEAK).
    """
    if not d.attackers:
        raise UsageError("name at least one attacker")
    check_ids(state, d.attackers, "attackers")
    check_ids(state, d.aware, "aware")
    both = set(d.attackers) & set(d.aware)
    if both:
        raise UsageError(f"{sorted(both)[0]!r} cannot both surprise and be surprised")
    if opts(state).surprise != "free_pass":
        round_over(state, "PAL-ROUND-END")
        decision = begin_round(state, MeleeRoundDeclared(ambush=d.attackers), dice)
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
    for cid in _fighters(state):
        if cid not in d.attackers and cid not in d.aware:
            events.append(
                ConditionChanged(
                    combatant=cid, condition="surprised", present=True, rule="PAL-HR-SURPRISE"
                )
            )
    events.append(RoundStarted(round=1, order=d.attackers, passes=1, label="surprise"))
    return Decision(events, advance="start")
