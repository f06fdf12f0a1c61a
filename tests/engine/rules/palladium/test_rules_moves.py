"""Hand-to-hand moves with forced dice: PAL-DMG-BASE-TABLE (each move's dice),
PAL-STRIKE-H2H-BONUS-TABLES (only a style and level that grant a move may use it; foot-strike
bonuses), PAL-DMG-CRIT (a critical leap kick), PAL-DMG-SWEEP / PAL-DEF-SWEEP /
PAL-COND-KNOCKDOWN (sweep and trip), PAL-DEF-LOS (attacks from behind or unseen),
PAL-DMG-CRIT-BEHIND and PAL-DMG-PULL."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.palladium import (
    ActivateDeclared,
    ApmSpent,
    BodyFlipDeclared,
    DamageRolled,
    DefenseDeclined,
    DefenseRolled,
    InitiativeLost,
    MoveName,
    PullRolled,
    StrikeRolled,
)

from .conftest import Fight, of, one

TOUGH = {"hp": 300, "sdc": 300}


def duel(fight: Fight, style: str, level: int, variant: str = "house", **a: Any) -> None:
    """``a`` (the given style and level) acts first against a tough Basic brawler ``b``."""
    fight.new(variant)
    fight.add("brawler", "a", hand_to_hand={"style": style, "level": level}, **a)
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 2)


def applied(dmg: DamageRolled) -> int:
    return sum(m.value for m in dmg.roll.modifiers if m.op == "add")


@pytest.mark.parametrize(
    ("style", "level", "move", "spec"),
    [
        ("basic", 1, "punch", "1D4"),
        ("basic", 1, "kick", "1D8"),
        ("basic", 1, "elbow", "1D6"),
        ("basic", 1, "knee", "1D6"),
        ("expert", 3, "karate-punch", "2D4"),
        ("expert", 7, "backhand", "1D4"),
        ("martial_arts", 2, "backhand", "1D6"),  # the martial-arts backhand
        ("martial_arts", 3, "karate-kick", "2D6"),
        ("commando", 4, "karate-kick", "2D6"),
        # foot strikes the chapter names without damage: a kick's die (moves.py reading)
        ("martial_arts", 3, "snap-kick", "1D8"),
        ("martial_arts", 3, "axe-kick", "1D8"),
        ("commando", 1, "roundhouse", "1D8"),
        ("martial_arts", 5, "leap-kick", "3D8"),
        ("commando", 8, "jump-kick", "3D8"),
    ],
)
def test_PAL_DMG_BASE_TABLE_each_move_deals_its_dice(
    fight: Fight, style: str, level: int, move: MoveName, spec: str
) -> None:
    duel(fight, style, level)
    dice = int(spec.split("D")[0])
    result = fight.strike("a", "b", 12, *([1] * dice), defend="none", move=move)
    struck = one(result.events, StrikeRolled)
    dmg = one(result.events, DamageRolled)
    assert (struck.move, struck.hits) == (move, True)
    assert (dmg.roll.spec, dmg.roll.total) == (spec, dice + applied(dmg))


@pytest.mark.parametrize(
    ("style", "level", "move"),
    [
        ("basic", 15, "karate-kick"),  # Basic never kicks karate-style
        ("expert", 2, "karate-punch"),  # Expert's karate punch comes at level 3
        ("expert", 15, "snap-kick"),  # other foot strikes: Martial Arts and Commando only
        ("martial_arts", 4, "leap-kick"),  # level 5
        ("none", 1, "elbow"),  # the untrained only punch and kick
        ("commando", 7, "jump-kick"),  # level 8
        ("basic", 15, "trip"),
    ],
)
def test_PAL_STRIKE_H2H_BONUS_TABLES_a_move_the_style_does_not_grant_is_refused(
    fight: Fight, style: str, level: int, move: MoveName
) -> None:
    duel(fight, style, level)
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"does not grant .*PAL-STRIKE-H2H-BONUS-TABLES"):
        fight.strike("a", "b", 12, 3, defend="none", move=move)
    assert fight.head() == head


def test_a_move_is_bare_handed(fight: Fight) -> None:
    duel(fight, "martial_arts", 3, weapons=[{"name": "club", "kind": "melee", "damage": "1D6"}])
    with pytest.raises(UsageError, match="bare-handed"):
        fight.strike("a", "b", 12, 3, defend="none", move="karate-kick", weapon="club")


def test_PAL_DMG_BASE_TABLE_a_leap_kick_costs_two_attacks(fight: Fight) -> None:
    duel(fight, "martial_arts", 5)  # 5 attacks: 2 in pass 1
    result = fight.strike("a", "b", 12, 1, 1, 1, defend="none", move="leap-kick")
    assert sum(e.amount for e in of(result.events, ApmSpent) if e.combatant == "a") == 2
    assert one(result.events, DamageRolled).roll.spec == "3D8"


def test_PAL_DMG_BASE_TABLE_a_leap_kick_lands_on_its_second_attack_under_raw(
    fight: Fight,
) -> None:
    duel(fight, "martial_arts", 5, variant="raw")
    begun = fight.strike("a", "b", defend="none", move="leap-kick")
    assert of(begun.events, StrikeRolled) == []  # one attack paid; it lands on the second
    # b's turn (a natural 1 misses); then the clock comes back to a and the kick lands
    landed = fight.strike("b", "a", 1, 12, 2, 2, 2)
    kick = [e for e in of(landed.events, StrikeRolled) if e.actor == "a"]
    assert [e.move for e in kick] == ["leap-kick"]
    assert one(landed.events, DamageRolled).roll.total == 6


@pytest.mark.parametrize(("option", "times"), [("triple", 3), ("double", 2)])
def test_PAL_DMG_CRIT_a_critical_leap_kick_is_two_critical_sources(
    fight: Fight, option: str, times: int
) -> None:
    fight.new("house", leap_kick_critical=option)
    fight.add("brawler", "a", hand_to_hand={"style": "martial_arts", "level": 6})
    fight.add("brawler", "b", pools=TOUGH)
    fight.initiative(18, 2)
    result = fight.strike("a", "b", 18, 1, 1, 1, defend="none", move="leap-kick")  # crit 18+
    assert one(result.events, StrikeRolled).critical
    crit = [m for m in one(result.events, DamageRolled).roll.modifiers if m.op == "mul"]
    assert [(m.value, m.rule) for m in crit] == [(times, "PAL-DMG-CRIT")]
    assert one(result.events, DamageRolled).roll.total == 3 * times


def test_PAL_DMG_SWEEP_a_trip_does_no_damage_and_knocks_down(fight: Fight) -> None:
    duel(fight, "martial_arts", 3, variant="raw")
    result = fight.strike("a", "b", 12, defend="none", move="trip")
    assert of(result.events, DamageRolled) == []
    lost = [e for e in of(result.events, ApmSpent) if e.combatant == "b"]
    assert [(e.amount, e.on, e.rule) for e in lost] == [(1, "knocked down", "PAL-DMG-SWEEP")]
    assert [e.rule for e in of(result.events, InitiativeLost)] == ["PAL-COND-KNOCKDOWN"]
    assert fight.who("b")["apm_left"] == 3
    assert fight.status()["order"][-1] == "b"


def test_PAL_DEF_SWEEP_a_backward_sweep_cannot_be_parried_and_is_dodged_at_minus_2(
    fight: Fight,
) -> None:
    duel(fight, "commando", 2)
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"cannot be parried .*PAL-DEF-SWEEP"):
        fight.strike("a", "b", 12, 20, defend="parry", move="backward-sweep")
    assert fight.head() == head
    result = fight.strike("a", "b", 12, 15, defend="dodge", move="backward-sweep")
    dodge = one(result.events, DefenseRolled)
    assert [(m.value, m.rule) for m in dodge.roll.modifiers if m.rule == "PAL-DEF-SWEEP"] == [
        (-2, "PAL-DEF-SWEEP")
    ]


def test_PAL_STRIKE_H2H_BONUS_TABLES_commando_foot_strike_bonus_counts_on_kicks_only(
    fight: Fight,
) -> None:
    duel(fight, "commando", 5)  # +2 to all foot strikes
    kick = one(fight.strike("a", "b", 10, 1, defend="none", move="kick").events, StrikeRolled)
    punch = one(fight.strike("a", "b", 10, 1, defend="none", move="punch").events, StrikeRolled)
    assert kick.roll.total - punch.roll.total == 2
    assert [m.value for m in kick.roll.modifiers if m.rule == "PAL-STRIKE-H2H-BONUS-TABLES"] == [2]


@pytest.mark.parametrize("how", ["from_behind", "unseen"])
def test_PAL_DEF_LOS_an_attack_from_behind_or_unseen_cannot_be_defended(
    fight: Fight, how: str
) -> None:
    duel(fight, "basic", 1)
    result = fight.strike("a", "b", 12, 3, defend="parry", **{how: True})
    declined = one(result.events, DefenseDeclined)
    assert "PAL-DEF-LOS" in declined.reason
    assert of(result.events, DefenseRolled) == []
    assert one(result.events, DamageRolled).roll.total == 3


@pytest.mark.parametrize(("style", "times"), [("basic", 2), ("expert", 3)])
def test_PAL_DMG_CRIT_BEHIND_level_13_makes_a_hit_from_behind_critical(
    fight: Fight, style: str, times: int
) -> None:
    duel(fight, style, 13)
    struck = fight.strike("a", "b", 10, from_behind=True)
    assert one(struck.events, StrikeRolled).critical
    # a critical or a knockout, his pick (the knockout: test_rules_blows.py); he keeps the
    # critical
    result = fight.declare(ActivateDeclared(actor="a", choice="no"), [2])
    dmg = one(result.events, DamageRolled)
    crit = [(m.value, m.rule) for m in dmg.roll.modifiers if m.op == "mul"]
    rule = "PAL-DMG-CRIT-BEHIND" if times == 3 else "PAL-DMG-CRIT"
    assert crit == [(times, rule)]
    assert dmg.roll.total == (2 + applied(dmg)) * times


def test_PAL_DMG_CRIT_BEHIND_not_below_level_13(fight: Fight) -> None:
    duel(fight, "expert", 12)
    result = fight.strike("a", "b", 10, 2, from_behind=True)
    assert not one(result.events, StrikeRolled).critical


def test_PAL_DMG_PULL_a_roll_of_11_holds_the_blow_to_the_limit(fight: Fight) -> None:
    duel(fight, "basic", 1)  # +2 pull
    result = fight.strike("a", "b", 12, 9, 4, defend="none", pull=1)  # 9 + 2 = 11
    pulled = one(result.events, PullRolled)
    assert (pulled.roll.total, pulled.success, pulled.roll.rule) == (11, True, "PAL-DMG-PULL")
    dmg = one(result.events, DamageRolled)
    assert [(m.op, m.value) for m in dmg.roll.modifiers if m.rule == "PAL-DMG-PULL"] == [("cap", 1)]
    assert dmg.roll.total == 1


def test_PAL_DMG_PULL_under_11_the_blow_lands_in_full(fight: Fight) -> None:
    duel(fight, "basic", 1)
    result = fight.strike("a", "b", 12, 8, 4, defend="none", pull=0)  # 8 + 2 = 10
    assert not one(result.events, PullRolled).success
    assert one(result.events, DamageRolled).roll.total == 4


def test_PAL_DMG_PULL_a_parried_blow_needs_no_pull_roll(fight: Fight) -> None:
    duel(fight, "basic", 1)
    result = fight.strike("a", "b", 10, 15, defend="parry", pull=0)
    assert one(result.events, DefenseRolled).success
    assert of(result.events, PullRolled) == []


def test_PAL_DMG_PULL_needs_training_and_the_floor_option(fight: Fight) -> None:
    duel(fight, "none", 1)
    with pytest.raises(IllegalAction, match="PAL-DMG-PULL"):
        fight.strike("a", "b", 12, 9, 4, defend="none", pull=1)
    fight2 = Fight(fight.tmp / "floor")
    (fight.tmp / "floor").mkdir()
    fight2.new("raw", pull_punch_floor=1)
    fight2.add("brawler", "a")
    fight2.add("brawler", "b")
    fight2.initiative(18, 2)
    with pytest.raises(UsageError, match="pull_punch_floor"):
        fight2.strike("a", "b", 12, 9, 4, defend="none", pull=0)
    assert one(fight2.strike("a", "b", 12, 9, 4, defend="none", pull=1).events, PullRolled)


@pytest.mark.parametrize(("style", "level"), [("commando", 1), ("basic", 8), ("expert", 1)])
def test_PAL_DMG_BODYFLIP_1d6_plus_bonuses_and_the_victim_is_felled(
    fight: Fight, style: str, level: int
) -> None:
    """Body flip/throw: one attack, 1D6 + damage bonuses; the victim loses initiative and one
    attack (Expert from level 1: the catalogue L.13 reading in tables.py)."""
    duel(fight, style, level, variant="raw")
    result = fight.declare(BodyFlipDeclared(actor="a", target="b", defend="none"), (12, 4))
    dmg = one(result.events, DamageRolled)
    assert (dmg.roll.spec, dmg.roll.total) == ("1D6", 4 + applied(dmg))
    lost = [e for e in of(result.events, ApmSpent) if e.combatant == "b"]
    assert [(e.amount, e.rule) for e in lost] == [(1, "PAL-DMG-BODYFLIP")]
    assert [e.rule for e in of(result.events, InitiativeLost)] == ["PAL-COND-KNOCKDOWN"]
    assert one(result.events, StrikeRolled).move == "body-flip"


def test_PAL_DMG_BODYFLIP_a_style_without_it_cannot_throw(fight: Fight) -> None:
    duel(fight, "basic", 7)
    with pytest.raises(IllegalAction, match="does not grant a body flip"):
        fight.declare(BodyFlipDeclared(actor="a", target="b"), (12, 4))


def test_PAL_STRIKE_H2H_BONUS_TABLES_commando_body_flip_bonus(fight: Fight) -> None:
    duel(fight, "commando", 6)  # +1 to body flip/throw at level 6
    flip = fight.declare(BodyFlipDeclared(actor="a", target="b", defend="none"), (10, 1))
    bonus = [m.value for m in one(flip.events, StrikeRolled).roll.modifiers if m.value == 1]
    assert 1 in bonus


def test_PAL_DMG_BODYFLIP_a_dodged_flip_that_lands_takes_each_attack_once(
    fight: Fight,
) -> None:
    """House rules: the dodge and the knockdown both come out of the victim's later passes,
    one attack each (found by probing: both took pass 1's only attack, leaving -1 there)."""
    fight.new("house")
    fight.add("brawler", "a", hand_to_hand={"style": "commando", "level": 1})
    fight.add("brawler", "b", hand_to_hand={"style": "assassin", "level": 1}, pools=TOUGH)
    fight.initiative(18, 2)  # b: 3 attacks, 1/1/1, none in hand before his turn
    result = fight.declare(BodyFlipDeclared(actor="a", target="b", defend="dodge"), (15, 2, 3))
    lost = [(e.on, e.later) for e in of(result.events, ApmSpent) if e.combatant == "b"]
    assert lost == [("dodge", (1, 0, 0)), ("knocked down", (0, 1, 0))]
    assert fight.who("b")["apm_by_pass"] == [0, 0, 1]
