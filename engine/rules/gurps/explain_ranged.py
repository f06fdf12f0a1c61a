"""Explain texts of the ranged-side situational rules' events (GURPS-MALF), merged into
:data:`engine.rules.gurps.explain.EXPLAIN`."""

from __future__ import annotations

from engine.explain import Namer, roll_text
from engine.rules.pack import Explainer
from events import gurps as ge
from events.core import Event


def _malfunction(e: ge.MalfunctionRolled, n: Namer) -> list[str]:
    lines = [
        f"  {n(e.combatant)}'s {e.weapon} MALFUNCTIONS: {e.attack} reaches Malf {e.malf}; "
        f"table {roll_text(e.roll)} -> {e.kind} (GURPS-MALF)"
    ]
    if e.jam is None:
        lines.append("  it fires next time")
    elif e.step is None:
        lines.append(f"  the {e.weapon} is {e.jam}")
    else:
        lines.append(
            f"  the {e.weapon} is jammed ({e.jam}): `fracas clear {e.combatant}`, "
            f"{e.readies} Ready(s) to {e.step}"
        )
    return lines


def _cleared(e: ge.WeaponCleared, n: Namer) -> list[str]:
    head = f"  {n(e.combatant)} works at the {e.weapon} ({e.step}, Ready {e.done} of {e.readies})"
    if e.roll is None:
        return [head]
    return [head, f"  {roll_text(e.roll)} -> {e.reason} (GURPS-MALF)"]


def _clear(e: ge.ClearDeclared, n: Namer) -> list[str]:
    what = f"the {e.weapon}" if e.weapon else f"{n.their(e.actor)} jammed weapon"
    return [f"{n(e.actor)} readies {what} to clear it" + (f" ({e.skill})" if e.skill else "")]


def _row(fn: object) -> Explainer:
    return fn  # type: ignore[return-value]


def _cover(e: ge.CoverChecked, n: Namer) -> list[str]:
    face = f" ({roll_text(e.roll)}: 4 to 6 the cover)" if e.roll else ""
    where = e.location.replace("_", " ")
    outcome = "the shot STRIKES THE COVER" if e.struck else f"it hits {n(e.target)}"
    shown = _EXPOSED[e.exposure]
    return [f"  the {where} is {shown}{face}: {outcome} (GURPS-COVER)"]


def _through(e: ge.Overpenetrated, n: Namer) -> list[str]:
    return [
        f"  the shot goes THROUGH {n(e.target)}: {e.basic} exceeds {n.their(e.target)} cover DR "
        f"{e.cover_dr}; "
        f"it goes on to {n(e.behind)}, with +{e.cover_dr} DR (GURPS-OVERPEN)"
    ]


def attack_flags(e: ge.AttackDeclared, n: Namer) -> list[str]:
    """The ranged-side options of an attack, in words (for its explain line)."""
    return [
        f
        for f in (
            f"target behind cover: {e.cover.replace('_', ' ')}" if e.cover else "",
            f"through cover DR {e.through_cover}" if e.through_cover is not None else "",
            f"{n(e.behind)} behind {n.them(e.target)}" if e.behind else "",
            f"blast reaches {', '.join(e.blast)}" if e.blast else "",
        )
        if f
    ]


RANGED_EXPLAIN: dict[type[Event], Explainer] = {
    ge.ClearDeclared: _row(_clear),
    ge.MalfunctionRolled: _row(_malfunction),
    ge.WeaponCleared: _row(_cleared),
    ge.CoverChecked: _row(_cover),
    ge.BlastReached: _row(
        lambda e, n: [
            f"  the blast reaches {n(e.victim)} at {e.yards} yd: {e.rolled} / (3 x {e.yards}) = "
            f"{e.damage} on {n.their(e.victim)} torso DR, no armor divisor (GURPS-EXPLOSION)"
        ]
    ),
    ge.FragmentsRolled: _row(
        lambda e, n: [
            f"  fragments at {n(e.victim)}"
            + (f" ({e.yards} yd): {roll_text(e.roll)}" if e.roll else " (struck)")
            + f" -> {e.hits} fragment(s) (GURPS-FRAG)"
        ]
    ),
    ge.SuppressDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} lays down suppression fire"
            + (f" into {e.zone}" if e.zone else "")
            + (f" ({e.shots} shots)" if e.shots else "")
        ]
    ),
    ge.EnterZoneDeclared: _row(
        lambda e, n: [f"The GM: {n(e.victim)} enters {n(e.shooter)}'s suppression zone"]
    ),
    ge.ZoneCovered: _row(
        lambda e, n: [
            f"  {n(e.combatant)} covers {e.zone or 'a zone'} with {e.shots} shots of the "
            f"{e.weapon} until {n.their(e.combatant)} next turn: attacks at most skill {e.cap} "
            "(GURPS-SUPPRESS)"
        ]
    ),
    ge.ZoneFired: _row(
        lambda e, n: [
            f"  {n(e.shooter)}'s zone fires on {n(e.victim)}: {e.hits} hit(s), {e.left} shot(s) "
            "may still hit (GURPS-SUPPRESS)"
        ]
    ),
    ge.SprayDeclared: _row(
        lambda e, n: [
            f"{n(e.actor)} sprays"
            + (f" the {e.weapon}" if e.weapon else "")
            + f" over {', '.join(e.at)}"
            + (f" (RoF {e.rof})" if e.rof else "")
            + f"; each answers {e.defend}"
        ]
    ),
    ge.Overpenetrated: _row(_through),
    ge.ReloadDeclared: _row(
        lambda e, n: [f"{n(e.actor)} reloads" + (f" the {e.weapon}" if e.weapon else "")]
    ),
    ge.WeaponReloading: _row(
        lambda e, n: [
            f"  {n(e.combatant)}'s {e.weapon}: reload second {e.done} of {e.needed}"
            + (f", {e.shots} shot(s) in it" if e.done >= e.needed else "")
            + " (GURPS-RELOAD)"
        ]
    ),
}


#: How a location shows from behind cover, in words.
_EXPOSED = {
    "full": "exposed above the cover",
    "half": "half behind the cover",
    "hidden": "hidden behind the cover",
}
