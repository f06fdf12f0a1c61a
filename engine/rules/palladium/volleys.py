"""The answers a volley of missiles waits for (``defend B CHOICE`` while it is pending): a
counter-volley or a shot at it (:mod:`interceptions`), or the target's last answer as a table
here: a dodge, a roll with the explosion, a block with his arms, or none (PAL-MSL-DODGE,
PAL-MSL-ROLL, PAL-MSL-BLOCK, PAL-HR-MSL-DODGE).

A counter-volley or a shot thins the volley and it waits again, with fewer missiles coming
(the house damage multiple), for the next answer; several defenders answer in turn under the
house rules, only its target as written (reading: RAW speaks of the character defending
himself). A dodge, a roll or none ends the wait and the volley lands (:func:`missiles.land`).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.palladium import apm, combat, missiles
from engine.rules.palladium.defences import check_answer, impact_roll
from engine.rules.palladium.interceptions import COUNTER, SHOOT_DOWN, THINNING
from engine.rules.palladium.options import opts
from engine.turns import known
from events.core import Event, ReactionRequested, ReactionResolved
from events.palladium import DefendDeclared, DefenseDeclined, StrikeDetail
from projections.palladium import fighter
from projections.state import FightState

UNDODGEABLE = 4  # PAL-MSL-DODGE: a volley of four or more cannot be dodged
SMALL_RADIUS = 12  # PAL-MSL-DODGE: a radius under 12 ft is cleared by one dodge
BLOCK = "PAL-MSL-BLOCK"


def decide(state: FightState, d: DefendDeclared, dice: Dice) -> tuple[list[Event], bool]:
    """An answer to the pending volley: its events, and whether the volley is over."""
    p = state.pending
    assert p is not None and isinstance(p.detail, StrikeDetail) and p.detail.volley is not None
    known(state, d.defender)
    check_answer("volley", d.choice)
    shooter, target, detail = p.actor, p.reactor, p.detail
    thin = THINNING.get(d.choice)
    if thin is None:
        if d.defender != target:
            they = pronoun(state, target)
            others = (
                "others may answer counter-volley or shoot-down"
                if opts(state).shoot_down == "house"
                else f"as written only {they.they} {they.agree('answers', 'answer')} it "
                f"({SHOOT_DOWN})"
            )
            raise IllegalAction(
                f"the volley waiting is against {state.combatants[target].name} ({target}): "
                f"only {they.they} may {d.choice}; {others}"
            )
        if d.missiles is not None or d.launcher is not None or d.weapon is not None:
            raise UsageError(
                f"{d.choice} against a volley takes no --weapon, --missiles or --launcher "
                "(those are for shoot-down and counter-volley)"
            )
        events = answer(state, shooter, target, d.choice, detail, dice)
        smart_pass = any(isinstance(e, ReactionRequested) for e in events)  # it comes round
        return [ReactionResolved(reactor=target), *events], not smart_pass
    if d.defender != target and opts(state).shoot_down == "as_written":
        raise IllegalAction(
            f"as written only {state.combatants[target].name}, its target, fires at the volley "
            f"({SHOOT_DOWN}); the house rules let others (option shoot_down)"
        )
    if d.weapon is not None and d.choice == "counter-volley":
        raise UsageError("a counter-volley fires missiles: name the launcher with --launcher")
    if (d.missiles is not None or d.launcher is not None) and d.choice == "shoot-down":
        raise UsageError("shoot-down fires a gun (--weapon); --missiles is for a counter-volley")
    if d.defender == shooter:
        raise IllegalAction(
            f"{state.combatants[shooter].name} fired the volley "
            f"{pronoun(state, shooter).themselves}"
        )
    _able(state, d.defender)
    done = thin(state, shooter, d.defender, detail, dice, d)
    resolved: list[Event] = [ReactionResolved(reactor=target), *done.events]
    if done.volley is None:
        return resolved, True
    left = done.volley.left  # fewer missiles, a smaller blast under the house radius
    thinner = msgspec.structs.replace(
        done.volley, radius=missiles.radius(state, done.volley.missile, left)
    )
    again = msgspec.structs.replace(detail, volley=thinner)
    waiting = ReactionRequested(actor=shooter, reactor=target, kind="defense", detail=again)
    return [*resolved, waiting], False


def _able(state: FightState, cid: str) -> None:
    """A counter-volley or shot needs a fighter able to act with an attack left this round
    (PAL-MSL-SHOOT-DOWN 1., PAL-HR-MSL-COUNTER-VOLLEY: never one of the next round's)."""
    c = state.combatants[cid]
    why = combat.helpless(state, cid)
    if why is not None:
        raise IllegalAction(f"{c.name} {why}")
    f = fighter(c)
    if max(0, f.apm_left) + sum(f.passes) < 1:
        raise IllegalAction(
            f"{c.name} has no attack left this round to fire at the volley ({SHOOT_DOWN}; "
            f"never one of the next round's, {COUNTER})"
        )


def answer(
    state: FightState,
    shooter: str,
    target: str,
    choice: str,
    detail: StrikeDetail,
    dice: Dice,
) -> list[Event]:
    """The target's last answer: dodge, roll with the explosion, or none; then it lands."""
    why = combat.helpless(state, target)
    if why is not None:
        declined: list[Event] = [DefenseDeclined(defender=target, attacker=shooter, reason=why)]
        return declined + missiles.land(state, shooter, detail, dice, "direct")
    return FINAL[choice](state, shooter, target, detail, dice)


def _none(
    state: FightState, shooter: str, target: str, detail: StrikeDetail, dice: Dice
) -> list[Event]:
    declined: list[Event] = [
        DefenseDeclined(defender=target, attacker=shooter, reason="takes the volley")
    ]
    return declined + missiles.land(state, shooter, detail, dice, "direct")


def _dodge(
    state: FightState, shooter: str, target: str, detail: StrikeDetail, dice: Dice
) -> list[Event]:
    """RAW: one to three missiles may be dodged, four or more never; success escapes the
    direct hit, and a radius under 12 ft too; a larger one leaves him in it for half, or
    under ``missile_radius_escape`` two actions clear it (PAL-MSL-DODGE). House: one roll,
    one dodge action for one missile and two for a volley; success no damage at all
    (PAL-HR-MSL-DODGE; the GM's leave is his typing it). A smart volley dodged does not go
    off: it comes round while it has passes (PAL-MSL-SMART, reading)."""
    volley = detail.volley
    assert volley is not None
    if opts(state).missile_dodge != "house" and volley.left >= UNDODGEABLE:
        block = "block, " if fighter(state.combatants[target]).arms else ""
        raise IllegalAction(
            f"a volley of {volley.left} missiles cannot be dodged (PAL-MSL-DODGE: four or "
            f"more); answer counter-volley, shoot-down, roll, {block}or none"
        )
    turns = missiles.comes_round(state, volley)  # dodged, it turns: no blast to clear
    events, how = dodge_blast(
        state, shooter, target, detail, volley.radius, volley.left, dice, clearing=not turns
    )
    turned = how != "direct"
    round_again = (
        missiles.come_round(apm.spent(state, events), shooter, detail, dice) if turned else []
    )
    if round_again:  # a smart missile turns rather than exploding (PAL-MSL-SMART)
        return events + round_again
    return events + missiles.land(state, shooter, detail, dice, how)


def dodge_blast(
    state: FightState,
    shooter: str,
    target: str,
    detail: StrikeDetail,
    radius: int,
    count: int,
    dice: Dice,
    clearing: bool = True,
) -> tuple[list[Event], str]:
    """A dodge from what explodes (``count`` missiles, or a grenade): its events, and how the
    blast then finds him: "direct" (failed), "radius" (out of the direct hit, still in a
    radius of 12 ft or more, as written) or "clear" (PAL-MSL-DODGE: a smaller radius, or two
    actions under ``missile_radius_escape``; house: one action for one, two for more, and a
    success clears it all, PAL-HR-MSL-DODGE). ``clearing`` false: nothing will go off to clear
    (a smart missile turning), so no second action for it."""
    options = opts(state)
    house = options.missile_dodge == "house"
    events, ok = combat.defend(state, shooter, target, "dodge", detail, dice)
    two = (
        count > 1
        if house
        else (
            clearing and radius >= SMALL_RADIUS and options.missile_radius_escape == "two_actions"
        )
    )
    if two and not fighter(state.combatants[target]).profile.auto_dodge:
        rule = "PAL-HR-MSL-DODGE" if house else "PAL-MSL-DODGE"
        after = apm.spent(state, events)  # the second action comes after the first
        events.append(
            apm.spend_off_turn(after, target, 1, "dodge (clearing the blast)", rule, "defence")
        )
    if not ok:
        return events, "direct"
    return events, "clear" if house or two or radius < SMALL_RADIUS else "radius"


def _roll(
    state: FightState, shooter: str, target: str, detail: StrikeDetail, dice: Dice
) -> list[Event]:
    """Roll with the explosion: 1D20 + roll bonuses against the strike total halves the
    damage (PAL-MSL-ROLL), at the cost of rolling with any impact (PAL-DEF-ROLL-IMPACT,
    PAL-HR-DEF-ROLL). The house rules allow it to robots, power armor and Mega-Damage beings
    only (PAL-HR-MSL-DODGE; read as an M.D.C. body or M.D.C. armor)."""
    f = fighter(state.combatants[target])
    options = opts(state)
    if options.missile_dodge == "house" and f.mdc is None and not (f.armor_mdc or 0) > 0:
        raise IllegalAction(
            f"{f.profile.name} has no M.D.C. body or armor to roll with an explosion "
            "(PAL-HR-MSL-DODGE); answer dodge, counter-volley, shoot-down or none"
        )
    events, ok = impact_roll(state, shooter, target, detail.total, dice, cite="PAL-MSL-ROLL")
    return events + missiles.land(state, shooter, detail, dice, "direct", rolled=ok)


def _block(
    state: FightState, shooter: str, target: str, detail: StrikeDetail, dice: Dice
) -> list[Event]:
    """A robot pilot or a cyborg covers his main body with his arms, which take the direct
    hit (PAL-MSL-BLOCK): he needs arms on his sheet (``pools.arms``) with M.D.C. left, and as
    written a volley he may not dodge, four or more (option ``missile_block``). Reading: it
    costs no attack, as a parry does not; those caught in the blast still take half."""
    volley = detail.volley
    assert volley is not None
    f = fighter(state.combatants[target])
    if not f.arms:
        what = "no robot or bionic arms (pools.arms)" if f.arms is None else "no arms left"
        raise IllegalAction(
            f"{f.profile.name} has {what} to cover {pronoun(state, target).their} main body "
            f"with ({BLOCK})"
        )
    if opts(state).missile_block == "undodgeable" and volley.left < UNDODGEABLE:
        raise IllegalAction(
            f"a volley of {volley.left} may be dodged: the arms are sacrificed only to one that "
            f"cannot be, four or more ({BLOCK}; option missile_block)"
        )
    return missiles.land(state, shooter, detail, dice, "block")


FINAL: dict[str, Callable[[FightState, str, str, StrikeDetail, Dice], list[Event]]] = {
    "dodge": _dodge,
    "roll": _roll,
    "none": _none,
    "block": _block,
}
