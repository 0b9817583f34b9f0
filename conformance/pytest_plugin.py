"""pytest plugin: the conformance corpus as one test per trace.

Installed with regola (entry point ``pytest11``). Point it at an engine and
every trace of the corpus becomes a test, named ``<variant>/<trace name>``,
failing with the same report as ``regola conform``::

    pytest --regola-engine='node my_engine.js' --regola-variant briscola-2
    pytest --regola-engine-factory=my_package.engine:MyEngine

``--regola-engine`` starts a subprocess engine (``--regola-timeout`` seconds
per answer); ``--regola-engine-factory`` names a Python callable returning
an `regola.conformance.protocol.engine.Engine`, tested in-process. The tests
carry the marker ``regola_conformance``; traces of variants the engine does
not play are skipped.

From your own tests, override the ``regola_engine_factory`` fixture and ask
for ``regola_trace`` (parametrised over the corpus, restricted by
``--regola-variant`` or ``@pytest.mark.regola_variants(...)``) and
``regola_check``::

    @pytest.fixture(scope="session")
    def regola_engine_factory():
        return MyEngine

    @pytest.mark.regola_variants("briscola-2")
    def test_conformance(regola_trace, regola_check):
        regola_check(regola_trace)
"""

from __future__ import annotations

import importlib
import json
import shlex
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

MARKER = "regola_conformance"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("regola", "regola conformance suite")
    group.addoption("--regola-engine", metavar="CMD", help="run the conformance corpus against this engine command")
    group.addoption(
        "--regola-engine-factory",
        metavar="MODULE:CALLABLE",
        help="run the conformance corpus against a Python engine made by this callable",
    )
    group.addoption(
        "--regola-variant", action="append", default=[], metavar="ID", help="only traces of this variant (repeatable)"
    )
    group.addoption(
        "--regola-trace", action="append", default=[], metavar="PATH", help="these trace files instead of the corpus (repeatable)"
    )
    group.addoption("--regola-timeout", type=float, default=5.0, metavar="S", help="seconds per engine answer")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"{MARKER}: a trace of regola's conformance corpus")
    config.addinivalue_line("markers", "regola_variants(*ids): restrict regola_trace to these variants")


class TraceFailed(Exception):
    """A trace failed or errored; the message is the report."""


def _factory_from_option(config: pytest.Config) -> Callable[[], Any] | None:
    cmd = config.getoption("regola_engine")
    if cmd:
        from regola.conformance.protocol.client import SubprocessEngine

        timeout = config.getoption("regola_timeout")
        return lambda: SubprocessEngine(cmd, timeout=timeout)
    spec = config.getoption("regola_engine_factory")
    if spec:
        module, _, attr = spec.partition(":")
        if not attr:
            raise pytest.UsageError(f"--regola-engine-factory {spec!r}: expected MODULE:CALLABLE")
        try:
            return getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError) as exc:
            raise pytest.UsageError(f"--regola-engine-factory {spec!r}: {exc}") from None
    return None


def _replay_prefix(config: pytest.Config) -> str:
    cmd = config.getoption("regola_engine")
    return shlex.join(["regola", "conform", "--engine", cmd]) if cmd else ""


def _traces(config: pytest.Config, variants: list[str]) -> list[Path]:
    """The corpus's traces (or those of ``--regola-trace``), of ``variants`` if any."""
    from regola.conformance.trace.files import iter_traces
    from regola.spec import variant_ids

    unknown = [v for v in variants if v not in variant_ids()]
    if unknown:
        raise pytest.UsageError(f"--regola-variant: unknown variant(s) {', '.join(unknown)}")
    given = [Path(p) for p in config.getoption("regola_trace")]
    missing = [str(p) for p in given if not p.is_file()]
    if missing:
        raise pytest.UsageError(f"--regola-trace: no such file: {', '.join(missing)}")
    if given:
        return [p for p in given if not variants or _trace_variant(p) in variants]
    return list(iter_traces(variants or None))


def _trace_variant(path: Path) -> str | None:
    from regola.conformance.trace.storage import first_line

    try:
        return json.loads(first_line(path)).get("variant")
    except (OSError, ValueError, AttributeError):
        return None


def _trace_id(path: Path) -> str:
    """``variant/name``, as the trace's header says."""
    from regola.conformance.trace.storage import first_line, trace_stem

    try:
        header = json.loads(first_line(path))
        return f"{header['variant']}/{header['name']}"
    except (OSError, ValueError, KeyError, TypeError):
        return f"{path.parent.name}/{trace_stem(path)}"


class _Checker:
    """Runs traces on one engine at a time, replaced after it fails."""

    def __init__(self, factory: Callable[[], Any], prefix: str = "") -> None:
        from regola.conformance.runner.run import EngineHost

        self.host = EngineHost(factory)
        self.prefix = prefix

    def __call__(self, path: Path | str) -> None:
        path = Path(path)
        replay = f"{self.prefix} --trace {shlex.quote(str(path))}" if self.prefix else ""
        result = self.host.run(path, replay)
        if result.status in ("unsupported", "unchecked"):
            pytest.skip(f"{result.id}: {result.error}")
        if result.status in ("failed", "errored"):
            raise TraceFailed(result.report())

    def close(self) -> None:
        self.host.discard()


# --- items made from the command-line options -------------------------------


class TraceItem(pytest.Item):
    """One corpus trace, replayed into the engine of the command line."""

    def __init__(self, *, trace_path: Path, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.trace_path = trace_path
        self.add_marker(MARKER)

    def runtest(self) -> None:
        checker: _Checker = self.config._regola_checker  # type: ignore[attr-defined]
        checker(self.trace_path)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, TraceFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.trace_path, None, f"regola conformance: {self.name}"


class ConformanceSuite(pytest.Collector):
    """The corpus traces selected on the command line."""

    def __init__(self, *, traces: list[Path], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.traces = traces

    def collect(self) -> Iterator[TraceItem]:
        for path in self.traces:
            yield TraceItem.from_parent(self, name=_trace_id(path), trace_path=path)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    factory = _factory_from_option(config)
    if factory is None:
        return
    config._regola_checker = _Checker(factory, _replay_prefix(config))  # type: ignore[attr-defined]
    suite = ConformanceSuite.from_parent(
        session, name="regola-conformance", nodeid="regola-conformance", traces=_traces(config, config.getoption("regola_variant"))
    )
    items.extend(suite.collect())


def pytest_unconfigure(config: pytest.Config) -> None:
    checker = getattr(config, "_regola_checker", None)
    if checker is not None:
        checker.close()


# --- fixtures for tests written by hand ---------------------------------------


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "regola_trace" not in metafunc.fixturenames:
        return
    variants = list(metafunc.config.getoption("regola_variant"))
    marker = metafunc.definition.get_closest_marker("regola_variants")
    if marker is not None:
        variants = [v for v in marker.args if not variants or v in variants]
    paths = _traces(metafunc.config, variants)
    metafunc.parametrize("regola_trace", paths, ids=[_trace_id(p) for p in paths])


@pytest.fixture(scope="session")
def regola_engine_factory(pytestconfig: pytest.Config) -> Callable[[], Any]:
    """Makes the engine under test: from ``--regola-engine`` or
    ``--regola-engine-factory``, else the reference. Override it to test
    your own Python engine."""
    factory = _factory_from_option(pytestconfig)
    if factory is None:
        from regola.conformance.protocol.engine import ReferenceEngine

        return ReferenceEngine
    return factory


@pytest.fixture(scope="session")
def regola_check(regola_engine_factory: Callable[[], Any], pytestconfig: pytest.Config) -> Iterator[Callable[[Path | str], None]]:
    """``regola_check(path)`` replays one trace into the engine and fails
    the test with the divergence report (skips it if the engine does not
    play the variant)."""
    checker = _Checker(regola_engine_factory, _replay_prefix(pytestconfig))

    def check(path: Path | str) -> None:
        try:
            checker(path)
        except TraceFailed as exc:
            pytest.fail(str(exc), pytrace=False)

    yield check
    checker.close()
