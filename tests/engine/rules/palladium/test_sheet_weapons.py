"""The missiles of a sheet and the launchers that fire them (sheet_weapons.py): checked across
fields, each problem with its path; the shipped catalogue of common missiles is valid
(PAL-MSL-DATA, PAL-MSL-SMART, PAL-MSL-MDC)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine.rules.palladium.profile import build_profile
from engine.rules.palladium.sheet_io import sheet_from_dict
from engine.sheets import SheetError

CATALOGUE = Path(__file__).resolve().parents[4] / "examples" / "missiles.toml"


def base(**extra: Any) -> dict[str, Any]:
    return {
        "name": "Gunner",
        "kind": "npc",
        "pools": {"mdc": 100},
        "hand_to_hand": {"style": "basic", "level": 1},
        **extra,
    }


def problems_of(data: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(SheetError) as info:
        sheet_from_dict(data)
    return info.value.problems


POD = {"name": "pod", "kind": "launcher", "missiles": "mini", "rate": 4}
MINI = {"name": "mini", "type": "mini", "damage": "5D6", "blast_radius": 5, "count": 8}


def test_PAL_MSL_DATA_the_shipped_catalogue_is_valid_sheet_data() -> None:
    entries = tomllib.loads(CATALOGUE.read_text())["missiles"]
    sheet = sheet_from_dict(base(missiles=entries))
    profile = build_profile(sheet)
    assert len(profile.missiles) == len(entries) >= 15
    assert {m.type for m in profile.missiles} == {"mini", "short", "medium", "long"}
    assert not any(m.smart for m in profile.missiles if m.type == "mini")


def test_a_launcher_and_its_missiles_become_the_profile() -> None:
    profile = build_profile(sheet_from_dict(base(weapons=[POD], missiles=[MINI])))
    (pod,) = profile.weapons
    (mini,) = profile.missiles
    assert (pod.kind, pod.missiles, pod.rate, pod.damage) == ("launcher", "mini", 4, "")
    # PAL-MSL-MDC: 25 when the sheet gives none
    assert (mini.mdc, mini.mega_damage, mini.warhead, mini.count) == (25, True, "high_explosive", 8)


@pytest.mark.parametrize(
    ("weapons", "missiles", "expected"),
    [
        ([{**POD, "missiles": "maxi"}], [MINI],
         'weapons[0].missiles: no [[missiles]] named "maxi"'),
        ([{**POD, "missiles": None}], [MINI], "weapons[0].missiles: required"),
        ([{**POD, "rate": None}], [MINI], "weapons[0].rate: required"),
        ([{**POD, "damage": "1D6"}], [MINI], "weapons[0].damage: a launcher's damage"),
        ([{**POD, "payload": 4}], [MINI], "weapons[0].payload: not for a launcher"),
        ([{"name": "gun", "kind": "ranged"}], [], "weapons[0].damage: required"),
        ([{"name": "gun", "kind": "ranged", "damage": "1D6", "rate": 2}], [],
         "weapons[0].rate: only for a launcher"),
        ([POD], [MINI, {**MINI, "name": "MINI"}], "missiles[1].name: duplicate"),
        ([POD], [{**MINI, "smart": True}], "missiles[0].smart: a mini-missile is never smart"),
        ([POD], [{**MINI, "type": "huge"}], "missiles[0].type"),
        ([POD], [{**MINI, "speed": 0}], "missiles[0].speed"),
        ([{"name": "g", "kind": "grenade", "damage": "1D6", "blast_radius": 5, "range": 90}],
         [], "weapons[0].count: required for a grenade"),
        ([{"name": "g", "kind": "grenade", "damage": "1D6", "blast_radius": 5, "count": 2}],
         [], "weapons[0].range: required for a grenade"),
        ([{"name": "k", "kind": "melee", "damage": "1D6", "thrown": 1}], [],
         "weapons[0].range: required with thrown"),
        ([{"name": "b", "kind": "ranged", "damage": "1D6", "bow": True,
           "burst": {"short": 3}}], [], "weapons[0].burst: a bow fires no bursts"),
        ([{"name": "k", "kind": "ranged", "damage": "1D6", "thrown": 1}], [],
         "weapons[0].thrown: only for a melee weapon"),
        ([{"name": "g", "kind": "grenade", "blast_radius": 5, "count": 2, "range": 90},
          {"name": "G", "kind": "grenade", "blast_radius": 5, "count": 2, "range": 90}], [],
         "weapons[1].name: duplicate"),
        ([{"name": "k", "kind": "melee", "damage": "1D6", "scatter": "hand"}], [],
         "weapons[0].scatter: only for a grenade"),
        ([POD], [{k: v for k, v in MINI.items() if k != "count"}],
         "missiles[0].count: required: how many he carries (the pod fires them)"),
        ([POD], [{**MINI, "releases": "maxi"}],
         'missiles[0].releases: no [[missiles]] named "maxi"'),
        ([POD], [{**MINI, "releases": "MINI"}], "missiles[0].releases: a multi-warhead releases"),
        ([POD], [{**MINI, "releases": "b"}, {**MINI, "name": "b", "releases": "mini"}],
         'missiles[0].releases: "b" is itself a multi-warhead'),
        ([POD], [{**MINI, "releases": "b", "warheads": 17}, {**MINI, "name": "b"}],
         "missiles[0].warheads"),
    ],
)  # fmt: skip
def test_missile_and_launcher_problems_name_their_path(
    weapons: list[dict[str, Any]], missiles: list[dict[str, Any]], expected: str
) -> None:
    found = problems_of(base(weapons=[{k: v for k, v in w.items() if v is not None}
                                      for w in weapons], missiles=missiles))  # fmt: skip
    assert any(p.startswith(expected) for p in found), found
