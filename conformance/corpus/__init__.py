"""Corpus making: the committed traces are generated here from seeds
(`.generate`), with scenarios found for every rule id (`.scenarios`,
`.scenario_search`, its rule-seeking lines in `.seeking`), reject lines (`.negatives`), the coverage report
(`.coverage`) and perft counts (`.perft`).

Imports the trace room (`regola.conformance.trace`); the runner and the
protocol never import this room.
"""
