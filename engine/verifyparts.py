"""``replay --verify`` in stretches: a long path is cut at snapshots, and the stretches are
verified side by side in forked processes, with the same checks and the same answer as one
pass over the whole path.

A stretch checks its plies' chain from the stored hash of the ply before it, then re-resolves
each ply from the state that ply's snapshot holds. That start is proved, not trusted: the
stretch before ends on that very ply and compares the snapshot with the state it folded there
(``SnapshotMismatch`` otherwise), as a single pass does. The answers are then read in path
order, as one pass would meet them: first any change to the chain (the first changed ply),
then any row that does not fit, then the first difference or mismatch; the counts are summed.
A stretch after a stretch that stopped is never looked at.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

import msgspec

from engine.log import NotFracas, Store
from engine.rebuild import Stored, check_chain, events_by_ply, path_of
from engine.replay import Kernel, dice_for
from engine.verify import Difference, SnapshotMismatch, Verified, first_difference
from events.codec import encodes_as, to_builtins
from events.core import Declaration
from projections.state import FightState

#: The shortest stretch worth a process of its own (forking costs some milliseconds).
MIN_STRETCH = 4096
#: At most this many processes.
MAX_WORKERS = 8


class Part(msgspec.Struct):
    """What one stretch found (:func:`verify_stretch`)."""

    checked: int = 0
    proved: int = 0
    ignored: int = 0
    older: list[Difference] = msgspec.field(default_factory=list)
    #: The first difference under today's rules (or a ply that is not a declaration): the
    #: stretch stopped there.
    found: Difference | None = None
    #: The hash of the stretch's last ply.
    last_hash: bytes = b""
    #: The chain refused (Tampered), or a ply row that does not fit: nothing was resolved.
    chain: NotFracas | None = None
    bad_row: NotFracas | None = None
    #: A snapshot that does not hold the state folded there: the stretch stopped there.
    mismatch: str | None = None


def verify_stretch(
    kernel: Kernel,
    store: Store,
    rows: Sequence[tuple[object, ...]],
    events: Sequence[list[Stored]],
    previous: bytes | None,
    state: FightState,
    stored_snaps: dict[int, tuple[bytes, bytes, bytes]],
) -> Part:
    """Check the chain of ``rows`` (consecutive plies of one path, with their ``events``)
    from ``previous``, the stored hash of the ply before them (None: they start at the
    root), then re-resolve each from ``state``, the state after that ply, and prove the
    snapshots among them. Reads the file only for the root's hash."""
    try:
        reads = check_chain(store, rows, events, previous)
    except NotFracas as err:
        return Part(chain=err)
    part = Part(last_hash=reads[-1].hash)
    try:
        plies = [(r.row, r.events) for r in reads]
    except NotFracas as err:
        part.bad_row = err
        return part
    snaps = kernel.snapshots
    decode, decode_stored = kernel.codec.decode, kernel.codec.decode_stored
    current = kernel.pack.version
    for ply, stored in plies:
        if ply.parent is None:
            state = kernel.fold_stored(store, state, decode_stored(stored))
        else:
            first = decode(*stored[0][1:]) if stored else None
            if not isinstance(first, Declaration):
                part.found = Difference(ply.depth, 0, "type", None, "a declaration")
                return part
            found: Difference | None = None
            try:
                events_, after = kernel.resolve(state, first, dice_for(ply))
            except Exception as err:  # the rules now refuse what was once allowed
                found = Difference(ply.depth, 0, "(refused)", "accepted", str(err))
                events_, after = [], state
            # the declaration (events_[0]) is the stored row's own, decoded: a row that does
            # not re-encode to itself (an older encoding) decodes to the same declaration, so
            # only what the rules made of it is compared
            if found is None and encodes_as(events_, stored, start=1):
                state = after
            else:
                recorded = decode_stored(stored)
                found = found or first_difference(
                    ply.depth, [to_builtins(e) for e in recorded], [to_builtins(e) for e in events_]
                )
                if found is not None and ply.rules_version >= current:
                    part.found = found
                    return part
                if found is not None:
                    part.older.append(found)
                state = kernel.fold_stored(store, state, recorded)  # older encoding or rules
        part.checked += 1
        snapshot = stored_snaps.get(ply.id)
        if snapshot is not None:
            held = snaps.decode(snapshot[2]) if snaps.usable(snapshot, ply.hash) else None
            if held is not None and (
                held != state or list(held.combatants) != list(state.combatants)
            ):
                part.mismatch = (
                    f"{store.path}: the snapshot of ply #{ply.depth} does not hold the state the "
                    "log folds to there (the cache was changed outside fracas)"
                )
                return part
            part.proved += held is not None
            part.ignored += held is None
    return part


def verify_parts(
    kernel: Kernel, store: Store, head: int, workers: int | None, min_stretch: int = MIN_STRETCH
) -> Verified:
    """:func:`engine.verify.verify`: the path cut into stretches of at least ``min_stretch``
    plies at usable snapshots, one per worker; the answers read in path order."""
    rows = path_of(store, head)
    snaps = kernel.snapshots
    stored_snaps = store.snapshots_on_path(head, snaps.key, [r[0] for r in rows])  # type: ignore[misc]
    if workers is None:
        workers = min(len(os.sched_getaffinity(0)), MAX_WORKERS)
    cuts = _cuts(kernel, store, rows, stored_snaps, workers, min_stretch)
    if not cuts:
        events = events_by_ply(store, rows)
        parts = [verify_stretch(kernel, store, rows, events, None, FightState(), stored_snaps)]
    else:
        parts = _in_processes(kernel, store, rows, cuts, stored_snaps)
    return _answer(parts)


def _cuts(
    kernel: Kernel,
    store: Store,
    rows: list[tuple[object, ...]],
    stored_snaps: dict[int, tuple[bytes, bytes, bytes]],
    workers: int,
    min_stretch: int,
) -> list[tuple[int, FightState]]:
    """Where stretches after the first begin: ``(index in rows, the state after the ply
    before it)``, each just after a ply whose snapshot is usable, near equal lengths apart."""
    count = min(workers, len(rows) // max(min_stretch, 1))
    if count < 2 or not store.chained or "fork" not in multiprocessing.get_all_start_methods():
        return []
    snaps = kernel.snapshots
    cuts: list[tuple[int, FightState]] = []
    for k in range(1, count):
        aim = max(len(rows) * k // count, cuts[-1][0] + 1 if cuts else 1)
        for at in range(aim, len(rows)):
            raw = rows[at - 1]
            snap = stored_snaps.get(raw[0])  # type: ignore[call-overload]
            kept = raw[11] if len(raw) > 11 else None
            if snap is None or not isinstance(kept, bytes) or not snaps.usable(snap, kept):
                continue
            state = snaps.decode(snap[2])
            if state is not None:
                cuts.append((at, state))
                break
    return cuts


def _in_processes(
    kernel: Kernel,
    store: Store,
    rows: list[tuple[object, ...]],
    cuts: list[tuple[int, FightState]],
    stored_snaps: dict[int, tuple[bytes, bytes, bytes]],
) -> list[Part]:
    """The first stretch here, each other one in a forked process, all started before any
    events are read: each process reads its own stretch's events on a connection of its own
    (:meth:`Store.reopened`; the parent's never crosses the fork), so the reading too is
    shared. A forked process sends back its Part."""
    context = multiprocessing.get_context("fork")
    bounds = [0, *(at for at, _ in cuts), len(rows)]
    started: list[tuple[Any, Connection]] = []
    try:
        for i in reversed(range(1, len(bounds) - 1)):
            stretch = rows[bounds[i] : bounds[i + 1]]
            job = (stretch, rows[bounds[i] - 1][11], cuts[i - 1][1])
            here, there = context.Pipe(duplex=False)
            process = context.Process(
                target=_child, args=(there, kernel, store, *job, stored_snaps), daemon=True
            )
            process.start()
            there.close()
            started.append((process, here))
        first = rows[: bounds[1]]
        parts = [
            verify_stretch(
                kernel, store, first, events_by_ply(store, first), None, FightState(), stored_snaps
            )
        ]
        for process, here in reversed(started):
            try:
                done, found = here.recv()
            except EOFError:
                raise RuntimeError("a replay --verify process ended without an answer") from None
            process.join()
            if not done:
                raise found
            parts.append(found)
        return parts
    finally:
        for process, here in started:
            here.close()
            if process.is_alive():
                process.kill()
                process.join()


def _child(
    conn: Connection,
    kernel: Kernel,
    store: Store,
    rows: list[tuple[object, ...]],
    previous: bytes,
    state: FightState,
    stored_snaps: dict[int, tuple[bytes, bytes, bytes]],
) -> None:
    """One stretch in a forked process, its events read on a connection of its own: its
    Part, or what it raised, sent back."""
    try:
        reader = store.reopened()
        try:
            events = events_by_ply(reader, rows)
        finally:
            reader.close()
        answer: tuple[bool, object] = (
            True,
            verify_stretch(kernel, store, rows, events, previous, state, stored_snaps),
        )
    except Exception as err:  # handed to the parent, which raises it
        answer = (False, err)
    conn.send(answer)
    conn.close()


def _answer(parts: list[Part]) -> Verified:
    """The stretches' answers read in path order, as one pass would meet them."""
    for part in parts:
        if part.chain is not None:
            raise part.chain
    for part in parts:
        if part.bad_row is not None:
            raise part.bad_row
    head_hash = parts[-1].last_hash
    checked = proved = ignored = 0
    older: list[Difference] = []
    for part in parts:
        if part.mismatch is not None:
            raise SnapshotMismatch(part.mismatch)
        checked += part.checked
        proved += part.proved
        if part.found is not None:
            return Verified(checked, part.found, head_hash, proved)
        ignored += part.ignored
        older += part.older
    return Verified(
        checked, None, head_hash, proved, ignored, len(older), older[0] if older else None
    )
