"""The comparison, disagreements and sources pages."""

from __future__ import annotations

from regola.spec.schema import Ruleset

from . import data
from .arithmetic import arithmetic
from .catalogue import source_anchor, source_links
from .md import rel, table


def _players_short(rs: Ruleset) -> str:
    """``4`` or ``4 (2×2)`` for two teams of two."""
    teams = rs.seating.teams
    if not teams:
        return str(rs.seating.players)
    sizes = {len(t) for t in teams}
    return f"{rs.seating.players} ({len(teams)}×{sizes.pop()})" if len(sizes) == 1 else f"{rs.seating.players} (teams)"


def _hand(rs: Ruleset) -> str:
    """``3`` dealt one at a time, ``8 (4+4)`` in packets."""
    packets = rs.deal.packets
    if set(packets) == {1}:
        return str(rs.deal.hand_size)
    return f"{rs.deal.hand_size} ({'+'.join(map(str, packets))})"


def _strength(rs: Ruleset) -> str:
    ranks = {r.id: r for r in rs.deck.ranks}
    out = []
    for rid in rs.deck.strength:
        pts = ranks[rid].points if rid in ranks else 0
        out.append(f"{rid}<sup>{pts}</sup>" if pts else rid)
    return " ".join(out)


def _values(rs: Ruleset) -> str:
    vals = [(r.id, getattr(r, "value", None)) for r in rs.deck.ranks]
    vals = [(i, v) for i, v in vals if v is not None]
    return " ".join(f"{i}={v}" for i, v in sorted(vals, key=lambda x: -x[1]))


def _kind(component: object, off: str = "—") -> str:
    kind = getattr(component, "kind", None)
    return off if kind in (None, "none") else str(kind)


def _trumps(rs: Ruleset) -> str:
    ind = getattr(rs.deal, "indicator", "none")
    text = {"after-deal": "card after the deal", "bottom": "bottom card",
            "before-deal": "card before the deal", "after-bids": "card turned after the bids"}.get(ind, "")
    if not text:
        calling = getattr(rs, "calling", None)
        if _kind(calling, "") == "":
            return "no trumps"
        return "called by the bidder"
    if rs.deal.rebury_indicator:
        text += f" (rebury {', '.join(rs.deal.rebury_indicator)})"
    return text


def _scoring(rs: Ruleset) -> str:
    hs = rs.hand_scoring
    if hs.kind == "card-points":
        tiers = ", ".join(f"{t.min_points}+: {t.game_points}" for t in hs.game_points)
        text = f"most card points; tie: {hs.tie}"
        return text + (f"; game points {tiers}" if len(hs.game_points) > 1 else "")
    if hs.kind == "scopa":
        s = hs.scopa
        cats = [n for n in ("cards", "coins", "settebello", "scopas", "re_bello", "napola") if getattr(s, n, False)]
        if s.primiera.enabled:
            cats.append(f"primiera ({s.primiera.scale})")
        return "categories: " + ", ".join(c.replace("_", " ") for c in cats)
    if hs.kind == "contract":
        return f"contract payoffs ({len(hs.contract.bands)} bands), doubled on {hs.contract.double_on}"
    return hs.kind


def _match(rs: Ruleset) -> str:
    m = rs.match
    return {
        "single": "one hand",
        "best-of": f"best of {m.target} hands",
        "first-to-wins": f"first to {m.target} hands won",
        "first-to-card-points": f"first to {m.target} card points",
        "first-to-points": f"first to {m.target} points",
        "deals": f"{m.target} deals",
    }.get(m.kind, f"{m.kind} {m.target}")


def comparison() -> str:
    """Every variant side by side."""
    page = data.COMPARISON
    rss = data.rulesets()

    def name(rs: Ruleset) -> str:
        return f"[{rs.id}]({rel(page, data.variant_page(rs.id))})"

    players = table(
        ["Variant", "Players", "Pack", "Cards", "Hand (packets)", "Table", "Tricks"],
        [
            (
                name(rs), _players_short(rs), rs.deck.name, arithmetic(rs).cards, _hand(rs),
                arithmetic(rs).table or "—", arithmetic(rs).tricks or "—",
            )
            for rs in rss
        ],
    )
    trick_games = [rs for rs in rss if rs.play.kind == "tricks"]
    fishing = [rs for rs in rss if rs.play.kind != "tricks"]
    ranks = table(
        ["Variant", "Strength, high to low (card points)", "Total"],
        [(name(rs), _strength(rs), rs.deck.total_points) for rs in trick_games],
    )
    parts = [
        "# Comparison\n",
        "The shipped variants side by side, generated from their specs. Each "
        "variant's page has the details and the rules that hold.\n",
        "## Players and cards\n", players,
        "## Ranks and points\n",
        "In the trick games a card beats lower cards of its suit; trumps beat "
        "every other suit. Superscripts are card points.\n", ranks,
    ]
    if fishing:
        parts += [
            "## Capture values\n",
            "In the fishing games a card captures table cards of equal value, "
            "or a set adding up to it.\n",
            table(["Variant", "Values"], [(name(rs), _values(rs)) for rs in fishing]),
        ]
    parts += [
        "## Play\n",
        table(
            ["Variant", "Play", "Trumps", "Follow suit", "Bidding", "Call", "Exchange", "Partners see"],
            [
                (
                    name(rs), rs.play.kind, _trumps(rs),
                    rs.play.follow_suit if rs.play.kind == "tricks" else "—",
                    _kind(getattr(rs, "bidding", None)), _kind(getattr(rs, "calling", None)),
                    "—" if rs.exchange.card == "none" else rs.exchange.card,
                    "all hands open" if rs.information.open_hands else (
                        "—" if rs.information.partner_view == "never" else rs.information.partner_view
                    ),
                )
                for rs in rss
            ],
        ),
        "## Scoring\n",
        table(["Variant", "A hand", "The match"], [(name(rs), _scoring(rs), _match(rs)) for rs in rss]),
    ]
    return "\n".join(parts)


def disagreements() -> str:
    """Which source says what, topic by topic."""
    page = data.DISAGREEMENTS
    parts = [
        "# Where the sources disagree\n",
        "The published rules of these games differ from one source to the next. "
        "regola does not pick a winner: wherever the sources differ on something "
        "that changes play, the difference is a typed option of the spec, with "
        "a default, and each variant page says which sources use which value. "
        "Keys refer to the [sources](" + rel(page, data.SOURCES) + ").\n",
    ]
    for topic in data.topics():
        parts.append(f"## {topic.number}. {topic.title} {{#disagreement-{topic.number}}}\n")
        parts.append(topic.summary + "\n")
        rows = []
        options: list[str] = []
        for view in topic.views:
            setting = ", ".join(f"`{k} = {_val(v)}`" for k, v in view.set.items())
            options += [k for k in view.set if k not in options]
            rows.append((view.says, source_links(view.sources, page), setting or "—"))
        parts.append(table(["Position", "Sources", "Option value"], rows))
        if options:
            parts.append("Options: " + ", ".join(f"`{o}`" for o in options) + ".\n")
    return "\n".join(parts)


def _val(v: object) -> str:
    import json

    return v if isinstance(v, str) else json.dumps(v)


def sources() -> str:
    """The sources table."""
    page = data.SOURCES
    cited = data.cited_source_keys()
    rows = []
    for key, src in data.sources().items():
        title = f"[{src.title}]({src.url})" if src.url else src.title
        anchor = f'<a id="{source_anchor(key)}"></a>`{key}`'
        rows.append((anchor, title, src.note, "yes" if key in cited else ""))
    parts = [
        "# Sources\n",
        "The sources the specs are taken from, by the keys that variant files, "
        "rules and option descriptions cite. The facts come from these "
        "sources; every statement on this site is written in regola's own words. "
        "The seed documents are the texts the project started from.\n",
        table(["Key", "Source", "What it contributes", "Cited by a spec"], rows),
    ]
    missing = sorted(cited - set(data.sources()))
    if missing:
        parts.append("Cited but not yet described here: " + ", ".join(f"`{k}`" for k in missing) + ".\n")
    return "\n".join(parts)
