"""The fixed action space of a variant: every action a player of it could
ever make, numbered once, so that a learning agent picks an index and an
``action_mask`` says which indices are legal now.

The numbering is derived from the ruleset alone (never from a state), in
this order, each block present only when the variant has that kind of move:

1. ``play``: one index per card of the pack, in canonical card order
   (rules ``briscola.play.in-hand``, ``scopa.play.lay``);
2. ``exchange``: one per card (the trump given for the face-up indicator,
   rule ``briscola.exchange.*``), when ``exchange.card`` is not ``none``;
3. ``bid``: by ``bidding.kind`` (rules ``chiamata.bid.*``,
   ``albastini.bid.*``): a face for each rank (``rank-auction``,
   ``low-card``), the weakest face with each point target from
   ``min_points`` to ``max_points`` (``rank-auction``: the raised Two), each
   point target (``points-auction``), each card (``trump-guess``);
4. ``pass``: one index, when the variant has bidding;
5. ``call``: each suit then each card (``calling.kind = suit``: the card
   for ``lowest_not_held``), or each card (``card``) and, with
   ``calling.two_cards_at``, each pair of cards of one suit
   (``chiamata.call.two-cards``);
6. ``discard``, each card, and ``own-call``, silent then shown, with
   ``calling.monte`` (``chiamata.call.monte``, ``chiamata.call.own-card-shown``).

The fishing games have, after ``play``:

2. ``capture``: a played card with each set of other cards it could take
   (`regola.envs.captures`), then, with ``capture.ace_takes_all``, one
   "takes the whole table" index per Ace;
3. ``claim``: one index, where a player may claim to have reached the
   target (``hand_scoring.scopa.claims``, rule ``scopa.match.claim``).

Keys are plain tuples (``("play", "7d")``, ``("bid", "rank", "2", 65)``,
``("capture", "7d", ("3c", "4s"))``, ``("capture-all", "Ad")``); a legal
action the numbering has no key for is an `EncodingGap`, never silently
dropped.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field, replace
from typing import Any

from regola.reference.fishing.actions import FishingAction
from regola.reference.tricks.actions import Action as TrickAction
from regola.spec import Ruleset

from .captures import capture_keys

Key = tuple[Any, ...]

# the action models of each family, as the reference reads them
_TRICK_ACTIONS = typing.get_args(typing.get_args(TrickAction)[0])
_FISHING_ACTIONS = typing.get_args(typing.get_args(FishingAction)[0])


class EncodingGap(ValueError):
    """A legal action of the reference that the variant's action space does
    not number (a rule the encoding does not know yet)."""


@dataclass(frozen=True)
class ActionSpace:
    """The numbered actions of one ruleset."""

    variant: str
    keys: tuple[Key, ...]
    index: dict[Key, int] = field(repr=False)
    kinds: tuple[str, ...]
    """The kinds of move present, in block order."""

    @property
    def size(self) -> int:
        return len(self.keys)

    def key_of(self, action: dict[str, Any], table: list[str] | tuple[str, ...] = ()) -> Key:
        """The key of an action given as JSON data (``table``: the table
        cards, to tell an Ace taking the whole table)."""
        kind = action.get("type")
        if kind in ("play", "exchange"):
            return (kind, action.get("card"))
        if kind == "pass":
            return ("pass",)
        if kind == "call":
            if action.get("second") is not None:
                return ("call", "cards", action.get("card"), action["second"])
            if action.get("suit") is not None:
                return ("call", "suit", action["suit"])
            return ("call", "card", action.get("card"))
        if kind == "discard":
            return ("discard", action.get("card"))
        if kind == "own-call":
            return ("own-call", bool(action.get("show")))
        if kind == "bid":
            if action.get("card") is not None:
                return ("bid", "card", action["card"])
            if action.get("rank") is not None and action.get("points") is not None:
                return ("bid", "rank", action["rank"], action["points"])
            if action.get("rank") is not None:
                return ("bid", "rank", action["rank"])
            return ("bid", "points", action.get("points"))
        if kind == "capture":
            take = tuple(action.get("take") or ())
            key: Key = ("capture", action.get("card"), take)
            if key not in self.index and ("capture-all", action.get("card")) in self.index:
                if sorted(take) == sorted(table):
                    return ("capture-all", action.get("card"))
            return key
        extra = sorted((k, v) for k, v in action.items() if k not in ("type", "seat"))
        if len(extra) == 1 and not isinstance(extra[0][1], (list, dict)):
            return (str(kind), extra[0][0], extra[0][1])
        return (str(kind),)

    def index_of(self, action: dict[str, Any], table: list[str] | tuple[str, ...] = ()) -> int:
        """The index of an action, or `EncodingGap` naming it."""
        key = self.key_of(action, table)
        found = self.index.get(key)
        if found is None:
            raise EncodingGap(
                f"{self.variant}: action {action!r} has no index in the action space "
                f"(key {key!r}; kinds numbered: {', '.join(self.kinds)})"
            )
        return found

    def action_of(self, index: int, seat: int, table: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
        """The action an index stands for, made by ``seat``, as JSON data."""
        if not 0 <= index < len(self.keys):
            raise ValueError(f"{self.variant}: action index {index} is out of range 0..{len(self.keys) - 1}")
        key = self.keys[index]
        kind = key[0]
        if kind in ("play", "exchange", "discard"):
            return {"type": kind, "seat": seat, "card": key[1]}
        if kind == "own-call":
            return {"type": kind, "seat": seat, "show": key[1]}
        if len(key) == 1:  # pass, claim: the seat alone
            return {"type": kind, "seat": seat}
        if len(key) == 3 and kind not in ("call", "bid", "capture"):  # a move of one field (`_other_moves`)
            return {"type": kind, "seat": seat, key[1]: key[2]}
        if kind == "call":
            if key[1] == "cards":
                return {"type": "call", "seat": seat, "card": key[2], "second": key[3]}
            return {"type": "call", "seat": seat, key[1]: key[2]}
        if kind == "bid":
            if key[1] == "rank":
                out = {"type": "bid", "seat": seat, "rank": key[2]}
                if len(key) > 3:
                    out["points"] = key[3]
                return out
            return {"type": "bid", "seat": seat, key[1]: key[2]}
        if kind == "capture":
            return {"type": "capture", "seat": seat, "card": key[1], "take": list(key[2])}
        return {"type": "capture", "seat": seat, "card": key[1], "take": list(table)}

    def label(self, index: int) -> str:
        """A short human-readable name of an index (``play 7d``)."""
        key = self.keys[index]
        parts = [p if not isinstance(p, tuple) else "+".join(p) or "-" for p in key]
        return " ".join(str(p) for p in parts)


def _other_moves(ruleset: Ruleset, known: set[str]) -> list[tuple[str, list[Key]]]:
    """Blocks for the family's other moves, read from the reference's
    action models: one index for a move of the seat alone, one per card,
    suit or truth value for a move of one such field. They come last, so
    a new kind of move leaves the numbering before it as it was."""
    union = _FISHING_ACTIONS if ruleset.play.kind == "fishing" else _TRICK_ACTIONS
    values = {"card": list(ruleset.deck.cards()), "suit": [x.id for x in ruleset.deck.suits], "show": [False, True]}
    out: list[tuple[str, list[Key]]] = []
    for model in union:
        kind = typing.get_args(model.model_fields["type"].annotation)[0]
        if kind in known or kind == "shuffle":
            continue
        fields = [f for f in model.model_fields if f not in ("type", "seat")]
        if not fields:
            out.append((kind, [(kind,)]))
        elif len(fields) == 1 and fields[0] in values:
            out.append((kind, [(kind, fields[0], v) for v in values[fields[0]]]))
    return out


def _blocks(ruleset: Ruleset) -> list[tuple[str, list[Key]]]:
    main = _main_blocks(ruleset)
    named = {"play", "exchange", "bid", "pass", "call", "capture", "claim", "discard", "own-call"}
    return main + _other_moves(ruleset, {kind for kind, _ in main} | named)


def _main_blocks(ruleset: Ruleset) -> list[tuple[str, list[Key]]]:
    cards = ruleset.deck.cards()
    ranks = [r.id for r in ruleset.deck.ranks]
    suits = [s.id for s in ruleset.deck.suits]
    out: list[tuple[str, list[Key]]] = [("play", [("play", c) for c in cards])]
    if ruleset.play.kind == "fishing":
        out.append(("capture", capture_keys(ruleset)))
        if getattr(getattr(ruleset.hand_scoring, "scopa", None), "claims", False):
            out.append(("claim", [("claim",)]))  # scopa.match.claim
        return out
    if ruleset.exchange.card != "none":
        out.append(("exchange", [("exchange", c) for c in cards]))
    bidding = ruleset.bidding
    if bidding.kind != "none":
        points = list(range(bidding.min_points, bidding.max_points + 1))
        weakest = ruleset.deck.strength[-1]
        bids: list[Key] = []
        if bidding.kind in ("rank-auction", "low-card"):
            bids += [("bid", "rank", r) for r in ranks]
        if bidding.kind == "rank-auction":
            bids += [("bid", "rank", weakest, p) for p in points]
        if bidding.kind == "points-auction":
            bids += [("bid", "points", p) for p in points]
        if bidding.kind == "trump-guess":
            bids += [("bid", "card", c) for c in cards]
        out.append(("bid", bids))
        out.append(("pass", [("pass",)]))
    if ruleset.calling.kind == "suit":
        # with calling.lowest_not_held a card may be called instead of a face
        out.append(("call", [("call", "suit", s) for s in suits] + [("call", "card", c) for c in cards]))
    elif ruleset.calling.kind == "card":
        calls: list[Key] = [("call", "card", c) for c in cards]
        if getattr(ruleset.calling, "two_cards_at", None) is not None:  # chiamata.call.two-cards
            calls += [("call", "cards", a, b) for i, a in enumerate(cards) for b in cards[i + 1 :] if a[-1] == b[-1]]
        out.append(("call", calls))
    if getattr(ruleset.calling, "monte", False):  # chiamata.call.monte, chiamata.call.own-card-shown
        out.append(("discard", [("discard", c) for c in cards]))
        out.append(("own-call", [("own-call", False), ("own-call", True)]))
    return out


_SPACES: dict[tuple[Any, ...], ActionSpace] = {}


def _signature(ruleset: Ruleset) -> tuple[Any, ...]:
    """Everything of a ruleset the numbering reads (rulesets that differ
    only elsewhere, as most option sets do, share one space)."""
    deck = ruleset.deck
    return (
        ruleset.play.kind,
        deck.cards(),
        tuple((r.id, r.value, r.italian) for r in deck.ranks),
        tuple(s.id for s in deck.suits),
        deck.strength[-1],
        ruleset.exchange.card,
        ruleset.bidding.model_dump_json(),
        ruleset.calling.model_dump_json(),
        ruleset.capture.model_dump_json(),
        getattr(getattr(ruleset.hand_scoring, "scopa", None), "claims", False),
    )


def action_space(ruleset: Ruleset) -> ActionSpace:
    """The action space of ``ruleset`` (built once per distinct numbering)."""
    signature = _signature(ruleset)
    space = _SPACES.get(signature)
    if space is None:
        keys: list[Key] = []
        kinds = []
        for kind, block in _blocks(ruleset):
            kinds.append(kind)
            keys += block
        space = ActionSpace(ruleset.id, tuple(keys), {k: i for i, k in enumerate(keys)}, tuple(kinds))
        _SPACES[signature] = space
    if space.variant != ruleset.id:
        space = replace(space, variant=ruleset.id)
    return space
