"""Recognising a fracas file before SQLite opens it: a path that is a link leading nowhere, a
file that is not a fracas file (its header), and side files beside it that SQLite would apply
to it though they are not its own (engine/logsides.py). Nothing here writes, makes a file, or
takes a lock; the file's own stamp is read with SQLite's ``immutable`` open, which does
neither.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import NamedTuple

from engine.logfile import (
    APPLICATION_ID,
    OLDEST_SCHEMA,
    SCHEMA_VERSION,
    SQLITE_HEADER,
    DiskError,
    NotFracas,
    SchemaMismatch,
)
from engine.logsides import (
    NO_STAMP,
    STAMP_KEY,
    held_by_others,
    judge,
    present,
    side,
    split_stamp,
    stamps_on_pages,
)


def look(path: Path) -> bool:
    """Whether a file is at ``path`` (following symbolic links); a link that leads nowhere
    (it dangles, or loops) is refused naming it (exit 5), before anything is made there."""
    if not os.path.islink(path):
        return os.path.lexists(path)
    try:
        os.stat(path)
    except OSError as err:
        if err.errno == errno.ELOOP:
            raise NotFracas(
                f"{path}: a symbolic link that leads back to itself (a loop), not a fracas "
                "database; nothing was written"
            ) from None
        if err.errno in (errno.ENOENT, errno.ENOTDIR):
            raise NotFracas(
                f"{path}: a symbolic link to {os.readlink(path)}, which does not exist (a "
                "dangling link), not a fracas database; nothing was written"
            ) from None
        raise DiskError(f"{path}: cannot read ({err.strerror})") from None
    return True


class Header(NamedTuple):
    """What a file and its side files were found to be before SQLite opened it."""

    #: The schema version (``PRAGMA user_version``).
    version: int
    #: Bytes in a page.
    page_size: int
    #: Another process holds the file (its side files are its own, SQLite's to read).
    held: bool
    #: The side files (engine/logsides.py: ``SIDES``) beside the file before it was opened.
    found: frozenset[str]
    #: The file's ``-wal``, no process holding it, holds transactions SQLite will apply
    #: (judged to continue the file as it stands).
    wal: bool


#: How many times the header is read again when its page count does not fit the file's size
#: and no -wal explains it: a checkpoint may have finished (and taken its -wal away) between
#: the look for a -wal and the read.
_TRIES = 4


def check_header(path: Path) -> int:
    """:func:`inspect`'s schema version."""
    return inspect(path).version


def inspect(path: Path) -> Header:
    """Refuse a file that is not ours before SQLite touches it (exit 5 or 6), and a -wal
    beside it that is not its own (engine/logsides.py: ``judge``); say what was found.

    A file whose size is not a whole number of its pages, or smaller than the pages its
    header counts, was truncated (or grown by something else): it is refused as corrupt,
    but only if no -wal stands beside it: while one does (a checkpoint writes the header's
    new page count before the pages that grow the file), the file and its -wal together are
    the truth, and SQLite judges them.
    """
    real = Path(os.path.realpath(path))
    mode = _mode(path)
    if mode is not None and not stat.S_ISDIR(mode) and not stat.S_ISREG(mode):  # a FIFO blocks
        raise NotFracas(f"{path}: not a regular file (a FIFO or a device), not a fracas database")
    if mode is not None and stat.S_ISDIR(mode):
        raise NotFracas(f"{path}: is a directory, not a fracas database")
    try:
        fd = os.open(path, os.O_RDONLY)
    except IsADirectoryError:
        raise NotFracas(f"{path}: is a directory, not a fracas database") from None
    except OSError as err:
        raise DiskError(f"{path}: cannot read ({err.strerror})") from None
    try:
        for _ in range(_TRIES):
            found = present(real)
            held = held_by_others(fd)
            head = os.pread(fd, 100, 0)
            size = os.fstat(fd).st_size
            version, page, pages, counted = _fields(path, head)
            wal = False
            if not held and "-wal" in found:
                why, wal = _judged(real, page, fd)
                if why is None:  # changing as it was read: another fracas recovers it now
                    held = True
                    continue
                if why:
                    raise NotFracas(
                        f"{side(real, '-wal')}: {why}; nothing was written, and the file and "
                        f"its -wal are as they were (move {real.name}-wal away if {path.name} "
                        "is as you want it)"
                    )
            fits = page >= 512 and not size % page and not (counted and size < pages * page)
            if (held and "-wal" in found) or wal or fits:
                return Header(version, page, held, found, wal)
            time.sleep(0.002)
    except OSError as err:
        raise DiskError(f"{path}: cannot read ({err.strerror})") from None
    finally:
        os.close(fd)
    if held:  # its -wal kept changing under the judging: SQLite's to read, with the process
        return Header(version, page, True, found, False)
    raise NotFracas(
        f"{path}: the database is corrupt (its size, {size} bytes, does not fit its "
        f"{page}-byte pages: truncated or overwritten)"
    )


def _mode(path: Path) -> int | None:
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as err:
        raise DiskError(f"{path}: cannot read ({err.strerror})") from None


def _fields(path: Path, head: bytes) -> tuple[int, int, int, bool]:
    """The header's schema version, page size, page count and whether that count holds;
    a header that is not a fracas file's is refused."""
    if not head:
        raise NotFracas(f"{path}: the file is empty, not a fracas database")
    if len(head) < 100 or not head.startswith(SQLITE_HEADER):
        raise NotFracas(f"{path}: not a fracas database (not an SQLite file, or corrupt)")
    app_id = int.from_bytes(head[68:72], "big")
    if app_id != APPLICATION_ID:
        raise NotFracas(
            f"{path}: not a fracas database (SQLite application_id 0x{app_id:08x}, "
            f"fracas uses 0x{APPLICATION_ID:08x})"
        )
    version = int.from_bytes(head[60:64], "big")
    if version > SCHEMA_VERSION:
        raise SchemaMismatch(
            f"{path}: written by a newer fracas (schema {version}; this one reads up to "
            f"{SCHEMA_VERSION}); upgrade fracas"
        )
    if version < OLDEST_SCHEMA:
        raise SchemaMismatch(f"{path}: schema {version} is older than {OLDEST_SCHEMA}")
    page = int.from_bytes(head[16:18], "big")
    page = 65536 if page == 1 else page
    pages = int.from_bytes(head[28:32], "big")
    counted = head[24:28] == head[92:96]  # SQLite: the page count is valid only then
    return version, page, pages, counted


def _judged(real: Path, page: int, fd: int) -> tuple[str | None, bool]:
    """:func:`engine.logsides.judge` of the -wal beside ``real``: why not to apply it
    (``""``: it may be), and whether it holds anything to apply; ``None`` for why if the
    verdict is no and the file or its -wal changed, or a process took the file, while it
    was judged (another fracas recovered it meanwhile: look again)."""

    def marks() -> tuple[object, ...]:
        out: list[object] = []
        for p in (real, side(real, "-wal")):
            try:
                st = os.stat(p)
                out.append((st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns))
            except FileNotFoundError:
                out.append(None)
        return tuple(out)

    before = marks()
    why, applies = judge(real, page, lambda: _stamps(real, page))
    if why and (held_by_others(fd) or marks() != before):
        return None, applies
    return why, applies


def _stamps(real: Path, page: int) -> set[str]:
    """The stamp the file holds (engine/logsides.py), read by SQLite from the file alone
    (``immutable``: no lock taken, no side file made, the -wal not read); if SQLite cannot
    read the file alone (a checkpoint stopped halfway), every stamp on its pages."""
    try:
        conn = sqlite3.connect(uri(real, immutable="1"), uri=True)
        try:
            row = conn.execute("SELECT value FROM cursor WHERE key = ?", (STAMP_KEY,)).fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        return stamps_on_pages(real, page)
    return {split_stamp(str(row[0]))[1] if row else NO_STAMP}


def uri(path: Path, **params: str) -> str:
    """An SQLite ``file:`` URI of ``path`` with ``params`` (``mode=ro``, ``immutable=1``)."""
    text = str(path).replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return f"file:{text}" + (f"?{query}" if query else "")
