"""What the situation modules share: the Quick Contest [GK] (catalogue §1.1) that GURPS-DISARM,
GURPS-ARM-LOCK, GURPS-PICK-STUCK and GURPS-ATTACK-FROM-ABOVE settle, the modifier record, die
faces and body regions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import UsageError
from engine.rules.gurps.situations.common import (
    Side,
    face,
    quick_contest,
    region,
    situation,
    total,
)


@given(st.integers(-10, 10), st.integers(-10, 10))
def test_quick_contest_is_antisymmetric(a: int, b: int) -> None:
    """A Quick Contest read from either side names the same winner by the same margin."""
    one = quick_contest(Side(a >= 0, a), Side(b >= 0, b))
    two = quick_contest(Side(b >= 0, b), Side(a >= 0, a))
    swap = {"first": "second", "second": "first", None: None}
    assert two.winner == swap[one.winner] and one.by == two.by == abs(a - b)


def test_a_success_beats_a_better_looking_failure() -> None:
    """A 4 always succeeds, even at skill 3 (margin -1); it beats a failure by the same
    margin (an 11 at skill 10)."""
    c = quick_contest(Side(True, -1), Side(False, -1))
    assert c.winner == "first"


def test_a_modifier_records_its_value_words_and_rule() -> None:
    """GURPS-CHINK as the example: value, what it is, "situation", the rule id; only the
    added ones sum."""
    m = situation(-8, "a chink in the torso armor", "GURPS-CHINK")
    assert (m.value, m.name, m.source, m.rule, m.op) == (
        -8,
        "a chink in the torso armor",
        "situation",
        "GURPS-CHINK",
        "add",
    )
    assert total((m, situation(9, "cap", "GURPS-SUPPRESS", op="cap"), m)) == -16


def test_faces_are_checked_by_die() -> None:
    """1d is 1-6, 3d is 3-18; another number is refused naming what it was for."""
    assert face(6, 6, "x") == 6 and face(3, 18, "x") == 3
    with pytest.raises(UsageError, match="the cover roll: 0 is not a 1d roll"):
        face(0, 6, "the cover roll")
    with pytest.raises(UsageError, match=r"an attack: 19 is not a 3d roll \(3 to 18\)"):
        face(19, 18, "an attack")  # a range reads "3 to 18", never "3-18" (issue 23)


def test_regions_of_sided_and_unsided_locations() -> None:
    """Both sides' names and the plain ones; an unknown location is refused by name."""
    assert [region(p) for p in ("eyes", "left_foot", "vitals", "right_hand")] == [
        "head",
        "feet",
        "torso",
        "hands",
    ]
    with pytest.raises(UsageError, match="unknown hit location 'wing'"):
        region("wing")
