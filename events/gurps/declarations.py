"""What a GURPS GM declares: a maneuver, an attack and its answer, a feint, an aim. Rule ids
cite ``shared/rules/gurps-brp.md`` (§1.1, §2.1) or the project's own (docs/RULE-IDS.md).
"""

# No `from __future__ import annotations` (see events/core.py): msgspec builds decoders
# faster from annotations that are objects.

from typing import Literal

from events.core import CombatantId, Declaration
from events.gurps.records import BareSkillName, DefenceChoice, Maneuver, Mode, Posture


class ManeuverDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.maneuver_declared"):
    """``actor`` chooses his maneuver for this turn (GURPS-MANEUVERS): one a turn. ``mode`` is
    All-Out Attack's option (determined, double, strong, feint, suppression) or All-Out
    Defense's (dodge, parry, block); ``posture`` the one Change Posture takes; ``target`` the
    foe an Evaluate or Aim studies; ``weapon`` the one readied or aimed."""

    actor: CombatantId
    maneuver: Maneuver
    mode: Mode | None = None
    posture: Posture | None = None
    target: CombatantId | None = None
    weapon: str | None = None


class AttackDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.attack_declared"):
    """An attack with ``weapon`` (None: his first weapon), the Attack maneuver unless another
    was chosen this turn. ``location`` aims at a hit location (GURPS-HITLOC-TABLE,
    GURPS-HITLOC-LIMB; None: the torso, "random": rolled on a hit, GURPS-RANDOM-LOC);
    ``chink`` at a chink in the armor (GURPS-CHINK); ``rof`` shots fired (GURPS-RAPID-FIRE);
    ``range`` in yards (GURPS-RANGE); ``stationary``: an immobile target
    (GURPS-RF-STATIONARY, wired by the situational rules); ``mod`` a GM's modifier to the
    skill. ``defend``, ``retreat`` and ``drop``: the defender's answer decided now."""

    actor: CombatantId
    target: CombatantId
    weapon: str | None = None
    location: str | None = None
    chink: bool = False
    rof: int | None = None
    range: int | None = None
    stationary: bool = False
    mod: int = 0
    defend: DefenceChoice | None = None
    retreat: bool = False
    drop: bool = False
    #: The ranged-side situational rules: the target behind cover (how he shows himself, or
    #: "hidden" completely), the DR of the cover shot through (GURPS-COVER), and who is
    #: behind him for a shot that goes through (GURPS-OVERPEN, the GM's call).
    cover: Literal["looking", "one_handed", "two_handed", "slit", "hidden"] | None = None
    through_cover: int | None = None
    behind: CombatantId | None = None
    #: An explosive attack: who else is near, "ID:YARDS" from the blast, ":drop" for one who
    #: dodges and drops against its fragments (GURPS-EXPLOSION, GURPS-FRAG; the GM's call).
    blast: tuple[str, ...] = ()
    #: One hand's attack of a dual-weapon attack (GURPS-DUAL-WEAPON): "main" or "off" hand.
    dual: Literal["main", "off"] | None = None
    #: What the attacker cannot see (GURPS-VIS-BLIND, -INVISIBLE, -KNOWN-HEX): blind or in
    #: total darkness, the foe invisible, or unseen in a known hex; ``light``: a light in sight
    #: in the darkness (GURPS-VIS-LIGHT).
    sight: Literal["blind", "invisible", "known-hex"] | None = None
    light: bool = False
    #: Feet the attacker stands above the foe (negative: below) in melee (GURPS-LEVELS).
    height: int | None = None
    #: The foe cannot see the attacker, and knows he is attacked ("aware") or not
    #: (GURPS-VIS-DEFEND-UNSEEN).
    unseen: Literal["aware", "unaware"] | None = None
    #: An attack from above (GURPS-ATTACK-FROM-ABOVE): the victim "unwatched" overhead,
    #: "watching" it, or "warned"; ``dropping``: yards the attacker drops onto him first.
    from_above: Literal["unwatched", "watching", "warned"] | None = None
    dropping: int | None = None


class DefendDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.defend_declared"):
    """The defender answers the attack waiting for him: dodge, parry (with ``weapon``; "hands",
    or no weapon in hand that parries: barehanded, GURPS-PARRY-UNARMED, with ``skill`` or his
    best), block or none; ``retreat`` steps back for the retreat bonus, ``drop`` is Dodge and
    Drop (GURPS-ACTIVE-DEFENSE)."""

    defender: CombatantId
    choice: DefenceChoice
    retreat: bool = False
    drop: bool = False
    weapon: str | None = None
    skill: BareSkillName | None = None


class FeintDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.feint_declared"):
    """``actor`` feints ``target`` (GURPS-FEINT): a Quick Contest of his weapon skill against
    the foe's best melee skill (or DX); the margin of victory comes off the foe's next
    defence against him."""

    actor: CombatantId
    target: CombatantId
    weapon: str | None = None


class AimDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.aim_declared"):
    """``actor`` takes the Aim maneuver with ``weapon`` at ``target`` (GURPS-AIM): Acc on the
    next attack, +1 for a second turn of aim, +2 for three or more."""

    actor: CombatantId
    target: CombatantId | None = None
    weapon: str | None = None


class SurpriseDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.surprise_declared"):
    """The GM rules that ``victims`` are surprised (GURPS-SURPRISE-GRANT): ``total`` (they
    freeze 1d seconds, mentally stunned, then roll IQ each turn, GURPS-SURPRISE-TOTAL) or
    ``partial`` (mentally stunned, IQ each turn at a growing bonus,
    GURPS-SURPRISE-PARTIAL-RECOVER); Combat Reflexes makes a total surprise partial and adds
    +6 (GURPS-SURPRISE-CR). A partial surprise may instead name the two sides' ``leaders``:
    each rolls 1d with his side's modifiers, and the losing side is surprised
    (GURPS-INIT-PARTIAL)."""

    kind: Literal["total", "partial"]
    victims: tuple[str, ...] = ()
    #: A partial surprise settled by the sides' initiative roll (GURPS-INIT-PARTIAL): the two
    #: sides' leaders, in place of ``victims``; the losing side is surprised.
    leaders: tuple[CombatantId, ...] = ()


class DisarmDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.disarm_declared"):
    """``actor`` strikes at ``target``'s weapon ``at`` (None: his first ready weapon) to knock
    it away with ``weapon`` (GURPS-DISARM, GURPS-STRIKE-WEAPON): an attack at the weapon's
    size penalty, -2 more unless a fencing weapon; a hit not defended is a Quick Contest of
    weapon skills. ``defend`` and ``retreat``: the defender's answer decided now."""

    actor: CombatantId
    target: CombatantId
    weapon: str | None = None
    at: str | None = None
    mod: int = 0
    defend: Literal["dodge", "parry", "none"] | None = None
    retreat: bool = False


class ClearDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.clear_declared"):
    """``actor`` takes a Ready to clear his jammed ``weapon`` (None: his first jammed one),
    GURPS-MALF: a misfire or a stoppage takes Ready turns, then a roll of ``skill``
    (``armoury`` or the IQ-based ``weapon`` skill; None: the better of the two)."""

    actor: CombatantId
    weapon: str | None = None
    skill: Literal["armoury", "weapon"] | None = None


class SprayDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.spray_declared"):
    """``actor`` sprays one burst of ``weapon`` over several targets in order (GURPS-SPRAY):
    ``at`` is each target with his shots ("bruno:5"), and from the second on the yards from
    the one before ("vic:4:2"); ``rof`` the burst (None: the weapon's RoF); ``range`` in
    yards; ``mod`` a GM's modifier; ``defend`` every target's answer."""

    actor: CombatantId
    at: tuple[str, ...]
    defend: DefenceChoice
    weapon: str | None = None
    rof: int | None = None
    range: int | None = None
    mod: int = 0


class SuppressDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.suppress_declared"):
    """``actor`` takes All-Out Attack (Suppression Fire) and fires ``shots`` of ``weapon``
    (None: the weapon's RoF) into a zone, ``zone`` in the GM's words, covering it until his
    next turn (GURPS-SUPPRESS); ``mounted``: a vehicle- or tripod-mounted weapon."""

    actor: CombatantId
    weapon: str | None = None
    shots: int | None = None
    zone: str = ""
    mounted: bool = False


class EnterZoneDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.enter_zone_declared"):
    """The GM says ``victim`` enters the zone ``shooter`` covers with suppression fire
    (GURPS-SUPPRESS): an attack at the capped skill, a random hit location; ``range`` in
    yards from the shooter; ``defend``, ``retreat`` and ``drop`` his answer now."""

    victim: CombatantId
    shooter: str
    range: int | None = None
    mod: int = 0
    defend: DefenceChoice | None = None
    retreat: bool = False
    drop: bool = False


# Grappling (the melee-side situational rules).


class GrappleDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.grapple_declared"):
    """``actor`` grapples ``target`` (GURPS-GRAPPLE): an attack with DX or a grappling skill,
    reach C, answered by a dodge, parry or block; ``location`` grabs a body part at half its
    penalty (GURPS-GRAPPLE-LOC). ``lock``: "arm" locks the arm of a foe he holds
    (GURPS-ARM-LOCK), or, if it is locked already, wrenches it; "choke" is a choke hold from
    behind (GURPS-CHOKE-HOLD), or, if he holds one, chokes for crushing damage. ``mod`` a GM's
    modifier; ``defend`` and ``retreat``: the defender's answer decided now."""

    actor: CombatantId
    target: CombatantId
    lock: Literal["arm", "choke"] | None = None
    location: str | None = None
    mod: int = 0
    defend: DefenceChoice | None = None
    retreat: bool = False


class BreakFreeDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.break_free_declared"):
    """``actor``, held, tries to break free on his turn (GURPS-GRAPPLE, GURPS-ARM-LOCK,
    GURPS-CHOKE-HOLD): a Quick Contest against the holder, an attack of his turn."""

    actor: CombatantId
    mod: int = 0


class LetGoDeclared(Declaration, frozen=True, kw_only=True, tag="gurps.let_go_declared"):
    """``actor`` lets go of the foe he holds (GURPS-GRAPPLE), or of ``weapon`` stuck in a foe
    (GURPS-PICK-STUCK): free, on his turn."""

    actor: CombatantId
    weapon: str | None = None
