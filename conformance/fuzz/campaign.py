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
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regola.conformance.adapters.load import engine_factory
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
    partner: str = "reference"
    """What the engine is played in lockstep with: ``reference``, or ``fast``
    (the fast core: the same games, cheaper; a failure is reported by the
    reference)."""


@dataclass
class Results:
    """A campaign's tally: counts by verdict and steps, kept as games come in
    (a campaign of a hundred million games holds no list of them), and the
    failed games themselves, the first `KEPT_FAILURES` of them."""

    engine: str | None = None
    counts: Counter[str] = field(default_factory=Counter)
    steps: int = 0
    failures: list[Outcome] = field(default_factory=list)
    first_error: Outcome | None = None
    seconds: float = 0.0
    workers: int = 1

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


def play_batch(campaign: Campaign, numbers: list[int]) -> list[Outcome]:
    """Play games ``numbers`` of ``campaign`` in this process."""
    factory = engine_factory(campaign.engine, campaign.timeout)
    spec = campaign.engine or "reference"
    return [
        play(spec, factory, game(campaign.seed, n, campaign.variants, campaign.sample_options), campaign.partner)
        for n in numbers
    ]


def _shrink_failures(campaign: Campaign, results: Results) -> None:
    """Shrink and write the first failure (with ``keep_going``, the first of
    each variant and rule), here, once the workers are done."""
    factory = engine_factory(campaign.engine, campaign.timeout)
    spec = campaign.engine or "reference"
    seen: set[tuple[str, str | None]] = set()
    for outcome in results.failures:
        kind = (outcome.variant, outcome.rule)
        if kind in seen or (seen and not campaign.keep_going):
            continue
        seen.add(kind)
        number = game(campaign.seed, outcome.number, campaign.variants, campaign.sample_options)
        shrink(spec, factory, number, outcome, campaign.out_dir, campaign.shrink_seconds)
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
    started = time.monotonic()
    deadline = None if campaign.seconds is None else started + campaign.seconds
    executor, workers, close = _executor(jobs, cluster)
    results = Results(engine=campaign.engine, workers=workers)
    pending: set[Future[list[Outcome]]] = set()
    batches = _batches(campaign)
    try:
        while True:
            while len(pending) < 2 * workers and (deadline is None or time.monotonic() < deadline):
                numbers = next(batches, None)
                if numbers is None:
                    break
                pending.add(executor.submit(play_batch, campaign, numbers))
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
    finally:
        close()
    results.failures.sort(key=lambda o: o.number)
    _shrink_failures(campaign, results)
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
