"""Striking at a weapon to knock it away (GURPS-DISARM, GURPS-STRIKE-WEAPON).

`disarm A B [--weapon W] [--at X]`: an attack (the Attack maneuver unless another was chosen)
with a weapon that can parry, at the struck weapon's size penalty (-5 small, -4 medium, -3
large) and -2 more unless with a fencing weapon, and the wielder's Size Modifier (option
``weapon_sm``, GURPS-SIZE-MODIFIER). The defender may dodge, or parry with the weapon struck
at, never block; he may retreat. A hit not defended: a Quick Contest of weapon skills (the
defender's DX if he holds a ranged weapon; +2 to him if the weapon struck at is two-handed,
its sheet's ``two_handed``). The attacker wins: the weapon flies and lies on the ground; he
loses or ties: the defender keeps it, unready unless he won by 3 or more; the attacker's
critical failure in the contest knocks his own weapon away instead. A Ready maneuver
(`maneuver B ready --weapon X`) readies it again or picks it up.
"""

from __future__ import annotations

from typing import Literal

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps import defence
from engine.rules.gurps.attack import modifiers
from engine.rules.gurps.common import check_turn, choose, fighter, find_weapon, ready
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.limbs import check_hand
from engine.rules.gurps.maneuvers import row
from engine.rules.gurps.options import opts
from engine.rules.gurps.resolution import contest_rolled, succeeded, success_roll
from engine.rules.gurps.situations import weapons as sw
from engine.rules.gurps.situations.common import Contest
from engine.rules.gurps.tables import weapon_size
from engine.rules.pack import Advance, Decision
from engine.turns import known
from events.core import Event
from events.gurps import (
    AttackDeclared,
    AttackDetail,
    AttackRolled,
    DisarmDeclared,
    GurpsWeapon,
    WeaponState,
)
from projections.state import FightState


def _struck(state: FightState, d: DisarmDeclared) -> GurpsWeapon:
    p = fighter(state, d.target).profile
    if d.at is not None:
        return ready(state, d.target, find_weapon(state, d.target, d.at))
    f = fighter(state, d.target)
    held = [w for w in p.weapons if w.name not in f.weapon_states and not w.shield]
    if not held:
        raise IllegalAction(f"{p.name} holds no weapon to knock away (GURPS-DISARM)")
    return held[0]


def decide_disarm(state: FightState, d: DisarmDeclared, dice: Dice) -> Decision:
    """A disarm on one's turn (see the module docstring)."""
    check_turn(state, d.actor)
    known(state, d.target)
    if d.target == d.actor:
        raise UsageError("a disarm needs another combatant as its target")
    if d.retreat and d.defend is None:
        raise UsageError("--retreat goes with --defend")
    weapon = ready(state, d.actor, find_weapon(state, d.actor, d.weapon))
    check_hand(state, d.actor, weapon, "attack")
    if weapon.parry is None or weapon.ranged:
        raise IllegalAction(f"only a weapon that parries can disarm; the {weapon.name} cannot")
    struck = _struck(state, d)
    if struck.name == "punch":
        raise IllegalAction("there is no weapon in a bare fist to knock away (GURPS-DISARM)")
    f = fighter(state, d.actor)
    events: list[Event] = []
    if f.maneuver is None:
        events.append(choose(state, d.actor, "attack", target=d.target, weapon=weapon.name))
        r = row("attack")
    else:
        r = row("attack") if f.maneuver == "wait" else row(f.maneuver, f.mode)
    if r.attacks == 0 or f.attacks >= r.attacks:
        raise IllegalAction(f"{state.combatants[d.actor].name} has no attack left this turn")
    as_attack = AttackDeclared(actor=d.actor, target=d.target, weapon=weapon.name, mod=d.mod)
    mods = modifiers(state, as_attack, weapon, r, 1, target_sm=opts(state).weapon_sm == "wielder")
    size = weapon_size(struck.reach, struck.ranged, struck.bulk)
    mods += sw.disarm_modifiers(size, can_parry=True, fencing=weapon.fencing)
    roll = success_roll(dice, "disarm", weapon.level, mods, rule="GURPS-DISARM")
    hit = succeeded(roll)
    events.append(
        AttackRolled(
            actor=d.actor,
            target=d.target,
            weapon=weapon.name,
            roll=roll,
            hits=1 if hit else 0,
            reason=f"at the {struck.name}: {roll.tier}",
        )
    )
    more = f.attacks + 1 < r.attacks
    advance: Advance = "none" if more else "next"
    if not hit:
        return Decision(events, advance=advance)
    detail = AttackDetail(
        weapon=weapon.name,
        ranged=False,
        tier="critical" if roll.tier == "critical" else "success",
        roll=roll.total,
        margin=roll.margin or 0,
        allowed=defence.allowed_against_disarm(state, d.target, struck),
        disarm=struck.name,
        note=f"a disarm of the {struck.name}",
    )
    now = fold_gurps(state, events)
    after = defence.follow(
        now, dice, d.actor, d.target, detail, contest, defend=d.defend, retreat=d.retreat
    )
    return Decision(events + after, advance=advance)


def contest(
    state: FightState, dice: Dice, actor: str, target: str, detail: AttackDetail, hits: int
) -> list[Event]:
    """The disarm got through: the Quick Contest of weapon skills and where the weapon ends."""
    assert detail.disarm is not None
    mine = find_weapon(state, actor, detail.weapon)
    theirs = find_weapon(state, target, detail.disarm)
    level = fighter(state, target).profile.dx if theirs.ranged else theirs.level
    what = "DX" if theirs.ranged else theirs.skill
    rolls = sw.disarm_contest(
        attacker_skill=mine.skill,
        defender_two_handed=theirs.two_handed,
        defender_missile_weapon=theirs.ranged,
    )
    a = success_roll(
        dice, f"disarm ({mine.skill})", mine.level, rolls.attacker, rule="GURPS-DISARM"
    )
    b = success_roll(
        dice, f"keep the {theirs.name} ({what})", level, rolls.defender, rule="GURPS-DISARM"
    )
    rolled, who, margin = contest_rolled(actor, target, a, b, "GURPS-DISARM")
    events: list[Event] = [rolled]
    side: Literal["first", "second"] | None = "first" if who > 0 else "second" if who < 0 else None
    out = sw.disarm_outcome(
        Contest(winner=side, by=margin), attacker_critical_failure=a.tier == "fumble"
    )
    if out.attacker_disarmed:
        return [
            *events,
            WeaponState(
                combatant=actor, weapon=mine.name, state="dropped", reason="a critical failure"
            ),
        ]
    if out.defender_disarmed:
        why = f"{pronoun(state, target).they} lost the contest by {margin}"
        return [
            *events,
            WeaponState(combatant=target, weapon=theirs.name, state="dropped", reason=why),
        ]
    if out.defender_ready:
        return events
    why = "kept, but off line (a won margin under 3, or a tie)"
    return [*events, WeaponState(combatant=target, weapon=theirs.name, state="unready", reason=why)]
