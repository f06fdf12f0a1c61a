"""A shell line (issue 24, bounded work): split into the words ``shlex.split`` gives, in one
pass; read within :data:`cli.shellline.MAX_LINE` characters, a longer one read to its end in
pieces and dropped, with its length counted."""

from __future__ import annotations

import io
import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli.shellline import MAX_LINE, Line, read_line, split

#: Every character shlex treats apart, and a few it does not.
ALPHABET = st.sampled_from(list(" \t\r\n'\"\\ab-=~é#;$\x00\x0b\u00a0\u202e"))


def shlex_words(line: str) -> tuple[str, list[str] | str]:
    try:
        return "words", shlex.split(line)
    except ValueError as err:
        return "error", str(err)


def our_words(line: str) -> tuple[str, list[str] | str]:
    try:
        return "words", split(line)
    except ValueError as err:
        return "error", str(err)


@settings(max_examples=3000)
@given(st.lists(ALPHABET, max_size=24).map("".join))
def test_split_reads_the_words_shlex_reads(line: str) -> None:
    assert our_words(line) == shlex_words(line)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("strike marcus --weapon 'rail gun'", ["strike", "marcus", "--weapon", "rail gun"]),
        ('note "a \\"b\\" \\c"', ["note", 'a "b" \\c']),
        ("a '' b", ["a", "", "b"]),
        ('a""b', ["ab"]),
        ("a\\ b\tc\r", ["a b", "c"]),
        ("'it''s'", ["its"]),
        ("", []),
        ("   ", []),
    ],
)  # fmt: skip
def test_split_examples(line: str, words: list[str]) -> None:
    assert split(line) == words == shlex.split(line)


@pytest.mark.parametrize(
    ("line", "error"),
    [("'open", "No closing quotation"), ('"open', "No closing quotation"),
     ("end\\", "No escaped character"), ('"end\\', "No escaped character")],
)  # fmt: skip
def test_split_refuses_what_shlex_refuses(line: str, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        split(line)
    with pytest.raises(ValueError, match=error):
        shlex.split(line)


def test_a_long_word_is_one_word() -> None:
    """A word of a million characters, plain, quoted and escaped: read as shlex reads it
    (which takes seconds for it: its time grows with the square of the word's length)."""
    long = "x" * 1_000_000
    assert split(f"add {long}") == ["add", long]
    assert split(f"add '{long}'") == ["add", long]
    assert split(f'add "{long}\\""') == ["add", long + '"']
    assert split("\\x" * 500_000) == ["x" * 500_000]


def test_read_line_keeps_lines_up_to_the_limit_and_drops_longer_ones() -> None:
    at_limit = "s" * MAX_LINE
    over = "o" * (MAX_LINE + 1)
    huge = "h" * (10 * MAX_LINE + 17)
    stream = io.StringIO(f"status\n{at_limit}\n{over}\n{huge}\r\n\nlast")
    got = []
    while (line := read_line(stream)) is not None:
        got.append(line)
    assert got == [
        Line("status", 6),
        Line(at_limit, MAX_LINE),
        Line("", MAX_LINE + 1),
        Line("", 10 * MAX_LINE + 17 + 1),  # the \r is the line's (a StringIO translates none)
        Line("", 0),
        Line("last", 4),
    ]
    assert [line.too_long for line in got] == [False, False, True, True, False, False]


def test_read_line_at_the_end_of_the_input() -> None:
    assert read_line(io.StringIO("")) is None
    assert read_line(io.StringIO("x" * (MAX_LINE + 5))) == Line("", MAX_LINE + 5)
    assert read_line(io.StringIO("x" * MAX_LINE)) == Line("x" * MAX_LINE, MAX_LINE)
