"""Weapons that are never struck or shot with: a missile launcher fires volleys (``launch``),
a grenade is thrown (``throw``)."""

from __future__ import annotations

from engine.rules import IllegalAction
from events.palladium import WeaponProfile

#: weapon kind -> what it is, the verb that uses it, and the rule that says so.
OTHER_VERBS: dict[str, tuple[str, str, str]] = {
    "launcher": ("a missile launcher", "fire it with `fracas launch`", "PAL-MSL-VOLLEY"),
    "grenade": ("a grenade", "throw it with `fracas throw`", "PAL-STRIKE-THROW"),
}


def refuse(weapon: WeaponProfile | None) -> None:
    """Refuse to strike or shoot with a launcher or a grenade, saying what uses it."""
    row = None if weapon is None else OTHER_VERBS.get(weapon.kind)
    if weapon is not None and row is not None:
        what, verb, rule = row
        raise IllegalAction(f"the {weapon.name} is {what}: {verb} ({rule})")
