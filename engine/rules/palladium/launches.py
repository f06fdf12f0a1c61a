"""``launch A B --missiles N``: a volley of missiles from a launcher, one attack and one strike
roll (PAL-MSL-VOLLEY); the volley itself is :mod:`missiles`, its answers :mod:`volleys`.

Reading: the house cap on gunshots paid with hand-to-hand attacks (PAL-HR-APM-H2H-RANGED-CAP)
counts guns, so a volley is booked as an "other" attack (a robot's launcher as the machine's).
"""

from __future__ import annotations

from engine.dice import Dice
from engine.rules import IllegalAction, UsageError
from engine.rules.pack import Action, Decision
from engine.rules.palladium.checks import check_actor, check_target, in_hand
from engine.rules.palladium.kinds import KINDS, begin
from engine.rules.palladium.missiles import check_missiles, launcher_of
from engine.turns import known
from events.palladium import LaunchDeclared
from projections.palladium import InProgress, fighter
from projections.state import FightState

#: The answers a volley may be given when it is declared (the others need their own options).
AT_ONCE = ("dodge", "roll", "none")


def decide_launch(state: FightState, d: LaunchDeclared, dice: Dice) -> Decision:
    """Fire a volley: its launcher in hand, no more missiles than its rate of fire and than he
    has left; those caught in the blast are other fighters of the encounter; a range within
    the launcher's, where its sheet gives one."""
    check_actor(state, d.actor, 1, "a volley of missiles")
    check_target(state, d.actor, d.target)
    f = fighter(state.combatants[d.actor])
    launcher = launcher_of(f.profile, d.launcher)
    in_hand(f, launcher)
    check_missiles(f, launcher, d.missiles)
    if d.range is not None and d.range <= 0:
        raise UsageError(f"--range {d.range}: a range is at least 1 foot")
    if d.range is not None and launcher.range is not None and d.range > launcher.range:
        raise IllegalAction(
            f"--range {d.range} is beyond the {launcher.name}'s range of {launcher.range} ft: "
            "a missile out of fuel crashes (PAL-MSL-FUEL)"
        )
    for cid in d.caught:
        known(state, cid)
        if not state.combatants[cid].alive:
            raise IllegalAction(f"--caught {cid}: {state.combatants[cid].name} is dead")
        if cid in (d.actor, d.target):
            raise UsageError(f"--caught {cid}: those caught are others than shooter and target")
    if len(set(d.caught)) != len(d.caught):
        raise UsageError("--caught names each fighter once")
    if d.defend is not None and d.defend not in AT_ONCE:
        raise UsageError(
            f"--defend {d.defend}: a volley is answered now only with {', '.join(AT_ONCE)}; "
            "a counter-volley or a shot at it is `fracas defend` once it is launched"
        )
    ip = InProgress(
        action="volley",
        target=d.target,
        cost=1,
        weapon=launcher.name,
        range=d.range,
        defend=d.defend,
        missiles=d.missiles,
        caught=d.caught,
    )
    return begin(state, d.actor, ip, dice)


ACTIONS: tuple[Action, ...] = (
    Action(
        verb="launch",
        declaration=LaunchDeclared,
        decide=decide_launch,
        help="Fire missiles from a launcher in one volley: one attack, one strike roll for all "
        "of them. A hit waits for the target's answer: `defend B counter-volley`, "
        "`shoot-down`, `dodge`, `roll` or `none`.",
        example="fracas launch walker dorn --missiles 4 --caught vance --range 3000",
        arguments=("actor", "target"),
        options={
            "actor": "Who fires (combatant id).",
            "target": "Who the volley is fired at (combatant id).",
            "missiles": "How many missiles in the volley (default 1; at most the launcher's rate).",
            "launcher": "A launcher from the sheet (default: the first).",
            "range": "Distance to the target in feet.",
            "caught": "Others in the blast radius, who take half (repeat for several).",
            "defend": "The target's answer now: dodge, roll or none.",
        },
        needs=(KINDS["volley"],),
    ),
)
