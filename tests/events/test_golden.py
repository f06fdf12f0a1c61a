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

from events import core, palladium
from events.codec import Codec, encode, tag_of
from events.core import (
    CORE_EVENTS,
    CombatantJoined,
    ConditionChanged,
    Declaration,
    EncounterStarted,
    Event,
    JoinDeclared,
    Modifier,
    ReactionRequested,
    ReactionResolved,
    Roll,
    RoundStarted,
    RulingDeclared,
    TurnPassed,
)
from events.palladium import (
    PALLADIUM_EVENTS,
    ActionAbandoned,
    ActionStarted,
    ApmSpent,
    ArmorProfile,
    AttacksRefreshed,
    DamageApplied,
    DamageIgnored,
    DamageRolled,
    DefendDeclared,
    DefenseDeclined,
    DefenseRolled,
    FighterReadied,
    InitiativeDeclared,
    InitiativeRolled,
    PowerPunchDeclared,
    Profile,
    StrikeDeclared,
    StrikeRolled,
    WeaponProfile,
)
from events.upcasts import CURRENT_VERSION

GOLDEN = Path(__file__).parent / "golden"
PAST = GOLDEN / "past"
REGEN = os.environ.get("FRACAS_REGEN_GOLDEN") == "1"
CODEC = Codec(PALLADIUM_EVENTS)

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
)
_DAMAGE_ROLL = Roll(
    purpose="damage",
    spec="1D6x10",
    faces=(4,),
    source="physical",
    modifiers=(
        Modifier(name="P.S. 20", value=5, source="sheet", rule="PAL-DMG-PS"),
        Modifier(name="power punch", value=2, source="rules", rule="PAL-DMG-POWER", op="mul"),
    ),
    total=90,
    rule="PAL-DMG-ROLL",
)

#: One representative instance of every event type, optional fields set away from defaults.
EXAMPLES: list[Event] = [
    EncounterStarted(
        name="bar-fight",
        seed=7,
        system="palladium",
        rules_version=3,
        variant="house",
        options={"nat1_always_misses": True, "destroyed_mdc_armor": "no_protection"},
    ),
    JoinDeclared(
        combatant="marcus-kell",
        side="players",
        sheet={"name": "Marcus Kell", "kind": "pc", "pools": {"hp": 30, "sdc": 35}},
        source_file="examples/sheets/marcus_kell.toml",
    ),
    RulingDeclared(text="the table counts as cover", rule="PAL-GM-COVER"),
    CombatantJoined(combatant="brodkil", name="Brodkil Raider", side="opponents", kind="npc"),
    RoundStarted(round=2, order=("brodkil", "marcus-kell")),
    TurnPassed(to="marcus-kell"),
    ConditionChanged(combatant="marcus-kell", condition="coma", present=True, rule="PAL-HP-COMA"),
    ReactionRequested(
        actor="brodkil",
        reactor="marcus-kell",
        kind="defense",
        detail={"action": "strike", "total": 21, "natural": 18, "weapon": None},
    ),
    ReactionResolved(reactor="marcus-kell"),
    InitiativeDeclared(),
    StrikeDeclared(actor="marcus-kell", target="brodkil", weapon="vibro-knife", defend="parry"),
    PowerPunchDeclared(actor="brodkil", target="marcus-kell", kick=True, defend="dodge"),
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
                WeaponProfile(name="pistol", kind="ranged", damage="2D6"),
            ),
            hp=30,
            sdc=35,
            mdc=12,
            pe=14,
            ps_type="augmented",
            armor=ArmorProfile(name="Urban Warrior", mdc=50, sdc=20, ar=12),
            auto_dodge_bonus=(Modifier(name="P.P. 16", value=1, source="sheet"),),
            strike_guns=(Modifier(name="Assassin level 8", value=1, source="hand_to_hand"),),
        ),
    ),
    InitiativeRolled(combatant="brodkil", roll=_STRIKE_ROLL, attempt=2),
    AttacksRefreshed(combatant="marcus-kell", apm=3, repaid=1, owed=1),
    ActionStarted(
        actor="brodkil",
        action="power_punch",
        target="marcus-kell",
        cost=2,
        kick=True,
        defend="none",
    ),
    ActionAbandoned(actor="brodkil", action="power_punch", reason="out of attacks"),
    ApmSpent(combatant="marcus-kell", amount=1, on="dodge", rule="PAL-DEF-DODGE", owed=1),
    StrikeRolled(
        actor="marcus-kell",
        target="brodkil",
        action="strike",
        weapon="vibro-knife",
        roll=_STRIKE_ROLL,
        natural=14,
        hits=True,
        critical=True,
        reason="total 17 reaches 5",
    ),
    DefenseRolled(
        defender="brodkil",
        attacker="marcus-kell",
        kind="parry",
        roll=_STRIKE_ROLL,
        success=False,
        reason="17 does not beat 17",
    ),
    DefenseDeclined(defender="brodkil", attacker="marcus-kell", reason="no attacks left"),
    DamageRolled(actor="brodkil", target="marcus-kell", roll=_DAMAGE_ROLL, unit="MD"),
    DamageApplied(
        target="marcus-kell", pool="armor", amount=10, before=50, after=40, rule="PAL-DMG-ARMOR"
    ),
    DamageIgnored(
        target="brodkil", amount=6, unit="SDC", reason="S.D.C. against M.D.C.", rule="PAL-DMG-MDC"
    ),
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
    assert version == CURRENT_VERSION.get(tag, 1)
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
    version = CURRENT_VERSION.get(tag, 1)
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
    """Current and past bodies decode to an event of their tag; a body of the current version
    keeps every value it had (a field's meaning never changes)."""
    tag, version = _tag_and_version(path)
    body = _read_body(path)
    event = CODEC.decode(tag, version, body)
    assert tag_of(type(event)) == tag
    if version == CURRENT_VERSION.get(tag, 1):
        _same_values(json.loads(body), json.loads(encode(event)[2]), tag)


# --- tags ----------------------------------------------------------------------------------


def _event_classes(module: object) -> list[type[Event]]:
    return [
        cls
        for _, cls in inspect.getmembers(module, inspect.isclass)
        if issubclass(cls, Event)
        and cls not in (Event, Declaration)
        and cls.__module__ == getattr(module, "__name__", "")
    ]


@pytest.mark.parametrize(
    ("module", "registered", "prefix"),
    [(core, CORE_EVENTS, "core"), (palladium, PALLADIUM_EVENTS, "palladium")],
    ids=["core", "palladium"],
)
def test_every_event_class_is_registered_with_an_explicit_namespaced_tag(
    module: object, registered: tuple[type[Event], ...], prefix: str
) -> None:
    classes = _event_classes(module)
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
