"""Firearm, grenade and incendiary malfunctions (GURPS-MALF).

Malf by TL: TL3 12, TL4 14, TL5 16, TL6+ 17; a fine (or very fine) weapon +1, a cheap one -1.
An unmodified attack roll at or above Malf malfunctions instead of firing, whatever the skill.
Then 3d: 3-4 mechanical or electrical problem, 5-8 misfire, 9-11 stoppage, 12-14 misfire, 15-18
mechanical problem and possibly an explosion (a TL3 firearm, or a TL4 grenade, breechloader or
repeater; TL5+ never explodes): 1d+2 cr ex [2d], or the warhead's damage.

What each needs: a mechanical problem, a Ready and an Armoury or IQ-based weapon skill roll to
find, then Armoury rolls of an hour each (a critical failure destroys the weapon); a misfire, a
Ready and Armoury+2 or IQ-based weapon skill to find it, and to fix it three Readies, two free
hands and Armoury+2 or IQ-based weapon skill (a revolver just fires next time; a critical failure
makes it a mechanical problem); a stoppage fires one shot first, then three Readies, two hands
and Armoury, or IQ-based weapon skill at -4 (critical failure: mechanical). A grenade's
mechanical problem goes off 1d seconds late; its misfire or stoppage is a dud. A beam weapon's
stoppage is a mechanical problem.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules import UsageError
from engine.rules.gurps.situations.common import face

Quality = Literal["cheap", "good", "fine", "very_fine"]
Kind = Literal["mechanical", "misfire", "stoppage", "explosion", "late", "dud"]
#: what malfunctions: a firearm (by action), a grenade, a beam weapon
Design = Literal["firearm", "revolver", "breechloader", "repeater", "grenade", "beam"]


def malf_number(tl: int, quality: Quality = "good") -> int:
    """GURPS-MALF: a weapon's Malf from its tech level and quality (TL 3 and up)."""
    if tl < MALF_FIRST_TL:
        raise UsageError(f"TL {tl}: Malf starts at TL {MALF_FIRST_TL} (firearms)")
    base = next(malf for top, malf in MALF_BY_TL if tl <= top)
    return base + QUALITY[quality]


def malfunctions(unmodified_roll: int, malf: int) -> bool:
    """GURPS-MALF: whether an attack roll (the 3d as rolled, before any modifier)
    malfunctions instead of firing."""
    face(unmodified_roll, 18, "the attack roll")
    return unmodified_roll >= malf


def malfunction(roll: int, *, tl: int, design: Design = "firearm") -> Kind:
    """GURPS-MALF: what went wrong, from a 3d ``roll`` on the malfunction table, for a weapon
    of ``tl`` and ``design``; an explosion only where the table's 15-18 can explode."""
    face(roll, 18, "the malfunction roll")
    kind: Kind = next(k for top, k in MALFUNCTION_TABLE if roll <= top)
    if kind == "explosion" and not _can_explode(tl, design):
        kind = "mechanical"
    return BY_DESIGN.get(design, {}).get(kind, kind)


def _can_explode(tl: int, design: Design) -> bool:
    return (design, tl) in EXPLODES or (tl == EXPLODES_ANY_TL and design in FIREARMS)


class Remedy(msgspec.Struct, frozen=True, kw_only=True):
    """What clearing a malfunction takes.

    ``diagnose``: (Readies, Armoury modifier, IQ-based weapon skill modifier) to find the
    problem, or None; ``fix``: (Readies per try, Armoury modifier, IQ-based skill modifier or
    None when only Armoury will do); ``hands`` free; ``hours`` per repair try (0: seconds);
    ``shot_fires`` the one shot a stoppage lets off; ``on_critical_failure`` what a critical
    failure of the fixing roll makes of it ("destroyed" or another kind)."""

    diagnose: tuple[int, int, int] | None
    fix: tuple[int, int, int | None] | None
    hands: int
    hours: int
    shot_fires: bool
    on_critical_failure: str


def remedy(kind: Kind, design: Design = "firearm") -> Remedy:
    """GURPS-MALF: what each result needs to clear (the module docstring); an explosion,
    a late grenade or a dud is not cleared, and a revolver's misfire needs no fixing (the
    next shot fires)."""
    if (kind, design) == ("misfire", "revolver"):
        return REVOLVER_MISFIRE
    return REMEDIES[kind]


#: GURPS-MALF: (highest TL, Malf); TL 6 and up is 17
MALF_FIRST_TL = 3
MALF_BY_TL: tuple[tuple[int, int], ...] = ((3, 12), (4, 14), (5, 16), (10**6, 17))
QUALITY: dict[str, int] = {"cheap": -1, "good": 0, "fine": 1, "very_fine": 1}
#: the malfunction table: (highest 3d roll, result)
MALFUNCTION_TABLE: tuple[tuple[int, Kind], ...] = (
    (4, "mechanical"),
    (8, "misfire"),
    (11, "stoppage"),
    (14, "misfire"),
    (18, "explosion"),
)
#: the TL at which any firearm may explode, and the TL4 designs that may
EXPLODES_ANY_TL = 3
FIREARMS = frozenset({"firearm", "revolver", "breechloader", "repeater"})
EXPLODES: frozenset[tuple[str, int]] = frozenset(
    {("grenade", 4), ("breechloader", 4), ("repeater", 4), ("revolver", 4)}
)
#: the damage of an exploding weapon without an explosive warhead
EXPLOSION_DAMAGE = "1d+2 cr ex [2d]"
#: how a design turns a result of the table into its own
BY_DESIGN: dict[str, dict[str, Kind]] = {
    "grenade": {"mechanical": "late", "misfire": "dud", "stoppage": "dud"},
    "beam": {"stoppage": "mechanical"},
}
#: seconds a grenade's fusing problem delays it: 1d
LATE_DICE = 1
_NONE = Remedy(diagnose=None, fix=None, hands=0, hours=0, shot_fires=False, on_critical_failure="")
REMEDIES: dict[str, Remedy] = {
    "mechanical": Remedy(
        diagnose=(1, 0, 0),
        fix=(0, 0, None),
        hands=0,
        hours=1,
        shot_fires=False,
        on_critical_failure="destroyed",
    ),
    "misfire": Remedy(
        diagnose=(1, 2, 0),
        fix=(3, 2, 0),
        hands=2,
        hours=0,
        shot_fires=False,
        on_critical_failure="mechanical",
    ),
    "stoppage": Remedy(
        diagnose=None,
        fix=(3, 0, -4),
        hands=2,
        hours=0,
        shot_fires=True,
        on_critical_failure="mechanical",
    ),
    "explosion": _NONE,
    "late": _NONE,
    "dud": _NONE,
}
REVOLVER_MISFIRE = Remedy(
    diagnose=(1, 2, 0), fix=None, hands=0, hours=0, shot_fires=False, on_critical_failure=""
)
