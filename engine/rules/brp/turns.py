"""How the Basic Roleplaying rules price and refuse the core's turn management.

Passing ends a fighter's ranks for the round; a hold takes him out of the rank count until he
releases it. Cutting in ahead of someone is a long weapon's first strike against a shorter one
(BRP-WEAPON-LENGTH: the GM allows it with ``--allowed``) or a quickdraw between two holders
(BRP-QUICKDRAW: an Easy Spot roll, then DEX against DEX); there are no counters. A ruling's
damage comes off total hit points.
"""

from __future__ import annotations

from typing import Any, Literal

from engine.dice import Dice
from engine.pronouns import of as pronoun
from engine.rules import IllegalAction, UsageError
from engine.rules.brp import round, tables
from engine.rules.brp.common import able, done, fighter, find_weapon, out_of_it
from engine.rules.brp.resolution import easy, resistance, skill_roll
from engine.rules.brp.wounds import heal, take
from engine.rules.pack import Decision, TurnKind
from engine.turns import for_rounds
from events.brp import (
    AimEnded,
    FighterReadied,
    FighterResheeted,
    FirstStrike,
    ResistanceRolled,
    SkillRolled,
)
from events.core import (
    Event,
    HoldDeclared,
    InitiativeDeclared,
    InterruptDeclared,
    RulingDeclared,
)
from projections.state import FightState


class BrpTurns:
    """The Basic Roleplaying pack's ``TurnRules`` (engine/rules/pack.py)."""

    def able(self, state: FightState, cid: str) -> None:
        """Dead, unconscious or knocked out, a fighter does nothing."""
        able(state, cid)

    def waiting(self, state: FightState) -> str:
        """The attack waiting for its defender's answer."""
        p = state.pending
        assert p is not None
        return (
            f"{state.combatants[p.actor].name}'s attack is waiting for "
            f"{state.combatants[p.reactor].name}'s answer: "
            f"`fracas defend {p.reactor} parry|dodge|none` first"
        )

    def out(self, state: FightState, cid: str) -> str | None:
        """Dead, unconscious or knocked out."""
        return out_of_it(state, cid)

    def can_act(self, state: FightState, cid: str) -> bool:
        """See :func:`round.can_act`."""
        return round.can_act(state, cid)

    def on_turn(self, state: FightState, cid: str, dice: Dice, kind: TurnKind) -> Decision:
        """See :func:`round.on_turn`."""
        return round.on_turn(state, cid, dice, kind)

    def on_round_end(self, state: FightState, dice: Dice) -> list[Event]:
        """Fire and choking strike on the last DEX rank (BRP-FIRE, BRP-ASPHYX); the
        conditions whose last round it was end (:func:`round.round_end`)."""
        return round.round_end(state, dice)

    def join(self, state: FightState, combatant: str, sheet: Any) -> list[Event]:
        """Derive HP, the damage modifier, location HP and characteristic rolls once; an
        embedded sheet is checked as a file would be."""
        from engine.rules.brp.profile import build_profile
        from engine.rules.brp.sheet_io import check_sheet

        check_sheet(sheet)
        return [FighterReadied(combatant=combatant, profile=build_profile(sheet))]

    def resheet(self, state: FightState, combatant: str, sheet: Any, reset: bool) -> list[Event]:
        """The new sheet read into a profile as at a join; refused if it lacks the weapon of
        his aimed attack still waiting (BRP-AIM-TIME)."""
        from engine.roster import resheet_profile
        from engine.rules.brp.profile import build_profile
        from engine.rules.brp.sheet_io import check_sheet

        check_sheet(sheet)
        f = fighter(state, combatant)
        in_use: dict[str, str] = {}
        if f.aiming is not None and f.aiming.weapon:
            in_use[f.aiming.weapon] = "the aimed attack waiting"
        profile = resheet_profile(state, combatant, f.profile, build_profile(sheet), in_use, reset)
        return [FighterResheeted(combatant=combatant, profile=profile, reset=reset)]

    def begin_round(self, state: FightState, d: InitiativeDeclared, dice: Dice) -> Decision:
        """See :func:`round.begin_round`."""
        return round.begin_round(state, d, dice)

    def end_turn(self, state: FightState, actor: str) -> list[Event]:
        """Passing ends his ranks for the round."""
        return [done(actor, "passes")]

    def allows(self, state: FightState, what: Literal["hold", "interrupt", "counter"]) -> None:
        """Holds and interrupts, yes; counters are not a Basic Roleplaying rule."""
        if what == "counter":
            raise IllegalAction(
                "Basic Roleplaying has no counters: hold the action (`fracas hold`) and release "
                "it when the moment comes"
            )

    def hold(self, state: FightState, d: HoldDeclared) -> list[Event]:
        """He leaves the rank count until he releases it (a quickdraw holds, BRP-QUICKDRAW)."""
        c = state.combatants[d.actor]
        if c.held is not None:
            raise IllegalAction(
                f"{c.name} already holds {pronoun(state, c.id).their} action until {c.held!r}"
            )
        return [done(d.actor, f"holds until {d.trigger}")]

    def ready(self, state: FightState, cid: str, what: str) -> None:
        """Acting out of turn needs the round's attack still unused."""
        able(state, cid)
        if "attack" in fighter(state, cid).used:
            raise IllegalAction(f"{state.combatants[cid].name} has attacked this round")

    def contest(
        self, state: FightState, d: InterruptDeclared, against: str, dice: Dice
    ) -> tuple[list[Event], bool]:
        """A long weapon strikes first against a shorter one not inside its guard
        (BRP-WEAPON-LENGTH); two holders in a quickdraw: the other's Easy Spot roll, failed,
        leaves him unable to defend the first attack, made, a DEX against DEX roll decides
        (BRP-QUICKDRAW)."""
        me = state.combatants[d.actor]
        them = state.combatants[against]
        if me.held is not None and them.held is not None:
            return self._quickdraw(state, d.actor, against, dice)
        mine = find_weapon(state, d.actor, None)
        theirs = find_weapon(state, against, None)
        if mine.length == "long" and theirs.length != "long":
            why = f"the {mine.name} is longer than the {theirs.name}"
            return [
                FirstStrike(
                    interrupter=d.actor,
                    against=against,
                    wins=True,
                    reason=why,
                    rule="BRP-WEAPON-LENGTH",
                )
            ], True
        raise IllegalAction(
            f"{me.name} cannot cut in ahead of {them.name}: only a long weapon against a "
            "shorter one (BRP-WEAPON-LENGTH) or a quickdraw between two who hold their "
            "actions (BRP-QUICKDRAW)"
        )

    def _quickdraw(
        self, state: FightState, cid: str, against: str, dice: Dice
    ) -> tuple[list[Event], bool]:
        them = fighter(state, against)
        spot = them.profile.skills.get("spot", 25)
        r = skill_roll(
            state, dice, "spot", spot, [easy("a quickdraw", "BRP-QUICKDRAW")], rule="BRP-QUICKDRAW"
        )
        ok = tables.succeeded(r.tier or "failure")
        events: list[Event] = [
            SkillRolled(combatant=against, skill="spot", roll=r, success=ok, rule="BRP-QUICKDRAW")
        ]
        if not ok:
            events.append(for_rounds(state, against, "missed the draw", 1, "BRP-QUICKDRAW"))
            events.append(
                FirstStrike(
                    interrupter=cid,
                    against=against,
                    wins=True,
                    reason="the other missed the draw",
                    rule="BRP-QUICKDRAW",
                )
            )
            return events, True
        mine = fighter(state, cid).profile.characteristics["dex"]
        theirs = them.profile.characteristics["dex"]
        res, wins = resistance(dice, "quickdraw", mine, theirs, "BRP-QUICKDRAW")
        events.append(
            ResistanceRolled(
                active=f"DEX {mine}",
                passive=f"DEX {theirs}",
                roll=res,
                success=wins,
                rule="BRP-QUICKDRAW",
            )
        )
        events.append(
            FirstStrike(
                interrupter=cid,
                against=against,
                wins=wins,
                reason="DEX against DEX",
                rule="BRP-QUICKDRAW",
            )
        )
        return events, wins

    def break_action(self, state: FightState, cid: str, by: str) -> list[Event] | None:
        """An interrupt breaks an aim (the aimed shot is lost)."""
        if fighter(state, cid).aiming is None:
            return None
        return [AimEnded(actor=cid, lost=True, reason=f"interrupted by {by}")]

    def ruling(self, state: FightState, d: RulingDeclared) -> list[Event]:
        """Damage comes off total hit points; healing restores them (up to the sheet's), and
        wakes an unconscious fighter above the threshold."""
        c = state.combatants[d.combatant]
        f = fighter(state, d.combatant)
        events: list[Event] = []
        if d.damage:
            if not c.alive:
                raise IllegalAction(f"{c.name} is dead")
            events += take(state, d.combatant, d.damage, None, d.rule or "GM ruling")
        if d.heal:
            if not c.alive:
                raise IllegalAction(
                    f"{c.name} is dead; healing cannot bring {pronoun(state, c.id).them} back"
                )
            healed = heal(state, d.combatant, d.heal, d.rule or "GM ruling")
            if not healed:
                raise IllegalAction(
                    f"--heal {d.heal}: {c.name} is at full health ({f.hp} HP): nothing to heal"
                )
            events += healed
        if d.damage < 0 or d.heal < 0:
            raise UsageError("--damage and --heal take 0 or more")
        return events
