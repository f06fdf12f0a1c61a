"""Strike resolution with forced dice: PAL-STRIKE-MELEE-TARGET, -NAT1, -NAT20, -CRIT-RANGE,
-TIES and PAL-DEF-NAT20 (and the house reading PAL-HR-STRIKE-NAT1)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import Dice
from engine.replay import Kernel
from engine.rules import get_pack
from events.core import ReactionRequested
from events.palladium import DamageRolled, DefenseRolled, StrikeDeclared, StrikeRolled
from projections.state import FightState

from .conftest import Fight, of, one


def duel(fight: Fight, variant: str = "raw", a: Any = None, b: Any = None, **options: Any) -> None:
    """Brawler ``a`` (acting first) against brawler ``b``; ``a``/``b`` are bonus overrides."""
    fight.new(variant, **options)
    fight.add("brawler", "a", bonuses=a or {})
    fight.add("brawler", "b", bonuses=b or {})
    fight.initiative(15, 5)


def test_PAL_STRIKE_MELEE_TARGET_total_4_misses_total_5_hits(fight: Fight) -> None:
    duel(fight)
    miss = one(fight.strike("a", "b", 4).events, StrikeRolled)
    assert (miss.roll.total, miss.roll.target, miss.hits) == (4, 5, False)
    result = fight.strike("b", "a", 5)
    hit = one(result.events, StrikeRolled)
    assert (hit.roll.total, hit.hits) == (5, True)
    assert one(result.events, ReactionRequested).reactor == "a"  # unless defended
    assert fight.status()["pending"]["reactor"] == "a"


def test_PAL_STRIKE_MELEE_TARGET_is_the_total_not_the_natural_roll(fight: Fight) -> None:
    duel(fight, a={"strike": -1}, b={"strike": 3})
    assert not one(fight.strike("a", "b", 5).events, StrikeRolled).hits  # 5 - 1 = 4
    result = fight.strike("b", "a", 2, 1, defend="none")  # 2 + 3 = 5: hits; damage 1
    assert one(result.events, StrikeRolled).hits
    assert fight.who("a")["sdc"] == 9


def test_PAL_STRIKE_NAT1_misses_whatever_the_bonus(fight: Fight) -> None:
    duel(fight, a={"strike": 10})
    s = one(fight.strike("a", "b", 1).events, StrikeRolled)
    assert (s.roll.total, s.hits) == (11, False)
    assert "PAL-STRIKE-NAT1" in s.reason
    assert fight.who("b")["sdc"] == 10


def test_PAL_HR_STRIKE_NAT1_house_natural_1_hits_if_the_total_does(fight: Fight) -> None:
    duel(fight, "house", a={"strike": 10})
    result = fight.strike("a", "b", 1, 2, defend="none")  # 11 hits; damage 2
    assert one(result.events, StrikeRolled).hits
    assert fight.who("b")["sdc"] == 8


def test_PAL_HR_STRIKE_NAT1_house_natural_1_with_a_low_total_still_misses(fight: Fight) -> None:
    duel(fight, "house")
    assert not one(fight.strike("a", "b", 1).events, StrikeRolled).hits


def test_PAL_STRIKE_NAT1_reading_is_the_option_nat1_always_misses(fight: Fight) -> None:
    duel(fight, "raw", a={"strike": 10}, nat1_always_misses=False)
    assert one(fight.strike("a", "b", 1, 2, defend="none").events, StrikeRolled).hits


def test_PAL_STRIKE_NAT20_always_hits_is_critical_and_beats_a_higher_parry(fight: Fight) -> None:
    duel(fight, a={"damage": 2}, b={"parry": 10})
    result = fight.strike("a", "b", 20, 19, 3, defend="parry")  # parry 19 + 10 = 29
    s = one(result.events, StrikeRolled)
    assert (s.hits, s.critical) == (True, True)
    parry = one(result.events, DefenseRolled)
    assert (parry.roll.total, parry.success) == (29, False)
    assert "PAL-STRIKE-NAT20" in parry.reason
    assert one(result.events, DamageRolled).roll.total == 10  # PAL-DMG-CRIT: (3 + 2) x 2
    assert fight.who("b")["sdc"] == 0


@pytest.mark.parametrize("choice", ["parry", "dodge"])
def test_PAL_STRIKE_NAT20_stopped_only_by_a_natural_20_defence(fight: Fight, choice: Any) -> None:
    duel(fight)
    result = fight.strike("a", "b", 20, 20, defend=choice)
    assert one(result.events, DefenseRolled).success
    assert of(result.events, DamageRolled) == []


def test_PAL_STRIKE_NAT20_a_modified_20_is_not_a_natural_20(fight: Fight) -> None:
    duel(fight, a={"strike": 2}, b={"parry": 1})
    result = fight.strike("a", "b", 18, 19, defend="parry")  # 20 vs 20: defender wins
    s = one(result.events, StrikeRolled)
    assert (s.roll.total, s.critical) == (20, False)
    assert one(result.events, DefenseRolled).success


@pytest.mark.parametrize(
    ("style", "level", "natural", "critical"),
    [
        ("basic", 5, 19, False),
        ("basic", 6, 19, True),
        ("basic", 6, 18, False),
        ("expert", 5, 18, False),
        ("expert", 6, 18, True),
        ("expert", 6, 17, False),
        ("martial_arts", 6, 18, True),
        ("assassin", 10, 19, True),
        ("commando", 15, 17, True),
        ("commando", 14, 17, False),
    ],
)
def test_PAL_STRIKE_CRIT_RANGE_by_style_and_level(
    fight: Fight, style: str, level: int, natural: int, critical: bool
) -> None:
    fight.new()
    fight.add("brawler", "a", hand_to_hand={"style": style, "level": level})
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    # an Assassin's natural 17+ also knocks out (PAL-DMG-KO, from level 7): its 1D4 rounds
    knockout = (2,) if style == "assassin" else ()
    result = fight.strike("a", "b", natural, 1, *knockout, defend="none")
    assert one(result.events, StrikeRolled).critical is critical
    doubled = [m.rule for m in one(result.events, DamageRolled).roll.modifiers if m.op == "mul"]
    assert doubled == (["PAL-DMG-CRIT"] if critical else [])


def test_PAL_STRIKE_CRIT_RANGE_critical_18_can_still_be_parried(fight: Fight) -> None:
    fight.new()
    fight.add("expert", "x")  # Expert L6: natural 18-20 criticals; +3 strike
    fight.add("brawler", "b", bonuses={"parry": 10})
    fight.initiative(15, 1)
    result = fight.strike("x", "b", 18, 11, defend="parry")  # 21 vs 11 + 10 = 21
    s = one(result.events, StrikeRolled)
    assert (s.roll.total, s.critical, s.hits) == (21, True, True)
    assert one(result.events, DefenseRolled).success
    assert fight.who("b")["sdc"] == 10


def test_PAL_STRIKE_CRIT_RANGE_unparried_18_doubles_damage(fight: Fight) -> None:
    fight.new()
    fight.add("expert", "x")
    fight.add("brawler", "b", pools={"hp": 40, "sdc": 10})
    fight.initiative(15, 1)
    result = fight.strike("x", "b", 18, 4, defend="none")
    assert one(result.events, DamageRolled).roll.total == 18  # (4 + 5) x 2
    assert (fight.who("b")["sdc"], fight.who("b")["hp"]) == (0, 32)


def test_PAL_STRIKE_CRIT_RANGE_is_for_hand_to_hand_not_guns(fight: Fight) -> None:
    fight.new()
    fight.add("expert", "x")
    fight.add("brawler", "b")
    fight.initiative(15, 1)
    result = fight.strike("x", "b", 18, 3, 4, weapon="pistol", defend="none")
    assert one(result.events, StrikeRolled).critical is False
    assert one(result.events, DamageRolled).roll.total == 7  # 2D6, no P.S. bonus, not doubled


@pytest.mark.parametrize(("parry_face", "stopped"), [(12, True), (11, False)])
def test_PAL_STRIKE_TIES_defender_wins_ties(fight: Fight, parry_face: int, stopped: bool) -> None:
    duel(fight)
    fight.strike("a", "b", 12)
    result = fight.defend("b", "parry", parry_face, *([] if stopped else [2]))
    parry = one(result.events, DefenseRolled)
    assert (parry.roll.target, parry.success) == (12, stopped)
    assert fight.who("b")["sdc"] == (10 if stopped else 8)
    assert fight.status()["pending"] is None


def test_PAL_STRIKE_TIES_dodge_equal_to_the_strike_succeeds(fight: Fight) -> None:
    duel(fight, a={"strike": 2}, b={"dodge": 4})
    result = fight.strike("a", "b", 13, 11, defend="dodge")  # 15 vs 15
    assert one(result.events, DefenseRolled).success


def test_PAL_DEF_NAT20_natural_20_defence_beats_any_lesser_strike(fight: Fight) -> None:
    duel(fight, a={"strike": 10})
    result = fight.strike("a", "b", 15, 20, defend="parry")  # 25 vs a natural 20
    parry = one(result.events, DefenseRolled)
    assert (parry.roll.total, parry.success) == (20, True)
    assert "PAL-DEF-NAT20" in parry.reason


def test_PAL_DEF_NAT20_reading_is_the_option_defence_nat20_beats_all(fight: Fight) -> None:
    duel(fight, a={"strike": 10}, defence_nat20_beats_all=False)
    result = fight.strike("a", "b", 15, 20, 3, defend="parry")
    assert not one(result.events, DefenseRolled).success
    assert fight.who("b")["sdc"] == 7


@pytest.fixture(scope="module")
def duel_state(tmp_path_factory: pytest.TempPathFactory) -> tuple[Kernel, FightState]:
    """Brawler ``a`` (+3 strike) against brawler ``b`` (+2 parry), a's turn, read back from
    the store; each example below resolves one declaration on it without writing."""
    fight = Fight(tmp_path_factory.mktemp("duel"))
    duel(fight, a={"strike": 3}, b={"parry": 2})
    return Kernel(get_pack("palladium")), fight.table.state()


@settings(max_examples=300, deadline=None)
@given(strike=st.integers(1, 20), parry=st.integers(1, 20))
def test_PAL_STRIKE_TIES_NAT20_NAT1_property_over_every_pair_of_naturals(
    duel_state: tuple[Kernel, FightState], strike: int, parry: int
) -> None:
    """PAL-STRIKE-MELEE-TARGET, -NAT1, -NAT20, -TIES and PAL-DEF-NAT20 for every face pair."""
    kernel, state = duel_state
    hits = strike == 20 or (strike != 1 and strike + 3 >= 5)
    # only a natural 20 stops a natural 20; a natural 20 defence stops the rest; ties: defender
    stopped = parry == 20 or (strike != 20 and parry + 2 >= strike + 3)
    faces = [strike] if not hits else [strike, parry] if stopped else [strike, parry, 2]
    declaration = StrikeDeclared(actor="a", target="b", defend="parry")
    events, _ = kernel.resolve(state, declaration, Dice(1, 99, 0, faces))
    assert one(events, StrikeRolled).hits is hits
    assert [d.success for d in of(events, DefenseRolled)] == ([stopped] if hits else [])
    assert len(of(events, DamageRolled)) == (1 if hits and not stopped else 0)
    assert one(events, StrikeRolled).critical is (strike == 20)
    rolls = [r for r in (getattr(e, "roll", None) for e in events) if r is not None]
    assert {r.source for r in rolls} == {"physical"}
