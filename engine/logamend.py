"""Writes that give a branch a new line and take it back: ``fracas amend`` and the ``undo``
right after it (:mod:`engine.amend`). One transaction each, compare-and-set on the head, as
every write of :class:`engine.log.Store`; plies are only ever added.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from engine.log import Conflict, NewPly, Store, _now, _set_cursor, head_and_tip
from engine.logfile import translate
from engine.logrows import BranchRow


def amend_cursor(branch: BranchRow) -> str:
    """The cursor key that remembers a branch's last amend."""
    return f"amend:{branch.encounter}:{branch.name}"


def amended_cursor(branch: BranchRow) -> str:
    """The cursor key that remembers the amended line a branch's last taken-back amend kept
    (``TIP:NAME``: the branch's tip then, and the branch that keeps the line), so that a
    ``redo`` with nothing to redo can name it."""
    return f"amended:{branch.encounter}:{branch.name}"


def amend_branch(
    store: Store,
    branch: BranchRow,
    fork: int,
    plies: Sequence[NewPly],
    saved_as: str,
) -> int:
    """Give ``branch`` a new line of ``plies`` after ``fork`` in one transaction: its old
    line (head and tip) is kept as branch ``saved_as``, its head and tip move to the new
    line's end, and the cursor ``amend:ENCOUNTER:NAME`` remembers both heads so that an
    undo right after restores the old line. Compare-and-set on the head (Conflict)."""
    try:
        with store._write() as conn:
            current = head_and_tip(conn, store.path, branch)
            head = store.insert_line(conn, branch.encounter, fork, plies)
            conn.execute(
                "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (branch.encounter, saved_as, current[0], current[1], fork, _now()),
            )
            conn.execute(
                "UPDATE branches SET head = ?, tip = ? WHERE encounter = ? AND name = ?",
                (head, head, branch.encounter, branch.name),
            )
            _set_cursor(conn, amend_cursor(branch), f"{head}:{saved_as}")
    except sqlite3.Error as err:
        raise translate(err, store.path) from None
    return head


def restore_branch(store: Store, branch: BranchRow, saved: BranchRow, keep_as: str) -> None:
    """Undo an amend: ``branch`` takes back the line kept in ``saved`` (head and tip), and
    the amended line stays reachable as ``keep_as`` (remembered in the cursor
    ``amended:ENCOUNTER:NAME``); compare-and-set on the head."""
    try:
        with store._write() as conn:
            cur = conn.execute(
                "UPDATE branches SET head = ?, tip = ? WHERE encounter = ? AND name = ? "
                "AND head = ?",
                (saved.head, saved.tip, branch.encounter, branch.name, branch.head),
            )
            if cur.rowcount != 1:
                raise Conflict(
                    f"{store.path}: branch {branch.name!r} moved while this command ran; "
                    "nothing changed, run it again"
                )
            conn.execute(
                "INSERT INTO branches (encounter, name, head, tip, fork, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (branch.encounter, keep_as, branch.head, branch.tip, saved.fork, _now()),
            )
            conn.execute(
                "DELETE FROM cursor WHERE key = ?",
                (amend_cursor(branch),),
            )
            _set_cursor(conn, amended_cursor(branch), f"{saved.tip}:{keep_as}")
    except sqlite3.Error as err:
        raise translate(err, store.path) from None
