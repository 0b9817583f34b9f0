"""Whether an engine DOES THE SAME: traces, corpus, protocol, runner and CLI.

Imports ``regola.spec`` and ``regola.reference``; nothing imports this
package except the CLI and the tests.
"""
