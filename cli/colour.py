"""Colour on a terminal: a ply's verdicts and turns stand out; none when the output is piped or
redirected, when ``NO_COLOR`` is set (https://no-color.org), or under ``--json``."""

from __future__ import annotations

import os
import re
import sys
from typing import TextIO

RESET = "\x1b[0m"
#: what stands out, and how: a pattern of a line and its colour (ANSI SGR)
STYLES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"-> HITS\b.*|\bSUCCESS\b|\bCRITICAL\b"), "\x1b[32m"),
    (re.compile(r"-> MISSES\b.*|\bFAILURE\b|\bFUMBLE\b"), "\x1b[31m"),
    (re.compile(r"^-> .*$|^ply #\d+ on .*$"), "\x1b[1m"),
    (re.compile(r"The fight is over.*$"), "\x1b[1;33m"),
)


def wanted(stream: TextIO) -> bool:
    """Colour for ``stream``: a terminal, and NO_COLOR not set."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def paint(text: str, stream: TextIO | None = None) -> str:
    """``text`` with its verdicts, turns and headings coloured, if the stream (stdout) wants
    colour."""
    if not wanted(sys.stdout if stream is None else stream):
        return text
    out = []
    for line in text.split("\n"):
        for pattern, style in STYLES:
            line = pattern.sub(f"{style}\\g<0>{RESET}", line)
        out.append(line)
    return "\n".join(out)


def error(line: str, stream: TextIO | None = None) -> str:
    """An error line, red on a terminal (stderr)."""
    return f"\x1b[31m{line}{RESET}" if wanted(sys.stderr if stream is None else stream) else line
