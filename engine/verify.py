"""``replay --verify``: the whole chain checked, every ply re-resolved from its seed and
compared with the log, every snapshot on the path proved against the state folded there.

Each ply is folded once: when the re-resolved events encode to the stored bytes, the state the
rules produced is the state the log folds to; only a mismatch is decoded and compared field by
field, to report the first difference as (ply, event, field).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from engine.log import NotFracas, Store
from engine.rebuild import bulk, checked_plies
from engine.replay import Kernel, dice_for, encode_all
from events.codec import to_builtins
from events.core import Declaration
from projections.state import FightState


class Difference(msgspec.Struct, frozen=True):
    """Where a re-resolved ply first differs from the log."""

    ply: int
    event: int
    field: str
    recorded: Any
    resolved: Any

    def describe(self) -> str:
        """One line for the GM."""
        return (
            f"ply #{self.ply}, event {self.event}, field {self.field}: "
            f"log has {self.recorded!r}, the rules now give {self.resolved!r}"
        )


def _first_difference(
    depth: int, recorded: Sequence[dict[str, Any]], resolved: Sequence[dict[str, Any]]
) -> Difference | None:
    for i in range(max(len(recorded), len(resolved))):
        if i >= len(recorded):
            return Difference(depth, i, "type", None, resolved[i].get("type"))
        if i >= len(resolved):
            return Difference(depth, i, "type", recorded[i].get("type"), None)
        diff = _diff_value(recorded[i], resolved[i], "")
        if diff is not None:
            return Difference(depth, i, diff[0] or "(event)", diff[1], diff[2])
    return None


def _diff_value(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=lambda k: (k != "type", k)):
            sub = _diff_value(a.get(key), b.get(key), f"{path}.{key}" if path else key)
            if sub is not None:
                return sub
        return None
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            sub = _diff_value(x, y, f"{path}[{i}]")
            if sub is not None:
                return sub
        return None
    return None if a == b else (path, a, b)


class Verified(msgspec.Struct, frozen=True):
    """What ``replay --verify`` found: plies re-resolved, the first difference (None: the
    log is reproduced), the head's hash, and how many snapshots on the path were proved."""

    plies: int
    difference: Difference | None
    head_hash: bytes
    snapshots: int
    #: Snapshots on the path that are damaged (digest, hash, or not decodable): commands
    #: ignore them and fold from the log; verify says how many.
    ignored: int = 0
    #: Plies written under an older version of the rules that today's rules decide
    #: otherwise: their recorded outcome stands (the rules that wrote them are not today's).
    older: int = 0
    #: The first of them, for the curious (None: none).
    first_older: Difference | None = None

    @property
    def outcome(self) -> tuple[int, Difference | None]:
        """Plies verified and the first difference."""
        return self.plies, self.difference


class SnapshotMismatch(NotFracas):
    """A snapshot on the path does not hold the state the log folds to (exit 5)."""


def verify(kernel: Kernel, store: Store, head: int) -> Verified:
    """Check the whole chain to ``head``, re-resolve every ply from its seed and compare it
    with the log, and prove every snapshot on the path against the state folded there.

    A ply written under today's version of the rules must be reproduced exactly. One written
    under an older version (its ``rules_version``, covered by the hash chain) is re-resolved
    too, but where today's rules decide it otherwise its recorded outcome stands and is
    counted (``older``): fracas cannot run the rules that wrote it.

    Each ply is folded once: when the re-resolved events encode to the stored bytes the state
    the rules produced is the state the log folds to; only a mismatch is decoded and diffed
    field by field.
    """
    with bulk():
        return _verify(kernel, store, head)


def _verify(kernel: Kernel, store: Store, head: int) -> Verified:
    plies = checked_plies(store, head)  # raises Tampered, naming the first changed ply
    snaps = kernel.snapshots
    stored_snaps = store.snapshots_on_path(head, snaps.key, [ply.id for ply, _, _ in plies])
    decode, decode_stored = kernel.codec.decode, kernel.codec.decode_stored
    state = FightState()
    checked = proved = ignored = 0
    older: list[Difference] = []
    current = kernel.pack.version
    for ply, stored, _ in plies:
        if ply.parent is None:
            state = kernel.apply(state, decode_stored(stored))
        else:
            first = decode(*stored[0][1:]) if stored else None
            if not isinstance(first, Declaration):
                return Verified(
                    checked,
                    Difference(ply.depth, 0, "type", None, "a declaration"),
                    plies[-1][2],
                    proved,
                )
            found: Difference | None = None
            try:
                events, after = kernel.resolve(state, first, dice_for(ply))
            except Exception as err:  # the rules now refuse what was once allowed
                found = Difference(ply.depth, 0, "(refused)", "accepted", str(err))
                events, after = [], state
            if found is None and encode_all(events) == [row[1:] for row in stored]:
                state = after
            else:
                recorded = decode_stored(stored)
                found = found or _first_difference(
                    ply.depth, [to_builtins(e) for e in recorded], [to_builtins(e) for e in events]
                )
                if found is not None and ply.rules_version >= current:
                    return Verified(checked, found, plies[-1][2], proved)
                if found is not None:
                    older.append(found)
                state = kernel.apply(state, recorded)  # an older encoding, or older rules
        checked += 1
        snapshot = stored_snaps.get(ply.id)
        if snapshot is not None:
            held = snaps.decode(snapshot[2]) if snaps.usable(snapshot, ply.hash) else None
            if held is not None and (
                held != state or list(held.combatants) != list(state.combatants)
            ):
                raise SnapshotMismatch(
                    f"{store.path}: the snapshot of ply #{ply.depth} does not hold the state the "
                    "log folds to there (the cache was changed outside fracas)"
                )
            proved += held is not None
            ignored += held is None
    return Verified(
        checked, None, plies[-1][2], proved, ignored, len(older), older[0] if older else None
    )
