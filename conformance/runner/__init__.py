"""The runner and its reports: replay traces into an engine (`.run`,
`.replay`), compare views (`.compare`), say what a divergence means
(`.verdicts`, `.blame`), write reports (`.reports`) and check an engine in
lockstep with the reference (`.lockstep`).

Imports the trace and protocol rooms; never the corpus makers or the
command line.
"""
