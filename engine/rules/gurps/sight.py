"""Attacking what one cannot see (GURPS-VIS-BLIND, GURPS-VIS-INVISIBLE, GURPS-VIS-KNOWN-HEX,
GURPS-VIS-LIGHT): `attack A B --sight blind|invisible|known-hex [--light]`. Blind or in total
darkness -10 (-6 with the trait ``accustomed_to_blindness``), the foe invisible -6, unseen in a
known hex -4; a light in sight in the darkness makes it -3 and the foe is seen. Unseen, the hit
location is random (an aimed one is refused). The Hearing-2 roll to find the foe is the GM's
(reading: he declares the attack at the hex the roll gave). The arithmetic is
``situations/visibility.py``'s.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.common import has
from engine.rules.gurps.situations import visibility as sv
from events.core import Modifier
from events.gurps import AttackDeclared
from projections.state import FightState

#: ``--sight`` -> what the situational rules call it.
SIGHTS: dict[str, sv.Sight] = {
    "blind": "blind",
    "invisible": "foe_invisible",
    "known-hex": "foe_known_hex",
}
#: The ``--sight`` a light in sight changes (total darkness).
LIT = "blind"


def _unseen(state: FightState, d: AttackDeclared) -> sv.UnseenAttack:
    assert d.sight is not None
    return sv.unseen_attack(
        SIGHTS[d.sight],
        accustomed_to_blindness=has(state, d.actor, "accustomed_to_blindness"),
        light_in_sight=d.light,
    )


def prepare(state: FightState, d: AttackDeclared) -> AttackDeclared:
    """The attack as it is made: an unseen foe is struck at a random location."""
    if d.light and d.sight != LIT:
        raise UsageError("--light is a light in sight in the darkness: it goes with --sight blind")
    if d.sight is None:
        return d
    seen = _unseen(state, d)
    if not seen.random_location:
        return d
    if d.location not in (None, "random") or d.chink:
        rule = seen.modifiers[0].rule
        p = pronoun(state, d.actor)
        raise IllegalAction(
            f"{state.combatants[d.actor].name} cannot see {p.their} foe: the hit location is "
            f"random ({rule})"
        )
    return replace(d, location="random")


def modifiers(state: FightState, d: AttackDeclared) -> list[Modifier]:
    """What the attacker's sight does to his attack."""
    return [] if d.sight is None else list(_unseen(state, d).modifiers)
