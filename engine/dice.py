"""Dice: one specified, counter-based generator, and physical dice entered at the table.

Every face fracas rolls comes from a :class:`Dice` keyed by ``(encounter seed, ply depth, salt)``.
The generator is ours and written down in ``docs/DICE.md`` so that the same key gives the same
faces on every platform and every Python version (``random`` promises no such thing):

* block ``c`` (``c`` = 0, 1, 2, …) of the stream is
  ``SHA-256(b"fracas-dice/1" + b"\\x00" + f"{seed}:{depth}:{salt}:{c}".encode("ascii"))``,
  read as four big-endian unsigned 64-bit words, first bytes first;
* a die with ``s`` sides takes words in order, rejecting any word ``>= 2**64 - (2**64 % s)``,
  and shows ``word % s + 1``.

Physical dice (``--dice 14,3,6``) are consumed first, in the order the rules roll them; a face
outside its die is refused, and so is a face left over when the action is resolved.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.dicespec import DiceError, DiceSpec, parse_spec
from engine.sha import sha256

DICE_DOMAIN = b"fracas-dice/1"
_WORD = 1 << 64

Source = Literal["seed", "physical", "mixed"]

__all__ = ["Dice", "DiceError", "DiceSpec", "SeededStream", "parse_physical", "parse_spec"]


_MASK = _WORD - 1
_LIMITS: dict[int, int] = {}  # sides -> the first word a die of that many sides rejects


class SeededStream:
    """The stream of uniform 64-bit words for one key; see the module docstring for the spec."""

    __slots__ = ("_counter", "_key", "_words")

    def __init__(self, seed: int, depth: int, salt: int) -> None:
        self._key = (seed, depth, salt)
        self._counter = 0
        self._words: list[int] = []

    def _refill(self) -> list[int]:
        """The next block's four words, the first last (popped first)."""
        seed, depth, salt = self._key
        key = f"{seed}:{depth}:{salt}:{self._counter}".encode("ascii")
        self._counter += 1
        n = int.from_bytes(sha256(DICE_DOMAIN + b"\x00" + key), "big")  # the first word highest
        self._words = [n & _MASK, n >> 64 & _MASK, n >> 128 & _MASK, n >> 192]
        return self._words

    def word(self) -> int:
        """The next 64-bit word of the stream."""
        return (self._words or self._refill()).pop()

    def face(self, sides: int) -> int:
        """One face of a fair die with ``sides`` sides, by rejection sampling."""
        limit = _LIMITS.get(sides)
        if limit is None:
            limit = _LIMITS[sides] = _WORD - (_WORD % sides)
        while True:
            w = self.word()
            if w < limit:
                return w % sides + 1


class Dice:
    """All randomness of one ply: physical faces first, then the seeded stream.

    ``physical`` holds faces entered at the table, used in the order the rules roll them.
    After the ply is resolved, :meth:`check_all_used` refuses faces left over.
    """

    __slots__ = ("_next_physical", "_physical", "_stream")

    def __init__(self, seed: int, depth: int, salt: int, physical: Sequence[int] = ()) -> None:
        self._stream = SeededStream(seed, depth, salt)
        self._physical = list(physical) if physical else []
        self._next_physical = 0

    @property
    def physical_left(self) -> int:
        """How many entered faces have not been used yet."""
        return len(self._physical) - self._next_physical

    def faces(
        self, spec: DiceSpec, sides_per_face: tuple[int, ...] | None = None
    ) -> tuple[tuple[int, ...], Source]:
        """Roll every die of ``spec`` in order; return the faces and where they came from.
        ``sides_per_face``: ``spec.sides_per_face()`` if the caller has it already."""
        if sides_per_face is None:
            sides_per_face = spec.sides_per_face()
        if self._next_physical >= len(self._physical):  # no entered face left: all seeded
            seeded = self._stream.face
            if len(sides_per_face) == 1:  # one die, the commonest roll
                return (seeded(sides_per_face[0]),), "seed"
            return tuple([seeded(sides) for sides in sides_per_face]), "seed"
        out: list[int] = []
        entered = 0
        for sides in sides_per_face:
            if self._next_physical < len(self._physical):
                face = self._physical[self._next_physical]
                if not 1 <= face <= sides:
                    raise DiceError(
                        f"--dice face {face} (position {self._next_physical + 1}) "
                        f"does not fit the D{sides} rolled there"
                    )
                self._next_physical += 1
                entered += 1
            else:
                face = self._stream.face(sides)
            out.append(face)
        source: Source = "seed" if entered == 0 else "physical" if entered == len(out) else "mixed"
        return tuple(out), source

    def check_all_used(self) -> None:
        """Refuse physical faces that the action never rolled."""
        if self.physical_left:
            unused = self._physical[self._next_physical :]
            raise DiceError(
                f"--dice: {len(unused)} face(s) left unused ({', '.join(map(str, unused))}); "
                "this action rolled only "
                f"{self._next_physical} die/dice (an action that lands on a later turn is "
                "rolled then: give its dice to the command that moves the turn there)"
            )


def parse_physical(text: str) -> tuple[int, ...]:
    """Read ``--dice 14,3,6`` into faces: whole numbers in ASCII digits (at most 6), one
    between each two commas, white space around them allowed. Raise DiceError naming the
    value and what is wrong: a face that is not a number, or an empty one (``1,,2``, ``14,``,
    ``,14``: a comma too many is never read as no face), or none at all (``""``)."""
    from engine.inputs import escaped

    shown = escaped(text)
    example = "expected e.g. --dice 14,3,6"
    parts = text.split(",")
    if not any(part.strip() for part in parts):
        raise DiceError(f"--dice {shown}: no faces given ({example})")
    faces: list[int] = []
    for index, item in enumerate(parts):
        part = item.strip()
        if not part:
            where = (
                "before the first comma"
                if index == 0
                else "after the last comma"
                if index == len(parts) - 1
                else "between two commas"
            )
            raise DiceError(f"--dice {shown}: face {index + 1} is empty ({where}); {example}")
        if not (part.isascii() and part.isdigit()) or len(part) > 6:
            raise DiceError(f"--dice: {escaped(part)} is not a die face ({example})")
        faces.append(int(part))
    return tuple(faces)
