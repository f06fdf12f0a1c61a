"""Reloading (GURPS-RELOAD): shots as the Basic Set writes them ("30+1(3)", "6(2i)"), the
``reload`` verb's Ready seconds, and an empty weapon refused with `reload`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rules import IllegalAction
from engine.rules.gurps.profile import build_profile
from engine.rules.gurps.sheet_io import load_sheet
from engine.sheets import SheetError
from events.gurps import ManeuverChosen, ManeuverDeclared, ReloadDeclared, WeaponReloading

from .conftest import PISTOL, Fight, gunfight, one, sheet


def _reload(fight: Fight, **kw: str) -> WeaponReloading:
    events = fight.declare(ReloadDeclared(actor="a", **kw)).events
    assert one(events, ManeuverChosen).maneuver == "ready"
    return one(events, WeaponReloading)


def _round(fight: Fight) -> None:
    """b's and c's turns pass; a's begins."""
    fight.next()
    fight.next()


def _empty(fight: Fight) -> None:
    """a fires his 3 shots at b (15: a miss); back to a's turn."""
    fight.attack("a", "b", 5, 5, 5, rof=3)
    _round(fight)


@pytest.mark.parametrize(
    ("text", "full", "seconds", "each"),
    [("30+1(3)", 31, 3, False), ("6(2i)", 6, 2, True), ("17+1", 18, 0, False), (9, 9, 0, False)],
)
def test_shots_as_the_basic_set_writes_them(
    tmp_path: Path, text: object, full: int, seconds: int, each: bool
) -> None:
    """GURPS-RELOAD: the full count (a chambered round counted), the reload's seconds, and
    whether they are for each shot."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps(sheet("x", weapons=[{**PISTOL, "shots": text}])))
    w = build_profile(load_sheet(path)).weapons[0]
    assert (w.shots, w.reload, w.reload_each) == (full, seconds, each)


def test_shots_that_are_not_shots_are_refused_with_their_path(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text(json.dumps(sheet("x", weapons=[{**PISTOL, "shots": "30+x"}])))
    with pytest.raises(SheetError, match=r"weapons\[0\]\.shots"):
        load_sheet(path)


def test_an_empty_weapon_is_refused_and_a_reload_takes_its_seconds(tmp_path: Path) -> None:
    """GURPS-RELOAD: "2+1(3)" holds 3; fired empty, the pistol is refused ("reload"); three
    Ready turns reload it (1 of 3, 2 of 3, then full: 3 shots)."""
    fight = gunfight(tmp_path, {**PISTOL, "shots": "2+1(3)"})
    _empty(fight)
    assert fight.who("a")["shots"] == {"pistol": 0}
    with pytest.raises(IllegalAction, match=r"empty: `fracas reload a --weapon \"pistol\"`"):
        fight.attack("a", "b", 3, 3, 3)
    steps = []
    for _ in range(3):
        e = _reload(fight)
        steps.append((e.done, e.needed, e.shots))
        if e.done < 3:
            assert fight.who("a")["reloading"] == {"pistol": e.done}
        _round(fight)
    assert steps == [(1, 3, 0), (2, 3, 0), (3, 3, 3)]
    assert fight.who("a")["shots"] == {"pistol": 3}
    assert fight.who("a")["reloading"] == {}
    with pytest.raises(IllegalAction, match="full \\(3 shots\\): nothing to reload"):
        _reload(fight, weapon="pistol")


def test_a_weapon_loaded_shot_by_shot(tmp_path: Path) -> None:
    """GURPS-RELOAD: "6(2i)" after 3 shots (3 left): 2 seconds load one (4), then 2 more."""
    fight = gunfight(tmp_path, {**PISTOL, "shots": "6(2i)"})
    _empty(fight)
    steps = []
    for _ in range(3):
        e = _reload(fight, weapon="pistol")
        steps.append((e.done, e.needed, e.shots))
        _round(fight)
    assert steps == [(1, 2, 3), (2, 2, 4), (1, 2, 4)]


def test_no_reload_time_and_another_maneuver_are_refused(tmp_path: Path) -> None:
    """GURPS-RELOAD: shots 9 give no reload time (the sheet must say); a reload is the turn's
    Ready, not after another maneuver."""
    fight = gunfight(tmp_path, PISTOL)
    _empty(fight)
    with pytest.raises(IllegalAction, match=r'no reload time.*shots = "9\(3\)"'):
        _reload(fight)
    (tmp_path / "two").mkdir()
    fight2 = gunfight(tmp_path / "two", {**PISTOL, "shots": "9(3)"})
    _empty(fight2)
    fight2.declare(ManeuverDeclared(actor="a", maneuver="all-out-attack", mode="determined"))
    with pytest.raises(IllegalAction, match="maneuver"):
        _reload(fight2)
