"""One open fracas file for many commands (``fracas shell``): the store, and with it what its
reads keep (ply rows, the state at the plies folded), stays open from one command to the next.

A session is in force from :meth:`Session.start` to :meth:`Session.end`; meanwhile every
:class:`engine.table.Table` of this process on the same file (by path, or by the file the path
names) uses its store instead of opening the file (engine/tablebase.py). That is also a
safety rule: while SQLite holds a file open, closing any other descriptor of it in the same
process drops SQLite's POSIX locks on it, and ``Store.open`` reads the header through one;
so the file is opened once, through the session.

Before each use the session asks SQLite whether another connection has written since
(``PRAGMA data_version``), and the file system whether the path still names the same file with
the same size and times, the main file's and its ``-wal``'s (:func:`file_mark`: bytes changed
by a program that is not SQLite count too); if anything differs, the store is closed and the
file opened afresh, header checks and all. Its own writes leave it as it is
(:meth:`Session.settle` takes the file's mark anew after each command). The states a command
kept are handed to the next one as a library table hands them (engine/tablebase.py): each is
used only once its ply is checked against its hash again. A branch's head is read anew by
every command, as in the CLI, and a write still moves it by compare-and-set: a head another
process moved meanwhile is refused (exit 3).
"""

from __future__ import annotations

import os
import weakref
from pathlib import Path

from engine.log import Store, StoreError

#: The sessions in force in this process, the latest last (a session no one holds any more
#: is no longer in force).
_IN_FORCE: list[weakref.ref[Session]] = []


class Session:
    """A fracas file kept open across commands; see the module docstring."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self._store: Store | None = None
        self._mark: FileMark | None = None
        self._version = 0
        #: How many times the file was opened afresh because it changed since the session
        #: last looked: another process wrote to it or replaced it, or its size or times
        #: changed otherwise (a checkpoint, a touch).
        self.reopened = 0

    @classmethod
    def start(cls, db: Path) -> Session:
        """A session over ``db``, in force until :meth:`end` (the file is opened when first
        used: it may not exist yet)."""
        session = cls(db)
        _IN_FORCE.append(weakref.ref(session))
        return session

    def end(self) -> None:
        """Close the file; the session is no longer in force."""
        self.close()
        _IN_FORCE[:] = [r for r in _IN_FORCE if r() not in (None, self)]

    def store(self, *, create: bool = False) -> Store:
        """The open store, reopened first if another connection wrote or the file changed."""
        if self._store is not None and not self.written_by_others():
            return self._store
        store = Store.open(self.db, create=create)
        self._store = store
        try:
            self._version = store.data_version()
            self._mark = file_mark(self.db)
        except BaseException:
            self.close()
            raise
        return store

    def holds(self, identity: tuple[int, int]) -> bool:
        """Whether the file open now is the one with this ``(device, inode)``."""
        return self._store is not None and self._mark is not None and self._mark[0] == identity

    def written_by_others(self) -> bool:
        """Whether another connection wrote to the open file, or the path names another file
        now or one of another size or time, since the session last looked; if so the store is
        closed, to be opened afresh when next used."""
        if self._store is None:
            return False
        if file_mark(self.db) == self._mark and self._store.data_version() == self._version:
            return False
        self.close()
        self.reopened += 1
        return True

    def settle(self) -> None:
        """A command is over: the file's size and times as they are now are its own doing,
        not another's."""
        if self._store is not None:
            self._mark = file_mark(self.db)

    def failed(self, err: BaseException) -> None:
        """A command failed: what it left to write is dropped (a refused command writes
        nothing), and after an error of the file itself (changed, busy, unreadable) the
        file is opened afresh next time."""
        if self._store is not None:
            self._store.cache.clear()
            if isinstance(err, StoreError):
                self.close()

    def close(self) -> None:
        """Close the store (the session opens it again when next used)."""
        if self._store is not None:
            store, self._store = self._store, None
            store.close()


#: ``(device, inode)`` of the file, then its size, modification time and change time, and
#: the ``-wal``'s (None: no ``-wal``). A write to the file, by SQLite or not, changes the
#: times (``os.utime`` can put the modification time back, but not the change time), where
#: the file system keeps them finer than the writes come: one that keeps them coarse (to a
#: second, or a kernel tick) may not tell a same-size write within that time. The hash chain
#: still names such a change to any read of the changed ply, and to ``replay --verify``.
FileMark = tuple[tuple[int, int], int, int, int, tuple[int, int, int] | None]


def file_mark(path: Path) -> FileMark | None:
    """The file at ``path`` as the file system sees it now (None: no file there)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    try:
        wal = os.stat(f"{path}-wal")
        side: tuple[int, int, int] | None = (wal.st_size, wal.st_mtime_ns, wal.st_ctime_ns)
    except OSError:
        side = None
    return (st.st_dev, st.st_ino), st.st_size, st.st_mtime_ns, st.st_ctime_ns, side


def session_for(db: Path) -> Session | None:
    """The session in force over ``db`` (its path, or the file it names), if one is."""
    if not _IN_FORCE:
        return None
    sessions = [s for s in (r() for r in reversed(_IN_FORCE)) if s is not None]
    for session in sessions:
        if session.db == db:
            return session
    mark = file_mark(db)
    found = None if mark is None else mark[0]
    for session in sessions:  # another name of an open file (one open cannot be reused)
        if found is not None and session.holds(found):
            return session
    return None
