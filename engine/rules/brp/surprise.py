"""Ambushes and both sides surprised: who notices, and the round that follows.

BRP-AMBUSH: each attacker rolls Stealth, each target his best of Listen, Sense and Spot
(skills not on the sheet are taken at their base [GK]: Stealth 10, Listen 25, Sense 10, Spot
25). A target beats the ambush when his roll succeeds and is at least as good as the best
attacker's (an opposed roll [GK]: the higher tier, and at the same tier the higher roll; the
same roll is the target's); against a melee ambush whose Stealth failed, his roll is Easy.
The attackers then have a free round: an unseen missile ambush cannot be defended against
("ambushed"); a melee ambush not noticed makes attacks Easy and defences Difficult ("caught
unaware"); a seen missile ambush still gives Easy attacks.

BRP-BOTH-SURPRISED: everyone rolls Spot (or Listen); those who notice roll Idea; those who make
both act in a first round of their own, in DEX order; the others are "surprised" for it
(reading: they may still defend).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.brp import tables
from engine.rules.brp.common import fighter, out_of_it, skill_of
from engine.rules.brp.resolution import easy, skill_roll
from engine.rules.brp.round import begin_round
from engine.rules.pack import Decision
from engine.turns import known, round_over
from events.brp import AmbushDeclared, SkillRolled, SurpriseDeclared
from events.core import ConditionChanged, Event, InitiativeDeclared
from projections.state import FightState


def decide_ambush(state: FightState, d: AmbushDeclared, dice: Dice) -> Decision:
    """See the module docstring (BRP-AMBUSH)."""
    round_over(state, None)
    if not d.attackers:
        raise UsageError("name the ambushers")
    for cid in d.attackers:
        known(state, cid)
        if out_of_it(state, cid):
            raise IllegalAction(f"{state.combatants[cid].name} is {out_of_it(state, cid)}")
    if len(set(d.attackers)) != len(d.attackers):
        raise UsageError("an ambusher is named twice")
    targets = [c for c in state.combatants if c not in d.attackers and not out_of_it(state, c)]
    if not targets:
        raise IllegalAction("there is nobody to ambush")
    events: list[Event] = []
    best = "fumble"
    best_roll = 0
    for cid in d.attackers:
        r = skill_roll(state, dice, "stealth", skill_of(state, cid, "stealth"), rule="BRP-AMBUSH")
        t = r.tier or "failure"
        events.append(
            SkillRolled(
                combatant=cid,
                skill="stealth",
                roll=r,
                success=tables.succeeded(t),
                rule="BRP-AMBUSH",
            )
        )
        if (tables.TIER_RANK[t], r.total) > (tables.TIER_RANK[best], best_roll):
            best, best_roll = t, r.total
    stealthy = tables.succeeded(best)
    for cid in targets:
        sense = max(("listen", "sense", "spot"), key=lambda s: skill_of(state, cid, s))
        grades = [] if d.missile or stealthy else [easy("the ambushers were heard", "BRP-AMBUSH")]
        r = skill_roll(state, dice, sense, skill_of(state, cid, sense), grades, rule="BRP-AMBUSH")
        t = r.tier or "failure"
        noticed = tables.succeeded(t) and (
            not stealthy or (tables.TIER_RANK[t], r.total) >= (tables.TIER_RANK[best], best_roll)
        )
        events.append(
            SkillRolled(combatant=cid, skill=sense, roll=r, success=noticed, rule="BRP-AMBUSH")
        )
        mark = None
        if d.missile and not d.seen and not noticed:
            mark = "ambushed"
        elif not d.missile and not noticed:
            mark = "caught unaware"
        if mark is not None:
            events.append(
                ConditionChanged(combatant=cid, condition=mark, present=True, rule="BRP-AMBUSH")
            )
    if d.missile:
        events += [
            ConditionChanged(combatant=cid, condition="ambushing", present=True, rule="BRP-AMBUSH")
            for cid in d.attackers
        ]
    began = begin_round(state, InitiativeDeclared(), dice, label="ambush", only=d.attackers)
    return Decision(events + began.events, advance="start")


def decide_surprise(state: FightState, d: SurpriseDeclared, dice: Dice) -> Decision:
    """See the module docstring (BRP-BOTH-SURPRISED)."""
    round_over(state, None)
    everyone = [c for c in state.combatants if not out_of_it(state, c)]
    if not everyone:
        raise IllegalAction("nobody is able to fight: add combatants with `fracas add SHEET`")
    events: list[Event] = []
    first: list[str] = []
    for cid in everyone:
        r = skill_roll(
            state, dice, d.sense, skill_of(state, cid, d.sense), rule="BRP-BOTH-SURPRISED"
        )
        ok = tables.succeeded(r.tier or "failure")
        events.append(
            SkillRolled(combatant=cid, skill=d.sense, roll=r, success=ok, rule="BRP-BOTH-SURPRISED")
        )
        if not ok:
            continue
        idea = skill_roll(
            state,
            dice,
            "idea",
            fighter(state, cid).profile.rolls["idea"],
            rule="BRP-BOTH-SURPRISED",
        )
        ok = tables.succeeded(idea.tier or "failure")
        events.append(
            SkillRolled(
                combatant=cid, skill="idea", roll=idea, success=ok, rule="BRP-BOTH-SURPRISED"
            )
        )
        if ok:
            first.append(cid)
    if not first:
        began = begin_round(state, InitiativeDeclared(), dice)
        return Decision(events + began.events, advance="start")
    events += [
        ConditionChanged(
            combatant=cid, condition="surprised", present=True, rule="BRP-BOTH-SURPRISED"
        )
        for cid in everyone
        if cid not in first
    ]
    began = begin_round(state, InitiativeDeclared(), dice, label="surprise", only=tuple(first))
    return Decision(events + began.events, advance="start")
