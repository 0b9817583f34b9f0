"""What a fishing game reads at every step, derived once per ruleset
(rules ``scopa.deck.*``)."""

from __future__ import annotations

from regola.spec import Ruleset

from ..cards import Pack, per_ruleset

MEMO_KEPT = 1 << 14
"""Captures remembered per ruleset at most (`FishingTables.captures`)."""


class FishingTables:
    """A fishing game's cards, seats and options, as plain lookups."""

    def __init__(self, ruleset: Ruleset) -> None:
        pack = self.pack = Pack(ruleset)
        deck = ruleset.deck
        self.ruleset = ruleset
        self.size = pack.size
        self.players = pack.players
        by_id = {r.id: r for r in deck.ranks}
        self.value: tuple[int, ...] = tuple(by_id[r].value or 0 for r in pack.rank)
        """Card -> its capture value (``scopa.deck.values``)."""
        self.face: tuple[str, ...] = tuple(by_id[r].italian for r in pack.rank)
        """Card -> the Italian face it stands for (``A``..``7``, ``J``, ``H``, ``K``)."""
        coin_suits = {s.id for s in deck.suits if s.italian == "d"}
        self.coin: tuple[bool, ...] = tuple(s in coin_suits for s in pack.suit_id)
        """Card -> whether it is a coin."""
        self.coins = sum(self.coin)
        self.coin_of: dict[str, int] = {self.face[c]: c for c in range(self.size) if self.coin[c]}
        """Italian face -> the coin of that face (the settebello is ``coin_of["7"]``)."""
        capture = ruleset.capture
        self.compulsory = capture.compulsory
        self.free_choice = capture.priority == "free"
        self.ace_takes_all = capture.ace_takes_all != "none"
        self.ace_no_scopa = capture.ace_takes_all == "no-scopa"
        self.ace_takes_itself = capture.ace_on_empty_table == "takes-itself"
        self.fifteen = capture.fifteen
        self.last_play_scopa = capture.last_play_scopa
        scopa = ruleset.hand_scoring.scopa
        self.scopa = scopa
        self.claims = scopa.claims
        self.hand_bonuses = scopa.hand_bonuses
        self.wildcard = pack.index.get(scopa.bonus_wildcard) if scopa.bonus_wildcard else None
        self.table_bonus = scopa.table_bonus
        deal = ruleset.deal
        self.packets = deal.packets
        self.table_packets = deal.table_packets
        self.hand_size = deal.hand_size
        self.last_deal_rest = deal.last_deal == "rest"
        self.redeal = tuple((t.rank, t.at_least, t.dealer) for t in deal.redeal)
        self.open_hands = ruleset.information.open_hands
        self.captures: dict[int, tuple[tuple[int, ...], ...]] = {}
        """(table bitmask << 6 | card) -> the captures of that card on that
        table (`regola.fast.fishing.capture.choices`): a capture depends on
        nothing else, so a table seen again is a lookup."""


tables_of = per_ruleset(FishingTables)
"""The tables of a ruleset, built once and kept (`regola.fast.cards.per_ruleset`)."""
