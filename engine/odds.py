"""The odds of a fight (``fracas odds``): the declarations of one or more branches after a
ply, re-resolved with many fresh seeds, in this process, and what became of every combatant.

Each run re-resolves a branch's declarations in order from the state at the starting ply, as
``replay --seed S`` does but without writing: the same choices, other luck; dice entered by
hand are not reused (they were that table's luck). A declaration the new luck makes illegal (a
defence with no strike waiting, a dead target) is skipped and counted. Every branch meets the
same seeds, run for run, so two branches differ by their choices, not their luck. The seeds are
drawn from one seed (``--seed``, else one picked and reported), so a report can be had again.

What is counted, for every rules system alike: whether each combatant is standing, out of the
fight but alive (the pack's ``StatusView.down`` conditions: "unconscious"), or dead; his pools
(``StatusView.pools``); and how many rounds the fight lasted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from engine.dice import Dice
from engine.log import PlyRow
from engine.outcome import fate
from engine.replay import Kernel
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.sha import sha256
from engine.tablebase import Scene, TableBase
from events.core import Declaration, Event
from projections.state import FightState

MAX_RUNS = 100_000


class Spread(msgspec.Struct, frozen=True):
    """A number over the runs: mean, 10th, 50th and 90th percentiles, least and most."""

    mean: float
    p10: float
    p50: float
    p90: float
    min: int
    max: int


class CombatantOdds(msgspec.Struct, frozen=True):
    """Shares (0 to 1) of the runs that left him standing, out of the fight, or dead, and
    his pools at the end."""

    id: str
    name: str
    standing: float
    unconscious: float
    dead: float
    pools: dict[str, Spread]


#: A branch whose runs skipped more than this share of their declarations is warned about.
WARN_SKIPPED = 0.10


class Skipped(msgspec.Struct, frozen=True):
    """The first declaration a branch's runs skipped: its ply as ``log`` numbers it on the
    branch, its command as typed, why the new luck made it illegal, and the run (1 first)."""

    ply: int
    command: str
    why: str
    run: int


class BranchOdds(msgspec.Struct, frozen=True):
    """One branch's runs: declarations re-resolved and skipped (over all runs), each
    combatant, and the fight's length in rounds. ``skipped_share`` is ``skipped`` over the
    declarations of all runs (0 to 1), ``first_skipped`` the first one skipped (None: none
    was), ``warning`` a line saying so when more than :data:`WARN_SKIPPED` of them were."""

    branch: str
    declarations: int
    skipped: int
    combatants: list[CombatantOdds]
    rounds: Spread
    skipped_share: float = 0.0
    first_skipped: Skipped | None = None
    warning: str | None = None


class OddsReport(msgspec.Struct, frozen=True):
    """The runs, the seed they come from, the ply they start after, where they stop, and
    each branch."""

    runs: int
    seed: int
    start: int
    until: int | None
    branches: list[BranchOdds]


def seeds(seed: int, runs: int) -> list[int]:
    """The runs' seeds, each from ``seed`` and its run number (SHA-256, below 2**63)."""
    out = []
    for i in range(runs):
        digest = sha256(f"fracas.odds:{seed}:{i}".encode("ascii"))
        out.append(int.from_bytes(digest[:8], "big") >> 1)
    return out


def spread(values: Sequence[int]) -> Spread:
    """The :class:`Spread` of ``values`` (one run: every figure is its value)."""
    if len(values) == 1:
        v = float(values[0])
        return Spread(mean=v, p10=v, p50=v, p90=v, min=values[0], max=values[0])
    import statistics  # here: it imports random and fractions, ~2 ms every command would pay

    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return Spread(
        mean=round(statistics.fmean(values), 3),
        p10=deciles[0],
        p50=float(statistics.median(values)),
        p90=deciles[8],
        min=min(values),
        max=max(values),
    )


def run_once(
    kernel: Kernel,
    start: FightState,
    depth: int,
    declarations: Sequence[Declaration],
    seed: int,
    until: int | None,
) -> tuple[FightState, int, tuple[int, str] | None]:
    """One run: the state at the end, how many declarations were skipped, and the first
    skipped (its index in ``declarations`` and why), or None."""
    state, skipped = start, 0
    first: tuple[int, str] | None = None
    for i, declaration in enumerate(declarations):
        try:
            _, after = kernel.resolve(state, declaration, Dice(seed, depth + 1, 0))
        except (IllegalAction, UnknownName, UsageError) as err:
            skipped += 1
            if first is None:
                first = (i, str(err))
            continue
        if until is not None and after.clock.round > until:
            break  # round K is over: the run stops before the next one begins
        state = after
        depth += 1
    return state, skipped, first


class TableOdds(TableBase):
    """``Table.odds``: the runs of :func:`run_once` over the branches, tallied."""

    def odds(
        self,
        branches: Sequence[str],
        start: str | None,
        runs: int,
        seed: int,
        until: int | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> OddsReport:
        """Re-resolve each branch's declarations after ``start`` (default: the last ply the
        branches share; one branch: the encounter's start) ``runs`` times, each run with its
        own seed from ``seed``, stopping past round ``until``; ``progress(k)`` after each
        run of a branch."""
        if not 1 <= runs <= MAX_RUNS:
            raise UsageError(f"--runs {runs}: between 1 and {MAX_RUNS}")
        with self.scene() as sc:
            names = list(dict.fromkeys(branches)) or [sc.branch.name]
            histories = [self._history(sc, name) for name in names]
            depth = self._start(sc, start, names, histories)
            base = sc.kernel.rebuild(sc.store, histories[0][depth][0].id)
            if until is not None and until < base.clock.round:
                raise UsageError(
                    f"--until 'round {until}': the runs start in round {base.clock.round}"
                )
            run_seeds = seeds(seed, runs)
            report = []
            for name, h in zip(names, histories, strict=True):
                plies = [(p, d) for p, (d, *_) in h[depth + 1 :] if isinstance(d, Declaration)]
                plan = [d for _, d in plies]
                ends, skipped = [], 0
                first: Skipped | None = None
                for run, s in enumerate(run_seeds, 1):
                    state, missed, at = run_once(sc.kernel, base, depth, plan, s, until)
                    ends.append(state)
                    skipped += missed
                    if first is None and at is not None:
                        ply = plies[at[0]][0]
                        first = Skipped(ply=ply.depth, command=ply.command, why=at[1], run=run)
                    if progress is not None:
                        progress(1)
                tally = _tally(sc.kernel, name, len(plan), skipped, ends)
                report.append(_skips(tally, runs, first))
            return OddsReport(runs=runs, seed=seed, start=depth, until=until, branches=report)

    def _history(self, sc: Scene, name: str) -> list[tuple[PlyRow, list[Event]]]:
        row = sc.store.branch(sc.encounter.id, name)
        if row is None:
            known = ", ".join(b.name for b in sc.store.branches(sc.encounter.id))
            raise UnknownName(f"no branch called {name!r} (branches: {known})")
        return sc.kernel.history(sc.store, row.head)

    def _start(
        self,
        sc: Scene,
        start: str | None,
        names: Sequence[str],
        histories: Sequence[Sequence[tuple[PlyRow, list[Event]]]],
    ) -> int:
        """The depth of the ply the runs start after: ``start`` (on every branch), else the
        last one the branches share."""
        if start is None and len(histories) == 1:
            return 0  # one branch: from the encounter's start
        if start is None:
            shared = 0
            while all(len(h) > shared for h in histories) and (
                len({h[shared][0].id for h in histories}) == 1
            ):
                shared += 1
            return shared - 1
        ply = self.resolve_ref(sc, start)
        for name, h in zip(names, histories, strict=True):
            if ply.depth >= len(h) or h[ply.depth][0].id != ply.id:
                raise UsageError(f"--from {start}: ply #{ply.depth} is not on branch {name!r}")
        return ply.depth


def _skips(tally: BranchOdds, runs: int, first: Skipped | None) -> BranchOdds:
    """``tally`` with its share of declarations skipped, the first, and the warning."""
    total = tally.declarations * runs
    share = tally.skipped / total if total else 0.0
    warning = None
    if share > WARN_SKIPPED and first is not None:
        warning = (
            f"{tally.branch}: {tally.skipped:,} of {total:,} declarations "
            f"({100 * share:.1f}%) were skipped, the runs' luck making them illegal; the "
            f"first: ply #{first.ply} `{first.command}` in run {first.run}: {first.why}"
        )
    return msgspec.structs.replace(
        tally, skipped_share=round(share, 4), first_skipped=first, warning=warning
    )


def _tally(
    kernel: Kernel, branch: str, declarations: int, skipped: int, ends: Sequence[FightState]
) -> BranchOdds:
    """What became of every combatant over the runs ``ends`` (a combatant a run's
    declarations removed counts in the runs that kept him)."""
    view = kernel.pack.status
    names = {cid: c.name for state in ends for cid, c in state.combatants.items()}
    combatants = []
    for cid, name in names.items():
        counts = {"standing": 0, "unconscious": 0, "dead": 0}
        pools: dict[str, list[int]] = {}
        kept = [state for state in ends if cid in state.combatants]
        for state in kept:
            counts[fate(state.combatants[cid], view.down)] += 1
            if view.pools is not None:
                for pool, value in view.pools(view.combatant(state, cid)).items():
                    pools.setdefault(pool, []).append(value)
        n = len(kept)
        combatants.append(
            CombatantOdds(
                id=cid,
                name=name,
                standing=counts["standing"] / n,
                unconscious=counts["unconscious"] / n,
                dead=counts["dead"] / n,
                pools={pool: spread(values) for pool, values in pools.items()},
            )
        )
    rounds = spread([state.clock.round for state in ends])
    return BranchOdds(
        branch=branch,
        declarations=declarations,
        skipped=skipped,
        combatants=combatants,
        rounds=rounds,
    )
