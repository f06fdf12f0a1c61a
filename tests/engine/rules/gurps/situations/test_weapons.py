"""Striking at weapons, disarming, and stuck picks (seed 002 lines 37-43, 61-63; catalogue
§2.1): GURPS-STRIKE-WEAPON, GURPS-DISARM and GURPS-PICK-STUCK, with the contests' margins
forced."""

from __future__ import annotations

import pytest

from engine.rules import IllegalAction
from engine.rules.gurps.situations.common import Side, quick_contest
from engine.rules.gurps.situations.weapons import (
    defend_weapon,
    disarm_contest,
    disarm_modifiers,
    disarm_outcome,
    gets_stuck,
    pull_free_injury,
    pull_outcome,
    strike_at_weapon,
    tug_outcome,
)


@pytest.mark.parametrize(
    ("size", "value"),
    [
        ("reach_c", -5),
        ("pistol", -5),
        ("reach_1", -4),
        ("carbine", -4),
        ("reach_2plus", -3),
        ("rifle", -3),
    ],
)
def test_striking_at_a_weapon_by_size_gurps_strike_weapon(size: str, value: int) -> None:
    """GURPS-STRIKE-WEAPON: -5 knife or pistol, -4 broadsword or carbine, -3 spear or rifle."""
    m = strike_at_weapon(size)  # type: ignore[arg-type]
    assert (m.value, m.rule, m.source) == (value, "GURPS-STRIKE-WEAPON", "situation")


def test_defending_a_weapon_dodge_parry_with_it_never_block_gurps_strike_weapon() -> None:
    """GURPS-STRIKE-WEAPON: dodge and (with the ready weapon) parry, retreat allowed, no
    block and no shield bonus; an unready weapon cannot parry."""
    ready = defend_weapon(weapon_ready=True)
    assert ready.allowed == {"dodge", "parry"}
    assert (ready.retreat, ready.shield_bonus) == (True, False)
    assert defend_weapon(weapon_ready=False).allowed == {"dodge"}


def test_disarming_is_an_extra_minus_2_gurps_disarm() -> None:
    """GURPS-DISARM: a broadsword knocking at a knife: -5 and -2 = -7."""
    mods = disarm_modifiers("reach_c", can_parry=True, fencing=False)
    assert [(m.value, m.rule) for m in mods] == [
        (-5, "GURPS-STRIKE-WEAPON"),
        (-2, "GURPS-DISARM"),
    ]


def test_a_fencing_weapon_disarms_without_the_extra_penalty_gurps_disarm() -> None:
    """GURPS-DISARM: a rapier at a broadsword: -4 only."""
    assert [m.value for m in disarm_modifiers("reach_1", can_parry=True, fencing=True)] == [-4]


def test_a_weapon_that_cannot_parry_cannot_disarm_gurps_disarm() -> None:
    """GURPS-DISARM: a pistol-whipping firearm is refused, citing the rule."""
    with pytest.raises(IllegalAction, match="GURPS-DISARM"):
        disarm_modifiers("reach_1", can_parry=False, fencing=False)


def test_the_disarm_contest_modifiers_gurps_disarm() -> None:
    """GURPS-DISARM: +2 using Whip (or Jitte/Sai), +2 to a defender with a two-hander; the
    holder of a missile weapon rolls DX."""
    c = disarm_contest(
        attacker_skill="Whip", defender_two_handed=True, defender_missile_weapon=False
    )
    assert [(m.value, m.rule) for m in c.attacker] == [(2, "GURPS-DISARM")]
    assert [(m.value, m.rule) for m in c.defender] == [(2, "GURPS-DISARM")]
    assert c.defender_rolls == "weapon skill"
    plain = disarm_contest(
        attacker_skill="Broadsword", defender_two_handed=False, defender_missile_weapon=True
    )
    assert (plain.attacker, plain.defender, plain.defender_rolls) == ((), (), "DX")
    assert (
        disarm_contest(
            attacker_skill="Jitte/Sai", defender_two_handed=False, defender_missile_weapon=False
        )
        .attacker[0]
        .value
        == 2
    )


def _contest(attacker: int, defender: int) -> tuple[bool, bool, bool]:
    c = quick_contest(Side(attacker >= 0, attacker), Side(defender >= 0, defender))
    d = disarm_outcome(c)
    return d.defender_disarmed, d.defender_ready, d.attacker_disarmed


def test_winning_the_contest_disarms_gurps_disarm() -> None:
    """GURPS-DISARM: the attacker succeeds by 2, the defender by 1: the weapon flies."""
    assert _contest(2, 1) == (True, False, False)


@pytest.mark.parametrize(("defender", "ready"), [(3, False), (4, False), (5, True), (7, True)])
def test_the_defender_keeps_it_ready_only_winning_by_3_gurps_disarm(
    defender: int, ready: bool
) -> None:
    """GURPS-DISARM: attacker margin 2; the defender wins by 1, 2 (unready), 3 or 5 (ready)."""
    assert _contest(2, defender) == (False, ready, False)


def test_a_tie_keeps_the_weapon_unready_gurps_disarm() -> None:
    """GURPS-DISARM: both succeed by 1: kept, unready."""
    assert _contest(1, 1) == (False, False, False)


def test_the_attackers_critical_failure_disarms_him_gurps_disarm() -> None:
    """GURPS-DISARM: whatever the contest, a critical failure loses the attacker's weapon."""
    d = disarm_outcome(
        quick_contest(Side(False, -8), Side(True, 2)), attacker_critical_failure=True
    )
    assert (d.attacker_disarmed, d.defender_disarmed, d.defender_ready) == (True, False, True)


def test_a_penetrating_swing_impaling_blow_sticks_gurps_pick_stuck() -> None:
    """GURPS-PICK-STUCK: a pick that wounded sticks; one stopped by DR, a thrust, or a
    cutting swing does not."""
    assert gets_stuck(swing=True, damage_type="imp", penetrating_injury=4)
    assert not gets_stuck(swing=True, damage_type="imp", penetrating_injury=0)
    assert not gets_stuck(swing=False, damage_type="imp", penetrating_injury=4)
    assert not gets_stuck(swing=True, damage_type="cut", penetrating_injury=4)


def test_the_st_roll_to_pull_free_gurps_pick_stuck() -> None:
    """GURPS-PICK-STUCK: success frees it, failure leaves it stuck, a critical failure for
    good."""
    assert pull_outcome(True) == "free"
    assert pull_outcome(False) == "stuck"
    assert pull_outcome(False, critical_failure=True) == "stuck_for_good"


@pytest.mark.parametrize(("entry", "down", "up"), [(4, 2, 2), (5, 2, 3), (1, 0, 1), (0, 0, 0)])
def test_coming_free_does_half_the_entry_injury_gurps_pick_stuck(
    entry: int, down: int, up: int
) -> None:
    """GURPS-PICK-STUCK: the seed's 4 -> 2; an odd wound rounds down unless read up."""
    assert pull_free_injury(entry) == down
    assert pull_free_injury(entry, rounding="up") == up


def test_the_victim_pulling_away_gurps_pick_stuck() -> None:
    """GURPS-PICK-STUCK: ST contest, wielder first: he wins, the victim stays; the victim
    wins, he takes the weapon; a tie pulls it free."""
    assert tug_outcome(quick_contest(Side(True, 3), Side(True, 1))) == "victim_held"
    assert tug_outcome(quick_contest(Side(False, -1), Side(True, 0))) == "victim_takes_weapon"
    assert tug_outcome(quick_contest(Side(True, 2), Side(True, 2))) == "weapon_comes_free"
