"""Missiles: a volley launched (one attack, one strike roll, PAL-MSL-VOLLEY) and what it does
when it lands: a direct hit on its target, half to everyone else in the blast radius
(PAL-MSL-DIRECT, PAL-MSL-RADIUS). The answers a volley waits for (counter-volleys, shots at it,
dodges, rolls) are :mod:`volleys`; the ``launch`` verb is :mod:`launches`; its strike roll,
a smart missile's passes and a multi-warhead's release are :mod:`missile_strikes`.

Readings (each also in docs/RULES-palladium.md): a volley's direct hit is one blast, its damage
summed before it comes off the pools; every missile's dice are rolled (option
``volley_damage``), or one missile's times the missiles still coming (house); the multiplying
bonuses of a natural 20 (PAL-MSL-NAT20) and of an armor-piercing bull's-eye (PAL-MSL-AP) apply
to the direct hit only, and an armor-piercing total above 20 is no less a bull's-eye than 18 to
20 (PAL-MSL-AP names those three); a near miss's blast is the GM's ruling (``ruling --damage``).
"""

from __future__ import annotations

import math

import msgspec

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.rules.palladium import blasts, combat
from engine.rules.palladium.missile_strikes import Aim, passes, released
from engine.rules.palladium.options import opts
from events.core import Event, Modifier, ReactionRequested, Roll
from events.palladium import (
    DamageIgnored,
    DamageUnit,
    DefenseDeclined,
    MissileProfile,
    MissilesSpent,
    Profile,
    StrikeDetail,
    Volley,
    WeaponProfile,
)
from projections.palladium import Fighter, InProgress, fighter
from projections.state import FightState

RULE = "PAL-MSL-VOLLEY"
AP_BULLSEYE = 18  # PAL-MSL-AP: a strike total of 18, 19 or 20 doubles an armor-piercing hit


def launcher_of(p: Profile, name: str | None) -> WeaponProfile:
    """The launcher named (it must be one), else his first (UnknownName without one)."""
    if name is not None:
        w = combat.find_weapon(p, name)
        assert w is not None
        if w.kind != "launcher":
            raise IllegalAction(
                f'the {w.name} is not a missile launcher (its sheet says kind = "{w.kind}"; {RULE})'
            )
        return w
    for w in p.weapons:
        if w.kind == "launcher":
            return w
    raise UnknownName(f'{p.name} has no missile launcher on the sheet (kind = "launcher")')


def missile_of(p: Profile, launcher: WeaponProfile) -> MissileProfile:
    """The missile a launcher fires (the sheet checks it exists)."""
    wanted = (launcher.missiles or "").casefold()
    return next(m for m in p.missiles if m.name.casefold() == wanted)


def check_missiles(f: Fighter, launcher: WeaponProfile, count: int) -> MissileProfile:
    """Refuse a volley the launcher cannot fire: none, more than its rate of fire, more than
    he has left (PAL-MSL-VOLLEY, PAL-RNG-PAYLOAD)."""
    p = f.profile
    missile = missile_of(p, launcher)
    if count < 1:
        raise UsageError(f"--missiles {count}: a volley is at least one missile")
    if count > launcher.rate:
        raise IllegalAction(
            f"the {launcher.name} fires at most {launcher.rate} missile(s) in one volley (its "
            f"rate; {RULE})"
        )
    left = f.missiles.get(missile.name, 0)
    if left < count:
        raise IllegalAction(
            f"{p.name} has {left} {missile.name} left, not {count} (PAL-RNG-PAYLOAD)"
        )
    return missile


def radius(state: FightState, missile: MissileProfile, count: int) -> int:
    """The blast radius of ``count`` missiles: the warhead's (PAL-MSL-RADIUS), or under the
    house rules the warhead's again at every doubling, r x (1 + floor(log2 N))
    (PAL-HR-MSL-RADIUS, reading its ❓ for counts between powers of two)."""
    option = opts(state).volley_radius
    if option == "warhead":
        return missile.blast_radius
    if option == "doubling_smooth":
        return int(missile.blast_radius * (1 + math.log2(count)))
    return missile.blast_radius * count.bit_length()


def volley_events(
    state: FightState, actor: str, ip: InProgress, dice: Dice, wild: int, landing: bool = False
) -> list[Event]:
    """Fire the volley: the missiles spent, one strike roll for all of them (a smart missile
    comes round after a miss); a hit waits for the target's answer, or is answered now
    (``--defend``), or lands when he cannot answer."""
    f = fighter(state.combatants[actor])
    launcher = launcher_of(f.profile, ip.weapon)
    missile = missile_of(f.profile, launcher)
    count = ip.missiles
    events = spend_missiles(f, actor, missile, count)
    aim = Aim(shooter=actor, target=ip.target, launcher=launcher, range_ft=ip.range)
    rolled = passes(state, aim, missile, count, 1, dice)
    events += rolled
    s = rolled[-1]
    if not s.hits:
        return events
    inside, n = released(state, f.profile, missile, count)
    volley = Volley(
        missile=inside,
        launched=n,
        left=n,
        radius=radius(state, inside, n),
        caught=ip.caught,
        passes=len(rolled),
    )
    detail = StrikeDetail(
        action="volley",
        weapon=launcher.name,
        total=s.roll.total,
        natural=s.natural,
        critical=s.critical,
        purpose="volley",
        target=ip.target,
        range_ft=ip.range,
        volley=volley,
    )
    why_not = combat.helpless(state, ip.target)
    others_may_fire = opts(state).shoot_down == "house" and ip.defend is None
    if why_not is not None and not others_may_fire:  # nobody may answer it
        declined: list[Event] = [
            DefenseDeclined(defender=ip.target, attacker=actor, reason=why_not)
        ]
        return events + declined + land(state, actor, detail, dice, "direct")
    if ip.defend is None:
        pending = ReactionRequested(actor=actor, reactor=ip.target, kind="defense", detail=detail)
        return [*events, pending]
    from engine.rules.palladium import volleys  # the answers need this module

    return events + volleys.answer(state, actor, ip.target, ip.defend, detail, dice)


def comes_round(state: FightState, volley: Volley) -> bool:
    """Whether a smart volley has a pass left to come round with (PAL-MSL-SMART)."""
    return volley.missile.smart and volley.passes < opts(state).smart_passes


def come_round(state: FightState, shooter: str, detail: StrikeDetail, dice: Dice) -> list[Event]:
    """A smart volley its target dodged turns and strikes again while it has passes left
    (PAL-MSL-SMART): it waits for his answer anew, or, having missed on its last pass, is
    spent. Nothing when it has no pass left: it lands as the dodge left it."""
    volley = detail.volley
    assert volley is not None
    if not comes_round(state, volley):
        return []
    p = fighter(state.combatants[shooter]).profile
    aim = Aim(shooter, detail.target, launcher_of(p, detail.weapon), detail.range_ft)
    rolled = passes(state, aim, volley.missile, volley.left, volley.passes + 1, dice)
    s = rolled[-1]
    if not s.hits:
        return list(rolled)
    again = msgspec.structs.replace(
        detail,
        total=s.roll.total,
        natural=s.natural,
        critical=s.critical,
        volley=msgspec.structs.replace(volley, passes=volley.passes + len(rolled)),
    )
    waiting = ReactionRequested(actor=shooter, reactor=detail.target, kind="defense", detail=again)
    return [*rolled, waiting]


def land(
    state: FightState,
    shooter: str,
    detail: StrikeDetail,
    dice: Dice,
    how: str,
    rolled: bool = False,
) -> list[Event]:
    """The volley lands: on its target ``how`` ("direct": full damage; "block": full damage,
    on the arms he covers himself with; "radius": half, having dodged the direct hit;
    "clear": nothing), halved again when he rolled with it
    (PAL-MSL-ROLL); everyone ``caught`` in the radius takes half what was rolled
    (PAL-MSL-RADIUS)."""
    volley = detail.volley
    assert volley is not None
    missile = volley.missile
    target = detail.target
    unit: DamageUnit = "MD" if missile.mega_damage else "SDC"
    if not missile.damage:
        return [
            DamageIgnored(
                target=target,
                amount=0,
                unit=unit,
                rule="PAL-MSL-DATA",
                reason=f"the {missile.name} does no damage",
            )
        ]
    base = _base_roll(state, missile, volley.left, dice)
    direct = _direct_terms(missile, detail) if how in ("direct", "block") else [blasts.HALF]
    if rolled:
        direct.append(blasts.ROLLED)
    blast = blasts.Blast(
        shooter=shooter,
        target=target,
        base=base,
        unit=unit,
        strike=detail.total,
        plasma=missile.warhead == "plasma",
    )
    return blasts.explode(state, blast, how, direct, volley.caught)


def _base_roll(state: FightState, missile: MissileProfile, left: int, dice: Dice) -> Roll:
    """The missiles' damage: every one's dice (RAW reading), or one's times those still
    coming (PAL-HR-MSL-DAMAGE-MULT)."""
    if opts(state).volley_damage == "each_rolled" or left == 1:
        return roll(dice, "damage", "+".join([missile.damage] * left), rule="PAL-MSL-DIRECT")
    times = Modifier(
        name=f"damage multiple: {left} missiles",
        value=left,
        source="rules",
        rule="PAL-HR-MSL-DAMAGE-MULT",
        op="mul",
    )
    return roll(dice, "damage", missile.damage, [times], rule="PAL-HR-MSL-DAMAGE-MULT")


def _direct_terms(missile: MissileProfile, detail: StrikeDetail) -> list[Modifier]:
    """A direct hit's multipliers: a natural 20 doubles it, triples it for armor piercing
    (PAL-MSL-NAT20); an armor-piercing total of 18 to 20 doubles it (PAL-MSL-AP)."""
    ap = missile.warhead == "armor_piercing"
    if detail.natural == 20:
        return [
            Modifier(
                name="natural 20" + (", armor piercing" if ap else ""),
                value=3 if ap else 2,
                source="rules",
                rule="PAL-MSL-NAT20",
                op="mul",
            )
        ]
    if ap and detail.total >= AP_BULLSEYE:
        return [
            Modifier(
                name=f"armor piercing, strike {detail.total}: bull's-eye",
                value=2,
                source="rules",
                rule="PAL-MSL-AP",
                op="mul",
            )
        ]
    return []


def spend_missiles(f: Fighter, actor: str, missile: MissileProfile, count: int) -> list[Event]:
    """Missiles fired from what he carries."""
    left = f.missiles.get(missile.name, 0)
    return [
        MissilesSpent(actor=actor, missile=missile.name, count=count, left=max(0, left - count))
    ]
