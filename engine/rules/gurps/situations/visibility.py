"""Fighting what you cannot see, and defending against what you cannot see.

GURPS-VIS-BLIND: a blind attacker, or one in total darkness, finds his foe with a Hearing-2 roll
(failing it, he names a hex at random); he attacks at -10 (-6 if used to being blind), and the
hit location is random. GURPS-VIS-INVISIBLE: only the foe is unseen: the same, at -6.
GURPS-VIS-KNOWN-HEX: the foe is unseen but his place is certain (a lone smoke-filled hex): no
Hearing roll, -4. GURPS-VIS-LIGHT: a light source in line of sight turns the -10 of total
darkness into -3 (reading: the foe is then seen: no Hearing roll, locations may be targeted).

GURPS-VIS-DEFEND-UNSEEN: against an invisible attacker a defender who knows he is attacked may
dodge at -4, and with a Hearing-2 success also parry or block at -4; an unaware one has no
defence. An attacker merely in smoke or unnatural darkness, seen by a defender who is not, is
defended against normally.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.rules.gurps.situations.common import situation
from events.core import Modifier

#: What the attacker can see: ``clear`` (no problem), ``blind`` (blind or total darkness),
#: ``foe_invisible`` (only the foe is unseen), ``foe_known_hex`` (unseen, place certain).
Sight = Literal["clear", "blind", "foe_invisible", "foe_known_hex"]
#: How the defender sees his attacker: ``seen``, ``obscured`` (the attacker is in smoke or
#: unnatural darkness and the defender is not), ``unseen`` (invisible, or otherwise unseen).
Seen = Literal["seen", "obscured", "unseen"]
Defence = Literal["dodge", "parry", "block"]


class UnseenAttack(msgspec.Struct, frozen=True):
    """An attack at a foe the attacker cannot see: the ``modifiers`` to the attack,
    ``hearing`` (the modifier of the Hearing roll to locate the foe, or None: no roll needed)
    and whether the hit location is rolled at random."""

    modifiers: tuple[Modifier, ...]
    hearing: int | None
    random_location: bool


def unseen_attack(
    sight: Sight, *, accustomed_to_blindness: bool = False, light_in_sight: bool = False
) -> UnseenAttack:
    """GURPS-VIS-BLIND, GURPS-VIS-INVISIBLE, GURPS-VIS-KNOWN-HEX, GURPS-VIS-LIGHT: the
    attacker's modifiers by what he can see. ``light_in_sight`` (a torch or flashlight within
    line of sight, in its range) matters only for ``blind`` in darkness; an attacker used to
    blindness is at -6 instead of -10 (reading: not combined with a light)."""
    if sight == "clear":
        return UnseenAttack(modifiers=(), hearing=None, random_location=False)
    if sight == "blind" and light_in_sight:
        mod = situation(DARK_WITH_LIGHT, "darkness, with a light in sight", "GURPS-VIS-LIGHT")
        return UnseenAttack(modifiers=(mod,), hearing=None, random_location=False)
    value, text, rule, hearing = ATTACK[sight]
    if sight == "blind" and accustomed_to_blindness:
        value, text = BLIND_ACCUSTOMED, "blind, and used to it"
    return UnseenAttack(
        modifiers=(situation(value, text, rule),), hearing=hearing, random_location=True
    )


class UnseenDefence(msgspec.Struct, frozen=True):
    """The active defences a defender may use against an attacker he cannot see, and the
    modifier to each (``allowed`` is empty when he has none)."""

    allowed: frozenset[Defence]
    modifiers: tuple[Modifier, ...]


def unseen_defence(seen: Seen, *, aware: bool = True, heard: bool = False) -> UnseenDefence:
    """GURPS-VIS-DEFEND-UNSEEN: the defences left. ``aware``: he knows he is being attacked;
    ``heard``: his Hearing roll (:data:`HEARING_TO_DEFEND`) succeeded, which lets him parry
    and block as well as dodge."""
    rule = "GURPS-VIS-DEFEND-UNSEEN"
    if seen != "unseen":
        return UnseenDefence(allowed=ALL_DEFENCES, modifiers=())
    if not aware:
        return UnseenDefence(allowed=frozenset(), modifiers=())
    mod = situation(UNSEEN_DEFENCE, "defending against an unseen attacker", rule)
    return UnseenDefence(allowed=ALL_DEFENCES if heard else DODGE_ONLY, modifiers=(mod,))


#: sight -> (attack modifier, in words, rule id, Hearing modifier or None)
ATTACK: dict[str, tuple[int, str, str, int | None]] = {
    "blind": (-10, "blind or in total darkness", "GURPS-VIS-BLIND", -2),
    "foe_invisible": (-6, "the foe is invisible", "GURPS-VIS-INVISIBLE", -2),
    "foe_known_hex": (-4, "the foe is unseen, the hex known", "GURPS-VIS-KNOWN-HEX", None),
}
BLIND_ACCUSTOMED = -6
DARK_WITH_LIGHT = -3
#: the Hearing roll to parry or block an unseen attacker (GURPS-VIS-DEFEND-UNSEEN)
HEARING_TO_DEFEND = -2
UNSEEN_DEFENCE = -4
ALL_DEFENCES: frozenset[Defence] = frozenset({"dodge", "parry", "block"})
DODGE_ONLY: frozenset[Defence] = frozenset({"dodge"})
