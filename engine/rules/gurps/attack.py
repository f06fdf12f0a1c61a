"""An attack (GURPS-MANEUVERS, GURPS-SUCCESS-ROLL): the maneuver it is part of, every modifier
in order with its source, the roll, rapid fire's hits (GURPS-RAPID-FIRE), then the defence —
now, pending, or none — and the hits that land (``injury``).

Hook for the situational rules: :func:`resolve` takes ``extra`` modifiers (a table's rows:
visibility, levels, dual weapons …) that are added after the pack's own, and a defence
modifier for the detail; :class:`injury.Blow` takes extra DR (cover, overpenetration).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.inputs import escaped
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.rules.gurps import (
    blasts,
    covered,
    defence,
    injury,
    limbs,
    malfunctions,
    melee,
    rapidfire,
    strength,
)
from engine.rules.gurps.common import (
    check_turn,
    choose,
    fighter,
    find_weapon,
    ready,
    strong_damage,
)
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.maneuvers import Row, row
from engine.rules.gurps.resolution import mod, succeeded, success_roll
from engine.rules.gurps.situations.chink import chink_penalty
from engine.rules.gurps.stuck import after_hit
from engine.rules.gurps.tables import (
    LOCATIONS,
    POSTURES,
    range_penalty,
    rof_bonus,
)
from engine.rules.pack import Advance, Decision
from engine.turns import known
from events.core import Event, Modifier, ReactionRequested
from events.gurps import (
    AttackDeclared,
    AttackDetail,
    AttackRolled,
    DefenseDeclined,
    GurpsWeapon,
    ShotsSpent,
)
from projections.state import FightState


def _location(d: AttackDeclared, weapon: GurpsWeapon) -> str | None:
    """The aimed location (None: random), refused if unknown or closed to the damage type."""
    where = "torso" if d.location is None else d.location
    if where == "random":
        if d.chink:
            raise UsageError("--chink goes with a location you aim at, not a random one")
        return None
    loc = LOCATIONS.get(where)
    if loc is None:
        raise UnknownName(
            f"--location {escaped(where)}: unknown hit location (random, {', '.join(LOCATIONS)})"
        )
    if loc.only and weapon.damage.type not in loc.only:
        raise IllegalAction(
            f"a {weapon.damage.type} attack cannot target the {where.replace('_', ' ')} "
            f"(only {', '.join(loc.only)}; {loc.rule})"
        )
    if d.chink:
        chink_penalty(where, weapon.damage.type, tight_beam=True)  # refuses what finds none
    return where


def modifiers(
    state: FightState,
    d: AttackDeclared,
    weapon: GurpsWeapon,
    r: Row,
    rof: int,
    *,
    target_sm: bool = True,
) -> list[Modifier]:
    """Every modifier of the attack, in order: shock, the maneuver, posture, location (or
    chink), the target's Size Modifier (GURPS-SIZE-MODIFIER; ``target_sm`` False: not counted,
    a disarm under option ``weapon_sm``), aim and Acc, range, rapid fire, Evaluate, the GM's."""
    f = fighter(state, d.actor)
    mods: list[Modifier] = []
    if f.shock:
        mods.append(mod("shock", -f.shock, "injury", "GURPS-SHOCK"))
    maneuver = r.ranged if weapon.ranged else r.melee
    if r.bulk and weapon.ranged:
        maneuver = min(maneuver, weapon.bulk)
    if maneuver:
        mods.append(mod(r.title, maneuver, "maneuver", r.rule))
    if not weapon.ranged and POSTURES[f.posture].attack:
        mods.append(mod(f.posture, POSTURES[f.posture].attack, "posture", "GURPS-POSTURE"))
    where = d.location or "torso"
    if d.chink:
        mods.append(chink_penalty(where, weapon.damage.type, tight_beam=True))
    elif where != "random" and LOCATIONS[where].penalty:
        loc = LOCATIONS[where]
        mods.append(mod(where.replace("_", " "), loc.penalty, "location", loc.rule))
    mods += limbs.attack_modifiers(state, d, weapon)
    mods += strength.attack_modifiers(state, d.actor, weapon)
    if target_sm:
        mods += size_modifier(state, d.target)
    if weapon.ranged:
        aimed = f.aim_weapon == weapon.name and f.aim_target in (None, d.target)
        if aimed and r.aim_acc and weapon.acc:
            mods.append(mod("Acc (aimed)", weapon.acc, "weapon", "GURPS-AIM"))
            extra = min(2, f.aim_seconds - 1)
            if extra > 0:
                mods.append(mod(f"aimed {f.aim_seconds} seconds", extra, "maneuver", "GURPS-AIM"))
        if d.range is not None and range_penalty(d.range):
            mods.append(
                mod(f"range {d.range} yd", range_penalty(d.range), "situation", "GURPS-RANGE")
            )
        target_posture = fighter(state, d.target).posture
        if POSTURES[target_posture].target:
            mods.append(
                mod(
                    f"target {target_posture}",
                    POSTURES[target_posture].target,
                    "situation",
                    "GURPS-POSTURE",
                )
            )
        if rof_bonus(rof):
            mods.append(mod(f"{rof} shots", rof_bonus(rof), "weapon", "GURPS-RAPID-FIRE"))
    if f.evaluate_target == d.target and f.evaluate_bonus:
        mods.append(mod("Evaluate", f.evaluate_bonus, "maneuver", "GURPS-EVALUATE"))
    if d.mod:
        mods.append(mod("the GM's modifier", d.mod, "gm"))
    if r.melee_cap is not None and not weapon.ranged:
        mods.append(
            Modifier(
                name="Move and Attack",
                value=r.melee_cap,
                source="maneuver",
                rule=r.rule,
                op="cap",
            )
        )
    return mods


def size_modifier(state: FightState, target: str) -> list[Modifier]:
    """The target's Size Modifier on an attack roll at him, melee or ranged
    (GURPS-SIZE-MODIFIER): his sheet's ``sm`` added as it stands (SM +2 is +2 to hit him,
    SM -1 is -1); none at SM 0."""
    sm = fighter(state, target).profile.sm
    if not sm:
        return []
    name = state.combatants[target].name
    return [mod(f"{name}'s SM {sm:+d}", sm, "situation", "GURPS-SIZE-MODIFIER")]


def _checks(state: FightState, d: AttackDeclared, weapon: GurpsWeapon, r: Row) -> rapidfire.Volley:
    """Refuse what the rules forbid; what the attack fires (:mod:`rapidfire`)."""
    c = state.combatants
    if d.target == d.actor:
        raise UsageError("an attack needs another combatant as its target")
    known(state, d.target)
    if not c[d.target].alive:
        raise IllegalAction(f"{c[d.target].name} is dead")
    if r.attacks == 0:
        raise IllegalAction(
            f"{c[d.actor].name} took {fighter(state, d.actor).maneuver}: it allows no attack "
            "this turn (GURPS-MANEUVERS)"
        )
    if fighter(state, d.actor).attacks >= r.attacks:
        raise IllegalAction(
            f"{c[d.actor].name} has made {pronoun(state, d.actor).their} attack this turn "
            "(GURPS-MANEUVERS)"
        )
    if r.melee_only and weapon.ranged:
        raise IllegalAction(f"{r.title} is for melee attacks ({r.rule})")
    if r.ranged_only and not weapon.ranged:
        raise IllegalAction(f"{r.title} is for ranged attacks ({r.rule})")
    if not weapon.ranged and (d.range is not None or d.rof is not None or d.stationary):
        raise UsageError("--range, --rof and --stationary are for ranged weapons")
    v = rapidfire.volley(state, d, weapon)
    if v.rof < r.rof_at_least:
        raise IllegalAction(f"{r.title} needs RoF {r.rof_at_least}+ ({r.rule})")
    if d.range is not None and d.range < 0:
        raise UsageError(f"--range {d.range}: a range is 0 yards or more")
    if weapon.max and d.range is not None and d.range > weapon.max:
        raise IllegalAction(f"{d.range} yd is beyond the {weapon.name}'s Max {weapon.max}")
    return v


def decide_attack(state: FightState, d: AttackDeclared, dice: Dice) -> Decision:
    """An attack on one's turn: the Attack maneuver unless another was chosen this turn."""
    known(state, d.target)  # an unknown name is a usage error before whose turn it is
    check_turn(state, d.actor)
    weapon = ready(state, d.actor, find_weapon(state, d.actor, d.weapon))
    limbs.check_hand(state, d.actor, weapon, "attack", d.dual)
    f = fighter(state, d.actor)
    events: list[Event] = []
    if f.maneuver is None:
        events.append(choose(state, d.actor, "attack", target=d.target, weapon=weapon.name))
        r = row("attack")
    elif f.maneuver == "wait":  # a Wait's trigger came (`release`): it is his attack now
        r = row("attack")
    else:
        r = row(f.maneuver, f.mode)
    d, r, events = melee.prepare(state, d, weapon, r, dice, events)
    extras = melee.melee_extras(state, d, weapon, events)
    produced, advance = resolve(state, d, weapon, r, dice, events, **extras)
    return Decision(produced, advance=advance)


def resolve(
    state: FightState,
    d: AttackDeclared,
    weapon: GurpsWeapon,
    r: Row,
    dice: Dice,
    events: list[Event],
    extra: Sequence[Modifier] = (),
    defence_mod: int = 0,
    defence_mods: Sequence[Modifier] = (),
    only: Sequence[str] | None = None,
    no_defence: str | None = None,
) -> tuple[list[Event], Advance]:
    """Roll the attack (with ``extra`` modifiers from the situational rules) and what follows;
    the events and how the clock moves. The situational rules may also add ``defence_mods``,
    allow ``only`` some defences, or allow none (``no_defence``: why)."""
    if (d.retreat or d.drop) and d.defend is None:
        raise UsageError("--retreat and --drop go with --defend")
    v = _checks(state, d, weapon, r)
    location = _location(d, weapon)
    blasts.check(state, d, weapon)  # GURPS-EXPLOSION, GURPS-FRAG
    mods = [*modifiers(state, d, weapon, r, v.rof), *extra, *covered.modifiers(state, d, weapon)]
    roll = success_roll(dice, "attack", weapon.level, mods)
    jam = malfunctions.check(state, dice, d.actor, weapon, roll)  # GURPS-MALF
    v = v if jam is None else jam.volley(v)
    hit = succeeded(roll) and v.rof > 0
    hits, how = rapidfire.hits(v, roll, hit, weapon.recoil)
    how = how if jam is None else f"{jam.why}" + (f"; {how}" if how else "")
    why = f"{roll.tier}: {roll.total} against {roll.target}" + (f"; {how}" if how else "")
    events.append(
        AttackRolled(
            actor=d.actor,
            target=d.target,
            weapon=weapon.name,
            roll=roll,
            hits=hits,
            shots=v.rof,
            reason=why,
        )
    )
    if weapon.shots and v.ammunition:
        left = fighter(state, d.actor).shots[weapon.name] - v.ammunition
        events.append(
            ShotsSpent(combatant=d.actor, weapon=weapon.name, spent=v.ammunition, left=left)
        )
    events += jam.events if jam is not None else ()
    more = fighter(state, d.actor).attacks + 1 < r.attacks
    advance: Advance = "none" if more else "next"
    if not hit:
        return events, advance
    detail = AttackDetail(
        weapon=weapon.name,
        ranged=weapon.ranged,
        tier="critical" if roll.tier == "critical" else "success",
        roll=roll.total,
        margin=roll.margin or 0,
        hits=hits,
        location=location,
        chink=d.chink,
        allowed=tuple(a for a in defence.allowed(state, d.target, weapon) if a in (only or a)),
        defence_mod=defence_mod,
        strong=r.damage_per_die > 0,
        multiplier=v.multiplier,
        cover=d.cover,
        cover_dr=d.through_cover or 0,
        behind=d.behind,
        blast=d.blast,
        defence_mods=tuple(defence_mods),
    )
    now = fold_gurps(state, events)
    if roll.tier == "critical":
        events.append(
            DefenseDeclined(
                defender=d.target,
                attacker=d.actor,
                reason="a critical hit: no defence (GURPS-CRITICAL)",
            )
        )
        return events + land(
            fold_gurps(now, events[-1:]), dice, d.actor, d.target, detail, hits
        ), advance
    why_not = no_defence or defence.no_defence(now, d.target)
    if why_not is not None:
        events.append(DefenseDeclined(defender=d.target, attacker=d.actor, reason=why_not))
        return events + land(
            fold_gurps(now, events[-1:]), dice, d.actor, d.target, detail, hits
        ), advance
    if d.defend is not None:
        return events + defence.answer(
            now, dice, d.actor, d.target, d.defend, detail, retreat=d.retreat, drop=d.drop
        ), advance
    events.append(ReactionRequested(actor=d.actor, reactor=d.target, kind="defense", detail=detail))
    return events, advance


def land(
    state: FightState, dice: Dice, actor: str, target: str, detail: AttackDetail, hits: int
) -> list[Event]:
    """``hits`` hits land: each through the injury pipeline, in turn."""
    weapon = find_weapon(state, actor, detail.weapon)
    dice_text = rapidfire.multiplied(
        strong_damage(weapon.dice, 1 if detail.strong else 0), detail.multiplier
    )
    blow = injury.Blow(
        dice=dice_text,
        damage=weapon.damage,
        location=detail.location,
        chink=detail.chink,
        dr_multiplier=detail.multiplier,
    )
    events: list[Event] = []
    for _ in range(hits):
        now = fold_gurps(state, events)
        if not now.combatants[target].alive:
            break
        hit = covered.hit(now, dice, actor, target, blow, detail)
        events += after_hit(now, actor, target, weapon, hit)
    return events + blasts.blast(fold_gurps(state, events), dice, actor, target, detail, events)
