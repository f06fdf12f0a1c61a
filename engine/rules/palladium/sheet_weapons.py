"""The weapons of a Palladium sheet checked across fields, and its missiles (``[[missiles]]``)
with the launchers that fire them.

The rules text has no full missile table (catalogue M; PAL-MSL-DATA prints a partly garbled
one), so each sheet states its missiles; ``examples/sheets/`` ships the common ones. Keys::

    [[missiles]]
    name = "mini-missile (AP)"        # required, not blank; unique (ignoring case)
    type = "mini"                     # required: mini | short | medium | long
    warhead = "armor_piercing"        # high_explosive (default) | fragmentation |
                                      # armor_piercing | plasma | smoke | gas | other
    damage = "1D4x10"                 # die expression; omit for smoke or gas
    mega_damage = true                # M.D. (default) or S.D.C.
    blast_radius = 3                  # feet, 0..5280
    speed = 1400                      # mph, 1..100000
    mdc = 1                           # the missile's own M.D.C. (default 25, PAL-MSL-MDC)
    smart = false                     # a smart missile (never a mini, PAL-MSL-SMART)
    guided = false                    # a guided missile: +3 to strike (PAL-MSL-BONUS)
    count = 8                         # how many he carries, 0..1000 (required when a
                                      # launcher fires it; 0 for warheads a multi-warhead holds)
    releases = "NAME"                 # a multi-warhead: the [[missiles]] it releases on
    warheads = 4                      # arrival, and how many (1..16, default 4)

A launcher is a weapon with ``kind = "launcher"``, ``missiles = "NAME"`` (one of the sheet's
``[[missiles]]``) and ``rate`` (the most it fires in one volley, 1..100); it has no damage of
its own. Its ``strike`` is its targeting system's bonus (PAL-MSL-BONUS) and its ``wp`` the
W.P. whose bonus counts for mini-missiles (W.P. Heavy Mega-Damage Weapons).
"""

import json
from typing import TYPE_CHECKING, Annotated

import attrs

from engine.dice import parse_spec
from engine.dicespec import below_zero
from engine.sheets import Label, Range, Satisfies, duplicate, problem
from events.palladium import MissileType, Warhead

if TYPE_CHECKING:
    from engine.rules.palladium.sheet import Unarmed, Weapon

DieExpression = Annotated[str, Satisfies(parse_spec, "a die expression such as 1D6, 2D6x10, 1D4+2")]
DEFAULT_MDC = 25  # PAL-MSL-MDC: a missile's M.D.C. when none is known


@attrs.frozen(kw_only=True)
class Missile:
    """A kind of missile the fighter carries and how many (see the module docstring)."""

    name: Label
    type: MissileType
    warhead: Warhead = "high_explosive"
    damage: DieExpression | None = None
    mega_damage: bool = True
    blast_radius: Annotated[int, Range(0, 5280)] = 0
    speed: Annotated[int, Range(1, 100000)] = 500
    mdc: Annotated[int, Range(1, 1000)] = DEFAULT_MDC
    smart: bool = False
    guided: bool = False
    #: How many he carries: required for those a launcher fires (None: not given).
    count: Annotated[int, Range(0, 1000)] | None = None
    #: A multi-warhead: the missiles it releases on arrival, and how many (PAL-MSL-MULTI-WARHEAD).
    releases: Label | None = None
    warheads: Annotated[int, Range(1, 16)] = 4


def weapons_problems(weapons: "tuple[Weapon, ...]") -> list[str]:
    """Weapon names are how the GM picks a weapon, so they must differ (ignoring case); a range
    and a modern W.P. belong to ranged weapons (PAL-STRIKE-WP-PROGRESSION, PAL-RNG-BEYOND-RANGE:
    a melee weapon's W.P. bonus is part of its ``strike``)."""
    first: dict[str, int] = {}
    found = []
    for index, weapon in enumerate(weapons):
        if weapon.kind == "melee":
            found += [
                problem(f"weapons[{index}].{key}", f"only for a ranged weapon ({why})")
                for key, why in (
                    *(
                        ()
                        if weapon.thrown is not None
                        else (("range", "a melee weapon has no range unless thrown is given"),)
                    ),
                    ("wp", "the modern W.P.s are for guns; put a melee W.P. bonus in strike"),
                    ("payload", "a melee weapon fires no shots"),
                )
                if getattr(weapon, key) is not None
            ]
            if weapon.burst:
                found.append(problem(f"weapons[{index}].burst", "a melee weapon fires no bursts"))
            if weapon.twin:
                found.append(problem(f"weapons[{index}].twin", "a melee weapon has no barrels"))
            if weapon.bow:
                found.append(problem(f"weapons[{index}].bow", "only for a ranged weapon"))
            if weapon.thrown is not None and weapon.range is None:
                found.append(
                    problem(f"weapons[{index}].range", "required with thrown: feet it carries")
                )
        elif weapon.bow and weapon.burst:
            found.append(problem(f"weapons[{index}].burst", "a bow fires no bursts"))
        elif weapon.thrown is not None:
            found.append(
                problem(f"weapons[{index}].thrown", "only for a melee weapon (a knife, a spear)")
            )
        elif weapon.kind == "grenade":
            found += [
                problem(f"weapons[{index}].{key}", "not for a grenade")
                for key, on in (
                    ("payload", weapon.payload),
                    ("burst", weapon.burst),
                    ("twin", weapon.twin),
                    ("blunt", weapon.blunt),
                    ("wp", weapon.wp),
                    ("missiles", weapon.missiles),
                    ("rate", weapon.rate),
                    ("bow", weapon.bow),
                )
                if on
            ]
            found += [
                problem(f"weapons[{index}].{key}", f"required for a grenade ({why})")
                for key, why in (
                    ("blast_radius", "feet"),
                    ("count", "how many he carries"),
                    ("range", "feet it can be thrown"),
                )
                if getattr(weapon, key) is None
            ]
        elif weapon.kind == "launcher":
            found += [
                problem(f"weapons[{index}].{key}", "not for a launcher: it fires missiles")
                for key, on in (
                    ("payload", weapon.payload),
                    ("burst", weapon.burst),
                    ("twin", weapon.twin),
                    ("blunt", weapon.blunt),
                )
                if on
            ]
        elif weapon.blunt:
            found.append(
                problem(f"weapons[{index}].blunt", "only for a melee weapon (a club, a mace)")
            )
        if dup := duplicate(first, index, weapon.name, "weapons", "weapon"):
            found.append(dup)
        found += _healing_problems(index, weapon)
    return found


def _healing_problems(index: int, weapon: "Weapon") -> list[str]:
    """``healing`` is for a melee or ranged weapon (a hit heals; a blast or a volley does
    not), whose damage is negative: the sign says it heals."""
    if not weapon.healing:
        return []
    where = f"weapons[{index}].healing"
    if weapon.kind not in ("melee", "ranged"):
        return [problem(where, "only for a melee or ranged weapon (a hit heals; a blast does not)")]
    if weapon.damage is not None and below_zero(weapon.damage) is None:
        return [
            problem(
                where,
                f'goes with a negative damage, e.g. "-1D6" (the sign says it heals); '
                f"{json.dumps(weapon.damage)} only ever hurts",
            )
        ]
    return []


def sign_problems(
    weapons: "tuple[Weapon, ...]", missiles: tuple[Missile, ...], unarmed: "Unarmed | None"
) -> list[str]:
    """Negative damage (``-1D6``: it would heal) in a sheet read from a file: refused, but for
    a weapon that says ``healing = true``. Only a file is held to this: a sheet a log embeds
    from before the check replays as it was written."""
    found = []
    for index, weapon in enumerate(weapons):
        why = below_zero(weapon.damage) if weapon.damage is not None else None
        if why is not None and not weapon.healing:
            found.append(
                problem(
                    f"weapons[{index}].damage",
                    f"{json.dumps(weapon.damage)} is negative damage ({why}); a weapon that "
                    "heals says healing = true",
                )
            )
    for index, missile in enumerate(missiles):
        why = below_zero(missile.damage) if missile.damage is not None else None
        if why is not None:
            found.append(
                problem(
                    f"missiles[{index}].damage",
                    f"{json.dumps(missile.damage)} is negative damage ({why}); a missile's "
                    "damage is 0 or more",
                )
            )
    for blow in ("punch", "kick"):
        text = getattr(unarmed, blow) if unarmed is not None else None
        why = below_zero(text) if text is not None else None
        if why is not None:
            found.append(
                problem(
                    f"unarmed.{blow}",
                    f"{json.dumps(text)} is negative damage ({why}); a {blow} does 0 or more",
                )
            )
    return found


def missiles_problems(missiles: tuple[Missile, ...], weapons: "tuple[Weapon, ...]") -> list[str]:
    """Missile names differ; a mini-missile is never smart (PAL-MSL-SMART); a multi-warhead
    releases another of the sheet's missiles, one that releases none (PAL-MSL-MULTI-WARHEAD);
    a launcher names missiles the sheet carries and a rate, and only a launcher does."""
    found: list[str] = []
    names: dict[str, int] = {}
    for index, m in enumerate(missiles):
        if dup := duplicate(names, index, m.name, "missiles", "missile"):
            found.append(dup)
        if m.smart and m.type == "mini":
            found.append(
                problem(f"missiles[{index}].smart", "a mini-missile is never smart (PAL-MSL-SMART)")
            )
    found += _releases_problems(missiles, names)
    for index, w in enumerate(weapons):
        where = f"weapons[{index}]"
        if w.kind != "grenade":
            found += [
                problem(f"{where}.{key}", 'only for a grenade (kind = "grenade")')
                for key in ("blast_radius", "scatter", "count")
                if getattr(w, key) is not None
            ]
        if w.kind == "grenade":
            continue
        if w.kind != "launcher":
            found += [
                problem(f"{where}.{key}", 'only for a launcher (kind = "launcher")')
                for key in ("missiles", "rate")
                if getattr(w, key) is not None
            ]
            if w.damage is None:
                found.append(problem(f"{where}.damage", "required for a melee or ranged weapon"))
            continue
        if w.damage is not None:
            found.append(
                problem(f"{where}.damage", "a launcher's damage is its missiles' (give none)")
            )
        if w.missiles is None:
            found.append(problem(f"{where}.missiles", "required: the [[missiles]] it fires"))
        elif (fired := names.get(w.missiles.strip().casefold())) is not None:
            if missiles[fired].count is None:
                found.append(
                    problem(
                        f"missiles[{fired}].count",
                        f"required: how many he carries (the {w.name} fires them)",
                    )
                )
        else:
            known = ", ".join(json.dumps(m.name) for m in missiles) or "none on the sheet"
            found.append(
                problem(
                    f"{where}.missiles",
                    f"no [[missiles]] named {json.dumps(w.missiles)} (missiles: {known})",
                )
            )
        if w.rate is None:
            found.append(problem(f"{where}.rate", "required: the most missiles in one volley"))
    return found


def _releases_problems(missiles: tuple[Missile, ...], names: dict[str, int]) -> list[str]:
    """A multi-warhead's ``releases`` names another of the sheet's missiles, itself no
    multi-warhead (PAL-MSL-MULTI-WARHEAD)."""
    found: list[str] = []
    for index, m in enumerate(missiles):
        where = f"missiles[{index}].releases"
        if m.releases is None:
            continue
        other = names.get(m.releases.strip().casefold())
        if other is None:
            known = ", ".join(json.dumps(x.name) for x in missiles)
            found.append(
                problem(
                    where, f"no [[missiles]] named {json.dumps(m.releases)} (missiles: {known})"
                )
            )
        elif other == index:
            found.append(problem(where, "a multi-warhead releases other missiles, not itself"))
        elif missiles[other].releases is not None:
            found.append(
                problem(
                    where, f"{json.dumps(m.releases)} is itself a multi-warhead (one level only)"
                )
            )
    return found
