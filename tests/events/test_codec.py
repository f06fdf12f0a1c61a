"""The codec (events/codec.py) and upcasters (events/upcasts.py).

The round-trip property draws events of every registered type from strategies derived from the
types themselves (``msgspec.inspect``), so a new event type or field is covered without editing
this file; a field type the builder does not know fails loudly instead of being skipped.
"""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from events import upcasts
from events.codec import Codec, UnreadableEvent, encode, tag_of, to_builtins
from events.core import CORE_EVENTS, Event, RoundStarted, TurnPassed
from events.palladium import PALLADIUM_EVENTS, PALLADIUM_UPCASTS, StrikeDeclared
from events.upcasts import Body, Upcast, UpcastError, rename, roll_v2

CODEC = Codec(PALLADIUM_EVENTS, PALLADIUM_UPCASTS)
ALL_EVENTS: tuple[type[Event], ...] = (*CORE_EVENTS, *PALLADIUM_EVENTS)

_JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
_JSON = st.recursive(
    _JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)


def _strategy(t: mi.Type) -> st.SearchStrategy[Any]:
    """A strategy for values of a msgspec type, as JSON can carry them."""
    if isinstance(t, mi.StrType):
        return st.text(max_size=16)
    if isinstance(t, mi.BoolType):
        return st.booleans()
    if isinstance(t, mi.IntType):
        return st.integers(-(2**63), 2**63 - 1)
    if isinstance(t, mi.FloatType):
        return st.floats(allow_nan=False, allow_infinity=False)
    if isinstance(t, mi.NoneType):
        return st.none()
    if isinstance(t, mi.LiteralType):
        return st.sampled_from(t.values)
    if isinstance(t, mi.UnionType):
        return st.one_of(*(_strategy(member) for member in t.types))
    if isinstance(t, mi.VarTupleType):
        return st.lists(_strategy(t.item_type), max_size=3).map(tuple)
    if isinstance(t, mi.ListType):
        return st.lists(_strategy(t.item_type), max_size=3)
    if isinstance(t, mi.DictType) and isinstance(t.key_type, mi.StrType):
        return st.dictionaries(st.text(max_size=8), _strategy(t.value_type), max_size=3)
    if isinstance(t, mi.AnyType):
        return _JSON
    if isinstance(t, mi.Metadata):  # a combatant id (events.core.CombatantId): its type's values
        return _strategy(t.type)
    if isinstance(t, mi.StructType):
        fields = {f.name: _strategy(f.type) for f in t.fields}
        return st.fixed_dictionaries(fields).map(lambda kw: t.cls(**kw))
    raise NotImplementedError(f"no strategy for {t!r}: teach tests/events/test_codec.py")


def _event_strategy(cls: type[Event]) -> st.SearchStrategy[Event]:
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)
    return _strategy(info)


ANY_EVENT = st.one_of(*(_event_strategy(cls) for cls in ALL_EVENTS))


@settings(max_examples=300, deadline=None)
@given(event=ANY_EVENT)
def test_decode_of_encode_is_the_event(event: Event) -> None:
    tag, version, body = encode(event)
    assert tag == tag_of(type(event))
    assert CODEC.decode(tag, version, body) == event


@settings(max_examples=60, deadline=None)
@given(events=st.lists(ANY_EVENT, max_size=6))
def test_decode_many_is_decode_of_each(events: list[Event]) -> None:
    rows = [encode(e) for e in events]
    assert CODEC.decode_many(rows) == events


@pytest.mark.parametrize("cls", ALL_EVENTS, ids=lambda c: c.__name__)
def test_every_event_type_can_be_drawn(cls: type[Event]) -> None:
    """The strategy builder knows every field type in use (else NotImplementedError here)."""
    assert _event_strategy(cls) is not None


def test_to_builtins_carries_the_tag() -> None:
    data = to_builtins(StrikeDeclared(actor="a", target="b"))
    assert data == {"type": "palladium.strike_declared", "actor": "a", "target": "b",
                    "weapon": None, "defend": None, "move": None, "from_behind": False,
                    "unseen": False, "pull": None, "death_blow": False,
                    "range": None, "called": None, "at_weapon": False}  # fmt: skip


def test_core_only_codec_does_not_know_pack_events() -> None:
    core_only = Codec(())
    tag, version, body = encode(StrikeDeclared(actor="a", target="b"))
    with pytest.raises(UnreadableEvent) as err:
        core_only.decode(tag, version, body)
    assert not err.value.known_tag


# --- unreadable events ---------------------------------------------------------------------


def test_an_unknown_tag_is_unreadable_and_not_ours() -> None:
    with pytest.raises(UnreadableEvent) as err:
        CODEC.decode("core.teleported", 1, '{"type":"core.teleported","to":"mars"}')
    assert not err.value.known_tag
    assert "core.teleported" in str(err.value)
    assert "newer fracas" in str(err.value)


def test_a_known_tag_with_a_broken_body_is_unreadable_and_ours() -> None:
    with pytest.raises(UnreadableEvent) as err:
        CODEC.decode("core.turn_passed", 1, '{"type":"core.turn_passed","to":5}')
    assert err.value.known_tag
    with pytest.raises(UnreadableEvent):
        CODEC.decode("core.turn_passed", 1, "{not json")


def test_decode_many_names_the_event_at_fault() -> None:
    rows = [encode(TurnPassed(to="a")), ("core.turn_passed", 1, '{"type":"core.turn_passed"}')]
    with pytest.raises(UnreadableEvent) as err:
        CODEC.decode_many(rows)
    assert err.value.tag == "core.turn_passed"
    assert "to" in err.value.reason


# --- upcasters -----------------------------------------------------------------------------


class Note(Event, frozen=True, kw_only=True, tag="test.note"):
    """A test-local event that has changed shape twice."""

    schema_version: ClassVar[int] = 3
    text: str
    rule: str = ""


def _note_v1_to_v2(body: Body) -> Body:
    """Version 1 (imagined) called the text ``note``."""
    body = dict(body)
    body["text"] = body.pop("note")
    return body


def _note_v2_to_v3(body: Body) -> Body:
    """Version 2 (imagined) had no rule id; version 3 says so explicitly."""
    return {**body, "rule": body.get("rule") or "unspecified"}


NOTE_UPCASTS = {
    ("test.note", 1): Upcast(_note_v1_to_v2, "test.note", 2),
    ("test.note", 2): Upcast(_note_v2_to_v3, "test.note", 3),
    ("test.old_note", 1): rename("test.note", 3),
}
NOTES = Codec((Note,), NOTE_UPCASTS)


def test_an_old_body_is_upcast_through_every_step() -> None:
    old = '{"type":"test.note","note":"cover counts"}'
    assert NOTES.decode("test.note", 1, old) == Note(text="cover counts", rule="unspecified")
    v2 = '{"type":"test.note","text":"cover counts","rule":"PAL-X"}'
    assert NOTES.decode("test.note", 2, v2) == Note(text="cover counts", rule="PAL-X")


def test_a_retired_tag_decodes_as_the_event_it_became() -> None:
    old = '{"type":"test.old_note","text":"t","rule":"R"}'
    assert "test.old_note" in NOTES.tags
    assert NOTES.decode("test.old_note", 1, old) == Note(text="t", rule="R")


def test_new_events_are_written_at_the_current_version_and_mixed_logs_decode() -> None:
    current = encode(Note(text="now", rule="R"))
    assert current[1] == 3
    rows = [
        encode(RoundStarted(round=1, order=("a",))),
        ("test.note", 1, '{"type":"test.note","note":"then"}'),
        current,
    ]
    assert NOTES.decode_many(rows) == [
        RoundStarted(round=1, order=("a",)),
        Note(text="then", rule="unspecified"),
        Note(text="now", rule="R"),
    ]


def test_a_version_newer_than_this_fracas_is_refused() -> None:
    with pytest.raises(UpcastError, match="newer"):
        NOTES.decode("test.note", 4, '{"type":"test.note","text":"x"}')


@pytest.mark.parametrize("version", [0, -1])
def test_a_version_no_fracas_writes_is_a_changed_log(version: int) -> None:
    with pytest.raises(UpcastError, match="no fracas writes") as caught:
        NOTES.decode("test.note", version, '{"type":"test.note","text":"x"}')
    assert caught.value.corrupt


def test_an_older_version_no_step_reads_is_a_changed_log() -> None:
    """Every older version of a tag this fracas writes has its step: one without never
    existed (here test.note 2 has a step, so its missing step is a gap in this codec)."""
    no_steps = Codec((Note,), {})
    with pytest.raises(UpcastError, match="no fracas writes") as caught:
        no_steps.decode("test.note", 1, '{"type":"test.note","note":"n"}')
    assert caught.value.corrupt


def test_a_missing_upcaster_is_refused() -> None:
    gap = Codec((Note,), {("test.note", 1): Upcast(_note_v1_to_v2, "test.note", 2)})
    with pytest.raises(UpcastError, match=r"no upcaster for test\.note version 2"):
        gap.decode("test.note", 1, '{"type":"test.note","note":"n"}')


def test_upcast_is_a_plain_function_of_the_body() -> None:
    body = {"type": "test.note", "note": "n"}
    tag, out = upcasts.upcast("test.note", 1, body, NOTES.current, NOTE_UPCASTS)
    assert (tag, out) == ("test.note", {"type": "test.note", "text": "n", "rule": "unspecified"})
    assert body == {"type": "test.note", "note": "n"}  # the input is not mutated
    assert msgspec.convert(out, Note) == Note(text="n", rule="unspecified")


def test_an_old_roll_learns_how_it_was_judged() -> None:
    old = {"purpose": "strike", "spec": "2D6x10+1", "faces": [3, 4], "source": "seed",
           "total": 71, "target": 8}  # fmt: skip
    assert roll_v2(old) == {**old, "judged": "over", "margin": 63, "sides": [6, 6]}
    assert roll_v2({**old, "target": None})["margin"] is None
    assert roll_v2({**old, "spec": "10", "faces": []})["sides"] == []
