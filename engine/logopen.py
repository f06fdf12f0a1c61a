"""Opening a fracas file and closing it: once engine/logheader.py has checked the file and
its side files, whether it is opened to write or, when the file, its folder or its disk takes
no writes, only to read, leaving nothing beside it. (What a write checks before it writes,
SQLite's check of the pages and the file's stamp, is engine/logupgrade.py.)

Reads and writes alike open the file read-write when they can: a connection that only reads
makes SQLite's ``-wal`` and ``-shm`` beside the file and, being the last to close, takes them
away again, having written nothing. A ``-wal`` holding transactions that was there before,
left by a process that died (no process holds the file), is left as it was by a command that
writes nothing (a read, or a refusal): it closes without SQLite's checkpoint (:func:`close`);
a command that writes closes as SQLite does, applying it and taking it away. A file that
cannot take writes is read where it stands, never opened read-write: ``immutable`` (SQLite
reads the file alone, makes nothing beside it) when no ``-wal`` holds anything, a copy in a
private folder when one does (SQLite's recovery runs on the copy), SQLite's read-only open
when another process holds it (its side files are there); a write is then refused with why
(exit 7) before its transaction.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path
from typing import NamedTuple

from engine.logfile import (
    APPLICATION_ID,
    BUSY_TIMEOUT_S,
    CHAIN,
    DIAGNOSE_FULL,
    SCHEMA,
    SCHEMA_VERSION,
    VIEWS,
    DiskError,
    disk_full,
    full,
    publish,
    translate,
)
from engine.logheader import Header, inspect, uri
from engine.logsides import SIDES, remove_unheld, side


class Opened(NamedTuple):
    """An open connection to a fracas file, and how it was opened."""

    conn: sqlite3.Connection
    #: The URI it was opened by (a forked reader opens the same).
    uri: str
    #: Why the file takes no writes (the message of exit 7), or None: it does.
    read_only: str | None
    header: Header
    #: The file SQLite opened (a symbolic link's target), beside which its side files are.
    real: Path
    #: The private folder holding the copy read instead of the file, removed at close.
    sandbox: Path | None


def connect(path: Path) -> Opened:
    """Open the fracas file at ``path`` (there is one) as the module docstring says: its
    header and side files checked first (:func:`inspect`), then one row read."""
    header = inspect(path)
    real = Path(os.path.realpath(path))
    why = unwritable(path, real)
    if why is None:
        link = uri(path, mode="rw")
        conn = _connect(link, path)
        try:
            conn.execute("PRAGMA synchronous=FULL")
            _first_read(conn)
            return Opened(conn, link, None, header, real, None)
        except sqlite3.Error as err:
            conn.close()
            remove_unheld(real, frozenset(SIDES) - header.found)
            if not disk_full(path, DIAGNOSE_FULL):
                raise translate(err, path) from None
            why = full(path)  # reads go on without SQLite's side files; writes are refused
    return _read_only(path, real, header, why)


def _read_only(path: Path, real: Path, header: Header, why: str) -> Opened:
    sandbox = None
    if header.held:  # its side files are there, another process's: SQLite reads them
        link = uri(path, mode="ro")
    elif header.wal:
        sandbox, link = _sandbox(path, real)
    else:
        link = uri(path, mode="ro", immutable="1")
    conn = _connect(link, path)
    try:
        _first_read(conn)
    except sqlite3.Error as err:
        conn.close()
        _drop(sandbox)
        remove_unheld(real, frozenset(SIDES) - header.found)
        raise translate(err, path) from None
    return Opened(conn, link, why, header, real, sandbox)


def _connect(link: str, path: Path) -> sqlite3.Connection:
    try:
        return sqlite3.connect(link, uri=True, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    except sqlite3.Error as err:
        raise translate(err, path) from None


def _first_read(conn: sqlite3.Connection) -> None:
    conn.execute("SELECT count(*) FROM branches").fetchone()


def _sandbox(path: Path, real: Path) -> tuple[Path, str]:
    """A copy of the file and its -wal in a private folder, and its URI: SQLite's recovery
    applies the -wal there, and the file is read as it will be, leaving it as it is."""
    import shutil  # here: only a read-only file with a -wal to apply needs them
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="fracas-read-"))
    copy = folder / "fight.db"
    try:
        shutil.copyfile(real, copy)
        shutil.copyfile(side(real, "-wal"), side(copy, "-wal"))
    except OSError as err:
        _drop(folder)
        raise DiskError(
            f"{path}: cannot read it with its -wal (copied to {folder}: {err.strerror or err})"
        ) from None
    return folder, uri(copy, mode="rw")


def _drop(folder: Path | None) -> None:
    if folder is not None:
        import shutil

        shutil.rmtree(folder, ignore_errors=True)


def close(opened: Opened, wrote: bool) -> None:
    """Close the connection. A -wal found beside the file holding transactions, no process
    holding the file (a crash's), is left as it was unless this connection wrote (then SQLite
    applies it to the file and removes it as it closes): a read or a refusal changes no byte
    of the file. Otherwise SQLite closes as it does, the last connection taking its side
    files away (a -shm, an empty -wal: nothing in them is the fight's); and any side file
    the open made that SQLite left (a full disk) is removed."""
    conn, header = opened.conn, opened.header
    companion = None
    if header.wal and not wrote and opened.read_only is None:
        # SQLite checkpoints as the last connection closes; another one of this process
        # that only reads keeps this close from it, and cannot checkpoint itself.
        try:
            companion = sqlite3.connect(uri(opened.real, mode="ro"), uri=True)
            companion.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
        except sqlite3.Error:
            if companion is not None:
                companion.close()
            companion = None
    try:
        conn.close()
    finally:
        if companion is not None:
            companion.close()
        _drop(opened.sandbox)
        remove_unheld(opened.real, frozenset(SIDES) - header.found)


def unwritable(path: Path, real: Path) -> str | None:
    """Why the file at ``path`` (``real``: the file itself) takes no writes, or None: it
    is read-only, or its folder is (SQLite makes its -wal there to write), or the disk is
    full. A file or folder no one may write (no write permission bit) is read-only to
    fracas even for root, who could."""
    if not _writable(real):
        return f"{path}: the file is read-only; nothing was written"
    if not _writable(real.parent):
        return (
            f"{path}: its folder {real.parent} is read-only (SQLite writes {real.name}-wal "
            "beside the file); nothing was written"
        )
    if disk_full(path):
        return full(path)
    return None


def create(path: Path) -> None:
    """Build a complete new fracas file under a private name, then publish it at ``path``
    (refused first, exit 7, in a folder that is missing, read-only or on a full disk).

    Another fracas racing to create the same file must never see it half made (empty, or
    without its schema version): it would refuse the file as foreign. Publishing is a hard
    link, which fails if ``path`` appeared meanwhile; then the other process's file is used.
    """
    creatable(path)
    import uuid  # here: it imports `platform`, ~1.5 ms a command that does not create pays

    tmp = path.with_name(f".{path.name}.creating-{uuid.uuid4().hex}")
    try:
        conn = sqlite3.connect(tmp, isolation_level=None, timeout=BUSY_TIMEOUT_S)
        try:
            conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            conn.executescript("BEGIN;" + SCHEMA + CHAIN + VIEWS + "COMMIT;")
            conn.execute("PRAGMA journal_mode=WAL")
        finally:
            conn.close()
        publish(tmp, path)
    except sqlite3.Error as err:
        raise translate(err, path) from None
    except OSError as err:
        if err.errno == errno.ENOSPC:
            raise DiskError(full(path)) from None
        raise DiskError(f"{path}: cannot create ({err.strerror or err})") from None
    finally:
        for leftover in (tmp, *(side(tmp, s) for s in SIDES)):
            leftover.unlink(missing_ok=True)


def creatable(path: Path) -> None:
    """Refuse to make a file at ``path`` (exit 7) in a folder that is missing, read-only,
    or on a full disk."""
    folder = path.parent
    if not folder.is_dir():
        raise DiskError(f"{path}: folder {folder} does not exist")
    if not _writable(folder):
        raise DiskError(f"{path}: the folder {folder} is read-only; nothing was written")
    if disk_full(path):
        raise DiskError(full(path))


def _writable(path: Path) -> bool:
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return bool(mode & 0o222) and os.access(path, os.W_OK)
