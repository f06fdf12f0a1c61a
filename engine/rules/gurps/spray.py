"""Spraying fire (GURPS-SPRAY): one burst shared among targets in order, a separate attack at
each.

``fracas spray A --at B:5 --at C:4:2 --defend dodge``: five shots at B, then four at C, two
yards from B (the yard between them wastes a shot, two a yard at RoF 17+). The shares and the
waste are :func:`engine.rules.gurps.situations.volleys.spray`; each target's attack goes
through the pack's attack (:func:`engine.rules.gurps.attack.resolve`) with his share as its
RoF and the Recoil one worse for each later target. Every target answers as ``--defend`` says
(a spray cannot leave several answers pending).
"""

from __future__ import annotations

import attrs
from msgspec.structs import replace

from engine.dice import Dice
from engine.inputs import MAX_COUNT, escaped, parse_int
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.attack import resolve
from engine.rules.gurps.common import check_turn, choose, fighter
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.limbs import gun_in_hand
from engine.rules.gurps.maneuvers import row
from engine.rules.gurps.options import opts
from engine.rules.gurps.sheet import rof_parts
from engine.rules.gurps.situations import volleys
from engine.rules.pack import Decision
from events.core import Event
from events.gurps import AttackDeclared, MalfunctionRolled, ShotsSpent, SprayDeclared
from projections.state import FightState


def _shares(d: SprayDeclared) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """The targets, the shots at each and the yards from each to the next, from ``--at``."""
    targets, shots, gaps = [], [], []
    for i, text in enumerate(d.at):
        parts = text.split(":")
        if len(parts) not in (2, 3) or not all(p.strip() for p in parts):
            raise UsageError(
                f"--at {escaped(text)}: expected TARGET:SHOTS, then TARGET:SHOTS:YARDS"
            )
        numbers = [
            parse_int(p.strip(), f"--at {escaped(text)}: {what}", 0, MAX_COUNT)
            for p, what in zip(parts[1:], ("SHOTS", "YARDS"), strict=False)
        ]
        if i and len(parts) != 3:
            raise UsageError(
                f"--at {text!r}: how many yards from the last target? TARGET:SHOTS:YARDS"
            )
        if not i and len(parts) == 3:
            raise UsageError(f"--at {text!r}: the first target has no yards from a last one")
        targets.append(parts[0].strip())
        shots.append(numbers[0])
        gaps += [numbers[1]] if i else []
    if len(targets) < 2:
        raise UsageError("a spray is at two targets or more (--at B:SHOTS --at C:SHOTS:YARDS)")
    return tuple(targets), tuple(shots), tuple(gaps)


def decide_spray(state: FightState, d: SprayDeclared, dice: Dice) -> Decision:
    """A sprayed burst on one's turn: the Attack maneuver unless another was chosen."""
    check_turn(state, d.actor)
    weapon = gun_in_hand(state, d.actor, d.weapon, "GURPS-SPRAY")
    targets, shots, gaps = _shares(d)
    rof, full_auto, projectiles = rof_parts(weapon.rof_text or str(weapon.rof))
    if projectiles > 1:
        raise IllegalAction("spraying is for rapid fire, not a shotgun's pellets (GURPS-SPRAY)")
    burst = d.rof if d.rof is not None else rof
    if burst > rof:
        raise IllegalAction(f"the {weapon.name} fires at most {rof} shots a turn")
    o = opts(state)
    shares = volleys.spray(
        burst,
        shots,
        gaps,
        recoil=weapon.recoil,
        gap_reading=o.spray_gap,
        two_per_yard_from=HIGH_ROF[o.spray_high_rof],
    )
    spent = sum(shots) + sum(b.wasted for b in shares)
    left = fighter(state, d.actor).shots.get(weapon.name, 0) if weapon.shots else spent
    least = volleys.minimum_rof(rof, left, full_auto_only=full_auto)
    if spent < least:
        raise IllegalAction(
            f"the {weapon.name} is full-auto only: at least {least} shots, not {spent}"
            " (GURPS-RF-FULLAUTO)"
        )
    if left < spent:
        raise IllegalAction(f"the {weapon.name} has {left} shot(s) left, not {spent}")
    f = fighter(state, d.actor)
    events: list[Event] = []
    if f.maneuver is None:
        events.append(choose(state, d.actor, "attack", target=targets[0], weapon=weapon.name))
        r = row("attack")
    else:
        r = row(f.maneuver, f.mode)
    r = attrs.evolve(r, attacks=f.attacks + len(targets))
    for target, share in zip(targets, shares, strict=True):
        now = fold_gurps(state, events)
        if share.wasted:
            was = fighter(now, d.actor).shots.get(weapon.name, 0)
            if weapon.shots:
                events.append(
                    ShotsSpent(
                        combatant=d.actor,
                        weapon=weapon.name,
                        spent=share.wasted,
                        left=was - share.wasted,
                    )
                )
                now = fold_gurps(state, events)
        one = AttackDeclared(
            actor=d.actor,
            target=target,
            weapon=weapon.name,
            rof=share.shots,
            range=d.range,
            mod=d.mod,
            defend=d.defend,
        )
        aimed = replace(weapon, recoil=share.recoil, rof_text=str(rof))
        produced, _ = resolve(now, one, aimed, r, dice, [])
        events += produced
        if any(isinstance(e, MalfunctionRolled) for e in produced):
            break  # the burst stops with the weapon (GURPS-MALF)
    return Decision(events, advance="next")


#: Option ``spray_high_rof``: the RoF from which a yard between targets wastes two shots.
HIGH_ROF: dict[str, int] = {"from_17": 17, "from_16": 16}
