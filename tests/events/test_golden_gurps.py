"""Golden encodings of the GURPS pack's events, pinned in tests/events/golden_gurps/.

The same two promises as tests/events/test_golden.py (which pins the core's and Palladium's):
every golden body decodes to its example, and ``encode`` of the example gives the golden body
byte for byte. A deliberate, additive change: ``FRACAS_REGEN_GOLDEN=1`` rewrites the body and
moves the old one to ``golden_gurps/past/`` (never deleted); a change that breaks a past body
needs a new tag or an upcaster.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engine.rules.gurps import PACK
from events import gurps as ge
from events.codec import Codec, encode, tag_of
from events.core import Event, Modifier, Roll
from events.gurps.records import Damage

GOLDEN = Path(__file__).parent / "golden_gurps"
PAST = GOLDEN / "past"
REGEN = os.environ.get("FRACAS_REGEN_GOLDEN") == "1"
CODEC = Codec(ge.GURPS_EVENTS, {}, PACK.records)

_ROLL = Roll(
    purpose="attack",
    spec="3D6",
    faces=(3, 4, 5),
    source="physical",
    total=12,
    target=13,
    rule="GURPS-SUCCESS-ROLL",
    judged="under",
    margin=1,
    tier="success",
    base=15,
    target_modifiers=(
        Modifier(name="right arm", value=-2, source="location", rule="GURPS-HITLOC-LIMB"),
    ),
    sides=(6, 6, 6),
)
_DAMAGE = Roll(
    purpose="damage",
    spec="1D6+3",
    faces=(4,),
    source="seed",
    total=7,
    rule="GURPS-DAMAGE",
    sides=(6,),
)
_WEAPON = ge.GurpsWeapon(
    name="broadsword",
    skill="broadsword",
    level=15,
    damage=Damage(base="sw", adds=1, type="cut", text="sw+1 cut"),
    dice="1D6+3",
    reach="1",
    parry=0,
)
_PISTOL = ge.GurpsWeapon(
    name="pistol",
    skill="guns",
    level=14,
    damage=Damage(dice=2, type="pi", text="2d pi"),
    dice="2D6",
    acc=2,
    rof=3,
    rof_text="3",
    recoil=2,
    shots=9,
    half_damage=150,
    max=1900,
    bulk=-2,
)
_PROFILE = ge.GurpsProfile(
    name="Sir Aldric",
    kind="pc",
    st=12,
    dx=13,
    iq=10,
    ht=12,
    hp=12,
    fp=12,
    will=10,
    per=10,
    speed_quarters=25,
    basic_move=6,
    sm=0,
    encumbrance=1,
    thrust="1d-1",
    swing="1d+2",
    skills={"broadsword": 15, "shield": 14},
    traits=("combat_reflexes",),
    dr={"all": 4, "skull": 6},
    weapons=(_WEAPON, _PISTOL),
    overridden=("per",),
)

EXAMPLES: list[Event] = [
    ge.ManeuverDeclared(actor="aldric", maneuver="all-out-attack", mode="determined"),
    ge.AttackDeclared(
        actor="vic",
        target="aldric",
        weapon="smg",
        location="skull",
        chink=True,
        rof=5,
        range=10,
        stationary=True,
        mod=-1,
        defend="dodge",
        retreat=True,
        drop=True,
        cover="two_handed",
        through_cover=4,
        behind="bruno",
        blast=("bruno:3",),
        dual="off",
        sight="blind",
        light=True,
        height=-3,
        unseen="aware",
        from_above="watching",
        dropping=3,
    ),
    ge.DefendDeclared(defender="bruno", choice="parry", retreat=True, weapon="club"),
    ge.FeintDeclared(actor="aldric", target="bruno", weapon="broadsword"),
    ge.AimDeclared(actor="vic", target="aldric", weapon="pistol"),
    ge.SurpriseDeclared(kind="total", victims=("bruno", "vic")),
    ge.DisarmDeclared(
        actor="aldric",
        target="bruno",
        weapon="broadsword",
        at="club",
        mod=1,
        defend="parry",
        retreat=True,
    ),
    ge.FighterReadied(combatant="aldric", profile=_PROFILE),
    ge.FighterResheeted(combatant="aldric", profile=_PROFILE, reset=True),
    ge.InitiativeRolled(combatant="aldric", speed_quarters=25, dx=13, roll=_DAMAGE),
    ge.TurnBegan(combatant="aldric", second=2, shock=3),
    ge.ManeuverChosen(combatant="aldric", maneuver="evaluate", target="bruno", weapon="broadsword"),
    ge.PostureChanged(combatant="bruno", posture="prone", rule="GURPS-KNOCKDOWN"),
    ge.SuccessRolled(
        combatant="bruno", what="HT (knockdown)", roll=_ROLL, success=True, rule="GURPS-KNOCKDOWN"
    ),
    ge.ContestRolled(
        active="aldric",
        passive="bruno",
        active_roll=_ROLL,
        passive_roll=_ROLL,
        winner=None,
        margin=0,
        rule="GURPS-FEINT",
    ),
    ge.AimTaken(combatant="vic", weapon="pistol", target="aldric", seconds=2),
    ge.FeintApplied(actor="aldric", target="bruno", penalty=4),
    ge.AttackRolled(
        actor="vic", target="aldric", weapon="smg", roll=_ROLL, hits=3, shots=5, reason="3 of 5 hit"
    ),
    ge.DefenseRolled(
        defender="aldric",
        attacker="vic",
        kind="block",
        roll=_ROLL,
        stopped=1,
        retreat=True,
        weapon="medium shield",
        reason="stops 1 of 3",
    ),
    ge.DefenseDeclined(defender="bruno", attacker="aldric", reason="takes the hit"),
    ge.LocationRolled(target="bruno", roll=_ROLL, location="left_hand", side=_DAMAGE),
    ge.DamageRolled(actor="aldric", target="bruno", roll=_DAMAGE, damage_type="cut", divisor=2),
    ge.InjuryApplied(
        target="bruno",
        location="right_arm",
        basic=9,
        dr=0,
        penetrating=9,
        mult_num=3,
        mult_den=2,
        amount=8,
        before=14,
        after=6,
        shock=4,
        major=True,
        steps=("capped at 8: what cripples the right arm",),
    ),
    ge.Crippled(combatant="bruno", location="right_arm"),
    ge.StunChanged(combatant="bruno", stun="physical", rule="GURPS-KNOCKDOWN"),
    ge.ShotsSpent(combatant="vic", weapon="smg", spent=5, left=25),
    ge.SurpriseApplied(
        combatant="bruno", kind="total", frozen=3, rule="GURPS-SURPRISE-TOTAL", freeze=_DAMAGE
    ),
    ge.SurpriseTurn(combatant="bruno", frozen_left=0, attempt=2, recovered=True),
    ge.WeaponState(combatant="bruno", weapon="club", state="dropped", reason="knocked away"),
    ge.ClearDeclared(actor="vic", weapon="pistol", skill="armoury"),
    ge.MalfunctionRolled(
        combatant="vic",
        weapon="pistol",
        malf=17,
        attack=17,
        roll=_DAMAGE,
        kind="stoppage",
        jam="stoppage",
        step="fix",
        readies=3,
        reason="17 reaches Malf 17: stoppage",
    ),
    ge.WeaponCleared(
        combatant="vic",
        weapon="pistol",
        step="fix",
        done=3,
        readies=3,
        roll=_ROLL,
        success=True,
        jam=None,
        step_now=None,
        reason="cleared: it fires again",
    ),
    ge.CoverChecked(target="bruno", location="torso", exposure="half", roll=_DAMAGE, struck=True),
    ge.Overpenetrated(actor="vic", target="bruno", behind="aldric", basic=11, cover_dr=10),
    ge.SprayDeclared(actor="vic", at=("bruno:5", "aldric:4:2"), defend="dodge", weapon="smg"),
    ge.SuppressDeclared(actor="vic", weapon="smg", shots=12, zone="the doorway"),
    ge.EnterZoneDeclared(victim="bruno", shooter="vic", range=10, defend="dodge"),
    ge.ZoneCovered(combatant="vic", weapon="smg", shots=12, cap=8, zone="the doorway"),
    ge.ZoneFired(shooter="vic", victim="bruno", hits=2, left=10),
    ge.BlastReached(actor="vic", victim="aldric", yards=4, rolled=12, damage=1),
    ge.FragmentsRolled(actor="vic", victim="aldric", yards=4, hits=3, roll=_ROLL),
    ge.GrappleDeclared(
        actor="aldric",
        target="bruno",
        lock="arm",
        location="left_arm",
        mod=-1,
        defend="dodge",
        retreat=True,
    ),
    ge.BreakFreeDeclared(actor="bruno", mod=2),
    ge.LetGoDeclared(actor="aldric", weapon="pick"),
    ge.Grappled(
        holder="aldric", victim="bruno", hold="arm_lock", location="left_arm", rule="GURPS-ARM-LOCK"
    ),
    ge.GrappleEnded(
        holder="aldric", victim="bruno", reason="breaks free by 2", rule="GURPS-GRAPPLE"
    ),
    ge.BreakFreeFailed(victim="bruno", holder="aldric", tries=2),
    ge.FatigueLost(combatant="bruno", amount=1, before=12, after=11, rule="GURPS-CHOKE-HOLD"),
    ge.WeaponStuck(combatant="aldric", weapon="pick", victim="bruno", location="torso", injury=4),
    ge.WeaponPulled(combatant="aldric", weapon="pick", victim="bruno", outcome="free"),
    ge.DualHand(combatant="aldric", weapon="broadsword", hand="main", target="bruno"),
    ge.PartialInitiativeRolled(
        leaders=("aldric", "bruno"), rolls=(_DAMAGE, _DAMAGE), winner="players"
    ),
    ge.GurpsRulingDeclared(combatant="bruno", damage=3, fp=True, rule="GURPS-FATIGUE"),
    ge.Healed(combatant="bruno", pool="hp", amount=3, before=2, after=5, rule="GURPS-HEALING"),
    ge.ReloadDeclared(actor="vic", weapon="pistol"),
    ge.WeaponReloading(combatant="vic", weapon="pistol", done=3, needed=3, shots=10),
]


def _golden_file(tag: str, version: int) -> Path:
    return GOLDEN / f"{tag}@{version}.json"


def _read_body(path: Path) -> str:
    return path.read_text(encoding="utf-8").rstrip("\n")


def _regenerate(tag: str, version: int, body: str) -> None:
    current = _golden_file(tag, version)
    if current.exists() and _read_body(current) != body:
        PAST.mkdir(exist_ok=True)
        n = 1 + sum(1 for _ in PAST.glob(f"{tag}@{version}.*.json"))
        current.rename(PAST / f"{tag}@{version}.{n}.json")
    current.write_text(body + "\n", encoding="utf-8")


def test_every_gurps_event_type_has_an_example() -> None:
    assert sorted(tag_of(type(e)) for e in EXAMPLES) == sorted(tag_of(t) for t in ge.GURPS_EVENTS)


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: tag_of(type(e)))
def test_encoding_matches_the_golden_file(event: Event) -> None:
    tag, version, body = encode(event)
    assert version == CODEC.current[tag]
    if REGEN:
        _regenerate(tag, version, body)
        pytest.skip(f"regenerated {tag}")
    path = _golden_file(tag, version)
    assert path.exists(), f"no golden file {path.name}: run with FRACAS_REGEN_GOLDEN=1"
    assert body == _read_body(path), f"{tag} encodes differently from {path}"


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: tag_of(type(e)))
def test_the_golden_body_decodes_to_the_example(event: Event) -> None:
    tag = tag_of(type(event))
    path = _golden_file(tag, CODEC.current[tag])
    if not path.exists():
        pytest.skip("golden file missing (reported by test_encoding_matches_the_golden_file)")
    assert CODEC.decode(tag, CODEC.current[tag], _read_body(path)) == event


@pytest.mark.parametrize(
    "path",
    sorted(GOLDEN.glob("*@*.json")) + (sorted(PAST.glob("*@*.json")) if PAST.exists() else []),
    ids=lambda p: p.name,
)
def test_every_golden_body_ever_written_still_decodes(path: Path) -> None:
    tag, _, rest = path.name.partition("@")
    event = CODEC.decode(tag, int(rest.split(".")[0]), _read_body(path))
    assert tag_of(type(event)) == tag
