"""Grappling (GURPS-GRAPPLE, GURPS-GRAPPLE-LOC, GURPS-ARM-LOCK, GURPS-CHOKE-HOLD): the
``grapple``, ``break-free`` and ``let-go`` verbs, and what a hold does to the attacks and
defences of the two it binds. The situational arithmetic is
:mod:`engine.rules.gurps.situations.grapple`'s; this module rolls the dice and writes the
events.

- ``grapple A B [--location LOC]``: an attack (the Attack maneuver unless another was chosen)
  rolled against the best of DX and the grappling skills (option ``grapple_skills``), reach C,
  answered by a dodge, parry or block; a body part is grabbed at half its penalty (option
  ``grapple_rounding``). Got through: A holds B (``Grappled``).
- ``grapple A B --lock arm``: A holds B in a grapple, or this is A's first turn after he
  parried B's melee attack barehanded with Judo or Wrestling (:mod:`barehanded`): a Judo or
  Wrestling attack locks the arm (``--location left_arm``; default the right); while it is
  locked, the same command is the
  turn's Quick Contest of A's best of Judo, Wrestling and ST against B's better of ST and HT,
  the margin of victory crushing damage to that arm.
- ``grapple A B --lock choke``: a choke hold from behind at Judo-2 or Wrestling-3 (no defence
  by default, option ``choke_from_behind``); while it holds, B loses 1 FP as each of A's turns
  begins, and the same command chokes: a Quick Contest of A's ST+3 against B's better of ST and
  HT, the margin crushing damage to the neck.
- ``break-free B``: on B's turn, an attack of his: a Quick Contest of B's best of ST, Judo and
  Wrestling against A's, A +4 in an arm lock (B -1 for each try he failed against it), +5 in a
  choke hold. ``let-go A``: A lets go, free, on his turn.
- Held, B's attacks are at -4 (-4 too, and no more, at the holder in a choke hold), and he
  cannot Move; in an arm lock he defends at -4 against A's close-combat (reach C) attacks.
"""

from __future__ import annotations

import attrs

from engine.dice import Dice
from engine.inputs import escaped
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.rules.gurps import defence, injury
from engine.rules.gurps.attack import modifiers
from engine.rules.gurps.common import check_turn, choose, fighter, punch
from engine.rules.gurps.fold import fold_gurps
from engine.rules.gurps.maneuvers import Row, row
from engine.rules.gurps.melee import melee_situation
from engine.rules.gurps.options import opts
from engine.rules.gurps.resolution import (
    contest_rolled,
    mod,
    succeeded,
    success_roll,
)
from engine.rules.gurps.situations import grapple as sg
from engine.rules.gurps.situations.common import situation
from engine.rules.gurps.stuck import let_go
from engine.rules.gurps.tables import LOCATIONS
from engine.rules.pack import Advance, Decision
from engine.turns import known
from events.core import Event, Modifier
from events.gurps import (
    AttackDeclared,
    AttackDetail,
    AttackRolled,
    BreakFreeDeclared,
    BreakFreeFailed,
    Grappled,
    GrappleDeclared,
    GrappleEnded,
    Hold,
    LetGoDeclared,
)
from events.gurps.records import Damage
from projections.state import FightState

_G = "GURPS-GRAPPLE"


@attrs.frozen
class HoldRow:
    """A kind of hold: its words, its rule, whether it binds harder than a grapple (the
    situational break-free bonus applies), its roll's name, the skills its attack is rolled
    against and what is added to each (None: the grapple's own choice of skills), the damage
    contest's holder side in words, and the location that contest hurts (None: the one
    held)."""

    title: str
    rule: str
    situational: bool
    attack: dict[str, int] | None = None
    squeeze: str = ""
    squeezed: str | None = None


#: What ``--lock`` asks for (None: a grapple) -> the hold it takes.
LOCKS: dict[str | None, Hold] = {None: "grapple", "arm": "arm_lock", "choke": "choke_hold"}
HOLDS: dict[str, HoldRow] = {
    "grapple": HoldRow("grapple", _G, situational=False),
    "arm_lock": HoldRow(
        "arm lock",
        "GURPS-ARM-LOCK",
        situational=True,
        attack={"judo": 0, "wrestling": 0},
        squeeze="arm lock (best of Judo, Wrestling, ST)",
    ),
    "choke_hold": HoldRow(
        "choke hold",
        "GURPS-CHOKE-HOLD",
        situational=True,
        attack=dict(sg.CHOKE_SKILL),
        squeeze="choke (ST)",
        squeezed="neck",
    ),
}
#: The skills a grapple is rolled against, besides DX, by option ``grapple_skills``.
GRAPPLE_SKILLS: dict[str, tuple[str, ...]] = {
    "judo_wrestling": ("judo", "wrestling", "sumo_wrestling"),
    "with_brawling": ("judo", "wrestling", "sumo_wrestling", "brawling"),
}
#: The skills that may take the place of ST to break free or to hold (reading, [GK]).
HOLDING_SKILLS = ("judo", "wrestling")
#: The arms an arm lock may take.
ARMS = ("right_arm", "left_arm")


def _best(
    state: FightState, cid: str, skills: tuple[str, ...], base: str, level: int
) -> tuple[str, int]:
    """The best of ``base`` at ``level`` and the named skills on the sheet."""
    have = fighter(state, cid).profile.skills
    best = (base, level)
    for name in skills:
        if have.get(name, -99) > best[1]:
            best = (name, have[name])
    return best


def _attack_skill(
    state: FightState, d: GrappleDeclared, hold: HoldRow
) -> tuple[str, int, list[Modifier]]:
    """What the grapple is rolled against, its level and its own modifier (a choke's -2/-3)."""
    p = fighter(state, d.actor).profile
    if hold.attack is None:
        what, level = _best(state, d.actor, GRAPPLE_SKILLS[opts(state).grapple_skills], "DX", p.dx)
        return what, level, []
    have = {s: p.skills[s] + m for s, m in hold.attack.items() if s in p.skills}
    if not have:
        raise IllegalAction(
            f"{p.name} has neither Judo nor Wrestling, and the {hold.title} needs one ({hold.rule})"
        )
    what = max(have, key=lambda s: have[s])
    extra = hold.attack[what]
    mods = [situation(extra, f"{hold.title} ({what})", hold.rule)] if extra else []
    return what, p.skills[what], mods


def _where(d: GrappleDeclared, hold: Hold) -> str | None:
    """The part grabbed: an arm lock's arm; a grapple's location (None: not named)."""
    if hold == "arm_lock":
        where = ARMS[0] if d.location is None else d.location
        if where not in ARMS:
            raise UsageError(
                f"--location {escaped(where)}: an arm lock takes an arm: {' or '.join(ARMS)}"
            )
        return where
    if hold == "choke_hold" and d.location is not None:
        raise UsageError("a choke hold takes the neck: no --location")
    if d.location is not None and d.location not in LOCATIONS:
        raise UnknownName(
            f"--location {escaped(d.location)}: unknown hit location ({', '.join(LOCATIONS)})"
        )
    return d.location


def _maneuver(state: FightState, actor: str, target: str, events: list[Event]) -> Row:
    """The maneuver this attack belongs to (the Attack maneuver unless another was chosen)."""
    f = fighter(state, actor)
    if f.maneuver is None:
        events.append(choose(state, actor, "attack", target=target, weapon="punch"))
        r = row("attack")
    else:
        r = row("attack") if f.maneuver == "wait" else row(f.maneuver, f.mode)
    if r.attacks == 0 or f.attacks >= r.attacks:
        raise IllegalAction(
            f"{state.combatants[actor].name} has no attack left this turn ({r.rule})"
        )
    if r.ranged_only:
        raise IllegalAction(f"{r.title} is for ranged attacks ({r.rule})")
    return r


def decide_grapple(state: FightState, d: GrappleDeclared, dice: Dice) -> Decision:
    """A grapple, an arm lock or a choke hold, or the turn's squeeze of one held (see the
    module docstring)."""
    check_turn(state, d.actor)
    known(state, d.target)
    c = state.combatants
    if d.target == d.actor:
        raise UsageError("a grapple needs another combatant as its target")
    if d.retreat and d.defend is None:
        raise UsageError("--retreat goes with --defend")
    if not c[d.target].alive:
        raise IllegalAction(f"{c[d.target].name} is dead")
    f = fighter(state, d.actor)
    hold = LOCKS[d.lock]
    holds_him = f.holding == d.target
    events: list[Event] = []
    if holds_him and f.hold == hold and HOLDS[hold].situational:
        _maneuver(state, d.actor, d.target, events)
        return Decision(_squeeze(state, d, dice, events, HOLDS[hold]), advance="next")
    if f.holding is not None and f.holding != d.target:
        raise IllegalAction(
            f"{f.profile.name} holds {c[f.holding].name}: `fracas let-go {d.actor}` first"
        )
    held_by = fighter(state, d.target).held_by
    if held_by is not None and held_by != d.actor:
        raise IllegalAction(
            f"{c[held_by].name} holds {c[d.target].name} already ({_G}: one holder)"
        )
    if holds_him and f.hold == hold:
        raise IllegalAction(
            f"{f.profile.name} holds {c[d.target].name} in a {HOLDS[hold].title} already"
        )
    parried = d.target in f.lock_chances  # his first turn after a barehanded parry
    if hold == "arm_lock" and not sg.arm_lock_allowed(
        free_hands=sg.LOCK_HANDS,
        parried_barehanded=holds_him or parried,
        within_yards=sg.LOCK_REACH,
    ):
        raise IllegalAction(
            f"an arm lock starts from a grapple or from a barehanded Judo or Wrestling parry: "
            f"{f.profile.name} must hold {c[d.target].name} first (`fracas grapple {d.actor} "
            f"{d.target}`), or have parried {pronoun(state, d.target).their} attack barehanded "
            "before this turn "
            "(GURPS-ARM-LOCK)"
        )
    return _grapple(state, d, dice, events, hold)


def _after(attacks: int, r: Row) -> Advance:
    return "none" if attacks + 1 < r.attacks else "next"


def _grapple(
    state: FightState, d: GrappleDeclared, dice: Dice, events: list[Event], hold: Hold
) -> Decision:
    """The grapple's attack roll, then the defence, then the hold."""
    row_ = HOLDS[hold]
    r = _maneuver(state, d.actor, d.target, events)
    where = _where(d, hold)
    hand = punch(state, d.actor)
    what, level, own = _attack_skill(state, d, row_)
    as_attack = AttackDeclared(actor=d.actor, target=d.target, weapon=hand.name, mod=d.mod)
    mods = modifiers(state, as_attack, hand, r, 1)
    mods += own
    if where is not None and hold == "grapple" and LOCATIONS[where].penalty:
        mods.append(
            sg.grapple_location(LOCATIONS[where].penalty, rounding=opts(state).grapple_rounding)
        )
    extra, defence_mods = melee_situation(state, d.actor, d.target, hand)
    mods += extra
    roll = success_roll(dice, f"{row_.title} ({what})", level, mods, rule=row_.rule)
    hit = succeeded(roll)
    f = fighter(state, d.actor)
    after_parry = hold == "arm_lock" and f.holding != d.target and d.target in f.lock_chances
    how = f" after {pronoun(state, d.actor).their} barehanded parry" if after_parry else ""
    events.append(
        AttackRolled(
            actor=d.actor,
            target=d.target,
            weapon=row_.title,
            roll=roll,
            hits=1 if hit else 0,
            reason=f"{row_.title}{how}: {roll.tier}, {roll.total} against {roll.target}",
        )
    )
    advance = _after(fighter(state, d.actor).attacks, r)
    if not hit:
        return Decision(events, advance=advance)
    detail = AttackDetail(
        weapon=row_.title,
        ranged=False,
        tier="critical" if roll.tier == "critical" else "success",
        roll=roll.total,
        margin=roll.margin or 0,
        location=where,
        allowed=defence.allowed(state, d.target, hand),
        grapple=hold,
        note=f"a {row_.title}",
        defence_mods=tuple(defence_mods),
    )
    why_not = None
    if hold == "choke_hold" and opts(state).choke_from_behind == "no_defence":
        why_not = "a choke hold from behind: no defence (GURPS-CHOKE-HOLD)"
    now = fold_gurps(state, events)
    after = defence.follow(
        now,
        dice,
        d.actor,
        d.target,
        detail,
        seize,
        defend=d.defend,
        retreat=d.retreat,
        why_not=why_not,
    )
    return Decision(events + after, advance=advance)


def seize(
    state: FightState, dice: Dice, actor: str, target: str, detail: AttackDetail, hits: int
) -> list[Event]:
    """The grapple got through: ``actor`` holds ``target`` (the landing of a grapple, as
    :func:`attack.land` is a blow's)."""
    assert detail.grapple is not None
    hold = HOLDS[detail.grapple]
    return [
        Grappled(
            holder=actor,
            victim=target,
            hold=detail.grapple,
            location=detail.location,
            rule=hold.rule if detail.location is None or hold.situational else "GURPS-GRAPPLE-LOC",
        )
    ]


def _squeeze(
    state: FightState, d: GrappleDeclared, dice: Dice, events: list[Event], hold: HoldRow
) -> list[Event]:
    """The turn's Quick Contest of a lock or choke held: the holder's side against the
    victim's better of ST and HT; the margin of victory is crushing damage where it holds."""
    a = fighter(state, d.actor)
    p, v = a.profile, fighter(state, d.target).profile
    if hold.squeezed is None:
        level = sg.arm_lock_skill(
            judo=p.skills.get("judo", 0), wrestling=p.skills.get("wrestling", 0), st=p.st
        )
        mods: list[Modifier] = []
    else:
        level = p.st
        mods = [sg.choke_hold_turn()[1]]
    if d.mod:
        mods.append(mod("the GM's modifier", d.mod, "gm"))
    mine = success_roll(dice, hold.squeeze, level, mods, rule=hold.rule)
    resist = sg.arm_lock_resistance(st=v.st, ht=v.ht)
    theirs = success_roll(dice, f"resist the {hold.title} (ST or HT)", resist, rule=hold.rule)
    rolled, who, margin = contest_rolled(d.actor, d.target, mine, theirs, hold.rule)
    events.append(rolled)
    if who <= 0:
        return events
    where = hold.squeezed or a.hold_location or ARMS[0]
    blow = injury.Blow(dice="", damage=Damage(type="cr", text=hold.title), location=where)
    return events + injury.harm(fold_gurps(state, events), dice, d.target, margin, blow, where)


def decide_break_free(state: FightState, d: BreakFreeDeclared, dice: Dice) -> Decision:
    """``break-free``: the held fighter's Quick Contest against his holder, an attack of his
    turn (see the module docstring)."""
    check_turn(state, d.actor)
    f = fighter(state, d.actor)
    if f.held_by is None:
        raise IllegalAction(f"{f.profile.name} is held by nobody ({_G})")
    holder = f.held_by
    h = fighter(state, holder)
    kind = h.hold or "grapple"
    hold = HOLDS[kind]
    events: list[Event] = []
    _maneuver(state, d.actor, holder, events)
    theirs_mods: tuple[Modifier, ...] = ()
    mine_mods: tuple[Modifier, ...] = ()
    if hold.situational:
        theirs_mods, mine_mods = sg.break_free_modifiers(kind, f.break_free_tries)  # type: ignore[arg-type]
    mine_what, mine_level = _best(state, d.actor, HOLDING_SKILLS, "ST", f.profile.st)
    their_what, their_level = _best(state, holder, HOLDING_SKILLS, "ST", h.profile.st)
    extra = [*mine_mods, *([mod("the GM's modifier", d.mod, "gm")] if d.mod else [])]
    mine = success_roll(dice, f"break free ({mine_what})", mine_level, extra, rule=hold.rule)
    theirs = success_roll(dice, f"hold on ({their_what})", their_level, theirs_mods, rule=hold.rule)
    rolled, who, margin = contest_rolled(d.actor, holder, mine, theirs, hold.rule)
    events.append(rolled)
    if who > 0:
        events.append(
            GrappleEnded(
                holder=holder, victim=d.actor, reason=f"breaks free by {margin}", rule=hold.rule
            )
        )
    else:
        events.append(BreakFreeFailed(victim=d.actor, holder=holder, tries=f.break_free_tries + 1))
    # The contest is his turn's attack, all of it (reading: even an All-Out Attack (Double)).
    return Decision(events, advance="next")


def decide_let_go(state: FightState, d: LetGoDeclared, dice: Dice) -> Decision:
    """``let-go``: the holder lets go, free, on his turn (GURPS-GRAPPLE); or he lets go of a
    weapon stuck in a foe (GURPS-PICK-STUCK)."""
    check_turn(state, d.actor)
    f = fighter(state, d.actor)
    if d.weapon is not None:
        return Decision(let_go(state, d.actor, d.weapon), advance="none")
    if f.holding is None:
        raise IllegalAction(f"{f.profile.name} holds nobody ({_G})")
    ended = GrappleEnded(holder=d.actor, victim=f.holding, reason="lets go", rule=_G)
    return Decision([ended], advance="none")
