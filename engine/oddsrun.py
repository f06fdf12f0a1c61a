"""The runs of ``fracas odds`` on one core or on several (``--jobs N``).

Run ``i`` (0 first) of every branch is resolved with the seed :func:`run_seed` gives for
``i``, whoever runs it: so how the runs are shared out among processes changes nothing in the
report. The runs are cut into chunks (:func:`chunks`); with one job they are run here, in
order; with more, ``N`` worker processes take the next chunk from a shared counter until none
is left, each tallying its own runs (:class:`engine.oddstally.BranchTally`), and send their
tallies back to be merged. Workers start by ``fork`` where it is safe (Linux: they begin with
the engine imported, in a few milliseconds) and by ``spawn`` elsewhere; they read nothing from
the file (the parent read the fight and hands them the starting state and the declarations).

Failures end every worker and the command: a worker's error is raised here, as if the runs had
been made in this process; a worker stopped by a signal is :class:`RunsStopped`; Ctrl-C (which a
terminal sends to the workers too: they ignore it and leave it to the parent) stops them all
and raises ``KeyboardInterrupt`` here. Nothing is written either way: odds only reads.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from engine.dice import Dice
from engine.oddstally import BranchTally
from engine.replay import Kernel
from engine.rules import IllegalAction, UnknownName, UsageError
from engine.sha import sha256
from events.core import Declaration
from projections.state import FightState

#: ``--jobs``: at most this many worker processes.
MAX_JOBS = 256
#: At most this many runs in a chunk: a worker reports its progress after each.
MAX_CHUNK = 250


class RunsStopped(Exception):
    """A worker process was stopped from outside (a signal) before its runs were done."""


class Plan(msgspec.Struct, frozen=True):
    """What every run needs, and all a worker is given: the rules system, the state the runs
    start from and its depth (the ply count the dice are drawn at), each branch's
    declarations, where the runs stop (None: the end of the declarations, else past round
    ``until``), the seed the runs' seeds come from, and how many runs each branch has."""

    system: str
    base: FightState
    depth: int
    plans: list[list[Declaration]]
    until: int | None
    seed: int
    runs: int


def run_seed(seed: int, run: int) -> int:
    """Run ``run``'s seed (0 first), from ``seed`` and the run's number (SHA-256, below
    2**63): the same for a run whatever process makes it."""
    digest = sha256(f"fracas.odds:{seed}:{run}".encode("ascii"))
    return int.from_bytes(digest[:8], "big") >> 1


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


def cores() -> int:
    """The cores this process may run on (``--jobs``'s default)."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13: the affinity's count
    if counted is not None:
        return int(counted() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def chunks(plan: Plan, jobs: int) -> list[tuple[int, int, int]]:
    """``(branch, first run, run after the last)`` of every chunk: about four a job for each
    branch (so that a worker on a slower core takes fewer), at most :data:`MAX_CHUNK` runs."""
    size = max(1, min(MAX_CHUNK, -(-plan.runs // (4 * jobs))))
    return [
        (branch, lo, min(lo + size, plan.runs))
        for branch in range(len(plan.plans))
        for lo in range(0, plan.runs, size)
    ]


def run_chunk(
    kernel: Kernel,
    plan: Plan,
    chunk: tuple[int, int, int],
    tally: BranchTally,
    each: Callable[[], None] | None = None,
) -> None:
    """Run a chunk's runs, each into ``tally`` (its branch's); ``each()`` after each run."""
    branch, lo, hi = chunk
    view = kernel.pack.status
    declarations = plan.plans[branch]
    for run in range(lo, hi):
        seed = run_seed(plan.seed, run)
        state, missed, first = run_once(
            kernel, plan.base, plan.depth, declarations, seed, plan.until
        )
        tally.add(run + 1, state, missed, first, view)
        if each is not None:
            each()


def tally(
    kernel: Kernel,
    plan: Plan,
    jobs: int,
    progress: Callable[[int], None] | None = None,
    method: str | None = None,
) -> list[BranchTally]:
    """Every branch's tally over ``plan.runs`` runs, made by ``jobs`` processes (1: this
    one); ``progress(k)`` as ``k`` more runs are done; ``method``: how workers start
    (``fork``, ``spawn``; default: ``fork`` on Linux, where it is safe, else ``spawn``, a fresh
    interpreter: macOS's system libraries are not safe to fork)."""
    if not 1 <= jobs <= MAX_JOBS:
        raise UsageError(f"--jobs {jobs}: between 1 and {MAX_JOBS}")
    work = chunks(plan, jobs)
    tallies = [BranchTally() for _ in plan.plans]
    if min(jobs, len(work)) == 1:
        ran = None if progress is None else (lambda: progress(1))
        for chunk in work:
            run_chunk(kernel, plan, chunk, tallies[chunk[0]], ran)
        return tallies
    method = method or ("fork" if sys.platform == "linux" else "spawn")
    if method == "fork" and plan.plans:
        # One run here first, its result dropped: what a run imports on first use (the pack's
        # deciders and their tables) is then imported once, not by every worker forked.
        run_once(kernel, plan.base, plan.depth, plan.plans[0], run_seed(plan.seed, 0), plan.until)
    for theirs in _in_workers(plan, work, min(jobs, len(work)), progress, method):
        for mine, other in zip(tallies, theirs, strict=True):
            mine.merge(other)
    return tallies


def _in_workers(
    plan: Plan,
    work: list[tuple[int, int, int]],
    jobs: int,
    progress: Callable[[int], None] | None,
    method: str,
) -> list[list[BranchTally]]:
    """Each worker's tallies, once every worker has sent them."""
    import multiprocessing
    from multiprocessing.connection import wait

    ctx: Any = multiprocessing.get_context(method)
    taken = ctx.Value("q", 0)  # the next chunk to take: a shared counter, with its lock
    workers: list[Any] = []
    readers: list[Any] = []
    results: dict[int, list[BranchTally]] = {}
    # What this process has yet to write would be written again by each worker forked with
    # it in its buffers (multiprocessing flushes a child's stdout and stderr as it ends).
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    try:
        for number in range(1, jobs + 1):
            reader, writer = ctx.Pipe(duplex=False)
            process = ctx.Process(
                target=_work,
                args=(plan, work, taken, writer),
                name=f"odds worker {number} of {jobs}",
                daemon=True,  # never outlives this process, whatever ends it
            )
            workers.append(process)
            readers.append(reader)
            process.start()
            writer.close()  # the worker's end: the next worker forked does not hold it too
        while len(results) < jobs:
            pending = [n for n in range(jobs) if n not in results]
            ready = wait([readers[n] for n in pending] + [workers[n].sentinel for n in pending])
            for n in pending:
                if readers[n] in ready:
                    _take(n, readers[n], results, progress)
            for n in pending:
                if workers[n].sentinel in ready and n not in results:
                    while n not in results and _take(n, readers[n], results, progress):
                        pass  # what it sent before it ended
                    if n not in results:
                        workers[n].join()
                        raise _lost(workers[n])
    finally:
        for process in workers:
            if process.is_alive():
                process.terminate()
        for process in workers:
            if process.pid is not None:  # started
                process.join()
        for reader in readers:
            reader.close()
    return [results[n] for n in range(jobs)]


def _take(
    number: int,
    reader: Any,
    results: dict[int, list[BranchTally]],
    progress: Callable[[int], None] | None,
) -> bool:
    """Read one message of worker ``number`` if one is waiting (False: none): runs done, its
    tallies, or its error (raised here)."""
    try:
        if not reader.poll():
            return False
        kind, body = reader.recv()
    except (EOFError, OSError):  # it ended without a word: its sentinel tells how
        return False
    if kind == "ran":
        if progress is not None:
            progress(body)
    elif kind == "done":
        results[number] = body
    else:
        error, trace = body
        error.add_note(f"in odds worker {number + 1}:\n{trace}")
        raise error
    return True


def _lost(process: Any) -> BaseException:
    """The error for a worker that ended before sending its tallies."""
    code = process.exitcode
    if code is not None and code < 0:
        import signal

        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return RunsStopped(f"{process.name} was stopped by {name} before its runs were done")
    return RuntimeError(f"{process.name} ended (exit code {code}) without its results")


def _work(plan: Plan, work: list[tuple[int, int, int]], taken: Any, writer: Any) -> None:
    """A worker: take the next chunk until none is left; send ``("ran", k)`` after each,
    then ``("done", tallies)``, or ``("failed", (error, traceback))``."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    try:
        from engine.replay import kernel_for
        from engine.rules import get_pack

        kernel = kernel_for(get_pack(plan.system))
        tallies = [BranchTally() for _ in plan.plans]
        parent = os.getppid()

        def orphaned() -> None:  # the parent was killed: stop now, not at the chunk's end
            if os.getppid() != parent:
                os._exit(1)

        while True:
            with taken.get_lock():
                at = taken.value
                taken.value = at + 1
            if at >= len(work):
                break
            chunk = work[at]
            run_chunk(kernel, plan, chunk, tallies[chunk[0]], orphaned)
            writer.send(("ran", chunk[2] - chunk[1]))
        writer.send(("done", tallies))
    except (BrokenPipeError, EOFError):  # the parent is gone: nobody to tell
        os._exit(1)
    except BaseException as err:
        import pickle
        import traceback

        trace = "".join(traceback.format_exception(err))
        try:
            pickle.loads(pickle.dumps(err))  # the parent can read it back as it is
            told: BaseException = err
        except Exception:
            told = RuntimeError(f"{type(err).__name__}: {err}")
        with contextlib.suppress(OSError):  # OSError: the parent is gone
            writer.send(("failed", (told, trace)))
        os._exit(1)
    finally:
        writer.close()
