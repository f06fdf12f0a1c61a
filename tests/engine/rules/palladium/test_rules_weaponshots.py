"""A called shot at a weapon in hand with forced dice (PAL-RNG-TARGET-WEAPON): −3, and a hit
strikes the weapon, not its wielder: its own M.D.C. goes down, at 0 it is destroyed and no
longer works; a weapon with no M.D.C. on its sheet is the GM's ruling; another small target
keeps the −3 and lands as a called shot does."""

from __future__ import annotations

from typing import Any

import pytest

from engine.rules import IllegalAction
from events.palladium import (
    DamageApplied,
    DamageIgnored,
    ShootDeclared,
    StrikeDeclared,
    StrikeRolled,
    WeaponDamaged,
)

from .conftest import Fight, of, one

PISTOL = {"name": "pistol", "kind": "ranged", "damage": "1D6", "mega_damage": True,
          "range": 500, "mdc": 5}  # fmt: skip
RIFLE = {"name": "rifle", "kind": "ranged", "damage": "2D6", "mega_damage": True,
         "wp": "energy_rifle", "range": 2000}  # fmt: skip


def duel(fight: Fight, variant: str = "raw", pistol: dict[str, Any] = PISTOL) -> None:
    """The house variant cycles its turns here, so the called shot lands on the target's pass."""
    fight.new(variant, **({"round_structure": "cycle"} if variant == "house" else {}))
    fight.add("gunner", "g", weapons=[RIFLE])
    fight.add("brawler", "t", weapons=[pistol], armor={"name": "vest", "mdc": 30})
    fight.initiative(18, 2)


def at_weapon(fight: Fight, called: str, *faces: int) -> list[Any]:
    d = ShootDeclared(actor="g", target="t", called=called, at_weapon=True, range=100,
                      defend="none")  # fmt: skip
    fight.declare(d, ())  # a called shot: two attacks, it lands on the second
    return list(fight.pass_("t", *faces).events)


@pytest.mark.parametrize("variant", ["raw", "house"])
def test_PAL_RNG_TARGET_WEAPON_the_hit_strikes_the_weapon_not_him(
    fight: Fight, variant: str
) -> None:
    duel(fight, variant)
    events = at_weapon(fight, "Pistol", 15, 1, 2)
    s = one(events, StrikeRolled)
    assert [(m.value, m.rule) for m in s.roll.modifiers if m.value == -3] == [
        (-3, "PAL-RNG-TARGET-WEAPON")
    ]
    hit = one(events, WeaponDamaged)
    assert (hit.weapon, hit.amount, hit.before, hit.after) == ("pistol", 3, 5, 2)
    assert not of(events, DamageApplied)
    assert fight.who("t")["weapon_mdc"] == {"pistol": 2}
    assert fight.who("t")["armor"]["mdc"] == 30


def test_PAL_RNG_TARGET_WEAPON_a_destroyed_weapon_no_longer_works(fight: Fight) -> None:
    duel(fight)
    events = at_weapon(fight, "pistol", 15, 4, 5)
    assert one(events, WeaponDamaged).after == 0
    head = fight.head()
    with pytest.raises(IllegalAction, match="pistol was shot to pieces"):
        fight.declare(ShootDeclared(actor="t", target="g", weapon="pistol"), [12])
    with pytest.raises(IllegalAction, match="shot to pieces"):
        fight.declare(StrikeDeclared(actor="t", target="g", weapon="pistol"), [12])
    assert fight.head() == head


def test_PAL_RNG_TARGET_WEAPON_no_mdc_on_the_sheet_is_the_gms_ruling(fight: Fight) -> None:
    duel(fight, pistol={k: v for k, v in PISTOL.items() if k != "mdc"})
    events = at_weapon(fight, "pistol", 15, 1, 2)
    ignored = one(events, DamageIgnored)
    assert "GM's ruling" in ignored.reason and ignored.rule == "PAL-RNG-TARGET-WEAPON"
    assert not of(events, DamageApplied) and not of(events, WeaponDamaged)


def test_PAL_HR_STRIKE_CALLED_12_a_shot_at_a_weapon_under_12_strikes_him(fight: Fight) -> None:
    duel(fight, "house")
    events = at_weapon(fight, "pistol", 11, 1, 2)  # 11 + 2 - 3 = 10: a hit, not the pistol
    assert not of(events, WeaponDamaged)
    assert [(e.pool, e.amount) for e in of(events, DamageApplied)] == [("armor", 3)]


def test_PAL_RNG_TARGET_WEAPON_another_small_target_lands_as_called(fight: Fight) -> None:
    duel(fight)
    events = at_weapon(fight, "sensor", 15, 1, 2)
    assert not of(events, WeaponDamaged)
    assert [(e.pool, e.amount) for e in of(events, DamageApplied)] == [("armor", 3)]
