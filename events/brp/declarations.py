"""What a Basic Roleplaying GM declares: an attack and its answer, drawing, standing, the
statement of intent, the powers phase, and the round's situations (ambush, surprise,
explosions, fire and air, a desperate action). Rule ids cite ``shared/rules/gurps-brp.md``.
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.brp.records import (
    DefenceChoice,
    Grade,
)
from events.core import CombatantId, Declaration

Intent = Literal["knockout", "disarm", "knockback", "volley", "entangle", "withdraw"]
Hazard = Literal[
    "candle",
    "torch",
    "bonfire",
    "building",
    "intense",
    "aflame",
    "water",
    "smoke",
    "dense_smoke",
    "gas",
    "choke",
]

# --- declarations -------------------------------------------------------------------------


class AttackDeclared(Declaration, frozen=True, kw_only=True, tag="brp.attack_declared"):
    """An attack with ``weapon`` (None: the first drawn weapon, or a fist), BRP §1.2.

    Modifiers are applied in the order the rules give: difficulty grades first (Easy and
    Difficult cancel), then flat percentages, then caps. ``aim`` delays the attack that many
    DEX ranks (BRP-AIM-TIME); ``location`` aims at a body part (BRP-AIM-LOCATION); ``shots``
    with ``burst``/``autofire`` fires several (BRP-AUTOFIRE); ``volley`` launches as fast as
    the weapon allows (BRP-VOLLEY); ``range`` in metres (BRP-RANGE, BRP-POINT-BLANK);
    ``cover`` (BRP-COVER, BRP-FORTIFIED), with hit locations on the ``covered`` locations;
    ``split`` one of two attacks of a skill over 100%, the second 5 ranks later
    (BRP-TWO-WEAPONS); ``inside`` a short weapon inside a long one's
    guard (BRP-CLOSE-COMBAT). ``defend`` is the defender's answer decided now.
    """

    actor: CombatantId
    target: CombatantId
    weapon: str | None = None
    difficulty: Grade | None = None
    mod: int = 0
    location: str | None = None
    aim: int = 0
    shots: int = 0
    burst: bool = False
    autofire: bool = False
    spread: bool = False
    group: bool = False
    range: int | None = None
    cover: Literal["half", "full"] | None = None
    covered: tuple[str, ...] = ()
    volley: bool = False
    into_melee: bool = False
    engaged: bool = False
    superior: bool = False
    backstab: bool = False
    knockout: bool = False
    knockback: bool = False
    disarm: bool = False
    entangle: bool = False
    off_hand: bool = False
    split: bool = False
    inside: bool = False
    unarmored: bool = False
    defend: DefenceChoice | None = None


class DefendDeclared(Declaration, frozen=True, kw_only=True, tag="brp.defend_declared"):
    """The defender answers a pending attack: parry (with ``weapon``), dodge, or none."""

    defender: CombatantId
    choice: DefenceChoice
    weapon: str | None = None


class DrawDeclared(Declaration, frozen=True, kw_only=True, tag="brp.draw_declared"):
    """``actor`` draws ``weapon``: 5 DEX ranks; ``swap`` puts the weapons in hand away first,
    10 ranks; ``drop`` drops them instead (0 ranks) and draws (5); with skill over 100 a draw
    costs nothing (BRP-DRAW)."""

    actor: CombatantId
    weapon: str
    swap: bool = False
    drop: bool = False


class ReloadDeclared(Declaration, frozen=True, kw_only=True, tag="brp.reload_declared"):
    """``actor`` reloads ``weapon``'s magazine, taking ``ranks`` DEX ranks (the GM's call)."""

    actor: CombatantId
    weapon: str
    ranks: int = 5


class StandDeclared(Declaration, frozen=True, kw_only=True, tag="brp.stand_declared"):
    """A prone fighter gets up (BRP-PRONE): 5 DEX ranks, no attack this round, and open to Easy
    attacks meanwhile; with ``dodge`` a Dodge and an Agility roll get him up without that
    opening."""

    actor: CombatantId
    dodge: bool = False


class IntentDeclared(Declaration, frozen=True, kw_only=True, tag="brp.intent_declared"):
    """The statement of intent: what ``actor`` means to do this round, before the ranks
    (BRP-KNOCKOUT, BRP-DISARM, BRP-VOLLEY, BRP-KNOCKBACK, BRP-ENTANGLE, BRP-DISENGAGE)."""

    actor: CombatantId
    intent: Intent
    target: CombatantId = ""


class PowerDeclared(Declaration, frozen=True, kw_only=True, tag="brp.power_declared"):
    """A powers-phase action (a Fly roll, an aura attack): ``skill`` is rolled if given
    (BRP-FLY, BRP-AURA)."""

    actor: CombatantId
    note: str
    skill: int | None = None
    difficulty: Grade | None = None


class ActDeclared(Declaration, frozen=True, kw_only=True, tag="brp.act_declared"):
    """An action the rules do not model (moving, a skill), costing ``ranks`` DEX ranks."""

    actor: CombatantId
    note: str
    ranks: int = 0


class AmbushDeclared(Declaration, frozen=True, kw_only=True, tag="brp.ambush_declared"):
    """An ambush (BRP-AMBUSH): ``attackers`` roll Stealth against each target's best of
    Listen, Sense and Spot; ``missile`` if they attack with missile weapons, ``seen`` if they
    are seen doing it. Begins a free round of the ambush for the attackers."""

    attackers: tuple[CombatantId, ...]
    missile: bool = False
    seen: bool = False


class SurpriseDeclared(Declaration, frozen=True, kw_only=True, tag="brp.surprise_declared"):
    """Both sides surprised (BRP-BOTH-SURPRISED): everyone rolls Spot (or ``sense``); those
    who notice roll Idea; those who make both act in the first round, in DEX order."""

    sense: Literal["spot", "listen"] = "spot"


class ExplodeDeclared(Declaration, frozen=True, kw_only=True, tag="brp.explode_declared"):
    """An explosion or area attack of ``damage`` (BRP-EXPLOSION, BRP-AREA-AVOID): ``at`` lists
    ``ID=METRES`` from the centre; ``avoid`` lists ``ID=dodge`` or ``ID=agility``; ``area``: an
    area attack with no falloff."""

    damage: str
    at: tuple[str, ...]
    avoid: tuple[str, ...] = ()
    area: bool = False


class ExposeDeclared(Declaration, frozen=True, kw_only=True, tag="brp.expose_declared"):
    """``actor`` is exposed to fire or heat, or denied air, from now on; the damage comes at
    the end of each round (BRP-FIRE, BRP-ASPHYX). ``surprised``: caught without a breath."""

    actor: CombatantId
    hazard: Hazard
    surprised: bool = False


class EscapeDeclared(Declaration, frozen=True, kw_only=True, tag="brp.escape_declared"):
    """``actor`` gets away from a hazard, or puts out the fire on him (a Luck roll, BRP-FIRE);
    ``hazard`` None: whichever he is exposed to."""

    actor: CombatantId
    hazard: Hazard | None = None


class DesperateDeclared(Declaration, frozen=True, kw_only=True, tag="brp.desperate_declared"):
    """One more action after all of one's own, on the last DEX rank (BRP-DESPERATE): a
    Difficult Agility roll, then the action is Difficult; no attack or move next round."""

    actor: CombatantId
