"""Running many traces: engines started on demand, restarted after a
failure, several in parallel.

Each worker owns one engine at a time (`EngineHost`). After an
engine error (a crash, a hang, garbage, a protocol breach) the engine is
closed and a fresh one started for the next trace; if it cannot be started
three times in a row, the traces left are ``errored`` at once rather than
tried one by one. Results come back in the order of the trace paths,
whatever the number of workers.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from regola.conformance.protocol.engine import Engine, EngineFailure
from regola.conformance.explain.refute import refute_options
from regola.conformance.runner import declared
from regola.conformance.runner.replay import describe_exception, replay_trace
from regola.conformance.runner.trace_check import BAD_TRACE, check_trace
from regola.conformance.runner.verdicts import Divergence, TraceResult
from regola.conformance.trace.format import read_trace
from regola.conformance.trace.storage import trace_stem

__all__ = ["Divergence", "EngineFactory", "EngineHost", "TraceResult", "display_path", "run_traces"]

EngineFactory = Callable[[], Engine]
MAX_START_FAILURES = 3


class _StartGuard:
    """Counts consecutive failures to start the engine, across workers."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.failures = 0
        self.last: EngineFailure | None = None

    @property
    def given_up(self) -> bool:
        return self.failures >= MAX_START_FAILURES


class EngineHost:
    """One engine at a time for one worker: started on first use, closed
    and replaced after it fails."""

    def __init__(
        self, factory: EngineFactory, guard: _StartGuard | None = None, declared: dict[str, Any] | None = None
    ) -> None:
        self.factory = factory
        self.guard = guard or _StartGuard()
        self.engine: Engine | None = None
        self.hello: dict[str, Any] = {}
        self.declared = dict(declared or {})
        """House rules declared on the command line (`regola.conformance.runner.declared`)."""

    @property
    def house_rules(self) -> dict[str, Any]:
        """The options the engine plays instead of the variant's: those its
        hello names, and those declared on the command line (which win)."""
        return {**(self.hello.get("options") or {}), **self.declared}

    def start(self) -> Engine:
        if self.engine is None:
            engine = self.factory()
            try:
                self.hello = engine.hello()
            except BaseException:
                engine.close()
                raise
            self.engine = engine
        return self.engine

    def restart(self) -> Engine:
        """A fresh engine in place of this one (a reject line made the old
        one accept a forbidden action or crash: `regola.conformance.runner.cells`)."""
        self.discard()
        return self.start()

    def discard(self) -> None:
        if self.engine is not None:
            try:
                self.engine.close()
            except Exception:  # noqa: BLE001 - a broken engine may fail to close; it is dropped anyway
                pass
        self.engine = None

    def run(self, path: Path, replay: str = "") -> TraceResult:
        """Replay one trace file; never raises."""
        started = time.perf_counter()
        result = self._run(path, replay)
        result.seconds = time.perf_counter() - started
        return result

    def _run(self, path: Path, replay: str) -> TraceResult:
        try:
            trace = read_trace(path)
        except Exception as exc:  # noqa: BLE001 - a bad file is a verdict, not a crash of the run
            return _errored(path, "?", trace_stem(path), "trace", str(exc), replay)
        variant, name = trace.header.get("variant", "?"), trace.header.get("name", trace_stem(path))
        checked = check_trace(trace)  # the trace's own fault, before any engine sees it
        if checked.problem:
            return _errored(path, variant, name, BAD_TRACE, checked.problem, replay)
        if self.guard.given_up and self.engine is None:
            last = self.guard.last
            why = f"{last.kind}: {last.message}" if last else "it failed"
            return _errored(
                path, variant, name, "crash",
                f"not tried: the engine could not be started {MAX_START_FAILURES} times in a row ({why})",
                replay,
            )
        try:
            engine = self.start()
            with self.guard.lock:
                self.guard.failures = 0
        except EngineFailure as exc:
            with self.guard.lock:
                self.guard.failures += 1
                self.guard.last = exc
            return _errored(path, variant, name, exc.kind, f"the engine did not start: {exc.message}", replay)
        except Exception as exc:  # noqa: BLE001 - a Python engine's own bug
            return _errored(path, variant, name, "crash", f"the engine did not start: {describe_exception(exc)}", replay)
        house = self.house_rules
        cut = None
        if house and trace.header["variant"] in self.hello.get("variants", ()):
            rewritten = declared.rewrite(trace, house)
            if rewritten.trace is None:
                return TraceResult(
                    path=str(path), variant=variant, name=name, status="unsupported", error=rewritten.reason,
                    replay=replay,
                )
            trace, cut = rewritten.trace, rewritten
            checked = check_trace(trace)
        result = replay_trace(engine, self.hello, trace, replay, checked.states, restart=self.restart)
        if cut is not None:
            result.house_rules = dict(house)
            result.cut_at = cut.cut_at
        if result.error_kind not in (None, "trace", BAD_TRACE):
            # the engine failed (even after a divergence, in a failed trace):
            # a fresh engine for the next trace
            self.discard()
        elif self.engine is not None and not _settled(self.engine):
            # it failed on requests sent ahead past where the replay stopped:
            # not this trace's verdict, but a fresh engine for the next one
            self.discard()
        return result


def _settled(engine: Engine) -> bool:
    """Read the answers to requests sent ahead that the replay did not ask
    for (`regola.conformance.protocol.client.SubprocessEngine.settle_calls`);
    False if the engine failed on them."""
    settle = getattr(engine, "settle_calls", None)
    return not callable(settle) or bool(settle())


def _errored(path: Path, variant: str, name: str, kind: str, message: str, replay: str) -> TraceResult:
    return TraceResult(
        path=str(path), variant=variant, name=name, status="errored",
        error_kind=kind, error=message, replay=replay,
    )


def run_traces(
    paths: Sequence[Path],
    factory: EngineFactory,
    jobs: int = 1,
    replay: Callable[[Path], str] | None = None,
    on_result: Callable[[TraceResult], None] | None = None,
    house_rules: dict[str, Any] | None = None,
) -> tuple[list[TraceResult], dict[str, Any]]:
    """Replay every trace in ``paths`` using engines from ``factory``, in
    ``jobs`` parallel engines. Returns the results in the order of ``paths``
    and the hello answer of the engine (empty if it never started).
    ``house_rules``: options the engine is declared to play
    (`regola.conformance.runner.declared`), besides those its hello names."""
    todo: queue.Queue[tuple[int, Path]] = queue.Queue()
    for item in enumerate(paths):
        todo.put(item)
    results: list[TraceResult | None] = [None] * len(paths)
    guard = _StartGuard()
    hellos: list[dict[str, Any]] = []
    lock = threading.Lock()

    def work() -> None:
        host = EngineHost(factory, guard, house_rules)
        try:
            while True:
                try:
                    i, path = todo.get_nowait()
                except queue.Empty:
                    return
                res = host.run(path, replay(path) if replay else "")
                with lock:
                    results[i] = res
                    if host.hello and not hellos:
                        hellos.append(host.hello)
                if on_result:
                    on_result(res)
        finally:
            host.discard()

    count = max(1, min(jobs, len(paths)))
    if count == 1:
        work()
    else:
        # daemon threads: an interrupted run does not wait for a hung engine
        workers = [threading.Thread(target=work, name=f"conform-{n}", daemon=True) for n in range(count)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    done = [r for r in results if r is not None]
    hello = hellos[0] if hellos else {}
    if hello:
        refute_options(done, hello)  # a house rule must agree with the engine's other games
    return done, hello


def display_path(path: Path | str) -> str:
    """``path`` relative to the working directory when it lies below it."""
    p = Path(path)
    try:
        return os.path.relpath(p) if p.is_absolute() and p.resolve().is_relative_to(Path.cwd()) else str(p)
    except (OSError, ValueError):
        return str(p)
