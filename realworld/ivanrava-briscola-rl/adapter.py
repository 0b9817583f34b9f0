"""Adapter for ivanrava/briscola-rl's Briscola environment
(briscola_rl/game.py: BriscolaCustomEnemyPlayer), speaking regola's engine
protocol (1.1) on stdin/stdout.

    python adapter.py CHECKOUT

The engine is a Gymnasium environment: the caller plays the agent
(`my_player`) with step(position in hand); the opponent is a player object
the environment asks for a card (other_player.play_card(public_state()))
whenever it is the opponent's turn, inside reset() or step().

What it maps:
- Seats: the agent receives the first packet and (as arranged below) leads:
  it is seat 1; the opponent is seat 0, the dealer.
- The opponent: a BasePlayer of the adapter's whose choose_card() returns the
  position, in its own hand, of the card the trace plays for seat 0. The
  environment runs in a worker thread; when it asks the opponent for a card
  it waits there until the trace's next action for seat 0 arrives. Whose turn
  it is is therefore the engine's own: seat 0 while the environment waits in
  choose_card(), seat 1 while it waits for step().
- The deal: reset() shuffles a fresh Deck (random.seed + random.shuffle of the
  cards module) and draws _turn_my_player from its own generator; for that
  reset the adapter replaces the cards module's `random` with one whose
  shuffle puts the pack in an order arranged so that the engine's own dealing
  (the top card turned as trump and put under the stock, three cards to the
  agent, three to the opponent, the stock drawn from the top) gives the
  trace's hands, indicator and stock, and the environment's generator with
  one that makes the agent lead (_turn_my_player = 0).
- Cards: value 1-7, 11 (Jack), 12 (Knight = Horse), 13 (King); suits
  1 Swords, 2 Coins, 3 Cups, 4 Batons: s d c b.
- The view is read from the environment: the stock (deck.cards, the trump
  card last while it is there), the hands, the table (_table, leader from
  _turn_my_player), the points (_points), the played cards (_my_played,
  _other_played), is_terminated(), has_won(), has_drawn(), has_lost(). The
  winner of a trick is the player the engine makes lead the next one
  (_turn_my_player, set by the engine from the trick's winner); the adapter
  keeps each trick's cards under that winner for `won` and `last_trick`.
- `result`: only `points`, `outcome`, `winner` (protocol 1.1 sub-fields).
- Seat views: what the engine gives each player. Seat 1 (the agent): its
  observation, public_state(): its own hand, the other's hand size, the
  points as my_points/other_points. Seat 0 (the opponent): its own hand, and
  the PublicState the engine hands it when it must play, public_state(),
  which is the agent's: it holds the agent's hand and the agent's points as
  `my_points`; the adapter reports the hands and points that object shows.

What it cannot:
- A match: one hand is one episode (house option match.kind = single,
  declared in hello). `new` takes briscola-2 with that option or with none;
  after the hand a shuffle is refused (no next deal).
- The end: the environment ends the episode (terminated) as soon as a player
  has more than 60 points, or when all cards are played; from then on the
  view shows the result and a play is refused (a step after termination is
  outside the environment's contract).
- Out of turn plays, a card the player does not hold (moves are positions in
  the hand), seats that do not exist, exchanges and any other action: refused
  as "cannot be expressed through the engine's interface". The engine has no
  refusals of its own.
- Legal actions (the action space is always Discrete(3)), phase, dealer,
  hand_number, match, result.cards, result.decided_by, result.game_points.
"""

from __future__ import annotations

import queue
import sys
import threading
import traceback
from pathlib import Path
from typing import Any

CHECKOUT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
sys.path.insert(0, str(CHECKOUT / "briscola_rl"))  # its modules also import each other as top-level `players`, `cards`
sys.path.insert(0, str(CHECKOUT))

import briscola_rl.cards as cards_mod  # noqa: E402
from briscola_rl.game import BriscolaCustomEnemyPlayer  # noqa: E402
from briscola_rl.players.base_player import BasePlayer  # noqa: E402

from regola.conformance.protocol.engine import ActionRejected, EngineFailure  # noqa: E402
from regola.conformance.protocol.serve import serve  # noqa: E402
from regola.spec import SpecError, load  # noqa: E402
from regola.spec import ruleset_hash as hash_of  # noqa: E402

VARIANT = "briscola-2"
HOUSE = {"match.kind": "single"}
FACES = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 11: "J", 12: "H", 13: "K"}
SUITS = {1: "s", 2: "d", 3: "c", 4: "b"}
FIELDS = [
    "to_move", "trump", "indicator", "stock", "stock_size", "stock_top", "hands", "hand_sizes", "trick",
    "leader", "tricks_played", "last_trick", "won", "points", "result.points", "result.outcome", "result.winner",
]
AGENT, OPPONENT = 1, 0  # seats


def cid(card: Any) -> str:
    return f"{FACES[card.value]}{SUITS[card.suit]}"


def cannot(why: str) -> ActionRejected:
    return ActionRejected(None, f"cannot be expressed through the engine's interface: {why}")


class _Abandon(Exception):
    """Unblocks the worker when a game is given up half-way (a new `new`)."""


ABANDON = object()


class Bridge:
    """The environment runs in this worker thread; the protocol in the main one."""

    def __init__(self) -> None:
        self.jobs: queue.Queue = queue.Queue()
        self.events: queue.Queue = queue.Queue()
        self.answers: queue.Queue = queue.Queue()
        threading.Thread(target=self._loop, daemon=True).start()

    def _loop(self) -> None:
        while True:
            job = self.jobs.get()
            try:
                self.events.put(("done", job()))
            except _Abandon:
                self.events.put(("abandoned", None))
            except Exception as exc:  # the engine's own failure
                frame = traceback.extract_tb(exc.__traceback__)[-1]
                self.events.put(("error", f"{type(exc).__name__}: {exc} (at {Path(frame.filename).name}:{frame.lineno})"))

    def run(self, job: Any) -> tuple:
        self.jobs.put(job)
        return self.events.get()

    def answer(self, value: Any) -> tuple:
        self.answers.put(value)
        return self.events.get()


class ScriptedOpponent(BasePlayer):
    """The opponent: plays the card the trace names for seat 0."""

    def __init__(self, bridge: Bridge) -> None:
        super().__init__()
        self.name = "ScriptedOpponent"
        self.bridge = bridge

    def choose_card(self, state: Any) -> int:
        self.bridge.events.put(("ask", state))
        got = self.bridge.answers.get()
        if got is ABANDON:
            raise _Abandon()
        return got


class ScriptedRandom:
    """Stands in for the cards module's `random` during one reset()."""

    def __init__(self, order: list[str]) -> None:
        self.pos = {c: i for i, c in enumerate(order)}

    def seed(self, *_: Any, **__: Any) -> None:
        pass

    def shuffle(self, deck: list) -> None:
        deck.sort(key=lambda c: self.pos[cid(c)])


class ScriptedGenerator:
    """Stands in for the environment's numpy generator during one reset()."""

    def random(self) -> float:
        return 0.0  # the Deck's seed, unused by ScriptedRandom

    def integers(self, *_: Any, **__: Any) -> int:
        return 0  # _turn_my_player = 0: the agent leads


class IvanravaAdapter:
    def __init__(self) -> None:
        self.bridge = Bridge()
        self.env = BriscolaCustomEnemyPlayer(ScriptedOpponent(self.bridge))
        self.order = {c: i for i, c in enumerate(load(VARIANT).deck.cards())}
        self.pending: Any = None  # the PublicState handed to the opponent while it is asked for a card
        self.asked = False
        self.started = False
        self.won: dict[int, list[str]] = {0: [], 1: []}
        self.last: dict[str, Any] | None = None

    # -- Engine ---------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": "1.1",
            "engine": "ivanrava/briscola-rl BriscolaCustomEnemyPlayer",
            "version": "300c18c",
            "variants": [VARIANT],
            "fields": FIELDS,
            "seat_views": True,
            "legal": False,
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
        if sorted(deck) != sorted(self.order):
            raise EngineFailure("protocol", "the deck must hold each of the 40 cards once")
        if self.asked:
            self.bridge.answer(ABANDON)
            self.asked = False
        hands, indicator = deal["hands"], deal["indicator"]
        dealt = set(hands[0]) | set(hands[1]) | {indicator}
        stock = [c for c in deck if c not in dealt]
        # the engine draws from the top: the trump card, the agent's three
        # (seat 1), the opponent's three (seat 0), then the stock
        order = [indicator, *hands[AGENT], *hands[OPPONENT], *stock]
        saved = cards_mod.random
        cards_mod.random = ScriptedRandom(order)
        self.env._np_random = ScriptedGenerator()
        try:
            event = self.bridge.run(self.env.reset)
        finally:
            cards_mod.random = saved
            self.env._np_random = None
        self.started = True
        self.won = {0: [], 1: []}
        self.last = None
        self._settle(event)

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        self._require()
        kind = action.get("type")
        if kind == "shuffle":
            raise cannot("one hand is one episode of the environment; it has no next deal")
        if kind != "play":
            raise cannot(f"the environment has no '{kind}' action")
        seat, card = action.get("seat"), action.get("card")
        if seat not in (0, 1):
            raise cannot(f"there is no seat {seat!r} in a two-player game")
        env = self.env
        if env.is_terminated():
            raise cannot("the environment has ended the episode (terminated); a step after that is outside its contract")
        to_move = OPPONENT if self.asked else AGENT
        if seat != to_move:
            raise cannot(f"the environment asks seat {to_move} for a card")
        player = env.other_player if seat == OPPONENT else env.my_player
        held = [cid(c) for c in player.hand]
        if card not in held:
            raise cannot(f"moves are positions in the hand, and seat {seat} does not hold {card!r}")
        index = held.index(card)
        leader = AGENT if env._turn_my_player == 0 else OPPONENT
        tricks = len(env._my_played)
        if seat == AGENT:
            event = self.bridge.run(lambda: env.step(index))
        else:
            event = self.bridge.answer(index)
        if len(env._my_played) > tricks:  # the trick was completed
            mine, theirs = cid(env._my_played[-1]), cid(env._other_played[-1])
            played = {AGENT: mine, OPPONENT: theirs}
            winner = AGENT if env._turn_my_player == 0 else OPPONENT
            seats = [leader, 1 - leader]
            self.won[winner].extend(played[s] for s in seats)
            self.last = {"winner": winner, "cards": [{"seat": s, "card": played[s]} for s in seats]}
        self._settle(event)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        self._require()
        env = self.env
        over = env.is_terminated()
        deck_cards = env.deck.cards
        face_up = bool(deck_cards) and deck_cards[-1] is env.briscola
        stock = [cid(c) for c in (deck_cards[:-1] if face_up else deck_cards)]
        leader = AGENT if env._turn_my_player == 0 else OPPONENT
        trick = [{"seat": s, "card": cid(c)} for s, c in zip([leader, 1 - leader, leader, 1 - leader], env._table)]
        hands: list[Any] = [self._sorted(env.other_player.hand), self._sorted(env.my_player.hand)]
        points = [env._points[1], env._points[0]]
        result = None
        if over:
            if env.has_drawn():
                outcome, winner = "draw", None
            elif env.has_won():
                outcome, winner = "win", AGENT
            elif env.has_lost():
                outcome, winner = "win", OPPONENT
            else:
                outcome, winner = None, None
            result = {"points": list(points), "outcome": outcome, "winner": winner}
        view = {
            "to_move": None if over else (OPPONENT if self.asked else AGENT),
            "trump": SUITS[env.briscola.suit],
            "indicator": cid(env.briscola) if face_up else None,
            "stock": stock,
            "stock_size": len(stock),
            "stock_top": stock[0] if stock else None,
            "hands": hands,
            "hand_sizes": [len(h) for h in hands],
            "trick": trick,
            "leader": None if over else leader,
            "tricks_played": len(env._my_played),
            "last_trick": self.last,
            "won": [list(self.won[0]), list(self.won[1])],
            "points": points,
            "result": result,
        }
        if seat is None:
            return view
        if seat not in (0, 1):
            raise EngineFailure("bad-request", f"there is no seat {seat!r}")
        state = env.public_state()  # what the engine gives a player: the agent's observation,
        # and the very object it hands the opponent in play_card()
        del view["stock"]
        view["stock_top"] = None
        view["points"] = [state.other_points, state.my_points]
        if seat == AGENT:
            view["hands"] = [None, self._sorted(state.hand)]
            view["hand_sizes"] = [state.other_hand_size, len(state.hand)]
        else:
            view["hands"] = [self._sorted(env.other_player.hand), self._sorted(state.hand)]
            view["hand_sizes"] = [len(env.other_player.hand), len(state.hand)]
        return view

    def legal(self) -> list[dict[str, Any]]:
        raise EngineFailure("unsupported", "the environment lists no legal actions (its action space is Discrete(3))")

    def close(self) -> None:
        pass

    # -- helpers --------------------------------------------------------------

    def _sorted(self, cards: list) -> list[str]:
        return sorted((cid(c) for c in cards), key=self.order.__getitem__)

    def _settle(self, event: tuple) -> None:
        kind = event[0]
        if kind == "ask":
            self.asked, self.pending = True, event[1]
        elif kind == "done":
            self.asked, self.pending = False, None
        elif kind == "error":
            self.asked, self.pending = False, None
            raise EngineFailure("crash", f"the engine raised {event[1]}")
        else:
            self.asked, self.pending = False, None

    def _require(self) -> None:
        if not self.started:
            raise EngineFailure("protocol", "no game in progress: send 'new' first")


if __name__ == "__main__":
    serve(IvanravaAdapter(), sys.stdin, sys.stdout)
