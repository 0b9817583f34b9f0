"""What a played card may capture, and whether a capture is allowed
(rules ``scopa.capture.*``, ``scopa.sweep*``).

Every function is pure: it reads the tables, the table cards and the card
played, and returns choices or rule ids, or raises `IllegalAction`.
A capture choice is the tuple of table cards taken, in canonical order;
``()`` is an Ace taking only itself.
"""

from __future__ import annotations

from ..errors import IllegalAction
from .fifteen import is_fifteen, plays_fifteen, with_fifteen
from .tables import FishingTables, remembered

Take = tuple[str, ...]


def matching_cards(tables: FishingTables, table: Take, card: str) -> list[Take]:
    """``scopa.capture.match``: each table card of the played card's value,
    taken alone."""
    value = tables.value
    v = value[card]
    return [(c,) for c in table if value[c] == v]


def summing_sets(tables: FishingTables, table: Take, card: str) -> list[Take]:
    """``scopa.capture.sum``: every set of two or more table cards whose
    values add up to the played card's value, in canonical order.

    The search goes through the table in canonical order, growing each set
    whose total is still below the value. A set counts when its total
    reaches the value and its last card adds to it (a value of at least 1,
    as every capture value is), so no smaller part of it already does; a
    set at the value grows no further, as no set it could grow into counts.
    For speed a card above the value is passed over (it joins no set), and
    the sets found are sorted only when there are several."""
    target = tables.value[card]
    value = tables.value
    found: list[Take] = []
    growing: list[tuple[Take, int]] = [((), 0)]  # the sets that may still grow, with their totals
    for c in tables.sort(table):
        v = value[c]
        if v > target:
            continue
        for chosen, total in list(growing):
            t = total + v
            if t > target:
                continue
            taken = (*chosen, c)
            if t < target:
                growing.append((taken, t))
            elif chosen and v > 0:
                found.append(taken)
    if len(found) > 1:
        order = tables.order
        found.sort(key=lambda s: [order[c] for c in s])
    return found


def ace_takes_all_applies(tables: FishingTables, card: str) -> bool:
    """Whether ``scopa.capture.ace-takes-all`` is played and ``card`` is an Ace."""
    return tables.ace_takes_all and tables.face[card] == "A"


def ace_on_ace(tables: FishingTables, table: Take, card: str) -> bool:
    """``scopa.capture.ace-on-ace``: ``card`` is an Ace played while an Ace
    lies on the table, in a variant where it then captures as any other card
    would (``capture.ace_on_ace = "as-usual"``)."""
    return (
        ace_takes_all_applies(tables, card)
        and tables.ruleset.capture.ace_on_ace == "as-usual"
        and any(tables.face[c] == "A" for c in table)
    )


def ace_choices(tables: FishingTables, table: Take, card: str) -> list[Take]:
    """``scopa.capture.ace-takes-all``: with no Ace on the table an Ace takes
    every table card; with one it takes only an Ace (unless
    ``scopa.capture.ace-on-ace``, which `capture_choices` plays as the usual
    captures). ``scopa.capture.ace-takes-itself``: on an empty table, where
    played, it takes itself (the empty choice)."""
    if not table:
        itself = tables.ruleset.capture.ace_on_empty_table == "takes-itself"
        return [()] if itself else []
    aces = [(c,) for c in table if tables.face[c] == "A"]
    return aces or [tables.sort(table)]


@remembered
def capture_choices(tables: FishingTables, table: Take, card: str) -> list[Take]:
    """Every distinct capture ``card`` can make from ``table``, in canonical
    order (compared card by card in canonical order, a shorter prefix first).

    ``scopa.capture.single-card-first``: when a table card matches, only
    single cards may be taken; ``scopa.capture.free-choice``: matches and
    sums alike. ``scopa.capture.fifteen``: sets adding up to 15 with the
    card, instead of (``only``) or besides (``also``) those.

    For speed the answer is kept per (table, card) in the tables of the
    ruleset (`regola.reference.fishing.tables.remembered`): it depends on
    nothing else, so a lookup gives what the search would. A single
    choice needs no sort.
    """
    if ace_takes_all_applies(tables, card) and not ace_on_ace(tables, table, card):
        choices = ace_choices(tables, table, card)
    else:
        choices = matching_cards(tables, table, card)
        if not choices or tables.ruleset.capture.priority == "free":
            choices = choices + summing_sets(tables, table, card)
        choices = with_fifteen(tables, table, card, choices)
    if len(choices) < 2:
        return choices
    order = tables.order
    return sorted(choices, key=lambda take: [order[c] for c in take])


def can_capture(tables: FishingTables, table: Take, card: str) -> bool:
    """Whether ``card`` has any capture on this table."""
    return bool(capture_choices(tables, table, card))


def check_lay(tables: FishingTables, table: Take, hand: Take, card: str) -> list[str]:
    """A card played without capturing: ``scopa.capture.lay``. Refused under
    ``scopa.capture.compulsory`` when the card can capture; allowed by
    ``scopa.capture.optional``. ``scopa.play.free-card`` is exercised when
    another card of the hand could have captured."""
    rules = ["scopa.capture.lay"]
    if can_capture(tables, table, card):
        if tables.ruleset.capture.compulsory:
            raise IllegalAction(
                "scopa.capture.compulsory",
                f"{card} can capture from the table, so it must capture: "
                f"play it as a capture or play another card",
            )
        rules.append("scopa.capture.optional")
    elif any(can_capture(tables, table, c) for c in hand if c != card):
        rules.append("scopa.play.free-card")
    return rules


def check_capture(tables: FishingTables, table: Take, card: str, take: Take) -> tuple[Take, list[str]]:
    """Check that ``card`` may take ``take`` from ``table``; return the take in
    canonical order and the rule ids exercised, or raise naming the rule
    broken (``scopa.capture.from-table``, ``.match``, ``.sum``,
    ``.single-card-first``, ``.ace-takes-all``, ``.lay``)."""
    on_table = set(table)
    if len(set(take)) < len(take) or not on_table.issuperset(take):
        # found only now, for speed: a legal take holds each card once, all on the table
        twice = sorted({c for c in take if take.count(c) > 1})
        absent = [c for c in take if c not in on_table]
        what = f"takes {', '.join(twice)} twice" if twice else f"{', '.join(absent)} not on the table"
        raise IllegalAction(
            "scopa.capture.from-table", f"a capture takes table cards, each once: {what}"
        )
    wanted = tables.sort(take)
    choices = capture_choices(tables, table, card)
    if wanted not in choices:
        raise _why_not(tables, table, card, wanted)
    return wanted, _capture_rules(tables, table, card, wanted)


def _capture_rules(tables: FishingTables, table: Take, card: str, take: Take) -> list[str]:
    rules = ["scopa.capture.from-table"]
    if ace_takes_all_applies(tables, card) and not any(tables.face[c] == "A" for c in table):
        rules.append("scopa.capture.ace-takes-itself" if not take else "scopa.capture.ace-takes-all")
        return rules
    if ace_on_ace(tables, table, card):
        rules.append("scopa.capture.ace-on-ace")
    elif ace_takes_all_applies(tables, card):
        rules.append("scopa.capture.ace-takes-all")
    mode = plays_fifteen(tables)
    if mode != "none" and is_fifteen(tables, card, take):
        # a set making 15 with the card never also equals its value (2v != 15)
        return rules + ["scopa.capture.fifteen", "scopa.deck.values"]
    matches = matching_cards(tables, table, card)
    rules.append("scopa.capture.match" if len(take) == 1 else "scopa.capture.sum")
    rules.append("scopa.deck.values")  # the capture compares capture values
    if matches and summing_sets(tables, table, card):  # the search, for speed, only once a card matches
        if tables.ruleset.capture.priority == "single-card":
            rules.append("scopa.capture.single-card-first")
        else:
            rules.append("scopa.capture.free-choice")
    return rules


def _why_not(tables: FishingTables, table: Take, card: str, take: Take) -> IllegalAction:
    """The rule a capture outside the legal choices breaks."""
    v = tables.value[card]
    if ace_on_ace(tables, table, card) and take == tables.sort(table):
        return IllegalAction(
            "scopa.capture.ace-on-ace",
            f"while an Ace lies on the table, {card} does not take all: it takes an Ace"
            + (" or a set making 15 with it" if plays_fifteen(tables) != "none" else ""),
        )
    if ace_takes_all_applies(tables, card) and table and not ace_on_ace(tables, table, card):
        if any(tables.face[c] == "A" for c in table):
            return IllegalAction(
                "scopa.capture.ace-takes-all",
                f"while an Ace lies on the table, {card} takes only an Ace",
            )
        return IllegalAction(
            "scopa.capture.ace-takes-all",
            f"{card} takes every card on the table ({', '.join(tables.sort(table))})",
        )
    if not take:
        return IllegalAction(
            "scopa.capture.lay",
            f"a capture must take at least one table card; {card} takes nothing, so play it",
        )
    total = sum(tables.value[c] for c in take)
    if plays_fifteen(tables) == "only":
        return IllegalAction(
            "scopa.capture.fifteen",
            f"{card} (value {v}) cannot take {', '.join(take)}: with the card they add up to "
            f"{v + total}, and a capture must make 15",
        )
    if len(take) == 1:
        return IllegalAction(
            "scopa.capture.match",
            f"{card} (value {v}) cannot take {take[0]} (value {total}): a single card "
            f"taken must have the same value",
        )
    singles = ", ".join(c for (c,) in matching_cards(tables, table, card))
    if singles and tables.ruleset.capture.priority != "free":
        # a set of cards, whatever it adds up to, while a single card matches
        return IllegalAction(
            "scopa.capture.single-card-first",
            f"{card} matches {singles} on the table, so it must take a single card, not a set",
        )
    if total != v:
        return IllegalAction(
            "scopa.capture.sum",
            f"{card} (value {v}) cannot take {', '.join(take)}: their values add up to {total}",
        )
    return IllegalAction(
        "scopa.capture.sum",
        f"{card} (value {v}) cannot take {', '.join(take)}: no capture of the rules takes that set",
    )


def is_scopa(tables: FishingTables, table_after: Take, take: Take, card: str, last_play: bool) -> tuple[bool, list[str]]:
    """``scopa.sweep``: a capture that leaves the table empty is a scopa,
    except an Ace taking only itself (the table was already empty), an
    Ace-takes-all under Scopa d'Assi, and ``scopa.sweep.last-play``: a
    capture with the hand's last card (unless
    ``scopa.sweep.last-play-counts``)."""
    if table_after or not take:
        return False, []
    rules = tables.ruleset.capture
    # the Ace took all only where no Ace lay on the table (which held the
    # cards taken and those left)
    took_all = ace_takes_all_applies(tables, card) and not any(tables.face[c] == "A" for c in (*take, *table_after))
    if took_all and rules.ace_takes_all == "no-scopa":
        return False, ["scopa.capture.ace-takes-all"]
    if last_play:
        if rules.last_play_scopa:
            return True, ["scopa.sweep", "scopa.sweep.last-play-counts"]
        return False, ["scopa.sweep.last-play"]
    return True, ["scopa.sweep"]
