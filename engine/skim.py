"""Reading a long path fast, for a rebuild: a file whose chain is in hash layout 2 or 3
(engine/chain.py) gives each ply's events as one row of text, which is hashed as it comes and
decoded in one call, with no Python object per stored event.

:func:`skim` is all or nothing: anything unusual (a hash that does not match, a version that
needs upcasting, a body that does not decode, a path woven through other branches) returns
None, and the caller reads the path row by row (engine/rebuild.py), which names the ply or the
event at fault, or finds that nothing was (SQLite's ``group_concat`` order is not promised).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import msgspec

from engine.chain import NO_EVENTS, state_of, text_digest
from engine.log import Store
from engine.sha import bulk_sha256
from events.core import Event

if TYPE_CHECKING:
    from engine.replay import Kernel


#: The fewest plies a rebuild skims: a shorter read (a snapshot's tail, a small fight) goes
#: row by row, since building the skim's decoder and loading OpenSSL cost a command more
#: (about 6 ms) than skimming saves on a few plies.
SKIM_FROM = 256


class Skimmed:
    """A path read for a rebuild: its raw ply rows (``PLY_COLUMNS`` then the stored hash),
    the hash each was checked against, and the events a reducer reads (others may be
    placeholders), with ``ends[i]`` the number of events up to and including ply ``i``."""

    __slots__ = ("ends", "events", "hashes", "rows")

    def __init__(
        self,
        rows: Sequence[tuple[object, ...]],
        events: list[Event],
        ends: list[int],
        hashes: list[bytes],
    ) -> None:
        self.rows = rows
        self.events = events
        self.ends = ends
        self.hashes = hashes


def skim(
    kernel: Kernel,
    store: Store,
    rows: Sequence[tuple[object, ...]],
    previous: bytes,
    floor: int,
) -> Skimmed | None:
    """The path of ``rows`` (consecutive plies of one path, as ``engine.rebuild.path_of``
    gives them), each checked against its stored hash and its rules version against the
    one before it; ``previous``: the hash the first chains from, ``floor``: the rules
    version of the ply before it (the encounter's for the root). None: read it row by row."""
    if store.layout == 1 or not store.chained or not rows:
        return None
    texts = store.ply_texts([r[0] for r in rows])  # type: ignore[misc]
    if texts is None or len(texts) > len(rows):  # or an event row of no ply on the path
        return None
    sha = bulk_sha256()
    codec = kernel.codec
    current: set[tuple[str, str]] = set()
    skim_ = kernel.skim_decoder
    events: list[Event] = []
    ends: list[int] = []
    hashes: list[bytes] = []
    try:
        for raw in rows:
            text = texts.get(raw[0], NO_EVENTS)  # type: ignore[call-overload]
            if text[4]:  # a NULL, which the joins would not show
                return None
            found = text_digest(sha, previous, raw[3:11], text, state_of(raw))
            version = raw[7]
            if raw[11] != found or type(version) is not int or version < floor:
                return None
            floor = version
            previous = found
            hashes.append(found)
            kinds = (text[1], text[2])
            if kinds not in current:
                if text[0] and not codec.all_current(*kinds):
                    return None
                current.add(kinds)
            decoded = skim_(text[3])
            if len(decoded) != text[0]:  # a body that holds more than one event
                return None
            events += decoded
            ends.append(len(events))
    except msgspec.MsgspecError:
        return None
    return Skimmed(rows, events, ends, hashes)
