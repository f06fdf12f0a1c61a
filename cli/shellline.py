"""A line of ``fracas shell``: read within a limit, and split into words, in linear time.

A line is at most :data:`MAX_LINE` characters (its end not counted). A longer one is read to
its end in pieces, never held whole, and refused (exit 2) without being run; the shell goes on
to the next line. Python's ``shlex.split`` builds each word a character at a time
(``token = token + char``), so its time grows with the square of a word's length (a
megabyte-long word took seconds); :func:`split` reads the same POSIX shell words in one pass,
a run of plain characters at a time. At a terminal, lines are kept in readline's history
(``~/.fracas_history``, or ``$FRACAS_HISTORY``), but never one over the limit.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import NamedTuple, TextIO

#: The longest line the shell reads, in characters: far more than any command a GM types
#: (a long ``--note``, many ``--dice``), and read and refused in milliseconds past it.
MAX_LINE = 65_536
#: A line over the limit is read to its end in pieces of this many characters.
_PIECE = 65_536

#: shlex's whitespace (``shlex.whitespace``): only these end a word.
_WHITESPACE = " \t\r\n"
#: A run of characters that are only themselves outside quotes.
_PLAIN = re.compile(r"[^ \t\r\n'\"\\]+")
#: A run of characters that are only themselves inside double quotes.
_IN_DOUBLE = re.compile(r'[^"\\]+')


class Line(NamedTuple):
    """A line as read: its text without its end ("" when it is over the limit: not kept),
    and its length in characters."""

    text: str
    length: int

    @property
    def too_long(self) -> bool:
        return self.length > MAX_LINE


def read_line(stream: TextIO, limit: int = MAX_LINE) -> Line | None:
    """The next line of ``stream`` (None: the input has ended). One over ``limit`` characters
    is read to its end, its length counted, and its text dropped."""
    head = stream.readline(limit + 1)
    if not head:
        return None
    if head.endswith("\n"):
        return Line(head[:-1], len(head) - 1)
    if len(head) <= limit:  # the last line, without an end
        return Line(head, len(head))
    length = len(head)
    while True:
        piece = stream.readline(_PIECE)
        if piece.endswith("\n"):
            return Line("", length + len(piece) - 1)
        if not piece:
            return Line("", length)
        length += len(piece)


def split(line: str) -> list[str]:
    """The words of ``line`` as ``shlex.split`` reads them (POSIX rules, no comments): runs
    of characters apart from spaces, tabs and line ends; in single quotes every character is
    itself; in double quotes a backslash escapes only ``"`` and ``\\``; elsewhere it escapes
    any character; quotes join what they touch (``""`` alone is an empty word). An open quote,
    or a backslash at the end, is a ``ValueError`` with shlex's words."""
    words: list[str] = []
    word: list[str] = []
    started = False  # a word has begun (an empty quoted word counts)
    at, end = 0, len(line)
    while at < end:
        ch = line[at]
        if ch in _WHITESPACE:
            if started:
                words.append("".join(word))
                word, started = [], False
            at += 1
            continue
        started = True
        if ch == "\\":
            if at + 1 >= end:
                raise ValueError("No escaped character")
            word.append(line[at + 1])
            at += 2
        elif ch == "'":
            close = line.find("'", at + 1)
            if close < 0:
                raise ValueError("No closing quotation")
            word.append(line[at + 1 : close])
            at = close + 1
        elif ch == '"':
            at = _double_quoted(line, at + 1, word)
        else:
            run = _PLAIN.match(line, at)
            assert run is not None  # ch is none of the characters the run stops at
            word.append(run.group())
            at = run.end()
    if started:
        words.append("".join(word))
    return words


def _double_quoted(line: str, at: int, word: list[str]) -> int:
    """Read a double-quoted part from ``at`` (after its opening quote) into ``word``; the
    index after its closing quote."""
    end = len(line)
    while at < end:
        ch = line[at]
        if ch == '"':
            return at + 1
        if ch == "\\":
            if at + 1 >= end:
                raise ValueError("No escaped character")
            escaped = line[at + 1]
            word.append(escaped if escaped in '"\\' else "\\" + escaped)
            at += 2
        else:
            run = _IN_DOUBLE.match(line, at)
            assert run is not None
            word.append(run.group())
            at = run.end()
    raise ValueError("No closing quotation")


def history_file() -> Path:
    """Where the history of lines typed at a terminal is kept."""
    return Path(os.environ.get("FRACAS_HISTORY", Path.home() / ".fracas_history"))


def forget_last() -> None:
    """Take the line just read out of readline's history (one over the limit is not kept)."""
    with contextlib.suppress(ImportError, ValueError):
        import readline

        last = readline.get_current_history_length()
        if last:
            readline.remove_history_item(last - 1)


def save_history() -> None:
    """Write readline's history to :func:`history_file` (no readline: nothing to write)."""
    with contextlib.suppress(ImportError, OSError):
        import readline

        readline.write_history_file(history_file())
