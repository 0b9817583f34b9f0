"""The harness that puts published engines through regola.

Each engine's folder (``realworld/SLUG/``) holds what was read in its code
(``bugs.toml``), the one-line bugs to plant in copies of it
(``planted.toml``), its adapter, and what regola reported (``results/``).
The engine's own code is never in this repository: `checkout` makes a tree
of the pinned commit on this machine, from a local mirror or a clone.
"""
