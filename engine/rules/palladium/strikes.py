"""A blow or a shot as it happens: the strike roll, the defender's answer (now, pending, or
none allowed), and damage; and the simultaneous strike that answers instead of a defence.

Each function returns events; the paying of attacks is :mod:`kinds`' business.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.palladium import (
    apm,
    blows,
    bursts,
    called,
    clips,
    combat,
    defences,
    handtohand,
    shots,
    weaponshots,
)
from engine.rules.palladium.moves import MOVES
from engine.rules.palladium.options import opts
from engine.turns import known
from events.core import ConditionChanged, Event, ReactionRequested
from events.palladium import DefenseDeclined, StrikeDetail, StrikeRolled
from projections.palladium import InProgress, fighter
from projections.state import FightState

SNEAK = "PAL-INIT-AUTO-SNEAK"


def undefendable(state: FightState, actor: str, target: str) -> str | None:
    """Why the target of this attack may not parry or dodge it, or None."""
    a = state.combatants[actor]
    t = state.combatants[target]
    if actor in fighter(t).frightened:
        return (
            f"frozen by {a.name}'s Horror Factor, {pronoun(state, target).they} cannot parry or "
            "dodge its first attack "
            "this round (PAL-COND-HORROR)"
        )
    if "surprised" in t.conditions:
        if "ambushing" in a.conditions:
            return "a sneak attack cannot be parried or dodged (PAL-DEF-SNEAK)"
        if state.clock.label == "surprise" and not opts(state).surprised_may_defend:
            return "taken by surprise, cannot defend (PAL-HR-SURPRISE)"
    return None


def strike_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """Roll the strike and, if it would hit, the defence (now or pending) and damage. A move,
    a blow from behind or unseen, a pull: :mod:`handtohand`; a called strike, and one at a
    weapon in hand whose hit damages the weapon: :mod:`called`."""
    p = fighter(state.combatants[actor]).profile
    weapon = combat.find_weapon(p, ip.weapon)
    ranged = weapon is not None and weapon.kind == "ranged"
    move = MOVES.get(ip.move or "")
    purpose = ip.purpose or ""
    s = combat.strike(
        state,
        actor,
        ip.target,
        ip.action,
        weapon,
        dice,
        move,
        ip.from_behind,
        purpose,
        called.blow_modifiers(ip.situation),
    )
    s = called.placed(opts(state), s, ip.called)
    times, rule = handtohand.critical_times(state, p, s, ip.from_behind)
    detail = combat.strike_detail(
        s,
        ranged,
        pull=ip.pull,
        undefendable=handtohand.unseen_reason(ip.from_behind, ip.unseen),
        critical=(times, rule),
    )
    if purpose or ip.death_blow:
        blow = "death-blow" if ip.death_blow else ""
        detail = msgspec.structs.replace(detail, purpose=purpose, at=ip.at, blow=blow)
    if ip.from_behind and p.crit_from_behind and not ranged and not purpose:
        detail = msgspec.structs.replace(detail, behind=True)
    struck = _struck_weapon(state, ip, s)
    if struck is not None:
        detail = msgspec.structs.replace(detail, purpose=weaponshots.PURPOSE, at=struck)
    return after_strike(state, s, detail, ip.defend, None, dice, landing)


def _struck_weapon(state: FightState, ip: InProgress, s: StrikeRolled) -> str | None:
    """The target's weapon a called attack at a weapon in hand strikes, when its hit lands on
    the called spot and the call names one of his weapons (PAL-RNG-TARGET-WEAPON)."""
    if "at-weapon" not in ip.situation or s.location != ip.called:
        return None
    return weaponshots.struck_weapon(state, ip.target, ip.called)


def shot_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """Roll a shot; an unseen shooter's first shot at a target makes it lose initiative and
    forbids dodging it (PAL-INIT-AUTO-RANGED), written right after the shot's roll: the shot
    first, then what it does."""
    a = state.combatants[actor]
    weapon = combat.find_weapon(fighter(a).profile, ip.weapon)
    assert weapon is not None
    fired = bursts.shots(weapon, ip.burst, ip.situation)
    events: list[Event] = clips.spend(fighter(a), actor, weapon, fired)
    no_dodge = None
    lost: list[Event] = []
    if "unseen" in a.conditions and ip.target not in fighter(a).unseen_shot:
        lost = apm.lose_initiative(
            state, ip.target, "PAL-INIT-AUTO-RANGED", f"shot at by the unseen {a.name}"
        )
        no_dodge = "cannot dodge the first shot of an unseen attacker (PAL-INIT-AUTO-RANGED)"
    s = shots.shot(
        state,
        actor,
        ip.target,
        weapon,
        aimed=ip.aimed,
        called=ip.called,
        range_ft=ip.range,
        wild=wild > 0,
        dice=dice,
        situation=ip.situation,
        target_mph=ip.target_mph,
        burst=ip.burst,
        cover=ip.cover,
    )
    detail = combat.strike_detail(s, True, shots.point_blank(state, weapon, ip.range))
    detail = msgspec.structs.replace(detail, range_ft=ip.range, twin="twin" in ip.situation)
    struck = _struck_weapon(state, ip, s)
    if struck is not None:
        detail = msgspec.structs.replace(detail, purpose=weaponshots.PURPOSE, at=struck)
    events += after_strike(state, s, detail, ip.defend, no_dodge, dice, landing, lost)
    if s.hits or not ip.caught or not state.combatants[ip.caught[0]].alive:
        return events
    return events + _stray(state, actor, ip.caught[0], detail, dice)


def check_stray(state: FightState, actor: str, target: str, stray: str | None) -> tuple[str, ...]:
    """The bystander a missed shot may strike (PAL-STRIKE-STRAY): a living fighter other than
    the shooter and his target."""
    if stray is None:
        return ()
    known(state, stray)
    if stray in (actor, target):
        raise UsageError(f"--stray {stray}: a stray shot strikes someone other than the two")
    if not state.combatants[stray].alive:
        raise IllegalAction(f"--stray {stray}: {state.combatants[stray].name} is dead")
    return (stray,)


def _stray(
    state: FightState, actor: str, bystander: str, detail: StrikeDetail, dice: Dice
) -> list[Event]:
    """The miss strikes the bystander the GM named, with no defence (he did not see it coming)
    and no critical: the weapon's damage (PAL-STRIKE-STRAY; reading: a GM option the text
    gives no roll for, so naming him is the GM's call that it does)."""
    why = f"a stray shot: the miss strikes {state.combatants[bystander].name} (PAL-STRIKE-STRAY)"
    stray = msgspec.structs.replace(detail, target=bystander, critical=False, blow="no")
    declined: list[Event] = [DefenseDeclined(defender=bystander, attacker=actor, reason=why)]
    return declined + blows.exchanged(state, actor, bystander, stray, dice)


def after_strike(
    state: FightState,
    s: StrikeRolled,
    detail: StrikeDetail,
    defend: str | None,
    no_dodge: str | None,
    dice: Dice,
    landing: bool = False,
    caused: Sequence[Event] = (),
) -> list[Event]:
    """After the strike roll (and ``caused``, what the roll itself does to the target, hit or
    miss): the ambusher's first attack is spent; a hit waits for the defender's answer, or is
    answered now (``defend``), or cannot be defended."""
    actor, target = s.actor, s.target
    events: list[Event] = [s, *caused]
    if "ambushing" in state.combatants[actor].conditions:
        events.append(
            ConditionChanged(combatant=actor, condition="ambushing", present=False, rule=SNEAK)
        )
    if not s.hits:
        return events
    why = undefendable(state, actor, target) or no_dodge or detail.undefendable or None
    if why is not None:
        events.append(DefenseDeclined(defender=target, attacker=actor, reason=why))
        return events + blows.land(state, actor, target, detail, dice)
    if defend is None and combat.helpless(state, target) is None:
        events.append(ReactionRequested(actor=actor, reactor=target, kind="defense", detail=detail))
        return events
    if defend is not None and landing:
        # An answer given when the action was declared may no longer be allowed when it
        # lands (a parry of a shot, of an M.D. blow): the defender is asked instead, so the
        # clock never sticks. Refusals come before any die is rolled.
        try:
            return events + answer(state, actor, target, defend, detail, dice)
        except IllegalAction:
            events.append(
                ReactionRequested(actor=actor, reactor=target, kind="defense", detail=detail)
            )
            return events
    return events + answer(state, actor, target, defend or "none", detail, dice)


def answer(
    state: FightState,
    actor: str,
    target: str,
    choice: str,
    detail: StrikeDetail,
    dice: Dice,
    weapon: str | None = None,
) -> list[Event]:
    """The defender's answer to a strike, then damage if it lands (or both, simultaneously).

    ``weapon`` is the defender's weapon for a parry or a simultaneous attack (None: his first
    melee weapon, or bare hands).
    """
    defences.check_answer(detail.purpose, choice, detail.ranged and not detail.parry_allowed)
    if choice == "simultaneous":
        return simultaneous(state, actor, target, detail, dice, weapon)
    other = defences.ANSWERS.get(choice)
    why = combat.helpless(state, target)
    if other is not None and why is not None:
        declined: list[Event] = [DefenseDeclined(defender=target, attacker=actor, reason=why)]
        return declined + blows.land(state, actor, target, detail, dice, declined)
    if other is not None:
        return other(state, actor, target, detail, dice, weapon)
    events, stopped = combat.defend(state, actor, target, choice, detail, dice, weapon)
    if not stopped:
        events += blows.land(state, actor, target, detail, dice, events)
    return events


def simultaneous(
    state: FightState,
    actor: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    weapon_name: str | None,
) -> list[Event]:
    """Instead of defending, the target strikes back: no defence on either side, both may be
    hurt (PAL-DEF-SIMULTANEOUS). Both blows are rolled from the state before either lands
    and take effect together, as though the other had not happened (PAL-HR-SIMULTANEOUS).
    Reading of its ❓ cost: it uses one of the responder's attacks in hand, and needs one.
    With W.P. Paired Weapons and two melee weapons in hand (and no ``--weapon``) he strikes
    back with both for that one attack, a twin strike (PAL-DEF-PAIRED). Dice: the responder's
    strike (each of a twin strike's), then the first blow's damage, then the responder's
    damage for each that hits."""
    c = state.combatants[target]
    why = combat.helpless(state, target)
    if why:
        raise IllegalAction(f"{c.name} {why}")
    f = fighter(c)
    if f.apm_left < 1:
        raise IllegalAction(
            f"{c.name} has no attacks in hand to strike back with (PAL-DEF-SIMULTANEOUS)"
        )
    hands = combat.melee_in_hand(f.profile, f.dropped, f.stowed, f.destroyed())
    if weapon_name is not None:
        named = combat.find_weapon(f.profile, weapon_name)
        combat.in_hand(f.profile, f.dropped, named, f.stowed, f.destroyed())
        weapons = [named]
    elif f.profile.paired and len(hands) >= 2:
        weapons = list(hands[:2])  # a twin strike: both weapons, one attack (PAL-DEF-PAIRED)
    else:
        weapons = [hands[0] if hands else None]
    events: list[Event] = [
        apm.strike_back(state, target, "simultaneous attack", "PAL-DEF-SIMULTANEOUS")
    ]
    backs = [combat.strike(state, target, actor, "strike", w, dice) for w in weapons]
    events += backs
    events += blows.exchanged(state, actor, target, detail, dice, events)
    for back, weapon in zip(backs, weapons, strict=True):
        if back.hits:
            ranged = weapon is not None and weapon.kind == "ranged"
            back_detail = combat.strike_detail(back, ranged)
            events += blows.exchanged(state, target, actor, back_detail, dice, events)
    return events
