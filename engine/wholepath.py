"""Checking a whole path of the log against the chain, from the encounter's start: what
``branches`` does before it gives a branch's hashes, and ``replay --verify`` before it
re-resolves (engine/verifyparts.py). Each ply's hash and rules version are checked as every
path read checks them (engine/rebuild.py: ``check_chain``); here also the skip pointers, which
only a whole path can check, and a fast hash of many plies from their events as one text each
(as engine/skim.py hashes them), the row-by-row read naming the ply where that cannot say.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.chain import NO_EVENTS, state_of, text_digest
from engine.log import Store
from engine.logrows import row_problem, skip_depth
from engine.rebuild import (
    changed_ply,
    check_chain,
    events_by_ply,
    floor_before,
    path_of,
    root_hash,
)
from engine.sha import bulk_sha256


def check_skips(store: Store, rows: Sequence[tuple[object, ...]]) -> None:
    """Each ply of a whole path (``rows``, from the encounter's start) has the skip pointer
    fracas gives it, the ply at ``skip_depth`` of its depth on the same path: the pointers
    are in the hash, but a forger who recomputes it could send an `undo N` or a `branch --at`
    elsewhere (Tampered)."""
    for raw in rows[1:]:
        if raw[4] != rows[skip_depth(raw[3])][0]:  # type: ignore[arg-type]
            raise changed_ply(store, store.row(raw), "has a skip pointer off its path")


def check_whole(store: Store, ply_id: int, checked: dict[object, bytes]) -> None:
    """Check every ply on the path to ``ply_id`` from the encounter's start against its hash
    (and its rules version against the one before it), but those in ``checked`` (ply id ->
    hash, checked before by this command: branches share their first plies), which gains
    them. Hashed from each ply's events as one text (:func:`_texts_hashes`, as a skim
    does), else row by row, which names the ply at fault."""
    rows = path_of(store, ply_id)
    check_skips(store, rows)
    at = 0
    while at < len(rows) and rows[at][0] in checked:
        at += 1
    if at == len(rows):
        return
    before = rows[at - 1] if at else None
    tail = rows[at:]
    if before is None:  # from the encounter's start (path_of checked that it is one)
        previous, floor = root_hash(store, store.row(tail[0])), floor_before(store, tail[0])
    else:
        previous, floor = checked[before[0]], (before[7], f"ply #{before[3]}'s")  # type: ignore[assignment]
    found = _texts_hashes(store, tail, previous, floor[0])
    if found is None:
        base = None if before is None else previous
        found = [r.hash for r in check_chain(store, tail, events_by_ply(store, tail), base, floor)]
    checked.update((r[0], h) for r, h in zip(tail, found, strict=True))


def _texts_hashes(
    store: Store, rows: Sequence[tuple[object, ...]], previous: bytes, floor: int
) -> list[bytes] | None:
    """The hashes of ``rows`` (consecutive plies of one path, the first chaining from
    ``previous``, its rules version no older than ``floor``), each checked, from their
    events as layout 2 and 3 hash them, one text per ply (``Reader.ply_texts``): no Python
    object per event. None: anything the row-by-row read must look at (layout 1, a path
    woven through other plies, a NULL, a row of another type, a mismatch)."""
    if store.layout == 1 or not store.chained:
        return None
    texts = store.ply_texts([r[0] for r in rows])  # type: ignore[misc]
    if texts is None or len(texts) > len(rows):
        return None
    sha = bulk_sha256()
    out: list[bytes] = []
    for raw in rows:
        text = texts.get(raw[0], NO_EVENTS)  # type: ignore[call-overload]
        if text[4] or row_problem(raw) is not None:
            return None
        found = text_digest(sha, previous, raw[3:11], text, state_of(raw))
        version = raw[7]
        if raw[11] != found or version < floor:  # type: ignore[operator]
            return None
        previous, floor = found, version  # type: ignore[assignment]
        out.append(found)
    return out
