"""Reducers and read models for the GURPS pack: HP and FP, posture, stun and shock, crippled
locations, this turn's maneuver, parries and retreat, aim, evaluate and feints, ammunition."""

# No `from __future__ import annotations`: msgspec reads these records' annotations to decode
# snapshots, and evaluating them from strings costs about 1 ms a command.

from typing import Any, cast

import msgspec
from msgspec.structs import replace

from events import gurps as ge
from events.core import Event
from projections.fold import Reducer
from projections.gurps_ranged import (
    SuppressionZone,
    WeaponJam,
    after_clearing,
    after_malfunction,
    jam_status,
    zone_covered,
    zone_fired,
    zone_status,
)
from projections.state import CombatantState, FightState, evolve

#: Maneuvers that keep an aim going (they are the aimed attack, or more aiming).
_KEEP_AIM = ("aim", "attack", "all-out-attack", "move-and-attack")
#: Maneuvers that keep an Evaluate's bonus for the attack that follows.
_KEEP_EVALUATE = ("evaluate", "attack", "all-out-attack", "move-and-attack")


class GurpsFighter(msgspec.Struct, frozen=True, kw_only=True):
    """A GURPS combatant's changing numbers, plus the profile derived at join."""

    profile: ge.GurpsProfile
    hp: int
    fp: int
    posture: ge.Posture = "standing"
    stun: ge.Stun = "none"
    #: Shock this turn carries, and shock waiting for his next turn (GURPS-SHOCK).
    shock: int = 0
    shock_next: int = 0
    crippled: tuple[str, ...] = ()
    #: The 1d that broke ties in the turn sequence (None: not rolled yet).
    initiative: int | None = None
    maneuver: ge.Maneuver | None = None
    mode: ge.Mode | None = None
    maneuver_target: str | None = None
    #: The maneuver of his last turn (until his next turn begins, what defends him).
    last_maneuver: ge.Maneuver | None = None
    last_mode: ge.Mode | None = None
    #: The weapon he attacked with this turn (Move and Attack: no parry with it), and how
    #: many attacks he has made this turn.
    attacked_with: str | None = None
    attacks: int = 0
    #: weapon -> parries made with it since his turn began (GURPS-MULTIPLE-PARRY).
    parries: dict[str, int] = msgspec.field(default_factory=dict)
    blocked: bool = False
    retreated: bool = False
    aim_weapon: str | None = None
    aim_target: str | None = None
    aim_seconds: int = 0
    evaluate_target: str | None = None
    evaluate_bonus: int = 0
    #: attacker -> the penalty his feint left on my next defence against him.
    feints: dict[str, int] = msgspec.field(default_factory=dict)
    #: weapon -> shots left (weapons with shots).
    shots: dict[str, int] = msgspec.field(default_factory=dict)
    #: weapon -> Ready seconds spent on its reload so far (GURPS-RELOAD).
    reloading: dict[str, int] = msgspec.field(default_factory=dict)
    #: A surprise he has not shaken off (None: none), turns he is still frozen, and the IQ
    #: rolls he has made to recover (GURPS-SURPRISE-TOTAL, GURPS-SURPRISE-PARTIAL-RECOVER).
    surprise: str | None = None
    frozen: int = 0
    recovery_rolls: int = 0
    #: weapon -> "unready" or "dropped" (absent: ready in hand), GURPS-DISARM.
    weapon_states: dict[str, str] = msgspec.field(default_factory=dict)
    #: weapon -> its malfunction until cleared (GURPS-MALF).
    jams: dict[str, WeaponJam] = msgspec.field(default_factory=dict)
    #: The zone he covers with suppression fire until his next turn (GURPS-SUPPRESS).
    zone: SuppressionZone | None = None
    #: Whom he holds, in what hold (grapple, arm_lock, choke_hold) and where; who holds him,
    #: and his failed tries to break free of that hold (projections/gurps_grapples.py).
    holding: str | None = None
    hold: str | None = None
    hold_location: str | None = None
    held_by: str | None = None
    break_free_tries: int = 0
    #: weapon -> (the foe it is stuck in, the location, the injury going in), GURPS-PICK-STUCK.
    stuck: dict[str, tuple[str, str, int]] = msgspec.field(default_factory=dict)
    #: This turn's dual-weapon attack: (weapon, hand, target) for each hand used so far.
    dual: tuple[tuple[str, str, str], ...] = ()
    #: Foes whose melee attacks he has parried barehanded with Judo or Wrestling since his
    #: turn began (an arm lock on them is open on his next turn), and those he may arm-lock
    #: this turn, the first after such a parry (GURPS-ARM-LOCK).
    lock_parried: tuple[str, ...] = ()
    lock_chances: tuple[str, ...] = ()


def gurps(c: CombatantState) -> GurpsFighter:
    """The GURPS record of a combatant."""
    return cast(GurpsFighter, c.data)


def update(state: FightState, cid: str, **changes: Any) -> FightState:
    """The state with ``changes`` made to ``cid``'s GURPS record."""
    c = state.combatants[cid]
    return state.with_combatant(evolve(c, data=replace(gurps(c), **changes)))


_update = update


def on_fighter_readied(state: FightState, e: ge.FighterReadied) -> FightState:
    """Full HP and FP, standing, weapons loaded."""
    p = e.profile
    record = GurpsFighter(
        profile=p,
        hp=p.hp,
        fp=p.fp,
        shots={w.name: w.shots for w in p.weapons if w.shots},
    )
    c = state.combatants[e.combatant]
    return state.with_combatant(evolve(c, data=record))


def on_initiative_rolled(state: FightState, e: ge.InitiativeRolled) -> FightState:
    """His tie-breaking roll is on record."""
    return _update(state, e.combatant, initiative=e.roll.total)


def on_turn_began(state: FightState, e: ge.TurnBegan) -> FightState:
    """A new turn: last turn's maneuver is history; parries, block and retreat are his again;
    the shock waiting for this turn is now; the arm locks his barehanded parries opened are
    his to try this turn, and those of earlier turns are gone (GURPS-ARM-LOCK)."""
    f = gurps(state.combatants[e.combatant])
    return _update(
        state,
        e.combatant,
        shock=e.shock,
        shock_next=0,
        last_maneuver=f.maneuver,
        last_mode=f.mode,
        maneuver=None,
        mode=None,
        maneuver_target=None,
        attacked_with=None,
        attacks=0,
        parries={},
        blocked=False,
        retreated=False,
        zone=None,
        dual=(),
        lock_parried=(),
        lock_chances=f.lock_parried,
    )


def on_maneuver_chosen(state: FightState, e: ge.ManeuverChosen) -> FightState:
    """The turn's maneuver; any other maneuver ends an aim or an Evaluate's bonus."""
    f = gurps(state.combatants[e.combatant])
    aim = {}
    if e.maneuver not in _KEEP_AIM:
        aim = {"aim_weapon": None, "aim_target": None, "aim_seconds": 0}
    evaluate = {}
    if e.maneuver not in _KEEP_EVALUATE:
        evaluate = {"evaluate_target": None, "evaluate_bonus": 0}
    bonus = {}
    if e.maneuver == "evaluate" and e.target is not None:
        same = f.evaluate_target == e.target
        bonus = {
            "evaluate_target": e.target,
            "evaluate_bonus": min(3, (f.evaluate_bonus if same else 0) + 1),
        }
    return _update(
        state,
        e.combatant,
        maneuver=e.maneuver,
        mode=e.mode,
        maneuver_target=e.target,
        **aim,
        **evaluate,
        **bonus,
    )


def on_posture_changed(state: FightState, e: ge.PostureChanged) -> FightState:
    """He is in his new posture."""
    return _update(state, e.combatant, posture=e.posture)


def on_aim_taken(state: FightState, e: ge.AimTaken) -> FightState:
    """Another second of aim."""
    return _update(
        state, e.combatant, aim_weapon=e.weapon, aim_target=e.target, aim_seconds=e.seconds
    )


def on_feint_applied(state: FightState, e: ge.FeintApplied) -> FightState:
    """The target's next defence against the feinter is worse."""
    f = gurps(state.combatants[e.target])
    return _update(state, e.target, feints={**f.feints, e.actor: e.penalty})


def on_attack_rolled(state: FightState, e: ge.AttackRolled) -> FightState:
    """An attack uses up his aim and his Evaluate's bonus."""
    f = gurps(state.combatants[e.actor])
    return _update(
        state,
        e.actor,
        attacked_with=e.weapon,
        attacks=f.attacks + 1,
        aim_weapon=None,
        aim_target=None,
        aim_seconds=0,
        evaluate_target=None,
        evaluate_bonus=0,
    )


def _answered(state: FightState, defender: str, attacker: str) -> FightState:
    f = gurps(state.combatants[defender])
    if attacker not in f.feints:
        return state
    return _update(state, defender, feints={k: v for k, v in f.feints.items() if k != attacker})


def on_defense_rolled(state: FightState, e: ge.DefenseRolled) -> FightState:
    """A parry counts against that weapon (bare hands: "hands"), a block is spent, a retreat is
    used; a feint's penalty has done its work; defending spoils an aim (GURPS-AIM); a
    barehanded Judo or Wrestling parry opens an arm lock for his next turn (GURPS-ARM-LOCK)."""
    state = _answered(state, e.defender, e.attacker)
    f = gurps(state.combatants[e.defender])
    parries = f.parries
    if e.kind == "parry" and e.weapon is not None:
        parries = {**parries, e.weapon: parries.get(e.weapon, 0) + 1}
    opened = f.lock_parried
    if e.arm_lock and e.attacker not in opened:
        opened = (*opened, e.attacker)
    return _update(
        state,
        e.defender,
        parries=parries,
        lock_parried=opened,
        blocked=f.blocked or e.kind == "block",
        retreated=f.retreated or e.retreat,
        aim_weapon=None,
        aim_target=None,
        aim_seconds=0,
    )


def on_defense_declined(state: FightState, e: ge.DefenseDeclined) -> FightState:
    """A feint's penalty is spent on the defence he did not make."""
    return _answered(state, e.defender, e.attacker)


def on_injury_applied(state: FightState, e: ge.InjuryApplied) -> FightState:
    """HP (or FP, fatigue damage) drop; the shock waits for his next turn (at most -4 in
    all, or one blow's doubled shock, GURPS-HITLOC-TABLE)."""
    f = gurps(state.combatants[e.target])
    drop: dict[str, Any] = {e.pool: e.after}
    cap = max(4, e.shock)  # a male's groin: one blow's doubled shock, to -8
    return _update(state, e.target, **drop, shock_next=min(cap, f.shock_next + e.shock))


def on_crippled(state: FightState, e: ge.Crippled) -> FightState:
    """The location is crippled."""
    f = gurps(state.combatants[e.combatant])
    return _update(state, e.combatant, crippled=(*f.crippled, e.location))


def on_stun_changed(state: FightState, e: ge.StunChanged) -> FightState:
    """Stunned, or not any more."""
    return _update(state, e.combatant, stun=e.stun)


def on_shots_spent(state: FightState, e: ge.ShotsSpent) -> FightState:
    """Fewer shots in the weapon."""
    f = gurps(state.combatants[e.combatant])
    return _update(state, e.combatant, shots={**f.shots, e.weapon: e.left})


#: Crippled, these leave him crawling: Move 1 at most (GURPS-HITLOC-LIMB, [GK]).
CRAWL_LOCATIONS: frozenset[str] = frozenset({"right_leg", "left_leg", "right_foot", "left_foot"})


def move(basic_move: int, encumbrance: int, hp: int, hp_max: int, fp: int, fp_max: int) -> int:
    """Move now: Basic Move less a fifth a level of encumbrance (at least 1), halved (rounded
    up) below 1/3 HP (GURPS-LOW-HP) and again below 1/3 FP (GURPS-FATIGUE)."""
    now = max(1, basic_move * (5 - encumbrance) // 5) if basic_move else 0
    for left, top in ((hp, hp_max), (fp, fp_max)):
        if left * 3 < top:
            now = -(-now // 2)
    return now


def _crawl(f: GurpsFighter) -> int:
    """Move's cap from crippled legs and feet: 1 (crawling), else none."""
    return 1 if CRAWL_LOCATIONS.intersection(f.crippled) else 1_000


def on_weapon_reloading(state: FightState, e: ge.WeaponReloading) -> FightState:
    """A second of a reload: the seconds so far, and the shots once they are all spent."""
    f = gurps(state.combatants[e.combatant])
    going = {w: n for w, n in f.reloading.items() if w != e.weapon}
    if e.done < e.needed:
        going[e.weapon] = e.done
    return _update(state, e.combatant, reloading=going, shots={**f.shots, e.weapon: e.shots})


def on_surprise_applied(state: FightState, e: ge.SurpriseApplied) -> FightState:
    """Surprised: mentally stunned, frozen for some turns, no recovery roll made yet."""
    return _update(
        state, e.combatant, surprise=e.kind, frozen=e.frozen, recovery_rolls=0, stun="mental"
    )


def on_surprise_turn(state: FightState, e: ge.SurpriseTurn) -> FightState:
    """A turn of the surprise: one frozen turn fewer, or a recovery roll made; recovered,
    the surprise is over (his stun ends with its own event)."""
    return _update(
        state,
        e.combatant,
        frozen=e.frozen_left,
        recovery_rolls=e.attempt,
        surprise=None if e.recovered else gurps(state.combatants[e.combatant]).surprise,
    )


def on_weapon_state(state: FightState, e: ge.WeaponState) -> FightState:
    """The weapon is ready again, unready, or on the ground."""
    f = gurps(state.combatants[e.combatant])
    states = {k: v for k, v in f.weapon_states.items() if k != e.weapon}
    if e.state != "ready":
        states[e.weapon] = e.state
    return _update(state, e.combatant, weapon_states=states)


def on_malfunction_rolled(state: FightState, e: ge.MalfunctionRolled) -> FightState:
    """The weapon malfunctioned: jammed until cleared (GURPS-MALF)."""
    f = gurps(state.combatants[e.combatant])
    return _update(state, e.combatant, jams=after_malfunction(f.jams, e))


def on_weapon_cleared(state: FightState, e: ge.WeaponCleared) -> FightState:
    """A Ready spent clearing it (GURPS-MALF)."""
    f = gurps(state.combatants[e.combatant])
    return _update(state, e.combatant, jams=after_clearing(f.jams, e))


def on_zone_covered(state: FightState, e: ge.ZoneCovered) -> FightState:
    """He covers a zone until his next turn (GURPS-SUPPRESS)."""
    return _update(state, e.combatant, zone=zone_covered(e))


def on_zone_fired(state: FightState, e: ge.ZoneFired) -> FightState:
    """Shots of his zone have hit someone (GURPS-SUPPRESS)."""
    return _update(state, e.shooter, zone=zone_fired(gurps(state.combatants[e.shooter]).zone, e))


def status_fields(state: FightState, c: CombatantState) -> dict[str, Any]:
    """The GURPS part of a combatant's ``status --json`` entry (README)."""
    f = gurps(c)
    p = f.profile
    acting = state.clock.acting == c.id
    return {
        "hp": f.hp,
        "hp_max": p.hp,
        "fp": f.fp,
        "fp_max": p.fp,
        "posture": f.posture,
        "stun": f.stun,
        "shock": f.shock if acting else f.shock_next,
        "crippled": list(f.crippled),
        "maneuver": f.maneuver if acting or f.maneuver else f.last_maneuver,
        "mode": f.mode,
        "basic_speed": p.basic_speed,
        "basic_move": p.basic_move,
        "move": min(move(p.basic_move, p.encumbrance, f.hp, p.hp, f.fp, p.fp), _crawl(f)),
        "initiative": f.initiative,
        "aim": None
        if f.aim_weapon is None
        else {"weapon": f.aim_weapon, "target": f.aim_target, "seconds": f.aim_seconds},
        "evaluate": None
        if f.evaluate_target is None
        else {"target": f.evaluate_target, "bonus": f.evaluate_bonus},
        "feinted": dict(f.feints),
        "parries": dict(f.parries),
        "shots": dict(f.shots),
        "reloading": dict(f.reloading),
        "weapons": {
            w.name: f.weapon_states.get(w.name)
            or (f.jams[w.name].kind if w.name in f.jams else "ready")
            for w in p.weapons
        },
        "jams": jam_status(f.jams),
        "zone": zone_status(f.zone),
        "arm_lock_chance": list(f.lock_chances if acting else f.lock_parried),
        "surprise": None
        if f.surprise is None
        else {"kind": f.surprise, "frozen": f.frozen, "recovery_rolls": f.recovery_rolls},
        **_grapple_fields(f),
    }


def _grapple_fields(f: GurpsFighter) -> dict[str, Any]:
    from projections.gurps_grapples import grapple_fields

    return grapple_fields(f)


def _r(fn: Any) -> Reducer:
    return cast(Reducer, fn)


REDUCERS: dict[type[Event], Reducer] = {
    ge.FighterReadied: _r(on_fighter_readied),
    ge.InitiativeRolled: _r(on_initiative_rolled),
    ge.TurnBegan: _r(on_turn_began),
    ge.ManeuverChosen: _r(on_maneuver_chosen),
    ge.PostureChanged: _r(on_posture_changed),
    ge.AimTaken: _r(on_aim_taken),
    ge.FeintApplied: _r(on_feint_applied),
    ge.AttackRolled: _r(on_attack_rolled),
    ge.DefenseRolled: _r(on_defense_rolled),
    ge.DefenseDeclined: _r(on_defense_declined),
    ge.InjuryApplied: _r(on_injury_applied),
    ge.Crippled: _r(on_crippled),
    ge.StunChanged: _r(on_stun_changed),
    ge.ShotsSpent: _r(on_shots_spent),
    ge.WeaponReloading: _r(on_weapon_reloading),
    ge.SurpriseApplied: _r(on_surprise_applied),
    ge.SurpriseTurn: _r(on_surprise_turn),
    ge.WeaponState: _r(on_weapon_state),
    ge.MalfunctionRolled: _r(on_malfunction_rolled),
    ge.WeaponCleared: _r(on_weapon_cleared),
    ge.ZoneCovered: _r(on_zone_covered),
    ge.ZoneFired: _r(on_zone_fired),
}


def _grapples() -> None:
    from projections.gurps_grapples import GRAPPLE_REDUCERS

    REDUCERS.update({k: _r(v) for k, v in GRAPPLE_REDUCERS.items()})


_grapples()
