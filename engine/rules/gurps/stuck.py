"""A weapon stuck in a foe (GURPS-PICK-STUCK): a swung impaling weapon (a pick, a warhammer's
spike) that penetrated and injured sticks. Its wielder lets go of it (`let-go A --weapon W`,
free; it stays in the foe) or, on a later turn, takes a Ready to pull it (`maneuver A ready
--weapon W`): an ST roll; success frees it, doing half the injury it did going in (rounded
down, reading) to the foe; failure leaves it stuck; a critical failure leaves it stuck for
good. The arithmetic is ``situations/weapons.py``'s. Not yet: the victim moving away with it
(a Quick Contest of ST).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.rules import IllegalAction
from engine.rules.gurps.common import fighter
from engine.rules.gurps.injury import death_checks, shock_of
from engine.rules.gurps.resolution import succeeded, success_roll
from engine.rules.gurps.situations import weapons as sw
from events.core import Event
from events.gurps import GurpsWeapon, InjuryApplied, SuccessRolled, WeaponPulled, WeaponStuck
from projections.state import FightState

_RULE = "GURPS-PICK-STUCK"
#: The weapon states of a weapon stuck in a foe.
STUCK = ("stuck", "stuck for good")


def after_hit(
    state: FightState, actor: str, target: str, weapon: GurpsWeapon, hit: Sequence[Event]
) -> list[Event]:
    """One hit's events, then ``WeaponStuck`` if the weapon stuck in the foe."""
    hurt = [e for e in hit if isinstance(e, InjuryApplied) and e.target == target]
    if weapon.ranged or not hurt:
        return list(hit)
    last = hurt[-1]
    injured = last.amount if last.penetrating > 0 else 0
    swung = weapon.damage.base == "sw"
    if not sw.gets_stuck(swing=swung, damage_type=weapon.damage.type, penetrating_injury=injured):
        return list(hit)
    stuck = WeaponStuck(
        combatant=actor, weapon=weapon.name, victim=target, location=last.location, injury=injured
    )
    return [*hit, stuck]


def pull(state: FightState, dice: Dice, actor: str, weapon: str) -> list[Event]:
    """A Ready to pull the weapon free: the ST roll and what it leaves."""
    f = fighter(state, actor)
    if f.weapon_states.get(weapon) == STUCK[1]:
        raise IllegalAction(
            f"the {weapon} is stuck for good: `fracas let-go {actor} --weapon` ({_RULE})"
        )
    victim, location, entry = f.stuck[weapon]
    r = success_roll(dice, "pull free (ST)", f.profile.st, rule=_RULE)
    ok = succeeded(r)
    outcome = sw.pull_outcome(ok, r.tier == "fumble")
    events: list[Event] = [
        SuccessRolled(combatant=actor, what="ST (pull free)", roll=r, success=ok, rule=_RULE),
        WeaponPulled(combatant=actor, weapon=weapon, victim=victim, outcome=outcome),
    ]
    amount = sw.pull_free_injury(entry)
    if outcome != "free" or amount <= 0:
        return events
    hp = fighter(state, victim).hp
    events.append(
        InjuryApplied(
            target=victim,
            location=location,
            basic=0,
            dr=0,
            penetrating=0,
            mult_num=1,
            mult_den=1,
            amount=amount,
            before=hp,
            after=hp - amount,
            shock=shock_of(state, victim, amount),
            steps=(f"coming out: half the {entry} going in ({_RULE})",),
        )
    )
    return events + death_checks(state, dice, victim, hp, hp - amount)


def let_go(state: FightState, actor: str, weapon: str) -> list[Event]:
    """He lets go of the weapon: it stays in the foe."""
    f = fighter(state, actor)
    if weapon not in f.stuck:
        raise IllegalAction(f"{f.profile.name}'s {weapon} is stuck in nobody ({_RULE})")
    victim = f.stuck[weapon][0]
    return [WeaponPulled(combatant=actor, weapon=weapon, victim=victim, outcome="let_go")]
