"""How a text speaks of a fighter: the pronoun his sheet gives (``pronoun = "she"``; he, she,
they or it, "they" when the sheet is silent, and for every combatant of a log written before
the key), in each of its forms, with the verb agreeing ("they are", "she is").

Explain texts, outcome lines, refusals, status notes and the report take their words from
here (``Words`` of a combatant: :func:`of`, or :class:`engine.explain.Names` in a text that
already names him), never a fixed "he".
"""

from __future__ import annotations

from typing import NamedTuple

from projections.state import FightState


class Words(NamedTuple):
    """One pronoun in the forms a sentence needs, named by the "they" form: subject
    (``they``), object (``them``), possessive (``their``), reflexive (``themselves``);
    ``plural``: the verb takes its plural form ("they are", "they have")."""

    they: str
    them: str
    their: str
    themselves: str
    plural: bool = False

    def agree(self, singular: str, plural: str) -> str:
        """The verb form that goes with this pronoun: ``agree("is", "are")``."""
        return plural if self.plural else singular

    @property
    def are(self) -> str:
        """``is`` or ``are``."""
        return self.agree("is", "are")

    @property
    def have(self) -> str:
        """``has`` or ``have``."""
        return self.agree("has", "have")

    def they_are(self) -> str:
        """``she is``, ``they are``."""
        return f"{self.they} {self.are}"


#: The sheet's ``pronoun`` values (events.core.Pronoun) and their forms.
FORMS: dict[str, Words] = {
    "he": Words("he", "him", "his", "himself"),
    "she": Words("she", "her", "her", "herself"),
    "they": Words("they", "them", "their", "themselves", plural=True),
    "it": Words("it", "it", "its", "itself"),
}

THEY = FORMS["they"]


def words(pronoun: str | None) -> Words:
    """The forms of ``pronoun``; "they" for None or a value no sheet gives."""
    return FORMS.get(pronoun or "they", THEY)


def of(state: FightState, cid: str | None) -> Words:
    """The pronoun of combatant ``cid`` in ``state`` ("they" for someone it does not know)."""
    c = state.combatants.get(cid) if cid else None
    return words(c.pronoun if c is not None else None)
