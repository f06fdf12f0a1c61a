"""Upcasters: old event shapes rewritten to the current shape before decoding.

A log written today must replay in five years. When an event's shape must change in a way a
defaulted field cannot express, bump its version in ``CURRENT_VERSION`` and register a function
``UPCASTS[(tag, old_version)]`` that turns the old body (a dict) into the next version's body.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Body = dict[str, Any]

#: The current version of each tag whose shape has ever changed; absent tags are version 1.
CURRENT_VERSION: dict[str, int] = {}

#: ``(tag, version) -> fn(body) -> body of version + 1``.
UPCASTS: dict[tuple[str, int], Callable[[Body], Body]] = {}


class UpcastError(ValueError):
    """A stored event has a version this fracas cannot read."""


def upcast(tag: str, version: int, body: Body) -> Body:
    """Bring ``body`` from ``version`` to the current version of ``tag``."""
    target = CURRENT_VERSION.get(tag, 1)
    if version > target:
        raise UpcastError(f"event {tag} version {version} is newer than this fracas ({target})")
    while version < target:
        step = UPCASTS.get((tag, version))
        if step is None:
            raise UpcastError(f"no upcaster for {tag} version {version}")
        body = step(body)
        version += 1
    return body
