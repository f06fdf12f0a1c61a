"""Covering (pinning) fire, a house rule (PAL-HR-RNG-COVERING-FIRE): ``cover A --attacks N``
commits N attacks and N short bursts of a weapon that fires bursts, one burst attack rolled
each, and ends his turn; until his turn comes round again, or he parries, dodges or rolls with
an impact, whoever starts in, ends in or moves through the area (``cross B --through A``) is
hit once for each committed attack, unless under cover; each hit may be dodged on its own
against its attack's total, and deals the weapon's single-shot damage.

Readings: the house rules do not price covering fire under RAW, so the verb is the house
rule's in both variants; a committed attack whose roll is under a shot's number still hits
(the text's "automatically hit"; option ``covering_fire_misses``); the dodge of a hit is a
dodge of gunfire at no known distance; the area's size is the GM's.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rolls import roll
from engine.rules import IllegalAction
from engine.rules.palladium import apm, blasts, bursts, clips, combat, damage
from engine.rules.palladium.gunbonus import gun_modifiers
from engine.rules.palladium.options import opts
from engine.rules.palladium.penalties import condition_modifiers
from events.core import Event
from events.palladium import (
    CoverEnded,
    CoverOpened,
    CrossDeclared,
    DefenseDeclined,
    StrikeDetail,
)
from projections.fold import fold
from projections.palladium import InProgress, fighter
from projections.state import FightState

RULE = "PAL-HR-RNG-COVERING-FIRE"


def cover_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """The bursts are fired: their shots spent, one burst attack rolled for each."""
    f = fighter(state.combatants[actor])
    weapon = combat.find_weapon(f.profile, ip.weapon)
    assert weapon is not None
    events: list[Event] = clips.spend(f, actor, weapon, ip.cost * weapon.bursts["short"])
    mods = gun_modifiers(state, f.profile, weapon)
    mods += bursts.modifiers(state, "short", False, mods, weapon)
    mods = condition_modifiers(state.combatants[actor], mods)
    rolls = tuple(roll(dice, "covering fire", "1D20", mods, rule=RULE) for _ in range(ip.cost))
    return [*events, CoverOpened(actor=actor, weapon=weapon.name, rolls=rolls)]


def lapses(state: FightState, cid: str) -> list[Event]:
    """His turn has come round: his covering fire is over."""
    if fighter(state.combatants[cid]).covering is None:
        return []
    came = f"{pronoun(state, cid).their} turn came round"
    return [CoverEnded(actor=cid, reason=f"{came} (PAL-HR-RNG-COVERING-FIRE)")]


def crossing(state: FightState, d: CrossDeclared, dice: Dice) -> list[Event]:
    """Whoever is in the covered area takes a hit for each committed attack, each dodged on
    its own if he dodges, none if he keeps under cover."""
    shooter = state.combatants[d.through]
    cover = fighter(shooter).covering
    if cover is None:
        raise IllegalAction(f"{shooter.name} lays down no covering fire ({RULE})")
    if d.actor == d.through:
        raise IllegalAction(f"{shooter.name} is the one firing")
    down = combat.helpless(state, d.through)
    if down is not None:
        raise IllegalAction(
            f"{shooter.name} {down}: {pronoun(state, d.through).their} covering fire is over "
            f"({RULE})"
        )
    why = combat.helpless(state, d.actor)
    if d.in_cover:
        reason = (
            f"keeps under cover: covering fire does not hit {pronoun(state, d.actor).them} "
            "(PAL-HR-RNG-COVERING-FIRE)"
        )
        return [DefenseDeclined(defender=d.actor, attacker=d.through, reason=reason)]
    events: list[Event] = []
    floor = 8 if opts(state).covering_fire_misses else None  # PAL-STRIKE-RANGED-TARGET
    for total, natural in zip(cover.totals, cover.naturals, strict=True):
        detail = StrikeDetail(
            action="covering fire", weapon=cover.weapon, total=total, natural=natural, ranged=True
        )
        if floor is not None and total < floor and natural != 20:
            reason = (
                f"the burst's {total} is under {floor}: it misses (option covering_fire_misses)"
            )
            events.append(DefenseDeclined(defender=d.actor, attacker=d.through, reason=reason))
            continue
        now = fold(apm.spent(state, events), events, blasts.POOLS)
        stopped = False
        if d.dodge and why is None:
            tried, stopped = combat.defend(now, d.through, d.actor, "dodge", detail, dice)
            events += tried
        if not stopped:
            now = fold(apm.spent(state, events), events, blasts.POOLS)
            if now.combatants[d.actor].alive:
                events += damage.damage(now, d.through, d.actor, detail, dice)
    return events
