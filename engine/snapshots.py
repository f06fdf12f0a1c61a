"""Snapshots of fight state: a cache that is never the truth.

A snapshot is the state after one ply, encoded as MessagePack (maps in insertion order:
combatants keep join order), stored with the ply's hash and a digest of its own bytes. Its key
names what shaped it: the rules pack and its version, the core's state layout, and the version
of every event the pack's codec reads. A snapshot under another key, whose digest or ply hash
does not match, or that does not decode, is ignored: the state is folded from the log instead.

Snapshots are taken at depths that are multiples of :data:`EVERY`, by whoever folds through
one that lacks it, so any command folds fewer than ``EVERY`` plies after the nearest snapshot
on its path (and the ply it appends).
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from engine.rules.pack import Pack
from engine.sha import sha256
from events.codec import Codec
from projections.state import STATE_VERSION, CombatantState, FightState, Pending

#: Snapshots are taken at depths that are multiples of this.
EVERY = 16


def _mirror(cls: type[msgspec.Struct], name: str, typed: dict[str, Any]) -> Any:
    """A struct with ``cls``'s fields whose ``Any`` fields get the pack's record types, so
    that a snapshot decodes back into the pack's own records, not plain data."""
    fields: list[tuple[Any, ...]] = []
    for f in msgspec.structs.fields(cls):
        type_ = typed.get(f.name, f.type)
        if f.default is not msgspec.NODEFAULT:
            fields.append((f.name, type_, f.default))
        elif f.default_factory is not msgspec.NODEFAULT:
            fields.append((f.name, type_, msgspec.field(default_factory=f.default_factory)))
        else:
            fields.append((f.name, type_))
    return msgspec.defstruct(name, fields, frozen=True)


class SnapshotCodec:
    """Encodes and decodes one pack's fight state for the snapshots table."""

    def __init__(self, pack: Pack, codec: Codec) -> None:
        events = ",".join(f"{tag}={v}" for tag, v in sorted(codec.current.items()))
        fingerprint = sha256(events.encode()).hex()[:16]
        #: What shaped a snapshot: pack, pack version, state layout, event versions.
        self.key = f"{pack.name}/{pack.version}/s{STATE_VERSION}/e{fingerprint}"
        self.enabled = pack.record is not None
        #: Snapshots are taken at depths that are multiples of this (tests make it small).
        self.every = EVERY
        self._pack = pack
        # Insertion order is kept: combatants are in join order, which the rules read.
        self._encoder = msgspec.msgpack.Encoder()

    @functools.cached_property
    def _decoder(self) -> msgspec.msgpack.Decoder[Any]:
        """Built on first use (about 1 ms): a fight shorter than ``every`` never needs it."""
        pack = self._pack
        pending = _mirror(Pending, "SnapPending", {"detail": pack.pending | None})
        record = Any if pack.record is None else pack.record | None
        combatant = _mirror(CombatantState, "SnapCombatant", {"data": record})
        state = _mirror(
            FightState,
            "SnapState",
            {
                "options": pack.options | None,
                "combatants": dict[str, combatant],  # type: ignore[valid-type]
                "pending": pending | None,
            },
        )
        return msgspec.msgpack.Decoder(state)

    def encode(self, state: FightState) -> bytes:
        """The snapshot's bytes."""
        return self._encoder.encode(state)

    def decode(self, body: bytes) -> FightState | None:
        """The state a snapshot holds, or None if it does not decode as this pack's state."""
        try:
            snap = self._decoder.decode(body)
        except (msgspec.MsgspecError, ValueError, TypeError):
            return None
        astuple = msgspec.structs.astuple
        pending = snap.pending
        return FightState(
            encounter=snap.encounter,
            system=snap.system,
            variant=snap.variant,
            seed=snap.seed,
            rules_version=snap.rules_version,
            options=snap.options,
            clock=snap.clock,
            combatants={k: CombatantState(*astuple(c)) for k, c in snap.combatants.items()},
            pending=Pending(*astuple(pending)) if pending is not None else None,
            sides=snap.sides,
        )

    def usable(self, row: tuple[bytes, bytes, bytes] | None, ply_hash: bytes | None) -> bool:
        """Whether a stored ``(ply_hash, digest, body)`` belongs to a ply of that hash and is
        intact (its digest matches its bytes)."""
        if row is None or ply_hash is None or row[0] != ply_hash:
            return False
        body = row[2]
        return type(body) is bytes and sha256(body) == row[1]  # a cache: any other type is junk
