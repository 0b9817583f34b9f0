"""Whether an engine DOES THE SAME: traces, corpus, protocol, runner and CLI.

Imports ``regola.spec`` and ``regola.reference``; nothing imports this
package except the CLI and the tests. Its rooms (see CONTRIBUTING.md):

- `regola.conformance.trace`: the trace format, recording, the committed files;
- `regola.conformance.corpus`: making the corpus;
- `regola.conformance.protocol`: the engine interface, client and server;
- `regola.conformance.runner`: replaying traces, verdicts, blame, reports;
- `regola.conformance.adapters`: third-party engines as `Engine`s;
- `regola.conformance.cli`: the ``regola`` command line;
- ``conformance/data/``: the committed traces and the trace schema (data).

The names most users need are importable from here, loaded on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_EXPORTS = {
    "Engine": "regola.conformance.protocol.engine",
    "ActionRejected": "regola.conformance.protocol.engine",
    "EngineFailure": "regola.conformance.protocol.engine",
    "ReferenceEngine": "regola.conformance.protocol.engine",
    "SubprocessEngine": "regola.conformance.protocol.client",
    "run_traces": "regola.conformance.runner.run",
    "replay_trace": "regola.conformance.runner.replay",
    "TraceResult": "regola.conformance.runner.verdicts",
    "Divergence": "regola.conformance.runner.verdicts",
    "check_engine": "regola.conformance.runner.lockstep",
    "read_trace": "regola.conformance.trace.format",
    "iter_traces": "regola.conformance.trace.files",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module 'regola.conformance' has no attribute {name!r}")
    return getattr(import_module(_EXPORTS[name]), name)
