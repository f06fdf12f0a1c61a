"""The Palladium verbs of grappling, blocking and disarming, and their deciders: a hold
(``grapple``), breaking it (``escape``) or letting go (``release-hold``), pulling free of an
entanglement (``free``), a body block, a disarm, and picking a weapon up again.

Each is an action on one's own turn, paid through the action kinds (:mod:`kinds`); what
happens when it lands is :mod:`grips` and :mod:`throws`. Refusals come before any die.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UnknownName
from engine.rules.pack import Action, Decision
from engine.rules.palladium import conditions, grips
from engine.rules.palladium.checks import check_actor, check_target
from engine.rules.palladium.defences import check_answer
from engine.rules.palladium.kinds import KINDS, begin
from engine.rules.palladium.options import opts
from events.palladium import (
    BodyBlockDeclared,
    DisarmDeclared,
    EscapeDeclared,
    FreeDeclared,
    GrappleDeclared,
    PickUpDeclared,
    ReleaseHoldDeclared,
)
from projections.palladium import InProgress, fighter
from projections.state import FightState

BODY_BLOCK_COST = {"balance": 2, "strength": 1}  # PAL-DMG-BODYBLOCK / PAL-HR-DMG-BODYBLOCK


def decide_grapple(state: FightState, d: GrappleDeclared, dice: Dice) -> Decision:
    """A hold: one attack, a strike roll with hold bonuses (PAL-COND-HELD)."""
    check_actor(state, d.actor, 1, "a hold")
    check_target(state, d.actor, d.target)
    grips.check_grapple(state, d.actor, d.target)
    check_answer("hold", d.defend)
    ip = InProgress(
        action="grapple", target=d.target, cost=1, defend=d.defend, purpose="hold", at=d.hold
    )
    return begin(state, d.actor, ip, dice)


def decide_escape(state: FightState, d: EscapeDeclared, dice: Dice) -> Decision:
    """The held fighter tries to break the hold, for one attack (PAL-COND-HELD)."""
    check_actor(state, d.actor, 1, "an escape", attack=False)
    if fighter(state.combatants[d.actor]).held_by is None:
        raise IllegalAction(f"{state.combatants[d.actor].name} is not held")
    return begin(state, d.actor, InProgress(action="escape", target="", cost=1), dice)


def decide_release(state: FightState, d: ReleaseHoldDeclared, dice: Dice) -> Decision:
    """The holder (or entangler) lets go, at no cost (PAL-COND-HELD)."""
    check_actor(state, d.actor, 0, "letting go", attack=False)
    f = fighter(state.combatants[d.actor])
    if f.holding is None and f.entangling is None:
        raise IllegalAction(f"{f.profile.name} holds and entangles nobody")
    return begin(state, d.actor, InProgress(action="release", target="", cost=0), dice)


def decide_free(state: FightState, d: FreeDeclared, dice: Dice) -> Decision:
    """The entangled fighter pulls free: a dodge against the entangle roll, one attack
    (PAL-DEF-ENTANGLE)."""
    check_actor(state, d.actor, 1, "pulling free", attack=False)
    if fighter(state.combatants[d.actor]).entangled_by is None:
        raise IllegalAction(f"{state.combatants[d.actor].name} is not entangled")
    return begin(state, d.actor, InProgress(action="free", target="", cost=1), dice)


def decide_body_block(state: FightState, d: BodyBlockDeclared, dice: Dice) -> Decision:
    """A body block or tackle: two attacks and a knockdown roll by the victim (RAW), or one
    attack and the attacker's strength roll (house); dodged, not parried."""
    cost = BODY_BLOCK_COST[opts(state).body_block]
    check_actor(state, d.actor, cost, "a body block")
    check_target(state, d.actor, d.target)
    check_answer("body-block", d.defend)
    ip = InProgress(
        action="body_block", target=d.target, cost=cost, defend=d.defend, purpose="body-block"
    )
    return begin(state, d.actor, ip, dice)


def decide_disarm(state: FightState, d: DisarmDeclared, dice: Dice) -> Decision:
    """Knock the weapon out of the target's hand: one attack, a roll with disarm bonuses only;
    no damage (PAL-DEF-DISARM, PAL-HR-DEF-DISARM)."""
    check_actor(state, d.actor, 1, "a disarm")
    check_target(state, d.actor, d.target)
    check_answer("disarm", d.defend)
    tf = fighter(state.combatants[d.target])
    held = [w for w in tf.profile.weapons if w.name not in tf.dropped and w.name not in tf.stowed]
    if d.weapon is not None:
        held = [w for w in held if w.name.lower() == d.weapon.lower()]
        if not held:
            raise UnknownName(f"{tf.profile.name} holds no weapon {d.weapon!r}")
    if not held:
        raise IllegalAction(f"{tf.profile.name} holds no weapon to knock away (PAL-DEF-DISARM)")
    ip = InProgress(
        action="disarm", target=d.target, cost=1, defend=d.defend, purpose="disarm",
        at=held[0].name,
    )  # fmt: skip
    return begin(state, d.actor, ip, dice)


def decide_pick_up(state: FightState, d: PickUpDeclared, dice: Dice) -> Decision:
    """Pick up a weapon that was knocked away: one attack (reading: the rules do not price
    it, PAL-DEF-DISARM)."""
    check_actor(state, d.actor, 1, "picking up a weapon", attack=False)
    bound = conditions.cannot_attack(state.combatants[d.actor])
    if bound is not None:
        raise IllegalAction(
            f"{state.combatants[d.actor].name} is {bound.said} and cannot pick anything up "
            f"({bound.rule})"
        )
    f = fighter(state.combatants[d.actor])
    if not f.dropped:
        raise IllegalAction(f"{f.profile.name} has dropped nothing")
    weapon = f.dropped[-1]
    if d.weapon is not None:
        found = [w for w in f.dropped if w.lower() == d.weapon.lower()]
        if not found:
            raise UnknownName(
                f"{f.profile.name} did not drop {d.weapon!r} (dropped: {', '.join(f.dropped)})"
            )
        weapon = found[0]
    ip = InProgress(action="pick_up", target="", cost=1, at=weapon)
    return begin(state, d.actor, ip, dice)


_AB = ("actor", "target")
_DEFEND = "The defender's answer now; without it he is asked."

ACTIONS: tuple[Action, ...] = (
    Action(
        verb="grapple",
        declaration=GrappleDeclared,
        decide=decide_grapple,
        help="Grab the target in a hold (one attack, a strike roll with hold bonuses): while "
        "it holds, neither attacks, parries or dodges, and others strike him unopposed. Only "
        "a style that grants holds may hold.",
        example="fracas grapple jade rook --hold arm",
        arguments=_AB,
        options={
            "actor": "Who grabs (combatant id).",
            "target": "Who is grabbed (combatant id).",
            "hold": "arm, leg, body or neck.",
            "defend": _DEFEND,
        },
        needs=(KINDS["grapple"],),
    ),
    Action(
        verb="escape",
        declaration=EscapeDeclared,
        decide=decide_escape,
        help="Try to break the hold one is in: 1D20 + P.P. against the holder's 1D20 + P.P. + "
        "hold bonuses; one attack.",
        example="fracas escape rook --dice 17,9",
        arguments=("actor",),
        options={"actor": "Who is held (combatant id)."},
        needs=(KINDS["escape"],),
    ),
    Action(
        verb="release-hold",
        declaration=ReleaseHoldDeclared,
        decide=decide_release,
        help="Let go of the hold (or the entanglement) one keeps; it costs nothing.",
        example="fracas release-hold jade",
        arguments=("actor",),
        options={"actor": "Who lets go (combatant id)."},
        needs=(KINDS["release"],),
    ),
    Action(
        verb="free",
        declaration=FreeDeclared,
        decide=decide_free,
        help="Pull free of an entanglement: a dodge roll against the entangle roll; one attack.",
        example="fracas free rook --dice 15",
        arguments=("actor",),
        options={"actor": "Who is entangled (combatant id)."},
        needs=(KINDS["free"],),
    ),
    Action(
        verb="body-block",
        declaration=BodyBlockDeclared,
        decide=decide_body_block,
        help="A body block or tackle: dodged, never parried; if it gets through the victim "
        "may be knocked down (rules as written: two attacks, 1D4 + damage bonuses and his "
        "balance roll; house: one attack and a strength roll).",
        example="fracas body-block rook jade --defend dodge",
        arguments=_AB,
        options={
            "actor": "Who blocks (combatant id).",
            "target": "Who is blocked (combatant id).",
            "defend": _DEFEND,
        },
        needs=(KINDS["body_block"],),
    ),
    Action(
        verb="disarm",
        declaration=DisarmDeclared,
        decide=decide_disarm,
        help="Knock a weapon out of the target's hand (one attack, disarm bonuses only, no "
        "damage); it falls to the ground.",
        example="fracas disarm jade marcus --weapon vibro-knife",
        arguments=_AB,
        options={
            "actor": "Who disarms (combatant id).",
            "target": "Whose weapon (combatant id).",
            "weapon": "Which weapon (default: the first he holds).",
            "defend": _DEFEND,
        },
        needs=(KINDS["disarm"],),
    ),
    Action(
        verb="pick-up",
        declaration=PickUpDeclared,
        decide=decide_pick_up,
        help="Pick up a weapon that was knocked out of one's hand; one attack.",
        example="fracas pick-up marcus --weapon vibro-knife",
        arguments=("actor",),
        options={
            "actor": "Who picks it up (combatant id).",
            "weapon": "Which weapon (default: the last dropped).",
        },
        needs=(KINDS["pick_up"],),
    ),
)
