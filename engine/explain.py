"""Events in a game master's words, for ``explain`` and ``log``.

The core's events are explained here, once, for every system; a rules pack explains its own
(``Pack.explain``: event type -> lines), and may word a core event its own way by listing it
too. Rolls read the same everywhere: faces, each modifier with its source and rule id, the
total, and how it was judged.
"""

from __future__ import annotations

from typing import Any

from engine.pronouns import Words
from engine.pronouns import of as pronoun_of
from engine.rules import options as pack_options
from engine.rules.pack import Pack
from events import core as ev
from events.core import Event, Modifier, Roll
from projections.state import FightState


class Names:
    """How a text names combatants, as the state before a ply knows them: ``n(cid)`` is his
    name (the id for someone the state does not know, "nobody" for None), and ``n.they(cid)``,
    ``n.them``, ``n.their``, ``n.themselves`` his pronoun from the sheet
    (:mod:`engine.pronouns`); ``n.agree(cid, "is", "are")`` a verb whose subject is that
    pronoun ("they are"; after his name a verb is singular, whatever the pronoun). ``state``
    is there for a text that needs more (whose turn it is)."""

    __slots__ = ("state",)

    def __init__(self, state: FightState) -> None:
        self.state = state

    def __call__(self, cid: str | None) -> str:
        if cid is None:
            return "nobody"
        c = self.state.combatants.get(cid)
        return c.name if c else cid

    def words(self, cid: str | None) -> Words:
        """His pronoun in all its forms."""
        return pronoun_of(self.state, cid)

    def they(self, cid: str | None) -> str:
        """``he``, ``she``, ``they``, ``it``."""
        return self.words(cid).they

    def them(self, cid: str | None) -> str:
        """``him``, ``her``, ``them``, ``it``."""
        return self.words(cid).them

    def their(self, cid: str | None) -> str:
        """``his``, ``her``, ``their``, ``its``."""
        return self.words(cid).their

    def themselves(self, cid: str | None) -> str:
        """``himself``, ``herself``, ``themselves``, ``itself``."""
        return self.words(cid).themselves

    def agree(self, cid: str | None, singular: str, plural: str) -> str:
        """The verb form that goes with his pronoun: ``agree(cid, "keeps", "keep")``."""
        return self.words(cid).agree(singular, plural)


#: What a text names combatants with (:class:`Names`).
Namer = Names

_OPS = {"add": "{:+d}", "mul": "x{}", "div": "/{}", "div_up": "/{} rounded up", "cap": "at most {}",
        "set": "= {}", "skip": "({:+d} not applied)"}  # fmt: skip
_SOURCES = {"seed": "seeded dice", "physical": "dice entered by hand",
            "mixed": "seeded and entered dice"}  # fmt: skip


def modifier_text(m: Modifier) -> str:
    """``+2 Hand to Hand [hand_to_hand, PAL-…]``."""
    rule = f", {m.rule}" if m.rule else ""
    return f"{_OPS[m.op].format(m.value)} {m.name} [{m.source}{rule}]"


def roll_text(r: Roll) -> str:
    """``1D20 [14] +2 Hand to Hand… = 16 vs 5 (seeded dice; RULE)``, or for a roll judged under
    a skill ``1D100 [37] vs 55 (skill 60, /2 rounded up Difficult …) = SPECIAL``, or read on a
    table ``1D100 [45] +5 … = 50 vs 60: HALF THE VOLLEY``."""
    faces = ",".join(map(str, r.faces))
    head = f"{r.spec} [{faces}]" if r.faces else f"fixed {r.spec}"
    if r.judged == "under":
        steps = " ".join(modifier_text(m) for m in r.target_modifiers)
        skill = f"{r.base} {steps}".strip() if r.base is not None else ""
        head = " ".join([head, *(modifier_text(m) for m in r.modifiers)])  # a table's +5s
        text = f"{head} = {r.total} vs {r.target}" + (f" ({skill})" if steps else "")
        if r.tier:
            text += f": {r.tier.upper()}"
    else:
        parts = [head, *(modifier_text(m) for m in r.modifiers)]
        text = " ".join(parts) + f" = {r.total}"
        if r.target is not None:
            text += f" vs {r.target}"
    if not r.faces:
        return text + (f" (no die rolled; {r.rule})" if r.rule else " (no die rolled)")
    return text + f" ({_SOURCES[r.source]}{'; ' + r.rule if r.rule else ''})"


def _cite(pack: Pack, concept: str) -> str:
    return pack.cite(concept)


def _core(pack: Pack, e: Event, n: Names, state: FightState) -> list[str] | None:
    match e:
        case ev.EncounterStarted():
            opts = pack_options.summary(pack, e.variant, e.options)
            return [
                f"Encounter {e.name!r} starts: {e.system} ({e.variant}), seed {e.seed}; "
                f"options: {opts}"
            ]
        case ev.JoinDeclared():
            name = getattr(e.sheet, "name", e.combatant)
            return [f"The GM adds {name} as {e.combatant!r} on side {e.side!r}"]
        case ev.CombatantJoined() | ev.ReactionResolved():
            return []
        case ev.InitiativeDeclared():
            return ["The GM calls for initiative"]
        case ev.RemoveDeclared():
            return [f"The GM takes {e.combatant} out of the fight"]
        case ev.RenameDeclared():
            return [f"The GM calls {e.combatant} {e.name!r} from now on"]
        case ev.CombatantRemoved():
            return [f"  {e.combatant} leaves the fight and the order"]
        case ev.CombatantRenamed():
            return []
        case ev.ResheetDeclared():
            from_file = f" from {e.source_file}" if e.source_file else ""
            return [f"The GM gives {n(e.combatant)} a new sheet{from_file}"]
        case ev.SheetReplaced():
            kept = (
                "the pools start afresh from it"
                if e.reset
                else "what was lost stays lost against its maxima"
            )
            return [f"  {n(e.combatant)} fights on from the new sheet ({e.kind}): {kept}"]
        case ev.RoundStarted():
            kind = f" ({e.label})" if e.label else ""
            passes = f", {e.passes} pass{'es' if e.passes > 1 else ''}" if e.passes else ""
            timed = ""
            if e.timed:
                timed = "; times: " + ", ".join(f"{n(c)} {t}" for c, t in e.at.items())
            phase = f"; first the {e.phase} phase" if e.phase else ""
            order = ", ".join(n(c) for c in e.order)
            return [f"Round {e.round}{kind} begins{passes}; order: {order}{timed}{phase}"]
        case ev.PassStarted():
            return [f"Pass {e.number} of round {e.round} begins{_cite(pack, 'passes')}"]
        case ev.PhaseStarted():
            what = f"the {e.phase} phase" if e.phase else "the turns"
            return [f"Round {e.round}: {what} begin{'s' if e.phase else ''}"]
        case ev.TurnScheduled():
            when = "does not act again this round" if e.at is None else f"acts next at {e.at}"
            why = f" ({e.reason})" if e.reason else ""
            return [f"  {n(e.combatant)} {when}{why}"]
        case ev.OrderChanged():
            return [f"  order now: {', '.join(n(c) for c in e.order)} ({e.reason})"]
        case ev.CutInQueued():
            return [f"  {n(e.combatant)} goes right after the current action"]
        case ev.TurnPassed():
            if e.cut_in:
                return [f"-> {n(e.to)} cuts in"]
            if e.to is None:
                return [f"-> every turn of the {pack.status.round_word} is over"]
            back = " (after the cut-in)" if e.resumed else ""
            at = f" at {e.at}" if e.at is not None else ""
            return [f"-> {n(e.to)} acts{at}{back}"]
        case ev.RulingDeclared():
            about = f" on {n(e.combatant)}" if e.combatant else ""
            effects = ", ".join(
                f"{k}={v}"
                for k in e.__struct_fields__
                if k not in ("text", "rule", "combatant")
                and (v := getattr(e, k)) not in (None, 0, False, "")
            )
            text = f": {e.text}" if e.text else ""
            rule = f" ({e.rule})" if e.rule else ""
            return [f"GM ruling{about}{text}{rule}" + (f" [{effects}]" if effects else "")]
        case ev.PassDeclared():
            if e.actor:
                return [f"{n(e.actor)} passes"]
            acting = state.clock.acting
            return [f"The GM ends {n(acting)}'s turn" if acting else "The GM moves the round on"]
        case ev.HoldDeclared():
            return [
                f"{n(e.actor)} holds {n.their(e.actor)} action until {e.trigger!r}"
                f"{_cite(pack, 'hold')}"
            ]
        case ev.ReleaseDeclared():
            return [
                f"{n(e.actor)}'s trigger comes: {n.they(e.actor)} "
                f"{n.agree(e.actor, 'acts', 'act')} now"
            ]
        case ev.InterruptDeclared():
            against = f" {n(e.against)}" if e.against else ""
            return [f"{n(e.actor)} tries to interrupt{against}"]
        case ev.CounterDeclared():
            return [f"{n(e.actor)} counters{_cite(pack, 'counter')}"]
        case ev.ActionHeld():
            return [f"  {n(e.combatant)} waits for: {e.trigger}"]
        case ev.HoldEnded():
            verb = "released" if e.released else "lapses"
            return [f"  {n(e.combatant)}'s held action {verb}: {e.reason}"]
        case ev.ReactionRequested():
            return [f"  waiting for {n(e.reactor)}'s answer: `fracas defend {e.reactor} …`"]
        case ev.ConditionChanged():
            now = "" if e.present else "no longer "
            word = pack.status.round_word
            lasts = f" for {e.rounds} {word}(s)" if e.present and e.rounds else ""
            if lasts and e.last_round:
                lasts += f", through {word} {e.last_round}"
            rule = f" ({e.rule})" if e.rule else ""
            return [f"  {n(e.combatant)}: {now}{e.condition}{lasts}{rule}"]
    return None


def lines(pack: Pack, e: Event, state: FightState) -> list[str]:
    """Lines for one event; ``state`` is the one before the ply (for names)."""
    n = Names(state)
    explainer: Any = pack.explain.get(type(e))
    if explainer is not None:
        out: list[str] = explainer(e, n)
        return out
    core = _core(pack, e, n, state)
    return core if core is not None else [f"  {type(e).__name__}"]
