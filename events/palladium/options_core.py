"""The first options of the Palladium (Rifts) rules pack: the round, initiative, strikes,
shots and damage. :class:`events.palladium.options.PalladiumOptions` adds the rest; the fields
here come first in the encoding, in this order.

Rule ids cite ``shared/rules/palladium.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Annotated, Literal

import msgspec


def doc(rules: str, decides: str, ge: int | None = None, le: int | None = None) -> msgspec.Meta:
    """An option's rule ids and what it decides (``engine.rules.options.describe``)."""
    return msgspec.Meta(ge=ge, le=le, description=decides, extra={"rules": rules})


class CoreOptions(msgspec.Struct, frozen=True, kw_only=True):
    """The options of the round, initiative, strikes, shots and damage (see
    :class:`~events.palladium.options.PalladiumOptions`)."""

    nat1_always_misses: Annotated[
        bool,
        doc(
            "PAL-STRIKE-NAT1 / PAL-HR-STRIKE-NAT1",
            "a natural 1 misses whatever the total (RAW); house: only if the total misses",
        ),
    ] = True
    npc_fixed_initiative: Annotated[
        bool,
        doc(
            "PAL-INIT-ROLL / PAL-HR-INIT-NPC-FIXED",
            "NPCs take 10 + initiative bonuses instead of rolling",
        ),
    ] = False
    gunfire_dodge_h2h: Annotated[
        bool,
        doc(
            "PAL-DEF-GUNFIRE-DODGE / PAL-HR-DEF-GUNFIRE-DODGE",
            "hand-to-hand dodge bonuses count against gunfire",
        ),
    ] = False
    defence_nat20_beats_all: Annotated[
        bool,
        doc(
            "PAL-DEF-NAT20",
            "a natural 20 defence stops any strike that is not itself a natural 20 (reading)",
        ),
    ] = True
    destroyed_mdc_armor: Annotated[
        Literal["no_protection", "stops_7_or_less"],
        doc(
            "PAL-DMG-MDC-ARMOR-ZERO",
            "what M.D.C. armor at 0 still does against S.D.C. strikes (000:L49 vs L995)",
        ),
    ] = "no_protection"
    sdc_vs_mdc_rounding: Annotated[
        Literal["down", "nearest"],
        doc(
            "PAL-DMG-SDC-VS-MDC",
            "an S.D.C. hit of 100+ on M.D.C. becomes M.D. rounded down (150 -> 1) or to the "
            "nearest point (150 -> 2); the text only fixes 100 -> 1",
        ),
    ] = "down"
    h2h_gun_strike_bonus: Annotated[
        bool,
        doc(
            "PAL-STRIKE-BONUS-GUNS",
            "hand-to-hand grants that name guns (Assassin L8, L11, L15) count on gun strikes, the"
            " one exception to 'no H2H bonus with guns' (catalogue L.10)",
        ),
    ] = True
    power_punch_critical: Annotated[
        Literal["double_total", "no_extra"],
        doc(
            "PAL-DMG-POWER / PAL-DMG-CRIT",
            "a critical power punch doubles the power punch's total, or adds nothing",
        ),
    ] = "double_total"
    round_structure: Annotated[
        Literal["cycle", "passes"],
        doc(
            "PAL-ROUND-SEQUENCE / PAL-HR-ROUND-PASSES",
            "one attack per turn, cycling the order until all are spent (RAW); or three passes, "
            "each a turn per fighter with that pass's share of his attacks",
        ),
    ] = "cycle"
    surprise: Annotated[
        Literal["ambush_initiative", "free_pass"],
        doc(
            "PAL-INIT-AUTO-SNEAK / PAL-HR-SURPRISE",
            "`fracas surprise`: the ambushers act first in a normal round and their first attack "
            "cannot be parried or dodged (RAW); or a free single-pass round for them alone",
        ),
    ] = "ambush_initiative"
    surprised_may_defend: Annotated[
        bool,
        doc(
            "PAL-HR-SURPRISE",
            "in a free surprise pass, surprised fighters not named --aware may still parry or "
            "dodge (the text only says aware targets may)",
        ),
    ] = False
    ranged_auto_initiative: Annotated[
        Literal["unseen_only", "any_long_range"],
        doc(
            "PAL-INIT-AUTO-RANGED",
            "automatic initiative only for an unseen long-range attacker (the catalogue's reading"
            " of 000:L293), or for any long-range attacker (000:L21, L273)",
        ),
    ] = "unseen_only"
    lose_initiative: Annotated[
        Literal["last_this_round", "only_if_acted", "house"],
        doc(
            "PAL-COND-KNOCKDOWN / PAL-HR-LOSE-INIT",
            "losing initiative moves the fighter to the end of this round's order (RAW reading); "
            "only_if_acted: RAW's 'if he had it' read as 'if he has acted this round', so one "
            "who has not yet acted keeps his place; house: initiative 0 now if he has not acted "
            "this round, else 0 next round",
        ),
    ] = "last_this_round"
    holds: Annotated[
        bool,
        doc(
            "PAL-HR-HOLD / PAL-HR-INTERRUPT / PAL-HR-COUNTER",
            "held actions with a trigger, interrupts by 1D100 + Spd, and counters",
        ),
    ] = False
    apm_ledger: Annotated[
        bool,
        doc(
            "PAL-HR-APM-LEDGER / PAL-HR-APM-BOXING / PAL-HR-APM-H2H-RANGED-CAP / PAL-HR-APM-RPA",
            "restricted attacks: Boxing only for punches, at most half the hand-to-hand attacks "
            "on gunshots (more are shot wild), machine attacks only for the machine",
        ),
    ] = False
    psi_cost: Annotated[
        Literal["flat", "escalating"],
        doc(
            "PAL-PSI-ACTION / PAL-HR-PSI-COST",
            "a psionic activation costs 1 attack (RAW), or 1, 2, 3 ... within the window below",
        ),
    ] = "flat"
    psi_cost_window: Annotated[
        Literal["turn", "pass", "round"],
        doc(
            "PAL-HR-PSI-COST",
            "over what the escalating psionic cost counts activations (the text does not say)",
        ),
    ] = "round"
    range_bands: Annotated[
        bool,
        doc(
            "PAL-STRIKE-RANGED-TARGET / PAL-HR-STRIKE-RANGE-BANDS",
            "a shot needs 8 (RAW); or 5 at punching range (and may be parried), 8 to half the "
            "weapon's range, 13 beyond",
        ),
    ] = False
    called_location_total: Annotated[
        int,
        doc(
            "PAL-STRIKE-CALLED / PAL-HR-STRIKE-CALLED-12",
            "the total a called shot needs to strike the called location (0: none beyond the hit,"
            " RAW); below it the defender picks where the hit lands",
            ge=0,
            le=30,
        ),
    ] = 0
    point_blank_feet: Annotated[
        Literal[3, 5, 10],
        doc(
            "PAL-HR-STRIKE-RANGE-BANDS",
            "how near, in feet, counts as punching range for a shot (the text gives no figure)",
        ),
    ] = 5
    beyond_range_shot: Annotated[
        bool,
        doc(
            "PAL-RNG-BEYOND-RANGE",
            "a shot up to 30% past the weapon's range at -5 (RAW); the house rules do not say "
            "whether it stays",
        ),
    ] = True
    leap_kick_critical: Annotated[
        Literal["triple", "double"],
        doc(
            "PAL-DMG-CRIT",
            "a critical leap (jump) kick is two critical sources combined and triples its damage"
            " (the reading of 000:L91), or doubles it like any critical",
        ),
    ] = "triple"
    pull_punch_floor: Annotated[
        Literal[0, 1],
        doc(
            "PAL-DMG-PULL",
            "the least a pulled blow may be held to: no damage at all (000:L319) or one point "
            "(000:L93)",
        ),
    ] = 0
    parry_limit_reset: Annotated[
        Literal["round", "turn"],
        doc(
            "PAL-DEF-MULTI-3",
            "the three attackers a defender may parry are counted over the melee round (RAW), "
            "or from his first parry until his next turn (house)",
        ),
    ] = "round"
    fixed_initiative_ties: Annotated[
        Literal["reroll", "rollers_first", "fixed_first"],
        doc(
            "PAL-HR-INIT-ROLL / PAL-HR-INIT-NPC-FIXED",
            "a fighter with a fixed initiative tied with others: rolls 1D20 + bonuses only to "
            "break the tie (the RAW re-roll), or never rolls and goes after (before) those who "
            "rolled; the text does not say",
        ),
    ] = "reroll"
