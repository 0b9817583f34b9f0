"""The ``regola`` command line, one module per command group (see `.main`).

`main` is the console script's entry point; it imports the commands only
when it runs.
"""


def main() -> None:
    """Run the ``regola`` command line (the console script)."""
    from .commands import main as run

    run()
