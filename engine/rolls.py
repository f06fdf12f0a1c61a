"""Building recorded rolls: faces from the ply's dice, then every modifier in order."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice, parse_spec
from events.core import Modifier, Roll


def apply_modifiers(base: int, modifiers: Sequence[Modifier]) -> int:
    """Start from the dice value and apply each modifier in order (add, or multiply)."""
    total = base
    for m in modifiers:
        total = total * m.value if m.op == "mul" else total + m.value
    return total


def roll(
    dice: Dice,
    purpose: str,
    spec: str,
    modifiers: Sequence[Modifier] = (),
    *,
    target: int | None = None,
    rule: str = "",
) -> Roll:
    """Roll ``spec`` with the ply's dice and record faces, modifiers, total and target."""
    parsed = parse_spec(spec)
    faces, source = dice.faces(parsed)
    mods = tuple(m for m in modifiers if m.op == "mul" or m.value != 0)
    total = apply_modifiers(parsed.value(faces), mods)
    return Roll(
        purpose=purpose,
        spec=str(parsed),
        faces=faces,
        source=source,
        modifiers=mods,
        total=total,
        target=target,
        rule=rule,
    )


def fixed(purpose: str, value: int, modifiers: Sequence[Modifier] = (), *, rule: str = "") -> Roll:
    """A 'roll' with no dice: a fixed base value plus modifiers (e.g. fixed initiative)."""
    mods = tuple(m for m in modifiers if m.op == "mul" or m.value != 0)
    return Roll(
        purpose=purpose,
        spec=str(value),
        faces=(),
        source="seed",
        modifiers=mods,
        total=apply_modifiers(value, mods),
        rule=rule,
    )
