"""What a disarm and a body block do when they get through (PAL-DEF-DISARM, PAL-DMG-BODYBLOCK,
PAL-HR-DMG-BODYBLOCK): the weapon knocked away, the block's damage and its knockdown roll.

The body block follows the option ``body_block``. "balance" (RAW): 1D4 + the damage bonuses,
then the victim rolls percentile and must roll above the knockdown chance, 50 % and 5 % more
for each full 5 points of the attacker's P.S. above 20, or with a balance skill under it;
kept on his feet he still loses one attack. "strength" (house): no damage, and the attacker
rolls percentile under 50 % + 2 x (his P.S. - the victim's) + 20 % for each step between their
strength categories (normal, augmented, robotic, supernatural); a victim with a balance skill
who rolls under it is knocked back, not down. Readings (❓): rolling exactly the chance does
not save (RAW "exceed"); "under" a skill is strictly under, and "under" the house chance is at
or under it, as percentile rolls are read elsewhere in the rules. Every percentile roll is
judged "under": the knockdown chance (made, he falls), the balance skill less one (made, he
keeps his feet), each step of the chance shown on the roll.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rolls import roll, roll_under
from engine.rules.palladium import apm, damage, handtohand
from engine.rules.palladium.options import opts
from events.core import ConditionChanged, Event, Modifier, Roll
from events.palladium import (
    ActionCompleted,
    BalanceRolled,
    DamageRolled,
    StrikeDetail,
    WeaponDrawn,
    WeaponDropped,
    WeaponPickedUp,
)
from projections.palladium import InProgress, fighter
from projections.state import FightState

BLOCK = "PAL-DMG-BODYBLOCK"
HOUSE_BLOCK = "PAL-HR-DMG-BODYBLOCK"
BLOCK_DICE = "1D4"
BASE_CHANCE = 50
STRENGTH_STEPS = {"normal": 0, "augmented": 1, "robotic": 2, "supernatural": 3}


def disarm_lands(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """The weapon is knocked out of the target's hand, to the ground (PAL-DEF-DISARM)."""
    weapon = detail.at or ""
    return [
        WeaponDropped(actor=attacker, target=target, weapon=weapon, rule="PAL-DEF-DISARM"),
        ConditionChanged(
            combatant=target, condition="disarmed", present=True, rule="PAL-DEF-DISARM"
        ),
    ]


def pick_up_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """He picks up the weapon he was disarmed of; with none left on the ground he is no
    longer disarmed (PAL-DEF-DISARM)."""
    weapon = ip.at or ""
    events: list[Event] = [WeaponPickedUp(actor=actor, weapon=weapon)]
    if [w for w in fighter(state.combatants[actor]).dropped if w != weapon]:
        return events
    if "disarmed" not in state.combatants[actor].conditions:  # a weapon he threw himself
        return events
    return [
        *events,
        ConditionChanged(
            combatant=actor, condition="disarmed", present=False, rule="PAL-DEF-DISARM"
        ),
    ]


def draw_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """The weapon is in his hand (PAL-HR-MISC-COSTS); paid over turns, the action is done."""
    f = fighter(state.combatants[actor])
    weapon = ip.at or ""
    done: list[Event] = [ActionCompleted(actor=actor, action=ip.action)] if landing else []
    return [*done, WeaponDrawn(actor=actor, weapon=weapon, stowed=f.stowed.get(weapon, "ready"))]


def body_block_lands(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event] = (),
) -> list[Event]:
    """The block's damage (RAW) and the knockdown roll, as the option ``body_block`` says."""
    if opts(state).body_block == "strength":
        return _strength(state, attacker, target, dice, earlier)
    return _balance(state, attacker, target, detail, dice, earlier)


def _balance(
    state: FightState,
    attacker: str,
    target: str,
    detail: StrikeDetail,
    dice: Dice,
    earlier: Sequence[Event],
) -> list[Event]:
    ap = fighter(state.combatants[attacker]).profile
    tp = fighter(state.combatants[target]).profile
    mods: list[Modifier] = [*ap.damage]
    if detail.rolled:
        mods.append(damage.ROLLED)
    r = roll(dice, "damage", BLOCK_DICE, mods, rule=BLOCK)
    events: list[Event] = [DamageRolled(actor=attacker, target=target, roll=r, unit="SDC")]
    events += damage.take_damage(state, target, max(0, r.total), "SDC", detail.total)
    if not state.combatants[target].alive:
        return events
    chance = BASE_CHANCE + 5 * max(0, (ap.ps - 20) // 5)
    p = pronoun(state, target)
    feet = f"{p.they} {p.agree('keeps', 'keep')} {p.their} feet"
    falls = f"{p.they} {p.agree('falls', 'fall')}"
    if tp.balance is not None:
        d100 = balance_roll(dice, tp.balance, BLOCK, p.their)
        fell = (d100.margin or 0) < 0
        kept = f"under it: {feet}" if not fell else f"not under it: {falls}"
        reason = f"{d100.total} against {p.their} balance {tp.balance} %, {kept}"
    else:
        d100 = roll_under(dice, "knocked down", "1D100", BASE_CHANCE, _heavier(ap.ps), rule=BLOCK)
        fell = (d100.margin or 0) >= 0
        kept = f"above it: {feet}" if not fell else f"not above it: {falls}"
        reason = f"{d100.total} against a knockdown chance of {chance} %, {kept}"
    events.append(
        BalanceRolled(
            actor=attacker,
            target=target,
            roll=d100,
            chance=tp.balance if tp.balance is not None else chance,
            fell=fell,
            reason=reason,
            rule=BLOCK,
        )
    )
    earlier = [*earlier, *events]
    if fell:
        why = f"body-blocked by {ap.name}"
        return events + handtohand.fell(state, target, why, BLOCK, earlier)
    after = apm.spent(state, earlier)
    kept_feet = f"kept {p.their} feet"
    return [*events, apm.spend_off_turn(after, target, 1, kept_feet, BLOCK, "lost")]


def _heavier(ps: int) -> list[Modifier]:
    """5 % more knockdown chance for each full 5 points of the attacker's P.S. above 20."""
    more = 5 * max(0, (ps - 20) // 5)
    return [Modifier(name=f"P.S. {ps}", value=more, source="rules", rule=BLOCK)]


def balance_roll(dice: Dice, balance: int, rule: str, their: str) -> Roll:
    """Percentile under a balance skill to keep one's feet (``their``: the faller's possessive
    pronoun), judged under it: "under" the skill read as strictly under (if 45 %, 44 or
    less), shown as a step of -1 on the skill."""
    strictly = Modifier(name="strictly under the skill", value=-1, source="rules", rule=rule)
    return roll_under(dice, f"keep {their} feet", "1D100", balance, [strictly], rule=rule)


def _strength(
    state: FightState, attacker: str, target: str, dice: Dice, earlier: Sequence[Event]
) -> list[Event]:
    ap = fighter(state.combatants[attacker]).profile
    tp = fighter(state.combatants[target]).profile
    steps = STRENGTH_STEPS[ap.ps_type] - STRENGTH_STEPS[tp.ps_type]
    chance = BASE_CHANCE + 2 * (ap.ps - tp.ps) + 20 * steps
    odds = [
        Modifier(name=f"2 x (P.S. {ap.ps} - {tp.ps})", value=2 * (ap.ps - tp.ps),
                 source="rules", rule=HOUSE_BLOCK),
        Modifier(name=f"20 x {steps} strength categories ({ap.ps_type} against "
                 f"{tp.ps_type})", value=20 * steps, source="rules", rule=HOUSE_BLOCK),
    ]  # fmt: skip
    p = pronoun(state, target)
    d100 = roll_under(dice, f"knock {p.them} down", "1D100", BASE_CHANCE, odds, rule=HOUSE_BLOCK)
    down = (d100.margin or 0) >= 0
    reason = (
        f"{d100.total} against 50 % + 2 x (P.S. {ap.ps} - {tp.ps}) + 20 % x {steps} "
        f"strength steps = {chance} %: "
        + ("down" if down else f"{p.they} {p.agree('stands', 'stand')}")
    )
    events: list[Event] = [
        BalanceRolled(
            actor=attacker,
            target=target,
            roll=d100,
            chance=chance,
            fell=down,
            reason=reason,
            rule=HOUSE_BLOCK,
        )
    ]
    if not down:
        return events
    if tp.balance is not None:
        save = balance_roll(dice, tp.balance, HOUSE_BLOCK, p.their)
        kept = (save.margin or 0) >= 0
        events.append(
            BalanceRolled(
                actor=target,
                target=target,
                roll=save,
                chance=tp.balance,
                fell=not kept,
                reason=f"{save.total} against {p.their} balance {tp.balance} %: "
                + ("knocked back, not down" if kept else "down"),
                rule=HOUSE_BLOCK,
            )
        )
        if kept:
            return events
    why = f"body-blocked by {ap.name}"
    return events + handtohand.fell(state, target, why, HOUSE_BLOCK, [*earlier, *events])
