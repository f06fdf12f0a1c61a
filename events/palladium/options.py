"""The options of the Palladium (Rifts) rules pack: each reading the rules leave open, and
each house rule, named, with the rule ids it settles and what it decides (``fracas options``).

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Annotated, Literal

from events.palladium.options_core import CoreOptions
from events.palladium.options_core import doc as _doc


class PalladiumOptions(CoreOptions, frozen=True, kw_only=True):
    """The Palladium pack's options, recorded in the encounter's first event: those of
    :class:`CoreOptions`, then hand to hand, guns and missiles.

    Each default is the rules as written (variant ``raw``); the house variant's differences
    are ``engine.rules.palladium.options.VARIANTS``. Where the text is ambiguous the reading is
    an option here (catalogue ❓ and ⚠ entries), never a silent guess.
    """

    special_blows: Annotated[
        Literal["automatic", "activate"],
        _doc(
            "PAL-DMG-KO / PAL-DMG-DEATHBLOW / PAL-HR-KO / PAL-HR-DEATHBLOW",
            "a natural roll in the knockout or death-blow range makes the blow one as it lands "
            "(RAW; the striker is asked only when both are open to him), or the striker is "
            "asked and pays one more attack to make it one (house)",
        ),
    ] = "automatic"
    hold_escape_ties: Annotated[
        Literal["holder", "victim"],
        _doc(
            "PAL-COND-HELD",
            "a tie between the escape roll and the holder's keeps the hold (the victim must "
            "roll higher) or breaks it; the text only says high roll wins",
        ),
    ] = "holder"
    roll_with_impact: Annotated[
        Literal["action", "free_if_trained"],
        _doc(
            "PAL-DEF-ROLL-IMPACT / PAL-HR-DEF-ROLL",
            "rolling with an impact costs an attack even when it fails (RAW), or is free with "
            "any hand-to-hand training and costs an attack without (house)",
        ),
    ] = "action"
    roll_with_impact_ties: Annotated[
        Literal["match", "beat"],
        _doc(
            "PAL-DEF-ROLL-IMPACT",
            "the roll with an impact must match the strike total (000:L97, L1328; the house "
            "rules too) or beat it (the glossary, 000:L321)",
        ),
    ] = "match"
    entangle_ties: Annotated[
        Literal["defender", "striker"],
        _doc(
            "PAL-DEF-ENTANGLE",
            "an entangle roll that ties the strike catches it, the defender winning ties "
            "(000:L77), or misses it, the entangle having to roll above (000:L251)",
        ),
    ] = "defender"
    defensive_disarm: Annotated[
        Literal["natural_19", "beat_strike"],
        _doc(
            "PAL-DEF-DISARM / PAL-HR-DEF-DISARM",
            "a disarm in place of a parry works on a natural 19 or 20 only, and otherwise "
            "stops nothing (RAW, reading of its ❓), or works like a parry that must reach "
            "the strike total, with disarm bonuses only (house)",
        ),
    ] = "natural_19"
    back_flip: Annotated[
        Literal["rules", "narrated"],
        _doc(
            "PAL-DEF-BACKFLIP / PAL-HR-NO-BACKFLIP",
            "a back flip is a defence of its own: the natural die only, above the strike "
            "(RAW), or is refused: the house rules narrate a dodge as one",
        ),
    ] = "rules"
    body_block: Annotated[
        Literal["balance", "strength"],
        _doc(
            "PAL-DMG-BODYBLOCK / PAL-HR-DMG-BODYBLOCK",
            "a body block costs two attacks, deals 1D4 + damage bonuses and the victim rolls "
            "percentile to keep his feet (RAW), or is one attack, no damage, and the attacker "
            "rolls under 50% + 2 x the P.S. difference, 20% a strength category (house)",
        ),
    ] = "balance"
    blood_loss: Annotated[
        bool,
        _doc(
            "PAL-DMG-BLOODLOSS",
            "the optional rule: a fighter who has lost half his H.P. or more bleeds one more "
            "point a minute, and a coma bleeds until tended (off by default in both variants)",
        ),
    ] = False
    gunfire_dodge_50_feet: Annotated[
        Literal["within", "under"],
        _doc(
            "PAL-DEF-GUNFIRE-DODGE / PAL-HR-DEF-GUNFIRE-DODGE",
            "a shot from exactly 50 ft is dodged at -5, as within 50 ft (RAW), or at no "
            "penalty, the house rules' -5 being for under 50 ft",
        ),
    ] = "within"
    moving_shooter: Annotated[
        Literal["wild", "moving_target"],
        _doc(
            "PAL-RNG-WILD / PAL-HR-RNG-MOVING-SHOOTER",
            "a shooter who moves fires wild at -6 (RAW), or takes the moving-target penalty "
            "for his own movement instead (house)",
        ),
    ] = "wild"
    pulse: Annotated[
        Literal["heavy_blast", "short_burst"],
        _doc(
            "PAL-RNG-PULSE",
            "an energy pulse is one heavy blast, its strike bonus halved only when aimed or "
            "called (000:L1238), or a short burst with the burst penalty (000:L1304)",
        ),
    ] = "heavy_blast"
    cover_penalty: Annotated[
        bool,
        _doc(
            "PAL-RNG-COVER",
            "a target in partial cover is hit only by a called shot at what shows (RAW); the "
            "house rules add the GM's -2 to -10 for how much is covered",
        ),
    ] = False
    missile_strike: Annotated[
        Literal["five", "volley_bonus"],
        _doc(
            "PAL-MSL-STRIKE-TARGET / PAL-MSL-BONUS / PAL-HR-MSL-STRIKE",
            "a volley hits on 5 with only the launcher's, guided or smart bonus (RAW); or on the"
            " gun numbers (8, 13 past half range) at +1 a missile (house)",
        ),
    ] = "five"
    volley_damage: Annotated[
        Literal["each_rolled", "multiple"],
        _doc(
            "PAL-MSL-DIRECT / PAL-HR-MSL-DAMAGE-MULT",
            "a volley's direct hit rolls every missile's damage (RAW reading of its ❓), or one "
            "missile's damage times the missiles still coming (house; the other RAW reading)",
        ),
    ] = "each_rolled"
    volley_radius: Annotated[
        Literal["warhead", "doubling", "doubling_smooth"],
        _doc(
            "PAL-MSL-RADIUS / PAL-HR-MSL-RADIUS",
            "a volley's blast radius is the warhead's (RAW), or grows by it at 2, 4, 8, 16 "
            "missiles: r x (1 + floor(log2 N)) (house; between the doublings, its ❓, "
            "doubling_smooth reads r x (1 + log2 N), rounded down)",
        ),
    ] = "warhead"
    missile_dodge: Annotated[
        Literal["as_written", "house"],
        _doc(
            "PAL-MSL-DODGE / PAL-HR-MSL-DODGE",
            "1 to 3 missiles may be dodged, four or more never, and a dodge escapes only the "
            "direct hit (RAW); or any volley the GM lets him dodge: one roll, one dodge for one "
            "missile and two for a volley, success no damage (house)",
        ),
    ] = "as_written"
    missile_radius_escape: Annotated[
        Literal["caught", "two_actions"],
        _doc(
            "PAL-MSL-DODGE",
            "under RAW a dodge of a blast radius of 12 ft or more leaves him in it for half "
            "damage, or (the GM's other choice) costs two actions and clears it",
        ),
    ] = "caught"
    shoot_down: Annotated[
        Literal["as_written", "house"],
        _doc(
            "PAL-MSL-SHOOT-DOWN / PAL-HR-MSL-COUNTER-VOLLEY / PAL-HR-MSL-SHOOT-DOWN",
            "shots at a volley and counter-volleys as written: only its target, the 30/60/100 "
            "table, own missiles 75% (all if as many); or the house target numbers (9, 15 "
            "smart, + speed) and the d100 + 5 a missile table, by anyone in turn",
        ),
    ] = "as_written"
    shoot_down_target: Annotated[
        int,
        _doc(
            "PAL-MSL-SHOOT-DOWN",
            "the total a shot at a missile needs under RAW (the text gives none; 8 as any shot)",
            ge=1,
            le=30,
        ),
    ] = 8
    shoot_down_attacks: Annotated[
        Literal[1, 2],
        _doc(
            "PAL-MSL-SHOOT-DOWN",
            "how many shots RAW lets a defender fire at one volley (the GM's: one or two)",
        ),
    ] = 2
    shoot_down_half: Annotated[
        Literal["besides", "in_all"],
        _doc(
            "PAL-MSL-SHOOT-DOWN",
            "the 31 to 60 result destroys half the volley besides the missile shot (two: both), or"
            " half of it in all, the one shot among them",
        ),
    ] = "besides"
    thrown_target: Annotated[
        Literal[5, 8],
        _doc(
            "PAL-STRIKE-THROW",
            "the total a thrown weapon needs as written: 5, rolled like a strike, or 8, as a "
            "ranged attack (the text does not say; the house range bands decide when on)",
        ),
    ] = 5
    thrown_bonus: Annotated[
        Literal["strike", "pp"],
        _doc(
            "PAL-STRIKE-THROW / PAL-HR-STRIKE-THROWN",
            "a throw adds every strike bonus and the W.P.'s thrown bonus (RAW: rolled like a "
            "strike); or only the P.P. share of strike and the thrown bonus (house)",
        ),
    ] = "strike"
    bow_strike: Annotated[
        Literal["weapon", "pp_capped"],
        _doc(
            "PAL-HR-STRIKE-BOWS",
            "a bow shot counts its W.P. Archery bonus alone, as a gun's (reading: the rules as "
            "written have no bow rule); or adds Targeting and the P.P. share of strike, capped "
            "at the Archery bonus (house)",
        ),
    ] = "weapon"
    grenade_delay: Annotated[
        bool,
        _doc(
            "PAL-HR-GRENADE-DELAY",
            "a thrown grenade goes off where it lands (RAW), or at the end of the round, after "
            "every action of it (house; read as after those at initiative 0 too)",
        ),
    ] = False
    grenade_scatter: Annotated[
        Literal["none", "always", "on_miss"],
        _doc(
            "PAL-HR-GRENADE-SCATTER",
            "no scatter: a hit lands on the target, a miss nowhere near (RAW); or the scatter "
            "die on every throw that hits (a miss nowhere near), or only on a miss (house ❓: "
            "the text does not say which)",
        ),
    ] = "none"
    covering_fire_misses: Annotated[
        bool,
        _doc(
            "PAL-HR-RNG-COVERING-FIRE",
            "every committed burst of covering fire hits whoever crosses it, its roll only what"
            " a dodge must beat (the text's 'automatically hit'), or a roll under the shot's "
            "number misses (❓: the text does not say)",
        ),
    ] = False
    counter_volley_likewise: Annotated[
        Literal["with_first", "others_only"],
        _doc(
            "PAL-HR-MSL-COUNTER-VOLLEY",
            "on 21-60 the multiple drops by the missile hit and the 1D4 or 4D4 others with it, "
            "or by the others alone (the text's 'likewise' ❓)",
        ),
    ] = "with_first"
    counter_volley_table: Annotated[
        Literal["on_destroy", "on_hit"],
        _doc(
            "PAL-HR-MSL-COUNTER-VOLLEY",
            "the d100 table of what else goes up is rolled only when the missile hit is "
            "destroyed, or whenever a counter-volley hits (❓: the text does not say)",
        ),
    ] = "on_destroy"
    multi_warhead: Annotated[
        Literal["releases", "own_damage"],
        _doc(
            "PAL-MSL-MULTI-WARHEAD",
            "a multi-warhead (a sheet missile that `releases` others) lets its warheads go on "
            "arrival: the target answers a volley of them (the text), or hits as one missile "
            "with its own damage (the table's 5D6x10 row; ❓ the two disagree)",
        ),
    ] = "releases"
    smart_passes: Annotated[
        Literal[1, 2, 3, 4, 5],
        _doc(
            "PAL-MSL-SMART",
            "the passes a smart missile makes at its target, the first included, before its "
            "fuel is gone: after a miss or a dodge it comes round and strikes again (the text "
            "gives no number: 2; 1 is none)",
        ),
    ] = 2
    size_classes: Annotated[
        bool,
        _doc(
            "PAL-HR-SIZE-CLASS",
            "ranged attacks ignore size (RAW), or add the target's size class less the "
            "attacker's, or his weapon's where its sheet gives one (house)",
        ),
    ] = False
    missile_block: Annotated[
        Literal["undodgeable", "any"],
        _doc(
            "PAL-MSL-BLOCK",
            "a robot's or a cyborg's arms cover his main body only against a volley he may not "
            "dodge, four or more missiles (the text's 'cannot be dodged'), or against any "
            "volley (his choice)",
        ),
    ] = "undodgeable"
    nat1_setback: Annotated[
        Literal["off", "always", "on_miss"],
        _doc(
            "PAL-STRIKE-NAT1 / PAL-HR-STRIKE-NAT1",
            "a natural 1 on an attack brings no setback (RAW: the rules have no critical "
            "failures); or, hit or miss, a setback the GM narrates (house, 001's Critical "
            "Failures section); or only when the attack misses (house, 001:L152: a natural 1 "
            "that misses is a critical failure; the two passages disagree)",
        ),
    ] = "off"
    melee_called: Annotated[
        Literal["extra_attack", "no_extra", "none"],
        _doc(
            "PAL-STRIKE-CALLED / PAL-HR-STRIKE-CALLED-12",
            "a called strike in hand to hand (`strike --called`) costs one attack more than the "
            "blow (house; for the rules as written, their quick called shot, two attacks, read "
            "for a blow), or nothing more (a blow may be aimed at will), or is refused (the "
            "rules as written give no melee called shot)",
        ),
    ] = "extra_attack"
