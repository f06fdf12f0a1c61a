"""Time in GURPS (GURPS-SEQUENCE): a turn is one second; ``initiative`` sets the turn sequence
once — Basic Speed, then DX, then a 1d roll (higher first), recorded — and after the last
fighter's turn the next second begins by itself (the core's round is one second).

When a fighter's turn begins (GURPS-SHOCK, GURPS-STUN, GURPS-ZERO-HP): last turn's maneuver
and parries are over, the shock waiting for this turn is now; at 0 HP or less an HT roll (at
-1 per full multiple of HP below zero) keeps him conscious; a stunned fighter does nothing and
rolls to recover (HT when physically stunned, IQ when mentally), free of it from the end of
this turn; a surprised one is frozen or rolls IQ to recover (``surprise``). A Wait is the
core's hold; GURPS has no interrupts or counters but a waited action.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.dice import Dice
from engine.rolls import roll
from engine.rules import IllegalAction, UsageError
from engine.rules.gurps.common import able, choose, fighter, out_of_it
from engine.rules.gurps.melee import holder_turn
from engine.rules.gurps.options import opts
from engine.rules.gurps.resolution import mod, succeeded, success_roll
from engine.rules.gurps.surprise import surprised_turn
from engine.rules.pack import Decision, TurnKind
from engine.turns import expiring
from events.core import (
    ConditionChanged,
    Event,
    HoldDeclared,
    InitiativeDeclared,
    InterruptDeclared,
    RoundStarted,
    RulingDeclared,
)
from events.gurps import (
    FighterReadied,
    FighterResheeted,
    GurpsRulingDeclared,
    InitiativeRolled,
    InjuryApplied,
    ManeuverChosen,
    StunChanged,
    SuccessRolled,
    TurnBegan,
)
from projections.state import FightState

#: Why a condition given for some seconds ends.
SECONDS_OVER = "its seconds are over"


def can_act(state: FightState, cid: str) -> bool:
    """A fighter takes his turn unless he is dead or unconscious."""
    return cid in state.combatants and out_of_it(state, cid) is None


def sequence(state: FightState) -> tuple[str, ...]:
    """The turn sequence: Basic Speed, then DX, then the recorded 1d, then join order
    (GURPS-SEQUENCE); the dead and unconscious are left out."""
    join = {cid: i for i, cid in enumerate(state.combatants)}

    def key(cid: str) -> tuple[int, int, int, int]:
        f = fighter(state, cid)
        return (-f.profile.speed_quarters, -f.profile.dx, -(f.initiative or 0), join[cid])

    return tuple(sorted((cid for cid in state.combatants if can_act(state, cid)), key=key))


def begin(state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
    """The first second: everyone's tie-breaking 1d, then the sequence (GURPS-SEQUENCE). Once
    set it stands; if every fighter fell and the clock stopped, ``initiative`` starts the
    seconds again."""
    if state.clock.round and state.clock.acting is not None:
        raise IllegalAction(
            "the turn sequence is set: the seconds follow by themselves (GURPS-SEQUENCE)"
        )
    # what the last second's end left (a log written before conditions ended with their
    # second), ended before the sequence is counted
    events: list[Event] = [*expiring(state, state.clock.round, (), SECONDS_OVER)]
    if state.clock.round == 0:
        for cid in state.combatants:
            if not can_act(state, cid):
                continue
            p = fighter(state, cid).profile
            r = roll(dice, "initiative tie-break", "1D6", rule="GURPS-SEQUENCE")
            events.append(
                InitiativeRolled(combatant=cid, speed_quarters=p.speed_quarters, dx=p.dx, roll=r)
            )
    from engine.rules.gurps.fold import fold_gurps

    now = fold_gurps(state, events)
    order = sequence(now)
    if not order:
        raise IllegalAction("nobody is able to fight: add combatants with `fracas add SHEET`")
    events.append(RoundStarted(round=state.clock.round + 1, order=order, passes=1))
    return Decision(events, advance="start")


def next_second(state: FightState, dice: Dice) -> list[Event]:
    """Every turn of the second is done: the conditions given for some seconds whose last
    second it was end, then the next second begins, same sequence less those who can no
    longer act (none left: the clock stops)."""
    from engine.rules.gurps.fold import fold_gurps

    ended: list[Event] = [*expiring(state, state.clock.round, (), SECONDS_OVER)]
    order = sequence(fold_gurps(state, ended))
    if not order:
        return ended
    return [*ended, RoundStarted(round=state.clock.round + 1, order=order, passes=1)]


def on_turn(state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
    """His turn begins: see the module docstring."""
    if kind != "turn":
        return Decision([], resolved=False)
    f = fighter(state, cid)
    p = f.profile
    events: list[Event] = [TurnBegan(combatant=cid, second=state.clock.round, shock=f.shock_next)]
    events += holder_turn(state, cid, dice)
    if f.hp <= 0 and not (
        opts(state).zero_hp == "unless_do_nothing" and f.maneuver == "do-nothing"
    ):
        below = -f.hp // p.hp
        mods = [mod(f"{below} x HP below zero", -below, "injury", "GURPS-ZERO-HP")] if below else []
        r = success_roll(dice, "stay conscious", p.ht, mods, rule="GURPS-ZERO-HP")
        ok = succeeded(r)
        events.append(
            SuccessRolled(
                combatant=cid, what="HT (consciousness)", roll=r, success=ok, rule="GURPS-ZERO-HP"
            )
        )
        if not ok:
            events.append(
                ConditionChanged(
                    combatant=cid, condition="unconscious", present=True, rule="GURPS-ZERO-HP"
                )
            )
            return Decision(events, advance="next")
    if f.fp <= 0:
        from engine.rules.gurps.fatigue import turn_check

        tired = turn_check(state, dice, cid)
        events += tired
        if any(isinstance(e, ConditionChanged) for e in tired):
            return Decision(events, advance="next")
    if f.surprise is not None:
        return Decision([*events, *surprised_turn(state, cid, dice)], advance="next")
    if f.stun != "none":
        events.append(ManeuverChosen(combatant=cid, maneuver="do-nothing"))
        base, what = (p.ht, "HT") if f.stun == "physical" else (p.iq, "IQ")
        r = success_roll(dice, "recover from stun", base, rule="GURPS-STUN")
        ok = succeeded(r)
        events.append(
            SuccessRolled(
                combatant=cid, what=f"{what} (stun)", roll=r, success=ok, rule="GURPS-STUN"
            )
        )
        if ok:
            events.append(StunChanged(combatant=cid, stun="none", rule="GURPS-STUN"))
        return Decision(events, advance="next")
    return Decision(events, resolved=False)


class GurpsTurns:
    """The GURPS pack's ``TurnRules`` (engine/rules/pack.py)."""

    def able(self, state: FightState, cid: str) -> None:
        """Dead or unconscious, a fighter does nothing."""
        able(state, cid)

    def waiting(self, state: FightState) -> str:
        """The attack waiting for its defender's answer."""
        p = state.pending
        assert p is not None
        allowed = "|".join([*getattr(p.detail, "allowed", ()), "none"])
        return (
            f"{state.combatants[p.actor].name}'s attack is waiting for "
            f"{state.combatants[p.reactor].name}'s answer: "
            f"`fracas defend {p.reactor} {allowed}` first"
        )

    def out(self, state: FightState, cid: str) -> str | None:
        """Dead or unconscious."""
        return out_of_it(state, cid)

    def can_act(self, state: FightState, cid: str) -> bool:
        """See :func:`can_act`."""
        return can_act(state, cid)

    def on_turn(self, state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
        """See :func:`on_turn`."""
        return on_turn(state, cid, dice, kind)

    def on_round_end(self, state: FightState, dice: Dice) -> list[Event]:
        """The next second begins (see :func:`next_second`)."""
        return next_second(state, dice)

    def join(self, state: FightState, combatant: str, sheet: Any) -> list[Event]:
        """Derive HP, FP, Basic Speed and the rest once; an embedded sheet is checked as a
        file would be. One who joins after the first second takes his place in the sequence
        from the next second."""
        from engine.rules.gurps.profile import build_profile
        from engine.rules.gurps.sheet_io import check_sheet

        check_sheet(sheet)
        return [FighterReadied(combatant=combatant, profile=build_profile(sheet))]

    def resheet(self, state: FightState, combatant: str, sheet: Any, reset: bool) -> list[Event]:
        """The new sheet read into a profile as at a join (Basic Speed counts from the next
        second's sequence); refused if it lacks a weapon he aims, attacks with both hands,
        suppresses a zone with, or has stuck in a foe (GURPS-AIM, GURPS-SUPPRESS,
        GURPS-PICK-STUCK)."""
        from engine.roster import resheet_profile
        from engine.rules.gurps.profile import build_profile
        from engine.rules.gurps.sheet_io import check_sheet

        check_sheet(sheet)
        f = fighter(state, combatant)
        in_use: dict[str, str] = {}
        if f.aim_weapon:
            in_use[f.aim_weapon] = "the aim"
        for weapon, _, _ in f.dual:
            in_use[weapon] = "the dual-weapon attack"
        if f.zone is not None:
            in_use[f.zone.weapon] = "suppression fire"
        for weapon in f.stuck:
            in_use[weapon] = "stuck in a foe"
        profile = resheet_profile(state, combatant, f.profile, build_profile(sheet), in_use, reset)
        return [FighterResheeted(combatant=combatant, profile=profile, reset=reset)]

    def begin_round(self, state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
        """See :func:`begin`."""
        return begin(state, d, dice)

    def end_turn(self, state: FightState, actor: str) -> list[Event]:
        """Passing a turn with no maneuver chosen is Do Nothing."""
        if fighter(state, actor).maneuver is None:
            return [ManeuverChosen(combatant=actor, maneuver="do-nothing")]
        return []

    def allows(self, state: FightState, what: Literal["hold", "interrupt", "counter"]) -> None:
        """Wait (a hold), yes; interrupts and counters are not GURPS rules."""
        if what != "hold":
            raise IllegalAction(
                f"GURPS has no {what}s: take the Wait maneuver (`fracas hold A --until TRIGGER`) "
                "and release it when the trigger comes (GURPS-WAIT)"
            )

    def hold(self, state: FightState, d: HoldDeclared) -> list[Event]:
        """A hold is the Wait maneuver (GURPS-WAIT)."""
        return [choose(state, d.actor, "wait")]

    def ready(self, state: FightState, cid: str, what: str) -> None:
        """Acting out of turn needs him able."""
        able(state, cid)

    def contest(
        self, state: FightState, d: InterruptDeclared, against: str, dice: Dice
    ) -> tuple[list[Event], bool]:
        """Never reached (:meth:`allows` refuses interrupts)."""
        raise IllegalAction("GURPS has no interrupts (GURPS-WAIT)")

    def break_action(self, state: FightState, cid: str, why: str) -> list[Event] | None:
        """No long actions to break."""
        return None

    def ruling(self, state: FightState, d: RulingDeclared) -> list[Event]:
        """A ruling's damage is injury straight off HP, without shock or rolls (the GM rules
        what else follows), except that -5 x HP is death outright (GURPS-DEATH-CHECK); with
        ``--fp`` it is fatigue (GURPS-FATIGUE: FP, and HP at 0 FP or below). ``--heal`` gives
        HP (or FP) back up to the sheet's (GURPS-HEALING)."""
        from engine.rules.gurps.fatigue import heal, lose_fp
        from engine.rules.gurps.fold import fold_gurps
        from engine.rules.gurps.injury import dead_outright

        on_fp = isinstance(d, GurpsRulingDeclared) and d.fp
        if on_fp and not (d.damage or d.heal):
            raise UsageError("--fp goes with --damage N or --heal N")
        c = state.combatants[d.combatant]
        if (d.damage or d.heal) and not c.alive:
            raise IllegalAction(f"{c.name} is dead")
        rule = d.rule or "GM ruling"
        f = fighter(state, d.combatant)
        events: list[Event] = []
        if d.damage and on_fp:
            events += lose_fp(state, None, d.combatant, d.damage, rule)
        elif d.damage:
            events.append(
                InjuryApplied(
                    target=d.combatant,
                    location="torso",
                    basic=d.damage,
                    dr=0,
                    penetrating=d.damage,
                    mult_num=1,
                    mult_den=1,
                    amount=d.damage,
                    before=f.hp,
                    after=f.hp - d.damage,
                    steps=(f"GM ruling{': ' + d.rule if d.rule else ''}",),
                )
            )
        if d.damage:
            hurt = fighter(fold_gurps(state, events), d.combatant).hp
            events += dead_outright(state, d.combatant, hurt)  # no roll, whoever ruled the blow
        if d.heal:
            now = fold_gurps(state, events)
            events += heal(now, d.combatant, d.heal, "fp" if on_fp else "hp", rule)
        return events
