"""Games per second: the reference interpreter against a minimal hand-written loop.

Plays random hands of ``briscola-2`` (deal, twenty tricks, count) twice in the
same run: once through the reference's public API (``new_game``,
``legal_actions``, ``apply``) and once with a minimal loop over plain lists
that hard-codes the same rules. Both draw their shuffles and choices from
``random.Random(seed)`` in the same way, so the same seed gives the same
hands; the script first checks that they agree on the final card points.

Run:  python benchmarks/bench_reference.py [--games N] [--rounds R] [--seed S] [--profile] [--check]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time

from regola.reference import apply, legal_actions, new_game, shuffled_deck
from regola.spec import load

VARIANT = "briscola-2"
TARGET_RATIO = 10.0


# --- the reference ------------------------------------------------------------


def reference_hand(ruleset, rng: random.Random) -> tuple[int, ...]:
    """One hand through the reference API; returns the card points per seat."""
    state = new_game(ruleset, shuffled_deck(ruleset, rng))
    while state.phase == "play":
        state = apply(state, rng.choice(legal_actions(state)))
    return state.result.points


# --- the minimal loop -----------------------------------------------------------


class MinimalBriscola2:
    """Briscola for two on plain lists: just enough to play a hand.

    Rules hard-coded: three cards each dealt one at a time from the top,
    starting with seat 1 (the dealer is seat 0); the next card is the face-up
    indicator and fixes trumps; seat 1 leads; any card may be played; the
    trick goes to the higher trump, else to the higher card of the suit led;
    the winner draws first, and the indicator is the last card drawn; the
    winner leads next. Hands are kept in the deck's canonical order so the
    choices line up with the reference's legal actions.
    """

    def __init__(self, ruleset) -> None:
        deck = ruleset.deck
        self.cards = list(deck.cards())
        order = {c: i for i, c in enumerate(self.cards)}
        self.order = order
        strength = {r: len(deck.strength) - i for i, r in enumerate(deck.strength)}
        points = {r.id: r.points for r in deck.ranks}
        self.strength = {c: strength[c[:-1]] for c in self.cards}
        self.points = {c: points[c[:-1]] for c in self.cards}

    def shuffled(self, rng: random.Random) -> list[str]:
        deck = list(self.cards)
        rng.shuffle(deck)
        return deck

    def play_hand(self, deck: list[str], rng: random.Random) -> tuple[int, int]:
        order, strength, points = self.order, self.strength, self.points
        hands: list[list[str]] = [[], []]
        pos = 0
        for _ in range(3):
            for seat in (1, 0):
                hands[seat].append(deck[pos])
                pos += 1
        indicator = deck[pos]
        stock = deck[pos + 1 :]
        stock.reverse()  # pop() from the end takes the top card
        trump = indicator[-1]
        hands[0].sort(key=order.__getitem__)
        hands[1].sort(key=order.__getitem__)
        score = [0, 0]
        leader = 1
        while hands[leader]:
            follower = 1 - leader
            lead_hand = hands[leader]
            lead = lead_hand.pop(rng.randrange(len(lead_hand)))
            follow_hand = hands[follower]
            follow = follow_hand.pop(rng.randrange(len(follow_hand)))
            if follow[-1] == lead[-1]:
                winner = follower if strength[follow] > strength[lead] else leader
            else:
                winner = follower if follow[-1] == trump else leader
            score[winner] += points[lead] + points[follow]
            if stock:
                hands[winner].append(stock.pop())
                hands[1 - winner].append(stock.pop() if stock else indicator)
                hands[0].sort(key=order.__getitem__)
                hands[1].sort(key=order.__getitem__)
            leader = winner
        return score[0], score[1]


def minimal_hand(game: MinimalBriscola2, rng: random.Random) -> tuple[int, ...]:
    return game.play_hand(game.shuffled(rng), rng)


# --- the run ------------------------------------------------------------------


def check_agreement(ruleset, game: MinimalBriscola2, hands: int, seed: int) -> None:
    """Same seed, same deck orders and choices: the final points must agree."""
    for i in range(hands):
        ref = reference_hand(ruleset, random.Random(seed + i))
        mini = minimal_hand(game, random.Random(seed + i))
        if tuple(ref) != tuple(mini):
            sys.exit(f"disagreement on hand {i} (seed {seed + i}): reference {ref}, minimal loop {mini}")
        if sum(ref) != 120:
            sys.exit(f"hand {i}: card points add up to {sum(ref)}, not 120")


def games_per_second(play, games: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        play(rng)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="hands to play with each (default 2000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=7, help="rounds, each timing both (default 7; the median ratio is reported)")
    parser.add_argument("--profile", action="store_true", help="profile the reference and print the top functions")
    parser.add_argument("--check", action="store_true", help=f"exit with status 1 if the ratio exceeds {TARGET_RATIO:.0f}x")
    args = parser.parse_args()

    ruleset = load(VARIANT)
    game = MinimalBriscola2(ruleset)
    check_agreement(ruleset, game, hands=50, seed=args.seed)
    print(f"{VARIANT}: reference and minimal loop agree on 50 hands (same deck orders, same choices)")

    if args.profile:
        rng = random.Random(args.seed)
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [reference_hand(ruleset, rng) for _ in range(args.games)])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return

    # Each round times the two back to back and keeps their ratio; the
    # median ratio over the rounds is reported, so a busy machine slows both
    # alike and one passing spike (on the short minimal run especially) does
    # not decide it. Rates are the median rounds' too.
    rounds = []
    for _ in range(args.rounds):
        minimal = games_per_second(lambda rng: minimal_hand(game, rng), args.games, args.seed)
        reference = games_per_second(lambda rng: reference_hand(ruleset, rng), args.games, args.seed)
        rounds.append((minimal / reference, minimal, reference))
    rounds.sort()
    ratio, minimal, reference = rounds[len(rounds) // 2]
    print(f"games (hands): {args.games} per round, {args.rounds} rounds, median round shown")
    print(f"minimal loop: {minimal:10.0f} games/s")
    print(f"reference:    {reference:10.0f} games/s")
    print(f"ratios:       {', '.join(f'{r:.1f}' for r, _, _ in rounds)}")
    verdict = "within" if ratio <= TARGET_RATIO else "outside"
    print(f"ratio:        {ratio:10.1f}x slower (median), {verdict} the {TARGET_RATIO:.0f}x target", flush=True)
    if args.check and ratio > TARGET_RATIO:
        sys.exit(1)


if __name__ == "__main__":
    main()
