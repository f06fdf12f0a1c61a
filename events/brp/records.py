"""Records the Basic Roleplaying pack embeds in events: a fighter's profile, the encounter's
options, what a pending defence knows of its attack.

Rule ids cite ``shared/rules/gurps-brp.md`` §1.2 and §2.2. Units: hit points (HP), metres,
DEX ranks, percentages.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Annotated, Literal

import msgspec

WeaponKind = Literal["melee", "missile", "thrown"]
Length = Literal["short", "medium", "long"]
Special = Literal["none", "crush", "slash", "impale", "knockback", "entangle"]
ShieldSize = Literal["small", "full", "large"]
Tier = Literal["critical", "special", "success", "failure", "fumble"]
DefenceChoice = Literal["parry", "dodge", "none"]
Grade = Literal["easy", "difficult"]


class BrpWeapon(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon as the rules use it. ``skill`` is its percentage (attack and parry);
    ``damage`` its dice, to which the wielder's damage modifier is added (halved for a thrown
    weapon, BRP-THROWN); ``length`` for close combat (BRP-WEAPON-LENGTH); ``base_range`` in
    metres (BRP-RANGE); ``shots`` the magazine (0: not a magazine weapon); ``hp`` the weapon's
    own hit points (None: not tracked); ``self_propelled`` firearms, crossbows and energy
    weapons (BRP-POINT-BLANK, BRP-PRONE, BRP-AIM-TIME); ``shield`` a shield's size
    (BRP-SHIELD-MISSILE); ``stun`` a weapon made to stun (BRP-STUN-WEAPON); ``healing`` one
    that heals."""

    name: str
    skill: int
    damage: str
    kind: WeaponKind = "melee"
    length: Length = "medium"
    base_range: int = 0
    attacks_per_round: int = 1
    shots: int = 0
    hp: int | None = None
    two_handed: bool = False
    special: Special = "none"
    self_propelled: bool = False
    burst: bool = False
    autofire: bool = False
    shield: ShieldSize | None = None
    stun: bool = False
    drawn: bool = True
    #: A weapon that heals: its damage is negative ("-1D6") and a hit gives back what the
    #: dice take away (the sheet's ``healing = true``; README, "Sheets").
    healing: bool = False


class BrpArmor(msgspec.Struct, frozen=True, kw_only=True):
    """Worn armor: ``value`` fixed ("3") or rolled per hit ("1D8-1"); ``locations`` it covers
    with hit locations on (empty: everywhere)."""

    name: str = "armor"
    value: str = "0"
    locations: tuple[str, ...] = ()


class BrpProfile(msgspec.Struct, frozen=True, kw_only=True):
    """What the rules derive from a sheet once, at join: characteristics, HP, the damage
    modifier, location HP, characteristic rolls, skills, weapons and armor. Each derived value
    the sheet did not override is worked out from the characteristics (docs/RULES-brp.md)."""

    name: str
    kind: str
    #: str con siz int pow dex cha
    characteristics: dict[str, int]
    hp: int
    #: "+1D4", "-1D6", or "" for none (BRP damage modifier from STR+SIZ).
    damage_modifier: str
    dex_rank: int
    #: location -> its HP (shown and used with hit locations on).
    locations: dict[str, int]
    #: effort stamina idea luck agility (characteristic x5), as percentages.
    rolls: dict[str, int]
    skills: dict[str, int]
    weapons: tuple[BrpWeapon, ...] = ()
    armor: BrpArmor | None = None
    #: Which values came from the sheet rather than the characteristics.
    overridden: tuple[str, ...] = ()


# --- options ------------------------------------------------------------------------------


def _doc(rules: str, decides: str, ge: int | None = None, le: int | None = None) -> msgspec.Meta:
    """An option's rule ids and what it decides (``engine.rules.options.describe``)."""
    return msgspec.Meta(ge=ge, le=le, description=decides, extra={"rules": rules})


class BrpOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The Basic Roleplaying pack's options, recorded in the encounter's first event.

    Every [AMB] of the catalogue the pack implements is an option here, and so is each
    reading taken where the seed is silent and the published rules were followed ([GK]).
    """

    hit_locations: Annotated[
        bool,
        _doc(
            "BRP-FALL / BRP-SUPERIOR-POS / BRP-EXPLOSION",
            "hit locations: a D20 location roll (melee and missile tables), HP per location, "
            "armor per location, and the limb cap (a limb takes at most twice its HP)",
        ),
    ] = False
    defence_matrix: Annotated[
        Literal["higher_tier_wins", "any_success"],
        _doc(
            "BRP-IMPROV-PARRY",
            "attack against defence (the seed's matrix is absent, [GK]): a successful parry "
            "or dodge stops the attack unless the attack's tier is higher; or any successful "
            "defence stops any hit",
        ),
    ] = "higher_tier_wins"
    parry_damage: Annotated[
        Literal["excess_through", "blocks_all"],
        _doc(
            "BRP-BROKEN-WEAPON / BRP-IMPROV-PARRY",
            "a parried blow above the parrying weapon's HP: the excess reaches the defender "
            "and the weapon loses 1 HP ([GK]); or a parry blocks it all",
        ),
    ] = "excess_through"
    special_damage: Annotated[
        Literal["by_weapon", "double_dice"],
        _doc(
            "BRP-KNOCKOUT / BRP-SWEEP",
            "a special success's damage ([GK]; the seed names the effects only): impale and "
            "slash roll the weapon's dice twice, crush adds the most the damage modifier can "
            "do, knockback knocks back; or every special rolls the dice twice",
        ),
    ] = "by_weapon"
    halving: Annotated[
        Literal["up", "down"],
        _doc(
            "BRP-COVER / BRP-TWO-WEAPONS",
            "how a Difficult skill is halved: 72 -> 36 either way; 55 -> 28 (up) or 27 (down)",
        ),
    ] = "up"
    auto_success: Annotated[
        int,
        _doc("BRP-CHASE", "rolls up to this always succeed (01: 'only a roll of 01 hits')", 1, 5),
    ] = 5
    auto_failure: Annotated[
        int,
        _doc("BRP-CHASE", "rolls from this up always fail (00 is always a fumble)", 95, 100),
    ] = 96
    two_of_three: Annotated[
        Literal["distinct", "any"],
        _doc(
            "BRP-CLOSE-COMBAT",
            "a fighter does two of attack, parry and dodge in a round: two different ones, or "
            "any two (two parries)",
        ),
    ] = "distinct"
    intent_required: Annotated[
        bool,
        _doc(
            "BRP-KNOCKOUT / BRP-DISARM / BRP-VOLLEY / BRP-KNOCKBACK",
            "knockouts, disarms, volleys and knockbacks must be stated in the round's "
            "statement of intent (`fracas intent`)",
        ),
    ] = True
    aim_bonus_of: Annotated[
        Literal["skill", "running_total"],
        _doc(
            "BRP-AIM-TIME",
            "the +1/10 per 5 ranks of aim is a tenth of the skill each step, or of the "
            "running total ([AMB])",
        ),
    ] = "skill"
    aimed_location: Annotated[
        Literal["cancels_difficult", "adds_tenth"],
        _doc(
            "BRP-AIM-LOCATION",
            "5 ranks of aim at a location cancel its Difficult, or add a tenth of the halved "
            "skill ([AMB])",
        ),
    ] = "cancels_difficult"
    autofire_odd: Annotated[
        Literal["halved_die", "dice_only"],
        _doc(
            "BRP-AUTOFIRE",
            "shot counts with no die (5, 7, 9): the next die up halved, rounded up; or only "
            "counts with a die of their own (2, 3, 4, 6, 8, 10, 12, 20) may be fired",
        ),
    ] = "halved_die"
    point_blank: Annotated[
        Literal["at_most", "below"],
        _doc(
            "BRP-POINT-BLANK",
            "point blank is a range at most DEX/3 metres (L574), or below it (L430)",
        ),
    ] = "at_most"
    inside_guard: Annotated[
        Literal["length_table", "parries_difficult"],
        _doc(
            "BRP-CLOSE-COMBAT / BRP-WEAPON-LENGTH",
            "a short weapon inside a long weapon's guard: attacks on the long user Easy, his "
            "attacks and parries Difficult (L766); or only his parries Difficult (L306)",
        ),
    ] = "length_table"
    prone_two_handed: Annotated[
        Literal["difficult", "cannot"],
        _doc(
            "BRP-PRONE",
            "a prone fighter's two-handed melee attack is Difficult (L597), or impossible (L450)",
        ),
    ] = "difficult"
    prone_long_range: Annotated[
        Literal["past_base", "past_double"],
        _doc(
            "BRP-PRONE",
            "a missile at a prone target is Easy at medium range and Difficult at long range "
            "(L594-595, neither defined): long range is past the base range, or past twice it",
        ),
    ] = "past_base"
    disarm_active: Annotated[
        Literal["damage", "attacker_str"],
        _doc(
            "BRP-DISARM",
            "the active side of a disarm's resistance roll against the target's STR: the "
            "damage rolled, or the attacker's STR ([AMB])",
        ),
    ] = "damage"
    explosion_locations: Annotated[
        Literal["split", "general"],
        _doc(
            "BRP-EXPLOSION",
            "with hit locations on, blast damage is split evenly over 1D4 random locations "
            "(the first ones take the remainder), or taken off total HP only ([AMB])",
        ),
    ] = "split"
    grades: Annotated[
        Literal["once", "each"],
        _doc(
            "BRP-PRONE / BRP-COVER",
            "after Easy and Difficult cancel, what is left applies once (two Difficults halve "
            "a skill once), or each time (a quarter)",
        ),
    ] = "once"
    fire_armor_rounds: Annotated[
        Literal["1d3", "one"],
        _doc(
            "BRP-FIRE",
            "conventional armor's protection from fire lasts 1D3 rounds, or one round (L462)",
        ),
    ] = "1d3"
    asphyx_after_one: Annotated[
        Literal["stays", "fails"],
        _doc(
            "BRP-ASPHYX",
            "once the breath roll is down to CON x1 it stays there, or the next round fails "
            "by itself ([AMB])",
        ),
    ] = "stays"
    unconscious_at: Annotated[
        int,
        _doc(
            "BRP-STUN-WEAPON",
            "a fighter is unconscious at this many HP or fewer ('1 or 2 hit points', [GK])",
            0,
            5,
        ),
    ] = 2
    knockout_major: Annotated[
        Literal["half_hp", "location_hp"],
        _doc(
            "BRP-KNOCKOUT",
            "a major wound is a blow of at least half the total HP, or, with hit locations "
            "on, at least the location's HP ([GK])",
        ),
    ] = "half_hp"


class AttackDetail(msgspec.Struct, frozen=True, kw_only=True):
    """What a pending defence knows of the attack it answers (``ReactionRequested.detail``),
    and what the attack still has to do once answered."""

    weapon: str | None
    tier: Tier
    roll: int
    missile: bool = False
    #: How the defender defends: "normal", "difficult" (backstab, ambushed, fast missile …).
    defence_grade: Literal["normal", "difficult", "easy"] = "normal"
    #: Defences the rules allow against it ("parry", "dodge").
    allowed: tuple[str, ...] = ("parry", "dodge")
    shots: int = 1
    knockout: bool = False
    knockback: bool = False
    disarm: bool = False
    entangle: bool = False
    location: str | None = None
    location_bonus: int = 0
    unarmored: bool = False
    #: Locations behind cover, with hit locations on: a hit there strikes the cover (BRP-COVER).
    covered: tuple[str, ...] = ()
    #: From behind: a Difficult Listen or Sense roll comes before any defence (BRP-BACKSTAB).
    backstab: bool = False
    #: Why a defence is Difficult, or not allowed, in the GM's words.
    note: str = ""
