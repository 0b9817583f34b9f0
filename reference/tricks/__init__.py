"""The trick games: Briscola and its relatives (Scoperta, Bixkla, Brisca,
Bisca, Briscalone...), the bidding games of the Chiamata kind, and Albastini
(rules ``briscola.*``, ``chiamata.*``, ``albastini.*``).

The family's entry points are in `.game` (``initial_state``,
``legal_actions``, ``apply``, and ``view`` from `.views`). The rules, one
module per phase: `.deal`, `.trick` (playing to a trick and resolving it),
`.drawing`, `.exchange`, `.scoring` (with `.counting` and `.declarations`
for Tressette, rules ``tressette.*``), `.match`; the phases before play live
in `.bidding`. The state is in `.state`, the lookup tables in `.tables`, the
family's own actions in `.actions`.
"""
