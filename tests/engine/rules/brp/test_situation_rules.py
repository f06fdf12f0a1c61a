"""The situation rules of seed 004 with forced dice: ambushes (BRP-AMBUSH), both sides
surprised (BRP-BOTH-SURPRISED), explosions and area attacks (BRP-EXPLOSION, BRP-AREA-AVOID),
fire (BRP-FIRE), asphyxiation (BRP-ASPHYX) and the desperate action (BRP-DESPERATE).

Every figure below is the rules' (``shared/rules/gurps-brp.md`` §2.2, the seed's lines 86-95,
99, 157, 291-299, 354, 418-424, 454-474), worked out by hand: skill targets after Easy
(doubled) and Difficult (halved, rounded up), damage per distance, HP after, conditions with
the rounds they have left, who acts first. Sheets: ``swordsman`` (Ilsa: DEX 15, Stealth 35,
Spot 45, Listen 40, Agility 75, broadsword 55), ``target`` (DEX 10, Listen/Spot 30, Dodge 30,
shield 40, armor 2, HP 12, Idea and Luck 60), ``shooter`` (DEX 12, pistol 60, no
Listen/Spot/Stealth: the bases 25/25/10, Idea 60, HP 10), ``bystander`` (all 10s: CON x10 =
100, Luck and Agility 50, POW x1 = 10; Dodge 30; no armor; HP 40).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.rules import IllegalAction
from events.brp import (
    AmbushDeclared,
    ArmorRolled,
    AttackRolled,
    BlastSplit,
    DamageApplied,
    DamageRolled,
    DefenseDeclined,
    DefenseRolled,
    DesperateDeclared,
    EscapeDeclared,
    ExplodeDeclared,
    ExposeDeclared,
    ExposureChanged,
    Hazard,
    LocationRolled,
    SkillRolled,
    SurpriseDeclared,
)
from events.core import (
    ConditionChanged,
    Event,
    InitiativeDeclared,
    ReactionRequested,
    RoundStarted,
    TurnPassed,
)

from .conftest import Fight, of, one


def rolled(events: Sequence[Event]) -> list[tuple[str, str, int | None, int, bool]]:
    """The skill rolls of some events: (who, skill, target, roll, success)."""
    skills = of(events, SkillRolled)
    return [(e.combatant, e.skill, e.roll.target, e.roll.total, e.success) for e in skills]


def hazard_round(fight: Fight, *faces: int) -> list[Event]:
    """A whole round of a one-fighter fight: initiative, both phases, and his pass; the round's
    end (DEX rank 1) rolls the hazards with ``faces``."""
    fight.round()
    return fight.pass_(None, *faces).events


# --- BRP-AMBUSH -----------------------------------------------------------------------------


@pytest.fixture
def sniper(fight: Fight) -> Fight:
    """A target (joined first) and a shooter with Stealth 50, no round yet."""
    fight.new()
    fight.add("target", "t")
    fight.add("shooter", "s", skills={"dodge": 30, "stealth": 50})
    return fight


def test_BRP_AMBUSH_unseen_missile_ambush_is_easy_and_cannot_be_defended(sniper: Fight) -> None:
    """BRP-AMBUSH: Stealth 50 (rolled 30) against the target's best of Listen 30, Sense 10 and
    Spot 30 (rolled 80, failed): unseen, the shooter has a free round of Easy attacks (pistol
    60 -> 120) that the target cannot dodge or parry; armor counts (5 - 2)."""
    events = sniper.declare(AmbushDeclared(attackers=("s",), missile=True), (30, 80)).events
    assert rolled(events) == [("s", "stealth", 50, 30, True), ("t", "listen", 30, 80, False)]
    started = one(events, RoundStarted)
    assert (started.order, started.label, started.phase) == (("s",), "ambush", "")
    assert sniper.status()["acting"] == "s"
    assert sniper.conditions("t") == {"ambushed": None}
    assert sniper.conditions("s") == {"ambushing": None}

    events = sniper.attack("s", "t", 90, 5, range=10).events
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.tier) == (120, "success")
    assert "BRP-AMBUSH" in one(events, DefenseDeclined).reason
    assert of(events, ReactionRequested) == []
    applied = one(events, DamageApplied)
    assert (applied.amount, applied.after) == (3, 9)


def test_BRP_AMBUSH_the_target_does_not_act_in_the_free_round(sniper: Fight) -> None:
    """BRP-AMBUSH: the free round is the ambushers' alone."""
    sniper.declare(AmbushDeclared(attackers=("s",), missile=True), (30, 80))
    with pytest.raises(IllegalAction, match="it is Shooter's turn"):
        sniper.attack("t", "s", 10)


def test_BRP_AMBUSH_round_two_is_a_normal_round(sniper: Fight) -> None:
    """BRP-AMBUSH: after the round of surprise, no modifiers for anyone: the marks go, both
    fighters act by DEX (12, 10), the pistol is back to 60 and may be dodged."""
    sniper.declare(AmbushDeclared(attackers=("s",), missile=True), (30, 80))
    events = sniper.attack("s", "t", 90, 5, range=10).events  # the free round's last action
    gone = {(e.combatant, e.condition) for e in of(events, ConditionChanged) if not e.present}
    assert gone == {("t", "ambushed"), ("s", "ambushing")}  # the marks end with their round
    events = sniper.declare(InitiativeDeclared()).events
    assert one(events, RoundStarted).order == ("s", "t")
    sniper.pass_()
    sniper.pass_()
    events = sniper.attack("s", "t", 50, range=10).events
    assert one(events, AttackRolled).roll.target == 60
    assert one(events, ReactionRequested).reactor == "t"
    assert sniper.conditions("t") == {}


def test_BRP_AMBUSH_seen_missile_ambush_is_easy_but_may_be_dodged(sniper: Fight) -> None:
    """BRP-AMBUSH: seen, the shooter still has a free round of Easy attacks (120), but the
    target dodges it at his full Dodge (30)."""
    events = sniper.declare(
        AmbushDeclared(attackers=("s",), missile=True, seen=True), (30, 80)
    ).events
    assert "ambushed" not in sniper.conditions("t")
    assert sniper.conditions("s") == {"ambushing": None}
    assert one(events, RoundStarted).order == ("s",)
    events = sniper.attack("s", "t", 90, range=10).events
    assert one(events, AttackRolled).roll.target == 120
    assert one(events, ReactionRequested).detail.defence_grade == "normal"
    dodge = one(sniper.defend("t", "dodge", 30).events, DefenseRolled)
    assert (dodge.roll.target, dodge.tier, dodge.stops) == (30, "success", True)


@pytest.mark.parametrize(
    ("stealth", "listen", "noticed"),
    [
        (20, 25, True),  # both plain successes: the higher roll wins
        (20, 20, True),  # the same roll: the target is not beaten (reading)
        (20, 15, False),  # both plain successes, the target's roll lower: unnoticed
        (20, 5, True),  # a special (Listen 30: at most 6) beats a plain success
        (10, 25, False),  # a special Stealth (50: at most 10) beats a plain success
        (51, 30, True),  # Stealth failed: any success notices
        (51, 31, False),  # both failed: nobody noticed anything
    ],
)
def test_BRP_AMBUSH_stealth_is_opposed_by_the_targets_best_sense(
    sniper: Fight, stealth: int, listen: int, noticed: bool
) -> None:
    """BRP-AMBUSH: Stealth opposed by Listen/Sense/Spot, an opposed roll ([GK], gurps-brp.md
    §1.2: the higher tier wins, at the same tier the higher roll). A target who notices the
    shooter has seen him: Easy attacks, but no "ambushed" (he may defend)."""
    events = sniper.declare(AmbushDeclared(attackers=("s",), missile=True), (stealth, listen))
    assert rolled(events.events)[1] == ("t", "listen", 30, listen, noticed)
    assert sniper.conditions("t") == ({} if noticed else {"ambushed": None})
    attack = sniper.attack("s", "t", *((90,) if noticed else (90, 5)), range=10).events
    assert one(attack, AttackRolled).roll.target == 120
    assert len(of(attack, ReactionRequested)) == (1 if noticed else 0)


@pytest.fixture
def lurker(fight: Fight) -> Fight:
    """Ilsa (Stealth 35, broadsword 55) lies in wait for a target (Listen 30, shield 40)."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    return fight


def test_BRP_AMBUSH_melee_ambush_heard_but_not_noticed(lurker: Fight) -> None:
    """BRP-AMBUSH: Ilsa's Stealth fails (70 > 35); the target makes an Easy Listen roll
    (30 -> 60) and fails it (61): attacks on him are Easy (55 -> 110) and his defences
    Difficult (Dodge 30 -> 15)."""
    events = lurker.declare(AmbushDeclared(attackers=("ilsa",)), (70, 61)).events
    assert rolled(events) == [("ilsa", "stealth", 35, 70, False), ("t", "listen", 60, 61, False)]
    listen = of(events, SkillRolled)[1].roll
    assert [m.name for m in listen.target_modifiers] == ["Easy: the ambushers were heard"]
    assert lurker.conditions("t") == {"caught unaware": None}
    assert lurker.conditions("ilsa") == {}
    events = lurker.attack("ilsa", "t", 90).events
    attack = one(events, AttackRolled)
    assert (attack.roll.target, attack.tier) == (110, "success")
    assert one(events, ReactionRequested).detail.defence_grade == "difficult"
    dodge = one(lurker.defend("t", "dodge", 15).events, DefenseRolled)
    assert (dodge.roll.target, dodge.tier, dodge.stops) == (15, "success", True)


def test_BRP_AMBUSH_melee_ambush_noticed_is_normal_but_the_target_cannot_strike_back(
    lurker: Fight,
) -> None:
    """BRP-AMBUSH: the target's Easy Listen succeeds at its edge (60): Ilsa attacks at her
    skill (55), he parries normally (shield 40), but he cannot retaliate until the next
    round."""
    events = lurker.declare(AmbushDeclared(attackers=("ilsa",)), (70, 60)).events
    assert rolled(events)[1] == ("t", "listen", 60, 60, True)
    assert lurker.conditions("t") == {}
    assert one(events, RoundStarted).order == ("ilsa",)
    with pytest.raises(IllegalAction, match="it is Ilsa Varg's turn"):
        lurker.attack("t", "ilsa", 10)
    events = lurker.attack("ilsa", "t", 30).events
    assert one(events, AttackRolled).roll.target == 55
    assert one(events, ReactionRequested).detail.defence_grade == "normal"
    parry = one(lurker.defend("t", "parry", 20, 3, 2).events, DefenseRolled)
    assert (parry.roll.target, parry.stops) == (40, True)
    with pytest.raises(IllegalAction, match="every DEX rank of round 1 is done"):
        lurker.attack("t", "ilsa", 10)
    assert one(lurker.declare(InitiativeDeclared()).events, RoundStarted).order == ("ilsa", "t")


def test_BRP_AMBUSH_melee_ambush_whose_stealth_succeeded(lurker: Fight) -> None:
    """BRP-AMBUSH [AMB: the seed leaves melee attackers who make their Stealth unsaid]; the
    reading: the target's roll is not Easy (Listen 30) and is opposed: his plain 25 beats
    Ilsa's plain 20, he notices her."""
    events = lurker.declare(AmbushDeclared(attackers=("ilsa",)), (20, 25)).events
    assert rolled(events) == [("ilsa", "stealth", 35, 20, True), ("t", "listen", 30, 25, True)]
    assert lurker.conditions("t") == {}


def test_BRP_AMBUSH_melee_ambush_special_stealth_catches_him_unaware(lurker: Fight) -> None:
    """BRP-AMBUSH (reading as above): a special Stealth (35: at most 7) beats his plain Listen:
    caught unaware, attacks Easy (110)."""
    lurker.declare(AmbushDeclared(attackers=("ilsa",)), (7, 25))
    assert lurker.conditions("t") == {"caught unaware": None}
    assert one(lurker.attack("ilsa", "t", 90).events, AttackRolled).roll.target == 110


def test_BRP_AMBUSH_refused_while_a_round_runs_or_with_nobody_to_ambush(lurker: Fight) -> None:
    """BRP-AMBUSH: an ambush opens a fight's round; not in the middle of one, and not
    without a target."""
    with pytest.raises(IllegalAction, match="nobody to ambush"):
        lurker.declare(AmbushDeclared(attackers=("ilsa", "t")))
    lurker.round()
    with pytest.raises(IllegalAction, match="still running"):
        lurker.declare(AmbushDeclared(attackers=("ilsa",)), (70, 61))


# --- BRP-BOTH-SURPRISED ---------------------------------------------------------------------


@pytest.fixture
def four(fight: Fight) -> Fight:
    """Joined in this order: a target (DEX 10, Spot 30, Idea 60), Ilsa (DEX 15, Spot 45, Idea
    70), a shooter (DEX 12, Spot 25, Idea 60), another target (DEX 10)."""
    fight.new()
    fight.add("target", "t")
    fight.add("swordsman", "ilsa")
    fight.add("shooter", "s")
    fight.add("target", "u")
    return fight


def test_BRP_BOTH_SURPRISED_spot_then_idea_and_dex_order(four: Fight) -> None:
    """BRP-BOTH-SURPRISED: Spot, then Idea for those who spotted. The target (30 at 30, Idea 60
    at 60) and the shooter (25 at 25, Idea 1) make both and act first, by DEX: the shooter
    (12), then the target (10). Ilsa spots (45) but fails her Idea (71 > 70); the other
    target misses his Spot (31 > 30): both surprised, for that round."""
    events = four.declare(SurpriseDeclared(), (30, 60, 45, 71, 25, 1, 31)).events
    assert rolled(events) == [
        ("t", "spot", 30, 30, True),
        ("t", "idea", 60, 60, True),
        ("ilsa", "spot", 45, 45, True),
        ("ilsa", "idea", 70, 71, False),
        ("s", "spot", 25, 25, True),
        ("s", "idea", 60, 1, True),
        ("u", "spot", 30, 31, False),
    ]
    started = one(events, RoundStarted)
    assert (started.order, started.at, started.label) == (("s", "t"), {"s": 12, "t": 10},
                                                          "surprise")  # fmt: skip
    assert four.status()["acting"] == "s"
    assert {cid: four.conditions(cid) for cid in ("t", "ilsa", "s", "u")} == {
        "t": {},
        "ilsa": {"surprised": None},
        "s": {},
        "u": {"surprised": None},
    }
    with pytest.raises(IllegalAction, match="it is Shooter's turn"):
        four.attack("ilsa", "s", 10)
    four.pass_("s")
    assert four.status()["acting"] == "t"
    four.pass_("t")
    events = four.declare(InitiativeDeclared()).events
    assert one(events, RoundStarted).order == ("ilsa", "s", "t", "u")
    assert all(four.conditions(cid) == {} for cid in ("t", "ilsa", "s", "u"))


def test_BRP_BOTH_SURPRISED_by_listen(fight: Fight) -> None:
    """BRP-BOTH-SURPRISED: Listen instead of Spot (Ilsa's 40, the target's 30)."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    events = fight.declare(SurpriseDeclared(sense="listen"), (40, 70, 31)).events
    assert rolled(events) == [
        ("ilsa", "listen", 40, 40, True),
        ("ilsa", "idea", 70, 70, True),
        ("t", "listen", 30, 31, False),
    ]
    assert one(events, RoundStarted).order == ("ilsa",)
    assert fight.conditions("t") == {"surprised": None}


def test_BRP_BOTH_SURPRISED_nobody_aware_is_an_ordinary_round(four: Fight) -> None:
    """BRP-BOTH-SURPRISED: if nobody both spots and thinks, nobody acts first: everyone's
    round begins with its statement of intent, and nobody is surprised."""
    events = four.declare(SurpriseDeclared(), (31, 45, 71, 26, 31)).events
    started = one(events, RoundStarted)
    assert (started.order, started.phase, started.label) == (("ilsa", "s", "t", "u"),
                                                             "intent", "")  # fmt: skip
    assert of(events, ConditionChanged) == []


def test_BRP_BOTH_SURPRISED_refused_while_a_round_runs(four: Fight) -> None:
    four.round()
    with pytest.raises(IllegalAction, match="still running"):
        four.declare(SurpriseDeclared(), (30, 60))


# --- BRP-EXPLOSION, BRP-AREA-AVOID ------------------------------------------------------------


@pytest.mark.parametrize(
    ("metres", "dice"),
    [(0, 5), (2, 5), (3, 4), (4, 4), (5, 3), (6, 3), (7, 2), (8, 2), (9, 1), (10, 1),
     (11, 0), (30, 0)],
)  # fmt: skip
def test_BRP_EXPLOSION_dynamite_loses_a_die_every_two_metres(
    fight: Fight, metres: int, dice: int
) -> None:
    """BRP-EXPLOSION: 5D6 of dynamite: 5D6 to 2 m, 4D6 at 3-4 m, 3D6 at 5-6 m, 2D6 at 7-8 m,
    1D6 at 9-10 m, nothing beyond 10 m; general damage to total HP (no armor here)."""
    fight.new()
    fight.add("bystander", "b")
    faces = (6, 5, 4, 3, 2)[:dice]
    events = fight.declare(ExplodeDeclared(damage="5D6", at=(f"b={metres}",)), faces).events
    if dice == 0:
        assert of(events, DamageRolled) == []
        assert of(events, DamageApplied) == []
        assert fight.who("b")["hp"] == 40
        return
    dmg = one(events, DamageRolled)
    assert (dmg.roll.spec, dmg.roll.total) == (f"{dice}D6", sum(faces))
    assert dmg.effect == f"{metres} m from the centre"
    applied = one(events, DamageApplied)
    assert (applied.amount, applied.after, applied.location) == (sum(faces), 40 - sum(faces), None)


def test_BRP_EXPLOSION_each_in_the_blast_at_his_distance_less_armor(fight: Fight) -> None:
    """BRP-EXPLOSION, BRP-AREA-AVOID (armor works against area damage): one blast, each
    fighter in the order named: the bystander at 2 m 5D6 (15), the target at 4 m 4D6 (10)
    less his armor 2, another bystander at 11 m nothing."""
    fight.new()
    fight.add("bystander", "b")
    fight.add("target", "t")
    fight.add("bystander", "c")
    events = fight.declare(
        ExplodeDeclared(damage="5D6", at=("b=2", "t=4", "c=11")), (3, 3, 3, 3, 3, 1, 2, 3, 4)
    ).events
    assert [(d.target, d.roll.spec, d.roll.total) for d in of(events, DamageRolled)] == [
        ("b", "5D6", 15),
        ("t", "4D6", 10),
    ]
    assert one(events, ArmorRolled).roll.total == 2
    assert [(a.target, a.amount, a.after) for a in of(events, DamageApplied)] == [
        ("b", 15, 25),
        ("t", 8, 4),
    ]
    assert fight.who("c")["hp"] == 40


def test_BRP_AREA_AVOID_an_area_attack_does_the_same_everywhere(fight: Fight) -> None:
    """BRP-AREA-AVOID: an area attack (not a blast) strikes everyone in it alike: 3D6 at
    the centre and at 20 m."""
    fight.new()
    fight.add("bystander", "b")
    fight.add("bystander", "c")
    events = fight.declare(
        ExplodeDeclared(damage="3D6", at=("b=0", "c=20"), area=True), (1, 2, 3, 4, 5, 6)
    ).events
    assert [(d.target, d.roll.spec, d.roll.total) for d in of(events, DamageRolled)] == [
        ("b", "3D6", 6),
        ("c", "3D6", 15),
    ]
    assert (fight.who("b")["hp"], fight.who("c")["hp"]) == (34, 25)


def test_BRP_AREA_AVOID_dodge_none_agility_half_both_prone(fight: Fight) -> None:
    """BRP-AREA-AVOID: in a 5D6 blast at 2 m, a Dodge (30, rolled 30) takes no damage; an
    Agility roll (DEX 10 x5 = 50, rolled 50) takes half (22 -> 11); either way the person
    ends prone. A failed Dodge (31) takes it all (5)."""
    fight.new()
    fight.add("bystander", "b")
    fight.add("bystander", "c")
    fight.add("bystander", "d")
    events = fight.declare(
        ExplodeDeclared(
            damage="5D6",
            at=("b=2", "c=2", "d=2"),
            avoid=("b=dodge", "c=agility", "d=dodge"),
        ),
        (30, 50, 6, 6, 4, 4, 2, 31, 1, 1, 1, 1, 1),
    ).events
    assert rolled(events) == [
        ("b", "dodge", 30, 30, True),
        ("c", "agility", 50, 50, True),
        ("d", "dodge", 30, 31, False),
    ]
    assert [(d.target, d.roll.total) for d in of(events, DamageRolled)] == [("c", 11), ("d", 5)]
    assert [(a.target, a.amount, a.after) for a in of(events, DamageApplied)] == [
        ("c", 11, 29),
        ("d", 5, 35),
    ]
    assert (fight.who("b")["hp"], fight.conditions("b")) == (40, {"prone": None})
    assert fight.conditions("c") == {"prone": None}


def test_BRP_AREA_AVOID_refused_for_one_who_cannot_act(fight: Fight) -> None:
    """BRP-AREA-AVOID: an unconscious fighter makes no Dodge or Agility roll (2 HP left:
    unconscious); the blast still strikes him."""
    fight.new()
    fight.add("target", "t")
    fight.ruling("t", damage=10)
    assert "unconscious" in fight.conditions("t")
    with pytest.raises(IllegalAction, match="unconscious: no Dodge or Agility roll"):
        fight.declare(ExplodeDeclared(damage="2D6", at=("t=0",), avoid=("t=dodge",)), (5,))


def test_BRP_EXPLOSION_split_over_1D4_locations(fight: Fight) -> None:
    """BRP-EXPLOSION with hit locations (option explosion_locations=split, the default): the
    damage (2D6 = 11) is divided among 1D4 (2) random locations, 6 and 5 (the first takes the
    odd point), each less the armor there (2): chest 5 -> 1, right leg 4 -> 1, HP 12 -> 5."""
    fight.new(hit_locations=True)
    fight.add("target", "t")
    events = fight.declare(ExplodeDeclared(damage="2D6", at=("t=0",)), (5, 6, 2, 12, 1)).events
    assert one(events, DamageRolled).roll.total == 11
    assert one(events, BlastSplit).locations == 2
    assert [loc.location for loc in of(events, LocationRolled)] == ["chest", "right_leg"]
    assert [a.roll.total for a in of(events, ArmorRolled)] == [2, 2]
    applied = [
        (a.location, a.amount, a.location_before, a.location_after, a.after)
        for a in of(events, DamageApplied)
    ]
    assert applied == [("chest", 4, 5, 1, 8), ("right_leg", 3, 4, 1, 5)]
    assert fight.who("t")["hp"] == 5


def test_BRP_EXPLOSION_general_damage_option(fight: Fight) -> None:
    """BRP-EXPLOSION, option explosion_locations=general: with hit locations on, the blast
    still goes to total HP only (11 - armor 2 = 9; HP 12 -> 3), no location rolled."""
    fight.new(hit_locations=True, explosion_locations="general")
    fight.add("target", "t")
    events = fight.declare(ExplodeDeclared(damage="2D6", at=("t=0",)), (5, 6)).events
    assert of(events, LocationRolled) == []
    applied = one(events, DamageApplied)
    assert (applied.location, applied.amount, applied.after) == (None, 9, 3)
    assert fight.who("t")["locations"]["chest"]["hp"] == 5


# --- BRP-FIRE -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hazard", "faces", "spec", "burn", "catch", "aflame"),
    [
        ("candle", (), "1", 1, None, False),
        ("torch", (4, 50), "1D6", 4, ("luck", 50, 50, True), False),
        ("bonfire", (4, 10), "1D6+2", 6, ("pow x1", 10, 10, True), False),
        ("building", (3, 4), "2D6", 7, None, False),
        ("intense", (1, 2, 3), "3D6", 6, None, True),
    ],
)
def test_BRP_FIRE_damage_at_the_end_of_the_round_by_size(
    fight: Fight,
    hazard: Hazard,
    faces: tuple[int, ...],
    spec: str,
    burn: int,
    catch: tuple[str, int, int, bool] | None,
    aflame: bool,
) -> None:
    """BRP-FIRE: at the end of the round (DEX rank 1), by the fire's size: a candle 1, a torch
    1D6 (Luck, 50, not to catch alight), a bonfire 1D6+2 (POW x1, 10, not to catch), a
    burning building 2D6 (no roll to catch: the text gives none), an intense fire 3D6 and
    aflame by itself after this first round."""
    fight.new()
    fight.add("bystander", "b")
    exposed = fight.declare(ExposeDeclared(actor="b", hazard=hazard)).events
    assert of(exposed, DamageRolled) == []
    events = hazard_round(fight, *faces)
    dmg = one(events, DamageRolled)
    assert (dmg.roll.spec, dmg.roll.total, dmg.effect) == (spec, burn, "fire")
    assert one(events, DamageApplied).after == 40 - burn
    assert rolled(events) == ([] if catch is None else [("b", *catch)])
    assert ("aflame" in fight.who("b")["exposures"]) is aflame


def test_BRP_FIRE_strikes_only_when_the_round_ends(fight: Fight) -> None:
    """BRP-FIRE: the fire's damage waits for the end of the round, after every DEX rank."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("bystander", "b")
    fight.declare(ExposeDeclared(actor="b", hazard="candle"))
    fight.round()
    assert of(fight.pass_("ilsa").events, DamageRolled) == []
    events = fight.pass_("b").events
    assert events.index(TurnPassed(to=None)) < events.index(one(events, DamageRolled))
    assert one(events, DamageApplied).after == 39


def test_BRP_FIRE_a_torch_sets_him_alight_and_luck_puts_it_out(fight: Fight) -> None:
    """BRP-FIRE: a torch on a clothed, unarmored man: Luck (50) failed (51), he burns from the
    next round, another 1D6 a round on top of the torch's; putting it out is a Luck roll
    (51 fails, 50 succeeds); getting away from the torch needs none."""
    fight.new()
    fight.add("bystander", "b")
    fight.declare(ExposeDeclared(actor="b", hazard="torch"))
    events = hazard_round(fight, 3, 51)
    assert rolled(events) == [("b", "luck", 50, 51, False)]
    assert fight.who("b")["hp"] == 37
    assert fight.who("b")["exposures"] == ["aflame", "torch"]
    events = hazard_round(fight, 2, 4)  # aflame 1D6 first, then the torch 1D6
    assert [(d.actor, d.roll.spec, d.roll.total) for d in of(events, DamageRolled)] == [
        ("aflame", "1D6", 2),
        ("torch", "1D6", 4),
    ]
    assert fight.who("b")["hp"] == 31
    events = fight.declare(EscapeDeclared(actor="b", hazard="torch")).events
    assert rolled(events) == []
    assert fight.who("b")["exposures"] == ["aflame"]
    events = fight.declare(EscapeDeclared(actor="b", hazard="aflame"), (51,)).events
    assert rolled(events) == [("b", "luck", 50, 51, False)]
    assert fight.who("b")["exposures"] == ["aflame"]
    fight.declare(EscapeDeclared(actor="b", hazard="aflame"), (50,))
    assert fight.who("b")["exposures"] == []
    assert of(hazard_round(fight), DamageRolled) == []


def test_BRP_FIRE_intense_heat_burns_on_after_the_first_round(fight: Fight) -> None:
    """BRP-FIRE: an intense fire, 3D6 a round; from the second round he is aflame too (1D6)."""
    fight.new()
    fight.add("bystander", "b")
    fight.declare(ExposeDeclared(actor="b", hazard="intense"))
    hazard_round(fight, 1, 2, 3)
    events = hazard_round(fight, 5, 1, 1, 1)
    assert [(d.actor, d.roll.spec, d.roll.total) for d in of(events, DamageRolled)] == [
        ("aflame", "1D6", 5),
        ("intense", "3D6", 3),
    ]
    assert fight.who("b")["hp"] == 40 - 6 - 5 - 3


def test_BRP_FIRE_armor_subtracts_for_1D3_rounds(fight: Fight) -> None:
    """BRP-FIRE: conventional armor (2) takes its value off the fire's damage for 1D3 rounds
    (rolled 2): a building's 2D6 of 7 does 5, 5, then 7."""
    fight.new()
    fight.add("bystander", "b", armor={"name": "mail", "value": 2})
    events = fight.declare(ExposeDeclared(actor="b", hazard="building"), (2,)).events
    assert rolled(events) == [("b", "armor rounds", None, 2, True)]
    assert one(events, ExposureChanged).armor_rounds == 2
    burns = [one(hazard_round(fight, 3, 4), DamageApplied).amount for _ in range(3)]
    assert burns == [5, 5, 7]
    assert fight.who("b")["hp"] == 23


def test_BRP_FIRE_armor_for_one_round_option(fight: Fight) -> None:
    """BRP-FIRE, option fire_armor_rounds=one (L462: "for one combat round"): no 1D3 roll;
    the armor (2) stops 2 of the first round's 7 only."""
    fight.new(fire_armor_rounds="one")
    fight.add("bystander", "b", armor={"name": "mail", "value": 2})
    events = fight.declare(ExposeDeclared(actor="b", hazard="building")).events
    assert rolled(events) == []
    assert one(events, ExposureChanged).armor_rounds == 1
    burns = [one(hazard_round(fight, 3, 4), DamageApplied).amount for _ in range(2)]
    assert burns == [5, 7]


def test_BRP_FIRE_refusals(fight: Fight) -> None:
    """BRP-FIRE: exposed once to a fire; escaping needs something to escape from."""
    fight.new()
    fight.add("bystander", "b")
    with pytest.raises(IllegalAction, match="exposed to nothing"):
        fight.declare(EscapeDeclared(actor="b"))
    fight.declare(ExposeDeclared(actor="b", hazard="torch"))
    with pytest.raises(IllegalAction, match="already exposed to torch"):
        fight.declare(ExposeDeclared(actor="b", hazard="torch"))
    with pytest.raises(IllegalAction, match="not exposed to aflame"):
        fight.declare(EscapeDeclared(actor="b", hazard="aflame"))


# --- BRP-ASPHYX -----------------------------------------------------------------------------


def breath_rolls(fight: Fight, *rolls: int) -> list[tuple[int | None, bool]]:
    """One round per roll; each round's breath roll as (target, success)."""
    out = []
    for r in rolls:
        events = hazard_round(fight, r)
        assert of(events, DamageRolled) == []
        (_, _, target, _, ok) = rolled(events)[0]
        out.append((target, ok))
    return out


def test_BRP_ASPHYX_breath_rolls_fall_from_con_x10_to_x1_then_damage(fight: Fight) -> None:
    """BRP-ASPHYX: held breath under water: CON x10 (100), then x5 (50), x4, x3, x2, x1 (10),
    staying at x1 (option asphyx_after_one=stays, the default); once a roll fails (11), no
    damage that round, then 1D8 at the end of every following round."""
    fight.new()
    fight.add("bystander", "b")
    fight.declare(ExposeDeclared(actor="b", hazard="water"))
    assert breath_rolls(fight, 95, 50, 40, 30, 20, 10, 10, 11) == [
        (100, True),
        (50, True),
        (40, True),
        (30, True),
        (20, True),
        (10, True),
        (10, True),
        (10, False),
    ]
    assert fight.who("b")["hp"] == 40
    for face, hp in ((5, 35), (8, 27)):
        events = hazard_round(fight, face)
        assert rolled(events) == []
        dmg = one(events, DamageRolled)
        assert (dmg.roll.spec, dmg.effect) == ("1D8", "no air")
        assert one(events, DamageApplied).after == hp


def test_BRP_ASPHYX_after_one_fails_option(fight: Fight) -> None:
    """BRP-ASPHYX, option asphyx_after_one=fails [AMB]: the CON x1 roll is made once; the
    round after it fails by itself (no roll, no damage yet); damage the round after that."""
    fight.new(asphyx_after_one="fails")
    fight.add("bystander", "b")
    fight.declare(ExposeDeclared(actor="b", hazard="water"))
    assert breath_rolls(fight, 95, 50, 40, 30, 20, 10) == [
        (100, True),
        (50, True),
        (40, True),
        (30, True),
        (20, True),
        (10, True),
    ]
    events = hazard_round(fight)
    assert (rolled(events), of(events, DamageRolled)) == ([], [])
    assert one(events, ExposureChanged).failed
    assert one(hazard_round(fight, 3), DamageApplied).after == 37


@pytest.mark.parametrize(("luck", "start", "targets"), [(50, 5, [50, 40]), (51, 3, [30, 20])])
def test_BRP_ASPHYX_surprised_luck_sets_the_first_roll(
    fight: Fight, luck: int, start: int, targets: list[int]
) -> None:
    """BRP-ASPHYX: caught by surprise, a Luck roll (50): made, the rolls start at CON x5;
    failed, at CON x3; then one multiplier less each round."""
    fight.new()
    fight.add("bystander", "b")
    events = fight.declare(ExposeDeclared(actor="b", hazard="smoke", surprised=True), (luck,))
    assert rolled(events.events) == [("b", "luck", 50, luck, luck <= 50)]
    assert one(events.events, ExposureChanged).breath == start
    assert breath_rolls(fight, 1, 1) == [(t, True) for t in targets]


@pytest.mark.parametrize(
    ("hazard", "spec"), [("water", "1D8"), ("smoke", "1D4"), ("dense_smoke", "1D6"), ("gas", "1D8")]
)
def test_BRP_ASPHYX_damage_by_what_is_breathed(fight: Fight, hazard: Hazard, spec: str) -> None:
    """BRP-ASPHYX: water 1D8, smoke 1D4, dense smoke 1D6, poison gas 1D8, to total hit
    points (armor does not keep out smoke). A roll of 00 fails even at CON x10 = 100."""
    fight.new()
    fight.add("bystander", "b", armor={"name": "mail", "value": 2})
    fight.declare(ExposeDeclared(actor="b", hazard=hazard))
    assert breath_rolls(fight, 100) == [(100, False)]
    events = hazard_round(fight, 3)
    assert one(events, DamageRolled).roll.spec == spec
    applied = one(events, DamageApplied)
    assert (applied.amount, applied.after) == (3, 37)
    assert of(events, ArmorRolled) == []


def test_BRP_ASPHYX_choking_is_con_x1_or_1D6_every_round(fight: Fight) -> None:
    """BRP-ASPHYX: deliberately choked: CON x1 (10) each round, or 1D6 at once; a later round
    is rolled afresh."""
    fight.new()
    fight.add("bystander", "b")
    fight.declare(ExposeDeclared(actor="b", hazard="choke"))
    events = hazard_round(fight, 10)
    assert (rolled(events), of(events, DamageRolled)) == ([("b", "con x1", 10, 10, True)], [])
    events = hazard_round(fight, 11, 4)
    assert rolled(events) == [("b", "con x1", 10, 11, False)]
    assert one(events, DamageRolled).roll.spec == "1D6"
    assert one(events, DamageApplied).after == 36
    events = hazard_round(fight, 10)
    assert of(events, DamageRolled) == []


def test_BRP_ASPHYX_escaping_ends_it(fight: Fight) -> None:
    """BRP-ASPHYX: out of the smoke, no more damage."""
    fight.new()
    fight.add("bystander", "b")
    fight.declare(ExposeDeclared(actor="b", hazard="smoke"))
    breath_rolls(fight, 100)
    assert one(hazard_round(fight, 2), DamageApplied).after == 38
    fight.declare(EscapeDeclared(actor="b"))
    assert of(hazard_round(fight), DamageRolled) == []
    assert fight.who("b")["hp"] == 38


# --- BRP-DESPERATE --------------------------------------------------------------------------


@pytest.fixture
def last_rank(duel: Fight) -> Fight:
    """Ilsa (DEX 15, Agility 75, broadsword 55) has passed; the target (DEX 10) acts at 10."""
    duel.pass_("ilsa")
    assert (duel.status()["acting"], duel.status()["dex_rank"]) == ("t", 10)
    return duel


def test_BRP_DESPERATE_only_on_the_last_dex_rank(last_rank: Fight) -> None:
    """BRP-DESPERATE: not while someone still acts at a higher rank (10), nor by one who still
    has his actions."""
    with pytest.raises(IllegalAction, match="last DEX rank, not DEX rank 10"):
        last_rank.declare(DesperateDeclared(actor="ilsa"), (30,))
    with pytest.raises(IllegalAction, match="still has actions"):
        last_rank.declare(DesperateDeclared(actor="t"), (30,))


def test_BRP_DESPERATE_refused_outside_a_round(fight: Fight) -> None:
    fight.new()
    fight.add("swordsman", "ilsa")
    with pytest.raises(IllegalAction, match="last DEX rank of a round"):
        fight.declare(DesperateDeclared(actor="ilsa"), (30,))


def test_BRP_DESPERATE_difficult_agility_then_a_difficult_action(last_rank: Fight) -> None:
    """BRP-DESPERATE: once every rank is done, a Difficult Agility roll (75 -> 38, rolled 38)
    buys one more action, itself Difficult: the broadsword at 28 (55 halved, rounded up);
    missed (29), it still costs him the next round's attack (refused with the reason), while
    his parry is untouched (55)."""
    last_rank.pass_("t")
    assert last_rank.status()["acting"] is None
    events = last_rank.declare(DesperateDeclared(actor="ilsa"), (38,)).events
    assert rolled(events) == [("ilsa", "agility", 38, 38, True)]
    agility = one(events, SkillRolled).roll
    assert [m.name for m in agility.target_modifiers] == ["Difficult: a desperate action"]
    assert last_rank.conditions("ilsa") == {"desperate": 1}
    assert last_rank.status()["acting"] == "ilsa"
    attack = one(last_rank.attack("ilsa", "t", 29).events, AttackRolled)
    assert (attack.roll.target, attack.tier) == (28, "failure")

    last_rank.round()
    assert "off balance" in last_rank.conditions("ilsa")
    assert "desperate" not in last_rank.conditions("ilsa")
    assert last_rank.status()["acting"] == "ilsa"
    with pytest.raises(IllegalAction, match=r"off balance and cannot attack \(BRP-DESPERATE\)"):
        last_rank.attack("ilsa", "t", 10)
    last_rank.pass_("ilsa")
    last_rank.attack("t", "ilsa", 30)
    parry = one(last_rank.defend("ilsa", "parry", 20, 3).events, DefenseRolled)
    assert (parry.roll.target, parry.stops) == (55, True)
    assert last_rank.status()["acting"] is None  # the target's attack was his last action

    last_rank.round()
    assert last_rank.conditions("ilsa") == {}
    assert one(last_rank.attack("ilsa", "t", 30).events, AttackRolled).roll.target == 55


def test_BRP_DESPERATE_failed_agility_buys_nothing(last_rank: Fight) -> None:
    """BRP-DESPERATE: the Agility roll failed (39 > 38), no action can be attempted."""
    last_rank.pass_("t")
    events = last_rank.declare(DesperateDeclared(actor="ilsa"), (39,)).events
    assert rolled(events) == [("ilsa", "agility", 38, 39, False)]
    assert of(events, TurnPassed) == []
    assert last_rank.status()["acting"] is None
    assert last_rank.conditions("ilsa") == {}


def test_BRP_DESPERATE_off_balance_shows_the_round_it_lasts(last_rank: Fight) -> None:
    """BRP-DESPERATE: in the following round he cannot attack: one round left (this one)."""
    last_rank.pass_("t")
    last_rank.declare(DesperateDeclared(actor="ilsa"), (38,))
    last_rank.attack("ilsa", "t", 29)
    last_rank.round()
    assert last_rank.conditions("ilsa") == {"off balance": 1}


def test_BRP_DESPERATE_the_extra_action_after_an_attack(duel: Fight) -> None:
    """BRP-DESPERATE: it is the action after all of his own: having attacked (70, a miss),
    Ilsa may still make the desperate attack, Difficult (28)."""
    duel.attack("ilsa", "t", 70)
    duel.pass_("t")
    duel.declare(DesperateDeclared(actor="ilsa"), (30,))
    assert one(duel.attack("ilsa", "t", 20).events, AttackRolled).roll.target == 28
