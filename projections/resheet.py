"""A combatant's pools carried over to a new sheet (``fracas resheet``), for every rules pack's
reducer of its ``…_resheeted`` event: what he has lost stays lost, against the new maxima.

Pure arithmetic on numbers a pack's record keeps; a pack says which numbers are pools and
which maximum each is counted against.
"""

from __future__ import annotations

from collections.abc import Mapping


def less(
    new: int | None, old_max: int | None, now: int | None, floor: int | None = 0
) -> int | None:
    """``new`` (the new sheet's maximum) less what was lost of ``old_max`` (``now`` being what
    was left), not below ``floor`` (None: no floor, e.g. hit points that go below zero). A
    pool the old sheet did not have (``old_max`` or ``now`` None) starts full; one the new
    sheet has not (``new`` None) is gone."""
    if new is None:
        return None
    if old_max is None or now is None:
        return new
    left = new - (old_max - now)
    return left if floor is None else max(floor, left)


def carried(
    new: Mapping[str, int],
    old_max: Mapping[str, int],
    now: Mapping[str, int],
    floor: int | None = 0,
) -> dict[str, int]:
    """:func:`less` for each named pool of the new sheet (a weapon's shots, a missile rack):
    one the old sheet had keeps its loss, a new one starts full; one the new sheet lacks is
    gone."""
    out: dict[str, int] = {}
    for name, maximum in new.items():
        left = less(maximum, old_max.get(name), now.get(name), floor)
        assert left is not None
        out[name] = left
    return out
