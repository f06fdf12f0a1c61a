"""Cover, and shots that go through what they hit.

GURPS-COVER: a fighter behind cover shows his skull, eyes, face and neck to see; his weapon arm
and hand to fire one-handed; both arms and hands and half his torso and vitals to fire
two-handed (not through a narrow slit); groin, legs and feet can stay hidden. Against him a
shooter may aim at an exposed location (its usual penalty, -2 more if it is half exposed),
roll the location at random (a covered location hits the cover; a half-exposed one hits cover
on 4-6 on 1d), or shoot through the cover (-2, and the cover's DR is added; a foe completely
hidden is shot blind instead, typically -10). A structure's cover DR is its DR + HP/4.

GURPS-OVERPEN: a ranged piercing, impaling or tight-beam burning attack goes on through its
target when its basic damage exceeds the target's cover DR: DR (both sides, for a person in
armor) plus HP for flesh, HP/2 for an unliving thing, HP/4 for a homogenous one, or DR alone for
a thin slab, then divided by the armor divisor. Whoever is behind adds that cover DR to his
own; who is hit is the GM's call, automatic for someone right behind.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal

from engine.rules import IllegalAction
from engine.rules.gurps.situations.common import face, situation
from events.core import Modifier

Exposure = Literal["full", "half", "hidden"]
#: What the fighter behind cover is doing: looking out, firing one-handed, firing two-handed,
#: or firing two-handed through a narrow slit.
Stance = Literal["looking", "one_handed", "two_handed", "slit"]
#: What the cover or the first target is made of, for its cover DR.
Body = Literal["flesh", "unliving", "homogenous", "thin_slab"]


def exposure(
    stance: Stance, *, weapon_side: Literal["right", "left"] = "right"
) -> dict[str, Exposure]:
    """GURPS-COVER: how much of each location a fighter behind full-height cover shows
    (``weapon_side``: the arm he fires with one-handed); what is not listed is hidden."""
    shown: dict[str, Exposure] = dict.fromkeys(TO_SEE, "full")
    if stance == "one_handed":
        shown.update(dict.fromkeys((f"{weapon_side}_arm", f"{weapon_side}_hand"), "full"))
    elif stance in ("two_handed", "slit"):
        shown.update(dict.fromkeys(BOTH_ARMS, "full"))
        if stance == "two_handed":
            shown.update(dict.fromkeys(HALF_SHOWN, "half"))
    return shown


def aimed_at(location: str, shown: Exposure) -> Modifier | None:
    """GURPS-COVER: the extra modifier to aim at a location behind cover (on top of its
    usual penalty): -2 if half exposed, none if fully; a hidden location cannot be aimed at."""
    if shown == "hidden":
        raise IllegalAction(
            f"the {location} is behind cover: aim at an exposed location,"
            " roll at random, or shoot through the cover (GURPS-COVER)"
        )
    if shown == "half":
        return situation(HALF_EXPOSED, f"the {location} is half behind cover", "GURPS-COVER")
    return None


def random_hit_strikes_cover(shown: Exposure, cover_face: int | None = None) -> bool:
    """GURPS-COVER: a random-location hit on a location with this exposure strikes the
    cover instead: always if hidden, on 4-6 on ``cover_face`` (1d) if half exposed."""
    if shown == "half":
        if cover_face is None:
            raise IllegalAction("a half-exposed location needs a 1d roll (GURPS-COVER)")
        return face(cover_face, 6, "the cover roll") >= HALF_COVER_FACE
    return shown == "hidden"


def shoot_through(*, completely_hidden: bool = False) -> Modifier:
    """GURPS-COVER: the modifier to shoot through cover (the cover's DR is then added to the
    target's): -2, or the blind-fire -10 at a foe completely hidden behind it."""
    if completely_hidden:
        return situation(SHOOT_BLIND, "shooting blind through cover", "GURPS-COVER")
    return situation(SHOOT_THROUGH, "shooting through cover", "GURPS-COVER")


def structure_cover_dr(dr: int, hp: int) -> int:
    """GURPS-COVER: a structure's cover DR: DR + HP/4 (reading: HP/4 rounded down)."""
    return dr + hp // STRUCTURE_HP_DIVISOR


def cover_dr(
    dr: int,
    hp: int,
    body: Body,
    *,
    armor_both_sides: bool = True,
    armor_divisor: float = 1,
) -> int:
    """GURPS-OVERPEN: the cover DR of a target or of cover against a shot going through:
    DR (twice for a person's worn armor, ``armor_both_sides``) plus HP by ``body``, divided by
    the armor divisor (reading: fractions rounded down, as DR is)."""
    armor = dr * 2 if body == "flesh" and armor_both_sides else dr
    divisor = OVERPEN_HP_DIVISOR[body]
    flesh = 0 if divisor is None else hp // divisor
    if armor_divisor <= 0:
        raise IllegalAction(f"armor divisor {armor_divisor} is not positive")
    return math.floor(Fraction(armor + flesh) / Fraction(str(armor_divisor)))


def can_overpenetrate(damage_type: str, *, ranged: bool, tight_beam: bool = False) -> bool:
    """GURPS-OVERPEN: only ranged piercing, impaling or tight-beam burning attacks go
    through."""
    return ranged and (damage_type in OVERPEN_TYPES or (tight_beam and damage_type == "burn"))


def overpenetrates(basic_damage: int, cover: int) -> bool:
    """GURPS-OVERPEN: whether the basic damage (before DR) exceeds the cover DR."""
    return basic_damage > cover


def behind_dr(cover: int, own_dr: int) -> int:
    """GURPS-OVERPEN: the DR someone behind an overpenetrated target has against the shot:
    the cover DR plus his own (already divided by any armor divisor)."""
    return cover + own_dr


#: GURPS-COVER: shown to look out; both arms and hands; shown by half to fire two-handed
TO_SEE = ("skull", "eyes", "face", "neck")
BOTH_ARMS = ("right_arm", "right_hand", "left_arm", "left_hand")
HALF_SHOWN = ("torso", "vitals")
HALF_EXPOSED = -2
HALF_COVER_FACE = 4
SHOOT_THROUGH = -2
SHOOT_BLIND = -10
STRUCTURE_HP_DIVISOR = 4
#: GURPS-OVERPEN: body -> HP divisor for cover DR (None: DR alone)
OVERPEN_HP_DIVISOR: dict[str, int | None] = {
    "flesh": 1,
    "unliving": 2,
    "homogenous": 4,
    "thin_slab": None,
}
OVERPEN_TYPES = frozenset({"pi-", "pi", "pi+", "pi++", "imp"})
