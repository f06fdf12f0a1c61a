"""A rules pack is a record: what a system is, in data and functions, and nothing else.

In the spirit of boardgame.io's game object, a :class:`Pack` names its options (a typed
struct), its sheet, its events and reducers, its status columns and explain texts, and an
**actions table**: one :class:`Action` row per verb, giving the declaration it makes, the
decider that resolves it, its help with an example, and what the system needs per action (its
``needs``: what an action costs, say). ``decide`` is a lookup in that table. The command line
is built from the rows; the core knows no system.

The core owns turn management (joining, beginning a round, passing, holding, releasing,
interrupting, countering, the core part of a ruling: ``engine/turns.py``); a pack prices or
refuses those through its :class:`TurnRules`, and says who may take a turn and what happens when
one begins.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import msgspec

from events.core import (
    Declaration,
    Event,
    HoldDeclared,
    InitiativeDeclared,
    InterruptDeclared,
    RulingDeclared,
)
from events.upcasts import Upcasts
from projections.fold import Reducer
from projections.state import FightState

if TYPE_CHECKING:
    from engine.dice import Dice
    from engine.explain import Names
    from engine.plyoutcome import Teller

Advance = Literal["none", "next", "start"]
#: How a turn reached someone: his own turn in the order, a cut-in, or back after a cut-in.
TurnKind = Literal["turn", "cut_in", "resume"]


class Decision(msgspec.Struct, frozen=True):
    """What a decider decided: the events, and how the clock moves afterwards.

    ``advance`` is "none" (the same combatant still acts, or nothing to move), "next" (the
    acting combatant's turn is used: pass to the next) or "start" (a round or its turns began:
    pass to the first who can act). ``cut_in`` gives the turn to that combatant now, keeping the
    one acting to resume afterwards. ``resolved`` says an action was carried out, so a queued
    cut-in may go (false for a decision that only arranges the clock). ``place``: the one
    acting left the order (removed on his own turn), so "next" passes the turn on from this
    index of the order as it now stands, where he stood, instead of after him.
    """

    events: list[Event]
    advance: Advance = "none"
    cut_in: str | None = None
    resolved: bool = True
    place: int | None = None


Decider = Callable[[FightState, Any, "Dice"], Decision]
"""``decide(state, declaration, dice)``: the events, or IllegalAction / UnknownName / UsageError
raised before any event is produced (so nothing is written)."""


class Action(msgspec.Struct, frozen=True):
    """One row of an actions table: a verb of the command line and all a system needs for it.

    The command line is built from the row: ``arguments`` are the declaration's fields given
    in order as positional arguments; every other field is an option ``--field-name`` (or the
    name in ``names``), typed from the field: flags for booleans, choices for literals, numbers,
    repeatable options for tuples. ``fixed`` sets fields the verb does not ask for (``next`` is
    ``pass`` with no actor). ``dice`` says whether the verb takes ``--dice`` for what it rolls
    ("roll"), for what moving the turn sets off ("landing"), or none. ``while_pending``: it may
    be declared while a reaction is pending (an answer, a ruling). ``phase``: the phase of the
    round it belongs to ("" the turns; None: any time); declaring it moves a round still in an
    earlier phase on to its own. ``needs`` is the system's own per-action record.
    ``decide`` None: a pack's row that replaces a core verb's row with its own declaration (a
    subclass of the core's) and help, and leaves the deciding to the core.
    """

    verb: str
    declaration: type[Declaration]
    decide: Decider | None
    help: str
    example: str
    arguments: tuple[str, ...] = ()
    options: Mapping[str, str] = msgspec.field(default_factory=dict)
    names: Mapping[str, str] = msgspec.field(default_factory=dict)
    fixed: Mapping[str, Any] = msgspec.field(default_factory=dict)
    dice: Literal["roll", "landing", "none"] = "roll"
    while_pending: bool = False
    phase: str | None = ""
    needs: Any = None

    @property
    def summary(self) -> str:
        """The first line of the help."""
        return self.help.strip().splitlines()[0]


class TurnRules(Protocol):
    """How a system prices, refuses and carries out the core's turn management.

    Every method raises IllegalAction / UnknownName / UsageError to refuse, before producing
    anything. The core calls them in a fixed order (``engine/turns.py``) and adds its own
    events (the clock, holds, conditions).
    """

    def able(self, state: FightState, cid: str) -> None:
        """Refuse if ``cid`` cannot act at all (dead, unconscious …)."""
        ...

    def waiting(self, state: FightState) -> str:
        """Why nothing but an answer may be declared while a reaction is pending."""
        ...

    def out(self, state: FightState, cid: str) -> str | None:
        """The condition that keeps ``cid`` from taking turns now (dead, unconscious,
        stunned …), or None. Whoever it names has no place in a round's order: left out when
        one begins, and taken out by the clock in the ply that puts him out
        (``engine/clock.py``)."""
        ...

    def can_act(self, state: FightState, cid: str) -> bool:
        """Whether ``cid`` takes a turn now (in a cycling round: still acts this round; in a
        round of passes: takes a turn in this pass; in a timed round: acts at his time)."""
        ...

    def on_turn(self, state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
        """Automatic events when the turn reaches ``cid`` (e.g. a multi-attack landing)."""
        ...

    def on_round_end(self, state: FightState, dice: Dice) -> list[Event]:
        """What happens when every turn of the round is done (fire, choking …); a
        ``RoundStarted`` among the events begins the next round at once (a clock that runs
        on by itself), whose first turn the core then passes to."""
        ...

    def join(self, state: FightState, combatant: str, sheet: Any) -> list[Event]:
        """The events of a combatant joining (the pack's record of him), after the core's
        ``CombatantJoined``; refuse a sheet the rules cannot use."""
        ...

    def begin_round(self, state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
        """Begin the next round: its order, its clock, what the round's start changes."""
        ...

    def end_turn(self, state: FightState, actor: str) -> list[Event]:
        """What ending ``actor``'s turn costs or changes (``pass``)."""
        ...

    def allows(self, state: FightState, what: Literal["hold", "interrupt", "counter"]) -> None:
        """Refuse holds, interrupts or counters where the system (or its options) has none."""
        ...

    def hold(self, state: FightState, d: HoldDeclared) -> list[Event]:
        """Refuse a hold the rules do not allow now; events it costs."""
        ...

    def ready(self, state: FightState, cid: str, what: str) -> None:
        """Refuse if ``cid`` cannot act out of turn now (to ``what``: act, interrupt …)."""
        ...

    def contest(
        self, state: FightState, d: InterruptDeclared, against: str, dice: Dice
    ) -> tuple[list[Event], bool]:
        """Who goes first when ``d.actor`` interrupts ``against``: the events and whether he
        wins."""
        ...

    def break_action(self, state: FightState, cid: str, why: str) -> list[Event] | None:
        """The events of breaking ``cid``'s action under way (None: he has none)."""
        ...

    def ruling(self, state: FightState, d: RulingDeclared) -> list[Event]:
        """A ruling's effects on one combatant through the pack's rules (damage and healing
        in its pools, and the pack's own effects); the core adds the conditions."""
        ...

    def resheet(self, state: FightState, combatant: str, sheet: Any, reset: bool) -> list[Event]:
        """The events of ``combatant`` fighting on from a new ``sheet`` (``fracas resheet``),
        after the core's ``SheetReplaced``: what the rules derive from it, with what he has
        lost kept against its maxima (``reset``: afresh); refuse a sheet the rules cannot use,
        or one that lacks what his actions under way still use."""
        ...


class Column(msgspec.Struct, frozen=True):
    """A column of the status board: its heading, width, and the text of one combatant's
    entry in the status document."""

    heading: str
    width: int
    text: Callable[[Mapping[str, Any], Mapping[str, Any]], str]
    align: Literal["<", ">"] = ">"


def round_words(doc: Mapping[str, Any]) -> str:
    """Where a fight's clock stands in the core's words, from its status document: "round 2",
    "round 1 (surprise)", "round 2, pass 1 of 3" in a round of passes."""
    label = f" ({doc['round_label']})" if doc.get("round_label") else ""
    where = f"round {doc['round']}{label}"
    if doc.get("pass"):
        where += f", pass {doc['pass']} of {doc['passes']}"
    return where


def round_prompt(doc: Mapping[str, Any]) -> str:
    """The same, short, for the shell's prompt: "round 2", "round 2 pass 1"."""
    return f"round {doc['round']}" + (f" pass {doc['pass']}" if doc.get("pass") else "")


class StatusView(msgspec.Struct, frozen=True):
    """A pack's part of ``status``: its fields of the document, and the board's columns.

    ``combatant`` gives the pack's fields of a combatant's entry (they may replace the core's
    ``conditions``); ``fight`` the pack's top-level fields. ``columns`` and ``notes`` draw the
    board (``notes`` is the free text after the columns); ``clock`` says what the moment is
    (who acts), ``pending`` what the fight waits for (None: the core's plain words).

    The clock in the system's own time words: ``when`` where it stands for the status line
    ("second 2", "round 2, DEX rank 12"; None: :func:`round_words`), ``prompt`` the same,
    short, for the shell's prompt (None: :func:`round_prompt`), ``round_word`` what one of the
    core's rounds is called in headings ("Second 3" in a report, "no second yet").
    """

    combatant: Callable[[FightState, str], dict[str, Any]]
    columns: tuple[Column, ...] = ()
    notes: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]] | None = None
    fight: Callable[[FightState], dict[str, Any]] | None = None
    clock: Callable[[Mapping[str, Any]], str | None] | None = None
    pending: Callable[[Mapping[str, Any], Mapping[str, str]], str] | None = None
    #: ``fracas odds``: a combatant's pools from his entry (name -> points), and the
    #: conditions that leave him alive but out of the fight ("unconscious" in the odds).
    pools: Callable[[Mapping[str, Any]], dict[str, int]] | None = None
    down: tuple[str, ...] = ("unconscious",)
    when: Callable[[Mapping[str, Any]], str] | None = None
    prompt: Callable[[Mapping[str, Any]], str] | None = None
    round_word: str = "round"

    def where(self, doc: Mapping[str, Any]) -> str:
        """Where the clock stands, in the system's words (see the class docstring)."""
        return self.when(doc) if self.when is not None else round_words(doc)

    def brief(self, doc: Mapping[str, Any]) -> str:
        """The same, short, for the shell's prompt."""
        return self.prompt(doc) if self.prompt is not None else round_prompt(doc)


#: ``explain(event, n)`` -> lines a GM reads; ``n(cid)`` is a combatant's name, ``n.their(cid)``
#: his pronoun (:class:`engine.explain.Names`).
Explainer = Callable[[Any, "Names"], list[str]]


class Pack(msgspec.Struct, frozen=True, kw_only=True, dict=True):  # dict: cached parts
    """A rules system, as data (see the module docstring).

    ``options`` is a msgspec struct whose field defaults are the first variant's, with each
    field's allowed values in its type (``Literal``) and its documentation in its metadata;
    ``variants`` maps each variant to the fields it sets differently. :attr:`sheet` is the
    validated sheet class embedded in join events (``load_sheet_type`` gives it on first use:
    its attrs classes cost a command that only reads), ``load_sheet`` reads and validates a
    file.
    ``pending`` is the record of a pending reaction; ``record`` that of a combatant's
    ``data``. ``citations`` names the pack's rule ids
    for the core's turn messages (``round_end``, ``sequence``, ``hold`` …): cited, never
    compared. ``phases`` are the round's phases before its turns, in order.
    """

    name: str
    title: str
    version: int
    options: type[Any]
    variants: Mapping[str, Mapping[str, Any]]
    load_sheet_type: Callable[[], type[Any]]
    load_sheet: Callable[[Path], Any]
    pending: type[Any]
    events: tuple[type[Event], ...]
    reducers: Mapping[type[Event], Reducer]
    upcasts: Upcasts
    status: StatusView
    #: The parts that deciding and explaining need, each loaded by a function of no arguments
    #: on first use (:attr:`actions`, :attr:`turns`, :attr:`explain`): importing a pack's
    #: deciders costs more than all the rest of a command that only reads, such as ``status``.
    load_actions: Callable[[], tuple[Action, ...]]
    load_turns: Callable[[], TurnRules]
    load_explain: Callable[[], Mapping[type[Event], Explainer]]
    #: The outcome rows of the pack's events (and of core events it words its own way), for
    #: the one line `log` gives a ply (engine/plyoutcome.py), loaded on first use.
    load_outcomes: Callable[[], Mapping[type[Event], Teller]]
    citations: Mapping[str, str] = msgspec.field(default_factory=dict)
    phases: tuple[str, ...] = ()
    #: The record a combatant's ``data`` holds (a msgspec struct), so that a snapshot of the
    #: state decodes back into it; None: the pack's states are never snapshotted.
    record: type[Any] | None = None
    #: Fields of folded events that no reducer reads (a roll's details), which a rebuild
    #: leaves undecoded (events/codec.py: ``Codec.skim``). A reducer must never read one:
    #: tests/test_architecture.py checks each reducer's source.
    unread: Mapping[type[Event], tuple[str, ...]] = msgspec.field(default_factory=dict)

    @functools.cached_property
    def sheet(self) -> type[Any]:
        """The validated sheet class embedded in join events."""
        return self.load_sheet_type()

    @functools.cached_property
    def actions(self) -> tuple[Action, ...]:
        """The pack's own rows of the actions table (``engine/actiontable.py`` adds the
        core's)."""
        return self.load_actions()

    @functools.cached_property
    def turns(self) -> TurnRules:
        """How the pack prices and refuses the core's turn management."""
        return self.load_turns()

    @functools.cached_property
    def explain(self) -> Mapping[type[Event], Explainer]:
        """The explain texts of the pack's events."""
        return self.load_explain()

    @functools.cached_property
    def outcomes(self) -> Mapping[type[Event], Teller]:
        """What each of the pack's events adds to a ply's outcome line."""
        return self.load_outcomes()

    @property
    def records(self) -> dict[str, Any]:
        """The pack's records that core events carry, for the codec."""
        return {"options": self.options, "sheet": self.sheet, "pending": self.pending}

    def cite(self, concept: str) -> str:
        """`` (RULE-ID)`` for a core concept the pack cites, or ""."""
        rule = self.citations.get(concept)
        return f" ({rule})" if rule else ""

    def verbs(self) -> Sequence[str]:
        """The pack's own verbs, in table order."""
        return [a.verb for a in self.actions]
