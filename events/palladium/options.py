"""The options of the Palladium (Rifts) rules pack: each reading the rules leave open, and
each house rule, named, with the rule ids it settles and what it decides (``fracas options``).

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Annotated, Literal

import msgspec


def _doc(rules: str, decides: str, ge: int | None = None, le: int | None = None) -> msgspec.Meta:
    """An option's rule ids and what it decides (``engine.rules.options.describe``)."""
    return msgspec.Meta(ge=ge, le=le, description=decides, extra={"rules": rules})


class PalladiumOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The Palladium pack's options, recorded in the encounter's first event.

    Each default is the rules as written (variant ``raw``); the house variant's differences
    are ``engine.rules.palladium.options.VARIANTS``. Where the text is ambiguous the reading is
    an option here (catalogue ❓ and ⚠ entries), never a silent guess.
    """

    nat1_always_misses: Annotated[
        bool,
        _doc(
            "PAL-STRIKE-NAT1 / PAL-HR-STRIKE-NAT1",
            "a natural 1 misses whatever the total (RAW); house: only if the total misses",
        ),
    ] = True
    npc_fixed_initiative: Annotated[
        bool,
        _doc(
            "PAL-INIT-ROLL / PAL-HR-INIT-NPC-FIXED",
            "NPCs take 10 + initiative bonuses instead of rolling",
        ),
    ] = False
    gunfire_dodge_h2h: Annotated[
        bool,
        _doc(
            "PAL-DEF-GUNFIRE-DODGE / PAL-HR-DEF-GUNFIRE-DODGE",
            "hand-to-hand dodge bonuses count against gunfire",
        ),
    ] = False
    defence_nat20_beats_all: Annotated[
        bool,
        _doc(
            "PAL-DEF-NAT20",
            "a natural 20 defence stops any strike that is not itself a natural 20 (reading)",
        ),
    ] = True
    destroyed_mdc_armor: Annotated[
        Literal["no_protection", "stops_7_or_less"],
        _doc(
            "PAL-DMG-MDC-ARMOR-ZERO",
            "what M.D.C. armor at 0 still does against S.D.C. strikes (000:L49 vs L995)",
        ),
    ] = "no_protection"
    sdc_vs_mdc_rounding: Annotated[
        Literal["down", "nearest"],
        _doc(
            "PAL-DMG-SDC-VS-MDC",
            "an S.D.C. hit of 100+ on M.D.C. becomes M.D. rounded down (150 -> 1) or to the "
            "nearest point (150 -> 2); the text only fixes 100 -> 1",
        ),
    ] = "down"
    h2h_gun_strike_bonus: Annotated[
        bool,
        _doc(
            "PAL-STRIKE-BONUS-GUNS",
            "hand-to-hand grants that name guns (Assassin L8, L11, L15) count on gun strikes, the"
            " one exception to 'no H2H bonus with guns' (catalogue L.10)",
        ),
    ] = True
    power_punch_critical: Annotated[
        Literal["double_total", "no_extra"],
        _doc(
            "PAL-DMG-POWER / PAL-DMG-CRIT",
            "a critical power punch doubles the power punch's total, or adds nothing",
        ),
    ] = "double_total"
    round_structure: Annotated[
        Literal["cycle", "passes"],
        _doc(
            "PAL-ROUND-SEQUENCE / PAL-HR-ROUND-PASSES",
            "one attack per turn, cycling the order until all are spent (RAW); or three passes, "
            "each a turn per fighter with that pass's share of his attacks",
        ),
    ] = "cycle"
    surprise: Annotated[
        Literal["ambush_initiative", "free_pass"],
        _doc(
            "PAL-INIT-AUTO-SNEAK / PAL-HR-SURPRISE",
            "`fracas surprise`: the ambushers act first in a normal round and their first attack "
            "cannot be parried or dodged (RAW); or a free single-pass round for them alone",
        ),
    ] = "ambush_initiative"
    surprised_may_defend: Annotated[
        bool,
        _doc(
            "PAL-HR-SURPRISE",
            "in a free surprise pass, surprised fighters not named --aware may still parry or "
            "dodge (the text only says aware targets may)",
        ),
    ] = False
    ranged_auto_initiative: Annotated[
        Literal["unseen_only", "any_long_range"],
        _doc(
            "PAL-INIT-AUTO-RANGED",
            "automatic initiative only for an unseen long-range attacker (the catalogue's reading"
            " of 000:L293), or for any long-range attacker (000:L21, L273)",
        ),
    ] = "unseen_only"
    lose_initiative: Annotated[
        Literal["last_this_round", "house"],
        _doc(
            "PAL-COND-KNOCKDOWN / PAL-HR-LOSE-INIT",
            "losing initiative moves the fighter to the end of this round's order (RAW reading); "
            "house: initiative 0 now if he has not acted this round, else 0 next round",
        ),
    ] = "last_this_round"
    holds: Annotated[
        bool,
        _doc(
            "PAL-HR-HOLD / PAL-HR-INTERRUPT / PAL-HR-COUNTER",
            "held actions with a trigger, interrupts by 1D100 + Spd, and counters",
        ),
    ] = False
    apm_ledger: Annotated[
        bool,
        _doc(
            "PAL-HR-APM-LEDGER / PAL-HR-APM-BOXING / PAL-HR-APM-H2H-RANGED-CAP / PAL-HR-APM-RPA",
            "restricted attacks: Boxing only for punches, at most half the hand-to-hand attacks "
            "on gunshots (more are shot wild), machine attacks only for the machine",
        ),
    ] = False
    psi_cost: Annotated[
        Literal["flat", "escalating"],
        _doc(
            "PAL-PSI-ACTION / PAL-HR-PSI-COST",
            "a psionic activation costs 1 attack (RAW), or 1, 2, 3 ... within the window below",
        ),
    ] = "flat"
    psi_cost_window: Annotated[
        Literal["turn", "pass", "round"],
        _doc(
            "PAL-HR-PSI-COST",
            "over what the escalating psionic cost counts activations (the text does not say)",
        ),
    ] = "round"
    range_bands: Annotated[
        bool,
        _doc(
            "PAL-STRIKE-RANGED-TARGET / PAL-HR-STRIKE-RANGE-BANDS",
            "a shot needs 8 (RAW); or 5 at punching range (and may be parried), 8 to half the "
            "weapon's range, 13 beyond",
        ),
    ] = False
    called_location_total: Annotated[
        int,
        _doc(
            "PAL-STRIKE-CALLED / PAL-HR-STRIKE-CALLED-12",
            "the total a called shot needs to strike the called location (0: none beyond the hit,"
            " RAW); below it the defender picks where the hit lands",
            ge=0,
            le=30,
        ),
    ] = 0
    point_blank_feet: Annotated[
        Literal[3, 5, 10],
        _doc(
            "PAL-HR-STRIKE-RANGE-BANDS",
            "how near, in feet, counts as punching range for a shot (the text gives no figure)",
        ),
    ] = 5
    beyond_range_shot: Annotated[
        bool,
        _doc(
            "PAL-RNG-BEYOND-RANGE",
            "a shot up to 30% past the weapon's range at -5 (RAW); the house rules do not say "
            "whether it stays",
        ),
    ] = True
    leap_kick_critical: Annotated[
        Literal["triple", "double"],
        _doc(
            "PAL-DMG-CRIT",
            "a critical leap (jump) kick is two critical sources combined and triples its damage"
            " (the reading of 000:L91), or doubles it like any critical",
        ),
    ] = "triple"
    pull_punch_floor: Annotated[
        Literal[0, 1],
        _doc(
            "PAL-DMG-PULL",
            "the least a pulled blow may be held to: no damage at all (000:L319) or one point "
            "(000:L93)",
        ),
    ] = 0
    parry_limit_reset: Annotated[
        Literal["round", "turn"],
        _doc(
            "PAL-DEF-MULTI-3",
            "the three attackers a defender may parry are counted over the melee round (RAW), "
            "or from his first parry until his next turn (house)",
        ),
    ] = "round"
    fixed_initiative_ties: Annotated[
        Literal["reroll", "rollers_first", "fixed_first"],
        _doc(
            "PAL-HR-INIT-ROLL / PAL-HR-INIT-NPC-FIXED",
            "a fighter with a fixed initiative tied with others: rolls 1D20 + bonuses only to "
            "break the tie (the RAW re-roll), or never rolls and goes after (before) those who "
            "rolled; the text does not say",
        ),
    ] = "reroll"

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
        Literal["warhead", "doubling"],
        _doc(
            "PAL-MSL-RADIUS / PAL-HR-MSL-RADIUS",
            "a volley's blast radius is the warhead's (RAW), or grows by it at 2, 4, 8, 16 "
            "missiles: r x (1 + floor(log2 N)) (house, reading its ❓ for 3, 5, 6 ...)",
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
            "the 31-60 result destroys half the volley besides the missile shot (two: both), or"
            " half of it in all, the one shot among them",
        ),
    ] = "besides"
