"""A GURPS fight through the public Table API with forced dice, for the rule tests.

Every roll of a command must come from the faces the test gives (``physical=``, the API behind
``--dice``): a 3d6 roll is three faces, in the order rolled, so no outcome depends on the seed.
Sheets are built here as data (``sheet(...)``) and written to the test's folder.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from engine.table import PlyResult, Table
from events.core import Declaration, Event, InitiativeDeclared, PassDeclared, Roll
from events.gurps import (
    AimDeclared,
    AttackDeclared,
    DefendDeclared,
    FeintDeclared,
    ManeuverDeclared,
)

E = TypeVar("E", bound=Event)


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def one(events: Sequence[Event], kind: type[E]) -> E:
    """The single event of a type (fails if there are none or several)."""
    found = of(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


def sheet(name: str, **over: Any) -> dict[str, Any]:
    """A plain fighter: ST 10 DX 10 IQ 10 HT 10, broadsword 12, no armor; ``over`` replaces
    or merges sections."""
    data: dict[str, Any] = {
        "name": name,
        "kind": "npc",
        "attributes": {"st": 10, "dx": 10, "iq": 10, "ht": 10},
        "skills": {"broadsword": 12},
        "weapons": [
            {
                "name": "broadsword",
                "skill": "broadsword",
                "damage": "sw+1 cut",
                "reach": "1",
                "parry": 0,
            }
        ],
    }
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    return data


PISTOL = {
    "name": "pistol",
    "skill": "guns",
    "damage": "2d pi",
    "acc": 2,
    "rof": "3",
    "recoil": 2,
    "shots": 9,
    "half_damage": 150,
    "max": 1900,
}
SMG = {**PISTOL, "name": "smg", "acc": 3, "rof": "13!", "shots": 30}
SHIELD = {"name": "shield", "skill": "shield", "damage": "thr cr", "reach": "1", "db": 2}


def faces(r: Roll | None) -> tuple[int, ...]:
    """A roll's faces."""
    assert r is not None
    return r.faces


class Fight:
    """One GURPS encounter in a fresh file, driven like the CLI drives it."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.table = Table(tmp / "f.db")

    def new(self, **options: Any) -> Fight:
        self.table.new("test", 1, system="gurps", options=options)
        return self

    def add(self, cid: str, data: dict[str, Any], side: str | None = None) -> None:
        path = self.tmp / f"{cid}.json"
        path.write_text(json.dumps(data))
        self.table.add(path, cid=cid, side=side or cid)

    def declare(self, declaration: Declaration, rolled: Sequence[int] = ()) -> PlyResult:
        result = self.table.declare(declaration, physical=tuple(rolled))
        for e in result.events:
            for name in ("roll", "active_roll", "passive_roll", "side"):
                r = getattr(e, name, None)
                if isinstance(r, Roll) and r.faces:
                    assert r.source == "physical", f"a seeded die was rolled: {e}"
        return result

    def start(self, *rolled: int) -> PlyResult:
        """``fracas initiative``: the sequence is set, the first turn begins."""
        return self.declare(InitiativeDeclared(), rolled)

    def attack(self, actor: str, target: str, *rolled: int, **kw: Any) -> PlyResult:
        return self.declare(AttackDeclared(actor=actor, target=target, **kw), rolled)

    def defend(self, defender: str, choice: str, *rolled: int, **kw: Any) -> PlyResult:
        return self.declare(DefendDeclared(defender=defender, choice=choice, **kw), rolled)  # type: ignore[arg-type]

    def maneuver(self, actor: str, maneuver: str, *rolled: int, **kw: Any) -> PlyResult:
        return self.declare(ManeuverDeclared(actor=actor, maneuver=maneuver, **kw), rolled)  # type: ignore[arg-type]

    def feint(self, actor: str, target: str, *rolled: int, **kw: Any) -> PlyResult:
        return self.declare(FeintDeclared(actor=actor, target=target, **kw), rolled)

    def aim(self, actor: str, *rolled: int, **kw: Any) -> PlyResult:
        return self.declare(AimDeclared(actor=actor, **kw), rolled)

    def next(self, *rolled: int) -> PlyResult:
        return self.declare(PassDeclared(), rolled)

    def status(self) -> dict[str, Any]:
        return self.table.status()

    def who(self, cid: str) -> dict[str, Any]:
        """One combatant's entry in the status document."""
        return next(c for c in self.status()["combatants"] if c["id"] == cid)


def gunfight(tmp: Path, weapon: dict[str, Any], skill: str = "guns", **options: Any) -> Fight:
    """``a`` (DX 12, HT 11, ``skill`` 12, ``weapon``) acts first; ``b`` and ``c`` (plain
    fighters, one side) after him: the ranged situational rules' tests."""
    fight = Fight(tmp).new(**options)
    a = sheet("A", attributes={"dx": 12, "ht": 11}, skills={skill: 12}, weapons=[weapon])
    fight.add("a", a)
    fight.add("b", sheet("B"))
    fight.add("c", sheet("C"), side="b")
    fight.start(1, 1, 1)
    return fight


@pytest.fixture
def fight(tmp_path: Path) -> Fight:
    """A GURPS fight in a fresh file; start it with ``fight.new(**options)``."""
    return Fight(tmp_path)


@pytest.fixture
def duel(fight: Fight) -> Fight:
    """``a`` (DX 12, HT 11: Basic Speed 5.75, broadsword 12) and ``b`` (the plain fighter,
    Basic Speed 5): ``a`` acts first, his turn begun."""
    fight.new()
    fight.add("a", sheet("A", attributes={"dx": 12, "ht": 11}))
    fight.add("b", sheet("B"))
    fight.start(1, 1)
    return fight
