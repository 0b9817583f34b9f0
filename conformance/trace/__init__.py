"""The trace format: what a trace is (`.format`), how the reference's play is
recorded as one (`.record`), and where the committed traces live (`.files`).

Imports ``regola.spec`` and ``regola.reference`` only.
"""
