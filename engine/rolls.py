"""Building recorded rolls: faces from the ply's dice, then every modifier in order.

Two ways to judge a roll (``Roll.judged``): "over" adds the modifiers to the dice and the total
must reach the target; "under" applies them to a skill, and the dice must not exceed what
they leave. The rules pack picks the modifiers and their
order; this module applies them exactly as recorded. Every percentile roll is judged: under
its chance (:func:`roll_under`), or read on a table under the top of its band
(:func:`roll_table`); a contest of totals is judged over the other's (:func:`contested`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import msgspec

from engine.dice import Dice, parse_spec
from engine.dicespec import DiceSpec, DiceTerm
from events.core import Modifier, Roll


def apply_modifiers(base: int, modifiers: Sequence[Modifier]) -> int:
    """Start from ``base`` and apply each modifier in order (events.core.ModifierOp)."""
    total = base
    for m in modifiers:
        match m.op:
            case "add":
                total += m.value
            case "mul":
                total *= m.value
            case "div":
                total //= m.value
            case "div_up":
                total = -(-total // m.value)
            case "cap":
                total = min(total, m.value)
            case "set":
                total = m.value
            case "skip":
                pass  # shown, not applied
    return total


def _kept(modifiers: Sequence[Modifier]) -> tuple[Modifier, ...]:
    """Every step but an addition (or a skipped one) of 0, which explains nothing."""
    return tuple([m for m in modifiers if m.value != 0 or m.op not in ("add", "skip")])


def roll(
    dice: Dice,
    purpose: str,
    spec: str,
    modifiers: Sequence[Modifier] = (),
    *,
    target: int | None = None,
    rule: str = "",
) -> Roll:
    """Roll ``spec`` with the ply's dice; the modifiers apply to the dice and the total must
    reach ``target`` (judged "over"; no target: nothing to reach, e.g. damage)."""
    parsed, shown, sides, plain = _spec(spec)
    faces, source = dice.faces(parsed, sides)
    mods = _kept(modifiers)
    total = apply_modifiers(sum(faces) if plain else parsed.value(faces), mods)
    return Roll(
        purpose=purpose,
        spec=shown,
        faces=faces,
        source=source,
        modifiers=mods,
        total=total,
        target=target,
        rule=rule,
        margin=None if target is None else total - target,
        sides=sides,
    )


@functools.lru_cache(maxsize=512)
def _spec(text: str) -> tuple[DiceSpec, str, tuple[int, ...], bool]:
    """A die expression parsed once per process: the spec, as shown, each face's die, and
    whether its value is the plain sum of its faces (``1D20``, ``3D6``; the rules roll the
    same few expressions over and over)."""
    parsed = parse_spec(text)
    sides = parsed.sides_per_face()
    plain = all(
        isinstance(t, DiceTerm) and t.multiplier == 1 and not t.negative for t in parsed.terms
    )
    return parsed, str(parsed), sides, plain


def roll_under(
    dice: Dice,
    purpose: str,
    spec: str,
    base: int,
    target_modifiers: Sequence[Modifier] = (),
    *,
    rule: str = "",
    tier: Callable[[int, int], str] | None = None,
) -> Roll:
    """Roll ``spec`` against ``base`` after ``target_modifiers`` (judged "under": the dice
    must not exceed the target). ``tier(total, target)`` names the success tier, if the
    system has tiers."""
    parsed, shown, sides, _ = _spec(spec)
    faces, source = dice.faces(parsed, sides)
    mods = _kept(target_modifiers)
    target = apply_modifiers(base, mods)
    total = parsed.value(faces)
    return Roll(
        purpose=purpose,
        spec=shown,
        faces=faces,
        source=source,
        total=total,
        target=target,
        rule=rule,
        judged="under",
        margin=target - total,
        tier=None if tier is None else tier(total, target),
        base=base,
        target_modifiers=mods,
        sides=sides,
    )


def roll_table(
    dice: Dice,
    purpose: str,
    spec: str,
    bands: Sequence[tuple[int, str]],
    modifiers: Sequence[Modifier] = (),
    *,
    rule: str = "",
) -> Roll:
    """Roll ``spec`` plus ``modifiers`` and read the total on a table of ``bands`` (a
    percentile table: "01-30 one more, 31-60 half, 61-00 all"). Each band is (its highest
    total, what it does), lowest first; the last takes every total above the one before it.
    Judged "under" the top of the band the total falls in (``target``: for the last band the
    most the roll can make), with ``margin`` how far under it, and ``tier`` what the band
    does."""
    parsed, shown, sides, plain = _spec(spec)
    faces, source = dice.faces(parsed, sides)
    mods = _kept(modifiers)
    total = apply_modifiers(sum(faces) if plain else parsed.value(faces), mods)
    most = apply_modifiers(parsed.maximum, mods)
    top, band = next(
        ((t, what) for t, what in bands[:-1] if total <= t), (max(most, total), bands[-1][1])
    )
    return Roll(
        purpose=purpose,
        spec=shown,
        faces=faces,
        source=source,
        modifiers=mods,
        total=total,
        target=top,
        rule=rule,
        judged="under",
        margin=top - total,
        tier=band,
        sides=sides,
    )


def contested(r: Roll, target: int) -> Roll:
    """``r`` judged "over" a target known only once the other side has rolled (a contest of
    totals: the interrupter's 1D100 + Spd must beat the other's)."""
    return msgspec.structs.replace(r, target=target, margin=r.total - target)


def fixed(purpose: str, value: int, modifiers: Sequence[Modifier] = (), *, rule: str = "") -> Roll:
    """A 'roll' with no dice: a fixed base value plus modifiers (e.g. fixed initiative)."""
    mods = _kept(modifiers)
    return Roll(
        purpose=purpose,
        spec=str(value),
        faces=(),
        source="seed",
        modifiers=mods,
        total=apply_modifiers(value, mods),
        rule=rule,
    )


def skipped(modifiers: Sequence[Modifier], why: str, rule: str) -> list[Modifier]:
    """``modifiers`` shown on a roll as not applying to it, each saying ``why`` and citing the
    ``rule`` that leaves it out (op ``skip``: listed, never added)."""
    return [
        Modifier(name=f"{m.name}: {why}", value=m.value, source=m.source, rule=rule, op="skip")
        for m in modifiers
        if m.op == "add" and m.value
    ]
