"""Adapter for LetteraUnica/BriscolaBot's two-player Briscola environment
(src/envs/two_player_briscola/TwoPlayerBriscola.py), speaking regola's engine
protocol (1.1) on stdin/stdout.

    python adapter.py CHECKOUT

What it maps:
- The engine: one TwoPlayerBriscola instance, made once; `new` calls its
  own reset(), which shuffles with its numpy generator, turns deck[0] (the
  bottom of the pack: it pops from the end) as trump, draws the first leader
  with rng.choice and deals three cards to player_0, then three to player_1.
  The adapter replaces the instance's generator for that reset (env.seed):
  its shuffle puts the pack in an order arranged so that the engine's own
  dealing gives the trace's hands, indicator and stock (player_0 takes the
  hand of seat 1, player_1 that of seat 0, the trace's indicator at the
  bottom, the stock in the trace's order above it), and its choice of first
  leader is player_0. So seat 1 (the non-dealer, who leads) is player_0 and
  seat 0 (the dealer) is player_1, for the whole (single) hand.
- Cards: the engine's card n is suit n // 10 (0 bastoni, 1 coppe, 2 denari,
  3 spade: b c d s) and face n % 10 (A 2 3 4 5 6 7 J H K).
- Plays: step(card) for the player the engine says is to move.
- The view is read from the engine's state: hands, stock (its deck list, the
  indicator at index 0 while it lies there), table card, current agent,
  agent_points, is_over() and game_winner(). The winner of each trick is the
  `winner` the engine passes to its own deal_cards() after the trick (the
  adapter wraps that method to read the argument, and changes nothing); the
  adapter keeps the cards of each trick under that winner, for `won` and
  `last_trick`, since the engine keeps no piles of its own.
- `result`: only `points`, `outcome` and `winner` (protocol 1.1 sub-fields),
  from agent_points, is_even() and game_winner().
- `legal`: the engine's legal_actions() for the player to move.

What it cannot:
- A match: the engine plays one hand (house option match.kind = single, said
  in hello). `new` takes briscola-2 with that option (regola replays every
  trace under it) or with none (the variant as written, to show where the
  engine departs from it); after the hand a shuffle is refused: the engine
  has no next deal.
- A play out of turn: step() takes a card and plays it for the player the
  engine says is to move, so a play by the other seat cannot be put to it;
  nor can a card id that is not one of its 40 cards, a seat that does not
  exist, an exchange, or any other kind of action. These are refused with
  "cannot be expressed through the engine's interface".
- The engine's own refusals: step() asserts that the player to move still
  holds cards ("game finished"); that assertion is reported as its refusal.
  A card the player does not hold is NOT refused by the engine (it plays the
  first card of the hand instead, with a warning); the adapter reports what
  the engine did.
- Seat views (observe() gives no size of the other hand), phase, dealer,
  hand_number, match, result.cards, result.decided_by, result.game_points.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np

CHECKOUT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
sys.path.insert(0, str(CHECKOUT))

from src.envs.two_player_briscola.BriscolaConstants import Constants  # noqa: E402
from src.envs.two_player_briscola.TwoPlayerBriscola import TwoPlayerBriscola  # noqa: E402

from regola.conformance.protocol.engine import ActionRejected, EngineFailure  # noqa: E402
from regola.conformance.protocol.serve import serve  # noqa: E402
from regola.spec import SpecError, load  # noqa: E402
from regola.spec import ruleset_hash as hash_of  # noqa: E402

VARIANT = "briscola-2"
SUITS = "bcds"  # the engine's seeds 0..3: B(astoni) C(oppe) D(enari) S(pade)
FACES = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
TO_ID = {s * 10 + r: f"{FACES[r]}{SUITS[s]}" for s in range(4) for r in range(10)}
TO_NUM = {v: k for k, v in TO_ID.items()}
FIELDS = [
    "to_move", "trump", "indicator", "stock", "stock_size", "stock_top", "hands", "hand_sizes", "trick",
    "leader", "tricks_played", "last_trick", "won", "points", "result.points", "result.outcome", "result.winner",
]
HOUSE = {"match.kind": "single"}
"""The house rule the engine plays, declared in hello; a trace played under it
(or under the variant's own options, to see where the engine departs) is run."""
AGENT_OF_SEAT = {1: "player_0", 0: "player_1"}  # player_0 receives first and leads: seat 1
SEAT_OF_AGENT = {a: s for s, a in AGENT_OF_SEAT.items()}


def cannot(why: str) -> ActionRejected:
    return ActionRejected(None, f"cannot be expressed through the engine's interface: {why}")


class ScriptedRng:
    """Stands in for the engine's numpy generator during one reset()."""

    def __init__(self, order: list[int], first: str) -> None:
        self.order = order
        self.first = first

    def shuffle(self, deck: np.ndarray) -> None:
        deck[:] = np.array(self.order)

    def choice(self, agents: list[str], size: int = 1) -> np.ndarray:
        return np.array([self.first] * size)


class BriscolaBotAdapter:
    def __init__(self) -> None:
        self.env = TwoPlayerBriscola()
        self.order = {c: i for i, c in enumerate(load(VARIANT).deck.cards())}
        self.started = False
        self.won: dict[int, list[str]] = {0: [], 1: []}
        self.last: dict[str, Any] | None = None
        self.trick_winner: str | None = None
        own_deal = self.env.deal_cards

        def deal_cards(n_cards: int, winner: str | None = None) -> None:
            if winner is not None:
                self.trick_winner = winner  # the engine's own trick winner; nothing changed
            own_deal(n_cards, winner)

        self.env.deal_cards = deal_cards

    # -- Engine ---------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": "1.1",
            "engine": "LetteraUnica/BriscolaBot TwoPlayerBriscola",
            "version": "a6b9995",
            "variants": [VARIANT],
            "fields": FIELDS,
            "seat_views": False,
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
        if sorted(deck) != sorted(TO_NUM):
            raise EngineFailure("protocol", "the deck must hold each of the 40 cards once")
        hands = deal["hands"]
        indicator = deal["indicator"]
        dealt = set(hands[0]) | set(hands[1]) | {indicator}
        stock = [c for c in deck if c not in dealt]
        # the engine pops from the end: player_0 (seat 1) takes three, then
        # player_1 (seat 0) three, then the stock is drawn; deck[0] is trump
        pops = list(hands[1]) + list(hands[0]) + stock
        order = [TO_NUM[indicator]] + [TO_NUM[c] for c in reversed(pops)]
        self.env.seed = lambda seed=None: setattr(self.env, "rng", ScriptedRng(order, "player_0"))
        try:
            self.env.reset()
        finally:
            del self.env.seed
        self.started = True
        self.won = {0: [], 1: []}
        self.last = None
        self.trick_winner = None

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        self._require()
        kind = action.get("type")
        if kind == "shuffle":
            raise cannot("the engine plays one hand; it has no next deal")
        if kind != "play":
            raise cannot(f"the engine has no '{kind}' action")
        seat, card = action.get("seat"), action.get("card")
        if seat not in AGENT_OF_SEAT:
            raise cannot(f"there is no seat {seat!r} in a two-player game")
        if card not in TO_NUM:
            raise cannot(f"{card!r} is not one of the engine's 40 cards")
        agent = AGENT_OF_SEAT[seat]
        env = self.env
        if agent != env.agent_selection:
            raise cannot(f"step() plays for the player to move, seat {SEAT_OF_AGENT[env.agent_selection]}")
        thrown = len(env.game_state.thrown_cards)
        self.trick_winner = None
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                env.step(TO_NUM[card])
        except AssertionError as exc:
            raise ActionRejected(None, f"the engine refuses: {exc}") from None
        for w in caught:
            print(f"engine warning: {w.message}", file=sys.stderr)
        gs = env.game_state
        if len(gs.thrown_cards) > thrown:  # a trick was completed
            cards = gs.thrown_cards[-2:]
            players = gs.thrown_cards_player[-2:]
            played = [{"seat": SEAT_OF_AGENT[p], "card": TO_ID[c]} for c, p in zip(cards, players)]
            winner = SEAT_OF_AGENT[self.trick_winner] if self.trick_winner is not None else None
            if winner is not None:
                self.won[winner].extend(TO_ID[c] for c in cards)
            self.last = {"winner": winner, "cards": played}

    def view(self, seat: int | None = None) -> dict[str, Any]:
        self._require()
        if seat is not None:
            raise EngineFailure("unsupported", "the adapter gives no view for one seat")
        env, gs = self.env, self.env.game_state
        over = env.is_over()
        order = self.order
        indicator_down = bool(gs.deck) and gs.deck[0] == gs.briscola_card
        stock_nums = gs.deck[1:] if indicator_down else gs.deck
        stock = [TO_ID[c] for c in reversed(stock_nums)]
        hands = [sorted((TO_ID[c] for c in gs.hand_cards[AGENT_OF_SEAT[s]]), key=order.__getitem__) for s in (0, 1)]
        to_move = SEAT_OF_AGENT[env.agent_selection]
        trick = []
        if gs.table_card != Constants.null_card_number:
            trick = [{"seat": SEAT_OF_AGENT[env.other_player(env.agent_selection)], "card": TO_ID[gs.table_card]}]
        result = None
        if over:
            winner = env.game_winner()
            result = {
                "points": [gs.agent_points[AGENT_OF_SEAT[s]] for s in (0, 1)],
                "outcome": "draw" if winner is None else "win",
                "winner": None if winner is None else SEAT_OF_AGENT[winner],
            }
        return {
            "to_move": None if over else to_move,
            "trump": SUITS[int(gs.briscola_card) // 10],
            "indicator": TO_ID[int(gs.briscola_card)] if indicator_down else None,
            "stock": stock,
            "stock_size": len(stock),
            "stock_top": stock[0] if stock else None,
            "hands": hands,
            "hand_sizes": [len(h) for h in hands],
            "trick": trick,
            "leader": None if over else (trick[0]["seat"] if trick else to_move),
            "tricks_played": len(gs.thrown_cards) // 2,
            "last_trick": self.last,
            "won": [list(self.won[0]), list(self.won[1])],
            "points": [gs.agent_points[AGENT_OF_SEAT[s]] for s in (0, 1)],
            "result": result,
        }

    def legal(self) -> list[dict[str, Any]]:
        self._require()
        env = self.env
        if env.is_over():
            return []
        agent = env.agent_selection
        return [{"type": "play", "seat": SEAT_OF_AGENT[agent], "card": TO_ID[c]} for c in env.legal_actions(agent)]

    def close(self) -> None:
        pass

    def _require(self) -> None:
        if not self.started:
            raise EngineFailure("protocol", "no game in progress: send 'new' first")


if __name__ == "__main__":
    serve(BriscolaBotAdapter(), sys.stdin, sys.stdout)
