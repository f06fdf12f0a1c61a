"""``replay --verify``: the whole chain checked to the branch's tip (the plies ``redo``
would bring back too), every ply re-resolved from its seed and compared with the log, every
state a ply carries in the chain, and every snapshot on the path, proved against the state
folded there; it ends with the hash a GM publishes (``engine.chain.publish_hash``).

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
    #: The ply is an undone one (after the branch's head, on the way ``redo`` goes).
    undone: bool = False

    def describe(self) -> str:
        """One line for the GM."""
        where = " (undone: `redo` brings it back)" if self.undone else ""
        return (
            f"ply #{self.ply}{where}, event {self.event}, field {self.field}: "
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
    """What ``replay --verify`` found: plies re-resolved to the head, the first difference
    (None: the log is reproduced), the head's hash, and how many states carried in the chain
    on the path were proved."""

    plies: int
    difference: Difference | None
    head_hash: bytes
    snapshots: int
    #: Snapshots on the path that commands ignore, folding from the log instead: damaged
    #: (digest, hash, or not decodable), or of a ply that carries no state in the chain under
    #: their key (a file from before schema 4); verify says how many.
    ignored: int = 0
    #: Plies written under an older version of the rules that today's rules decide
    #: otherwise: their recorded outcome stands (the rules that wrote them are not today's).
    older: int = 0
    #: The first of them, for the curious (None: none).
    first_older: Difference | None = None
    #: The hash of the branch's tip, the last ply ``redo`` reaches (the head's with nothing
    #: to redo), and how many undone plies, between the head and the tip, were verified.
    tip_hash: bytes = b""
    undone: int = 0

    @property
    def publish_hash(self) -> bytes:
        """The hash to publish: it covers the branch's whole history to its tip and where
        its head stands (``engine.chain.publish_hash``)."""
        from engine.chain import publish_hash

        return publish_hash(self.head_hash, self.tip_hash or self.head_hash)

    @property
    def outcome(self) -> tuple[int, Difference | None]:
        """Plies verified and the first difference."""
        return self.plies, self.difference


class SnapshotMismatch(NotFracas):
    """A snapshot on the path does not hold the state the log folds to (exit 5)."""


def verify(
    kernel: Kernel,
    store: Store,
    head: int,
    *,
    workers: int | None = None,
    tip: int | None = None,
) -> Verified:
    """Check the whole chain to ``tip`` (None: ``head``; the plies after the head are the
    undone ones ``redo`` brings back), re-resolve every ply from its seed and compare it with
    the log, and prove every state carried in the chain, and every snapshot, on the path
    against the state folded there. A ply claiming an older rules version than the one
    before it (its encounter's, for the root) is refused (``Tampered``), and so is a root that
    does not say what its encounter's row says.

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
        return verify_parts(kernel, store, head, workers, tip=tip)
