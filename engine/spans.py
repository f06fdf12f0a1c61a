"""Ranges and bands as a reader cannot misread them: "−1 to 11", never "(-1-11)", which reads
as a subtraction. Every text that prints a range of numbers (``odds``' percentile bands, a
refusal's allowed values) writes it with :func:`span`; a negative number takes the minus sign
(U+2212), so that it never meets a hyphen."""

from __future__ import annotations

MINUS = "\u2212"


def number(x: float) -> str:
    """``x`` as a range writes it: ``11``, ``4.5``, ``−1`` (the minus sign, not a hyphen)."""
    text = f"{x:g}"
    return MINUS + text[1:] if text.startswith("-") else text


def span(lo: float, hi: float) -> str:
    """``−1 to 11`` (``30 to 30`` when both ends are one: a band is always two ends)."""
    return f"{number(lo)} to {number(hi)}"
