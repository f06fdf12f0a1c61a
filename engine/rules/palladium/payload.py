"""Reloading a gun (``reload A [--weapon W]``), PAL-RNG-PAYLOAD and PAL-HR-MISC-COSTS; the
payload itself (spent, refused when empty, filled) is :mod:`clips`.

A weapon keeps count only when its sheet gives ``payload``; ``reload`` says how many attacks a
reload takes (1 unless the weapon says otherwise: the house list, read for RAW as well, which
prices no reload).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UnknownName
from engine.rules.pack import Action, Decision
from engine.rules.palladium import combat
from engine.rules.palladium.checks import check_actor
from engine.rules.palladium.clips import RULE
from engine.rules.palladium.kinds import KINDS, begin
from engine.turns import known
from events.palladium import ReloadDeclared
from projections.palladium import InProgress, fighter
from projections.state import FightState


def decide_reload(state: FightState, d: ReloadDeclared, dice: Dice) -> Decision:
    """Reload a weapon that is not full, for the attacks its sheet says (PAL-HR-MISC-COSTS)."""
    known(state, d.actor)
    f = fighter(state.combatants[d.actor])
    counted = [w for w in f.profile.weapons if w.payload is not None]
    if d.weapon is not None:
        weapon = combat.find_weapon(f.profile, d.weapon)
        assert weapon is not None
        if weapon.payload is None:
            raise UnknownName(
                f"{f.profile.name}'s {weapon.name} keeps no payload on its sheet: nothing to reload"
            )
    else:
        short = [w for w in counted if f.shots.get(w.name, 0) < (w.payload or 0)]
        if not short:
            raise IllegalAction(f"{f.profile.name} has no weapon to reload ({RULE})")
        weapon = short[0]
    if f.shots.get(weapon.name) == weapon.payload:
        raise IllegalAction(f"{f.profile.name}'s {weapon.name} is full ({weapon.payload} shots)")
    check_actor(state, d.actor, weapon.reload, "a reload", attack=False)
    ip = InProgress(action="reload", target="", cost=weapon.reload, at=weapon.name)
    return begin(state, d.actor, ip, dice)


ACTIONS: tuple[Action, ...] = (
    Action(
        verb="reload",
        declaration=ReloadDeclared,
        decide=decide_reload,
        help="Reload a gun whose sheet gives its payload: a full clip for the attacks the "
        "weapon's sheet says (one unless it says otherwise).",
        example='fracas reload vance --weapon "energy rifle"',
        arguments=("actor",),
        options={
            "actor": "Who reloads (combatant id).",
            "weapon": "Which weapon (default: the first that is not full).",
        },
        needs=(KINDS["reload"],),
    ),
)
