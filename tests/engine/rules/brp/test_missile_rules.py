"""Missile fire with forced dice: bursts and autofire (BRP-AUTOFIRE), volley fire
(BRP-VOLLEY), aimed shots (BRP-AIM-TIME, BRP-AIM-LOCATION), range and point blank
(BRP-RANGE, BRP-POINT-BLANK), cover (BRP-COVER, BRP-FORTIFIED), firing into melee
(BRP-FIRE-INTO-MELEE), shields against missiles (BRP-SHIELD-MISSILE), missile weapons
parrying (BRP-IMPROV-PARRY) and thrown weapons (BRP-THROWN).

The figures are the rules' (seed 004, ``shared/rules/gurps-brp.md`` §2.2): each test states
the skill after its modifiers in order, the tier, the hits, the damage and what is left.
The marksman (``sheets/marksman.toml``) has DEX 12, so DEX/3 is 4 m, and no damage modifier;
the target (``sheets/target.toml``) has DEX 10, 12 HP, armor 2, a sword 50 and a full shield.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction, UsageError
from events.brp import (
    AimEnded,
    AimStarted,
    ArmorRolled,
    AttackRolled,
    DamageApplied,
    DamageRolled,
    DefenseDeclined,
    DefenseRolled,
    DesperateDeclared,
    HitsRolled,
    LocationRolled,
    ReloadDeclared,
    SkillRolled,
    WeaponChanged,
)
from events.core import Event, InitiativeDeclared, ReactionRequested, TurnScheduled

from .conftest import Fight, of, one

Step = tuple[str, int, str]


def steps(attack: AttackRolled) -> list[Step]:
    """The attack roll's modifiers in the order applied: (op, value, rule)."""
    return [(m.op, m.value, m.rule) for m in attack.roll.target_modifiers]


def begin(fight: Fight, *intents: tuple[str, str]) -> None:
    """``initiative``, the statement of intent (each ``(actor, intent)``), then the ranks."""
    fight.declare(InitiativeDeclared())
    for actor, intent in intents:
        fight.intent(actor, intent)
    fight.pass_()
    fight.pass_()


def shoot(fight: Fight, *faces: int, **kw: Any) -> list[Event]:
    """The marksman ``m`` attacks the target ``t``."""
    return list(fight.attack("m", "t", *faces, **kw).events)


def shots_left(fight: Fight, cid: str, weapon: str) -> int:
    shots: int = fight.who(cid)["weapons"][weapon]["shots"]
    return shots


@pytest.fixture
def range_(fight: Fight) -> Fight:
    """The marksman (DEX 12) against the target (DEX 10); the ranks under way, m to act."""
    fight.new()
    fight.add("marksman", "m")
    fight.add("target", "t")
    fight.round()
    return fight


def ready(fight: Fight, *intents: tuple[str, str], **options: Any) -> Fight:
    fight.new(**options)
    fight.add("marksman", "m")
    fight.add("target", "t")
    begin(fight, *intents)
    return fight


# --- BRP-AUTOFIRE ---------------------------------------------------------------------------


def test_BRP_AUTOFIRE_a_burst_at_one_target_is_plus_20_and_a_D3_gives_the_hits(
    range_: Fight,
) -> None:
    """BRP-AUTOFIRE: a burst (3 shots unless told) at a single target: 60 + 20 = 80; a die of
    the shots' size (D3) says how many hit; each hit is the rifle's 2D6 less armor 2."""
    events = shoot(range_, 40, 2, 3, 4, 5, 1, weapon="rifle", burst=True, range=30, defend="none")
    attack = one(events, AttackRolled)
    assert (attack.roll.base, attack.roll.target, attack.tier, attack.shots) == (
        60,
        80,
        "success",
        3,
    )
    assert steps(attack) == [("add", 20, "BRP-AUTOFIRE")]
    hits = one(events, HitsRolled)
    assert (hits.roll.spec, hits.shots, hits.hits) == ("1D3", 3, 2)
    assert [d.amount for d in of(events, DamageApplied)] == [5, 4]  # 7-2, 6-2
    assert range_.who("t")["hp"] == 3
    assert shots_left(range_, "m", "rifle") == 27


def test_BRP_AUTOFIRE_autofire_at_one_target_is_plus_40_and_the_die_is_the_shot_count(
    range_: Fight,
) -> None:
    """BRP-AUTOFIRE: autofire +40% (60 -> 100); 8 shots: a D8 of hits."""
    events = shoot(
        range_, 50, 2, 1, 2, 2, 2, weapon="rifle", autofire=True, shots=8, range=30, defend="none"
    )
    attack = one(events, AttackRolled)
    assert (attack.roll.target, steps(attack)) == (100, [("add", 40, "BRP-AUTOFIRE")])
    hits = one(events, HitsRolled)
    assert (hits.roll.spec, hits.hits) == ("1D8", 2)
    assert [d.amount for d in of(events, DamageApplied)] == [1, 2]
    assert range_.who("t")["hp"] == 9
    assert shots_left(range_, "m", "rifle") == 22


def test_BRP_AUTOFIRE_five_shots_roll_a_D10_halved_rounded_up(range_: Fight) -> None:
    """BRP-AUTOFIRE: an odd count rolls the die of twice as many and halves it, rounding up:
    5 shots, a D10 of 9 -> 5 hits (never 4)."""
    damage = (1, 2) * 5
    events = shoot(
        range_, 50, 9, *damage, weapon="rifle", autofire=True, shots=5, range=30, defend="none"
    )
    hits = one(events, HitsRolled)
    assert (hits.roll.spec, hits.roll.faces, hits.roll.total, hits.hits) == ("1D10", (9,), 5, 5)
    assert [d.amount for d in of(events, DamageApplied)] == [1] * 5
    assert range_.who("t")["hp"] == 7
    assert shots_left(range_, "m", "rifle") == 25


def test_BRP_AUTOFIRE_option_dice_only_refuses_five_shots(fight: Fight) -> None:
    """BRP-AUTOFIRE, option autofire_odd=dice_only: only counts with a die of their own may be
    fired; 5 is refused, 6 (a D6) goes."""
    ready(fight, autofire_odd="dice_only")
    with pytest.raises(IllegalAction, match="no die gives how many of 5 shots hit"):
        shoot(fight, 50, weapon="rifle", autofire=True, shots=5)
    attack = one(shoot(fight, 97, weapon="rifle", autofire=True, shots=6), AttackRolled)
    assert (attack.roll.target, attack.hits, attack.shots) == (100, False, 6)
    assert shots_left(fight, "m", "rifle") == 24


@pytest.mark.parametrize(("face", "hits"), [(80, True), (81, False)])
def test_BRP_AUTOFIRE_a_failed_roll_misses_with_every_shot(
    range_: Fight, face: int, hits: bool
) -> None:
    """BRP-AUTOFIRE: the burst hits on 80 or less; above, every shot misses (no hits die),
    and the rounds are spent either way."""
    events = shoot(range_, face, weapon="rifle", burst=True)
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.hits) == (80, hits)
    assert of(events, HitsRolled) == []
    assert len(of(events, ReactionRequested)) == (1 if hits else 0)
    assert shots_left(range_, "m", "rifle") == 27


def test_BRP_AUTOFIRE_only_the_first_hit_may_be_special(range_: Fight) -> None:
    """BRP-AUTOFIRE: a special (at most 80/5 = 16): the first hit impales (the dice twice),
    the others are plain hits."""
    events = shoot(range_, 16, 3, 1, 1, 1, 1, 2, 2, 3, 3, weapon="rifle", burst=True, defend="none")
    assert one(events, AttackRolled).tier == "special"
    dmg = of(events, DamageRolled)
    assert [(d.roll.spec, d.roll.total) for d in dmg] == [("2D6+2D6", 4), ("2D6", 4), ("2D6", 6)]
    assert [d.effect for d in dmg] == ["impale: the weapon's dice twice", "", ""]
    assert [d.amount for d in of(events, DamageApplied)] == [2, 2, 4]
    assert range_.who("t")["hp"] == 4


def test_BRP_AUTOFIRE_only_the_first_hit_of_a_critical_ignores_armor(range_: Fight) -> None:
    """BRP-AUTOFIRE with L82: a critical (at most 80/20 = 4) ignores armor on its first hit
    only; the second is a plain hit, armor 2 and all."""
    events = shoot(range_, 4, 2, 1, 1, 1, 1, 2, 2, weapon="rifle", burst=True, defend="none")
    assert one(events, AttackRolled).tier == "critical"
    armor = of(events, ArmorRolled)
    assert [(a.roll.total, a.ignored[:27]) for a in armor] == [
        (0, "a critical ignores armor (L"),
        (2, ""),
    ]
    assert [d.amount for d in of(events, DamageApplied)] == [4, 2]
    assert range_.who("t")["hp"] == 6


def test_BRP_AUTOFIRE_spread_targets_have_no_bonus_and_a_roll_each(fight: Fight) -> None:
    """BRP-AUTOFIRE: spread over targets the skill does not rise (60); each target has its
    own roll, each may be special (at most 12), and the shooter allots the rounds."""
    fight.new()
    fight.add("marksman", "m")
    fight.add("target", "t")
    fight.add("target", "u")
    fight.round()
    kw: dict[str, Any] = {"weapon": "rifle", "burst": True, "spread": True, "shots": 2}
    first = fight.attack("m", "t", 12, 2, 1, 1, 1, 1, 1, 2, defend="none", **kw).events
    status = fight.status()
    assert (status["acting"], status["dex_rank"]) == ("m", 12)
    second = fight.attack("m", "u", 12, 1, 2, 2, 2, 2, defend="none", **kw).events
    for events in (first, second):
        attack = one(events, AttackRolled)
        assert (attack.roll.target, steps(attack), attack.tier) == (60, [], "special")
    assert one(first, HitsRolled).hits == 2 and one(second, HitsRolled).hits == 1
    assert [d.amount for d in of(first, DamageApplied)] == [2, 1]  # 4-2 impaled, 3-2
    assert [d.amount for d in of(second, DamageApplied)] == [6]  # 8-2 impaled
    assert (fight.who("t")["hp"], fight.who("u")["hp"]) == (9, 6)
    assert shots_left(fight, "m", "rifle") == 26
    assert fight.who("m")["actions_used"] == ["attack"]


def test_BRP_AUTOFIRE_a_group_in_a_narrow_field_of_fire_is_plus_20(range_: Fight) -> None:
    """BRP-AUTOFIRE: targets grouped closely: the spread's skill is raised by 20% (60 -> 80)."""
    events = shoot(
        range_, 80, 1, 1, 1, weapon="rifle", burst=True, spread=True, group=True, shots=2,
        defend="none",
    )  # fmt: skip
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.hits) == (80, True)
    assert steps(attack) == [("add", 20, "BRP-AUTOFIRE")]
    assert attack.roll.target_modifiers[0].name == "a narrow field of fire"


def test_BRP_AUTOFIRE_the_magazine_is_spent_and_an_empty_one_refused(fight: Fight) -> None:
    """BRP-AUTOFIRE: rounds fired come out of the magazine (5); a burst needs as many as it
    fires, and an empty weapon fires nothing."""
    rifle = {
        "name": "rifle", "skill": 60, "damage": "2D6", "kind": "missile", "base_range": 50,
        "self_propelled": True, "shots": 5, "burst": True, "autofire": True,
    }  # fmt: skip
    fight.new()
    fight.add("marksman", "m", weapons=[rifle])
    fight.add("target", "t")
    fight.round()
    shoot(fight, 99, burst=True)
    assert shots_left(fight, "m", "rifle") == 2
    fight.pass_("t")
    fight.round()
    with pytest.raises(IllegalAction, match=r"has 2 shot\(s\) left and this fires 3"):
        shoot(fight, 99, burst=True)
    shoot(fight, 99, burst=True, shots=2)
    assert shots_left(fight, "m", "rifle") == 0
    fight.pass_("t")
    fight.round()
    with pytest.raises(IllegalAction, match=r"has 0 shot\(s\) left and this fires 1"):
        shoot(fight, 99)


def test_a_reload_fills_the_magazine_and_takes_the_ranks_the_gm_gives(range_: Fight) -> None:
    """Reloading (the seed gives no time: ``ranks``, 5 unless told): the pistol's magazine is
    full again, and the marksman (DEX 12) acts next at 12 - 10 = 2."""
    shoot(range_, 99, weapon="pistol")
    assert shots_left(range_, "m", "pistol") == 7
    range_.pass_("t")
    range_.round()
    events = range_.declare(ReloadDeclared(actor="m", weapon="pistol", ranks=10)).events
    assert shots_left(range_, "m", "pistol") == 8
    assert one(events, TurnScheduled).at == 2


def test_a_reload_is_refused_full_out_of_hand_or_without_a_magazine(range_: Fight) -> None:
    with pytest.raises(IllegalAction, match="pistol is full"):
        range_.declare(ReloadDeclared(actor="m", weapon="pistol"))
    with pytest.raises(IllegalAction, match="no magazine"):
        range_.declare(ReloadDeclared(actor="m", weapon="bow"))


def test_a_reload_needs_the_weapon_in_hand(fight: Fight) -> None:
    pistol = {
        "name": "pistol", "skill": 60, "damage": "1D8", "kind": "missile", "base_range": 20,
        "self_propelled": True, "shots": 8, "drawn": False,
    }  # fmt: skip
    fight.new()
    fight.add("marksman", "m", weapons=[pistol])
    fight.add("target", "t")
    fight.round()
    with pytest.raises(IllegalAction, match="not in hand"):
        fight.declare(ReloadDeclared(actor="m", weapon="pistol"))


def test_BRP_AUTOFIRE_a_weapon_without_bursts_or_autofire_is_refused(range_: Fight) -> None:
    """BRP-AUTOFIRE: only weapons that fire bursts or autofire may."""
    with pytest.raises(IllegalAction, match="the pistol cannot fire bursts"):
        shoot(range_, 50, weapon="pistol", burst=True)
    with pytest.raises(IllegalAction, match="the pistol cannot fire autofire"):
        shoot(range_, 50, weapon="pistol", autofire=True, shots=4)


def test_BRP_AUTOFIRE_the_shots_are_announced_and_a_burst_is_several(range_: Fight) -> None:
    """BRP-AUTOFIRE: the shooter says how many shots autofire fires; a burst or autofire is
    more than one shot; and it is one or the other, not both bonuses."""
    with pytest.raises(UsageError, match="autofire fires 2 shots or more"):
        shoot(range_, 50, weapon="rifle", autofire=True)
    with pytest.raises(UsageError, match="a burst fires 2 shots or more"):
        shoot(range_, 50, weapon="rifle", burst=True, shots=1)
    with pytest.raises(UsageError, match="a burst or autofire, not both"):
        shoot(range_, 50, weapon="rifle", burst=True, autofire=True, shots=4)
    assert shots_left(range_, "m", "rifle") == 30


@pytest.mark.parametrize("flag", ["spread", "group"])
def test_BRP_AUTOFIRE_spread_and_group_are_for_bursts_and_autofire(
    range_: Fight, flag: str
) -> None:
    """BRP-AUTOFIRE: several targets in the field of fire are a burst's or autofire's; a single
    shot gets neither a roll at each target nor the group's +20%."""
    with pytest.raises(UsageError, match="--spread and --group go with --burst or --autofire"):
        shoot(range_, 50, weapon="pistol", range=10, **{flag: True})
    assert range_.who("m")["actions_used"] == []


# --- BRP-VOLLEY -----------------------------------------------------------------------------


def test_BRP_VOLLEY_each_shot_is_difficult_and_the_next_comes_five_ranks_later(
    fight: Fight,
) -> None:
    """BRP-VOLLEY: stated in the intent; the bow's 60 halved to 30 for every shot; the first at
    DEX rank 12, the second at 7, and no third though rank 2 is there (2 a round)."""
    ready(fight, ("m", "volley"))
    events = shoot(fight, 30, 5, weapon="bow", volley=True, range=30, defend="none")
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.tier) == (30, "success")
    assert steps(attack) == [("div_up", 2, "BRP-VOLLEY")]
    assert one(events, DamageApplied).amount == 3
    assert one(events, TurnScheduled).at == 7
    fight.pass_("t")
    assert (fight.status()["acting"], fight.status()["dex_rank"]) == ("m", 7)
    events = shoot(fight, 31, weapon="bow", volley=True, range=30)
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.hits) == (30, False)
    assert one(events, TurnScheduled).at is None
    assert fight.who("m")["next_rank"] is None


def _volleyer(fight: Fight, dex: int) -> None:
    bow = {
        "name": "bow", "skill": 60, "damage": "1D8", "kind": "missile", "base_range": 60,
        "attacks_per_round": 3,
    }  # fmt: skip
    fight.new()
    fight.add("marksman", "m", characteristics={"dex": dex}, weapons=[bow])
    fight.add("target", "t")
    begin(fight, ("m", "volley"))


def test_BRP_VOLLEY_a_shot_may_fall_on_dex_rank_1(fight: Fight) -> None:
    """BRP-VOLLEY: DEX 11, three a round: ranks 11, 6 and 1."""
    _volleyer(fight, 11)
    ranks = []
    for _ in range(3):
        if fight.status()["acting"] == "t":
            fight.pass_("t")
        ranks.append(fight.status()["dex_rank"])
        events = shoot(fight, 90, volley=True)
        assert one(events, AttackRolled).roll.target == 30
    assert ranks == [11, 6, 1]
    assert fight.who("m")["next_rank"] is None


def test_BRP_VOLLEY_no_shot_falls_below_the_last_rank(fight: Fight) -> None:
    """BRP-VOLLEY: DEX 9, three a round: ranks 9 and 4; the third would fall below the last
    rank and is not made."""
    _volleyer(fight, 9)
    fight.pass_("t")
    assert one(shoot(fight, 90, volley=True), TurnScheduled).at == 4
    scheduled = one(shoot(fight, 90, volley=True), TurnScheduled)
    assert scheduled.at is None and "no DEX rank left" in scheduled.reason
    assert fight.status()["acting"] is None


def test_BRP_VOLLEY_no_more_shots_than_the_weapons_rate(fight: Fight) -> None:
    """BRP-VOLLEY: the attacks per round are the limit, whatever ranks are left: after the
    bow's two, a desperate action (BRP-DESPERATE) cannot buy a third volley shot."""
    ready(fight, ("m", "volley"))
    shoot(fight, 90, weapon="bow", volley=True)
    fight.pass_("t")
    shoot(fight, 90, weapon="bow", volley=True)
    assert fight.status()["acting"] is None
    events = fight.declare(DesperateDeclared(actor="m"), (10,)).events  # Agility 60 -> 30
    assert one(events, SkillRolled).success
    with pytest.raises(IllegalAction, match=r"allows 2 attack\(s\) a round; volley fire is spent"):
        shoot(fight, 10, weapon="bow", volley=True)


def test_BRP_VOLLEY_must_be_stated_in_the_intent_unless_the_option_is_off(fight: Fight) -> None:
    """BRP-VOLLEY, option intent_required: a volley not stated is refused; with the option
    off it is made, Difficult as ever."""
    ready(fight)
    with pytest.raises(IllegalAction, match="did not state this volley at the start of the round"):
        shoot(fight, 90, weapon="bow", volley=True)


def test_BRP_VOLLEY_option_intent_required_off(fight: Fight) -> None:
    ready(fight, intent_required=False)
    attack = one(shoot(fight, 90, weapon="bow", volley=True), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (30, [("div_up", 2, "BRP-VOLLEY")])


def test_BRP_VOLLEY_thrown_rocks_two_a_round(fight: Fight) -> None:
    """BRP-VOLLEY (the rules' own case): DEX 12, throwing rocks (he carries 2), two a round:
    the first throw at DEX rank 12, the second at 7, both Difficult (40 -> 20); the last rock
    thrown leaves his hand empty."""
    rock = {
        "name": "rock", "skill": 40, "damage": "1D3", "kind": "thrown", "base_range": 20,
        "attacks_per_round": 2, "shots": 2,
    }  # fmt: skip
    fight.new()
    fight.add("thrower", "h", weapons=[rock])
    fight.add("target", "t")
    begin(fight, ("h", "volley"))
    fight.attack("h", "t", 90, weapon="rock", volley=True, range=10)
    fight.pass_("t")
    assert fight.status()["dex_rank"] == 7
    events = fight.attack("h", "t", 90, weapon="rock", volley=True, range=10).events
    assert one(events, AttackRolled).roll.target == 20
    rocks = fight.who("h")["weapons"]["rock"]
    assert (rocks["shots"], rocks["drawn"]) == (0, False)


def test_BRP_VOLLEY_no_defence_that_round_with_the_intent_option_off(fight: Fight) -> None:
    """BRP-VOLLEY: volley fire leaves no parry or dodge that round, stated or not."""
    ready(fight, intent_required=False)
    shoot(fight, 90, weapon="bow", volley=True)
    fight.attack("t", "m", 20, weapon="sword")
    with pytest.raises(IllegalAction, match="no parry or dodge"):
        fight.defend("m", "dodge", 10)


def test_BRP_VOLLEY_no_parry_or_dodge_that_round(fight: Fight) -> None:
    """BRP-VOLLEY: the volleying fighter neither parries nor dodges that round."""
    ready(fight, ("m", "volley"))
    shoot(fight, 90, weapon="bow", volley=True)
    fight.attack("t", "m", 20, weapon="sword")
    for choice in ("dodge", "parry"):
        with pytest.raises(IllegalAction, match="volleying this round: no parry or dodge"):
            fight.defend("m", choice, 10)
    events = fight.defend("m", "none", 3).events  # the sword's 1D6+1
    assert one(events, DamageApplied).after == 6


# --- BRP-AIM-TIME ---------------------------------------------------------------------------


def test_BRP_AIM_TIME_five_ranks_add_a_tenth_of_the_skill_rounded_up(range_: Fight) -> None:
    """BRP-AIM-TIME: 5 DEX ranks of aim (rank 12 -> 7) add 55/10 rounded up = 6: 61."""
    events = shoot(range_, weapon="crossbow", aim=5, range=30, defend="none")
    assert one(events, AimStarted).at == 7
    assert one(events, TurnScheduled).at == 7
    assert of(events, AttackRolled) == []
    assert range_.who("m")["aiming"] == {"target": "t", "weapon": "crossbow"}
    events = range_.pass_("t", 61, 3).events
    assert one(events, AimEnded).lost is False
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.tier) == (61, "success")
    assert steps(attack) == [("add", 6, "BRP-AIM-TIME")]
    assert one(events, DamageApplied).amount == 3  # 3+2 less armor 2
    assert range_.who("m")["aiming"] is None


@pytest.mark.parametrize(
    ("reading", "bonuses", "target"), [("skill", [6, 6], 67), ("running_total", [6, 7], 68)]
)
def test_BRP_AIM_TIME_ten_ranks_are_two_steps(
    fight: Fight, reading: str, bonuses: list[int], target: int
) -> None:
    """BRP-AIM-TIME, option aim_bonus_of: 10 ranks (12 -> 2) are two steps, each a tenth of
    the skill (6 + 6) or of the running total (55 -> 61 -> 61 + 7)."""
    ready(fight, aim_bonus_of=reading)
    assert one(shoot(fight, weapon="crossbow", aim=10), AimStarted).at == 2
    attack = one(fight.pass_("t", 99).events, AttackRolled)
    assert attack.roll.target == target
    assert steps(attack) == [("add", b, "BRP-AIM-TIME") for b in bonuses]


@pytest.mark.parametrize(
    ("metres", "target", "expected"),
    [
        (80, 34, [("div_up", 2, "BRP-RANGE"), ("add", 6, "BRP-AIM-TIME")]),
        (81, 11, [("div_up", 5, "BRP-RANGE")]),
    ],
)
def test_BRP_AIM_TIME_no_bonus_past_twice_the_base_range(
    range_: Fight, metres: int, target: int, expected: list[Step]
) -> None:
    """BRP-AIM-TIME: the crossbow's base range is 40 m; at 80 m the aim still helps (Difficult
    first, then +6); at 81 m it does not (a fifth of 55 = 11, BRP-RANGE)."""
    shoot(range_, weapon="crossbow", aim=5, range=metres)
    attack = one(range_.pass_("t", 99).events, AttackRolled)
    assert (attack.roll.target, steps(attack)) == (target, expected)
    assert ("no aim bonus past twice the base range" in attack.reason) is (metres > 80)


def test_BRP_AIM_TIME_the_bonus_is_for_the_first_shot_only(fight: Fight) -> None:
    """BRP-AIM-TIME: an aimed volley (BRP-VOLLEY): the first shot, at rank 7, is 30 + 6; the
    next, 5 ranks later, has no bonus left."""
    ready(fight, ("m", "volley"))
    shoot(fight, weapon="bow", volley=True, aim=5)
    first = one(fight.pass_("t", 90).events, AttackRolled)
    assert steps(first) == [("div_up", 2, "BRP-VOLLEY"), ("add", 6, "BRP-AIM-TIME")]
    assert first.roll.target == 36
    assert (fight.status()["acting"], fight.status()["dex_rank"]) == ("m", 2)
    second = one(shoot(fight, 90, weapon="bow", volley=True), AttackRolled)
    assert (second.roll.target, steps(second)) == (30, [("div_up", 2, "BRP-VOLLEY")])


def test_BRP_AIM_TIME_attacked_while_aiming_an_idea_roll_keeps_the_aim(range_: Fight) -> None:
    """BRP-AIM-TIME (Aimed Attacks): attacked while aiming, an Idea roll (INT 12 x5 = 60)
    keeps the aim; the aimed shot is then made at its rank."""
    shoot(range_, weapon="crossbow", aim=5, defend="none")
    range_.attack("t", "m", 20, weapon="sword")
    # Idea 30, dodge 90 fails, the sword's 2+1; then at rank 7 the aimed shot: 61, 3+2.
    events = range_.defend("m", "dodge", 30, 90, 2, 61, 3).events
    assert one(events, SkillRolled).success
    assert one(events, AimEnded).lost is False
    assert one(events, AttackRolled).roll.target == 61
    assert range_.who("m")["hp"] == 7


def test_BRP_AIM_TIME_taking_the_hit_while_aiming_is_an_interruption_too(range_: Fight) -> None:
    """BRP-AIM-TIME (Aimed Attacks): hit without defending, he still rolls Idea; failed, the
    aim's benefit is lost: at rank 7 he acts, and his shot has no bonus."""
    shoot(range_, weapon="crossbow", aim=5)
    range_.attack("t", "m", 20, weapon="sword")
    events = range_.defend("m", "none", 70, 2).events  # Idea 70 fails; the sword 2+1
    assert one(events, SkillRolled).success is False
    assert one(events, AimEnded).lost is True
    assert of(events, AttackRolled) == []
    assert (range_.status()["acting"], range_.status()["dex_rank"]) == ("m", 7)
    attack = one(shoot(range_, 99, weapon="crossbow"), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (55, [])


# --- BRP-AIM-LOCATION -----------------------------------------------------------------------


def test_BRP_AIM_LOCATION_a_called_location_is_difficult(range_: Fight) -> None:
    """BRP-AIM-LOCATION: a shot at the head is Difficult: 55 -> 28."""
    events = shoot(range_, 28, 4, weapon="crossbow", location="head", defend="none")
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.hits) == (28, True)
    assert steps(attack) == [("div_up", 2, "BRP-AIM-LOCATION")]
    assert one(events, DamageApplied).amount == 4  # 4+2 less armor 2


@pytest.mark.parametrize(
    ("ranks", "target", "expected"), [(5, 55, []), (10, 61, [("add", 6, "BRP-AIM-TIME")])]
)
def test_BRP_AIM_LOCATION_five_ranks_of_aim_offset_it(
    range_: Fight, ranks: int, target: int, expected: list[Step]
) -> None:
    """BRP-AIM-LOCATION, option aimed_location=cancels_difficult (default): the first 5 ranks
    of aim cancel the Difficult; further steps add their tenth (BRP-AIM-TIME)."""
    shoot(range_, weapon="crossbow", location="head", aim=ranks)
    attack = one(range_.pass_("t", 99).events, AttackRolled)
    assert (attack.roll.target, steps(attack)) == (target, expected)
    assert "5 ranks of aim offset the called location" in attack.reason


@pytest.mark.parametrize(("ranks", "target"), [(5, 31), (10, 34)])
def test_BRP_AIM_LOCATION_option_adds_tenth(fight: Fight, ranks: int, target: int) -> None:
    """BRP-AIM-LOCATION, option aimed_location=adds_tenth: Difficult first (28), then each step
    adds a tenth of the halved value, rounded up (3)."""
    ready(fight, aimed_location="adds_tenth")
    shoot(fight, weapon="crossbow", location="head", aim=ranks)
    attack = one(fight.pass_("t", 99).events, AttackRolled)
    assert attack.roll.target == target
    aim = [("add", 3, "BRP-AIM-TIME")] * (ranks // 5)
    assert steps(attack) == [("div_up", 2, "BRP-AIM-LOCATION"), *aim]


@pytest.mark.parametrize(("unarmored", "amount"), [(True, 6), (False, 4)])
def test_BRP_AIM_LOCATION_an_unarmored_spot_ignores_armor(
    range_: Fight, unarmored: bool, amount: int
) -> None:
    """BRP-AIM-LOCATION: a successful shot at an unarmored spot ignores armor as a critical
    would: 4+2 = 6 all through; an armored spot takes armor 2 off."""
    events = shoot(
        range_, 20, 4, weapon="crossbow", location="head", unarmored=unarmored, defend="none"
    )
    assert one(events, ArmorRolled).ignored.startswith("aimed at an unarmored spot") is unarmored
    assert one(events, DamageApplied).amount == amount


def test_BRP_AIM_LOCATION_with_hit_locations_the_shot_lands_where_called(fight: Fight) -> None:
    """BRP-AIM-LOCATION with hit locations on: no D20, the head (4 HP of 12) takes the hit."""
    ready(fight, hit_locations=True)
    events = shoot(fight, 20, 1, weapon="crossbow", location="head", unarmored=True, defend="none")
    loc = one(events, LocationRolled)
    assert (loc.location, loc.roll, loc.reason) == ("head", None, "called")
    applied = one(events, DamageApplied)
    assert (applied.location, applied.location_before, applied.location_after) == ("head", 4, 1)
    assert fight.who("t")["hp"] == 9


def test_BRP_AIM_LOCATION_unarmored_needs_a_called_location(range_: Fight) -> None:
    """BRP-AIM-LOCATION: armor is ignored for a shot aimed at an unarmored area; a shot not
    aimed at any area has no unarmored spot to hit."""
    with pytest.raises((IllegalAction, UsageError), match="location"):
        shoot(range_, 20, 4, weapon="crossbow", unarmored=True, defend="none")


# --- BRP-RANGE ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("metres", "target", "expected"),
    [
        (5, 60, []),
        (20, 60, []),
        (21, 30, [("div_up", 2, "BRP-RANGE")]),
        (40, 30, [("div_up", 2, "BRP-RANGE")]),
        (41, 12, [("div_up", 5, "BRP-RANGE")]),
        (80, 12, [("div_up", 5, "BRP-RANGE")]),
    ],
)
def test_BRP_RANGE_base_twice_and_four_times(
    range_: Fight, metres: int, target: int, expected: list[Step]
) -> None:
    """BRP-RANGE: the pistol (60, base range 20 m): to 20 m unmodified, to 40 m Difficult, to
    80 m a fifth of the skill."""
    attack = one(shoot(range_, 99, weapon="pistol", range=metres), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (target, expected)


def test_BRP_RANGE_no_chance_past_four_times_the_base_range(range_: Fight) -> None:
    with pytest.raises(IllegalAction, match="81 m is past four times the base range"):
        shoot(range_, 1, weapon="pistol", range=81)
    assert range_.who("m")["actions_used"] == []


def test_BRP_RANGE_long_range_is_never_better_than_a_plain_hit(range_: Fight) -> None:
    """BRP-RANGE: at long range a 01 against 12 would be critical; it is a plain hit, so the
    armor counts (5 - 2)."""
    events = shoot(range_, 1, 5, weapon="pistol", range=60, defend="none")
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.roll.tier, attack.tier) == (12, "critical", "success")
    assert "no better than a plain hit" in attack.reason
    assert one(events, ArmorRolled).ignored == ""
    assert one(events, DamageApplied).amount == 3


def test_BRP_RANGE_a_thrown_knife_has_no_chance_past_twice_its_base_range(fight: Fight) -> None:
    """BRP-RANGE: the throwing knife (40, base 10 m): at 20 m Difficult (20); past it, none."""
    ready(fight)
    with pytest.raises(IllegalAction, match="no chance past twice its base range"):
        shoot(fight, 1, weapon="knife", range=21)
    attack = one(shoot(fight, 99, weapon="knife", range=20), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (20, [("div_up", 2, "BRP-RANGE")])


# --- BRP-POINT-BLANK ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "metres", "target"),
    [("at_most", 4, 120), ("at_most", 5, 60), ("below", 4, 60), ("below", 3, 120)],
)
def test_BRP_POINT_BLANK_within_dex_over_3_metres_is_easy(
    fight: Fight, reading: str, metres: int, target: int
) -> None:
    """BRP-POINT-BLANK, option point_blank: DEX 12 -> 4 m; at most 4 m (L574) or under 4 m
    (L430) the shot is Easy (60 -> 120)."""
    ready(fight, point_blank=reading)
    attack = one(shoot(fight, 99, weapon="pistol", range=metres), AttackRolled)
    assert attack.roll.target == target
    assert steps(attack) == ([("mul", 2, "BRP-POINT-BLANK")] if target == 120 else [])


@pytest.mark.parametrize(
    ("weapon", "metres", "target", "op"),
    [
        ("bow", 1, 30, "div_up"),
        ("bow", 0, 30, "div_up"),
        ("knife", 1, 20, "div_up"),
        ("pistol", 1, 120, "mul"),
        ("crossbow", 1, 110, "mul"),
    ],
)
def test_BRP_POINT_BLANK_at_touch_a_bow_or_thrown_weapon_is_difficult(
    range_: Fight, weapon: str, metres: int, target: int, op: str
) -> None:
    """BRP-POINT-BLANK: within touch (1 m) a bow or a thrown weapon is Difficult; a firearm or
    crossbow Easy."""
    attack = one(shoot(range_, 99, weapon=weapon, range=metres), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (target, [(op, 2, "BRP-POINT-BLANK")])


def test_BRP_POINT_BLANK_a_gun_at_touch_is_easy_whatever_the_dex(fight: Fight) -> None:
    """BRP-POINT-BLANK: a firearm at touch is Easy even when DEX/3 m is no further (DEX 3,
    option point_blank=below: 1 m is not under 1 m)."""
    fight.new(point_blank="below")
    fight.add("marksman", "m", characteristics={"dex": 3})
    fight.add("target", "t")
    fight.round()
    fight.pass_("t")
    attack = one(shoot(fight, 99, weapon="pistol", range=1), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (120, [("mul", 2, "BRP-POINT-BLANK")])


def test_BRP_POINT_BLANK_a_missile_may_be_parried_at_point_blank(range_: Fight) -> None:
    """BRP-POINT-BLANK: at 3 m the target may parry the pistol with his sword (50)."""
    shoot(range_, 30, weapon="pistol", range=3)
    events = range_.defend("t", "parry", 20, 4, weapon="sword").events
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, parry.tier, parry.stops) == (50, "success", True)
    assert of(events, DamageApplied) == []
    assert range_.who("t")["hp"] == 12


def test_BRP_POINT_BLANK_past_it_a_sword_cannot_parry_a_missile(range_: Fight) -> None:
    shoot(range_, 30, weapon="pistol", range=5)
    with pytest.raises(IllegalAction, match="cannot parry a missile with the sword"):
        range_.defend("t", "parry", 20, 4, weapon="sword")


# --- BRP-COVER, BRP-FORTIFIED ---------------------------------------------------------------


@pytest.mark.parametrize(("halving", "target", "op"), [("up", 28, "div_up"), ("down", 27, "div")])
def test_BRP_COVER_a_half_covered_target_is_difficult(
    fight: Fight, halving: str, target: int, op: str
) -> None:
    """BRP-COVER, option halving: the crossbow's 55 halved: 28 (up) or 27 (down)."""
    ready(fight, halving=halving)
    attack = one(shoot(fight, 99, weapon="crossbow", range=10, cover="half"), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (target, [(op, 2, "BRP-COVER")])


@pytest.mark.parametrize(
    ("face", "hits", "cover"), [(28, True, False), (29, False, True), (55, False, True),
                                (56, False, False)]
)  # fmt: skip
def test_BRP_COVER_a_roll_between_the_halved_and_the_full_skill_strikes_the_cover(
    range_: Fight, face: int, hits: bool, cover: bool
) -> None:
    """BRP-COVER: 28 or under hits the target; 29 to 55 strikes the cover; above 55 misses."""
    attack = one(shoot(range_, face, weapon="crossbow", range=10, cover="half"), AttackRolled)
    assert attack.hits is hits
    assert ("strikes the cover" in attack.reason) is cover


def test_BRP_COVER_with_hit_locations_the_roll_is_unmodified(fight: Fight) -> None:
    """BRP-COVER with hit locations: the attack is rolled with no skill adjustment; the covered
    locations strike the cover instead."""
    ready(fight, hit_locations=True)
    covered = ("right_leg", "left_leg", "abdomen")
    attack = one(
        shoot(fight, 99, weapon="crossbow", range=10, cover="half", covered=covered), AttackRolled
    )
    assert (attack.roll.target, steps(attack)) == (55, [])


@pytest.mark.parametrize(("d20", "struck"), [(2, False), (9, False), (10, True), (20, True)])
def test_BRP_COVER_a_hit_on_a_covered_location_strikes_the_cover(
    fight: Fight, d20: int, struck: bool
) -> None:
    """BRP-COVER with hit locations: the missile table's 1-9 (legs, abdomen) are behind the
    wall; a hit there strikes the cover, a hit above it (10+: chest, arms, head) the target."""
    ready(fight, hit_locations=True)
    covered = ("right_leg", "left_leg", "abdomen")
    faces = (20, d20, 4) if struck else (20, d20)  # d100, the location, the bolt's damage
    events = shoot(
        fight, *faces, weapon="crossbow", range=10, cover="half", covered=covered,
        defend="none",
    )  # fmt: skip
    if struck:
        assert one(events, DamageApplied).target == "t"
    else:
        assert of(events, DamageApplied) == []
        assert "behind cover" in of(events, DefenseDeclined)[-1].reason


def test_BRP_COVER_with_hit_locations_the_covered_locations_are_named(fight: Fight) -> None:
    ready(fight, hit_locations=True)
    with pytest.raises(UsageError, match="--covered LOC"):
        shoot(fight, 20, weapon="crossbow", range=10, cover="half")
    with pytest.raises(UsageError, match="--covered LOC"):
        shoot(fight, 20, weapon="crossbow", range=10, cover="half", covered=("belly",))


@pytest.mark.parametrize("weapon", ["pistol", "bow", "knife"])
def test_BRP_FORTIFIED_no_missile_hits_a_defender_crouched_fully_behind_cover(
    range_: Fight, weapon: str
) -> None:
    """BRP-FORTIFIED: a defender crouched entirely behind a wall cannot be hit by small missile
    fire: the shot is refused, nothing spent."""
    with pytest.raises(IllegalAction, match="crouched fully behind cover"):
        shoot(range_, 1, weapon=weapon, range=10, cover="full")
    assert range_.who("m")["actions_used"] == []
    assert shots_left(range_, "m", "pistol") == 8


# --- BRP-FIRE-INTO-MELEE --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "hits", "stray"), [(40, True, False), (41, False, True), (60, False, True),
                                (61, False, False)]
)  # fmt: skip
def test_BRP_FIRE_INTO_MELEE_is_minus_20(range_: Fight, face: int, hits: bool, stray: bool) -> None:
    """BRP-FIRE-INTO-MELEE: 60 - 20 = 40; a roll between 40 and 60 strikes someone else."""
    attack = one(shoot(range_, face, weapon="pistol", range=10, into_melee=True), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (40, [("add", -20, "BRP-FIRE-INTO-MELEE")])
    assert attack.hits is hits
    assert ("strikes someone else in the melee" in attack.reason) is stray


def test_BRP_FIRE_INTO_MELEE_firing_while_engaged_is_difficult(range_: Fight) -> None:
    attack = one(shoot(range_, 99, weapon="pistol", range=10, engaged=True), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (30, [("div_up", 2, "BRP-FIRE-INTO-MELEE")])


def test_BRP_FIRE_INTO_MELEE_engaged_at_point_blank_cancels(range_: Fight) -> None:
    """BRP-FIRE-INTO-MELEE: engaged (Difficult) at point blank (Easy, BRP-POINT-BLANK): they
    cancel, 60 stands."""
    attack = one(shoot(range_, 99, weapon="pistol", range=3, engaged=True), AttackRolled)
    assert (attack.roll.target, steps(attack)) == (
        60,
        [("mul", 1, "BRP-POINT-BLANK, BRP-FIRE-INTO-MELEE")],
    )


# --- BRP-SHIELD-MISSILE ---------------------------------------------------------------------


def _shielded(fight: Fight, size: str) -> None:
    fight.new()
    fight.add("marksman", "m")
    fight.add(
        "target",
        "t",
        weapons=[
            {"name": "sword", "skill": 50, "damage": "1D6+1", "hp": 12},
            {"name": "shield", "skill": 40, "damage": "1D3", "hp": 15, "shield": size},
        ],
    )
    fight.round()


@pytest.mark.parametrize(("size", "chance"), [("small", 15), ("full", 30), ("large", 60)])
def test_BRP_SHIELD_MISSILE_a_shield_stops_a_missile_on_its_own_chance(
    fight: Fight, size: str, chance: int
) -> None:
    """BRP-SHIELD-MISSILE: small 15%, full 30%, large 60% (not the shield's skill of 40)."""
    _shielded(fight, size)
    shoot(fight, 30, weapon="pistol", range=10)
    events = fight.defend("t", "parry", chance, 4).events
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, parry.roll.rule, parry.stops) == (
        chance,
        "BRP-SHIELD-MISSILE",
        True,
    )
    assert of(events, DamageApplied) == []
    assert fight.who("t")["hp"] == 12


def test_BRP_SHIELD_MISSILE_a_roll_over_the_chance_fails(range_: Fight) -> None:
    shoot(range_, 30, weapon="pistol", range=10)
    events = range_.defend("t", "parry", 31, 4).events
    assert one(events, DefenseRolled).stops is False
    assert one(events, DamageApplied).amount == 2


def test_BRP_SHIELD_MISSILE_only_plain_hits_are_stopped(range_: Fight) -> None:
    """BRP-SHIELD-MISSILE: a special (at most 12) gets past the shield, even a critical block;
    it impales: 3+4 less armor 2."""
    shoot(range_, 12, weapon="pistol", range=10)
    events = range_.defend("t", "parry", 1, 3, 4).events
    parry = one(events, DefenseRolled)
    assert (parry.tier, parry.stops) == ("critical", False)
    assert "a shield stops only plain hits" in parry.reason
    assert one(events, DamageApplied).amount == 5
    assert range_.who("t")["hp"] == 7


def test_BRP_SHIELD_MISSILE_a_weapon_that_is_no_shield_cannot_parry(range_: Fight) -> None:
    shoot(range_, 30, weapon="pistol", range=10)
    with pytest.raises(IllegalAction, match=r"cannot parry a missile .*only a shield"):
        range_.defend("t", "parry", 20, weapon="sword")


# --- BRP-IMPROV-PARRY -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weapon", "chance", "hp"), [("rifle", 30, 10), ("shotgun", 20, 12), ("bow", 30, 6)]
)
def test_BRP_IMPROV_PARRY_a_missile_weapon_parries_at_half_and_loses_1_hp(
    range_: Fight, weapon: str, chance: int, hp: int
) -> None:
    """BRP-IMPROV-PARRY: half the weapon's chance, at least 20% (rifle 60 -> 30, shotgun 30
    -> 20); a successful parry costs it 1 HP though the sword's 3+1 is under its HP."""
    range_.pass_("m")
    range_.attack("t", "m", 20, weapon="sword")
    events = range_.defend("m", "parry", chance, 3, weapon=weapon).events
    parry = one(events, DefenseRolled)
    assert (parry.roll.target, parry.roll.rule, parry.stops) == (chance, "BRP-IMPROV-PARRY", True)
    changed = one(events, WeaponChanged)
    assert (changed.weapon, changed.hp, changed.reason) == (weapon, hp - 1, "an improvised parry")
    assert range_.who("m")["weapons"][weapon]["hp"] == hp - 1
    assert range_.who("m")["hp"] == 10


def test_BRP_IMPROV_PARRY_a_roll_over_half_fails(range_: Fight) -> None:
    range_.pass_("m")
    range_.attack("t", "m", 20, weapon="sword")
    events = range_.defend("m", "parry", 31, 3, weapon="rifle").events
    assert one(events, DefenseRolled).stops is False
    assert of(events, WeaponChanged) == []
    assert one(events, DamageApplied).after == 6


def test_BRP_IMPROV_PARRY_a_blow_above_its_hp_costs_1_and_the_excess_passes(
    fight: Fight,
) -> None:
    """BRP-IMPROV-PARRY: Ilsa's broadsword does 8+1+4 = 13 against the rifle's 10 HP: the
    rifle loses 1 HP and 3 reach the marksman."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("marksman", "m")
    fight.round()
    fight.attack("ilsa", "m", 30)
    events = fight.defend("m", "parry", 30, 8, 4, weapon="rifle").events
    assert one(events, DefenseRolled).stops
    assert one(events, DamageRolled).roll.total == 13
    assert one(events, WeaponChanged).hp == 9
    assert one(events, DamageApplied).amount == 3
    assert fight.who("m")["hp"] == 7


def test_BRP_IMPROV_PARRY_wears_the_weapon_even_when_a_parry_blocks_all(fight: Fight) -> None:
    """BRP-IMPROV-PARRY, option parry_damage=blocks_all: the blow is blocked whole, but an
    improvised parry still costs the weapon 1 HP each time."""
    ready(fight, parry_damage="blocks_all")
    fight.pass_("m")
    fight.attack("t", "m", 20, weapon="sword")
    events = fight.defend("m", "parry", 30, weapon="rifle").events
    assert one(events, DefenseRolled).stops
    assert of(events, DamageRolled) == []
    assert one(events, WeaponChanged).hp == 9
    assert fight.who("m")["hp"] == 10


# --- BRP-THROWN -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("modifier", "spec", "faces", "amount"),
    [
        (None, "1D4+1D3", (3, 3), 4),  # STR 18 + SIZ 16: +1D6
        ("+1D4", "1D4+1D2", (3, 2), 3),
        ("+2D6", "1D4+2D3", (3, 2, 3), 6),
    ],
)
def test_BRP_THROWN_the_damage_modifier_is_halved_die_by_die(
    fight: Fight, modifier: str | None, spec: str, faces: tuple[int, ...], amount: int
) -> None:
    """BRP-THROWN: each die of the damage modifier halved, rounded up: +1D6 -> +1D3, +1D4 ->
    +1D2, +2D6 -> +2D3 (not +1D6)."""
    fight.new()
    derived = {} if modifier is None else {"derived": {"damage_modifier": modifier}}
    fight.add("thrower", "h", **derived)
    fight.add("target", "t")
    fight.round()
    events = fight.attack(
        "h", "t", 30, *faces, weapon="throwing knife", range=5, defend="none"
    ).events
    assert one(events, AttackRolled).roll.target == 50
    dmg = one(events, DamageRolled)
    assert (dmg.roll.spec, dmg.roll.total) == (spec, amount + 2)
    assert one(events, DamageApplied).amount == amount


def test_BRP_THROWN_the_whole_modifier_in_the_hand(fight: Fight) -> None:
    """BRP-THROWN by contrast: the dagger in hand adds the full +1D6."""
    fight.new()
    fight.add("thrower", "h")
    fight.add("target", "t")
    fight.round()
    events = fight.attack("h", "t", 30, 2, 6, weapon="dagger", defend="none").events
    assert one(events, DamageRolled).roll.spec == "1D4+2+1D6"
    assert one(events, DamageApplied).amount == 8


def test_BRP_THROWN_a_thrown_weapon_leaves_the_hand(fight: Fight) -> None:
    """BRP-THROWN: thrown, hit or miss, the knife is no longer in hand; it cannot be thrown
    again until drawn."""
    fight.new()
    fight.add("thrower", "h")
    fight.add("target", "t")
    fight.round()
    events = fight.attack("h", "t", 99, weapon="throwing knife", range=5).events
    changed = one(events, WeaponChanged)
    assert (changed.weapon, changed.drawn, changed.reason) == ("throwing knife", False, "thrown")
    assert fight.who("h")["weapons"]["throwing knife"]["drawn"] is False
    fight.pass_("t")
    fight.round()
    with pytest.raises(IllegalAction, match="throwing knife is not in hand"):
        fight.attack("h", "t", 30, weapon="throwing knife", range=5)


@pytest.mark.parametrize(
    ("reading", "metres", "target"),
    [
        ("past_base", 10, 120),  # medium range: Easy
        ("past_base", 30, 30),  # long: Difficult, and Difficult for the range: halved once
        ("past_double", 30, 60),  # still medium: Easy cancels the range's Difficult
        ("past_double", 45, 6),  # past twice: Difficult (30), then the range's fifth
    ],
)
def test_BRP_PRONE_a_missile_at_a_prone_target_by_range(
    fight: Fight, reading: str, metres: int, target: int
) -> None:
    """BRP-PRONE (L594-595): medium-range missiles at a prone target are Easy, long-range ones
    Difficult; which range is long is option ``prone_long_range`` (the pistol: 60, base 20 m)."""
    fight.new(prone_long_range=reading)
    fight.add("marksman", "m")
    fight.add("target", "t")
    fight.round()
    fight.ruling("t", condition="prone")
    roll = one(shoot(fight, 99, weapon="pistol", range=metres), AttackRolled).roll
    assert roll.target == target


def test_BRP_VOLLEY_needs_a_weapon_of_more_than_one_attack_a_round(fight: Fight) -> None:
    """BRP-VOLLEY: a volley is as many attacks as the weapon's rate; with none above 1 there is
    no volley to state."""
    pistol = {
        "name": "pistol", "skill": 60, "damage": "1D8", "kind": "missile", "base_range": 20,
        "self_propelled": True, "shots": 8,
    }  # fmt: skip
    fight.new()
    fight.add("marksman", "m", weapons=[pistol])
    fight.add("target", "t")
    fight.declare(InitiativeDeclared())
    with pytest.raises(IllegalAction, match="no volley"):
        fight.intent("m", "volley")
