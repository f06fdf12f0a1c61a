"""Explosions and fragmentation (GURPS-EXPLOSION, GURPS-FRAG), forced dice through the public
Table API."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules import IllegalAction, UsageError
from events.gurps import (
    BlastReached,
    DefenseRolled,
    FragmentsRolled,
    InjuryApplied,
)

from .conftest import Fight, of, one, sheet

GRENADE = {"name": "grenade", "skill": "throwing", "damage": "4d cr ex [2d]", "acc": 0, "max": 30}


def _fight(tmp: Path) -> Fight:
    """``a`` (throwing 12, a grenade 4d cr ex [2d]) acts first; ``b`` (HP 30) is the target,
    ``c`` and ``d`` stand near."""
    fight = Fight(tmp).new()
    fight.add("a", sheet("A", attributes={"dx": 12, "ht": 11}, skills={"throwing": 12},
                         weapons=[GRENADE]))  # fmt: skip
    fight.add("b", sheet("B", attributes={"hp": 30}))
    fight.add("c", sheet("C"), side="b")
    fight.add("d", sheet("D"), side="b")
    fight.start(1, 1, 1, 1)
    return fight


def test_blast_and_fragments_on_the_target_and_those_near(tmp_path: Path) -> None:
    """GURPS-EXPLOSION, GURPS-FRAG: the grenade hits B: 4d = 12 crushing (HP 30 -> 18) and
    one fragment (torso, 2d = 2 cut, x1.5 = 3: 15). C at 4 yd takes 12 / (3 x 4) = 1 on his
    torso, and the fragments' attack at 15 - 2 (range) = 13: 6 is margin 7, 1 + 7/3 = 3
    fragments of 3 each (10 - 1 - 9 = 0). D at 7 yd takes 12 / 21 = 0, the fragments at
    15 - 3 = 12: 9 is margin 3, 2 fragments; his Dodge and Drop (8 + 3 = 11) of 6 stops 1 + 5
    of them: none hit, and he is prone."""
    fight = _fight(tmp_path)
    frag = (3, 3, 4, 1, 1)
    result = fight.attack("a", "b", 3, 3, 3, 3, 3, 3, 3, *frag, 2, 2, 2, *frag, *frag, *frag,
                          3, 3, 3, 2, 2, 2, weapon="grenade", blast=("c:4", "d:7:drop"),
                          defend="none")  # fmt: skip
    injuries = [(i.target, i.basic, i.amount) for i in of(result.events, InjuryApplied)]
    assert injuries == [("b", 12, 12), ("b", 2, 3), ("c", 1, 1), ("c", 2, 3), ("c", 2, 3),
                        ("c", 2, 3)]  # fmt: skip
    reached = [(r.victim, r.yards, r.rolled, r.damage) for r in of(result.events, BlastReached)]
    assert reached == [("c", 4, 12, 1), ("d", 7, 12, 0)]
    frags = of(result.events, FragmentsRolled)
    assert [(f.victim, f.hits) for f in frags] == [("b", 1), ("c", 3), ("d", 2)]
    assert [f.roll.target for f in frags if f.roll] == [13, 12]
    dodge = one(result.events, DefenseRolled)
    assert (dodge.defender, dodge.roll.target, dodge.stopped) == ("d", 11, 2)
    assert [fight.who(c)["hp"] for c in "bcd"] == [15, 0, 10]
    assert fight.who("d")["posture"] == "prone"


def test_blast_needs_an_explosive_and_reads_its_list(tmp_path: Path) -> None:
    """GURPS-EXPLOSION: --blast with a sword is refused; so is a malformed entry or the
    target named in it."""
    fight = _fight(tmp_path)
    with pytest.raises(IllegalAction, match="does not explode"):
        fight.attack("a", "b", 3, 3, 3, weapon="punch", blast=("c:4",))
    with pytest.raises(UsageError, match="ID:YARDS"):
        fight.attack("a", "b", 3, 3, 3, weapon="grenade", blast=("c",))
    with pytest.raises(UsageError, match="the target is struck"):
        fight.attack("a", "b", 3, 3, 3, weapon="grenade", blast=("b:1",))
