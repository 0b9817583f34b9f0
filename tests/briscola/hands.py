"""Whole hands worked out by hand, trick by trick, for the scoring and match tests.

Italian 40-card pack, strength A 3 K H J 7 6 5 4 2, points A 11, 3 10, K 4,
H 3, J 2. Each line is one trick in play order with its winner, worked out
from rule briscola.trick.winner; the totals in the comments are added up by
hand. Written for dealer 0 (seat 1 leads the first trick); ``shift`` moves
them round the table for later deals.
"""

from __future__ import annotations

# Two players, trumps batons (indicator 7b, taken by seat 1, the loser of
# trick 17, and played by it in trick 20).
# Seat 1 takes every coins and cups trick, seat 0 every swords and batons one.
# Seat 1: 30 + 30 = 60 points in 10 tricks (20 cards).
# Seat 0: 30 + 30 = 60 points in 10 tricks (20 cards). Seat 0 takes the last trick.
TIE_EVEN = [
    "1:Ad 0:2d > 1", "1:3d 0:4d > 1", "1:Kd 0:5d > 1", "1:Hd 0:6d > 1", "1:Jd 0:7d > 1",
    "1:Ac 0:2c > 1", "1:3c 0:4c > 1", "1:Kc 0:5c > 1", "1:Hc 0:6c > 1", "1:Jc 0:7c > 1",
    "1:2s 0:As > 0",  # same suit, the Ace is stronger: the lead passes to seat 0
    "0:3s 1:4s > 0", "0:Ks 1:5s > 0", "0:Hs 1:6s > 0", "0:Js 1:7s > 0",
    "0:Ab 1:2b > 0", "0:3b 1:4b > 0", "0:Kb 1:5b > 0", "0:Hb 1:6b > 0", "0:Jb 1:7b > 0",
]

# Two players, 60-60 but seat 1 takes 11 tricks (22 cards) and seat 0 nine
# (18 cards); seat 0 takes the last trick. Trumps batons (indicator 7b).
# Seat 1: coins 30 + cups 30 + (7s 6s) 0 = 60. Seat 0: 2s As 11, 3s 4s 10,
# Ks 5s 4, Hs Js 5, batons 30 = 60.
TIE_MORE_CARDS_1 = [
    "1:Ad 0:2d > 1", "1:3d 0:4d > 1", "1:Kd 0:5d > 1", "1:Hd 0:6d > 1", "1:Jd 0:7d > 1",
    "1:Ac 0:2c > 1", "1:3c 0:4c > 1", "1:Kc 0:5c > 1", "1:Hc 0:6c > 1", "1:Jc 0:7c > 1",
    "1:7s 0:6s > 1",  # a trick worth nothing
    "1:2s 0:As > 0",
    "0:3s 1:4s > 0", "0:Ks 1:5s > 0", "0:Hs 1:Js > 0",
    "0:Ab 1:2b > 0", "0:3b 1:4b > 0", "0:Kb 1:5b > 0", "0:Hb 1:6b > 0", "0:Jb 1:7b > 0",
]

# Two players, seat 1 wins 61-59. Trumps batons (indicator 7b).
# Seat 1: Ad 2d 11, 3d 4d 10, Kd 5d 4, Hd 6d 3, cups 30, Hs 6s 3 = 61.
# Seat 0: 7d Jd 2, As 2s 11, 3s 4s 10, Ks 5s 4, Js 7s 2, batons 30 = 59.
WIN_61 = [
    "1:Ad 0:2d > 1", "1:3d 0:4d > 1", "1:Kd 0:5d > 1", "1:Hd 0:6d > 1",
    "1:Ac 0:2c > 1", "1:3c 0:4c > 1", "1:Kc 0:5c > 1", "1:Hc 0:6c > 1", "1:Jc 0:7c > 1",
    "1:Hs 0:6s > 1",
    "1:7d 0:Jd > 0",  # the Jack is stronger than the Seven
    "0:As 1:2s > 0", "0:3s 1:4s > 0", "0:Ks 1:5s > 0", "0:Js 1:7s > 0",
    "0:Ab 1:2b > 0", "0:3b 1:4b > 0", "0:Kb 1:5b > 0", "0:Hb 1:6b > 0", "0:Jb 1:7b > 0",
]

# Two players, seat 1 takes exactly 91. Trumps batons (indicator 7b).
# Seat 1: coins less (Jd 7d) 28, cups 30, swords 30, Hb 6b 3 = 91.
# Seat 0: 7d Jd 2, Ab 2b 11, 3b 4b 10, Kb 5b 4, Jb 7b 2 = 29.
WIN_91 = [
    "1:Ad 0:2d > 1", "1:3d 0:4d > 1", "1:Kd 0:5d > 1", "1:Hd 0:6d > 1",
    "1:Ac 0:2c > 1", "1:3c 0:4c > 1", "1:Kc 0:5c > 1", "1:Hc 0:6c > 1", "1:Jc 0:7c > 1",
    "1:As 0:2s > 1", "1:3s 0:4s > 1", "1:Ks 0:5s > 1", "1:Hs 0:6s > 1", "1:Js 0:7s > 1",
    "1:Hb 0:6b > 1",  # both trumps: the Horse is stronger
    "1:7d 0:Jd > 0",
    "0:Ab 1:2b > 0", "0:3b 1:4b > 0", "0:Kb 1:5b > 0", "0:Jb 1:7b > 0",
]

# Two players, seat 1 takes every trick: 120-0. Trumps batons (indicator 7b,
# taken by seat 0, the loser of trick 17).
SLAM = [
    "1:Ad 0:2d > 1", "1:3d 0:4d > 1", "1:Kd 0:5d > 1", "1:Hd 0:6d > 1", "1:Jd 0:7d > 1",
    "1:Ac 0:2c > 1", "1:3c 0:4c > 1", "1:Kc 0:5c > 1", "1:Hc 0:6c > 1", "1:Jc 0:7c > 1",
    "1:As 0:2s > 1", "1:3s 0:4s > 1", "1:Ks 0:5s > 1", "1:Hs 0:6s > 1", "1:Js 0:7s > 1",
    "1:Ab 0:2b > 1", "1:3b 0:4b > 1", "1:Kb 0:5b > 1", "1:Hb 0:6b > 1", "1:Jb 0:7b > 1",
]

# Four players in partnership (0 and 2 against 1 and 3), trumps swords
# (indicator Hs, taken by seat 2, last in drawing order 3 0 1 2 after trick 7).
# Seat 1: 11 + 12 + 7 = 30. Seat 2: 11 + 19 = 30. Seat 3: 11 + 12 + 11 + 12 + 14 = 60.
# Seat 0: nothing. Sides: (0, 2) 30, (1, 3) 90.
FOUR_PARTNERS = [
    "1:Ad 2:2d 3:4d 0:5d > 1",
    "1:3d 2:6d 3:7d 0:Jd > 1",
    "1:Kd 2:Hd 3:2c 0:4c > 1",  # cups are neither the suit led nor trumps
    "1:5c 2:Ac 3:6c 0:7c > 2",
    "2:3c 3:Jc 0:Hc 1:Kc > 2",
    "2:5b 3:Ab 0:2b 1:4b > 3",
    "3:3b 0:6b 1:7b 2:Jb > 3",  # last drawing round: 3, 0, 1 draw, 2 takes the indicator
    "3:As 0:2s 1:4s 2:5s > 3",
    "3:3s 0:6s 1:7s 2:Js > 3",
    "3:Ks 0:Hb 1:Kb 2:Hs > 3",  # two trumps: the King beats the Horse
]

# Three players (2b removed), trumps batons (indicator Hb, taken by seat 1,
# last in drawing order 2 0 1 after trick 10).
# Seat 1: 11 + 10 + 7 + 2 + 15 + 3 = 48. Seat 2: 12 + 11 + 10 + 9 = 42.
# Seat 0: 11 + 10 + 9 = 30. Seat 1 has the most points, though under 61.
THREE_PLURALITY = [
    "1:Ad 2:2d 0:4d > 1",
    "1:3d 2:5d 0:6d > 1",
    "1:Kd 2:Hd 0:7d > 1",
    "1:Jd 2:2c 0:4c > 1",
    "1:Ac 2:Kc 0:5c > 1",
    "1:Hc 2:6c 0:7c > 1",
    "1:Jc 2:3c 0:2s > 2",
    "2:As 0:4s 1:5s > 2",
    "2:3s 0:6s 1:7s > 2",
    "2:Ks 0:Hs 1:Js > 2",
    "2:4b 0:Ab 1:5b > 0",  # a trump lead beaten by a stronger trump
    "0:3b 1:6b 2:7b > 0",
    "0:Kb 1:Hb 2:Jb > 0",
]

# Three players, seats 1 and 2 tie at 45, seat 0 has 30 and takes the last
# trick. Seat 1 took 6 tricks (18 cards), seat 2 four (12 cards).
# Seat 1: 11 + 10 + 7 + 2 + 15 + 0 = 45. Seat 2: 15 + 11 + 10 + 9 = 45. Seat 0: 30.
THREE_TIE = [
    "1:Ad 2:2d 0:4d > 1",
    "1:3d 2:5d 0:6d > 1",
    "1:Kd 2:Hd 0:7d > 1",
    "1:Jd 2:2c 0:4c > 1",
    "1:Ac 2:Kc 0:5c > 1",
    "1:7c 2:6c 0:2s > 1",
    "1:Jc 2:3c 0:Hc > 2",
    "2:As 0:4s 1:5s > 2",
    "2:3s 0:6s 1:7s > 2",
    "2:Ks 0:Hs 1:Js > 2",
    "2:4b 0:Ab 1:5b > 0",
    "0:3b 1:6b 2:7b > 0",
    "0:Kb 1:Hb 2:Jb > 0",
]

SPANISH = {"J": "S", "H": "C", "K": "R", "d": "o", "s": "e"}


def to_spanish(script: list[str]) -> list[str]:
    """The same hand in the Spanish pack's ids (Sota, Caballo, Rey; oros, espadas)."""

    def card(c: str) -> str:
        return SPANISH.get(c[:-1], c[:-1]) + SPANISH.get(c[-1], c[-1])

    out = []
    for line in script:
        body, _, win = line.partition(">")
        moves = [m.split(":") for m in body.split()]
        out.append(" ".join(f"{s}:{card(c)}" for s, c in moves) + " >" + win)
    return out
