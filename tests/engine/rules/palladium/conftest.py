"""A fight through the public Table API with forced dice, for the rule tests (test_rules_*).

Every roll of a command must come from the faces the test gives (``physical=``, the API
behind ``--dice``), so no outcome depends on the seed.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

from engine.table import PlyResult, Table
from events.core import (
    CounterDeclared,
    Declaration,
    Event,
    HoldDeclared,
    InterruptDeclared,
    Modifier,
    PassDeclared,
    ReleaseDeclared,
)
from events.palladium import (
    ActDeclared,
    DefenceChoice,
    DefendDeclared,
    MeleeRoundDeclared,
    MoveName,
    PalladiumRulingDeclared,
    PowerPunchDeclared,
    ShootDeclared,
    StrikeDeclared,
    SurpriseDeclared,
)

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


def sheet_file(tmp: Path, name: str, **sections: Any) -> Path:
    """``sheets/<name>.toml`` with whole sections replaced, written as JSON in ``tmp`` for a
    command line ``add`` (each call a new file)."""
    data = tomllib.loads((SHEETS / f"{name}.toml").read_text())
    data.update(sections)
    path = tmp / f"{name}-{len(list(tmp.iterdir()))}.json"
    path.write_text(json.dumps(data))
    return path


class Fight:
    """One encounter in a fresh database file, driven like the CLI drives it."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.table = Table(tmp / "f.db")

    def new(self, variant: str = "raw", **options: Any) -> Fight:
        self.table.new("test", 1, variant=variant, options=options)
        return self

    def add(self, sheet: str, cid: str, *, side: str | None = None, **sections: Any) -> None:
        """Add ``sheets/<sheet>.toml`` as ``cid``; each keyword replaces or merges a section."""
        data = tomllib.loads((SHEETS / f"{sheet}.toml").read_text())
        for key, value in sections.items():
            if isinstance(value, dict) and isinstance(data.get(key), dict):
                data[key] = {**data[key], **value}
            else:
                data[key] = value
        path = self.tmp / f"{cid}.json"
        path.write_text(json.dumps(data))
        self.table.add(path, cid=cid, side=side or cid)

    def declare(self, declaration: Declaration, faces: Sequence[int]) -> PlyResult:
        result = self.table.declare(declaration, physical=tuple(faces))
        for e in result.events:
            r = getattr(e, "roll", None)
            if r is not None and r.faces:
                assert r.source == "physical", f"a seeded die was rolled: {e}"
        return result

    def initiative(self, *faces: int) -> PlyResult:
        return self.declare(MeleeRoundDeclared(), faces)

    def strike(
        self,
        actor: str,
        target: str,
        *faces: int,
        weapon: str | None = None,
        defend: DefenceChoice | None = None,
        move: MoveName | None = None,
        from_behind: bool = False,
        unseen: bool = False,
        pull: int | None = None,
    ) -> PlyResult:
        return self.declare(
            StrikeDeclared(
                actor=actor,
                target=target,
                weapon=weapon,
                defend=defend,
                move=move,
                from_behind=from_behind,
                unseen=unseen,
                pull=pull,
            ),
            faces,
        )

    def power(
        self,
        actor: str,
        target: str,
        *faces: int,
        kick: bool = False,
        defend: DefenceChoice | None = None,
    ) -> PlyResult:
        return self.declare(
            PowerPunchDeclared(actor=actor, target=target, kick=kick, defend=defend), faces
        )

    def defend(
        self, defender: str, choice: DefenceChoice, *faces: int, weapon: str | None = None
    ) -> PlyResult:
        return self.declare(DefendDeclared(defender=defender, choice=choice, weapon=weapon), faces)

    def shoot(
        self,
        actor: str,
        target: str,
        *faces: int,
        weapon: str | None = None,
        aimed: bool = False,
        called: str | None = None,
        range: int | None = None,
        defend: DefenceChoice | None = None,
    ) -> PlyResult:
        return self.declare(
            ShootDeclared(
                actor=actor,
                target=target,
                weapon=weapon,
                aimed=aimed,
                called=called,
                range=range,
                defend=defend,
            ),
            faces,
        )

    def act(
        self,
        actor: str,
        cost: int | None,
        note: str = "an action",
        *faces: int,
        psionic: bool = False,
    ) -> PlyResult:
        return self.declare(ActDeclared(actor=actor, cost=cost, note=note, psionic=psionic), faces)

    def pass_(self, actor: str | None = None, *faces: int) -> PlyResult:
        """``fracas pass ACTOR`` (``fracas next`` with None); ``faces`` for what lands when
        the clock moves (a long action completing on the next turn)."""
        return self.declare(PassDeclared(actor=actor), faces)

    def hold(self, actor: str, trigger: str = "the door opens") -> PlyResult:
        return self.declare(HoldDeclared(actor=actor, trigger=trigger), ())

    def release(self, actor: str) -> PlyResult:
        return self.declare(ReleaseDeclared(actor=actor), ())

    def interrupt(
        self,
        actor: str,
        *faces: int,
        allowed: bool = False,
        breaks: bool = False,
        against: str = "",
    ) -> PlyResult:
        return self.declare(
            InterruptDeclared(actor=actor, allowed=allowed, breaks=breaks, against=against),
            faces,
        )

    def counter(self, actor: str) -> PlyResult:
        return self.declare(CounterDeclared(actor=actor), ())

    def surprise(self, *attackers: str, aware: tuple[str, ...] = ()) -> PlyResult:
        return self.declare(SurpriseDeclared(attackers=attackers, aware=aware), ())

    def ruling(
        self, combatant: str, *faces: int, text: str = "", rule: str = "", **effects: Any
    ) -> PlyResult:
        return self.declare(
            PalladiumRulingDeclared(text=text, rule=rule, combatant=combatant, **effects), faces
        )

    def status(self) -> dict[str, Any]:
        return self.table.status()

    def who(self, cid: str) -> dict[str, Any]:
        """One combatant's entry in the status document."""
        return next(c for c in self.status()["combatants"] if c["id"] == cid)

    def head(self) -> int:
        return int(self.status()["head"])

    def events(self) -> list[Event]:
        """Every event on the branch, in order."""
        return [e for view in self.table.log() for e in view.events]

    def spend(self, actor: str, target: str) -> None:
        """Use one of ``actor``'s attacks on a strike that misses (a natural 1 with a total
        under 5, so it misses under both readings of PAL-STRIKE-NAT1)."""
        self.strike(actor, target, 1)


@pytest.fixture
def fight(tmp_path: Path) -> Fight:
    """A fight in a fresh file; start its encounter with ``fight.new(variant, **options)``."""
    return Fight(tmp_path)


def not_applied(ms: Sequence[Modifier]) -> list[tuple[str, int, str]]:
    """(source, value, rule) of the bonuses a roll shows as not applying to it (op ``skip``)."""
    return [(m.source, m.value, m.rule) for m in ms if m.op == "skip"]
