"""Basic Roleplaying tables as data: success tiers, the damage modifier, hit locations,
location hit points, resistance, and the numbers of the spot rules.

Where the seed (004) gives a number it is quoted with its rule id; where the seed assumes the
core rules and gives none, the value follows the published rules and is marked [GK]
(``shared/rules/gurps-brp.md`` §1.2). docs/RULES-brp.md lists them all.
"""

from __future__ import annotations

from typing import Literal, cast

from events.brp.records import Tier

LOCATIONS = ("right_leg", "left_leg", "abdomen", "chest", "right_arm", "left_arm", "head")
Location = Literal["right_leg", "left_leg", "abdomen", "chest", "right_arm", "left_arm", "head"]
LIMBS = frozenset({"right_leg", "left_leg", "right_arm", "left_arm"})
LEGS = frozenset({"right_leg", "left_leg"})
ARMS = frozenset({"right_arm", "left_arm"})

#: D20 hit location tables [GK]: (highest roll, location), melee and missile.
MELEE_LOCATIONS: tuple[tuple[int, str], ...] = (
    (4, "right_leg"),
    (8, "left_leg"),
    (11, "abdomen"),
    (12, "chest"),
    (15, "right_arm"),
    (18, "left_arm"),
    (20, "head"),
)
MISSILE_LOCATIONS: tuple[tuple[int, str], ...] = (
    (3, "right_leg"),
    (6, "left_leg"),
    (9, "abdomen"),
    (14, "chest"),
    (16, "right_arm"),
    (18, "left_arm"),
    (20, "head"),
)

#: Location hit points as a fraction of total HP, rounded up [GK]: (numerator, denominator).
LOCATION_HP: dict[str, tuple[int, int]] = {
    "right_leg": (1, 3),
    "left_leg": (1, 3),
    "abdomen": (1, 3),
    "chest": (2, 5),
    "right_arm": (1, 4),
    "left_arm": (1, 4),
    "head": (1, 3),
}

#: STR+SIZ -> damage modifier [GK]; past 88, another 1D6 for each 16 points.
DAMAGE_MODIFIER: tuple[tuple[int, str], ...] = (
    (12, "-1D6"),
    (16, "-1D4"),
    (24, ""),
    (32, "+1D4"),
    (40, "+1D6"),
    (56, "+2D6"),
    (72, "+3D6"),
    (88, "+4D6"),
)

#: Characteristic rolls: name -> the characteristic multiplied by 5 [GK].
CHARACTERISTIC_ROLLS = {
    "effort": "str",
    "stamina": "con",
    "idea": "int",
    "luck": "pow",
    "agility": "dex",
    "charisma": "cha",
}

# --- the spot rules' numbers (seed 004) ----------------------------------------------------

BURST_BONUS = 20  # BRP-AUTOFIRE: a burst at a single target
AUTOFIRE_BONUS = 40  # BRP-AUTOFIRE: autofire at a single target
GROUP_BONUS = 20  # BRP-AUTOFIRE: targets in a narrow field of fire
INTO_MELEE = -20  # BRP-FIRE-INTO-MELEE
SUPERIOR_BONUS = 10  # BRP-SUPERIOR-POS: attack and parry
SIZE_BONUS = 20  # BRP-SIZE-MOD: a target more than twice one's SIZ (+), under half (-)
RANK_STEP = 5  # BRP-DRAW, BRP-VOLLEY, BRP-TWO-WEAPONS, BRP-AIM-TIME: DEX ranks a step
DRAW_RANKS = 5  # BRP-DRAW
SWAP_RANKS = 10  # BRP-DRAW: put one away and draw another
STAND_RANKS = 5  # BRP-AREA-AVOID / BRP-PRONE: standing up
#: BRP-SHIELD-MISSILE: a shield's chance to stop a missile, standing and kneeling.
SHIELD_CHANCE: dict[str, tuple[int, int]] = {"small": (15, 15), "full": (30, 60), "large": (60, 90)}
EXPLOSION_STEP = 2  # BRP-EXPLOSION: metres a D6 of blast damage reaches
#: BRP-FIRE: damage a round by the fire's size.
FIRE_DAMAGE = {
    "candle": "1",
    "torch": "1D6",
    "aflame": "1D6",
    "bonfire": "1D6+2",
    "building": "2D6",
    "intense": "3D6",
}
#: BRP-ASPHYX: damage a round once a breath roll has failed.
ASPHYX_DAMAGE = {"water": "1D8", "smoke": "1D4", "dense_smoke": "1D6", "gas": "1D8", "choke": "1D6"}
KNOCKOUT_ROUNDS = "1D10+10"  # BRP-KNOCKOUT


def tier(roll: int, skill: int, auto_success: int = 5, auto_failure: int = 96) -> Tier:
    """The success tier of a d100 roll (1..100, 00 is 100) against ``skill`` [GK].

    Critical: at most a twentieth of the skill; special: at most a fifth (the seed: "1/5 of
    skill ... the chance of a special success", BRP-RANGE); success: at most the skill;
    fumble: the top twentieth of the chance of failure, and 00 always. Fractions are rounded
    up. Rolls up to ``auto_success`` always succeed, from ``auto_failure`` up always fail.
    """
    s = max(0, skill)
    if roll >= 100:
        return "fumble"
    fumble_from = 101 - -(-(100 - min(s, 100)) // 20)
    if s < 100 and roll >= fumble_from:
        return "fumble"
    if roll >= auto_failure:
        return "failure"  # whatever the skill: even 490% fails on 96-99
    if roll <= -(-s // 20):
        return "critical"
    if roll <= -(-s // 5):
        return "special"
    if (roll <= s or roll <= auto_success) and roll < auto_failure:
        return "success"
    return "failure"


def tier_of(name: str | None) -> Tier:
    """A roll's recorded tier as a tier (a roll with none failed)."""
    return cast(Tier, name or "failure")


TIER_RANK: dict[str, int] = {"fumble": 0, "failure": 1, "success": 2, "special": 3, "critical": 4}


def succeeded(t: str) -> bool:
    """Whether a tier is a success of some kind."""
    return TIER_RANK[t] >= TIER_RANK["success"]


def damage_modifier(str_siz: int) -> str:
    """The damage modifier for STR+SIZ [GK]."""
    for top, modifier in DAMAGE_MODIFIER:
        if str_siz <= top:
            return modifier
    extra = -(-(str_siz - 88) // 16)
    return f"+{4 + extra}D6"


def location_hp(total: int, location: str) -> int:
    """A location's hit points from total HP, rounded up [GK]."""
    num, den = LOCATION_HP[location]
    return max(1, -(-total * num // den))


def location_of(table: tuple[tuple[int, str], ...], roll: int) -> str:
    """The location a D20 roll (capped at 20) lands on."""
    capped = min(20, max(1, roll))
    return next(loc for top, loc in table if capped <= top)


def resistance_chance(active: int, passive: int) -> int:
    """The resistance table [GK]: 50% + 5% a point; 100 at +10 or more, 0 at -10 or less."""
    return max(0, min(100, 50 + 5 * (active - passive)))


DICE = (2, 3, 4, 6, 8, 10, 12, 20)


def hits_die(shots: int, odd: Literal["halved_die", "dice_only"]) -> tuple[str, bool] | None:
    """The die for how many of ``shots`` hit (BRP-AUTOFIRE) and whether it is halved (rounded
    up): 8 shots a D8; 5 a D10 halved (not under ``dice_only``). None: no die gives that count
    (7, 9, 11 …), and the GM fires a count that has one."""
    if shots in DICE:
        return f"1D{shots}", False
    if odd == "halved_die" and shots * 2 in DICE:
        return f"1D{shots * 2}", True
    return None


def counts_with_dice(odd: Literal["halved_die", "dice_only"]) -> list[int]:
    """The shot counts :func:`hits_die` has a die for."""
    return [n for n in range(2, 21) if hits_die(n, odd) is not None]
