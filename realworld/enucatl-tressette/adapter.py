#!/usr/bin/env python3
"""Adapter: Enucatl/tressette (programma/: carta.py, giocatore.py, passata.py,
run by tressette.py) behind regola's engine protocol (version 1.1), for
tressette-4 under the program's house rules (one hand, no declarations).

Usage: python adapter.py CHECKOUT   (regola importable)

What it drives. The program's own script, programma/tressette.py, run as it
is (exec of its source, in a thread): it shuffles the pack, deals ten cards
to each of four Giocatore, makes player 3 the dealer and player 0 the first
to play, plays ten tricks with Passata.battuta() and scores them with
Passata.punteggi(). The program's players choose at random
(random.choice over the cards Giocatore.gioca_carta finds legal); the adapter
replaces that choice, in giocatore.py only, by the trace's card, and the
shuffle, in the random module while the script deals, by the trace's order.

Python 2. The program is Python 2; it runs here under Python 3 with two
language shims and no other change: sorted(seq, cmp) in giocatore.py (Python
2's comparison-function argument, through functools.cmp_to_key) and range()
returning a list in tressette.py (so that random.shuffle can shuffle it).

Seats. Player i (giocatori[i]) is regola seat (i + 1) mod 4: player 3 deals,
player 0 receives first and leads. Teams 1 (players 0, 2: seats 1, 3, regola
side 1) and 2 (players 1, 3: seats 2, 0, side 0). Cards: Carta(n) has suit
n // 10 (3 denari d, 2 spade s, 1 coppe c, 0 bastoni b) and value n % 10 + 1
(A 2 3 4 5 6 7, 8 Fante J, 9 Cavallo H, 10 Re K).

The deal. The adapter arranges the program's pack so that its dealing (ten
consecutive cards to each player) gives the trace's hands.

Moves. The program asks one player at a time (Passata calls his
gioca_carta); a play by another seat cannot be put to it and is refused as
"cannot be expressed through the engine's interface". A card that is not
among those gioca_carta lets the player choose from is the program's own
refusal: briscola.play.in-hand when the player does not hold it,
briscola.play.follow-suit when he does. The program ends after one hand: a
shuffle, or anything after the tenth trick, cannot be expressed.

The view (omniscient only; fields in hello):
- phase: "play" while the script runs, "over" once it has ended.
- to_move: the player whose gioca_carta is choosing.
- leader: Passata.primo_di_mano; trick: the current row of
  Passata.carte_giocate, from the leader round; tricks_played:
  Passata.battuta_in_corso.
- last_trick, won: the rows of carte_giocate with Passata.vincitori_battute,
  each row from the leader the program had when that trick began.
- points: per seat, the sum of Carta.punti (thirds) of the cards of the tricks
  the program gave that seat.
- hands, hand_sizes: Giocatore.carte_in_mano.
- result.game_points: the whole points per side that Passata.punteggi()
  computes (its local punteggi_squadre, read when the method returns; the
  program prints only team 1's).
- legal: the cards gioca_carta lets the player choose from.

What it cannot see: the dealer, declarations (the program has none), a
match, the result's other parts (the program decides no winner).
"""

from __future__ import annotations

import builtins
import functools
import queue
import random
import sys
import threading
import types
from pathlib import Path
from typing import Any

CHECKOUT = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
PROG = CHECKOUT / "programma"
PROTOCOL_OUT = sys.stdout
sys.stdout = sys.stderr  # the program prints every trick: keep stdout for the protocol
sys.path.insert(0, str(PROG))

from regola.conformance.protocol.engine import ActionRejected, EngineFailure  # noqa: E402
from regola.conformance.protocol.serve import serve  # noqa: E402
from regola.spec import SpecError, load  # noqa: E402
from regola.spec import ruleset_hash as hash_of  # noqa: E402

import carta  # noqa: E402  (the program's modules)
import giocatore  # noqa: E402
import passata  # noqa: E402

VARIANT = "tressette-4"
HOUSE_OPTIONS = {"match.kind": "single", "counting.declarations.sequence": [], "counting.declarations.of_a_kind": []}
FIELDS = ["phase", "to_move", "leader", "trick", "tricks_played", "last_trick", "won", "points", "hands",
          "hand_sizes", "result.game_points"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "H", "K"]
SUIT_OF_PALO = {3: "d", 2: "s", 1: "c", 0: "b"}
PALO_OF_SUIT = {v: k for k, v in SUIT_OF_PALO.items()}


def card_id(c: Any) -> str:
    return RANKS[c.valore - 1] + SUIT_OF_PALO[c.palo]


def number_of(cid: str) -> int:
    return PALO_OF_SUIT[cid[1]] * 10 + RANKS.index(cid[0])


# -- Python 2 shims ---------------------------------------------------------------

def _sorted_py2(iterable: Any, cmp: Any = None, key: Any = None, reverse: bool = False) -> list:
    if cmp is not None:
        key = functools.cmp_to_key(cmp)
    return builtins.sorted(iterable, key=key, reverse=reverse)


def _range_py2(*args: int) -> list[int]:
    return list(builtins.range(*args))


giocatore.sorted = _sorted_py2
SOURCE = (PROG / "tressette.py").read_text(encoding="utf-8")
CODE = compile(SOURCE, str(PROG / "tressette.py"), "exec")
PUNTEGGI = passata.Passata.punteggi.__code__


class _Stop(BaseException):
    """Ends the program's thread when a match is closed before its end."""


class EnucatlTressette:
    def __init__(self) -> None:
        self.thread: threading.Thread | None = None

    # -- protocol -------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        return {"protocol": "1.1", "engine": "enucatl-tressette", "version": "9453588", "variants": [VARIANT],
                "fields": FIELDS, "seat_views": False, "legal": True, "options": HOUSE_OPTIONS}

    def new(self, variant: str, options: dict[str, Any], ruleset_hash: str, deck: list[str],
            deal: dict[str, Any]) -> None:
        if variant != VARIANT:
            raise EngineFailure("unsupported", f"the program plays tressette for four only, not {variant}")
        if options and options != HOUSE_OPTIONS:
            raise EngineFailure("unsupported", f"the program plays only its house rules {HOUSE_OPTIONS}, not {options}")
        try:
            ruleset = load(variant, options or None)
        except SpecError as exc:
            raise EngineFailure("unsupported", str(exc)) from None
        if ruleset_hash and ruleset_hash != hash_of(ruleset):
            raise EngineFailure("unsupported", f"{variant} with {options} is not the ruleset the trace was made from")
        if not isinstance(deal, dict) or len(deal.get("hands") or []) != 4:
            raise EngineFailure("unsupported", "the adapter needs the deal")
        self.close()
        self.pack = list(ruleset.deck.cards())
        teams = ruleset.seating.teams
        self.side_of_seat = {s: i for i, t in enumerate(teams) for s in t}
        hands = deal["hands"]
        order = [number_of(c) for p in range(4) for c in hands[self._seat(p)]]
        self.requests: queue.Queue = queue.Queue()
        self.answers: queue.Queue = queue.Queue()
        self.pending: tuple[int, list[Any]] | None = None
        self.over = False
        self.error: BaseException | None = None
        self.scores: dict[int, int] | None = None
        self.leaders: dict[int, int] = {}
        self.asking: Any = None
        self.g: dict[str, Any] = {"__name__": "__main__", "__file__": str(PROG / "tressette.py"), "range": _range_py2}
        adapter = self

        def arranged(lst: list[int], *a: Any, **k: Any) -> None:
            lst[:] = order

        def choice(seq: Any) -> Any:
            adapter.requests.put(("choose", adapter.asking, list(seq)))
            card = adapter.answers.get()
            if card is _Stop:
                raise _Stop()
            return card

        original = giocatore.Giocatore.gioca_carta

        def gioca_carta(player: Any, *a: Any, **k: Any) -> Any:  # records who is asked, then the program's own method
            adapter.asking = player
            return original(player, *a, **k)

        giocatore.random = types.SimpleNamespace(choice=choice)
        giocatore.Giocatore.gioca_carta = gioca_carta
        self._restore = lambda: setattr(giocatore.Giocatore, "gioca_carta", original)

        def profile(frame: Any, event: str, arg: Any) -> None:
            if event == "return" and frame.f_code is PUNTEGGI:
                adapter.scores = dict(frame.f_locals.get("punteggi_squadre") or {})

        def run() -> None:
            sys.setprofile(profile)
            try:
                exec(CODE, self.g)
            except _Stop:
                pass
            except BaseException as exc:  # noqa: BLE001 - reported as the program's crash
                self.error = exc
            finally:
                sys.setprofile(None)
                self.requests.put(("done", None, None))

        saved = random.shuffle
        random.shuffle = arranged  # tressette.py's random.shuffle(mazzo), for this deal only
        try:
            self.thread = threading.Thread(target=run, daemon=True)
            self.thread.start()
            self._wait()
        finally:
            random.shuffle = saved

    def apply(self, action: dict[str, Any], deal: dict[str, Any] | None = None) -> None:
        kind = action.get("type")
        if self.over:
            raise ActionRejected(None, "cannot be expressed through the engine's interface: the program plays one hand and has ended")
        if kind != "play":
            raise ActionRejected(None, f"cannot be expressed through the engine's interface: the program has no '{kind}' (it deals once, by itself)")
        assert self.pending is not None
        player, legal = self.pending
        seat, cid = action["seat"], action["card"]
        if seat != self._seat(player):
            raise ActionRejected(None, f"cannot be expressed through the engine's interface: the program asks player {player} (seat {self._seat(player)}) to play")
        chosen = [c for c in legal if card_id(c) == cid]
        if not chosen:
            held = [card_id(c) for c in self.g["giocatori"][player].carte_in_mano]
            rule = "briscola.play.follow-suit" if cid in held else "briscola.play.in-hand"
            raise ActionRejected(rule, f"{cid} is not among the cards gioca_carta lets player {player} choose from: {' '.join(card_id(c) for c in legal)}")
        self.pending = None
        self.answers.put(chosen[0])
        self._wait()

    def view(self, seat: int | None = None) -> dict[str, Any]:
        if seat is not None:
            raise EngineFailure("unsupported", "the program gives no view for one seat")
        g = self.g
        p = g.get("passata")
        players = g["giocatori"]
        order = {c: i for i, c in enumerate(self.pack)}
        hands: list[list[str]] = [[] for _ in range(4)]
        for i, pl in enumerate(players):
            hands[self._seat(i)] = sorted((card_id(c) for c in pl.carte_in_mano), key=order.__getitem__)
        played = p.battuta_in_corso
        trick = []
        if not self.over and played < 10:
            row = p.carte_giocate[played]
            for k in range(4):
                slot = (p.primo_di_mano + k) % 4
                if isinstance(row[slot], carta.Carta):
                    trick.append({"seat": self._seat(slot), "card": card_id(row[slot])})
        won: list[list[str]] = [[] for _ in range(4)]
        points = [0] * 4
        last = None
        for k, winner in enumerate(p.vincitori_battute):
            row = p.carte_giocate[k]
            lead = self.leaders.get(k, 0)
            cards = [(self._seat((lead + j) % 4), row[(lead + j) % 4]) for j in range(4)]
            won[self._seat(winner)] += [card_id(c) for _, c in cards]
            points[self._seat(winner)] += sum(c.punti for _, c in cards)
            last = {"winner": self._seat(winner), "cards": [{"seat": s, "card": card_id(c)} for s, c in cards]}
        result = None
        if self.over and self.scores is not None:
            game = [0, 0]
            for i, pl in enumerate(players):
                game[self.side_of_seat[self._seat(i)]] = self.scores.get(pl.squadra, 0)
            result = {"game_points": game}
        return {
            "phase": "over" if self.over else "play",
            "to_move": None if self.pending is None else self._seat(self.pending[0]),
            "leader": None if self.over else self._seat(p.primo_di_mano),
            "trick": trick,
            "tricks_played": played,
            "last_trick": last,
            "won": won,
            "points": points,
            "hands": hands,
            "hand_sizes": [len(h) for h in hands],
            "result": result,
        }

    def legal(self) -> list[dict[str, Any]]:
        if self.pending is None:
            return []
        player, legal = self.pending
        return [{"type": "play", "seat": self._seat(player), "card": card_id(c)} for c in legal]

    def close(self) -> None:
        if self.thread is not None and self.thread.is_alive():
            self.answers.put(_Stop)
            self.thread.join(timeout=5)
        self.thread = None
        if hasattr(self, "_restore"):
            self._restore()

    # -- helpers --------------------------------------------------------------

    @staticmethod
    def _seat(player: int) -> int:
        return (player + 1) % 4

    def _wait(self) -> None:
        """Until the program asks the next player, or ends."""
        kind, player, legal = self.requests.get()
        if kind == "done":
            self.over = True
            self.pending = None
            if self.error is not None:
                raise self.error
            return
        idx = self.g["giocatori"].index(player) if player in self.g["giocatori"] else None
        if idx is None:  # a Giocatore compares by identity: index() finds it
            raise RuntimeError("the program asked a player the adapter does not know")
        p = self.g["passata"]
        if not isinstance(p.carte_giocate[p.battuta_in_corso][p.primo_di_mano], carta.Carta):
            self.leaders[p.battuta_in_corso] = p.primo_di_mano  # the leader the program has as the trick begins
        self.pending = (idx, legal)


if __name__ == "__main__":
    serve(EnucatlTressette(), sys.stdin, PROTOCOL_OUT)
