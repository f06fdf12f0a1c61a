"""Upcasters: old event shapes rewritten to the current shape before decoding.

A log written today must replay in five years. When an event's shape must change in a way a
defaulted field cannot express, raise its class's ``schema_version`` and register an
:class:`Upcast` under ``(tag, old_version)`` that turns the old body (a dict) into the body of
``(to_tag, to_version)``. A step may also retire a tag: an event a pack once wrote under its own
tag that is now a core event (a pack's ``….pass_declared`` became ``core.pass_declared``). The
core's steps are :data:`CORE_UPCASTS`; a rules pack brings its own (``Pack.upcasts``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

Body = dict[str, Any]


class Upcast(NamedTuple):
    """One step: ``step(body)`` is the body as ``to_tag`` at ``to_version``. A step that must
    choose the tag from the body names it in the body's ``type``: the body is then that tag's
    current shape."""

    step: Callable[[Body], Body]
    to_tag: str
    to_version: int


Upcasts = Mapping[tuple[str, int], Upcast]


class UpcastError(ValueError):
    """A stored event has a version this fracas cannot read: a newer fracas's (``corrupt``
    false), or one no fracas writes (``corrupt``: the log was changed)."""

    def __init__(self, message: str, *, corrupt: bool = False) -> None:
        super().__init__(message)
        self.corrupt = corrupt


def upcast(
    tag: str, version: int, body: Body, current: Mapping[str, int], steps: Upcasts
) -> tuple[str, Body]:
    """Bring ``body`` from ``(tag, version)`` to a current shape; return its tag and body.

    ``current`` maps each tag this fracas writes to its version. A version newer than that, or
    a step missing on the way, raises :class:`UpcastError`; so does a version no fracas
    writes (below 1, or an older version of a tag this fracas writes that no step reads).
    """
    if version < 1 or (tag in current and version < current[tag] and (tag, version) not in steps):
        raise UpcastError(
            f"event {tag} has version {version}, which no fracas writes (this one writes "
            f"{current.get(tag, 'none of that tag')}): the log was changed outside fracas",
            corrupt=True,
        )
    while current.get(tag) != version:
        if tag in current and version > current[tag]:
            raise UpcastError(f"event {tag} version {version} is newer than this fracas")
        step = steps.get((tag, version))
        if step is None:
            raise UpcastError(f"no upcaster for {tag} version {version}")
        body = dict(step.step(dict(body)))
        chosen = body.get("type", step.to_tag)
        if chosen != step.to_tag and chosen in current:
            tag, version = chosen, current[chosen]
        else:
            body["type"] = tag = step.to_tag
            version = step.to_version
    return tag, body


def rename(to_tag: str, to_version: int = 1) -> Upcast:
    """A retired tag: the same body, now under ``to_tag`` at ``to_version``."""
    return Upcast(lambda body: body, to_tag, to_version)


# --- rolls ----------------------------------------------------------------------------------

_OLD_SPEC = re.compile(r"^(\d+)D(\d+)")


def roll_v2(roll: Body) -> Body:
    """A roll written before rolls recorded how they were judged: it was judged "over" (the
    total had to reach the target), its margin is total minus target, and every face came from
    the die its spec names (the old grammar had one die term, ``NdS[xM][+K]``)."""
    out = dict(roll)
    out.setdefault("judged", "over")
    target = out.get("target")
    if "margin" not in out:
        out["margin"] = None if target is None else int(out["total"]) - int(target)
    if "sides" not in out:
        match = _OLD_SPEC.match(str(out.get("spec", "")))
        out["sides"] = [int(match[2])] * int(match[1]) if match else []
    return out


def rolls_v2(*fields: str) -> Callable[[Body], Body]:
    """A step that upgrades the named roll fields of an event body with :func:`roll_v2`."""

    def step(body: Body) -> Body:
        return {
            k: roll_v2(v) if k in fields and isinstance(v, dict) else v for k, v in body.items()
        }

    return step


# --- rulings -------------------------------------------------------------------------------

#: The effects of a version-1 ruling that are core fields in version 2.
CORE_RULING_EFFECTS = ("damage", "heal", "condition", "rounds", "end_condition")


def split_ruling(body: Body) -> tuple[Body, Body]:
    """A version-1 ruling as (its version-2 core body, the effects left for a pack)."""
    out = {k: v for k, v in body.items() if k != "effects"}
    effects = dict(body.get("effects") or {})
    for key in CORE_RULING_EFFECTS:
        if key in effects:
            out[key] = effects.pop(key)
    return out, effects


def ruling_v2(body: Body) -> Body:
    """A version-1 ruling's effects dict becomes the core's fields; a rules pack whose rulings
    carried effects of its own brings its own step for this tag."""
    out, rest = split_ruling(body)
    if rest:
        raise UpcastError(f"ruling effects {sorted(rest)} belong to a rules pack")
    return out


#: The core's own steps.
CORE_UPCASTS: dict[tuple[str, int], Upcast] = {
    ("core.ruling_declared", 1): Upcast(ruling_v2, "core.ruling_declared", 2),
}
