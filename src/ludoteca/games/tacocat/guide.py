"""Tacocat's components for the how-to-play guide (``engine.how_to_play``), from its data."""

from __future__ import annotations

from ludoteca.engine.how_to_play import Entry, Section, copies, text, title
from ludoteca.engine.i18n import Lang, register
from ludoteca.games.tacocat.model import (
    ARROWS,
    DECK,
    DECK_SIZE,
    HAND_SIZES,
    LETTERS,
    MIN_SEQUENCE,
    MIN_SET,
    START,
)

GOALS = ("YAY", "WOW")


def components(lang: Lang) -> tuple[Section, ...]:
    """The cards by value with their copies, and the track space by space."""
    cards = tuple(
        Entry(text("tacocat.value", lang, value=value), copies(count, lang))
        for value, count in enumerate(DECK)
        if count
    )
    deck = Section(
        "components",
        title("components", lang),
        (text("tacocat.deck", lang, total=DECK_SIZE, min_set=MIN_SET, min_seq=MIN_SEQUENCE),),
        (*cards, Entry(text("total", lang), copies(DECK_SIZE, lang))),
    )
    spaces = []
    for space, letter in enumerate(LETTERS):
        first = ARROWS[space]
        who = text("tacocat.both", lang) if first is None else GOALS[first]
        start = " · " + text("tacocat.start", lang) if space == START else ""
        spaces.append(
            Entry(
                text("tacocat.space", lang, number=space + 1, letter=letter),
                text("tacocat.space_text", lang, cards=HAND_SIZES[space], first=who) + start,
            )
        )
    track = Section(
        "track",
        text("tacocat.track_title", lang),
        (text("tacocat.track", lang), text("tacocat.symbols", lang)),
        tuple(spaces),
    )
    return deck, track


register(
    {
        "guide.tacocat.value": {"es": "Carta {value}", "en": "Card {value}"},
        "guide.tacocat.deck": {
            "es": "Un mazo de {total} cartas con valores del 1 al 12; en la ronda final gana "
            "la carta MÁS BAJA. Un ataque jumbo es un conjunto ({min_set} o más cartas "
            "iguales) o una secuencia ({min_seq} o más valores seguidos). Copias de cada valor:",
            "en": "A deck of {total} cards valued 1 to 12; in the showdown the LOWER card wins. "
            "A jumbo attack is a set ({min_set} or more equal cards) or a sequence ({min_seq} or "
            "more consecutive values). Copies of each value:",
        },
        "guide.tacocat.track_title": {"es": "El tablero", "en": "The track"},
        "guide.tacocat.track": {
            "es": "Siete casillas T-A-C-O-C-A-T entre dos metas: YAY a la izquierda (la del "
            "primer jugador de la mesa) y WOW a la derecha (la del segundo). Cada casilla dice "
            "cuántas cartas se reparten cuando la ronda empieza en ella y quién cambia cartas "
            "primero.",
            "en": "Seven spaces T-A-C-O-C-A-T between two goals: YAY on the left (the table's "
            "first player's) and WOW on the right (the second player's). Each space says how "
            "many cards are dealt when a round starts there and who replaces cards first.",
        },
        "guide.tacocat.symbols": {
            "es": "En la pantalla: ▲ es el Tacocat, ■ una casilla cubierta (ya no se usa), el "
            "número las cartas que se reparten y la fila 'cambia 1º' quién cambia primero "
            "(Y = YAY, W = WOW, = los dos a la vez, en secreto).",
            "en": "On screen: ▲ is Tacocat, ■ a covered space (out of play), the number the "
            "cards dealt and the 'first' row who replaces first (Y = YAY, W = WOW, = both at "
            "once, in secret).",
        },
        "guide.tacocat.space": {
            "es": "Casilla {number} ({letter})",
            "en": "Space {number} ({letter})",
        },
        "guide.tacocat.space_text": {
            "es": "se reparten {cards}; cambia primero: {first}",
            "en": "{cards} dealt; replaces first: {first}",
        },
        "guide.tacocat.both": {"es": "los dos a la vez", "en": "both at once"},
        "guide.tacocat.start": {"es": "aquí empieza el Tacocat", "en": "Tacocat starts here"},
    }
)
