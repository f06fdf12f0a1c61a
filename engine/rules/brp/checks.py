"""What the rules refuse before an attack is rolled: a target that cannot be attacked, a
weapon not in hand or not able to do what is asked, an intent not stated, a magazine too empty
(BRP-AUTOFIRE, BRP-VOLLEY, BRP-PRONE, BRP-FORTIFIED, BRP-TWO-WEAPONS, BRP-BACKSTAB …).
"""

from __future__ import annotations

from engine.inputs import escaped
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.brp import tables
from engine.rules.brp.common import (
    fighter,
)
from engine.rules.brp.options import opts
from engine.turns import known
from events.brp import (
    AttackDeclared,
    BrpWeapon,
)
from projections.state import FightState

#: The intents an attack of each kind needs, with the option ``intent_required``.
NEEDS_INTENT = ("knockout", "disarm", "knockback", "volley", "entangle")


def check_attack(state: FightState, d: AttackDeclared, weapon: BrpWeapon) -> None:
    """Refuse what the rules forbid, before anything is rolled."""
    c = state.combatants[d.actor]
    f = fighter(state, d.actor)
    options = opts(state)
    name = c.name
    known(state, d.target)
    if d.target == d.actor:
        raise IllegalAction(f"{name} cannot attack {pronoun(state, d.actor).themselves}")
    if "dead" in state.combatants[d.target].conditions:
        raise IllegalAction(f"{state.combatants[d.target].name} is dead")
    ws = f.weapons.get(weapon.name)
    if ws is not None and not ws.drawn:
        raise IllegalAction(
            f'{name}\'s {weapon.name} is not in hand: `fracas draw {d.actor} "{weapon.name}"` '
            "(5 DEX ranks, BRP-DRAW)"
        )
    for cond, rule in (
        ("stunned", "BRP-STUNNED"),
        ("off balance", "BRP-DESPERATE"),
        ("getting up", "BRP-PRONE"),
        ("entangled", "BRP-ENTANGLE"),
    ):
        if cond in c.conditions:
            raise IllegalAction(f"{name} is {cond} and cannot attack ({rule})")
    if (
        "prone" in c.conditions
        and weapon.two_handed
        and weapon.kind == "melee"
        and options.prone_two_handed == "cannot"
    ):
        raise IllegalAction(
            f"{name} is prone: no attack with the two-handed {weapon.name} "
            "(BRP-PRONE, option prone_two_handed=cannot)"
        )
    if options.intent_required:
        for intent in NEEDS_INTENT:
            if getattr(d, intent) and intent not in f.intents:
                raise IllegalAction(
                    f"{name} did not state this {intent} at the start of the round: `fracas intent "
                    f"{d.actor} {intent}` in the statement of intent (option intent_required)"
                )
    if d.range is not None and (d.range < 0 or weapon.kind == "melee"):
        raise UsageError(
            f"--range {d.range}: metres (0 or more) to the target of a missile or thrown weapon"
        )
    known_locations = ", ".join(tables.LOCATIONS)
    if d.location is not None and d.location not in tables.LOCATIONS:
        off = (
            ""
            if options.hit_locations
            else " (hit locations are off in this encounter: the aim makes the attack "
            "Difficult, and the hit does not land there)"
        )
        raise UsageError(
            f"--location {escaped(d.location)}: not a hit location; one of {known_locations}{off}"
        )
    wrong = [loc for loc in d.covered if loc not in tables.LOCATIONS]
    if wrong:
        raise UsageError(
            f"--covered {escaped(wrong[0])}: not a hit location; name the locations behind "
            f"the cover with --covered LOC (repeat), from {known_locations}"
        )
    if d.covered and not (d.cover == "half" and options.hit_locations):
        off = "" if options.hit_locations else " (hit locations are off in this encounter)"
        raise UsageError(
            f"--covered {escaped(d.covered[0])}: --covered names the locations behind half "
            f"cover, with hit locations on{off}"
        )
    if d.cover == "half" and options.hit_locations and not d.covered:
        raise UsageError(
            "--cover half with hit locations on: name the locations behind it with "
            f"--covered LOC (repeat), from {known_locations}"
        )
    if d.unarmored and d.location is None:
        raise UsageError("--unarmored names an unarmored spot: give it with --location")
    melee = weapon.kind == "melee"
    if (d.volley or d.aim or d.burst or d.autofire or d.shots) and melee:
        raise UsageError(f"the {weapon.name} is a melee weapon: no aim, volley, burst or shots")
    if d.backstab and not melee:
        raise UsageError("a backstab is a hand-to-hand attack (BRP-BACKSTAB)")
    _check_fire(state, d, weapon)
    if d.aim and (d.aim < 0 or d.aim % tables.RANK_STEP):
        raise UsageError(f"--aim {d.aim}: aim in steps of 5 DEX ranks (BRP-AIM-TIME)")
    if d.aim and (state.clock.now or 0) - d.aim < 1:
        raise IllegalAction(
            f"aiming {d.aim} ranks from DEX rank {state.clock.now} leaves no rank to shoot at "
            "(BRP-AIM-TIME)"
        )
    if d.split and weapon.skill < 100:
        raise IllegalAction(
            f"a split attack needs 100% or more with the weapon ({weapon.skill}%, BRP-TWO-WEAPONS)"
        )
    if d.volley and f.attacks >= weapon.attacks_per_round:
        raise IllegalAction(
            f"the {weapon.name} allows {weapon.attacks_per_round} attack(s) a round; volley "
            "fire is spent (BRP-VOLLEY)"
        )
    if d.cover == "full" and not melee:
        raise IllegalAction(
            f"{state.combatants[d.target].name} is crouched fully behind cover: small missile "
            f"fire cannot hit {pronoun(state, d.target).them} (BRP-FORTIFIED)"
        )


def _check_fire(state: FightState, d: AttackDeclared, weapon: BrpWeapon) -> None:
    """Bursts, autofire and shots need a weapon that fires them and the rounds to do it."""
    f = fighter(state, d.actor)
    ws = f.weapons.get(weapon.name)
    shots = fired(d)
    if (d.burst and not weapon.burst) or (d.autofire and not weapon.autofire):
        kind = "bursts" if d.burst else "autofire"
        raise IllegalAction(f"the {weapon.name} cannot fire {kind} (BRP-AUTOFIRE)")
    if d.shots and not (d.burst or d.autofire):
        raise UsageError("--shots goes with --burst or --autofire (BRP-AUTOFIRE)")
    if d.burst and d.autofire:
        raise UsageError("a burst or autofire, not both (BRP-AUTOFIRE)")
    if (d.spread or d.group) and not (d.burst or d.autofire):
        raise UsageError("--spread and --group go with --burst or --autofire (BRP-AUTOFIRE)")
    if (d.burst or d.autofire) and shots < 2:
        raise UsageError(
            f"{'a burst' if d.burst else 'autofire'} fires 2 shots or more: say how many with "
            "--shots N (BRP-AUTOFIRE)"
        )
    if shots > 1 and tables.hits_die(shots, opts(state).autofire_odd) is None:
        have = ", ".join(map(str, tables.counts_with_dice(opts(state).autofire_odd)))
        raise IllegalAction(
            f"no die gives how many of {shots} shots hit: fire {have} (BRP-AUTOFIRE)"
        )
    if weapon.shots and ws is not None and shots > ws.shots:
        raise IllegalAction(
            f"the {weapon.name} has {ws.shots} shot(s) left and this fires {shots}; reload "
            f"first (`fracas reload {d.actor} {weapon.name!r}`)"
        )


def fired(d: AttackDeclared) -> int:
    """Shots the attack fires: a burst's (3 unless told), autofire's, or one."""
    if d.burst:
        return d.shots or 3
    if d.autofire:
        return d.shots or 0
    return 1
