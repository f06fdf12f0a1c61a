"""Attacks per melee as the clock carries them: the round's pool or the passes' shares,
spending on and off turn, overdrafts, gains and losses, the ledger of sources, and losing
initiative. Each function returns events; nothing here touches the log.

Two round structures (option ``round_structure``):

* ``cycle`` (RAW): one pool of attacks for the round (PAL-ROUND-SEQUENCE); a defence or loss
  with none left is taken from the next round (PAL-ROUND-OUT-OF-ATTACKS).
* ``passes`` (house): the attacks are split over three passes, remainder to the earliest
  (PAL-HR-APM-SPLIT); each turn takes its pass's share into hand and the leftovers of the
  last turn vanish (PAL-HR-APM-RESET); defences and losses are paid from hand, then from later
  passes, then later rounds, without limit (PAL-HR-DEF-OVERDRAFT, PAL-HR-APM-GAIN-LOSE).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from msgspec.structs import replace

from engine.rules import IllegalAction
from engine.rules.palladium import conditions
from engine.rules.palladium.options import opts
from events.core import Event, OrderChanged
from events.palladium import (
    ApmSpent,
    AttacksGained,
    AttacksRefreshed,
    InitiativeLost,
    PalladiumOptions,
)
from projections.palladium import Fighter, fighter, on_apm_spent
from projections.state import FightState, evolve

PASSES = 3  # PAL-HR-ROUND-PASSES: three 5-second passes

#: What an attack is spent on, for the ledger (PAL-HR-APM-LEDGER).
Category = Literal["punch", "ranged", "machine", "other", "defence", "lost"]

#: Sources that may pay for each category, most restricted first. "ranged" is special-cased
#: for the hand-to-hand cap (PAL-HR-APM-H2H-RANGED-CAP). Reading: a lost attack is taken from
#: the most restricted source first, the one the fighter could least use.
_PAYERS: dict[str, tuple[str, ...]] = {
    "punch": ("boxing", "hand_to_hand", "general"),
    "machine": ("machine", "hand_to_hand", "general"),
    "other": ("hand_to_hand", "general"),
    "defence": ("hand_to_hand", "general"),
    "lost": ("boxing", "machine", "hand_to_hand", "general"),
}

_SOURCE_NAMES = {
    "boxing": "Boxing (punches only, PAL-HR-APM-BOXING)",
    "machine": "the machine's (only for the machine, PAL-HR-APM-RPA)",
    "hand_to_hand": "hand to hand",
    "general": "general",
}


def passes_mode(state: FightState) -> bool:
    """Whether rounds are made of passes (house) rather than one cycling pool (RAW)."""
    options = state.options  # opts(state), inlined: the rules ask this several times a ply
    return isinstance(options, PalladiumOptions) and options.round_structure == "passes"


def split(apm: int, passes: int = PASSES) -> tuple[int, ...]:
    """``apm`` over ``passes``, as evenly as possible, remainder to the earliest
    (PAL-HR-APM-SPLIT: 4 -> 2/1/1, 5 -> 2/2/1, 8 -> 3/3/2)."""
    base, rest = divmod(apm, passes)
    return tuple(base + (i < rest) for i in range(passes))


def refresh(state: FightState, cid: str, *, only_first_pass: bool = False) -> AttacksRefreshed:
    """A new round's attacks for ``cid``, less what he owes (PAL-ROUND-OUT-OF-ATTACKS,
    PAL-HR-DEF-OVERDRAFT): under passes, the split plus last round's gains in pass 1, with
    the debt taken from the passes in order. ``only_first_pass``: a surprise round is a
    single pass with the first pass's share (PAL-HR-SURPRISE). A condition that caps his
    attacks (dazed: one) caps the round's (engine/rules/palladium/conditions.py)."""
    c = state.combatants[cid]
    f = fighter(c)
    cap = conditions.apm_cap(c)
    total = f.apm_total if cap is None else min(f.apm_total, cap)
    if not passes_mode(state) and not only_first_pass:
        repaid = min(f.owed, total)
        return AttacksRefreshed(
            combatant=cid, apm=total - repaid, repaid=repaid, owed=f.owed - repaid
        )
    shares = list(split(total))
    if only_first_pass:
        shares = shares[:1]
    shares[0] += f.credit
    owed = f.owed
    for i, n in enumerate(shares):
        take = min(n, owed)
        shares[i] -= take
        owed -= take
    return AttacksRefreshed(
        combatant=cid,
        apm=sum(shares),
        repaid=f.owed - owed,
        owed=owed,
        passes=tuple(shares),
        credit=f.credit,
    )


def _capacity(f: Fighter) -> dict[str, int]:
    sources = dict(f.profile.apm_sources) or {"hand_to_hand": f.apm_total}
    return {k: v - f.spent.get(k, 0) for k, v in sources.items() if k != "ranged_h2h"} | {
        k: -v for k, v in f.spent.items() if k not in sources and k != "ranged_h2h" and v < 0
    }


def _h2h_ranged_cap(f: Fighter) -> int:
    """At most half (rounded up) of the hand-to-hand attacks on gunshots."""
    h2h = dict(f.profile.apm_sources).get("hand_to_hand", f.apm_total)
    return (h2h + 1) // 2


def assign(
    state: FightState, cid: str, category: Category, amount: int
) -> tuple[dict[str, int], int, str | None]:
    """Which sources pay ``amount`` attacks of ``category`` this round: (ledger, how many of
    them are shot wild, why not all could be paid or None). Without the ``apm_ledger`` option
    every attack pays for anything and the ledger is empty (PAL-HR-APM-LEDGER)."""
    if not opts(state).apm_ledger or amount <= 0:
        return {}, 0, None
    f = fighter(state.combatants[cid])
    left = _capacity(f)
    ledger: dict[str, int] = {}
    wild = 0

    def take(source: str, most: int) -> int:
        n = min(most, max(0, left.get(source, 0)))
        if n:
            left[source] -= n
            ledger[source] = ledger.get(source, 0) + n
        return n

    need = amount
    if category == "ranged":
        room = max(0, _h2h_ranged_cap(f) - f.spent.get("ranged_h2h", 0))
        n = take("hand_to_hand", min(need, room))
        if n:
            ledger["ranged_h2h"] = n
        need -= n
        need -= take("general", need)
        over = take("hand_to_hand", need)
        if over:
            ledger["ranged_h2h"] = ledger.get("ranged_h2h", 0) + over
        wild, need = over, need - over
    else:
        for source in _PAYERS[category]:
            need -= take(source, need)
    why = None
    if need > 0:
        left_desc = ", ".join(f"{n} {_SOURCE_NAMES.get(k, k)}" for k, n in left.items() if n > 0)
        why = (
            f"{need} of the {amount} attacks cannot be paid from what may pay for "
            f"{'a ' + category if category != 'other' else 'this'} this round "
            f"(left: {left_desc or 'none'}; PAL-HR-APM-LEDGER)"
        )
    return ledger, wild, why


def strike_back(state: FightState, cid: str, on: str, rule: str) -> ApmSpent:
    """One attack in hand for a blow struck back at once (a simultaneous attack, a paired
    weapon's strike), refused when the ledger cannot pay it (PAL-HR-APM-LEDGER)."""
    ledger, _, refused = assign(state, cid, "other", 1)
    if refused:
        raise IllegalAction(f"{state.combatants[cid].name}: {refused}")
    return ApmSpent(combatant=cid, amount=1, on=on, rule=rule, ledger=ledger)


def assign_action(
    state: FightState, cid: str, category: Category, amount: int, first: bool
) -> tuple[dict[str, int], int, str | None]:
    """``assign`` for an installment of an action. Only a shot's first attack is a ranged
    attack for the hand-to-hand cap; what aiming and calling add is an add-on, listed apart
    from attacks (001: spending actions), so it pays as any other action (reading of
    PAL-HR-APM-H2H-RANGED-CAP)."""
    if category != "ranged":
        return assign(state, cid, category, amount)
    if not first:
        return assign(state, cid, "other", amount)
    ledger, wild, why = assign(state, cid, "ranged", 1)
    if why or amount == 1:
        return ledger, wild, why
    f = fighter(state.combatants[cid])
    after = replace(f, spent={k: f.spent.get(k, 0) + ledger.get(k, 0) for k in {*f.spent, *ledger}})
    c = state.combatants[cid]
    probe = state.with_combatant(evolve(c, data=after))
    rest, _, why = assign(probe, cid, "other", amount - 1)
    merged = {k: ledger.get(k, 0) + rest.get(k, 0) for k in {*ledger, *rest}}
    return merged, wild, why


def spend_on_turn(
    state: FightState,
    cid: str,
    amount: int,
    on: str,
    rule: str,
    category: Category,
    first: bool = True,
) -> tuple[ApmSpent, int]:
    """Attacks from hand for the actor's own action; returns the event and how many were shot
    wild (PAL-HR-APM-H2H-RANGED-CAP). IllegalAction if the ledger cannot pay."""
    ledger, wild, why = assign_action(state, cid, category, amount, first)
    if why:
        raise IllegalAction(f"{state.combatants[cid].name}: {why}")
    return ApmSpent(combatant=cid, amount=amount, on=on, rule=rule, ledger=ledger, turn=True), wild


def _from_hand_then_passes(
    state: FightState, f: Fighter, amount: int
) -> tuple[int, list[int], int]:
    """Take ``amount`` attacks from hand, then from this round's later passes in order:
    (from hand, from each later pass, what is still wanting)."""
    from_hand = min(amount, max(0, f.apm_left))
    need = amount - from_hand
    later: list[int] = []
    if passes_mode(state) and f.passes:
        for n in f.passes:
            take = min(need, n)
            later.append(take)
            need -= take
    return from_hand, later, need


def spend_off_turn(
    state: FightState, cid: str, amount: int, on: str, rule: str, category: Category
) -> ApmSpent:
    """Attacks for a defence or a loss, never refused.

    Cycle: from the round's pool, the rest owed by the next round (PAL-ROUND-OUT-OF-ATTACKS).
    Passes: from hand, then from this round's later passes in order, then owed by later
    rounds without limit (PAL-HR-DEF-OVERDRAFT, PAL-HR-APM-GAIN-LOSE). Under the ledger only
    what this round's sources may pay for is taken this round; the rest is owed."""
    f = fighter(state.combatants[cid])
    ledger, _, _ = assign(state, cid, category, amount)
    in_round = sum(v for k, v in ledger.items() if k != "ranged_h2h") if ledger else amount
    if opts(state).apm_ledger and not ledger:
        in_round = 0
    from_hand, later, _ = _from_hand_then_passes(state, f, min(amount, in_round))
    owed = amount - from_hand - sum(later)
    if ledger and owed:
        # what is owed is not paid by this round's sources
        paid = amount - owed
        trimmed: dict[str, int] = {}
        for k in ("boxing", "machine", "hand_to_hand", "general"):
            n = min(paid, ledger.get(k, 0))
            if n:
                trimmed[k] = n
                paid -= n
        ledger = trimmed
    return ApmSpent(
        combatant=cid,
        amount=amount,
        on=on,
        rule=rule,
        owed=owed,
        later=tuple(later) if any(later) else (),
        ledger=ledger,
    )


def taken_away(state: FightState, cid: str, amount: int, on: str, rule: str) -> ApmSpent:
    """Attacks a condition takes away (a cap: dazed leaves one, the stunned none): from hand,
    then from this round's later passes in order, and never owed by a later round, whatever
    the ledger says this round's sources could pay (attacks still in hand from last round,
    kept for defences until his next turn, are not this round's; PAL-HR-PASS-TURN). The
    ledger records what this round's sources lose."""
    f = fighter(state.combatants[cid])
    _, later, need = _from_hand_then_passes(state, f, amount)
    taken = amount - need
    ledger, _, _ = assign(state, cid, "lost", taken)
    return ApmSpent(
        combatant=cid,
        amount=taken,
        on=on,
        rule=rule,
        later=tuple(later) if any(later) else (),
        ledger=ledger,
    )


def gain(state: FightState, cid: str, amount: int, rule: str, reason: str) -> AttacksGained:
    """Gained attacks: into hand on one's own turn or under a cycling round; otherwise into
    the next turn, which may be next round's first (PAL-HR-APM-GAIN-LOSE)."""
    f = fighter(state.combatants[cid])
    clock = state.clock
    if not passes_mode(state) or clock.acting == cid:
        return AttacksGained(combatant=cid, amount=amount, into="now", rule=rule, reason=reason)
    upcoming = clock.pass_ if f.pool_pass < clock.pass_ else clock.pass_ + 1
    if clock.round and clock.acting is not None and 1 <= upcoming <= len(f.passes):
        return AttacksGained(
            combatant=cid,
            amount=amount,
            into="pass",
            pass_number=upcoming,
            rule=rule,
            reason=reason,
        )
    return AttacksGained(combatant=cid, amount=amount, into="next_round", rule=rule, reason=reason)


def lose_initiative(state: FightState, cid: str, rule: str, reason: str) -> list[Event]:
    """Lose initiative, once (no stacking). Option ``lose_initiative``: "house" (PAL-HR-LOSE-INIT)
    sets initiative 0 now if he has not acted this round, else next round starts at 0 without
    a roll; "last_this_round" (RAW reading of PAL-COND-KNOCKDOWN) moves him to the end of this
    round's order; "only_if_acted" (the other RAW reading of "loses initiative (if he had
    it)", 000:L187) does so only if he has acted this round: one who has not yet acted had no
    initiative to lose and keeps his place (nothing happens, :func:`keeps_initiative`). Before
    any round, "house" and "last_this_round" wait for the first. Several at 0 keep the order
    in which they lost it (the text gives none)."""
    f = fighter(state.combatants[cid])
    if f.lost_init is not None or keeps_initiative(state, cid):
        return []
    clock = state.clock
    house = opts(state).lose_initiative == "house"
    if clock.round == 0 or (house and f.acted) or clock.acting is None:
        if not house and clock.round and clock.acting is None:
            return []  # the round is spent; RAW says nothing of the next one
        return [InitiativeLost(combatant=cid, when="next_round", rule=rule, reason=reason)]
    events: list[Event] = [InitiativeLost(combatant=cid, when="now", rule=rule, reason=reason)]
    if cid in clock.order:
        order = (*(c for c in clock.order if c != cid), cid)
        if order != clock.order:
            name = state.combatants[cid].name
            events.append(OrderChanged(order=order, reason=f"{name} lost initiative ({rule})"))
    return events


def keeps_initiative(state: FightState, cid: str) -> bool:
    """Under ``lose_initiative=only_if_acted``: ``cid`` has not acted this round, so he had
    no initiative to lose (PAL-COND-KNOCKDOWN, "if he had it")."""
    return (
        opts(state).lose_initiative == "only_if_acted" and not fighter(state.combatants[cid]).acted
    )


def spent(state: FightState, earlier: Sequence[Event]) -> FightState:
    """``state`` with the attacks the ply's ``earlier`` events spent (hand, later passes, the
    ledger's sources): a second spend in one ply must not take the same attack again."""
    for e in earlier:
        if isinstance(e, ApmSpent):
            state = on_apm_spent(state, e)
    return state
