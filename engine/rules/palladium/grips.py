"""Holds and entanglements: taking and keeping them, escaping and pulling free, letting go
(PAL-COND-HELD, PAL-DEF-ENTANGLE, PAL-COND-ENTANGLED).

A hold is a strike made for it (``grapple A B --hold arm|leg|body|neck``): if it gets through,
the victim is held and the holder holding, conditions that keep both from attacking, parrying
and dodging (``conditions.py``), so a third party strikes the victim unopposed. The victim's
turn is for escaping: 1D20 + his P.P. score against the holder's 1D20 + P.P. score + hold
bonuses, high roll wins (a tie: option ``hold_escape_ties``). An entanglement is a defence
(``defend B entangle``): the attacker's arm or weapon is pinned until he pulls free, a dodge
roll against the entangle roll (``free``); it is kept each round for one attack and a new
entangle roll, which becomes the number to dodge against.

Readings (each ❓ of the catalogue): an escape attempt and pulling free cost one attack, once a
turn; letting go costs nothing; a hold or entanglement ends when either side is dead or out of
action, seen at the next turn that begins; a fighter holds or entangles one other at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction
from engine.rules.palladium import apm, conditions
from engine.rules.palladium.options import opts
from engine.rules.palladium.penalties import condition_modifiers
from events.core import ConditionChanged, Event, Modifier
from events.palladium import (
    ContestRolled,
    Entangled,
    EntangleEnded,
    HoldReleased,
    HoldTaken,
    StrikeDetail,
    WeaponPickedUp,
)
from projections.palladium import InProgress, fighter
from projections.state import FightState

HELD = "PAL-COND-HELD"
ENTANGLE = "PAL-DEF-ENTANGLE"
ENTANGLED = "PAL-COND-ENTANGLED"


def _score(name: str, value: int) -> Modifier:
    return Modifier(name=f"P.P. {value} ({name})", value=value, source="sheet", rule=HELD)


def take_hold(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """A grapple that got through: the target is held (PAL-COND-HELD)."""
    return [
        HoldTaken(holder=attacker, victim=target, hold=detail.at or "body"),
        ConditionChanged(combatant=target, condition="held", present=True, rule=HELD),
        ConditionChanged(combatant=attacker, condition="holding", present=True, rule=HELD),
    ]


def check_grapple(state: FightState, actor: str, target: str) -> None:
    """Only a style that grants holds may hold; one hold at a time, on someone not held."""
    p = fighter(state.combatants[actor]).profile
    if "holds" not in p.moves:
        raise IllegalAction(
            f"{p.name}'s hand-to-hand skill does not grant holds ({HELD}: Martial Arts from "
            "level 7, Assassin and Commando from level 14)"
        )
    held_by = fighter(state.combatants[target]).held_by
    if held_by is not None and held_by[0] != actor:
        holder = state.combatants[held_by[0]].name
        raise IllegalAction(f"{state.combatants[target].name} is already held by {holder}")


def let_go(state: FightState, holder: str, reason: str, rule: str = HELD) -> list[Event]:
    """The hold of ``holder`` ends."""
    grip = fighter(state.combatants[holder]).holding
    if grip is None:
        return []
    victim = grip[0]
    return [
        HoldReleased(holder=holder, victim=victim, reason=reason, rule=rule),
        ConditionChanged(combatant=victim, condition="held", present=False, rule=rule),
        ConditionChanged(combatant=holder, condition="holding", present=False, rule=rule),
    ]


def escape_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """The held fighter's try to break the hold: 1D20 + P.P. score + escape bonuses against the
    holder's 1D20 + P.P. score + hold bonuses; he must roll higher (or tie, under the option)."""
    f = fighter(state.combatants[actor])
    assert f.held_by is not None
    holder = f.held_by[0]
    hp = fighter(state.combatants[holder]).profile
    own = [_score(f.profile.name, f.profile.pp), *f.profile.escape]
    mine = roll(dice, "escape", "1D20", own, rule=HELD)
    keep = [_score(hp.name, hp.pp), *hp.hold]
    theirs = roll(dice, "keep the hold", "1D20", keep, rule=HELD)
    tie_breaks = opts(state).hold_escape_ties == "victim"
    won = mine.total > theirs.total or (mine.total == theirs.total and tie_breaks)
    reason = f"{mine.total} vs {theirs.total}"
    if mine.total == theirs.total:
        reason += f"; a tie {'breaks' if won else 'keeps'} the hold (option hold_escape_ties)"
    events: list[Event] = [
        ContestRolled(
            kind="escape",
            actor=actor,
            against=holder,
            roll=mine,
            opposed=theirs,
            success=won,
            reason=reason,
        )
    ]
    if won:
        events += let_go(state, holder, f"{f.profile.name} broke free")
    return events


def release_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """The holder lets go of his hold, or the entangler of the arm he pins."""
    f = fighter(state.combatants[actor])
    if f.holding is not None:
        return let_go(state, actor, f"{f.profile.name} let go")
    return untangle(state, actor, f"{f.profile.name} let go")


def entangle(state: FightState, defender: str, attacker: str, total: int) -> list[Event]:
    """A successful entangle: the attacker's arm or weapon is pinned (PAL-DEF-ENTANGLE)."""
    return [
        Entangled(entangler=defender, victim=attacker, total=total),
        ConditionChanged(combatant=attacker, condition="entangled", present=True, rule=ENTANGLE),
    ]


def untangle(state: FightState, entangler: str, reason: str, rule: str = ENTANGLED) -> list[Event]:
    """The entanglement ``entangler`` keeps ends."""
    victim = fighter(state.combatants[entangler]).entangling
    if victim is None:
        return []
    return [
        EntangleEnded(entangler=entangler, victim=victim, reason=reason, rule=rule),
        ConditionChanged(combatant=victim, condition="entangled", present=False, rule=rule),
    ]


def free_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """The entangled fighter pulls free: a dodge roll against the entangle roll; a dodge wins
    ties (PAL-DEF-ENTANGLE, PAL-STRIKE-TIES)."""
    f = fighter(state.combatants[actor])
    assert f.entangled_by is not None
    entangler, total = f.entangled_by
    mods = condition_modifiers(state.combatants[actor], list(f.profile.dodge))
    mine = roll(dice, "pull free", "1D20", mods, target=total, rule=ENTANGLE)
    won = mine.total >= total
    reason = f"dodge {mine.total} vs entangle {total}; the dodge wins ties (PAL-STRIKE-TIES)"
    events: list[Event] = [
        ContestRolled(
            kind="free", actor=actor, against=entangler, roll=mine, success=won, reason=reason
        )
    ]
    if won:
        events += untangle(state, entangler, f"{f.profile.name} pulled free", ENTANGLE)
    return events


def upkeep(state: FightState, cid: str, dice: Dice) -> list[Event]:
    """The entangler's first turn of a new round: he keeps his entanglement for one attack
    and a new entangle roll, whose total the victim now dodges against; with no attack to
    give he lets go (PAL-COND-ENTANGLED)."""
    f = fighter(state.combatants[cid])
    if f.entangling is None or f.entangle_round >= state.clock.round:
        return []
    hand = f.apm_left + sum(f.passes)
    if hand < 1:
        return untangle(state, cid, f"{f.profile.name} has no attack to keep it")
    r = roll(dice, "keep the entanglement", "1D20", f.profile.entangle, rule=ENTANGLED)
    spent = apm.spend_off_turn(state, cid, 1, "keep the entanglement", ENTANGLED, "other")
    return [spent, Entangled(entangler=cid, victim=f.entangling, total=r.total, roll=r)]


def lapsed(state: FightState) -> list[Event]:
    """Holds and entanglements whose holder or victim is dead or out of action end."""
    events: list[Event] = []
    for cid, c in state.combatants.items():
        f = fighter(c)
        if not f.holding and f.entangling is None:  # the usual case, asked every turn
            continue
        for other, end in (
            (f.holding[0] if f.holding else None, let_go),
            (f.entangling, untangle),
        ):
            if other is None:
                continue
            down = [
                x
                for x in (cid, other)
                if not state.combatants[x].alive
                or conditions.out_of_action(state.combatants[x]) is not None
            ]
            if down:
                events += end(state, cid, f"{state.combatants[down[0]].name} is down")
    return events


#: Conditions the rules give with who holds, pins or disarms whom: a ruling may end them, not
#: give them (``grapple``, ``defend B entangle``, ``disarm`` do, with the other side).
GIVEN_BY = {
    "held": "`fracas grapple`",
    "holding": "`fracas grapple`",
    "entangled": "`fracas defend B entangle`",
    "disarmed": "`fracas disarm`",
}


def ruled(
    state: FightState, cid: str, condition: str | None, ending: str | None, rule: str
) -> list[Event]:
    """A GM ruling on a grip: giving one is refused (it needs the other side); ending one
    ends it on both sides, all but the ruled condition itself (the core ends that)."""
    if condition in GIVEN_BY:
        raise IllegalAction(
            f"--condition {condition} comes with the one who holds, pins or disarms: use "
            f"{GIVEN_BY[condition]}"
        )
    end = ENDINGS.get(ending or "")
    events = end(state, cid, rule) if end is not None else []
    return [
        e
        for e in events
        if not (isinstance(e, ConditionChanged) and (e.combatant, e.condition) == (cid, ending))
    ]


def _end_held(state: FightState, cid: str, rule: str) -> list[Event]:
    grip = fighter(state.combatants[cid]).held_by
    return let_go(state, grip[0], RULED, rule) if grip is not None else []


def _end_holding(state: FightState, cid: str, rule: str) -> list[Event]:
    return let_go(state, cid, RULED, rule)


def _end_entangled(state: FightState, cid: str, rule: str) -> list[Event]:
    pin = fighter(state.combatants[cid]).entangled_by
    return untangle(state, pin[0], RULED, rule) if pin is not None else []


def _end_disarmed(state: FightState, cid: str, rule: str) -> list[Event]:
    return [WeaponPickedUp(actor=cid, weapon=w) for w in fighter(state.combatants[cid]).dropped]


RULED = "the GM ends it"
#: What a ruling's ``--end-condition`` ends besides the condition itself.
ENDINGS = {
    "held": _end_held,
    "holding": _end_holding,
    "entangled": _end_entangled,
    "disarmed": _end_disarmed,
}
