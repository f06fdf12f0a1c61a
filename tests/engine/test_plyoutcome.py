"""The outcome line's builder (engine/plyoutcome.py), pack-neutral: how bits become a line.

A table of rows over stand-in events, as a pack's ``outcomes`` would be: the answer takes the
place of what the roll had to beat, a verdict replaces a provisional one and a settling one
only settles, an action the turn's moving set off opens a line of its own (not the
declarer's own action carried out as the turn came to him), what happened as the turn came
to someone is said after it, and a roll's steps read as they were worked.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.plyoutcome import (
    Against,
    Opens,
    Rolled,
    Said,
    Turn,
    Verdict,
    dice,
    tell,
)
from events.core import Modifier, Roll
from projections.state import CombatantState, FightState


class Bits:
    """A stand-in event: it carries the bits its row returns."""

    def __init__(self, *bits: Any) -> None:
        self.bits = bits


PACK: Any = SimpleNamespace(outcomes={Bits: lambda e, n: e.bits})
STATE = FightState(
    system="x",
    combatants={
        "a": CombatantState(id="a", name="Ash", side="1", kind="pc", pronoun="she"),
        "b": CombatantState(id="b", name="Bo", side="2", kind="npc"),
    },
)


def told(*events: Bits) -> list[str]:
    return [t.text for t in tell(PACK, list(events), STATE)]  # type: ignore[arg-type]


def test_the_answer_takes_the_place_of_what_the_roll_had_to_beat() -> None:
    line = told(
        Bits(Opens("Ash strikes Bo", "a", ("b",))),
        Bits(Rolled(18, 5), Verdict("hits unless defended", provisional=True)),
        Bits(Against("parry 10", "10 vs Ash's 18"), Verdict("hit")),
        Bits(Said("1D6 = 6 M.D.")),
    )
    assert line == ["Ash strikes Bo: 18 vs parry 10, hit, 1D6 = 6 M.D."]
    alone = told(Bits(Opens("Bo tries to parry", "b")), Bits(Against("parry 10", "10 vs Ash's 18")))
    assert alone == ["Bo tries to parry: 10 vs Ash's 18"]


def test_a_verdict_that_settles_only_replaces_a_provisional_one() -> None:
    settled = told(
        Bits(Opens("Ash strikes Bo", "a")),
        Bits(Rolled(18, 5), Verdict("hits unless defended", provisional=True)),
        Bits(Verdict("hit", settles=True)),
    )
    assert settled == ["Ash strikes Bo: 18 vs 5, hit"]
    missed = told(
        Bits(Opens("Ash shoots Bo", "a")),
        Bits(Rolled(3, 8), Verdict("miss")),
        Bits(Verdict("hit", settles=True)),  # a stray shot's declined defence: still a miss
    )
    assert missed == ["Ash shoots Bo: 3 vs 8, miss"]
    nothing = told(Bits(Opens("Bo crosses the fire", "b")), Bits(Verdict("hit", settles=True)))
    assert nothing == ["Bo crosses the fire"]


def test_an_answer_rolled_against_its_own_score_stays_in_the_exchange() -> None:
    line = told(
        Bits(Opens("Bo attacks Ash", "b")),
        Bits(Rolled(45, 50, "success"), Verdict("hits unless defended", provisional=True)),
        Bits(Rolled(22, 40, "success", what="dodge", answer=True), Verdict("dodged")),
        Bits(Rolled(9, 12, what="Ash's HT"), Verdict("succeeds")),
    )
    assert line == [
        "Bo attacks Ash: 45 vs 50 (success), dodge 22 vs 40 (success), dodged, "
        "Ash's HT 9 vs 12, succeeds"
    ]


def test_what_the_turn_sets_off_opens_a_line_of_its_own() -> None:
    lines = told(
        Bits(Opens("Bo shoots Ash", "b", ("a",))),
        Bits(Rolled(9, 8), Verdict("hit")),
        Bits(Turn("Ash acts")),
        Bits(Opens("Ash's power punch lands on Bo", "a", ("b",)), Rolled(18, 5), Verdict("hit")),
    )
    assert lines == ["Bo shoots Ash: 9 vs 8, hit", "Ash's power punch lands on Bo: 18 vs 5, hit"]
    again = told(  # the turn comes back to the striker, whose punch lands after his blow
        Bits(Opens("Ash strikes Bo", "a")),
        Bits(Rolled(9, 5), Verdict("hit")),
        Bits(Turn("Ash acts")),
        Bits(Opens("Ash's power punch lands on Bo", "a"), Rolled(18, 5), Verdict("hit")),
    )
    assert again == ["Ash strikes Bo: 9 vs 5, hit", "Ash's power punch lands on Bo: 18 vs 5, hit"]
    own = told(  # the round moved on to its turns, which came to the declarer
        Bits(Opens("Ash attacks Bo", "a")),
        Bits(Turn("Ash acts at 15")),
        Bits(Opens("Ash attacks Bo", "a"), Rolled(40, 55, "success"), Verdict("miss")),
    )
    assert own == ["Ash attacks Bo: 40 vs 55 (success), miss"]


def test_what_happened_as_the_turn_came_is_said_after_it() -> None:
    assert told(Bits(Opens("The GM ends Ash's turn")), Bits(Turn("Bo acts"))) == [
        "The GM ends Ash's turn; Bo acts"
    ]
    assert told(
        Bits(Opens("The GM ends Ash's turn")),
        Bits(Turn("Bo acts")),
        Bits(Rolled(18, 12, what="Bo's HT"), Verdict("fails"), Said("Bo unconscious")),
    ) == ["The GM ends Ash's turn; Bo acts: Bo's HT 18 vs 12, fails, Bo unconscious"]
    assert told(
        Bits(Opens("Ash strikes Bo", "a")),
        Bits(Rolled(9, 5), Verdict("hit")),
        Bits(Turn("Bo acts")),
    ) == ["Ash strikes Bo: 9 vs 5, hit"]


def test_a_line_names_whom_it_is_by_and_at() -> None:
    (first, landed) = tell(  # type: ignore[arg-type]
        PACK,
        [
            Bits(Opens("Bo shoots Ash", "b", ("a",)), Opens("", "b", ("c",))),
            Bits(Turn("Ash acts"), Opens("Ash's punch lands", "a", ("b",))),
        ],
        STATE,
    )
    assert (first.who, first.at, landed.who, landed.at) == ("b", ("a", "c"), "a", ("b",))
    assert first.names("c") and not first.names("d")


def test_a_rolls_steps_read_as_they_were_worked() -> None:
    def roll(*mods: tuple[str, int]) -> Roll:
        return Roll(
            purpose="damage",
            spec="2D6",
            faces=(3, 3),
            source="seed",
            total=0,
            modifiers=tuple(Modifier(name="m", value=v, source="x", op=op) for op, v in mods),  # type: ignore[arg-type]
        )

    assert dice(roll()) == "2D6"
    assert dice(roll(("mul", 2))) == "2D6×2"
    assert dice(roll(("mul", 2), ("add", 5))) == "2D6×2+5"
    assert dice(roll(("add", 4), ("add", -1), ("mul", 2))) == "(2D6+4-1)×2"
    assert dice(roll(("add", 4), ("div", 2), ("skip", 3))) == "(2D6+4)/2"
