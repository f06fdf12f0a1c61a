"""Reading a path of the log: every ply read is checked against the hash chain, and state is
folded from the nearest snapshot on the path rather than from the encounter's start.

* :func:`checked_plies`: the plies to a head (after a given depth) with their stored events,
  each checked against its hash before anything is decoded.
* :func:`state_at`: the state at a ply, from the nearest usable snapshot plus the plies after
  it (a long stretch skimmed, engine/skim.py); snapshots it folded past that were missing are
  left in ``store.cache`` for the command to keep once it has succeeded (a refused command
  writes nothing).
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple

from engine.chain import Tampered, encounter_hash, ply_hasher, state_of
from engine.log import PlyRow, Store
from engine.logreads import Reader
from engine.logrows import ply_row, row_problem
from engine.skim import SKIM_FROM, Skimmed, skim
from engine.snapshots import ForgedSnapshot
from projections.state import FightState

if TYPE_CHECKING:
    from engine.replay import Kernel

#: An event as a path read gives it: (ply id, tag, version, body).
Stored = tuple[int, str, int, str]

#: How many snapshot depths below the head to try before folding from the start.
_TRIES = 3


def changed_ply(store: Store, ply: PlyRow, why: str) -> Tampered:
    """The refusal of ``ply``, changed outside fracas (``why``: what is wrong with it)."""
    return Tampered(
        f"{store.path}: ply #{ply.depth} {why}: the log was changed outside fracas; nothing "
        "was written (`fracas replay --verify` names the first changed ply)"
    )


def root_hash(store: Store, ply: PlyRow) -> bytes:
    """The hash an encounter's root ply chains from."""
    e = store.encounter_by_id(ply.encounter)
    return encounter_hash(e.name, e.seed, e.system, e.rules_version, e.created_at)


#: The least rules version a ply may claim, and whose it is in words: its parent's, or for
#: the encounter's root ply the encounter's own.
Floor = tuple[int, str]


def floor_before(store: Store, raw: tuple[object, ...]) -> Floor:
    """The rules version the ply of ``raw`` may not go below: its parent's (the encounter's
    for the root). A ply is written under its fracas's rules version, and fracas refuses to
    append to a fight written under newer rules than its own, so along a path the versions
    never fall; a ply claiming an older one was changed outside fracas, to have its outcome
    kept as recorded by ``replay --verify`` (the rules that wrote it are not today's)."""
    parent = raw[2]
    if parent is None:
        return store.encounter_by_id(raw[1]).rules_version, "its encounter's"  # type: ignore[arg-type]
    row = store.ply(parent)  # type: ignore[arg-type]
    return row.rules_version, f"ply #{row.depth}'s"


def check_floor(store: Store, raw: tuple[object, ...], floor: Floor) -> Floor:
    """Refuse the ply of ``raw`` if it claims a rules version older than ``floor``; the
    floor of the ply after it."""
    version = raw[7]
    if version < floor[0]:  # type: ignore[operator]
        raise changed_ply(
            store,
            store.row(raw),
            f"claims rules version {version}, older than {floor[1]} ({floor[0]})",
        )
    return version, f"ply #{raw[3]}'s"  # type: ignore[return-value]


class Read:
    """A ply as a path read gives it: its raw row (``PLY_COLUMNS`` then the stored hash),
    its stored events, and the hash checked for it. :attr:`row` builds the PlyRow on demand
    (a long rebuild needs few of them)."""

    __slots__ = ("events", "hash", "raw")

    def __init__(self, raw: tuple[object, ...], events: list[Stored], hash_: bytes) -> None:
        self.raw = raw
        self.events = events
        self.hash = hash_

    @property
    def id(self) -> int:
        return self.raw[0]  # type: ignore[return-value]

    @property
    def depth(self) -> int:
        return self.raw[3]  # type: ignore[return-value]

    @property
    def row(self) -> PlyRow:
        return ply_row(self.raw)


def read_path(
    store: Store,
    head: int,
    above: int = -1,
    base: bytes | None = None,
    rows: list[tuple[object, ...]] | None = None,
) -> list[Read]:
    """The plies to ``head`` deeper than depth ``above`` with their stored events, each
    checked against the chain before anything is decoded; ``base`` is the stored hash of the
    ply at depth ``above`` (None: from the encounter's start). ``rows``: the path's rows if
    the caller has read them already (:meth:`Store.path_rows`)."""
    rows = path_of(store, head, above, base, rows)
    return check_chain(store, rows, events_by_ply(store, rows), base)


def path_of(
    store: Store,
    head: int,
    above: int = -1,
    base: bytes | None = None,
    rows: list[tuple[object, ...]] | None = None,
) -> list[tuple[object, ...]]:
    """The raw rows of the path to ``head`` deeper than ``above`` (:func:`read_path`'s
    arguments), refused if the path does not end at ``head`` or start where it should."""
    if rows is None:
        rows = store.path_rows(head, above)
    if not rows or rows[-1][0] != head:
        raise Tampered(
            f"{store.path}: ply {head}, where a branch or a path begins, is missing: the log "
            "was changed outside fracas; nothing was written"
        )
    if base is not None and rows[0][3] != above + 1:
        raise changed_ply(store, store.row(rows[0]), "is not where its path says")
    if base is None and (rows[0][2] is not None or rows[0][3] != 0):  # the start: depth 0
        raise changed_ply(store, store.row(rows[0]), "is not where its path says")
    encounter = rows[-1][1]
    for raw in rows:  # one path, one encounter (the root's is the one its hash is over)
        if raw[1] != encounter:
            raise changed_ply(store, store.row(raw), "belongs to another encounter than its path")
    return rows


def events_by_ply(store: Reader, rows: list[tuple[object, ...]]) -> list[list[Stored]]:
    """The stored events of each of ``rows`` (a path's, ids rising), one list per ply."""
    events = store.stored_events([r[0] for r in rows])  # type: ignore[misc]
    owners = [e[0] for e in events]
    out: list[list[Stored]] = []
    at = 0
    for raw in rows:
        end = bisect_right(owners, raw[0], at)  # type: ignore[call-overload]
        out.append(events[at:end])
        at = end
    if at != len(events):
        raise Tampered(
            f"{store.path}: an event row belongs to no ply of the path (ply {events[at][0]!r}): "
            "the log was changed outside fracas; nothing was written"
        )
    return out


def check_chain(
    store: Store,
    rows: Sequence[tuple[object, ...]],
    events: Sequence[list[Stored]],
    previous: bytes | None,
    floor: Floor | None = None,
) -> list[Read]:
    """Each of ``rows`` (consecutive plies of one path) with its ``events``, checked against
    its stored hash, and its rules version against the one before it (:func:`check_floor`);
    ``previous``: the stored hash of the ply before the first (None: the first is the
    encounter's root); ``floor``: that ply's rules version (None: read it)."""
    out: list[Read] = []
    chained = store.chained
    hash_row = ply_hasher(len(rows), store.layout)
    for raw, stored in zip(rows, events, strict=True):
        problem = row_problem(raw)
        if problem is not None:
            raise changed_ply(store, store.row(raw), problem)
        if previous is None:
            if raw[2] is not None:
                raise changed_ply(store, store.row(raw), "is not where its path says")
            previous = root_hash(store, store.row(raw))
        found = hash_row(previous, raw, stored)
        kept = raw[11] if len(raw) > 11 else None
        if kept is None and chained:
            raise changed_ply(store, store.row(raw), "has no hash")
        if kept is not None and kept != found:
            raise changed_ply(store, store.row(raw), "does not match its hash")
        floor = check_floor(store, raw, floor or floor_before(store, raw))
        previous = found
        out.append(Read(raw, stored, found))
    return out


def checked_plies(
    store: Store, head: int, above: int = -1, base: bytes | None = None
) -> list[tuple[PlyRow, list[Stored], bytes]]:
    """:func:`read_path` with each ply as a PlyRow."""
    return [(r.row, r.events, r.hash) for r in read_path(store, head, above, base)]


def chain_hash(store: Store, ply: PlyRow) -> bytes:
    """The hash of ``ply``, checked: its row and events against its stored hash and its
    parent's (in a file not yet upgraded, computed from the whole path)."""
    if ply.hash is None:
        return read_path(store, ply.id)[-1].hash
    if ply.parent is None:
        return read_path(store, ply.id)[-1].hash
    parent = store.ply(ply.parent)
    if parent.hash is None:
        raise changed_ply(store, parent, "has no hash")
    return read_path(store, ply.id, ply.depth - 1, parent.hash)[-1].hash


def _nearest(
    kernel: Kernel, store: Store, rows: list[tuple[object, ...]]
) -> tuple[tuple[int, bytes] | None, FightState]:
    """``(depth, stored hash)`` of the deepest ply among the path's ``rows`` that carries
    its state in the chain under the current key and whose snapshot holds it, and that state
    (one query); a snapshot that holds another state is refused (ForgedSnapshot). The ply is
    checked against its hash with the plies after it (:func:`_state_at`)."""
    snaps = kernel.snapshots
    key = snaps.key
    marks = [r for r in reversed(rows) if _carries(r, key)]
    found = store.snapshots_of([r[0] for r in marks], key)  # type: ignore[misc]
    for r in marks:
        kept = r[11]
        snap = found.get(r[0])  # type: ignore[call-overload]
        if snap is None or not isinstance(kept, bytes):
            continue
        try:
            state = snaps.held(snap, kept, state_of(r), store.path, r[3])
        except ForgedSnapshot:
            chain_hash(store, store.row(r))  # a changed ply says so first
            raise
        if state is not None:
            return (r[3], kept), state  # type: ignore[return-value]
    return None, FightState()


@contextmanager
def bulk() -> Iterator[None]:
    """Pause the cyclic garbage collector for a long read: it makes a few hundred thousand
    rows, events and records, none in a cycle, and the collector would otherwise walk them
    again every few hundred allocations (a quarter of a 100,000-event rebuild)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


#: How many states a store keeps (:func:`remember`): a shell's heads, and a few branches'.
_KEPT = 32


class Kept(NamedTuple):
    """The state at a ply, and the ply's hash when it was folded or appended."""

    hash: bytes
    state: FightState
    #: The depth of the deepest ply at or below this one on its path known to carry its
    #: state in the chain under the current key with a snapshot holding it (-1: none known):
    #: an append far above it carries its own (engine/table.py).
    carried: int = -1
    #: Whether every ply from the encounter's start to this one was checked against its hash
    #: (by this command, or by the one that handed the state on, the file unchanged since)
    #: because no ply on its path carries a state to start from: False where one does (a
    #: command starts from its snapshot, and reads none below), so that the answer is the
    #: file's, not the process's nor its cache's.
    whole: bool = False


def kept_at(kernel: Kernel, store: Store, ply_id: int) -> Kept | None:
    """What this command keeps of the state at ``ply_id`` (:func:`remember`), if it
    rebuilt or appended it."""
    kept = store.kept.get((kernel.pack.name, ply_id))
    return kept if isinstance(kept, Kept) else None


def state_at(kernel: Kernel, store: Store, head_id: int, *, snapshots: bool = True) -> FightState:
    """The state at ``head_id``: kept by this command already (folded or appended through
    ``store``), or handed to it by the last command of its table or shell and the ply checked
    again, or the nearest snapshot on its path, then the plies after it.

    With ``snapshots`` false the whole path is folded (benchmarks, and checks of the cache).
    """
    if not snapshots:
        with bulk():
            return _state_at(kernel, store, head_id, snapshots=False).state
    key = (kernel.pack.name, head_id)
    kept = store.kept.get(key)
    if isinstance(kept, Kept):
        return kept.state
    handed = store.handed.pop(key, None)
    if isinstance(handed, Kept) and _same_ply(store, head_id, handed.hash):
        store.kept[key] = handed  # the file is as the command that kept it left it
        return handed.state
    with bulk():
        folded = _state_at(kernel, store, head_id, snapshots=True)
    remember(kernel, store, head_id, folded.state, carried=folded.carried, whole=folded.whole)
    return folded.state


def _same_ply(store: Store, ply_id: int, hash_: bytes) -> bool:
    """Whether ``ply_id`` is the ply that had ``hash_``: its stored hash unchanged (not another
    file's ply of the same id), and its row and events still hashing to it (else Tampered)."""
    ply = store.ply(ply_id)
    return ply.hash == hash_ and chain_hash(store, ply) == hash_


def remember(
    kernel: Kernel,
    store: Store,
    ply_id: int,
    state: FightState,
    hash_: bytes | None = None,
    *,
    carried: int = -1,
    whole: bool = False,
) -> None:
    """Keep ``state`` as the state at ``ply_id`` for the rest of the command: the ply was
    read through ``store`` and checked against its hash (``hash_``, else the ply's stored
    hash), or appended through it (``carried``, ``whole``: :class:`Kept`'s). The next
    command gets it through :func:`hand_on`. A ply without a stored hash (a file from before
    the chain) is kept with none, which no ply matches when it is handed on."""
    if hash_ is None:
        hash_ = store.ply(ply_id).hash
    kept = store.kept
    kept[(kernel.pack.name, ply_id)] = Kept(hash_ or b"", state, carried, whole)
    if len(kept) > _KEPT:
        del kept[next(iter(kept))]


def hand_on(store: Store) -> dict[object, object]:
    """What a command through ``store`` leaves the next command (``Reader.handed``): the
    states it kept, and those handed to it that it did not use, the latest last, at most
    :data:`_KEPT`; each is checked again before it is used (:func:`state_at`)."""
    out = {**store.handed, **store.kept}
    while len(out) > _KEPT:
        del out[next(iter(out))]
    return out


def _state_at(kernel: Kernel, store: Store, head_id: int, *, snapshots: bool) -> Kept:
    snaps = kernel.snapshots
    keep = snapshots and snaps.enabled and store.chained  # an old file: reads write nothing
    if keep:
        store.read_ahead(head_id, snaps.every)  # the head and the path read next
    head = store.ply(head_id)
    base: tuple[int, bytes] | None = None
    state = FightState()
    if keep:  # the path down to the last snapshot depth, or a few, and the deepest usable
        top = head.depth - head.depth % snaps.every
        for tries in (1, _TRIES):
            lowest = top - snaps.every * (tries - 1)
            near = store.path_rows(head_id, max(lowest, 1) - 1, head.depth)
            base, state = _nearest(kernel, store, near)
            if base is not None or top < snaps.every:
                break
    if base is None:
        rows = path_of(store, head_id)
        plies = _folded(kernel, store, rows, None)
    else:  # the ply of the snapshot is checked with the tail, its events not folded again: a
        # snapshot and the state its ply carries, both rewritten, are a changed ply
        start = [r for r in near if r[3] >= base[0]]  # type: ignore[operator]
        parent = store.ply(start[0][2])  # type: ignore[arg-type]
        if parent.hash is None:
            raise changed_ply(store, parent, "has no hash")
        rows = path_of(store, head_id, base[0] - 1, parent.hash, start)
        plies = _after_first(_folded(kernel, store, rows, parent.hash))
    carried = -1 if base is None else base[0]
    at = 0
    for i, raw in enumerate(plies.rows if keep else ()):
        chained = state_of(raw)
        if isinstance(chained, tuple) and chained[0] == snaps.key:  # its snapshot is missing
            upto = plies.ends[i]
            state = kernel.fold_stored(store, state, plies.events[at:upto])
            at = upto
            if snaps.proves(state, chained[1]):  # else verify names where the log differs
                store.cache.append((raw[0], snaps.key, plies.hashes[i], snaps.encode(state)))  # type: ignore[arg-type]
                carried = raw[3]  # type: ignore[assignment]
    state = kernel.fold_stored(store, state, plies.events[at:])
    # every ply read from the start; said only where no ply carries a state a command could
    # start from, so that what `status` says is the file's, not its cache's
    whole = base is None and not any(_carries(r, snaps.key) for r in rows)
    last = plies.hashes[-1] if plies.hashes else base[1] if base is not None else b""
    return Kept(last, state, carried, whole)


def _after_first(plies: Skimmed) -> Skimmed:
    """``plies`` without the first one (its hash checked, its events not to be folded)."""
    cut = plies.ends[0]
    ends = [e - cut for e in plies.ends[1:]]
    return Skimmed(plies.rows[1:], plies.events[cut:], ends, plies.hashes[1:])


def _carries(raw: tuple[object, ...], key: str) -> bool:
    """Whether the ply of ``raw`` carries its state in the chain under ``key``."""
    return len(raw) > 13 and raw[12] == key


def _folded(
    kernel: Kernel, store: Store, rows: list[tuple[object, ...]], base: bytes | None
) -> Skimmed:
    """The events a reducer reads of the path of ``rows``, each ply checked against its
    hash: skimmed (engine/skim.py) if the read is long and the file allows, else read row
    by row."""
    floor = floor_before(store, rows[0])
    if len(rows) >= SKIM_FROM and (rows[0][2] is None or base is not None):
        start = base if base is not None else root_hash(store, store.row(rows[0]))
        fast = skim(kernel, store, rows, start, floor[0])
        if fast is not None:
            return fast
    plies = check_chain(store, rows, events_by_ply(store, rows), base, floor)
    unread = kernel.unfolded_tags
    stored: list[Stored] = []
    ends: list[int] = []
    for ply in plies:
        stored += [e for e in ply.events if e[1] not in unread]
        ends.append(len(stored))
    events = kernel.codec.decode_stored(stored, full=False)
    return Skimmed(rows, events, ends, [p.hash for p in plies])
