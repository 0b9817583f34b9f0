"""Conservation across a step: no action creates, loses or copies a card.

A symbolic state gives every zone (each hand, the trick or the table, the
stock, the indicator, each player's won cards) a number of cards and a
number of card points, adding up to the pack, and follows one tracked card,
any card of the pack, through the step. Each kind of action is encoded from
the rule it carries out and the spec's numbers (players, trick size, hand
size, table cards, drawing, the indicator, the exchange, the monte): which cards move
from which zone to which, under which precondition. The claim, for every
action kind: the zones still hold all the cards and all the card points, no
zone goes negative, the indicator and the trick stay within their sizes, and
the tracked card lies in exactly one zone that is not counted as empty. As
the tracked card is any card, no card is lost or copied.

Which card moves (the card played, the top of the stock, the cards taken)
is symbolic. The acting seat (who plays, wins the trick, exchanges) is seat
0: nothing in the symbolic state tells one seat from another, so renumbering
the seats carries the proof for seat 0 over to every seat, and a concrete
seat keeps the drawing order concrete, which keeps z3 fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import z3

from ..schema import Ruleset
from .core import Vacuous, Verdict, exactly_one, failed, find_violation, invariant, proved, value
from .facts import Pack, bidding_kind, draws, fishing, has_indicator, option, players, refills, table_cards

TRICK, TABLE, STOCK, INDICATOR = "the trick", "the table", "the stock", "the indicator"
DISCARDS = "the discards"
"""The monte's discards, face down until the last trick (``chiamata.call.monte``)."""


@dataclass
class State:
    """Cards and points per zone, and where the tracked card lies."""

    cards: dict[str, z3.ArithRef]
    points: dict[str, z3.ArithRef]
    tracked: dict[str, z3.BoolRef]


@dataclass
class Model:
    """The pack, the zones and a symbolic state before the step."""

    ruleset: Ruleset
    pack: Pack = field(init=False)
    n: int = field(init=False)
    hands: list[str] = field(init=False)
    piles: list[str] = field(init=False)
    zones: list[str] = field(init=False)
    card: z3.ArithRef = field(init=False)
    """The index of the tracked card."""
    points: z3.FuncDeclRef = field(init=False)
    before: State = field(init=False)
    facts: list[z3.BoolRef] = field(init=False)

    def __post_init__(self) -> None:
        self.pack = Pack(self.ruleset)
        self.n = players(self.ruleset)
        self.hands = [f"seat {s}'s hand" for s in range(self.n)]
        self.piles = [f"seat {s}'s won cards" for s in range(self.n)]
        middle = [TABLE, STOCK] if fishing(self.ruleset) else [TRICK, STOCK, INDICATOR]
        if option(self.ruleset, "calling.monte", False):
            middle.append(DISCARDS)
        self.zones = [*self.hands, *middle, *self.piles]
        self.card = z3.Int("tracked")
        cards = {z: z3.Int(f"cards in {z}") for z in self.zones}
        points = {z: z3.Int(f"points in {z}") for z in self.zones}
        tracked = {z: z3.Bool(f"tracked card in {z}") for z in self.zones}
        self.before = State(cards, points, tracked)
        self.points = z3.Function("card_points", z3.IntSort(), z3.IntSort())
        self.facts = [self.points(i) == c.points for i, c in enumerate(self.pack.cards)]
        self.facts += [self.is_card(self.card), exactly_one(list(tracked.values()))]
        self.facts += [z3.Sum(list(cards.values())) == self.pack.size]
        self.facts += [z3.Sum(list(points.values())) == self.pack.total]
        for z in self.zones:
            self.facts += [cards[z] >= 0, points[z] >= 0, z3.Implies(tracked[z], cards[z] >= 1)]
        self.facts += self.size_limits(self.before)

    def size_limits(self, state: State) -> list[z3.BoolRef]:
        out = []
        if INDICATOR in self.zones:
            out.append(state.cards[INDICATOR] <= 1)
        if TRICK in self.zones:
            out.append(state.cards[TRICK] <= self.n)
        return out

    def is_card(self, index: z3.ArithRef) -> z3.BoolRef:
        return z3.And(0 <= index, index < self.pack.size)

    def points_of(self, index: z3.ArithRef) -> z3.ArithRef:
        """The card points of card number ``index`` (``points`` is defined
        card by card among the facts)."""
        return self.points(index)


def move(
    m: Model,
    state: State,
    src: str,
    dst: str,
    count: z3.ArithRef,
    points: z3.ArithRef,
    tracked_moves: z3.BoolRef,
    when: z3.BoolRef = z3.BoolVal(True),
) -> tuple[State, list[z3.BoolRef]]:
    """When ``when`` holds, ``count`` cards worth ``points`` leave ``src`` for
    ``dst``, the tracked card among them if ``tracked_moves``. Returns the new
    state and what such a move means: the cards and points are there to take,
    the tracked card moves only from where it lies, and if every card leaves,
    the tracked card and every point leave too."""
    facts = [
        z3.Implies(when, z3.And(count >= 0, count <= state.cards[src], points >= 0, points <= state.points[src])),
        z3.Implies(z3.And(when, tracked_moves), state.tracked[src]),
        z3.Implies(z3.And(when, count == state.cards[src]), points == state.points[src]),
        z3.Implies(z3.And(when, count == state.cards[src], state.tracked[src]), tracked_moves),
        z3.Implies(z3.And(when, count == 0), z3.Not(tracked_moves)),
    ]
    moves = z3.And(when, tracked_moves)

    def shift(values: dict[str, z3.ArithRef], amount: z3.ArithRef) -> dict[str, z3.ArithRef]:
        out = dict(values)
        out[src] = values[src] - z3.If(when, amount, 0)
        out[dst] = out[dst] + z3.If(when, amount, 0)
        return out

    # the tracked card lies in src when it moves, and in one zone only, so
    # only src and dst change
    tracked = dict(state.tracked)
    tracked[src] = z3.And(state.tracked[src], z3.Not(moves))
    tracked[dst] = z3.Or(state.tracked[dst], moves)
    return State(shift(state.cards, count), shift(state.points, points), tracked), facts


def move_card(
    m: Model, state: State, card: z3.ArithRef, src: str, dst: str, when: z3.BoolRef = z3.BoolVal(True)
) -> tuple[State, list[z3.BoolRef]]:
    """Card number ``card`` goes from ``src`` to ``dst`` (when ``when``)."""
    state, facts = move(m, state, src, dst, z3.IntVal(1), m.points_of(card), card == m.card, when)
    return state, [z3.Implies(when, m.is_card(card)), *facts]


@dataclass
class Step:
    name: str
    rule: str
    after: State
    facts: list[z3.BoolRef]
    choices: dict[str, z3.ArithRef]


def play_step(m: Model) -> Step:
    """``briscola.play.in-hand``: seat 0 puts a card he holds on the trick."""
    card = z3.Int("played")
    after, facts = move_card(m, m.before, card, m.hands[0], TRICK)
    facts.append(m.before.cards[TRICK] < m.n)
    return Step("play", "briscola.play.in-hand", after, facts, {"card": card})


def trick_taken_step(m: Model) -> Step:
    """``briscola.trick.lead-next``: a complete trick goes to its winner."""
    trick = m.before
    after, facts = move(m, trick, TRICK, m.piles[0], trick.cards[TRICK], trick.points[TRICK], trick.tracked[TRICK])
    facts.append(trick.cards[TRICK] == m.n)
    return Step("trick taken", "briscola.trick.lead-next", after, facts, {})


def draw_step(m: Model) -> Step:
    """``briscola.draw.order``, ``briscola.draw.indicator-last``: from the
    trick winner (seat 0) on, each player draws the top card of the stock
    while it lasts, then the face-up indicator if the rules let it be drawn."""
    take_indicator = bool(option(m.ruleset, "draw.take_indicator", True))
    state, facts, choices = m.before, [], {}
    for k, hand in enumerate(m.hands):
        top, last = z3.Int(f"stock_top_{k}"), z3.Int(f"indicator_{k}")
        choices[f"card drawn {k + 1}"] = top
        from_stock = state.cards[STOCK] >= 1
        state, more = move_card(m, state, top, STOCK, hand, from_stock)
        facts += more
        if take_indicator:
            from_indicator = z3.And(z3.Not(from_stock), state.cards[INDICATOR] >= 1)
            state, more = move_card(m, state, last, INDICATOR, hand, from_indicator)
            facts += more
    return Step("draw round", "briscola.draw.order", state, facts, choices)


def exchange_step(m: Model) -> Step | None:
    """``briscola.exchange.card`` and Albastini's forced exchange of a bid
    card (``albastini.bid.exchange``): a card of the trump suit in hand and
    the face-up indicator change places."""
    kind = option(m.ruleset, "exchange.card", "none")
    faces = {"two": ["2"], "seven": ["7"], "seven-or-two": ["7", "2"]}.get(kind, [])
    exchange_rule = "briscola.exchange.card"
    if bidding_kind(m.ruleset) == "trump-guess":
        faces, exchange_rule = list(m.pack.ranks), "albastini.bid.exchange"
    allowed = [i for i, c in enumerate(m.pack.cards) if m.pack.ranks[c.rank] in faces]
    if not allowed:
        return None
    card, shown = z3.Int("from_hand"), z3.Int("indicator")
    facts = [z3.Or([card == i for i in allowed]), m.before.cards[INDICATOR] == 1]
    state, more = move_card(m, m.before, card, m.hands[0], INDICATOR)
    facts += more
    # the indicator zone now holds both; the one that was there goes to hand
    facts += [z3.Implies(m.before.tracked[INDICATOR], shown == m.card), shown != card]
    state, more = move_card(m, state, shown, INDICATOR, m.hands[0])
    return Step("exchange", exchange_rule, state, facts + more, {"card": card})


def lay_step(m: Model) -> Step:
    """``scopa.capture.lay``: a card that takes nothing stays on the table."""
    card = z3.Int("played")
    after, facts = move_card(m, m.before, card, m.hands[0], TABLE)
    return Step("card laid", "scopa.capture.lay", after, facts, {"card": card})


def capture_step(m: Model) -> Step:
    """``scopa.capture.single-card-first`` / ``scopa.capture.sum``: the card
    played and the table cards it takes go to the player's pile."""
    card = z3.Int("played")
    taken, worth, tracked_taken = z3.Int("taken"), z3.Int("taken_points"), z3.Bool("tracked_taken")
    state, facts = move_card(m, m.before, card, m.hands[0], m.piles[0])
    state, more = move(m, state, TABLE, m.piles[0], taken, worth, tracked_taken)
    facts += more + [taken >= 1]
    return Step("capture", "scopa.capture.sum", state, facts, {"card": card, "cards taken": taken})


def new_hands_step(m: Model) -> Step:
    """``scopa.deal.refill``: when every hand is empty and cards remain, each
    player is dealt a new hand of ``deal.hand_size`` from the stock. Only
    stocks the deal can leave are considered: after the first deal, less
    whole rounds of new hands."""
    h = m.ruleset.deal.hand_size
    deals = z3.Int("deals_so_far")
    first = m.n * h + table_cards(m.ruleset)
    facts = [deals >= 0, m.before.cards[STOCK] == m.pack.size - first - deals * m.n * h]
    facts += [m.before.cards[STOCK] >= 1] + [m.before.cards[hand] == 0 for hand in m.hands]
    state, choices = m.before, {"deals so far": deals}
    for k, hand in enumerate(m.hands):
        worth, gets = z3.Int(f"dealt_points_{k}"), z3.Bool(f"tracked_to_{k}")
        state, more = move(m, state, STOCK, hand, z3.IntVal(h), worth, gets)
        facts += more
    return Step("new hands", "scopa.deal.refill", state, facts, choices)


def leftovers_step(m: Model) -> Step:
    """``scopa.end.leftovers``: the table goes to the last player to capture."""
    s = m.before
    after, facts = move(m, s, TABLE, m.piles[0], s.cards[TABLE], s.points[TABLE], s.tracked[TABLE])
    facts += [s.cards[STOCK] == 0] + [s.cards[hand] == 0 for hand in m.hands]
    return Step("leftovers taken", "scopa.end.leftovers", after, facts, {})


def monte_steps(m: Model) -> list[Step]:
    """``chiamata.call.monte``: the bidder (seat 0) takes the whole monte into
    his hand, lays cards from his hand face down one at a time, and the
    discards join the last trick's winner's (seat 0's) cards at the end."""
    s = m.before
    taken, facts = move(m, s, STOCK, m.hands[0], s.cards[STOCK], s.points[STOCK], s.tracked[STOCK])
    card = z3.Int("discarded")
    laid, more = move_card(m, s, card, m.hands[0], DISCARDS)
    won, last = move(m, s, DISCARDS, m.piles[0], s.cards[DISCARDS], s.points[DISCARDS], s.tracked[DISCARDS])
    last += [s.cards[hand] == 0 for hand in m.hands]
    return [
        Step("monte taken", "chiamata.call.monte", taken, facts, {}),
        Step("discard", "chiamata.call.monte", laid, more, {"card": card}),
        Step("discards won", "chiamata.call.monte", won, last, {}),
    ]


def steps_for(m: Model) -> list[Step]:
    """The kinds of action of the ruleset's play."""
    if fishing(m.ruleset):
        steps = [lay_step(m), capture_step(m), leftovers_step(m)]
        if refills(m.ruleset):
            steps.insert(2, new_hands_step(m))
        return steps
    steps = [play_step(m), trick_taken_step(m)]
    if option(m.ruleset, "calling.monte", False):
        steps += monte_steps(m)
    if draws(m.ruleset):
        steps.append(draw_step(m))
    if has_indicator(m.ruleset):
        step = exchange_step(m)
        if step is not None:
            steps.append(step)
    return steps


def claims(m: Model, after: State) -> list[tuple[str, z3.BoolRef]]:
    """What must hold after every step, each with its wording for a failure."""
    out = [
        ("the zones no longer hold all the cards", z3.Sum(list(after.cards.values())) == m.pack.size),
        ("the card points no longer add up", z3.Sum(list(after.points.values())) == m.pack.total),
        ("the tracked card is not in exactly one zone", exactly_one(list(after.tracked.values()))),
        (
            "the tracked card lies in a zone counted as empty",
            z3.And([z3.Implies(after.tracked[z], after.cards[z] >= 1) for z in m.zones]),
        ),
    ]
    out += [(f"the limit on {z} is broken", c) for z, c in zip((INDICATOR, TRICK), m.size_limits(after))]
    out += [(f"{z} would hold fewer than no cards", after.cards[z] >= 0) for z in m.zones]
    return out


@invariant(
    "conservation.step",
    "Every kind of action keeps each card in exactly one zone, so the cards and the "
    "card points of all zones together are the same before and after.",
    ("deck", "seating", "deal", "draw", "exchange", "bidding.kind", "play.kind", "calling.monte"),
)
def step_conservation(ruleset: Ruleset) -> Verdict:
    """Each action kind of the variant, over a symbolic state."""
    m = Model(ruleset)
    steps, never = [], []
    for step in steps_for(m):
        checks = claims(m, step.after)
        try:
            model = find_violation(m.facts + step.facts, z3.And([c for _, c in checks]))
        except Vacuous:
            never.append(step.name)  # e.g. no new hands when the first deal uses every card
            continue
        steps.append(step)
        if model is None:
            continue
        broken = [text for text, c in checks if not z3.is_true(model.eval(c, model_completion=True))]
        chosen = "".join(f", {k} {value(model, v)}" for k, v in step.choices.items())
        held = ", ".join(
            f"{z} {value(model, m.before.cards[z])}" for z in m.zones if value(model, m.before.cards[z])
        )
        return failed(
            f"after a {step.name} ({step.rule}{chosen}) from a state holding {held} cards, "
            f"{'; '.join(broken)}"
        )
    note = ", ".join(s.name for s in steps) + ": every card and point kept"
    if never:
        note += f" ({', '.join(never)}: never happens)"
    return proved(note)
