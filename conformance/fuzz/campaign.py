"""Running a campaign: games spread over workers, verdicts gathered.

Games go out in batches to an executor: a local process pool by default
(one worker per core), or a Dask cluster given its scheduler's address
(``tcp://host:8786``) or a `distributed.Client`. Dask, not a home-made
scheduler: it is pure Python, installs from PyPI as one package
(``regola[cluster]``), starts a local cluster for tests in one call, and its
futures are the standard ``concurrent.futures`` shape, so both executors
share this code. Each batch is a plain function of picklable arguments
(`play_batch`); a game's verdict depends only on its number
(`regola.conformance.fuzz.plan`), so the two executors agree game for game.

The engine is asked what it plays (`regola.conformance.fuzz.learn`): the
variants it does not list are left out before the first game, and a
variant's option sets that it refuses are learnt before the first game of
that variant is handed out, and never drawn. A time budget covers everything:
learning, games (a batch starts no game past the deadline) and shrinking
(what is left of the budget, shared among the failures to shrink; with
``keep_going``, a quarter of the budget at most, or ``shrink_seconds``, is
kept for it once a failure is found).
"""

from __future__ import annotations

import os
import shlex
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from regola.conformance.adapters.load import engine_factory
from regola.conformance.fuzz.learn import Learner
from regola.conformance.fuzz.plan import game
from regola.conformance.fuzz.play import Outcome, close_engines, play, shrink

BATCH = 4
"""Games per task: enough to amortise a task's overhead, few enough that a
time budget is kept to within a few games."""


@dataclass(frozen=True)
class Campaign:
    """What to play: against which engine, which variants, how many games or
    for how long, from which seed."""

    engine: str | None
    variants: tuple[str, ...]
    games: int | None = None
    seconds: float | None = None
    seed: int = 0
    timeout: float = 10.0
    sample_options: bool = True
    out_dir: Path = Path("fuzz-failures")
    shrink_seconds: float = 20.0
    """Time to spend shrinking each failure written (0: write it as found)."""
    keep_going: bool = False
    """Play on after a failure (each kind of failure, by variant and rule, is
    shrunk once at the end); by default the campaign stops at the first."""
    refused: frozenset[str] = frozenset()
    """Option sets the engine refused (`regola.conformance.fuzz.plan.option_key`),
    learnt before the first game: never drawn."""
    partner: str = "reference"
    """What the engine is played in lockstep with: ``reference``, or ``fast``
    (the fast core: the same games, cheaper; a failure is reported by the
    reference)."""

    def game(self, number: int) -> Any:
        """Game ``number`` of this campaign (`regola.conformance.fuzz.plan.game`)."""
        return game(self.seed, number, self.variants, self.sample_options, self.refused)


@dataclass
class Results:
    """A campaign's tally: counts by verdict and steps, kept as games come in
    (a campaign of a hundred million games holds no list of them), and the
    failed games themselves, the first `KEPT_FAILURES` of them."""

    engine: str | None = None
    counts: Counter[str] = field(default_factory=Counter)
    """Games by verdict, every game counted (the failures beyond the kept
    ones included)."""
    steps: int = 0
    failures: list[Outcome] = field(default_factory=list)
    first_error: Outcome | None = None
    seconds: float = 0.0
    workers: int = 1
    unlisted: tuple[str, ...] = ()
    """The chosen variants the engine does not list (no game of them is played)."""
    refused: dict[str, int] = field(default_factory=dict)
    """Variant -> how many of its option sets the engine refused (none of its games draws them)."""

    def add(self, outcome: Outcome) -> None:
        self.counts[outcome.status] += 1
        self.steps += outcome.steps
        if outcome.status == "failed" and len(self.failures) < KEPT_FAILURES:
            self.failures.append(outcome)
        if outcome.status == "errored" and self.first_error is None:
            self.first_error = outcome

    def count(self, status: str) -> int:
        return self.counts[status]

    @property
    def games(self) -> int:
        return sum(self.counts.values())


KEPT_FAILURES = 1000


def play_batch(campaign: Campaign, numbers: list[int], stop_at: float | None = None) -> list[Outcome]:
    """Play games ``numbers`` of ``campaign`` in this process, starting none
    once the wall clock (``time.time()``) is past ``stop_at``: the games not
    played are not returned, and not counted."""
    factory = engine_factory(campaign.engine, campaign.timeout)
    spec = campaign.engine or "reference"
    out = []
    for n in numbers:
        if stop_at is not None and time.time() > stop_at:
            break
        out.append(play(spec, factory, campaign.game(n), campaign.partner))
    return out


def replay_engine(engine: str | None) -> str:
    """The engine's part of a ``regola conform`` command (empty for the reference)."""
    return f"--engine {shlex.quote(engine)} " if engine else ""


def _shrink_failures(campaign: Campaign, results: Results, until: float | None) -> None:
    """Shrink and write the first failure (with ``keep_going``, the first of
    each variant, rule and kind of disagreement), here, once the workers are
    done; with ``until`` (a `time.monotonic` time), within what is left of
    the budget, shared equally (a failure is written as found when none is
    left)."""
    factory = engine_factory(campaign.engine, campaign.timeout)
    spec = campaign.engine or "reference"
    chosen: list[Outcome] = []
    seen: set[tuple[str, Any]] = set()
    for outcome in results.failures:
        kind = (outcome.variant, outcome.signature)
        if kind in seen or (seen and not campaign.keep_going):
            continue
        seen.add(kind)
        chosen.append(outcome)
    for i, outcome in enumerate(chosen):
        seconds = campaign.shrink_seconds
        if until is not None:
            seconds = min(seconds, max(0.0, (until - time.monotonic()) / (len(chosen) - i)))
        shrink(spec, factory, campaign.game(outcome.number), outcome, campaign.out_dir, seconds,
               replay_engine(campaign.engine))
    close_engines()


def _batches(campaign: Campaign) -> Iterator[list[int]]:
    n = 0
    while campaign.games is None or n < campaign.games:
        end = n + BATCH if campaign.games is None else min(n + BATCH, campaign.games)
        yield list(range(n, end))
        n = end


def run(
    campaign: Campaign,
    jobs: int | None = None,
    cluster: Any = None,
    on_outcome: Callable[[Outcome], None] | None = None,
) -> Results:
    """Play the campaign; stop after ``games`` games, or once ``seconds``
    have passed (games under way then are finished and counted).

    ``cluster``: None for a local pool of ``jobs`` processes (default: one
    per core), a Dask scheduler address, or a `distributed.Client`."""
    if campaign.games is None and campaign.seconds is None:
        raise ValueError("a campaign needs a number of games or a time budget")
    started, wall = time.monotonic(), time.time()
    end = None if campaign.seconds is None else started + campaign.seconds
    learner = Learner(engine_factory(campaign.engine, campaign.timeout), campaign.sample_options and bool(campaign.engine))
    listed = learner.listed(campaign.variants)
    campaign = replace(campaign, variants=listed or campaign.variants)
    executor, workers, close = _executor(jobs, cluster)
    results = Results(engine=campaign.engine, workers=workers, unlisted=learner.unlisted)
    deadline = end if listed else started  # the engine plays none of the variants: no game
    reserve = 0.0 if campaign.seconds is None else min(campaign.shrink_seconds, campaign.seconds / 4)
    pending: set[Future[list[Outcome]]] = set()
    batches = _batches(campaign)
    try:
        while True:
            while len(pending) < 2 * workers and (deadline is None or time.monotonic() < deadline):
                numbers = next(batches, None)
                if numbers is None:
                    break
                # each variant's refused option sets are known before its first game is drawn
                if any([learner.learn(game(campaign.seed, n, campaign.variants, False).variant) for n in numbers]):
                    campaign = replace(campaign, refused=frozenset(learner.refused))
                stop_at = None if deadline is None else wall + (deadline - started)
                pending.add(executor.submit(play_batch, campaign, numbers, stop_at))
            if not pending:
                break
            done, pending = wait(pending, timeout=1.0, return_when=FIRST_COMPLETED)
            for future in done:
                if future.cancelled():
                    continue
                for outcome in future.result():
                    results.add(outcome)
                    if on_outcome is not None:
                        on_outcome(outcome)
            if results.failures and not campaign.keep_going:
                for future in pending:
                    future.cancel()
                deadline = started  # submit nothing more; finish what runs
            elif results.failures and end is not None:
                deadline = min(deadline or end, end - reserve)  # keep time to shrink what was found
    finally:
        close()
        learner.close()
    results.refused = dict(learner.by_variant)
    results.failures.sort(key=lambda o: o.number)
    _shrink_failures(campaign, results, end)
    results.seconds = time.monotonic() - started
    return results


def _executor(jobs: int | None, cluster: Any) -> tuple[Any, int, Callable[[], None]]:
    """(an executor with ``submit``, its number of workers, how to close it)."""
    if cluster is None:
        workers = jobs or os.cpu_count() or 1
        pool = ProcessPoolExecutor(max_workers=workers)
        return pool, workers, lambda: pool.shutdown(wait=True, cancel_futures=True)
    try:
        from distributed import Client
    except ImportError:
        raise ValueError(
            "a Dask cluster needs the distributed package: pip install 'regola[cluster]'"
        ) from None
    client = cluster if isinstance(cluster, Client) else Client(cluster)
    workers = max(1, len(client.scheduler_info().get("workers", {})))
    return _DaskExecutor(client), workers, (lambda: None) if client is cluster else client.close


class _DaskExecutor:
    """``submit`` on a Dask client, with futures ``concurrent.futures.wait`` takes."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        dask_future = self.client.submit(fn, *args, pure=False)
        future: Future[Any] = Future()

        def relay(done: Any) -> None:
            if future.cancelled():
                return
            try:
                future.set_result(done.result())
            except BaseException as exc:  # noqa: BLE001 - handed to the waiting side as is
                future.set_exception(exc)

        dask_future.add_done_callback(relay)
        return future
