"""Building hand-worked Chiamata deals and auctions.

A deal is written as the hand of each seat; :func:`deck_for` turns it into
the deck order that the deal procedure (packets in seat order from the seat
after the dealer, rule briscola.deal.hands) gives out as written. Whole
hands are written trick by trick (``"1:Ac 2:2c 3:4c 4:5c 0:6c > 1"``) with
the winner of each trick stated by hand from the rules;
:func:`play_tricks` checks the interpreter agrees at every trick.
Nothing here asks the interpreter for an outcome.
"""

from __future__ import annotations

from typing import Any

from regola.reference import apply
from regola.spec import Ruleset, load
from step_helpers import events, rejects  # noqa: F401 - shared, re-exported for this folder's tests


def ruleset(variant: str, **options: Any) -> Ruleset:
    """A shipped variant; options written with ``__`` for dots."""
    return load(variant, {k.replace("__", "."): v for k, v in options.items()} or None)


def deck_for(rules: Ruleset, hands: dict[int, list[str]], dealer: int = 0) -> list[str]:
    """The deck order (top first) that deals ``hands`` (seat -> cards in
    dealing order) with the variant's packets; cards nobody was given
    (Albastini's stock) follow in canonical order."""
    n = rules.seating.players
    taken = {s: 0 for s in range(n)}
    out: list[str] = []
    for packet in rules.deal.packets:
        for i in range(1, n + 1):
            seat = (dealer + i) % n
            out += hands[seat][taken[seat] : taken[seat] + packet]
            taken[seat] += packet
    every = [r.id + s.id for s in rules.deck.suits for r in rules.deck.ranks if r.id + s.id not in rules.deck.removed]
    assert len(set(out)) == len(out), "a card is dealt twice"
    return out + [c for c in every if c not in out]


def act(state, *actions: dict[str, Any]):
    """Apply actions in order."""
    for action in actions:
        state = apply(state, action)
    return state


def bid(seat: int, rank: str | None = None, points: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "bid", "seat": seat}
    if rank is not None:
        out["rank"] = rank
    if points is not None:
        out["points"] = points
    return out


def pas(seat: int) -> dict[str, Any]:
    return {"type": "pass", "seat": seat}


def call(seat: int, suit: str | None = None, card: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "call", "seat": seat}
    if suit is not None:
        out["suit"] = suit
    if card is not None:
        out["card"] = card
    return out


def play(seat: int, card: str) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "card": card}


def parse_tricks(script: list[str]) -> list[tuple[list[tuple[int, str]], int]]:
    """``"1:Ac 2:2c > 1"`` lines -> [(moves, winner)]."""
    out = []
    for line in script:
        body, _, win = line.partition(">")
        moves = [(int(m.split(":")[0]), m.split(":")[1]) for m in body.split()]
        out.append((moves, int(win)))
    return out


def hands_of(script: list[str]) -> dict[int, list[str]]:
    """Each seat's cards, in the order it plays them."""
    hands: dict[int, list[str]] = {}
    for moves, _ in parse_tricks(script):
        for seat, card in moves:
            hands.setdefault(seat, []).append(card)
    return hands


def play_tricks(state, script: list[str]):
    """Play the scripted tricks, checking each winner; returns the state
    after the last card (the step's events included)."""
    for number, (moves, winner) in enumerate(parse_tricks(script), 1):
        for seat, card in moves:
            state = apply(state, play(seat, card))
        won = events(state, "trick")
        assert won and won[0]["winner"] == winner, f"trick {number}: expected seat {winner}, got {won}"
    return state


# A whole hand of Chiamata, dealer seat 0, worked out by hand. Seat 1 wins
# the auction and calls Kd (trumps: coins); seat 3 holds Kd and is the
# partner, revealed in trick 7. Tricks with trumps d, strength A 3 K H J 7 6
# 5 4 2:
HAND_A = [
    "1:Ac 2:2c 3:4c 4:5c 0:6c > 1",  # no trump: Ac is the best club (11)
    "1:3c 2:7c 3:Jc 4:Hc 0:Kc > 1",  # 3c beats Kc (19)
    "1:2d 2:Ab 3:Ad 4:2b 0:3b > 3",  # trumps 2d, Ad: Ad (32)
    "3:As 4:2s 0:3s 1:4s 2:5s > 3",  # As (21)
    "3:4d 4:Kb 0:3d 1:5d 2:6d > 0",  # trumps 4d 3d 5d 6d: 3d (14)
    "0:Ks 1:6s 2:7s 3:Js 4:Hs > 0",  # Ks (9)
    "0:Hb 1:7d 2:Jb 3:Kd 4:4b > 3",  # trumps 7d, Kd: Kd (9)
    "3:Jd 4:Hd 0:5b 1:6b 2:7b > 4",  # trumps Jd, Hd: Hd (5)
]
# card points per seat: 0: 14+9 = 23; 1: 11+19 = 30; 2: 0; 3: 32+21+9 = 62; 4: 5
HAND_A_POINTS = [23, 30, 0, 62, 5]

# A hand where seat 1 leads a trump to every trick and wins all eight; seat
# 2 holds the only other trumps (4d, 2d), both weaker than seat 1's.
HAND_SWEEP = [
    "1:Ad 2:4d 3:6c 4:Js 0:Kb > 1",
    "1:3d 2:2d 3:5c 4:7s 0:Hb > 1",
    "1:Kd 2:Ac 3:4c 4:6s 0:Jb > 1",
    "1:Hd 2:3c 3:2c 4:5s 0:7b > 1",
    "1:Jd 2:Kc 3:As 4:4s 0:6b > 1",
    "1:7d 2:Hc 3:3s 4:2s 0:5b > 1",
    "1:6d 2:Jc 3:Ks 4:Ab 0:4b > 1",
    "1:5d 2:7c 3:Hs 4:3b 0:2b > 1",
]
