"""Adapter for alsora/deep-briscola's Briscola environment (environment.py:
BriscolaGame and play_episode), speaking regola's engine protocol (1.1) on
stdin/stdout.

    python adapter.py CHECKOUT

The engine's own driver is play_episode(game, agents): it resets the game,
then, trick after trick, asks the agent of each player in turn for a card
(agent.select_action(available_actions), a position in the hand), plays it
(game.play_step), scores the trick (game.get_rewards_from_step) and has the
players draw (game.draw_step), until game.check_end_game(); it returns
game.end_game(), the winner's id and points.

What it maps:
- The agents: one per player, the adapter's, whose select_action() returns the
  position, in that player's hand, of the card the trace plays for its seat.
  play_episode runs in a worker thread and waits in select_action() until the
  trace's next play arrives, so whose turn it is is the engine's own: the
  player whose agent is asked.
- The deal: reset() shuffles the pack with the module's `random`, draws the
  first leader with random.randint, turns the top card as trump (kept aside,
  drawn last) and deals one card at a time, leader first. For that reset the
  adapter gives the module a `random` whose shuffle puts the pack in an order
  arranged so that this dealing gives the trace's hands, indicator and stock,
  and whose randint makes player 0 lead. So player 0 (the leader, dealt to
  first) is seat 1 and player 1 is seat 0, the dealer.
- Cards: number 0-9 is A 2 3 4 5 6 7 J H K (Asso ... Fante, Cavallo, Re);
  seed 0 Spade, 1 Coppe, 2 Denari, 3 Bastoni: s c d b.
- The view is read from the game: the stock (deck.current_deck, drawn from
  its end; deck.briscola while it is still to be drawn), the hands, the table
  (played_cards, in players_order), the points (player.points), history.
  The winner of a trick is the player the engine makes lead the next one
  (turn_player, set by update_game from the trick's winner); the adapter keeps
  each trick's cards under that winner for `won` and `last_trick`.
- `result`: `points` (the players' points), `outcome` and `winner` from what
  play_episode returns (end_game(): the winner's id; the engine has no draw,
  so the outcome is always a win).
- `legal`: the available_actions the engine hands the agent asked, as cards.

What it cannot:
- A match: one play_episode is one hand (house option match.kind = single,
  declared in hello). `new` takes briscola-2 with that option or with none;
  after the hand a shuffle is refused (no next deal).
- Out of turn plays, a card the player does not hold (moves are positions in
  the hand), seats that do not exist, exchanges and any other action: refused
  as "cannot be expressed through the engine's interface". The engine has no
  refusals of its own that the adapter can reach (play_card raises only for a
  position past the hand).
- Seat views (each agent is handed the whole game object), phase, dealer,
  hand_number, match, result.cards, result.decided_by, result.game_points.
"""

from __future__ import annotations

import queue
import random as _random
import sys
import threading
import traceback
from pathlib import Path
from typing import Any

CHECKOUT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
sys.path.insert(0, str(CHECKOUT))

PROTOCOL_OUT = sys.stdout
sys.stdout = sys.stderr  # anything the engine prints goes to stderr, not into the protocol

import environment as env_mod  # noqa: E402

from regola.conformance.protocol.engine import ActionRejected, EngineFailure  # noqa: E402
from regola.conformance.protocol.serve import serve  # noqa: E402
from regola.spec import SpecError, load  # noqa: E402
from regola.spec import ruleset_hash as hash_of  # noqa: E402

VARIANT = "briscola-2"
HOUSE = {"match.kind": "single"}
FACES = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
SEEDS = ["s", "c", "d", "b"]
FIELDS = [
    "to_move", "trump", "indicator", "stock", "stock_size", "stock_top", "hands", "hand_sizes", "trick",
    "leader", "tricks_played", "last_trick", "won", "points", "result.points", "result.outcome", "result.winner",
]
SEAT_OF = {0: 1, 1: 0}  # player id -> seat: player 0 leads (seat 1)
PLAYER_OF = {s: p for p, s in SEAT_OF.items()}


def cid(card: Any) -> str:
    return f"{FACES[card.number]}{SEEDS[card.seed]}"


def cannot(why: str) -> ActionRejected:
    return ActionRejected(None, f"cannot be expressed through the engine's interface: {why}")


class _Abandon(Exception):
    """Unblocks the worker when a game is given up half-way (a new `new`)."""


ABANDON = object()


class ScriptedRandom:
    """Stands in for the environment module's `random` during one reset()."""

    def __init__(self, order: list[str]) -> None:
        self.pos = {c: i for i, c in enumerate(order)}

    def shuffle(self, cards: list) -> None:
        cards.sort(key=lambda c: self.pos[cid(c)])

    def randint(self, a: int, b: int) -> int:
        return 0  # player 0 leads

    def __getattr__(self, name: str) -> Any:
        return getattr(_random, name)


class Bridge:
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


class ScriptedAgent:
    """The agent of one player: plays the card the trace names for its seat."""

    def __init__(self, player_id: int, bridge: Bridge) -> None:
        self.name = f"ScriptedAgent{player_id}"
        self.player_id = player_id
        self.bridge = bridge

    def observe(self, game: Any, player: Any) -> None:
        pass

    def update(self, reward: Any) -> None:
        pass

    def select_action(self, actions: list[int]) -> int:
        self.bridge.events.put(("ask", (self.player_id, list(actions))))
        got = self.bridge.answers.get()
        if got is ABANDON:
            raise _Abandon()
        return got


class DeepBriscolaAdapter:
    def __init__(self) -> None:
        self.bridge = Bridge()
        self.game = env_mod.BriscolaGame(num_players=2)
        self.agents = [ScriptedAgent(0, self.bridge), ScriptedAgent(1, self.bridge)]
        self.order = {c: i for i, c in enumerate(load(VARIANT).deck.cards())}
        self.asked: tuple[int, list[int]] | None = None  # (player id, available actions) while an agent is asked
        self.outcome: tuple[int, int] | None = None  # what play_episode returned
        self.failed = False
        self.started = False
        self.won: dict[int, list[str]] = {0: [], 1: []}
        self.last: dict[str, Any] | None = None

    # -- Engine ---------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {
            "protocol": "1.1",
            "engine": "alsora/deep-briscola BriscolaGame",
            "version": "463fc5f",
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
        if sorted(deck) != sorted(self.order):
            raise EngineFailure("protocol", "the deck must hold each of the 40 cards once")
        if self.asked is not None:
            self.bridge.answer(ABANDON)
            self.asked = None
        hands, indicator = deal["hands"], deal["indicator"]
        dealt = set(hands[0]) | set(hands[1]) | {indicator}
        stock = [c for c in deck if c not in dealt]
        # the engine draws from the end of its list: the trump card, then one
        # card at a time to player 0 (seat 1) and player 1 (seat 0), then the stock
        draws = [indicator]
        for a, b in zip(hands[1], hands[0]):
            draws += [a, b]
        draws += stock
        order = list(reversed(draws))
        self.outcome, self.failed = None, False
        self.won, self.last = {0: [], 1: []}, None
        saved = env_mod.random
        env_mod.random = ScriptedRandom(order)
        try:
            event = self.bridge.run(lambda: env_mod.play_episode(self.game, self.agents, train=False))
        finally:
            env_mod.random = saved
        self.started = True
        self._settle(event)

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        self._require()
        kind = action.get("type")
        if kind == "shuffle":
            raise cannot("play_episode plays one hand; there is no next deal")
        if kind != "play":
            raise cannot(f"the environment has no '{kind}' action")
        seat, card = action.get("seat"), action.get("card")
        if seat not in (0, 1):
            raise cannot(f"there is no seat {seat!r} in a two-player game")
        if self.asked is None:
            raise cannot("play_episode has ended; no agent is asked for a card")
        pid, _ = self.asked
        if PLAYER_OF[seat] != pid:
            raise cannot(f"play_episode asks seat {SEAT_OF[pid]} for a card")
        held = [cid(c) for c in self.game.players[pid].hand]
        if card not in held:
            raise cannot(f"moves are positions in the hand, and seat {seat} does not hold {card!r}")
        game = self.game
        order_before = list(game.players_order)
        before = len(game.history)
        event = self.bridge.answer(held.index(card))
        if len(game.history) > before and len(game.history) % 2 == 0:  # the trick was completed
            cards = game.history[-2:]
            winner = SEAT_OF[game.turn_player]
            played = [{"seat": SEAT_OF[p], "card": cid(c)} for p, c in zip(order_before, cards)]
            self.won[winner].extend(cid(c) for c in cards)
            self.last = {"winner": winner, "cards": played}
        self._settle(event)

    def view(self, seat: int | None = None) -> dict[str, Any]:
        self._require()
        if seat is not None:
            raise EngineFailure("unsupported", "no view for one seat: each agent is handed the whole game")
        game = self.game
        over = self.outcome is not None
        stock = [cid(c) for c in reversed(game.deck.current_deck)]
        indicator = game.deck.briscola
        hands = [self._sorted(game.players[PLAYER_OF[s]].hand) for s in (0, 1)]
        trick = [{"seat": SEAT_OF[p], "card": cid(c)} for p, c in zip(game.players_order * 2, game.played_cards)]
        points = [game.players[PLAYER_OF[s]].points for s in (0, 1)]
        result = None
        if over:
            winner_id, _ = self.outcome
            result = {"points": list(points), "outcome": "win", "winner": SEAT_OF.get(winner_id)}
        return {
            "to_move": None if over or self.asked is None else SEAT_OF[self.asked[0]],
            "trump": SEEDS[game.briscola.seed],
            "indicator": cid(indicator) if indicator is not None else None,
            "stock": stock,
            "stock_size": len(stock),
            "stock_top": stock[0] if stock else None,
            "hands": hands,
            "hand_sizes": [len(h) for h in hands],
            "trick": trick,
            "leader": None if over else SEAT_OF[game.players_order[0]],
            "tricks_played": len(game.history) // 2,
            "last_trick": self.last,
            "won": [list(self.won[0]), list(self.won[1])],
            "points": points,
            "result": result,
        }

    def legal(self) -> list[dict[str, Any]]:
        self._require()
        if self.asked is None:
            return []
        pid, actions = self.asked
        hand = self.game.players[pid].hand
        return [{"type": "play", "seat": SEAT_OF[pid], "card": cid(hand[i])} for i in actions if 0 <= i < len(hand)]

    def close(self) -> None:
        pass

    # -- helpers --------------------------------------------------------------

    def _sorted(self, cards: list) -> list[str]:
        return sorted((cid(c) for c in cards), key=self.order.__getitem__)

    def _settle(self, event: tuple) -> None:
        kind, value = event
        self.asked = None
        if kind == "ask":
            self.asked = value
        elif kind == "done":
            self.outcome = (value[0], value[1])
        elif kind == "error":
            self.failed = True
            raise EngineFailure("crash", f"the engine raised {value}")

    def _require(self) -> None:
        if not self.started:
            raise EngineFailure("protocol", "no game in progress: send 'new' first")


if __name__ == "__main__":
    serve(DeepBriscolaAdapter(), sys.stdin, PROTOCOL_OUT)
