"""What lies beside a fracas file, read as bytes: SQLite's ``-wal`` (the write-ahead log),
its ``-shm`` (the index of the ``-wal``, rebuilt by SQLite whenever no process holds the
file) and a ``-journal``; and whether another process holds the file now.

SQLite applies a ``-wal`` it finds beside a file that no process holds (its recovery), and
the first process to close the file afterwards writes the ``-wal``'s pages into the file.
Nothing in a ``-wal`` names the file it belongs to: one left beside a restored copy of the
file, or copied from another file, is applied all the same, and rewrites the file with pages
of another state of it. So every fracas write stamps the file (:data:`STAMP_KEY` in the
``cursor`` table: the stamp it found and a new random one, written in the write's own
transaction, so that every transaction in a ``-wal`` that fracas wrote carries one), and a
``-wal`` nobody holds is applied only if it continues the file as it stands: the stamp the
file holds must be one its first stamped transaction found, or one a transaction in it
made (:func:`judge`). This module parses the ``-wal`` as SQLite does (its header, its
frames' salts and checksums, up to the last commit frame), and the ``cursor`` rows on its
pages; no SQL. Everything here is the file format of https://www.sqlite.org/fileformat.html.
"""

from __future__ import annotations

import contextlib
import os
import struct
import sys
from array import array
from collections.abc import Callable
from pathlib import Path

#: The side files SQLite may keep beside a database file.
SIDES = ("-wal", "-shm", "-journal")
#: The ``cursor`` key of the file's stamp: ``"FOUND NEW"``, 16 hex digits each.
STAMP_KEY = "fracas:wal"
#: The stamp of a file no fracas write has stamped yet.
NO_STAMP = "0" * 16

_WAL_MAGIC = (0x377F0682, 0x377F0683)  # checksums of little- or big-endian words
_WAL_VERSION = 3007000
_WAL_HEADER = 32
_FRAME_HEADER = 24
_LEAF_TABLE = 13  # a b-tree page's first byte: a leaf of a table (rows)
#: SQLite's lock bytes on the database file (os_unix.c): PENDING, RESERVED, then SHARED.
_LOCKS_AT = 0x40000000
_LOCKS_LEN = 2 + 510


def side(path: Path, suffix: str) -> Path:
    """The side file ``suffix`` of the file SQLite opens at ``path`` (a symbolic link's
    target: SQLite keeps them beside the file itself)."""
    return Path(f"{path}{suffix}")


def present(path: Path) -> frozenset[str]:
    """Which of :data:`SIDES` are beside ``path`` now."""
    return frozenset(s for s in SIDES if os.path.lexists(side(path, s)))


# --- locks ----------------------------------------------------------------------------------


def _flock(kind: int) -> bytes | None:
    """A ``struct flock`` over SQLite's lock bytes, for this platform (None: one whose
    layout is not known here)."""
    if sys.platform.startswith("linux"):
        return struct.pack("hhqqi4x", kind, os.SEEK_SET, _LOCKS_AT, _LOCKS_LEN, 0)
    if sys.platform == "darwin" or "bsd" in sys.platform:
        return struct.pack("qqihh", _LOCKS_AT, _LOCKS_LEN, 0, kind, os.SEEK_SET)
    return None


def _commands() -> tuple[int, int] | None:
    """``fcntl``'s (ask, take) commands for a lock of the descriptor's own: on Linux
    open-file-description locks, which see (and are refused by) the locks SQLite holds in
    this process too; elsewhere POSIX locks, which see other processes' only."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return None
    if hasattr(fcntl, "F_OFD_GETLK"):
        return fcntl.F_OFD_GETLK, fcntl.F_OFD_SETLK
    return fcntl.F_GETLK, fcntl.F_SETLK  # pragma: no cover - not Linux


def held_by_others(fd: int) -> bool:
    """Whether a connection holds SQLite's locks on the open file ``fd`` (a connection to a
    WAL file holds a shared lock from its first read until it closes): another process's,
    or, on Linux, one of this process. True where it cannot be told: then the side files
    are SQLite's to judge, as before."""
    import fcntl

    commands = _commands()
    ask = _flock(fcntl.F_WRLCK)
    if commands is None or ask is None:  # pragma: no cover - not a known Unix
        return True
    try:
        got = fcntl.fcntl(fd, commands[0], ask)
    except OSError:
        return True
    kind = struct.unpack_from("h", got, 0 if sys.platform.startswith("linux") else 20)[0]
    return bool(kind != fcntl.F_UNLCK)


def remove_unheld(path: Path, names: frozenset[str]) -> None:
    """Remove the side files ``names`` of ``path`` (a ``-wal`` only if SQLite would apply
    nothing of it), under a lock on the file that keeps any SQLite out meanwhile; nothing if
    another process holds or takes the file. For side files a failed open left behind."""
    names = frozenset(n for n in names if os.path.lexists(side(path, n)))
    if not names:
        return
    commands = _commands()
    if commands is None:  # pragma: no cover - Windows
        return
    import fcntl

    ask = _flock(fcntl.F_WRLCK)
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError:
        return
    try:
        if ask is None:  # pragma: no cover - not a known Unix
            return
        try:
            fcntl.fcntl(fd, commands[1], ask)
        except OSError:
            return  # somebody holds it: the side files are theirs
        for name in names:
            target = side(path, name)
            if name == "-wal" and read_wal(target, _page_size(fd)).transactions:
                continue
            with contextlib.suppress(OSError):
                target.unlink()
    finally:
        os.close(fd)  # the lock goes with the descriptor


def _page_size(fd: int) -> int:
    head = os.pread(fd, 18, 0)
    size = int.from_bytes(head[16:18], "big") if len(head) == 18 else 0
    return 65536 if size == 1 else size


# --- the -wal -------------------------------------------------------------------------------


class Wal:
    """A ``-wal`` as SQLite's recovery reads it: ``foreign`` says why it is not a
    write-ahead log of a file of ``page_size`` pages (empty: it is one, or it is too short
    to hold anything), and ``transactions`` holds, for each transaction SQLite would apply
    (each ends with a commit frame), the stamp it wrote (``(found, new)``) or None."""

    def __init__(self) -> None:
        self.foreign = ""
        self.transactions: list[tuple[str, str] | None] = []


def _checksum(data: bytes, s0: int, s1: int, big: bool) -> tuple[int, int]:
    """SQLite's ``-wal`` checksum of ``data`` (a multiple of 8 bytes) continued from
    ``(s0, s1)``: pairs of 32-bit words, big- or little-endian as the magic says."""
    words = array("I")
    words.frombytes(data)
    if big != (sys.byteorder == "big"):
        words.byteswap()
    mask = 0xFFFFFFFF
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & mask
        s1 = (s1 + words[i + 1] + s0) & mask
    return s0, s1


def read_wal(path: Path, page_size: int) -> Wal:
    """The ``-wal`` at ``path`` of a file of ``page_size``-byte pages (see :class:`Wal`);
    one that is missing or shorter than its header holds nothing."""
    wal = Wal()
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return wal
    if len(data) < _WAL_HEADER:
        return wal
    magic, version, size, _seq, salt1, salt2, c0, c1 = struct.unpack_from(">8I", data)
    if magic not in _WAL_MAGIC or version != _WAL_VERSION:
        wal.foreign = "it does not begin as a write-ahead log"
        return wal
    big = bool(magic & 1)
    if _checksum(data[:24], 0, 0, big) != (c0, c1):
        wal.foreign = "its header does not match its checksum"
        return wal
    if size != page_size:
        wal.foreign = f"its pages are {size} bytes, the file's {page_size}"
        return wal
    s = (c0, c1)
    stamp: tuple[str, str] | None = None
    at = _WAL_HEADER
    while at + _FRAME_HEADER + size <= len(data):
        page, commit, f1, f2, k0, k1 = struct.unpack_from(">6I", data, at)
        body = data[at + _FRAME_HEADER : at + _FRAME_HEADER + size]
        if page == 0 or (f1, f2) != (salt1, salt2):
            break
        s = _checksum(data[at : at + 8], s[0], s[1], big)
        s = _checksum(body, s[0], s[1], big)
        if s != (k0, k1):
            break
        found = stamp_on(body, 100 if page == 1 else 0)
        if found is not None:
            stamp = found
        if commit:
            wal.transactions.append(stamp)
            stamp = None
        at += _FRAME_HEADER + size
    return wal


def judge(path: Path, page_size: int, stamps: Callable[[], set[str]]) -> tuple[str, bool]:
    """Whether the ``-wal`` beside ``path`` (no process holding the file) may be applied to
    it: ``(why not, "")`` or ``("", whether it holds anything SQLite would apply)``. It may
    if it holds nothing to apply, or if it continues the file as it stands. ``stamps``
    gives the stamps the file holds now (read only if needed)."""
    wal = read_wal(side(path, "-wal"), page_size)
    if wal.foreign:
        return f"not a write-ahead log of {path.name} ({wal.foreign})", False
    stamped = [s for s in wal.transactions if s is not None]
    if not wal.transactions:
        return "", False
    if not stamped:
        return (
            f"it holds changes to {path.name} that fracas did not write (a program other "
            "than fracas, or a fracas older than this one)"
        ), True
    known = {stamped[0][0], *(new for _, new in stamped)}
    if stamps() & known:
        return "", True
    return (
        f"it does not continue {path.name} as the file stands (a -wal left beside a restored "
        "copy of the file, or another file's)"
    ), True


# --- rows on a page ---------------------------------------------------------------------------


def _varint(page: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at ``at``: its value and where the next begins."""
    value = 0
    for i in range(8):
        byte = page[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | page[at + 8], at + 9


def stamp_on(page: bytes, header_at: int) -> tuple[str, str] | None:
    """The stamp ``(found, new)`` held by a ``cursor`` row on this page, if it is a leaf of
    a table and holds one (``header_at``: 100 on the file's first page, else 0)."""
    key = STAMP_KEY.encode()
    if len(page) <= header_at + 8 or page[header_at] != _LEAF_TABLE or key not in page:
        return None
    try:
        cells = int.from_bytes(page[header_at + 3 : header_at + 5], "big")
        for n in range(cells):
            at = int.from_bytes(page[header_at + 8 + 2 * n : header_at + 10 + 2 * n], "big")
            _size, at = _varint(page, at)
            _rowid, at = _varint(page, at)
            end_of_header, at_type = _varint(page, at)
            values = at + end_of_header
            types = []
            while at_type < at + end_of_header:
                kind, at_type = _varint(page, at_type)
                types.append(kind)
            if len(types) != 2 or not all(t >= 13 and t % 2 for t in types):
                continue
            lengths = [(t - 13) // 2 for t in types]
            text = page[values : values + lengths[0]]
            if text != key:
                continue
            value = page[values + lengths[0] : values + lengths[0] + lengths[1]].decode()
            return split_stamp(value)
    except (IndexError, UnicodeDecodeError):
        return None
    return None


def split_stamp(value: str) -> tuple[str, str]:
    """``(found, new)`` of a stamp as stored (a value written otherwise: itself as both)."""
    found, _, new = value.partition(" ")
    if len(found) == len(new) == len(NO_STAMP) and all(
        c in "0123456789abcdef" for c in found + new
    ):
        return found, new
    return value, value


def stamps_on_pages(path: Path, page_size: int) -> set[str]:
    """Every stamp written on a page of the file at ``path``, read page by page (for a file
    SQLite cannot read as it stands: one a checkpoint stopped in the middle of); the file's
    own stamp is among them, or :data:`NO_STAMP` if none is."""
    found = {NO_STAMP}
    key = STAMP_KEY.encode()
    with open(path, "rb") as f:
        number = 0
        while page := f.read(page_size):
            number += 1
            if key in page:
                stamp = stamp_on(page, 100 if number == 1 else 0)
                if stamp is not None:
                    found.add(stamp[1])
    return found
