"""The hash chain that makes the log tamper-evident.

Each ply's hash is SHA-256 over its parent's stored hash and everything the ply holds: depth,
skip pointer, seed, salt, rules version, command, entered dice, time, and every event as stored
(tag, version, body). The root ply chains from the encounter's own hash (its name, seed,
system, rules version and time). A command that reads a ply recomputes its hash from the row
and the parent's *stored* hash; a mismatch means the row changed after it was written.

Plies appended later chain over the stored hashes, so a changed row is never laundered: the
first changed ply stays the first mismatch for ever, even for a command that a snapshot spared
from reading it (``replay --verify`` reads them all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engine.logfile import NotFracas
from engine.sha import bulk_sha256, sha256

_ENCODE = msgspec.json.Encoder().encode
#: What a hash is over, versioned so that a future layout cannot collide with this one.
_DOMAIN = b"fracas-chain/1\x00"


class Tampered(NotFracas):
    """A ply's stored hash does not match its contents: the log was changed (exit 5)."""


def encounter_hash(name: str, seed: int, system: str, rules_version: int, created_at: str) -> bytes:
    """The hash the encounter's root ply chains from."""
    body = _ENCODE(["encounter", name, seed, system, rules_version, created_at])
    return sha256(_DOMAIN + body)


def ply_hash(
    parent: bytes,
    depth: object,
    skip: object,
    seed: object,
    salt: object,
    rules_version: object,
    command: object,
    dice: object,
    created_at: object,
    events: Sequence[tuple[int, str, int, str]],
) -> bytes:
    """The hash of one ply from its parent's stored hash and its stored contents.

    ``dice`` is the stored JSON text of the entered faces; ``events`` are ``(ply id, tag,
    version, body)`` in order, the bodies as stored (the rows a path read gives). The fields
    are typed loosely because they come straight from SQLite rows: whatever a row holds is
    hashed as it is. Everything after the parent's hash is one JSON array, so no two
    different plies hash the same bytes.
    """
    body = _ENCODE([depth, skip, seed, salt, rules_version, command, dice, created_at, events])
    return sha256(_DOMAIN + parent + body)


#: :func:`ply_hasher`'s function: ``(parent hash, raw ply row, its stored events) -> hash``.
RowHasher = Callable[[bytes, Sequence[object], Sequence[tuple[int, str, int, str]]], bytes]


def ply_hasher(count: int) -> RowHasher:
    """:func:`ply_hash` over a raw ply row (``engine.logrows.PLY_COLUMNS``, whose depth to
    time are ``row[3:11]``, in the order the hash takes them), for a read of ``count``
    plies: a long read binds OpenSSL's SHA-256 once instead of choosing per ply."""
    if count < 256:
        return _hash_row
    openssl, encode, domain = bulk_sha256(), _ENCODE, _DOMAIN

    def hash_row(
        parent: bytes, row: Sequence[object], events: Sequence[tuple[int, str, int, str]]
    ) -> bytes:
        return bytes(openssl(domain + parent + encode([*row[3:11], events])).digest())

    return hash_row


def _hash_row(
    parent: bytes, row: Sequence[object], events: Sequence[tuple[int, str, int, str]]
) -> bytes:
    depth, skip, seed, salt, version, command, dice, created = row[3:11]
    return ply_hash(parent, depth, skip, seed, salt, version, command, dice, created, events)
