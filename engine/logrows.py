"""The rows of the log as Python values: encounters, plies, branches and stored events, and
the skip-list rule that gives each ply its skip pointer."""

from __future__ import annotations

from collections.abc import Collection

import msgspec

from engine.logfile import NotFracas

_CHANGED = "the log was changed outside fracas"


class EncounterRow(msgspec.Struct, frozen=True):
    """An encounter: its name, seed and rules system."""

    id: int
    name: str
    seed: int
    system: str
    rules_version: int
    created_at: str


class PlyRow(msgspec.Struct, frozen=True):
    """One ply: the unit of undo. ``depth`` 0 is the encounter's start.

    Its dice are keyed by ``(seed, depth, salt)``; ``dice`` holds faces entered by hand.
    """

    id: int
    encounter: int
    parent: int | None
    depth: int
    skip: int | None
    seed: int
    salt: int
    rules_version: int
    command: str
    dice: tuple[int, ...]
    created_at: str
    #: The entered faces as stored (the hash covers the text, not a re-encoding of it).
    dice_text: str = "[]"
    #: The stored hash (engine/chain.py); None only in a file from before the chain, opened
    #: where it could not be upgraded (read-only).
    hash: bytes | None = None


class BranchRow(msgspec.Struct, frozen=True):
    """A named pointer to a ply; ``tip`` remembers where redo leads, ``fork`` where it began."""

    encounter: int
    name: str
    head: int
    tip: int
    fork: int | None
    created_at: str


class StoredEvent(msgspec.Struct, frozen=True):
    """An event as stored: its tag, schema version of that tag, and JSON body."""

    ply: int
    idx: int
    tag: str
    version: int
    body: str


def skip_depth(depth: int) -> int:
    """The depth the skip pointer of a ply at ``depth`` points to (a deterministic skip list).

    This is the skip list Bitcoin uses for block ancestors. Following parent and skip pointers
    reaches any ancestor in a number of steps that grows like ``log2(depth)**2 / 4`` in the worst
    case (53 lookups at depth 4096, 87 at 65536; usually far fewer), so a branch made ``--at`` a
    ply far back costs about the same on a short fight and a long one.
    """

    def lowest_off(n: int) -> int:
        return n & (n - 1)

    if depth < 2:
        return 0
    if depth & 1:
        return lowest_off(lowest_off(depth - 1)) + 1
    return lowest_off(depth)


def as_int(value: object) -> int:
    if not isinstance(value, int):
        raise NotFracas(f"expected an integer from SQLite, got {value!r}")
    return value


#: The columns of ``plies`` in PlyRow's order (a query adds the hash after them).
PLY_COLUMNS = (
    "plies.id, plies.encounter, plies.parent, plies.depth, plies.skip, plies.seed, "
    "plies.salt, plies.rules_version, plies.command, plies.dice, plies.created_at"
)


#: (position in PLY_COLUMNS, column, whether NULL is allowed) of the integer columns.
_PLY_INTS = (
    (0, "id", False),
    (1, "encounter", False),
    (2, "parent", True),
    (3, "depth", False),
    (4, "skip", True),
    (5, "seed", False),
    (6, "salt", False),
    (7, "rules_version", False),
)


def row_problem(row: tuple[object, ...]) -> str | None:
    """What in a raw ply row (``PLY_COLUMNS``) is not of the type fracas writes there, if
    anything: a whole number where one belongs (SQLite keeps whatever another program puts
    in any column), text for the command and the time."""
    for at, column, nullable in _PLY_INTS:
        value = row[at]
        if type(value) is not int and not (nullable and value is None):
            return f"its {column} column is not a whole number"
    if type(row[8]) is not str or type(row[10]) is not str:
        return "its command or time column is not text"
    return None


def ply_row(row: tuple[object, ...]) -> PlyRow:
    """A PlyRow from ``PLY_COLUMNS`` and, optionally, the hash after them."""
    values = list(row)
    text = values[9]
    where = f"ply #{values[3]}" if type(values[3]) is int else f"ply {values[0]!r}"
    changed = "the log was changed outside fracas"
    problem = row_problem(row)
    if problem is not None:
        raise NotFracas(f"{where}: {problem}: {changed}")
    if not isinstance(text, str):
        raise NotFracas(f"{where}: its dice column is not text: {changed}")
    try:
        faces = [] if text == "[]" else msgspec.json.decode(text)
    except msgspec.DecodeError:
        raise NotFracas(f"{where}: its dice column is not JSON: {changed}") from None
    if not isinstance(faces, list) or not all(type(f) is int for f in faces):
        raise NotFracas(f"{where}: its dice column is not a list of faces: {changed}")
    values[9] = tuple(faces)
    hash_ = values[11] if len(values) > 11 else None
    if hash_ is not None and not isinstance(hash_, bytes):
        raise NotFracas(f"{where}: its hash is not a blob: {changed}")
    return PlyRow(*values[:11], dice_text=text, hash=hash_)  # type: ignore[arg-type, misc]


def branch_row(row: tuple[object, ...]) -> BranchRow:
    """A BranchRow from ``SELECT * FROM branches``, its pointers checked to be ply ids."""
    encounter, name, head, tip, fork, created = row
    if type(name) is not str or type(encounter) is not int or type(created) is not str:
        raise NotFracas(f"a branch row is not as fracas writes it: {row[:2]!r}")
    if not shown_name(name):
        raise NotFracas(f"branch {name!r}: a name fracas never writes: {_CHANGED}")
    for column, value in (("head", head), ("tip", tip), ("fork", fork)):
        if type(value) is not int and not (column == "fork" and value is None):
            raise NotFracas(
                f"branch {name!r}: its {column} is not a ply id: the log was changed outside fracas"
            )
    return BranchRow(encounter, name, head, tip, fork, created)  # type: ignore[arg-type]


def encounter_row(row: tuple[object, ...]) -> EncounterRow:
    """An EncounterRow from ``SELECT * FROM encounters``, its values of the types fracas
    writes and its name one that prints as itself."""
    ident, name, seed, system, version, created = row
    if not all(type(v) is int for v in (ident, seed, version)) or not all(
        type(v) is str for v in (name, system, created)
    ):
        raise NotFracas(f"an encounter row is not as fracas writes it: {row[:2]!r}: {_CHANGED}")
    if not shown_name(name) or not shown_name(system):  # type: ignore[arg-type]
        raise NotFracas(f"encounter {name!r}: a name fracas never writes: {_CHANGED}")
    return EncounterRow(*row)  # type: ignore[arg-type]


def shown_name(name: str) -> bool:
    """Whether ``name`` is one fracas could have written: not empty, and every character
    printed as itself (no control, format such as a bidi override, or separator)."""
    return name != "" and name.isprintable()


def free_name(taken: Collection[str], stem: str) -> str:
    """``STEM-K`` with the least K (from 1) that no name in ``taken`` has: the name an
    automatic branch gets (``main-undone-1``, ``main-before-amend-2``)."""
    k = 1
    while f"{stem}-{k}" in taken:
        k += 1
    return f"{stem}-{k}"
