"""The odds of a fight (``fracas odds``): the declarations of one or more branches after a
ply, re-resolved with many fresh seeds, and what became of every combatant.

Each run re-resolves a branch's declarations in order from the state at the starting ply, as
``replay --seed S`` does but without writing: the same choices, other luck; dice entered by
hand are not reused (they were that table's luck). A declaration the new luck makes illegal (a
defence with no strike waiting, a dead target) is skipped and counted. Every branch meets the
same seeds, run for run, so two branches differ by their choices, not their luck. The seeds are
drawn from one seed (``--seed``, else one picked and reported), so a report can be had again.

What is counted, for every rules system alike: whether each combatant is standing, out of the
fight but alive (the pack's ``StatusView.down`` conditions: "unconscious"), or dead; his pools
(``StatusView.pools``); and how many rounds the fight lasted. Each run is tallied as it ends
and forgotten (engine/oddstally.py: memory does not grow with the runs), on one core or on
several (engine/oddsrun.py: the same report whatever their number).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engine.log import PlyRow
from engine.oddstally import BranchTally, Spread
from engine.rules import UnknownName, UsageError
from engine.tablebase import Scene, TableBase
from events.core import Declaration, Event

MAX_RUNS = 100_000

__all__ = ["MAX_RUNS", "BranchOdds", "CombatantOdds", "OddsReport", "Skipped", "Spread"]


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
        jobs: int = 1,
    ) -> OddsReport:
        """Re-resolve each branch's declarations after ``start`` (default: the last ply the
        branches share; one branch: the encounter's start) ``runs`` times, each run with its
        own seed from ``seed``, stopping past round ``until``, in ``jobs`` processes (the
        report is the same for any number); ``progress(k)`` as ``k`` more runs are done."""
        from engine.oddsrun import MAX_JOBS, Plan, tally

        if not 1 <= runs <= MAX_RUNS:
            raise UsageError(f"--runs {runs}: between 1 and {MAX_RUNS}")
        if not 1 <= jobs <= MAX_JOBS:
            raise UsageError(f"--jobs {jobs}: between 1 and {MAX_JOBS}")
        with self.scene() as sc:
            names = list(dict.fromkeys(branches)) or [sc.branch.name]
            histories = [self._history(sc, name) for name in names]
            depth = self._start(sc, start, names, histories)
            base = sc.kernel.rebuild(sc.store, histories[0][depth][0].id)
            if until is not None and until < base.clock.round:
                raise UsageError(
                    f"--until 'round {until}': the runs start in round {base.clock.round}"
                )
            kernel, system = sc.kernel, sc.encounter.system
        plies = [
            [(p, d) for p, (d, *_) in h[depth + 1 :] if isinstance(d, Declaration)]
            for h in histories
        ]
        plan = Plan(
            system=system,
            base=base,
            depth=depth,
            plans=[[d for _, d in branch] for branch in plies],
            until=until,
            seed=seed,
            runs=runs,
        )
        tallies = tally(kernel, plan, jobs, progress)
        report = [
            _branch_odds(kernel.pack.status, name, len(branch), runs, t, branch)
            for name, branch, t in zip(names, plies, tallies, strict=True)
        ]
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


def _branch_odds(
    view: Any,
    branch: str,
    declarations: int,
    runs: int,
    tally: BranchTally,
    plies: Sequence[tuple[PlyRow, Declaration]],
) -> BranchOdds:
    """What became of every combatant over a branch's runs (a combatant a run's declarations
    removed counts in the runs that kept him), the rounds, and the declarations skipped: their
    share, the first (``plies``: the branch's plies the runs re-resolved), and the warning."""
    combatants = []
    for cid, fighter in tally.listed():
        n = sum(fighter.fates.values())
        pools = sorted(fighter.pools.items(), key=lambda item: item[1][0])
        combatants.append(
            CombatantOdds(
                id=cid,
                name=fighter.name,
                standing=fighter.fates["standing"] / n,
                unconscious=fighter.fates["unconscious"] / n,
                dead=fighter.fates["dead"] / n,
                pools={pool: counts.spread() for pool, (_, counts) in pools},
            )
        )
    first = None
    if tally.first is not None:
        run, at, why = tally.first
        ply = plies[at][0]
        first = Skipped(ply=ply.depth, command=ply.command, why=why, run=run)
    total = declarations * runs
    share = tally.skipped / total if total else 0.0
    warning = None
    if share > WARN_SKIPPED and first is not None:
        warning = (
            f"{branch}: {tally.skipped:,} of {total:,} declarations "
            f"({100 * share:.1f}%) were skipped, the runs' luck making them illegal; the "
            f"first: ply #{first.ply} `{first.command}` in run {first.run}: {first.why}"
        )
    return BranchOdds(
        branch=branch,
        declarations=declarations,
        skipped=tally.skipped,
        combatants=combatants,
        rounds=tally.rounds.spread(),
        skipped_share=round(share, 4),
        first_skipped=first,
        warning=warning,
    )
