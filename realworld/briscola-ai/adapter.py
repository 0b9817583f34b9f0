"""Adapter for ilCapo77/briscola.ai's game core (src/briscola_ai/domain),
speaking regola's engine protocol (1.1) on stdin/stdout.

    python adapter.py CHECKOUT

What it maps:
- The engine: the pure domain functions the program's server uses.
  `new_game_state(2, seed=...)` shuffles a fresh pack with
  `random.Random(seed).shuffle`, deals three rounds of one card each by
  popping from the end of the list (player 0 first), pops the next card as
  trump and puts it back at index 0 (drawn last); `step(state,
  PlayCardAction(player_index, card_index))` plays, checks the turn and the
  index, takes the trick with `who_wins_trick`, draws (winner first) and ends
  the game when the hands are empty.
- The deal: for that one call, `random.Random` is replaced by a stand-in
  whose `shuffle` puts the pack in the trace's deck order, reversed (the
  engine pops from the end), so the engine's own dealing gives the trace's
  hands, trump and stock. Player 0 (dealt first, leads first) is seat 1 and
  player 1 is seat 0, the dealer.
- Cards: the engine's Suit CLUBS, CUPS, COINS, SWORDS are b c d s; Rank ACE
  ... SEVEN, JACK, KNIGHT, KING are A 2 3 4 5 6 7 J H K.
- Plays: `step()` with the seat's player index and the position of the card
  in that player's hand. The engine's refusals (StepResult.error: the game is
  over, not that player's turn, no such card index) are reported as its
  refusals, with its message and no rule.
- The omniscient view is read from the GameState; the view of a seat from
  the engine's own observation, `make_player_observation(state, player)`
  (its hand only, the trump card, the deck size, the table, the turn, the
  points and hand sizes of both). Fields: to_move (current_turn; none once
  game_over), trump, indicator (the trump card while the deck is not empty:
  it lies at index 0, drawn last), stock (omniscient only) and stock_size
  (the deck without the face-up trump), hands, hand_sizes, trick
  (table_cards), leader (first_player; none once game_over), last_trick (the
  trick_cards and trick_winner of the last StepResult that completed a
  trick), points (each player's points), and result.points,
  result.outcome and result.winner (from points and winner_index).
- `legal`: the engine's `_valid_actions(state)` (card indices of the player
  to move; what the server sends as `valid_actions`), as plays.

What it cannot:
- A match: the program plays one hand (house option match.kind = single,
  said in hello); a shuffle is refused "by construction" (no next deal).
- A card the player does not hold: the engine's action names a position in
  the player's hand, so such a card cannot be put to it; nor a card outside
  the pack, a seat outside 0-1, or any action other than a play. These are
  refused with "cannot be expressed through the engine's interface".
- `won` (the observation of a seat has no player's pile, so the field is
  left out of every view), tricks_played, phase, dealer, hand_number, match,
  result.cards, result.decided_by, result.game_points: the engine has none
  of them, or not in a seat's observation.
- The four-player game (ten cards each, no stock): no regola variant.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

CHECKOUT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
sys.path.insert(0, str(CHECKOUT / "src"))

from briscola_ai.domain import engine as dom_engine  # noqa: E402
from briscola_ai.domain import state as dom_state  # noqa: E402
from briscola_ai.domain.models import Card, Rank, Suit  # noqa: E402
from briscola_ai.domain.observation import make_player_observation  # noqa: E402

from regola.conformance.protocol.engine import ActionRejected, EngineFailure  # noqa: E402
from regola.conformance.protocol.serve import serve  # noqa: E402
from regola.spec import SpecError, load  # noqa: E402
from regola.spec import ruleset_hash as hash_of  # noqa: E402

VARIANT = "briscola-2"
HOUSE = {"match.kind": "single"}
SUIT_ID = {Suit.CLUBS: "b", Suit.CUPS: "c", Suit.COINS: "d", Suit.SWORDS: "s"}
RANK_ID = {
    Rank.ACE: "A", Rank.TWO: "2", Rank.THREE: "3", Rank.FOUR: "4", Rank.FIVE: "5", Rank.SIX: "6",
    Rank.SEVEN: "7", Rank.JACK: "J", Rank.KNIGHT: "H", Rank.KING: "K",
}
TO_CARD = {RANK_ID[r] + SUIT_ID[s]: Card(s, r) for s in Suit for r in Rank}
FIELDS = [
    "to_move", "trump", "indicator", "stock", "stock_size", "hands", "hand_sizes", "trick", "leader",
    "last_trick", "points", "result.points", "result.outcome", "result.winner",
]
SEAT_OF = {0: 1, 1: 0}  # player 0 is dealt first and leads: seat 1
PLAYER_OF = {1: 0, 0: 1}


def cid(card: Card) -> str:
    return RANK_ID[card.rank] + SUIT_ID[card.suit]


def cannot(why: str) -> ActionRejected:
    return ActionRejected(None, f"cannot be expressed through the engine's interface: {why}")


class _StackedRandom:
    """Stands in for random.Random during one new_game_state(): its shuffle
    puts the pack in the given order."""

    def __init__(self, order: list[Card]) -> None:
        self.order = order

    def __call__(self, seed: Any = None) -> "_StackedRandom":
        return self

    def shuffle(self, deck: list[Card]) -> None:
        if sorted(map(cid, deck)) != sorted(map(cid, self.order)):
            raise RuntimeError("the stacked order is not the engine's pack")
        deck[:] = self.order


class BriscolaAiAdapter:
    def __init__(self) -> None:
        self.state: Any = None
        self.last: dict[str, Any] | None = None
        self.order = {c: i for i, c in enumerate(load(VARIANT).deck.cards())}

    # -- Engine ---------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": "1.1",
            "engine": "ilCapo77/briscola.ai domain",
            "version": "6d722e3",
            "variants": [VARIANT],
            "fields": FIELDS,
            "seat_views": True,
            "legal": True,
            "options": dict(HOUSE),
        }

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str],
            deal: dict[str, Any]) -> None:
        if variant != VARIANT:
            raise EngineFailure("unsupported", f"the engine plays {VARIANT}, not {variant}")
        options = options or {}
        if any(HOUSE.get(k, object()) != v for k, v in options.items()):
            raise EngineFailure("unsupported", f"the engine plays {VARIANT} with its own rules only, not {options}")
        try:
            expected = hash_of(load(variant, options or None))
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        if ruleset_hash and ruleset_hash != expected:
            raise EngineFailure("unsupported", f"not the ruleset of {VARIANT} with {options} this adapter was written for")
        if sorted(deck) != sorted(TO_CARD):
            raise EngineFailure("protocol", "the deck must hold each of the 40 cards once")
        order = [TO_CARD[c] for c in reversed(deck)]  # the engine pops from the end: the top card last
        real = random.Random
        random.Random = _StackedRandom(order)  # type: ignore[misc,assignment]
        try:
            self.state = dom_state.new_game_state(2, seed=0)
        finally:
            random.Random = real  # type: ignore[misc]
        self.last = None

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        self._require()
        kind = action.get("type")
        if kind == "shuffle":
            raise cannot("the program plays one hand; it has no next deal")
        if kind != "play":
            raise cannot(f"the engine has no '{kind}' action")
        seat, card = action.get("seat"), action.get("card")
        if seat not in PLAYER_OF:
            raise cannot(f"there is no seat {seat!r} in a two-player game")
        if card not in TO_CARD:
            raise cannot(f"{card!r} is not a card of the pack")
        player = PLAYER_OF[seat]
        hand = list(self.state.players[player].hand)
        target = TO_CARD[card]
        if target not in hand:
            raise cannot(f"a play names a position in the player's hand, and seat {seat} does not hold {card}")
        new_state, result = dom_engine.step(self.state, dom_engine.PlayCardAction(player, hand.index(target)))
        if result.error:
            raise ActionRejected(None, f"the engine refuses: {result.error}")
        self.state = new_state
        if result.trick_completed:
            self.last = {
                "winner": SEAT_OF[result.trick_winner] if result.trick_winner is not None else None,
                "cards": [{"seat": SEAT_OF[p], "card": cid(c)} for c, p in result.trick_cards],
            }

    def view(self, seat: int | None = None) -> dict[str, Any]:
        self._require()
        st = self.state
        if seat is None:
            hands_by_player = {p: list(st.players[p].hand) for p in (0, 1)}
            sizes = {p: len(st.players[p].hand) for p in (0, 1)}
            points = {p: st.players[p].points for p in (0, 1)}
            deck_size = len(st.deck)
            trump_card, table, turn, first = st.trump_card, st.table_cards, st.current_turn, st.first_player
            over, winner_index = st.game_over, st.winner_index
        else:
            if seat not in PLAYER_OF:
                raise EngineFailure("protocol", f"seat {seat} does not exist: seats are 0..1")
            obs = make_player_observation(st, PLAYER_OF[seat])
            hands_by_player = {obs.player_index: list(obs.hand)}
            sizes = dict(enumerate(obs.players_hand_sizes))
            points = dict(enumerate(obs.players_points))
            deck_size = obs.deck_size
            trump_card, table, turn, first = obs.trump_card, obs.table_cards, obs.current_turn, obs.first_player
            over, winner_index = obs.game_over, obs.winner_index
        indicator_down = deck_size > 0 and trump_card is not None
        hands: list[Any] = [None, None]
        for p, cards in hands_by_player.items():
            hands[SEAT_OF[p]] = sorted((cid(c) for c in cards), key=self.order.__getitem__)
        result = None
        if over:
            result = {
                "points": [points[PLAYER_OF[s]] for s in (0, 1)],
                "outcome": "draw" if winner_index is None else "win",
                "winner": None if winner_index is None else SEAT_OF[winner_index],
            }
        out = {
            "to_move": None if over else SEAT_OF[turn],
            "trump": SUIT_ID[trump_card.suit] if trump_card is not None else None,
            "indicator": cid(trump_card) if indicator_down else None,
            "stock_size": deck_size - 1 if indicator_down else deck_size,
            "hands": hands,
            "hand_sizes": [sizes[PLAYER_OF[s]] for s in (0, 1)],
            "trick": [{"seat": SEAT_OF[p], "card": cid(c)} for c, p in table],
            "leader": None if over else SEAT_OF[first],
            "last_trick": self.last,
            "points": [points[PLAYER_OF[s]] for s in (0, 1)],
            "result": result,
        }
        if seat is None:
            stock_cards = list(st.deck[1:]) if indicator_down else list(st.deck)
            out["stock"] = [cid(c) for c in reversed(stock_cards)]
        return out

    def legal(self) -> list[dict[str, Any]]:
        self._require()
        st = self.state
        player = st.current_turn
        hand = st.players[player].hand
        return [{"type": "play", "seat": SEAT_OF[player], "card": cid(hand[i])} for i in dom_engine._valid_actions(st)]

    def close(self) -> None:
        pass

    def _require(self) -> None:
        if self.state is None:
            raise EngineFailure("protocol", "no game in progress: send 'new' first")


if __name__ == "__main__":
    serve(BriscolaAiAdapter(), sys.stdin, sys.stdout)
