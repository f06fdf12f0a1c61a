"""What the situation modules share: a modifier record, Quick Contests, and body regions.

A Quick Contest [GK] (``shared/rules/gurps-brp.md`` §1.1): a success beats a failure; otherwise
the larger margin wins (success by more, or failure by less); equal is a tie, and the margin of
victory is the difference of the margins.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules import UsageError
from engine.spans import span
from events.core import Modifier, ModifierOp

#: Where a hit location lies on the body, for the rules that speak of "the head" or "the legs".
Region = Literal["head", "neck", "torso", "groin", "arms", "hands", "legs", "feet"]


def situation(value: int, text: str, rule: str, op: ModifierOp = "add") -> Modifier:
    """A modifier a situation applies: ``value``, what it is in words, and the rule id cited."""
    return Modifier(name=text, value=value, source="situation", rule=rule, op=op)


def total(modifiers: tuple[Modifier, ...]) -> int:
    """The sum of the added modifiers (the ones with ``op="add"``)."""
    return sum(m.value for m in modifiers if m.op == "add")


class Side(msgspec.Struct, frozen=True):
    """One side of a Quick Contest: whether its roll succeeded, and by how much (``margin`` =
    effective skill - roll; negative when it missed)."""

    succeeded: bool
    margin: int


class Contest(msgspec.Struct, frozen=True):
    """The result of a Quick Contest: ``winner`` is "first", "second" or None for a tie;
    ``by`` is the margin of victory (0 on a tie)."""

    winner: Literal["first", "second"] | None
    by: int


def quick_contest(first: Side, second: Side) -> Contest:
    """Settle a Quick Contest between two rolls [GK]: see the module docstring."""
    a = (first.succeeded, first.margin)
    b = (second.succeeded, second.margin)
    if a == b:
        return Contest(winner=None, by=0)
    winner: Literal["first", "second"] = "first" if a > b else "second"
    return Contest(winner=winner, by=abs(first.margin - second.margin))


def region(location: str) -> Region:
    """The region of a hit location (``skull``, ``right_leg``, ``left_hand`` ...); an unknown
    location is refused naming it."""
    try:
        return REGIONS[location]
    except KeyError:
        known = ", ".join(sorted(REGIONS))
        raise UsageError(f"unknown hit location {location!r} (known: {known})") from None


def face(value: int, sides: int, what: str) -> int:
    """A die face as rolled, checked: 1 to ``sides`` (one die) or the range of 3d when
    ``sides`` is 18; anything else is refused naming ``what`` it was for."""
    low = 3 if sides == 18 else 1
    if not low <= value <= sides:
        shown = "3d" if sides == 18 else f"1d{sides}" if sides != 6 else "1d"
        raise UsageError(f"{what}: {value} is not a {shown} roll ({span(low, sides)})")
    return value


#: hit location -> region (both sides' names and the unsided ones)
REGIONS: dict[str, Region] = {
    "skull": "head",
    "eye": "head",
    "eyes": "head",
    "face": "head",
    "neck": "neck",
    "torso": "torso",
    "vitals": "torso",
    "groin": "groin",
    "arm": "arms",
    "right_arm": "arms",
    "left_arm": "arms",
    "hand": "hands",
    "right_hand": "hands",
    "left_hand": "hands",
    "leg": "legs",
    "right_leg": "legs",
    "left_leg": "legs",
    "foot": "feet",
    "right_foot": "feet",
    "left_foot": "feet",
}
