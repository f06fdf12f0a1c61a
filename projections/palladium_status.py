"""The Palladium part of a combatant's ``status --json`` entry, as the reducers of
:mod:`projections.palladium` leave his record (schema in the README); ``engine/rules/palladium/
status.py`` adds what the rules read into it."""

# No `from __future__ import annotations` (see projections/palladium.py).

from typing import Any

from projections.palladium import Fighter, fighter
from projections.state import CombatantState


def apm_by_pass(f: Fighter) -> list[int]:
    """Attacks left in each pass of this round: the hand for the pass whose turn gave it,
    the untaken share for later passes, 0 for passes gone by; one entry (the round's attacks
    left) in a cycling round."""
    if not f.passes:
        return [f.apm_left]
    return [max(0, f.apm_left) if i + 1 == f.pool_pass else n for i, n in enumerate(f.passes)]


def status_fields(c: CombatantState) -> dict[str, Any]:
    """The Palladium part of a combatant's ``status --json`` entry (schema in the README)."""
    f = fighter(c)
    armor = f.profile.armor
    armor_doc: dict[str, Any] | None = None
    if armor is not None:
        armor_doc = {"name": armor.name}
        if armor.mdc is not None:
            armor_doc["mdc"] = f.armor_mdc
        else:
            armor_doc["sdc"] = f.armor_sdc
            armor_doc["ar"] = armor.ar
    ip = f.in_progress
    return {
        "apm_total": f.apm_total,
        "apm_left": f.apm_left,
        "apm_owed": f.owed,
        "apm_by_pass": apm_by_pass(f),
        "overdraft": f.owed,
        "long_action": None
        if ip is None
        else {
            "action": ip.action,
            "target": ip.target or None,
            "cost": ip.cost,
            "paid": ip.paid,
            "left": ip.cost - ip.paid,
            "note": ip.note or None,
        },
        "held": c.held,
        "lost_initiative": f.lost_init,
        "apm_spent_by_source": {k: v for k, v in f.spent.items() if v > 0},
        "initiative": f.initiative,
        "hp": f.hp if f.mdc is None else None,
        "sdc": f.sdc if f.mdc is None else None,
        "mdc": f.mdc,
        "armor": armor_doc,
        "arms": f.arms,
        "in_progress": None
        if ip is None
        else {"action": ip.action, "target": ip.target, "cost": ip.cost, "paid": ip.paid},
    }
