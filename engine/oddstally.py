"""What ``fracas odds`` counts, run by run, in memory that does not grow with the runs.

A run adds its end state to its branch's :class:`BranchTally` and is forgotten: a combatant's
fates are three counts; each pool, and the fight's length in rounds, is a :class:`Counts`, a
multiset of whole numbers (value -> how many runs ended on it), bounded by the values a pool
can take, not by the runs. Every figure of the report is computed from these exactly as from
the list of every run's value: the mean, the 10th, 50th and 90th percentiles
(``statistics.quantiles(..., method="inclusive")`` and ``statistics.median``), least and most.

Tallies of disjoint sets of runs merge (:meth:`BranchTally.merge`) into the tally of their
union, whatever the split and the order: sums of counts, and for what depends on the order of
the runs (the order combatants are listed in, a combatant's name, the first declaration
skipped) the run numbers that decide it are kept. So the processes of ``odds --jobs N`` can
each take any share of the runs, and the report is the same for every N.
"""

from __future__ import annotations

import bisect
from typing import Any

import msgspec

from engine.outcome import fate
from projections.state import FightState

FATES = ("standing", "unconscious", "dead")


class Spread(msgspec.Struct, frozen=True):
    """A number over the runs: mean, 10th, 50th and 90th percentiles, least and most."""

    mean: float
    p10: float
    p50: float
    p90: float
    min: int
    max: int


class Counts:
    """A multiset of whole numbers: ``value -> runs`` (a pool's points at the end of a run,
    the rounds a run lasted)."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen: dict[int, int] = {}

    def add(self, value: int) -> None:
        """One run ended on ``value``."""
        self.seen[value] = self.seen.get(value, 0) + 1

    def merge(self, other: Counts) -> None:
        """Add ``other``'s runs to these."""
        for value, n in other.seen.items():
            self.seen[value] = self.seen.get(value, 0) + n

    def spread(self) -> Spread:
        """The :class:`Spread` of the runs, exactly as from the list of their values: the
        mean rounded to 3 places; the deciles by ``statistics.quantiles`` (inclusive) and
        the median by ``statistics.median``. One run: every figure is its value."""
        values = sorted(self.seen)
        ends = []  # ends[i]: how many runs ended on values[0..i]
        total = 0
        for v in values:
            total += self.seen[v]
            ends.append(total)
        n = total
        if n == 0:
            raise ValueError("no runs to spread")

        def at(k: int) -> int:  # the k-th value (0 first) of the sorted runs
            return values[bisect.bisect_right(ends, k)]

        if n == 1:
            only = float(values[0])
            return Spread(mean=only, p10=only, p50=only, p90=only, min=values[0], max=values[0])
        m = n - 1

        def decile(i: int) -> float:  # statistics.quantiles, method="inclusive", n=10
            j, delta = divmod(i * m, 10)
            return (at(j) * (10 - delta) + at(j + 1) * delta) / 10

        half = n // 2
        median: float = at(half) if n % 2 else (at(half - 1) + at(half)) / 2
        exact_sum = sum(v * c for v, c in self.seen.items())
        return Spread(
            mean=round(float(exact_sum) / n, 3),  # statistics.fmean: the float sum over n
            p10=decile(1),
            p50=float(median),
            p90=decile(9),
            min=values[0],
            max=values[-1],
        )


class FighterTally:
    """One combatant over the runs that kept him: his fates, his pools, and the runs that
    decide where he is listed (the first that had him, at his place among its combatants)
    and the name he is shown by (the last)."""

    __slots__ = ("fates", "first", "last", "name", "pools")

    def __init__(self, first: tuple[int, int], name: str) -> None:
        self.first = first
        self.last = first[0]
        self.name = name
        self.fates = dict.fromkeys(FATES, 0)
        #: pool -> (the first run and place it was seen at, its values)
        self.pools: dict[str, tuple[tuple[int, int], Counts]] = {}

    def merge(self, other: FighterTally) -> None:
        """Add ``other``'s runs (others than these) to these."""
        self.first = min(self.first, other.first)
        if other.last > self.last:
            self.last, self.name = other.last, other.name
        for f in FATES:
            self.fates[f] += other.fates[f]
        for pool, (first, counts) in other.pools.items():
            mine = self.pools.get(pool)
            if mine is None:
                self.pools[pool] = (first, counts)
            else:
                mine[1].merge(counts)
                self.pools[pool] = (min(mine[0], first), mine[1])


class BranchTally:
    """One branch over its runs: declarations skipped and the first (by run, then by
    declaration), each combatant, and the rounds. A run is numbered from 1."""

    def __init__(self) -> None:
        self.runs = 0
        self.skipped = 0
        #: (run, index of the declaration in the branch's plan, why) of the first skipped
        self.first: tuple[int, int, str] | None = None
        self.fighters: dict[str, FighterTally] = {}
        self.rounds = Counts()

    def add(
        self, run: int, state: FightState, missed: int, first: tuple[int, str] | None, view: Any
    ) -> None:
        """Run ``run`` ended on ``state`` having skipped ``missed`` declarations, the first
        ``first`` (its index in the plan and why); ``view`` is the pack's ``StatusView``."""
        self.runs += 1
        self.skipped += missed
        if first is not None and (self.first is None or run < self.first[0]):
            self.first = (run, *first)
        for place, (cid, c) in enumerate(state.combatants.items()):
            fighter = self.fighters.get(cid)
            if fighter is None:
                fighter = self.fighters[cid] = FighterTally((run, place), c.name)
            elif run >= fighter.last:
                fighter.last, fighter.name = run, c.name
            if (run, place) < fighter.first:
                fighter.first = (run, place)
            fighter.fates[fate(c, view.down)] += 1
            if view.pools is not None:
                pools = view.pools(view.combatant(state, cid))
                for at, (pool, value) in enumerate(pools.items()):
                    held = fighter.pools.get(pool)
                    if held is None:
                        held = fighter.pools[pool] = ((run, at), Counts())
                    elif (run, at) < held[0]:
                        fighter.pools[pool] = held = ((run, at), held[1])
                    held[1].add(value)
        self.rounds.add(state.clock.round)

    def merge(self, other: BranchTally) -> None:
        """Add ``other``'s runs (others than these) to these."""
        self.runs += other.runs
        self.skipped += other.skipped
        if other.first is not None and (self.first is None or other.first < self.first):
            self.first = other.first
        for cid, fighter in other.fighters.items():
            mine = self.fighters.get(cid)
            if mine is None:
                self.fighters[cid] = fighter
            else:
                mine.merge(fighter)
        self.rounds.merge(other.rounds)

    def listed(self) -> list[tuple[str, FighterTally]]:
        """The combatants in the order the runs first had them."""
        return sorted(self.fighters.items(), key=lambda item: item[1].first)
