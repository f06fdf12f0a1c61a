"""The Palladium reducer of a new sheet mid-fight (``palladium.fighter_resheeted``): the
record a join would make of the new profile, with what the fighter has lost carried over.

Units as in :mod:`projections.palladium`: S.D.C., H.P., M.D.C.
"""

# No `from __future__ import annotations`: as projections/palladium.py.

from typing import Any, cast

from msgspec.structs import replace

from events import palladium as pe
from events.core import Event
from projections.fold import Reducer
from projections.palladium import Fighter, fighter, readied
from projections.resheet import carried, less
from projections.state import FightState, evolve


def resheeted(state: FightState, old: Fighter, p: pe.Profile, reset: bool) -> Fighter:
    """His record from the new profile ``p``. What he is doing stands (an action under way,
    holds, initiative, the round's ledger); his attacks per melee are the new sheet's, and
    under a cycling round the attacks he has spent this round stay spent (under passes the
    round's shares stand, the new number counting from the next round). Unless ``reset``,
    what he has lost of each pool, each weapon's shots and M.D.C. and each rack of missiles
    stays lost against the new maxima (H.P. may go below zero; the rest stop at 0). A weapon
    he still has stays drawn, stowed or dropped as it was."""
    fresh = readied(state, p)
    was = old.profile
    names = {w.name for w in p.weapons}
    before = {w.name for w in was.weapons}
    stowed = {w: s for w, s in fresh.stowed.items() if w not in before}
    stowed.update({w: s for w, s in old.stowed.items() if w in names})
    if _passes(state):
        apm_left = old.apm_left
    else:
        apm_left = max(0, old.apm_left + fresh.apm_total - old.apm_total)
    kept: dict[str, Any] = {
        "profile": p,
        "apm_total": fresh.apm_total,
        "apm_left": apm_left,
        "stowed": stowed,
        "dropped": tuple([w for w in old.dropped if w in names]),
    }
    if reset:
        pools: dict[str, Any] = {
            "hp": fresh.hp,
            "sdc": fresh.sdc,
            "mdc": fresh.mdc,
            "armor_mdc": fresh.armor_mdc,
            "armor_sdc": fresh.armor_sdc,
            "arms": fresh.arms,
            "shots": fresh.shots,
            "missiles": fresh.missiles,
            "weapon_mdc": fresh.weapon_mdc,
        }
    else:
        old_armor = was.armor
        pools = {
            "hp": less(fresh.hp, was.hp, old.hp, floor=None),
            "sdc": less(fresh.sdc, was.sdc, old.sdc),
            "mdc": less(fresh.mdc, was.mdc, old.mdc),
            "armor_mdc": less(fresh.armor_mdc, old_armor.mdc if old_armor else None, old.armor_mdc),
            "armor_sdc": less(fresh.armor_sdc, old_armor.sdc if old_armor else None, old.armor_sdc),
            "arms": less(fresh.arms, was.arms, old.arms),
            "shots": carried(
                fresh.shots,
                {w.name: w.payload for w in was.weapons if w.payload is not None},
                old.shots,
            ),
            "missiles": carried(
                fresh.missiles, {m.name: m.count for m in was.missiles}, old.missiles
            ),
            "weapon_mdc": carried(
                fresh.weapon_mdc,
                {w.name: w.mdc for w in was.weapons if w.mdc is not None},
                old.weapon_mdc,
            ),
        }
    return replace(old, **kept, **pools)


def _passes(state: FightState) -> bool:
    options = state.options
    return isinstance(options, pe.PalladiumOptions) and options.round_structure == "passes"


def on_fighter_resheeted(state: FightState, e: pe.FighterResheeted) -> FightState:
    """He fights on from the new profile (:func:`resheeted`)."""
    c = state.combatants[e.combatant]
    return state.with_combatant(evolve(c, data=resheeted(state, fighter(c), e.profile, e.reset)))


REDUCERS: dict[type[Event], Reducer] = {
    pe.FighterResheeted: cast(Reducer, on_fighter_resheeted),
}
