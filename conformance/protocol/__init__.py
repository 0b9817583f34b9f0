"""The engine protocol: the Python `Engine` interface and the reference as
one (`.engine`), the JSON-lines client that drives an engine in another
process (`.client`), and the server that speaks it for the reference
(`.serve`).

Imports the trace room only (for JSON lines); never the corpus makers, the
runner or the command line.
"""
