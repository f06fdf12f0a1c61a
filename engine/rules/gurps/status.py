"""The GURPS part of ``status``: the second and whose turn it is (in seconds, never rounds and
passes), and each fighter's HP and FP, posture, stun, shock, crippled locations and maneuver
(schema in the README)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.pack import Column, StatusView
from projections.gurps import status_fields
from projections.state import FightState


def _fields(state: FightState, cid: str) -> dict[str, Any]:
    return status_fields(state, state.combatants[cid])


def _fight(state: FightState) -> dict[str, Any]:
    return {"second": state.clock.round}


def _notes(fight: Mapping[str, Any], c: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    if c["posture"] != "standing":
        out.append(c["posture"])
    if c["stun"] != "none":
        out.append(f"{c['stun']}ly stunned")
    if c["shock"]:
        out.append(f"shock -{c['shock']}")
    if c["crippled"]:
        out.append("crippled: " + ", ".join(loc.replace("_", " ") for loc in c["crippled"]))
    out += [k for k in c["conditions"]]
    if c.get("held"):
        out.append(f"waits until {c['held']!r}")
    if c["aim"]:
        out.append(f"aiming the {c['aim']['weapon']} ({c['aim']['seconds']} s)")
    out += [f"{name} {now}" for name, now in c["weapons"].items() if now != "ready"]
    if c["surprise"]:
        out.append(f"surprised ({c['surprise']['kind']})")
    if c.get("zone"):
        z = c["zone"]
        out.append(f"covers {z['zone'] or 'a zone'} ({z['left']} shots, at most {z['cap']})")
    if c.get("holding"):
        h = c["holding"]
        out.append(f"holds {h['victim']} ({h['hold'].replace('_', ' ')})")
    if c.get("held_by"):
        out.append(f"held by {c['held_by']}")
    if c.get("arm_lock_chance"):
        out.append("may arm-lock " + ", ".join(c["arm_lock_chance"]))
    for name, left in c["shots"].items():
        out.append(f"{name} {left} shot(s)")
    for name, seconds in c.get("reloading", {}).items():
        out.append(f"reloading the {name} ({seconds} s)")
    return out


def _clock(doc: Mapping[str, Any]) -> str | None:
    if doc["acting"] is None:
        return "nobody is able to act"
    names = {c["id"]: c["name"] for c in doc["combatants"]}
    return f"{names[doc['acting']]} ({doc['acting']}) acts"


def _when(doc: Mapping[str, Any]) -> str:
    """GURPS counts time in one-second turns (GURPS-SEQUENCE): "second 2"."""
    return f"second {doc['round']}"


def _pending(p: Mapping[str, Any], names: Mapping[str, str]) -> str:
    d = p["detail"]
    hits = f", {d['hits']} hits" if d["hits"] > 1 else ""
    return (
        f"waiting: {names[p['actor']]}'s {d['weapon']} ({d['tier']}, rolled {d['roll']}{hits}) "
        f"needs {names[p['reactor']]}'s answer: "
        f"`fracas defend {p['reactor']} {'|'.join([*d['allowed'], 'none'])}`"
    )


STATUS = StatusView(
    combatant=_fields,
    columns=(
        Column("HP", 7, lambda d, c: f"{c['hp']}/{c['hp_max']}"),
        Column("FP", 6, lambda d, c: f"{c['fp']}/{c['fp_max']}"),
        Column("maneuver", 16, lambda d, c: c["maneuver"] or "-", align="<"),
    ),
    notes=_notes,
    fight=_fight,
    clock=_clock,
    pending=_pending,
    pools=lambda c: {"hp": c["hp"]},
    down=("unconscious",),
    when=_when,
    prompt=_when,
    round_word="second",
)
