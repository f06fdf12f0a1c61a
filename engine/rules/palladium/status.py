"""The Palladium part of ``status``: each fighter's fields of the document (schema in the
README) and the board's columns: attacks, attacks by pass, H.P., S.D.C., M.D.C., armor."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rules.pack import Column, StatusView
from engine.rules.palladium import conditions
from engine.rules.palladium.purposes import answers
from projections.palladium import fighter
from projections.palladium_status import status_fields
from projections.state import FightState, rounds_left


def _fields(state: FightState, cid: str) -> dict[str, Any]:
    """The fighter's fields; ``conditions`` as ``{name, rounds_left}`` (rounds left counting
    this one; None while it lasts until it is ended), and no attacks for one who cannot act
    (dead, unconscious, in a coma: conditions.py)."""
    c = state.combatants[cid]
    doc = status_fields(c)
    doc["conditions"] = [
        {"name": name, "rounds_left": rounds_left(state.clock, c, name)}
        for name in sorted(c.conditions)
    ]
    f = fighter(c)
    holds = []
    if f.holding is not None:
        holds.append({"holder": cid, "victim": f.holding[0], "hold": f.holding[1]})
    if f.held_by is not None:
        holds.append({"holder": f.held_by[0], "victim": cid, "hold": f.held_by[1]})
    doc["holds"] = holds
    doc["entangled"] = (
        None if f.entangled_by is None else {"by": f.entangled_by[0], "total": f.entangled_by[1]}
    )
    doc["entangling"] = f.entangling
    doc["dropped"] = list(f.dropped)
    doc["payload"] = dict(f.shots)
    doc["missiles"] = dict(f.missiles)
    doc["stowed"] = dict(f.stowed)
    doc["weapon_mdc"] = dict(f.weapon_mdc)
    cover = f.covering if c.alive and conditions.out_of_action(c) is None else None
    doc["covering"] = (
        None if cover is None else {"weapon": cover.weapon, "attacks": list(cover.totals)}
    )
    if not c.alive or conditions.out_of_action(c) is not None:
        doc["apm_left"] = 0
        doc["apm_by_pass"] = [0 for _ in doc["apm_by_pass"]]
    return doc


def _dash(v: object) -> str:
    return "-" if v is None else str(v)


def _notes(fight: Mapping[str, Any], c: Mapping[str, Any]) -> list[str]:
    """Armor, conditions, a long action, a hold, lost initiative, attacks owed."""
    out: list[str] = []
    armor = c["armor"]
    if armor:
        out.append(
            f"{armor['name']} "
            + (
                f"{armor['mdc']} M.D.C."
                if "mdc" in armor
                else f"{armor['sdc']} S.D.C. A.R. {armor['ar']}"
            )
        )
    out += [
        f"{k['name']} ({k['rounds_left']} rd left)" if k["rounds_left"] else k["name"]
        for k in c["conditions"]
    ]
    ip = c.get("long_action")
    if ip:
        at = f" at {ip['target']}" if ip["target"] else ""
        what = ip["note"] or ip["action"].replace("_", " ")
        out.append(f"{what}{at} ({ip['paid']}/{ip['cost']} attacks paid)")
    if c.get("held"):
        out.append(f"holds until {c['held']!r}")
    out += [f"{h['holder']} holds {h['victim']} ({h['hold']} hold)" for h in c.get("holds", ())]
    if c.get("entangling"):
        out.append(f"entangles {c['entangling']}")
    if c.get("entangled"):
        out.append(f"dodge {c['entangled']['total']}+ to get free")
    if c.get("dropped"):
        out.append("dropped: " + ", ".join(c["dropped"]))
    out += [f"{w}: {n} shots" for w, n in c.get("payload", {}).items()]
    out += [f"{m}: {n} left" for m, n in c.get("missiles", {}).items()]
    out += [f"{w} stowed ({at})" for w, at in c.get("stowed", {}).items()]
    if c.get("covering"):
        cover = c["covering"]
        out.append(f"covering fire ({cover['weapon']}): {len(cover['attacks'])} burst(s)")
    if c.get("lost_initiative"):
        nxt = " (next round)" if c["lost_initiative"] == "next_round" else ""
        out.append("lost initiative" + nxt)
    if c["apm_owed"]:
        out.append(f"owes {c['apm_owed']} attack(s) to later rounds")
    return out


def _clock(doc: Mapping[str, Any]) -> str | None:
    """When every attack (RAW) or every turn (house) of the round is done."""
    if doc["round"] and doc["acting"] is None:
        spent = "turn is over" if doc.get("passes") else "attack is spent"
        return f"every {spent}; `fracas initiative` starts the next"
    return None


def _fight(state: FightState) -> dict[str, Any]:
    """Grenades thrown that go off at the round's end (PAL-HR-GRENADE-DELAY); the volley of
    missiles waiting for answers, if any: who fired it at whom, the missile,
    how many were launched and how many still come (the house damage multiple left,
    PAL-HR-MSL-DAMAGE-MULT), its blast radius, who else is caught in it."""
    grenades = [
        {"thrower": cid, "target": g.target, "weapon": g.weapon, "caught": list(g.caught)}
        for cid, c in state.combatants.items()
        for g in fighter(c).grenades
    ]
    p = state.pending
    volley = getattr(p.detail, "volley", None) if p is not None else None
    if p is None or volley is None:
        return {"volley": None, "grenades": grenades}
    return {
        "grenades": grenades,
        "volley": {
            "shooter": p.actor,
            "target": p.reactor,
            "missile": volley.missile.name,
            "launched": volley.launched,
            "left": volley.left,
            "multiple": volley.left,
            "radius": volley.radius,
            "caught": list(volley.caught),
            "strike": p.detail.total,
            "wounded": volley.wounded,
        },
    }


def _pending(p: Mapping[str, Any], names: Mapping[str, str]) -> str:
    if p["kind"] == "activate" and p["detail"].get("behind"):
        return (
            f"waiting: {names[p['reactor']]}'s blow from behind on {names[p['actor']]} is a "
            f"critical or a knockout, as {names[p['reactor']]} chooses: "
            f"`fracas activate {p['reactor']} knockout|no`"
        )
    if p["kind"] == "activate":
        return (
            f"waiting: {names[p['reactor']]}'s natural {p['detail'].get('natural')} may make "
            f"the blow on {names[p['actor']]} a knockout or death blow: "
            f"`fracas activate {p['reactor']} knockout|death-blow|no`"
        )
    volley = p["detail"].get("volley")
    if volley:
        return (
            f"waiting: {names[p['actor']]}'s volley (strike {p['detail'].get('total')}, "
            f"{volley['left']} of {volley['launched']} missiles coming) needs "
            f"{names[p['reactor']]}'s answer: `fracas defend {p['reactor']} "
            f"{'|'.join(answers('volley'))}`"
        )
    return (
        f"waiting: {names[p['actor']]}'s strike (total {p['detail'].get('total')}) needs "
        f"{names[p['reactor']]}'s answer: "
        f"`fracas defend {p['reactor']} {'|'.join(answers(p['detail'].get('purpose', '')))}`"
    )


def _pools(c: Mapping[str, Any]) -> dict[str, int]:
    """H.P. and S.D.C., or M.D.C., and what is left of his armor (``fracas odds``)."""
    armor = c["armor"] or {}
    found = {
        "hp": c["hp"],
        "sdc": c["sdc"],
        "mdc": c["mdc"],
        "armor": armor.get("mdc", armor.get("sdc")),
    }
    return {k: v for k, v in found.items() if v is not None}


STATUS = StatusView(
    combatant=_fields,
    columns=(
        Column("APM", 5, lambda d, c: f"{c['apm_left']:>2}/{c['apm_total']:<2}"),
        Column(
            "by pass",
            9,
            lambda d, c: "/".join(map(str, c["apm_by_pass"])) if d.get("passes") else "",
            align="<",
        ),
        Column("H.P.", 5, lambda d, c: _dash(c["hp"])),
        Column("S.D.C.", 6, lambda d, c: _dash(c["sdc"])),
        Column("M.D.C.", 6, lambda d, c: _dash(c["mdc"])),
    ),
    notes=_notes,
    fight=_fight,
    clock=_clock,
    pending=_pending,
    pools=_pools,
    down=("coma", "unconscious"),
)
