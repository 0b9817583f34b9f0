"""How a rule reads on the page of one variant (``docs/_data/wording.toml``).

The catalogue states each rule for every variant it may hold in; a variant
page should state only what holds there. For the rules listed in the
wording file, the first entry whose condition holds in the variant gives
the statement; any other rule keeps the catalogue's words, less an opening
"Where the variant says so," (on a variant page the rule is shown only
where it holds, so the clause says nothing).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from regola.spec.rules import Rule
from regola.spec.schema import Ruleset

from .data import DATA_DIR

_WHERE_THE_VARIANT = re.compile(r"^Where the variant (?:says so|allows it|requires it|plays it), ")


@dataclass(frozen=True)
class Wording:
    """One entry of the wording file."""

    rule_id: str
    when: str | None
    statement: str

    def holds_in(self, ruleset: Ruleset) -> bool:
        return self.when is None or Rule.model_construct(when=self.when).applies_to(Facts(ruleset))


@cache
def wordings() -> tuple[Wording, ...]:
    """Every entry of the wording file, in order."""
    with (DATA_DIR / "wording.toml").open("rb") as fh:
        raw = tomllib.load(fh)["rule"]
    return tuple(Wording(r["id"], r.get("when"), " ".join(r["statement"].split())) for r in raw)


def wording_for(rule_id: str, ruleset: Ruleset) -> Wording | None:
    """The entry that words this rule in this variant, if any."""
    return next((w for w in wordings() if w.rule_id == rule_id and w.holds_in(ruleset)), None)


def statement(rule: Rule, ruleset: Ruleset) -> str:
    """The rule as it reads on the page of this variant."""
    entry = wording_for(rule.id, ruleset)
    if entry is not None:
        return entry.statement.format_map(Facts(ruleset))
    text = " ".join(rule.statement.split())
    match = _WHERE_THE_VARIANT.match(text)
    if match:
        rest = text[match.end():]
        text = rest[:1].upper() + rest[1:]
    return text


# --- facts of a variant, for conditions and statements ----------------------


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _a(noun: str) -> str:
    return ("an " if noun[0] in "AEIOU" else "a ") + noun


_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _card_points(rs: Ruleset) -> str:
    worth = [r for r in sorted(rs.deck.ranks, key=lambda r: -(r.points or 0)) if r.points]
    first, *rest = worth
    text = _and([f"{_a(first.name)} is worth {first.points}"] + [f"{_a(r.name)} {r.points}" for r in rest])
    if len(worth) < len(rs.deck.ranks):
        text += ", the other faces nothing"
    return text


def _packets(rs: Ruleset) -> str:
    packets = rs.deal.packets
    if len(set(packets)) == 1:
        size = packets[0]
        return "one at a time" if size == 1 else f"{_NUMBERS.get(size, size)} at a time"
    return "in packets of " + _and([str(p) for p in packets])


def _redeal_cards(rs: Ruleset) -> str:
    names = {r.id: r.name for r in rs.deck.ranks}
    suits = len(rs.deck.suits)
    out = []
    for t in rs.deal.redeal:
        counts = [str(n) for n in range(t.at_least, suits + 1)]
        words = [_NUMBERS.get(int(c), c) for c in counts]
        plural = names.get(t.rank, t.rank) + ("s" if t.at_least > 1 or len(counts) > 1 else "")
        out.append(f"{' or '.join(words) if len(words) < 3 else _and(words)} {plural}")
    return " or ".join(out)


def _redeal_dealer(rs: Ruleset) -> str:
    dealers = {t.dealer for t in rs.deal.redeal}
    if dealers == {"same"}:
        return "the same dealer"
    return "the next dealer" if dealers == {"next"} else "the dealer each condition names"


def _called_rank(rs: Ruleset) -> str:
    return next((r.name for r in rs.deck.ranks if r.id == rs.calling.rank), str(rs.calling.rank))


def _raises(rs: Ruleset) -> str:
    low, step = rs.bidding.min_points, rs.bidding.raise_step
    return f"{low + step}, {low + 2 * step} and so on"


def _doubled(rs: Ruleset) -> str:
    factor = rs.hand_scoring.contract.double_factor
    return "doubled" if factor == 2 else f"multiplied by {factor}"


def _removed(rs: Ruleset) -> str:
    return _and([f"`{c}`" for c in rs.deck.removed])


def _payoffs(rs: Ruleset) -> str:
    bands = rs.hand_scoring.contract.bands
    if len(bands) == 1:
        b = bands[0]
        return f"The shares are {b.bidder} for the bidder, {b.partner} for his partner and {b.defender} for each defender"
    rows = [f"{b.bidder}/{b.partner}/{b.defender} from {b.min_target}" for b in bands]
    return "The shares (bidder/partner/each defender) grow with the target: " + _and(rows)


def _alone_payoffs(rs: Ruleset) -> str:
    bands = rs.hand_scoring.contract.bands
    if len(bands) == 1:
        b = bands[0]
        return f"He wins or loses {b.alone_bidder} in all, and each of the others the opposite {b.alone_defender}"
    rows = [f"{b.alone_bidder}/{b.alone_defender} from {b.min_target}" for b in bands]
    return "His total and each other player's share grow with the target: " + _and(rows)


def _blind_rank(rs: Ruleset) -> str:
    rank = rs.calling.blind_barred_rank
    return next((r.name for r in rs.deck.ranks if r.id == rank), str(rank))


def _one_game_point(rs: Ruleset) -> bool:
    tiers = rs.hand_scoring.game_points
    return len(tiers) == 1 and tiers[0].game_points == 1


FACTS: dict[str, Callable[[Ruleset], Any]] = {
    "players": lambda rs: rs.seating.in_hand,  # those who play a hand: the dealer may sit out
    "defenders": lambda rs: _NUMBERS.get(rs.seating.in_hand - 2, rs.seating.in_hand - 2),
    "others": lambda rs: _NUMBERS.get(rs.seating.in_hand - 1, rs.seating.in_hand - 1),
    "sides": lambda rs: len(rs.seating.teams) or rs.seating.players,
    "card_points": _card_points,
    "removed": _removed,
    "packets": _packets,
    "redeal_cards": _redeal_cards,
    "redeal_dealer": _redeal_dealer,
    "called_rank": _called_rank,
    "raises": _raises,
    "doubled": _doubled,
    "payoffs": _payoffs,
    "alone_payoffs": _alone_payoffs,
    "blind_rank": _blind_rank,
    "best_of_wins": lambda rs: rs.match.target // 2 + 1,
    "one_game_point": _one_game_point,
}


class Facts:
    """A ruleset seen with the computed facts above as extra fields: the
    wording file's conditions read it through the catalogue's own condition
    syntax, and its statements through ``str.format_map``."""

    def __init__(self, ruleset: Ruleset) -> None:
        self._ruleset = ruleset

    def __getattr__(self, name: str) -> Any:
        if name in FACTS:
            return FACTS[name](self._ruleset)
        return getattr(self._ruleset, name)

    def __getitem__(self, name: str) -> Any:
        try:
            return getattr(self, name)
        except AttributeError:
            raise KeyError(name) from None
