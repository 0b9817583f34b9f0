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
        self.ace_on_ace = self.ace_takes_all and capture.ace_on_ace == "as-usual"
        """``scopa.capture.ace-on-ace``: an Ace on a table holding an Ace captures as usual."""
        self.fifteen = capture.fifteen
        self.last_play_scopa = capture.last_play_scopa
        scopa = ruleset.hand_scoring.scopa
        self.scopa = scopa
        self.claims = scopa.claims
        self.hand_bonuses = scopa.hand_bonuses
        self.wildcard = pack.index.get(scopa.bonus_wildcard) if scopa.bonus_wildcard else None
        self.table_bonus = scopa.table_bonus
        self.table_wildcard = self.wildcard if scopa.table_wildcard else None
        """``scopa.bonus.table-wildcard``: the card that stands for any value among the dealer's table cards."""
        self.values = sorted(set(self.value))
        """The capture values of the pack's faces, lowest first."""
        deal = ruleset.deal
        self.packets = deal.packets
        self.table_packets = deal.table_packets
        self.hand_size = deal.hand_size
        self.last_deal_rest = deal.last_deal == "rest"
        self.redeal = tuple((t.rank, t.at_least, t.dealer) for t in deal.redeal)
        self.open_hands = ruleset.information.open_hands
        value, face = self.value, self.face
        ace_all = [self.ace_takes_all and face[c] == "A" for c in range(self.size)]
        self.kind: tuple[int, ...] = tuple(64 if ace_all[c] else value[c] for c in range(self.size))
        """Card -> what its captures depend on besides the table: its value,
        or (64) an Ace taking all (``scopa.capture.ace-takes-all``)."""
        reach = [max(value[c], 15 - value[c]) if self.fifteen != "none" else value[c] for c in range(self.size)]
        self.relevant: tuple[int, ...] = tuple(
            (1 << self.size) - 1 if ace_all[c] else sum(1 << o for o in range(self.size) if value[o] <= reach[c])
            for c in range(self.size)
        )
        """Card -> the table cards its captures can involve (a bitmask): those
        of a value up to its own, or up to 15 less its own by fifteen; every
        card for an Ace taking all."""
        self.captures: dict[int, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}
        """(relevant table cards << 7 | kind) -> the captures found and their
        bitmasks (`regola.fast.fishing.capture.choices`): a capture depends
        on nothing else, so a table seen again is a lookup."""


tables_of = per_ruleset(FishingTables)
"""The tables of a ruleset, built once and kept (`regola.fast.cards.per_ruleset`)."""
