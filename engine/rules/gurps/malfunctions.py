"""Malfunctions wired into the pack (GURPS-MALF): an attack whose unmodified 3d reaches the
weapon's Malf does not fire (a stoppage lets one shot off first); 3d on the malfunction table
says what went wrong, and the weapon stays jammed until Ready turns and a skill roll clear it
(``fracas clear``). An explosion destroys the weapon and hurts the shooter.

The table, the remedies and the explosion's damage are
:mod:`engine.rules.gurps.situations.malfunction`; this module rolls, reads the fight and
records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps import injury
from engine.rules.gurps.common import check_turn, choose, fighter, find_weapon
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.profile import weapon_damage
from engine.rules.gurps.resolution import mod, succeeded, success_roll
from engine.rules.gurps.situations import malfunction as table
from engine.rules.gurps.situations.explosions import FRAGMENT_DAMAGE_TYPE
from engine.rules.pack import Decision
from events.core import Event, Modifier, Roll
from events.gurps import ClearDeclared, GurpsWeapon, MalfunctionRolled, WeaponCleared
from events.gurps.ranged import ClearStep, Jam
from projections.state import FightState

if TYPE_CHECKING:
    from engine.rules.gurps.rapidfire import Volley

#: Jams nothing clears in a fight.
_FOR_GOOD = ("destroyed", "dud", "late")


def refuse_jammed(state: FightState, cid: str, weapon: GurpsWeapon) -> None:
    """Refuse a weapon that has malfunctioned and not been cleared, saying what it takes."""
    jam = fighter(state, cid).jams.get(weapon.name)
    if jam is None:
        return
    name = state.combatants[cid].name
    if jam.kind in _FOR_GOOD:
        raise IllegalAction(f"{name}'s {weapon.name} is {jam.kind}: it will not fire (GURPS-MALF)")
    raise IllegalAction(
        f"{name}'s {weapon.name} has a {jam.kind}: `fracas clear {cid} --weapon "
        f'"{weapon.name}"` ({_needs(jam.kind, weapon.design, jam.step)}; GURPS-MALF)'
    )


def _needs(kind: str, design: str, step: ClearStep | None) -> str:
    remedy = table.remedy(kind, design)  # type: ignore[arg-type]
    if step == "diagnose" and remedy.diagnose is not None:
        return f"{remedy.diagnose[0]} Ready to find it, then a roll"
    if remedy.fix is None:
        return "nothing to fix"
    if remedy.hours:
        return "an hour's repair and an Armoury roll a try"
    return f"{remedy.fix[0]} Readies, then a roll"


@attrs.frozen
class Malfunction:
    """What a malfunction does to the attack: ``events`` (the table roll, an explosion's
    injuries) and whether one shot still goes off (a stoppage)."""

    events: tuple[Event, ...]
    fires_one: bool
    why: str

    def volley(self, v: Volley) -> Volley:
        """The attack's burst as it went: one shot for a stoppage, none otherwise."""
        shots = 1 if self.fires_one else 0
        return attrs.evolve(v, ammunition=shots, rof=shots, multiplier=1, stationary=False)


def check(
    state: FightState, dice: Dice, actor: str, weapon: GurpsWeapon, attack: Roll
) -> Malfunction | None:
    """If the unmodified attack roll reaches Malf (a weapon that malfunctions: it has a
    design), the 3d on the malfunction table and what follows; else None."""
    if not weapon.design or not table.malfunctions(attack.total, weapon.malf):
        return None
    r = roll(dice, "malfunction", "3D6", rule="GURPS-MALF")
    kind = table.malfunction(r.total, tl=weapon.tl, design=weapon.design)  # type: ignore[arg-type]
    remedy = table.remedy(kind, weapon.design)  # type: ignore[arg-type]
    jam: Jam | None = "destroyed" if kind == "explosion" else kind
    if remedy.fix is None and remedy.diagnose is not None:  # a revolver's misfire
        jam = None
    step: ClearStep | None = None
    if jam is not None and jam not in _FOR_GOOD:
        step = "diagnose" if remedy.diagnose is not None else "fix"
    readies = 0 if step is None else _step(remedy, step)[0]
    why = f"{attack.total} reaches Malf {weapon.malf}: {kind} (3d {r.total})"
    events: list[Event] = [
        MalfunctionRolled(
            combatant=actor,
            weapon=weapon.name,
            malf=weapon.malf,
            attack=attack.total,
            roll=r,
            kind=kind,
            jam=jam,
            step=step,
            readies=readies,
            reason=why + (", one shot fires first" if remedy.shot_fires else ""),
        )
    ]
    if kind == "explosion":
        events += _explodes(state, dice, actor)
    return Malfunction(events=tuple(events), fires_one=remedy.shot_fires, why=f"MALFUNCTION: {why}")


def _explodes(state: FightState, dice: Dice, actor: str) -> list[Event]:
    """The weapon blows up in his hands: its blast on his torso, and one fragment at a random
    location (readings: the shooter is struck; a direct hit is one fragment, GURPS-FRAG)."""
    blast, _, frag = table.EXPLOSION_DAMAGE.partition(" [")
    st = fighter(state, actor).profile.st
    damage, dice_text = weapon_damage(blast, st)
    events: list[Event] = injury.hit(
        state, dice, actor, actor, injury.Blow(dice=dice_text, damage=damage, location="torso")
    )
    now = fold_gurps(state, events)
    if now.combatants[actor].alive:
        shard, shard_dice = weapon_damage(f"{frag.rstrip(']')} {FRAGMENT_DAMAGE_TYPE}", st)
        events += injury.hit(now, dice, actor, actor, injury.Blow(dice=shard_dice, damage=shard))
    return events


def _step(remedy: table.Remedy, step: ClearStep) -> tuple[int, int, int | None]:
    spec = remedy.diagnose if step == "diagnose" else remedy.fix
    assert spec is not None
    return spec


def _skill(
    state: FightState, d: ClearDeclared, weapon: GurpsWeapon, armoury: int, iq_based: int | None
) -> tuple[str, int, list[Modifier]]:
    """The roll that clears it: Armoury (IQ-5 without the skill) or the IQ-based weapon
    skill, each with its modifier for this malfunction; the better unless ``d.skill`` says."""
    p = fighter(state, d.actor).profile
    arm_base = p.skills.get("armoury", p.iq - ARMOURY_DEFAULT)
    arm = ("Armoury", arm_base, [mod("clearing", armoury, "situation", "GURPS-MALF")])
    if iq_based is None:
        if d.skill == "weapon":
            raise IllegalAction(f"only Armoury clears this (GURPS-MALF), not {weapon.skill}")
        choices = [arm]
    else:
        iq = mod("IQ-based", p.iq - p.dx, "sheet", "GURPS-MALF")
        wpn = (f"IQ-based {weapon.skill}", weapon.level, [iq, mod("clearing", iq_based,
               "situation", "GURPS-MALF")])  # fmt: skip
        choices = [arm] if d.skill == "armoury" else [wpn] if d.skill == "weapon" else [arm, wpn]
    name, base, mods = max(choices, key=lambda c: c[1] + sum(m.value for m in c[2]))
    return name, base, [m for m in mods if m.value]


def decide_clear(state: FightState, d: ClearDeclared, dice: Dice) -> Decision:
    """A Ready turn spent clearing a jammed weapon (GURPS-MALF): the last Ready of a step
    rolls; finding the problem leads on to fixing it; a fix clears it; a critical failure
    of the fix makes it a worse problem."""
    check_turn(state, d.actor)
    f = fighter(state, d.actor)
    if d.weapon is None:
        jammed = [w for w, j in f.jams.items() if j.kind not in _FOR_GOOD]
        if not jammed:
            raise UsageError(f"{state.combatants[d.actor].name} has no jammed weapon")
        weapon = find_weapon(state, d.actor, jammed[0])
    else:
        weapon = find_weapon(state, d.actor, d.weapon)
    jam = f.jams.get(weapon.name)
    if jam is None:
        raise IllegalAction(f"the {weapon.name} has not malfunctioned: nothing to clear")
    if jam.kind in _FOR_GOOD or jam.step is None:
        raise IllegalAction(f"the {weapon.name} is {jam.kind}: nothing clears it (GURPS-MALF)")
    remedy = table.remedy(jam.kind, weapon.design)  # type: ignore[arg-type]
    readies, armoury, iq_based = _step(remedy, jam.step)
    if jam.step == "fix" and remedy.hours:
        raise IllegalAction(
            f"the {weapon.name} has a mechanical problem: an hour's repair and an Armoury roll a "
            "try, not a fight's work (GURPS-MALF); the GM rules it (`fracas ruling`)"
        )
    readied = choose(state, d.actor, "ready", weapon=weapon.name)
    done = jam.readies + 1
    r: Roll | None = None
    ok: bool | None = None
    now: Jam | None = jam.kind
    step_now: ClearStep | None = jam.step
    why = f"{done} of {readies} Readies"
    if done >= readies:  # the last Ready of the step: the roll
        name, level, mods = _skill(state, d, weapon, armoury, iq_based)
        r = success_roll(dice, f"{jam.step} {jam.kind} ({name})", level, mods, rule="GURPS-MALF")
        ok = succeeded(r)
        if ok and jam.step == "diagnose":
            step_now, why = "fix", "found: now to fix it"
        elif ok:
            now, step_now, why = None, None, "cleared: it fires again"
        elif r.tier == "fumble" and jam.step == "fix":
            worse = remedy.on_critical_failure
            now = "destroyed" if worse == "destroyed" else worse  # type: ignore[assignment]
            step_now = None if now == "destroyed" else "diagnose"
            why = f"a critical failure: now {now}"
        else:
            why = "failed: the step again"
    cleared = WeaponCleared(
        combatant=d.actor,
        weapon=weapon.name,
        step=jam.step,
        done=done,
        readies=readies,
        roll=r,
        success=ok,
        jam=now,
        step_now=step_now,
        reason=why,
    )
    return Decision([readied, cleared], advance="next")


#: Armoury defaults to IQ-5 ([GK], the Basic Set's skill list).
ARMOURY_DEFAULT = 5
