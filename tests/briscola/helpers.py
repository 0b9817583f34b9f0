"""Building hand-worked deals for the Briscola tests.

Two tools:

* :func:`stack` puts chosen cards at the top (and bottom) of a deck order and
  fills the rest in canonical order, for tests that look at one or two tricks.
* :func:`script_deck` / :func:`play_script` take a whole hand written trick by
  trick (``"1:Ad 0:2d > 1"``: seat 1 plays Ad, seat 0 plays 2d, seat 1 wins)
  and build the deck order that makes every seat hold each card when it is
  due. The winners are stated by hand in the script, from the rules text;
  :func:`play_script` checks the interpreter agrees at every trick.

Nothing here asks the interpreter what the outcome is: the deck is built from
the deal procedure as the rules describe it (packets in seat order from the
seat after the dealer, indicator, stock drawn winner first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from regola.reference import apply, new_game, view
from regola.spec import Ruleset, load
from step_helpers import events, rejects  # noqa: F401 - shared, re-exported for this folder's tests


def ruleset(variant: str, **options: Any) -> Ruleset:
    """Load a shipped variant; options are written with ``__`` for dots
    (``hand_scoring__tie="replay"``)."""
    return load(variant, {k.replace("__", "."): v for k, v in options.items()} or None)


def cards_of(rules: Ruleset) -> list[str]:
    """The cards in play, in canonical order, read from the deck (suit by
    suit, face by face, less the removed cards)."""
    removed = set(rules.deck.removed)
    return [
        r.id + s.id
        for s in rules.deck.suits
        for r in rules.deck.ranks
        if r.id + s.id not in removed
    ]


def stack(rules: Ruleset, top: list[str] = (), bottom: list[str] = ()) -> list[str]:
    """A deck order with ``top`` first, ``bottom`` last, and every other card
    of the pack in between in canonical order."""
    chosen = list(top) + list(bottom)
    assert len(set(chosen)) == len(chosen), f"a card is placed twice: {chosen}"
    every = cards_of(rules)
    unknown = [c for c in chosen if c not in every]
    assert not unknown, f"not in the pack: {unknown}"
    middle = [c for c in every if c not in chosen]
    return list(top) + middle + list(bottom)


def dealt(rules: Ruleset, hands: dict[int, list[str]], dealer: int = 0) -> list[str]:
    """The top of a deck order that deals ``hands`` (seat -> cards) by the
    variant's packets: each round gives every seat one packet, starting with
    the seat after the dealer (rule briscola.deal.hands)."""
    n = rules.seating.players
    taken = {s: 0 for s in range(n)}
    out: list[str] = []
    for packet in rules.deal.packets:
        for i in range(1, n + 1):
            seat = (dealer + i) % n
            out += hands[seat][taken[seat] : taken[seat] + packet]
            taken[seat] += packet
    return out


def start(
    rules: Ruleset,
    hands: dict[int, list[str]],
    indicator: str,
    stock: list[str] = (),
    dealer: int = 0,
):
    """A new match whose first hand deals ``hands``, turns ``indicator`` right
    after the deal and has ``stock`` on top of the face-down stock."""
    deck = stack(rules, dealt(rules, hands, dealer) + [indicator] + list(stock))
    return new_game(rules, deck)


def play(state, seat: int, card: str):
    return apply(state, {"type": "play", "seat": seat, "card": card})


def exchange(state, seat: int, card: str):
    return apply(state, {"type": "exchange", "seat": seat, "card": card})


def shuffle(state, deck: list[str]):
    return apply(state, {"type": "shuffle", "deck": list(deck)})


def plays(state, *moves: str):
    """Apply moves written ``"seat:card"`` in order."""
    for move in moves:
        seat, card = move.split(":")
        state = play(state, int(seat), card)
    return state


# --- whole hands written trick by trick -------------------------------------


@dataclass(frozen=True)
class Trick:
    moves: tuple[tuple[int, str], ...]
    """(seat, card) in play order."""
    winner: int


def parse_script(script: list[str]) -> list[Trick]:
    """Read ``"1:Ad 0:2d > 1"`` lines into tricks."""
    out = []
    for line in script:
        body, _, win = line.partition(">")
        moves = tuple((int(m.split(":")[0]), m.split(":")[1]) for m in body.split())
        out.append(Trick(moves, int(win)))
    return out


def shift(script: list[str], by: int, players: int) -> list[str]:
    """The same hand with every seat moved on by ``by`` (for the next dealer)."""
    out = []
    for trick in parse_script(script):
        moves = " ".join(f"{(s + by) % players}:{c}" for s, c in trick.moves)
        out.append(f"{moves} > {(trick.winner + by) % players}")
    return out


def script_deck(rules: Ruleset, script: list[str], dealer: int = 0) -> list[str]:
    """The deck order (top first) that lets ``script`` be played as written.

    Each seat's cards are listed in the order it plays them. A hand holds
    ``hand_size`` cards, so the card a seat draws after trick t is the one it
    plays in trick t + hand_size. Draws go winner first, then in seat order
    (briscola.draw.order); the very last card drawn is the face-up indicator
    (briscola.draw.indicator-last). The script must be consistent with the
    turn rules, which is checked here.
    """
    n = rules.seating.players
    h = rules.deal.hand_size
    tricks = parse_script(script)
    first = (dealer + 1) % n if rules.play.first_lead == "after-dealer" else (dealer - 1) % n
    leader = first
    sequence: dict[int, list[str]] = {s: [] for s in range(n)}
    for number, trick in enumerate(tricks, 1):
        seats = [s for s, _ in trick.moves]
        assert seats == [(leader + i) % n for i in range(n)], (
            f"trick {number}: seats {seats} do not go round from leader {leader}"
        )
        for seat, card in trick.moves:
            sequence[seat].append(card)
        leader = trick.winner
    used = [c for t in tricks for _, c in t.moves]
    assert sorted(used) == sorted(cards_of(rules)), "the script must use every card once"
    draws: list[str] = []
    for t, trick in enumerate(tricks):
        if t + h >= len(tricks):
            break
        for i in range(n):
            draws.append(sequence[(trick.winner + i) % n][t + h])
    top = dealt(rules, {s: seq[:h] for s, seq in sequence.items()}, dealer)
    where = rules.deal.indicator
    if where == "none":
        return top + draws
    indicator, stock = draws[-1], draws[:-1]
    if where == "after-deal":
        return top + [indicator] + stock
    if where == "bottom":
        return top + stock + [indicator]
    return [indicator] + top + stock  # before-deal


def play_script(rules: Ruleset, script: list[str], state=None, dealer: int = 0):
    """Deal the scripted hand (a new match, or the next hand of ``state``) and
    play it, checking every trick goes to the winner the script states.
    Returns the state after the last card."""
    if state is not None:
        dealer = state.dealer
    deck = script_deck(rules, script, dealer)
    state = new_game(rules, deck) if state is None else shuffle(state, deck)
    for number, trick in enumerate(parse_script(script), 1):
        for seat, card in trick.moves:
            state = play(state, seat, card)
        won = events(state, "trick")
        assert won and won[0]["winner"] == trick.winner, (
            f"trick {number} {trick.moves}: expected seat {trick.winner} to win, got {won}"
        )
    return state


def result(state) -> dict[str, Any]:
    return view(state)["result"]
