"""Covering fire with forced dice (PAL-HR-RNG-COVERING-FIRE): attacks and short bursts
committed, one burst attack each, the turn over; whoever crosses the area takes a hit per
committed attack, each dodged on its own, none under cover; it lasts until the shooter's next
turn or until he defends (option ``covering_fire_misses`` for rolls under 8)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.palladium import (
    ApmSpent,
    CoverDeclared,
    CoverEnded,
    CoverOpened,
    CrossDeclared,
    DamageApplied,
    DefenseRolled,
    ShotsSpent,
)

from .conftest import Fight, of, one

RIFLE = {"name": "rifle", "kind": "ranged", "damage": "2D6", "range": 1000, "payload": 30,
         "burst": {"short": 3}}  # fmt: skip
TOUGH = {"hp": 300, "sdc": 300}


def covered(fight: Fight, variant: str = "house", **options: Any) -> None:
    fight.new(variant, **options)
    fight.add("brawler", "g", weapons=[RIFLE, {"name": "pistol", "kind": "ranged",
              "damage": "1D6"}])  # fmt: skip
    fight.add("brawler", "t", pools=TOUGH)
    fight.add("brawler", "u", pools=TOUGH)
    fight.initiative(18, 10, 2)


def another(fight: Fight) -> Fight:
    """A second encounter beside the first, in its own file."""
    where = fight.tmp / "also"
    where.mkdir()
    return Fight(where)


def cover(fight: Fight, n: int, *faces: int, **kw: Any) -> Any:
    return fight.declare(CoverDeclared(actor="g", attacks=n, **kw), faces)


def cross(fight: Fight, who: str, *faces: int, **kw: Any) -> Any:
    return fight.declare(CrossDeclared(actor=who, through="g", **kw), faces)


def hurt(result: Any, cid: str) -> int:
    return sum(e.amount for e in of(result.events, DamageApplied) if e.target == cid)


def test_PAL_HR_RNG_COVERING_FIRE_attacks_and_bursts_committed_and_the_turn_ends(
    fight: Fight,
) -> None:
    covered(fight)
    result = cover(fight, 2, 6, 13)
    assert [e.amount for e in of(result.events, ApmSpent)] == [2]
    assert one(result.events, ShotsSpent).shots == 6  # two short bursts of three
    # no W.P. for the rifle: each burst at -3 (PAL-RNG-BURST)
    assert [r.total for r in one(result.events, CoverOpened).rolls] == [3, 10]
    assert fight.who("g")["covering"] == {"weapon": "rifle", "attacks": [3, 10]}
    assert fight.status()["acting"] == "t"  # his turn is over, as a pass


def test_PAL_HR_RNG_COVERING_FIRE_a_hit_each_dodged_on_its_own_none_in_cover(
    fight: Fight,
) -> None:
    covered(fight)
    cover(fight, 2, 6, 13)
    result = cross(fight, "t", 7, 2, 3, 4, dodge=True)  # dodges 3 with 7, not 10 with 2
    assert [e.success for e in of(result.events, DefenseRolled)] == [True, False]
    assert hurt(result, "t") == 7
    assert not of(cross(fight, "u", in_cover=True).events, DamageApplied)
    both = cross(fight, "u", 1, 1, 2, 2)  # no dodge: both bursts hit, single-shot damage
    assert hurt(both, "u") == 6


@pytest.mark.parametrize(
    ("misses", "faces", "taken"), [(False, (1, 2, 3, 1), 7), (True, (1, 1), 2)]
)
def test_PAL_HR_RNG_COVERING_FIRE_a_low_roll_hits_unless_the_option_says(
    fight: Fight, misses: bool, faces: tuple[int, ...], taken: int
) -> None:
    covered(fight, covering_fire_misses=misses)
    cover(fight, 2, 5, 13)  # totals 2 and 10: the 2 is under a shot's 8
    assert hurt(cross(fight, "t", *faces), "t") == taken


def test_PAL_HR_RNG_COVERING_FIRE_ends_at_his_turn_or_when_he_defends(fight: Fight) -> None:
    covered(fight)
    cover(fight, 1, 12)
    ended = fight.pass_("t")
    assert not of(ended.events, CoverEnded)
    fight.pass_("u")  # pass 2: his turn again
    assert fight.who("g")["covering"] is None
    head = fight.head()
    with pytest.raises(IllegalAction, match="lays down no covering fire"):
        cross(fight, "t", 5)
    assert fight.head() == head


def test_PAL_HR_RNG_COVERING_FIRE_ends_with_its_shooter(fight: Fight) -> None:
    covered(fight)
    cover(fight, 1, 12)
    fight.ruling("g", damage=1000)
    head = fight.head()
    with pytest.raises(IllegalAction, match="their covering fire is over"):
        cross(fight, "t", 5)
    assert fight.head() == head
    assert fight.who("g")["covering"] is None


def test_PAL_HR_RNG_COVERING_FIRE_refusals_write_nothing(fight: Fight) -> None:
    covered(fight)
    head = fight.head()
    for declaration, error, match in (
        (CoverDeclared(actor="g", attacks=0), UsageError, "at least one"),
        (CoverDeclared(actor="g", attacks=3), IllegalAction, "in hand to commit"),
        (CoverDeclared(actor="g", weapon="pistol"), IllegalAction, "fires no short bursts"),
        (CoverDeclared(actor="t"), IllegalAction, "turn"),
    ):
        with pytest.raises(error, match=match):
            fight.declare(declaration, [12])
    assert fight.head() == head


def test_PAL_HR_RNG_COVERING_FIRE_crossing_on_his_own_turn_can_end_it(fight: Fight) -> None:
    """A crosser whose dodges spend the attacks in his hand, or whom the fire kills, on his
    own turn, has had his turn: the next fighter acts (PAL-HR-PASS-TURN)."""
    covered(fight)
    cover(fight, 2, 12, 12)
    assert fight.status()["acting"] == "t"
    crossed = cross(fight, "t", 5, 1, 1, 5, 1, 1, dodge=True)  # two failed dodges
    assert sum(e.amount for e in of(crossed.events, ApmSpent) if e.combatant == "t") == 2
    assert fight.status()["acting"] == "u"
    killed = another(fight)
    covered(killed)
    killed.ruling("t", damage=599)  # 1 H.P. left of 600: 12 more is dead (P.E. 9)
    cover(killed, 1, 12)
    cross(killed, "t", 6, 6)
    assert not killed.who("t")["alive"]
    assert killed.status()["acting"] == "u"


def test_PAL_HR_RNG_COVERING_FIRE_crossing_with_attacks_left_keeps_the_turn(fight: Fight) -> None:
    covered(fight)
    cover(fight, 1, 12)
    cross(fight, "t", 5, 1, 1, dodge=True)  # one dodge of his two attacks
    assert fight.status()["acting"] == "t"
