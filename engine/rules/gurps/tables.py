"""The GURPS tables as data: thrust and swing by ST, wounding multipliers, hit locations and the
random location roll, the range/speed table, the rapid-fire bonus, postures.

Numbers follow the GURPS Basic Set ([GK] in ``shared/rules/gurps-brp.md`` §1.1) and the seed's
location rules (GURPS-HITLOC-TABLE, GURPS-HITLOC-LIMB). Fractions are (numerator,
denominator): the pack's algebra is integer.
"""

from __future__ import annotations

import bisect

import attrs

from engine.rules.gurps.situations.weapons import WeaponSize

#: ST -> (thrust, swing) as (dice, adds), GURPS-DAMAGE-TABLE (ST 1-40).
_THR_SW: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((1, -6), (1, -5)),  # 1
    ((1, -6), (1, -5)),
    ((1, -5), (1, -4)),
    ((1, -5), (1, -4)),
    ((1, -4), (1, -3)),  # 5
    ((1, -4), (1, -3)),
    ((1, -3), (1, -2)),
    ((1, -3), (1, -2)),
    ((1, -2), (1, -1)),
    ((1, -2), (1, 0)),  # 10
    ((1, -1), (1, 1)),
    ((1, -1), (1, 2)),
    ((1, 0), (2, -1)),
    ((1, 0), (2, 0)),
    ((1, 1), (2, 1)),  # 15
    ((1, 1), (2, 2)),
    ((1, 2), (3, -1)),
    ((1, 2), (3, 0)),
    ((2, -1), (3, 1)),
    ((2, -1), (3, 2)),  # 20
    ((2, 0), (4, -1)),
    ((2, 0), (4, 0)),
    ((2, 1), (4, 1)),
    ((2, 1), (4, 2)),
    ((2, 2), (5, -1)),  # 25
    ((2, 2), (5, 0)),
    ((3, -1), (5, 1)),
    ((3, -1), (5, 1)),
    ((3, 0), (5, 2)),
    ((3, 0), (5, 2)),  # 30
    ((3, 1), (6, -1)),
    ((3, 1), (6, -1)),
    ((3, 2), (6, 0)),
    ((3, 2), (6, 0)),
    ((4, -1), (6, 1)),  # 35
    ((4, -1), (6, 1)),
    ((4, 0), (6, 2)),
    ((4, 0), (6, 2)),
    ((4, 1), (7, -1)),
    ((4, 1), (7, -1)),  # 40
)
MAX_ST = len(_THR_SW)


def thrust(st: int) -> tuple[int, int]:
    """Thrust damage for ST (dice, adds), GURPS-DAMAGE-TABLE."""
    return _THR_SW[st - 1][0]


def swing(st: int) -> tuple[int, int]:
    """Swing damage for ST (dice, adds), GURPS-DAMAGE-TABLE."""
    return _THR_SW[st - 1][1]


def dice_text(dice: int, adds: int) -> str:
    """(2, -1) -> "2D6-1", the engine's die expression."""
    if adds == 0:
        return f"{dice}D6"
    return f"{dice}D6{adds:+d}"


def gurps_dice(dice: int, adds: int) -> str:
    """(2, -1) -> "2d-1", as a GURPS sheet writes it."""
    return f"{dice}d" + (f"{adds:+d}" if adds else "")


#: Damage types whose injury comes off FP, not HP, and gives no shock (GURPS-FATIGUE).
FATIGUE_TYPES: frozenset[str] = frozenset({"fat"})

#: Wounding multiplier by damage type, GURPS-WOUNDING: (numerator, denominator).
WOUNDING: dict[str, tuple[int, int]] = {
    "cr": (1, 1),
    "cut": (3, 2),
    "imp": (2, 1),
    "pi-": (1, 2),
    "pi": (1, 1),
    "pi+": (3, 2),
    "pi++": (2, 1),
    "burn": (1, 1),
    "cor": (1, 1),
    "tox": (1, 1),
    "fat": (1, 1),
}

#: The piercing and impaling types (the vitals, the eyes and chinks take them).
PIERCING = ("imp", "pi-", "pi", "pi+", "pi++")


@attrs.frozen
class Location:
    """A hit location: its penalty to hit, extra DR it has by nature, wounding multipliers
    that replace the type's (type -> fraction), the damage types that may target it (empty:
    all), the knockdown roll's modifier, and the crippling threshold (fraction of HP that
    injury must exceed; None: cannot be crippled) — injury beyond it is lost where
    ``capped`` (a limb, a hand, a foot; an eye is blinded but the blow goes on as to the
    skull)."""

    penalty: int
    rule: str
    extra_dr: int = 0
    wounding: dict[str, tuple[int, int]] = attrs.field(factory=dict)
    only: tuple[str, ...] = ()
    knockdown: int = 0
    head: bool = False
    cripple: tuple[int, int] | None = None
    #: Injury beyond what cripples is lost (limbs and extremities; not an eye).
    capped: bool = True
    #: Crippled, the hand on that side can use nothing it holds ("right", "left"; "": none).
    hand: str = ""
    #: Crippled, he falls and can only crawl (a leg or a foot).
    leg: bool = False
    #: Crippled, he sees with one eye (GURPS-HITLOC-LIMB reading, the Basic Set's One Eye).
    sight: bool = False
    #: More to hit it when the target carries a shield there (shield arm -4, hand -8).
    shield_extra: int = 0
    #: Damage types whose shock is doubled (at most -8) on a target with the sheet's ``male``
    #: trait (the groin: crushing, GURPS-HITLOC-TABLE).
    male_shock: tuple[str, ...] = ()


_HEAD_X4 = {t: (4, 1) for t in WOUNDING if t != "tox"}
_LIMB = {"imp": (1, 1), "pi+": (1, 1), "pi++": (1, 1)}

#: GURPS-HITLOC-TABLE and GURPS-HITLOC-LIMB.
LOCATIONS: dict[str, Location] = {
    "torso": Location(0, "GURPS-HITLOC-TABLE"),
    "vitals": Location(
        -3,
        "GURPS-HITLOC-TABLE",
        wounding={t: (3, 1) for t in PIERCING} | {"burn": (2, 1)},
        only=(*PIERCING, "burn"),
        head=True,
    ),
    "skull": Location(
        -7, "GURPS-HITLOC-TABLE", extra_dr=2, wounding=_HEAD_X4, knockdown=-10, head=True
    ),
    "eye": Location(
        -9,
        "GURPS-HITLOC-TABLE",
        wounding=_HEAD_X4,
        only=("imp", "pi-", "pi", "pi+", "pi++", "burn"),
        knockdown=-10,
        head=True,
        cripple=(1, 10),
        capped=False,
        sight=True,
    ),
    "face": Location(-5, "GURPS-HITLOC-TABLE", wounding={"cor": (3, 2)}, knockdown=-5, head=True),
    "neck": Location(
        -5, "GURPS-HITLOC-TABLE", wounding={"cr": (3, 2), "cor": (3, 2), "cut": (2, 1)}
    ),
    "groin": Location(-3, "GURPS-HITLOC-TABLE", knockdown=-5, male_shock=("cr",)),
    "right_arm": Location(-2, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 2), hand="right"),
    "left_arm": Location(
        -2, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 2), hand="left", shield_extra=-2
    ),
    "right_leg": Location(-2, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 2), leg=True),
    "left_leg": Location(-2, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 2), leg=True),
    "right_hand": Location(-4, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 3), hand="right"),
    "left_hand": Location(
        -4, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 3), hand="left", shield_extra=-4
    ),
    "right_foot": Location(-4, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 3), leg=True),
    "left_foot": Location(-4, "GURPS-HITLOC-LIMB", wounding=_LIMB, cripple=(1, 3), leg=True),
}

#: 3d -> location, GURPS-RANDOM-LOC; "hand" and "foot" take a side from 1d.
RANDOM_LOCATION: dict[int, str] = {
    3: "skull",
    4: "skull",
    5: "face",
    6: "right_leg",
    7: "right_leg",
    8: "right_arm",
    9: "torso",
    10: "torso",
    11: "groin",
    12: "left_arm",
    13: "left_leg",
    14: "left_leg",
    15: "hand",
    16: "foot",
    17: "neck",
    18: "neck",
}

#: Range/speed table, GURPS-RANGE: the most yards for each penalty (0 up to 2 yd).
_RANGE_STEPS: tuple[tuple[int, int], ...] = (
    (2, 0),
    (3, -1),
    (5, -2),
    (7, -3),
    (10, -4),
    (15, -5),
    (20, -6),
    (30, -7),
    (50, -8),
    (70, -9),
    (100, -10),
    (150, -11),
    (200, -12),
    (300, -13),
    (500, -14),
    (700, -15),
    (1000, -16),
    (1500, -17),
    (2000, -18),
    (3000, -19),
    (5000, -20),
)


def range_penalty(yards: int) -> int:
    """The range/speed penalty for a distance in yards (GURPS-RANGE)."""
    limits = [y for y, _ in _RANGE_STEPS]
    i = bisect.bisect_left(limits, yards)
    if i >= len(_RANGE_STEPS):
        return _RANGE_STEPS[-1][1] - 1 - (yards > 7000)
    return _RANGE_STEPS[i][1]


#: Rapid fire bonus by shots, GURPS-RAPID-FIRE: (at least this many shots, bonus).
_ROF_BONUS: tuple[tuple[int, int], ...] = (
    (5, 1),
    (9, 2),
    (13, 3),
    (17, 4),
    (25, 5),
    (50, 6),
    (100, 7),
    (200, 8),
    (400, 9),
    (800, 10),
)


def rof_bonus(shots: int) -> int:
    """The bonus to hit for ``shots`` fired at one target (GURPS-RAPID-FIRE)."""
    bonus = 0
    for least, b in _ROF_BONUS:
        if shots >= least:
            bonus = b
    return bonus


@attrs.frozen
class PostureRow:
    """A posture's effect on melee attacks, defences, and ranged attacks at him (GURPS-POSTURE)."""

    attack: int
    defence: int
    target: int


#: GURPS-POSTURE (B551): melee attack, active defence, being hit by ranged attacks.
POSTURES: dict[str, PostureRow] = {
    "standing": PostureRow(0, 0, 0),
    "crouching": PostureRow(-2, 0, -2),
    "kneeling": PostureRow(-2, -2, -2),
    "sitting": PostureRow(-2, -2, -2),
    "crawling": PostureRow(-4, -3, -2),
    "prone": PostureRow(-4, -3, -2),
}


def weapon_size(reach: str, ranged: bool, bulk: int) -> WeaponSize:
    """A weapon's size to strike at (GURPS-STRIKE-WEAPON; its penalty is
    ``situations.weapons.strike_at_weapon``'s): by its longest reach, or by Bulk for a ranged
    one (-2 or better a pistol, -3 to -4 a carbine, worse a rifle: reading)."""
    if ranged:
        return "pistol" if bulk >= -2 else "carbine" if bulk >= -4 else "rifle"
    longest = max((int(r) for r in reach.replace("*", "").split(",") if r.isdigit()), default=0)
    return "reach_c" if longest == 0 else "reach_1" if longest == 1 else "reach_2plus"
