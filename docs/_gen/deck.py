"""The deck of a variant as tables: faces, suits, strength and values."""

from __future__ import annotations

from regola.spec.schema import Deck, Rank, Ruleset, Suit

from .md import table

LANGUAGES = {"it": "Italian", "es": "Spanish", "fr": "French"}
LOCAL_LANGUAGES = {"pt": "Portuguese", "mt": "Maltese", "sw": "Kiswahili"}

# Usual names of the faces and suits, used where a variant file gives none.
# French names are those of the French-suited pack's equivalent card, as
# the variant files use them (the Italian Horse is the French Dame).
FACE_NAMES = {
    "Ace": ("Asso", "As", "As"),
    "Two": ("Due", "Dos", "Deux"),
    "Three": ("Tre", "Tres", "Trois"),
    "Four": ("Quattro", "Cuatro", "Quatre"),
    "Five": ("Cinque", "Cinco", "Cinq"),
    "Six": ("Sei", "Seis", "Six"),
    "Seven": ("Sette", "Siete", "Sept"),
    "Eight": ("Otto", "Ocho", "Huit"),
    "Nine": ("Nove", "Nueve", "Neuf"),
    "Ten": ("Dieci", "Diez", "Dix"),
    "Jack": ("Fante", "Sota", "Valet"),
    "Horse": ("Cavallo", "Caballo", "Dame"),
    "Knight": ("Cavallo", "Caballo", "Dame"),
    "Queen": ("Donna", "Reina", "Dame"),
    "King": ("Re", "Rey", "Roi"),
}
SUIT_NAMES = {
    "coins": ("denari", "oros", "carreaux"),
    "cups": ("coppe", "copas", "cœurs"),
    "swords": ("spade", "espadas", "piques"),
    "batons": ("bastoni", "bastos", "trèfles"),
    "hearts": ("cuori", "corazones", "cœurs"),
    "diamonds": ("quadri", "diamantes", "carreaux"),
    "spades": ("picche", "picas", "piques"),
    "clubs": ("fiori", "tréboles", "trèfles"),
}
ITALIAN_FACES = {
    "A": "Asso", "2": "Due", "3": "Tre", "4": "Quattro", "5": "Cinque",
    "6": "Sei", "7": "Sette", "J": "Fante", "H": "Cavallo", "K": "Re",
}
ITALIAN_SUITS = {"d": "denari", "c": "coppe", "s": "spade", "b": "bastoni"}

# Numeric face fields shown as columns when any face has a non-zero value.
VALUE_COLUMNS = {
    "points": "Points",
    "value": "Scopa value",
    "capture_value": "Scopa value",
    "primiera": "Primiera",
}
_NOT_VALUES = {"id", "name", "names", "italian"}


def deck_section(ruleset: Ruleset) -> str:
    """Markdown for the faces table, the suits table and a note on totals."""
    deck = ruleset.deck
    fishing = ruleset.play.kind == "fishing"
    faces, used_fallback = _faces_table(deck, primiera_values(ruleset), strength=not fishing)
    suits, suit_fallback = _suits_table(deck)
    cards = deck.cards()
    parts = [
        f"The pack is **{deck.name}**: {len(deck.suits)} suits of "
        f"{len(deck.ranks)} faces, {len(deck.suits) * len(deck.ranks)} cards"
        + (
            f", less {', '.join(f'`{c}`' for c in deck.removed)} taken out, "
            f"leaving **{len(cards)} cards** in play."
            if deck.removed
            else ", all in play."
        ),
        "A card's id is its face id followed by its suit id "
        f"(`{deck.ranks[0].id}{deck.suits[0].id}` is the {deck.ranks[0].name} of "
        f"{deck.suits[0].name}). "
        + (
            "Faces are listed by capture value; strength plays no part in capturing."
            if fishing
            else "Faces are listed from the strongest down; a card beats a lower card of the same suit."
        ),
        faces,
        suits,
    ]
    total = _total(deck, "points")
    unit = ruleset.counting.unit
    if total and unit > 1:  # tressette.deck.points: points counted in fractions
        whole, part = divmod(total, unit)
        points = f"{whole} {part}/{unit}" if part else str(whole)
        parts.append(
            f"Points are counted in units of 1/{unit} of a point: the cards in play hold "
            f"**{total} units** in all, {points} points (the spec requires {deck.total_points})."
        )
    elif total:
        parts.append(
            f"The cards in play hold **{total} card points** in all "
            f"(the spec requires {deck.total_points})."
        )
    if used_fallback or suit_fallback:
        parts.append(
            "*Names in italics are the usual equivalents; the variant file "
            "does not give them.*"
        )
    return "\n\n".join(parts) + "\n"


def value_fields(deck: Deck) -> list[str]:
    """The numeric face fields worth a column for this deck."""
    names = [
        n for n, f in Rank.model_fields.items()
        if n not in _NOT_VALUES and f.annotation in (int, float, int | None, float | None)
    ]
    return [n for n in names if any(getattr(r, n) for r in deck.ranks)]


def primiera_values(ruleset: Ruleset) -> dict[str, str]:
    """Each face's primiera value, where the variant scores a primiera by sum."""
    scoring = ruleset.hand_scoring
    scopa = getattr(scoring, "scopa", None)
    primiera = getattr(scopa, "primiera", None)
    if scoring.kind != "scopa" or primiera is None or not primiera.enabled:
        return {}
    try:
        halves = primiera.halves()
    except (KeyError, AttributeError):
        return {}
    out = {}
    for r in ruleset.deck.ranks:
        if r.italian in halves:
            whole, half = divmod(halves[r.italian], 2)
            out[r.id] = f"{whole}½" if half and whole else ("½" if half else str(whole))
    return out


def _faces_table(deck: Deck, primiera: dict[str, str], strength: bool = True) -> tuple[str, bool]:
    local = _local_languages(deck.ranks)
    values = value_fields(deck)
    italian_deck = all(r.italian == r.id for r in deck.ranks)
    headers = ["Face", "Name", *LANGUAGES.values(), *(LOCAL_LANGUAGES.get(l, l) for l in local)]
    if not italian_deck:
        headers.append("Plays as (Italian)")
    headers += ["Strength"] if strength else []
    headers += [VALUE_COLUMNS.get(v, v.replace("_", " ").capitalize()) for v in values]
    headers += ["Primiera"] if primiera else []
    order = {rid: i for i, rid in enumerate(deck.strength)}
    ranks = sorted(deck.ranks, key=lambda r: order.get(r.id, len(order)))
    rows, fallback = [], False
    for r in ranks:
        names = []
        for i, lang in enumerate(LANGUAGES):
            name, guessed = _name(r, lang, FACE_NAMES.get(r.name), i)
            fallback |= guessed
            names.append(name)
        row = [f"`{r.id}`", r.name, *names, *(r.names.get(l, "") for l in local)]
        if not italian_deck:
            row.append(ITALIAN_FACES.get(r.italian, r.italian))
        if strength:
            row.append(order[r.id] + 1 if r.id in order else "—")
        row += [_number(getattr(r, v)) for v in values]
        if primiera:
            row.append(primiera.get(r.id, ""))
        rows.append(row)
    return table(headers, rows), fallback


def _suits_table(deck: Deck) -> tuple[str, bool]:
    local = _local_languages(deck.suits)
    italian_deck = all(s.italian == s.id for s in deck.suits)
    headers = ["Suit", "Name", *LANGUAGES.values(), *(LOCAL_LANGUAGES.get(l, l) for l in local)]
    if not italian_deck:
        headers.append("Stands for (Italian)")
    rows, fallback = [], False
    for s in deck.suits:
        names = []
        for i, lang in enumerate(LANGUAGES):
            name, guessed = _name(s, lang, SUIT_NAMES.get(s.name), i)
            fallback |= guessed
            names.append(name)
        row = [f"`{s.id}`", s.name, *names, *(s.names.get(l, "") for l in local)]
        if not italian_deck:
            row.append(ITALIAN_SUITS.get(s.italian, s.italian))
        rows.append(row)
    return table(headers, rows), fallback


def _name(item: Rank | Suit, lang: str, usual: tuple[str, ...] | None, i: int) -> tuple[str, bool]:
    if lang in item.names:
        return item.names[lang], False
    if usual:
        return f"*{usual[i]}*", True
    return "", False


def _local_languages(items: tuple[Rank, ...] | tuple[Suit, ...]) -> list[str]:
    seen: list[str] = []
    for item in items:
        for lang in item.names:
            if lang not in LANGUAGES and lang not in seen:
                seen.append(lang)
    return seen


def _total(deck: Deck, field: str) -> int:
    by_rank = {r.id: getattr(r, field, 0) or 0 for r in deck.ranks}
    return sum(by_rank[c[: -1]] for c in deck.cards())


def _number(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return "" if value in (0, None) else str(value)
