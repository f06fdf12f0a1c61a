"""Surprise (GURPS-SURPRISE-GRANT, GURPS-SURPRISE-TOTAL, GURPS-SURPRISE-CR,
GURPS-SURPRISE-PARTIAL-RECOVER).

The GM rules who is surprised (`fracas surprise total|partial --victims …`). A total surprise
freezes its victims for 1d seconds (one roll for them all): mentally stunned, they do nothing
and roll nothing; after that each rolls against his basic IQ at the start of each of his
turns, doing nothing that turn either way, free of the stun from its end on a success. Combat
Reflexes never freezes — a total surprise is a partial one for him — and adds +6 to every
recovery roll. A partial surprise stuns without a freeze, and its recovery rolls grow +1 with
each roll after the first. The partial surprise's initiative roll between the sides' leaders
(GURPS-INIT-PARTIAL) is the situational rules'; its loser's side is named here.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import UsageError
from engine.rules.gurps.common import fighter, has
from engine.rules.gurps.resolution import mod, succeeded, success_roll
from engine.rules.pack import Decision
from engine.turns import known
from events.core import Event, Modifier
from events.gurps import (
    ManeuverChosen,
    StunChanged,
    SuccessRolled,
    SurpriseApplied,
    SurpriseDeclared,
    SurpriseTurn,
)
from projections.state import FightState

#: Combat Reflexes' bonus to recovery rolls (GURPS-SURPRISE-CR).
CR_RECOVERY = 6


def decide_surprise(state: FightState, d: SurpriseDeclared, dice: Dice) -> Decision:
    """The GM's surprise: each victim's stun and freeze (see the module docstring)."""
    if not d.victims:
        raise UsageError("name who is surprised: --victims A [--victims B …]")
    if len(set(d.victims)) != len(d.victims):
        raise UsageError("a victim is named twice")
    for cid in d.victims:
        known(state, cid)
    freeze = None
    if d.kind == "total" and any(not has(state, c, "combat_reflexes") for c in d.victims):
        freeze = roll(dice, "freeze (seconds)", "1D6", rule="GURPS-SURPRISE-TOTAL")
    events: list[Event] = []
    for cid in d.victims:
        if has(state, cid, "combat_reflexes") and d.kind == "total":
            events.append(SurpriseApplied(combatant=cid, kind="partial", rule="GURPS-SURPRISE-CR"))
        elif d.kind == "total" and freeze is not None:
            first = not any(isinstance(e, SurpriseApplied) and e.freeze for e in events)
            events.append(
                SurpriseApplied(
                    combatant=cid,
                    kind="total",
                    frozen=freeze.total,
                    rule="GURPS-SURPRISE-TOTAL",
                    freeze=freeze if first else None,
                )
            )
        else:
            events.append(
                SurpriseApplied(
                    combatant=cid, kind="partial", rule="GURPS-SURPRISE-PARTIAL-RECOVER"
                )
            )
    return Decision(events)


def surprised_turn(state: FightState, cid: str, dice: Dice) -> list[Event]:
    """A surprised fighter's turn: frozen, or his IQ roll to recover; he does nothing."""
    f = fighter(state, cid)
    events: list[Event] = [ManeuverChosen(combatant=cid, maneuver="do-nothing")]
    if f.frozen > 0:
        return [*events, SurpriseTurn(combatant=cid, frozen_left=f.frozen - 1)]
    attempt = f.recovery_rolls + 1
    mods: list[Modifier] = []
    if has(state, cid, "combat_reflexes"):
        mods.append(mod("Combat Reflexes", CR_RECOVERY, "sheet", "GURPS-SURPRISE-CR"))
    if f.surprise == "partial" and attempt > 1:
        mods.append(
            mod(
                f"recovery roll {attempt}",
                attempt - 1,
                "situation",
                "GURPS-SURPRISE-PARTIAL-RECOVER",
            )
        )
    rule = "GURPS-SURPRISE-TOTAL" if f.surprise == "total" else "GURPS-SURPRISE-PARTIAL-RECOVER"
    r = success_roll(dice, "recover from surprise", f.profile.iq, mods, rule=rule)
    ok = succeeded(r)
    events += [
        SuccessRolled(combatant=cid, what="IQ (surprise)", roll=r, success=ok, rule=rule),
        SurpriseTurn(combatant=cid, attempt=attempt, recovered=ok),
    ]
    if ok:
        events.append(StunChanged(combatant=cid, stun="none", rule=rule))
    return events
