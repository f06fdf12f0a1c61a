"""Steps from the shapes older Palladium logs hold (events/upcasts.py).

Turn management became core: its declarations and holds are core events now, under core tags.
"""

from __future__ import annotations

from events.upcasts import Body, Upcast, UpcastError, rename, rolls_v2, split_ruling


def _initiative_v2(body: Body) -> Body:
    """Version 1 told a lost initiative (0, no roll) only by the rule its roll cited; version 2
    says so in ``lost`` (a one-time reading of old data, never a rule decision)."""
    body = rolls_v2("roll")(body)
    body.setdefault("lost", body["roll"].get("rule") == "PAL-HR-LOSE-INIT")
    return body


#: The effects a version-1 core ruling could carry that are Palladium's own.
_RULING_EFFECTS = ("lose_initiative", "lose_attacks", "gain_attacks", "mega", "break_action")


def _ruling_v2(body: Body) -> Body:
    """A version-1 ruling with Palladium effects becomes a Palladium ruling; one without
    them, the core's version 2."""
    out, rest = split_ruling(body)
    unknown = sorted(set(rest) - set(_RULING_EFFECTS))
    if unknown:
        raise UpcastError(
            f"ruling effects {unknown} are not the Palladium pack's: no fracas wrote them",
            corrupt=True,
        )
    if rest:
        return {**out, **rest, "type": "palladium.ruling_declared"}
    return out


#: Steps from the shapes older logs hold (events/upcasts.py). Turn management became core:
#: its declarations and holds are core events now, under core tags.
PALLADIUM_UPCASTS: dict[tuple[str, int], Upcast] = {
    ("palladium.initiative_rolled", 1): Upcast(_initiative_v2, "palladium.initiative_rolled", 2),
    ("palladium.strike_rolled", 1): Upcast(rolls_v2("roll"), "palladium.strike_rolled", 2),
    ("palladium.defense_rolled", 1): Upcast(rolls_v2("roll"), "palladium.defense_rolled", 2),
    ("palladium.interrupt_rolled", 1): Upcast(
        rolls_v2("roll", "against_roll"), "palladium.interrupt_rolled", 2
    ),
    ("palladium.damage_rolled", 1): Upcast(rolls_v2("roll"), "palladium.damage_rolled", 2),
    ("core.ruling_declared", 1): Upcast(_ruling_v2, "core.ruling_declared", 2),
    ("palladium.pass_declared", 1): rename("core.pass_declared"),
    ("palladium.hold_declared", 1): rename("core.hold_declared"),
    ("palladium.release_declared", 1): rename("core.release_declared"),
    ("palladium.interrupt_declared", 1): rename("core.interrupt_declared"),
    ("palladium.counter_declared", 1): rename("core.counter_declared"),
    ("palladium.action_held", 1): rename("core.action_held"),
    ("palladium.hold_ended", 1): rename("core.hold_ended"),
}
