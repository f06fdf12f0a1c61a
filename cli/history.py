"""The history commands of the command line: log, explain, undo, redo, branches, and replay.

Registered on the one app of :mod:`cli.main`, which imports this module.
"""

from __future__ import annotations

import shlex
from typing import Annotated, Any

import msgspec
import typer

from cli import numbers
from cli.main import _command_line, _emit, _table, app
from cli.verbs import FracasGroup

_RULES = typer.Option("--rules", help="Add each cited rule id's one-line summary.")


def _with_rules(text: str, rules: bool, cites: str | None = None) -> str:
    """``text`` and, asked for, the summary of each rule id ``cites`` (default: ``text``)."""
    if not rules:
        return text
    from engine.glossary import glossary_lines

    return "\n".join([text, *glossary_lines(text if cites is None else cites)])


@app.command()
def log(
    ctx: typer.Context,
    branch: Annotated[
        str | None, typer.Option("--branch", help="Another branch than the current.")
    ] = None,
    rules: Annotated[bool, _RULES] = False,
    round_: Annotated[
        int | None,
        typer.Option("--round", help="Only the plies of round K.", parser=numbers.integer(0)),
    ] = None,
    actor: Annotated[
        str | None, typer.Option("--actor", help="Only the plies this combatant declared.")
    ] = None,
    involving: Annotated[
        str | None,
        typer.Option("--involving", help="Only the plies by or at this combatant."),
    ] = None,
) -> None:
    """List the plies of the branch, one outcome line each (who did what to whom, the roll
    against what it had to beat, hit or miss, the damage), the rounds, passes and phases
    they began marked; with --json every event and roll as recorded (--rules: and what each
    rule id its plies cite means).

    Example: fracas log --round 2 --involving marcus --rules
    """
    from cli import render

    views = _table(ctx).log(branch, round_=round_, actor=actor, involving=involving)
    cites = "\n".join(render.explain_text(v) for v in views) if rules else None
    doc = _rules_doc(render.log_doc(views), rules, cites or "")
    _emit(ctx, _with_rules(render.log_text(views), rules, cites), doc)


def _rules_doc(plies: list[Any], rules: bool, cites: str) -> Any:
    """The --json document; with --rules ``{"plies": [...], "rules": [{id, summary}]}``."""
    if not rules:
        return plies
    from engine.glossary import cited, summaries

    known = summaries()
    return {
        "plies": plies,
        "rules": [{"id": i, "summary": known.get(i, "")} for i in cited(cites)],
    }


@app.command()
def explain(
    ctx: typer.Context,
    ref: Annotated[str, typer.Argument(help="A ply number as `log` shows it, or BRANCH~K.")],
    rules: Annotated[bool, _RULES] = False,
) -> None:
    """Explain one ply the way a GM reads it: every roll, modifier and rule id (--rules: and
    what each id means).

    Example: fracas explain 5 --rules
    """
    from cli import render

    view = _table(ctx).explain(ref)
    text = render.explain_text(view)
    _emit(ctx, _with_rules(text, rules), _rules_doc(render.log_doc([view]), rules, text))


_COUNT = typer.Argument(
    help="How many plies (1..999999999).", metavar="N", parser=numbers.integer(1)
)


@app.command()
def undo(ctx: typer.Context, n: Annotated[int, _COUNT] = 1) -> None:
    """Take back the last N plies (nothing is deleted; `redo` brings them back).

    Example: fracas undo 2
    """
    from cli import render

    result = _table(ctx).undo(n)
    said = result.note or f"undid {n}"
    _emit(
        ctx, f"{said}: branch {result.branch!r} is at ply #{result.number}", render.ply_doc(result)
    )


@app.command()
def redo(ctx: typer.Context, n: Annotated[int, _COUNT] = 1) -> None:
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
        int | None,
        typer.Option(
            "--seed",
            help="Other dice: re-resolve with this seed (0 <= seed < 2**63).",
            parser=numbers.seed,
        ),
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
        found = table.verify(branch)
        doc = {
            "verified": found.plies,
            "difference": None,
            "head_hash": found.head_hash.hex(),
            "snapshots": found.snapshots,
            "snapshots_ignored": found.ignored,
            "older_rules": found.older,
            "older_rules_first": None
            if found.first_older is None
            else render.diff_doc(found.first_older),
            "undone": found.undone,
            "tip_hash": found.tip_hash.hex(),
            "publish_hash": found.publish_hash.hex(),
        }
        diff = found.difference
        if diff is None:
            _emit(ctx, render.verified_text(found), doc)
            return
        _emit(ctx, f"differs at {diff.describe()}", {**doc, "difference": render.diff_doc(diff)})
        raise typer.Exit(1)
    if seed is None or start is None or into is None:
        raise UsageError("replay: give --verify, or all of --seed S --from REF --into NAME")
    report = table.replay_into(seed, start, into)
    _emit(ctx, render.replay_text(report), render.replay_doc(report))


@app.command()
def diff(
    ctx: typer.Context,
    a: Annotated[str, typer.Argument(help="A branch (what happened, say).")],
    b: Annotated[str, typer.Argument(help="Another branch (the what-if).")],
) -> None:
    """Two branches side by side: where they part, the plies only on each, and every
    combatant at both heads, differences marked.

    Example: fracas diff main what-if
    """
    from cli.diffs import diff_doc, diff_text

    view = _table(ctx).diff(a, b)
    _emit(ctx, diff_text(view), diff_doc(view))


_AMEND = {"allow_extra_args": True, "ignore_unknown_options": True}


@app.command(context_settings=_AMEND)
def amend(
    ctx: typer.Context,
    ref: Annotated[str, typer.Argument(help="The ply to replace: a number as `log` shows it.")],
    drop: Annotated[bool, typer.Option("--drop", help="Drop the ply instead.")] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Say what would change; write nothing.")
    ] = False,
) -> None:
    """Replace a past ply with another declaration (VERB ARGS… as the command line takes
    them, after REF), or drop it, and re-resolve every later ply with its own dice; what the
    change makes illegal is listed and skipped, the old line kept as a branch (`undo` right
    after brings it back).

    Example: fracas amend 5 strike marcus brodkil --defend dodge --dice 14,17
    """
    from engine.dice import parse_physical
    from engine.rules import UsageError

    rest = list(ctx.args)
    if drop == bool(rest):
        raise UsageError("amend REF: give the new declaration (VERB ARGS…) or --drop, not both")
    declaration, dice = (None, None) if drop else _captured(ctx, rest)
    physical = parse_physical(dice) if dice is not None else ()
    typed = _command_line() if drop else shlex.join(["fracas", *rest])  # pastes back as played
    report = _table(ctx).amend(ref, declaration, physical, dry_run=dry_run, command=typed)
    _emit(ctx, _amend_text(report), msgspec.to_builtins(report))


#: The commands beside the action verbs that declare a ply, which `amend` takes too.
DECLARING = ("add", "resheet")


def _captured(ctx: typer.Context, args: list[str]) -> tuple[Any, str | None]:
    """The declaration and dice an action verb's command line builds, declaring nothing."""
    from cli.main import _row, _settings
    from engine.rules import UsageError

    verb, *rest = args
    root = ctx.find_root()
    if verb.startswith("-") or (verb not in DECLARING and _row(root, verb, True) is None):
        raise UsageError(
            f"amend: {verb!r} is not an action verb, `add` or `resheet` (`fracas actions` "
            "lists the verbs)"
        )
    settings = _settings(ctx)
    settings.capture = []
    group = root.command
    assert isinstance(group, FracasGroup)
    command = group.get_command(root, verb)
    with command.make_context(verb, rest, parent=root) as sub:
        command.invoke(sub)
    (captured,) = settings.capture
    settings.capture = None
    return captured


def _amend_text(r: Any) -> str:
    what = "dropped" if r.dropped else "replaced"
    verb = "would be" if not r.written else "is"
    lines = [f"ply #{r.ply} of {r.branch!r} {verb} {what}; the line it had is kept as "
             f"{r.saved_as!r}" + ("" if r.written else " (dry run: nothing written)")]  # fmt: skip
    done = [(d, f"  re-resolved #{d}: {command}") for d, command in r.replayed]
    done += [(d, f"  skipped #{d}: {command}: {why}") for d, command, why in r.skipped]
    lines += [line for _, line in sorted(done)]
    lines += _rolls_text(r)
    lines.append(f"head: ply #{r.head}")
    return "\n".join(lines)


def _roll_text(roll: Any) -> str:
    faces = ",".join(map(str, roll.faces))
    against = f" vs {roll.target}" if roll.target is not None else ""
    outcome = f", {roll.outcome}" if roll.outcome else ""
    return f"{roll.spec} [{faces}] = {roll.total}{against}{outcome}"


def _rolls_text(r: Any) -> list[str]:
    """The amended ply's rolls, the old beside the new, one pair a line."""
    import itertools

    if not r.old_rolls and not r.new_rolls:
        return [f"  ply #{r.ply} rolls nothing, before or after"]
    lines = [f"  rolls of ply #{r.ply}, before -> after:"]
    for old, new in itertools.zip_longest(r.old_rolls, r.new_rolls):
        if old is not None and new is not None and _label(old) == _label(new):
            lines.append(f"    {_label(old)}: {_roll_text(old)} -> {_roll_text(new)}")
            continue
        was = f"{_label(old)}: {_roll_text(old)}" if old is not None else "-"
        now = f"{_label(new)}: {_roll_text(new)}" if new is not None else "-"
        lines.append(f"    {was} -> {now}")
    return lines


def _label(roll: Any) -> str:
    return f"{roll.who} {roll.purpose}" if roll.who else str(roll.purpose)
