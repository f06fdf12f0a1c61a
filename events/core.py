"""Events every rules system shares: the encounter, its combatants, the clock, rolls and rulings.

Everything here is written to the log and must decode forever. Tags are explicit and namespaced
(``core.…``) so that renaming a class never changes what is on disk. New fields get defaults;
an existing field's meaning never changes; anything else is a new tag or an upcaster
(``events/upcasts.py``). Golden files in ``tests/events/golden/`` pin the encoding.
"""

# No `from __future__ import annotations`: msgspec reads these classes' annotations as
# objects instead of evaluating strings, which makes building a decoder ~3x cheaper.

from typing import Annotated, ClassVar, Generic, Literal, TypeVar

import msgspec

#: A declaration's field that names a combatant of the fight (his id): the kernel refuses one
#: that names nobody before any rule is asked (engine/turns.py: ``known_names``). Stored as
#: a plain string.
CombatantId = Annotated[str, msgspec.Meta(extra={"combatant": True})]

#: How texts speak of a fighter: the sheet's ``pronoun`` key (README, "Sheets"). "they" is the
#: default, and what a combatant of a log written before the key reads as.
Pronoun = Literal["he", "she", "they", "it"]


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every logged event; the ``type`` field carries the namespaced tag.

    ``schema_version`` is the version of its shape that this fracas writes; raise it only with
    an upcaster for the old one (``events/upcasts.py``).
    """

    schema_version: ClassVar[int] = 1


class Declaration(Event, frozen=True, kw_only=True):
    """Base of every ``…Declared`` input: what the GM asked for, before any rule decided."""


class Notice(Event, frozen=True, kw_only=True):
    """Base of an outcome the rules hand to the GM to act on himself (a house natural-1
    setback he narrates): ``log`` lists it under its ply's line, so that it is not missed."""


#: What a modifier does to the running value: ``add`` adds ``value``; ``mul`` multiplies by it;
#: ``div`` divides by it rounding down, ``div_up`` rounding up (a skill halved for a
#: Difficult task); ``cap`` keeps the value at most ``value``; ``set`` replaces it. ``skip`` is
#: a bonus shown but not applied here: its ``rule`` says why (a sheet bonus that does not count
#: for this roll is listed rather than dropped without a word).
ModifierOp = Literal["add", "mul", "div", "div_up", "cap", "set", "skip"]


class Modifier(msgspec.Struct, frozen=True, kw_only=True):
    """One step applied to a roll's total (or, for a roll judged "under", to its target).

    ``op`` says what the step does (:data:`ModifierOp`), in the order recorded. ``source`` is
    where it comes from, in the rules pack's own words ("sheet", "hand_to_hand", "skill",
    "situation", "gm_ruling", "rules" …); ``rule`` cites the rule id.
    """

    name: str
    value: int
    source: str
    rule: str = ""
    op: ModifierOp = "add"


class Roll(msgspec.Struct, frozen=True, kw_only=True):
    """A roll as it happened: the die spec, the faces, every modifier, the total, and how it
    was judged.

    ``source`` is "seed" when the faces came from the encounter's generator, "physical" when
    the GM entered them with ``--dice``, "mixed" when a roll used both; ``sides`` is the die of
    each face, in order. ``judged`` "over": ``modifiers`` apply to the dice and the total must
    reach ``target`` (a strike roll that needs 8); "under": the total must not exceed ``target``,
    which is ``base`` (a skill) after ``target_modifiers`` (a percentile or 3d6 skill roll).
    ``margin`` is by how much the roll made its target (0 or more) or missed it (negative);
    ``tier`` is the rules pack's success tier where it has tiers ("critical", "special" …),
    or what the band of a table the roll is read on does ("half the volley").
    ``target`` None: nothing was to be reached (e.g. damage).
    """

    purpose: str
    spec: str
    faces: tuple[int, ...]
    source: Literal["seed", "physical", "mixed"]
    modifiers: tuple[Modifier, ...] = ()
    total: int
    target: int | None = None
    rule: str = ""
    judged: Literal["over", "under"] = "over"
    margin: int | None = None
    tier: str | None = None
    base: int | None = None
    target_modifiers: tuple[Modifier, ...] = ()
    sides: tuple[int, ...] = ()


# --- declarations the core itself owns ------------------------------------------------------

#: A rules pack's own record carried by a core event: its options, a combatant's sheet, what a
#: pending reaction waits on. The codec decodes it as the encounter's pack says
#: (``EncounterStarted[PackOptions]``), so it is typed, never a loose dict.
Options = TypeVar("Options")
Sheet = TypeVar("Sheet")
Detail = TypeVar("Detail")


class EncounterStarted(
    Declaration, Generic[Options], frozen=True, kw_only=True, tag="core.encounter_started"
):
    """The root ply of an encounter: its name, seed, rules system, version and options."""

    name: str
    seed: int
    system: str
    rules_version: int
    variant: str
    options: Options | None = None


class JoinDeclared(
    Declaration, Generic[Sheet], frozen=True, kw_only=True, tag="core.join_declared"
):
    """The GM adds a combatant from a sheet; the validated sheet is embedded here."""

    combatant: str
    side: str
    sheet: Sheet
    source_file: str = ""


class RulingDeclared(Declaration, frozen=True, kw_only=True, tag="core.ruling_declared"):
    """A GM ruling: a recorded reading of the rules, an override, an ad-hoc note, or effects on
    one combatant that every rules system knows: damage and healing (in the pack's units,
    through its pools), a condition for some rounds, the end of one. A rules pack adds its own
    effects by subclassing this declaration under its own tag.

    Version 2: the effects were a loose dict (``effects``); the core's are fields now.
    """

    schema_version: ClassVar[int] = 2
    text: str = ""
    rule: str = ""
    #: The combatant the ruling acts on ("" for a note on the whole fight).
    combatant: CombatantId = ""
    damage: int = 0
    heal: int = 0
    condition: str | None = None
    #: How many rounds ``condition`` lasts, the current one counting as the first (0: until
    #: ended).
    rounds: int = 0
    end_condition: str | None = None

    def has_effects(self) -> bool:
        """Whether it asks for anything but a note."""
        return any(
            getattr(self, f) not in (None, 0, False, "", ())
            for f in self.__struct_fields__
            if f not in ("text", "rule", "combatant")
        )


class InitiativeDeclared(Declaration, frozen=True, kw_only=True, tag="core.initiative_declared"):
    """The GM begins the next round, whatever a round is in the encounter's rules. A pack that
    takes more (who ambushes, who is unseen) subclasses it under its own tag."""


class PassDeclared(Declaration, frozen=True, kw_only=True, tag="core.pass_declared"):
    """``actor`` ends his turn; None: the GM ends whoever's turn it is, or the round's current
    phase (``fracas next``)."""

    actor: CombatantId | None = None


class HoldDeclared(Declaration, frozen=True, kw_only=True, tag="core.hold_declared"):
    """``actor`` holds his action until ``trigger``; his turn ends."""

    actor: CombatantId
    trigger: str


class ReleaseDeclared(Declaration, frozen=True, kw_only=True, tag="core.release_declared"):
    """The trigger of ``actor``'s held action came: he acts now, then the turn goes back."""

    actor: CombatantId


class InterruptDeclared(Declaration, frozen=True, kw_only=True, tag="core.interrupt_declared"):
    """``actor`` tries to cut in ahead of the one acting (or ``against``); the pack says how the
    contest goes.

    ``allowed``: the GM allows it without a held action (an ability); ``breaks``: the GM rules
    that a won interrupt breaks the interrupted action under way.
    """

    actor: CombatantId
    allowed: bool = False
    breaks: bool = False
    #: Whose action is interrupted ("": the one acting); naming another lets a GM stop an
    #: action under way between its turns.
    against: CombatantId = ""


class CounterDeclared(Declaration, frozen=True, kw_only=True, tag="core.counter_declared"):
    """``actor`` counters: he acts right after the action that triggered it."""

    actor: CombatantId


# --- outcomes -----------------------------------------------------------------------------


class CombatantJoined(Event, frozen=True, kw_only=True, tag="core.combatant_joined"):
    """A combatant enters the fight (pool values are the rules pack's business)."""

    combatant: str
    name: str
    side: str
    kind: str
    #: How texts speak of him: the sheet's ``pronoun`` ("they" in a log from before the key).
    pronoun: Pronoun = "they"


class RoundStarted(Event, frozen=True, kw_only=True, tag="core.round_started"):
    """A new round begins with ``order`` as its turn order, best first.

    ``passes`` > 0 splits the round into that many passes, each one turn per combatant in
    order; 0 cycles the order until nobody can act. ``timed``: turns come by time instead,
    counted down: each combatant acts at his time (``at``), the highest first, ties in
    ``order`` (a rank countdown). ``phase`` names where the round begins when the pack has
    phases before the turns ("" for the turns themselves). ``label`` names a special round
    (e.g. "surprise").
    """

    round: int
    order: tuple[str, ...]
    passes: int = 0
    label: str = ""
    timed: bool = False
    at: dict[str, int] = {}
    phase: str = ""


class PassStarted(Event, frozen=True, kw_only=True, tag="core.pass_started"):
    """Pass ``number`` of the round begins; turns start again from the top of the order."""

    round: int
    number: int


class PhaseStarted(Event, frozen=True, kw_only=True, tag="core.phase_started"):
    """Phase ``phase`` of the round begins ("": the turns begin)."""

    round: int
    phase: str


class TurnScheduled(Event, frozen=True, kw_only=True, tag="core.turn_scheduled"):
    """In a timed round, ``combatant`` acts next at ``at`` (None: not again this round)."""

    combatant: str
    at: int | None
    reason: str = ""


class OrderChanged(Event, frozen=True, kw_only=True, tag="core.order_changed"):
    """The round's turn order changes (e.g. someone loses initiative); ``reason`` says why."""

    order: tuple[str, ...]
    reason: str = ""


class CutInQueued(Event, frozen=True, kw_only=True, tag="core.cut_in_queued"):
    """``combatant`` will act right after the current action resolves (e.g. a lost interrupt)."""

    combatant: str


class TurnPassed(Event, frozen=True, kw_only=True, tag="core.turn_passed"):
    """The clock moves: ``to`` acts next, or None when every turn of the round is done.

    ``cut_in``: ``to`` cuts in (a released hold, an interrupt, a counter) and the one acting
    now is kept to resume afterwards; ``resumed``: the cut-in is over, and ``to`` is the one
    it interrupted carrying on his turn, or whoever comes next if that turn was over. ``at``:
    the time of the turn in a timed round.
    """

    to: str | None
    cut_in: bool = False
    resumed: bool = False
    #: With ``cut_in``: the one acting had finished his turn, so after the cut-in the turn
    #: moves on from him instead of coming back to him.
    turn_over: bool = False
    at: int | None = None


class ActionHeld(Event, frozen=True, kw_only=True, tag="core.action_held"):
    """``combatant`` holds his action until ``trigger``."""

    combatant: str
    trigger: str


class HoldEnded(Event, frozen=True, kw_only=True, tag="core.hold_ended"):
    """A held action is released (``released``) or lapses (e.g. at its owner's next turn)."""

    combatant: str
    released: bool
    reason: str = ""


class ConditionChanged(Event, frozen=True, kw_only=True, tag="core.condition_changed"):
    """A condition is gained (``present`` true) or lost; ``rule`` cites why."""

    combatant: str
    condition: str
    present: bool
    rule: str = ""
    #: Gained for this many rounds, the current one counting as the first (0: until lost).
    rounds: int = 0
    #: With ``rounds``: the last round it holds; it ends as that round ends, before the next
    #: one's order and attacks are counted (``engine/turns.py: for_rounds``, the rule in
    #: docs/ARCHITECTURE.md). 0 in logs written before it was recorded: ``rounds`` then counts
    #: from the round the clock was in (the first before any).
    last_round: int = 0


class ReactionRequested(
    Event, Generic[Detail], frozen=True, kw_only=True, tag="core.reaction_requested"
):
    """The fight waits for ``reactor`` to answer ``actor`` (e.g. a strike awaiting a defence).

    ``detail`` is the rules pack's own record of what is pending; the core only knows that
    while a reaction is pending no other action may be taken (but an answer or a ruling).
    """

    actor: str
    reactor: str
    kind: str
    detail: Detail


class ReactionResolved(Event, frozen=True, kw_only=True, tag="core.reaction_resolved"):
    """The pending reaction has been answered."""

    reactor: str


class RemoveDeclared(Declaration, frozen=True, kw_only=True, tag="core.remove_declared"):
    """The GM takes ``combatant`` out of the fight (added by mistake, or gone): he leaves the
    order; an undo brings him back."""

    combatant: CombatantId


class RenameDeclared(Declaration, frozen=True, kw_only=True, tag="core.rename_declared"):
    """The GM calls ``combatant`` ``name`` from now on (his id stays)."""

    combatant: CombatantId
    name: str


class ResheetDeclared(
    Declaration, Generic[Sheet], frozen=True, kw_only=True, tag="core.resheet_declared"
):
    """The GM replaces ``combatant``'s sheet mid-fight (a mistake mended): the validated new
    sheet is embedded here, as a join embeds the first (which stays in the log, in that join).
    His id, name and side stay; what he has lost (damage taken, attacks spent, ammunition used)
    stays lost against the new sheet's maxima, unless ``reset``: his pools start afresh from
    the new sheet."""

    combatant: CombatantId
    sheet: Sheet
    source_file: str = ""
    reset: bool = False


class SheetReplaced(Event, frozen=True, kw_only=True, tag="core.sheet_replaced"):
    """``combatant`` fights on from a new sheet: ``kind`` is the new sheet's (pc, npc …);
    ``reset``: his pools start afresh. The rules pack's events that follow carry what the
    rules derive from it."""

    combatant: str
    kind: str
    reset: bool = False


class CombatantRemoved(Event, frozen=True, kw_only=True, tag="core.combatant_removed"):
    """``combatant`` is out of the fight and the order."""

    combatant: str


class CombatantRenamed(Event, frozen=True, kw_only=True, tag="core.combatant_renamed"):
    """``combatant`` is called ``name`` from now on."""

    combatant: str
    name: str


CORE_EVENTS: tuple[type[Event], ...] = (
    EncounterStarted,
    JoinDeclared,
    RulingDeclared,
    InitiativeDeclared,
    PassDeclared,
    HoldDeclared,
    ReleaseDeclared,
    InterruptDeclared,
    CounterDeclared,
    CombatantJoined,
    RoundStarted,
    PassStarted,
    PhaseStarted,
    TurnScheduled,
    OrderChanged,
    CutInQueued,
    TurnPassed,
    ActionHeld,
    HoldEnded,
    ConditionChanged,
    ReactionRequested,
    ReactionResolved,
    RemoveDeclared,
    RenameDeclared,
    CombatantRemoved,
    CombatantRenamed,
    ResheetDeclared,
    SheetReplaced,
)

#: The core events whose pack record is a type parameter, and the pack's field naming it.
GENERIC_EVENTS: dict[type[Event], str] = {
    EncounterStarted: "options",
    JoinDeclared: "sheet",
    ResheetDeclared: "sheet",
    ReactionRequested: "pending",
}
