#!/usr/bin/env python3
"""Adapter: FCBTruong/tressette, apps/server_python_legacy (TressetteMatch in
src/game/match.py) behind regola's engine protocol (version 1.1), for
tressette-2 and tressette-4.

Usage: python adapter.py SERVER   (SERVER: CHECKOUT/apps/server_python_legacy;
regola importable; protobuf in SERVER/_deps)

The same server as FCBTruong/the server in a later state, driven the
same way (realworld/tressette-server/adapter.py); the differences here: the
match's asyncio also gathers (broadcasts are sent with asyncio.gather), and a
user has an avatar frame.

What it drives. The server's own TressetteMatch, created as the server's match
manager does (bet 0, 2 or 4 players, point_mode 21), made private so that no
bot is called in, joined by one human uid per slot (user_join assigns the
slots and teams), started with start_game(), played with _play_card() (what
the server runs for a PlayCard packet) and receive_game_action_napoli() (the
Napoli button). Only the network and persistence layers are replaced by
stubs: the packet sender (which records the engine's packets), the user
database (every user has gold and no VIP), logs, debts, ranking, the match
manager's kick. asyncio.sleep inside the match returns at once; time-outs
(auto-play) never fire because the server's loop() is not run.

Seats. The server has no dealer: slot 0 receives the first ten cards and leads
the first hand. Slot i is regola seat (i + 1) mod n, for the whole match.
Engine cards are 0..39, rank = id // 4 (A 2 3 4 5 6 7 J H K), suit = id % 4
(d c s b).

The deal. The server deals ten cards to each slot from a list it shuffles with
random.shuffle. The adapter replaces that shuffle (only in match.py) by one
that puts the trace's hands in the slots' places, then the rest of the pack in
the trace's order (the stock, top card first; empty with four). The server
deals the next hand by itself when a hand ends: the adapter holds its
deal_card() until the trace's shuffle action brings the next deck (with its
deal, protocol 1.1), then lets it deal.

Declarations. The server knows only the Napoletana, claimed by a player with
the Napoli button that its client shows at the player's turn in the first
trick. The adapter presses it for every player at his turn in the first trick
(the server checks the hand and ignores a claim without a Napoletana).

The view (omniscient only; fields in hello):
- phase: "play" while the server plays, "shuffle" while its deal_card()
  waits for the next deck, "over" once end_game() has run.
- hand_number: cur_round - 1.
- to_move: the slot of current_turn (none when it is -1).
- trick, leader: the PlayCard packets the server broadcast since the last
  trick was taken (the server keeps the cards by slot only, not in order);
  with no card on the table the leader is the slot whose turn it is.
- hands, hand_sizes: each slot's cards; stock, stock_size: match.cards.
- points: per seat, the card points (thirds) the server credited to the slot
  in this hand: player.points less its value when the hand was dealt, less
  the Napoli points it added and the last-trick bonus it added
  (score_last_trick). Between hands and at the end, player.points as the
  server's last END_HAND packet gave it (the server drops fractions and, at
  the end, zeroes the points before the adapter can read them).
- declared: per side, the whole points of the Napoli claims the server
  accepted in this hand, once the first trick is taken (none before).
- match.game_points: per side, whole points: the slots' player.points when
  the hand was dealt (the server has dropped fractions by then, player by
  player), between hands player.points after the server dropped the
  fractions, and at the end the last END_HAND totals, a side's thirds
  divided by 3 (the server keeps thirds and decides in thirds).
- match.over, match.winner: end_game() has run; the side of its win_team.

What it cannot see or do. No seat views (the server sends each player a
GameInfo with his own cards only on reconnection), no legal list, no tricks
won, no last trick, no result of a hand (the server keeps running totals
only), no dealer. Actions the server has no way to receive (a shuffle during
a hand or after the match, an exchange, a bid, a capture...) are refused as
"cannot be expressed through the engine's interface". A play is always put
to the server (a seat that does not exist as a uid no slot holds, an unknown
card as card id 99); its refusals (PlayCardResponse status) are mapped to
rules: NOT_YOUR_TURN -> briscola.play.turn (none when no one is to move:
current_turn -1 lumps 'between hands' with 'not your turn'), NOT_FOUND_CARD
-> briscola.play.in-hand, INVALID_SUIT -> briscola.play.follow-suit,
NOT_IN_GAME -> briscola.match.end.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import random as _random
import sys
import types
from pathlib import Path
from typing import Any

CHECKOUT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
PROTOCOL_OUT = sys.stdout
sys.stdout = sys.stderr  # the server prints freely: keep stdout for the protocol
os.chdir(CHECKOUT)  # tressette_config opens config/tressette_game_config.json
sys.path[:0] = [str(CHECKOUT / "_deps"), str(CHECKOUT)]

from regola.conformance.protocol.engine import ActionRejected, EngineFailure  # noqa: E402
from regola.conformance.protocol.serve import serve  # noqa: E402
from regola.spec import SpecError, load  # noqa: E402
from regola.spec import ruleset_hash as hash_of  # noqa: E402

VARIANTS = {"tressette-2": 2, "tressette-4": 4}
HOUSE_OPTIONS = {"counting.declarations.of_a_kind": []}
FIELDS = ["phase", "hand_number", "to_move", "leader", "trick", "hands", "hand_sizes", "stock", "stock_size",
          "points", "declared", "match.game_points", "match.over", "match.winner"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
SUITS = ["d", "c", "s", "b"]
ID_OF = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
CARD_OF = {v: k for k, v in ID_OF.items()}
NO_CARD = 99  # a card id that names no card: what the adapter sends for a card regola's pack lacks
NO_UID = 999  # a uid no slot holds
UID0 = 1000


def _card(cid: int) -> str:
    return CARD_OF.get(cid, f"?{cid}")


# -- the network and persistence layers, stubbed -------------------------------

def _module(name: str, **attrs: Any) -> None:
    mod = types.ModuleType(name)
    mod.__dict__.update(attrs)
    sys.modules[name] = mod


class _User:
    def __init__(self, uid: int) -> None:
        self.uid, self.name, self.avatar, self.avatar_frame = uid, f"p{uid}", "", 1000
        self.gold, self.game_count, self.win_count = 10**9, 0, 0

    def add_gold(self, g: int) -> None:
        self.gold += g

    def add_exp(self, e: int) -> None:
        pass

    async def commit_to_database(self, *fields: str) -> None:
        pass

    async def send_update_money(self) -> None:
        pass


class _Users:
    def __init__(self) -> None:
        self.users: dict[int, _User] = {}

    async def get_user_info(self, uid: int) -> _User:
        return self.users.setdefault(uid, _User(uid))

    async def check_user_vip(self, uid: int) -> bool:
        return False


class _Nothing:
    """Any method, sync or async, that does nothing."""

    def __getattr__(self, name: str) -> Any:
        def call(*a: Any, **k: Any) -> Any:
            return _Done()
        return call


class _Done:
    def __await__(self):
        return iter(())

    def __int__(self) -> int:
        return 0


class _Debts(_Nothing):
    def get_debt_ingame(self, uid: int) -> int:
        return 0


class _Client:
    def __init__(self) -> None:
        self.sink = None

    async def send_packet(self, uid: int, cmd: int, pkg: Any) -> None:
        if self.sink is not None:
            self.sink(uid, cmd, pkg)


_module("src.base.logs.logs_mgr", write_log=lambda *a, **k: None)
_module("src.base.network.connection_manager",
        connection_manager=types.SimpleNamespace(check_user_active_online=lambda uid: True))
_module("src.config.settings", settings=types.SimpleNamespace(ENABLE_CHEAT=False, DEV_MODE=False))
USERS = _Users()
_module("src.game.users_info_mgr", users_info_mgr=USERS)

from src.game.game_vars import game_vars  # noqa: E402

CLIENT = _Client()
game_vars.game_client = CLIENT
game_vars.match_mgr = _Nothing()
game_vars.debt_mgr = _Debts()
game_vars.ranking_mgr = _Nothing()
game_vars.bots_mgr = _Nothing()

M = importlib.import_module("src.game.match")
CMDs = importlib.import_module("src.game.cmds").CMDs
_real_sleep = asyncio.sleep


async def _no_wait(*a: Any, **k: Any) -> None:
    await _real_sleep(0)


M.asyncio = types.SimpleNamespace(sleep=_no_wait, create_task=asyncio.create_task, gather=asyncio.gather)


class _Shuffle:
    """match.py's `random`: shuffle() lays the pack in the order the adapter
    arranged; everything else is the random module."""

    order: list[int] | None = None

    def shuffle(self, cards: list[int]) -> None:
        if self.order is None or sorted(self.order) != sorted(cards):
            raise RuntimeError("the adapter has no deck order for this deal")
        cards[:] = self.order
        self.order = None

    def __getattr__(self, name: str) -> Any:
        return getattr(_random, name)


SHUFFLE = _Shuffle()
M.random = SHUFFLE

REFUSALS = {
    M.PlayCardErrors.NOT_YOUR_TURN.value: "briscola.play.turn",
    M.PlayCardErrors.NOT_FOUND_CARD.value: "briscola.play.in-hand",
    M.PlayCardErrors.INVALID_SUIT.value: "briscola.play.follow-suit",
    M.PlayCardErrors.NOT_IN_GAME.value: "briscola.match.end",
    M.PlayCardErrors.NOT_IN_HAND.value: None,
    M.PlayCardErrors.INVALID_CARD.value: None,
}


class TressetteLegacyServer:
    """regola's Engine interface around one TressetteMatch."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.match: Any = None

    # -- protocol -------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {"protocol": "1.1", "engine": "tressette-legacy-server", "version": "0ff67dc",
                "variants": list(VARIANTS), "fields": FIELDS, "seat_views": False, "legal": False,
                "options": HOUSE_OPTIONS}

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str],
            deal: dict[str, Any]) -> None:
        if variant not in VARIANTS:
            raise EngineFailure("unsupported", f"the server plays {', '.join(VARIANTS)}, not {variant}")
        if options and options != HOUSE_OPTIONS:
            raise EngineFailure("unsupported", f"the server plays only its house rules {HOUSE_OPTIONS}, not {options}")
        try:
            ruleset = load(variant, options or None)
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        if ruleset_hash and ruleset_hash != hash_of(ruleset):
            raise EngineFailure("unsupported", f"{variant} is not the ruleset the trace was made from")
        self.close()
        self.n = VARIANTS[variant]
        self.pack = list(ruleset.deck.cards())
        teams = ruleset.seating.teams
        self.side_of_seat = {s: i for i, t in enumerate(teams) for s in t} if teams else {s: s for s in range(self.n)}
        self.sides = len(teams) if teams else self.n
        self.uids = [UID0 + i for i in range(self.n)]
        self.loop = asyncio.new_event_loop()
        self.parked: asyncio.Task | None = None
        self.deck_wait: asyncio.Future | None = None
        self.gate: asyncio.Future | None = None
        self.next_order: list[int] | None = self._order(deck, deal)
        self.trick: list[tuple[int, int]] = []
        self.tricks_taken = 0
        self.end_hand_points: list[int] | None = None
        self.refusal: int | None = None
        self.ended = False
        CLIENT.sink = self._packet
        match = M.TressetteMatch(1, 0, self.n, 21)
        match.set_public(False)
        self.match = match
        original_deal = match.deal_card

        async def deal_card() -> None:  # wait for the trace's deck, then the server's own deal
            if self.next_order is None:
                self.deck_wait = self.loop.create_future()
                if self.gate is not None and not self.gate.done():
                    self.gate.set_result(None)
                order = await self.deck_wait
            else:
                order, self.next_order = self.next_order, None
            SHUFFLE.order = order
            await original_deal()
            self._hand_started()

        match.deal_card = deal_card
        for uid in self.uids:
            self._run(match.user_join(uid))
        self._run(match.start_game())
        self._offer_napoli()

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        kind = action.get("type")
        if kind == "shuffle":
            return self._shuffle(action["deck"], deal)
        if kind != "play":
            raise ActionRejected(None, f"cannot be expressed through the engine's interface: the server has no '{kind}' action")
        seat, card = action["seat"], action["card"]
        uid = self.uids[self._slot(seat)] if 0 <= seat < self.n else NO_UID
        self.refusal = None
        self._run(self.match._play_card(uid, ID_OF.get(card, NO_CARD)))
        if self.refusal is not None:
            status = M.PlayCardErrors(self.refusal)
            rule = REFUSALS.get(self.refusal)
            if status is M.PlayCardErrors.NOT_YOUR_TURN and self.match.current_turn == -1:
                rule = None
            raise ActionRejected(rule, f"the server answers {status.name} (PlayCardResponse {self.refusal})")
        self._offer_napoli()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None:
            raise EngineFailure("unsupported", "the server gives no view for one seat")
        m, n = self.match, self.n
        phase = "over" if self.ended else ("shuffle" if self.parked is not None else "play")
        order = {c: i for i, c in enumerate(self.pack)}
        hands: list[list[str]] = [[] for _ in range(n)]
        for slot, p in enumerate(m.players):
            hands[self._seat(slot)] = sorted((_card(c) for c in p.cards), key=lambda c: order.get(c, 99))
        to_move = None if phase != "play" or m.current_turn == -1 else self._seat(m.current_turn)
        trick = [{"seat": self._seat(s), "card": _card(c)} for s, c in self.trick]
        leader = None
        if phase == "play":
            leader = trick[0]["seat"] if trick else to_move
        raw = [p.points for p in m.players] if phase == "play" else list(self.end_hand_points or self.base)
        points = [0] * n
        for slot, p in enumerate(m.players):
            points[self._seat(slot)] = (raw[slot] - self.base[slot] - self.napoli[slot]
                                        - (p.score_last_trick - self.base_last[slot]))
        declared = None
        if self.tricks_taken > 0:
            declared = [0] * self.sides
            for slot in range(n):
                declared[self._side(slot)] += self.napoli[slot] // 3
        if phase == "play":
            totals = self.base
        elif phase == "shuffle":
            totals = [p.points for p in m.players]
        else:
            totals = list(self.end_hand_points or self.base)
        game = [0] * self.sides
        for slot in range(n):
            game[self._side(slot)] += totals[slot]
        winner = None
        if self.ended and m.win_team != -1:
            winner = next(self._side(s) for s, p in enumerate(m.players) if p.team_id == m.win_team)
        return {
            "phase": phase,
            "hand_number": m.cur_round - 1,
            "to_move": to_move,
            "leader": leader,
            "trick": trick,
            "hands": hands,
            "hand_sizes": [len(h) for h in hands],
            "stock": [_card(c) for c in m.cards],
            "stock_size": len(m.cards),
            "points": points,
            "declared": declared,
            "match": {"game_points": [g // 3 for g in game], "over": self.ended, "winner": winner},
        }

    def legal(self) -> list[dict[str, Any]]:
        raise EngineFailure("unsupported", "the server does not list legal actions")

    def close(self) -> None:
        if self.loop is not None:
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            if tasks:
                self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.close()
        self.loop = None
        self.match = None
        CLIENT.sink = None

    # -- helpers --------------------------------------------------------------

    def _slot(self, seat: int) -> int:
        return (seat - 1) % self.n

    def _seat(self, slot: int) -> int:
        return (slot + 1) % self.n

    def _side(self, slot: int) -> int:
        return self.side_of_seat[self._seat(slot)]

    def _order(self, deck: list[str], deal: dict[str, Any] | None) -> list[int]:
        """The server's pack for a deal: slot i's ten cards at i*10, then the
        rest of the trace's pack in its order (the stock)."""
        if not isinstance(deal, dict) or not isinstance(deal.get("hands"), list) or len(deal["hands"]) != self.n:
            raise EngineFailure("unsupported", "the adapter needs the deal of each hand (protocol 1.1)")
        hands = deal["hands"]
        dealt = [c for slot in range(self.n) for c in hands[self._seat(slot)]]
        held = set(dealt)
        rest = [c for c in deck if c not in held]
        return [ID_OF[c] for c in dealt + rest]

    def _run(self, coro: Any) -> None:
        """Run a coroutine of the server until it ends or parks in deal_card
        waiting for the next deck."""
        task = self.loop.create_task(coro)
        self._drive(task)

    def _drive(self, task: asyncio.Task) -> None:
        self.gate = self.loop.create_future()
        self.loop.run_until_complete(asyncio.wait([task, self.gate], return_when=asyncio.FIRST_COMPLETED))
        if task.done():
            if self.parked is task:
                self.parked = None
            task.result()  # an exception in the server is a crash
        else:
            self.parked = task

    def _shuffle(self, deck: list[str], deal: dict[str, Any] | None) -> None:
        if self.ended:
            raise ActionRejected(None, "cannot be expressed through the engine's interface: after end_game the server deals no more")
        if self.parked is None or self.deck_wait is None:
            raise ActionRejected(None, "cannot be expressed through the engine's interface: the server deals by itself, only when a hand ends")
        if sorted(deck) != sorted(self.pack):
            raise ActionRejected(None, "cannot be expressed through the engine's interface: the server shuffles its own 40 cards")
        order = self._order(deck, deal)
        task, wait = self.parked, self.deck_wait
        self.deck_wait = None
        wait.set_result(order)
        self._drive(task)
        self._offer_napoli()

    def _hand_started(self) -> None:
        m = self.match
        self.base = [p.points for p in m.players]
        self.base_last = [p.score_last_trick for p in m.players]
        self.napoli = [0] * self.n
        self.offered: set[int] = set()
        self.trick = []
        self.tricks_taken = 0
        self.end_hand_points = None

    def _offer_napoli(self) -> None:
        """The Napoli button, pressed for the player whose turn it is in the
        first trick (where the server's client shows it)."""
        m = self.match
        if self.ended or self.parked is not None or m.state != M.MatchState.PLAYING:
            return
        slot = m.current_turn
        if m.hand_in_round != 0 or slot == -1 or slot in self.offered:
            return
        self.offered.add(slot)
        before = m.players[slot].points
        self._run(m.receive_game_action_napoli(self.uids[slot], b""))
        self.napoli[slot] += m.players[slot].points - before

    def _packet(self, uid: int, cmd: int, pkg: Any) -> None:
        if cmd == CMDs.PLAY_CARD_RESPONSE:
            self.refusal = pkg.status
            return
        if uid != self.uids[0]:  # broadcasts reach every slot: read one copy
            return
        if cmd == CMDs.PLAY_CARD:
            self.trick.append((self.uids.index(pkg.uid), pkg.card_id))
            if pkg.is_end_hand:
                self.trick = []
                self.tricks_taken += 1
        elif cmd == CMDs.END_HAND:
            self.end_hand_points = list(pkg.user_points)
        elif cmd == CMDs.END_GAME:
            self.ended = True


if __name__ == "__main__":
    serve(TressetteLegacyServer(), sys.stdin, PROTOCOL_OUT)
