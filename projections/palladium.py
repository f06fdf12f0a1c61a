"""Reducers and read models for the Palladium pack: attacks per melee, pools, actions in progress.

Units: ``sdc``/``hp`` are S.D.C./H.P.; ``mdc`` (a Mega-Damage being's body) and
``armor_mdc`` are M.D.C.; ``armor_sdc`` is the S.D.C. of S.D.C. armor.
"""

# No `from __future__ import annotations`: msgspec reads these records' annotations to decode
# snapshots, and evaluating them from strings costs about 1 ms a command.

from collections.abc import Callable
from typing import Any, cast

import msgspec
from msgspec.structs import replace

from events import palladium as pe
from events.core import Event
from projections.fold import Reducer
from projections.state import CombatantState, FightState, evolve


class InProgress(msgspec.Struct, frozen=True, kw_only=True):
    """A multi-attack or long action declared and partly paid (PAL-COST-MULTI-LANDING,
    PAL-HR-LONG-ACTION); it happens on the turn its last attack is paid."""

    action: str
    target: str
    cost: int
    paid: int = 0
    kick: bool = False
    defend: str | None = None
    weapon: str | None = None
    aimed: bool = False
    called: str | None = None
    range: int | None = None
    note: str = ""
    move: str | None = None
    from_behind: bool = False
    unseen: bool = False
    pull: int | None = None
    #: What the strike is for beyond a blow: "hold" (a grapple, PAL-COND-HELD), "body-block"
    #: (PAL-DMG-BODYBLOCK), "disarm" (PAL-DEF-DISARM).
    purpose: str | None = None
    #: What the purpose is at: a grapple's hold, a disarm's weapon.
    at: str | None = None
    death_blow: bool = False
    #: A shot's situation ("wild", "blind", "moving", "at-weapon") and its target's speed.
    situation: tuple[str, ...] = ()
    target_mph: int | None = None
    burst: str | None = None
    cover: int | None = None
    #: A volley: how many missiles, and who else stands in the blast radius (PAL-MSL-VOLLEY);
    #: a shot: the bystander a miss strikes instead (PAL-STRIKE-STRAY).
    missiles: int = 0
    caught: tuple[str, ...] = ()


class Fighter(msgspec.Struct, frozen=True, kw_only=True):
    """A Palladium combatant's changing numbers, plus the profile derived at join.

    A msgspec struct rather than attrs: the rebuild loop replaces it on most events, and
    ``msgspec.structs.replace`` costs about a tenth of ``attrs.evolve`` (bench/run.py).
    """

    profile: pe.Profile
    apm_total: int
    #: Attacks in hand now: the round's under RAW; this turn's pass allotment under the house
    #: passes, kept for defences until the next turn begins (PAL-HR-APM-RESET).
    apm_left: int
    #: Attacks owed by later rounds (PAL-ROUND-OUT-OF-ATTACKS, PAL-HR-DEF-OVERDRAFT).
    owed: int = 0
    #: Rounds of passes: the attacks of each pass not yet taken into hand (pass 1 first).
    passes: tuple[int, ...] = ()
    #: The pass whose turn put ``apm_left`` in hand (0: none this round).
    pool_pass: int = 0
    #: Attacks gained for next round's first turn (PAL-HR-APM-GAIN-LOSE).
    credit: int = 0
    #: Attacks spent this round by source (PAL-HR-APM-LEDGER); "ranged_h2h" counts the
    #: hand-to-hand attacks spent on gunshots (PAL-HR-APM-H2H-RANGED-CAP).
    spent: dict[str, int] = msgspec.field(default_factory=dict)
    #: Whether he has had a turn or spent an attack on his own action this round.
    acted: bool = False
    #: Lost initiative: "now" (this round) or "next_round" (PAL-HR-LOSE-INIT; no stacking).
    lost_init: str | None = None
    #: Psionic activations as (round, pass, turn) for the escalating cost (PAL-HR-PSI-COST).
    psi: tuple[tuple[int, int, int], ...] = ()
    #: Targets already shot this round while unseen (PAL-INIT-AUTO-RANGED).
    unseen_shot: tuple[str, ...] = ()
    hp: int = 0
    sdc: int = 0
    mdc: int | None = None
    armor_mdc: int | None = None
    armor_sdc: int | None = None
    #: What is left of the arms that may shield him from a volley (PAL-MSL-BLOCK).
    arms: int | None = None
    initiative: int | None = None
    in_progress: InProgress | None = None
    #: Attackers he has parried (or tried to) since the parry limit was last reset: at a
    #: round's start, or at his own turn under the house reading (PAL-DEF-MULTI-3).
    parried: tuple[str, ...] = ()
    #: Whom he holds, and the hold: (victim, hold) (PAL-COND-HELD).
    holding: tuple[str, str] | None = None
    #: Who holds him, and the hold: (holder, hold).
    held_by: tuple[str, str] | None = None
    #: Whom he entangles (PAL-DEF-ENTANGLE), and the round he last paid for it.
    entangling: str | None = None
    entangle_round: int = 0
    #: Who entangles him, and the entangle total he must dodge against to get free.
    entangled_by: tuple[str, int] | None = None
    #: Weapons knocked out of his hands (PAL-DEF-DISARM).
    dropped: tuple[str, ...] = ()
    #: Creatures with a Horror Factor he has saved against; those whose first attack this
    #: round he cannot parry or dodge, having failed (PAL-COND-HORROR).
    faced: tuple[str, ...] = ()
    frightened: tuple[str, ...] = ()
    #: Shots left in each weapon that keeps count (PAL-RNG-PAYLOAD).
    shots: dict[str, int] = msgspec.field(default_factory=dict)
    #: Missiles left of each kind he carries (PAL-MSL-VOLLEY).
    missiles: dict[str, int] = msgspec.field(default_factory=dict)
    #: His covering fire while it lasts (PAL-HR-RNG-COVERING-FIRE).
    covering: pe.Covering | None = None
    #: His thrown grenades that have not gone off yet (PAL-HR-GRENADE-DELAY).
    grenades: tuple[pe.LiveGrenade, ...] = ()
    #: Weapons not in hand and where they are: "ready" or "pack" (PAL-HR-MISC-COSTS).
    stowed: dict[str, str] = msgspec.field(default_factory=dict)
    #: M.D.C. left of each weapon whose sheet gives it some; 0: destroyed
    #: (PAL-RNG-TARGET-WEAPON).
    weapon_mdc: dict[str, int] = msgspec.field(default_factory=dict)

    def destroyed(self) -> tuple[str, ...]:
        """His weapons shot to pieces (PAL-RNG-TARGET-WEAPON)."""
        if not self.weapon_mdc:  # most sheets give no weapon M.D.C.
            return ()
        return tuple([w for w, left in self.weapon_mdc.items() if left <= 0])


#: What an ``ActionStarted`` and the ``InProgress`` it begins have in common.
ACTION_FIELDS: tuple[str, ...] = tuple(
    name for name in InProgress.__struct_fields__ if name != "paid"
)


def fighter(c: CombatantState) -> Fighter:
    """The Palladium record of a combatant."""
    f: Fighter = c.data  # not typing.cast: a call, and the rules ask this a few dozen times a ply
    return f


def update(state: FightState, cid: str, **changes: Any) -> FightState:
    """``state`` with these fields of ``cid``'s record changed (``with_combatant`` inlined:
    the rebuild's commonest step)."""
    combatants = dict(state.combatants)
    c = combatants[cid]
    combatants[cid] = replace(c, data=replace(c.data, **changes))
    return replace(state, combatants=combatants)


def put(state: FightState, c: CombatantState, record: Fighter) -> FightState:
    """``state`` with ``record`` as combatant ``c``'s: :func:`update` for a reducer that has
    built the record itself (the commonest events, which a rebuild folds by the ten
    thousand, each saving the copy of a keyword dict)."""
    combatants = dict(state.combatants)
    combatants[c.id] = replace(c, data=record)
    return replace(state, combatants=combatants)


def on_fighter_readied(state: FightState, e: pe.FighterReadied) -> FightState:
    """Set up the combatant's record from its profile: full attacks and pools."""
    c = state.combatants[e.combatant]
    return state.with_combatant(evolve(c, data=readied(state, e.profile)))


def readied(state: FightState, p: pe.Profile) -> Fighter:
    """A fresh record from a profile, as at a join: full attacks and pools."""
    apm = sum(m.value for m in p.attacks)
    # Under passes attacks come into hand only when a turn begins (PAL-HR-APM-RESET).
    options = state.options
    passes = isinstance(options, pe.PalladiumOptions) and options.round_structure == "passes"
    return Fighter(
        profile=p,
        apm_total=apm,
        apm_left=0 if passes else apm,
        hp=p.hp,
        sdc=p.sdc,
        mdc=p.mdc,
        armor_mdc=p.armor.mdc if p.armor else None,
        armor_sdc=p.armor.sdc if p.armor else None,
        arms=p.arms,
        shots={w.name: w.payload for w in p.weapons if w.payload is not None},
        missiles={m.name: m.count for m in p.missiles},
        stowed={w.name: w.stowed for w in p.weapons if w.stowed is not None},
        weapon_mdc={w.name: w.mdc for w in p.weapons if w.mdc is not None},
    )


def on_initiative_rolled(state: FightState, e: pe.InitiativeRolled) -> FightState:
    """Remember the combatant's latest initiative total (0 without a roll when he lost it
    last round: lost for this round too, PAL-HR-LOSE-INIT)."""
    if e.lost:
        return update(state, e.combatant, initiative=e.roll.total, lost_init="now")
    if e.attempt > 1:
        return state  # a tie re-roll only breaks the tie; the initiative stays the first total
    return update(state, e.combatant, initiative=e.roll.total)


def on_attacks_refreshed(state: FightState, e: pe.AttacksRefreshed) -> FightState:
    """A new round's attacks (owed ones already taken off). A cycling round puts them all in
    hand and ends any action in progress; a round of passes sets each pass's share and leaves
    the attacks in hand, and a long action, until the fighter's next turn."""
    f = fighter(state.combatants[e.combatant])
    lost = f.lost_init if f.lost_init == "next_round" else None
    common: dict[str, Any] = {
        "owed": e.owed,
        "spent": {},
        "acted": False,
        "lost_init": lost,
        "credit": 0,
        "unseen_shot": (),
        "parried": (),
        "frightened": (),
    }
    if e.credit:
        common["spent"] = {"general": -e.credit}  # gained attacks may pay for anything
    if e.passes:
        return update(state, e.combatant, passes=e.passes, pool_pass=0, **common)
    return update(state, e.combatant, apm_left=e.apm, passes=(), in_progress=None, **common)


def on_turn_began(state: FightState, e: pe.TurnBegan) -> FightState:
    """The pass's attacks are in hand; the last turn's leftovers are gone."""
    f = fighter(state.combatants[e.combatant])
    passes = tuple(0 if i == e.pass_number - 1 else n for i, n in enumerate(f.passes))
    return update(
        state, e.combatant, apm_left=e.apm, passes=passes, pool_pass=e.pass_number, acted=True
    )


def on_action_started(state: FightState, e: pe.ActionStarted) -> FightState:
    """A multi-attack or long action is under way (its record: the event's fields)."""
    ip = InProgress(**{k: getattr(e, k) for k in ACTION_FIELDS})
    return update(state, e.actor, in_progress=ip)


def on_apm_spent(state: FightState, e: pe.ApmSpent) -> FightState:
    """Attacks spent: from hand, from later passes, and on credit from later rounds."""
    c = state.combatants[e.combatant]
    f = fighter(c)
    later = e.later
    left = f.apm_left - (e.amount - e.owed - (sum(later) if later else 0))
    ip = f.in_progress
    paying = ip is not None and e.on == ip.action
    if not (paying or later or e.owed or e.ledger or (e.turn and not f.acted)):
        return put(state, c, replace(f, apm_left=left))  # the commonest event of a fight
    changes: dict[str, Any] = {"apm_left": left}
    if ip is not None and paying:
        changes["in_progress"] = replace(ip, paid=ip.paid + e.amount)
    if later:
        changes["passes"] = tuple(
            n - (later[i] if i < len(later) else 0) for i, n in enumerate(f.passes)
        )
    if e.owed:
        changes["owed"] = f.owed + e.owed
    if e.ledger:
        spent = dict(f.spent)
        for k, v in e.ledger.items():
            spent[k] = spent.get(k, 0) + v
        changes["spent"] = spent
    if e.turn and not f.acted:
        changes["acted"] = True
    return put(state, c, replace(f, **changes))


def on_attacks_gained(state: FightState, e: pe.AttacksGained) -> FightState:
    """Gained attacks land in hand, in a later pass, or in next round's first turn."""
    f = fighter(state.combatants[e.combatant])
    if e.into == "next_round":
        return update(state, e.combatant, credit=f.credit + e.amount)
    # gained attacks pay for anything (PAL-HR-APM-MAGIC-PSI): the ledger's general room grows
    spent = {**f.spent, "general": f.spent.get("general", 0) - e.amount}
    if e.into == "now":
        return update(state, e.combatant, apm_left=f.apm_left + e.amount, spent=spent)
    i = e.pass_number - 1
    passes = tuple(n + e.amount if j == i else n for j, n in enumerate(f.passes))
    return update(state, e.combatant, passes=passes, spent=spent)


def on_initiative_lost(state: FightState, e: pe.InitiativeLost) -> FightState:
    """Initiative 0 now, or a mark that next round starts at 0."""
    if e.when == "now":
        return update(state, e.combatant, lost_init="now", initiative=0)
    return update(state, e.combatant, lost_init="next_round")


def on_action_completed(state: FightState, e: pe.ActionCompleted) -> FightState:
    """The action in progress has happened; a psionic one is counted (PAL-HR-PSI-COST)."""
    f = fighter(state.combatants[e.actor])
    psi = f.psi
    if e.action == "psionic":
        clock = state.clock
        psi = (*psi, (clock.round, clock.pass_, clock.turn))
    return update(state, e.actor, in_progress=None, psi=psi)


def on_action_abandoned(state: FightState, e: pe.ActionAbandoned) -> FightState:
    """The action in progress is gone."""
    return update(state, e.actor, in_progress=None)


def on_strike_rolled(state: FightState, e: pe.StrikeRolled) -> FightState:
    """The striker's multi-attack action has landed, if this strike is that action (another
    strike, such as a simultaneous attack made meanwhile, leaves it under way). An unseen
    shooter's targets are remembered for the round (PAL-INIT-AUTO-RANGED)."""
    c = state.combatants[e.actor]
    f = fighter(c)
    changes: dict[str, Any] = {}
    if "unseen" in c.conditions and e.weapon is not None and e.target not in f.unseen_shot:
        changes["unseen_shot"] = (*f.unseen_shot, e.target)
    ip = f.in_progress
    if ip is not None and ip.action == e.action:
        changes["in_progress"] = None
    if changes:
        state = update(state, e.actor, **changes)
    target = state.combatants.get(e.target)
    if target is not None and e.actor in fighter(target).frightened:  # his first attack: spent
        left = tuple(x for x in fighter(target).frightened if x != e.actor)
        state = update(state, e.target, frightened=left)
    return state


#: pool -> its record with that pool at a value (armor: M.D.C. armor's, else S.D.C. armor's).
_POOL_SET: dict[str, Callable[[Fighter, int], Fighter]] = {
    "armor": lambda f, v: (
        replace(f, armor_mdc=v) if f.armor_mdc is not None else replace(f, armor_sdc=v)
    ),
    "sdc": lambda f, v: replace(f, sdc=v),
    "hp": lambda f, v: replace(f, hp=v),
    "mdc": lambda f, v: replace(f, mdc=v),
    "arms": lambda f, v: replace(f, arms=v),
}


def on_pool_set(state: FightState, e: pe.DamageApplied | pe.Healed) -> FightState:
    """A pool drops (damage) or rises (healing) to ``after``."""
    c = state.combatants[e.target]
    return put(state, c, _POOL_SET[e.pool](fighter(c), e.after))


def on_defense_rolled(state: FightState, e: pe.DefenseRolled) -> FightState:
    """A parry counts its attacker among the (at most three) the defender parries
    (PAL-DEF-MULTI-3); a parry, dodge or roll ends the defender's covering fire
    (PAL-HR-RNG-COVERING-FIRE)."""
    f = fighter(state.combatants[e.defender])
    if f.covering is not None and e.kind in ("parry", "dodge", "roll"):
        # covering fire ends when its shooter defends (PAL-HR-RNG-COVERING-FIRE)
        state = update(state, e.defender, covering=None)
    if e.kind != "parry" or e.attacker in f.parried:
        return state
    return update(state, e.defender, parried=(*f.parried, e.attacker))


def on_parry_limit_reset(state: FightState, e: pe.ParryLimitReset) -> FightState:
    """His turn: he may parry three new attackers (PAL-DEF-MULTI-3, house reading)."""
    return update(state, e.combatant, parried=())


def _r(fn: Any) -> Reducer:
    return cast(Reducer, fn)


REDUCERS: dict[type[Event], Reducer] = {
    pe.FighterReadied: _r(on_fighter_readied),
    pe.InitiativeRolled: _r(on_initiative_rolled),
    pe.AttacksRefreshed: _r(on_attacks_refreshed),
    pe.ActionStarted: _r(on_action_started),
    pe.ApmSpent: _r(on_apm_spent),
    pe.ActionAbandoned: _r(on_action_abandoned),
    pe.StrikeRolled: _r(on_strike_rolled),
    pe.DamageApplied: _r(on_pool_set),
    pe.TurnBegan: _r(on_turn_began),
    pe.AttacksGained: _r(on_attacks_gained),
    pe.InitiativeLost: _r(on_initiative_lost),
    pe.ActionCompleted: _r(on_action_completed),
    pe.Healed: _r(on_pool_set),
    pe.DefenseRolled: _r(on_defense_rolled),
    pe.ParryLimitReset: _r(on_parry_limit_reset),
}
