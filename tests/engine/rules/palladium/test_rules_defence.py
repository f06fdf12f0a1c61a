"""Defences with forced dice: PAL-DEF-PARRY, -PARRY-MD, -PARRY-BAREHAND, -DODGE, -AUTODODGE,
-SIMULTANEOUS and PAL-ROUND-OUT-OF-ATTACKS."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.rules import IllegalAction
from events.core import Event, Modifier
from events.palladium import (
    ApmSpent,
    AttacksRefreshed,
    DamageRolled,
    DefenseRolled,
    ParryLimitReset,
    StrikeRolled,
)

from .conftest import Fight, not_applied, of, one

KNIFE = {"name": "knife", "kind": "melee", "damage": "1D6", "strike": 1, "parry": 2}
VIBRO = {"name": "vibro-knife", "kind": "melee", "damage": "1D6", "mega_damage": True}


def mods(ms: tuple[Modifier, ...]) -> list[tuple[str, int, str]]:
    """The modifiers applied (a bonus shown as not applying is :func:`not_applied`'s)."""
    return [(m.source, m.value, m.rule) for m in ms if m.op != "skip"]


def spent_by(events: Sequence[Event], cid: str) -> list[ApmSpent]:
    return [e for e in events if isinstance(e, ApmSpent) and e.combatant == cid]


def test_PAL_DEF_PARRY_trained_parry_costs_no_attack(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    result = fight.strike("a", "b", 12, 14, defend="parry")
    assert one(result.events, DefenseRolled).success
    assert spent_by(result.events, "b") == []
    assert fight.who("b")["apm_left"] == 4


def test_PAL_DEF_PARRY_untrained_parry_costs_his_next_attack(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("civilian", "c")  # one attack, no training
    fight.initiative(15, 5)
    result = fight.strike("a", "c", 12, 14, defend="parry")
    assert [(e.on, e.rule, e.owed) for e in spent_by(result.events, "c")] == [
        ("parry", "PAL-DEF-PARRY", 0)
    ]
    assert fight.who("c")["apm_left"] == 0
    assert fight.status()["acting"] == "a"  # c's only attack went on the parry


def test_PAL_DEF_PARRY_untrained_parry_with_no_attack_left_is_owed(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "c")
    fight.add("brawler", "a")
    fight.initiative(15, 5)
    fight.spend("c", "a")
    result = fight.strike("a", "c", 12, 14, defend="parry")
    assert [e.owed for e in spent_by(result.events, "c")] == [1]
    assert (fight.who("c")["apm_left"], fight.who("c")["apm_owed"]) == (0, 1)


def test_PAL_DEF_PARRY_MD_mega_damage_blow_needs_an_md_item(fight: Fight) -> None:
    fight.new()
    fight.add("demon", "d")  # supernatural punches: M.D.
    fight.add("brawler", "b")
    fight.initiative(15, 1)
    fight.strike("d", "b", 12)
    head = fight.head()
    with pytest.raises(IllegalAction, match="PAL-DEF-PARRY-MD"):
        fight.defend("b", "parry", 19)
    assert fight.head() == head
    fight.defend("b", "dodge", 19)  # other answers are still open


@pytest.mark.parametrize(
    "gear",
    [{"armor": {"name": "plate", "mdc": 20}}, {"weapons": [VIBRO]}],
    ids=["md-armor", "md-weapon"],
)
def test_PAL_DEF_PARRY_MD_parried_with_md_armor_or_md_weapon(
    fight: Fight, gear: dict[str, Any]
) -> None:
    fight.new()
    fight.add("demon", "d")
    fight.add("brawler", "b", **gear)
    fight.initiative(15, 1)
    result = fight.strike("d", "b", 12, 13, defend="parry")
    assert one(result.events, DefenseRolled).success


def test_PAL_DEF_PARRY_BAREHAND_no_parry_bonus_bare_handed_against_a_weapon(
    fight: Fight,
) -> None:
    fight.new()
    fight.add("brawler", "a", weapons=[KNIFE])
    fight.add("brawler", "b", bonuses={"parry": 3})
    fight.initiative(15, 1)
    result = fight.strike("a", "b", 11, 11, 2, weapon="knife", defend="parry")  # 12 vs 11
    parry = one(result.events, DefenseRolled)
    assert (parry.roll.rule, mods(parry.roll.modifiers), parry.success) == (
        "PAL-DEF-PARRY-BAREHAND",
        [],
        False,
    )
    # the sheet's parry bonus is shown, as not applying bare-handed against a weapon
    assert not_applied(parry.roll.modifiers) == [("sheet", 3, "PAL-DEF-PARRY-BAREHAND")]
    assert fight.who("b")["sdc"] == 8


def test_PAL_DEF_PARRY_BAREHAND_bonuses_count_against_a_punch(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b", bonuses={"parry": 3})
    fight.initiative(15, 1)
    parry = one(fight.strike("a", "b", 11, 11, defend="parry").events, DefenseRolled)
    assert mods(parry.roll.modifiers) == [("sheet", 3, "PAL-DEF-PARRY")]
    assert (parry.roll.rule, parry.success) == ("PAL-DEF-PARRY", True)


def test_PAL_DEF_PARRY_with_a_weapon_adds_its_parry_bonus(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a", weapons=[KNIFE])
    fight.add("brawler", "b", bonuses={"parry": 3}, weapons=[KNIFE])
    fight.initiative(15, 1)
    fight.strike("a", "b", 16, weapon="knife")  # 17
    parry = one(fight.defend("b", "parry", 12, weapon="knife").events, DefenseRolled)
    assert mods(parry.roll.modifiers) == [
        ("sheet", 3, "PAL-DEF-PARRY"),
        ("weapon", 2, "PAL-DEF-PARRY"),
    ]
    assert (parry.roll.total, parry.success) == (17, True)


def test_PAL_DEF_PARRY_refused_with_a_gun_as_the_parrying_weapon(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("expert", "x")
    fight.initiative(15, 1)
    fight.strike("a", "x", 16)
    with pytest.raises(IllegalAction, match="not a melee weapon"):
        fight.defend("x", "parry", 12, weapon="pistol")


def test_PAL_DEF_DODGE_costs_an_attack(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    result = fight.strike("a", "b", 12, 12, defend="dodge")
    assert one(result.events, DefenseRolled).success
    assert [(e.on, e.rule, e.owed) for e in spent_by(result.events, "b")] == [
        ("dodge", "PAL-DEF-DODGE", 0)
    ]
    assert fight.who("b")["apm_left"] == 3


def test_PAL_DEF_AUTODODGE_is_free_and_counts_only_sheet_and_auto_dodge_bonuses(
    fight: Fight,
) -> None:
    """Commando L5: +2 dodge (not for the automatic dodge) and +2 automatic dodge."""
    fight.new()
    fight.add("brawler", "a", bonuses={"strike": 4})
    fight.add("juicer", "j")
    fight.initiative(15, 1)
    result = fight.strike("a", "j", 10, 9, defend="dodge")  # 14 vs 9 + 3 + 2
    dodge = one(result.events, DefenseRolled)
    assert mods(dodge.roll.modifiers) == [
        ("hand_to_hand", 2, "PAL-DEF-AUTODODGE"),
        ("sheet", 3, "PAL-DEF-AUTODODGE"),
    ]
    assert (dodge.roll.rule, dodge.roll.total, dodge.success) == ("PAL-DEF-AUTODODGE", 14, True)
    assert spent_by(result.events, "j") == []
    assert fight.who("j")["apm_left"] == 5


def test_PAL_DEF_AUTODODGE_ignores_the_ordinary_hand_to_hand_dodge_bonus(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add(
        "brawler",
        "b",
        hand_to_hand={"style": "basic", "level": 2},
        bonuses={"dodge": 1, "auto_dodge": True},
    )  # Basic L2: +2 dodge, no automatic-dodge bonus
    fight.initiative(15, 1)
    dodge = one(fight.strike("a", "b", 12, 10, 1, defend="dodge").events, DefenseRolled)
    assert mods(dodge.roll.modifiers) == [("sheet", 1, "PAL-DEF-AUTODODGE")]
    assert (dodge.roll.total, dodge.success) == (11, False)


def test_PAL_DEF_AUTODODGE_with_no_attacks_left_owes_nothing(fight: Fight) -> None:
    fight.new()
    fight.add("juicer", "j", bonuses={"apm": -4})  # 1 attack
    fight.add("brawler", "a")
    fight.initiative(15, 1)
    fight.spend("j", "a")
    fight.strike("a", "j", 12, 12, defend="dodge")
    assert (fight.who("j")["apm_left"], fight.who("j")["apm_owed"]) == (0, 0)


def test_PAL_ROUND_OUT_OF_ATTACKS_dodge_taken_from_next_round(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "c")  # one attack
    fight.add("brawler", "a")
    fight.initiative(15, 5)
    fight.spend("c", "a")
    assert fight.who("c")["apm_left"] == 0
    result = fight.strike("a", "c", 12, 12, defend="dodge")
    assert [(e.on, e.owed) for e in spent_by(result.events, "c")] == [("dodge", 1)]
    assert (fight.who("c")["apm_left"], fight.who("c")["apm_owed"]) == (0, 1)
    for _ in range(3):
        fight.spend("a", "c")
    assert fight.status()["acting"] is None
    refreshed = fight.initiative(15, 5)
    assert one(
        [e for e in refreshed.events if getattr(e, "combatant", "") == "c"], AttacksRefreshed
    ) == AttacksRefreshed(combatant="c", apm=0, repaid=1, owed=0)
    assert (fight.who("c")["apm_left"], fight.who("c")["apm_owed"]) == (0, 0)
    assert fight.status()["acting"] == "a"  # c has nothing left this round: skipped


def test_PAL_ROUND_OUT_OF_ATTACKS_debt_beyond_one_round_carries_on(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "c")
    fight.add("brawler", "a")
    fight.initiative(15, 5)
    fight.spend("c", "a")
    fight.strike("a", "c", 12, 12, defend="dodge")
    fight.strike("a", "c", 12, 12, defend="dodge")
    fight.spend("a", "c")
    fight.spend("a", "c")
    refreshed = fight.initiative(15, 5)
    c = [e for e in of(refreshed.events, AttacksRefreshed) if e.combatant == "c"]
    assert c == [AttacksRefreshed(combatant="c", apm=0, repaid=1, owed=1)]


def test_PAL_DEF_SIMULTANEOUS_both_strike_neither_defends_both_hurt(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    fight.strike("a", "b", 12)
    # dice: b's strike, a's damage, b's damage
    result = fight.defend("b", "simultaneous", 9, 3, 2)
    assert of(result.events, DefenseRolled) == []
    assert [(e.on, e.rule) for e in spent_by(result.events, "b")] == [
        ("simultaneous attack", "PAL-DEF-SIMULTANEOUS")
    ]
    back = one(result.events, StrikeRolled)
    assert (back.actor, back.target, back.hits) == ("b", "a", True)
    assert [(e.actor, e.roll.total) for e in of(result.events, DamageRolled)] == [
        ("a", 3),
        ("b", 2),
    ]
    assert (fight.who("b")["sdc"], fight.who("a")["sdc"]) == (7, 8)
    assert (fight.who("a")["apm_left"], fight.who("b")["apm_left"]) == (3, 3)
    assert fight.status()["acting"] == "b"


def test_PAL_DEF_SIMULTANEOUS_a_missed_answer_only_takes_the_blow(fight: Fight) -> None:
    fight.new()
    fight.add("brawler", "a")
    fight.add("brawler", "b")
    fight.initiative(15, 5)
    result = fight.strike("a", "b", 12, 1, 3, defend="simultaneous")
    assert [e.target for e in of(result.events, DamageRolled)] == ["b"]
    assert (fight.who("b")["sdc"], fight.who("a")["sdc"]) == (7, 10)


def test_PAL_DEF_SIMULTANEOUS_with_a_named_weapon(fight: Fight) -> None:
    """The answer uses the weapon named in ``defend --weapon`` (the Expert's second melee
    weapon here), not the first one on the sheet."""
    fight.new()
    fight.add("brawler", "a", pools={"hp": 300, "sdc": 50})
    fight.add("expert", "x")
    fight.initiative(15, 1)
    fight.strike("a", "x", 12)
    result = fight.defend("x", "simultaneous", 10, 1, 2, weapon="vibro-knife")
    back = one(result.events, StrikeRolled)
    assert (back.weapon, back.roll.total) == ("vibro-knife", 13)  # no W.P. bonus on it
    dmg = of(result.events, DamageRolled)[1]
    assert (dmg.unit, dmg.roll.total) == ("MD", 2)
    assert (fight.who("a")["sdc"], fight.who("a")["hp"]) == (0, 150)


def test_PAL_DEF_SIMULTANEOUS_needs_an_attack_left(fight: Fight) -> None:
    fight.new()
    fight.add("civilian", "c")
    fight.add("brawler", "a")
    fight.initiative(15, 5)
    fight.spend("c", "a")
    fight.strike("a", "c", 12)
    head = fight.head()
    with pytest.raises(IllegalAction, match="PAL-DEF-SIMULTANEOUS"):
        fight.defend("c", "simultaneous", 10, 1, 1)
    assert fight.head() == head


def four_on_one(fight: Fight, variant: str) -> None:
    """Four brawlers a1..a4 act before the defender d, in that order."""
    fight.new(variant)
    for cid in ("a1", "a2", "a3", "a4"):
        fight.add("brawler", cid, side="gang")
    fight.add("brawler", "d", side="lone", pools={"hp": 300, "sdc": 300})
    fight.initiative(19, 18, 17, 16, 2)


def test_PAL_DEF_MULTI_3_a_fourth_attacker_gets_no_parry(fight: Fight) -> None:
    four_on_one(fight, "raw")
    for cid in ("a1", "a2", "a3"):
        assert one(fight.strike(cid, "d", 10, 15, defend="parry").events, DefenseRolled).success
    head = fight.head()
    with pytest.raises(IllegalAction, match=r"three attackers \(Brawler \(a1\), .*MULTI-3"):
        fight.strike("a4", "d", 10, 15, defend="parry")
    assert fight.head() == head
    dodged = one(fight.strike("a4", "d", 10, 15, defend="dodge").events, DefenseRolled)
    assert (dodged.kind, dodged.success) == ("dodge", True)
    fight.pass_("d")
    # one of the three again: still parried
    assert one(fight.strike("a1", "d", 10, 15, defend="parry").events, DefenseRolled).success


def test_PAL_DEF_MULTI_3_the_count_starts_again_each_round_rules_as_written(
    fight: Fight,
) -> None:
    four_on_one(fight, "raw")
    for cid in ("a1", "a2", "a3"):
        fight.strike(cid, "d", 10, 15, defend="parry")
    fight.strike("a4", "d", 1)  # a miss
    while fight.status()["acting"] is not None:
        fight.pass_()
    fight.initiative(16, 17, 18, 19, 2)  # a4 first now
    assert one(fight.strike("a4", "d", 10, 15, defend="parry").events, DefenseRolled).success


def test_PAL_DEF_MULTI_3_house_the_count_starts_again_at_his_turn(fight: Fight) -> None:
    four_on_one(fight, "house")
    for cid in ("a1", "a2", "a3"):
        fight.strike(cid, "d", 10, 15, defend="parry")
        fight.pass_(cid)
    with pytest.raises(IllegalAction, match="PAL-DEF-MULTI-3"):
        fight.strike("a4", "d", 10, 15, defend="parry")
    fight.pass_("a4")  # the turn comes to d: his three start again
    reset = [e for e in fight.events() if isinstance(e, ParryLimitReset)]
    assert [e.combatant for e in reset] == ["d"]
    fight.pass_("d")
    assert fight.status()["acting"] == "a1"  # pass 2
    fight.pass_("a1")
    fight.pass_("a2")
    fight.pass_("a3")
    assert one(fight.strike("a4", "d", 10, 15, defend="parry").events, DefenseRolled).success
