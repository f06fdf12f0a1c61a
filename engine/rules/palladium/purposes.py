"""What a strike made for more than a blow may be answered with, as data: a hold, a disarm
and a body block are strikes, but rolling with a hold or parrying a tackle means nothing.

Kept free of the engine's imports: ``status`` reads it to list the answers a pending strike
takes (``defences.check_answer`` refuses the others).
"""

from __future__ import annotations

#: Every answer to a strike (``defend B CHOICE``); a volley's are its row below.
ANSWERS = ("parry", "dodge", "none", "simultaneous", "roll", "entangle", "disarm", "back-flip",
           "paired")  # fmt: skip
_NO_ROLL = tuple(a for a in ANSWERS if a != "roll")

#: purpose -> (the answers it takes, the rule that says so, how a sentence names it).
ANSWERABLE: dict[str, tuple[tuple[str, ...], str, str]] = {
    "": (ANSWERS, "PAL-DEF-CHOICE", "a strike"),
    # no blow to roll with: a hold and a disarm do no damage (PAL-COND-HELD, PAL-DEF-DISARM)
    "hold": (_NO_ROLL, "PAL-COND-HELD", "a hold"),
    "disarm": (_NO_ROLL, "PAL-DEF-DISARM", "a disarm"),
    # only a dodge avoids a body block; it may be rolled with (PAL-DEF-BODYBLOCK, -BODYBLOCK)
    "body-block": (("dodge", "none", "roll", "back-flip"), "PAL-DEF-BODYBLOCK", "a body block"),
    # a thrown weapon is parried, dodged or (blunt) rolled with; nobody strikes back at it,
    # pins or disarms it in the air (PAL-STRIKE-THROW)
    "throw": (("parry", "dodge", "none", "roll"), "PAL-STRIKE-THROW", "a thrown weapon"),
    # missiles are fired at, dodged or rolled with, never parried (PAL-MSL-SHOOT-DOWN)
    "volley": (
        ("counter-volley", "shoot-down", "dodge", "roll", "block", "none"),
        "PAL-MSL-SHOOT-DOWN",
        "a volley of missiles",
    ),
}


#: The answers a shot from beyond punching range does not take: there is nobody in reach to
#: strike back at, pin or disarm (PAL-DEF-SIMULTANEOUS, PAL-DEF-ENTANGLE, PAL-DEF-DISARM).
OUT_OF_REACH = ("simultaneous", "entangle", "disarm", "paired")


def answers(purpose: str) -> tuple[str, ...]:
    """The answers a strike made for ``purpose`` takes."""
    return ANSWERABLE.get(purpose, ANSWERABLE[""])[0]
