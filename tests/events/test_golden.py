"""Golden encodings: what the log stores for every event type, pinned in tests/events/golden/.

Two promises are checked (DESIGN §3):

* **Old logs replay forever.** Every golden body — the current ones in ``golden/<tag>.json``
  and every superseded one kept in ``golden/past/`` — still decodes, to an event of its tag,
  with every field it had keeping its value.
* **No accidental change.** ``encode`` of the representative instance below gives exactly the
  current golden body, byte for byte.

A deliberate change (a new field with a default) makes the second check fail. Then run::

    FRACAS_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/events/test_golden.py

which rewrites ``golden/<tag>.json`` and moves the body it replaces to ``golden/past/`` (never
deleted), then review the diff. A change that makes a past body fail is a breaking change:
use a new tag or an upcaster (events/upcasts.py) instead.
"""

from __future__ import annotations

import inspect
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from engine.rules.palladium import PACK
from engine.rules.palladium.sheet import PalladiumSheet, Pools, Training
from events import core, palladium
from events.codec import Codec, encode, tag_of
from events.core import (
    CORE_EVENTS,
    ActionHeld,
    CombatantJoined,
    CombatantRemoved,
    CombatantRenamed,
    ConditionChanged,
    CounterDeclared,
    CutInQueued,
    Declaration,
    EncounterStarted,
    Event,
    HoldDeclared,
    HoldEnded,
    InitiativeDeclared,
    InterruptDeclared,
    JoinDeclared,
    Modifier,
    OrderChanged,
    PassDeclared,
    PassStarted,
    PhaseStarted,
    ReactionRequested,
    ReactionResolved,
    ReleaseDeclared,
    RemoveDeclared,
    RenameDeclared,
    ResheetDeclared,
    Roll,
    RoundStarted,
    RulingDeclared,
    SheetReplaced,
    TurnPassed,
    TurnScheduled,
)
from events.palladium import (
    PALLADIUM_EVENTS,
    PALLADIUM_UPCASTS,
    ActDeclared,
    ActionAbandoned,
    ActionCompleted,
    ActionStarted,
    ActivateDeclared,
    ApmSpent,
    ArmorProfile,
    AttacksGained,
    AttacksRefreshed,
    BlowLanded,
    BodyFlipDeclared,
    DamageApplied,
    DamageIgnored,
    DamageRolled,
    DefendDeclared,
    DefenseDeclined,
    DefenseRolled,
    FighterReadied,
    FighterResheeted,
    Healed,
    InitiativeLost,
    InitiativeRolled,
    InterruptRolled,
    LiveGrenade,
    MeleeRoundDeclared,
    MissileProfile,
    PalladiumOptions,
    PalladiumRulingDeclared,
    ParryLimitReset,
    PowerPunchDeclared,
    Profile,
    PullRolled,
    ShootDeclared,
    StrikeDeclared,
    StrikeDetail,
    StrikeRolled,
    SurpriseDeclared,
    TurnBegan,
    Volley,
    WeaponProfile,
    afflictions,
    damage,
    declarations,
    grapples,
    guns,
    setbacks,
)

GOLDEN = Path(__file__).parent / "golden"
PAST = GOLDEN / "past"
REGEN = os.environ.get("FRACAS_REGEN_GOLDEN") == "1"
CODEC = Codec(PALLADIUM_EVENTS, PALLADIUM_UPCASTS, PACK.records)
#: Past bodies that were written by hand for this file and never could stand in a log: the
#: sheet of this join lacks the hand-to-hand section every Palladium sheet has, so only a
#: codec that does not type the pack's records reads it.
HAND_MADE = {"core.join_declared@1.1.json"}
PLAIN = Codec(PALLADIUM_EVENTS, PALLADIUM_UPCASTS)

_STRIKE_BONUS = Modifier(name="Hand to Hand: Expert level 3", value=2, source="hand_to_hand")
_PP_BONUS = Modifier(name="P.P. 16", value=1, source="sheet", rule="PAL-STRIKE-BONUS-MELEE")
_STRIKE_ROLL = Roll(
    purpose="strike",
    spec="1D20",
    faces=(14,),
    source="seed",
    modifiers=(_STRIKE_BONUS, _PP_BONUS),
    total=17,
    target=5,
    rule="PAL-STRIKE-ROLL",
    margin=12,
    sides=(20,),
)
_DAMAGE_ROLL = Roll(
    purpose="damage",
    spec="1D6x10",
    faces=(4,),
    source="physical",
    modifiers=(
        Modifier(name="P.S. 20", value=5, source="sheet", rule="PAL-DMG-PS-BONUS"),
        Modifier(name="power punch", value=2, source="rules", rule="PAL-DMG-POWER", op="mul"),
    ),
    total=90,
    rule="PAL-DMG-BASE-TABLE",
    sides=(6,),
)
_SHOT_ROLL = Roll(
    purpose="strike",
    spec="1D20",
    faces=(20,),
    source="seed",
    modifiers=(
        Modifier(
            name="W.P. Energy Pistol level 3",
            value=2,
            source="sheet",
            rule="PAL-STRIKE-WP-PROGRESSION",
        ),
        Modifier(name="aimed shot", value=2, source="rules", rule="PAL-STRIKE-CALLED"),
    ),
    total=24,
    target=8,
    rule="PAL-STRIKE-RANGED-TARGET",
    margin=16,
    sides=(20,),
)
_HOLD_TRIGGER = "the brodkil comes through the door"

#: One representative instance of every event type, optional fields set away from defaults.
EXAMPLES: list[Event] = [
    EncounterStarted(
        name="bar-fight",
        seed=7,
        system="palladium",
        rules_version=3,
        variant="house",
        options=PalladiumOptions(nat1_always_misses=False, destroyed_mdc_armor="stops_7_or_less"),
    ),
    JoinDeclared(
        combatant="marcus-kell",
        side="players",
        sheet=PalladiumSheet(
            name="Marcus Kell",
            kind="pc",
            pools=Pools(hp=30, sdc=35),
            hand_to_hand=Training(style="expert", level=3),
        ),
        source_file="examples/sheets/marcus_kell.toml",
    ),
    RulingDeclared(
        text="the brodkil slips on the spilled beer",
        rule="PAL-COND-KNOCKDOWN",
        combatant="brodkil",
        damage=3,
        heal=1,
        condition="prone",
        rounds=2,
        end_condition="stunned",
    ),
    PalladiumRulingDeclared(
        text="knocked down",
        rule="PAL-COND-KNOCKDOWN",
        combatant="brodkil",
        damage=2,
        lose_initiative=True,
        lose_attacks=1,
        gain_attacks=2,
        mega=True,
        break_action=True,
    ),
    CombatantJoined(combatant="brodkil", name="Brodkil Raider", side="opponents", kind="npc"),
    RoundStarted(
        round=2,
        order=("ilsa", "bandit"),
        passes=1,
        label="surprise",
        timed=True,
        at={"ilsa": 15, "bandit": 12},
        phase="intent",
    ),
    PhaseStarted(round=2, phase="powers"),
    TurnScheduled(combatant="ilsa", at=10, reason="draws a sword (5 ranks)"),
    PassStarted(round=2, number=2),
    OrderChanged(
        order=("marcus-kell", "brodkil"),
        reason="Brodkil Raider lost initiative (PAL-HR-LOSE-INIT)",
    ),
    CutInQueued(combatant="marcus-kell"),
    TurnPassed(to="marcus-kell", cut_in=True, resumed=True, turn_over=True, at=12),
    ConditionChanged(
        combatant="brodkil",
        condition="knocked down",
        present=True,
        rule="PAL-COND-KNOCKDOWN",
        rounds=2,
        last_round=3,
    ),
    ReactionRequested(
        actor="brodkil",
        reactor="marcus-kell",
        kind="defense",
        detail=StrikeDetail(
            action="volley",
            weapon="pod",
            total=21,
            natural=18,
            purpose="volley",
            target="marcus-kell",
            volley=Volley(
                missile=MissileProfile(
                    name="mini-missile", type="mini", damage="5D6", blast_radius=5, mdc=1, count=8
                ),
                launched=4,
                left=2,
                radius=15,
                shot_at=1,
                caught=("vance",),
            ),
        ),
    ),
    ReactionResolved(reactor="marcus-kell"),
    RemoveDeclared(combatant="brodkil-2"),
    CombatantRemoved(combatant="brodkil-2"),
    RenameDeclared(combatant="brodkil", name="Brodkil the Elder"),
    CombatantRenamed(combatant="brodkil", name="Brodkil the Elder"),
    InitiativeDeclared(),
    MeleeRoundDeclared(
        ambush=("brodkil",), unseen=("cs-grunt-vance",), long_range=("marcus-kell",)
    ),
    SurpriseDeclared(attackers=("brodkil", "cs-grunt-vance"), aware=("marcus-kell",)),
    StrikeDeclared(actor="marcus-kell", target="brodkil", weapon="vibro-knife", defend="parry"),
    PowerPunchDeclared(actor="brodkil", target="marcus-kell", kick=True, defend="dodge"),
    ShootDeclared(
        actor="marcus-kell",
        target="brodkil",
        weapon="pistol",
        aimed=True,
        called="head",
        range=300,
        defend="dodge",
    ),
    ActDeclared(actor="brodkil", note="Mind Block against the psi-stalker", cost=2, psionic=True),
    PassDeclared(actor="marcus-kell"),
    HoldDeclared(actor="marcus-kell", trigger=_HOLD_TRIGGER),
    ReleaseDeclared(actor="marcus-kell"),
    InterruptDeclared(actor="marcus-kell", allowed=True, breaks=True, against="brodkil"),
    CounterDeclared(actor="marcus-kell"),
    DefendDeclared(defender="marcus-kell", choice="simultaneous", weapon="survival knife"),
    FighterReadied(
        combatant="marcus-kell",
        profile=Profile(
            name="Marcus Kell",
            kind="pc",
            style="expert",
            level=3,
            attacks=(
                Modifier(name="Hand to Hand: Expert level 3", value=4, source="hand_to_hand"),
                Modifier(
                    name="robot / power armor attacks (the machine only)",
                    value=1,
                    source="sheet",
                    rule="PAL-HR-APM-RPA",
                ),
            ),
            strike=(_STRIKE_BONUS,),
            parry=(Modifier(name="sheet bonus", value=1, source="sheet"),),
            dodge=(Modifier(name="sheet bonus", value=1, source="sheet"),),
            dodge_sheet=(Modifier(name="P.P. 16", value=1, source="sheet"),),
            initiative=(Modifier(name="Hand to Hand: Expert level 3", value=1, source="rules"),),
            damage=(Modifier(name="P.S. 20", value=5, source="sheet"),),
            roll=(Modifier(name="roll with impact", value=1, source="sheet"),),
            crit_min=18,
            moves=("kick", "power punch"),
            trained=True,
            auto_dodge=True,
            punch="1D6",
            kick="2D4",
            unarmed_mega=True,
            weapons=(
                WeaponProfile(
                    name="vibro-knife",
                    kind="melee",
                    damage="1D6",
                    mega_damage=True,
                    strike=1,
                    parry=1,
                ),
                WeaponProfile(
                    name="pistol",
                    kind="ranged",
                    damage="2D6",
                    range=800,
                    wp="energy_pistol",
                    wp_level=3,
                    wp_strike=2,
                ),
                WeaponProfile(
                    name="forearm blaster",
                    kind="ranged",
                    damage="3D6",
                    mega_damage=True,
                    range=1000,
                    machine=True,
                ),
            ),
            hp=30,
            sdc=35,
            mdc=12,
            pe=14,
            ps_type="augmented",
            armor=ArmorProfile(name="Urban Warrior", mdc=50, sdc=20, ar=12),
            auto_dodge_bonus=(Modifier(name="P.P. 16", value=1, source="sheet"),),
            strike_guns=(Modifier(name="Assassin level 8", value=1, source="hand_to_hand"),),
            apm_sources={"hand_to_hand": 4, "machine": 1},
            weapon_proficiencies={"energy_pistol": 3},
            spd=22,
        ),
    ),
    InitiativeRolled(combatant="brodkil", roll=_STRIKE_ROLL, attempt=2, lost=True),
    AttacksRefreshed(combatant="marcus-kell", apm=0, repaid=5, owed=1, passes=(0, 0, 0), credit=1),
    ActionStarted(
        actor="marcus-kell",
        action="aimed called shot",
        target="brodkil",
        cost=3,
        kick=True,
        defend="dodge",
        weapon="pistol",
        aimed=True,
        called="head",
        range=300,
        note="braced on the bar",
    ),
    ActionAbandoned(actor="brodkil", action="power_punch", reason="out of attacks"),
    ApmSpent(
        combatant="marcus-kell",
        amount=3,
        on="dodge",
        rule="PAL-HR-DEF-OVERDRAFT",
        owed=1,
        later=(1, 1),
        ledger={"hand_to_hand": 2},
        turn=True,
    ),
    AttacksGained(
        combatant="marcus-kell",
        amount=1,
        into="pass",
        pass_number=3,
        rule="PAL-HR-APM-GAIN-LOSE",
        reason="the brodkil's ruling: a second wind",
    ),
    TurnBegan(combatant="marcus-kell", round=2, pass_number=2, apm=2, vanished=1),
    InitiativeLost(
        combatant="brodkil",
        when="now",
        rule="PAL-HR-LOSE-INIT",
        reason="slipped on the spilled beer",
    ),
    ActionHeld(combatant="marcus-kell", trigger=_HOLD_TRIGGER),
    HoldEnded(combatant="marcus-kell", released=True, reason=f"trigger: {_HOLD_TRIGGER}"),
    InterruptRolled(
        interrupter="marcus-kell",
        against="brodkil",
        roll=Roll(
            purpose="interrupt",
            spec="1D100",
            faces=(61,),
            source="seed",
            modifiers=(Modifier(name="Spd", value=22, source="sheet", rule="PAL-HR-INTERRUPT"),),
            total=83,
            rule="PAL-HR-INTERRUPT",
            sides=(100,),
        ),
        against_roll=Roll(
            purpose="interrupt",
            spec="1D100",
            faces=(47,),
            source="physical",
            modifiers=(Modifier(name="Spd", value=14, source="sheet", rule="PAL-HR-INTERRUPT"),),
            total=61,
            rule="PAL-HR-INTERRUPT",
            sides=(100,),
        ),
        wins=True,
    ),
    ActionCompleted(actor="brodkil", action="psionic", note="Mind Block against the psi-stalker"),
    Healed(target="marcus-kell", pool="hp", amount=6, before=12, after=18, rule="GM ruling"),
    StrikeRolled(
        actor="marcus-kell",
        target="brodkil",
        action="aimed called shot",
        weapon="pistol",
        roll=_SHOT_ROLL,
        natural=20,
        hits=True,
        critical=True,
        reason="a natural 20 hits the called head (PAL-STRIKE-NAT20)",
        called="head",
        location="head",
    ),
    DefenseRolled(
        defender="brodkil",
        attacker="marcus-kell",
        kind="parry",
        roll=_STRIKE_ROLL,
        success=False,
        reason="17 does not beat 17",
    ),
    PullRolled(actor="marcus-kell", target="brodkil", roll=_STRIKE_ROLL, limit=1, success=True),
    ActivateDeclared(actor="marcus-kell", choice="knockout"),
    BodyFlipDeclared(actor="marcus-kell", target="brodkil", defend="dodge"),
    grapples.GrappleDeclared(actor="marcus-kell", target="brodkil", hold="arm", defend="none"),
    grapples.EscapeDeclared(actor="brodkil"),
    grapples.ReleaseHoldDeclared(actor="marcus-kell"),
    grapples.FreeDeclared(actor="brodkil"),
    grapples.BodyBlockDeclared(actor="brodkil", target="marcus-kell", defend="roll"),
    grapples.DisarmDeclared(actor="marcus-kell", target="brodkil", weapon="club"),
    grapples.PickUpDeclared(actor="brodkil", weapon="club"),
    grapples.HoldTaken(holder="marcus-kell", victim="brodkil", hold="neck"),
    grapples.HoldReleased(holder="marcus-kell", victim="brodkil", reason="Brodkil broke free"),
    grapples.ContestRolled(
        kind="escape",
        actor="brodkil",
        against="marcus-kell",
        roll=_STRIKE_ROLL,
        opposed=_STRIKE_ROLL,
        success=False,
        reason="17 vs 17; a tie keeps the hold (option hold_escape_ties)",
    ),
    grapples.Entangled(entangler="marcus-kell", victim="brodkil", total=17, roll=_STRIKE_ROLL),
    grapples.EntangleEnded(entangler="marcus-kell", victim="brodkil", reason="pulled free"),
    grapples.WeaponDropped(
        actor="marcus-kell", target="brodkil", weapon="club", rule="PAL-DEF-DISARM"
    ),
    grapples.WeaponPickedUp(actor="brodkil", weapon="club"),
    afflictions.RecoverDeclared(combatant="brodkil", care="doctor"),
    guns.ReloadDeclared(actor="marcus-kell", weapon="laser pistol"),
    guns.ShotsSpent(actor="marcus-kell", weapon="laser pistol", shots=1, left=9),
    guns.Reloaded(actor="marcus-kell", weapon="laser pistol", shots=10),
    guns.LaunchDeclared(
        actor="marcus-kell",
        target="brodkil",
        missiles=4,
        launcher="pod",
        range=900,
        caught=("vance",),
        defend="none",
    ),
    guns.MissilesSpent(actor="marcus-kell", missile="mini-missile", count=4, left=4),
    guns.DrawDeclared(actor="marcus-kell", weapon="vibro-knife", cost=3),
    guns.ThrowDeclared(
        actor="marcus-kell", target="brodkil", weapon="vibro-knife", range=20, defend="parry"
    ),
    guns.CoverDeclared(actor="cs-grunt-vance", attacks=2, weapon="rifle"),
    guns.CoverOpened(actor="cs-grunt-vance", weapon="rifle", rolls=(_STRIKE_ROLL, _STRIKE_ROLL)),
    guns.CoverEnded(actor="cs-grunt-vance", reason="his turn came round"),
    guns.WeaponDamaged(
        target="cs-grunt-vance", weapon="C-12 laser rifle", amount=8, before=20, after=12
    ),
    guns.CrossDeclared(actor="brodkil", through="cs-grunt-vance", dodge=True, in_cover=False),
    guns.GrenadeArmed(
        actor="marcus-kell",
        grenade=LiveGrenade(
            target="brodkil",
            weapon="frag grenade",
            total=14,
            natural=12,
            hits=True,
            caught=("vance",),
        ),
    ),
    guns.GrenadeExploded(
        actor="marcus-kell",
        target="brodkil",
        weapon="frag grenade",
        how="radius",
        reason="it scatters 2 yd (6 ft), within its 20 ft: half",
        rolls=(_DAMAGE_ROLL, _DAMAGE_ROLL),
    ),
    guns.WeaponDrawn(actor="marcus-kell", weapon="vibro-knife", stowed="pack"),
    guns.VolleyThinned(
        defender="brodkil",
        destroyed=2,
        left=2,
        reason="62: one more goes up",
        rule="PAL-MSL-SHOOT-DOWN",
        wounded=0,
        rolls=(_DAMAGE_ROLL, _STRIKE_ROLL),
    ),
    afflictions.HorrorSaved(
        combatant="marcus-kell", creature="brodkil", roll=_STRIKE_ROLL, success=True
    ),
    setbacks.NaturalOneSetback(
        actor="marcus-kell", action="strike", weapon="vibro-knife", hits=True
    ),
    afflictions.RecoveryRolled(
        combatant="brodkil",
        care="doctor",
        chance=46,
        rolls=(_DAMAGE_ROLL, _DAMAGE_ROLL, _DAMAGE_ROLL),
        stabilized=True,
    ),
    grapples.BalanceRolled(
        actor="brodkil",
        target="marcus-kell",
        roll=_DAMAGE_ROLL,
        chance=50,
        fell=True,
        reason="12 against a knockdown chance of 50 %",
        rule="PAL-DMG-BODYBLOCK",
    ),
    BlowLanded(
        actor="marcus-kell",
        target="brodkil",
        blow="knockout",
        rule="PAL-DMG-KO",
        roll=_DAMAGE_ROLL,
        note="dazed for 3 melee rounds",
    ),
    ParryLimitReset(combatant="brodkil"),
    DefenseDeclined(defender="brodkil", attacker="marcus-kell", reason="no attacks left"),
    DamageRolled(actor="brodkil", target="marcus-kell", roll=_DAMAGE_ROLL, unit="MD"),
    DamageApplied(
        target="marcus-kell", pool="armor", amount=10, before=50, after=40, rule="PAL-DMG-MDC-ARMOR"
    ),
    DamageIgnored(
        target="brodkil",
        amount=6,
        unit="SDC",
        reason="S.D.C. against M.D.C.",
        rule="PAL-DMG-SDC-VS-MDC",
    ),
]

#: A new sheet mid-fight (``fracas resheet``): the join's sheet and profile again.
_JOIN = next(e for e in EXAMPLES if isinstance(e, JoinDeclared))
_READIED = next(e for e in EXAMPLES if isinstance(e, FighterReadied))
EXAMPLES += [
    ResheetDeclared(
        combatant="marcus-kell",
        sheet=_JOIN.sheet,
        source_file="sheets/marcus_fixed.toml",
        reset=True,
    ),
    SheetReplaced(combatant="marcus-kell", kind="npc", reset=True),
    FighterResheeted(combatant="marcus-kell", profile=_READIED.profile, reset=True),
]


def _golden_file(tag: str, version: int) -> Path:
    return GOLDEN / f"{tag}@{version}.json"


def _tag_and_version(path: Path) -> tuple[str, int]:
    """``core.turn_passed@1.json`` or ``past/core.turn_passed@1.2.json`` -> (tag, version)."""
    tag, _, rest = path.name.partition("@")
    return tag, int(rest.split(".")[0])


def _read_body(path: Path) -> str:
    return path.read_text(encoding="utf-8").rstrip("\n")


def _regenerate(tag: str, version: int, body: str) -> None:
    current = _golden_file(tag, version)
    for old in sorted(GOLDEN.glob(f"{tag}@*.json")):
        if old != current or _read_body(old) != body:
            PAST.mkdir(exist_ok=True)
            _, old_version = _tag_and_version(old)
            n = 1 + sum(1 for _ in PAST.glob(f"{tag}@{old_version}.*.json"))
            old.rename(PAST / f"{tag}@{old_version}.{n}.json")
    current.write_text(body + "\n", encoding="utf-8")


def test_every_event_type_has_an_example() -> None:
    assert sorted(tag_of(type(e)) for e in EXAMPLES) == sorted(
        tag_of(t) for t in (*CORE_EVENTS, *PALLADIUM_EVENTS)
    )


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: tag_of(type(e)))
def test_encoding_matches_the_golden_file(event: Event) -> None:
    tag, version, body = encode(event)
    assert version == CODEC.current[tag]
    if REGEN:
        _regenerate(tag, version, body)
        pytest.skip(f"regenerated {tag}")
    path = _golden_file(tag, version)
    assert path.exists(), f"no golden file {path.name}: run with FRACAS_REGEN_GOLDEN=1"
    assert body == _read_body(path), (
        f"{tag} encodes differently from {path}. If the change is deliberate and additive, "
        "regenerate (see this module's docstring); otherwise it breaks old logs."
    )


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: tag_of(type(e)))
def test_the_golden_body_decodes_to_the_example(event: Event) -> None:
    tag = tag_of(type(event))
    version = CODEC.current[tag]
    path = _golden_file(tag, version)
    if not path.exists():
        pytest.skip("golden file missing (reported by test_encoding_matches_the_golden_file)")
    assert CODEC.decode(tag, version, _read_body(path)) == event


def _same_values(old: Any, new: Any, where: str) -> None:
    """Every key the old body had still holds the same value (new keys may be added)."""
    if isinstance(old, dict):
        assert isinstance(new, dict), where
        for key, value in old.items():
            assert key in new, f"{where}.{key} disappeared"
            _same_values(value, new[key], f"{where}.{key}")
    elif isinstance(old, list):
        assert isinstance(new, list) and len(new) == len(old), where
        for i, (a, b) in enumerate(zip(old, new, strict=True)):
            _same_values(a, b, f"{where}[{i}]")
    else:
        assert old == new, f"{where}: {old!r} became {new!r}"


def _all_golden() -> list[Path]:
    past = sorted(PAST.glob("*@*.json")) if PAST.exists() else []
    return [*sorted(GOLDEN.glob("*@*.json")), *past]


def test_there_are_golden_files() -> None:
    assert len(list(GOLDEN.glob("*@*.json"))) >= len(EXAMPLES)


@pytest.mark.parametrize("path", _all_golden(), ids=lambda p: p.name)
def test_every_golden_body_ever_written_still_decodes(path: Path) -> None:
    """Current and past bodies decode to an event of their tag (or of the tag a retired one
    became); a body of the current version keeps every value it had (a field's meaning never
    changes)."""
    tag, version = _tag_and_version(path)
    body = _read_body(path)
    codec = PLAIN if path.name in HAND_MADE else CODEC
    event = codec.decode(tag, version, body)
    if CODEC.current.get(tag) == version:
        assert tag_of(type(event)) == tag
        _same_values(json.loads(body), json.loads(encode(event)[2]), tag)
    else:  # upcast: to the step's tag, or to the one it chose from the body
        assert (tag, version) in CODEC.upcasts


# --- tags ----------------------------------------------------------------------------------


def _event_classes(*modules: object) -> list[type[Event]]:
    return [
        cls
        for module in modules
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, Event)
        and cls not in (Event, Declaration, core.Notice)
        and cls.__module__ == getattr(module, "__name__", "")
    ]


@pytest.mark.parametrize(
    ("modules", "registered", "prefix"),
    [
        ((core,), CORE_EVENTS, "core"),
        (
            (palladium, declarations, grapples, afflictions, damage, guns, setbacks),
            PALLADIUM_EVENTS,
            "palladium",
        ),
    ],
    ids=["core", "palladium"],
)
def test_every_event_class_is_registered_with_an_explicit_namespaced_tag(
    modules: tuple[object, ...], registered: tuple[type[Event], ...], prefix: str
) -> None:
    classes = _event_classes(*modules)
    assert sorted(c.__name__ for c in classes) == sorted(c.__name__ for c in registered)
    for cls in classes:
        config = cls.__struct_config__
        assert config.tag_field == "type", cls
        assert config.frozen, cls
        tag = config.tag
        assert isinstance(tag, str), f"{cls.__name__} has no tag"
        assert tag != cls.__name__, f"{cls.__name__}: the tag must be explicit, not the name"
        assert re.fullmatch(rf"{prefix}\.[a-z][a-z0-9_]*", tag), f"{cls.__name__}: {tag!r}"


def test_tags_are_unique() -> None:
    tags = [tag_of(t) for t in (*CORE_EVENTS, *PALLADIUM_EVENTS)]
    assert len(tags) == len(set(tags))


def test_declarations_are_named_declared() -> None:
    """Inputs are ``…Declared``; outcomes are past-tense facts. EncounterStarted is the root
    ply's declaration and keeps its historical name."""
    for cls in (*CORE_EVENTS, *PALLADIUM_EVENTS):
        if cls is EncounterStarted:
            assert issubclass(cls, Declaration)
            continue
        assert issubclass(cls, Declaration) == cls.__name__.endswith("Declared"), cls
