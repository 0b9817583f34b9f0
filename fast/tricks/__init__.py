"""The trick games, fast: Briscola and its relatives, Albastini, Tressette,
and the play of the bidding games once their contract is made."""
