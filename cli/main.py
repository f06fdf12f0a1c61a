"""The ``fracas`` command line: a thin typer layer over ``engine.table.Table``.

Global options go before the command: ``fracas [--db PATH] [--json] COMMAND …``. Engine
modules are imported inside the commands, so that ``fracas --help`` and each action start fast.
Errors print one line to stderr and exit with the code in the README's table; never a traceback.
"""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from engine.table import PlyResult, Table
    from events.core import Declaration
    from events.palladium import DefenceChoice

app = typer.Typer(
    name="fracas",
    help=(
        "fracas: a combat engine for game masters. Every declared action is an event in a "
        "SQLite log, so you can undo a ruling, branch a what-if, and replay a fight from its "
        "seed.\n\nExample: fracas new bar-fight --seed 7 && "
        "fracas add examples/sheets/marcus_kell.toml"
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


class Settings:
    """Global options shared by every command."""

    def __init__(self, db: Path, as_json: bool) -> None:
        self.db = db
        self.as_json = as_json


@app.callback()
def main(
    ctx: typer.Context,
    db: Annotated[
        Path | None,
        typer.Option("--db", help="The fracas database file (default ./fracas.db, or $FRACAS_DB)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Global options: --db PATH and --json go before the command."""
    path = db or Path(os.environ.get("FRACAS_DB") or "fracas.db")
    ctx.obj = Settings(path, as_json)


def _settings(ctx: typer.Context) -> Settings:
    obj = ctx.obj
    assert isinstance(obj, Settings)
    return obj


def _table(ctx: typer.Context) -> Table:
    from engine.table import Table

    return Table(_settings(ctx).db)


def _command_line() -> str:
    return "fracas " + " ".join(sys.argv[1:])


def _emit(ctx: typer.Context, text: str, doc: Any) -> None:
    from cli import render

    if _settings(ctx).as_json:
        typer.echo(render.dumps(doc))
    else:
        typer.echo(text)


DiceOpt = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="Physical dice: faces used, in the order the rules roll them, before any seeded die.",
    ),
]
RerollOpt = Annotated[
    bool, typer.Option("--reroll", help="Take fresh dice (a new salt) instead of the seed's.")
]
LandingDiceOpt = Annotated[
    str | None,
    typer.Option(
        "--dice",
        help="Faces for whatever moving the turn sets off (a long action or an aimed shot "
        "landing on the next turn), in the order rolled.",
    ),
]


def _declare(ctx: typer.Context, declaration: Declaration, dice: str | None, reroll: bool) -> None:
    from engine.dice import parse_physical

    physical = parse_physical(dice) if dice else ()
    result = _table(ctx).declare(
        declaration, physical=physical, reroll=reroll, command=_command_line()
    )
    _ply_out(ctx, result)


def _ply_out(ctx: typer.Context, result: PlyResult) -> None:
    from cli import render

    _emit(ctx, render.ply_text(result), render.ply_doc(result))


# --- encounters -------------------------------------------------------------------------


class Variant(StrEnum):
    """Rules variant."""

    raw = "raw"
    house = "house"


@app.command()
def new(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="A name for the encounter, e.g. bar-fight.")],
    seed: Annotated[
        int, typer.Option("--seed", help="The seed every die of this fight comes from.")
    ],
    system: Annotated[str, typer.Option("--system", help="Rules system.")] = "palladium",
    variant: Annotated[
        Variant, typer.Option("--variant", help="raw: rules as written; house: house rules.")
    ] = Variant.raw,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", help="A rules option as KEY=VALUE (repeatable); see `fracas status`."
        ),
    ] = None,
) -> None:
    """Start a new encounter and select it.

    Example: fracas new bar-fight --seed 7 --variant raw
    """
    from cli import render
    from engine.table import UsageError

    overrides: dict[str, str] = {}
    for item in option or []:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--option {item!r}: expected KEY=VALUE")
        overrides[key.strip()] = value.strip()
    state = _table(ctx).new(
        name, seed, system=system, variant=variant.value, options=overrides, command=_command_line()
    )
    table = _table(ctx)
    _emit(ctx, render.new_text(state), table.status())


@app.command()
def encounters(ctx: typer.Context) -> None:
    """List the encounters in the database file.

    Example: fracas encounters
    """
    from cli import render

    rows, current = _table(ctx).encounters()
    _emit(ctx, render.encounters_text(rows, current), render.encounters_doc(rows, current))


@app.command()
def use(ctx: typer.Context, name: Annotated[str, typer.Argument(help="Encounter name.")]) -> None:
    """Select another encounter of this file.

    Example: fracas use bar-fight
    """
    row = _table(ctx).use(name)
    _emit(ctx, f"now using encounter {row.name!r}", {"encounter": row.name})


@app.command()
def add(
    ctx: typer.Context,
    sheet: Annotated[Path, typer.Argument(help="A character sheet: TOML, JSON or YAML.")],
    cid: Annotated[str | None, typer.Option("--id", help="Id to use for this combatant.")] = None,
    side: Annotated[
        str | None, typer.Option("--side", help="Side, e.g. players or opponents.")
    ] = None,
    dice: DiceOpt = None,
) -> None:
    """Add a combatant from a sheet; the validated sheet is stored in the log.

    Example: fracas add examples/sheets/brodkil.json --id brodkil --side opponents
    """
    from engine.dice import parse_physical

    physical = parse_physical(dice) if dice else ()
    result = _table(ctx).add(sheet, cid=cid, side=side, physical=physical, command=_command_line())
    _ply_out(ctx, result)


# --- actions ----------------------------------------------------------------------------


class Defence(StrEnum):
    """How the defender answers a strike."""

    parry = "parry"
    dodge = "dodge"
    none = "none"
    simultaneous = "simultaneous"


@app.command()
def initiative(
    ctx: typer.Context,
    ambush: Annotated[
        list[str] | None,
        typer.Option(
            "--ambush",
            help="An undetected sneak attacker: first without a roll, his first attack "
            "undefendable (repeat for several).",
        ),
    ] = None,
    unseen: Annotated[
        list[str] | None,
        typer.Option(
            "--unseen",
            help="An unseen long-range attacker: first without a roll; his first shot at each "
            "target makes it lose initiative and cannot be dodged.",
        ),
    ] = None,
    long_range: Annotated[
        list[str] | None,
        typer.Option(
            "--long-range",
            help="A seen long-range attacker, first without a roll "
            "(only with --option ranged_auto_initiative=any_long_range).",
        ),
    ] = None,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Start the next melee round: everyone rolls initiative (1D20 + bonuses).

    Under the house variant the round has three passes and each fighter's attacks are split
    over them. --dice gives one d20 per fighter who rolls, in join order, then any tie
    re-rolls; NPCs with a fixed initiative, fighters who lost it and automatic initiatives take
    no die.

    Example: fracas initiative --dice 14,9
    """
    from events.palladium import InitiativeDeclared

    declaration = InitiativeDeclared(
        ambush=tuple(ambush or ()), unseen=tuple(unseen or ()), long_range=tuple(long_range or ())
    )
    _declare(ctx, declaration, dice, reroll)


@app.command()
def surprise(
    ctx: typer.Context,
    attackers: Annotated[list[str], typer.Argument(help="Who surprises, in acting order.")],
    aware: Annotated[
        list[str] | None,
        typer.Option("--aware", help="A target who is aware of the attack and may defend."),
    ] = None,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Complete surprise: house rules give the attackers a free single-pass round before the
    first; RAW rolls the round's initiative with them first and their first attacks
    undefendable.

    Example: fracas surprise brodkil --aware vance
    """
    from events.palladium import SurpriseDeclared

    declaration = SurpriseDeclared(attackers=tuple(attackers), aware=tuple(aware or ()))
    _declare(ctx, declaration, dice, reroll)


@app.command()
def strike(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Who strikes (combatant id).")],
    target: Annotated[str, typer.Argument(help="Who is struck (combatant id).")],
    weapon: Annotated[
        str | None, typer.Option("--weapon", help="A weapon from the actor's sheet.")
    ] = None,
    defend: Annotated[
        Defence | None,
        typer.Option(
            "--defend", help="The defender's answer now; without it the strike waits for `defend`."
        ),
    ] = None,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Strike once (one attack): roll to strike, then the defence, then damage.

    Example: fracas strike marcus-kell brodkil --weapon vibro-knife --defend parry
    """
    from events.palladium import StrikeDeclared

    choice = _choice(defend)
    _declare(
        ctx, StrikeDeclared(actor=actor, target=target, weapon=weapon, defend=choice), dice, reroll
    )


@app.command("power-punch")
def power_punch(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Who punches (combatant id).")],
    target: Annotated[str, typer.Argument(help="Who is punched (combatant id).")],
    kick: Annotated[bool, typer.Option("--kick", help="A power kick instead of a punch.")] = False,
    defend: Annotated[
        Defence | None, typer.Option("--defend", help="The defender's answer, decided now.")
    ] = None,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """A power punch (or kick): two attacks, double damage, lands on the second attack.

    Example: fracas power-punch brodkil marcus-kell
    """
    from events.palladium import PowerPunchDeclared

    choice = _choice(defend)
    _declare(
        ctx, PowerPunchDeclared(actor=actor, target=target, kick=kick, defend=choice), dice, reroll
    )


@app.command()
def defend(
    ctx: typer.Context,
    defender: Annotated[str, typer.Argument(help="Who answers the pending strike.")],
    choice: Annotated[Defence, typer.Argument(help="parry, dodge, none or simultaneous.")],
    weapon: Annotated[
        str | None,
        typer.Option(
            "--weapon", help="Weapon to parry with, or to strike back with (simultaneous)."
        ),
    ] = None,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Answer the strike waiting for this defender.

    Example: fracas defend marcus-kell dodge --dice 17
    """
    from events.palladium import DefendDeclared

    _declare(
        ctx, DefendDeclared(defender=defender, choice=choice.value, weapon=weapon), dice, reroll
    )


@app.command()
def shoot(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Who shoots (combatant id).")],
    target: Annotated[str, typer.Argument(help="Who is shot at (combatant id).")],
    weapon: Annotated[
        str | None,
        typer.Option("--weapon", help="A ranged weapon from the sheet (default: the first)."),
    ] = None,
    aimed: Annotated[bool, typer.Option("--aimed", help="Aimed: 2 attacks, +2 to strike.")] = False,
    called: Annotated[
        str | None,
        typer.Option("--called", help="A called shot at this location (2 attacks; 3 if aimed)."),
    ] = None,
    range_ft: Annotated[
        int | None, typer.Option("--range", help="Distance to the target in feet.")
    ] = None,
    defend: Annotated[
        Defence | None, typer.Option("--defend", help="The defender's answer, decided now.")
    ] = None,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Shoot: a single shot is 1 attack; aimed 2 (+2); called 2; aimed and called 3. A shot
    costing more than is in hand is fired on the turn its last attack is paid.

    Example: fracas shoot vance brodkil --weapon "energy rifle" --aimed --called head --range 300
    """
    from events.palladium import ShootDeclared

    declaration = ShootDeclared(
        actor=actor,
        target=target,
        weapon=weapon,
        aimed=aimed,
        called=called,
        range=range_ft,
        defend=_choice(defend),
    )
    _declare(ctx, declaration, dice, reroll)


@app.command()
def act(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Who acts (combatant id).")],
    note: Annotated[str, typer.Option("--note", help="What the action is.")],
    cost: Annotated[
        int | None, typer.Option("--cost", help="What it costs in attacks (0: a free action).")
    ] = None,
    psionic: Annotated[
        bool,
        typer.Option("--psionic", help="A psionic power: the rules set the cost (1, or 1, 2, 3…)."),
    ] = False,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """An action the rules do not model (a spell, a skill, reloading), paid by the clock like
    any other: long actions go on over later turns and happen when fully paid.

    Example: fracas act marcus-kell --cost 5 --note "casts Call Lightning"
    """
    from events.palladium import ActDeclared

    _declare(ctx, ActDeclared(actor=actor, note=note, cost=cost, psionic=psionic), dice, reroll)


@app.command("pass")
def pass_turn(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Whose turn it is (combatant id).")],
    dice: LandingDiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Pass the turn: under the house rules what is left in hand stays for defences until the
    next turn; under RAW the turn's attack goes unused.

    Example: fracas pass vance
    """
    from events.palladium import PassDeclared

    _declare(ctx, PassDeclared(actor=actor), dice, reroll)


@app.command("next")
def next_turn(ctx: typer.Context, dice: LandingDiceOpt = None, reroll: RerollOpt = False) -> None:
    """End the current turn (whoever's it is) and move the clock on.

    Example: fracas next --dice 14,3,5
    """
    from events.palladium import PassDeclared

    _declare(ctx, PassDeclared(), dice, reroll)


@app.command()
def hold(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Whose turn it is (combatant id).")],
    until: Annotated[str, typer.Option("--until", help="The trigger the action waits for.")],
    dice: LandingDiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Hold the action until a trigger (house rules): the turn ends, the attacks in hand wait.

    Example: fracas hold vance --until "the Brodkil comes through the door"
    """
    from events.palladium import HoldDeclared

    _declare(ctx, HoldDeclared(actor=actor, trigger=until), dice, reroll)


@app.command()
def release(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Who holds an action (combatant id).")],
) -> None:
    """The trigger came: the held action's owner acts now (one action), then the turn goes back.

    Example: fracas release vance
    """
    from events.palladium import ReleaseDeclared

    _declare(ctx, ReleaseDeclared(actor=actor), None, False)


@app.command()
def interrupt(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Who cuts in (combatant id).")],
    against: Annotated[
        str | None,
        typer.Option("--against", help="Whose action is interrupted (default: the one acting)."),
    ] = None,
    allowed: Annotated[
        bool, typer.Option("--allowed", help="The GM allows it without a held action.")
    ] = False,
    breaks: Annotated[
        bool, typer.Option("--breaks", help="A won interrupt breaks that one's long action.")
    ] = False,
    dice: DiceOpt = None,
    reroll: RerollOpt = False,
) -> None:
    """Interrupt: 1D100 + Spd each; the interrupter goes first only if strictly higher, else
    right after the current action (house rules).

    Example: fracas interrupt vance --dice 71,40
    """
    from events.palladium import InterruptDeclared

    declaration = InterruptDeclared(
        actor=actor, allowed=allowed, breaks=breaks, against=against or ""
    )
    _declare(ctx, declaration, dice, reroll)


@app.command()
def counter(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Who counters (combatant id).")],
) -> None:
    """A counter or riposte: act right after the action that triggered it (house rules).

    Example: fracas counter marcus-kell
    """
    from events.palladium import CounterDeclared

    _declare(ctx, CounterDeclared(actor=actor), None, False)


@app.command()
def ruling(
    ctx: typer.Context,
    actor: Annotated[str, typer.Argument(help="Whom the ruling is about (combatant id).")],
    note: Annotated[str, typer.Option("--note", help="The ruling in words.")] = "",
    rule: Annotated[
        str, typer.Option("--rule", help="The rule id it applies, e.g. PAL-COND-KNOCKDOWN.")
    ] = "",
    lose_initiative: Annotated[
        bool, typer.Option("--lose-initiative", help="He loses initiative.")
    ] = False,
    lose_attacks: Annotated[
        int, typer.Option("--lose-attacks", min=0, help="Attacks he loses.")
    ] = 0,
    gain_attacks: Annotated[
        int, typer.Option("--gain-attacks", min=0, help="Attacks he gains.")
    ] = 0,
    damage: Annotated[
        int, typer.Option("--damage", min=0, help="Damage he takes (S.D.C.; M.D. with --mega).")
    ] = 0,
    mega: Annotated[bool, typer.Option("--mega", help="The damage is Mega-Damage.")] = False,
    heal: Annotated[int, typer.Option("--heal", min=0, help="Points he heals.")] = 0,
    condition: Annotated[
        str | None, typer.Option("--condition", help="A condition he gains.")
    ] = None,
    rounds: Annotated[
        int, typer.Option("--rounds", min=0, help="How many rounds the condition lasts.")
    ] = 0,
    end_condition: Annotated[
        str | None, typer.Option("--end-condition", help="A condition that ends.")
    ] = None,
    break_action: Annotated[
        bool, typer.Option("--break-action", help="His long action is broken.")
    ] = False,
) -> None:
    """A GM ruling on one combatant, applied through the same rules as the effects actions
    cause; undoable like any other ply.

    Example: fracas ruling vance --lose-initiative --lose-attacks 1 --rule PAL-COND-KNOCKDOWN
    """
    from engine.rules import UsageError
    from events.core import RulingDeclared

    effects: dict[str, Any] = {}
    for key, value in (
        ("lose_initiative", lose_initiative),
        ("lose_attacks", lose_attacks),
        ("gain_attacks", gain_attacks),
        ("damage", damage),
        ("mega", mega),
        ("heal", heal),
        ("condition", condition),
        ("rounds", rounds),
        ("end_condition", end_condition),
        ("break_action", break_action),
    ):
        if value:
            effects[key] = value
    if mega and not damage:
        raise UsageError("--mega goes with --damage N")
    if rounds and not condition:
        raise UsageError("--rounds goes with --condition NAME")
    if not effects and not note:
        raise UsageError("a ruling needs an effect or a --note")
    declaration = RulingDeclared(text=note, rule=rule, combatant=actor, effects=effects)
    _declare(ctx, declaration, None, False)


def _choice(defend: Defence | None) -> DefenceChoice | None:
    return None if defend is None else defend.value


# --- reading ----------------------------------------------------------------------------


@app.command()
def status(ctx: typer.Context) -> None:
    """Show the fight now: round, whose turn, attacks left, pools, conditions.

    Example: fracas --json status
    """
    from cli import render

    doc = _table(ctx).status()
    _emit(ctx, render.status_text(doc), doc)


@app.command()
def log(
    ctx: typer.Context,
    branch: Annotated[
        str | None, typer.Option("--branch", help="Another branch than the current.")
    ] = None,
) -> None:
    """List the plies of the branch; with --json every event and roll as recorded.

    Example: fracas log --branch what-if
    """
    from cli import render

    views = _table(ctx).log(branch)
    _emit(ctx, render.log_text(views), render.log_doc(views))


@app.command()
def explain(
    ctx: typer.Context,
    ref: Annotated[str, typer.Argument(help="A ply number as `log` shows it, or BRANCH~K.")],
) -> None:
    """Explain one ply the way a GM reads it: every roll, modifier and rule id.

    Example: fracas explain 5
    """
    from cli import render

    view = _table(ctx).explain(ref)
    _emit(ctx, render.explain_text(view), render.log_doc([view]))


# --- history ----------------------------------------------------------------------------


@app.command()
def undo(ctx: typer.Context, n: Annotated[int, typer.Argument(help="How many plies.")] = 1) -> None:
    """Take back the last N plies (nothing is deleted; `redo` brings them back).

    Example: fracas undo 2
    """
    from cli import render

    result = _table(ctx).undo(n)
    _emit(
        ctx,
        f"undid {n}: branch {result.branch!r} is at ply #{result.number}",
        render.ply_doc(result),
    )


@app.command()
def redo(ctx: typer.Context, n: Annotated[int, typer.Argument(help="How many plies.")] = 1) -> None:
    """Bring back N undone plies, with the same dice.

    Example: fracas redo
    """
    from cli import render

    result = _table(ctx).redo(n)
    _emit(
        ctx,
        f"redid {n}: branch {result.branch!r} is at ply #{result.number}",
        render.ply_doc(result),
    )


@app.command()
def branch(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="Name of the new branch.")],
    at: Annotated[
        str | None, typer.Option("--at", help="Ply number or BRANCH~K (default: current head).")
    ] = None,
    switch_to: Annotated[bool, typer.Option("--switch", help="Switch to it at once.")] = False,
) -> None:
    """Create a branch for a what-if, at the current ply or at --at REF.

    Example: fracas branch what-if --at main~2 --switch
    """
    view = _table(ctx).branch(name, at, switch=switch_to)
    _emit(
        ctx,
        f"branch {name!r} created at ply #{view.head}" + (" (switched)" if switch_to else ""),
        {"branch": name, "head": view.head},
    )


@app.command()
def switch(ctx: typer.Context, name: Annotated[str, typer.Argument(help="Branch name.")]) -> None:
    """Make another branch the current one.

    Example: fracas switch main
    """
    view = _table(ctx).switch(name)
    _emit(ctx, f"on branch {name!r} at ply #{view.head}", {"branch": name, "head": view.head})


@app.command()
def branches(ctx: typer.Context) -> None:
    """List branches: name, head, fork point, length, and plies to redo.

    Example: fracas branches
    """
    from cli import render

    views = _table(ctx).branches()
    _emit(ctx, render.branches_text(views), render.branches_doc(views))


@app.command()
def replay(
    ctx: typer.Context,
    verify: Annotated[
        bool, typer.Option("--verify", help="Re-resolve every ply and compare with the log.")
    ] = False,
    branch: Annotated[
        str | None, typer.Option("--branch", help="Branch to verify (default: current).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Other dice: re-resolve with this seed.")
    ] = None,
    start: Annotated[
        str | None, typer.Option("--from", help="Re-resolve the plies after this REF.")
    ] = None,
    into: Annotated[str | None, typer.Option("--into", help="Name of the new branch.")] = None,
) -> None:
    """Verify the log from its seed, or replay the same choices with other dice into a branch.

    Examples: fracas replay --verify;  fracas replay --seed 99 --from 3 --into luckier
    """
    from cli import render
    from engine.table import UsageError

    table = _table(ctx)
    if verify:
        if seed is not None or start or into:
            raise UsageError(
                "replay: use either --verify [--branch B] or --seed S --from REF --into NAME"
            )
        count, diff = table.verify(branch)
        if diff is None:
            _emit(ctx, f"verified {count} plies", {"verified": count, "difference": None})
            return
        _emit(
            ctx,
            f"differs at {diff.describe()}",
            {"verified": count, "difference": render.diff_doc(diff)},
        )
        raise typer.Exit(1)
    if seed is None or start is None or into is None:
        raise UsageError("replay: give --verify, or all of --seed S --from REF --into NAME")
    report = table.replay_into(seed, start, into)
    _emit(ctx, render.replay_text(report), render.replay_doc(report))


def run() -> None:
    """Console entry point: every known error becomes one line and an exit code."""
    from cli.errors import handle

    try:
        returned = app(standalone_mode=False)  # click returns an Exit's code in this mode
    except SystemExit:
        raise
    except BaseException as err:  # every other error becomes one line and an exit code
        code, message = handle(err)
        if message:
            typer.echo(f"fracas: error: {message}", err=True)
        raise SystemExit(code) from None
    if isinstance(returned, int) and returned:
        raise SystemExit(returned)
