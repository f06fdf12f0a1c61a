"""What a sheet's format read a value as, for the error that refuses it.

YAML types what it is given unquoted: ``name: 2001-12-14`` is a date, ``kind: yes`` true,
``hp: 12:30`` the number 750 (base 60), ``name:`` null; TOML reads dates and times too. A
sheet that refuses such a value as "got 2001-12-14" reads as if the name were bad; it has to
say what the file's format made of it, and, where quotes would make it the text that was
meant, to quote it (README, "Sheets")::

    name: expected a name of 1-64 printable characters, not blank, YAML read a date
    (2001-12-14); quote it

A :class:`Document` is a sheet file's data (a ``dict``, as any loader gives it) that also
knows its format and, for YAML, the node tree the parser composed, so that a problem found at
a key path can be told in those words (:meth:`Document.reading`, used by
:mod:`engine.sheetload`).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from typing import Any

import attrs
import yaml

_YAML_KINDS = {
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:null": "null",
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
}


@attrs.frozen
class Reading:
    """What the format read a value as: ``kind`` in words ("a date", "true or false"),
    ``text`` as it is written in the file (or, where the file's own text is not known, in the
    format's own words), and whether that is a ``surprise``: a type JSON has no word for (a
    date), or text the value does not print back as (``yes`` for true, ``~`` for null,
    ``0x1F`` for 31), which "got VALUE" would misreport."""

    fmt: str
    kind: str
    text: str
    surprise: bool

    def words(self) -> str:
        """``YAML read a date (2001-12-14)``; ``YAML read null (an empty value)``."""
        text = self.text if self.text.strip() else "an empty value"
        return f"{self.fmt} read {self.kind} ({text})"


def _canonical(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _time_kind(value: Any) -> str | None:
    if isinstance(value, dt.datetime):
        return "a date and time"
    if isinstance(value, dt.date):
        return "a date"
    if isinstance(value, dt.time):
        return "a time"
    return None


def _plain_kind(value: Any) -> str | None:
    """What a JSON-typed value is, in a sheet's words (None: text, a list or a table)."""
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    return None


class Document(dict[str, Any]):
    """A sheet file's data, with its format (``TOML``, ``JSON``, ``YAML``) and, for YAML, the
    root node of what the parser composed."""

    def __init__(self, data: dict[str, Any], fmt: str, root: yaml.Node | None = None) -> None:
        super().__init__(data)
        self.format = fmt
        self._root = root

    def _node(self, parts: Sequence[str | int]) -> yaml.Node | None:
        node = self._root
        for part in parts:
            if isinstance(node, yaml.MappingNode) and isinstance(part, str):
                node = next(
                    (
                        v
                        for k, v in node.value
                        if isinstance(k, yaml.ScalarNode) and k.value == part
                    ),
                    None,
                )
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
                node = node.value[part] if 0 <= part < len(node.value) else None
            else:
                return None
        return node

    def reading(self, parts: Sequence[str | int], value: Any) -> Reading | None:
        """What the format read the value at the key path ``parts`` as, or None for text (a
        string is a string in every format), a list or a table."""
        timed = _time_kind(value)
        if timed is not None:
            node = self._node(parts) if self._root is not None else None
            text = node.value if isinstance(node, yaml.ScalarNode) else value.isoformat()
            return Reading(self.format, timed, str(text), True)
        kind = _plain_kind(value)
        if kind is None:
            return None
        node = self._node(parts) if self._root is not None else None
        if isinstance(node, yaml.ScalarNode) and node.style is None:  # written unquoted
            kind = _YAML_KINDS.get(node.tag, kind)
            text = str(node.value)
            canonical = _canonical(value)
            surprise = text != canonical
            if surprise and kind in ("a whole number", "a number") and text.strip():
                text = f"{text}, that is {canonical}"
            return Reading(self.format, kind, text, surprise)
        return Reading(self.format, kind, _canonical(value), False)
