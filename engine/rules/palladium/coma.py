"""A coma's clock and its recovery, and bleeding (PAL-DMG-COMA-TIME, PAL-DMG-COMA-RECOVERY,
PAL-DMG-BLEED-WOUNDS, PAL-DMG-BLOODLOSS).

A fighter at 0 H.P. or below is in a coma; untreated it lasts P.E. hours, counted in melee
rounds of 15 seconds (240 an hour, PAL-ROUND-LENGTH) from the moment it starts, and then he
dies. Each hour the GM may call a recovery attempt (``recover B --care LEVEL``): three
percentile rolls at the care's chance; two successes bring him out of it at 1 H.P.

A cut or stab that reaches Hit Points (a melee weapon not marked ``blunt``) leaves him
``bleeding``: 1 H.P. a minute (1 M.D.C. for a Mega-Damage being), taken as every fourth melee
round of the fight begins, until the bleeding is tended (``ruling B --end-condition
bleeding``). Under the optional rule ``blood_loss`` a fighter who has lost half his H.P. or
more bleeds one more a minute, and a coma bleeds until tended.

Readings: a minute is the fight's rounds 4, 8, 12..., not counted from each wound; fracas keeps
no time outside the fight, so the GM calls each hourly attempt himself; a Mega-Damage being's
coma at 0 M.D.C. has no death clock (the rules give none).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.rolls import roll_under
from engine.rules import IllegalAction
from engine.rules.pack import Action, Decision
from engine.rules.palladium import handtohand
from engine.rules.palladium.options import opts
from engine.turns import known
from events.core import ConditionChanged, Event
from events.palladium import DamageApplied, Healed, RecoverDeclared, RecoveryRolled
from projections.palladium import fighter
from projections.state import FightState

ROUNDS_PER_HOUR = 240  # PAL-ROUND-LENGTH: a melee round is 15 seconds
ROUNDS_PER_MINUTE = 4
COMA_TIME = "PAL-DMG-COMA-TIME"
RECOVERY = "PAL-DMG-COMA-RECOVERY"
BLEED = "PAL-DMG-BLEED-WOUNDS"
BLOOD_LOSS = "PAL-DMG-BLOODLOSS"

#: The chance of each of the three rolls, by the care he gets (PAL-DMG-COMA-RECOVERY).
CARE_CHANCE = {
    "untrained": 18,
    "nurse": 32,
    "doctor": 46,
    "clinic": 56,
    "hospital": 66,
    "major-hospital": 70,
}
STABLE_HP = 1


def coma_rounds(pe: int) -> int:
    """How long an untreated coma lasts, in melee rounds (P.E. hours)."""
    return max(1, pe) * ROUNDS_PER_HOUR


def untreated(state: FightState, ended: Sequence[ConditionChanged]) -> list[ConditionChanged]:
    """A coma whose time ran out is death."""
    return [
        ConditionChanged(combatant=e.combatant, condition="dead", present=True, rule=COMA_TIME)
        for e in ended
        if e.condition == "coma" and not e.present and state.combatants[e.combatant].alive
    ]


def decide_recover(state: FightState, d: RecoverDeclared, dice: Dice) -> Decision:
    """An hour's recovery attempt: three percentile rolls at the care's chance; two
    successes stabilize him at 1 H.P. and end the coma. Reading: the attempt takes an hour,
    so a fighter brought out of it mid-round has no attacks left in that round."""
    known(state, d.combatant)
    c = state.combatants[d.combatant]
    if not c.alive:
        raise IllegalAction(f"{c.name} is dead; there is no recovering from it")
    if "coma" not in c.conditions:
        raise IllegalAction(f"{c.name} is not in a coma ({RECOVERY})")
    chance = CARE_CHANCE[d.care]
    rolls = tuple(
        roll_under(dice, f"recovery {n}", "1D100", chance, rule=RECOVERY) for n in (1, 2, 3)
    )
    wins = sum(1 for r in rolls if r.total <= chance)
    stable = wins >= 2
    events: list[Event] = [
        RecoveryRolled(
            combatant=d.combatant, care=d.care, chance=chance, rolls=rolls, stabilized=stable
        )
    ]
    if not stable:
        return Decision(events, advance="none")
    f = fighter(c)
    events += handtohand.capped(state, d.combatant, "coma")  # an hour on: no attacks this round
    if f.mdc is None and f.hp < STABLE_HP:
        events.append(
            Healed(target=d.combatant, pool="hp", amount=STABLE_HP - f.hp, before=f.hp,
                   after=STABLE_HP, rule=RECOVERY)
        )  # fmt: skip
    elif f.mdc is not None and f.mdc < STABLE_HP:
        events.append(
            Healed(target=d.combatant, pool="mdc", amount=STABLE_HP - f.mdc, before=f.mdc,
                   after=STABLE_HP, rule=RECOVERY)
        )  # fmt: skip
    events.append(
        ConditionChanged(combatant=d.combatant, condition="coma", present=False, rule=RECOVERY)
    )
    return Decision(events, advance="none")


def bleeds(state: FightState, target: str, hurt: Sequence[Event], blade: bool) -> list[Event]:
    """A cut or stab that reached Hit Points starts the bleeding (PAL-DMG-BLEED-WOUNDS); with
    the ``blood_loss`` option a coma does too (PAL-DMG-BLOODLOSS)."""
    c = state.combatants[target]
    if "bleeding" in c.conditions:
        return []
    reached = comatose = dead = False
    for e in hurt:  # one pass: a ply's damage asks this of every blow
        if isinstance(e, DamageApplied):
            reached = reached or e.pool == "hp"
        elif isinstance(e, ConditionChanged):
            comatose = comatose or (e.condition == "coma" and e.present)
            dead = dead or e.condition == "dead"
    if dead or not ((blade and reached) or (comatose and opts(state).blood_loss)):
        return []
    rule = BLEED if blade and reached else BLOOD_LOSS
    return [ConditionChanged(combatant=target, condition="bleeding", present=True, rule=rule)]


def minute(state: FightState, new_round: int) -> list[tuple[str, int, str]]:
    """Every fourth round: (fighter, points, rule) for each bleeding fighter, who loses a
    point, two under the ``blood_loss`` option once half his H.P. or more are gone."""
    if new_round % ROUNDS_PER_MINUTE:
        return []
    out = []
    for cid, c in state.combatants.items():
        if "bleeding" not in c.conditions or not c.alive:
            continue
        f = fighter(c)
        points, rule = 1, BLEED
        if opts(state).blood_loss and f.mdc is None and f.hp * 2 <= f.profile.hp:
            points, rule = 2, BLOOD_LOSS
        out.append((cid, points, rule))
    return out


ACTIONS: tuple[Action, ...] = (
    Action(
        verb="recover",
        declaration=RecoverDeclared,
        decide=decide_recover,
        help="An hour's attempt to bring a fighter out of a coma: three percentile rolls at the "
        "chance his care gives (untrained 18 % to a major hospital 70 %); two successes "
        "stabilize him at 1 H.P.",
        example="fracas recover rook --care doctor --dice 12,80,40",
        arguments=("combatant",),
        options={
            "combatant": "Who is in a coma (combatant id).",
            "care": "untrained, nurse, doctor, clinic, hospital or major-hospital.",
        },
        while_pending=True,
        phase=None,
    ),
)
