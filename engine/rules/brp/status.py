"""The Basic Roleplaying part of ``status``: the round and the DEX rank it stands at, and each
fighter's hit points (by location with hit locations on), the DEX rank he acts at next, his
round's attack, parry and dodge, his weapons and conditions (schema in the README)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.pack import Column, StatusView
from projections.brp import status_fields
from projections.state import FightState


def _fields(state: FightState, cid: str) -> dict[str, Any]:
    return status_fields(state, state.combatants[cid])


def _fight(state: FightState) -> dict[str, Any]:
    return {"dex_rank": state.clock.now if state.clock.acting is not None else None}


def _dash(v: object) -> str:
    return "-" if v is None else str(v)


def _notes(fight: Mapping[str, Any], c: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    held = [name for name, w in c["weapons"].items() if w["drawn"]]
    if held:
        out.append("in hand: " + ", ".join(held))
    for name, w in c["weapons"].items():
        if w["shots"] or w["broken"]:
            left = f"{name} {w['shots']} shot(s)" if w["shots"] else f"{name} broken"
            out.append(left)
    out += [
        f"{k['name']} ({k['rounds_left']} rd)" if k["rounds_left"] else k["name"]
        for k in c["conditions"]
    ]
    if c.get("held"):
        out.append(f"holds until {c['held']!r}")
    if c["intents"]:
        out.append("intends " + ", ".join(c["intents"]))
    if c["aiming"]:
        out.append(f"aiming at {c['aiming']['target']}")
    if c["exposures"]:
        out.append("in " + ", ".join(c["exposures"]))
    if c["armor"] is not None:
        out.append(f"armor {c['armor']['value']}")
    if c["locations"]:
        each = [
            f"{loc.replace('_', ' ')} {v['hp']}/{v['hp_max']}" for loc, v in c["locations"].items()
        ]
        out.append("locations: " + ", ".join(each))
    return out


def _clock(doc: Mapping[str, Any]) -> str | None:
    if doc.get("phase"):
        what = {"intent": "statement of intent (`fracas intent`)", "powers": "powers phase"}
        return f"{what.get(doc['phase'], doc['phase'])}; `fracas next` moves on"
    if doc["acting"] is None:
        return "every DEX rank is done; `fracas initiative` begins the next"
    names = {c["id"]: c["name"] for c in doc["combatants"]}
    cut = " (cutting in)" if doc.get("cut_in") else ""
    return f"{names[doc['acting']]} ({doc['acting']}) acts{cut}"


def _round(doc: Mapping[str, Any]) -> str:
    label = f" ({doc['round_label']})" if doc.get("round_label") else ""
    return f"round {doc['round']}{label}"


def _when(doc: Mapping[str, Any]) -> str:
    """A round of DEX ranks counted down: "round 2, DEX rank 12" (in a phase, the round)."""
    rank = doc.get("dex_rank")
    if doc.get("phase") or rank is None:
        return _round(doc)
    return f"{_round(doc)}, DEX rank {rank}"


def _prompt(doc: Mapping[str, Any]) -> str:
    rank = doc.get("dex_rank")
    short = f"round {doc['round']}"
    return short if doc.get("phase") or rank is None else f"{short} DEX {rank}"


def _pending(p: Mapping[str, Any], names: Mapping[str, str]) -> str:
    d = p["detail"]
    return (
        f"waiting: {names[p['actor']]}'s attack ({d['tier']}, rolled {d['roll']}) needs "
        f"{names[p['reactor']]}'s answer: "
        f"`fracas defend {p['reactor']} {'|'.join([*d['allowed'], 'none'])}`"
    )


STATUS = StatusView(
    combatant=_fields,
    columns=(
        Column("HP", 7, lambda d, c: f"{c['hp']}/{c['hp_max']}"),
        Column("DEX", 4, lambda d, c: str(c["dex"])),
        Column("next", 5, lambda d, c: _dash(c["next_rank"])),
        Column("used", 14, lambda d, c: ",".join(c["actions_used"]) or "-", align="<"),
    ),
    notes=_notes,
    fight=_fight,
    clock=_clock,
    pending=_pending,
    pools=lambda c: {"hp": c["hp"]},
    down=("unconscious", "knocked out"),
    when=_when,
    prompt=_prompt,
)
