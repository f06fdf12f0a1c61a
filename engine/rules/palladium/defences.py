"""The answers to a strike beyond parry, dodge and none, as a table: roll with the impact,
entangle, disarm, back flip, and parry-and-strike with paired weapons (``defend B CHOICE``).

Each row takes the pending strike and returns the events of the answer and of whatever
gets through. Refusals (IllegalAction) come before any die is rolled. A defender who cannot
defend at all (held, unconscious) is declined before any row is asked (``strikes.answer``).

Readings: an entangle, a disarm and a back flip answer like a parry or dodge: a natural-20
strike is stopped only by a natural 20 (PAL-STRIKE-NAT20). A disarm that does not work leaves
the blow to land (PAL-DEF-DISARM ❓; option ``defensive_disarm``). The paired-weapons answer
parries with one weapon (the one named, else the first melee weapon in hand) and strikes back
with the other for one attack in hand, a blow the striker may not defend, as in a
simultaneous attack (PAL-DEF-PAIRED, PAL-DEF-SIMULTANEOUS).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engine.dice import Dice
from engine.rolls import roll, skipped
from engine.rules import IllegalAction
from engine.rules.palladium import apm, blows, combat, damage, grips
from engine.rules.palladium.options import opts
from engine.rules.palladium.penalties import condition_modifiers
from engine.rules.palladium.purposes import ANSWERABLE, OUT_OF_REACH
from events.core import ConditionChanged, Event, Modifier, Roll
from events.palladium import (
    DefenseRolled,
    StrikeDetail,
    WeaponDropped,
)
from projections.palladium import fighter
from projections.state import FightState

Answer = Callable[[FightState, str, str, StrikeDetail, Dice, str | None], list[Event]]

ROLL = "PAL-DEF-ROLL-IMPACT"
HOUSE_ROLL = "PAL-HR-DEF-ROLL"


def _stops(detail: StrikeDetail, r: Roll, tie_wins: bool) -> tuple[bool, str]:
    """Whether a defence roll stops the strike, and why."""
    if detail.natural == 20:
        return r.faces[0] == 20, "a natural 20 strike is stopped only by a natural 20"
    ok = r.total > detail.total or (tie_wins and r.total == detail.total)
    if r.total != detail.total:
        return ok, f"{r.total} vs strike {detail.total}"
    return ok, f"{r.total} ties the strike: it {'wins' if tie_wins else 'loses'}"


def _cost(state: FightState, cid: str, what: str, rule: str) -> list[Event]:
    return [apm.spend_off_turn(state, cid, 1, what, rule, "defence")]


def check_answer(purpose: str, choice: str | None, far: bool = False) -> None:
    """Refuse an answer the strike's purpose does not take (``purposes.py``): a parried body
    block, a hold rolled with; and, for a shot from beyond punching range (``far``), an
    answer that needs the shooter in reach."""
    if choice is None:
        return
    if far and choice in OUT_OF_REACH:
        raise IllegalAction(
            f"a shot from beyond punching range cannot be answered with {choice}: the shooter "
            "is out of reach; answer dodge or none"
        )
    allowed, rule, label = ANSWERABLE.get(purpose, ANSWERABLE[""])
    if choice not in allowed:
        raise IllegalAction(
            f"{label} cannot be answered with {choice} ({rule}): answer {', '.join(allowed)}"
        )


def roll_with(
    state: FightState,
    attacker: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    weapon: str | None,
) -> list[Event]:
    """Take the blow and roll with it: 1D20 + roll bonuses against the strike total; it
    halves the damage (PAL-DEF-ROLL-IMPACT). Not against shots or blades. It costs an attack
    even when it fails, or under the house rules nothing to the trained (PAL-HR-DEF-ROLL)."""
    if detail.ranged:
        raise IllegalAction(
            f"a shot cannot be rolled with: only punches, kicks, blunt weapons, falls and "
            f"throws ({ROLL}); answer dodge or none"
        )
    ap = fighter(state.combatants[attacker]).profile
    aw = combat.find_weapon(ap, detail.weapon)
    if aw is not None and not aw.blunt:
        raise IllegalAction(
            f"the {aw.name} is not a blunt weapon and cannot be rolled with ({ROLL}; a club or "
            "mace has blunt = true on its sheet); answer parry, dodge or none"
        )
    events, ok = impact_roll(state, attacker, defender, detail.total, dice)
    rolled = msgspec.structs.replace(detail, rolled=ok)
    return events + blows.land(state, attacker, defender, rolled, dice, events)


def impact_roll(
    state: FightState,
    attacker: str,
    defender: str,
    total: int,
    dice: Dice,
    cite: str | None = None,
) -> tuple[list[Event], bool]:
    """Roll with an impact: 1D20 + roll bonuses against the strike ``total``, matched or
    beaten (option ``roll_with_impact_ties``); it costs an attack even when it fails, or under
    the house rules nothing to the trained (PAL-DEF-ROLL-IMPACT, PAL-HR-DEF-ROLL). ``cite``:
    the rule the roll is for when it is not a blow's (an explosion's, PAL-MSL-ROLL)."""
    df = fighter(state.combatants[defender])
    house = opts(state).roll_with_impact == "free_if_trained"
    rule = HOUSE_ROLL if house else ROLL
    events = (
        [] if house and df.profile.trained else _cost(state, defender, "roll with impact", rule)
    )
    mods = condition_modifiers(state.combatants[defender], list(df.profile.roll))
    r = roll(dice, "roll with impact", "1D20", mods, target=total, rule=cite or rule)
    tie = opts(state).roll_with_impact_ties  # "match" or "beat"
    ok = r.total > total or (tie == "match" and r.total == total)
    reason = (
        f"{r.total} vs strike {total}: must {tie} it ({cite or 'option roll_with_impact_ties'})"
    )
    rolled = DefenseRolled(
        defender=defender, attacker=attacker, kind="roll", roll=r, success=ok, reason=reason
    )
    return [*events, rolled], ok


def entangle(
    state: FightState,
    attacker: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    weapon: str | None,
) -> list[Event]:
    """Pin the attacker's arm or weapon instead of parrying: one attack, 1D20 + entangle
    bonuses; a tie as the option ``entangle_ties`` says (PAL-DEF-ENTANGLE)."""
    if detail.ranged:
        raise IllegalAction("a shot cannot be entangled (PAL-DEF-ENTANGLE); answer dodge or none")
    df = fighter(state.combatants[defender])
    if df.entangling is not None:
        held = state.combatants[df.entangling].name
        raise IllegalAction(f"{df.profile.name} already entangles {held} (PAL-DEF-ENTANGLE)")
    events = _cost(state, defender, "entangle", grips.ENTANGLE)
    mods = condition_modifiers(state.combatants[defender], list(df.profile.entangle))
    r = roll(dice, "entangle", "1D20", mods, target=detail.total, rule=grips.ENTANGLE)
    ok, reason = _stops(detail, r, opts(state).entangle_ties == "defender")
    events.append(
        DefenseRolled(
            defender=defender,
            attacker=attacker,
            kind="entangle",
            roll=r,
            success=ok,
            reason=f"{reason} (option entangle_ties)",
        )
    )
    if ok:
        return events + grips.entangle(state, defender, attacker, r.total)
    return events + blows.land(state, attacker, defender, detail, dice, events)


def disarm(
    state: FightState,
    attacker: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    weapon: str | None,
) -> list[Event]:
    """Knock the weapon out of the striker's hand instead of parrying (PAL-DEF-DISARM): on a
    natural 19 or 20 for one attack (RAW), or as a parry that reaches the strike total, with
    disarm bonuses only (house, PAL-HR-DEF-DISARM)."""
    ap = fighter(state.combatants[attacker]).profile
    aw = combat.find_weapon(ap, detail.weapon)
    if aw is None or detail.ranged:
        what = "a shot" if detail.ranged else f"{ap.name}'s bare hands"
        raise IllegalAction(
            f"there is nothing to knock away from {what} (PAL-DEF-DISARM); answer another way"
        )
    dp = fighter(state.combatants[defender]).profile
    house = opts(state).defensive_disarm == "beat_strike"
    rule = "PAL-HR-DEF-DISARM" if house else "PAL-DEF-DISARM"
    events = [] if house and dp.trained else _cost(state, defender, "disarm", rule)
    mods: list[Modifier] = [*skipped(dp.parry, "a disarm rolls with disarm bonuses only", rule)]
    mods += dp.disarm
    mods = condition_modifiers(state.combatants[defender], mods)
    r = roll(dice, "disarm", "1D20", mods, target=detail.total, rule=rule)
    if house:
        ok, reason = _stops(detail, r, True)
    else:
        ok = r.faces[0] >= 19
        reason = f"natural {r.faces[0]}: a defensive disarm works on a natural 19 or 20"
    events.append(
        DefenseRolled(
            defender=defender, attacker=attacker, kind="disarm", roll=r, success=ok, reason=reason
        )
    )
    if not ok:
        return events + blows.land(state, attacker, defender, detail, dice, events)
    return [
        *events,
        WeaponDropped(actor=defender, target=attacker, weapon=aw.name, rule=rule),
        ConditionChanged(combatant=attacker, condition="disarmed", present=True, rule=rule),
    ]


def back_flip(
    state: FightState,
    attacker: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    weapon: str | None,
) -> list[Event]:
    """A back flip as a dodge (Martial Arts level 8, Assassin level 9): one attack, the
    natural die alone must beat the strike total; no roll with the impact after it
    (PAL-DEF-BACKFLIP). Refused under the house rules (PAL-HR-NO-BACKFLIP)."""
    if opts(state).back_flip == "narrated":
        raise IllegalAction(
            "the house rules have no back flip: narrate a dodge as one (PAL-HR-NO-BACKFLIP); "
            "answer dodge"
        )
    dp = fighter(state.combatants[defender]).profile
    if "back_flip" not in dp.moves:
        raise IllegalAction(
            f"{dp.name}'s hand-to-hand skill does not grant a back flip (PAL-DEF-BACKFLIP: "
            "Martial Arts from level 8, Assassin from level 9)"
        )
    rule = "PAL-DEF-BACKFLIP"
    events = _cost(state, defender, "back flip", rule)
    mods = skipped(dp.dodge, "a back flip uses the natural die only", rule)
    r = roll(dice, "back flip", "1D20", mods, target=detail.total, rule=rule)
    natural = r.faces[0]
    ok = natural > detail.total
    reason = f"natural {natural} vs strike {detail.total}: must be higher"
    events.append(
        DefenseRolled(
            defender=defender,
            attacker=attacker,
            kind="back-flip",
            roll=r,
            success=ok,
            reason=reason,
        )
    )
    if ok:
        return events
    return events + blows.land(state, attacker, defender, detail, dice, events)


def paired(
    state: FightState,
    attacker: str,
    defender: str,
    detail: StrikeDetail,
    dice: Dice,
    weapon: str | None,
) -> list[Event]:
    """Parry with one weapon and strike back with the other at once (PAL-DEF-PAIRED)."""
    c = state.combatants[defender]
    df = fighter(c)
    dp = df.profile
    if not dp.paired:
        raise IllegalAction(
            f"{dp.name} has no W.P. Paired Weapons (PAL-DEF-PAIRED: Expert from level 7, "
            "Martial Arts from 7, Assassin and Commando from 1, or the sheet's paired_weapons)"
        )
    hands = combat.melee_in_hand(dp, df.dropped, df.stowed, df.destroyed())
    if len(hands) < 2:
        raise IllegalAction(f"{dp.name} does not have two melee weapons in hand to pair")
    if df.apm_left < 1:
        raise IllegalAction(f"{dp.name} has no attack in hand to strike back with")
    guard = combat.find_weapon(dp, weapon) if weapon is not None else hands[0]
    assert guard is not None
    other = next(w for w in hands if w.name != guard.name)
    events, stopped = combat.defend(state, attacker, defender, "parry", detail, dice, guard.name)
    if not stopped:
        events += blows.land(state, attacker, defender, detail, dice, events)
    events.append(
        apm.strike_back(apm.spent(state, events), defender, "paired strike", "PAL-DEF-PAIRED")
    )
    back = combat.strike(state, defender, attacker, "strike", other, dice)
    events.append(back)
    if back.hits and state.combatants[attacker].alive:
        back_detail = combat.strike_detail(back, False)
        events += damage.damage(state, defender, attacker, back_detail, dice, earlier=events)
    return events


#: The answers beside parry, dodge, none and simultaneous (``strikes.answer``).
ANSWERS: dict[str, Answer] = {
    "roll": roll_with,
    "entangle": entangle,
    "disarm": disarm,
    "back-flip": back_flip,
    "paired": paired,
}
