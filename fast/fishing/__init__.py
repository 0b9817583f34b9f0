"""The fishing games, fast: Scopa and Scopone."""
