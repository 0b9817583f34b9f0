"""Fuzzing: random lockstep games against an engine, beyond the committed
corpus (`regola fuzz`).

A campaign is a list of games, each fixed by its number, variant, option set
and seed (`.plan`), so the same campaign gives the same verdicts on any
executor: the local process pool by default, or a Dask cluster
(`.campaign`). A game is played in lockstep with the reference from a
seeded random source that records every choice (`.choices`); a game the
engine disagrees on is shrunk by replaying its choices with fewer, simpler
ones, and written as a trace that ``regola conform --trace`` replays
(`.play`).
"""
