"""The odds' streaming statistics (issue 24, bounded work): a :class:`Counts` gives exactly the
figures the list of every run's value gave (``statistics.fmean``, ``quantiles`` inclusive,
``median``), and tallies of any split of the runs, merged in any order, are the tally of them
all. And the memory a report takes does not grow with its runs."""

from __future__ import annotations

import gc
import statistics
import tracemalloc
from pathlib import Path

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.oddstally import Counts, Spread
from events.core import InitiativeDeclared
from events.palladium import StrikeDeclared
from tests.conftest import bar_table

VALUES = st.lists(st.integers(-1_000_000_000, 1_000_000_000) | st.integers(-5, 40), min_size=1)


def by_list(values: list[int]) -> Spread:
    """The figures as engine/odds.py computed them from every run's value (before issue 24)."""
    if len(values) == 1:
        v = float(values[0])
        return Spread(mean=v, p10=v, p50=v, p90=v, min=values[0], max=values[0])
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return Spread(
        mean=round(statistics.fmean(values), 3),
        p10=deciles[0],
        p50=float(statistics.median(values)),
        p90=deciles[8],
        min=min(values),
        max=max(values),
    )


def counted(values: list[int]) -> Counts:
    counts = Counts()
    for v in values:
        counts.add(v)
    return counts


@settings(max_examples=500)
@given(VALUES)
def test_counts_give_the_figures_of_the_whole_list(values: list[int]) -> None:
    assert counted(values).spread() == by_list(values)


@settings(max_examples=300)
@given(VALUES, st.data())
def test_counts_of_any_split_merge_to_the_whole(values: list[int], data: st.DataObject) -> None:
    cuts = sorted(data.draw(st.lists(st.integers(0, len(values)), max_size=5)))
    parts = [values[a:b] for a, b in zip([0, *cuts], [*cuts, len(values)], strict=True)]
    order = data.draw(st.permutations(range(len(parts))))
    merged = Counts()
    for i in order:
        merged.merge(counted(parts[i]))
    assert merged.spread() == by_list(values)


def test_a_spread_without_runs_is_an_error() -> None:
    try:
        Counts().spread()
    except ValueError as err:
        assert "no runs" in str(err)
    else:
        raise AssertionError("an empty Counts has no spread")


@pytest.mark.slow  # 7 s; bench/odds.py prints the peak at 1,000 and 100,000 runs
def test_the_memory_of_odds_does_not_grow_with_its_runs(tmp_path: Path) -> None:
    """Every run's end state was kept until the report was made (881 MB at 100,000 runs):
    now 800 runs take about what 100 take (bench/odds.py measures the peak RSS). Kept, 700
    more end states would be about a megabyte here."""
    table = bar_table(tmp_path / "f.db")
    table.declare(InitiativeDeclared(), physical=(15, 3))  # Marcus first
    table.declare(StrikeDeclared(actor="marcus", target="brodkil", defend="none"))
    table.odds([], None, 5, seed=1, jobs=1)  # what a first run imports is not the runs'
    peaks = {}
    for runs in (100, 800):
        gc.collect()  # what is left of the last report is not this one's
        tracemalloc.start()
        report = table.odds([], None, runs, seed=1, jobs=1)
        peaks[runs] = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert msgspec.to_builtins(report)["runs"] == runs
    assert peaks[800] - peaks[100] < 300_000, peaks
