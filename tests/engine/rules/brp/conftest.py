"""A Basic Roleplaying fight through the public Table API with forced dice, for the rule tests.

Every roll of a command must come from the faces the test gives (``physical=``, the API behind
``--dice``), so no outcome depends on the seed. d100 faces are 1..100 (100 for 00); damage
dice follow in the order written.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from engine.table import PlyResult, Table
from events.brp import (
    AttackDeclared,
    DefendDeclared,
    DrawDeclared,
    IntentDeclared,
    StandDeclared,
)
from events.core import Declaration, Event, InitiativeDeclared, PassDeclared, RulingDeclared

SHEETS = Path(__file__).parent / "sheets"

E = TypeVar("E", bound=Event)


def of(events: Sequence[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def one(events: Sequence[Event], kind: type[E]) -> E:
    """The single event of a type (fails if there are none or several)."""
    found = of(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__}, got {found}"
    return found[0]


class Fight:
    """One Basic Roleplaying encounter in a fresh file, driven like the CLI drives it."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.table = Table(tmp / "f.db")

    def new(self, **options: Any) -> Fight:
        self.table.new("test", 1, system="brp", options=options)
        return self

    def add(self, sheet: str, cid: str, **sections: Any) -> None:
        """Add ``sheets/<sheet>.toml`` as ``cid``; each keyword replaces or merges a section."""
        data = tomllib.loads((SHEETS / f"{sheet}.toml").read_text())
        for key, value in sections.items():
            if isinstance(value, dict) and isinstance(data.get(key), dict):
                data[key] = {**data[key], **value}
            else:
                data[key] = value
        path = self.tmp / f"{cid}.json"
        path.write_text(json.dumps(data))
        self.table.add(path, cid=cid, side=cid)

    def declare(self, declaration: Declaration, faces: Sequence[int] = ()) -> PlyResult:
        result = self.table.declare(declaration, physical=tuple(faces))
        for e in result.events:
            for name in ("roll",):
                r = getattr(e, name, None)
                if r is not None and r.faces:
                    assert r.source == "physical", f"a seeded die was rolled: {e}"
        return result

    def round(self, *faces: int) -> PlyResult:
        """``fracas initiative`` and ``next`` twice: the ranks begin."""
        self.declare(InitiativeDeclared(), faces)
        self.declare(PassDeclared())
        return self.declare(PassDeclared())

    def attack(self, actor: str, target: str, *faces: int, **kw: Any) -> PlyResult:
        return self.declare(AttackDeclared(actor=actor, target=target, **kw), faces)

    def defend(
        self, defender: str, choice: str, *faces: int, weapon: str | None = None
    ) -> PlyResult:
        return self.declare(DefendDeclared(defender=defender, choice=choice, weapon=weapon), faces)  # type: ignore[arg-type]

    def draw(self, actor: str, weapon: str, **kw: Any) -> PlyResult:
        return self.declare(DrawDeclared(actor=actor, weapon=weapon, **kw))

    def stand(self, actor: str, *faces: int, dodge: bool = False) -> PlyResult:
        return self.declare(StandDeclared(actor=actor, dodge=dodge), faces)

    def intent(self, actor: str, intent: str, target: str = "") -> PlyResult:
        return self.declare(IntentDeclared(actor=actor, intent=intent, target=target))  # type: ignore[arg-type]

    def pass_(self, actor: str | None = None, *faces: int) -> PlyResult:
        return self.declare(PassDeclared(actor=actor), faces)

    def ruling(self, combatant: str, *faces: int, **effects: Any) -> PlyResult:
        return self.declare(RulingDeclared(combatant=combatant, text="GM", **effects), faces)

    def status(self) -> dict[str, Any]:
        return self.table.status()

    def who(self, cid: str) -> dict[str, Any]:
        """One combatant's entry in the status document."""
        return next(c for c in self.status()["combatants"] if c["id"] == cid)

    def conditions(self, cid: str) -> dict[str, int | None]:
        """A combatant's conditions -> rounds left."""
        return {k["name"]: k["rounds_left"] for k in self.who(cid)["conditions"]}


@pytest.fixture
def fight(tmp_path: Path) -> Fight:
    """A Basic Roleplaying fight in a fresh file; start it with ``fight.new(**options)``."""
    return Fight(tmp_path)


@pytest.fixture
def duel(fight: Fight) -> Fight:
    """Ilsa (DEX 15, broadsword 55, +1D4) against a target (DEX 10, sword 50, shield 40,
    armor 2), hit locations off; the round's ranks under way, Ilsa to act."""
    fight.new()
    fight.add("swordsman", "ilsa")
    fight.add("target", "t")
    fight.round()
    return fight
