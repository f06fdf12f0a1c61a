"""Reloading a gun (``reload A [--weapon W]``), PAL-RNG-PAYLOAD and PAL-HR-MISC-COSTS, and
drawing a stowed weapon (``draw A --weapon W``, PAL-HR-MISC-COSTS); the payload itself (spent,
refused when empty, filled) is :mod:`clips`.

Drawing: a weapon whose sheet says ``stowed`` starts out of hand and is refused until drawn;
from a holster or sling ("ready") one attack, from a pack ("pack") two, or more with
``--cost`` (the house list, read for RAW too, which prices no draw). Putting a weapon away is
not modelled.

A weapon keeps count only when its sheet gives ``payload``; ``reload`` says how many attacks a
reload takes (1 unless the weapon says otherwise: the house list, read for RAW as well, which
prices no reload).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.rules.pack import Action, Decision
from engine.rules.palladium import combat
from engine.rules.palladium.checks import check_actor
from engine.rules.palladium.clips import RULE
from engine.rules.palladium.kinds import KINDS, begin
from engine.turns import known
from events.palladium import DrawDeclared, ReloadDeclared
from projections.palladium import InProgress, fighter
from projections.state import FightState


def decide_reload(state: FightState, d: ReloadDeclared, dice: Dice) -> Decision:
    """Reload a weapon that is not full, for the attacks its sheet says (PAL-HR-MISC-COSTS)."""
    known(state, d.actor)
    f = fighter(state.combatants[d.actor])
    counted = [w for w in f.profile.weapons if w.payload is not None and w.kind != "grenade"]
    if d.weapon is not None:
        weapon = combat.find_weapon(f.profile, d.weapon)
        assert weapon is not None
        if weapon.kind == "grenade":
            raise IllegalAction(f"the {weapon.name} is a grenade: nothing to reload")
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


PACK_DRAW = 2  # PAL-HR-MISC-COSTS: from a pack, two attacks or more
DRAW_COST = {"ready": 1, "pack": PACK_DRAW}


def decide_draw(state: FightState, d: DrawDeclared, dice: Dice) -> Decision:
    """Draw a stowed weapon, for what where it is stowed costs (PAL-HR-MISC-COSTS)."""
    known(state, d.actor)
    f = fighter(state.combatants[d.actor])
    weapon = combat.find_weapon(f.profile, d.weapon)
    assert weapon is not None
    where = f.stowed.get(weapon.name)
    if weapon.name in f.dropped:
        raise IllegalAction(
            f"{f.profile.name}'s {weapon.name} lies on the ground: `fracas pick-up` it "
            "(PAL-DEF-DISARM)"
        )
    if where is None:
        raise IllegalAction(f"{f.profile.name}'s {weapon.name} is already in hand")
    cost = DRAW_COST[where]
    if d.cost is not None:
        if where != "pack" or d.cost < PACK_DRAW:
            raise UsageError(
                f"--cost {d.cost}: only a draw from a pack takes more, and at least "
                f"{PACK_DRAW} (PAL-HR-MISC-COSTS)"
            )
        cost = d.cost
    check_actor(state, d.actor, cost, "drawing a weapon", attack=False)
    ip = InProgress(action="draw", target="", cost=cost, at=weapon.name)
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
    Action(
        verb="draw",
        declaration=DrawDeclared,
        decide=decide_draw,
        help="Draw a weapon the sheet has stowed: one attack from a holster or sling, two from "
        "a pack (more with --cost). A stowed weapon cannot be used until drawn.",
        example='fracas draw vance --weapon "vibro-sword"',
        arguments=("actor",),
        options={
            "actor": "Who draws (combatant id).",
            "weapon": "Which weapon.",
            "cost": "From a pack, the attacks the GM says it takes (2 or more).",
        },
        needs=(KINDS["draw"],),
    ),
)
