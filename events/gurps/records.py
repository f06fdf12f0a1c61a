"""Records the GURPS pack embeds in events: a fighter's profile, the encounter's options, and
what a pending defence knows of its attack.

Rule ids cite ``shared/rules/gurps-brp.md`` §1.1 and §2.1 (``GURPS-…``); core mechanics that the
catalogue gives no id carry project ids (docs/RULE-IDS.md). Units: hit points (HP), fatigue
points (FP), yards, seconds; skills and attributes are levels rolled against on 3d6.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Annotated, Literal

import msgspec

from events.core import Modifier

#: Damage types (B379): crushing, cutting, impaling, small/normal/large/huge piercing, burning,
#: corrosion, toxic, fatigue.
DamageType = Literal["cr", "cut", "imp", "pi-", "pi", "pi+", "pi++", "burn", "cor", "tox", "fat"]
Tier = Literal["critical", "success", "failure", "fumble"]
DefenceChoice = Literal["dodge", "parry", "block", "none"]
#: The skills a barehanded parry may be made with (GURPS-PARRY-UNARMED): a sheet's unarmed
#: skills, or DX itself.
BareSkillName = Literal["judo", "karate", "boxing", "brawling", "wrestling", "dx"]
Posture = Literal["standing", "crouching", "kneeling", "sitting", "crawling", "prone"]
Stun = Literal["none", "mental", "physical"]
Maneuver = Literal[
    "do-nothing",
    "move",
    "move-and-attack",
    "change-posture",
    "ready",
    "aim",
    "attack",
    "all-out-attack",
    "all-out-defense",
    "concentrate",
    "wait",
    "evaluate",
    "feint",
]
#: All-Out Attack's options, All-Out Defense's (increased dodge, parry or block).
Mode = Literal["determined", "double", "strong", "feint", "suppression", "dodge", "parry", "block"]


class Damage(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon's damage as the rules read it: ``base`` "thr", "sw" or "" (fixed dice),
    ``dice`` d6 (for fixed dice), ``adds`` (per blow), ``divisor`` the armor divisor (1: none),
    ``type``, ``explosive`` ("ex") and ``frag`` its fragmentation dice ("[2d]")."""

    base: Literal["thr", "sw", ""] = ""
    dice: int = 0
    adds: int = 0
    divisor: int = 1
    type: DamageType = "cr"
    explosive: bool = False
    text: str = ""
    #: Fragmentation dice ("[2d]": 2), GURPS-FRAG; 0: none.
    frag: int = 0


class GurpsWeapon(msgspec.Struct, frozen=True, kw_only=True):
    """A weapon as the rules use it: the skill it is used with and that skill's level,
    ``damage``, ``dice`` the wielder's damage worked out (e.g. "2D6+1"), melee ``reach``
    ("C", "1", "1,2") and ``parry`` (None: cannot parry), ranged ``acc``, ``rof``, ``recoil``,
    ``shots``, ``half_damage`` and ``max`` (yards), ``malf``, ``st``, ``bulk``, ``two_handed``.
    A shield has
    ``db`` (its defence bonus) and is used to block; ``fencing`` weapons retreat and parry
    better (GURPS-FENCING)."""

    name: str
    skill: str
    level: int
    damage: Damage
    dice: str
    reach: str = ""
    parry: int | None = None
    acc: int | None = None
    rof: int = 1
    rof_text: str = ""
    full_auto: bool = False
    recoil: int = 1
    shots: int = 0
    half_damage: int = 0
    max: int = 0
    malf: int = 17
    st: int = 0
    bulk: int = 0
    db: int = 0
    fencing: bool = False
    shield: bool = False
    #: Tech level (0: not given) and how it malfunctions (firearm, revolver, breechloader,
    #: repeater, grenade, beam; "": it does not), GURPS-MALF.
    tl: int = 0
    design: str = ""
    #: Seconds (Ready maneuvers) a reload takes, 0: the sheet gives none; ``reload_each``:
    #: that many for each shot loaded (GURPS-RELOAD).
    reload: int = 0
    reload_each: bool = False
    #: Wielded in both hands (the Basic Set's "†" or "‡" by its ST): +2 to keep it in a
    #: disarm's Quick Contest (GURPS-DISARM).
    two_handed: bool = False

    @property
    def ranged(self) -> bool:
        """A ranged weapon (it has Acc)."""
        return self.acc is not None


class GurpsProfile(msgspec.Struct, frozen=True, kw_only=True):
    """What the rules derive from a sheet once, at join. Each derived value the sheet did not
    give is worked out from ST, DX, IQ and HT (``overridden`` lists the ones it gave)."""

    name: str
    kind: str
    st: int
    dx: int
    iq: int
    ht: int
    hp: int
    fp: int
    will: int
    per: int
    #: Basic Speed in quarters ((DX + HT) / 4 exactly: 25 is 6.25).
    speed_quarters: int
    basic_move: int
    sm: int
    encumbrance: int
    thrust: str
    swing: str
    skills: dict[str, int]
    traits: tuple[str, ...] = ()
    #: location -> DR ("all": every location not named).
    dr: dict[str, int] = msgspec.field(default_factory=dict)
    weapons: tuple[GurpsWeapon, ...] = ()
    overridden: tuple[str, ...] = ()

    @property
    def basic_speed(self) -> float:
        """Basic Speed as the sheet writes it (6.25)."""
        return self.speed_quarters / 4

    def has(self, trait: str) -> bool:
        """Whether the sheet gives the trait."""
        return trait in self.traits


def _doc(rules: str, decides: str) -> msgspec.Meta:
    """An option's rule ids and what it decides (``engine.rules.options.describe``)."""
    return msgspec.Meta(description=decides, extra={"rules": rules})


class GurpsOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The GURPS pack's options, recorded in the encounter's first event. Every reading taken
    where the seed is silent (the Basic Set followed, [GK]) is an option here."""

    shock_scale: Annotated[
        Literal["per_tenth_hp", "per_hp"],
        _doc(
            "GURPS-SHOCK",
            "shock for a fighter of 20+ HP: -1 per full HP/10 lost (Basic Set); or -1 per HP "
            "lost whatever his HP",
        ),
    ] = "per_tenth_hp"
    head_knockdown: Annotated[
        bool,
        _doc(
            "GURPS-KNOCKDOWN / GURPS-HITLOC-TABLE",
            "a blow to the skull, eye, face or vitals calls for the knockdown roll even when it "
            "is not a major wound (Basic Set); off: only major wounds",
        ),
    ] = True
    random_side: Annotated[
        Literal["roll", "right"],
        _doc(
            "GURPS-RANDOM-LOC",
            "a random hit on a hand or foot: 1d more for the side (1 to 3 right, 4 to 6 left); or "
            "always the right",
        ),
    ] = "roll"
    zero_hp: Annotated[
        Literal["each_turn", "unless_do_nothing"],
        _doc(
            "GURPS-ZERO-HP",
            "at 0 HP or less: an HT roll at the start of each of his turns to stay conscious; "
            "or none on a turn he only does nothing (the Basic Set's exception, taken when he "
            "chose Do Nothing the turn before)",
        ),
    ] = "each_turn"
    move_attack_parry: Annotated[
        Literal["not_that_weapon", "any"],
        _doc(
            "GURPS-MANEUVERS",
            "after Move and Attack, no parry with the weapon he attacked with until his next "
            "turn; or parry as usual",
        ),
    ] = "not_that_weapon"
    ranged_parry: Annotated[
        Literal["thrown_only", "never"],
        _doc(
            "GURPS-ACTIVE-DEFENSE",
            "parrying a ranged attack: only thrown weapons (no Acc-and-shots missile), at -1; "
            "or never",
        ),
    ] = "thrown_only"
    shotgun_close: Annotated[
        Literal["below", "at_or_below"],
        _doc(
            "GURPS-SHOTGUN",
            "a shotgun's pellets have not spread closer than a tenth of 1/2D (the text); or "
            "at a tenth of 1/2D too (the worked example's 'within 5 yards' of 1/2D 50)",
        ),
    ] = "below"
    spray_gap: Annotated[
        Literal["between", "separation"],
        _doc(
            "GURPS-SPRAY",
            "the yards between two sprayed targets that waste shots: those between them (one "
            "less than their separation, as the worked example counts); or their separation",
        ),
    ] = "between"
    spray_high_rof: Annotated[
        Literal["from_17", "from_16"],
        _doc(
            "GURPS-SPRAY",
            "the RoF at which a yard wastes two shots: 17 or more (RoF 16 wastes one, the "
            "first band read as written); or 16 or more",
        ),
    ] = "from_17"
    grapple_skills: Annotated[
        Literal["judo_wrestling", "with_brawling"],
        _doc(
            "GURPS-GRAPPLE",
            "a grapple is rolled against the best of DX, Judo, Wrestling and Sumo Wrestling "
            "(Basic Set); or Brawling counts too",
        ),
    ] = "judo_wrestling"
    grapple_rounding: Annotated[
        Literal["away_from_zero", "toward_zero"],
        _doc(
            "GURPS-GRAPPLE-LOC",
            "grappling a body part halves its penalty rounded up as a size (-5 -> -3, the "
            "catalogue's assumption); or toward zero (-5 -> -2)",
        ),
    ] = "away_from_zero"
    choke_from_behind: Annotated[
        Literal["no_defence", "defends"],
        _doc(
            "GURPS-CHOKE-HOLD",
            "a choke hold comes from behind: the victim has no active defence (Basic Set's "
            "attack from behind); or he defends as usual (the GM rules he saw it coming)",
        ),
    ] = "no_defence"
    levels_5ft_locations: Annotated[
        bool,
        _doc(
            "GURPS-LEVELS",
            "fighting 4 to 5 ft apart in height, the hit-location modifiers of the lesser bands "
            "still apply (the catalogue's [AMB] assumption: the seed lifts them only at 6 ft); "
            "off: none",
        ),
    ] = True
    partial_tactics: Annotated[
        Literal["leader", "side"],
        _doc(
            "GURPS-INIT-PARTIAL",
            "the Tactics bonus to a partial surprise's initiative: the leader's (the catalogue's "
            "[AMB] assumption); or the best on the side",
        ),
    ] = "leader"
    tactics_20: Annotated[
        Literal["two_in_total", "one_more"],
        _doc(
            "GURPS-INIT-PARTIAL",
            "Tactics 20+ in a partial surprise's initiative: +2 in all (the catalogue's [AMB] "
            "assumption); or +1 more on top of Tactics' +1 (+3)",
        ),
    ] = "two_in_total"
    weapon_sm: Annotated[
        Literal["wielder", "none"],
        _doc(
            "GURPS-SIZE-MODIFIER / GURPS-STRIKE-WEAPON",
            "striking at a weapon (a disarm): the wielder's Size Modifier counts as on any "
            "attack at him (reading: a weapon is scaled to its wielder); or only the weapon's "
            "size penalty",
        ),
    ] = "wielder"
    bare_parry_weapons: Annotated[
        Literal["swung", "any"],
        _doc(
            "GURPS-PARRY-UNARMED",
            "parrying a weapon barehanded (not with Judo or Karate): -3 against a swung "
            "weapon, none against a thrust (the Basic Set's reading); or -3 against any weapon",
        ),
    ] = "swung"
    bare_parry_arm: Annotated[
        Literal["arm", "by_3", "aimed"],
        _doc(
            "GURPS-PARRY-UNARMED",
            "a failed barehanded parry of a weapon (not with Judo or Karate): the blow lands "
            "on the parrying arm (the attacker's choice the Basic Set gives him, taken); or "
            "only when it failed by 3 or less; or where the attacker aimed",
        ),
    ] = "arm"
    bare_parry_hands: Annotated[
        Literal["skill", "each_hand"],
        _doc(
            "GURPS-PARRY-UNARMED / GURPS-MULTIPLE-PARRY",
            "barehanded parries before the multiple-parry penalty: one with each hand for "
            "Judo and Karate (as those skills say), one in all otherwise; or one with each "
            "sound hand whatever the skill",
        ),
    ] = "skill"


class AttackDetail(msgspec.Struct, frozen=True, kw_only=True):
    """What a pending defence knows of its attack (``ReactionRequested.detail``), and what the
    attack still has to do once answered: ``hits`` landed (rapid fire), the weapon and its
    damage, the location (None: rolled on a hit, GURPS-RANDOM-LOC), a chink (GURPS-CHINK),
    the defences the rules allow and the defence's own modifiers (``defence_mod``, e.g. a
    feint's margin)."""

    weapon: str
    ranged: bool
    tier: Tier
    roll: int
    margin: int
    hits: int = 1
    location: str | None = None
    chink: bool = False
    allowed: tuple[str, ...] = ("dodge", "parry", "block")
    defence_mod: int = 0
    strong: bool = False
    note: str = ""
    #: A disarm: the target's weapon struck at (GURPS-DISARM); no damage, a contest instead.
    disarm: str | None = None
    #: A shotgun's close-range multiplier to damage dice and DR (GURPS-SHOTGUN; 1: none).
    multiplier: int = 1
    #: The target's cover (GURPS-COVER: his stance behind it), the DR of cover the shot goes
    #: through, and who is behind him for a shot going through (GURPS-OVERPEN).
    cover: str | None = None
    cover_dr: int = 0
    behind: str | None = None
    #: Who else the blast reaches, "ID:YARDS" or "ID:YARDS:drop" (GURPS-EXPLOSION, GURPS-FRAG).
    blast: tuple[str, ...] = ()
    #: A grapple: the hold it takes if it gets through (GURPS-GRAPPLE, GURPS-ARM-LOCK,
    #: GURPS-CHOKE-HOLD); no damage.
    grapple: Literal["grapple", "arm_lock", "choke_hold"] | None = None
    #: The situational rules' modifiers to the defence, each with its rule (GURPS-ARM-LOCK …).
    defence_mods: tuple[Modifier, ...] = ()
