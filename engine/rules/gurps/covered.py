"""Cover and overpenetration wired into a ranged attack (GURPS-COVER, GURPS-OVERPEN).

The arithmetic is :mod:`engine.rules.gurps.situations.cover`. ``attack --cover STANCE`` says
how the target shows himself behind cover (or that he is ``hidden``), ``--through-cover DR``
that the shot goes through it, ``--behind C`` who stands behind him (the GM's call). This
module adds the attack's modifiers, decides for each hit whether a random location strikes
the cover, adds the cover's DR, and sends a shot that goes through on to the one behind.
"""

from __future__ import annotations

import attrs

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps import injury
from engine.rules.gurps.common import fighter
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.situations import cover
from engine.rules.gurps.tables import LOCATIONS
from engine.turns import known
from events.core import Event, Modifier
from events.gurps import AttackDeclared, AttackDetail, DamageRolled, GurpsWeapon, InjuryApplied
from events.gurps.ranged import CoverChecked, Overpenetrated
from projections.state import FightState

#: The stance that means the target cannot be seen at all behind the cover.
HIDDEN = "hidden"


def _shown(stance: str, location: str) -> cover.Exposure:
    """How much of ``location`` a fighter in ``stance`` behind cover shows."""
    if stance == HIDDEN:
        return "hidden"
    shown = cover.exposure(stance)  # type: ignore[arg-type]
    return shown.get(location, "hidden")


def modifiers(state: FightState, d: AttackDeclared, weapon: GurpsWeapon) -> list[Modifier]:
    """The attack's modifiers for cover, checked: shooting through it (-2, or -10 blind at a
    foe completely hidden), or aiming at a half-exposed location (-2 more; a hidden one is
    refused)."""
    if d.cover is None and d.through_cover is None and d.behind is None:
        return []
    if not weapon.ranged:
        raise UsageError("--cover, --through-cover and --behind are for ranged attacks")
    if d.behind is not None:
        known(state, d.behind)
        if d.behind in (d.actor, d.target):
            raise UsageError(
                "--behind names someone behind the target, not the shooter or the target"
            )
    if d.through_cover is not None:
        if d.through_cover < 0:
            raise UsageError("--through-cover is the cover's DR: 0 or more")
        return [cover.shoot_through(completely_hidden=d.cover == HIDDEN)]
    if d.cover == HIDDEN:
        raise IllegalAction(
            "a foe completely hidden by cover is shot through it: --through-cover DR (GURPS-COVER)"
        )
    if d.cover is None or d.location == "random":
        return []
    where = d.location or "torso"
    found = cover.aimed_at(where.replace("_", " "), _shown(d.cover, where))
    return [] if found is None else [found]


def _where(
    state: FightState, dice: Dice, target: str, detail: AttackDetail
) -> tuple[list[Event], str | None, bool]:
    """A random location behind cover: rolled here, then whether it struck the cover."""
    if detail.location not in (None, "random") or detail.cover is None or detail.cover_dr:
        return [], detail.location, False
    rolled = injury.random_location(state, dice, target)
    shown = _shown(detail.cover, rolled.location)
    face = None
    if shown == "half":
        face = roll(dice, "half behind cover", "1D6", rule="GURPS-COVER")
    struck = cover.random_hit_strikes_cover(shown, None if face is None else face.total)
    checked = CoverChecked(
        target=target, location=rolled.location, exposure=shown, roll=face, struck=struck
    )
    return [rolled, checked], rolled.location, struck


def hit(
    state: FightState,
    dice: Dice,
    actor: str,
    target: str,
    blow: injury.Blow,
    detail: AttackDetail,
) -> list[Event]:
    """One hit with cover and overpenetration: a random location that is covered strikes the
    cover instead (GURPS-COVER); cover shot through adds its DR; a piercing or impaling shot
    whose basic damage exceeds the target's cover DR goes on to ``detail.behind``
    (GURPS-OVERPEN) at the same basic damage, his DR plus that cover DR, a random location."""
    events, location, struck = _where(state, dice, target, detail)
    if struck:
        return events
    extra = blow.extra_dr
    if detail.cover_dr:
        extra = (*extra, (detail.cover_dr, "cover shot through (GURPS-COVER)"))
    aimed = attrs.evolve(blow, location=location, extra_dr=extra)
    events += injury.hit(state, dice, actor, target, aimed)
    if detail.behind is None:
        return events
    return events + _through(fold_gurps(state, events), dice, actor, target, blow, detail, events)


def _through(
    state: FightState,
    dice: Dice,
    actor: str,
    target: str,
    blow: injury.Blow,
    detail: AttackDetail,
    done: list[Event],
) -> list[Event]:
    """The shot going on to the one behind, if it overpenetrated."""
    behind = detail.behind
    assert behind is not None
    if not cover.can_overpenetrate(blow.damage.type, ranged=detail.ranged):
        return []
    rolled = [e for e in done if isinstance(e, DamageRolled)][-1]
    basic = max(0, rolled.roll.total)
    where = [e for e in done if isinstance(e, InjuryApplied)][-1].location
    p = fighter(state, target).profile
    own = p.dr.get(where, p.dr.get("all", 0)) + LOCATIONS[where].extra_dr
    body = cover.cover_dr(own, p.hp, "flesh", armor_divisor=blow.damage.divisor)
    through = body + detail.cover_dr
    if not cover.overpenetrates(basic, through) or not state.combatants[behind].alive:
        return []
    went = Overpenetrated(actor=actor, target=target, behind=behind, basic=basic, cover_dr=through)
    onward = injury.Blow(
        dice=str(basic),
        damage=blow.damage,
        extra_dr=((through, f"{state.combatants[target].name}'s cover DR (GURPS-OVERPEN)"),),
    )
    return [went, *injury.hit(state, dice, actor, behind, onward)]
