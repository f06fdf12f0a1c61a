"""How the Palladium rules price and refuse the core's turn management: joining, beginning a
round, passing, holds, releases, interrupts, counters and the GM's rulings.

Holds, interrupts and counters are house rules (option ``holds``): PAL-HR-HOLD,
PAL-HR-INTERRUPT, PAL-HR-COUNTER. Every method refuses what the rules forbid with IllegalAction
(exit 1) before producing any event.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rolls import contested, roll
from engine.rules import IllegalAction, UsageError
from engine.rules.pack import Decision, TurnKind
from engine.rules.palladium import (
    apm,
    coma,
    conditions,
    damage,
    grips,
    handtohand,
    kinds,
    round,
)  # fmt: skip
from engine.rules.palladium.checks import busy
from engine.rules.palladium.options import opts
from engine.rules.palladium.purposes import answers
from engine.turns import known
from events.core import (
    Event,
    HoldDeclared,
    InitiativeDeclared,
    InterruptDeclared,
    Modifier,
    RulingDeclared,
)
from events.palladium import (
    ActionAbandoned,
    ApmSpent,
    DamageUnit,
    FighterReadied,
    FighterResheeted,
    InterruptRolled,
    PalladiumRulingDeclared,
    Pool,
)
from projections.palladium import fighter
from projections.state import FightState

_NO_EFFECTS = PalladiumRulingDeclared()


class PalladiumTurns:
    """The Palladium pack's ``TurnRules`` (engine/rules/pack.py)."""

    def able(self, state: FightState, cid: str) -> None:
        """Dead, or kept from acting by a condition (in a coma, unconscious, stunned:
        conditions.py), a fighter does nothing: no hold released, no interrupt, no counter."""
        c = state.combatants[cid]
        if not c.alive:
            raise IllegalAction(f"{c.name} is dead")
        k = conditions.out_of_action(c)
        if k is not None:
            raise IllegalAction(f"{c.name} is {k.said} and cannot act ({k.rule})")

    def waiting(self, state: FightState) -> str:
        """The strike waiting for its defender's answer."""
        p = state.pending
        assert p is not None
        who = state.combatants[p.reactor].name
        if p.kind == "activate":
            return (
                f"{who}'s knockout or death-blow chance is waiting for "
                f"{pronoun(state, p.reactor).their} answer: "
                f"`fracas activate {p.reactor} knockout|death-blow|no` first"
            )
        what = "volley" if getattr(p.detail, "volley", None) is not None else "strike"
        return (
            f"{state.combatants[p.actor].name}'s {what} is waiting for {who}'s answer: "
            f"`fracas defend {p.reactor} {'|'.join(answers(getattr(p.detail, 'purpose', '')))}` "
            "first"
        )

    def out(self, state: FightState, cid: str) -> str | None:
        """Dead, or a condition that keeps him from taking turns: unconscious, stunned, in a
        coma (conditions.py)."""
        c = state.combatants[cid]
        if not c.alive:
            return "dead"
        k = conditions.out_of_action(c)
        return None if k is None else k.said

    def can_act(self, state: FightState, cid: str) -> bool:
        """See :func:`round.can_act`."""
        return round.can_act(state, cid)

    def on_turn(self, state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
        """See :func:`kinds.on_turn`."""
        return kinds.on_turn(state, cid, dice, kind)

    def on_round_end(self, state: FightState, dice: Dice) -> list[Event]:
        """See :func:`round.round_end`."""
        return round.round_end(state, dice)

    def join(self, state: FightState, combatant: str, sheet: Any) -> list[Event]:
        """The sheet is read once into the profile the rules use (PAL-APM-H2H,
        PAL-STRIKE-H2H-BONUS-TABLES); an embedded sheet is checked as a file would be."""
        from engine.rules.palladium.profile import build_profile  # cattrs: only joins need it
        from engine.rules.palladium.sheet_io import check_sheet

        check_sheet(sheet)
        return [FighterReadied(combatant=combatant, profile=build_profile(sheet))]

    def resheet(self, state: FightState, combatant: str, sheet: Any, reset: bool) -> list[Event]:
        """The new sheet read into a profile as at a join (PAL-APM-H2H,
        PAL-STRIKE-H2H-BONUS-TABLES); refused if it lacks the weapon of his action under way,
        his covering fire or a grenade of his not yet gone off."""
        from engine.roster import resheet_profile
        from engine.rules.palladium.profile import build_profile
        from engine.rules.palladium.sheet_io import check_sheet

        check_sheet(sheet)
        f = fighter(state.combatants[combatant])
        in_use: dict[str, str] = {}
        if f.in_progress is not None and f.in_progress.weapon:
            in_use[f.in_progress.weapon] = f"the {f.in_progress.action} under way"
        if f.covering is not None:
            in_use[f.covering.weapon] = "covering fire"
        for live in f.grenades:
            in_use[live.weapon] = "a grenade not yet gone off"
        profile = resheet_profile(state, combatant, f.profile, build_profile(sheet), in_use, reset)
        return [FighterResheeted(combatant=combatant, profile=profile, reset=reset)]

    def begin_round(self, state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
        """See :func:`round.begin_round`."""
        return round.begin_round(state, d, dice)

    def end_turn(self, state: FightState, actor: str) -> list[Event]:
        """Passes (house): he gives up the rest of this pass but defences; what he holds is
        kept for them and vanishes when his next turn begins (PAL-HR-PASS-TURN). Cycle (RAW): a
        turn is one attack, so passing it lets that attack go (reading: the round lasts until
        every attack is used, PAL-ROUND-END). A cut-in passed ends the cut-in."""
        f = fighter(state.combatants[actor])
        if not state.clock.resume and not apm.passes_mode(state) and f.apm_left > 0:
            return [
                ApmSpent(
                    combatant=actor,
                    amount=1,
                    on="passing the turn",
                    rule="PAL-ROUND-END",
                    turn=True,
                )
            ]
        return []

    def allows(self, state: FightState, what: Literal["hold", "interrupt", "counter"]) -> None:
        """Holds, interrupts and counters are house rules (option ``holds``)."""
        if not opts(state).holds:
            words, rule = {
                "hold": ("holding an action", "PAL-HR-HOLD"),
                "interrupt": ("interrupting", "PAL-HR-INTERRUPT"),
                "counter": ("a counter", "PAL-HR-COUNTER"),
            }[what]
            raise IllegalAction(
                f"{words} is a house rule ({rule}); start the encounter with --variant house "
                "or --option holds=on"
            )

    def hold(self, state: FightState, d: HoldDeclared) -> list[Event]:
        """Banking attacks without an action is not allowed, so he needs one in hand; the hold
        lasts, across rounds, until his next turn (PAL-HR-HOLD)."""
        busy(state, d.actor)
        c = state.combatants[d.actor]
        if c.held is not None:
            raise IllegalAction(
                f"{c.name} already holds {pronoun(state, c.id).their} action until {c.held!r}"
            )
        if fighter(c).apm_left < 1:
            raise IllegalAction(f"{c.name} has no attacks in hand to hold (PAL-HR-HOLD)")
        return []

    def ready(self, state: FightState, cid: str, what: str) -> None:
        """Out-of-turn actions spend only what is in hand (PAL-HR-HOLD)."""
        if fighter(state.combatants[cid]).apm_left < 1:
            raise IllegalAction(
                f"{state.combatants[cid].name} has no attacks in hand to {what} with"
            )
        busy(state, cid)

    def contest(
        self, state: FightState, d: InterruptDeclared, against: str, dice: Dice
    ) -> tuple[list[Event], bool]:
        """1D100 + Spd each, interrupter first; he goes first only when strictly higher, else
        right after the current action (PAL-HR-INTERRUPT; reading for ``against``: after the
        next action resolved, whoever's)."""

        def spd(cid: str) -> list[Modifier]:
            value = fighter(state.combatants[cid]).profile.spd
            return [Modifier(name="Spd", value=value, source="sheet", rule="PAL-HR-INTERRUPT")]

        mine = roll(dice, "interrupt", "1D100", spd(d.actor), rule="PAL-HR-INTERRUPT")
        theirs = roll(dice, "interrupt", "1D100", spd(against), rule="PAL-HR-INTERRUPT")
        wins = mine.total > theirs.total
        # Not a percentile chance but a contest of totals: each is judged "over" the other's,
        # the interrupter's strictly (he must beat it), the other's at a tie (he keeps it).
        mine, theirs = contested(mine, theirs.total + 1), contested(theirs, mine.total)
        rolled = InterruptRolled(
            interrupter=d.actor, against=against, roll=mine, against_roll=theirs, wins=wins
        )
        return [rolled], wins

    def break_action(self, state: FightState, cid: str, by: str) -> list[Event] | None:
        """A won interrupt the GM rules breaking breaks the long action; its paid attacks are
        lost (PAL-HR-LONG-ACTION)."""
        ip = fighter(state.combatants[cid]).in_progress
        if ip is None:
            return None
        why = (
            f"broken by {by}'s interrupt; its {ip.paid} paid attacks are lost (PAL-HR-LONG-ACTION)"
        )
        return [ActionAbandoned(actor=cid, action=ip.action, reason=why)]

    def ruling(self, state: FightState, d: RulingDeclared) -> list[Event]:
        """Applied through the rules the same effects follow when an action causes them: lost
        initiative (PAL-HR-LOSE-INIT or the RAW reading), lost and gained attacks
        (PAL-HR-APM-GAIN-LOSE; under RAW, with none left a lost attack comes off the next round
        like a dodge, PAL-ROUND-OUT-OF-ATTACKS), an action under way broken, damage through
        armor and pools (as a hit with no strike total: S.D.C. armor with an A.R. takes it; M.D.
        with ``mega``), healing (H.P. first, then S.D.C., never above the sheet; M.D.C. for a
        Mega-Damage being), a hold, entanglement or disarm ended (``grips.ruled``). ``rule``
        cites what the GM applies (e.g. PAL-COND-KNOCKDOWN)."""
        mine = d if isinstance(d, PalladiumRulingDeclared) else _NO_EFFECTS
        if mine.mega and not d.damage:
            raise UsageError("--mega goes with --damage N")
        if mine.lose_attacks < 0 or mine.gain_attacks < 0:
            raise UsageError("--lose-attacks and --gain-attacks take 0 or more")
        cid = d.combatant
        known(state, cid)
        c = state.combatants[cid]
        rule = d.rule or "GM ruling"
        why = d.text or "GM ruling"
        events: list[Event] = []
        if mine.lose_initiative:
            events += apm.lose_initiative(state, cid, d.rule or "PAL-HR-LOSE-INIT", why)
            if not events and not _others(d) and apm.keeps_initiative(state, cid):
                raise IllegalAction(
                    f"the ruling changes nothing: {c.name} has not acted this round, so he has "
                    "no initiative to lose and keeps his place (option "
                    "lose_initiative=only_if_acted, PAL-COND-KNOCKDOWN)"
                )
            if not events and not _others(d) and fighter(c).lost_init is None:
                raise IllegalAction(
                    f"the ruling changes nothing: every turn of round {state.clock.round} is "
                    "over, and as written a lost initiative does not reach into the next round "
                    "(PAL-COND-KNOCKDOWN; the house rules carry it over, PAL-HR-LOSE-INIT)"
                )
            if not events and not _others(d):
                raise IllegalAction(
                    f"the ruling changes nothing: {c.name} has already lost initiative and it "
                    "does not stack (PAL-HR-LOSE-INIT)"
                )
        if mine.lose_attacks:
            events.append(
                apm.spend_off_turn(
                    state,
                    cid,
                    mine.lose_attacks,
                    "lost attacks",
                    d.rule or "PAL-HR-APM-GAIN-LOSE",
                    "lost",
                )
            )
        if mine.gain_attacks:
            events.append(
                apm.gain(state, cid, mine.gain_attacks, d.rule or "PAL-HR-APM-GAIN-LOSE", why)
            )
        if mine.break_action:
            ip = fighter(c).in_progress
            if ip is None:
                raise IllegalAction(f"{c.name} has no action under way to break")
            events.append(
                ActionAbandoned(actor=cid, action=ip.action, reason=f"broken: {why} ({rule})")
            )
        if d.damage:
            if not c.alive:
                raise IllegalAction(f"{c.name} is dead")
            unit: DamageUnit = "MD" if mine.mega else "SDC"
            hurt = damage.take_damage(state, cid, d.damage, unit, 0)
            events += hurt + coma.bleeds(state, cid, hurt, blade=False)
        if d.heal:
            events += _heal(state, cid, d.heal, rule)
        events += handtohand.capped(state, cid, d.condition or "", events)
        return events + grips.ruled(state, cid, d.condition, d.end_condition, rule)


def _others(d: RulingDeclared) -> bool:
    """Whether the ruling asks for more than losing initiative."""
    return any(
        getattr(d, f) not in (None, 0, False, "")
        for f in d.__struct_fields__
        if f not in ("text", "rule", "combatant", "lose_initiative")
    )


_POOL_NAMES: dict[Pool, str] = {"hp": "H.P.", "sdc": "S.D.C.", "mdc": "M.D.C."}


def _heal(state: FightState, cid: str, amount: int, rule: str) -> list[Event]:
    """A GM's ``--heal``: refused for the dead, and for one with nothing to heal."""
    c = state.combatants[cid]
    if not c.alive:
        raise IllegalAction(
            f"{c.name} is dead; healing cannot bring {pronoun(state, c.id).them} back"
        )
    events = damage.heal(state, cid, amount, rule)
    if not events:
        f = fighter(c)
        pools: list[tuple[Pool, int]] = (
            [("mdc", f.mdc)]
            if f.mdc is not None and f.profile.mdc is not None
            else [("hp", f.hp), ("sdc", f.sdc)]
        )
        pools_now = ", ".join(f"{now} {_POOL_NAMES[pool]}" for pool, now in pools)
        raise IllegalAction(
            f"--heal {amount}: {c.name} is at full health ({pools_now}): nothing to heal"
        )
    return events
