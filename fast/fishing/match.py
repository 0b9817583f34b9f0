"""A match of a fishing game, played in place (rules ``scopa.*``).

The common step is `FishingMatch.apply` with a move: a card laid, or a
card and the table cards it takes. The captures a card can make on a table
are searched once and remembered by the table's bitmask
(`regola.fast.fishing.capture.choices`); the turn passes, new hands are
dealt when every hand is empty, and the hand is scored when the stock is
gone too.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ..match import Match
from ..moves import CAPTURE, CARD, CLAIM, TAKE_SHIFT, capture, cards_in, mask_of
from . import bridge, views
from .capture import choices, is_scopa
from .claims import claim
from .scoring import deal_bonuses, score_hand, table_bonus, update_match
from .tables import FishingTables, tables_of


class FishingMatch(Match):
    """A fishing game's match (see `regola.fast` for the fields)."""

    __slots__ = ("t", "table", "mask", "captured", "scope", "bonus", "last_capture", "deals", "played")

    def __init__(self, ruleset: Any) -> None:
        t: FishingTables = tables_of(ruleset)
        self.t = t
        self._start(ruleset, t.pack)
        self.table: list[int] = []
        self.mask = 0
        """The table as a bitmask (bit ``c`` for card ``c``)."""
        self.captured: list[list[int]] = []
        self.scope: list[int] = []
        self.bonus: list[int] = []
        self.last_capture: tuple[int, int, tuple[int, ...], bool] | None = None
        self.deals = 0
        self.played = 0

    # --- the deal -------------------------------------------------------------------

    def _shuffled(self, order: list[int]) -> None:
        """Deal the next hand from ``order`` (a permutation of the pack, top
        card first): ``scopa.deal.hands`` and ``scopa.deal.table``; a void deal
        goes back to the shuffle (``scopa.deal.redeal``); Cirulla's dealer
        takes a table of 15 or 30 (``scopa.bonus.table``) and dealt hands
        score their bonuses (``scopa.bonus.hand``)."""
        t = self.t
        n = self.players
        pack = order[::-1]  # top card last
        hands, table = self._deal_round(pack, True)
        table.sort()
        for trigger_rank, at_least, who in t.redeal:
            if sum(1 for c in table if self.pack.rank[c] == trigger_rank) >= at_least:
                self._void_deal(who)
                return
        self.captured = [[] for _ in self.sides]
        self.scope = [0] * len(self.sides)
        taken = table_bonus(t, table)
        if taken:
            side = self.side_of[self.dealer]
            self.captured[side] = table
            self.scope[side] += taken
            table = []
        self.phase = "play"
        self.hands = hands
        self.table = table
        self.mask = mask_of(table)
        self.stock = pack
        self.to_move = (self.dealer + 1) % n
        self.deals = 1
        self.played = 0
        self.bonus = deal_bonuses(t, hands, [])
        self.last_capture = None
        self.result = None

    def _deal_round(self, pack: list[int], first: bool) -> tuple[list[list[int]], list[int]]:
        """One round of packets to every seat from the one after the dealer
        (``scopa.deal.hands``), the table's cards after each round of the
        first deal (``scopa.deal.table``); ``scopa.deal.last-deal``: a last
        deal from fewer cards than two full ones shares out the rest one card
        at a time. Takes from the end of ``pack`` (its top)."""
        t = self.t
        n = self.players
        packets = t.packets
        if not first and t.last_deal_rest and len(pack) < 2 * n * t.hand_size:
            packets = (1,) * (len(pack) // n)
        hands: list[list[int]] = [[] for _ in range(n)]
        table: list[int] = []
        for i, packet in enumerate(packets):
            for k in range(1, n + 1):
                taken = pack[-packet:] if packet else []
                del pack[len(pack) - len(taken):]
                hands[(self.dealer + k) % n] += taken
            if first and i < len(t.table_packets):
                count = t.table_packets[i]
                taken = pack[-count:] if count else []
                del pack[len(pack) - len(taken):]
                table += taken
        for hand in hands:
            hand.sort()
        return hands, table

    def _void_deal(self, who: str) -> None:
        """``scopa.deal.redeal``: the deal is void and dealt again."""
        self.phase = "shuffle"
        self.dealer = self.dealer if who == "same" else (self.dealer + 1) % self.players
        self.hands = []
        self.table = []
        self.mask = 0
        self.stock = []
        self.to_move = None
        self.deals = 0
        self.played = 0
        self.captured = []
        self.scope = []
        self.last_capture = None
        self.result = None

    # --- legal moves ------------------------------------------------------------------

    def legal(self) -> list[int]:
        """Every legal move, in the reference's order: card by card, laying
        the card first where allowed (it captures nothing, or
        ``scopa.capture.optional``), then its captures in canonical order;
        last the claim (``scopa.match.claim``)."""
        if self.phase != "play":
            return []
        t = self.t
        table, mask = self.table, self.mask
        compulsory = t.compulsory
        moves: list[int] = []
        for card in self.hands[self.to_move]:
            found, masks = choices(t, table, mask, card)
            if not found or not compulsory:
                moves.append(card)
            for take in masks:
                moves.append(CAPTURE | card | take << TAKE_SHIFT)
        if t.claims:
            moves.append(CLAIM)
        return moves

    # --- a step -----------------------------------------------------------------------

    def apply(self, move: Any) -> None:
        """Play a move (an int, or an action dict or object); raises the
        reference's `IllegalAction` for one the rules forbid."""
        if type(move) is not int or self.phase != "play":
            if type(move) is int:
                move = self.action(move) if self.phase == "play" else {"type": "play", "seat": -1, "card": ""}
            self._apply_action(move)
            return
        seat = self.to_move
        hand = self.hands[seat]
        card = move & CARD
        if move == CLAIM:
            if self.t.claims:
                claim(self, seat)
                return
        elif card in hand and move >= 0:
            found, masks = choices(self.t, self.table, self.mask, card)
            if move == card:
                if not found or not self.t.compulsory:
                    self._lay(seat, hand, card)
                    return
            elif move & CAPTURE and move >> TAKE_SHIFT in masks:
                self._capture(seat, hand, card, found[masks.index(move >> TAKE_SHIFT)])
                return
        size = self.pack.size
        if move != CLAIM and not (move >= 0 and card < size and (move < CAPTURE or move & CAPTURE)
                                  and not move >> (TAKE_SHIFT + size)):
            raise ValueError(f"{self.ruleset.id}: {move} is not a move of a fishing game (see regola.fast.moves)")
        self._refuse(move)

    def _lay(self, seat: int, hand: list[int], card: int) -> None:
        """``scopa.capture.lay``: the card joins the table."""
        hand.remove(card)
        insort(self.table, card)
        self.mask |= 1 << card
        self.played += 1
        self._next_turn(seat)

    def _capture(self, seat: int, hand: list[int], card: int, take: tuple[int, ...]) -> None:
        """The card and the cards it takes go to the side's pile; a sweep
        scores a scopa (``scopa.sweep``)."""
        hand.remove(card)
        table = self.table
        for c in take:
            table.remove(c)
            self.mask &= ~(1 << c)
        last_play = not self.stock and not any(self.hands)
        scopa = is_scopa(self.t, table, take, card, last_play)
        side = self.side_of[seat]
        pile = self.captured[side]
        pile += take
        pile.append(card)
        pile.sort()
        if scopa:
            self.scope[side] += 1
        self.last_capture = (seat, card, take, scopa)
        self.played += 1
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        """``scopa.play.turn``: the next seat holding cards plays;
        ``scopa.deal.refill`` when every hand is empty and cards remain;
        otherwise the hand is over."""
        n = self.players
        hands = self.hands
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if hands[nxt]:
                self.to_move = nxt
                return
        if self.stock:
            self.hands, _ = self._deal_round(self.stock, False)
            self.deals += 1
            self.bonus = deal_bonuses(self.t, self.hands, self.bonus)
            self.to_move = (self.dealer + 1) % n
            return
        self._finish_hand()

    def _finish_hand(self) -> None:
        """``scopa.end.leftovers``: the last side to capture takes the table;
        then the score and the match."""
        if self.table:
            if self.last_capture is not None:
                pile = self.captured[self.side_of[self.last_capture[0]]]
                pile += self.table
                pile.sort()
            self.table = []
            self.mask = 0
        self.to_move = None
        result = score_hand(self)
        update_match(self, result)
        self.result = result
        if self.over:
            self.phase = "over"
            return
        self.phase = "shuffle"
        self.dealer = (self.dealer + 1) % self.players
        self.hand_number += 1

    # --- JSON, views and the reference -------------------------------------------------

    def _action(self, move: int) -> dict[str, Any]:
        seat = self.to_move
        if move == CLAIM:
            return {"type": "claim", "seat": seat}
        name = self.cards[move & CARD]
        if not move & CAPTURE:
            return {"type": "play", "seat": seat, "card": name}
        names = self.cards
        return {"type": "capture", "seat": seat, "card": name, "take": [names[c] for c in cards_in(move >> TAKE_SHIFT)]}

    def move(self, action: dict[str, Any]) -> int:
        """The move of a JSON action; IllegalAction if it is not one."""
        found = self._parse(action)
        if found is None:
            self._refuse(action)
        return found

    def _parse(self, action: dict[str, Any]) -> int | None:
        kind = action.get("type")
        if type(action.get("seat")) is not int:
            return None
        if kind == "claim":
            return CLAIM if len(action) == 2 else None
        card = action.get("card")
        if type(card) is not str or card not in self.pack.index:
            return None
        c = self.pack.index[card]
        if kind == "play" and len(action) == 3:
            return c
        take = action.get("take")
        if kind != "capture" or len(action) != 4 or not isinstance(take, (list, tuple)):
            return None
        if any(type(x) is not str or x not in self.pack.index for x in take) or len(set(take)) != len(take):
            return None
        return capture(c, mask_of(self.pack.ints(take)))

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _export(self) -> Any:
        return bridge.export(self)

    def _import(self, state: Any) -> None:
        bridge.load(self, state)

    def _takes_back(self, state: Any) -> bool:  # pragma: no cover
        return True
