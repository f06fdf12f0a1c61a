"""The hash chain that makes the log tamper-evident.

Each ply's hash is SHA-256 over its parent's stored hash and everything the ply holds: depth,
skip pointer, seed, salt, rules version, command, entered dice, time, and every event as stored
(tag, version, body). The root ply chains from the encounter's own hash (its name, seed,
system, rules version and time). A command that reads a ply recomputes its hash from the row
and the parent's *stored* hash; a mismatch means the row changed after it was written.

Three layouts of those bytes exist, and a file keeps its own (:func:`layout_of`):

* **layout 1** (files of schema 2): one JSON array of the ply's fields and its events as
  ``[ply, tag, version, body]`` arrays, every body escaped as a JSON string.
* **layout 2** (schema 3; a schema-1 file upgraded before schema 4 gained it): a JSON
  array of the ply's fields, its event count, its tags joined by ``,`` and its versions joined
  by ``,``, followed by its bodies as stored, one a line (newline-delimited JSON). That is
  what SQLite's ``group_concat`` gives per ply, so a long read takes a ply's events as one
  value, hashes it as it comes and decodes it in one call (engine/skim.py), with no Python
  object per stored event and no escaping. It is one-to-one for what fracas writes: a tag
  never holds a comma and a body never a raw newline (msgspec writes compact JSON), so with
  the count fixed, the joined texts split back into the same rows only. Two things the
  joined texts cannot show are checked beside the hash: a NULL (``group_concat`` skips it;
  the skim counts them, and refuses any), and a body holding two events (the skim counts
  what it decodes against the rows). It covers each value's text, not SQLite's storage
  class: a body rewritten as a blob of the same bytes still folds the same fight through a
  skim, and the row-by-row reads (``log``, ``explain``, ``replay --verify``), which see the
  class, refuse it (:func:`ply_text`).

* **layout 3** (schema 4, every new file; a schema-3 file gains it on its first write, a
  schema-1 file on its upgrade) is layout 2, and a ply that carries the **state** after it (the
  plies a snapshot caches: ``engine/snapshots.py``) has that state's key and digest in its
  bytes, under a domain of its own: ``[fields, state key, state digest (hex), count, tags,
  versions]`` then the bodies. A ply without a state hashes exactly as in layout 2, so a
  schema-3 file keeps every hash it had. A snapshot is usable only if its state's digest is
  the one chained in its ply, so a forged snapshot (its state and its digest rewritten) is
  refused; forging the chained digest too changes the ply's hash and every hash after it.

The layouts encode the ply's fields with msgspec, which writes an infinite number as
``null``: a path read therefore checks each row's types first (``engine.logrows.row_problem``),
so that a skip pointer of infinity is not taken for none.

Plies appended later chain over the stored hashes, so a changed row is never laundered: the
first changed ply stays the first mismatch for ever, even for a command that a snapshot spared
from reading it (``replay --verify`` reads them all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engine.logfile import NotFracas
from engine.sha import bulk_sha256, sha256

_ENCODE = msgspec.json.Encoder().encode
#: What a hash is over, versioned so that one layout's bytes cannot collide with another's.
_DOMAIN = b"fracas-chain/1\x00"
_DOMAIN_2 = b"fracas-chain/2\x00"
_DOMAIN_3 = b"fracas-chain/3\x00"
#: What the hash to publish is over when a branch has plies to redo (:func:`publish_hash`).
_DOMAIN_PUBLISH = b"fracas-publish/1\x00"
#: The layout new files use.
LAYOUT = 3
#: Joins a ply's bodies in layout 2: a body fracas wrote never holds a raw newline.
BODY_JOIN = "\n"


def layout_of(schema: int) -> int:
    """The chain layout of a file of ``schema``: schema-2 files keep layout 1 (their hashes
    were published and must not change), schema-3 files layout 2 until their first write
    makes them schema 4 (layout 3, a superset: no hash changes); a schema-1 file gains the
    current one."""
    return {2: 1, 3: 2}.get(schema, LAYOUT)


#: The state a ply carries in layout 3: ``(snapshot key, digest of the state)``
#: (``engine.snapshots.SnapshotCodec``), or None.
State = tuple[str, bytes] | None


class Tampered(NotFracas):
    """A ply's stored hash does not match its contents: the log was changed (exit 5)."""


def publish_hash(head: bytes, tip: bytes) -> bytes:
    """The hash a GM publishes for a branch: its head's hash when it has nothing to redo
    (``tip`` is ``head``), else SHA-256 over both, so that the plies ``redo`` would bring
    back (the redo history) and where the head stands are covered too: deleting undone
    plies, or moving the head, changes it."""
    if head == tip:
        return head
    return sha256(_DOMAIN_PUBLISH + head + tip)


def state_of(row: Sequence[object]) -> State | bool:
    """The state a raw ply row (``PLY_COLUMNS``, the hash, the state's key and digest)
    carries: None if none, False if its columns hold what fracas never writes there (then no
    hash matches the ply)."""
    if len(row) < 14 or (row[12] is None and row[13] is None):
        return None
    key, digest = row[12], row[13]
    if type(key) is not str or type(digest) is not bytes:
        return False
    return key, digest


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
    layout: int = LAYOUT,
    state: State = None,
) -> bytes:
    """The hash of one ply from its parent's stored hash and its stored contents, in
    ``layout`` (the module's notes); ``state``: the state it carries (layout 3).

    ``dice`` is the stored JSON text of the entered faces; ``events`` are ``(ply id, tag,
    version, body)`` in order, the bodies as stored (the rows a path read gives). The fields
    are typed loosely because they come straight from SQLite rows: whatever a row holds is
    hashed as it is. Everything after the parent's hash is one JSON array, so no two
    different plies hash the same bytes.
    """
    fields = [depth, skip, seed, salt, rules_version, command, dice, created_at]
    if layout == 1:
        return sha256(_DOMAIN + parent + _ENCODE([*fields, events]))
    return sha256(_layout_2(parent, fields, events, state))


#: A ply's events as one SQLite aggregate gives them: (count, tags, versions, bodies, how
#: many of their values are NULL); the hash covers the first four.
PlyText = tuple[int, str, str, bytes, int]

#: The text of a ply without events.
NO_EVENTS: PlyText = (0, "", "", b"", 0)


def ply_text(events: Sequence[tuple[int, str, int, str]]) -> PlyText | None:
    """Stored events as layout 2 hashes them, or None if a value is not of the type fracas
    stores there (a tag or body that is not text, a version that is not an integer): such a
    ply was changed outside fracas, and matches no hash."""
    if not events:
        return NO_EVENTS
    try:  # a join of what is not text fails, as int's repr of what is not an integer does
        tags = ",".join([e[1] for e in events])
        versions = ",".join([_int_text(e[2]) for e in events])
        text = BODY_JOIN.join([e[3] for e in events]).encode()
    except TypeError:
        return None
    return len(events), tags, versions, text, 0


#: An integer's decimal text; TypeError for anything else (SQLite hands no subclass of int).
_int_text: Callable[[object], str] = int.__repr__


def _head_2(
    parent: bytes, fields: Sequence[object], text: PlyText, state: State | bool = None
) -> bytes:
    """Layout 2's bytes of a ply before its bodies (layout 3's, if it carries a state)."""
    if state is None:
        return _DOMAIN_2 + parent + _ENCODE([*fields, *text[:3]])
    if state is False:  # no hash fracas wrote is over these bytes (see state_of)
        return _DOMAIN_3 + b"not as fracas stores it" + parent
    assert state is not True
    return _DOMAIN_3 + parent + _ENCODE([*fields, state[0], state[1].hex(), *text[:3]])


def layout_2_bytes(
    parent: bytes, fields: Sequence[object], text: PlyText, state: State | bool = None
) -> bytes:
    """Layout 2's bytes of a ply from its fields (depth to time) and its events' text, or
    layout 3's with the ``state`` it carries."""
    return _head_2(parent, fields, text, state) + text[3]


def text_digest(
    openssl: Callable[[bytes], Any],
    parent: bytes,
    fields: Sequence[object],
    text: PlyText,
    state: State | bool = None,
) -> bytes:
    """SHA-256 of :func:`layout_2_bytes` by OpenSSL (``engine.sha.bulk_sha256``), the
    bodies fed as they are rather than copied after the rest."""
    h = openssl(_head_2(parent, fields, text, state))
    h.update(text[3])
    digest: bytes = h.digest()
    return digest


def _layout_2(
    parent: bytes,
    fields: Sequence[object],
    events: Sequence[tuple[int, str, int, str]],
    state: State | bool = None,
) -> bytes:
    text = ply_text(events)
    if text is None:  # no hash fracas wrote is over these bytes (see ply_text)
        return _DOMAIN_2 + b"not as fracas stores it" + parent + repr(events).encode()
    return layout_2_bytes(parent, fields, text, state)


#: :func:`ply_hasher`'s function: ``(parent hash, raw ply row, its stored events) -> hash``.
RowHasher = Callable[[bytes, Sequence[object], Sequence[tuple[int, str, int, str]]], bytes]


def ply_hasher(count: int, layout: int = LAYOUT) -> RowHasher:
    """:func:`ply_hash` over a raw ply row (``engine.logrows.PLY_COLUMNS``, whose depth to
    time are ``row[3:11]``, in the order the hash takes them, then the stored hash and the
    state's key and digest), for a read of ``count`` plies: a long read binds OpenSSL's
    SHA-256 once instead of choosing per ply."""
    if layout != 1:
        return _hash_row_2 if count < 256 else _bulk_2(bulk_sha256())
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
    return ply_hash(parent, depth, skip, seed, salt, version, command, dice, created, events, 1)


def _hash_row_2(
    parent: bytes, row: Sequence[object], events: Sequence[tuple[int, str, int, str]]
) -> bytes:
    return sha256(_layout_2(parent, row[3:11], events, state_of(row)))


def _bulk_2(openssl: Callable[[bytes], Any]) -> RowHasher:
    def hash_row(
        parent: bytes, row: Sequence[object], events: Sequence[tuple[int, str, int, str]]
    ) -> bytes:
        return bytes(openssl(_layout_2(parent, row[3:11], events, state_of(row))).digest())

    return hash_row
