"""The chain's SHA-256 is SHA-256 whichever implementation computes it (CPython's own for a
command's first few hundred hashes, OpenSSL's after), and a ply's hash covers every field."""

from __future__ import annotations

import hashlib

import pytest

from engine import chain, sha


def test_the_digest_is_the_same_before_and_after_the_switch_to_hashlib() -> None:
    for i in range(600):  # well past the switch
        data = bytes(range(i % 256)) * (i % 7 + 1)
        assert sha.sha256(data) == hashlib.sha256(data).digest(), i


@pytest.mark.parametrize("layout", [1, 2])
def test_every_field_of_a_ply_changes_its_hash(layout: int) -> None:
    base = (b"p" * 32, 3, 2, 7, 0, 3, "fracas strike a b", "[]", "2026-11-25T10:00:00.000+00:00")
    events = [(5, "core.x", 1, '{"type":"core.x"}'), (5, "core.y", 1, '{"type":"core.y"}')]
    first = chain.ply_hash(*base, events, layout)
    for i in range(len(base)):
        changed = list(base)
        changed[i] = (
            b"q" * 32
            if i == 0
            else (changed[i] + 1 if isinstance(changed[i], int) else changed[i] + " ")
        )  # type: ignore[operator]
        assert chain.ply_hash(*changed, events, layout) != first, i  # type: ignore[arg-type]
    # layout 1 covers the ply id each event is stored under; layout 2 finds them by it
    for j in range(1 if layout == 1 else 2, 4):
        row = list(events[0])
        row[j] = row[j] + 1 if isinstance(row[j], int) else row[j] + " "  # type: ignore[operator]
        changed_events = [tuple(row), events[1]]
        assert chain.ply_hash(*base, changed_events, layout) != first, j  # type: ignore[arg-type]
    assert chain.ply_hash(*base, events + events, layout) != first
    assert chain.ply_hash(*base, events[::-1], layout) != first
    assert chain.ply_hash(*base, events[:1], layout) != first
    assert chain.ply_hash(*base, [], layout) != first


def test_layout_2_cannot_be_fooled_by_moving_a_join() -> None:
    """Rows that join to the same texts as an honest ply's, with a separator moved into a
    value or a row merged into another, hash differently (the count, and fracas never
    writing a comma in a tag or a newline in a body, fix where the joins are)."""
    base = (b"p" * 32, 3, 2, 7, 0, 3, "fracas strike a b", "[]", "2026-11-25T10:00:00.000+00:00")
    honest = [(5, "a", 1, '{"n":1}'), (5, "b", 1, '{"n":2}'), (5, "c", 1, "{}")]
    first = chain.ply_hash(*base, honest, 2)
    merged = [(5, "a,b", "1,1", '{"n":1}\n{"n":2}'), (5, "c", 1, "{}")]
    assert chain.ply_hash(*base, merged, 2) != first  # type: ignore[arg-type]
    text = chain.ply_text(honest)
    assert text == (3, "a,b,c", "1,1,1", b'{"n":1}\n{"n":2}\n{}', 0)
    assert chain.ply_text(merged) is None  # type: ignore[arg-type]


def test_a_ply_holding_what_fracas_never_stores_matches_no_hash() -> None:
    """A version stored as text, or a body as a blob, is a change made outside fracas."""
    base = (b"p" * 32, 3, 2, 7, 0, 3, "fracas strike a b", "[]", "2026-11-25T10:00:00.000+00:00")
    honest = chain.ply_hash(*base, [(5, "a", 1, "{}")], 2)
    for odd in [(5, "a", "1", "{}"), (5, "a", 1, b"{}"), (5, 7, 1, "{}")]:
        assert chain.ply_text([odd]) is None  # type: ignore[list-item]
        assert chain.ply_hash(*base, [odd], 2) != honest  # type: ignore[list-item]


@pytest.mark.parametrize("layout", [1, 2])
def test_a_path_read_hashes_a_raw_row_as_ply_hash_does(layout: int) -> None:
    """``ply_hasher`` (a short read's and a long read's) gives ``ply_hash`` of the row."""
    parent = b"p" * 32
    fields = (3, 2, 7, 0, 3, "fracas strike a b", "[4, 5]", "2026-11-25T10:00:00.000+00:00")
    row = (9, 1, 8, *fields, b"h" * 32)  # id, encounter, parent, then PLY_COLUMNS' order
    events = [(9, "core.x", 1, '{"type":"core.x","name":"\\u00e9 \\"q\\""}')]
    expected = chain.ply_hash(parent, *fields, events, layout)  # type: ignore[arg-type]
    assert chain.ply_hasher(1, layout)(parent, row, events) == expected
    assert chain.ply_hasher(10_000, layout)(parent, row, events) == expected


def test_the_layouts_differ_and_a_file_keeps_its_own() -> None:
    base = (b"p" * 32, 3, 2, 7, 0, 3, "fracas strike a b", "[]", "2026-11-25T10:00:00.000+00:00")
    events = [(5, "core.x", 1, '{"type":"core.x"}')]
    assert chain.ply_hash(*base, events, 1) != chain.ply_hash(*base, events, 2)
    assert [chain.layout_of(v) for v in (1, 2, 3, 4)] == [3, 1, 2, 3]


def test_layout_3_hashes_a_ply_without_a_state_as_layout_2_and_covers_a_state() -> None:
    """A schema-3 file made schema 4 keeps every hash it had; a ply carrying a state (the
    key and digest a snapshot of it must hold) hashes it, each part of it."""
    base = (b"p" * 32, 16, 0, 7, 0, 3, "fracas strike a b", "[]", "2026-11-25T10:00:00.000+00:00")
    events = [(5, "core.x", 1, '{"type":"core.x"}')]
    plain = chain.ply_hash(*base, events, 2)
    assert chain.ply_hash(*base, events, 3) == plain
    state = ("palladium/7/s3/eabc", b"d" * 32)
    carrying = chain.ply_hash(*base, events, 3, state)
    assert carrying != plain
    for other in [("palladium/8/s3/eabc", b"d" * 32), ("palladium/7/s3/eabc", b"e" * 32)]:
        assert chain.ply_hash(*base, events, 3, other) != carrying
    row = (5, 1, 4, *base[1:], b"h" * 32, *state)  # id, encounter, parent, fields, hash, state
    for count in (1, 10_000):
        assert chain.ply_hasher(count, 3)(base[0], row, events) == carrying
    # what fracas never writes in the state's columns matches no hash
    assert chain.state_of((*row[:12], "key", "not a blob")) is False
    assert chain.state_of((*row[:12], None, b"d" * 32)) is False
    assert chain.ply_hasher(1, 3)(base[0], (*row[:12], None, b"d" * 32), events) != plain


def test_the_hash_to_publish_is_the_head_hash_with_nothing_to_redo() -> None:
    head, tip = b"h" * 32, b"t" * 32
    assert chain.publish_hash(head, head) == head
    both = chain.publish_hash(head, tip)
    assert both not in (head, tip)
    assert chain.publish_hash(tip, head) != both
