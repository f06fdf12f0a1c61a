"""The hand-to-hand moves a strike may be made with (``strike A B --move NAME``), as data.

Each row says what a move is: the style grants that allow it (the first one the fighter's
style lists decides its damage), its damage dice, its cost in attacks, which of the fighter's
bonuses it adds, whether it knocks down (instead of hurting, or as well for a body flip), and
what it does to the defence. Damage and grants are the Rifts combat chapter's (seed 000, lines
195-233 and the style tables, ``tables.py``): PAL-DMG-BASE-TABLE, PAL-STRIKE-H2H-BONUS-TABLES.
A body flip (PAL-DMG-BODYFLIP) is the row ``body-flip``, also its own verb.

Readings (each stated here, none silent):

* Snap kick, roundhouse and axe kick are "other foot strikes": the chapter lets Martial Arts
  (level 3) and Commando do them but gives them no damage, so they deal the fighter's kick die
  (``kick``) unless his sheet's ``[unarmed]`` states another (PAL-DMG-BASE-TABLE ❓). Commando
  has them from level 1 (the glossary gives the style the other foot strikes, not a level).
* The jump kick (Commando level 8) is the leap kick under another name: 3D8, two attacks, and a
  critical one is two critical sources (option ``leap_kick_critical``, PAL-DMG-CRIT).
* A backward sweep cannot be parried and is dodged at -2 (PAL-DEF-SWEEP, written for the
  Commando's sweep and read for every backward sweep); sweep and trip do no damage and knock
  the target down: he loses initiative and one attack (PAL-DMG-SWEEP, PAL-COND-KNOCKDOWN).
"""

from __future__ import annotations

from typing import get_args

import attrs

from engine.rules import IllegalAction
from engine.rules.palladium.apm import Category
from engine.rules.palladium.tables import BASE_DAMAGE, STYLE_GAINS
from events.palladium import MoveName, Profile


@attrs.frozen
class Move:
    """One row. ``ways``: (grant, dice) pairs, best first: the move is allowed by the first
    grant the fighter's style lists, and deals that pair's dice (a ``BASE_DAMAGE`` key, or
    ``punch``/``kick`` for the fighter's own; "" deals none). ``cost`` in attacks; ``bonus``:
    the profile's own bonuses to the move (a foot strike's, a flip's); ``critical``: critical
    sources the move itself adds;
    ``knockdown``: a hit knocks the target down; ``parry``: whether it may be parried;
    ``dodge``: what a dodge of it takes; ``category``: the attack ledger's
    (PAL-HR-APM-LEDGER). ``knockdown`` with dice (a body flip) hurts and fells."""

    name: str
    label: str
    ways: tuple[tuple[str, str], ...]
    cost: int = 1
    #: The profile's bonuses to this move besides the strike's (a foot strike's, a flip's).
    bonus: str = ""
    critical: int = 0
    knockdown: bool = False
    parry: bool = True
    dodge: int = 0
    category: Category = "other"
    #: The rule the move's effect cites (its knockdown's lost attack).
    rule: str = "PAL-DMG-BASE-TABLE"


#: The profile's bonuses to foot strikes (Commando L5: "+2 to all foot strikes").
FOOT = "foot_strike"


def _foot(name: str, label: str) -> Move:
    return Move(name, label, (("foot_strikes", "kick"),), bonus=FOOT)


MOVES: dict[str, Move] = {
    m.name: m
    for m in (
        Move("punch", "a punch", (("punch", "punch"),), category="punch"),
        Move("karate-punch", "a karate punch", (("karate_punch", "karate_punch"),),
             category="punch"),
        Move("backhand", "a backhand strike",
             (("martial_arts_backhand", "martial_arts_backhand"), ("backhand", "backhand")),
             category="punch"),
        Move("elbow", "an elbow strike", (("elbow", "elbow"),)),
        Move("kick", "a kick", (("kick", "kick"),), bonus=FOOT),
        Move("knee", "a knee strike", (("knee", "knee"),), bonus=FOOT),
        Move("karate-kick", "a karate kick", (("karate_kick", "karate_kick"),), bonus=FOOT),
        _foot("snap-kick", "a snap kick"),
        _foot("roundhouse", "a roundhouse kick"),
        _foot("axe-kick", "an axe kick"),
        Move("leap-kick", "a leap kick", (("leap_kick", "leap_kick"),), cost=2, bonus=FOOT,
             critical=1),
        Move("jump-kick", "a jump kick", (("leap_kick", "leap_kick"),), cost=2, bonus=FOOT,
             critical=1),
        Move("backward-sweep", "a backward sweep", (("backward_sweep", ""),), bonus=FOOT,
             knockdown=True, parry=False, dodge=-2, rule="PAL-DMG-SWEEP"),
        Move("trip", "a trip", (("trip", ""),), bonus=FOOT, knockdown=True,
             rule="PAL-DMG-SWEEP"),
        Move("body-flip", "a body flip", (("body_flip", "body_flip"),), bonus="body_flip",
             knockdown=True, rule="PAL-DMG-BODYFLIP"),
    )
}  # fmt: skip

assert set(MOVES) == set(get_args(MoveName)), "every move the command line names has a row"


def allowed(p: Profile, name: str) -> tuple[Move, str]:
    """The move ``name`` and the dice spec it deals for this fighter, or IllegalAction saying
    which style and level would allow it (PAL-STRIKE-H2H-BONUS-TABLES)."""
    move = MOVES[name]
    for grant, dice in move.ways:
        if grant in p.moves:
            return move, _dice(p, dice)
    raise IllegalAction(
        f"{p.name}'s hand-to-hand skill ({_style(p)}) does not grant {move.label} "
        f"(PAL-STRIKE-H2H-BONUS-TABLES; {granted_by(move)})"
    )


def granted_by(move: Move) -> str:
    """Which styles grant ``move`` and from which level, for a refusal."""
    first: dict[str, int] = {}
    for style, gains in STYLE_GAINS.items():
        for level in sorted(gains):
            if any(grant in gains[level].moves for grant, _ in move.ways):
                first[style] = level
                break
    if not first:
        return "no style grants it"
    return "granted by " + ", ".join(
        f"{style.replace('_', ' ')} from level {level}" for style, level in first.items()
    )


#: Dice a move takes from the fighter himself: his punch and kick (his sheet may change them).
_OWN = {"punch": lambda p: p.punch, "kick": lambda p: p.kick}


def _dice(p: Profile, key: str) -> str:
    own = _OWN.get(key)
    return own(p) if own is not None else BASE_DAMAGE.get(key, "")


def _style(p: Profile) -> str:
    return "none" if p.style == "none" else f"{p.style.replace('_', ' ')} level {p.level}"
