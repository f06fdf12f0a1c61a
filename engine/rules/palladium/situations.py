"""What the moment does to a shot, as data (PAL-RNG-PENALTY-STACK: each penalty is shown on
its own and they add up): fired wild (by choice, spraying an area, moving), blind, at a weapon
in hand, by a moving shooter, at a moving target.

Readings: a moving shooter fires wild as written (PAL-RNG-WILD lists running and firing from a
moving vehicle), or under the house rules takes the moving-target penalty for his own movement
instead (PAL-HR-RNG-MOVING-SHOOTER; option ``moving_shooter``); a shot fired wild for several
reasons takes -6 once. A moving target's penalty is -1 under 20 mph and -1 more for each full
50 mph beyond 20 (PAL-RNG-MOVING-TARGET ❓, read from the quick reference); the -1 more for
evasive action is the GM's ruling.
"""

from __future__ import annotations

from engine.rolls import skipped
from events.core import Modifier
from events.palladium import PalladiumOptions

WILD_PENALTY = -6  # PAL-RNG-WILD
BLIND_PENALTY = -10  # PAL-RNG-BLIND
SMALL_TARGET_PENALTY = -3  # PAL-RNG-TARGET-WEAPON
COVER = "PAL-RNG-COVER"
MOVING_BASE = 20  # mph: running
MOVING_STEP = 50  # mph: -1 more for each

#: flag -> (what the penalty is called, its value, its rule); "moving" is the option's.
FLAGS: dict[str, tuple[str, int, str]] = {
    "wild": ("shot wild", WILD_PENALTY, "PAL-RNG-WILD"),
    "blind": ("firing blind: the target unseen", BLIND_PENALTY, "PAL-RNG-BLIND"),
    "at-weapon": ("at a weapon in hand: a small target", SMALL_TARGET_PENALTY,
                  "PAL-RNG-TARGET-WEAPON"),
}  # fmt: skip


#: What makes a shot wild, as the penalty names it (the first that applies).
WILD_WHY = (
    ("wild", "shot wild"),
    ("spray", "shot wild: spraying an area"),
    ("moving", "shot wild: the shooter is moving"),
)


def moving_target(mph: int) -> int:
    """The penalty for a target moving at ``mph`` (PAL-RNG-MOVING-TARGET reading)."""
    return -1 - max(0, (mph - MOVING_BASE) // MOVING_STEP)


def modifiers(
    options: PalladiumOptions,
    flags: tuple[str, ...],
    target_mph: int | None,
    cover: int | None = None,
) -> list[Modifier]:
    """The penalties of ``flags`` ("wild", "spray", "blind", "at-weapon", "moving") and of a target
    moving at ``target_mph``, each on its own line."""
    wild_flags = set(flags) - ({"moving"} if options.moving_shooter != "wild" else set())
    why = [w for flag, w in WILD_WHY if flag in wild_flags]
    mods: list[Modifier] = []
    if why:  # fired wild for several reasons: -6 once
        rule = FLAGS["wild"][2]
        mods.append(Modifier(name=why[0], value=WILD_PENALTY, source="rules", rule=rule))
    for flag in ("blind", "at-weapon"):
        if flag in flags:
            name, value, rule = FLAGS[flag]
            mods.append(Modifier(name=name, value=value, source="rules", rule=rule))
    if "moving" in flags and options.moving_shooter == "moving_target":
        mods.append(
            Modifier(
                name="the shooter is moving",
                value=moving_target(0),
                source="rules",
                rule="PAL-HR-RNG-MOVING-SHOOTER",
            )
        )
    if cover is not None:
        shelter = [
            Modifier(name="the target in partial cover", value=-cover, source="rules", rule=COVER)
        ]
        # as written the called shot is all partial cover asks: the penalty shows, not applied
        mods += shelter if options.cover_penalty else skipped(shelter, "only a called shot", COVER)
    if target_mph:  # 0 mph: a target standing still
        mods.append(
            Modifier(
                name=f"the target moves at {target_mph} mph",
                value=moving_target(target_mph),
                source="rules",
                rule="PAL-RNG-MOVING-TARGET",
            )
        )
    return mods
