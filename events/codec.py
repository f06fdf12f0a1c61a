"""Encoding events to JSON and back, for one rules system's union of event types."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Union

import msgspec

from events.core import CORE_EVENTS, Event
from events.upcasts import CURRENT_VERSION, upcast

_ENCODER = msgspec.json.Encoder()


def tag_of(event_type: type[Event]) -> str:
    """The namespaced tag stored for an event type."""
    tag = event_type.__struct_config__.tag
    assert isinstance(tag, str)
    return tag


def encode(event: Event) -> tuple[str, int, str]:
    """``(tag, version, JSON body)`` of an event, as the log stores it."""
    tag = tag_of(type(event))
    return tag, CURRENT_VERSION.get(tag, 1), _ENCODER.encode(event).decode()


def to_builtins(event: Event) -> dict[str, Any]:
    """The event as plain JSON-ready data (for ``--json`` output and comparisons)."""
    data = msgspec.to_builtins(event)
    assert isinstance(data, dict)
    return data


class Codec:
    """Decodes stored events of the core plus one rules pack's event types."""

    def __init__(self, pack_events: Sequence[type[Event]]) -> None:
        types = tuple(CORE_EVENTS) + tuple(pack_events)
        union: Any = Union[types]  # noqa: UP007 - built from a runtime tuple
        self._one = msgspec.json.Decoder(union)
        self._many = msgspec.json.Decoder(list[union])
        self._convert_type = union

    def decode(self, tag: str, version: int, body: str) -> Event:
        """One stored event; old versions are upcast first (events/upcasts.py)."""
        if version != CURRENT_VERSION.get(tag, 1):
            data = upcast(tag, version, msgspec.json.decode(body))
            return msgspec.convert(data, self._convert_type)  # type: ignore[no-any-return]
        return self._one.decode(body)  # type: ignore[no-any-return]

    def decode_many(self, rows: Sequence[tuple[str, int, str]]) -> list[Event]:
        """Many stored events at once: one decoder call when none needs upcasting."""
        if all(version == CURRENT_VERSION.get(tag, 1) for tag, version, _ in rows):
            return self._many.decode("[" + ",".join(body for _, _, body in rows) + "]")
        return [self.decode(tag, version, body) for tag, version, body in rows]
