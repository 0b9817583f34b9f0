"""The fishing games: Scopa for 2, 3, 4 and 6, Scopone, Scopa d'Assi, Scopa
di Quindici, Scopa Corse, Cirulla (rules ``scopa.*``).

The family's entry points are in `.game` (``initial_state``,
``legal_actions``, ``apply``, and ``view`` from `.views`). The rules:
`.deal` (hands, table cards, void deals, new hands), `.capture` (what a
card may take) and `.fifteen` (captures by fifteen), `.scoring`,
`.bonuses` (Cirulla's bonuses), `.match`, `.claims` (chiamarsi fuori). The
state is in `.state`, the lookup tables in `.tables`, the family's own
actions in `.actions`.
"""
