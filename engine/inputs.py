"""Hostile input: the checks every name, number and file a user gives fracas goes through.

The limits (README, "Limits on input"):

- **files** a sheet is read from: a regular file (never a FIFO, a device or a directory: they
  are refused before anything is read, and opening one never blocks) of at most
  :data:`MAX_SHEET_BYTES` (1 MiB);
- **numbers** typed on the command line: ASCII digits only (``²`` and ``١٤`` are not numbers),
  an optional ``-`` where negatives make sense, within each option's bounds; a seed is
  ``0 <= seed < 2**63`` (:data:`SEED_LIMIT`); numbers in a sheet lie within
  ±:data:`MAX_SHEET_NUMBER`;
- **names** (encounters, branches, combatant ids: :func:`engine.rules.check_name`) and
  **labels** (sides, the names in a sheet: :func:`check_label`): never empty, no control
  characters (C0, DEL, C1: newline and NUL too), no bidirectional overrides or isolates
  (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), no line or paragraph separators, no
  lone surrogates, at most 64 characters;
- **text** printed back (a ``--note``, a name a command looks up: :func:`check_printable`):
  none of those characters either.

A refused value is shown escaped (:func:`escaped`, like ``repr``: ``'\\x1b[2J'``,
``'\\u202e'``) and shortened, so an error message can never forge a terminal line.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path

from engine.rules import UsageError

#: The largest sheet file read, in bytes (1 MiB).
MAX_SHEET_BYTES = 1 << 20

#: Seeds are ``0 <= seed < SEED_LIMIT`` (they are stored as SQLite's signed 64-bit integers).
SEED_LIMIT = 2**63

#: The largest ply number, count (``undo N``) or other number typed on the command line,
#: unless the option says otherwise.
MAX_COUNT = 999_999_999

#: Whole numbers in a sheet lie within ``-MAX_SHEET_NUMBER .. MAX_SHEET_NUMBER``.
MAX_SHEET_NUMBER = 10**9

#: The longest label (a side, a name in a sheet), in characters.
MAX_LABEL = 64

#: Bidirectional formatting characters: they reorder what a terminal shows.
BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")

_REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cs": "a lone surrogate",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}

_INTEGER = re.compile(r"-?[0-9]+")


class InputError(UsageError):
    """A name, number or file the user gave that fracas refuses (exit 2)."""


def escaped(value: str, limit: int = 40) -> str:
    """``value`` quoted and escaped as ``repr`` does (control, bidi and other unprintable
    characters as ``\\x..``/``\\u....``), cut to ``limit`` characters: safe to print."""
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}... ({len(value)} characters)"


def bad_character(text: str) -> str | None:
    """Why ``text`` may not be shown as it is: the first refused character, described, or
    None."""
    for index, ch in enumerate(text):
        if ch in BIDI:
            what = "a bidirectional formatting character"
        else:
            what = _REFUSED_CATEGORIES.get(unicodedata.category(ch), "")
            if not what:
                continue
        return f"{what} (U+{ord(ch):04X}) at position {index + 1}"
    return None


def label_problem(text: str, limit: int = MAX_LABEL) -> str | None:
    """Why ``text`` is not a label (a side, a name in a sheet), or None."""
    if not text.strip():
        return "it is empty"
    if len(text) > limit:
        return f"it is longer than {limit} characters ({len(text)})"
    return bad_character(text)


def check_label(what: str, text: str) -> str:
    """Refuse a label that is empty, too long, or holds a character that could forge or
    reorder what a terminal shows (see the module docstring); return it."""
    why = label_problem(text)
    if why is not None:
        raise InputError(f"{what} {escaped(text)} is not allowed: {why}")
    return text


def check_printable(what: str, text: str) -> str:
    """Refuse text (a note, a name looked up) holding a character that could forge or reorder
    what a terminal shows; return it."""
    why = bad_character(text)
    if why is not None:
        raise InputError(f"{what} {escaped(text)} is not allowed: {why}")
    return text


def check_option_name(option: str, kind: str, text: str) -> str:
    """A name given with a command-line option (``--id``) checked as
    :func:`engine.rules.check_name` does, the option named in the error."""
    from engine.rules import check_name

    try:
        return check_name(kind, text)
    except UsageError as err:
        raise InputError(f"{option}: {err}") from None


def parse_int(text: str, what: str, lo: int, hi: int) -> int:
    """A whole number written in ASCII digits (``-`` first for a negative one) within
    ``lo..hi``; anything else (``²``, ``١٤``, ``1_000``, `` 5``, a 5,000-digit number, which is
    never converted) is refused naming ``what`` and the value, escaped and shortened."""
    head = f"{what}: " if what else ""
    if not _INTEGER.fullmatch(text):
        raise InputError(f"{head}{escaped(text)} is not a whole number {lo}..{hi} in ASCII digits")
    widest = max(len(str(abs(lo))), len(str(abs(hi))))
    # Compared by length before int(): a 5,000-digit number is never converted.
    if len(text.lstrip("-").lstrip("0")) > widest or not lo <= int(text) <= hi:
        raise InputError(f"{head}{escaped(text)} is out of bounds: expected {lo}..{hi}")
    return int(text)


def check_seed(seed: int, what: str = "seed") -> int:
    """Refuse a seed outside ``0 <= seed < 2**63`` (or one that is not a whole number)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError(f"{what}: {escaped(str(seed))} is not a whole number")
    if not 0 <= seed < SEED_LIMIT:
        bits = abs(seed).bit_length()
        shown = str(seed) if bits <= 100 else f"a number of {bits} bits"
        raise InputError(f"{what}: {shown} is out of bounds: expected 0..{SEED_LIMIT - 1}")
    return seed


def _kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words (None: a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular_file(path: Path, limit: int = MAX_SHEET_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    The file is opened with ``O_NONBLOCK`` and checked with ``fstat`` before anything is
    read, so a FIFO or a device is refused at once instead of blocking or reading forever.
    Raises :class:`InputError` saying what is wrong (without the file's name).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise InputError("file not found") from None
    except IsADirectoryError:
        raise InputError("not a regular file: a directory") from None
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}") from None
    too_big = f"larger than the limit of {limit:,} bytes"
    chunks: list[bytes] = []
    try:
        info = os.fstat(fd)
        kind = _kind(info.st_mode)
        if kind is not None:
            raise InputError(f"not a regular file: {kind}")
        if info.st_size > limit:
            raise InputError(f"{too_big} ({info.st_size:,} bytes)")
        size = 0
        while size <= limit:  # a file growing while it is read stops at limit + 1 bytes
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise InputError(f"cannot read the file: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise InputError(too_big)
    return b"".join(chunks)
