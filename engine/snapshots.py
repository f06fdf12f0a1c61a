"""Snapshots of fight state: a cache that is never the truth.

A snapshot is the state after one ply, encoded as MessagePack (maps in insertion order:
combatants keep join order), stored with the ply's hash and a digest of its own bytes. Its key
names what shaped it: the rules pack and its version, the core's state layout, and the version
of every event the pack's codec reads.

A ply that a snapshot may cache **carries its state in the chain** (layout 3,
engine/chain.py): the key and :meth:`SnapshotCodec.digest` of the state after it are in its
row and in its hash, written with it. A snapshot is used only if the state it holds has that
digest (:meth:`SnapshotCodec.held`): a snapshot under another key, whose own digest or ply hash
does not match, that does not decode, or of a ply that carries no state under its key (a file
from before schema 4, a state chained by another version of fracas) is ignored, and the state
is folded from the log instead; one that is intact but holds another state than its ply
carries was rewritten outside fracas, and is refused (:class:`ForgedSnapshot`, exit 5).

A ply carries its state when its depth is a multiple of :data:`EVERY`, or when the command
that appends it found no state carried within ``EVERY`` plies below (a file just upgraded, a
new version of the state's key), so any command folds fewer than about ``EVERY`` plies after
the nearest snapshot on its path (and the ply it appends). A command that folds past a ply
carrying a state whose snapshot is missing or damaged keeps it anew.
"""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from engine.logfile import NotFracas
from engine.rules.pack import Pack
from engine.sha import sha256
from events.codec import Codec
from projections.state import STATE_VERSION, CombatantState, FightState, Pending

#: Snapshots are taken at depths that are multiples of this.
EVERY = 16


class ForgedSnapshot(NotFracas):
    """A snapshot that is intact (its own digest matches its bytes) but does not hold the
    state its ply carries in the chain: it was rewritten outside fracas (exit 5)."""


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
        # The digest's encoding sorts sets and maps, so that a state gives the same bytes in
        # any process (a set of conditions iterates in an order the hash seed picks).
        self._canonical = msgspec.msgpack.Encoder(order="deterministic")

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

    def digest(self, state: FightState) -> bytes:
        """The digest of ``state`` that a ply carries in the chain: SHA-256 of its encoding
        with sets and maps sorted, and of its combatants' order (which the rules read)."""
        return sha256(self._canonical.encode((state, list(state.combatants))))

    def seal(self, state: FightState) -> tuple[str, bytes, bytes]:
        """``(key, body, digest)`` of a snapshot of ``state`` for the ply that carries it:
        the digest of the state as the snapshot decodes it (every value of the type the
        log's decoders give, as a state folded from the log has)."""
        body = self.encode(state)
        held = self.decode(body)
        return self.key, body, self.digest(held if held is not None else state)

    def for_ply(
        self, depth: int, state: FightState, carried: int | None = None
    ) -> tuple[str, bytes, bytes] | None:
        """The snapshot (:meth:`seal`) a ply at ``depth`` with ``state`` after it carries, if
        it carries one: at a multiple of :attr:`every`, or more than ``every`` plies above
        ``carried``, the deepest ply below known to carry one (-1: none; None: not known, as
        in a line of plies written at once, whose multiples of ``every`` carry theirs)."""
        if not self.enabled:
            return None
        far = carried is not None and depth - carried > self.every
        return self.seal(state) if depth % self.every == 0 or far else None

    def proves(self, state: FightState, digest: bytes) -> bool:
        """Whether ``state`` (folded from the log) is the state whose ``digest`` a ply
        carries."""
        if self.digest(state) == digest:
            return True
        held = self.decode(self.encode(state))  # the types as a snapshot decodes them
        return held is not None and self.digest(held) == digest

    def held(
        self,
        row: tuple[bytes, bytes, bytes] | None,
        ply_hash: bytes | None,
        chained: object,
        path: object,
        depth: object,
    ) -> FightState | None:
        """The state a stored snapshot ``(ply_hash, digest, body)`` holds, if a command may
        start from it: it is of the ply of that hash, intact, and holds the state the ply
        carries in the chain (``chained``: the ply's ``(key, digest)``, None if none). None:
        absent, damaged, or not checkable against the chain (its ply carries no state under
        this key), so the state is folded from the log. Raises :class:`ForgedSnapshot`
        (naming the file at ``path`` and the ply at ``depth``) if it is intact but holds
        another state."""
        if not isinstance(chained, tuple) or chained[0] != self.key:
            return None
        if not self.usable(row, ply_hash):
            return None
        assert row is not None
        state = self.decode(row[2])
        if state is None:
            return None
        if self.digest(state) != chained[1]:
            raise ForgedSnapshot(
                f"{path}: the snapshot of ply #{depth} does not hold the state its ply carries "
                "in the chain: the cache was changed outside fracas; nothing was written "
                "(`fracas replay --verify` checks every state against the log)"
            )
        return state
