"""Turn management, the core's: joining, beginning a round, passing, holding, releasing,
interrupting, countering, and the core part of a GM's ruling.

Every system has these; the encounter's rules pack prices or refuses them through its
``TurnRules`` (``engine/rules/pack.py``), and the core adds the clock's and the holds' events.
Each decider refuses before producing anything, so nothing is written. :func:`core_actions`
gives the rows of the actions table these verbs make, bound to one pack; a pack may replace a
row with its own (its declaration a subclass of the core's: initiative with ambushers, a ruling
with the pack's own effects).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from typing import Any

from engine.dice import Dice
from engine.inputs import bad_character, check_label
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UnknownName, UsageError, check_name
from engine.rules.pack import Decision, Pack
from events.core import (
    ActionHeld,
    CombatantJoined,
    ConditionChanged,
    CounterDeclared,
    CutInQueued,
    Event,
    HoldDeclared,
    HoldEnded,
    InitiativeDeclared,
    InterruptDeclared,
    JoinDeclared,
    PassDeclared,
    PhaseStarted,
    ReleaseDeclared,
    RulingDeclared,
)
from projections.state import FightState, Pending


def known(state: FightState, cid: str) -> None:
    """Refuse an id that is not a combatant of the fight (exit 2), listing those that are."""
    if cid not in state.combatants:
        known = ", ".join(state.combatants) or "none yet; add one with `fracas add SHEET`"
        raise UnknownName(f"unknown combatant {cid!r} (combatants: {known})")


def out_of_it(state: FightState, cid: str, out: Collection[str]) -> str | None:
    """The first of the conditions ``out`` (the pack's: dead, unconscious …) that keeps
    ``cid`` out of the fight now, or None."""
    conditions = state.combatants[cid].conditions
    return next((cond for cond in out if cond in conditions), None)


def refuse_out(state: FightState, cid: str, out: Collection[str]) -> None:
    """Refuse a fighter whom one of the conditions ``out`` keeps out of the fight."""
    why = out_of_it(state, cid, out)
    if why is not None:
        raise IllegalAction(f"{state.combatants[cid].name} is {why}")


def known_names(state: FightState, declaration: Event) -> None:
    """Refuse a declaration that names someone who is not a combatant of the fight (exit 2),
    in any of its fields typed :data:`events.core.CombatantId`: the kernel asks this before
    any rule, so an unknown name is never reported as some other fault (whose turn it is)."""
    for name, many in combatant_fields(type(declaration)):
        value = getattr(declaration, name)
        for cid in value if many else (value,):
            if cid and cid not in state.combatants:
                known(state, cid)


@functools.cache
def combatant_fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """The fields of ``cls`` typed CombatantId: ``(name, whether a tuple of them)``."""
    import msgspec.inspect as mi  # here: the first declaration pays for it, a read never

    out: list[tuple[str, bool]] = []
    for field in mi.type_info(cls).fields:  # type: ignore[attr-defined]
        t = field.type
        if isinstance(t, mi.UnionType):
            rest = [m for m in t.types if not isinstance(m, mi.NoneType)]
            t = rest[0] if len(rest) == 1 else t
        many = isinstance(t, mi.VarTupleType)
        if many:
            t = t.item_type
        if isinstance(t, mi.Metadata) and (t.extra or {}).get("combatant"):
            out.append((field.name, many))
    return tuple(out)


def awaited(state: FightState, reactor: str, what: str, kind: str = "defense") -> Pending:
    """The pending reaction of ``kind`` (a defence by default) ``reactor`` is to answer
    (``what``: the pack's word for what waits), or refuse: none is waiting, or it waits for
    someone else."""
    known(state, reactor)
    p = state.pending
    if p is None or p.kind != kind:
        raise IllegalAction(f"no {what} is waiting for an answer")
    if p.reactor != reactor:
        raise IllegalAction(
            f"the {what} waiting is against {state.combatants[p.reactor].name} ({p.reactor}), "
            f"not {state.combatants[reactor].name}"
        )
    return p


def for_rounds(
    state: FightState,
    cid: str,
    condition: str,
    rounds: int,
    rule: str = "",
    *,
    first: int | None = None,
) -> ConditionChanged:
    """``condition`` gained by ``cid`` now for ``rounds`` rounds (0: until it is ended).

    The one clock of every pack: the round running counts as the first (before the first
    round, or once a round is spent, the next one does); it holds through the end of its
    last round and ends as that round ends, so the next round's order and attacks are
    counted without it (docs/ARCHITECTURE.md, "Conditions and the clock"). ``first``: the
    round it counts from where the pack's rule names it (an action a rule grants after a
    round's last turn still belongs to that round)."""
    start = state.clock.first_round if first is None else first
    last = start + rounds - 1 if rounds else 0
    return ConditionChanged(
        combatant=cid, condition=condition, present=True, rule=rule, rounds=rounds, last_round=last
    )


def expiring(
    state: FightState,
    ended: int,
    marks: Collection[str],
    why: str,
    aftermath: Mapping[str, tuple[tuple[str, str], ...]] | None = None,
) -> list[ConditionChanged]:
    """As round ``ended`` ends (its last turn is over): the conditions that last one round
    (``marks``), those whose last round it is (``why`` as their rule), and what follows
    one's end (``aftermath``: condition -> conditions it leaves, with their rule, for the
    next round). A pack's ``on_round_end`` asks it first; its ``begin_round`` asks it again
    for the round before, which ends what a log written before this clock left over."""
    events: list[ConditionChanged] = []
    for cid, c in state.combatants.items():
        if not c.conditions:  # most have none: nothing to sort
            continue
        for cond in sorted(c.conditions):
            if cond in marks:
                events.append(ConditionChanged(combatant=cid, condition=cond, present=False))
            elif cond in c.lasts and c.lasts[cond] <= ended:
                events.append(
                    ConditionChanged(combatant=cid, condition=cond, present=False, rule=why)
                )
                for after, rule in (aftermath or {}).get(cond, ()):
                    # the round is spent: the next one is the aftermath's first
                    events.append(for_rounds(state, cid, after, 1, rule))
    return events


def name(state: FightState, cid: str) -> str:
    """A combatant's name."""
    return state.combatants[cid].name


def no_pending(pack: Pack, state: FightState) -> None:
    """Refuse while a reaction is pending (the pack says what waits for whom)."""
    if state.pending is not None:
        raise IllegalAction(pack.turns.waiting(state))


def able(pack: Pack, state: FightState, cid: str) -> None:
    """Refuse an unknown combatant, or one the rules say cannot act at all."""
    known(state, cid)
    pack.turns.able(state, cid)


def check_join(state: FightState, d: JoinDeclared[Any]) -> None:
    """A combatant id is a name (no ``~``, no spaces) and is not taken: joining again under a
    taken id would silently replace that combatant with a fresh one. A side is a label (no
    control or bidi characters, not empty: :func:`engine.inputs.check_label`)."""
    check_name("combatant id", d.combatant)
    check_label("side", d.side)
    if d.combatant in state.combatants:
        import shlex  # here: only a refusal needs it

        taken = state.combatants[d.combatant].name
        shown = d.source_file and bad_character(d.source_file) is None
        file = shlex.quote(d.source_file) if shown else "FILE"
        raise UsageError(
            f"combatant id {d.combatant!r} is taken ({taken}); give another with --id, or "
            f"replace {taken}'s sheet with `fracas resheet {d.combatant} {file}`"
        )


def decide_join(pack: Pack, state: FightState, d: JoinDeclared[Any], dice: Dice) -> Decision:
    """A combatant joins from his embedded sheet: the core's record, then the pack's."""
    check_join(state, d)
    sheet = d.sheet
    joined = CombatantJoined(
        combatant=d.combatant,
        name=sheet.name,
        side=d.side,
        kind=str(sheet.kind),
        pronoun=sheet.pronoun,
    )
    return Decision([joined, *pack.turns.join(state, d.combatant, sheet)])


def round_over(state: FightState, rule: str | None) -> None:
    """Refuse while the round is still running (in a phase, or someone's turn); ``rule`` is
    the pack's citation for the end of a round."""
    clock = state.clock
    if clock.round and clock.phase:
        raise IllegalAction(
            f"round {clock.round} is in its {clock.phase} phase: `fracas next` moves it on"
        )
    if clock.round and clock.acting is not None:
        why = f"{rule}; `fracas next` ends a turn" if rule else "`fracas next` ends a turn"
        raise IllegalAction(
            f"round {clock.round} is still running: it is {name(state, clock.acting)}'s turn; "
            f"every turn must be over before the next round ({why})"
        )


def decide_initiative(pack: Pack, state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
    """Begin the next round, once the last one is over; the pack says how (rolls, order,
    ranks, what the round's start refreshes)."""
    no_pending(pack, state)
    round_over(state, pack.citations.get("round_end"))
    return pack.turns.begin_round(state, d, dice)


def _next_phase(pack: Pack, state: FightState) -> Decision:
    """``next`` in a phase before the turns: on to the next phase, or to the turns."""
    clock = state.clock
    phases = (*pack.phases, "")
    following = phases[phases.index(clock.phase) + 1] if clock.phase in phases else ""
    began = PhaseStarted(round=clock.round, phase=following)
    return Decision([began], advance="start" if following == "" else "none", resolved=False)


def decide_pass(pack: Pack, state: FightState, d: PassDeclared, dice: Dice) -> Decision:
    """End the acting combatant's turn (``actor`` None: whoever acts, ``fracas next``; in a
    phase before the turns, ``next`` moves the round on). What ending it costs is the pack's."""
    no_pending(pack, state)
    clock = state.clock
    if clock.phase:
        if d.actor is not None:
            raise IllegalAction(
                f"round {clock.round} is in its {clock.phase} phase, before anyone's turn: "
                "`fracas next` moves it on"
            )
        return _next_phase(pack, state)
    if clock.acting is None:
        raise IllegalAction(
            "no turn is running: roll `fracas initiative` to start a round" + pack.cite("round_end")
        )
    actor = d.actor if d.actor is not None else clock.acting
    known(state, actor)
    if actor != clock.acting:
        raise IllegalAction(
            f"it is {name(state, clock.acting)}'s turn ({clock.acting}), not {name(state, actor)}'s"
        )
    return Decision(pack.turns.end_turn(state, actor), advance="next")


def decide_hold(pack: Pack, state: FightState, d: HoldDeclared, dice: Dice) -> Decision:
    """On his turn, the actor holds his action until a declared trigger; his turn ends. The
    hold lasts until he releases it or the pack lets it lapse."""
    pack.turns.allows(state, "hold")
    no_pending(pack, state)
    able(pack, state, d.actor)
    if not d.trigger.strip():
        raise UsageError('a held action needs its trigger: --until "TRIGGER"')
    clock = state.clock
    if clock.acting != d.actor or clock.resume:
        raise IllegalAction(
            f"{name(state, d.actor)} can hold {pronoun(state, d.actor).their} action only on "
            f"{pronoun(state, d.actor).their} own turn" + pack.cite("hold")
        )
    more = pack.turns.hold(state, d)
    return Decision([ActionHeld(combatant=d.actor, trigger=d.trigger), *more], advance="next")


def decide_release(pack: Pack, state: FightState, d: ReleaseDeclared, dice: Dice) -> Decision:
    """The trigger came: the holder acts now, one action, then the turn goes back."""
    pack.turns.allows(state, "hold")
    no_pending(pack, state)
    able(pack, state, d.actor)
    c = state.combatants[d.actor]
    if c.held is None:
        raise IllegalAction(f"{c.name} holds no action: `fracas hold {d.actor} --until TRIGGER`")
    if state.clock.acting == d.actor:
        raise IllegalAction(f"it is already {c.name}'s turn")
    pack.turns.ready(state, d.actor, "act")
    ended = HoldEnded(combatant=d.actor, released=True, reason=f"trigger: {c.held}")
    return Decision([ended], cut_in=d.actor, resolved=False)


def decide_interrupt(pack: Pack, state: FightState, d: InterruptDeclared, dice: Dice) -> Decision:
    """Cut in ahead of someone's action (the acting combatant's, or ``against``'s). The pack
    says who goes first; the winner cuts in now, the loser goes right after the current action.
    He needs a held action, or the GM's leave (``allowed``). ``breaks``: the GM rules that a won
    interrupt breaks the interrupted action under way."""
    pack.turns.allows(state, "interrupt")
    no_pending(pack, state)
    able(pack, state, d.actor)
    clock = state.clock
    me = name(state, d.actor)
    my = pronoun(state, d.actor)
    against = d.against or clock.acting
    if against is None:
        raise IllegalAction("nobody is acting to interrupt: name whom with --against")
    able(pack, state, against)
    if against == d.actor:
        raise IllegalAction(f"{me} cannot interrupt {my.themselves}")
    if clock.acting == d.actor:
        raise IllegalAction(
            f"it is {me}'s own turn: {my.they} {my.agree('acts', 'act')} now; an action under "
            f"way that {my.they} {my.agree('stops', 'stop')} is ruled "
            f"broken by the GM (`fracas ruling {against} …`)"
        )
    if d.actor in clock.queued:
        raise IllegalAction(f"{me} already goes right after the current action")
    held = state.combatants[d.actor].held
    if held is None and not d.allowed:
        raise IllegalAction(
            f"{me} holds no action to interrupt with{pack.cite('hold')}; if an ability lets "
            f"{my.them}, the GM allows it with --allowed"
        )
    pack.turns.ready(state, d.actor, "interrupt")
    events, wins = pack.turns.contest(state, d, against, dice)
    if held is not None:
        events.append(HoldEnded(combatant=d.actor, released=True, reason=f"trigger: {held}"))
    broken: list[Event] | None = []
    if d.breaks:
        broken = pack.turns.break_action(state, against, me)
        if broken is None:
            raise IllegalAction(f"{name(state, against)} has no long action to break")
    if not wins:
        events.append(CutInQueued(combatant=d.actor))
        return Decision(events, resolved=False)
    return Decision([*events, *(broken or [])], cut_in=d.actor, resolved=False)


def decide_counter(pack: Pack, state: FightState, d: CounterDeclared, dice: Dice) -> Decision:
    """A counter or riposte: the actor acts now, right after the action that triggered it,
    then the order goes back to normal. Whether an ability grants it is the GM's call."""
    pack.turns.allows(state, "counter")
    no_pending(pack, state)
    able(pack, state, d.actor)
    if state.clock.acting == d.actor:
        raise IllegalAction(f"it is already {name(state, d.actor)}'s turn")
    pack.turns.ready(state, d.actor, "counter")
    return Decision([], cut_in=d.actor, resolved=False)


def decide_ruling(pack: Pack, state: FightState, d: RulingDeclared, dice: Dice) -> Decision:
    """A GM ruling. Without a combatant or effects it is a note, recorded as given. On a
    combatant, its effects go through the pack's rules (damage and healing in its pools, the
    pack's own effects), then the core's: a condition for some rounds, the end of one.
    ``rule`` cites what the GM applies."""
    for option, name in (("--condition", d.condition), ("--end-condition", d.end_condition)):
        if name is not None and not name.strip():
            raise UsageError(f"{option} {name!r}: a condition has a name, e.g. {option} dazed")
    if d.rounds and not d.condition:
        raise UsageError("--rounds goes with --condition NAME")
    if d.rounds < 0 or d.damage < 0 or d.heal < 0:
        raise UsageError("--damage, --heal and --rounds take 0 or more")
    if not d.combatant:
        if d.has_effects():
            raise UsageError("a ruling's effects need the combatant they act on")
        if not d.text.strip() and not d.rule.strip():
            raise UsageError("a ruling says something: a --note, a --rule, or who it acts on")
        return Decision([])
    if not d.has_effects() and not d.text.strip():
        raise UsageError("a ruling needs an effect or a --note")
    known(state, d.combatant)
    c = state.combatants[d.combatant]
    rule = d.rule or "GM ruling"
    events = pack.turns.ruling(state, d)
    if d.condition:
        events.append(for_rounds(state, d.combatant, d.condition, d.rounds, rule))
    if d.end_condition == "dead":
        raise IllegalAction(
            f"a ruling does not bring {c.name} back from the dead; undo the ply that killed "
            f"{pronoun(state, c.id).them}"
        )
    if d.end_condition:
        if d.end_condition not in c.conditions:
            have = ", ".join(sorted(c.conditions)) or "none"
            raise IllegalAction(
                f"{c.name} has no condition {d.end_condition!r} (conditions: {have})"
            )
        events.append(
            ConditionChanged(
                combatant=d.combatant, condition=d.end_condition, present=False, rule=rule
            )
        )
    if d.has_effects() and not events:
        raise IllegalAction(f"the ruling changes nothing for {c.name}")
    return Decision(events)
