"""Twin blasts, bursts of automatic fire and energy pulses (``shoot --burst
short|long|pulse``): which a weapon fires and what each spends (the sheet's ``burst``), what
the rules do to its strike (PAL-RNG-BURST, PAL-RNG-PULSE), and what it costs
(PAL-RNG-GUN-APM: a short burst or pulse one attack, a long burst two).

A twin blast (``shoot --twin``, a double-barrelled weapon, PAL-RNG-DUAL) fires both barrels at
once for one attack: one strike roll, the damage doubled, two shots spent (readings).

Readings: the halved W.P. bonus rounds down, as the pulse rule says (PAL-RNG-BURST ❓); a burst
is never aimed (PAL-RNG-AIMED), a pulse may be (its bonus then halved, PAL-RNG-PULSE); the
weapon's listed damage is what a burst deals (PAL-RNG-DAMAGE gives it per short burst; a
sheet states a long burst's own weapon entry if it differs).
"""

from __future__ import annotations

from engine.rules import IllegalAction
from engine.rules.palladium.options import opts
from events.core import Modifier
from events.palladium import ShootDeclared, WeaponProfile
from projections.state import FightState

#: ``shoot --burst NAME`` -> the kind of action it is (``kinds.py``).
BURST_KINDS = {"short": "short burst", "long": "long burst", "pulse": "pulse"}
TWIN_SHOTS = 2  # PAL-RNG-DUAL: both barrels
#: A twin blast's damage: both barrels hit together (PAL-RNG-DUAL reading).
TWIN = Modifier(name="twin blast: both barrels", value=2, source="rules", rule="PAL-RNG-DUAL",
                op="mul")  # fmt: skip
NO_WP_PENALTY = -3  # PAL-RNG-BURST: a burst without the W.P.
WP_RULE = "PAL-STRIKE-WP-PROGRESSION"


def check(state: FightState, d: ShootDeclared, weapon: WeaponProfile) -> int:
    """The shots a shot or burst spends; refuses a burst the weapon does not fire, and an
    aimed or called burst (a pulse read as one heavy blast may be aimed or called)."""
    if d.twin:
        if not weapon.twin:
            raise IllegalAction(
                f"the {weapon.name} has one barrel: its sheet says twin = true for a twin blast "
                "(PAL-RNG-DUAL)"
            )
        if d.burst is not None:
            raise IllegalAction("a twin blast is both barrels at once, not a burst (PAL-RNG-DUAL)")
        return shots(weapon, None, ("twin",))
    if d.burst is None:
        return shots(weapon, None, ())
    if d.burst not in weapon.bursts:
        fires = ", ".join(weapon.bursts) or "none"
        raise IllegalAction(
            f"the {weapon.name} fires no {d.burst} burst (its sheet's burst: {fires}; "
            "PAL-RNG-BURST)"
        )
    careful = d.aimed or d.called is not None
    heavy = d.burst == "pulse" and opts(state).pulse == "heavy_blast"
    if careful and not heavy:
        what = "aimed" if d.aimed else "called"
        raise IllegalAction(
            f"a burst is never {what}: an aimed or called shot is one single shot "
            "(PAL-RNG-AIMED, PAL-STRIKE-CALLED; a pulse may be, as one heavy blast, "
            "PAL-RNG-PULSE)"
        )
    return shots(weapon, d.burst, ())


def shots(weapon: WeaponProfile, burst: str | None, situation: tuple[str, ...]) -> int:
    """The shots a shot, burst or twin blast spends from the payload."""
    if "twin" in situation:
        return TWIN_SHOTS
    return weapon.bursts.get(burst, 1) if burst is not None else 1


def modifiers(
    state: FightState,
    burst: str | None,
    careful: bool,
    mods: list[Modifier],
    weapon: WeaponProfile,
) -> list[Modifier]:
    """A burst's W.P. bonus halved (rounded down) or, without the W.P., -3 (PAL-RNG-BURST); a
    pulse as one heavy blast, halved only when aimed or called (``careful``), or as a short
    burst, under the option ``pulse`` (PAL-RNG-PULSE)."""
    if burst is None:
        return []
    rule = "PAL-RNG-BURST"
    if burst == "pulse":
        if opts(state).pulse == "heavy_blast" and not careful:
            return []
        rule = "PAL-RNG-PULSE"
    if weapon.wp_level == 0:
        return [Modifier(name="a burst without the W.P.", value=NO_WP_PENALTY, source="rules",
                         rule=rule)]  # fmt: skip
    wp = sum(m.value for m in mods if m.rule == WP_RULE and m.op == "add")
    if wp <= 0:
        return []  # a W.P. whose bonus is 0 at his level: nothing to halve
    return [Modifier(name="a burst: W.P. bonus halved", value=-(wp - wp // 2), source="rules",
                     rule=rule)]  # fmt: skip
