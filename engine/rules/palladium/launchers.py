"""What only a missile launcher does: it fires volleys (``launch``), never a blow or a shot."""

from __future__ import annotations

from engine.rules import IllegalAction
from events.palladium import WeaponProfile


def refuse(weapon: WeaponProfile | None) -> None:
    """Refuse to strike or shoot with a launcher, saying what fires it (PAL-MSL-VOLLEY)."""
    if weapon is not None and weapon.kind == "launcher":
        raise IllegalAction(
            f"the {weapon.name} is a missile launcher: fire it with `fracas launch` "
            "(PAL-MSL-VOLLEY)"
        )
