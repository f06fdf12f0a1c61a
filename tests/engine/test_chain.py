"""The chain's SHA-256 is SHA-256 whichever implementation computes it (CPython's own for a
command's first few hundred hashes, OpenSSL's after), and a ply's hash covers every field."""

from __future__ import annotations

import hashlib

from engine import chain, sha


def test_the_digest_is_the_same_before_and_after_the_switch_to_hashlib() -> None:
    for i in range(600):  # well past the switch
        data = bytes(range(i % 256)) * (i % 7 + 1)
        assert sha.sha256(data) == hashlib.sha256(data).digest(), i


def test_every_field_of_a_ply_changes_its_hash() -> None:
    base = (b"p" * 32, 3, 2, 7, 0, 3, "fracas strike a b", "[]", "2026-11-25T10:00:00.000+00:00")
    events = [(5, "core.x", 1, '{"type":"core.x"}')]
    first = chain.ply_hash(*base, events)
    for i in range(len(base)):
        changed = list(base)
        changed[i] = (
            b"q" * 32
            if i == 0
            else (changed[i] + 1 if isinstance(changed[i], int) else changed[i] + " ")
        )  # type: ignore[operator]
        assert chain.ply_hash(*changed, events) != first, i  # type: ignore[arg-type]
    for j in range(4):
        row = list(events[0])
        row[j] = row[j] + 1 if isinstance(row[j], int) else row[j] + " "  # type: ignore[operator]
        assert chain.ply_hash(*base, [tuple(row)]) != first, j  # type: ignore[list-item]
    assert chain.ply_hash(*base, events + events) != first
    assert chain.ply_hash(*base, []) != first


def test_a_path_read_hashes_a_raw_row_as_ply_hash_does() -> None:
    """``ply_hasher`` (a short read's and a long read's) gives ``ply_hash`` of the row."""
    parent = b"p" * 32
    fields = (3, 2, 7, 0, 3, "fracas strike a b", "[4, 5]", "2026-11-25T10:00:00.000+00:00")
    row = (9, 1, 8, *fields, b"h" * 32)  # id, encounter, parent, then PLY_COLUMNS' order
    events = [(9, "core.x", 1, '{"type":"core.x","name":"\\u00e9 \\"q\\""}')]
    expected = chain.ply_hash(parent, *fields, events)  # type: ignore[arg-type]
    assert chain.ply_hasher(1)(parent, row, events) == expected
    assert chain.ply_hasher(10_000)(parent, row, events) == expected
