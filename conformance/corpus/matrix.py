"""The negative matrix: every kind of action tried in every phase and out of
turn, and every field of every action corrupted in each way it can be.

Along one seeded game (`MATRIX_SEED`'s first hand, or the first full match
of the corpus, `regola.conformance.corpus.reach`), `cells` picks the first state of
each phase (an auction, an auction after a first bid, a call, play, between
hands or after the match), and the first state where a kind of action is
legal for the first time in its phase (a capture, an exchange), and tries
there:

- each action type of the protocol (``shuffle``, ``play``, ``exchange``,
  ``capture``, ``bid``, ``pass``, ``call``) that no legal action has now;
- each legal type with another seat (out of turn), a seat past the last one
  and a negative seat;
- each card field: a card not held, a card held but not allowed, a card
  that does not exist; a ``take``: a card not on the table, a card repeated,
  a card that does not exist, nothing taken; a bid's ``points``: one below
  the lowest allowed, one past the highest, a negative number; a ``rank``
  or ``suit`` that does not exist; a shuffle's ``deck``: a card missing, a
  card repeated, a card that does not exist, a card too many.

A cell is (phase, action type, corruption). Only what the reference refuses
becomes a reject line, with the rule id it cites, and only an action that
breaks that rule alone (`regola.conformance.explain.waive.breaks_only`):
out of turn is played with a card the seat holds; a card swapped into a
capture has the same value; a card taken twice keeps the sum. A cell whose
every candidate breaks two rules is left out; what the reference accepts (a
card held but not allowed, where every card is) is a cell that cannot occur
there. A value of the wrong JSON type (a seat ``"1"``, a ``take`` that is
not a list) never reaches the rules: the protocol answers ``bad-request``
(`regola.conformance.protocol.actions`), so it has no reject line.
"""

from __future__ import annotations

from dataclasses import dataclass

from regola.conformance.corpus.negatives import _value, out_of_turn
from regola.conformance.explain.waive import breaks_only
from regola.conformance.trace.record import Action, load_ruleset, rejection, seeded_game
from regola.reference import State, view
from regola.spec import Ruleset

MATRIX_SEED = 2
TYPES = ("shuffle", "play", "exchange", "capture", "bid", "pass", "call", "claim")
NO_CARD = "Zz"
"""A card id no pack has."""
WRONG_TYPES = ("seat", "card", "take", "points", "rank", "suit", "deck")
"""Fields whose wrong-JSON-type cells are the protocol's, not the rules'."""


@dataclass(frozen=True)
class Cell:
    """One cell of the matrix, with its reject (None: cannot occur here)."""

    phase: str
    kind: str
    corruption: str
    index: int
    action: Action
    rule: str | None


def phase_of(state: State) -> str:
    """``over``, ``between-hands``, or the view's phase (``bid-raised``: an
    auction with a bid already made, where a bid has a bound to pass)."""
    if state.is_over:
        return "over"
    if state.is_chance:
        return "between-hands"
    v = view(state)
    phase = str(v.get("phase") or "play")
    auction = v.get("auction")
    if phase == "bid" and isinstance(auction, dict) and auction.get("high") is not None:
        return "bid-raised"
    return phase


def _template(kind: str, seat: int, state: State, rs: Ruleset, seen: dict[str, Action]) -> Action:
    """A well-formed action of ``kind`` for ``seat``."""
    hands = view(state).get("hands") or []
    hand = hands[seat] if 0 <= seat < len(hands) and isinstance(hands[seat], list) else []
    card = hand[0] if hand else min(rs.deck.cards())
    if kind in seen:
        return {**seen[kind], **({"seat": seat} if "seat" in seen[kind] else {})}
    return {
        "shuffle": {"type": "shuffle", "deck": list(rs.deck.cards())},
        "play": {"type": "play", "seat": seat, "card": card},
        "exchange": {"type": "exchange", "seat": seat, "card": card},
        "capture": {"type": "capture", "seat": seat, "card": card, "take": [max(rs.deck.cards())]},
        "bid": {"type": "bid", "seat": seat},
        "pass": {"type": "pass", "seat": seat},
        "call": {"type": "call", "seat": seat, "suit": min(rs.deck.cards())[-1]},
        "claim": {"type": "claim", "seat": seat},
    }[kind]


def _corruptions(state: State, legal: list[Action], a: Action, rs: Ruleset) -> list[tuple[str, Action]]:
    """Each field of the legal action ``a`` corrupted in each way it can be."""
    pack = list(rs.deck.cards())
    players = rs.seating.players
    v = view(state)
    out: list[tuple[str, Action]] = []
    seat = a.get("seat")
    if isinstance(seat, int):
        out += [("out of turn", bad) for bad in out_of_turn(state, a, players)]
        out += [("seat past the last", {**a, "seat": players}), ("negative seat", {**a, "seat": -1})]
    hands = v.get("hands") or []
    held = hands[seat] if isinstance(seat, int) and seat < len(hands) and isinstance(hands[seat], list) else []
    same = [x for x in legal if x["type"] == a["type"]]
    if isinstance(a.get("card"), str):
        offered = {x.get("card") for x in same}
        value = _value(state, a["card"])
        spare = [c for c in pack if c not in held and c not in offered]
        for c in [*[c for c in spare if value is not None and _value(state, c) == value][:1], *spare[:1]]:
            out.append(("card not held", {**a, "card": c}))
        for c in [c for c in held if c not in offered][:1]:
            out.append(("card held but not allowed", {**a, "card": c}))
        out.append(("card that does not exist", {**a, "card": NO_CARD}))
    if isinstance(a.get("take"), list):
        table = v.get("table") or []
        take = a["take"]
        away = [c for c in pack if c not in table and c != a.get("card")]
        for c in [*[c for c in away if take and _value(state, c) == _value(state, take[0])][:1], *away[:1]]:
            out.append(("take a card not on the table", {**a, "take": [c, *take[1:]]}))
        if take:
            out += [("take a card repeated", bad) for bad in repeated_takes(state, a, legal, table)]
        out.append(("take a card that does not exist", {**a, "take": [*take[1:], NO_CARD]}))
        if take:
            out.append(("take nothing", {**a, "take": []}))
    if isinstance(a.get("points"), int):
        values = [x["points"] for x in same if isinstance(x.get("points"), int)]
        out += [("points below the lowest allowed", {**a, "points": min(values) - 1}),
                ("points past the highest allowed", {**a, "points": max(values) + 1}),
                ("negative points", {**a, "points": -1})]
    if isinstance(a.get("rank"), str):
        out.append(("rank that does not exist", {**a, "rank": "Z"}))
        ranks = {x.get("rank") for x in same}
        for r in [r for r in rs.deck.strength if r not in ranks][:1]:
            out.append(("rank not allowed", {**a, "rank": r}))
        auction = v.get("auction") if isinstance(v.get("auction"), dict) else {}
        high = auction.get("high") if isinstance(auction.get("high"), dict) else None
        if high and isinstance(high.get("rank"), str):  # the boundary: the face of the bid to beat
            same_bid = {**a, "rank": high["rank"]}
            if high.get("points") is not None:
                same_bid["points"] = high["points"]
            out.append(("rank of the current bid", same_bid))
    if isinstance(a.get("suit"), str):
        out.append(("suit that does not exist", {**a, "suit": "z"}))
    if isinstance(a.get("deck"), list):
        d = a["deck"]
        out += [("deck with a card missing", {**a, "deck": d[:-1]}),
                ("deck with a card repeated", {**a, "deck": [*d[:-1], d[0]]}),
                ("deck with a card that does not exist", {**a, "deck": [*d[:-1], NO_CARD]}),
                ("deck with a card too many", {**a, "deck": [*d, NO_CARD]})]
    return out


def cells(
    variant: str, options: dict | None = None, seed: int = MATRIX_SEED, hands: int | None = 1, steps: int | None = None
) -> list[Cell]:
    """Every cell of the matrix for ``variant`` (see the module docstring),
    along ``seed``'s game of at most ``hands`` hands and ``steps`` steps."""
    rs = load_ruleset(variant, options, checked=False)
    _, first, played = seeded_game(rs, seed, hands, steps)
    return cells_along(rs, first, list(played))


def cells_along(rs: Ruleset, first: State, steps: list[tuple]) -> list[Cell]:
    """The cells of a seeded game: its state after the first deal and its
    steps (with their legal lists), as `seeded_game` gives them."""
    states = [(first, steps[0][1] if steps else [])] + [
        (after, steps[i + 1][1] if i + 1 < len(steps) else []) for i, (*_, after) in enumerate(steps)]
    seen = vocabulary(steps)
    out: list[Cell] = []
    done: dict[str, set[str]] = {}
    for index, (state, legal) in enumerate(states):
        phase, kinds = phase_of(state), {a["type"] for a in legal}
        if phase not in done:
            done[phase] = kinds
            out += cells_at(state, legal, index, rs, seen)
        elif kinds - done[phase]:  # a kind of action first legal here (a capture, an exchange)
            out += cells_at(state, legal, index, rs, seen, only=kinds - done[phase])
            done[phase] |= kinds
    return out


def vocabulary(steps: list[tuple]) -> dict[str, Action]:
    """The first legal action of each type along seeded steps."""
    seen: dict[str, Action] = {}
    for _, legal, _, _ in steps:
        for a in legal:
            seen.setdefault(a["type"], a)
    return seen


def cells_at(
    state: State, legal: list[Action], index: int, rs: Ruleset, seen: dict[str, Action], only: set[str] | None = None
) -> list[Cell]:
    """The cells of one state (``legal``: its legal actions as data); with
    ``only``, just the corruptions of those kinds of action."""
    phase = phase_of(state)
    if state.is_chance:
        legal = [{"type": "shuffle", "deck": list(rs.deck.cards())}]
    mover = next((a["seat"] for a in legal if isinstance(a.get("seat"), int)), 0)
    kinds = {a["type"] for a in legal}
    tries = [] if only else [(k, "not allowed now", _template(k, mover, state, rs, seen)) for k in TYPES if k not in kinds]
    for kind in sorted(only or kinds):
        first_of = next(a for a in legal if a["type"] == kind)
        tries += [(kind, what, bad) for what, bad in _corruptions(state, legal, first_of, rs)]
    out: list[Cell] = []
    done: set[tuple[str, str]] = set()
    first: dict[tuple[str, str], Action] = {}
    for kind, what, bad in tries:
        first.setdefault((kind, what), bad)
        if (kind, what) in done:
            continue  # a cell keeps its first candidate that breaks one rule alone
        refused = rejection(state, bad)
        if refused is not None and breaks_only(state, bad, refused[0]) is not None:
            continue
        done.add((kind, what))
        out.append(Cell(phase, kind, what, index, bad, refused[0] if refused else None))
    # a cell every candidate of which breaks two rules has no reject line here
    out += [Cell(phase, k, w, index, bad, None) for (k, w), bad in first.items() if (k, w) not in done]
    return out


def repeated_takes(state: State, a: Action, legal: list[Action], table: list[str]) -> list[Action]:
    """A capture naming one table card twice while its sum still holds (a
    take that also broke the sum would be refused for that): a legal take
    with one card replaced by another of the same value in it, or a table
    card taken twice where two of it make the card's value; else, as a last
    resort, the take with its first card added again."""
    out: list[Action] = []
    for x in [x for x in legal if x["type"] == a["type"] and len(x.get("take") or []) > 1]:
        t = x["take"]
        for i, j in ((i, j) for i in range(len(t)) for j in range(len(t)) if i != j):
            if _value(state, t[i]) == _value(state, t[j]):
                out.append({**x, "take": [*t[:i], t[j], *t[i + 1:]]})
    value = _value(state, a["card"]) if isinstance(a.get("card"), str) else None
    for c in table:
        v = _value(state, c)
        if value is not None and v is not None and 2 * v == value:
            out.append({**a, "take": [c, c]})
    return [*out[:2], {**a, "take": [*a["take"], a["take"][0]]}]
