"""Deal arithmetic: where every card of the pack goes during one hand.

The figures are computed from the ruleset here and, where the invariants
module is installed, checked against what it proves (see :mod:`.proofs`).
"""

from __future__ import annotations

from dataclasses import dataclass

from regola.spec.schema import Ruleset

from .md import plural, table


@dataclass(frozen=True)
class Arithmetic:
    """The card counts of one hand."""

    cards: int
    players: int
    hand_size: int
    dealt: int
    table: int
    indicator: int
    stock: int
    draw_rounds: int
    tricks: int
    cards_each: int
    deals: int = 1
    monte: int = 0
    """Cards left face down for the auction's winner to take and discard (chiamata.call.monte)."""

    def rows(self) -> list[tuple[str, str]]:
        """(what, how many) for the table on the variant page."""
        out = [
            ("Cards in play", str(self.cards)),
            ("Dealt to the players", f"{self.players} × {self.hand_size} = {self.dealt}"),
        ]
        if self.table:
            out.append(("Dealt face up to the table", str(self.table)))
        if self.indicator:
            out.append(("Trump indicator (face up, drawn last)", str(self.indicator)))
        if self.monte:
            out.append(("The monte (taken by the bidder, who discards as many)", str(self.monte)))
        elif self.stock or self.draw_rounds:
            label = "Left in the pack after the first deal" if self.deals > 1 else "Face-down stock after the deal"
            out.append((label, str(self.stock)))
        if self.draw_rounds:
            out.append((
                "Draw rounds (one card each after a trick)",
                f"({self.stock} + {self.indicator}) ÷ {self.players} = {self.draw_rounds}",
            ))
        if self.deals > 1:
            out.append((
                "Deals in a hand (new hands while the pack lasts)",
                f"1 + {self.stock} ÷ {self.dealt} = {self.deals}",
            ))
        played = f"({self.cards} − {self.table})" if self.table else str(self.cards)
        if self.monte:
            played = f"({self.cards} − {self.monte})"
        out.append(("Cards each player plays", f"{played} ÷ {self.players} = {self.cards_each}"))
        if self.tricks:
            out.append(("Tricks in a hand", str(self.tricks)))
        return out


def arithmetic(ruleset: Ruleset) -> Arithmetic:
    """Count where the cards go in one hand of ``ruleset``."""
    cards = len(ruleset.deck.cards())
    players = getattr(ruleset.seating, "in_hand", ruleset.seating.players)  # the dealer may sit out
    hand = ruleset.deal.hand_size
    dealt = players * hand
    table_cards = sum(getattr(ruleset.deal, "table_packets", ()) or ())
    indicator = 0 if getattr(ruleset.deal, "indicator", "none") == "none" else 1
    drawing = bool(getattr(getattr(ruleset, "draw", None), "enabled", False))
    stock = cards - dealt - table_cards - indicator
    draw_rounds = (stock + indicator) // players if drawing else 0
    monte = stock if getattr(getattr(ruleset, "calling", None), "monte", False) else 0
    tricks = (cards - monte) // players if getattr(ruleset.play, "kind", "tricks") == "tricks" else 0
    refill = bool(getattr(ruleset.deal, "refill", False))
    deals = 1 + stock // dealt if refill and dealt else 1
    return Arithmetic(
        cards=cards,
        players=players,
        hand_size=hand,
        dealt=dealt,
        table=table_cards,
        indicator=indicator,
        stock=stock,
        draw_rounds=draw_rounds,
        tricks=tricks,
        cards_each=(cards - table_cards - monte) // players,
        deals=deals,
        monte=monte,
    )


def arithmetic_section(ruleset: Ruleset, proof_note: str) -> str:
    """Markdown for the deal arithmetic of a variant."""
    a = arithmetic(ruleset)
    lines = [table(["", "Cards"], a.rows())]
    if a.draw_rounds and a.tricks:
        lines.append(
            f"So a hand is {plural(a.tricks, 'trick')}: {a.draw_rounds} followed by "
            f"a draw, then {plural(a.tricks - a.draw_rounds, 'trick')} played out "
            "from hand once the stock is gone."
        )
    elif a.tricks:
        lines.append(f"So a hand is {plural(a.tricks, 'trick')}, all played from the hands dealt.")
    elif a.deals > 1:
        lines.append(
            f"So a hand is {plural(a.deals, 'deal')} of {plural(a.hand_size, 'card')} each; "
            f"every player plays {a.cards_each} cards."
        )
    if proof_note:
        lines.append(proof_note)
    return "\n\n".join(lines) + "\n"
