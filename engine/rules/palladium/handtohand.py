"""What a hand-to-hand move adds to a strike: the checks when it is declared, how hard a
critical hits, the knockdown of a sweep or trip, and the roll that pulls a blow.

Each function returns events or values; nothing here touches the log or the clock. The moves
themselves are data (:mod:`moves`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UsageError
from engine.rules.palladium import apm, conditions
from engine.rules.palladium.moves import MOVES, Move, allowed
from engine.rules.palladium.options import opts
from engine.turns import for_rounds
from events.core import Event, Modifier
from events.palladium import (
    Profile,
    PullRolled,
    StrikeDeclared,
    StrikeRolled,
    WeaponProfile,
)
from projections.palladium import fighter
from projections.state import FightState

PULL_TARGET = 11  # PAL-DMG-PULL: 11 or more on 1D20 + pull bonuses holds the blow back
LOS = "PAL-DEF-LOS"


def check_move(
    state: FightState, p: Profile, d: StrikeDeclared, weapon: WeaponProfile | None
) -> Move | None:
    """The move a strike is made with (None: a plain strike), refused before anything is
    rolled when the fighter's style does not grant it, when it is combined with a weapon,
    or when a pull cannot apply (PAL-STRIKE-H2H-BONUS-TABLES, PAL-DMG-PULL)."""
    move = None
    if d.move is not None:
        if weapon is not None:
            raise UsageError(
                f"--move {d.move} is made bare-handed: drop --weapon {weapon.name} or --move"
            )
        move, _ = allowed(p, d.move)
    if d.pull is not None:
        floor = opts(state).pull_punch_floor
        if d.pull < floor:
            raise UsageError(
                f"--pull {d.pull}: a pulled blow is held to {floor} point at least under the "
                "option pull_punch_floor (PAL-DMG-PULL)"
            )
        if "pull_punch" not in p.moves:
            raise IllegalAction(
                f"{p.name} has no hand-to-hand training to pull a blow with (PAL-DMG-PULL)"
            )
        if weapon is not None and weapon.kind == "ranged":
            raise IllegalAction("a shot cannot be pulled; only a blow can (PAL-DMG-PULL)")
        if move is not None and move.knockdown:
            raise IllegalAction(f"{move.label} does no damage: there is nothing to pull")
    return move


def check_death_blow(p: Profile, weapon: WeaponProfile | None) -> None:
    """A death blow at will needs the sheet's grant, and a blow, not a shot
    (PAL-DMG-DEATHBLOW)."""
    if not p.death_blow_at_will:
        raise IllegalAction(
            f"{p.name} has no death blow at will (PAL-DMG-DEATHBLOW: the sheet's "
            "hand_to_hand.death_blow_at_will); a natural roll in the death blow range offers one"
        )
    if weapon is not None and weapon.kind == "ranged":
        raise IllegalAction("a death blow is a blow, never a shot (PAL-DMG-DEATHBLOW)")


def check_pull(d: StrikeDeclared) -> None:
    """A blow is pulled or a death blow, not both (PAL-DMG-PULL, PAL-DMG-DEATHBLOW)."""
    if d.death_blow and d.pull is not None:
        raise UsageError("--pull and --death-blow pull two ways: give one of them")


def unseen_reason(from_behind: bool, unseen: bool) -> str:
    """Why the target may not parry or dodge (PAL-DEF-LOS), or ""."""
    if from_behind:
        return f"an attack from behind cannot be parried or dodged ({LOS})"
    if unseen:
        return f"an attack unseen by its target cannot be parried or dodged ({LOS})"
    return ""


def critical_times(
    state: FightState, p: Profile, s: StrikeRolled, from_behind: bool
) -> tuple[int, str]:
    """What a critical of ``s`` multiplies damage by, and why: 2 (PAL-DMG-CRIT); the style's
    multiplier for a critical from behind (PAL-DMG-CRIT-BEHIND: x3 for Expert); 3 when the
    move is itself a critical source, a leap or jump kick, under ``leap_kick_critical``
    "triple" (combined criticals, PAL-DMG-CRIT)."""
    times, rule = 2, "PAL-DMG-CRIT"
    if from_behind and (p.crit_from_behind or 0) > times:
        times, rule = p.crit_from_behind or times, "PAL-DMG-CRIT-BEHIND"
    move = MOVES.get(s.move or "")
    combined = move is not None and move.critical and opts(state).leap_kick_critical == "triple"
    if combined and times < 3:
        times, rule = 3, "PAL-DMG-CRIT"
    return times, rule


def knockdown(
    state: FightState, attacker: str, target: str, move: Move, earlier: Sequence[Event] = ()
) -> list[Event]:
    """A sweep, trip or body flip that lands fells the target (PAL-DMG-SWEEP,
    PAL-DMG-BODYFLIP, PAL-COND-KNOCKDOWN)."""
    who = state.combatants[attacker].name
    why = f"knocked down by {who}'s {move.label[move.label.index(' ') + 1 :]}"
    return fell(state, target, why, move.rule, earlier)


def fell(
    state: FightState, target: str, why: str, rule: str, earlier: Sequence[Event] = ()
) -> list[Event]:
    """Knocked down: he loses initiative and one attack, and is down for the rest of the
    round (PAL-COND-KNOCKDOWN); ``earlier``: the ply's events before (attacks they took)."""
    events = apm.lose_initiative(state, target, "PAL-COND-KNOCKDOWN", why)
    after = apm.spent(state, earlier)
    events.append(apm.spend_off_turn(after, target, 1, "knocked down", rule, "lost"))
    events.append(for_rounds(state, target, "knocked down", 1, rule))
    return events


def pull_roll(
    state: FightState, attacker: str, target: str, limit: int, dice: Dice
) -> tuple[PullRolled, Modifier | None]:
    """The roll to pull a blow that landed: 1D20 + pull bonuses, 11 or more holds the damage to
    ``limit`` points; under it the blow lands in full (PAL-DMG-PULL). Returns the event and the
    cap to put on the damage roll (None: no cap)."""
    p = fighter(state.combatants[attacker]).profile
    r = roll(dice, "pull punch", "1D20", p.pull, target=PULL_TARGET, rule="PAL-DMG-PULL")
    held = r.total >= PULL_TARGET
    event = PullRolled(actor=attacker, target=target, roll=r, limit=limit, success=held)
    if not held:
        return event, None
    cap = Modifier(name="pulled blow", value=limit, source="rules", rule="PAL-DMG-PULL", op="cap")
    return event, cap


def capped(
    state: FightState, cid: str, condition: str, earlier: Sequence[Event] = ()
) -> list[Event]:
    """A condition that caps attacks (dazed: one; unconscious, stunned: none) takes, from the
    moment it starts, the attacks in hand beyond the cap (conditions.py); ``earlier`` are the
    events of the same ply before it (attacks they already took are not taken twice)."""
    k = conditions.CONDITIONS.get(condition)
    if k is None:
        return []
    state = apm.spent(state, earlier)  # what the ply already spent is not taken again
    cap = 0 if not k.acts else k.apm
    f = fighter(state.combatants[cid])
    left = f.apm_left + (sum(f.passes) if apm.passes_mode(state) else 0)  # and later passes
    if cap is None or left <= cap:
        return []
    return [apm.taken_away(state, cid, left - cap, k.name, k.rule)]
