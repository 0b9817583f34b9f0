"""The phases of a hand as a Mermaid flowchart, built from the ruleset."""

from __future__ import annotations

from regola.spec.schema import Ruleset

from .arithmetic import arithmetic

SCORE_TEXT = {
    "card-points": "Count card points: the most wins",
    "count": "Count points in thirds, the last trick and the declarations: whole points score",
    "scopa": "Score cards, coins, settebello, primiera, scope",
    "contract": "Did the bidder's side make the contract? Pay by the table",
}


BIDDING_TEXT = {
    "rank-auction": "Auction: each bid names a weaker face, then higher points",
    "points-auction": "Auction on point targets",
    "low-card": "One round of bids: the weakest face named wins",
    "trump-guess": "Opponents of the dealer may offer a card as a trump guess",
}
CALLING_TEXT = {
    "suit": "The winner names trumps; whoever holds the called card is his secret partner",
    "card": "The winner calls a card: its suit is trumps, its holder his secret partner",
}


def phases_diagram(ruleset: Ruleset) -> str:
    """A fenced Mermaid block showing the steps of a hand and of the match."""
    a = arithmetic(ruleset)
    deal = ruleset.deal
    fishing = ruleset.play.kind == "fishing"
    packets = "one at a time" if set(deal.packets) == {1} else (
        "in packets of " + "+".join(str(p) for p in deal.packets)
    )
    lines = ['  shuffle(["Shuffle: the deck order"])']
    chain = ["shuffle"]

    def node(name: str, label: str, shape: tuple[str, str] = ("[", "]")) -> str:
        lines.append(f'  {name}{shape[0]}"{label}"{shape[1]}')
        return name

    indicator = deal.indicator
    if indicator == "before-deal":
        chain.append(node("indicator", "Turn up the top card: trumps"))
    deal_text = f"Deal {a.hand_size} cards each, {packets}"
    if getattr(ruleset.seating, "sits_out", "nobody") == "dealer":
        deal_text += ", the dealer sitting out"
    if getattr(getattr(ruleset, "calling", None), "monte", False):
        deal_text += ", the rest face down as the monte"
    if a.table:
        deal_text += f", and {a.table} face up to the table"
    chain.append(node("deal", deal_text))
    if deal.redeal:
        lines.append('  void{"Table voids the deal?"}')
    if indicator in ("after-deal", "bottom"):
        where = "the next card" if indicator == "after-deal" else "the bottom card"
        chain.append(node("indicator", f"Turn up {where}: its suit is trumps"))
    bidding = getattr(getattr(ruleset, "bidding", None), "kind", "none")
    if bidding != "none":
        chain.append(node("bidding", BIDDING_TEXT.get(bidding, f"Bidding: {bidding}")))
    calling = getattr(ruleset, "calling", None)
    late_call = getattr(calling, "when", None) == "after-first-trick"
    if getattr(calling, "kind", "none") != "none" and not late_call:
        chain.append(node("calling", CALLING_TEXT.get(calling.kind, f"Call: {calling.kind}")))
    if getattr(calling, "monte", False):
        chain.append(node("monte", "The winner takes the monte unseen and discards as many, face down"))
    if indicator == "after-bids":
        chain.append(node("indicator", "Turn up the next card: its suit is trumps"))
    if fishing:
        turn = node("turn", "On his turn a player plays one card: it captures table cards or stays")
    else:
        turn = node("turn", "Trick: the leader plays, then each other player in turn")
    chain.append(turn)
    edges = [f"  {x} --> {y}" for x, y in zip(chain, chain[1:])]
    if deal.redeal:
        edges[chain.index("deal")] = "  deal --> void"
        nxt = chain[chain.index("deal") + 1]
        edges.append(f"  void -- no --> {nxt}")
        edges.append("  void -- yes: deal again --> shuffle")
    if deal.rebury_indicator:
        node("rebury", f"Indicator {', '.join(deal.rebury_indicator)}: rebury it, turn the next")
        edges += ["  indicator -.-> rebury", "  rebury -.-> indicator"]
    if ruleset.exchange.card != "none":
        node("exchange", "On his turn a player may exchange a trump for the indicator")
        edges.append("  exchange -.-> turn")
    last = turn
    if not fishing:
        rule = "Highest trump wins, else highest of the suit led" if indicator != "none" or _called(ruleset) \
            else "Highest card of the suit led wins"
        last = node("winner", f"{rule}; the winner leads next")
        if late_call and calling.kind != "none":
            # the first trick is played in the dark: the call comes before it is taken
            text = CALLING_TEXT.get(calling.kind, f"Call: {calling.kind}")
            node("calling", "After the first trick's last card: " + text.replace("The winner", "the auction's winner", 1))
            edges += ["  turn -- first trick --> calling", "  calling --> winner", f"  turn -- later tricks --> {last}"]
        else:
            edges.append(f"  turn --> {last}")
    lines.append('  more{"Cards left in hand?"}')
    if a.draw_rounds:
        lines.append('  stock{"Stock left?"}')
        takes = indicator != "none" and ruleset.draw.take_indicator
        node("draw", "Each draws one card, the winner first" + ("; the last takes the indicator" if takes else ""))
        edges += [f"  {last} --> stock", "  stock -- yes --> draw", "  draw --> turn", "  stock -- no --> more"]
    else:
        edges.append(f"  {last} --> more")
    edges.append("  more -- yes --> turn")
    end = "more"
    if fishing and deal.refill:
        lines.append('  pack{"Cards left in the pack?"}')
        node("refill", f"Deal {a.hand_size} more each")
        edges += ["  more -- no --> pack", "  pack -- yes --> refill", "  refill --> turn"]
        end = "pack"
    if fishing:
        node("leftovers", "The last player to capture takes the table")
        edges.append(f"  {end} -- no --> leftovers")
        end = "leftovers"
        score_edge = f"  {end} --> score"
    else:
        score_edge = f"  {end} -- no --> score"
    node("score", SCORE_TEXT.get(ruleset.hand_scoring.kind, "Score the hand"))
    edges.append(score_edge)
    lines.append('  over{"Match over?"}')
    node("done", "End of the match", ("([", "])"))
    edges += ["  score --> over", "  over -- no: next deal --> shuffle", "  over -- yes --> done"]
    return "```mermaid\nflowchart TD\n" + "\n".join(lines + edges) + "\n```\n"


def _called(ruleset: Ruleset) -> bool:
    return getattr(getattr(ruleset, "calling", None), "kind", "none") != "none"
