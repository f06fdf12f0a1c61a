"""Encoding events to JSON and back, for one rules system's union of event types."""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Mapping, Sequence
from operator import itemgetter
from typing import Any, Union, get_origin

import msgspec

from events.core import CORE_EVENTS, GENERIC_EVENTS, Event
from events.upcasts import CORE_UPCASTS, Upcasts, upcast

_ENCODER = msgspec.json.Encoder()
_TAG_VERSION = itemgetter(1, 2)  # of a stored row (ply, tag, version, body)
_BODY = itemgetter(3)


class UnreadableEvent(ValueError):
    """A stored event this fracas cannot decode.

    ``known_tag`` is False when the tag is not one this fracas (with this rules pack) knows:
    the log was written by a newer fracas or another rules pack. When True, the body does not
    fit its own tag: the log is corrupt (or an upcaster is missing, which is a bug).
    """

    def __init__(self, tag: str, version: int, reason: str, *, known_tag: bool) -> None:
        self.tag = tag
        self.version = version
        self.reason = reason
        self.known_tag = known_tag
        super().__init__(tag, version, reason)

    def __str__(self) -> str:
        if not self.known_tag:
            return (
                f"the log holds an event {self.tag!r} (version {self.version}) that this fracas "
                "does not know: it was written by a newer fracas or another rules pack"
            )
        if self.version < 0:  # no version to show (see Codec.decode)
            return f"a stored {self.tag!r} event is unreadable: {self.reason}"
        return f"a stored {self.tag!r} event (version {self.version}) is unreadable: {self.reason}"


def _shown(value: object) -> str:
    """A stored value in a message, cut short: whatever another program put there."""
    shown = value if type(value) is str else repr(value)
    return shown if len(shown) <= 40 else shown[:36] + "..."


def _array(bodies: list[str]) -> str:
    """The JSON array of ``bodies``, built by one join: ``"[" + join + "]"`` would copy a
    long fight's megabytes twice more, into freshly mapped pages."""
    if not bodies:
        return "[]"
    bodies[0] = "[" + bodies[0]
    bodies[-1] = bodies[-1] + "]"
    return ",".join(bodies)


_TAGS: dict[type, str] = {}


def _slim(event_type: type[Event], unread: Collection[str]) -> type:
    """A copy of ``event_type`` (same tag) without the fields ``unread``: decoding skips
    them, building nothing."""
    kept: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for f in msgspec.structs.fields(event_type):
        if f.name in unread:
            continue
        if f.required:
            kept.append((f.name, f.type))
        elif f.default_factory is not msgspec.NODEFAULT:
            kept.append((f.name, f.type, msgspec.field(default_factory=f.default_factory)))
        else:
            kept.append((f.name, f.type, f.default))
    return msgspec.defstruct(
        f"{event_type.__name__}Skimmed",
        kept,
        tag=tag_of(event_type),
        tag_field="type",
        frozen=True,
        kw_only=True,
        module=event_type.__module__,
    )


def tag_of(event_type: type[Event]) -> str:
    """The namespaced tag stored for an event type (or a core event typed for a pack)."""
    tag = _TAGS.get(event_type)
    if tag is None:
        found = (get_origin(event_type) or event_type).__struct_config__.tag
        assert isinstance(found, str)
        tag = _TAGS[event_type] = found
    return tag


def encode(event: Event) -> tuple[str, int, str]:
    """``(tag, version, JSON body)`` of an event, as the log stores it."""
    return tag_of(type(event)), event.schema_version, _ENCODER.encode(event).decode()


def encodes_as(
    events: Sequence[Event], stored: Sequence[tuple[object, str, int, str]], start: int = 0
) -> bool:
    """Whether ``events`` encode to exactly the stored ``(ply, tag, version, body)`` rows: what
    :func:`encode` gives, compared event by event without building it. ``start``: how many
    leading events the caller took from the stored rows themselves (a replay's declaration,
    decoded from its row), compared no further."""
    if len(events) != len(stored):
        return False
    encode_ = _ENCODER.encode
    for event, row in zip(events[start:], stored[start:], strict=True):
        kind = type(event)
        tag = _TAGS.get(kind) or tag_of(kind)
        if row[3] != encode_(event).decode() or row[2] != event.schema_version or row[1] != tag:
            return False
    return True


def to_builtins(event: Event) -> dict[str, Any]:
    """The event as plain JSON-ready data (for ``--json`` output and comparisons)."""
    data = msgspec.to_builtins(event)
    assert isinstance(data, dict)
    return data


class Codec:
    """Decodes stored events of the core plus one rules pack's event types.

    ``unread`` names, per folded event type, fields no reducer reads (a roll's details):
    :meth:`skim` leaves them undecoded, in a lean copy of the type (:attr:`slimmed`).

    ``upcasts`` are the pack's steps for its old shapes (the core's are always known, and a
    pack's step for a core tag replaces the core's); a tag they retire still counts as known.
    ``records`` types the pack records core events carry (``options``, ``sheet``,
    ``pending``: events.core.GENERIC_EVENTS); without them those decode as plain data.
    ``lazy`` gives more records when an event carrying them is first decoded in full (the
    sheet: its classes cost a command that only folds state, whose events never carry one:
    :meth:`decode_stored` with ``full=False`` decodes them as plain data). ``folded`` narrows
    that rebuild decoder to the types a reducer reads (the others are never handed to it; an
    unknown tag still fails to decode, and is refused as a newer fracas's). A stored event that
    does not decode raises :class:`UnreadableEvent`; an event of a version newer than this
    fracas, or without an upcaster, raises ``events.upcasts.UpcastError``.
    """

    def __init__(
        self,
        pack_events: Sequence[type[Event]],
        upcasts: Upcasts | None = None,
        records: Mapping[str, Any] | None = None,
        lazy: Callable[[], Mapping[str, Any]] | None = None,
        folded: Collection[type] | None = None,
        unread: Mapping[type[Event], Collection[str]] | None = None,
    ) -> None:
        self._pack_events = tuple(pack_events)
        self._unread = dict(unread or {})
        self._records = dict(records or {})
        self._lazy = lazy
        self._folded = None if folded is None else frozenset(folded)
        types = CORE_EVENTS + self._pack_events
        self.current: Mapping[str, int] = {tag_of(t): t.schema_version for t in types}
        self._pairs = frozenset(self.current.items())  # (tag, version) needing no upcast
        self.upcasts: Upcasts = {**CORE_UPCASTS, **(upcasts or {})}
        self.tags = frozenset(self.current) | {tag for tag, _ in self.upcasts}

    def _union(self, records: Mapping[str, Any], only: Collection[type] | None = None) -> Any:
        core = tuple(
            t[records.get(GENERIC_EVENTS[t], Any)] if t in GENERIC_EVENTS else t  # type: ignore[index]
            for t in CORE_EVENTS
            if only is None or t in only
        )
        pack = tuple(t for t in self._pack_events if only is None or t in only)
        return Union[core + pack]  # noqa: UP007 - built from a runtime tuple

    @functools.cached_property
    def union(self) -> Any:
        """The union of every event type this codec decodes, with every record typed."""
        return self._union({**self._records, **(self._lazy() if self._lazy else {})})

    @functools.cached_property
    def _one(self) -> msgspec.json.Decoder[Any]:
        return msgspec.json.Decoder(self.union)

    @functools.cached_property
    def _many(self) -> msgspec.json.Decoder[Any]:
        return msgspec.json.Decoder(list[self.union])  # type: ignore[name-defined]

    def decode(self, tag: str, version: int, body: str) -> Event:
        """One stored event; old versions are upcast first (events/upcasts.py)."""
        if type(version) is not int:  # not as fracas stores it: text, a fraction, a blob
            why = f"its version {_shown(version)} is not a whole number"
            raise UnreadableEvent(_shown(tag), -1, why, known_tag=True)
        if type(tag) is not str or type(body) is not str:
            raise UnreadableEvent(_shown(tag), -1, "its tag or body is not text", known_tag=True)
        try:
            if self.current.get(tag) == version or tag not in self.tags:
                return self._one.decode(body)  # type: ignore[no-any-return]
            _, data = upcast(tag, version, msgspec.json.decode(body), self.current, self.upcasts)
            return msgspec.convert(data, self.union)  # type: ignore[no-any-return]
        except msgspec.MsgspecError as err:
            raise UnreadableEvent(tag, version, str(err), known_tag=tag in self.tags) from None

    def decode_stored(
        self, rows: Sequence[tuple[int, str, int, str]], *, full: bool = True
    ) -> list[Event]:
        """:meth:`decode_many` of rows as a path read gives them: ``(ply, tag, version,
        body)``; ``full`` false: the lazy records (a sheet) stay plain data (a rebuild)."""
        if all(map(self._pairs.__contains__, map(_TAG_VERSION, rows))):
            many = self._many if full else self._fold_many
            try:
                decoded: list[Event] = many.decode(_array(list(map(_BODY, rows))))
                if len(decoded) == len(rows):  # else a body held more than one event
                    return decoded
            except (msgspec.MsgspecError, TypeError):  # TypeError: a body not stored as text
                pass  # decode one by one below, to name the event at fault
        return [self.decode(tag, version, body) for _, tag, version, body in rows]

    def all_current(self, tags: str, versions: str) -> bool:
        """Whether the events of these joined tags and versions (a ply's text in hash layout
        2, engine/chain.py) are all of this fracas's versions: none needs upcasting."""
        pairs = self._pairs
        tag_list, version_list = tags.split(","), versions.split(",")
        return len(tag_list) == len(version_list) and all(
            (tag, int(v) if v.isascii() and v.isdigit() and len(v) < 19 else v) in pairs
            for tag, v in zip(tag_list, version_list, strict=True)
        )

    @functools.cached_property
    def _fold_many(self) -> msgspec.json.Decoder[Any]:
        """The row-by-row rebuild's decoder: the types a reducer reads (built on first use:
        a file in hash layout 2 is skimmed, engine/skim.py)."""
        fold = self._union(self._records, self._folded)
        return msgspec.json.Decoder(list[fold])  # type: ignore[valid-type]

    @functools.cached_property
    def slimmed(self) -> Mapping[type, type]:
        """Each event type with fields no reducer reads -> its lean copy, which a skim
        decodes instead (the kernel folds it with the same reducer). Built on first use, as
        the skim's decoder is: a command that reads no long path never needs them."""
        return {t: _slim(t, f) for t, f in self._unread.items()}

    @functools.cached_property
    def _skim(self) -> msgspec.json.Decoder[Any]:
        """The rebuild decoder over every current tag: the types a reducer reads, and an
        empty placeholder for each other (its fields are skipped, nothing is built)."""
        folded = self._folded
        union = self._union(self._records, folded)
        if self.slimmed:
            union = Union[tuple(self.slimmed.get(t, t) for t in union.__args__)]  # noqa: UP007
        skipped = tuple(
            msgspec.defstruct(f"Skipped{i}", [], tag=tag_of(t), tag_field="type", frozen=True)
            for i, t in enumerate(CORE_EVENTS + self._pack_events)
            if folded is not None and t not in folded
        )
        return msgspec.json.Decoder(Union[(union, *skipped)])

    def skim(self, text: bytes) -> list[Event]:
        """A ply's events from its bodies one a line (hash layout 2's), for a rebuild: those a
        reducer reads decoded (pack records left plain, as ``decode_stored(full=False)``), the
        others as empty placeholders no reducer reads. Only for events
        :meth:`all_current` passed; a tag this fracas does not know fails
        (``msgspec.MsgspecError``), and the caller reads the rows one by one."""
        events: list[Event] = self._skim.decode_lines(text)
        return events

    def decode_many(self, rows: Sequence[tuple[str, int, str]]) -> list[Event]:
        """Many stored events at once: one decoder call when none needs upcasting."""
        current = self.current
        if all(current.get(tag) == version for tag, version, _ in rows):
            try:
                events: list[Event] = self._many.decode(_array([body for _, _, body in rows]))
                if len(events) == len(rows):  # else a body held more than one event
                    return events
            except (msgspec.MsgspecError, TypeError):  # TypeError: a body not stored as text
                pass  # decode one by one below, to name the event at fault
        return [self.decode(tag, version, body) for tag, version, body in rows]
