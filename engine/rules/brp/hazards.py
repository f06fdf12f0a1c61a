"""Explosions and area attacks, fire, and choking: the damage that is not a weapon's.

An explosion's dice fall off 1D6 for each 2 m from its centre (BRP-EXPLOSION); each person in
an area may Dodge it (no damage) or make an Agility roll (half), ending prone either way
(BRP-AREA-AVOID). Fire and heat, and air denied, strike at the end of each round, on DEX rank 1
(BRP-FIRE, BRP-ASPHYX): ``expose`` starts a hazard on a fighter, ``escape`` ends it, and the
round's end rolls what it does.
"""

from __future__ import annotations

from engine.dice import Dice
from engine.dicespec import DiceSpec, DiceTerm, below_zero, parse_spec
from engine.inputs import escaped
from engine.rolls import fixed, roll
from engine.rules import IllegalAction, UsageError
from engine.rules.brp import tables, wounds
from engine.rules.brp.common import able, fighter, out_of_it
from engine.rules.brp.fold import fold_brp
from engine.rules.brp.options import opts
from engine.rules.brp.resolution import skill_roll
from engine.rules.pack import Decision
from engine.turns import known
from events.brp import (
    ArmorRolled,
    BlastSplit,
    DamageRolled,
    EscapeDeclared,
    ExplodeDeclared,
    ExposeDeclared,
    ExposureChanged,
    LocationRolled,
    SkillRolled,
)
from events.core import ConditionChanged, Event
from projections.brp import Exposure
from projections.state import FightState

FIRE = frozenset(tables.FIRE_DAMAGE)
BREATH = frozenset(tables.ASPHYX_DAMAGE)


def _pairs(items: tuple[str, ...], what: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        cid, sep, value = item.partition("=")
        if not sep or not cid.strip() or not value.strip():
            raise UsageError(f"{what} {item!r}: expected ID=VALUE, e.g. ilsa=3")
        out.append((cid.strip(), value.strip()))
    return out


def blast_spec(spec: str, metres: int, area: bool) -> str | None:
    """The blast's dice at ``metres`` from the centre: the first dice term loses one die for
    each 2 m past the first 2 (5D6 dynamite: 5D6 to 2 m, 4D6 to 4 m … none past 10 m)."""
    full = parse_spec(spec)
    if area:
        return str(full)
    steps = max(0, -(-metres // tables.EXPLOSION_STEP) - 1)
    terms = list(full.terms)
    for i, t in enumerate(terms):
        if isinstance(t, DiceTerm):
            if t.count - steps < 1:
                return None
            terms[i] = DiceTerm(t.count - steps, t.sides, t.multiplier, t.negative)
            return str(DiceSpec(tuple(terms)))
    return str(full)


def decide_explode(state: FightState, d: ExplodeDeclared, dice: Dice) -> Decision:
    """BRP-EXPLOSION, BRP-AREA-AVOID: each target in the order given: its avoidance, then
    the blast's damage at its distance; armor counts; with hit locations the damage is split
    over 1D4 random locations (option ``explosion_locations``)."""
    parse_spec(d.damage)
    negative = below_zero(d.damage)
    if negative is not None:
        raise UsageError(
            f"--damage {escaped(d.damage)}: negative damage ({negative}); a blast does 0 or more"
        )
    at = [(cid, metres) for cid, metres in _pairs(d.at, "--at")]
    avoid = dict(_pairs(d.avoid, "--avoid"))
    if not at:
        raise UsageError("name who is in the blast: --at ID=METRES")
    seen: set[str] = set()
    for cid, metres in at:
        known(state, cid)
        if cid in seen:
            raise UsageError(f"{cid!r} is named twice in --at")
        seen.add(cid)
        if not (metres.isascii() and metres.isdigit()) or len(metres) > 5:
            raise UsageError(f"--at {cid}={metres}: metres as a whole number")
    for cid, how in avoid.items():
        if cid not in seen:
            raise UsageError(f"--avoid {cid}={how}: {cid!r} is not in the blast (--at)")
        if how not in ("dodge", "agility"):
            raise UsageError(f"--avoid {cid}={how}: dodge or agility")
        why = out_of_it(state, cid)
        if why is not None:
            raise IllegalAction(
                f"{state.combatants[cid].name} is {why}: no Dodge or Agility roll (BRP-AREA-AVOID)"
            )
    events: list[Event] = []
    now = state
    for cid, metres in at:
        if "dead" in now.combatants[cid].conditions:
            continue
        more = _blast(now, cid, int(metres), avoid.get(cid), d, dice)
        events += more
        now = fold_brp(now, more)
    return Decision(events)


def _blast(
    state: FightState, cid: str, metres: int, how: str | None, d: ExplodeDeclared, dice: Dice
) -> list[Event]:
    f = fighter(state, cid)
    events: list[Event] = []
    half = False
    if how is not None:
        base = f.profile.skills["dodge"] if how == "dodge" else f.profile.rolls["agility"]
        r = skill_roll(state, dice, how, base, rule="BRP-AREA-AVOID")
        ok = tables.succeeded(r.tier or "failure")
        events.append(
            SkillRolled(combatant=cid, skill=how, roll=r, success=ok, rule="BRP-AREA-AVOID")
        )
        if "prone" not in state.combatants[cid].conditions:
            events.append(
                ConditionChanged(
                    combatant=cid, condition="prone", present=True, rule="BRP-AREA-AVOID"
                )
            )
        if ok and how == "dodge":
            return events
        half = ok
    spec = blast_spec(d.damage, metres, d.area)
    if spec is None:
        return events
    mods = []
    if half:
        from events.core import Modifier

        mods.append(
            Modifier(
                name="half (Agility)",
                value=2,
                source="situation",
                rule="BRP-AREA-AVOID",
                op="div_up",
            )
        )
    dmg = roll(dice, "blast", spec, mods, rule="BRP-EXPLOSION")
    events.append(
        DamageRolled(actor="blast", target=cid, roll=dmg, effect=f"{metres} m from the centre")
    )
    return events + _spread(state, cid, max(0, dmg.total), dice)


def _spread(state: FightState, cid: str, amount: int, dice: Dice) -> list[Event]:
    """General damage, less armor; split over 1D4 locations with hit locations on."""
    options = opts(state)
    if not options.hit_locations or options.explosion_locations == "general":
        armor, ev = _armor(state, cid, None, dice)
        return ev + wounds.take(state, cid, max(0, amount - armor), None, "BRP-EXPLOSION")
    count = roll(dice, "locations hit", "1D4", rule="BRP-EXPLOSION")
    events: list[Event] = [BlastSplit(target=cid, roll=count, locations=count.total)]
    now = state
    share, rest = divmod(amount, count.total)
    for i in range(count.total):
        r = roll(dice, "hit location", "1D20")
        loc = tables.location_of(tables.MELEE_LOCATIONS, r.total)
        part = share + (1 if i < rest else 0)
        more: list[Event] = [
            LocationRolled(target=cid, location=loc, roll=r, reason=f"blast {i + 1}")
        ]
        armor, ev = _armor(now, cid, loc, dice)
        more += ev + wounds.take(now, cid, max(0, part - armor), loc, "BRP-EXPLOSION")
        events += more
        now = fold_brp(now, more)
    return events


def _armor(state: FightState, cid: str, loc: str | None, dice: Dice) -> tuple[int, list[Event]]:
    armor = fighter(state, cid).profile.armor
    if armor is None or armor.value in ("0", ""):
        return 0, []
    if loc is not None and armor.locations and loc not in armor.locations:
        return 0, []
    spec = parse_spec(armor.value)
    r = roll(dice, "armor", armor.value) if spec.die_count else fixed("armor", spec.value(()))
    return max(0, r.total), [ArmorRolled(target=cid, roll=r)]


def decide_expose(state: FightState, d: ExposeDeclared, dice: Dice) -> Decision:
    """BRP-FIRE, BRP-ASPHYX: the hazard starts; its damage comes at the end of each round.
    Armor keeps fire off for 1D3 rounds (option ``fire_armor_rounds``). Denied air, the first
    round is held on CON x10, unless surprised: a Luck roll starts at CON x5, else CON x3; a
    deliberate choking is CON x1 every round."""
    known(state, d.actor)
    able(state, d.actor)
    f = fighter(state, d.actor)
    if d.hazard in f.exposures:
        raise IllegalAction(f"{state.combatants[d.actor].name} is already exposed to {d.hazard}")
    events: list[Event] = []
    if d.hazard in FIRE:
        rounds = 0
        armor = f.profile.armor
        if armor is not None and armor.value not in ("0", ""):
            if opts(state).fire_armor_rounds == "one":
                rounds = 1
            else:
                r = roll(dice, "armor keeps fire off", "1D3", rule="BRP-FIRE")
                rounds = r.total
                events.append(
                    SkillRolled(
                        combatant=d.actor,
                        skill="armor rounds",
                        roll=r,
                        success=True,
                        rule="BRP-FIRE",
                    )
                )
        events.append(
            ExposureChanged(
                combatant=d.actor,
                hazard=d.hazard,
                present=True,
                armor_rounds=rounds,
                rule="BRP-FIRE",
            )
        )
        return Decision(events)
    breath = 1 if d.hazard == "choke" else 10
    if d.surprised and d.hazard != "choke":
        luck = skill_roll(state, dice, "luck", f.profile.rolls["luck"], rule="BRP-ASPHYX")
        ok = tables.succeeded(luck.tier or "failure")
        events.append(
            SkillRolled(combatant=d.actor, skill="luck", roll=luck, success=ok, rule="BRP-ASPHYX")
        )
        breath = 5 if ok else 3
    events.append(
        ExposureChanged(
            combatant=d.actor, hazard=d.hazard, present=True, breath=breath, rule="BRP-ASPHYX"
        )
    )
    return Decision(events)


def decide_escape(state: FightState, d: EscapeDeclared, dice: Dice) -> Decision:
    """The fighter gets away from a hazard; a fire on him is put out with a Luck roll
    (BRP-FIRE)."""
    known(state, d.actor)
    f = fighter(state, d.actor)
    name = state.combatants[d.actor].name
    if not f.exposures:
        raise IllegalAction(f"{name} is exposed to nothing")
    hazard = d.hazard or f.exposures[sorted(f.exposures)[0]].hazard
    if hazard not in f.exposures:
        raise IllegalAction(f"{name} is not exposed to {hazard} (only {', '.join(f.exposures)})")
    events: list[Event] = []
    if hazard == "aflame":
        luck = skill_roll(state, dice, "luck", f.profile.rolls["luck"], rule="BRP-FIRE")
        ok = tables.succeeded(luck.tier or "failure")
        events.append(
            SkillRolled(combatant=d.actor, skill="luck", roll=luck, success=ok, rule="BRP-FIRE")
        )
        if not ok:
            return Decision(events)
    events.append(
        ExposureChanged(
            combatant=d.actor,
            hazard=hazard,
            present=False,
            rule="BRP-FIRE" if hazard in FIRE else "BRP-ASPHYX",
        )
    )
    return Decision(events)


def round_end(state: FightState, dice: Dice) -> list[Event]:
    """What hazards do at the end of the round, fighter by fighter in join order."""
    events: list[Event] = []
    now = state
    for cid in state.combatants:
        c = now.combatants[cid]
        if "dead" in c.conditions:
            continue
        for hazard in sorted(fighter(now, cid).exposures):
            ex = fighter(now, cid).exposures[hazard]
            more = _fire(now, cid, ex, dice) if hazard in FIRE else _breath(now, cid, ex, dice)
            events += more
            now = fold_brp(now, more)
    return events


def _fire(state: FightState, cid: str, ex: Exposure, dice: Dice) -> list[Event]:
    """One round in the fire: its damage less armor while armor holds (random armor keeps off
    at most 6, L470), and maybe catching alight (a torch: Luck; a bonfire: POW x1; an intense
    fire: always; the text gives a burning building no such roll)."""
    f = fighter(state, cid)
    dmg = roll(dice, ex.hazard, tables.FIRE_DAMAGE[ex.hazard], rule="BRP-FIRE")
    events: list[Event] = [DamageRolled(actor=ex.hazard, target=cid, roll=dmg, effect="fire")]
    armor = 0
    if ex.armor_rounds > 0:
        armor, ev = _armor(state, cid, None, dice)
        armor = (
            min(armor, 6)
            if f.profile.armor and parse_spec(f.profile.armor.value).die_count
            else armor
        )
        events += ev
    loc = "chest" if opts(state).hit_locations else None
    events += wounds.take(state, cid, max(0, dmg.total - armor), loc, "BRP-FIRE")
    if ex.armor_rounds > 0:
        events.append(
            ExposureChanged(
                combatant=cid,
                hazard=ex.hazard,
                present=True,
                armor_rounds=ex.armor_rounds - 1,
                rule="BRP-FIRE",
            )
        )
    if ex.hazard in ("torch", "bonfire", "intense") and "aflame" not in f.exposures:
        caught = True
        if ex.hazard != "intense":
            base = (
                f.profile.characteristics["pow"]
                if ex.hazard == "bonfire"
                else f.profile.rolls["luck"]
            )
            r = skill_roll(state, dice, "avoid catching fire", base, rule="BRP-FIRE")
            caught = not tables.succeeded(r.tier or "failure")
            events.append(
                SkillRolled(
                    combatant=cid,
                    skill="pow x1" if ex.hazard == "bonfire" else "luck",
                    roll=r,
                    success=not caught,
                    rule="BRP-FIRE",
                )
            )
        if caught:
            events.append(
                ExposureChanged(combatant=cid, hazard="aflame", present=True, rule="BRP-FIRE")
            )
    return events


def _breath(state: FightState, cid: str, ex: Exposure, dice: Dice) -> list[Event]:
    """One round without air: once a breath roll has failed, its damage each round (to the
    chest with hit locations); until then a CON roll, x10, x5, x4 … down to x1, then x1 again
    or (option ``asphyx_after_one`` fails) no more rolls: ``breath`` 0, the next round fails;
    a deliberate choking is CON x1 or 1D6 each round."""
    f = fighter(state, cid)
    con = f.profile.characteristics["con"]
    loc = "chest" if opts(state).hit_locations else None
    if ex.failed:
        dmg = roll(dice, ex.hazard, tables.ASPHYX_DAMAGE[ex.hazard], rule="BRP-ASPHYX")
        return [
            DamageRolled(actor=ex.hazard, target=cid, roll=dmg, effect="no air"),
            *wounds.take(state, cid, max(0, dmg.total), loc, "BRP-ASPHYX"),
        ]
    if ex.breath < 1 and ex.hazard != "choke":
        ok = False
        events: list[Event] = []
    else:
        r = skill_roll(state, dice, f"breath CON x{ex.breath}", con * ex.breath, rule="BRP-ASPHYX")
        ok = tables.succeeded(r.tier or "failure")
        events = [
            SkillRolled(
                combatant=cid, skill=f"con x{ex.breath}", roll=r, success=ok, rule="BRP-ASPHYX"
            )
        ]
    if ex.hazard == "choke":
        if not ok:
            dmg = roll(dice, "choking", tables.ASPHYX_DAMAGE["choke"], rule="BRP-ASPHYX")
            events.append(DamageRolled(actor="choke", target=cid, roll=dmg, effect="choked"))
            events += wounds.take(state, cid, max(0, dmg.total), None, "BRP-ASPHYX")
        return events
    at_one = 1 if opts(state).asphyx_after_one == "stays" else 0
    following = {10: 5}.get(ex.breath, ex.breath - 1 if ex.breath > 1 else at_one)
    events.append(
        ExposureChanged(
            combatant=cid,
            hazard=ex.hazard,
            present=True,
            breath=following if ok else ex.breath,
            failed=not ok,
            rule="BRP-ASPHYX",
        )
    )
    return events
