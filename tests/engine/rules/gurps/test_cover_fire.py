"""Cover and overpenetration (GURPS-COVER, GURPS-OVERPEN), forced dice through the public
Table API."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.explain import EXPLAIN
from events.gurps import AttackRolled, CoverChecked, InjuryApplied, Overpenetrated

from .conftest import PISTOL, Fight, gunfight, of, one


def _fight(tmp: Path) -> Fight:
    return gunfight(tmp, PISTOL)


def _target(fight: Fight, *rolled: int, **kw: object) -> AttackRolled:
    result = fight.attack("a", "b", *rolled, weapon="pistol", **kw)  # type: ignore[arg-type]
    return one(result.events, AttackRolled)


def test_aiming_at_what_cover_leaves_exposed(tmp_path: Path) -> None:
    """GURPS-COVER: firing two-handed from cover he shows half his torso: -2 (12 - 2 = 10);
    only looking out, the torso is hidden (refused) but the skull is aimed at its own -7."""
    fight = _fight(tmp_path)
    rolled = _target(fight, 6, 6, 6, cover="two_handed")
    assert rolled.roll.target == 10
    assert [(m.value, m.rule) for m in rolled.roll.target_modifiers] == [(-2, "GURPS-COVER")]
    (tmp_path / "x").mkdir()
    fight = _fight(tmp_path / "x")
    with pytest.raises(IllegalAction, match="behind cover"):
        _target(fight, 3, 3, 3, cover="looking")
    assert _target(fight, 6, 6, 6, cover="looking", location="skull").roll.target == 5


def test_a_random_hit_on_a_covered_location_strikes_the_cover(tmp_path: Path) -> None:
    """GURPS-COVER: a random hit on the torso (10) of a man only looking out strikes the
    cover: no injury; on a half-exposed torso (firing two-handed) 1d 5 strikes the cover,
    1d 2 does not: 3 + 4 = 7 injury (a major wound: his knockdown roll)."""
    fight = _fight(tmp_path)
    result = fight.attack("a", "b", 3, 3, 3, 3, 4, 3, weapon="pistol", location="random",
                          cover="looking", defend="none")  # fmt: skip
    checked = one(result.events, CoverChecked)
    assert (checked.location, checked.exposure, checked.roll, checked.struck) == (
        "torso", "hidden", None, True,
    )  # fmt: skip
    assert of(result.events, InjuryApplied) == []
    for face, struck in ((5, True), (2, False)):
        (tmp_path / str(face)).mkdir()
        fight = _fight(tmp_path / str(face))
        damage = () if struck else (3, 4, 1, 1, 1)  # and the knockdown roll
        result = fight.attack("a", "b", 3, 3, 3, 3, 4, 3, face, *damage, weapon="pistol",
                              location="random", cover="two_handed", defend="none")  # fmt: skip
        checked = one(result.events, CoverChecked)
        assert (checked.exposure, checked.struck) == ("half", struck)
        (said,) = EXPLAIN[CoverChecked](checked, str)
        assert said.startswith("  the torso is half behind the cover (1D6 [")
        assert [i.amount for i in of(result.events, InjuryApplied)] == ([] if struck else [7])


def test_shooting_through_cover_adds_its_dr(tmp_path: Path) -> None:
    """GURPS-COVER: through cover -2 (12 - 2 = 10); at a foe completely hidden it is blind
    fire, -10 instead (12 - 10 = 2), and a critical 3 gets there: 6 + 6 = 12 against the
    cover's DR 5 = 7 injury."""
    fight = _fight(tmp_path)
    assert _target(fight, 6, 6, 6, through_cover=3).roll.target == 10
    (tmp_path / "x").mkdir()
    fight = _fight(tmp_path / "x")
    with pytest.raises(IllegalAction, match="--through-cover"):
        _target(fight, 1, 1, 1, cover="hidden")
    result = fight.attack("a", "b", 1, 1, 1, 6, 6, 1, 1, 1, weapon="pistol", cover="hidden",
                          through_cover=5)  # fmt: skip
    assert one(result.events, AttackRolled).roll.target == 2
    injury = of(result.events, InjuryApplied)[0]
    assert (injury.basic, injury.dr, injury.amount) == (12, 5, 7)
    assert "+5 DR: cover shot through (GURPS-COVER)" in injury.steps


def test_a_shot_through_him_goes_on_to_the_one_behind(tmp_path: Path) -> None:
    """GURPS-OVERPEN: B (no armor, HP 10) has cover DR 0 x 2 + 10 = 10; 6 + 5 = 11 goes
    through (B's knockdown roll first) to C, behind, at a random location (10: torso) with
    DR 0 + 10: 1 injury. 5 + 5 = 10 does not go through; a melee blow takes no --behind.
    (B's consciousness roll at 0 HP or less comes with the turn the attack passes to him.)"""
    fight = _fight(tmp_path)
    result = fight.attack("a", "b", 3, 3, 3, 6, 5, 1, 1, 1, 3, 3, 4, 1, 1, 1, weapon="pistol",
                          behind="c", defend="none")  # fmt: skip
    went = one(result.events, Overpenetrated)
    assert (went.behind, went.basic, went.cover_dr) == ("c", 11, 10)
    on_b, on_c = of(result.events, InjuryApplied)
    assert (on_b.target, on_b.amount) == ("b", 11)
    assert (on_c.target, on_c.location, on_c.basic, on_c.dr, on_c.amount) == (
        "c", "torso", 11, 10, 1,
    )  # fmt: skip
    (tmp_path / "x").mkdir()
    fight = _fight(tmp_path / "x")
    result = fight.attack("a", "b", 3, 3, 3, 5, 5, 1, 1, 1, 1, 1, 1, weapon="pistol",
                          behind="c", defend="none")  # fmt: skip
    assert of(result.events, Overpenetrated) == []
    with pytest.raises(UsageError, match="ranged"):
        fight.attack("b", "a", 3, 3, 3, weapon="broadsword", behind="c")
