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
from engine.rebuild import bulk
from engine.replay import Kernel


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


def first_difference(
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


def verify(kernel: Kernel, store: Store, head: int, *, workers: int | None = None) -> Verified:
    """Check the whole chain to ``head``, re-resolve every ply from its seed and compare it
    with the log, and prove every snapshot on the path against the state folded there.

    A ply written under today's version of the rules must be reproduced exactly. One written
    under an older version (its ``rules_version``, covered by the hash chain) is re-resolved
    too, but where today's rules decide it otherwise its recorded outcome stands and is
    counted (``older``): fracas cannot run the rules that wrote it.

    Each ply is folded once: when the re-resolved events encode to the stored bytes the state
    the rules produced is the state the log folds to; only a mismatch is decoded and diffed
    field by field.

    A long path is cut at snapshots into stretches verified side by side by ``workers``
    processes (None: one per CPU; 1: all here), each stretch from the snapshot that ends the
    one before it, which that stretch proves: the same checks and the same answer as one
    pass (engine/verifyparts.py).
    """
    from engine.verifyparts import verify_parts

    with bulk():
        return verify_parts(kernel, store, head, workers)
