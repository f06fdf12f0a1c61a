"""Surprise and partial-surprise initiative (seed 002 line 5; catalogue §2.1): the freeze
(GURPS-SURPRISE-TOTAL), Combat Reflexes (GURPS-SURPRISE-CR), the partial ramp
(GURPS-SURPRISE-PARTIAL-RECOVER) and the side initiative roll (GURPS-INIT-PARTIAL), with the
1d faces forced."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.rules import UsageError
from engine.rules.gurps.situations.surprise import (
    InitiativeSide,
    initiative_modifiers,
    partial_initiative,
    recovery_outcome,
    recovery_roll,
    surprised,
)


def test_total_surprise_freezes_for_the_1d_rolled_gurps_surprise_total() -> None:
    """GURPS-SURPRISE-TOTAL: a 4 on the GM's 1d freezes the defender for 4 seconds."""
    s = surprised("total", 4, combat_reflexes=False)
    assert (s.kind, s.frozen_seconds, s.rule) == ("total", 4, "GURPS-SURPRISE-TOTAL")


@pytest.mark.parametrize("roll", [1, 6])
def test_the_freeze_is_any_face_of_1d_gurps_surprise_total(roll: int) -> None:
    """GURPS-SURPRISE-TOTAL: the table's edges, 1 and 6 seconds."""
    assert surprised("total", roll, combat_reflexes=False).frozen_seconds == roll


@pytest.mark.parametrize("roll", [0, 7])
def test_a_freeze_roll_that_is_not_1d_is_refused(roll: int) -> None:
    """GURPS-SURPRISE-TOTAL: the freeze is 1d; another number is refused, naming it."""
    with pytest.raises(UsageError, match=f"the freeze roll: {roll} is not a 1d roll"):
        surprised("total", roll, combat_reflexes=False)


def test_combat_reflexes_never_freezes_and_counts_total_as_partial_gurps_surprise_cr() -> None:
    """GURPS-SURPRISE-CR: the same 4 does not freeze him; his surprise is partial."""
    s = surprised("total", 4, combat_reflexes=True)
    assert (s.kind, s.frozen_seconds, s.rule) == ("partial", 0, "GURPS-SURPRISE-CR")


def test_a_partial_surprise_never_freezes_gurps_surprise_partial_recover() -> None:
    """GURPS-SURPRISE-PARTIAL-RECOVER: stunned, but no freeze, with or without a 1d."""
    assert surprised("partial", 6, combat_reflexes=False).frozen_seconds == 0
    assert surprised("partial", combat_reflexes=False).frozen_seconds == 0


def test_a_total_surprise_needs_the_freeze_roll_gurps_surprise_total() -> None:
    """GURPS-SURPRISE-TOTAL: without the GM's 1d the freeze cannot be known; with Combat
    Reflexes it is not needed."""
    with pytest.raises(UsageError, match="needs the GM's 1d"):
        surprised("total", combat_reflexes=False)
    assert surprised("total", combat_reflexes=True).kind == "partial"


def test_total_surprise_recovery_is_basic_iq_with_no_ramp_gurps_surprise_total() -> None:
    """GURPS-SURPRISE-TOTAL: IQ 10 rolls against 10 on the first, third and ninth try."""
    for attempt in (1, 3, 9):
        r = recovery_roll(10, attempt, "total", combat_reflexes=False)
        assert (r.target, r.modifiers) == (10, ())


def test_combat_reflexes_adds_6_to_recovery_gurps_surprise_cr() -> None:
    """GURPS-SURPRISE-CR: IQ 9 with Combat Reflexes rolls against 15."""
    r = recovery_roll(9, 1, "total", combat_reflexes=True)
    assert r.target == 15
    assert [(m.value, m.rule) for m in r.modifiers] == [(6, "GURPS-SURPRISE-CR")]


@pytest.mark.parametrize(("attempt", "target"), [(1, 8), (2, 9), (3, 10), (6, 13)])
def test_partial_recovery_ramps_by_one_a_turn_gurps_surprise_partial_recover(
    attempt: int, target: int
) -> None:
    """GURPS-SURPRISE-PARTIAL-RECOVER: IQ 8: 8 on the first roll, +1 on the second, +2 on
    the third ... +5 on the sixth."""
    assert recovery_roll(8, attempt, "partial", combat_reflexes=False).target == target


def test_cr_after_total_surprise_recovers_as_partial_with_both_bonuses() -> None:
    """GURPS-SURPRISE-CR with GURPS-SURPRISE-PARTIAL-RECOVER: IQ 10, CR, third roll: 10 + 6
    + 2 = 18, each step cited."""
    kind = surprised("total", 3, combat_reflexes=True).kind
    r = recovery_roll(10, 3, kind, combat_reflexes=True)
    assert r.target == 18
    assert [(m.value, m.rule) for m in r.modifiers] == [
        (6, "GURPS-SURPRISE-CR"),
        (2, "GURPS-SURPRISE-PARTIAL-RECOVER"),
    ]


def test_attempt_zero_is_refused() -> None:
    """GURPS-SURPRISE-TOTAL: attempts count from 1."""
    with pytest.raises(UsageError, match="recovery attempt 0"):
        recovery_roll(10, 0, "total", combat_reflexes=False)


def test_recovery_success_does_nothing_this_turn_then_acts_gurps_surprise_total() -> None:
    """GURPS-SURPRISE-TOTAL: a success still takes Do Nothing now, but ends the stun; a
    failure stays stunned."""
    assert (recovery_outcome(True).maneuver, recovery_outcome(True).still_stunned) == (
        "do_nothing",
        False,
    )
    assert recovery_outcome(False).still_stunned is True


def _mods(side: InitiativeSide, other: InitiativeSide, **kw: Any) -> list[tuple[int, str]]:
    return [(m.value, m.name) for m in initiative_modifiers(side, other, **kw)]


def test_leader_with_combat_reflexes_gets_2_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL: +2 for a CR leader, not also the +1 for others with CR."""
    side = InitiativeSide(leader_iq=10, leader_combat_reflexes=True, anyone_combat_reflexes=True)
    assert _mods(side, InitiativeSide(leader_iq=10)) == [(2, "leader has Combat Reflexes")]


def test_someone_else_with_cr_gives_1_once_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL: +1 when only a follower has Combat Reflexes."""
    side = InitiativeSide(leader_iq=10, anyone_combat_reflexes=True)
    assert _mods(side, InitiativeSide(leader_iq=10)) == [
        (1, "someone on the side has Combat Reflexes")
    ]


def test_higher_iq_leader_gets_1_and_equal_iq_none_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL: IQ 12 against IQ 11: +1 to the first only; 11 against 11: none."""
    assert _mods(InitiativeSide(leader_iq=12), InitiativeSide(leader_iq=11)) == [
        (1, "leader with the higher IQ")
    ]
    assert _mods(InitiativeSide(leader_iq=11), InitiativeSide(leader_iq=12)) == []
    assert _mods(InitiativeSide(leader_iq=11), InitiativeSide(leader_iq=11)) == []


@pytest.mark.parametrize(("tactics", "bonus"), [(0, None), (1, 1), (19, 1), (20, 2), (24, 2)])
def test_tactics_gives_1_and_2_at_20_gurps_init_partial(tactics: int, bonus: int | None) -> None:
    """GURPS-INIT-PARTIAL: Tactics +1 at any level, +2 in all at 20+ (the edges 19/20)."""
    mods = _mods(InitiativeSide(leader_iq=10, leader_tactics=tactics), InitiativeSide(leader_iq=10))
    assert mods == ([] if bonus is None else [(bonus, f"Tactics {tactics}")])


def test_tactics_20_read_as_one_more_gives_3_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL [AMB]: the other reading of "20+ gives +2" is +1 then +2 more."""
    side = InitiativeSide(leader_iq=10, leader_tactics=20)
    assert _mods(side, InitiativeSide(leader_iq=10), tactics_20="one_more") == [(3, "Tactics 20")]


def test_whose_tactics_leader_by_default_side_as_option_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL [AMB]: a follower's Tactics 14 counts only when read as the side's."""
    side = InitiativeSide(leader_iq=10, leader_tactics=0, best_tactics=14)
    other = InitiativeSide(leader_iq=10)
    assert _mods(side, other) == []
    assert _mods(side, other, tactics_of="side") == [(1, "Tactics 14")]


def test_leaderless_side_is_at_minus_2_unless_animals_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL: a leaderless band -2; a pack of IQ 5 animals takes no penalty;
    neither side gets the IQ bonus against a leaderless one."""
    band = InitiativeSide(leader_iq=None)
    wolves = InitiativeSide(leader_iq=None, animals=True, anyone_combat_reflexes=True)
    led = InitiativeSide(leader_iq=14)
    assert _mods(band, led) == [(-2, "leaderless side")]
    assert _mods(led, band) == []
    assert _mods(wolves, led) == [(1, "someone on the side has Combat Reflexes")]


def test_highest_total_wins_the_initiative_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL: a 3 +2 (CR leader) +1 (IQ 12 vs 10) = 6 beats a 5 +0."""
    first = InitiativeSide(leader_iq=12, leader_combat_reflexes=True)
    second = InitiativeSide(leader_iq=10)
    result = partial_initiative(first, second, 3, 5)
    assert (result.first[0], result.second[0], result.winner) == (6, 5, "first")
    assert all(m.rule == "GURPS-INIT-PARTIAL" for m in result.first[1])


def test_a_tie_means_nobody_is_surprised_gurps_init_partial() -> None:
    """GURPS-INIT-PARTIAL: 4 + 1 (Tactics) against a leaderless 6 - 2 + 1 (someone with
    Combat Reflexes): 5 against 5."""
    first = InitiativeSide(leader_iq=10, leader_tactics=12)
    second = InitiativeSide(leader_iq=None, anyone_combat_reflexes=True)
    result = partial_initiative(first, second, 4, 6)
    assert (result.first[0], result.second[0], result.winner) == (5, 5, None)


def test_initiative_faces_are_checked() -> None:
    """GURPS-INIT-PARTIAL: each leader rolls 1d."""
    with pytest.raises(UsageError, match="the second side's initiative roll: 9"):
        partial_initiative(InitiativeSide(leader_iq=10), InitiativeSide(leader_iq=10), 3, 9)


@given(
    st.integers(1, 6),
    st.integers(1, 6),
    st.integers(5, 15),
    st.integers(5, 15),
    st.booleans(),
)
def test_initiative_is_symmetric(a: int, b: int, iq_a: int, iq_b: int, cr: bool) -> None:
    """GURPS-INIT-PARTIAL: swapping the sides swaps the winner, never changes it."""
    x = InitiativeSide(leader_iq=iq_a, leader_combat_reflexes=cr)
    y = InitiativeSide(leader_iq=iq_b)
    one = partial_initiative(x, y, a, b)
    two = partial_initiative(y, x, b, a)
    swap = {"first": "second", "second": "first", None: None}
    assert two.winner == swap[one.winner]


@given(st.integers(3, 18), st.integers(1, 30), st.booleans())
def test_partial_recovery_never_gets_harder(iq: int, attempt: int, cr: bool) -> None:
    """GURPS-SURPRISE-PARTIAL-RECOVER: each later roll's target is at least the last one's,
    and never below a total surprise's."""
    now = recovery_roll(iq, attempt + 1, "partial", combat_reflexes=cr).target
    before = recovery_roll(iq, attempt, "partial", combat_reflexes=cr).target
    assert now == before + 1
    assert now >= recovery_roll(iq, attempt + 1, "total", combat_reflexes=cr).target
