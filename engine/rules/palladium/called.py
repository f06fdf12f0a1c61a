"""Called attacks: where a hit lands, for a shot and a blow alike, and what calling a blow
costs (``strike A B --called LOCATION [--at-weapon]``).

Where a hit lands (:func:`landing`): an uncalled shot's hit on the main body (RAW,
PAL-RNG-MAIN-BODY) or where the defender chooses (house, PAL-HR-HIT-LOCATION); a called hit on
the called spot as written (PAL-STRIKE-CALLED), under the house rules only when the total also
reaches ``called_location_total`` (12), else where the defender chooses
(PAL-HR-STRIKE-CALLED-12); a natural 20 always on the called spot (PAL-STRIKE-NAT20). An
uncalled blow records no location, as before (the defender's choice, or the main body: nothing
turns on it).

A called blow (PAL-HR-STRIKE-CALLED-12: the house rules' melee called shot, one attack more;
the rules as written have none, PAL-STRIKE-CALLED). Readings, each stated:

* Its cost is the option ``melee_called``: "extra_attack", one attack more than the blow
  would cost (the house rule; for the rules as written, their quick called shot read for a
  blow, "counts as two melee attacks"; a called leap kick is three); "no_extra" (a blow may be
  aimed where its striker likes: the rules as written price no such thing); "none" (the rules
  as written have no called blow: refused).
* A called blow at a weapon in hand (``--at-weapon``) takes -3, and its hit on the weapon
  comes off the weapon's M.D.C., as a shot's does (PAL-RNG-TARGET-WEAPON: the text's "Damage
  to Weapons" is the attacker's, whatever his weapon); any other small target the GM names
  with ``--at-weapon`` takes the -3 and lands as a called blow does.
* Anywhere else (a head, an arm, the main body), the location is recorded where it landed and
  the hit hurts as any hit: armor first, then the body (the sheet's armor is one pool, with no
  M.D.C. by location; a spot the armor leaves bare is the GM's ruling).
* A sweep, a trip or a body flip takes the whole man, not a spot: never called; nor is a death
  blow at a weapon.
"""

from __future__ import annotations

import msgspec

from engine.rules import IllegalAction, UsageError
from engine.rules.palladium.moves import Move
from engine.rules.palladium.situations import FLAGS
from events.core import Modifier
from events.palladium import PalladiumOptions, StrikeDeclared, StrikeRolled

MAIN_BODY = "main body"
DEFENDERS_CHOICE = "defender's choice"
BLOW_RULE = "PAL-HR-STRIKE-CALLED-12"


def landing(
    options: PalladiumOptions,
    *,
    called: str | None,
    natural: int,
    total: int,
    hits: bool,
    what: str = "shot",
) -> tuple[str | None, list[str]]:
    """Where a hit lands and why (see the module docstring); ``what`` names the attack in the
    reason ("shot", "strike"). A miss lands nowhere."""
    threshold = options.called_location_total
    if not hits:
        return None, []
    if called is None:
        if threshold == 0:
            return MAIN_BODY, ["an uncalled hit lands on the main body (PAL-RNG-MAIN-BODY)"]
        return DEFENDERS_CHOICE, [
            "an uncalled hit lands where the defender chooses (PAL-HR-HIT-LOCATION)"
        ]
    if natural == 20:
        return called, [f"a natural 20 hits the called {called} (PAL-STRIKE-NAT20)"]
    if threshold == 0:
        return called, [f"the called {what} lands on the {called} (PAL-STRIKE-CALLED)"]
    if total >= threshold:
        return called, [
            f"total {total} reaches {threshold}: lands on the called {called} "
            "(PAL-HR-STRIKE-CALLED-12)"
        ]
    return DEFENDERS_CHOICE, [
        f"total {total} is under {threshold}: it hits, but not the called {called}; "
        "the defender chooses where (PAL-HR-STRIKE-CALLED-12)"
    ]


def blow_cost(options: PalladiumOptions, d: StrikeDeclared, move: Move | None) -> int:
    """The attacks calling a blow adds (0 for an uncalled one), refusing what cannot be called
    (module docstring)."""
    if d.called is None:
        if d.at_weapon:
            raise UsageError(
                "a strike at a weapon in hand is a called strike (PAL-RNG-TARGET-WEAPON): add "
                "--called and what it aims at"
            )
        return 0
    if not d.called.strip():
        raise UsageError("a called strike names what it aims at, e.g. --called head")
    if options.melee_called == "none":
        raise IllegalAction(
            "the rules as written give no called strike in hand to hand (PAL-STRIKE-CALLED); "
            "start the encounter with --option melee_called=extra_attack to allow one"
        )
    if move is not None and move.knockdown:
        raise IllegalAction(
            f"{move.label} takes the whole man, not a spot: it cannot be called "
            f"({BLOW_RULE}, {move.rule})"
        )
    if d.death_blow and d.at_weapon:
        raise IllegalAction("a death blow is struck at a man, not at his weapon")
    return 1 if options.melee_called == "extra_attack" else 0


def blow_modifiers(situation: tuple[str, ...]) -> list[Modifier]:
    """The -3 of a called blow at a weapon in hand (PAL-RNG-TARGET-WEAPON)."""
    if "at-weapon" not in situation:
        return []
    name, value, rule = FLAGS["at-weapon"]
    return [Modifier(name=name, value=value, source="rules", rule=rule)]


def placed(options: PalladiumOptions, s: StrikeRolled, called: str | None) -> StrikeRolled:
    """A blow's roll with where its hit lands, when it was called (an uncalled blow is left
    as it was)."""
    if called is None:
        return s
    location, why = landing(
        options, called=called, natural=s.natural, total=s.roll.total, hits=s.hits, what="strike"
    )
    reason = "; ".join([s.reason, *why])
    return msgspec.structs.replace(s, called=called, location=location, reason=reason)
