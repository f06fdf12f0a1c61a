"""``replay --verify`` in stretches: a long path (to the branch's tip: the plies ``redo``
would bring back are verified too) is cut at snapshots, and the stretches are verified side by
side in forked processes, with the same checks and the same answer as one pass over the whole
path.

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

from engine.chain import Tampered, state_of
from engine.log import NotFracas, PlyRow, Store
from engine.rebuild import Floor, Read, Stored, check_chain, events_by_ply, path_of
from engine.replay import Kernel, dice_for
from engine.snapshots import ForgedSnapshot
from engine.verify import Difference, SnapshotMismatch, Verified, first_difference
from engine.wholepath import check_skips
from events.codec import encodes_as, to_builtins
from events.core import Declaration, EncounterStarted
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
    #: The hash of the stretch's last ply, and of the branch's head if it is in the stretch.
    last_hash: bytes = b""
    head_hash: bytes = b""
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
    head: int = -1,
    floor: Floor | None = None,
) -> Part:
    """Check the chain of ``rows`` (consecutive plies of one path, with their ``events``)
    from ``previous``, the stored hash of the ply before them (None: they start at the
    root), and their rules versions from ``floor``, that ply's (None: read it), then
    re-resolve each from ``state``, the state after that ply, and prove the states they carry
    and the snapshots among them. ``head``: the depth of the branch's head, whose hash is
    kept. Reads the file only for the root's hash and the floor."""
    try:
        reads = check_chain(store, rows, events, previous, floor)
    except NotFracas as err:
        return Part(chain=err)
    part = Part(last_hash=reads[-1].hash)
    for read in reads:
        if read.depth == head:
            part.head_hash = read.hash
    try:
        plies = [(r.row, r.events, r) for r in reads]
        if plies[0][0].parent is None:
            _root_agrees(kernel, store, plies[0][0], plies[0][1])
    except NotFracas as err:
        part.bad_row = err
        return part
    decode, decode_stored = kernel.codec.decode, kernel.codec.decode_stored
    current = kernel.pack.version
    for ply, stored, read in plies:
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
        part.mismatch = _prove(kernel, store, read, state, stored_snaps.get(ply.id), part)
        if part.mismatch is not None:
            return part
    return part


def _root_agrees(kernel: Kernel, store: Store, root: PlyRow, stored: list[Stored]) -> None:
    """The encounter's row, its root ply and the ``EncounterStarted`` the root holds say the
    same name, seed, rules system and rules version, as fracas writes them (else Tampered:
    an encounter's seed changed with every hash recomputed would give every later ply other
    dice)."""
    e = store.encounter_by_id(root.encounter)
    first = kernel.codec.decode(*stored[0][1:]) if stored else None
    said = (
        (first.name, first.seed, first.system, first.rules_version)
        if isinstance(first, EncounterStarted)
        else None
    )
    row = (e.name, e.seed, e.system, e.rules_version)
    if said != row or (root.seed, root.rules_version) != row[1::2]:
        raise Tampered(
            f"{store.path}: ply #0, the encounter's start, does not say what the encounter's "
            f"row says (seed {e.seed}, system {e.system}, rules version {e.rules_version}): "
            "the log was changed outside fracas; nothing was written"
        )


def _prove(
    kernel: Kernel,
    store: Store,
    read: Read,
    state: FightState,
    snapshot: tuple[bytes, bytes, bytes] | None,
    part: Part,
) -> str | None:
    """Prove the state ``read``'s ply carries in the chain, and its snapshot, against
    ``state``, the state the log folds to there (the snapshots proved and ignored counted in
    ``part``); what does not hold, in words."""
    snaps = kernel.snapshots
    chained = state_of(read.raw)
    carries = isinstance(chained, tuple) and chained[0] == snaps.key
    if carries and not snaps.proves(state, chained[1]):  # type: ignore[index]
        return (
            f"{store.path}: ply #{read.depth} carries a state in the chain that is not the "
            "state the log folds to there: the log was changed outside fracas with its "
            "hashes recomputed; nothing was written"
        )
    if snapshot is None:
        return None
    try:
        held = snaps.held(snapshot, read.hash, chained, store.path, read.depth)
    except ForgedSnapshot as err:
        return str(err)
    # held: it holds the state the ply carries, proved above; None: damaged, or of a ply that
    # carries no state, so that no command uses it
    part.proved += held is not None
    part.ignored += held is None
    return None


def verify_parts(
    kernel: Kernel,
    store: Store,
    head: int,
    workers: int | None,
    min_stretch: int = MIN_STRETCH,
    tip: int | None = None,
) -> Verified:
    """:func:`engine.verify.verify`: the path to ``tip`` (None: ``head``) cut into stretches
    of at least ``min_stretch`` plies at usable snapshots, one per worker; the answers read
    in path order."""
    rows = path_of(store, head if tip is None else tip)
    check_skips(store, rows)
    depth = store.ply(head).depth
    if len(rows) <= depth or rows[depth][0] != head:
        raise Tampered(
            f"{store.path}: the branch's redo end is not on a path through its head: the log "
            "was changed outside fracas; nothing was written"
        )
    snaps = kernel.snapshots
    stored_snaps = store.snapshots_on_path(rows[-1][0], snaps.key, [r[0] for r in rows])  # type: ignore[arg-type, misc]
    if workers is None:
        workers = min(len(os.sched_getaffinity(0)), MAX_WORKERS)
    cuts = _cuts(kernel, store, rows, stored_snaps, workers, min_stretch)
    if not cuts:
        events = events_by_ply(store, rows)
        parts = [
            verify_stretch(kernel, store, rows, events, None, FightState(), stored_snaps, depth)
        ]
    else:
        parts = _in_processes(kernel, store, rows, cuts, stored_snaps, depth)
    return _answer(parts, depth)


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
            if snap is None or not isinstance(kept, bytes):
                continue
            try:  # a forged snapshot is no place to start: the stretch before refuses it
                state = snaps.held(snap, kept, state_of(raw), store.path, raw[3])
            except ForgedSnapshot:
                continue
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
    head: int,
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
            before = rows[bounds[i] - 1]
            floor = (before[7], f"ply #{before[3]}'s")  # read here: the child reads no ply
            job = (stretch, before[11], cuts[i - 1][1], stored_snaps, head, floor)
            here, there = context.Pipe(duplex=False)
            process = context.Process(target=_child, args=(there, kernel, store, *job), daemon=True)
            process.start()
            there.close()
            started.append((process, here))
        first = rows[: bounds[1]]
        events = events_by_ply(store, first)
        parts = [
            verify_stretch(kernel, store, first, events, None, FightState(), stored_snaps, head)
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
    head: int,
    floor: Floor,
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
            verify_stretch(kernel, store, rows, events, previous, state, stored_snaps, head, floor),
        )
    except Exception as err:  # handed to the parent, which raises it
        answer = (False, err)
    conn.send(answer)
    conn.close()


def _answer(parts: list[Part], head: int) -> Verified:
    """The stretches' answers read in path order, as one pass would meet them; the plies
    deeper than ``head``, the head's depth, are the undone ones."""
    for part in parts:
        if part.chain is not None:
            raise part.chain
    for part in parts:
        if part.bad_row is not None:
            raise part.bad_row
    head_hash = next(p.head_hash for p in parts if p.head_hash)
    tip_hash = parts[-1].last_hash
    checked = proved = ignored = 0
    older: list[Difference] = []
    for part in parts:
        if part.mismatch is not None:
            raise SnapshotMismatch(part.mismatch)
        checked += part.checked
        proved += part.proved
        if part.found is not None:
            found = part.found
            if found.ply > head:
                found = msgspec.structs.replace(found, undone=True)
            return _counted(checked, head, found, head_hash, proved, tip_hash=tip_hash)
        ignored += part.ignored
        older += part.older
    first = older[0] if older else None
    return _counted(checked, head, None, head_hash, proved, ignored, len(older), first, tip_hash)


def _counted(
    checked: int,
    head: int,
    found: Difference | None,
    head_hash: bytes,
    proved: int,
    ignored: int = 0,
    older: int = 0,
    first_older: Difference | None = None,
    tip_hash: bytes = b"",
) -> Verified:
    """``checked`` plies from the root, split into those to the head (at depth ``head``) and
    the undone ones after it."""
    plies = min(checked, head + 1)
    return Verified(
        plies, found, head_hash, proved, ignored, older, first_older, tip_hash, checked - plies
    )
