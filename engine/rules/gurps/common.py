"""What every GURPS decider checks and shares: whose turn it is, the fighter's record, his
weapons, the states that stop him, and the maneuver he is taking this turn."""

from __future__ import annotations

from engine import turns
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UnknownName
from engine.rules.gurps.maneuvers import Row, row
from engine.turns import known
from events.gurps import GurpsWeapon, ManeuverChosen
from events.gurps.records import Maneuver, Mode
from projections.gurps import GurpsFighter, gurps
from projections.state import FightState

#: Conditions that take a fighter out of the fight (no turns, no defence).
OUT = ("dead", "unconscious")


def fighter(state: FightState, cid: str) -> GurpsFighter:
    """The fighter's record."""
    return gurps(state.combatants[cid])


def out_of_it(state: FightState, cid: str) -> str | None:
    """Why ``cid`` takes no part now (dead, unconscious), or None."""
    return turns.out_of_it(state, cid, OUT)


def able(state: FightState, cid: str) -> None:
    """Refuse a fighter who is dead or unconscious."""
    turns.refuse_out(state, cid, OUT)


def check_turn(state: FightState, actor: str) -> None:
    """Refuse unless it is ``actor``'s turn (GURPS-SEQUENCE)."""
    known(state, actor)
    able(state, actor)
    clock = state.clock
    name = state.combatants[actor].name
    if clock.round == 0:
        raise IllegalAction("the fight has not begun: `fracas initiative` sets the turn sequence")
    if clock.acting is None:
        raise IllegalAction("nobody is able to act; `fracas initiative` starts the seconds again")
    if clock.acting != actor:
        raise IllegalAction(
            f"it is {state.combatants[clock.acting].name}'s turn ({clock.acting}) in second "
            f"{clock.round}, not {name}'s (GURPS-SEQUENCE)"
        )
    if fighter(state, actor).stun != "none":
        raise IllegalAction(
            f"{name} is stunned: {pronoun(state, actor).they} can only do nothing (GURPS-STUN)"
        )


def has(state: FightState, cid: str, trait: str) -> bool:
    """Whether the fighter's sheet gives ``trait``."""
    return trait in fighter(state, cid).profile.traits


def skill(state: FightState, cid: str, name: str, default: int) -> int:
    """A skill's level, or ``default`` (e.g. DX-based) when the sheet has none."""
    return fighter(state, cid).profile.skills.get(name, default)


def punch(state: FightState, cid: str) -> GurpsWeapon:
    """The bare fist (GURPS-DAMAGE-TABLE: thrust-1 crushing, reach C): Brawling, else DX."""
    from engine.rules.gurps.profile import weapon_damage

    p = fighter(state, cid).profile
    damage, dice = weapon_damage("thr-1 cr", p.st)
    level = max(p.skills.get("brawling", 0), p.skills.get("karate", 0), p.dx)
    return GurpsWeapon(
        name="punch", skill="brawling", level=level, damage=damage, dice=dice, reach="C", parry=0
    )


def find_weapon(state: FightState, cid: str, name: str | None) -> GurpsWeapon:
    """The named weapon (UnknownName listing the choices), or his first one, or a punch."""
    f = fighter(state, cid)
    p = f.profile
    if name is None:
        ready = [w for w in p.weapons if w.name not in f.weapon_states]
        return ready[0] if ready else punch(state, cid)
    if name.lower() == "punch":
        return punch(state, cid)
    for w in p.weapons:
        if w.name.lower() == name.lower():
            return w
    have = ", ".join(w.name for w in p.weapons) or "none"
    raise UnknownName(f"{p.name} has no weapon {name!r} (weapons: {have}; or punch)")


def ready(state: FightState, cid: str, weapon: GurpsWeapon) -> GurpsWeapon:
    """Refuse a weapon knocked away or unready (GURPS-DISARM); the weapon."""
    now = fighter(state, cid).weapon_states.get(weapon.name)
    if now is not None:
        name = state.combatants[cid].name
        raise IllegalAction(
            f"{name}'s {weapon.name} is {now}: `fracas maneuver {cid} ready --weapon "
            f'"{weapon.name}"` first (GURPS-DISARM)'
        )
    return weapon


def current(state: FightState, cid: str) -> Row:
    """The row of the maneuver that defends ``cid`` now: his last turn's until his next turn
    begins, then this turn's (None chosen yet: defends as usual)."""
    f = fighter(state, cid)
    if state.clock.acting == cid or f.maneuver is not None:
        return row(f.maneuver, f.mode)
    return row(f.last_maneuver, f.last_mode)


def choose(
    state: FightState,
    actor: str,
    maneuver: Maneuver,
    mode: Mode | None = None,
    target: str | None = None,
    weapon: str | None = None,
) -> ManeuverChosen:
    """The maneuver ``actor`` takes this turn; refused if he has chosen one already (one a
    turn, GURPS-MANEUVERS)."""
    f = fighter(state, actor)
    if f.maneuver is not None:
        raise IllegalAction(
            f"{state.combatants[actor].name} has taken {f.maneuver} this turn: one maneuver a "
            "turn (GURPS-MANEUVERS)"
        )
    return ManeuverChosen(
        combatant=actor, maneuver=maneuver, mode=mode, target=target, weapon=weapon
    )


def strong_damage(dice: str, per_die: int) -> str:
    """A Strong attack's dice: +2, or +1 a die if more (GURPS-ALL-OUT-ATTACK)."""
    if not per_die:
        return dice
    count = int(dice.split("D", 1)[0])
    extra = max(2, per_die * count)
    head, _, rest = dice.partition("D6")
    adds = int(rest or 0) + extra
    return f"{head}D6{adds:+d}" if adds else f"{head}D6"
