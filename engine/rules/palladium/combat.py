"""Strike and defence: steps 2 and 3 of the Palladium exchange (PAL-ROUND-SEQUENCE).

Each function returns the events it produces; nothing here touches the log or the clock.
Damage (step 4) is in :mod:`engine.rules.palladium.damage`. Shots (aimed, called, at a range)
are :func:`check_shot` and :func:`shot`.
"""

from __future__ import annotations

from typing import Any

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.rules.palladium import apm
from engine.rules.palladium.options import opts
from engine.rules.palladium.tables import WP_TITLES
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
# PAL-HR-STRIKE-RANGE-BANDS: point-blank (punching range), out to half the range, beyond.
POINT_BLANK_TARGET = 5
LONG_RANGE_TARGET = 13
AIMED_BONUS = 2  # PAL-RNG-AIMED / PAL-STRIKE-CALLED: an aimed shot is +2
WILD_PENALTY = -6  # PAL-RNG-WILD: shooting wild
BEYOND_RANGE_PENALTY = -5  # PAL-RNG-BEYOND-RANGE: up to 30% past the range
BEYOND_RANGE_PERCENT = 130  # ... and no farther
UNTRAINED_HEAVY_PENALTY = -5  # PAL-STRIKE-NO-WP: a heavy weapon without its W.P.
HEAVY_WPS = frozenset({"heavy_military", "heavy_mega_damage"})


def find_weapon(profile: Profile, name: str | None) -> WeaponProfile | None:
    """The sheet's weapon called ``name`` (None: bare hands); UnknownName lists the choices."""
    if name is None:
        return None
    for w in profile.weapons:
        if w.name.lower() == name.lower():
            return w
    known = ", ".join(w.name for w in profile.weapons) or "none; strike bare-handed"
    raise UnknownName(f"{profile.name} has no weapon {name!r} (weapons: {known})")


def gun_modifiers(state: FightState, p: Profile, weapon: WeaponProfile) -> list[Modifier]:
    """The strike bonuses of a gun, in order (PAL-STRIKE-BONUS-GUNS; never P.P. or H2H).

    The W.P. table's bonus at the shooter's level, when he has the W.P.
    (PAL-STRIKE-WP-PROGRESSION); without the W.P. of a heavy weapon (W.P. Heavy Military or
    Heavy Mega-Damage), -5 (PAL-STRIKE-NO-WP); hand-to-hand grants that name guns under the
    ``h2h_gun_strike_bonus`` option (Assassin, catalogue L.10); the weapon's own bonus.

    Reading (PAL-STRIKE-NO-WP): "no bonuses" for the untrained is read as no W.P. bonus; the
    weapon's own bonus and a grant that names guns still count. A weapon with no ``wp`` on its
    sheet is taken as the sheet left it: its ``strike`` is all it gets.
    """
    mods: list[Modifier] = []
    if weapon.wp is not None and weapon.wp_level > 0 and weapon.wp_strike:
        mods.append(
            Modifier(
                name=f"{WP_TITLES.get(weapon.wp, weapon.wp)} level {weapon.wp_level}",
                value=weapon.wp_strike,
                source="sheet",
                rule="PAL-STRIKE-WP-PROGRESSION",
            )
        )
    if weapon.wp in HEAVY_WPS and weapon.wp_level == 0:
        mods.append(
            Modifier(
                name=f"{weapon.name} without {WP_TITLES[str(weapon.wp)]}",
                value=UNTRAINED_HEAVY_PENALTY,
                source="rules",
                rule="PAL-STRIKE-NO-WP",
            )
        )
    if opts(state).h2h_gun_strike_bonus:
        mods += p.strike_guns
    if weapon.strike:
        mods.append(
            Modifier(
                name=f"{weapon.name} (weapon's own bonus)",
                value=weapon.strike,
                source="weapon",
                rule="PAL-STRIKE-BONUS-GUNS",
            )
        )
    return mods


def strike_modifiers(state: FightState, p: Profile, weapon: WeaponProfile | None) -> list[Modifier]:
    """The strike bonuses that count for this attack (PAL-STRIKE-ROLL: strike category only).

    Melee: the sheet's and the hand-to-hand strike bonuses plus the weapon's W.P. bonus
    (PAL-STRIKE-BONUS-MELEE; a melee weapon's ``strike`` is "W.P. and weapon"). Guns: see
    :func:`gun_modifiers`.
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


def strike(
    state: FightState,
    actor: str,
    target: str,
    action: str,
    weapon: WeaponProfile | None,
    dice: Dice,
) -> StrikeRolled:
    """Roll to strike (PAL-STRIKE-ROLL) and judge hit or miss before any defence.

    1D20 + strike bonuses; a natural 20 always hits and is a critical (PAL-STRIKE-NAT20); a
    natural 1 misses (PAL-STRIKE-NAT1, or only if the total misses under the house option
    ``nat1_always_misses``); otherwise the total must reach 5 in melee or 8 with a gun
    (PAL-STRIKE-MELEE-TARGET, PAL-STRIKE-RANGED-TARGET). A wider critical range counts for
    hand-to-hand attacks only, and such a critical can still be parried or dodged
    (PAL-STRIKE-CRIT-RANGE reading: only a natural 20 is said to hit regardless).
    """
    p = fighter(state.combatants[actor]).profile
    ranged = weapon is not None and weapon.kind == "ranged"
    number = RANGED_TARGET if ranged else MELEE_TARGET
    r = roll(
        dice,
        "strike",
        "1D20",
        strike_modifiers(state, p, weapon),
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
    )


def _shot_action(aimed: bool, called: str | None) -> str:
    """The action a shot is logged as: shot, aimed shot, called shot, aimed called shot."""
    return ("aimed " if aimed else "") + ("called " if called is not None else "") + "shot"


def _a(what: str) -> str:
    return ("an " if what[0] in "aeiou" else "a ") + what


def check_shot(
    state: FightState,
    actor: str,
    weapon: WeaponProfile | None,
    *,
    aimed: bool,
    called: str | None,
    range_ft: int | None,
) -> None:
    """Refuse a shot the rules do not allow, before anything is rolled (IllegalAction).

    A shot needs a ranged weapon (PAL-STRIKE-RANGED-TARGET); aimed and called shots need the
    weapon's W.P. (PAL-STRIKE-NO-WP), and a called shot names its location
    (PAL-STRIKE-CALLED). A range is at least 1 foot; past the weapon's range a shot is allowed
    only under ``beyond_range_shot`` and only up to 30% past it (PAL-RNG-BEYOND-RANGE). Under
    ``range_bands`` the band comes from the range, so a weapon with a range on its sheet needs
    ``--range``, and ``--range`` is refused for a weapon with none (there is nothing to
    compare it with) (PAL-HR-STRIKE-RANGE-BANDS).
    """
    who = state.combatants[actor].name
    if weapon is None:
        raise IllegalAction(
            f"{who} has no weapon named: shoot needs a ranged weapon (PAL-STRIKE-RANGED-TARGET)"
        )
    if weapon.kind != "ranged":
        raise IllegalAction(
            f"the {weapon.name} is a melee weapon: shoot needs a ranged weapon; use strike "
            "(PAL-STRIKE-RANGED-TARGET)"
        )
    if (aimed or called is not None) and weapon.wp_level == 0:
        what = _shot_action(aimed, called)
        lacks = (
            f"lacks {WP_TITLES.get(weapon.wp, weapon.wp)}"
            if weapon.wp is not None
            else "has no W.P. named for it on the sheet"
        )
        raise IllegalAction(
            f"{who} {lacks} and cannot make {_a(what)} with the {weapon.name} (PAL-STRIKE-NO-WP)"
        )
    if called is not None and not called.strip():
        raise UsageError("a called shot names what it aims at, e.g. head (PAL-STRIKE-CALLED)")
    if range_ft is not None and range_ft <= 0:
        raise UsageError(f"--range {range_ft}: a range is at least 1 foot")
    bands = opts(state).range_bands
    if bands and weapon.range is not None and range_ft is None:
        raise IllegalAction(
            f"the range bands need the distance to the target: give --range FEET (the "
            f"{weapon.name} reaches {weapon.range} ft) (PAL-HR-STRIKE-RANGE-BANDS)"
        )
    if bands and weapon.range is None and range_ft is not None:
        raise IllegalAction(
            f"the {weapon.name} has no range on its sheet, so --range {range_ft} cannot be "
            "placed in a range band: add its range to the sheet, or shoot without --range "
            "(PAL-HR-STRIKE-RANGE-BANDS)"
        )
    if range_ft is not None and weapon.range is not None and range_ft > weapon.range:
        if not opts(state).beyond_range_shot:
            raise IllegalAction(
                f"--range {range_ft} is beyond the {weapon.name}'s range of {weapon.range} ft, "
                "and option beyond_range_shot is off (PAL-RNG-BEYOND-RANGE)"
            )
        if range_ft * 100 > weapon.range * BEYOND_RANGE_PERCENT:
            limit = weapon.range * BEYOND_RANGE_PERCENT // 100
            raise IllegalAction(
                f"--range {range_ft} is more than 30% beyond the {weapon.name}'s range of "
                f"{weapon.range} ft (at most {limit} ft) (PAL-RNG-BEYOND-RANGE)"
            )


def _shot_target(
    state: FightState, weapon: WeaponProfile, range_ft: int | None
) -> tuple[int, str, str]:
    """The number a shot must reach, the rule that sets it, and why in plain words."""
    if not opts(state).range_bands:
        where = f" at {range_ft} ft" if range_ft is not None else ""
        return RANGED_TARGET, "PAL-STRIKE-RANGED-TARGET", f"a shot{where} needs {RANGED_TARGET}"
    rule = "PAL-HR-STRIKE-RANGE-BANDS"
    if range_ft is None or weapon.range is None:
        return (
            RANGED_TARGET,
            rule,
            f"no range is known (none on the {weapon.name}'s sheet, none given): "
            f"needs {RANGED_TARGET}",
        )
    point_blank_ft = opts(state).point_blank_feet
    if range_ft <= point_blank_ft:
        return (
            POINT_BLANK_TARGET,
            rule,
            f"{range_ft} ft is punching range (up to {point_blank_ft} ft): needs "
            f"{POINT_BLANK_TARGET}, and may be parried",
        )
    if range_ft * 2 <= weapon.range:
        return (
            RANGED_TARGET,
            rule,
            f"{range_ft} ft is within half the {weapon.name}'s {weapon.range} ft: "
            f"needs {RANGED_TARGET}",
        )
    past = "beyond" if range_ft > weapon.range else "out to"
    return (
        LONG_RANGE_TARGET,
        rule,
        f"{range_ft} ft is past half the {weapon.name}'s range, {past} its {weapon.range} ft: "
        f"needs {LONG_RANGE_TARGET}",
    )


def shot(
    state: FightState,
    actor: str,
    target: str,
    weapon: WeaponProfile,
    *,
    aimed: bool,
    called: str | None,
    range_ft: int | None,
    wild: bool,
    dice: Dice,
) -> StrikeRolled:
    """Roll one shot with a ranged weapon and judge hit, miss and where it lands.

    Checks :func:`check_shot` first. Bonuses: :func:`gun_modifiers` (W.P. table, weapon, the
    Assassin's gun grant; never P.P. or H2H, PAL-STRIKE-BONUS-GUNS), +2 aimed
    (PAL-STRIKE-CALLED), -6 shot wild (``wild``: paid beyond the hand-to-hand cap,
    PAL-HR-APM-H2H-RANGED-CAP), -5 past the weapon's range (PAL-RNG-BEYOND-RANGE). An aimed or
    called shot cannot be shot wild (PAL-RNG-AIMED, PAL-STRIKE-CALLED): refused.

    Target number: 8 (PAL-STRIKE-RANGED-TARGET); under ``range_bands`` 5 at punching range
    (``point_blank_feet``; the defender may parry, :func:`strike_detail`), 8 out to half the
    weapon's range, 13 beyond (PAL-HR-STRIKE-RANGE-BANDS). A natural 20 always hits and is a
    critical; the hand-to-hand critical range never counts for guns (PAL-STRIKE-NAT20,
    PAL-STRIKE-CRIT-RANGE); a natural 1 as in :func:`strike`.

    Location of a hit: an uncalled hit lands on the main body when ``called_location_total``
    is 0 (RAW, PAL-RNG-MAIN-BODY), else where the defender chooses (PAL-HR-HIT-LOCATION). A
    called hit lands where called under RAW (PAL-STRIKE-CALLED); under the house number it
    does so only if the total also reaches ``called_location_total``, else the defender
    chooses (PAL-HR-STRIKE-CALLED-12). A natural 20 hits the called spot under both.
    """
    check_shot(state, actor, weapon, aimed=aimed, called=called, range_ft=range_ft)
    action = _shot_action(aimed, called)
    if wild and (aimed or called is not None):
        raise IllegalAction(
            f"{_a(action)} cannot be shot wild: aimed and called shots are single careful "
            "shots (PAL-RNG-AIMED, PAL-STRIKE-CALLED)"
        )
    options = opts(state)
    p = fighter(state.combatants[actor]).profile
    mods = gun_modifiers(state, p, weapon)
    if aimed:
        mods.append(
            Modifier(name="aimed shot", value=AIMED_BONUS, source="rules", rule="PAL-STRIKE-CALLED")
        )
    if wild:
        mods.append(
            Modifier(
                name="shot wild",
                value=WILD_PENALTY,
                source="rules",
                rule="PAL-HR-APM-H2H-RANGED-CAP",
            )
        )
    beyond = range_ft is not None and weapon.range is not None and range_ft > weapon.range
    if beyond:
        mods.append(
            Modifier(
                name=f"beyond the {weapon.name}'s range of {weapon.range} ft",
                value=BEYOND_RANGE_PENALTY,
                source="rules",
                rule="PAL-RNG-BEYOND-RANGE",
            )
        )
    number, rule, band = _shot_target(state, weapon, range_ft)
    r = roll(dice, "strike", "1D20", mods, target=number, rule=rule)
    natural = r.faces[0]
    reasons = [f"{band} ({rule})"]
    if natural == 20:
        hits = True
        reasons.append("natural 20: always hits, critical (PAL-STRIKE-NAT20)")
    elif natural == 1 and options.nat1_always_misses:
        hits = False
        reasons.append("natural 1 always misses (PAL-STRIKE-NAT1)")
    else:
        hits = r.total >= number
        reasons.append(f"total {r.total} {'reaches' if hits else 'is under'} {number}")
    location: str | None = None
    threshold = options.called_location_total
    if hits and called is None:
        if threshold == 0:
            location = "main body"
            reasons.append("an uncalled hit lands on the main body (PAL-RNG-MAIN-BODY)")
        else:
            location = "defender's choice"
            reasons.append("an uncalled hit lands where the defender chooses (PAL-HR-HIT-LOCATION)")
    elif hits and called is not None:
        if natural == 20:
            location = called
            reasons.append(f"a natural 20 hits the called {called} (PAL-STRIKE-NAT20)")
        elif threshold == 0:
            location = called
            reasons.append(f"the called shot lands on the {called} (PAL-STRIKE-CALLED)")
        elif r.total >= threshold:
            location = called
            reasons.append(
                f"total {r.total} reaches {threshold}: lands on the called {called} "
                "(PAL-HR-STRIKE-CALLED-12)"
            )
        else:
            location = "defender's choice"
            reasons.append(
                f"total {r.total} is under {threshold}: it hits, but not the called {called}; "
                "the defender chooses where (PAL-HR-STRIKE-CALLED-12)"
            )
    return StrikeRolled(
        actor=actor,
        target=target,
        action=action,
        weapon=weapon.name,
        roll=r,
        natural=natural,
        hits=hits,
        critical=hits and natural == 20,
        reason="; ".join(reasons),
        called=called,
        location=location,
    )


def point_blank(state: FightState, weapon: WeaponProfile, range_ft: int | None) -> bool:
    """Whether a shot at ``range_ft`` is at punching range under the house range bands, so
    the defender may parry it (PAL-HR-STRIKE-RANGE-BANDS)."""
    options = opts(state)
    return (
        options.range_bands
        and range_ft is not None
        and weapon.range is not None
        and range_ft <= options.point_blank_feet
    )


def strike_detail(s: StrikeRolled, ranged: bool, parry_allowed: bool = False) -> StrikeDetail:
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
    )


def helpless(state: FightState, cid: str) -> str | None:
    """Why ``cid`` cannot defend at all, or None."""
    c = state.combatants[cid]
    if not c.alive:
        return "is dead"
    if "coma" in c.conditions:
        return "is in a coma and cannot defend"
    return None


def _spend_defence(state: FightState, cid: str, what: str, rule: str) -> list[Event]:
    """A defence that costs an attack: one of this round's, or with none left one of the next
    round's (PAL-ROUND-OUT-OF-ATTACKS); under the house passes from hand, later passes, then
    later rounds (PAL-HR-DEF-OVERDRAFT). Reading: an untrained parry's "loses his next attack"
    (PAL-DEF-PARRY) is paid the same way as a dodge. A power punch under way reserves
    nothing: a defence may spend the attack it still needs, and if none is left for it the
    blow is abandoned when the round ends (PAL-COST-MULTI-LANDING)."""
    return [apm.spend_off_turn(state, cid, 1, what, rule, "defence")]


def parrying_weapon(p: Profile, name: str | None) -> WeaponProfile | None:
    """The melee weapon the defender parries with: the one named, else his first (or None)."""
    if name is not None:
        w = find_weapon(p, name)
        if w is not None and w.kind != "melee":
            raise IllegalAction(f"{p.name} cannot parry with the {w.name}: not a melee weapon")
        return w
    return next((w for w in p.weapons if w.kind == "melee"), None)


def _parry(
    state: FightState, defender: str, attacker: str, detail: StrikeDetail, with_: str | None
) -> tuple[list[Event], list[Modifier], str]:
    """The cost, bonuses and rule of a parry (PAL-DEF-PARRY, -PARRY-MD, -PARRY-BAREHAND).

    Shots cannot be parried, except a point-blank shot under the house range bands, whose
    detail says ``parry_allowed`` (PAL-HR-STRIKE-RANGE-BANDS); it is then parried like any
    other weapon (the -10 of PAL-HR-DEF-PARRY-ENERGY is not applied: catalogue ❓).
    """
    df = fighter(state.combatants[defender])
    dp = df.profile
    ap = fighter(state.combatants[attacker]).profile
    if detail.ranged and not detail.parry_allowed:
        raise IllegalAction(
            f"{dp.name} cannot parry a shot: bullets and energy blasts are not parried "
            "(PAL-DEF-PARRY); answer dodge or none"
        )
    attack_weapon = find_weapon(ap, detail.weapon)
    mega = attack_weapon.mega_damage if attack_weapon else ap.unarmed_mega
    own = parrying_weapon(dp, with_)
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
    else:
        mods += dp.parry
        if own is not None and own.parry:
            mods.append(
                Modifier(name=own.name, value=own.parry, source="weapon", rule="PAL-DEF-PARRY")
            )
    cost = [] if dp.trained else _spend_defence(state, defender, "parry", "PAL-DEF-PARRY")
    return cost, mods, rule


def _dodge(
    state: FightState, defender: str, detail: StrikeDetail
) -> tuple[list[Event], list[Modifier], str]:
    """The cost, bonuses and rule of a dodge (PAL-DEF-DODGE, -AUTODODGE, -GUNFIRE-DODGE)."""
    df = fighter(state.combatants[defender])
    dp = df.profile
    if detail.ranged and not opts(state).gunfire_dodge_h2h:
        mods, rule = list(dp.dodge_sheet), "PAL-DEF-GUNFIRE-DODGE"
    elif dp.auto_dodge:
        mods, rule = list(dp.auto_dodge_bonus), "PAL-DEF-AUTODODGE"
    else:
        mods, rule = list(dp.dodge), "PAL-DEF-DODGE"
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
