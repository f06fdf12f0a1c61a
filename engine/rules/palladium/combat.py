"""Strike and defence: steps 2 and 3 of the Palladium exchange (PAL-ROUND-SEQUENCE).

Each function returns the events it produces; nothing here touches the log or the clock.
Damage (step 4) is in :mod:`engine.rules.palladium.damage`; shots (aimed, called, at a range)
in :mod:`engine.rules.palladium.shots`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from engine.dice import Dice
from engine.rolls import roll, skipped
from engine.rules import IllegalAction, UnknownName
from engine.rules.palladium import apm, conditions
from engine.rules.palladium.gunbonus import gun_modifiers
from engine.rules.palladium.moves import MOVES, Move
from engine.rules.palladium.options import opts
from engine.rules.palladium.penalties import close_range, condition_modifiers
from events.core import Event, Modifier
from events.palladium import (
    DefenseDeclined,
    DefenseRolled,
    Profile,
    StrikeDetail,
    StrikeRolled,
    WeaponProfile,
)
from projections.palladium import fighter
from projections.state import FightState

MELEE_TARGET = 5  # PAL-STRIKE-MELEE-TARGET: a total of 1-4 misses
RANGED_TARGET = 8  # PAL-STRIKE-RANGED-TARGET: guns hit on 8+
PARRY_LIMIT = 3  # PAL-DEF-MULTI-3: attackers a defender may parry


def find_weapon(profile: Profile, name: str | None) -> WeaponProfile | None:
    """The sheet's weapon called ``name`` (None: bare hands); UnknownName lists the choices."""
    if name is None:
        return None
    for w in profile.weapons:
        if w.name.lower() == name.lower():
            return w
    known = ", ".join(w.name for w in profile.weapons) or "none; strike bare-handed"
    raise UnknownName(f"{profile.name} has no weapon {name!r} (weapons: {known})")


def strike_modifiers(state: FightState, p: Profile, weapon: WeaponProfile | None) -> list[Modifier]:
    """The strike bonuses that count for this attack (PAL-STRIKE-ROLL: strike category only).

    Melee: the sheet's and the hand-to-hand strike bonuses plus the weapon's W.P. bonus
    (PAL-STRIKE-BONUS-MELEE; a melee weapon's ``strike`` is "W.P. and weapon"). Guns: see
    :func:`gunbonus.gun_modifiers`.
    """
    if weapon is not None and weapon.kind == "ranged":
        return gun_modifiers(state, p, weapon)
    mods: list[Modifier] = list(p.strike)
    if weapon is not None and weapon.strike:
        mods.append(
            Modifier(
                name=f"{weapon.name} (W.P. and weapon)",
                value=weapon.strike,
                source="weapon",
                rule="PAL-STRIKE-BONUS-MELEE",
            )
        )
    return mods


#: A strike's purpose beyond a blow: the profile's bonuses it adds, and whether they replace
#: the strike bonuses (a disarm rolls with disarm bonuses only, PAL-HR-DEF-DISARM; read the
#: same way for RAW's "disarming strike", PAL-DEF-DISARM) with the rule that says so.
PURPOSE_BONUS: dict[str, tuple[str, str]] = {
    "hold": ("hold", ""),
    "disarm": ("disarm", "PAL-DEF-DISARM"),
}


def strike(
    state: FightState,
    actor: str,
    target: str,
    action: str,
    weapon: WeaponProfile | None,
    dice: Dice,
    move: Move | None = None,
    from_behind: bool = False,
    purpose: str = "",
    extra: Sequence[Modifier] = (),
) -> StrikeRolled:
    """Roll to strike (PAL-STRIKE-ROLL) and judge hit or miss before any defence.

    1D20 + strike bonuses; a natural 20 always hits and is a critical (PAL-STRIKE-NAT20); a
    natural 1 misses (PAL-STRIKE-NAT1, or only if the total misses under the house option
    ``nat1_always_misses``); otherwise the total must reach 5 in melee or 8 with a gun
    (PAL-STRIKE-MELEE-TARGET, PAL-STRIKE-RANGED-TARGET). A wider critical range counts for
    hand-to-hand attacks only, and such a critical can still be parried or dodged
    (PAL-STRIKE-CRIT-RANGE reading: only a natural 20 is said to hit regardless). A foot
    strike adds the style's foot-strike bonus (Commando). A hit from behind by a style that
    grants it is a critical (PAL-DMG-CRIT-BEHIND; its knockout alternative waits for the
    knockout rules). ``extra``: the moment's penalties (a called blow at a weapon's -3).
    """
    p = fighter(state.combatants[actor]).profile
    ranged = weapon is not None and weapon.kind == "ranged"
    number = RANGED_TARGET if ranged else MELEE_TARGET
    mods = strike_modifiers(state, p, weapon)
    if move is not None and move.bonus:
        mods += getattr(p, move.bonus)
    if purpose in PURPOSE_BONUS:
        field, replaces = PURPOSE_BONUS[purpose]
        if replaces:
            mods = skipped(mods, f"a {purpose} rolls with {field} bonuses only", replaces)
        mods += getattr(p, field)
    mods = condition_modifiers(state.combatants[actor], mods) + list(extra)
    r = roll(
        dice,
        "strike",
        "1D20",
        mods,
        target=number,
        rule="PAL-STRIKE-RANGED-TARGET" if ranged else "PAL-STRIKE-MELEE-TARGET",
    )
    natural = r.faces[0]
    critical = natural == 20 or (not ranged and natural >= p.crit_min)
    if natural == 20:
        hits, reason = True, "natural 20: always hits, critical (PAL-STRIKE-NAT20)"
    elif natural == 1 and opts(state).nat1_always_misses:
        hits, reason = False, "natural 1 always misses (PAL-STRIKE-NAT1)"
    elif r.total < number:
        hits, reason = False, f"total {r.total} is under {number}"
    else:
        hits, reason = True, f"total {r.total} reaches {number}"
    if hits and critical and natural != 20:
        reason += f"; natural {natural} is a critical (PAL-STRIKE-CRIT-RANGE)"
    if hits and from_behind and p.crit_from_behind and not ranged:
        critical = True
        reason += f"; from behind: a critical, x{p.crit_from_behind} (PAL-DMG-CRIT-BEHIND)"
    return StrikeRolled(
        actor=actor,
        target=target,
        action=action,
        weapon=None if weapon is None else weapon.name,
        roll=r,
        natural=natural,
        hits=hits,
        critical=critical and hits,
        reason=reason,
        move=None if move is None else move.name,
    )


def strike_detail(
    s: StrikeRolled,
    ranged: bool,
    parry_allowed: bool = False,
    *,
    pull: int | None = None,
    undefendable: str = "",
    critical: tuple[int, str] = (2, "PAL-DMG-CRIT"),
) -> StrikeDetail:
    """What a pending defence must know of the strike it answers; ``parry_allowed`` lets a
    ranged strike be parried (:func:`point_blank`)."""
    return StrikeDetail(
        action=s.action,
        weapon=s.weapon,
        total=s.roll.total,
        natural=s.natural,
        critical=s.critical,
        ranged=ranged,
        parry_allowed=ranged and parry_allowed,
        move=s.move,
        pull=pull,
        undefendable=undefendable,
        critical_times=critical[0],
        critical_rule=critical[1],
    )


def helpless(state: FightState, cid: str) -> str | None:
    """Why ``cid`` cannot defend at all, or None."""
    c = state.combatants[cid]
    if not c.alive:
        return "is dead"
    k = conditions.cannot_defend(c)
    if k is not None:
        return f"is {k.said} and cannot defend ({k.rule})"
    return None


def _spend_defence(state: FightState, cid: str, what: str, rule: str) -> list[Event]:
    """A defence that costs an attack: one of this round's, or with none left one of the next
    round's (PAL-ROUND-OUT-OF-ATTACKS); under the house passes from hand, later passes, then
    later rounds (PAL-HR-DEF-OVERDRAFT). Reading: an untrained parry's "loses his next attack"
    (PAL-DEF-PARRY) is paid the same way as a dodge. A power punch under way reserves
    nothing: a defence may spend the attack it still needs, and if none is left for it the
    blow is abandoned when the round ends (PAL-COST-MULTI-LANDING)."""
    return [apm.spend_off_turn(state, cid, 1, what, rule, "defence")]


def in_hand(
    p: Profile,
    dropped: tuple[str, ...],
    weapon: WeaponProfile | None,
    stowed: Collection[str] = (),
    destroyed: Collection[str] = (),
) -> None:
    """Refuse a weapon knocked out of his hand (PAL-DEF-DISARM), not drawn yet
    (PAL-HR-MISC-COSTS), or destroyed (PAL-RNG-TARGET-WEAPON)."""
    if weapon is not None and weapon.name in stowed:
        raise IllegalAction(
            f"{p.name}'s {weapon.name} is not in hand: `fracas draw` it first (PAL-HR-MISC-COSTS)"
        )
    if weapon is not None and weapon.name in dropped:
        raise IllegalAction(
            f"{p.name}'s {weapon.name} lies on the ground (PAL-DEF-DISARM): `fracas pick-up` "
            "it first"
        )
    if weapon is not None and weapon.name in destroyed:
        raise IllegalAction(
            f"{p.name}'s {weapon.name} was shot to pieces (PAL-RNG-TARGET-WEAPON): it no "
            "longer works"
        )


def melee_in_hand(
    p: Profile,
    dropped: tuple[str, ...],
    stowed: Collection[str] = (),
    destroyed: Collection[str] = (),
) -> list[WeaponProfile]:
    """The melee weapons in his hands (not knocked away, stowed or destroyed), in sheet
    order."""
    gone = {*dropped, *stowed, *destroyed}
    return [w for w in p.weapons if w.kind == "melee" and w.name not in gone]


def parrying_weapon(
    p: Profile,
    name: str | None,
    dropped: tuple[str, ...] = (),
    stowed: Collection[str] = (),
    destroyed: Collection[str] = (),
) -> WeaponProfile | None:
    """The melee weapon the defender parries with: the one named, else his first still in
    hand (or None: bare hands)."""
    if name is not None:
        w = find_weapon(p, name)
        if w is not None and w.kind != "melee":
            raise IllegalAction(f"{p.name} cannot parry with the {w.name}: not a melee weapon")
        in_hand(p, dropped, w, stowed, destroyed)
        return w
    return next(iter(melee_in_hand(p, dropped, stowed, destroyed)), None)


def _parry(
    state: FightState, defender: str, attacker: str, detail: StrikeDetail, with_: str | None
) -> tuple[list[Event], list[Modifier], str]:
    """The cost, bonuses and rule of a parry (PAL-DEF-PARRY, -PARRY-MD, -PARRY-BAREHAND).

    Shots cannot be parried, except a point-blank shot under the house range bands, whose
    detail says ``parry_allowed`` (PAL-HR-STRIKE-RANGE-BANDS); it is then parried like any
    other weapon, at -10 within 10 ft (PAL-HR-DEF-PARRY-ENERGY, read for every gun).
    """
    df = fighter(state.combatants[defender])
    dp = df.profile
    ap = fighter(state.combatants[attacker]).profile
    if detail.ranged and not detail.parry_allowed:
        raise IllegalAction(
            f"{dp.name} cannot parry a shot: bullets and energy blasts are not parried "
            "(PAL-DEF-PARRY); answer dodge or none"
        )
    move = MOVES.get(detail.move or "")
    if move is not None and not move.parry:
        raise IllegalAction(f"{move.label} cannot be parried (PAL-DEF-SWEEP); answer dodge or none")
    limit = df.parried
    if attacker not in limit and len(limit) >= PARRY_LIMIT:
        names = ", ".join(f"{state.combatants[c].name} ({c})" for c in limit)
        raise IllegalAction(
            f"{dp.name} already parries three attackers ({names}): a fourth attacker's "
            "strike gets no parry (PAL-DEF-MULTI-3); answer dodge or none"
        )
    attack_weapon = find_weapon(ap, detail.weapon)
    mega = attack_weapon.mega_damage if attack_weapon else ap.unarmed_mega
    pinned = conditions.cannot_parry(state.combatants[defender])
    if pinned is not None:
        raise IllegalAction(
            f"{dp.name} is {pinned.said} and cannot parry ({pinned.rule}); answer dodge or none"
        )
    own = parrying_weapon(dp, with_, df.dropped, df.stowed, df.destroyed())
    md_item = (own is not None and own.mega_damage) or bool(df.armor_mdc) or dp.mdc is not None
    if mega and not md_item:
        raise IllegalAction(
            f"{dp.name} has nothing of M.D.C. to parry a Mega-Damage blow with "
            "(PAL-DEF-PARRY-MD); answer dodge or none"
        )
    mods: list[Modifier] = []
    rule = "PAL-DEF-PARRY"
    if attack_weapon is not None and own is None:
        rule = "PAL-DEF-PARRY-BAREHAND"  # no parry bonuses bare-handed against a weapon
        mods += skipped(dp.parry, "a bare hand against a weapon", rule)
    else:
        mods += dp.parry
        if own is not None and own.parry:
            mods.append(
                Modifier(name=own.name, value=own.parry, source="weapon", rule="PAL-DEF-PARRY")
            )
    mods += close_range(detail, "under", "parrying", "PAL-HR-DEF-PARRY-ENERGY")
    cost = [] if dp.trained else _spend_defence(state, defender, "parry", "PAL-DEF-PARRY")
    return cost, condition_modifiers(state.combatants[defender], mods), rule


def _dodge(
    state: FightState, defender: str, detail: StrikeDetail
) -> tuple[list[Event], list[Modifier], str]:
    """The cost, bonuses and rule of a dodge (PAL-DEF-DODGE, -AUTODODGE, -GUNFIRE-DODGE)."""
    df = fighter(state.combatants[defender])
    dp = df.profile
    h2h = [m for m in dp.dodge if m.source == "hand_to_hand"]
    if detail.ranged and not opts(state).gunfire_dodge_h2h:
        rule = "PAL-DEF-GUNFIRE-DODGE"
        mods = [*dp.dodge_sheet, *skipped(h2h, "hand-to-hand dodge against gunfire", rule)]
    elif dp.auto_dodge:
        rule = "PAL-DEF-AUTODODGE"
        mods = [*dp.auto_dodge_bonus, *skipped(h2h, "not for an automatic dodge", rule)]
    else:
        mods, rule = list(dp.dodge), "PAL-DEF-DODGE"
    move = MOVES.get(detail.move or "")
    if move is not None and move.dodge:
        mods.append(
            Modifier(
                name=f"dodging {move.label}",
                value=move.dodge,
                source="rules",
                rule="PAL-DEF-SWEEP",
            )
        )
    hr = opts(state).gunfire_dodge_h2h
    near = "PAL-HR-DEF-GUNFIRE-DODGE" if hr else "PAL-DEF-GUNFIRE-DODGE"
    mods += close_range(detail, opts(state).gunfire_dodge_50_feet, "dodging", near)
    mods = condition_modifiers(state.combatants[defender], mods)
    if dp.auto_dodge:
        return [], mods, rule  # costs no attack, even against gunfire
    return _spend_defence(state, defender, "dodge", "PAL-DEF-DODGE"), mods, rule


def defend(
    state: FightState,
    attacker: str,
    defender: str,
    choice: str,
    detail: StrikeDetail,
    dice: Dice,
    with_weapon: str | None = None,
) -> tuple[list[Event], bool]:
    """Resolve a parry or dodge against a strike; return the events and whether it stopped it.

    Defender wins ties (PAL-STRIKE-TIES); only a natural 20 stops a natural 20
    (PAL-STRIKE-NAT20); a natural 20 defence beats any other strike (PAL-DEF-NAT20 reading,
    option ``defence_nat20_beats_all``). Parry is free with hand-to-hand training, otherwise it
    costs an attack (PAL-DEF-PARRY); dodge costs an attack unless automatic (PAL-DEF-DODGE,
    PAL-DEF-AUTODODGE); with no attacks left either is taken from next round
    (PAL-ROUND-OUT-OF-ATTACKS). Bullets and blasts cannot be parried; an M.D. blow needs an
    M.D. item to parry (PAL-DEF-PARRY-MD; refused rather than rolled, since RAW says such a
    parry always fails); a bare hand against a weapon gets no parry bonus
    (PAL-DEF-PARRY-BAREHAND). Against gunfire only the sheet's dodge bonus counts, unless the
    ``gunfire_dodge_h2h`` option adds the hand-to-hand one (PAL-DEF-GUNFIRE-DODGE). An
    automatic dodge adds the sheet's dodge bonus and hand-to-hand bonuses that name the
    automatic dodge (PAL-DEF-AUTODODGE).
    """
    why = helpless(state, defender)
    if why:
        return [DefenseDeclined(defender=defender, attacker=attacker, reason=why)], False
    if choice == "none":
        return [
            DefenseDeclined(defender=defender, attacker=attacker, reason="takes the hit")
        ], False
    if choice == "parry":
        events, mods, rule = _parry(state, defender, attacker, detail, with_weapon)
    else:
        events, mods, rule = _dodge(state, defender, detail)
    strike_total = detail.total
    r = roll(dice, choice, "1D20", mods, target=strike_total, rule=rule)
    natural = r.faces[0]
    if detail.natural == 20:
        ok = natural == 20
        reason = "a natural 20 strike is stopped only by a natural 20 (PAL-STRIKE-NAT20)"
    elif natural == 20 and opts(state).defence_nat20_beats_all:
        ok, reason = True, "natural 20 defence beats the strike (PAL-DEF-NAT20)"
    else:
        ok = r.total >= strike_total
        reason = f"{r.total} vs strike {strike_total}; defender wins ties (PAL-STRIKE-TIES)"
    kind: Any = choice
    events.append(
        DefenseRolled(
            defender=defender, attacker=attacker, kind=kind, roll=r, success=ok, reason=reason
        )
    )
    return events, ok
