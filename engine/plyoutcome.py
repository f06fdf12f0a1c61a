"""A ply's outcome in one line a player reads at a glance: who did what to whom, the roll
against what it had to beat, hit or miss, and how much damage ("Marcus Kell strikes Brodkil
Raider with vibro-knife: 18 vs parry 10, hit, 1D6 = 6 M.D., M.D.C. 80 → 74"), for ``log``
(and ``log --json``'s ``outcome``), the report's timeline and ``log --involving``.

The line is built from the ply's events through a table, as ``explain`` is: each event type
has a row (the core's here, :data:`CORE`; a pack's in its ``outcomes`` table, which may word a
core event its own way) that says what the event adds, as *bits*:

* :class:`Opens` a line: the declaration's (who declares it: None for the GM; whom it names),
  or, once the turn has moved (:class:`Turn`), an action it set off (a power punch landing
  on a later turn, an aimed shot going off at its DEX rank, a grenade at the round's end),
  unless it is the declarer's own action carried out as the turn came to him;
* :class:`Rolled`: a roll and what it had to beat (``18 vs 5``), beginning an exchange;
  :class:`Against`: the answer that beat it or not, which takes the place of the target
  (``18 vs parry 10``), or stands alone in a line with no roll (an answer given later);
* :class:`Verdict`: the exchange's outcome (hit, miss, parried …); a later one replaces a
  provisional one ("hits unless defended", then "hit");
* :class:`Said`: anything else worth a glance (damage, pools, conditions);
* :class:`Turn`: the turn moved on. What the ply says after it is said after the turn's words
  ("The GM ends Vic Moran's turn; Bruno acts: Bruno's HT (consciousness) 18 vs 12, fails"); a
  line that says nothing else ends with them (a GM's ``next``: "The GM ends Vance's turn;
  Marcus Kell acts"); a move of the turn to the declarer himself, to carry out what he
  declared (a round moved on to its turns), is no news.

A row returns ``()`` for an event that adds nothing (bookkeeping). Every event type of every
pack has a row (tests/contract/test_packs.py), so an event added without one fails loudly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import msgspec

from engine.explain import Names
from events import core as ev
from events.core import Event, Roll
from projections.state import FightState

if TYPE_CHECKING:
    from engine.rules.pack import Pack


class Opens(msgspec.Struct, frozen=True):
    """A line: ``text`` says what is done ("Marcus Kell strikes Brodkil Raider"), ``who`` does
    it (None: the GM), ``at`` whom else it names. The first of a ply opens its line; a later
    one opens a line of its own only once the turn has moved (:class:`Turn`): what the turn
    set off (a landing); before that it only adds whom it names to the line."""

    text: str
    who: str | None = None
    at: tuple[str, ...] = ()


class Rolled(msgspec.Struct, frozen=True):
    """A roll: ``what`` it is where the line does not say it ("balance"), its ``total``, what
    it had to beat (``vs``; None: nothing), and ``how`` it went in the system's words where
    the numbers do not say it ("special", "critical"). It begins an exchange, unless it is
    the ``answer`` to the one under way (a defence rolled against a skill of its own)."""

    total: int | str
    vs: int | str | None = None
    how: str = ""
    what: str = ""
    answer: bool = False


class Against(msgspec.Struct, frozen=True):
    """An answer to the exchange's roll: ``merged`` takes the place of what that roll had to
    beat ("parry 10"); ``alone`` is said in a line with no roll ("9 vs Brodkil's 22")."""

    merged: str
    alone: str


class Verdict(msgspec.Struct, frozen=True):
    """The outcome of the exchange under way (hit, miss, parried), said after its rolls. A
    later verdict replaces it; a ``provisional`` one ("hits unless defended") waits for
    that; one that only ``settles`` replaces a provisional verdict and says nothing where
    none waits (a defence declined: a hit, if a strike was waiting to land)."""

    text: str
    provisional: bool = False
    settles: bool = False


class Said(msgspec.Struct, frozen=True):
    """Anything else the line says: damage, a pool, a condition."""

    text: str


class Turn(msgspec.Struct, frozen=True):
    """The turn moved on (``text``: "Marcus Kell acts")."""

    text: str


Bit = Opens | Rolled | Against | Verdict | Said | Turn
#: ``row(event, n)`` -> the bits the event adds; ``n`` names combatants (engine.explain.Names).
Teller = Callable[[Any, Names], Sequence[Bit]]


#: How a roll's step reads in a line: ``2D6×2+5`` (each in the order it was applied).
_STEPS = {"add": "{:+d}", "mul": "×{}", "div": "/{}", "div_up": "/{}", "cap": " (at most {})",
          "set": " (set to {})", "skip": ""}  # fmt: skip


def dice(roll: Roll) -> str:
    """A roll's dice and the steps that made its total, compactly, in the order applied:
    ``3D6``, ``1D4×2+5``, ``(2D6+4)×2`` (a product of a sum bracketed, as it was worked)."""
    text, summed = roll.spec, False
    for m in roll.modifiers:
        if not m.value or m.op == "skip":
            continue
        if m.op in ("mul", "div", "div_up") and summed:
            text, summed = f"({text})", False
        summed = summed or m.op == "add"
        text += _STEPS[m.op].format(m.value)
    return text


def quiet(e: Any, n: Names) -> Sequence[Bit]:
    """The row of an event that adds nothing to the line (bookkeeping)."""
    return ()


class Told(msgspec.Struct, frozen=True):
    """One outcome line: its ``text``, who acts in it (None: the GM) and whom else it
    names."""

    text: str
    who: str | None = None
    at: tuple[str, ...] = ()

    def names(self, cid: str) -> bool:
        """Whether the line is by or at ``cid``."""
        return cid == self.who or cid in self.at


class _Part:
    """A part of a line; a roll's ``vs`` may still be replaced by the answer to it."""

    __slots__ = ("provisional", "roll", "text")

    def __init__(self, text: str, roll: Rolled | None = None, provisional: bool = False) -> None:
        self.text = text
        self.roll = roll
        self.provisional = provisional

    def __str__(self) -> str:
        r = self.roll
        if r is None:
            return self.text
        text = str(r.total) if r.vs is None else f"{r.total} vs {r.vs}"
        text = f"{r.what} {text}" if r.what else text
        return f"{text} ({r.how})" if r.how else text


class _Line:
    """A line being told: what it said before the turn moved, and after each move of it
    (``segments``: the turn's words, then what was said once it had moved)."""

    __slots__ = ("at", "head", "roll", "segments", "verdict", "verdict_in", "who")

    def __init__(self, opens: Opens) -> None:
        self.head = opens.text
        self.who = opens.who
        self.at = list(opens.at)
        self.segments: list[tuple[str, list[_Part]]] = [("", [])]
        self.roll: _Part | None = None  # the roll of the exchange under way
        self.verdict: _Part | None = None  # and its verdict
        self.verdict_in: list[_Part] = []  # the parts that hold it

    @property
    def parts(self) -> list[_Part]:
        """Where what is said now goes."""
        return self.segments[-1][1]

    def said(self) -> bool:
        """Whether the line says anything yet."""
        return any(parts for _, parts in self.segments)

    def turned(self, text: str) -> None:
        """The turn moved on: what follows is said after it."""
        if self.parts or len(self.segments) == 1:
            self.segments.append((text, []))
        else:  # it moved again before anything was said: only the last move counts
            self.segments[-1] = (text, [])

    def resumed(self) -> None:
        """The turn came to the one whose line it is, to carry out what he declared: the
        move is no news."""
        if len(self.segments) > 1 and not self.parts:
            self.segments.pop()

    def add(self, bit: Bit) -> None:
        match bit:
            case Rolled():
                part = _Part("", bit)
                self.parts.append(part)
                if not bit.answer:
                    self.roll, self.verdict = part, None
            case Against():
                if self.roll is not None and self.roll.roll is not None:
                    self.roll.roll = msgspec.structs.replace(self.roll.roll, vs=bit.merged)
                else:
                    self.parts.append(_Part(bit.alone))
            case Verdict():
                if bit.settles and (self.verdict is None or not self.verdict.provisional):
                    return
                if self.verdict is not None:
                    self.verdict_in.remove(self.verdict)
                self.verdict = _Part(bit.text, provisional=bit.provisional)
                self.verdict_in = self.parts
                self.parts.append(self.verdict)
            case Said():
                self.parts.append(_Part(bit.text))
            case Opens():
                self.at += [c for c in bit.at if c not in self.at]

    def told(self) -> Told:
        (_, first), *moved = self.segments
        said = [str(p) for p in first if str(p)]
        text = f"{self.head}: {', '.join(said)}" if said else self.head
        for turn, parts in moved:
            said = [str(p) for p in parts if str(p)]
            if said:  # what happened as the turn came to someone
                text += f"; {turn}: {', '.join(said)}"
        if not self.said() and moved:  # a line that only moved the turn says whose it is now
            text += f"; {moved[-1][0]}"
        return Told(text, self.who, tuple(c for c in self.at if c and c != self.who))


def tell(pack: Pack, events: Iterable[Event], state: FightState) -> list[Told]:
    """The outcome lines of a ply's events: the first is the declaration's, each other one an
    action the turn's moving set off. ``state`` is the state before the ply (for names)."""
    n = Names(state)
    rows: Mapping[type[Event], Teller] = pack.outcomes
    lines: list[_Line] = []
    turned = False
    for e in events:
        row = rows.get(type(e)) or CORE.get(type(e))
        bits = row(e, n) if row is not None else [Said(type(e).__name__)]
        for bit in bits:
            if isinstance(bit, Opens) and lines and turned and bit.who == lines[-1].who:
                if lines[-1].said():  # his own action landing, after what he did first
                    lines.append(_Line(bit))
                else:  # the turn came to him to carry out what he declared
                    lines[-1].resumed()
                    lines[-1].add(bit)
                turned = False
            elif isinstance(bit, Opens) and (not lines or turned):
                lines.append(_Line(bit))
                turned = False
            elif isinstance(bit, Turn):
                turned = True
                if lines:
                    lines[-1].turned(bit.text)
            elif lines:
                lines[-1].add(bit)
    return [line.told() for line in lines]


def ply_outcome(events: Sequence[Event], before: FightState) -> list[Told]:
    """The outcome lines of a ply as stored (its declaration first), ``before`` the state
    it was declared in; the root ply names its system itself."""
    from engine.rules import get_pack

    system = before.system
    if not system and events and isinstance(events[0], ev.EncounterStarted):
        system = events[0].system
    return tell(get_pack(system), events, before)


# --- the core's rows ----------------------------------------------------------------------


def ruled(e: ev.RulingDeclared, n: Names) -> Sequence[Bit]:
    """A GM's ruling (a pack's too): its text and rule; its effects are their own events."""
    about = f" on {n(e.combatant)}" if e.combatant else ""
    said = "; ".join(w for w in (e.text, e.rule) if w)
    said = f" ({said})" if said else ""
    return [Opens(f"GM ruling{about}{said}", at=(e.combatant,) if e.combatant else ())]


def _pass(e: ev.PassDeclared, n: Names) -> Sequence[Bit]:
    if e.actor:
        return [Opens(f"{n(e.actor)} passes", e.actor)]
    acting = n.state.clock.acting
    if acting:
        return [Opens(f"The GM ends {n(acting)}'s turn", at=(acting,))]
    return [Opens("The GM moves the round on")]


def _turn(e: ev.TurnPassed, n: Names) -> Sequence[Bit]:
    if e.to is None:
        return [Turn("every turn of the round is over")]
    how = " cuts in" if e.cut_in else " acts"  # a name's verb: singular, whatever pronoun
    return [Turn(f"{n(e.to)}{how}" + (f" at {e.at}" if e.at is not None else ""))]


def _condition(e: ev.ConditionChanged, n: Names) -> Sequence[Bit]:
    if not e.present:
        return [Said(f"{n(e.combatant)} no longer {e.condition}")]
    lasts = f" for {e.rounds} round{'s' if e.rounds != 1 else ''}" if e.rounds else ""
    return [Said(f"{n(e.combatant)} {e.condition}{lasts}")]


def _held(e: ev.HoldEnded, n: Names) -> Sequence[Bit]:
    if e.released:
        return ()
    return [Said(f"{n(e.combatant)}'s held action lapses")]


CORE: dict[type[Event], Teller] = {
    ev.EncounterStarted: lambda e, n: [
        Opens(f"Encounter {e.name!r} starts: {e.system} ({e.variant}), seed {e.seed}")
    ],
    ev.JoinDeclared: lambda e, n: [
        Opens(
            f"The GM adds {getattr(e.sheet, 'name', e.combatant)} as {e.combatant!r} on side "
            f"{e.side!r}",
            at=(e.combatant,),
        )
    ],
    ev.RulingDeclared: ruled,
    ev.InitiativeDeclared: lambda e, n: [Opens("The GM calls for initiative")],
    ev.PassDeclared: _pass,
    ev.HoldDeclared: lambda e, n: [
        Opens(f"{n(e.actor)} holds {n.their(e.actor)} action until {e.trigger!r}", e.actor)
    ],
    ev.ReleaseDeclared: lambda e, n: [Opens(f"{n(e.actor)}'s trigger comes", e.actor)],
    ev.InterruptDeclared: lambda e, n: [
        Opens(
            f"{n(e.actor)} tries to interrupt" + (f" {n(e.against)}" if e.against else ""),
            e.actor,
            (e.against,) if e.against else (),
        )
    ],
    ev.CounterDeclared: lambda e, n: [Opens(f"{n(e.actor)} counters", e.actor)],
    ev.RemoveDeclared: lambda e, n: [
        Opens(f"The GM takes {n(e.combatant)} out of the fight", at=(e.combatant,))
    ],
    ev.RenameDeclared: lambda e, n: [
        Opens(f"The GM calls {n(e.combatant)} {e.name!r} from now on", at=(e.combatant,))
    ],
    ev.ResheetDeclared: lambda e, n: [
        Opens(
            f"The GM gives {n(e.combatant)} a new sheet" + (", pools afresh" if e.reset else ""),
            at=(e.combatant,),
        )
    ],
    ev.SheetReplaced: quiet,
    ev.CombatantJoined: quiet,
    ev.CombatantRemoved: quiet,
    ev.CombatantRenamed: quiet,
    # The rounds, passes and phases a ply began are lines of their own in `log` (``==``).
    ev.RoundStarted: quiet,
    ev.PassStarted: quiet,
    ev.PhaseStarted: quiet,
    ev.TurnScheduled: quiet,
    ev.OrderChanged: lambda e, n: [Said(f"order now: {', '.join(n(c) for c in e.order)}")],
    ev.CutInQueued: lambda e, n: [Said(f"{n(e.combatant)} goes right after")],
    ev.TurnPassed: _turn,
    ev.ActionHeld: quiet,
    ev.HoldEnded: _held,
    ev.ConditionChanged: _condition,
    ev.ReactionRequested: lambda e, n: [Said(f"waiting for {n(e.reactor)}'s answer")],
    ev.ReactionResolved: quiet,
}
