"""Knockouts and death blows: a natural strike in the range a style grants (PAL-DMG-KO,
PAL-DMG-DEATHBLOW) makes a blow that lands more than a blow.

:func:`land` is how every melee blow that gets through is hurt: when the striker's natural
roll opened a special blow he has not answered yet, the fight waits for him (``activate A
knockout|death-blow|no``, like a pending defence), unless the rules as written settle it
(option ``special_blows``: "automatic" makes the only blow open to him one; "activate", the
house rules, asks and charges one more attack, PAL-HR-KO, PAL-HR-DEATHBLOW).

Readings: the chance is judged on the strike's natural die and only for a blow that gets
through (a parried knockout is no knockout); a knockout dazes for 1D4 melee rounds from that
moment (PAL-COND-DAZED) after the blow's damage; a death blow doubles the damage with its
bonuses and takes it straight off Hit Points, except through armor that still stands, from an
S.D.C. striker against a Mega-Damage being, or with a gun, where it is an ordinary blow and
says why. Rolling with the blow (double damage instead of the knockout) waits for roll with
impact.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction
from engine.rules.palladium import apm, damage, handtohand
from engine.rules.palladium.options import opts
from events.core import ConditionChanged, Event, ReactionRequested
from events.palladium import BlowLanded, DamageApplied, StrikeDetail
from projections.palladium import fighter
from projections.state import FightState

#: choice -> (the profile's lowest natural roll for it, its rule as written, the house rule).
BLOWS: dict[str, tuple[str, str, str]] = {
    "knockout": ("knockout_min", "PAL-DMG-KO", "PAL-HR-KO"),
    "death-blow": ("death_blow_min", "PAL-DMG-DEATHBLOW", "PAL-HR-DEATHBLOW"),
}
KO_DICE = "1D4"  # PAL-DMG-KO: dazed for 1D4 melee rounds


def open_to(state: FightState, attacker: str, detail: StrikeDetail) -> list[str]:
    """The special blows this strike's natural roll opens to the striker, in table order."""
    if detail.ranged:
        return []
    p = fighter(state.combatants[attacker]).profile
    return [
        blow
        for blow, (field, _, _) in BLOWS.items()
        if (least := getattr(p, field)) is not None and detail.natural >= least
    ]


def land(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """A blow that gets through: damage, or first the striker's answer to a special blow.
    ``earlier``: the ply's events before it (a defence the target paid for)."""
    if not detail.blow:
        blows = open_to(state, attacker, detail)
        if opts(state).special_blows == "automatic" and len(blows) == 1:
            detail = msgspec.structs.replace(detail, blow=blows[0])
        elif blows:
            asked = msgspec.structs.replace(detail, target=target)
            return [
                ReactionRequested(actor=target, reactor=attacker, kind="activate", detail=asked)
            ]
    return _hit(state, attacker, target, detail, dice, earlier)


def answer(
    state: FightState, attacker: str, choice: str, detail: StrikeDetail, dice: Dice
) -> list[Event]:
    """The striker's answer (``activate``): the blow he chose if it is open to him, paid for
    with one more attack under the house rules; ``no``, an ordinary blow."""
    events: list[Event] = []
    if choice != "no":
        blows = open_to(state, attacker, detail)
        if choice not in blows:
            open_ = " or ".join(blows) or "nothing"
            raise IllegalAction(
                f"this strike's natural {detail.natural} opens {open_}, not {choice}"
            )
        if opts(state).special_blows == "activate":
            _, _, rule = BLOWS[choice]
            f = fighter(state.combatants[attacker])
            if f.apm_left < 1:
                raise IllegalAction(
                    f"{f.profile.name} has no attack left to make it {choice} ({rule}); "
                    f"`fracas activate {attacker} no`"
                )
            events.append(apm.spend_off_turn(state, attacker, 1, choice, rule, "other"))
    chosen = msgspec.structs.replace(detail, blow=choice)
    return events + _hit(state, attacker, detail.target, chosen, dice)


def _hit(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """The blow's damage, as the chosen special blow makes it."""
    if detail.blow == "death-blow":
        return death_blow(state, attacker, target, detail, dice, earlier)
    events = damage.damage(state, attacker, target, detail, dice, earlier=earlier)
    if detail.blow == "knockout":
        hurt = any(isinstance(e, DamageApplied) and e.pool != "armor" for e in events)
        events += knockout(state, attacker, target, dice, hurt, earlier)
    return events


def knockout(
    state: FightState,
    attacker: str,
    target: str,
    dice: Dice,
    hurt: bool = True,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """Dazed for 1D4 melee rounds from now: one attack, no combat bonuses (PAL-DMG-KO,
    PAL-COND-DAZED). Reading: a blow his armor takes whole (or that does nothing to him)
    knocks nobody out."""
    if not hurt:
        return [
            BlowLanded(
                actor=attacker,
                target=target,
                blow="knockout",
                rule="PAL-DMG-KO",
                note="the blow does not reach him through his armor: no knockout",
            )
        ]
    rounds = roll(dice, "knockout", KO_DICE, rule="PAL-COND-DAZED")
    landed = BlowLanded(
        actor=attacker,
        target=target,
        blow="knockout",
        rule="PAL-DMG-KO",
        roll=rounds,
        note=f"dazed for {rounds.total} melee rounds",
    )
    if not state.combatants[target].alive:
        return [landed]
    dazed = ConditionChanged(
        combatant=target, condition="dazed", present=True, rule="PAL-DMG-KO", rounds=rounds.total
    )
    return [landed, dazed, *handtohand.capped(state, target, "dazed", earlier)]


def death_blow(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """Double damage with its bonuses, straight off Hit Points (PAL-DMG-DEATHBLOW), where the
    rules let it; otherwise an ordinary blow that says why."""
    why = _no_death_blow(state, attacker, target)
    if why:
        note = BlowLanded(
            actor=attacker, target=target, blow="death-blow", rule="PAL-DMG-DEATHBLOW", note=why
        )
        return [note, *damage.damage(state, attacker, target, detail, dice, earlier=earlier)]
    landed = BlowLanded(
        actor=attacker,
        target=target,
        blow="death-blow",
        rule="PAL-DMG-DEATHBLOW",
        note="double damage, straight off Hit Points",
    )
    hit = damage.damage(state, attacker, target, detail, dice, death_blow=True, earlier=earlier)
    return [landed, *hit]


def _no_death_blow(state: FightState, attacker: str, target: str) -> str:
    """Why a death blow is an ordinary blow against ``target``, or ""."""
    f = fighter(state.combatants[target])
    if (f.armor_mdc or 0) > 0 or (f.armor_sdc or 0) > 0:
        return "it does not work through armor: an ordinary blow"
    if f.mdc is not None and fighter(state.combatants[attacker]).profile.mdc is None:
        return "only a Mega-Damage being deals one to a Mega-Damage being: an ordinary blow"
    return ""
