"""Explosions and their fragments wired into an attack (GURPS-EXPLOSION, GURPS-FRAG).

An explosive weapon ("3d cr ex", "4d cr ex [2d]") that hits its target goes off there: the
target takes the hit as usual (and one fragment), and everyone the GM names with
``attack ... --blast C:4 --blast D:7:drop`` (yards from the blast; ``drop``: he dodges and
drops against the fragments) takes the collateral damage — the damage rolled over 3 x his
yards — on his torso DR with no armor divisor, and, within 5 yards a die of fragmentation, an
attack of the fragments at skill 15 (range, posture and SM only), 1 + 1 a 3 of margin
fragments, each cutting at a random location; his only defence is Dodge and Drop. The
numbers are :mod:`engine.rules.gurps.situations.explosions`.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.inputs import MAX_COUNT, escaped, parse_int
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps import defence, injury
from engine.rules.gurps.common import fighter, find_weapon
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.resolution import succeeded, success_roll
from engine.rules.gurps.situations import explosions
from engine.rules.gurps.tables import POSTURES, range_penalty
from engine.turns import known
from events.core import Event
from events.gurps import (
    AttackDeclared,
    AttackDetail,
    DamageRolled,
    DefenseRolled,
    GurpsWeapon,
    PostureChanged,
)
from events.gurps.ranged import BlastReached, FragmentsRolled
from events.gurps.records import Damage
from projections.state import FightState

_DROP = "drop"


def _near(text: str) -> tuple[str, int, bool]:
    """ "C:4" -> ("c", 4, False); "C:4:drop" -> ("c", 4, True)."""
    parts = text.split(":")
    if (
        len(parts) not in (2, 3)
        or not parts[0].strip()
        or not parts[1].strip()
        or parts[2:] not in ([], [_DROP])
    ):
        raise UsageError(f"--blast {escaped(text)}: expected ID:YARDS or ID:YARDS:drop")
    yards = parse_int(parts[1].strip(), f"--blast {escaped(text)}: YARDS", 0, MAX_COUNT)
    return parts[0].strip(), yards, len(parts) == 3


def check(state: FightState, d: AttackDeclared, weapon: GurpsWeapon) -> None:
    """Refuse ``--blast`` with a weapon that does not explode, or naming someone unknown, the
    target (he is struck) or twice."""
    if not d.blast:
        return
    if not weapon.damage.explosive:
        raise IllegalAction(f"the {weapon.name} does not explode (GURPS-EXPLOSION)")
    seen: set[str] = set()
    for text in d.blast:
        cid, _, _ = _near(text)
        known(state, cid)
        if cid == d.target or cid in seen:
            raise UsageError(f"--blast {text!r}: the target is struck; name each other one once")
        seen.add(cid)


def _dice(weapon: GurpsWeapon) -> int:
    return int(weapon.dice.split("D", 1)[0])


def blast(
    state: FightState, dice: Dice, actor: str, target: str, detail: AttackDetail, done: list[Event]
) -> list[Event]:
    """What the explosion does beyond the hit on ``target`` (``done``: that hit's events)."""
    weapon = find_weapon(state, actor, detail.weapon)
    if not weapon.damage.explosive:
        return []
    rolled = next((e for e in done if isinstance(e, DamageRolled) and e.target == target), None)
    if rolled is None:
        return []
    events: list[Event] = []
    frag = weapon.damage.frag
    if frag:
        events += _fragments(state, dice, actor, target, 0, 1, frag)
    for text in detail.blast:
        cid, yards, drop = _near(text)
        now = fold_gurps(state, events)
        if not now.combatants[cid].alive:
            continue
        events += _collateral(now, dice, actor, cid, yards, rolled.roll.total, weapon)
        if frag:
            events += _attack(fold_gurps(state, events), dice, actor, cid, yards, frag, drop)
    return events


def _collateral(
    state: FightState,
    dice: Dice,
    actor: str,
    cid: str,
    yards: int,
    rolled: int,
    weapon: GurpsWeapon,
) -> list[Event]:
    """The blast on someone not struck: rolled / (3 x yards) on his torso DR, no divisor."""
    damage = explosions.collateral_damage(rolled, yards, _dice(weapon))
    reached = BlastReached(actor=actor, victim=cid, yards=yards, rolled=rolled, damage=damage)
    if damage <= 0:
        return [reached]
    kind = weapon.damage.type
    blow = injury.Blow(
        dice=str(damage),
        damage=Damage(type=kind, explosive=True, text=f"{damage} {kind} ex (collateral)"),
        location=explosions.COLLATERAL.dr_location,
    )
    return [reached, *injury.hit(state, dice, actor, cid, blow)]


def _attack(
    state: FightState, dice: Dice, actor: str, cid: str, yards: int, frag: int, drop: bool
) -> list[Event]:
    """The fragments' attack on a bystander, his Dodge and Drop, and the fragments that hit."""
    if yards > explosions.fragment_radius(frag):
        return []
    f = fighter(state, cid)
    attack = explosions.fragment_attack(
        range_modifier=range_penalty(yards),
        posture_modifier=POSTURES[f.posture].target,
        sm=f.profile.sm,
    )
    r = success_roll(dice, "fragments", attack.skill, attack.modifiers, rule="GURPS-FRAG")
    hits = explosions.fragments(yards, frag, succeeded=succeeded(r), margin=r.margin or 0)
    events: list[Event] = [FragmentsRolled(actor=actor, victim=cid, yards=yards, hits=hits, roll=r)]
    if hits and drop and defence.no_defence(state, cid) is None:
        events += _dodge_and_drop(state, dice, actor, cid, hits)
        hits -= next(e.stopped for e in events if isinstance(e, DefenseRolled))
    return events + _fragments(fold_gurps(state, events), dice, actor, cid, yards, hits, frag)


def _dodge_and_drop(state: FightState, dice: Dice, actor: str, cid: str, hits: int) -> list[Event]:
    """Dodge and Drop, the only defence against fragments: stops 1 + margin of them."""
    detail = AttackDetail(weapon="fragments", ranged=True, tier="success", roll=0, margin=0,
                          hits=hits, allowed=("dodge",))  # fmt: skip
    base, mods = defence.defence_level(state, cid, actor, "dodge", None, detail, False, True)
    r = success_roll(dice, "dodge and drop", base, mods, rule="GURPS-FRAG")
    stopped = min(hits, 1 + max(0, r.margin or 0)) if succeeded(r) else 0
    return [
        DefenseRolled(
            defender=cid,
            attacker=actor,
            kind="dodge",
            roll=r,
            stopped=stopped,
            drop=True,
            reason=f"stops {stopped} of {hits} fragment(s)",
        ),
        PostureChanged(combatant=cid, posture="prone", rule="GURPS-FRAG"),
    ]


def _fragments(
    state: FightState, dice: Dice, actor: str, cid: str, yards: int, hits: int, frag: int
) -> list[Event]:
    """``hits`` fragments on ``cid``, each cutting at a random location, no armor divisor."""
    events: list[Event] = []
    if yards == 0:
        events.append(FragmentsRolled(actor=actor, victim=cid, yards=0, hits=hits))
    kind = explosions.FRAGMENT_DAMAGE_TYPE
    blow = injury.Blow(
        dice=f"{frag}D6",
        damage=Damage(dice=frag, type=kind, text=f"[{frag}d] {kind}"),  # type: ignore[arg-type]
    )
    for _ in range(hits):
        now = fold_gurps(state, events)
        if not now.combatants[cid].alive:
            break
        events += injury.hit(now, dice, actor, cid, blow)
    return events
