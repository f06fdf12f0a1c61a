"""Shots with a ranged weapon: what the rules allow, the target number by range, where a hit
lands (PAL-STRIKE-RANGED-TARGET, PAL-STRIKE-CALLED, PAL-HR-STRIKE-RANGE-BANDS,
PAL-RNG-BEYOND-RANGE).

Each function returns what it rolls; nothing here touches the log or the clock.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UsageError
from engine.rules.palladium import bursts, launchers, situations, sizes
from engine.rules.palladium.called import landing as called_landing
from engine.rules.palladium.combat import RANGED_TARGET
from engine.rules.palladium.gunbonus import gun_modifiers
from engine.rules.palladium.options import opts
from engine.rules.palladium.situations import WILD_PENALTY
from engine.rules.palladium.tables import WP_TITLES
from events.core import Modifier
from events.palladium import ShootDeclared, StrikeRolled, WeaponProfile
from projections.palladium import fighter
from projections.state import FightState

# PAL-HR-STRIKE-RANGE-BANDS: point-blank (punching range), out to half the range, beyond.
POINT_BLANK_TARGET = 5
LONG_RANGE_TARGET = 13
AIMED_BONUS = 2  # PAL-RNG-AIMED / PAL-STRIKE-CALLED: an aimed shot is +2
BEYOND_RANGE_PENALTY = -5  # PAL-RNG-BEYOND-RANGE: up to 30% past the range
BEYOND_RANGE_PERCENT = 130  # ... and no farther


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
    launchers.refuse(weapon)
    if weapon.kind != "ranged":
        raise IllegalAction(
            f"the {weapon.name} is a melee weapon: shoot needs a ranged weapon; use strike "
            "(PAL-STRIKE-RANGED-TARGET)"
        )
    if (aimed or called is not None) and weapon.wp_level == 0 and not weapon.bow:
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


def shot_target(
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
            (
                f"no range given (--range): needs {RANGED_TARGET}"
                if weapon.range is not None
                else f"the {weapon.name}'s sheet gives no range: needs {RANGED_TARGET}"
            ),
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
    situation: tuple[str, ...] = (),
    target_mph: int | None = None,
    burst: str | None = None,
    cover: int | None = None,
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

    Location of a hit (:func:`called.landing`): an uncalled hit lands on the main body when
    ``called_location_total`` is 0 (RAW, PAL-RNG-MAIN-BODY), else where the defender chooses
    (PAL-HR-HIT-LOCATION). A called hit lands where called under RAW (PAL-STRIKE-CALLED);
    under the house number it does so only if the total also reaches
    ``called_location_total``, else the defender chooses (PAL-HR-STRIKE-CALLED-12). A natural
    20 hits the called spot under both.
    """
    check_shot(state, actor, weapon, aimed=aimed, called=called, range_ft=range_ft)
    action = _shot_action(aimed, called) if burst is None else bursts.BURST_KINDS[burst]
    if (wild or "wild" in situation or "spray" in situation) and (aimed or called is not None):
        raise IllegalAction(
            f"{_a(action)} cannot be shot wild: aimed and called shots are single careful "
            "shots (PAL-RNG-AIMED, PAL-STRIKE-CALLED)"
        )
    options = opts(state)
    p = fighter(state.combatants[actor]).profile
    mods = gun_modifiers(state, p, weapon)
    mods += bursts.modifiers(state, burst, aimed or called is not None, mods, weapon)
    if aimed:
        mods.append(
            Modifier(name="aimed shot", value=AIMED_BONUS, source="rules", rule="PAL-STRIKE-CALLED")
        )
    moment = situations.modifiers(options, situation, target_mph, cover)
    if wild and not any(m.rule == "PAL-RNG-WILD" for m in moment):  # fired wild once
        mods.append(
            Modifier(
                name="shot wild",
                value=WILD_PENALTY,
                source="rules",
                rule="PAL-HR-APM-H2H-RANGED-CAP",
            )
        )
    mods += moment
    mods += sizes.modifiers(state, actor, target, weapon)
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
    number, rule, band = shot_target(state, weapon, range_ft)
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
    location, where = called_landing(
        options, called=called, natural=natural, total=r.total, hits=hits
    )
    reasons += where
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


COVER_MIN, COVER_MAX = 2, 10  # PAL-RNG-COVER (house): -2 to -10 by how much is covered


def situation(d: ShootDeclared) -> tuple[str, ...]:
    """The moment's flags of a shot, refused where the rules refuse them: an aimed or called
    shot is never fired wild (PAL-RNG-AIMED), a shot at a weapon is a called shot
    (PAL-RNG-TARGET-WEAPON)."""
    if d.at_weapon and d.called is None:
        raise IllegalAction(
            "a shot at a weapon in hand is a called shot (PAL-RNG-TARGET-WEAPON): add --called "
            "and what it aims at"
        )
    if (d.wild or d.spray) and (d.aimed or d.called is not None):
        raise IllegalAction(
            "an aimed or called shot is a single careful shot and is never fired wild "
            "(PAL-RNG-AIMED)"
        )
    if d.spray and d.burst is None:
        raise IllegalAction(
            "spraying an area is automatic fire: add --burst short or long (PAL-RNG-WILD, "
            "PAL-RNG-BURST)"
        )
    if d.cover is not None and not COVER_MIN <= d.cover <= COVER_MAX:
        raise UsageError(f"--cover {d.cover}: the penalty for how much is covered, 2 to 10")
    if d.cover is not None and d.called is None:
        raise IllegalAction(
            "a target in partial cover is hit only by a called shot at what shows "
            "(PAL-RNG-COVER): add --called"
        )
    if d.target_moving is not None and d.target_moving < 0:
        raise UsageError(f"--target-moving {d.target_moving}: a speed in mph, 0 or more")
    flags = (
        ("wild", d.wild),
        ("blind", d.blind),
        ("moving", d.moving),
        ("at-weapon", d.at_weapon),
        ("twin", d.twin),
        ("spray", d.spray),
    )
    return tuple(name for name, on in flags if on)


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
