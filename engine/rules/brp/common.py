"""What every Basic Roleplaying decider checks and shares: whose turn it is at which DEX
rank, the round's two of attack, parry and dodge, weapons, and the states that stop a fighter.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from engine import turns
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UnknownName
from engine.rules.brp.options import opts
from engine.turns import known
from events.brp import ActionUsed, BrpWeapon, WeaponChanged
from events.core import TurnScheduled
from projections.brp import BrpFighter, WeaponState, brp
from projections.state import FightState

#: Conditions that take a fighter out of the fight (he takes no turns, cannot defend).
OUT = ("dead", "unconscious", "knocked out")
#: Conditions that leave a target helpless: attacks on him are Easy, undefended
#: (BRP-HELPLESS).
HELPLESS = ("unconscious", "knocked out", "asleep", "bound")

FIST = BrpWeapon(name="fist", skill=25, damage="1D3", kind="melee", length="short")


def fighter(state: FightState, cid: str) -> BrpFighter:
    """The fighter's record."""
    return brp(state.combatants[cid])


def out_of_it(state: FightState, cid: str) -> str | None:
    """Why ``cid`` takes no part now (dead, unconscious, knocked out), or None."""
    return turns.out_of_it(state, cid, OUT)


def able(state: FightState, cid: str) -> None:
    """Refuse a fighter who is dead, unconscious or knocked out."""
    turns.refuse_out(state, cid, OUT)


def check_turn(state: FightState, actor: str) -> int:
    """Refuse unless it is ``actor``'s turn at a DEX rank; the rank he acts at."""
    known(state, actor)
    able(state, actor)
    clock = state.clock
    name = state.combatants[actor].name
    if clock.round == 0:
        raise IllegalAction("no round is running: `fracas initiative` begins one")
    if clock.acting is None:
        raise IllegalAction(
            f"every DEX rank of round {clock.round} is done: `fracas initiative` begins the next"
        )
    if clock.acting != actor:
        raise IllegalAction(
            f"it is {state.combatants[clock.acting].name}'s turn ({clock.acting}) at DEX rank "
            f"{clock.now}, not {name}'s"
        )
    return clock.now if clock.now is not None else fighter(state, actor).profile.dex_rank


def after(state: FightState, actor: str, ranks: int, why: str) -> TurnScheduled:
    """``actor`` acts again ``ranks`` DEX ranks from now, or not this round if that falls
    below rank 1 (none below it, BRP-VOLLEY)."""
    now = state.clock.now or 0
    at = now - ranks
    if at < 1:
        return TurnScheduled(combatant=actor, at=None, reason=f"{why}: no DEX rank left")
    return TurnScheduled(combatant=actor, at=at, reason=why)


def done(actor: str, why: str) -> TurnScheduled:
    """``actor`` acts no more this round."""
    return TurnScheduled(combatant=actor, at=None, reason=why)


def use(
    state: FightState, cid: str, action: Literal["attack", "parry", "dodge"], rule: str
) -> ActionUsed:
    """Spend one of the round's two of attack, parry and dodge (BRP §1.2, L316); a third, or
    (option ``two_of_three``) the same one twice, is refused with the reason."""
    f = fighter(state, cid)
    name = state.combatants[cid].name
    if len(f.used) >= 2:
        raise IllegalAction(
            f"{name} has already used two of attack, parry and dodge this round "
            f"({' and '.join(f.used)}); a third is not allowed (BRP-CLOSE-COMBAT)"
        )
    if action in f.used and opts(state).two_of_three == "distinct":
        raise IllegalAction(
            f"{name} has already made {pronoun(state, cid).their} {action} this round: two "
            "different ones of attack, "
            "parry and dodge (option two_of_three=distinct)"
        )
    return ActionUsed(combatant=cid, action=action, rule=rule)


def can_use(state: FightState, cid: str, action: Literal["attack", "parry", "dodge"]) -> bool:
    """Whether ``cid`` may still spend ``action`` this round (see :func:`use`)."""
    try:
        use(state, cid, action, "")
    except IllegalAction:
        return False
    return True


#: Perception skills at their base when a sheet does not give them [GK].
BASE_SKILLS = {"stealth": 10, "listen": 25, "sense": 10, "spot": 25}


def skill_of(state: FightState, cid: str, name: str) -> int:
    """A fighter's skill by name, its base when the sheet does not give it."""
    return fighter(state, cid).profile.skills.get(name, BASE_SKILLS[name])


def weapon_change(cid: str, name: str, ws: WeaponState, reason: str, **now: Any) -> WeaponChanged:
    """The event of ``cid``'s weapon ``name`` changing: ``ws`` with the fields in ``now``
    (drawn, shots, hp, broken) replaced."""
    new = msgspec.structs.replace(ws, **now)
    return WeaponChanged(
        combatant=cid,
        weapon=name,
        drawn=new.drawn,
        shots=new.shots,
        hp=new.hp,
        broken=new.broken,
        reason=reason,
    )


def find_weapon(state: FightState, cid: str, name: str | None) -> BrpWeapon:
    """The named weapon (UnknownName listing the choices), or the first in hand, or a fist."""
    f = fighter(state, cid)
    p = f.profile
    if name is None:
        drawn = [w for w in p.weapons if f.weapons[w.name].drawn]
        if drawn:
            return drawn[0]
        brawl = p.skills.get("brawl", FIST.skill)
        return BrpWeapon(name="fist", skill=brawl, damage="1D3", kind="melee", length="short")
    if name.lower() == "fist":
        brawl = p.skills.get("brawl", FIST.skill)
        return BrpWeapon(name="fist", skill=brawl, damage="1D3", kind="melee", length="short")
    for w in p.weapons:
        if w.name.lower() == name.lower():
            return w
    have = ", ".join(w.name for w in p.weapons) or "none"
    raise UnknownName(f"{p.name} has no weapon {name!r} (weapons: {have}; or fist)")
